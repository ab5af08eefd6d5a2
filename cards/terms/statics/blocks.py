"""Static abilities that block attacks, bind or free targets, keep cards open, or take away keywords
and abilities (docs/card-schema.md, Static abilities)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.schema import expand_attacks
from cards.terms.model import declare, static
from cards.terms.values import (
    ATTACKS,
    CARD,
    KEYWORD_LIST,
    LEVEL_LIST,
    MARKERS,
    SOURCE,
    Enum,
    Flag,
    Int,
    ListOf,
    opt,
    req,
)

if TYPE_CHECKING:
    from cards.render import Renderer


def _attack_immunity(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    """«защита от атак карт …», or with kinds and levels «защита от слабых простых ударов»."""
    if "attacks" not in ab and "levels" not in ab:
        return r.template(ab, where)
    attacks = r.attacks(ab.get("attacks", ["all"]), "gpl", ab.get("levels"))
    return r.template(ab, where, None, "kinds", attacks=attacks)


def _redirectable(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, near=r.t(f"static.redirectable.near.{ab.get('near', 'attacked')}"))


LURE_DEFAULT = ("shot", "throw", "discharge")     # what `ranged_lure` binds without `attacks`


def _lure(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    """Пугало's sentence, or the general one: whose attacks of which kinds go only at this card."""
    if set(ab) <= {"type", "edge", "id"} and ab.get("edge"):
        return r.template(ab, where)
    kinds = ab.get("attacks", LURE_DEFAULT)
    ranged = any(k in LURE_DEFAULT for k in expand_attacks(kinds))
    return r.template(ab, where, None, "any", attacks=r.attacks(kinds, "nom"),
                      range=r.t("static.ranged_lure.range") if ranged else "")


