"""Scenario commands (`move A c4`, `strike A B`, ...) → engine actions, and card references."""

from __future__ import annotations

import shlex
from collections.abc import Callable

from berserk_tui.engine import actions as act
from berserk_tui.engine.actions import Action
from berserk_tui.engine.keywords import abilities
from berserk_tui.engine.places import position
from berserk_tui.engine.state import GameState
from cards.schema import ability_id

from .build import ScenarioError, card_id, cell_of

Labels = dict[str, int]


# --- card references ------------------------------------------------------------------------------

def resolve(state: GameState, labels: Labels, ref: str) -> int:
    """The uid a reference names: a label, a cell name (the card on it), or a card name that is
    unique on the battlefield (else unique among all cards of the scenario)."""
    if ref in labels:
        return labels[ref]
    if state.geo.is_cell_name(ref.lower()):
        uid = state.grid[cell_of(state.geo, ref.lower(), ref)]
        if uid == -1:
            raise ScenarioError(f"no card on {ref}")
        return uid
    cid = card_id(state.db, ref)
    named = [c for c in state.cards if c.card_id == cid]
    pick = [c.uid for c in named if c.on_battlefield] or [c.uid for c in named]
    if not pick:
        raise ScenarioError(f"no {ref!r} in this scenario")
    if len(pick) > 1:
        raise ScenarioError(f"{ref!r} names {len(pick)} cards: use a label or a cell")
    return pick[0]


def describe(state: GameState, uid: int) -> str:
    """`Name (c3)` for messages."""
    c = state.cards[uid]
    name = state.db.cards[c.card_id].name if c.card_id else "?"
    pos = position(state, uid)
    return f"{name} ({state.geo.cell_name(pos) if pos != -1 else c.zone})"


def _unplaced(state: GameState, labels: Labels, ref: str) -> int:
    """A squad card of the deploying seat: its label, or the first unplaced card of that name."""
    if ref in labels:
        return labels[ref]
    cid = card_id(state.db, ref)
    seat = state.pending.player
    if not 0 <= seat < len(state.players):
        raise ScenarioError("nobody is deploying now")
    for uid in state.players[seat].squad:
        if state.cards[uid].card_id == cid and state.cards[uid].zone == "squad":
            return uid
    raise ScenarioError(f"seat {seat} has no unplaced {ref!r}")


# --- commands ---------------------------------------------------------------------------------------

Builder = Callable[[GameState, Labels, list[str]], Action]


def _card(state: GameState, labels: Labels, args: list[str], i: int = 0) -> int:
    return resolve(state, labels, args[i])


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ScenarioError(f"expected a number, got {text!r}") from None


def _use(state: GameState, labels: Labels, args: list[str]) -> act.Use:
    """`use A <ability id> [B]`: B is a card; for a `self_attacked` (`host_attacked`, `own_attacked`) instant, the
    attacker."""
    uid = resolve(state, labels, args[0])
    cdef = state.db.cards[state.cards[uid].card_id]
    abs_ = abilities(state, uid)                          # printed and gained ones
    ids = tuple(ability_id(ab, i) for i, ab in enumerate(abs_))
    if args[1] not in ids:
        raise ScenarioError(f"{cdef.name} has no ability {args[1]!r} (it has: {', '.join(ids) or 'none'})")
    index = ids.index(args[1])
    if len(args) < 3:
        return act.Use(uid, index)
    target = resolve(state, labels, args[2])
    timing = abs_[index].get("timing")
    if timing == "self_attacked":
        return act.Use(uid, index, _stack_index(state, target, uid))
    if timing in ("own_struck", "own_discharged", "adjacent_ranged"):
        return act.Use(uid, index, target)
    if timing == "host_attacked":
        return act.Use(uid, index, _stack_index(state, target, state.cards[uid].host))
    if timing == "own_attacked":        # the latest attack on the stack declared by B
        ks = [k for k, item in enumerate(state.stack) if item.actor == target and item.kind in ("strike", "ability")]
        if not ks:
            raise ScenarioError(f"nothing on the stack by {describe(state, target)}")
        return act.Use(uid, index, ks[-1])
    return act.Use(uid, index, target)


