"""The table from each effect op of «Берсерк. Герои» to its handler, and how `run` takes the op to it.

How to add an op (the encoders' seam): declare the term in `cards/heroes/terms/<area>.py`, then write its handler
in this package's module of your area (`ops/<area>.py`), registered with the decorator:

    from .table import TARGET, op

    @op("wound", TARGET)
    def op_wound(state, ev, ctx, node, target):
        zones.wound(state, ev, target, amount(state, ctx, node), ctx.source)
        zones.settle(state, ev)

and import the module in `ops/__init__.py`. A handler takes the state, the events list, the `Ctx` (the card the effect
is of, its controller, the ability's index, the event that set it off, the X chosen), the op's table as the card file
gives it (`node`: read its fields, `amount(...)` for a number or X) and one target uid. `TARGET` ops run once on each
card their `target` field names (a chosen target is asked first: decision "target"; with no legal target the op and what
follows it in `then` do nothing); `EFFECT` ops, and a `TARGET` op whose table leaves out its target (its term's `target`
is optional, `run.IMPLIED_TARGETS` the word it picks from: `shot`), run once with target -1 and pick or ask for their
cards themselves. A handler changes the state through `heroes.zones` (draw, wound, heal, settle, to_grave, enter_play,
put_support, to_hand, to_deck, from_deck, take_control, new_card; a created card goes to the reserve instead of a hand
or a deck) and may push tasks or ask a decision (`engine.core.push`/`ask`); what it pushes runs before the op's `then`.
tests/engine/heroes/test_heroes_ops.py fails while a card marked implemented uses an op (an event, a target word, a
condition) the engine has no handler for.

Besides ops, an area's module registers (at import, never by editing the rules' modules) into the rules' hook lists:
`table.VALUES` (a value word of an amount), `run.TARGETS` and `run.OPPONENT_CHOOSES` (target words), `triggers.MATCHERS`
(an event kind), `conditions.CONDITIONS`; `zones.PREVENTERS` (wounds prevented), `zones.DEATH_HOOKS`, `zones.HEAL_HOOKS`
(`zones.on_heal`), `zones.ATTACK_PREVENTERS` (wounds of attacks only: `zones.wound(..., attack=True)`),
`zones.SEARCH_HOOKS` (`zones.searched`: a Поиск heard), `zones.ENTER_HOOKS`, `zones.LEAVE_HOOKS` (what a card leaving
play for a hand or a deck takes along), `zones.WOUNDED_HOOKS` (wounds dealt); `triggers.LISTENERS_OUT_OF_PLAY` (cards
out of play whose triggers work there, as Засада's in the hand); `turns.STAYS_CLOSED` (recovery),
`turns.ACCUMULATION_HOOKS` (after the draw, before «в начале хода»), `turns.TURN_START_HOOKS`,
`turns.END_OF_TURN_HOOKS` (before «до конца хода» ends); `main.CARD_COSTS`, `main.ABILITY_COSTS`, `main.STRIKE_BONUSES`,
`main.AFTER_FIGHT`, `main.AFTER_PLAY`, `main.UNDEFENDED`, `main.PLAY_BANS` (no card may be played),
`main.STRIKE_DECLARED` (a strike declared, before its defender). Modifier keys the rules read: "attack", "health", "kw"
(a granted keyword), a numeric keyword's name (its value), "stun", "lost" (its abilities lost), "untargetable", "owner"
(the owner of a card under another's control: `zones.take_control`), "chosen" (what an effect chose: `run.chosen`),
"last_attack" (a creature's attack when it died this turn); the keywords "no_attack" and "no_defend" bar striking and
defending.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from ...core import Events
from ..state import HeroesState

Scope = Literal["effect", "target"]
EFFECT: Scope = "effect"
TARGET: Scope = "target"


class Ctx(NamedTuple):
    """Whose effect runs: the card it is of (`source`), its controller (`seat`), the index of the ability in the
    card's abilities, the event that set it off (an `HEvent` as a tuple, () if none) and X (0 if none)."""
    source: int
    seat: int
    ability: int
    event: tuple
    x: int = 0


Handler = Callable[[HeroesState, Events, Ctx, dict[str, Any], int], None]


class Op(NamedTuple):
    handler: Handler
    scope: Scope


OP_HANDLERS: dict[str, Op] = {}


def op(name: str, scope: Scope = TARGET) -> Callable[[Handler], Handler]:
    """Register the handler of op `name` (a decorator); an op registered twice is an error at import."""
    def register(fn: Handler) -> Handler:
        if name in OP_HANDLERS:
            raise ValueError(f"the heroes op {name!r} has a handler already ({OP_HANDLERS[name].handler.__module__})")
        OP_HANDLERS[name] = Op(fn, scope)
        return fn
    return register


# a value term of cards.heroes.terms -> its number for an effect (state, ctx, the op's table); each area's op module
# registers the values its cards use
VALUES: dict[str, Callable[[HeroesState, Ctx, dict[str, Any]], int]] = {}


def amount(state: HeroesState, ctx: Ctx, node: dict[str, Any], key: str = "amount") -> int:
    """The number an op's field gives: an integer, "x" (the X of the effect) or a registered value (`VALUES`)."""
    value = node.get(key, 0)
    if value == "x":
        return ctx.x
    if isinstance(value, str):
        if value not in VALUES:
            raise ValueError(f"the engine has no value {value!r}")
        return VALUES[value](state, ctx, node)
    return int(value)
