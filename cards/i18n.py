"""Message table of the card text renderer: one dict per language, keyed by message id.

Values are `str.format` templates; those appended to a phrase when present (`vs`, `from`,
`while`, `filter`, `fx.range`, `tgt.range`, `tgt.near.*`) carry their own leading space or comma.
Russian ids that carry a grammatical case end in
`.nom` (именительный), `.acc` (винительный), `.gen` (родительный), `.dat` (дательный),
`.prep` (предложный), `.gpl` (родительный множественного); `.pl` marks a plural adjective.
English has no cases: its case variants are generated from one form by `_cased`.
Plural forms are "one|few|many" (1 рану, 2 раны, 5 ран).
"""

from __future__ import annotations

CASES = ("nom", "acc", "gen", "dat")
ATTACK_CASES = ("nom", "gen", "dat", "prep", "gpl")
LEVEL_FORMS = ("dat", "dat.pl", "prep", "prep.pl", "ins.pl")


def _cased(forms: dict[str, str], cases: tuple[str, ...]) -> dict[str, str]:
    """Give every `key` of `forms` the same text under `key.<case>` for each case."""
    return {f"{key}.{case}": text for key, text in forms.items() for case in cases}


def _keywords(forms: dict[str, tuple[str, str, str]]) -> dict[str, str]:
    """Keyword forms: `kw.K` as listed on a card, `kw.K.acc` as granted, `kw.K.with` as a qualifier."""
    out: dict[str, str] = {}
    for key, (shown, granted, qualifier) in forms.items():
        out[f"kw.{key}"] = shown
        out[f"kw.{key}.acc"] = granted
        out[f"kw.{key}.with"] = qualifier
    return out


