"""What the battle screen reads off actions and events: who acts, where an action points, and
which cards the last action involved (to light them up while the bot or the opponent plays)."""

from __future__ import annotations

from typing import NamedTuple

from berserk_tui.describe import aims_at_card
from berserk_tui.engine import Action, Event, GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.keywords import ability_at

SPOTLIGHT_EVENTS = ("declared", "moved", "ability", "attack", "strike", "revealed")   # what starts an action


def actor_of(a: Action) -> int | None:
    """The card that acts in a main-decision action."""
    if isinstance(a, act.Move | act.Strike | act.Use | act.TakeChip | act.AntiAir):
        return a.uid
    return None


def spot_of(v: GameState, a: Action) -> tuple[str, int] | None:
    """Where an action points: ("cell", n) for a cell, ("card", uid) for a card, None if nowhere.

    An action of a card on itself (a chip, a self-aimed ability) points nowhere: Enter on the
    selected card never plays it by accident; it is chosen in the action list.
    """
    match a:
        case act.Move(_, cell) | act.PickCell(cell):
            return ("cell", cell)
        case act.Strike(uid, target) | act.Use(uid, _, target) if target >= 0 and target != uid:
            return ("card", target)
        case act.Defend(uid) | act.Target(uid):
            return ("card", uid)
        case act.Seat(host):
            return ("card", host)
    return None


class Spotlight(NamedTuple):
    """The card that made an action, and the card (or else the cell) it went to; -1 where none."""
    actor: int
    target: int
    cell: int


def spotlight(v: GameState, events: list[Event]) -> Spotlight | None:
    """The first action among `events`: a declaration, a move, an ability, an attack or a card revealed."""
    for e in events:
        d = e.data
        if e.kind not in SPOTLIGHT_EVENTS or not isinstance(d.get("uid"), int) or d["uid"] < 0:
            continue
        target = d.get("target", -1)
        if "ability" in d and (e.kind == "ability" or d.get("what") == "ability") \
                and not aims_at_card(v, d["uid"], d["ability"]):
            target = -1                       # aimed at an entry of the stack, not at a card
        return Spotlight(d["uid"], target if isinstance(target, int) else -1, d["to"] if e.kind == "moved" else -1)
    return None


def pointless_response(v: GameState, legal: list[Action]) -> bool:
    """Is this a response window after the decider's own declaration in which he can only use an
    instant he could as well use on his own (no defender to assign, no ability made for this moment)?
    The app passes such windows for a human unless the settings ask for them."""
    if v.pending.kind != "respond" or not v.stack or v.stack[-1].owner != v.pending.player:
        return False
    return act.Pass() in legal and all(
        isinstance(a, act.Pass) or isinstance(a, act.Use) and ability_at(v, a.uid, a.ability).get("timing", "response")
        == "response" for a in legal)