declare(
    static("block_ranged", (req("nth", Int(1)),),
           "blocks the `nth` shot or throw of each opponent's turn at its controller's cards (through-row strikes "
           "and magic are not counted): the attack has no effect and nothing it carries works, but it is paid", {
               "static.block_ranged": (
                   "блокирует {nth}-ю за ход противника дальнюю немагическую атаку по вашим картам (кроме удара через "
                   "ряд)",
                   "blocks the opponent's ranged non-magic attack no. {nth} of a turn at your cards (except "
                   "through-row strikes)",
               ),
           }),
    static("block_attacks", (req("attacks", ATTACKS), opt("from", CARD), opt("more_life", Flag()),
                             opt("while", SOURCE)),
           "«блокирует по себе … атаки карт …»: attacks of those kinds by cards matching `from` (with `more_life = "
           "true`: only by cards with more lives left than it) are blocked — no roll, nothing of them works, but "
           "they are paid", {
               "static.block_attacks": (
                   "блокирует по себе {attacks} карт{from:filter}{more_life:static.block_attacks.more_life}",
                   "blocks {attacks} at itself made by cards{from:filter}{more_life:static.block_attacks.more_life}",
               ),
               "static.block_attacks.more_life": (
                   ", у которых осталось больше жизней, чем у этой карты",
                   " that have more lives left than this card",
               ),
           }),
    static("marker_rules", (req("marker", Enum(MARKERS, "marker", "marker")),
                            opt("restricts", ListOf(Enum(("no_move", "no_attack", "no_act"), word="buff"))),
                            opt("blocks", Flag(only_true=True))),
           "what this card's marker `marker` (op `marker`) does to the card carrying it: the restrictions `restricts` "
           "(as the buff flags: `no_move`, `no_attack`, `no_act`) while it carries it; with `blocks`, «если существо "
           "с сетью атаковано, то эта атака блокируется, а сеть исчезает»: an attack at it is blocked — nothing of it "
           "works, it is paid — and the marker goes", {
               "static.marker_rules": (
                   "карта с маркером «{marker}» этой карты получает {restricts}{blocks:static.marker_rules.blocks}",
                   "a card with this card's «{marker}» marker has {restricts}{blocks:static.marker_rules.blocks}",
               ),
               "static.marker_rules.blocks": (
                   "; если она атакована, эта атака блокируется, а маркер исчезает",
                   "; if it is attacked, the attack is blocked and the marker goes",
               ),
           }),
    static("block_first_attack", (),
           "the first attack of an enemy card made at it in each opponent's turn is blocked (no roll, nothing of it "
           "works); then its `defended` triggers with `how = \"blocked\"` work", {
               "static.block_first_attack": (
                   "блокирует первую атаку карты противника по себе в ход противника",
                   "blocks the first attack of an enemy card on itself in each opponent's turn",
               ),
           }),
    static("attack_immunity", (
        opt("from", CARD, "a condition on the attacking card"), opt("while", SOURCE), opt("attacks", ATTACKS),
        opt("levels", LEVEL_LIST),
    ),
           "«защита от атак карт …»: attacks (not spells or effects) of matching cards have no effect on it; with "
           "`attacks`, only attacks of those kinds; with `levels` («защита от слабых ударов»), only those that hit it "
           "with one of those levels: the hit deals no wounds and sets nothing off", {
               "static.attack_immunity": (
                   "защита от атак карт{from:filter}",
                   "protection from attacks of cards{from:filter}",
               ),
               "static.attack_immunity.kinds": (
                   "защита от {attacks}{from:from}",
                   "protection from {attacks}{from:from}",
               ),
           }, _attack_immunity),
    static("forced_defender", (),
           "if a defender can be assigned against its declared simple strike, the opponent may not pass: he must "
           "assign one", {
               "static.forced_defender": (
                   "если от простого удара этой карты можно назначить защитника, противник обязан это сделать",
                   "if a defender can be assigned against a simple strike of this card, the opponent must assign one",
               ),
           }),
    static("edge_wrap", (),
           "the two edge cells of a row are next to each other for it: it may move (a step) from one onto the other "
           "and declare a simple strike from one at a card on the other", {
               "static.edge_wrap": (
                   "эта карта может перемещаться между крайними клетками одного ряда как на рядом стоящую клетку и "
                   "объявлять простой удар с крайней клетки ряда по карте на противоположной крайней клетке этого "
                   "ряда как по рядом стоящей",
                   "this card may move between the two edge cells of a row as onto a neighbouring cell, and declare "
                   "a simple strike from an edge cell of a row at a card on the opposite edge cell of that row as "
                   "at a neighbouring one",
               ),
           }),
    static("fights_closed", (), "closed, it meets a simple strike at it as an open creature: it rolls and may "
           "strike back («когда закрыт, отражает удар как открытая карта»)", {
               "static.fights_closed": (
                   "когда эта карта закрыта, она отражает простой удар как открытая карта",
                   "while closed, this card meets simple strikes as an open card",
               ),
           }),
    static("no_strike", (opt("while", SOURCE), opt("except_opposite", Flag(only_true=True))),
           "it cannot attack with a simple strike; with `except_opposite`, only at the card standing opposite it "
           "(«может объявлять удар только по карте, стоящей напротив»)", {
        "static.no_strike": ("не может нападать простым ударом{except_opposite:static.no_strike.except}",
                             "cannot attack with a simple strike{except_opposite:static.no_strike.except}"),
        "static.no_strike.except": (" ни по какой карте, кроме стоящей напротив", " except at the card opposite it"),
    }),
    static("strike_stays_open", (opt("while", SOURCE),),
           "it does not close after attacking with a simple strike (its movement ends; it still attacks once a "
           "turn, as `open_attacker`); usually with `while`", {
               "static.strike_stays_open": (
                   "после нападения простым ударом не закрывается",
                   "does not close after attacking with a simple strike",
               ),
           }),
    static("open_after_exchange", (),
           "after its simple strike in its own turn is an exchange of blows (hit and counter-strike), it opens again "
           "(it still strikes once a turn); sets off the `opened` triggers with `how = \"stayed_open\"`", {
               "static.open_after_exchange": (
                   "после размена (обмена ударами) простым ударом не закрывается",
                   "does not close after an exchange of blows with its simple strike",
               ),
           }),
    static("redirectable", (req("attacks", ATTACKS),
                            opt("near", Enum(("attacked", "attacker"), word="static.redirectable.near"))),
           "«противник может перенаправить удар … на любое своё существо, стоящее рядом с …»: when an attack of "
           "those kinds of this card comes to strike, the attacked card's controller may send it at another face-up "
           "ground creature of his standing next to the attacked card (`near = \"attacker\"`: next to this card) — a "
           "`redirect_attack` decision: `target X` or `skip`", {
               "static.redirectable": (
                   "противник может перенаправить {attacks} этой карты на любое своё существо, стоящее рядом с "
                   "{near}",
                   "the opponent may redirect {attacks} of this card to any creature of his standing next to {near}",
               ),
               "static.redirectable.near.attacker": ("этой картой", "this card"),
               "static.redirectable.near.attacked": ("атакованной картой", "the attacked card"),
           }, _redirectable),
    static("ranged_lure", (opt("attacks", ATTACKS), opt("from", CARD, "a condition on the attacking card"),
                           opt("edge", Flag(only_true=True)), opt("while", SOURCE)),
           "enemy cards (matching `from`) may declare attacks of those kinds (default: shots, throws, discharges) "
           "only at this card: a shot, throw or discharge whatever its range, any other attack as far as it "
           "reaches («могут объявлять атаку только по …»); with `edge = true` only cards standing on a cell at the "
           "edge of the battlefield are bound (Пугало); `lure_immune` frees an attacker", {
               "static.ranged_lure": (
                   "карты противника, стоящие у края поля боя, могут объявлять дальние атаки (кроме удара через "
                   "ряд) только по этой карте, независимо от дальности",
                   "enemy cards standing at the edge of the battlefield may declare ranged attacks (except strikes "
                   "through a row) only at this card, whatever the range",
               ),
               "static.ranged_lure.any": (
                   "карты противника{from:filter}{edge:static.ranged_lure.edge} могут объявлять {attacks} только по "
                   "этой карте{range}",
                   "enemy cards{from:filter}{edge:static.ranged_lure.edge} may declare {attacks} only at this "
                   "card{range}",
               ),
               "static.ranged_lure.edge": (", стоящие у края поля боя", " standing at the edge of the battlefield"),
               "static.ranged_lure.range": (" (вне зависимости от дальности)", " (whatever the range)"),
           }, _lure),
    static("lure_immune", (req("attacks", ATTACKS),),
           "`ranged_lure` does not bind its attacks of those kinds (Баллиста: throws)", {
               "static.lure_immune": (
                   "игнорирует особенности, обязывающие выбирать цель {attacks:gen}",
                   "ignores abilities that force the choice of the target of its {attacks:gen}",
               ),
           }),
    static("strike_from_cell", (req("marker", Enum(MARKERS, "marker", "marker")), opt("while", SOURCE)),
           "it may declare simple strikes at cards next to a free cell carrying its cell marker `marker` (op "
           "`cell_marker`), as if it stood there («может объявлять простой удар как с этой клетки, пока она "
           "свободная»)", {
               "static.strike_from_cell": (
                   "может объявлять простые удары так, будто стоит на свободной клетке с её маркером «{marker}», пока "
                   "эта клетка свободна",
                   "may declare simple strikes as if it stood on the cell with its «{marker}» marker, while that cell "
                   "is free",
               ),
           }),
    static("silence_opposite", (),
           "an enemy ground creature standing opposite it (one row ahead of it, as its controller sees it) while it "
           "is open and face up has none of its printed keywords and abilities («теряет особенности»: nothing of it "
           "applies, is set off or may be declared)", {
               "static.silence_opposite": (
                   "существа противника теряют особенности, пока стоят напротив этой открытой карты",
                   "enemy creatures standing opposite this open card lose their abilities",
               ),
           }),
    static("ignores_abilities", (),
           "«игнорирует особенности атакованного существа»: the card it attacks (a simple strike, the defender if "
           "one was assigned, or an ability attack) has no keywords or abilities until that attack has resolved "
           "(its counter-strike included)", {
               "static.ignores_abilities": (
                   "игнорирует особенности атакованного существа",
                   "ignores the abilities of the creature it attacks",
               ),
           }),
    static("lose_keywords", (req("keywords", KEYWORD_LIST), opt("filter", CARD)),
           "enemy creatures on the battlefield matching `filter` lose those keywords (printed, granted or given) "
           "while this card is face up on the battlefield", {
               "static.lose_keywords": (
                   "существа противника{filter:filter} теряют {keywords}",
                   "enemy creatures{filter:filter} lose {keywords}",
               ),
           }),
    static("defends_any", (opt("filter", CARD),),
           "«может выступать защитником любому вашему нелетающему существу»: it may defend an own ground creature "
           "(matching `filter`) against an enemy simple strike wherever both stand (a flyer too)", {
               "static.defends_any": (
                   "может выступать защитником любому вашему нелетающему существу{filter:filter}",
                   "may defend any ground creature of yours{filter:filter}",
               ),
           }),
    static("valhalla_double", (),
           "the first Вальхалла ability of its controller's cards to resolve in each of his turns works twice (while "
           "this card is face up on the battlefield)", {
               "static.valhalla_double": (
                   "первая за ход способность Вальхаллы вашей карты срабатывает дважды",
                   "the first Valhalla ability of your cards each turn works twice",
               ),
           }),
    static("concentration_grace", (),
           "the first wounding of each own creature in an opponent's turn does not stop its concentration that turn", {
               "static.concentration_grace": (
                   "первое за ход противника получение ран каждым вашим существом не препятствует срабатыванию его "
                   "концентрации в этот ход",
                   "the first time each of your creatures takes wounds in an opponent's turn does not stop its "
                   "concentration that turn",
               ),
           }),
)