def _by_case(prefix: str, cases: tuple[str, ...], forms: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Expand `{name: (form per case)}` into `prefix.name.case` ids."""
    return {
        f"{prefix}.{name}.{case}": text
        for name, texts in forms.items()
        for case, text in zip(cases, texts, strict=True)
    }


RU: dict[str, str] = {
    "join.and": "и",
    "join.or": "или",
    "join.then": ", затем ",
    "join.sep": ", ",
    "named": "{name}. {text}",
    "notes": "({notes})",
    "notes.sep": "; ",
    "head": "{head}: {body}",
    # keywords: as listed, as granted, as a qualifier
    **_keywords({
        "regen": ("регенерация {n}", "регенерацию {n}", "с регенерацией"),
        "armor": ("броня {n}", "броню {n}", "с бронёй"),
        "ova": ("опыт в атаке {n}", "опыт в атаке {n}", "с опытом в атаке"),
        "ovz": ("опыт в защите {n}", "опыт в защите {n}", "с опытом в защите"),
        "ovs": ("опыт в стрельбе {n}", "опыт в стрельбе {n}", "с опытом в стрельбе"),
        "prot_shot": ("защита от выстрелов", "защиту от выстрелов", "с защитой от выстрелов"),
        "prot_throw": ("защита от метаний", "защиту от метаний", "с защитой от метаний"),
        "prot_discharge": ("защита от разрядов", "защиту от разрядов", "с защитой от разрядов"),
        "prot_spell": ("защита от заклинаний", "защиту от заклинаний", "с защитой от заклинаний"),
        "prot_magic": ("защита от магии", "защиту от магии", "с защитой от магии"),
        "prot_flyer": ("защита от атак летающих", "защиту от атак летающих", "с защитой от атак летающих"),
        "prot_poison": ("защита от отравления", "защиту от отравления", "с защитой от отравления"),
        "stamina": ("стойкость", "стойкость", "со стойкостью"),
        "incorporeal": ("бестелесный", "бестелесность", "с бестелесностью"),
        "clumsy": ("неповоротливость", "неповоротливость", "с неповоротливостью"),
        "dash": ("рывок", "рывок", "с рывком"),
        "necrophagy": ("трупоедство", "трупоедство", "с трупоедством"),
        "vampirism": ("вампиризм", "вампиризм", "с вампиризмом"),
        "jump": ("прыжок, дальность {n}", "прыжок с дальностью {n}", "с прыжком"),
        "teleport": ("телепортация", "телепортацию", "с телепортацией"),
        "horde": ("орда", "особенность «орда»", "с особенностью «орда»"),
        "incarnation": ("инкарнация {n}", "инкарнацию {n}", "с инкарнацией"),
        "directed": ("направленный удар", "направленный удар", "с направленным ударом"),
        "unanswerable": ("безответный удар", "безответный удар", "с безответным ударом"),
        "diagonal_move": ("движение по диагонали", "движение по диагонали", "с движением по диагонали"),
        "no_defend": ("не может быть защитником", "запрет быть защитником", "без права быть защитником"),
        "formation": ("строй", "строй", "со строем"),
        "open_defender": (
            "выступая защитником, не закрывается (может быть защитником любое число раз за ход)",
            "право защищать, не закрываясь", "защищающее, не закрываясь",
        ),
        "double_strike": (
            "может нападать простым ударом два раза за ход, после первого удара не закрывается",
            "два простых удара за ход", "с двумя простыми ударами за ход",
        ),
        "hits_flyers": (
            "может атаковать летающих простым ударом, будто они стоят рядом",
            "возможность атаковать летающих простым ударом, будто они стоят рядом",
            "с возможностью атаковать летающих простым ударом",
        ),
        "cursed": ("проклятие", "проклятие", "с проклятием"),
        "blessed": ("благословение", "благословение", "с благословением"),
    }),
    # conditions: qualifiers of another card, clauses about this card
    "q.status.cursed": "с проклятием",
    "q.status.poisoned": "с отравлением",
    "q.status.blessed": "с благословением",
    "q.element.steppe": "стихии степей",
    "q.element.mountain": "стихии гор",
    "q.element.forest": "стихии лесов",
    "q.element.swamp": "стихии болот",
    "q.element.dark": "стихии тьмы",
    "q.kind.creature": "вида «наземное существо»",
    "q.kind.flyer": "вида «летающее существо»",
    "q.kind.companion": "вида «компаньон»",
    "q.kind.parasite": "вида «паразит»",
    "q.kind.artifact": "вида «артефакт»",
    "q.kind.terrain": "вида «местность»",
    "q.class": "класса «{value}»",
    "q.class_prefix": "с классом, начинающимся на «{value}»",
    "q.has_magic": "с разрядом, магическим ударом или заклинанием",
    "q.elite.false": "из обычных (не элитных) карт",
    "q.elite.true": "из элитных карт",
    "q.closed.true": "в закрытом положении",
    "q.closed.false": "в открытом положении",
    "q.marker": "с маркером «{name}»",
    "marker.flame_seal": "пламенная печать",
    "q.not": "не {q}",
    "clause.self_is": "эта карта {q}",
    "clause.open": "эта карта открыта",
    "clause.order.first": "вы ходите первым",
    "clause.order.second": "вы ходите вторым",
    "clause.more_closed": "в вашем отряде на поле боя больше закрытых существ, чем открытых",
    "clause.in_formation": "эта карта стоит в строю (рядом, не по диагонали, с вашей картой со строем)",
    "clause.squad_has_class": "в вашем отряде на поле боя есть карта класса «{value}»",
    "clause.strongest_strike": "сильный удар этой карты больше, чем у любого существа противника",
    "clause.adjacent_own": "рядом с этой картой стоит ваша карта {q}",
    "clause.enemy_creature": "у противника есть существо {q}",
    "clause.own_with_chips": "у {n} или более ваших карт есть фишки",
    "clause.opposite_enemy": "напротив этой карты стоит существо противника",
    "clause.behind": "на клетке сзади этой карты стоит карта {q}",
    "q.has.discharge": "с разрядом",
    "q.has.spell": "с заклинанием",
    "q.life_left": "с {n} {lives}",
    "q.allies_around_below": "с менее чем {n} другими существами его владельца рядом",
    # attack kinds and groups
    **_by_case("atk", ATTACK_CASES, {
        "strike": ("простой удар", "простого удара", "простому удару", "простом ударе", "простых ударов"),
        "special_strike": ("особый удар", "особого удара", "особому удару", "особом ударе", "особых ударов"),
        "magic_strike": (
            "магический удар", "магического удара", "магическому удару", "магическом ударе", "магических ударов",
        ),
        "shot": ("выстрел", "выстрела", "выстрелу", "выстреле", "выстрелов"),
        "throw": ("метание", "метания", "метанию", "метании", "метаний"),
        "discharge": ("разряд", "разряда", "разряду", "разряде", "разрядов"),
        "through_row": ("удар через ряд", "удара через ряд", "удару через ряд", "ударе через ряд", "ударов через ряд"),
        "nonmagic": (
            "немагические атаки", "немагических атак", "немагическим атакам", "немагических атаках",
            "немагических атак",
        ),
        "magic": ("магические атаки", "магических атак", "магическим атакам", "магических атаках", "магических атак"),
        "ranged": ("дальние атаки", "дальних атак", "дальним атакам", "дальних атаках", "дальних атак"),
        "all": ("все атаки", "всех атак", "всем атакам", "всех атаках", "всех атак"),
    }),
    **_by_case("lvl", LEVEL_FORMS, {
        "weak": ("слабому", "слабым", "слабом", "слабых", "слабыми"),
        "medium": ("среднему", "средним", "среднем", "средних", "средними"),
        "strong": ("сильному", "сильным", "сильном", "сильных", "сильными"),
    }),
    # static abilities
    "static.attack_bonus": "+{amount} к {attacks}{vs}",
    "static.attack_bonus.formation": (
        "ваши карты{filter}, стоящие в одном строю с этой картой, получают +{amount} к {attacks}{vs}"
    ),
    "amount.free_cells_around": "X (X — число свободных клеток рядом с этой картой)",
    "static.attack_reduction": "−{amount} от {attacks}{from_}",
    "static.range_bonus": "+{amount} к дальности {attacks}{vs}",
    "static.strike_level": "простые удары этой карты{vs} считаются {level}",
    "static.directed_vs": "простые удары этой карты{vs} считаются направленными",
    "static.extra_life": "эта карта начинает бой с {n} {lives}",
    "static.move_bonus": "+{amount} к движению",
    "static.counter_reduction": "−{amount} от ответных ударов",
    "static.block_ranged": (
        "блокирует {nth}-ю за ход противника дальнюю немагическую атаку по вашим картам (кроме удара через ряд)"
    ),
    "static.concentration_grace": (
        "первое за ход противника получение ран каждым вашим существом не препятствует срабатыванию его "
        "концентрации в этот ход"
    ),
    "static.no_strike": "не может нападать простым ударом",
    "static.host_filter": "при рассадке симбиотов может быть посажена только на существо {q}",
    "static.host_barred_half": "хозяин не может перемещаться на клетки вашей половины поля боя",
    "static.strike_escalation": (
        "каждый простой удар этой карты даёт ей +1 к простым ударам по атакованной карте, пока она не"
        " промахнётся или не ударит другую карту (не больше +{max})"
    ),
    "static.hit_upgrade": (
        "когда ваше существо{filter} сражается простым ударом в ваш ход и его бросок больше, результат"
        " «слабый — промах» можно заменить на «средний — слабый», а «средний — промах» — на «сильный — слабый»"
    ),
    "plural.extra_lives": "дополнительной жизнью|дополнительными жизнями|дополнительными жизнями",
    "vs": " по существам {q}",
    "vs.card": " по картам {q}",
    "from": " существ {q}",
    "while": ", пока {clause}",
    "if": ", если {clause}",
    "filter": " {q}",
    "scope.self": "эта карта{filter} получает {grants}",
    "scope.host": "хозяин этой карты{filter} получает {grants}",
    "scope.self_and_companion": "эта карта и её компаньон{filter} получают {grants}",
    "scope.left_right": "ваши существа{filter} слева и справа от этой карты получают {grants}",
    "scope.self.own": "её",
    "scope.host.own": "его",
    "scope.self_and_companion.own": "их",
    "scope.left_right.own": "их",
    "grant.regen_value": "в размере {own} регенерации",
    # ability heads and markers
    "mark.tap": "↷",
    "mark.instant": "⚡",
    "mark.chip": "●",
    "note.spell": "заклинание",
    "note.optional": "по желанию",
    "note.mandatory": "обязательно",
    "note.once.turn": "1 раз за ход",
    "note.once.battle": "1 раз за бой",
    "note.per_turn": "не более {n} раз за ход",
    "note.timing.self_attacked": "когда эту карту атакуют",
    "note.timing.enemy_attack_no_wounds": "когда атака существа противника не нанесла ран",
    "note.requires": "только если {clause}",
    "concentration": "концентрация",
    "on.turn_start": "в начале вашего хода",
    "on.battle_start": "в начале боя",
    "on.own_creature_dies": "когда погибает ваше существо, включая эту карту",
    "on.attack_level": "при {attack} этой карты",
    "on.moved": "каждый раз, когда эта карта перемещается на одну клетку",
    "on.adjacent_own_counter_wounded": (
        "когда ваше существо, стоящее рядом с этой картой, получает раны от ответного удара"
    ),
    "on.redistributed": "когда эта карта перераспределяет раны на себя",
    "on.blessed": "когда эта карта получает благословление",
    "on.own_counter_struck": "когда ваше существо получает ответный удар",
    "on.dash": "когда эта карта совершает рывок",
    "on.own_flyer_strike": "когда ваше летающее существо атакует простым ударом",
    "on.own_dash_adjacent": "когда ваше существо совершает рывок на клетку рядом с этой картой",
    "on.opponent_turn_end": "в конце хода противника",
    "on.opponent_turn_start": "в начале хода противника",
    "on.own_turn_end": "в конце вашего хода",
    "on.enemy_sealed_closes": "когда карта противника с маркером «пламенная печать» закрывается",
    "on.enemy_enters_front": (
        "когда существо противника перемещается со своей половины поля боя на клетку вашего первого ряда"
    ),
    "on.enemy_arrives_adjacent": "когда существо противника перемещается на соседнюю с этой картой клетку",
    "on.defends": "когда эта карта выступает защитником",
    "on.wounded_by_enemy_attack": "когда эта карта получает раны от атаки карты противника в ход противника",
    "on.own_crosses": (
        "когда ваше существо перемещается со своей половины поля боя на половину противника"
        " (1 раз за ход для каждого существа)"
    ),
    "on.own_dash_onto_kill": (
        "когда ваше существо, уничтожив атакой карту противника, совершает рывок на клетку, которую та занимала"
    ),
    # effects
    "fx.attack": "{attack} на {damage}{range}",
    "fx.attack.at": " по {target}",
    "fx.attack.label": "{name} ({attack})",
    "fx.range": ", дальность {n}",
    "fx.range.unlimited": ", дальность не ограничена",
    "damage": "{weak}-{medium}-{strong}",
    "fx.wound": "нанести {n} {wounds} {target}",
    "fx.wound.strong_minus_weak": "нанести {target} X ран, где X — разность сильного и слабого ударов цели",
    "fx.wound.dead_regen": "нанести {target} X ран, где X — регенерация погибшего существа",
    "fx.curse": "проклясть {target}",
    "fx.bless": "благословить {target}",
    "fx.poison": "отравить {target} на {n}",
    "fx.heal": "излечить {target} на {n}",
    "fx.buff": "дать {target} {grants} {until}",
    "fx.choose": "выбрать одно — {options}",
    "fx.displace": "переместить {target} на соседнюю клетку",
    "fx.jump": "переместить {target} прыжком на свободную клетку, дальность {n}",
    "fx.no_move": "запретить {target} двигаться в этот ход",
    "fx.repair_armor": "полностью восстановить броню {target}",
    "fx.lose_armor": "лишить {target} брони {until}",
    "fx.cancel_action": "отменить действие {target}",
    "fx.redirect_to_host": "перенаправить атаку на хозяина этой карты",
    "fx.set_next_roll": "считать следующий бросок кубика {target} равным {value}",
    "fx.destroy": "уничтожить {target}",
    "fx.swap": "поменять местами эту карту и {target}",
    "fx.strike": "нанести простой удар {target}",
    "fx.mark": "отметить {target} {until}",
    "fx.open": "открыть {target}",
    "fx.close": "закрыть {target}",
    "fx.marker": "дать {target} маркер «{name}»",
    "fx.wound.rolled": "ранить {target} на {damage} (по броску кубика)",
    "fx.wound_diagonal": (
        "ранить все карты, стоящие на выбранной диагонали поля боя, на {damage} (по одному броску кубика)"
    ),
    "fx.fire_wall": (
        "положить маркер «стена огня» этой карты на выбранную клетку поля боя"
        " (маркеры убираются, когда эта карта покидает поле боя)"
    ),
    "fx.burn_walls": "нанести {n} {wounds} каждой карте на клетке с маркером «стена огня» этой карты",
    "fx.ambush": (
        "выбрать клетку поля боя до конца хода; когда существо противника перемещается на неё, эта карта"
        " сражается с ним простым ударом как с открытым, не закрываясь"
    ),
    "fx.chip": "дать {target} {n} {chips}",
    "plural.chips": "фишку|фишки|фишек",
    "plural.lives_left": "оставшейся жизнью|оставшимися жизнями|оставшимися жизнями",
    "fx.chip.max": " (всего не больше {n})",
    "fx.wound.chips": "потерять X фишек этой карты (X от 1 до их числа), при этом нанести {target} X ран",
    "fx.strike.as_open": ", сражаясь с целью как с открытой",
    "fx.redistribute": "перераспределить на эту карту только что полученные раны {target}",
    "buff.strike": "{n} к простому удару",
    "buff.move": "{n} к движению",
    "buff.next_shot": "{n} к следующему выстрелу",
    "buff.nonmagic_reduction": "−{m} от немагических атак",
    "buff.strike_vs_mark": "{n} к простому удару по отмеченному существу",
    "buff.extra_armor": "{n} к броне",
    "buff.x_wounds": " (X — число ран на этой карте, не более {max})",
    "buff.x_wounds.unlimited": " (X — число ран на этой карте)",
    "buff.x_formation": " (X — число существ в одном строю с этой картой, не более {max})",
    "buff.x_formation.unlimited": " (X — число существ в одном строю с этой картой)",
    "until.end_of_your_turn": "до конца вашего хода",
    "until.end_of_opponent_turn": "до конца хода противника",
    "until.end_of_next_opponent_turn": "до конца следующего хода противника",
    "until.end_of_turn": "до конца хода",
    "until.battle": "до конца боя",
    "plural.wounds": "рану|раны|ран",
    "plural.cells": "клетки|клеток|клеток",
    # targets
    **_by_case("tgt", CASES, {
        "self": ("эта карта", "эту карту", "этой карты", "этой карте"),
        "attacked": ("атакованное существо", "атакованное существо", "атакованного существа", "атакованному существу"),
        "attacker": (
            "атаковавшее существо", "атаковавшее существо", "атаковавшего существа", "атаковавшему существу",
        ),
        "wounded": ("раненое существо", "раненое существо", "раненого существа", "раненому существу"),
        "mover": ("это существо", "это существо", "этого существа", "этому существу"),
        "host": ("хозяин этой карты", "хозяина этой карты", "хозяина этой карты", "хозяину этой карты"),
        "opposite": (
            "существо противника напротив этой карты", "существо противника напротив этой карты",
            "существа противника напротив этой карты", "существу противника напротив этой карты",
        ),
        "same.creature": ("это же существо", "это же существо", "этого же существа", "этому же существу"),
        "same.card": ("эта же карта", "эту же карту", "этой же карты", "этой же карте"),
        "creature.enemy": (
            "выбранное существо противника", "выбранное существо противника",
            "выбранного существа противника", "выбранному существу противника",
        ),
        "creature.own": (
            "выбранное ваше существо", "выбранное ваше существо",
            "выбранного вашего существа", "выбранному вашему существу",
        ),
        "creature.any": ("выбранное существо", "выбранное существо", "выбранного существа", "выбранному существу"),
        "card.enemy": (
            "выбранная карта противника", "выбранную карту противника",
            "выбранной карты противника", "выбранной карте противника",
        ),
        "card.own": ("выбранная ваша карта", "выбранную вашу карту", "выбранной вашей карты", "выбранной вашей карте"),
        "card.any": ("выбранная карта", "выбранную карту", "выбранной карты", "выбранной карте"),
        "all.creature.enemy": (
            "все существа противника", "всех существ противника",
            "всех существ противника", "всем существам противника",
        ),
        "all.creature.own": ("все ваши существа", "всех ваших существ", "всех ваших существ", "всем вашим существам"),
        "all.creature.any": ("все существа", "всех существ", "всех существ", "всем существам"),
        "all.card.enemy": (
            "все карты противника", "все карты противника", "всех карт противника", "всем картам противника",
        ),
        "all.card.own": ("все ваши карты", "все ваши карты", "всех ваших карт", "всем вашим картам"),
        "all.card.any": ("все карты", "все карты", "всех карт", "всем картам"),
    }),
    "tgt.range": " в пределах {n} {cells} от этой карты",
    "tgt.near.dead": " рядом с погибшим существом",
    "tgt.adjacent": " рядом с этой картой",
}

EN: dict[str, str] = {
    "join.and": "and",
    "join.or": "or",
    "join.then": ", then ",
    "join.sep": ", ",
    "named": "{name}. {text}",
    "notes": "({notes})",
    "notes.sep": "; ",
    "head": "{head}: {body}",
    **_keywords({
        "regen": ("regeneration {n}", "regeneration {n}", "with regeneration"),
        "armor": ("armor {n}", "armor {n}", "with armor"),
        "ova": ("attack experience {n}", "attack experience {n}", "with attack experience"),
        "ovz": ("defence experience {n}", "defence experience {n}", "with defence experience"),
        "ovs": ("shooting experience {n}", "shooting experience {n}", "with shooting experience"),
        "prot_shot": ("protection from shots", "protection from shots", "with protection from shots"),
        "prot_throw": ("protection from throws", "protection from throws", "with protection from throws"),
        "prot_discharge": (
            "protection from discharges", "protection from discharges", "with protection from discharges",
        ),
        "prot_spell": ("protection from spells", "protection from spells", "with protection from spells"),
        "prot_magic": ("protection from magic", "protection from magic", "with protection from magic"),
        "prot_flyer": (
            "protection from attacks of flyers", "protection from attacks of flyers",
            "with protection from attacks of flyers",
        ),
        "prot_poison": ("protection from poison", "protection from poison", "with protection from poison"),
        "stamina": ("stamina", "stamina", "with stamina"),
        "incorporeal": ("incorporeal", "incorporeality", "with incorporeality"),
        "clumsy": ("clumsiness", "clumsiness", "with clumsiness"),
        "dash": ("dash", "dash", "with dash"),
        "necrophagy": ("corpse-eating", "corpse-eating", "with corpse-eating"),
        "vampirism": ("vampirism", "vampirism", "with vampirism"),
        "jump": ("jump, range {n}", "jump with range {n}", "with jump"),
        "teleport": ("teleportation", "teleportation", "with teleportation"),
        "horde": ("horde", "horde", "with horde"),
        "incarnation": ("incarnation {n}", "incarnation {n}", "with incarnation"),
        "directed": ("directed strike", "directed strike", "with directed strike"),
        "unanswerable": ("unanswerable strike", "unanswerable strike", "with unanswerable strike"),
        "diagonal_move": ("diagonal movement", "diagonal movement", "with diagonal movement"),
        "no_defend": ("cannot be a defender", "inability to be a defender", "unable to be a defender"),
        "formation": ("formation", "formation", "with formation"),
        "open_defender": (
            "does not close when it defends (may be a defender any number of times per turn)",
            "defending without closing", "that defends without closing",
        ),
        "double_strike": (
            "may attack with a simple strike twice per turn and does not close after the first",
            "two simple strikes per turn", "with two simple strikes per turn",
        ),
        "hits_flyers": (
            "may attack flyers with a simple strike as if they were adjacent",
            "the ability to attack flyers with a simple strike as if they were adjacent",
            "able to attack flyers with a simple strike",
        ),
        "cursed": ("curse", "a curse", "with a curse"),
        "blessed": ("blessing", "a blessing", "with a blessing"),
    }),
    "q.status.cursed": "with a curse",
    "q.status.poisoned": "with poison",
    "q.status.blessed": "with a blessing",
    "q.element.steppe": "of the Steppes",
    "q.element.mountain": "of the Mountains",
    "q.element.forest": "of the Forests",
    "q.element.swamp": "of the Swamps",
    "q.element.dark": "of the Darkness",
    "q.kind.creature": "of kind “ground creature”",
    "q.kind.flyer": "of kind “flyer”",
    "q.kind.companion": "of kind “companion”",
    "q.kind.parasite": "of kind “parasite”",
    "q.kind.artifact": "of kind “artifact”",
    "q.kind.terrain": "of kind “terrain”",
    "q.class": "of class «{value}»",
    "q.class_prefix": "with a class starting with «{value}»",
    "q.has_magic": "with a discharge, a magic strike or a spell",
    "q.elite.false": "of the ordinary (not elite) cards",
    "q.elite.true": "of the elite cards",
    "q.closed.true": "that are closed",
    "q.closed.false": "that are open",
    "q.marker": "with the «{name}» marker",
    "marker.flame_seal": "flame seal",
    "q.not": "not {q}",
    "clause.self_is": "this card is a card {q}",
    "clause.open": "this card is open",
    "clause.order.first": "you go first",
    "clause.order.second": "you go second",
    "clause.more_closed": "your squad on the battlefield has more closed creatures than open ones",
    "clause.in_formation": "this card is in formation (orthogonally next to another card of yours with formation)",
    "clause.squad_has_class": "your squad on the battlefield has a card of class «{value}»",
    "clause.strongest_strike": "this card's strong strike is greater than that of every enemy creature",
    "clause.adjacent_own": "a card of yours {q} stands next to this card",
    "clause.enemy_creature": "the opponent has a creature {q}",
    "clause.own_with_chips": "{n} or more of your cards have chips",
    "clause.opposite_enemy": "an enemy creature stands opposite this card",
    "clause.behind": "a card {q} stands on the cell behind this card",
    "q.has.discharge": "with a discharge",
    "q.has.spell": "with a spell",
    "q.life_left": "with {n} {lives} left",
    "q.allies_around_below": "with fewer than {n} other creatures of its controller next to it",
    **_cased({"atk.strike": "simple strike"}, ("nom", "gen", "dat", "prep")),
    **_cased({
        "atk.special_strike": "special strike",
        "atk.magic_strike": "magic strike",
        "atk.shot": "shot",
        "atk.throw": "throw",
        "atk.discharge": "discharge",
        "atk.through_row": "strike through a row",
    }, ("nom", "gen", "dat", "prep")),
    "atk.strike.gpl": "simple strikes",
    "atk.special_strike.gpl": "special strikes",
    "atk.magic_strike.gpl": "magic strikes",
    "atk.shot.gpl": "shots",
    "atk.throw.gpl": "throws",
    "atk.discharge.gpl": "discharges",
    "atk.through_row.gpl": "strikes through a row",
    **_cased({
        "atk.nonmagic": "non-magic attacks",
        "atk.magic": "magic attacks",
        "atk.ranged": "ranged attacks",
        "atk.all": "all attacks",
    }, ("nom", "gen", "dat", "gpl")),
    "atk.nonmagic.prep": "non-magic attack",
    "atk.magic.prep": "magic attack",
    "atk.ranged.prep": "ranged attack",
    "atk.all.prep": "attack",
    **_cased({"lvl.weak": "weak", "lvl.medium": "medium", "lvl.strong": "strong"}, LEVEL_FORMS),
    "static.attack_bonus": "+{amount} to {attacks}{vs}",
    "static.attack_bonus.formation": (
        "your cards{filter} in one formation with this card get +{amount} to {attacks}{vs}"
    ),
    "amount.free_cells_around": "X (X is the number of free cells next to this card)",
    "static.attack_reduction": "−{amount} from {attacks}{from_}",
    "static.range_bonus": "+{amount} to the range of {attacks}{vs}",
    "static.strike_level": "simple strikes of this card{vs} count as {level}",
    "static.directed_vs": "simple strikes of this card{vs} are directed",
    "static.extra_life": "this card starts the battle with {n} {lives}",
    "static.move_bonus": "+{amount} to movement",
    "static.counter_reduction": "−{amount} from counter-strikes",
    "static.block_ranged": (
        "blocks the opponent's ranged non-magic attack no. {nth} of a turn at your cards (except through-row strikes)"
    ),
    "static.concentration_grace": (
        "the first time each of your creatures takes wounds in an opponent's turn does not stop its "
        "concentration that turn"
    ),
    "static.no_strike": "cannot attack with a simple strike",
    "static.host_filter": "when symbionts are seated, it may only be seated on a creature {q}",
    "static.host_barred_half": "its host cannot move onto the cells of your half of the battlefield",
    "static.strike_escalation": (
        "each simple strike of this card gives it +1 to simple strikes at the attacked card until it misses"
        " or strikes another card (at most +{max})"
    ),
    "static.hit_upgrade": (
        "when a creature of yours{filter} fights with a simple strike in your turn and its roll is higher, the"
        " result “weak – miss” may become “medium – weak” and “medium – miss” “strong – weak”"
    ),
    "plural.extra_lives": "extra life|extra lives|extra lives",
    "vs": " against creatures {q}",
    "vs.card": " against cards {q}",
    "from": " of creatures {q}",
    "while": " while {clause}",
    "if": " if {clause}",
    "filter": " {q}",
    "scope.self": "this card{filter} gets {grants}",
    "scope.host": "this card's host{filter} gets {grants}",
    "scope.self_and_companion": "this card and its companion{filter} get {grants}",
    "scope.left_right": "your creatures{filter} to the left and right of this card get {grants}",
    "scope.self.own": "its",
    "scope.host.own": "its",
    "scope.self_and_companion.own": "their",
    "scope.left_right.own": "their",
    "grant.regen_value": "equal to {own} regeneration",
    "mark.tap": "↷",
    "mark.instant": "⚡",
    "mark.chip": "●",
    "note.spell": "spell",
    "note.optional": "optional",
    "note.mandatory": "mandatory",
    "note.once.turn": "once per turn",
    "note.once.battle": "once per battle",
    "note.per_turn": "at most {n} times per turn",
    "note.timing.self_attacked": "when this card is attacked",
    "note.timing.enemy_attack_no_wounds": "when an enemy creature's attack has dealt no wounds",
    "note.requires": "only if {clause}",
    "concentration": "concentration",
    "on.turn_start": "at the start of your turn",
    "on.battle_start": "at the start of the battle",
    "on.own_creature_dies": "when a creature of yours dies, this card included",
    "on.attack_level": "when this card makes a {attack}",
    "on.moved": "each time this card moves one cell",
    "on.adjacent_own_counter_wounded": (
        "when a creature of yours next to this card receives wounds from a counter-strike"
    ),
    "on.redistributed": "when this card redistributes wounds to itself",
    "on.blessed": "when this card gets a blessing",
    "on.own_counter_struck": "when a creature of yours is hit by a counter-strike",
    "on.dash": "when this card dashes",
    "on.own_flyer_strike": "when a flyer of yours attacks with a simple strike",
    "on.own_dash_adjacent": "when a creature of yours dashes onto a cell next to this card",
    "on.opponent_turn_end": "at the end of the opponent's turn",
    "on.opponent_turn_start": "at the start of the opponent's turn",
    "on.own_turn_end": "at the end of your turn",
    "on.enemy_sealed_closes": "when an enemy card with the «flame seal» marker closes",
    "on.enemy_enters_front": "when an enemy creature relocates from its own half onto a cell of your first row",
    "on.enemy_arrives_adjacent": "when an enemy creature relocates onto a cell next to this card",
    "on.defends": "when this card becomes a defender",
    "on.wounded_by_enemy_attack": "when this card takes wounds from an attack of an enemy card in the opponent's turn",
    "on.own_crosses": (
        "when a creature of yours relocates from your half of the battlefield to the opponent's"
        " (once per turn for each creature)"
    ),
    "on.own_dash_onto_kill": (
        "when a creature of yours, having destroyed an enemy card with an attack, dashes onto the cell it occupied"
    ),
    "fx.attack": "{attack} for {damage}{range}",
    "fx.attack.at": " at {target}",
    "fx.attack.label": "{name} ({attack})",
    "fx.range": ", range {n}",
    "fx.range.unlimited": ", unlimited range",
    "damage": "{weak}-{medium}-{strong}",
    "fx.wound": "deal {n} {wounds} to {target}",
    "fx.wound.strong_minus_weak": "deal X wounds to {target}, where X is its strong strike minus its weak strike",
    "fx.wound.dead_regen": "deal X wounds to {target}, where X is the regeneration of the dead creature",
    "fx.curse": "curse {target}",
    "fx.bless": "bless {target}",
    "fx.poison": "poison {target} by {n}",
    "fx.heal": "heal {target} by {n}",
    "fx.buff": "give {target} {grants} {until}",
    "fx.choose": "choose one — {options}",
    "fx.displace": "move {target} to an adjacent cell",
    "fx.jump": "make {target} jump to a free cell, range {n}",
    "fx.no_move": "forbid {target} to move this turn",
    "fx.repair_armor": "fully restore the armor of {target}",
    "fx.lose_armor": "make {target} lose its armor {until}",
    "fx.cancel_action": "cancel the action of {target}",
    "fx.redirect_to_host": "redirect the attack to this card's host",
    "fx.set_next_roll": "set the next die roll of {target} to {value}",
    "fx.destroy": "destroy {target}",
    "fx.swap": "swap this card with {target}",
    "fx.strike": "make a simple strike at {target}",
    "fx.mark": "mark {target} {until}",
    "fx.open": "open {target}",
    "fx.close": "close {target}",
    "fx.marker": "give {target} the «{name}» marker",
    "fx.wound.rolled": "wound {target} for {damage} (by a die roll)",
    "fx.wound_diagonal": "wound every card on a chosen diagonal of the battlefield for {damage} (by one die roll)",
    "fx.fire_wall": (
        "put this card's «wall of fire» marker on a chosen cell of the battlefield"
        " (the markers go when this card leaves the battlefield)"
    ),
    "fx.burn_walls": "deal {n} {wounds} to each card on a cell with this card's «wall of fire» marker",
    "fx.ambush": (
        "choose a cell of the battlefield until the end of the turn; when an enemy creature relocates onto it,"
        " this card fights it with a simple strike as if it were open, without closing"
    ),
    "fx.chip": "give {target} {n} {chips}",
    "plural.chips": "chip|chips|chips",
    "plural.lives_left": "life|lives|lives",
    "fx.chip.max": " (at most {n} in all)",
    "fx.wound.chips": "remove X chips from this card (X from 1 to their number) and deal X wounds to {target}",
    "fx.strike.as_open": ", fighting the target as if it were open",
    "fx.redistribute": "redistribute to this card the wounds {target} has just received",
    "buff.strike": "{n} to simple strike",
    "buff.move": "{n} to movement",
    "buff.next_shot": "{n} to the next shot",
    "buff.nonmagic_reduction": "−{m} from non-magic attacks",
    "buff.strike_vs_mark": "{n} to simple strikes at the marked creature",
    "buff.extra_armor": "{n} to armor",
    "buff.x_wounds": " (X is the number of wounds on this card, at most {max})",
    "buff.x_wounds.unlimited": " (X is the number of wounds on this card)",
    "buff.x_formation": " (X is the number of creatures in one formation with this card, at most {max})",
    "buff.x_formation.unlimited": " (X is the number of creatures in one formation with this card)",
    "until.end_of_your_turn": "until the end of your turn",
    "until.end_of_turn": "until the end of the turn",
    "until.end_of_opponent_turn": "until the end of the opponent's turn",
    "until.end_of_next_opponent_turn": "until the end of the opponent's next turn",
    "until.battle": "until the end of the battle",
    "plural.wounds": "wound|wounds|wounds",
    "plural.cells": "cell|cells|cells",
    **_cased({
        "tgt.self": "this card",
        "tgt.attacked": "the attacked creature",
        "tgt.attacker": "the attacking creature",
        "tgt.wounded": "the wounded creature",
        "tgt.mover": "that creature",
        "tgt.host": "this card's host",
        "tgt.opposite": "the enemy creature opposite this card",
        "tgt.same.creature": "the same creature",
        "tgt.same.card": "the same card",
        "tgt.creature.enemy": "a chosen enemy creature",
        "tgt.creature.own": "a chosen creature of yours",
        "tgt.creature.any": "a chosen creature",
        "tgt.card.enemy": "a chosen enemy card",
        "tgt.card.own": "a chosen card of yours",
        "tgt.card.any": "a chosen card",
        "tgt.all.creature.enemy": "every enemy creature",
        "tgt.all.creature.own": "every creature of yours",
        "tgt.all.creature.any": "every creature",
        "tgt.all.card.enemy": "every enemy card",
        "tgt.all.card.own": "every card of yours",
        "tgt.all.card.any": "every card",
    }, CASES),
    "tgt.range": " within {n} {cells} of this card",
    "tgt.near.dead": " next to the dead creature",
    "tgt.adjacent": " next to this card",
}

MESSAGES: dict[str, dict[str, str]] = {"ru": RU, "en": EN}
