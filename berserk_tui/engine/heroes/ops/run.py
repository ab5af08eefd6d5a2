"""The effect interpreter of «Берсерк. Герои»: an effect (an op's table, or a list of them run in order) of a card's
ability, walked by its path inside the ability, so the state holds references and never the card's data.

Tasks: "start" (ctx) runs an ability's effect if its condition holds, "effect" (ctx, path) runs the node at `path`
(a list: each item in turn; a table: its `if`, its `optional` question, then the op), "op" (ctx, path) finds the
op's targets (`TARGETS`) and runs its handler (`table`; once, on -1, for an `EFFECT` op, or a target op whose table
leaves out its target, `IMPLIED_TARGETS`, when there is one: it asks for it itself), "op_on" (ctx, path, uid) runs
it on a chosen target. Decisions: "target" (pick one of the legal targets) and "confirm" (a `may` effect:
`Choose(1)` does it, `Choose(0)` does not).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from ..actions import Choose, Target
from ..book import decision, task
from ..cards import abilities, keyword
from ..conditions import holds
from ..state import HeroesState
from ..triggers import HEvent, fire
from .table import EFFECT, OP_HANDLERS, Ctx, Op


def node_at(state: HeroesState, ctx: Ctx, path: tuple) -> Any:
    """The part of the ability `ctx.ability` of card `ctx.source` at `path` (keys and list indices)."""
    node: Any = abilities(state, ctx.source)[ctx.ability]
    for key in path:
        node = node[key]
    return node


def _enemy(state: HeroesState, ctx: Ctx) -> int:
    return 1 - ctx.seat


def _creatures(state: HeroesState, seats: tuple[int, ...]) -> list[int]:
    return [u for s in seats for u in state.players[s].play]


# target word -> (chosen by the controller, the cards it may name)
TARGETS: dict[str, tuple[bool, Callable[[HeroesState, Ctx], list[int]]]] = {
    "self": (False, lambda s, c: [c.source] if s.cards[c.source].zone in ("play", "support", "hero", "face_down")
             else []),
    "creature": (True, lambda s, c: _creatures(s, (c.seat, 1 - c.seat))),
    "enemy_creature": (True, lambda s, c: _creatures(s, (_enemy(s, c),))),
    "own_creature": (True, lambda s, c: _creatures(s, (c.seat,))),
    "character": (True, lambda s, c: [s.players[c.seat].hero, s.players[1 - c.seat].hero,
                                      *_creatures(s, (c.seat, 1 - c.seat))]),
    "enemy_hero": (False, lambda s, c: [s.players[_enemy(s, c)].hero]),
    "own_hero": (False, lambda s, c: [s.players[c.seat].hero]),
    "each_enemy_creature": (False, lambda s, c: _creatures(s, (_enemy(s, c),))),
    "each_creature": (False, lambda s, c: _creatures(s, (1 - s.active, s.active))),
}


# target words whose card the opponent of the effect's controller chooses («по его выбору»)
OPPONENT_CHOOSES: set[str] = set()

# target ops whose table may leave the target out: op -> the target word it then picks from with a decision of its
# own (`shots`: "shot"); the target must be there to declare the effect and to go on, as any chosen target
IMPLIED_TARGETS: dict[str, str] = {}


def chooser(ctx: Ctx, word: str) -> int:
    """The seat that picks a chosen target of `word`."""
    return 1 - ctx.seat if word in OPPONENT_CHOOSES else ctx.seat


def targets(state: HeroesState, ctx: Ctx, word: str) -> tuple[bool, list[int]]:
    """(chosen?, the legal targets) of a target word for this effect; no spell can choose a card with Защита от
    заклинаний, its owner's own spell neither (seed 002; rules decision 973), nobody a card that cannot be chosen
    ("untargetable")."""
    if word not in TARGETS:
        raise ValueError(f"{state.cdef(ctx.source).name}: the engine has no target word {word!r} yet")
    chosen, find = TARGETS[word]
    found = find(state, ctx)
    if chosen:
        found = [u for u in found if not any(m[0] == "untargetable" for m in state.cards[u].modifiers)]
    if chosen and state.cdef(ctx.source).type == "spell":
        found = [u for u in found if not keyword(state, u, "prot_spell")]
    return chosen, found


def can_start(state: HeroesState, ctx: Ctx, effect: Any) -> bool:
    """May an effect be declared: every op of its first level that must choose a target has one (seed 004: a spell
    needs legal targets)."""
    for node in effect if isinstance(effect, list) else [effect]:
        word = node.get("target", IMPLIED_TARGETS.get(node["op"]))
        if word is None or node.get("optional") or handler_of(state, ctx, node["op"]).scope == EFFECT:
            continue
        chosen, found = targets(state, ctx, word)
        if chosen and not found:
            return False
    return True


def start(state: HeroesState, ctx: Ctx) -> None:
    """Run the effect of ability `ctx.ability` of `ctx.source` (after its condition, if it has one)."""
    ab = abilities(state, ctx.source)[ctx.ability]
    if "condition" in ab and not holds(state, ctx, ab["condition"]):
        return
    if state.cards[ctx.source].zone == "face_down" and "hidden" not in ab.get("zones", ()):
        return              # a hidden creature's abilities do not work, a trigger of it still waiting too (968)
    push(state, ("effect", tuple(ctx), ("effect",)))


@task("start")
def _start(state: HeroesState, ev: Events, ctx_: tuple) -> None:
    start(state, Ctx(*ctx_))


@task("effect")
def _effect(state: HeroesState, ev: Events, ctx_: tuple, path: tuple) -> None:
    ctx = Ctx(*ctx_)
    node = node_at(state, ctx, path)
    if isinstance(node, (list, tuple)):
        push(state, *(("effect", ctx_, (*path, i)) for i in range(len(node))))
        return
    if "if" in node and not holds(state, ctx, node["if"]):
        return
    if node.get("optional"):
        ask(state, ctx.seat, ConfirmDecision(ctx_, path))
        return
    push(state, ("op", ctx_, path))


def handler_of(state: HeroesState, ctx: Ctx, name: str) -> Op:
    """The handler of op `name`; ValueError naming the card whose ability uses an op the engine cannot run."""
    found = OP_HANDLERS.get(name)
    if found is None:
        raise ValueError(f"{state.cdef(ctx.source).name} ({state.cards[ctx.source].card_id}): the engine has no "
                         f"handler for the op {name!r} yet")
    return found


@task("op")
def _op(state: HeroesState, ev: Events, ctx_: tuple, path: tuple) -> None:
    ctx = Ctx(*ctx_)
    node = node_at(state, ctx, path)
    handler, scope = handler_of(state, ctx, node["op"])
    if scope == EFFECT:
        _then(state, ctx_, path, node)
        handler(state, ev, ctx, node, -1)
        return
    implied = "target" not in node
    chosen, found = targets(state, ctx, IMPLIED_TARGETS[node["op"]] if implied else node["target"])
    if not found:
        emit(ev, "no_target", uid=ctx.source, op=node["op"])
        if chosen and not node.get("optional"):
            interrupt(state, ev, ctx_)
        return
    if implied:         # the op asks for its target itself
        _then(state, ctx_, path, node)
        handler(state, ev, ctx, node, -1)
        return
    if chosen:
        ask(state, chooser(ctx, node["target"]), TargetDecision(ctx_, path, tuple(found)))
        return
    _then(state, ctx_, path, node)
    for uid in found:
        handler(state, ev, ctx, node, uid)


def interrupt(state: HeroesState, ev: Events, ctx_: tuple) -> None:
    """A part of a composite ability that must choose a target has none: the rest of the ability is not carried out
    (seed 004's clarifications, 119.2; a part the player may skip, «можете», does not stop it: 119.5; a part that
    names no chosen card — «каждое существо» — is done on none and does not stop it either). Rules decision 821."""
    rest = [t for t in state.tasks if t[0] in ("effect", "op", "op_on") and t[1] == ctx_]
    if rest:
        state.tasks[:] = [t for t in state.tasks if not (t[0] in ("effect", "op", "op_on") and t[1] == ctx_)]
        emit(ev, "interrupted", uid=ctx_[0], ability=ctx_[2])


def _then(state: HeroesState, ctx_: tuple, path: tuple, node: dict[str, Any]) -> None:
    """Schedule the op's `then` (it runs after whatever the handler pushes)."""
    if "then" in node:
        push(state, ("effect", ctx_, (*path, "then")))


