"""Condition keys (docs/card-schema.md, Conditions): each holds of a card, and `conditions.holds` judges them.

A condition is a table; every key must hold. A key is said in one or more roles (`values.ROLES`):
of another card (a qualifier after a noun: «существо с проклятием», templates `q.*`), of the card
that has the ability (a clause: «эта карта открыта», templates `clause.*`), or of a printed card of
a deck (`deck_effects.fits`). A key about a card said of the source reads «эта карта {q}».
A `fixed` condition does not change during a battle: a static ability holds «если» it, not «пока».
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cards.schema import ELEMENTS, KINDS
from cards.terms.model import Field, Term, declare
from cards.terms.values import CARD, MARKERS, Enum, Flag, Int, Nested, Record, Text, Type, opt, req

if TYPE_CHECKING:
    from cards.render import Renderer


def cond(name: str, roles: Sequence[str], type_: Type, doc: str, text: dict[str, tuple[str, str]],
         render: Callable[..., str] | None = None, fixed: bool = False) -> Term:
    """A condition key whose value is of `type_`; its templates take the rendered value as `{value}`."""
    return Term("condition", name, (Field("value", type_, True),), text, doc, render,
                info={"roles": frozenset(roles), "fixed": fixed})


def _any(r: Renderer, value: list[Mapping[str, Any]], where: str, form: str) -> str:
    """«или»: qualifiers of a card, or clauses about the source."""
    sub = r.qualifier if form == "q" else r.clause
    return r.join([sub(c, f"{where}[{i}]") for i, c in enumerate(value)], "or")


def _all(r: Renderer, value: list[Mapping[str, Any]], where: str, form: str) -> str:
    return r.join([r.qualifier(c, f"{where}[{i}]") for i, c in enumerate(value)], "and")


def _keyword(r: Renderer, value: str, where: str, form: str) -> str:
    """The keyword's own qualifier form: «с регенерацией»."""
    return r.t(f"kw.{value}.with")


def _host(r: Renderer, value: Mapping[str, Any], where: str, form: str) -> str:
    """«хозяин этой карты закрыт», or «хозяин этой карты — существо …»."""
    if list(value) == ["closed"]:
        return r.t(f"clause.host.closed.{str(value['closed']).lower()}")
    return r.t("clause.host", value=r.qualifier(value, where))


MOVED = Record((
    opt("min", Int(1), "at least N cells (default 1)"),
    opt("turn", Enum(("this", "last")), "this turn (default) or the turn before"),
    opt("path", Enum(("straight", "turning")), "in one and the same direction / in two directions or more"),
    opt("none", Flag(only_true=True), "it did not move at all"),
), "table of `min`, `turn`, `path`, `none`")


def _formation_with(r: Renderer, value: Mapping[str, Any], where: str, form: str) -> str:
    q = r.suffix("filter", value.get("filter"), f"{where}.filter")
    n = value.get("min", 1)
    return r.t("clause.formation_with.min", n=n, filter=q) if n > 1 else r.t("clause.formation_with", filter=q)


def _marker_count(r: Renderer, value: Mapping[str, Any], where: str, form: str) -> str:
    return r.t(f"{form}.marker_count", n=value["min"], name=r.t(f"marker.{value['name']}"))


def _moved(r: Renderer, value: Mapping[str, Any], where: str, form: str) -> str:
    """«переместившееся в этот ход хотя бы на 2 клетки в одном и том же направлении», «не перемещавшееся …»."""
    n = value.get("min", 1)
    parts = {
        "when": r.t(f"q.moved.turn.{value.get('turn', 'this')}"),
        "cells": r.t("q.moved.cells", n=n, cells=r.plural(n, "plural.cells.acc")) if n > 1 else "",
        "path": r.t(f"q.moved.path.{value['path']}") if "path" in value else "",
    }
    key = f"{'q' if form == 'q' else 'clause'}.moved{'.none' if value.get('none') else ''}"
    return r.t(key, **parts)


AROUND = Record((
    Field("side", Enum(("own", "enemy", "any")), True, "whose creatures"),
    Field("filter", CARD, doc="a condition on each of them"),
    Field("min", Int(1), doc="at least N of them (default 1)"),
    Field("distinct_classes", Int(2), doc="they have N or more different classes between them"),
    Field("more_than", Enum(("own", "enemy")), doc="more of them than creatures of that side"),
), "count of creatures around")


