"""Effect ops that give a card a status, a bonus, an ability or a restriction, or take one away
(docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, op
from cards.terms.values import (
    BOUND_UNTIL,
    BUFF_STATS,
    CARD,
    KEYWORD_LIST,
    SOURCE,
    TARGET,
    UNTIL,
    Ability,
    BuffTable,
    Damage,
    Enum,
    Flag,
    Int,
    KeywordTable,
    ListOf,
    Union,
    opt,
    req,
)

if TYPE_CHECKING:
    from cards.render import Renderer


def _buff_turns(eff: Mapping[str, Any], path: str) -> None:
    if "turns" in eff and eff["until"] != "end_of_opponent_turn":
        raise TermError(f"{path}.turns", "only with until = \"end_of_opponent_turn\"")


def _buff(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    if "movers" in eff["grant"]:     # a limit on the other side: «противник может передвигать только N существ»
        movers = eff["grant"]["movers"]
        n = r.damage(movers) if isinstance(movers, list) else str(movers)
        return r.template(eff, where, prev, "movers", n=n)
    grants = []
    for key, value in eff["grant"].items():
        if key not in BUFF_STATS:
            grants.append(r.keyword(key, value, ".acc"))
        elif value in ("minus_target_weak", "minus_target_poison"):
            grants.append(r.t(f"buff.{key}", n="−X", m="X") + r.t(f"fx.buff.x.{value}"))
        elif value == "attack_value":      # X: the value of the attack that triggered
            grants.append(r.t(f"buff.{key}", n="+X", m="X") + r.t("fx.buff.x.attack_value"))
        elif isinstance(value, str):       # X counted when it is given
            x = r.t(f"fx.buff.x.{value}", max=eff["max"]) if "max" in eff else r.t(f"fx.buff.x.{value}.unlimited")
            letter = "Y" if value == "exiled_life" else "X"      # a second X of one effect
            grants.append(r.t(f"buff.{key}", n=f"+{letter}", m=letter) + x)
        else:
            grants.append(r.t(f"buff.{key}", n=f"{value:+d}", m=abs(value))
                          + (r.t("fx.buff.max", n=eff["max"]) if "max" in eff else ""))
    turns = {"until": r.t("fx.buff.turns", n=eff["turns"])} if "turns" in eff else {}
    return r.template(eff, where, prev, grants=r.join(grants, "and"), **turns)


def _gain(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    """«Получает [способность] до …»: the ability is rendered as the recipient's own."""
    return r.template(eff, where, prev, ability=r.ability(eff["ability"], f"{where}.ability").rstrip("."))


def _animate(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, "flyer" if eff.get("flyer", False) else "")


def _flyer_moves_not(eff: Mapping[str, Any], path: str) -> None:
    """A flyer has no movement; a ground creature needs one."""
    if eff.get("flyer", False) and "move" in eff:
        raise TermError(f"{path}.move", "a flyer has no movement")
    if not eff.get("flyer", False) and "move" not in eff:
        raise TermError(f"{path}.move", "missing field")


def _target_only(name: str, ru: str, en: str, doc: str) -> Any:
    """An op with only a target: `ru` and `en` are its templates."""
    return op(name, (req("target", TARGET),), doc, {f"fx.{name}": (ru, en)})


