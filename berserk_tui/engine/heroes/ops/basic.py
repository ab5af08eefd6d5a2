"""The first ops of «Берсерк. Герои» (seed 002's glossary): wound, heal, draw, destroy, poison, create."""

from __future__ import annotations

from typing import Any

from ...core import Events, emit
from .. import zones
from ..state import HeroesState
from .table import EFFECT, TARGET, Ctx, amount, op


@op("wound", TARGET)
def op_wound(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Ранить на X: the target takes X wounds (its death is judged at once)."""
    zones.wound(state, ev, target, amount(state, ctx, node), ctx.source)
    zones.settle(state, ev)


@op("heal", TARGET)
def op_heal(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Излечить на X: remove X wounds (all, if it has fewer)."""
    zones.heal(state, ev, target, amount(state, ctx, node))


@op("draw", EFFECT)
def op_draw(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Возьмите карту: the controller draws N cards (from an empty deck he draws none and loses nothing)."""
    zones.draw(state, ev, ctx.seat, amount(state, ctx, node))


@op("destroy", TARGET)
def op_destroy(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Уничтожьте: the card goes from play to its owner's graveyard (a creature dies: «Гибель» is heard)."""
    if state.cards[target].zone in ("play", "support"):
        zones.to_grave(state, ev, target, cause="destroyed")


@op("poison", TARGET)
def op_poison(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Отравить на X: the card is poisoned X (the highest poison counts); it takes X wounds at the start of each
    of its controller's turns (`turns`)."""
    value = amount(state, ctx, node)
    c = state.cards[target]
    old = max((m[1] for m in c.modifiers if m[0] == "poison"), default=0)
    if value > old:
        c.modifiers = tuple(m for m in c.modifiers if m[0] != "poison") + (("poison", value, -1),)
        emit(ev, "poisoned", uid=target, amount=value)


def create(state: HeroesState, ev: Events, seat: int, name: str, op_name: str) -> int:
    """The created card named `name` comes into play from the reserve under `seat`; its uid (`op_name` for errors)."""
    found = [cid for cid, d in state.db.items() if d.name == name and d.keywords.get("created")]
    if len(found) != 1:
        raise ValueError(f"{op_name}: no single created card named {name!r}")
    uid = zones.new_card(state, seat, found[0], "supply")
    zones.enter_play(state, ev, uid)
    return uid


@op("create", EFFECT)
def op_create(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Создайте X: the created card named X comes into play from the reserve under the controller."""
    create(state, ev, ctx.seat, node["card"], "create")