def _around(r: Renderer, value: Mapping[str, Any], where: str, form: str) -> str:
    """«рядом с этой картой стоит хотя бы одно существо противника», «… не менее 3 ваших существ без ран», …"""
    n = value.get("min", 1)
    number = "one" if n == 1 and not ({"more_than", "distinct_classes"} & set(value)) else "pl"
    who = r.t(f"{form}.around.side.{value['side']}.{number}") + r.suffix("filter", value.get("filter"),
                                                                        f"{where}.filter")
    if "more_than" in value:
        other = r.t(f"{form}.around.side.{value['more_than']}.pl")
        return r.t(f"{form}.around.more_than", who=who, other=other)
    if "distinct_classes" in value:
        return r.t(f"{form}.around.classes", who=who, n=value["distinct_classes"])
    return r.t(f"{form}.around.{number}", who=who, n=n)


declare(
    cond("ranged_hits_min", ("card",), Int(1),
         "the card took wounds from N or more shots or throws during this turn", {
        "q.ranged_hits_min": (
            "с ранами от {value} или более выстрелов или метаний за этот ход",
            "wounded by {value} or more shots or throws this turn",
        ),
    }),
    cond("around", ("card", "source"), AROUND,
         "creatures of `side` matching `filter` stand on the cells next to it (diagonals included; its controller's "
         "side is `own`): at least `min` of them (default 1); with `distinct_classes = N`, of N or more different "
         "classes between them (each class of each counts once); with `more_than`, more of them than creatures of "
         "that side next to it", {
        "q.around.one": ("рядом с которой стоит хотя бы одно {who}", "with at least one {who} next to it"),
        "q.around.pl": ("рядом с которой стоят не менее {n} {who}", "with at least {n} {who} next to it"),
        "q.around.classes": (
            "рядом с которой стоят {who} не менее {n} разных классов",
            "next to which stand {who} of at least {n} different classes",
        ),
        "q.around.more_than": (
            "рядом с которой стоит больше {who}, чем {other}",
            "with more {who} than {other} next to it",
        ),
        "q.around.side.own.one": ("существо её владельца", "creature of its controller"),
        "q.around.side.own.pl": ("существ её владельца", "creatures of its controller"),
        "q.around.side.enemy.one": ("существо противника её владельца", "enemy creature"),
        "q.around.side.enemy.pl": ("существ противника её владельца", "enemy creatures"),
        "q.around.side.any.one": ("существо", "creature"),
        "q.around.side.any.pl": ("существ", "creatures"),
        "clause.around.one": (
            "рядом с этой картой стоит хотя бы одно {who}",
            "at least one {who} stands next to this card",
        ),
        "clause.around.pl": (
            "рядом с этой картой стоят не менее {n} {who}",
            "at least {n} {who} stand next to this card",
        ),
        "clause.around.classes": (
            "рядом с этой картой стоят {who} не менее {n} разных классов",
            "{who} of at least {n} different classes stand next to this card",
        ),
        "clause.around.more_than": (
            "рядом с этой картой стоит больше {who}, чем {other}",
            "more {who} than {other} stand next to this card",
        ),
        "clause.around.side.own.one": ("ваше существо", "creature of yours"),
        "clause.around.side.own.pl": ("ваших существ", "creatures of yours"),
        "clause.around.side.enemy.one": ("существо противника", "enemy creature"),
        "clause.around.side.enemy.pl": ("существ противника", "enemy creatures"),
        "clause.around.side.any.one": ("существо", "creature"),
        "clause.around.side.any.pl": ("существ", "creatures"),
    }, _around),
    cond("on_marker", ("card",), Enum(MARKERS, word="marker"),
         "the card stands on a cell carrying a cell marker of that name (op `cell_marker`, of any card)", {
        "q.on_marker": ("на клетке с маркером «{value}»", "on a cell with the «{value}» marker"),
    }),
    cond("own_in_every_row", ("source",), Flag(only_true=True),
         "its controller's creatures stand in every row of his half of the battlefield", {
        "clause.own_in_every_row": (
            "ваши существа стоят в каждом ряду вашей половины поля боя",
            "your creatures stand in every row of your half of the battlefield",
        ),
    }),
    cond("status", ("card",), Enum(("cursed", "poisoned", "blessed")), "the card has that status", {
        "q.status.blessed": ("с благословением", "with a blessing"),
        "q.status.cursed": ("с проклятием", "with a curse"),
        "q.status.poisoned": ("с отравлением", "with poison"),
    }),
    cond("element", ("card", "deck"), Enum(ELEMENTS), "the card belongs to that element", {
        "q.element.dark": ("стихии тьмы", "of the Darkness"),
        "q.element.forest": ("стихии лесов", "of the Forests"),
        "q.element.mountain": ("стихии гор", "of the Mountains"),
        "q.element.steppe": ("стихии степей", "of the Steppes"),
        "q.element.swamp": ("стихии болот", "of the Swamps"),
    }),
    cond("kind", ("card", "deck"), Enum(KINDS), "the card is of that kind", {
        "q.kind.artifact": ("вида «артефакт»", "of kind “artifact”"),
        "q.kind.companion": ("вида «компаньон»", "of kind “companion”"),
        "q.kind.creature": ("вида «наземное существо»", "of kind “ground creature”"),
        "q.kind.equipment": ("вида «экипировка»", "of kind “equipment”"),
        "q.kind.flyer": ("вида «летающее существо»", "of kind “flyer”"),
        "q.kind.parasite": ("вида «паразит»", "of kind “parasite”"),
        "q.kind.terrain": ("вида «местность»", "of kind “terrain”"),
    }),
    cond("keyword", ("card",), Enum("keyword", "keyword"), "the card has that keyword (value > 0)", {}, _keyword),
    cond("class", ("card", "deck"), Text("class"), "the card has that class", {
        "q.class": ("класса «{value}»", "of class «{value}»"),
    }),
    cond("class_prefix", ("card",), Text(), "one of its classes starts with it (e.g. `Герой`)", {
        "q.class_prefix": ("с классом, начинающимся на «{value}»", "with a class starting with «{value}»"),
    }),
    cond("elite", ("card", "deck"), Flag(), "the card is elite (gold only) / ordinary", {
        "q.elite.false": ("из обычных (не элитных) карт", "of the ordinary (not elite) cards"),
        "q.elite.true": ("из элитных карт", "of the elite cards"),
    }),
    cond("closed", ("card",), Flag(), "the card is closed / open", {
        "q.closed.false": ("в открытом положении", "that are open"),
        "q.closed.true": ("в закрытом положении", "that are closed"),
    }),
    cond("has_extra_life", ("card",), Flag(), "the card has / has no extra lives", {
        "q.has_extra_life.false": ("без дополнительных жизней", "without extra lives"),
        "q.has_extra_life.true": ("с дополнительными жизнями", "with extra lives"),
    }),
    cond("wounded", ("card",), Flag(), "the card has / has no wounds", {
        "q.wounded.false": ("без ран", "without wounds"),
        "q.wounded.true": ("с ранами", "with wounds"),
    }),
    cond("attack_wounded", ("card",), Flag(), "the card took / took no wounds from attacks this turn", {
        "q.attack_wounded.false": ("без ран от атак в этот ход",
                                   "that took no wounds from attacks this turn"),
        "q.attack_wounded.true": ("с ранами от атак в этот ход", "that took wounds from attacks this turn"),
    }),
    cond("neutral", ("card",), Flag(), "the card belongs to no element («нейтральное») / to one or more", {
        "q.neutral.false": ("не нейтральное", "not neutral"),
        "q.neutral.true": ("нейтральное (без стихии)", "neutral (of no element)"),
    }),
    cond("defending", ("card",), Flag(),
         "the card is / is not the defender assigned against the simple strike being resolved («по защитникам»)", {
        "q.defending.false": ("не в роли защитника", "not acting as defenders"),
        "q.defending.true": ("в роли защитника", "acting as defenders"),
    }),
    cond("marker", ("card",), Enum(MARKERS, word="marker"),
         "the card carries that marker (e.g. `flame_seal`, «пламенная печать»)", {
        "q.marker": ("с маркером «{value}»", "with the «{value}» marker"),
    }),
    cond("allies_around_below", ("card",), Int(1),
         "fewer than N creatures of its controller stand next to it (diagonals included; a face-down card counts)", {
        "q.allies_around_below": (
            "с менее чем {value} другими существами его владельца рядом",
            "with fewer than {value} other creatures of its controller next to it",
        ),
    }),
    cond("life_left", ("card",), Int(1), "the card has exactly N lives left", {
        "q.life_left": ("с {value} {value:lives_left}", "with {value} {value:lives_left} left"),
    }),
    cond("front_row", ("card",), Flag(),
         "the card stands on a cell of either player's first row (the two middle rows)", {
        "q.front_row.false": ("не в первом ряду", "not in a first row"),
        "q.front_row.true": ("в первом ряду", "in a first row"),
    }),
    cond("move_min", ("card",), Int(1),
         "its movement (with modifiers, the full value, not the moves left) is N or more", {
        "q.move_min": (
            "с движением {value} или больше (с учётом модификаторов)",
            "with movement {value} or more (modifiers included)",
        ),
    }),
    cond("life_over_printed", ("card",), Flag(only_true=True),
         "the card has more lives left than its printed life («текущих жизней больше начального значения»)", {
        "q.life_over_printed": ("с числом текущих жизней больше начального",
                                "with more lives left than its printed life"),
    }),
    cond("weak_min", ("card",), Int(1), "its weak simple strike (with its bonuses) is N or more", {
        "q.weak_min": ("со значением слабого удара {value} или больше", "with a weak strike of {value} or more"),
    }),
    cond("life_below", ("card", "source"), Int(1), "the card has fewer than N lives left", {
        "q.life_below": ("с менее чем {value} {value:lives_left}", "with fewer than {value} {value:lives_left} left"),
        "clause.life_below": ("у этой карты меньше {value} {value:lives}",
                              "this card has fewer than {value} {value:lives} left"),
    }),
    cond("life_above", ("card", "source"), Int(1), "the card has more than N lives left", {
        "q.life_above": ("с более чем {value} {value:lives_left}", "with more than {value} {value:lives_left} left"),
        "clause.life_above": ("у этой карты больше {value} {value:lives}",
                              "this card has more than {value} {value:lives} left"),
    }),
    cond("has", ("card",), Enum(("discharge", "spell", "shot", "throw")),
         'the card has an ability attack of that kind, or (`"spell"`) a spell', {
        "q.has.discharge": ("с разрядом", "with a discharge"),
        "q.has.shot": ("с выстрелом", "with a shot"),
        "q.has.spell": ("с заклинанием", "with a spell"),
        "q.has.throw": ("с метанием", "with a throw"),
    }),
    cond("symbiont", ("card",), Enum(("parasite", "companion")),
         "a face-up symbiont of that kind is seated on the card («существо с паразитом»)", {
        "q.symbiont.companion": ("с компаньоном", "with a companion"),
        "q.symbiont.parasite": ("с паразитом", "with a parasite"),
    }),
    cond("own_row", ("card",), Int(1),
         "it stands in row N of its controller's half, counted from the front (3 = the back row)", {
        "q.own_row": ("в {value}-м ряду своей половины поля", "in row {value} of its half of the battlefield"),
    }),
    cond("column", ("card",), Enum(("center", "edge")),
         "it stands in the centre column / in the leftmost or rightmost column of its controller's half", {
        "q.column.center": ("в центральном столбце", "in the centre column"),
        "q.column.edge": ("в крайнем левом или правом столбце", "in the leftmost or rightmost column"),
    }),
    cond("chips_min", ("card",), Int(1), "the card has N or more chips", {
        "q.chips_min": ("с {value} или более фишками", "with {value} or more chips"),
    }),
    cond("has_chips", ("card",), Flag(), "the card has chips / none", {
        "q.has_chips.false": ("без фишек", "without chips"),
        "q.has_chips.true": ("с фишками", "with chips"),
    }),
    cond("alien", ("card",), Flag(),
         "none of its elements is an element of the other side's face-up cards on the battlefield («существа, не "
         "принадлежащие к стихиям, которые есть в вашем отряде», said of an enemy card)", {
        "q.alien.false": ("принадлежащим к стихиям вашего отряда", "belonging to an element of your squad"),
        "q.alien.true": ("не принадлежащим к стихиям вашего отряда", "belonging to none of the elements of your squad"),
    }),
    cond("cost_max", ("card", "deck"), Int(1), "the card costs N or less («стоимостью N или менее»)", {
        "q.cost_max": ("стоимостью {value} или менее", "costing {value} or less"),
    }),
    cond("in_squad", ("deck",), Flag(),
         "a card of that name is in one of the squads: face up on the battlefield or in a graveyard, of either side "
         "(«если карта с таким же именем есть в одном из отрядов»)", {
        "q.in_squad.true": ("с именем, которое есть в одном из отрядов", "with a name found in one of the squads"),
        "q.in_squad.false": ("с именем, которого нет ни в одном из отрядов", "with a name found in neither squad"),
    }),
    cond("cost_min", ("card",), Int(1), "the card costs N or more", {
        "q.cost_min": ("стоимостью {value} или более", "costing {value} or more"),
    }),
    cond("name", ("card", "deck"), Text("card name"),
         "the card bears that name («каждое Яйцо дракона в вашем отряде»)", {
        "q.name": ("«{value}»", "named «{value}»"),
    }),
    cond("cost_odd", ("deck",), Flag(), "its cost is odd / even", {
        "q.cost_odd.false": ("чётной стоимости", "of even cost"),
        "q.cost_odd.true": ("нечётной стоимости", "of odd cost"),
    }),
    cond("has_magic", ("card",), Flag(only_true=True),
         "the card has a magic ability (discharge, magic strike or spell)", {
        "q.has_magic": ("с разрядом, магическим ударом или заклинанием", "with a discharge, a magic strike or a spell"),
    }),
    cond("any", ("card", "source", "deck"), Nested(many=True), "at least one sub-condition holds", {}, _any),
    cond("all", ("card",), Nested(many=True), "every sub-condition holds", {}, _all),
    cond("not", ("card", "deck"), Nested(),
         'the sub-condition does not hold (e.g. небестелесное: `not = { keyword = "incorporeal" }`)', {
        "q.not": ("не {value}", "not {value}"),
    }),
    cond("open", ("source",), Flag(only_true=True), "the card is open", {
        "clause.open": ("эта карта открыта", "this card is open"),
    }),
    cond("own_turn", ("source",), Flag(), "it is / is not its controller's turn («в свой ход», «в ход противника»)", {
        "clause.own_turn.true": ("идёт ваш ход", "it is your turn"),
        "clause.own_turn.false": ("идёт ход противника", "it is the opponent's turn"),
    }),
    cond("strongest_strike", ("source",), Flag(only_true=True),
         "its strong strike is greater than that of every enemy creature", {
        "clause.strongest_strike": (
            "сильный удар этой карты больше, чем у любого существа противника",
            "this card's strong strike is greater than that of every enemy creature",
        ),
    }),
    cond("in_formation", ("source",), Flag(only_true=True),
         "an own card with `formation` stands next to it, not diagonally", {
        "clause.in_formation": (
            "эта карта стоит в строю (рядом, не по диагонали, с вашей картой со строем)",
            "this card is in formation (orthogonally next to another card of yours with formation)",
        ),
    }),
    cond("more_closed", ("source",), Flag(only_true=True),
         "its controller's squad on the battlefield has more closed face-up creatures than open ones", {
        "clause.more_closed": (
            "в вашем отряде на поле боя больше закрытых существ, чем открытых",
            "your squad on the battlefield has more closed creatures than open ones",
        ),
    }),
    cond("opposite_enemy", ("source",), Flag(only_true=True), "an enemy creature stands opposite it (напротив)", {
        "clause.opposite_enemy": (
            "напротив этой карты стоит существо противника",
            "an enemy creature stands opposite this card",
        ),
    }),
    cond("enemy_all_wounded", ("source",), Flag(only_true=True),
         "every card of the opponent on the battlefield (terrain aside; a face-down card has no wounds) has wounds", {
        "clause.enemy_all_wounded": (
            "в отряде противника нет карт без ран",
            "the opponent's squad has no card without wounds",
        ),
    }),
    cond("passed_over_free", ("source",), Flag(only_true=True),
         "the cell its latest strike through a row of this turn passed over is free", {
        "clause.passed_over_free": (
            "клетка, через которую прошёл её удар через ряд, свободна",
            "the cell its strike through a row passed over is free",
        ),
    }),
    cond("order", ("source",), Enum(("first", "second")),
         "its controller goes first / second («если вы ходите первым/вторым»)", {
        "clause.order.first": ("вы ходите первым", "you go first"),
        "clause.order.second": ("вы ходите вторым", "you go second"),
    }, fixed=True),
    cond("squad_has_class", ("source",), Text("class"),
         "its controller's squad on the battlefield has a card of that class", {
        "clause.squad_has_class": (
            "в вашем отряде на поле боя есть карта класса «{value}»",
            "your squad on the battlefield has a card of class «{value}»",
        ),
    }),
    cond("adjacent_own", ("source",), CARD, "an own card standing next to it matches the sub-condition", {
        "clause.adjacent_own": (
            "рядом с этой картой стоит ваша карта {value}",
            "a card of yours {value} stands next to this card",
        ),
    }),
    cond("ahead_own", ("source",), CARD,
         "an own card stands on the cell ahead of it (one row forward, as its controller sees it: «напротив») and "
         "matches the sub-condition", {
        "clause.ahead_own": (
            "напротив этой карты стоит ваша карта {value}",
            "a card of yours {value} stands opposite this card",
        ),
    }),
    cond("behind", ("source",), CARD,
         "the card on the cell behind it (one row back, as its controller sees it) matches the sub-condition", {
        "clause.behind": (
            "на клетке сзади этой карты стоит карта {value}",
            "a card {value} stands on the cell behind this card",
        ),
    }),
    cond("enemy_creature", ("source",), CARD, "an enemy creature on the battlefield matches the sub-condition", {
        "clause.enemy_creature": ("у противника есть существо {value}", "the opponent has a creature {value}"),
    }),
    cond("own_creature", ("source",), CARD,
         "another face-up creature of its controller on the battlefield matches the sub-condition («если у вас есть "
         "степное существо»)", {
        "clause.own_creature": ("у вас есть другое существо {value}", "you have another creature {value}"),
    }),
    cond("no_enemy_creature", ("source",), CARD,
         "no face-up enemy creature on the battlefield matches the sub-condition", {
        "clause.no_enemy_creature": ("у противника нет существ {value}", "the opponent has no creature {value}"),
    }),
    cond("own_all", ("source",), CARD,
         "every creature of its controller on the battlefield, itself included, matches the sub-condition («пока все "
         "ваши существа имеют проклятие»; a face-down card counts and matches nothing)", {
        "clause.own_all": ("все ваши существа {value}", "each creature of yours is one {value}"),
    }),
    cond("enemy_grave", ("source",), CARD, "the opponent's graveyard holds a card matching the sub-condition", {
        "clause.enemy_grave": (
            "на кладбище противника есть карта {value}",
            "the opponent's graveyard holds a card {value}",
        ),
    }),
    cond("host", ("source",), CARD, "it is a seated symbiont and its host matches the sub-condition", {
        "clause.host": ("хозяин этой карты — существо {value}", "the host of this card is a creature {value}"),
        "clause.host.closed.false": ("хозяин этой карты открыт", "the host of this card is open"),
        "clause.host.closed.true": ("хозяин этой карты закрыт", "the host of this card is closed"),
    }, _host),
    cond("formation_with", ("source",), Record((
        opt("filter", CARD, "a condition on each of them"), opt("min", Int(1), "at least N of them (default 1)"),
    ), "table of `filter`, `min`"),
         "«в строю с …»: at least `min` other own cards matching `filter` stand in one formation with it (linked "
         "through orthogonal neighbours with formation)", {
        "clause.formation_with": ("эта карта стоит в строю с картой{filter}", "this card is in formation with a "
                                  "card{filter}"),
        "clause.formation_with.min": ("эта карта стоит в строю хотя бы с {n} картами{filter}",
                                      "this card is in formation with at least {n} cards{filter}"),
    }, _formation_with),
    cond("marker_count", ("card", "source"), Record((
        req("name", Enum(MARKERS, "marker", "marker")), req("min", Int(1), "at least N of them"),
    ), "table of `name`, `min`"),
         "the card carries at least `min` markers `name` (markers put with `stack = true` add up)", {
        "q.marker_count": ("с {n} или более маркерами «{name}»", "with {n} or more «{name}» markers"),
        "clause.marker_count": ("на этой карте {n} или более маркеров «{name}»",
                                "this card carries {n} or more «{name}» markers"),
    }, _marker_count),
    cond("beside_own", ("card", "source"), CARD,
         "a card of its controller standing directly left or right of it (its controller's view) matches the "
         "sub-condition", {
        "q.beside_own": ("рядом с которым справа или слева стоит карта его отряда {value}",
                         "with a card of its own squad {value} directly left or right of it"),
        "clause.beside_own": ("справа или слева от этой карты стоит ваша карта {value}",
                              "a card of yours {value} stands directly left or right of this card"),
    }),
    cond("moved", ("card", "source"), MOVED,
         "it moved by its own movement (steps, jumps, teleportation) this turn (`turn = \"last\"`: during the turn "
         "before) at least `min` cells; `path = \"straight\"`: that many in one and the same direction (a jump in "
         "a line counts its cells), `\"turning\"`: in two directions or more; `none = true`: it did not move at "
         "all. The engine keeps the moves while a card asking this is on the battlefield", {
        "q.moved": ("переместившееся {when}{cells}{path}", "that moved {when}{cells}{path}"),
        "q.moved.none": ("не перемещавшееся {when}", "that did not move {when}"),
        "clause.moved": ("эта карта переместилась {when}{cells}{path}", "this card moved {when}{cells}{path}"),
        "clause.moved.none": ("эта карта не перемещалась {when}", "this card did not move {when}"),
        "q.moved.turn.this": ("в этот ход", "this turn"),
        "q.moved.turn.last": ("в прошлый ход", "during the previous turn"),
        "q.moved.cells": (" хотя бы на {n} {cells}", " at least {n} {cells}"),
        "q.moved.path.straight": (" в одном и том же направлении", " in one and the same direction"),
        "q.moved.path.turning": (" в разных направлениях", " in different directions"),
    }, _moved),
    cond("wounds_this_turn_below", ("source",), Int(1), "the wounds it took during this turn add up to less than N", {
        "clause.wounds_this_turn_below": (
            "эта карта получила в этот ход менее {value} ран",
            "this card took fewer than {value} wounds this turn",
        ),
    }),
    cond("own_with_chips", ("source",), Int(1), "N or more cards of its controller on the battlefield have chips", {
        "clause.own_with_chips": (
            "у {value} или более ваших карт есть фишки",
            "{value} or more of your cards have chips",
        ),
    }),
    cond("enemy_elements_min", ("source",), Int(1),
         "the opponent's face-up cards on the battlefield belong to N or more elements", {
        "clause.enemy_elements_min": (
            "в отряде противника на поле боя есть вскрытые карты {value} или более стихий",
            "the opponent's face-up cards on the battlefield belong to {value} or more elements",
        ),
    }),
    cond("own_elements_max", ("source",), Int(1),
         "its controller's face-up cards on the battlefield belong to at most N elements", {
        "clause.own_elements_max": (
            "в вашем отряде на поле боя вскрытые карты не более {value} стихий",
            "your face-up cards on the battlefield belong to at most {value} elements",
        ),
    }),
    cond("redealt", ("source",), Flag(), "its controller used a redeal when buying his squad", {
        "clause.redealt.false": ("вы не использовали пересдачу", "you used no redeal"),
        "clause.redealt.true": ("вы использовали пересдачу", "you used a redeal"),
    }, fixed=True),
    cond("paid_extra", ("source",), Flag(),
         "the higher price of its `purchase_option` was paid when the squad was bought", {
        "clause.paid_extra.false": (
            "за эту карту не платили больше при наборе отряда",
            "the higher price was not paid for this card at the squad purchase",
        ),
        "clause.paid_extra.true": (
            "за эту карту заплатили больше при наборе отряда",
            "the higher price was paid for this card at the squad purchase",
        ),
    }, fixed=True),
    cond("recruited", ("source",), Flag(), "it was taken into the squad «до набора отряда» (`before_purchase`)", {
        "clause.recruited.false": (
            "эту карту не брали в отряд до набора отряда",
            "this card was not taken into the squad before the purchase",
        ),
        "clause.recruited.true": (
            "эту карту взяли в отряд до набора отряда",
            "this card was taken into the squad before the purchase",
        ),
    }, fixed=True),
)