declare(
    _target_only("curse", "проклясть {target:acc}", "curse {target}", "the target gets a curse"),
    _target_only("bless", "благословить {target:acc}", "bless {target}", "the target gets a blessing"),
    op("buff", (req("grant", BuffTable()), req("until", BOUND_UNTIL), req("target", TARGET),
                opt("max", Int(1), "the most an X bonus can be"),
                opt("turns", Union((Int(2), Enum(("X",)))), "with until = end_of_opponent_turn: that many of them")),
       "a temporary bonus (negative values are penalties); `grant = { strike = 1 } | { move = 1 } | { next_shot "
       "= 1 } | { ovs = 1 } …`; `nonmagic_reduction = X`: −X from non-magic attacks; `strike_vs_mark = X`: +X to "
       "its simple strikes at the card it marked; `next_shot` adds to the value of the card's next shot only and "
       "is used up by it (`next_throw`: its next throw); a number with `max`: the target's bonus of that key "
       "never exceeds `max` («максимум +N»); `next_strike` likewise for its next simple strike (attack or "
       "counter), value `\"dead_weak\"` = the weak strike of the creature whose death triggered; `next_attack` "
       "likewise for its next attack of any kind (a declared simple strike or an ability attack; a counter-strike "
       "is no attack); `next_magic` for its next discharge or magic strike; `next_discharge` for its next discharge "
       "(several such bonuses add up and are all used up together); `shot_range = X`: +X to the range of its shots "
       "(`discharge_range`: of its discharges); `ova_plus = X` (`ovz_plus`, `ovs_plus`): +X to its опыт в атаке "
       "(защите, стрельбе) — «получает опыт в атаке 1 или +1 к опыту в атаке», adding up; "
       "`melee = X`: +X to its melee attacks (simple, special and magic strikes, «ко всем ударам»); `special_strike "
       "= X`: +X to its special strikes; `struck_strong = 1`: every simple strike (a counter-strike too) that hits "
       "it is strong; `medium_strike = X` / `strong_strike = X`: +X to its medium / strong simple strike; "
       "`roll_against = X`: +X to the die rolls of the creatures of the other side attacking it («ваши "
       "существа получают +1 к броскам кубика при атаках по этому существу»); `ranged = X`: +X to the value of "
       "its ranged attacks (shots, throws, discharges, strikes "
       "through a row); `extra_armor = X`: +X to its armor (броня X for a card without armor); a value `\"wounds\"` "
       "is the wounds on the source, `\"formation\"` the other creatures in one formation with it, `\"payer_weak\"` "
       "the weak strike of the creature that closed to pay (`pay_close`), `\"attack_value\"` (in an `attacked` "
       "trigger with `levels`) the value of the attack that triggered it, `\"shown\"` (in a `prophesied` trigger) the "
       "number of cards the prophecy showed, counted when given, up to `max`; "
       "`\"minus_target_weak\"` "
       "/ `\"minus_target_poison\"` are minus the target's weak strike / its poison, counted when given; `turns = N` "
       "(with `until = \"end_of_opponent_turn\"`): until the end of the Nth opponent's turn from now («на N ходов "
       "противника»), `\"X\"` the X chips paid for the ability (`chips = \"X\"`). "
       "`discharge = X`: +X to its discharges. Restrictions and one-off marks (value 1): "
       "`no_attack` (it cannot attack: no simple strike, no ability attack), `no_act` (it cannot act: no simple "
       "strike, no activated ability, no chip; it may still move), "
       "`no_move` (it cannot move by its own movement), `next_unanswerable` (its next simple strike is unanswerable, "
       "used up by it); `life = ±N`: its life changes (it dies at once if its wounds reach it); `movers = N` or "
       "`[w, m, s]` (by a die roll of the source, once): the other side may move at most N different creatures in "
       "each of its turns while the target keeps it (kept when the target dies). `until` may also be "
       "`\"source_moves\"` (until the source relocates or leaves the battlefield) or `\"source_leaves\"` (while the "
       "source stays on the battlefield)", {
           "fx.buff": ("дать {target:dat} {grants} {until}", "give {target} {grants} {until}"),
           "fx.buff.turns": ("на {n} ходов противника", "for {n} of the opponent's turns"),
           "fx.buff.max": (" (максимум +{n})", " (at most +{n})"),
           "fx.buff.movers": (
               "{until} противник может передвигать не более {n} разных существ за ход",
               "{until} the opponent may move at most {n} different creatures a turn",
           ),
           "fx.buff.x.minus_target_weak": (" (X — его слабый простой удар)", " (X is its weak simple strike)"),
           "fx.buff.x.minus_target_poison": (" (X — величина его отравления)", " (X is its poison)"),
           "fx.buff.x.attack_value": (" (X — величина этого удара)", " (X is the value of that strike)"),
           "fx.buff.x.exiled_weak.unlimited": (
               " (X — значение слабого удара изгнанного существа)", " (X is the weak strike of the exiled creature)",
           ),
           "fx.buff.x.exiled_life.unlimited": (
               " (Y — значение жизни изгнанного существа)", " (Y is the life of the exiled creature)",
           ),
           "fx.buff.x.wounds": (
               " (X — число ран на этой карте, не более {max})",
               " (X is the number of wounds on this card, at most {max})",
           ),
           "fx.buff.x.wounds.unlimited": (
               " (X — число ран на этой карте)",
               " (X is the number of wounds on this card)",
           ),
           "fx.buff.x.formation": (
               " (X — число существ в одном строю с этой картой, не более {max})",
               " (X is the number of creatures in one formation with this card, at most {max})",
           ),
           "fx.buff.x.formation.unlimited": (
               " (X — число существ в одном строю с этой картой)",
               " (X is the number of creatures in one formation with this card)",
           ),
           "fx.buff.x.payer_weak.unlimited": (
               " (X — слабый простой удар существа, закрытого для оплаты)",
               " (X is the weak simple strike of the creature closed to pay)",
           ),
           "fx.buff.x.shown": (
               " (X — число показанных карт, не более {max})",
               " (X is the number of cards shown, at most {max})",
           ),
           "fx.buff.x.shown.unlimited": (" (X — число показанных карт)", " (X is the number of cards shown)"),
           "fx.buff.x.chosen.unlimited": (" (X — выбранное число)", " (X is the chosen number)"),
           "fx.buff.x.X.unlimited": (" (X — число потраченных фишек)", " (X is the number of chips spent)"),
           "fx.buff.x.dead_weak.unlimited": (
               " (X — слабый простой удар уничтоженного существа)",
               " (X is the weak simple strike of the destroyed creature)",
           ),
       }, _buff, _buff_turns),
    op("gain", (req("ability", Ability()), req("until", UNTIL), req("target", TARGET), opt("keep_in_grave", Flag())),
       "«получает [способность] до …»: the target has that ability (a whole ability table) as its own until then "
       "(`until = \"end_of_its_turn\"`: «до конца своего хода» — to the end of the target's controller's current "
       "turn, or of his next one) (the modifier `gained`: a reference to that ability in the giving card's "
       "definition, never a copy; it goes when the card leaves the battlefield); it may be activated or "
       "triggered — `keep_in_grave = true`: if the target lies in its owner's graveyard at the end of the turn, it "
       "keeps the ability there for the rest of the battle (Локи). The engine lists a card's printed abilities, "
       "then its gained ones (`keywords.abilities`), for activated abilities (actions and `use` in scenarios), "
       "triggered abilities (every event: the dispatcher hears both alike) and concentration; instants see printed "
       "abilities only so far", {
           "fx.gain": (
               "дать {target:dat} способность «{ability}» {until}{keep_in_grave:fx.gain.keep_in_grave}",
               "give {target} the ability «{ability}» {until}{keep_in_grave:fx.gain.keep_in_grave}",
           ),
           "fx.gain.keep_in_grave": (
               " (если к концу хода та карта на кладбище, способность остаётся у неё там)",
               " (if that card is in the graveyard at the end of the turn, it keeps the ability there)",
           ),
       }, _gain),
    op("lose_keyword", (req("keywords", KEYWORD_LIST), req("until", UNTIL), req("target", TARGET)),
       "the target has none of those keywords (printed, granted or given) until then", {
           "fx.lose_keyword": ("{target:nom} теряет {keywords} {until}", "{target} loses {keywords} {until}"),
       }),
    op("lose_abilities", (req("target", TARGET), req("until", BOUND_UNTIL)),
       "«теряет все особенности»: the target has none of its printed keywords and abilities until then (as under "
       "`silence_opposite`; bonuses given by effects stay); `until` may be `\"source_leaves\"` (while the source "
       "stays on the battlefield) or `\"source_moves\"`", {
           "fx.lose_abilities": ("{target:nom} теряет все особенности {until}",
                                 "{target} loses all its abilities {until}"),
       }),
    op("lose_armor", (req("target", TARGET), req("until", UNTIL)), "the target has no armor until then", {
        "fx.lose_armor": ("лишить {target:acc} брони {until}", "make {target} lose its armor {until}"),
    }),
    _target_only("repair_armor", "полностью восстановить броню {target:gen}", "fully restore the armor of {target}",
                 "«полностью восстановить броню»: the armor the target used up this turn is whole again"),
    op("no_heal", (req("target", TARGET), req("until", UNTIL)),
       "the target cannot be healed or get extra lives until then (counted from the source's owner)", {
           "fx.no_heal": (
               "запретить {target:dat} излечиваться и получать дополнительные жизни {until}",
               "forbid {target} to be healed or get extra lives {until}",
           ),
       }),
    _target_only("no_move", "запретить {target:dat} двигаться в этот ход", "forbid {target} to move this turn",
                 "the target cannot move this turn"),
    _target_only("silence", "{target:nom} не может использовать магические способности в свой следующий ход",
                 "{target} cannot use magic abilities during its next turn",
                 "«не может использовать магические способности в свой следующий ход»: during the target's "
                 "controller's next turn it can neither use nor trigger a magic ability (spell, discharge, magic "
                 "strike)"),
    _target_only("darken", "{target:nom} становится тёмным (стихии тьмы) до конца боя",
                 "{target} becomes dark (of the Darkness) for the rest of the battle",
                 "«становится тёмным»: the target belongs to the element «тьма» for the rest of the battle (besides "
                 "its own)"),
    _target_only("doom", "{target:nom}, если это существо, погибает в конце своего следующего хода, если только в "
                 "тот ход не нападёт простым ударом на своё существо (в тот ход оно может бить своих существ)",
                 "{target}, if it is a creature, dies at the end of its next turn unless in that turn it attacks a "
                 "creature of its own side with a simple strike (in that turn it may strike its own creatures)",
                 "the target (an enemy creature) dies at the end of its controller's next turn («погибает в конце "
                 "своего следующего хода»), unless in that turn it strikes one of its own creatures: in that turn it "
                 "may declare simple strikes at own creatures as at enemy ones (next to it; a flyer: anywhere)"),
    op("swap_strike", (req("target", TARGET), req("until", UNTIL, "counted from the source's controller")),
       "the target's weak and strong simple strike values swap places", {
           "fx.swap_strike": (
               "поменять местами значения сильного и слабого простого удара {target:gen} {until}",
               "swap the values of the strong and the weak simple strike of {target} {until}",
           ),
       }),
    _target_only("strong_next_strike", "следующий простой удар {target:gen} сводится к сильному",
                 "the next simple strike of {target} counts as strong",
                 "the target's next simple strike (attack or counter) counts as strong if it hits; used up by it"),
    _target_only("roll_twice", "в этот ход при следующем броске кубика в сражении простым ударом {target:nom} "
                 "бросает кубик два раза, а вы выбираете один из результатов",
                 "this turn, at its next die roll in a fight of a simple strike, {target} rolls twice and you choose "
                 "one of the results",
                 "this turn, at the target's next die roll in a fight of a simple strike it rolls twice and the "
                 "source's controller keeps one result (a `pick_roll` decision: `choose 0` the first, `choose 1` the "
                 "second)"),
    op("set_next_roll", (req("value", Int(1)), req("target", TARGET)), "the target's next die roll is set to value", {
        "fx.set_next_roll": (
            "считать следующий бросок кубика {target:gen} равным {value}",
            "set the next die roll of {target} to {value}",
        ),
    }),
    op("restrain", (req("target", TARGET), req("count", Int(1)), opt("near", CARD)),
       "until the end of the turn the target can only declare simple strikes while `count` own creatures matching "
       "`near` stand next to it", {
           "fx.restrain": (
               "{target:nom} до конца хода не может действовать (кроме нападения простым ударом), пока рядом с ним "
               "стоит не меньше {count} ваших существ{near:filter}",
               "{target} cannot act (except to attack with a simple strike) until the end of the turn while at least "
               "{count} creatures of yours{near:filter} stand next to it",
           ),
       }),
    _target_only("keep_closed", "{target:nom} не открывается в этот ход", "{target} does not open this turn",
                 "the target does not open this turn (a `turn_started` trigger with `whose = \"host\"`: before its "
                 "cards open)"),
    op("keep_closed_next", (req("target", TARGET), opt("unless", SOURCE)),
       "the target does not open at the start of its controller's next turn; with `unless` (a condition on the "
       "target, checked when its cards open) it opens if the condition holds then («если не стоит рядом с вашим "
       "артефактом»)", {
           "fx.keep_closed_next": (
               "{target:nom} не открывается в начале своего следующего хода{unless:fx.keep_closed_next.unless}",
               "{target} does not open at the start of its next turn{unless:fx.keep_closed_next.unless}",
           ),
           "fx.keep_closed_next.unless": (", кроме случая, когда {clause}", ", unless {clause}"),
       }),
    _target_only("open", "открыть {target:acc}", "open {target}", "the target opens"),
    _target_only("close", "закрыть {target:acc}", "close {target}",
                 "the target closes (it pays nothing, nothing is set off)"),
    op("cure", (req("statuses", ListOf(Enum(("poison", "curse", "blessing"), "status", "fx.cure"))),
                req("target", TARGET)),
       "the target loses its poison / its curse / its blessing (a curse granted by another card's static ability "
       "stays)", {
           "fx.cure": ("{target:nom} теряет {statuses}", "{target} loses {statuses}"),
           "fx.cure.poison": ("отравление", "its poison"),
           "fx.cure.curse": ("проклятие", "its curse"),
           "fx.cure.blessing": ("благословление", "its blessing"),
       }),
    op("animate", (req("target", TARGET), req("strike", Damage()), opt("move", Int(1)), opt("flyer", Flag()),
                   opt("grant", KeywordTable())),
       "the target (an artifact) becomes a ground creature with that movement and simple strike for the rest of "
       "the battle («становится существом»): it moves, strikes, defends, fights back and counts for the end of the "
       "game; with `flyer = true` a flyer (no `move`); `grant`: keywords it gets too", {
           "fx.animate": (
               "{target:nom} до конца боя становится существом с движением {move} и простым ударом "
               "{strike}{grant:fx.animate.grant}",
               "{target} becomes a creature with movement {move} and simple strike {strike} for the rest of the "
               "battle{grant:fx.animate.grant}",
           ),
           "fx.animate.flyer": (
               "{target:nom} до конца боя становится летающим существом с простым ударом "
               "{strike}{grant:fx.animate.grant}",
               "{target} becomes a flyer with simple strike {strike} for the rest of the battle"
               "{grant:fx.animate.grant}",
           ),
           "fx.animate.grant": (" и получает {grants}", " and gets {grants}"),
       }, _animate, _flyer_moves_not),
)
