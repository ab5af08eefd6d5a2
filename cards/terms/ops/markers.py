"""Effect ops with markers, marks and chips: on cards and on cells of the battlefield
(docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, op
from cards.terms.values import BOUND_UNTIL, EFFECT, MARKERS, TARGET, UNTIL, Enum, Flag, Int, Union, opt, req

if TYPE_CHECKING:
    from cards.render import Renderer

MARKER = Enum(MARKERS, "marker", "marker")


def _until(r: Renderer, eff: Mapping[str, Any]) -> str:
    return " " + r.t(f"until.{eff['until']}") if "until" in eff else ""


def _marker(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    means = f"marker.{eff['name']}.means"      # what the marker does, when its name does not say
    return r.template(eff, where, prev) + _until(r, eff) + (r.t(means) if means in r.msgs else "")


def _cell_marker(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    at, count, area = eff.get("at", "free"), eff.get("count", 1), eff.get("area", "")
    if area:                    # «выберите ряд», «до N клеток в линию»
        half = r.t(f"fx.cell_marker.half.{eff['half']}") if "half" in eff else ""
        once = r.t("fx.cell_marker.once_per_row") if eff.get("once_per_row") else ""
        return r.template(eff, where, prev, area, half=half) + _until(r, eff) + once
    variant = "target" if at == "target" else "count" if count > 1 else "" if at == "free" else "any"
    place = r.t("fx.cell_marker.free" + (".many" if count > 1 else "")) if at == "free" else ""
    return r.template(eff, where, prev, variant, free=place, count=count) + _until(r, eff)


def _area_fields(eff: Mapping[str, Any], path: str) -> None:
    if "half" in eff and eff.get("area") != "row":
        raise TermError(f"{path}.half", "only with area = \"row\"")
    if eff.get("area") in ("line", "ray") and "count" not in eff:
        raise TermError(f"{path}.count", f"area = \"{eff['area']}\" takes a count")
    if "once_per_row" in eff and eff.get("area") != "row":
        raise TermError(f"{path}.once_per_row", "only with area = \"row\"")
    if eff.get("area") and "at" in eff:
        raise TermError(f"{path}.at", "not with an area")


def _move_to_marker(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    text = r.t("fx.move_to_marker", name=r.t(f"marker.{eff['name']}"))
    if "then" in eff:
        text += r.t("fx.move_to_marker.then", then=r.effect(eff["then"], f"{where}.then", prev))
    if "else" in eff:
        text += r.t("fx.move_to_marker.else", other=r.effect(eff["else"], f"{where}.else", prev))
    return text


def _chip(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev) + (r.t("fx.chip.max", n=eff["max"]) if "max" in eff else "")


def _lose_chips(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, "all" if eff["amount"] == "all" else "")


def _transfer_chip(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, "to_self" if eff["to"] == "self" else "from_self")


declare(
    op("mark", (req("target", TARGET), req("until", UNTIL)),
       "this card marks the target («выбрать существо») until then; a new mark replaces the old one", {
           "fx.mark": ("отметить {target:acc} {until}", "mark {target} {until}"),
       }),
    op("marker", (req("name", MARKER), req("target", TARGET), opt("until", BOUND_UNTIL),
                  opt("stack", Flag(only_true=True), "another marker of that name is added (they count up)")),
       "the target gets that marker for the rest of the battle (it stays with the card); with `until` (counted "
       "from the source's controller) only until then, and the source is kept with it (the markers added for set "
       "10 — «охота», «добыча», «сеть», … — always keep it). What a marker does is said by the abilities that "
       "test it: the condition `marker`, the trigger filter `marker`. `acid_fumes` («кислотные пары»): a "
       "creature closing next to the marked card takes 1 wound from the source", {
           "fx.marker": ("дать {target:dat} маркер «{name}»", "give {target} the «{name}» marker"),
       }, _marker),
    op("remove_marker", (req("name", MARKER), req("target", TARGET)),
       "the target loses its markers `name` («удалить маркер»)", {
           "fx.remove_marker": ("убрать маркер «{name}» с {target:gen}", "remove the «{name}» marker from {target}"),
       }),
    op("chip", (req("amount", Int(1)), req("target", TARGET), opt("max", Int(1))),
       "the target gets chips, up to `max` in all", {
           "fx.chip": ("дать {target:dat} {amount} {amount:chips}", "give {target} {amount} {amount:chips}"),
           "fx.chip.max": (" (всего не больше {n})", " (at most {n} in all)"),
       }, _chip),
    op("lose_chips", (req("amount", Union((Int(1), Enum(("all",))))), req("target", TARGET)),
       "«теряет все фишки»: the target loses that many of its chips (`\"all\"`: every one; fewer if it has fewer)", {
           "fx.lose_chips": ("{target} теряет {amount} {amount:chips}", "{target} loses {amount} {amount:chips}"),
           "fx.lose_chips.all": ("{target} теряет все фишки", "{target} loses all its chips"),
       }, _lose_chips),
    op("transfer_chip", (req("target", TARGET), req("to", Enum(("self", "target")))),
       "move one chip from the target to this card (`to = \"self\"`), or from this card to the target "
       "(`to = \"target\"`)", {
           "fx.transfer_chip.to_self": (
               "переместить фишку с {target:gen} на эту карту",
               "move a chip from {target} to this card",
           ),
           "fx.transfer_chip.from_self": (
               "переместить фишку с этой карты на {target:acc}",
               "move a chip from this card to {target}",
           ),
       }, _transfer_chip),
    op("cell_marker", (req("name", MARKER), opt("until", UNTIL), opt("at", Enum(("free", "any", "target"))),
                       opt("count", Int(2)), opt("area", Enum(("row", "line", "ray"))),
                       opt("half", Enum(("own", "enemy"))),
                       opt("once_per_row", Flag(), "with `area = \"row\"`: each row once per battle")),
       "its owner puts this card's cell marker `name` (e.g. `portal`) on a chosen free cell (kept with the card, "
       "until then); `at = \"any\"`: on any chosen cell; `at = \"target\"`: on the cell of the ability's target (no "
       "choice; «по карте на выбранной клетке»); `count`: on that many different chosen cells; with `area = "
       "\"row\"` on every cell of a row he chooses (of his own or the enemy `half` only, if given), free or not "
       "(«выберите ряд»); with `area = \"line\"` on up to `count` cells he chooses one at a time in a straight line "
       "along a row or a column («до трёх клеток в линию»); with `area = \"ray\"` on up to `count` cells in a row "
       "starting next to this card, in one straight line from it, diagonals too («до 3 клеток подряд на одной "
       "прямой от …»). A condition `on_marker` tells the cards standing on "
       "such cells", {
           "fx.cell_marker": (
               "положить маркер «{name}» этой карты на выбранную{free} клетку поля боя",
               "put this card's «{name}» marker on a chosen{free} cell of the battlefield",
           ),
           "fx.cell_marker.free": (" свободную", " free"),
           "fx.cell_marker.free.many": (" свободные", " free"),
           "fx.cell_marker.any": (
               "положить маркер «{name}» этой карты на выбранную клетку поля боя",
               "put this card's «{name}» marker on a chosen cell of the battlefield",
           ),
           "fx.cell_marker.count": (
               "положить маркеры «{name}» этой карты на {count} выбранные{free} клетки поля боя",
               "put this card's «{name}» markers on {count} chosen{free} cells of the battlefield",
           ),
           "fx.cell_marker.target": (
               "положить маркер «{name}» этой карты на клетку цели",
               "put this card's «{name}» marker on the target's cell",
           ),
           "fx.cell_marker.once_per_row": (" (1 раз за бой для каждого ряда)", " (once per battle for each row)"),
           "fx.cell_marker.row": (
               "выбрать ряд{half}; положить маркер «{name}» этой карты на каждую клетку этого ряда",
               "choose a row{half}; put this card's «{name}» marker on every cell of that row",
           ),
           "fx.cell_marker.line": (
               "положить маркер «{name}» этой карты на {count} или менее выбранных клеток, стоящих в линию",
               "put this card's «{name}» marker on {count} or fewer chosen cells in a line",
           ),
           "fx.cell_marker.ray": (
               "положить маркер «{name}» этой карты на {count} или менее клеток подряд на одной прямой от этой карты "
               "(в том числе по диагонали)",
               "put this card's «{name}» marker on {count} or fewer cells in a row in one straight line from this "
               "card (diagonals too)",
           ),
           "fx.cell_marker.half.own": (" на вашей половине поля боя", " on your half of the battlefield"),
           "fx.cell_marker.half.enemy": (
               " на половине поля боя противника",
               " on the opponent's half of the battlefield",
           ),
       }, _cell_marker, _area_fields),
    op("move_to_marker", (req("name", MARKER), opt("then", EFFECT), opt("else", EFFECT)),
       "this card relocates (teleports) onto a free cell carrying its cell marker `name`, its owner picking the "
       "cell, and then does `then`; with no such cell (or off the board) it does `else` instead", {
           "fx.move_to_marker": (
               "телепортироваться на свободную клетку с маркером «{name}» этой карты",
               "teleport onto a free cell with this card's «{name}» marker",
           ),
           "fx.move_to_marker.then": (", при этом {then}", ", and then {then}"),
           "fx.move_to_marker.else": ("; если не может — {other}", "; if it cannot, {other}"),
       }, _move_to_marker),
    op("move_cell_marker", (req("name", MARKER),),
       "its owner moves this card's cell marker `name` onto a cell next to the one it lies on (diagonals "
       "included; the first such marker)", {
           "fx.move_cell_marker": (
               "переместить маркер «{name}» этой карты на 1 клетку",
               "move this card's «{name}» marker by 1 cell",
           ),
       }),
    op("remove_cell_markers", (req("name", MARKER),),
       "this card's cell markers `name` are removed from every cell", {
           "fx.remove_cell_markers": (
               "убрать маркеры «{name}» этой карты со всех клеток",
               "remove this card's «{name}» markers from every cell",
           ),
       }),
    op("wound_marked_cells", (req("name", MARKER), req("amount", Int(1))),
       "every card standing on a cell with this card's cell marker `name` is wounded by amount", {
           "fx.wound_marked_cells": (
               "ранить на {amount} каждую карту, стоящую на клетке с маркером «{name}» этой карты",
               "wound by {amount} every card standing on a cell with this card's «{name}» marker",
           ),
       }),
    op("fire_wall", (), "its owner puts this card's «стена огня» marker on a chosen cell (the markers leave with the "
       "card)", {
           "fx.fire_wall": (
               "положить маркер «стена огня» этой карты на выбранную клетку поля боя (маркеры убираются, когда эта "
               "карта покидает поле боя)",
               "put this card's «wall of fire» marker on a chosen cell of the battlefield (the markers go when this "
               "card leaves the battlefield)",
           ),
       }),
    op("burn_walls", (req("amount", Int(1)),),
       "every card standing on a cell with this card's «стена огня» marker is wounded by amount", {
           "fx.burn_walls": (
               "нанести {amount} {amount:wounds} каждой карте на клетке с маркером «стена огня» этой карты",
               "deal {amount} {amount:wounds} to each card on a cell with this card's «wall of fire» marker",
           ),
       }),
    op("ambush", (), "its owner chooses a cell of the battlefield until the end of the turn; when an enemy ground "
       "creature relocates onto it, this card fights it with a simple strike as if it were open, without closing", {
           "fx.ambush": (
               "выбрать клетку поля боя до конца хода; когда существо противника перемещается на неё, эта карта "
               "сражается с ним простым ударом как с открытым, не закрываясь",
               "choose a cell of the battlefield until the end of the turn; when an enemy creature relocates onto "
               "it, this card fights it with a simple strike as if it were open, without closing",
           ),
       }),
)
