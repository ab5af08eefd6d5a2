"""Keywords (особенности): the `keywords` table of a card, and the keywords abilities grant or take.

Each has three forms in each language: as listed on a card, as granted («получает регенерацию 1»)
and as a qualifier («с регенерацией»). The order of declaration is the order a card lists them in.
"""

from __future__ import annotations

from cards.terms.model import Term, declare


def keyword(name: str, numeric: bool, ru: tuple[str, str, str], en: tuple[str, str, str], doc: str = "",
            protects: tuple[str, ...] = ()) -> Term:
    """A keyword: `numeric` ones take a value N ≥ 1 (`{n}` in their forms), flags take 1. A protection names the
    attack kinds (`cards.schema.ATTACK_KINDS`, and "spell") that deal no wounds to a card with it
    (`attack_values.protected`)."""
    ids = (f"kw.{name}", f"kw.{name}.acc", f"kw.{name}.with")
    return Term("keyword", name, text=dict(zip(ids, zip(ru, en, strict=True), strict=True)), doc=doc,
                info={"numeric": numeric, "protects": protects})


declare(
    keyword("regen", True, ("регенерация {n}", "регенерацию {n}", "с регенерацией"),
            ("regeneration {n}", "regeneration {n}", "with regeneration")),
    keyword("armor", True, ("броня {n}", "броню {n}", "с бронёй"), ("armor {n}", "armor {n}", "with armor")),
    keyword("ova", True, ("опыт в атаке {n}", "опыт в атаке {n}", "с опытом в атаке"),
            ("attack experience {n}", "attack experience {n}", "with attack experience")),
    keyword("ovz", True, ("опыт в защите {n}", "опыт в защите {n}", "с опытом в защите"),
            ("defence experience {n}", "defence experience {n}", "with defence experience")),
    keyword("ovs", True, ("опыт в стрельбе {n}", "опыт в стрельбе {n}", "с опытом в стрельбе"),
            ("shooting experience {n}", "shooting experience {n}", "with shooting experience")),
    keyword("prot_shot", False, ("защита от выстрелов", "защиту от выстрелов", "с защитой от выстрелов"),
            ("protection from shots", "protection from shots", "with protection from shots"),
            protects=("shot",)),
    keyword("prot_throw", False, ("защита от метаний", "защиту от метаний", "с защитой от метаний"),
            ("protection from throws", "protection from throws", "with protection from throws"),
            protects=("throw",)),
    keyword("prot_discharge", False, ("защита от разрядов", "защиту от разрядов", "с защитой от разрядов"),
            ("protection from discharges", "protection from discharges", "with protection from discharges"),
            protects=("discharge",)),
    keyword("prot_spell", False, ("защита от заклинаний", "защиту от заклинаний", "с защитой от заклинаний"),
            ("protection from spells", "protection from spells", "with protection from spells"),
            protects=("spell",)),
    keyword("prot_magic", False, ("защита от магии", "защиту от магии", "с защитой от магии"),
            ("protection from magic", "protection from magic", "with protection from magic"),
            protects=("discharge", "magic_strike", "spell")),
    keyword("prot_ranged", False, ("защита от дальних атак", "защиту от дальних атак", "с защитой от дальних атак"),
            ("protection from ranged attacks", "protection from ranged attacks",
             "with protection from ranged attacks"), protects=("shot", "throw", "discharge", "through_row")),
    keyword("prot_strike", False, ("защита от ударов", "защиту от ударов", "с защитой от ударов"),
            ("protection from strikes", "protection from strikes", "with protection from strikes"),
            "simple strikes made at it deal it no wounds (usually given for a while: op `buff`)", protects=("strike",)),
    keyword("prot_nonmagic", False, ("защита от немагических атак", "защиту от всех немагических атак",
                                     "с защитой от немагических атак"),
            ("protection from non-magic attacks", "protection from all non-magic attacks",
             "with protection from non-magic attacks"),
            "non-magic attacks (simple and special strikes, shots, throws, strikes through a row) deal it no wounds "
            "(usually given for a while: op `buff`)",
            protects=("strike", "special_strike", "shot", "throw", "through_row")),
    keyword("prot_flyer", False, ("защита от атак летающих", "защиту от атак летающих", "с защитой от атак летающих"),
            ("protection from attacks of flyers", "protection from attacks of flyers",
             "with protection from attacks of flyers")),
    keyword("prot_poison", False, ("защита от отравления", "защиту от отравления", "с защитой от отравления"),
            ("protection from poison", "protection from poison", "with protection from poison")),
    keyword("stamina", False, ("стойкость", "стойкость", "со стойкостью"), ("stamina", "stamina", "with stamina")),
    keyword("incorporeal", False, ("бестелесный", "бестелесность", "с бестелесностью"),
            ("incorporeal", "incorporeality", "with incorporeality"),
            "it may move (steps only) onto cells occupied by other cards; on such a cell its controller's only "
            "action is moving it off, and if it cannot, it is exiled; it is exiled instead of dying; it cannot be "
            "poisoned or healed"),
    keyword("clumsy", False, ("неповоротливость", "неповоротливость", "с неповоротливостью"),
            ("clumsiness", "clumsiness", "with clumsiness")),
    keyword("dash", False, ("рывок", "рывок", "с рывком"), ("dash", "dash", "with dash"),
            "after each of its attacks in its controller's turn it may step to a free cell next to it, not "
            "diagonally (once per turn)"),
    keyword("necrophagy", False, ("трупоедство", "трупоедство", "с трупоедством"),
            ("corpse-eating", "corpse-eating", "with corpse-eating"),
            "when its wounds kill a non-incorporeal enemy creature next to it (or one it kills with a melee "
            "attack), the dead one is exiled and it heals fully and loses its poison"),
    keyword("vampirism", False, ("вампиризм", "вампиризм", "с вампиризмом"),
            ("vampirism", "vampirism", "with vampirism"),
            "its simple strikes (counters too) that wound a non-incorporeal creature heal it by the wounds dealt "
            "(at most the victim's lives left); the excess becomes extra lives (up to `life_cap`)"),
    keyword("jump", True, ("прыжок, дальность {n}", "прыжок с дальностью {n}", "с прыжком"),
            ("jump, range {n}", "jump with range {n}", "with jump")),
    keyword("teleport", False, ("телепортация", "телепортацию", "с телепортацией"),
            ("teleportation", "teleportation", "with teleportation")),
    keyword("horde", False, ("орда", "особенность «орда»", "с особенностью «орда»"), ("horde", "horde", "with horde"),
            "5 copies in a deck"),
    keyword("incarnation", True, ("инкарнация {n}", "инкарнацию {n}", "с инкарнацией"),
            ("incarnation {n}", "incarnation {n}", "with incarnation")),
    keyword("directed", False, ("направленный удар", "направленный удар", "с направленным ударом"),
            ("directed strike", "directed strike", "with directed strike"), "all its simple strikes are directed"),
    keyword("unanswerable", False, ("безответный удар", "безответный удар", "с безответным ударом"),
            ("unanswerable strike", "unanswerable strike", "with unanswerable strike"),
            "all its simple strikes are unanswerable"),
    keyword("diagonal_move", False, ("движение по диагонали", "движение по диагонали", "с движением по диагонали"),
            ("diagonal movement", "diagonal movement", "with diagonal movement"), "may move diagonally"),
    keyword("no_defend", False, ("не может быть защитником", "запрет быть защитником", "без права быть защитником"),
            ("cannot be a defender", "inability to be a defender", "unable to be a defender")),
    keyword("hits_flyers", False, (
        "может атаковать летающих простым ударом, будто они стоят рядом",
        "возможность атаковать летающих простым ударом, будто они стоят рядом",
        "с возможностью атаковать летающих простым ударом",
    ), (
        "may attack flyers with a simple strike as if they were adjacent",
        "the ability to attack flyers with a simple strike as if they were adjacent",
        "able to attack flyers with a simple strike",
    )),
    keyword("cursed", False, ("проклятие", "проклятие", "с проклятием"), ("curse", "a curse", "with a curse"),
            "has a curse (used in `grant`)"),
    keyword("blessed", False, ("благословение", "благословение", "с благословением"),
            ("blessing", "a blessing", "with a blessing"), "has a blessing (used in `grant`)"),
    keyword("formation", False, ("строй", "строй", "со строем"), ("formation", "formation", "with formation"),
            "the card takes part in a formation (see the `in_formation` condition)"),
    keyword("open_defender", False, (
        "выступая защитником, не закрывается (может быть защитником любое число раз за ход)",
        "право защищать, не закрываясь", "защищающее, не закрываясь",
    ), (
        "does not close when it defends (may be a defender any number of times per turn)",
        "defending without closing", "that defends without closing",
    )),
    keyword("double_strike", False, (
        "может нападать простым ударом два раза за ход, после первого удара не закрывается",
        "два простых удара за ход", "с двумя простыми ударами за ход",
    ), (
        "may attack with a simple strike twice per turn and does not close after the first",
        "two simple strikes per turn", "with two simple strikes per turn",
    )),
    keyword("open_attacker", False, (
        "после нападения простым ударом не закрывается (но нападает 1 раз за ход)",
        "право нападать, не закрываясь", "нападающее, не закрываясь",
    ), (
        "does not close after attacking with a simple strike (but attacks once per turn)",
        "attacking without closing", "that attacks without closing",
    ), "its movement ends after its declared simple strike; it attacks twice per turn with `double_strike`"),
    keyword("vanguard", False, ("авангард", "авангард", "с авангардом"), ("vanguard", "vanguard", "with vanguard"),
            "(seed 003) after the reveal and the «в начале боя» abilities, may make one simple unanswerable strike "
            "at an adjacent enemy card without closing (a `vanguard` decision: `Target` or `Skip`)"),
    keyword("vulnerable", False, ("уязвимость", "уязвимость", "с уязвимостью"),
            ("vulnerability", "vulnerability", "with vulnerability"),
            "(seed 003) every attack that deals it wounds deals one more, before armor; does not stack"),
)