@task("op_on")
def _op_on(state: HeroesState, ev: Events, ctx_: tuple, path: tuple, uid: int) -> None:
    ctx = Ctx(*ctx_)
    node = node_at(state, ctx, path)
    if state.cards[uid].zone not in ("play", "support", "hero", "face_down"):   # gone since chosen (Мехакванит)
        emit(ev, "no_target", uid=ctx.source, op=node["op"])
        return
    _then(state, ctx_, path, node)
    handler_of(state, ctx, node["op"]).handler(state, ev, ctx, node, uid)


@decision("target")
class TargetDecision(NamedTuple):
    """The controller picks the target of an op: one of `options` (uids)."""
    ctx: tuple
    path: tuple
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        chosen(state, ev, Ctx(*data.ctx), action.uid)
        push(state, ("op_on", data.ctx, data.path, action.uid))


def chosen(state: HeroesState, ev: Events, ctx: Ctx, uid: int) -> None:
    """An effect chose card `uid`: its source remembers it this turn (the target word `chosen`), and a spell's choice
    is heard («становится целью заклинания»: its triggers resolve before the spell goes on)."""
    src = state.cards[ctx.source]
    src.modifiers = tuple(m for m in src.modifiers if m[0] != "chosen") + (("chosen", uid, state.turn),)
    if state.cdef(ctx.source).type == "spell":
        fire(state, ev, HEvent("targeted_by_spell", uid, ctx.seat))


@decision("confirm")
class ConfirmDecision(NamedTuple):
    """The controller does a `may` effect (`Choose(1)`) or not (`Choose(0)`)."""
    ctx: tuple
    path: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if action.option == 1:
            push(state, ("op", data.ctx, data.path))
