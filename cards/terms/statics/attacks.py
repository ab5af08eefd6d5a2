"""Static abilities that change the value, the level or the reach of attacks, made or taken
(docs/card-schema.md, Static abilities)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.schema import LEVELS
from cards.terms.model import TermError, declare, static
from cards.terms.values import (
    ATTACKS,
    CARD,
    KEYWORD_LIST,
    LEVEL_LIST,
    SOURCE,
    Damage,
    Enum,
    Flag,
    Int,
    ListOf,
    Text,
    Union,
    opt,
    req,
)

if TYPE_CHECKING:
    from cards.render import Renderer

AMOUNT_X = ("free_cells_around", "minus_open_enemies", "own_class_others", "chips", "paid_extra",   # X: engine
            "own_others", "target_strike", "target_half_lives")


def _x_amount(r: Renderer, ab: Mapping[str, Any]) -> Any:
    """The amount, or the words of an X amount."""
    amount = ab["amount"]
    if isinstance(amount, int):
        return amount
    q = r.suffix("filter", ab["filter"], "filter") if amount == "own_others" else ""
    return r.t(f"static.{ab['type']}.x.{amount}", cls=ab.get("class", ""), max=ab.get("max", ""),
               per=ab.get("per", 1), q=q)


def _attack_bonus(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    amount, scope, vs = ab["amount"], ab.get("scope", "self"), ab.get("vs")
    penalty = isinstance(amount, str) and amount.startswith("minus_")    # «−X к удару»
    variant = ".".join(p for p in (scope if scope != "self" else "", "penalty" if penalty else "") if p)
    kind = "vs.card" if isinstance(vs, Mapping) and vs.get("kind") in ("artifact", "terrain") else "vs"
    vs_text = r.suffix(kind, vs, f"{where}.vs") + (r.t("static.attack_bonus.behind") if ab.get("target_behind")
                                                   else "") \
        + (r.t("static.attack_bonus.opposite") if ab.get("opposite") else "")
    return r.template(ab, where, None, variant, amount=_x_amount(r, ab), vs=vs_text,
                      attacks=r.attacks(ab["attacks"], "dat", ab.get("levels")))


def _filter_needs_scope(ab: Mapping[str, Any], path: str) -> None:
    own_others = ab["amount"] == "own_others"
    if "filter" in ab and ab.get("scope", "self") == "self" and not own_others:
        raise TermError(f"{path}.filter", "only meaningful with scope = formation or own, or amount = own_others")
    if own_others and ("filter" not in ab or "max" not in ab):
        raise TermError(f"{path}.{'max' if 'filter' in ab else 'filter'}", "amount = own_others needs it")


def _bonus_rules(ab: Mapping[str, Any], path: str) -> None:
    _filter_needs_scope(ab, path)
    if "per" in ab and ab["amount"] != "chips":
        raise TermError(f"{path}.per", "only with amount = \"chips\"")


def _attack_reduction(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    attacks = r.attacks(ab["attacks"], "gpl", ab.get("levels"))
    variant = "directed" if ab.get("directed") else ab.get("scope", "self").replace("self", "")
    return r.template(ab, where, None, variant, amount=_x_amount(r, ab), attacks=attacks)


def _class_for_x(ab: Mapping[str, Any], path: str) -> None:
    if ab["amount"] == "own_class" and "class" not in ab:
        raise TermError(f"{path}.class", "missing field")
    _filter_beside(ab, path)


def _filter_beside(ab: Mapping[str, Any], path: str) -> None:
    if "filter" in ab and ab.get("scope", "self") != "left_right":
        raise TermError(f"{path}.filter", "only meaningful with scope = left_right")


def _struck_level(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, ab.get("scope", "self").replace("self", ""))


def _counter_reduction(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "all" if ab["amount"] == "all" else "")


def _attack_cap(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "" if "levels" in ab else "all")


def _range_bonus(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "column" if ab.get("scope") == "column" else "")


def _range_scope(ab: Mapping[str, Any], path: str) -> None:
    _filter_needs_scope(ab, path)
    if ab.get("scope") == "column" and "vs" in ab:      # the targets' reach is worked out once for all targets
        raise TermError(f"{path}.vs", "not with scope = column")


def _roll_bonus(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "" if "attacks" in ab else "all")


def _vs_or_opposite(ab: Mapping[str, Any], path: str) -> None:
    if "vs" not in ab and not ab.get("opposite"):
        raise TermError(path, "directed_vs needs `vs` or `opposite`")


declare(
    static("attack_bonus", (
        req("amount", Union((Int(1), Enum(AMOUNT_X)))), req("attacks", ATTACKS), opt("levels", LEVEL_LIST),
        opt("vs", CARD, "a condition on the target"), opt("while", SOURCE),
        opt("scope", Enum(("self", "formation", "own", "any"))), opt("filter", CARD), opt("class", Text("class")),
        opt("max", Int(1)), opt("target_behind", Flag()), opt("per", Int(1)), opt("opposite", Flag(only_true=True)),
    ),
           "+amount to the value of its attacks of those kinds and levels against matching targets; `amount = "
           "\"free_cells_around\"`: X = the free cells next to it; `amount = \"minus_open_enemies\"`: −X, X = the "
           "open enemy creatures, at most 3; `amount = \"paid_extra\"`: X = the times the higher price of its "
           "`purchase_option` was paid; `amount = \"own_class_others\"` with `class` and `max`: X = the other "
           "face-up own cards of that class on the battlefield, at most `max`; `amount = \"own_others\"` with "
           "`filter` and `max`: X = the other face-up own cards matching `filter` on the battlefield, at most "
           "`max`; `amount = \"target_strike\"`: X = the target's printed simple strike of the level of this hit "
           "(weak for an attack without a level); `amount = \"target_half_lives\"`: X = half the lives the target "
           "has left, rounded down; `scope = \"formation\"` with `filter`: instead of itself, the bonus goes to "
           "the other own cards matching `filter` in one formation with it (linked through orthogonal neighbours "
           "with formation); `scope = \"own\"` with `filter`: the bonus goes to every other own card matching "
           "`filter` (a terrain's «каждый ваш пират имеет +1 к удару»); `target_behind = true`: only against a "
           "creature standing on the cell behind the attacker (one row back, as its controller sees it); `amount "
           "= \"chips\"` with `per` (default 1): X = `per` for each chip on this card («+2 к выстрелу за каждую "
           "фишку»); `opposite = true`: only against the creature standing opposite it (напротив); `scope = "
           "\"any\"`: every card of either side gets the bonus against matching targets («карты получают на 1 "
           "рану больше от дальних атак, пока …»)", {
               "static.attack_bonus.any": (
                   "все карты получают +{amount} к {attacks}{vs}", "every card gets +{amount} to {attacks}{vs}",
               ),
               "static.attack_bonus.opposite": (" по существу, стоящему напротив этой карты",
                                                " against the creature standing opposite this card"),
               "static.attack_bonus": ("+{amount} к {attacks}{vs}", "+{amount} to {attacks}{vs}"),
               "static.attack_bonus.own": (
                   "ваши карты{filter:filter} получают +{amount} к {attacks}{vs}",
                   "your cards{filter:filter} get +{amount} to {attacks}{vs}",
               ),
               "static.attack_bonus.formation": (
                   "ваши карты{filter:filter}, стоящие в одном строю с этой картой, получают +{amount} к {attacks}{vs}",
                   "your cards{filter:filter} in one formation with this card get +{amount} to {attacks}{vs}",
               ),
               "static.attack_bonus.penalty": ("−{amount} к {attacks}{vs}", "−{amount} to {attacks}{vs}"),
               "static.attack_bonus.behind": (
                   " по существам, стоящим на клетке позади атакующего",
                   " at creatures standing on the cell behind the attacker",
               ),
               "static.attack_bonus.x.free_cells_around": (
                   "X (X — число свободных клеток рядом с этой картой)",
                   "X (X is the number of free cells next to this card)",
               ),
               "static.attack_bonus.x.minus_open_enemies": (
                   "X (X — число открытых существ в отряде противника на поле боя, не больше 3)",
                   "X (X is the number of open enemy creatures on the battlefield, at most 3)",
               ),
               "static.attack_bonus.x.chips": (
                   "X (X — {per} за каждую фишку на этой карте)",
                   "X (X is {per} for each chip on this card)",
               ),
               "static.attack_bonus.x.paid_extra": (
                   "X (X — на сколько больше заплачено за эту карту при наборе отряда)",
                   "X (X is how much more was paid for this card at the squad purchase)",
               ),
               "static.attack_bonus.x.own_others": (
                   "X (X — число других ваших карт{q} на поле боя, не больше {max})",
                   "X (X is the number of your other cards{q} on the battlefield, at most {max})",
               ),
               "static.attack_bonus.x.target_strike": (
                   "X (X — величина удара атакованного существа той же силы, без учёта модификаторов)",
                   "X (X is the attacked creature's strike of the same level, without modifiers)",
               ),
               "static.attack_bonus.x.target_half_lives": (
                   "X (X — половина оставшихся жизней атакованного существа, с округлением вниз)",
                   "X (X is half the attacked creature's lives left, rounded down)",
               ),
               "static.attack_bonus.x.own_class_others": (
                   "X (X — число других ваших карт класса «{cls}» на поле боя, не больше {max})",
                   "X (X is the number of your other cards of class «{cls}» on the battlefield, at most {max})",
               ),
           }, _attack_bonus, _bonus_rules),
    static("attack_reduction", (
        req("amount", Union((Int(1), Enum(("own_class",))))), req("attacks", ATTACKS), opt("levels", LEVEL_LIST),
        opt("from", CARD, "a condition on the attacker"), opt("while", SOURCE), opt("class", Text("class")),
        opt("scope", Enum(("self", "left_right"))), opt("filter", CARD), opt("directed", Flag(only_true=True)),
        opt("diagonal", Flag()),
    ),
           "«−X от атак»: attacks of those kinds (and levels) by matching attackers deal amount less to this card "
           "(`diagonal = true`: only from an attacker on a cell diagonal to its cell, «от ударов по диагонали»); "
           "`amount = \"own_class\"` with `class = \"<class>\"`: X = the face-up cards of that class of its controller "
           "on the battlefield, itself included; `scope = \"left_right\"` (with `filter`): instead of itself, the own "
           "creatures matching `filter` standing directly left or right of it (its controller's view) get it; "
           "`directed = true`: only from directed simple strikes (directed, unanswerable or directed at it); "
           "`diagonal = true`: only from an attacker on a cell diagonal to its cell («от ударов по диагонали»)", {
               "static.attack_reduction.directed": ("−{amount} от направленных ударов{from:from}",
                                                    "−{amount} from directed strikes{from:from}"),
               "static.attack_reduction": (
                   "−{amount} от {attacks}{diagonal:static.attack_reduction.diagonal}{from:from}",
                   "−{amount} from {attacks}{diagonal:static.attack_reduction.diagonal}{from:from}",
               ),
               "static.attack_reduction.diagonal": (" по диагонали", " made diagonally"),
               "static.attack_reduction.left_right": (
                   "пока ваше существо{filter:filter} стоит справа или слева от этой карты, оно получает −{amount} от "
                   "{attacks}{from:from}",
                   "while a creature of yours{filter:filter} stands directly left or right of this card, it gets "
                   "−{amount} from {attacks}{from:from}",
               ),
               "static.attack_reduction.x.own_class": (
                   "X (X — число ваших карт класса «{cls}» на поле боя)",
                   "X (X is the number of your cards of class «{cls}» on the battlefield)",
               ),
           }, _attack_reduction, _class_for_x),
    static("struck_level", (
        req("level", Enum(LEVELS, "level", "lvl")), opt("scope", Enum(("self", "left_right"))), opt("filter", CARD),
        opt("while", SOURCE),
    ),
           "«все удары по … сводятся к слабым»: every simple strike (a counter-strike too) that hits it lands with "
           "that level; `scope = \"left_right\"` (with `filter`): instead, those hitting the own cards matching "
           "`filter` standing directly left or right of it", {
               "static.struck_level": (
                   "все простые удары по этой карте сводятся к {level:dat.pl}",
                   "every simple strike at this card is reduced to a {level:dat} one",
               ),
               "static.struck_level.left_right": (
                   "все простые удары по вашим картам{filter:filter}, стоящим справа или слева от этой карты, "
                   "сводятся к {level:dat.pl}",
                   "every simple strike at your cards{filter:filter} standing directly left or right of this card is "
                   "reduced to a {level:dat} one",
               ),
           }, _struck_level, _filter_beside),
    static("range_bonus", (req("amount", Int(1)), req("attacks", ATTACKS), opt("vs", CARD), opt("while", SOURCE),
                           opt("scope", Enum(("self", "column"))), opt("filter", CARD)),
           "+amount range for those attacks against matching targets; `scope = \"column\"` with `filter`: instead "
           "of itself, the other own cards matching `filter` standing in its column get it", {
               "static.range_bonus": (
                   "+{amount} к дальности {attacks:gen}{vs:vs}",
                   "+{amount} to the range of {attacks:gen}{vs:vs}",
               ),
               "static.range_bonus.column": (
                   "ваши карты{filter:filter} в одном столбце с этой картой получают +{amount} к дальности "
                   "{attacks:gen}{vs:vs}",
                   "your cards{filter:filter} in one column with this card get +{amount} to the range of "
                   "{attacks:gen}{vs:vs}",
               ),
           }, _range_bonus, _range_scope),
    static("strike_level", (req("level", Enum(LEVELS, "level", "lvl")), opt("vs", CARD), opt("while", SOURCE)),
           "its simple strikes that hit a matching target are of that level", {
               "static.strike_level": (
                   "простые удары этой карты{vs:vs} считаются {level:ins.pl}",
                   "simple strikes of this card{vs:vs} count as {level:ins.pl}",
               ),
           }),
    static("directed_vs", (opt("vs", CARD), opt("while", SOURCE), opt("opposite", Flag())),
           "its simple strikes against matching targets are directed; with `opposite = true` only those at the card "
           "standing opposite it (напротив; a companion: opposite its host's cell), `vs` then optional", {
               "static.directed_vs": (
                   "простые удары этой карты{vs:vs}{opposite:static.directed_vs.opposite} считаются направленными",
                   "simple strikes of this card{vs:vs}{opposite:static.directed_vs.opposite} are directed",
               ),
               "static.directed_vs.opposite": (" по карте, стоящей напротив неё,", " at the card standing opposite it"),
           }, rule=_vs_or_opposite),
    static("strike_reach", (req("range", Int(2)), opt("while", SOURCE)),
           "«может объявлять простой удар с дальностью N»: it may declare simple strikes at cards within that range "
           "(counted as for a shot), besides those next to it", {
               "static.strike_reach": ("может объявлять простой удар с дальностью {range}",
                                       "may declare simple strikes at range {range}"),
           }),
    static("cap_attacks", (req("amount", Int(1)), req("from", CARD, "a condition on the attacking enemy card")),
           "«сводит каждую атаку … существа противника к N»: every attack (not a counter-strike) of an enemy card "
           "matching `from` deals at most amount, while this card is on the battlefield (e.g. `from` with "
           "`on_marker`: while the attacker stands on a cell with that marker)", {
               "static.cap_attacks": ("каждая атака карты противника{from:filter} сводится к {amount}",
                                      "every attack of an enemy card{from:filter} is reduced to {amount}"),
           }),
    static("must_attack", (req("vs", CARD),),
           "«если в свой ход может атаковать простым ударом … существо противника, он обязан это сделать»: while it is "
           "open and may strike an enemy creature matching `vs`, its only actions are simple strikes at such "
           "creatures, and its controller cannot end the turn", {
               "static.must_attack": (
                   "если в свой ход эта карта может атаковать простым ударом существо противника{vs:filter}, она "
                   "обязана это сделать",
                   "if in its turn this card can attack an enemy creature{vs:filter} with a simple strike, it must do "
                   "so",
               ),
           }),
    static("unanswerable_vs", (req("vs", CARD), opt("while", SOURCE)),
           "its simple strikes against matching targets (the defender, if one is assigned) are unanswerable, and so "
           "directed", {
               "static.unanswerable_vs": (
                   "простые удары этой карты{vs:vs} считаются безответными",
                   "simple strikes of this card{vs:vs} are unanswerable",
               ),
           }),
    static("double_strike_vs", (opt("vs", CARD), opt("other_target", Flag(only_true=True)),
                                opt("in_a_row", Flag(only_true=True))),
           "a simple strike declared at a matching target (any, without `vs`) leaves it open (movement ends) and it "
           "may strike once more this turn (as `double_strike`); `other_target`: the second strike only at another "
           "card («по разным картам»); `in_a_row`: only right after the first — once another card of its controller "
           "acts, it closes («только подряд»)", {
               "static.double_strike_vs": (
                   "после простого удара{vs:vs} эта карта не закрывается и до конца хода может ещё раз напасть "
                   "простым ударом (1 раз за ваш ход){in_a_row:static.double_strike_vs.in_a_row}"
                   "{other_target:static.double_strike_vs.other_target}",
                   "after a simple strike{vs:vs} this card does not close and may attack with a simple strike once "
                   "more this turn (once per your turn){in_a_row:static.double_strike_vs.in_a_row}"
                   "{other_target:static.double_strike_vs.other_target}",
               ),
               "static.double_strike_vs.in_a_row": (", только сразу после первого", ", only right after the first"),
               "static.double_strike_vs.other_target": (" и по другой карте", " and at another card"),
           }),
    static("sweep_strike", (),
           "«может нападать простым ударом на всех стоящих рядом существ противника, только подряд, после последнего "
           "нападения закрывается»: after its simple strike it stays open (its movement ends) while an enemy "
           "creature next to it that it has not struck this turn remains; it may then strike only such creatures, "
           "each once, and closes with the last", {
               "static.sweep_strike": (
                   "может нападать простым ударом на всех стоящих рядом существ противника по одному разу, только "
                   "подряд; после последнего нападения закрывается",
                   "may attack with a simple strike every enemy creature next to it, once each, one after another; "
                   "closes after the last",
               ),
           }),
    static("unreducible", (req("attacks", ATTACKS),),
           "«сила удара не может быть снижена»: its attacks of those kinds ignore the target's reductions and caps "
           "(`attack_reduction`, −X from non-magic attacks, `counter_reduction`, `strike_cap`, `attack_cap`, "
           "`struck_level`) and the first-attack penalty", {
               "static.unreducible": (
                   "сила {attacks:gen} этой карты не может быть снижена",
                   "the value of this card's {attacks} cannot be reduced",
               ),
           }),
    static("hit_upgrade", (opt("filter", CARD),),
           "when an own creature matching `filter` fights with a simple strike in its controller's turn and its roll "
           "is higher, its owner may turn «weak – miss» into «medium – weak» and «medium – miss» into «strong – "
           "weak»", {
               "static.hit_upgrade": (
                   "когда ваше существо{filter:filter} сражается простым ударом в ваш ход и его бросок больше, "
                   "результат «слабый — промах» можно заменить на «средний — слабый», а «средний — промах» — на "
                   "«сильный — слабый»",
                   "when a creature of yours{filter:filter} fights with a simple strike in your turn and its roll is "
                   "higher, the result “weak – miss” may become “medium – weak” and “medium – miss” “strong – weak”",
               ),
           }),
    static("strike_escalation", (req("max", Int(1)),),
           "each of its simple strikes gives it +1 (up to `max`) to simple strikes at the card it struck, until it "
           "misses or strikes another card", {
               "static.strike_escalation": (
                   "каждый простой удар этой карты даёт ей +1 к простым ударам по атакованной карте, пока она не "
                   "промахнётся или не ударит другую карту (не больше +{max})",
                   "each simple strike of this card gives it +1 to simple strikes at the attacked card until it "
                   "misses or strikes another card (at most +{max})",
               ),
           }),
    static("first_attack_penalty", (req("amount", Int(1)), opt("filter", CARD)),
           "the first attack of each turn of each enemy creature matching `filter` deals amount less (counters are "
           "not attacks)", {
               "static.first_attack_penalty": (
                   "первая за ход атака каждого существа противника{filter:filter} получает −{amount} к величине",
                   "the first attack of the turn of each enemy creature{filter:filter} gets −{amount} to its value",
               ),
           }),
    static("counter_reduction", (req("amount", Union((Int(1), Enum(("all",))))), opt("while", SOURCE)),
           "−amount from counter-strikes dealt to it; `amount = \"all\"`: counter-strikes deal it no wounds", {
               "static.counter_reduction": ("−{amount} от ответных ударов", "−{amount} from counter-strikes"),
               "static.counter_reduction.all": ("не получает ран от ответных ударов", "takes no wounds from "
                                                "counter-strikes"),
           }, _counter_reduction),
    static("strike_cap", (req("amount", Int(1)), opt("while", SOURCE)),
           "simple strikes (counter-strikes included) deal it at most `amount` wounds (before armor)", {
               "static.strike_cap": (
                   "простые удары по этой карте сводятся к {amount}",
                   "simple strikes at this card are reduced to {amount}",
               ),
           }),
    static("attack_cap", (req("amount", Int(1)), opt("levels", ListOf(Enum(LEVELS, "level", "static.attack_cap"))),
                          opt("while", SOURCE)),
           "«средние и сильные атаки по … сводятся к X»: every attack of those levels (any kind, counters too) deals "
           "it at most amount, after all bonuses and reductions, before armor", {
               "static.attack_cap": (
                   "{levels} атаки по этой карте сводятся к {amount}",
                   "{levels} attacks at this card are reduced to {amount}",
               ),
               "static.attack_cap.all": (
                   "атаки по этой карте сводятся к {amount}",
                   "attacks at this card are reduced to {amount}",
               ),
               "static.attack_cap.weak": ("слабые", "weak"),
               "static.attack_cap.medium": ("средние", "medium"),
               "static.attack_cap.strong": ("сильные", "strong"),
           }, _attack_cap),
    static("ignores_protection", (req("keywords", KEYWORD_LIST), opt("of", CARD, "a condition on the target")),
           "its attacks ignore those protections of their targets («игнорирует защиту от …»); with `of`, only of "
           "targets matching it («игнорирует {zor} существ с магической особенностью»: `of = { has_magic = true }`)", {
               "static.ignores_protection": (
                   "игнорирует {keywords}{of:static.ignores_protection.of}",
                   "ignores {keywords}{of:static.ignores_protection.of}",
               ),
               "static.ignores_protection.of": (" у карт {q}", " of cards {q}"),
           }),
    static("roll_bonus", (req("amount", Int(1)), opt("attacks", ATTACKS), opt("vs", CARD, "a condition on the target"),
                          opt("while", SOURCE)),
           "«+N к броску кубика, когда атакует …»: +amount to its die roll in its attacks of those kinds (all kinds "
           "if absent) at matching targets (its roll in a fight of a simple strike, or made alone)", {
               "static.roll_bonus": (
                   "+{amount} к броску кубика при {attacks:dat}{vs:vs}",
                   "+{amount} to the die roll in {attacks:dat}{vs:vs}",
               ),
               "static.roll_bonus.all": (
                   "+{amount} к броску кубика при атаках{vs:vs}",
                   "+{amount} to the die roll in attacks{vs:vs}",
               ),
           }, _roll_bonus),
    static("fight_roll_twice", (),
           "when it fights with a simple strike (attacking or fighting back) it rolls twice and its controller keeps "
           "one result (a `pick_roll` decision, as the op `roll_twice`)", {
               "static.fight_roll_twice": (
                   "когда эта карта сражается, бросьте кубик два раза и выберите один из результатов",
                   "when this card fights, roll the die twice and choose one of the results",
               ),
           }),
    static("reflect_ranged", (
        req("attacks", ListOf(Enum(("shot", "throw"), "attack", "static.reflect_ranged.pl"))),
        req("counter", Damage()), req("counter_attack", Enum(("shot", "throw"), "attack", "static.reflect_ranged")),
    ),
           "an attack of those kinds by an enemy creature at it is resolved by the hit table as a simple strike "
           "(both roll, опыт в защите counts, an exchange may be reduced), even when it is closed; its answer is a "
           "`counter_attack` of the `counter` values", {
               "static.reflect_ranged": (
                   "отражает {attacks} существ противника как простой удар, даже когда закрыта, отвечает "
                   "{counter_attack} на {counter}",
                   "reflects {attacks} of enemy creatures like a simple strike, even when closed, answering with "
                   "{counter_attack} for {counter}",
               ),
               "static.reflect_ranged.shot": ("выстрелом", "a shot"),
               "static.reflect_ranged.throw": ("метанием", "a throw"),
               "static.reflect_ranged.pl.shot": ("выстрелы", "shots"),
               "static.reflect_ranged.pl.throw": ("метания", "throws"),
           }),
)