def _stack_index(state: GameState, attacker: int, target: int) -> int:
    for k, item in enumerate(state.stack):
        if item.actor == attacker and item.target == target:
            return k
    raise ScenarioError(f"nothing on the stack by {describe(state, attacker)} at {describe(state, target)}")


COMMANDS: dict[str, tuple[int, int, Builder]] = {
    # verb: (fewest args, most args, builder)
    "move": (2, 2, lambda s, lb, a: act.Move(_card(s, lb, a), cell_of(s.geo, a[1].lower(), "move"))),
    "strike": (2, 2, lambda s, lb, a: act.Strike(_card(s, lb, a), _card(s, lb, a, 1))),
    "use": (2, 3, _use),
    "chip": (1, 1, lambda s, lb, a: act.TakeChip(_card(s, lb, a))),
    "antiair": (1, 1, lambda s, lb, a: act.AntiAir(_card(s, lb, a))),
    "end": (0, 0, lambda s, lb, a: act.EndTurn()),
    "defend": (1, 1, lambda s, lb, a: act.Defend(_card(s, lb, a))),
    "pass": (0, 0, lambda s, lb, a: act.Pass()),
    "reduce": (0, 0, lambda s, lb, a: act.Choose(1)),
    "keep": (0, 0, lambda s, lb, a: act.Choose(0)),
    "reroll": (0, 0, lambda s, lb, a: act.Choose(1)),
    "target": (1, 1, lambda s, lb, a: act.Target(_card(s, lb, a))),
    "cell": (1, 1, lambda s, lb, a: act.PickCell(cell_of(s.geo, a[0].lower(), "cell"))),
    "skip": (0, 0, lambda s, lb, a: act.Skip()),
    "deck": (1, 4, lambda s, lb, a: act.FromDeck(card_id(s.db, " ".join(a)))),
    "yes": (0, 0, lambda s, lb, a: act.Choose(1)),
    "no": (0, 0, lambda s, lb, a: act.Choose(0)),
    "choose": (1, 1, lambda s, lb, a: act.Choose(_number(a[0]))),
    "place": (2, 2, lambda s, lb, a: act.Place(_unplaced(s, lb, a[0]), cell_of(s.geo, a[1].lower(), "place"))),
    "unplace": (1, 1, lambda s, lb, a: act.Unplace(cell_of(s.geo, a[0].lower(), "unplace"))),
    "confirm": (0, 0, lambda s, lb, a: act.Confirm()),
    "buy": (1, 1, lambda s, lb, a: act.Buy(_number(a[0]))),
    "unbuy": (1, 1, lambda s, lb, a: act.Unbuy(_number(a[0]))),
    "buyextra": (1, 1, lambda s, lb, a: act.BuyExtra(_number(a[0]))),
    "recruit": (1, 1, lambda s, lb, a: act.Recruit(_number(a[0]))),
    "show": (1, 1, lambda s, lb, a: act.Show(_number(a[0]), s.players[s.pending.player].deal[_number(a[0])] or "")),
    "redeal": (0, 0, lambda s, lb, a: act.Redeal()),
    "seat": (1, 1, lambda s, lb, a: act.Seat(_card(s, lb, a))),
    "first": (0, 0, lambda s, lb, a: act.ChooseOrder(True)),
    "second": (0, 0, lambda s, lb, a: act.ChooseOrder(False)),
}


def parse_command(state: GameState, labels: Labels, text: str) -> Action:
    """The action a command names in `state`; card names with spaces are quoted."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ScenarioError(f"command {text!r}: {exc}") from None
    if not words or words[0] not in COMMANDS:
        raise ScenarioError(f"unknown command {text!r} (known: {', '.join(COMMANDS)})")
    verb, args = words[0], words[1:]
    fewest, most, builder = COMMANDS[verb]
    if not fewest <= len(args) <= most:
        raise ScenarioError(f"command {text!r}: `{verb}` takes {fewest}..{most} arguments")
    try:
        return builder(state, labels, args)
    except ScenarioError as exc:
        raise ScenarioError(f"command {text!r}: {exc}") from None
