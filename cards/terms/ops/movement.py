"""Effect ops that move cards: relocations, jumps, swaps, flight and landing (docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, op
from cards.terms.values import EFFECT, TARGET, UNTIL, Enum, Flag, Int, Union, opt, req

if TYPE_CHECKING:
    from cards.render import Renderer


def _jump(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, "heal" if eff["range"] == "heal" else "")


def _jump_near(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    """`then` goes at the target (its "same")."""
    if "then" not in eff:
        return r.template(eff, where, prev, "teleport" if eff.get("teleport") else "alone")
    return r.template(eff, where, prev, then=r.effect(eff["then"], f"{where}.then", eff["target"]))


def _land(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    target = prev if eff["target"] == "same" else eff["target"]
    then = r.effect(eff["then"], f"{where}.then", target) if "then" in eff else None
    return r.template(eff, where, prev, eff["where"]) + (r.t("fx.land.then", then=then) if then else "")


def _take_flight(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, "until" if "until" in eff else "")


def _move_to_vacated(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, eff.get("cell", ""))


def _target_only(name: str, ru: str, en: str, doc: str) -> Any:
    """An op with only a target: `ru` and `en` are its templates."""
    return op(name, (req("target", TARGET),), doc, {f"fx.{name}": (ru, en)})


def _push(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    fallback = r.t("fx.push_forward.wounds", amount=eff["amount"], wounds=r.plural(eff["amount"], "plural.wounds")) \
        if "amount" in eff \
        else r.effect(eff["else"], f"{where}.else", prev)
    return r.template(eff, where, prev, fallback=fallback,
                      direction=r.t(f"fx.push_forward.direction.{eff.get('direction', 'forward')}"))


def _amount_or_else(eff: Mapping[str, Any], path: str) -> None:
    if ("amount" in eff) == ("else" in eff):
        raise TermError(f"{path}.amount", "push_forward takes either `amount` or `else`")


def _fill_vacated(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.t("fx.fill_vacated", who=r.t(f"fx.fill_vacated.side.{eff['side']}"),
               by=r.t(f"fx.fill_vacated.by.{eff.get('chooser', 'owner')}"))


declare(
    _target_only("relocate", "переместить {target:acc} на выбранную свободную клетку поля боя",
                 "move {target} to a chosen free cell of the battlefield",
                 "«переместиться на выбранную клетку поля боя»: the owner moves the target to any free cell (a "
                 "relocation)"),
    _target_only("displace", "переместить {target:acc} на соседнюю клетку", "move {target} to an adjacent cell",
                 "move the target to a free cell next to it (the owner picks)"),
    op("jump", (req("range", Union((Int(1), Enum(("heal",))))), req("target", TARGET)),
       "«объявить прыжок»: the owner moves the target to a free cell within `range` (counted as for a shot); a "
       "relocation; `range = \"heal\"` in a `would_heal` trigger: X, the healing it replaces", {
           "fx.jump": (
               "переместить {target:acc} прыжком на свободную клетку, дальность {range}",
               "make {target} jump to a free cell, range {range}",
           ),
           "fx.jump.heal": (
               "переместить {target:acc} прыжком на свободную клетку, дальность X",
               "make {target} jump to a free cell, range X",
           ),
       }, _jump),
    op("fill_vacated", (req("side", Enum(("enemy", "own", "any"))), opt("chooser", Enum(("owner", "opponent")))),
       "(after this card's jump by an effect, op `jump`) a creature of `side` standing next to the cell it jumped "
       "from, picked by `chooser` (default its owner; decision `fill_vacated`), relocates onto that cell if it is "
       "still free («существо противника по его выбору рядом с освободившейся клеткой перемещается на неё»)", {
           "fx.fill_vacated": (
               "{who} рядом с освободившейся клеткой по выбору {by} перемещается на эту клетку",
               "{who} next to the vacated cell, chosen by {by}, relocates onto it",
           ),
           "fx.fill_vacated.side.enemy": ("существо противника", "an enemy creature"),
           "fx.fill_vacated.side.own": ("ваше существо", "a creature of yours"),
           "fx.fill_vacated.side.any": ("существо", "a creature"),
           "fx.fill_vacated.by.owner": ("владельца этой карты", "this card's owner"),
           "fx.fill_vacated.by.opponent": ("противника", "the opponent"),
       }, _fill_vacated),
    op("jump_near", (req("target", TARGET), opt("then", EFFECT), opt("teleport", Flag(only_true=True))),
       "«прыжок на свободную клетку рядом с существом, при этом …»: this card jumps (a relocation) onto a free "
       "cell next to the target (diagonals included) its owner picks, and then does `then` (target `\"same\"`: "
       "that creature); no free cell — nothing. Without `then`, `teleport = true` says it teleports there "
       "«телепортироваться на свободную клетку рядом с …» (the same relocation)", {
           "fx.jump_near": (
               "прыгнуть на свободную клетку возле {target:gen}, при этом: {then}",
               "jump onto a free cell next to {target}, and then: {then}",
           ),
           "fx.jump_near.alone": ("прыгнуть на свободную клетку возле {target:gen}",
                                  "jump onto a free cell next to {target}"),
           "fx.jump_near.teleport": ("телепортироваться на свободную клетку возле {target:gen}",
                                     "teleport onto a free cell next to {target}"),
       }, _jump_near),
    _target_only("swap", "поменять местами эту карту и {target:acc}", "swap this card with {target}",
                 "this card and the target (both on cells) change places — a relocation, not movement"),
    _target_only("teleport_pull", "телепортироваться на свободную клетку, при этом переместить {target:acc} на "
                 "свободную клетку рядом с этой картой",
                 "teleport to a free cell, then move {target} to a free cell next to this card",
                 "this card teleports to a free cell its owner picks, then the target (a ground creature on a cell) "
                 "is moved to a free cell next to it"),
    op("move_to_vacated", (req("target", TARGET, "`\"self\"`"), opt("cell", Enum(("struck",)))),
       "relocate this card onto the cell the mover of a `moved` trigger left, if free; `cell = \"struck\"`: "
       "the cell the card struck by the attack of an `attacked` trigger stood on («переместиться на клетку, которую "
       "она "
       "занимала», with `kills = true`). As the first step of a triggered ability, no free cell means the ability "
       "does not trigger («…, при этом …»)", {
           "fx.move_to_vacated": (
               "телепортироваться на клетку, которую то существо занимало",
               "teleport onto the cell that creature left",
           ),
           "fx.move_to_vacated.struck": (
               "переместиться на клетку, которую занимала уничтоженная карта",
               "move onto the cell the destroyed card stood on",
           ),
       }, _move_to_vacated),
    _target_only("move_passed", "{target:nom} перемещается на клетку, через которую прошёл её удар через ряд",
                 "{target} relocates onto the cell its strike through a row passed over",
                 "it (the target, `\"self\"`) relocates onto the cell its latest strike through a row of this turn "
                 "passed over, if free"),
    _target_only("mirror_beside", "переместить {target:acc} на клетку по другую сторону от этой карты, если она "
                 "свободна", "move {target} to the cell on the other side of this card, if it is free",
                 "the target, standing directly left or right of this card, relocates to the cell on this card's "
                 "other side if that cell is free"),
    op("push_forward", (opt("amount", Int(1)), req("target", TARGET),
                        opt("direction", Enum(("forward", "away", "moved"), word="fx.push_forward.direction")),
                        opt("else", EFFECT, "instead of wounds, when it cannot move")),
       "the target relocates one cell forward (as its controller sees it) if that cell is free; otherwise (a flyer, "
       "the last row, an occupied cell) it is wounded by amount, or the `else` effect happens (its target words as "
       "the ability's). `direction = \"away\"`: one cell on, along the line from this card to the target («в "
       "направлении удара», diagonals too); `\"moved\"`: in the direction the mover of a `moved` trigger has just "
       "moved", {
           "fx.push_forward": (
               "{target:nom} перемещается на клетку {direction}, а если не может — {fallback}",
               "{target} relocates one cell {direction}, or, if it cannot, {fallback}",
           ),
           "fx.push_forward.direction.forward": ("вперёд", "forward"),
           "fx.push_forward.direction.away": ("в направлении от этой карты", "on away from this card"),
           "fx.push_forward.direction.moved": ("в том же направлении", "in the same direction"),
           "fx.push_forward.wounds": ("получает {amount} {wounds}", "takes {amount} {wounds}"),
       }, _push, _amount_or_else),
    op("follow", (req("target", TARGET), req("then", EFFECT)),
       "(after a `relocated` or `moved` trigger) the target relocates onto the cell the mover left if it is free, "
       "and only "
       "then does `then`", {
           "fx.follow": (
               "{target:nom} перемещается на освободившуюся клетку, если она свободна, и при этом: {then}",
               "{target} relocates onto the cell that was left, if it is free, and then: {then}",
           ),
       }),
    op("land", (req("where", Enum(("near", "own_half", "vacated"))), req("target", TARGET), opt("then", EFFECT)),
       "«приземлиться»: this card, if it is a flyer, loses flight and stands on a free cell its owner picks — next "
       "to the target (diagonals included; `\"near\"`), on its controller's half (`\"own_half\"`) or on the cell "
       "the target was moved from by a `displace` this turn (`\"vacated\"`); then `then` goes at the target. No "
       "free cell (or not a flyer): nothing", {
           "fx.land.vacated": (
               "приземлиться на клетку, которую занимало {target}",
               "land on the cell {target} stood on",
           ),
           "fx.land.near": (
               "приземлиться на свободную клетку возле {target:gen}",
               "land on a free cell next to {target}",
           ),
           "fx.land.own_half": (
               "приземлиться на свободную клетку своей половины поля боя",
               "land on a free cell of its controller's half of the battlefield",
           ),
           "fx.land.then": (", при этом: {then}", ", and then: {then}"),
       }, _land),
    op("take_flight", (req("target", TARGET), opt("until", UNTIL)),
       "«получает полёт»: the target, a face-up ground creature on a cell, leaves it for the flyers' zone and is a "
       "flyer for the rest of the battle; with `until` («стать летающим до конца хода») only until then: at the end "
       "of that turn (after the end-of-turn triggers) its owner lands it on any free cell he picks (decision "
       "`flight_ends`); no free cell — it keeps flight for good", {
           "fx.take_flight": ("{target:nom} получает полёт", "{target} gets flight"),
           "fx.take_flight.until": (
               "{target:nom} получает полёт {until} (когда он кончается, приземляется на свободную клетку по выбору "
               "владельца)",
               "{target} gets flight {until} (when it ends, it lands on a free cell its owner picks)",
           ),
       }, _take_flight),
    op("reveal_row", (req("row", Int(1)),),
       "(an `after_deploy` ability) the opponent reveals his face-down cards in row N of his half (1: the front row)",
       {
           "fx.reveal_row": (
               "противник вскрывает карты своего {row}-го ряда",
               "the opponent reveals the cards of his row {row}",
           ),
       }),
    op("rearrange", (),
       "(an `after_deploy` ability) its owner may swap his cards standing on his half, two at a time, without "
       "revealing them (decision `rearrange`: `Move(uid, cell)` onto the cell of another own card, at most as many "
       "swaps as he has cards there, then `Confirm`)", {
           "fx.rearrange": (
               "вы можете поменять расположение своих карт на вашей половине поля боя, не вскрывая их",
               "you may rearrange your cards on your half of the battlefield without revealing them",
           ),
       }),
)
