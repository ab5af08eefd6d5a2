"""Effect ops on the deck and the graveyard: summons, prophecies, revivals and incarnation
(docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import declare, lookup, op
from cards.terms.values import (
    DECK_CARD,
    EFFECT,
    ON,
    TARGET,
    Enum,
    Flag,
    Int,
    ListOf,
    Record,
    Target,
    Text,
    Union,
    opt,
    req,
)

if TYPE_CHECKING:
    from cards.render import Renderer


def _summon(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    count, card, note = eff.get("count", 1), eff["card"], ""
    if card == "shown":
        what = r.t("fx.summon.shown")
    else:
        if count == "dead_extra_lives":
            many, note = r.t("fx.summon.count.x"), r.t("fx.summon.count.extra_lives")
        else:
            many = r.t("fx.summon.count.one") if count == 1 else r.t("fx.summon.count.up_to", n=count)
        what = f"{many} {r.qualifier(card, f'{where}.card')}{note}"
    place = eff.get("place", "near")
    host = r.target(eff.get("host", "self"), "acc", f"{where}.host", prev) if place == "host" else ""
    text = r.t(f"fx.summon.{place}", what=what, host=host, around=eff.get("around", 0))
    if eff.get("closed"):
        text += r.t("fx.summon.closed")
    if "leave" in eff:
        text = r.t(f"fx.summon.leave.{eff['leave']}", summon=text)
    return r.t("fx.summon.may", what=text) if eff.get("optional", True) and place != "grave" else text


def _revive(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, closed=r.t("fx.revive.closed" if eff.get("closed") else "fx.revive.open"))


def _prophecy(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    if "cases" not in eff:
        return r.t("fx.prophecy.bare")
    many = ".many" if "count" in eff else ""
    cases = [r.t(f"fx.prophecy.case{many}", q=r.qualifier(c["shown"], f"{where}.cases[{i}].shown"),
                 then=r.effect(c["then"], f"{where}.cases[{i}].then", eff.get("target", prev)))
             for i, c in enumerate(eff["cases"])]
    target = r.t("fx.prophecy.target", target=r.target(eff["target"], "nom", f"{where}.target", prev)) \
        if "target" in eff else ""
    key = "fx.prophecy.grave" if eff.get("to") == "grave" else f"fx.prophecy{many}"
    return r.t(key, cases="; ".join(cases), target=target, count=eff.get("count", 1))


def _show_gain(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    on = eff["trigger"]
    return r.template(eff, where, prev, trigger=lookup("event", on["event"]).render(r, on, f"{where}.trigger"))


def _inc_token(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, "self" if eff["target"] == "self" else "")


declare(
    op("summon", (
        req("card", Union((DECK_CARD, Enum(("shown",)))), "a deck-card condition, or `\"shown\"` inside a prophecy"),
        opt("count", Union((Int(1), Enum(("dead_extra_lives",)))), "default 1"),
        opt("place", Enum(("near", "own_cell", "host", "grave", "crowd", "free"), "place"), "default `\"near\"`"),
        opt("around", Int(1), "with `place = \"crowd\"`: the least number of own creatures next to the cell"),
        opt("host", Target(selector=False), "default `\"self\"`"), opt("optional", Flag(), "default true"),
        opt("leave", Enum(("exile", "destroy"), "leave")), opt("target", TARGET), opt("closed", Flag()),
    ),
       "«вызвать» (seed 000) from the owner's deck, one card at a time (decision `summon`: `deck NAME` or `skip`), "
       "open and face up: onto a free cell next to the source (or the cell it died on; the owner picks, decision "
       "`summon_cell`), onto the source's own cell, seated as a symbiont on the host, or into the graveyard; a "
       "flyer or terrain goes into the extra zone; `place = \"crowd\"`: onto a free cell anywhere with `around` or "
       "more of the owner's creatures next to it (diagonals included; the owner picks), `\"free\"`: onto any free "
       "cell; a unique card is not "
       "offered while a face-up card of that name of the owner is on the battlefield. `count = "
       "\"dead_extra_lives\"`: the extra lives the dead source had. With "
       "`leave` the source is first exiled or destroyed (its cell becomes free) and the end of the game is judged "
       "after the summon. The decision is asked whenever the public position allows a summon, even if nothing in "
       "the deck fits (then only `skip`): the opponent's engine cannot see the deck (rules decision 225); "
       "`closed = true`: the card comes closed («в закрытом виде»)", {
           "fx.summon.closed": (" в закрытом виде", " closed"),
           "fx.summon.near": (
               "вызвать из вашей колоды {what} на свободные клетки рядом с этой картой",
               "summon from your deck {what} onto free cells next to this card",
           ),
           "fx.summon.own_cell": (
               "вызвать из вашей колоды {what} на клетку этой карты",
               "summon from your deck {what} onto this card's cell",
           ),
           "fx.summon.host": (
               "вызвать из вашей колоды {what} (симбиота) на {host}",
               "summon from your deck {what} (a symbiont) onto {host}",
           ),
           "fx.summon.crowd": (
               "вызвать из вашей колоды {what} на свободную клетку, рядом с которой стоит {around} или более ваших "
               "существ",
               "summon from your deck {what} onto a free cell with {around} or more creatures of yours next to it",
           ),
           "fx.summon.free": (
               "вызвать из вашей колоды {what} на незанятую клетку", "summon from your deck {what} onto a free cell",
           ),
           "fx.summon.grave": (
               "положить из вашей колоды на кладбище {what}",
               "put from your deck into the graveyard {what}",
           ),
           "fx.summon.count.one": ("карту", "a card"),
           "fx.summon.count.up_to": ("до {n} карт", "up to {n} cards"),
           "fx.summon.count.x": ("X или менее карт", "X or fewer cards"),
           "fx.summon.count.extra_lives": (
               " (X — число дополнительных жизней этой карты в момент гибели)",
               " (X: the extra lives this card had when it died)",
           ),
           "fx.summon.shown": ("показанную карту", "the shown card"),
           "fx.summon.leave.exile": ("изгнать эту карту; {summon}", "exile this card; {summon}"),
           "fx.summon.leave.destroy": ("уничтожить эту карту; {summon}", "destroy this card; {summon}"),
           "fx.summon.may": ("может {what}", "may {what}"),
       }, _summon),
    op("prophecy", (opt("cases", ListOf(Record((req("shown", DECK_CARD), req("then", EFFECT)), "case"))),
                    opt("target", TARGET), opt("count", Int(2)),
                    opt("to", Enum(("grave",)), "the shown card goes to the graveyard")),
       "«пророчество 1»: the owner shows the top card of his deck (decision `prophecy`, its only action `deck "
       "NAME`), the first case (`{ shown = deck-card condition, then = effect }`) whose condition the shown card "
       "meets runs (its `\"same\"` is the target), then the card goes under the deck; nothing with an empty deck. "
       "`count = N` («пророчество 2»): the top N cards are shown one after another (each goes under the deck), and "
       "a case runs when every shown card meets its condition («если обе карты …»). Without `cases` it only shows "
       "(a later step of a sequence may pick cards with the selector field `cost = \"shown\"`). `to = \"grave\"` "
       "(«положите верхнюю карту колоды на кладбище; если это …»): the top card goes to the graveyard instead (no "
       "«пророчество» then)", {
           "fx.prophecy.bare": (
               "пророчество 1: показать верхнюю карту вашей колоды и убрать её под низ колоды",
               "prophecy 1: show the top card of your deck and put it at the bottom of the deck",
           ),
           "fx.prophecy.many": (
               "пророчество {count}{target}: показать {count} верхние карты вашей колоды; {cases}; затем убрать их под "
               "низ колоды",
               "prophecy {count}{target}: show the top {count} cards of your deck; {cases}; then put them at the "
               "bottom of the deck",
           ),
           "fx.prophecy.case.many": ("если все они {q} — {then}", "if all of them are {q}: {then}"),
           "fx.prophecy": (
               "пророчество 1{target}: показать верхнюю карту вашей колоды; {cases}; затем убрать её под низ колоды",
               "prophecy 1{target}: show the top card of your deck; {cases}; then put it at the bottom of the deck",
           ),
           "fx.prophecy.grave": (
               "положить верхнюю карту вашей колоды на кладбище{target}; {cases}",
               "put the top card of your deck into your graveyard{target}; {cases}",
           ),
           "fx.prophecy.target": (" (цель — {target})", " (target: {target})"),
           "fx.prophecy.case": ("если это карта {q} — {then}", "if it is a card {q}: {then}"),
       }, _prophecy),
    op("show_gain", (req("card", DECK_CARD), req("trigger", ON, "the wording of the abilities it lends")),
       "«покажите из колоды существо с особенностью «при сильном ударе» — эта карта получает эту особенность до "
       "конца боя»: the owner may show a card of his deck matching `card` (it stays there; not of this card's name, "
       "nor of a name shown for it before) that has a triggered ability whose `on` has every value of `trigger`; this "
       "card gains those abilities for the rest of the battle as its own (decision `show_gain`: `deck NAME` or "
       "`skip`)", {
           "fx.show_gain": (
               "вы можете показать из колоды карту {card} (не с названием этой карты и не показанную ею раньше) "
               "с особенностью «{trigger}» — эта карта получает эту особенность до конца боя",
               "you may show a card {card} of your deck (not of this card's name, nor one it showed before) with "
               "an ability «{trigger}»: this card gains that ability until the end of the battle",
           ),
       }, _show_gain),
    op("stack_deck", (req("depth_first", Int(1)), req("depth_second", Int(1))),
       "the owner shows any card of his deck (decision `stack_deck`), the rest is shuffled, and the card goes back "
       "so that depth−1 cards lie above it (the depth for going first or second)", {
           "fx.stack_deck": (
               "показать любую карту из вашей колоды, перемешать колоду и поместить показанную карту {depth_first}-й "
               "сверху ({depth_second}-й, если вы ходите вторым)",
               "show any card of your deck, shuffle the deck and put the shown card {depth_first}th from the top "
               "({depth_second}th if you go second)",
           ),
       }),
    op("shown_to_top", (),
       "(a `prophesied` trigger) the cards that prophecy showed, now under the deck, go back on top of it in the "
       "order they were shown", {
           "fx.shown_to_top": (
               "вернуть показанные карты на верх колоды", "put the shown cards back on top of the deck",
            ),
        }),
    op("scry", (req("count", Int(1)),),
       "the owner looks at the top `count` cards of his deck (fewer if it holds fewer) and puts them back on top or "
       "at the bottom in any order, without shuffling (decision `scry`: `Choose` of an arrangement, given by "
       "position only, so the other side learns nothing but how many went to the bottom)", {
           "fx.scry": (
               "посмотреть {count} верхние карты вашей колоды, затем положить их на верх или в низ колоды в любом "
               "порядке, не перемешивая колоду",
               "look at the top {count} cards of your deck, then put them on top or at the bottom of the deck in any "
               "order, without shuffling it",
           ),
       }),
    op("revive", (req("target", TARGET, "a selector with `zone = \"grave\"`"), opt("closed", Flag())),
       "«возродить» (seed 000): the target, a card of the source's controller's graveyard, returns open with full "
       "life onto a free cell next to the source that its owner picks (a flyer or terrain: into the extra zone); no "
       "free cell, or a unique card whose name a card of his on the battlefield bears — nothing; `closed = true`: "
       "it returns closed («в закрытом виде»)", {
           "fx.revive": (
               "возродить {target:acc} на свободную клетку рядом с этой картой, в {closed} виде и "
               "с полной жизнью (летающее существо или местность — в дополнительную зону)",
               "revive {target} onto a free cell next to this card, {closed} and with full life (a "
               "flyer or terrain: into the extra zone)",
           ),
           "fx.revive.closed": ("закрытом", "closed"),
           "fx.revive.open": ("открытом", "open"),
       }, _revive),
    op("revive_on_dead_cell", (),
       "this card, if it lies in the graveyard, returns open with full life onto the cell the dead creature of the "
       "death context left, if it is free («возрождается на его клетке»)", {
           "fx.revive_on_dead_cell": (
               "эта карта, если она на кладбище, возрождается открытой, с полной жизнью, на клетке погибшего "
               "существа, если она свободна",
               "this card, if it is in the graveyard, returns open, with full life, onto the cell of the creature "
               "that died, if it is free",
           ),
       }),
    op("exile", (req("target", TARGET, "a selector with `zone = \"grave\"`"),),
       "«изгнать существо с кладбища»: the target, a card in a graveyard, is exiled; this card remembers it this turn "
       "(buff values `\"exiled_weak\"` / `\"exiled_life\"`: its printed weak strike / life)", {
           "fx.exile": ("изгнать {target:acc}", "exile {target}"),
       }),
    op("exile_revive", (req("exile", Text("card name")), req("revive", Text("card name"))),
       "exile every own face-up card named `exile`; revive the card named `revive` from the own graveyard onto a "
       "free cell its owner picks, with X lives left (X = the lives the exiled cards had)", {
           "fx.exile_revive": (
               "изгнать все ваши карты «{exile}» с поля боя; при этом возродить «{revive}» с вашего кладбища на "
               "любой свободной клетке поля боя с X жизнями, где X — сумма оставшихся жизней изгнанных карт",
               "exile all your «{exile}» cards from the battlefield; then revive «{revive}» from your graveyard onto "
               "any free cell of the battlefield with X lives, X being the lives the exiled cards had left",
           ),
       }),
    op("inc_token", (req("target", TARGET),),
       "the target (a card with incarnation in a graveyard; `\"self\"`: only while this card is there) gets an "
       "incarnation token; with the last one it incarnates at once", {
           "fx.inc_token": ("положить жетон инкарнации {target:dat}", "put an incarnation token on {target}"),
           "fx.inc_token.self": (
               "положить жетон инкарнации на эту карту, если она на кладбище",
               "put an incarnation token on this card if it is in the graveyard",
           ),
       }, _inc_token),
    op("gain_incarnation", (req("amount", Int(1)), req("target", TARGET)),
       "the target, if it lies in a graveyard, gains incarnation `amount` («он получает Инкарнацию 4»): tokens and "
       "return as for printed incarnation", {
           "fx.gain_incarnation": (
               "{target:nom} получает инкарнацию {amount}, пока лежит на кладбище",
               "{target} gains incarnation {amount} while it lies in the graveyard",
           ),
       }),
)
