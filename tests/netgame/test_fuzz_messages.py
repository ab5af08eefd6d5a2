"""Fuzz of the game message checker (issue 36): in a real game between two FairPeers, at random moments
the next message is replaced by a mutated one (fields added, removed, retyped or changed, nested items
edited, kinds swapped, earlier messages replayed, messages reordered or out of turn).

Invariants: `receive` raises nothing but ProtocolViolation, and a refusal leaves the peer exactly as it
was; the real message then goes through and the game goes on. A mutation the peer accepts stays in the
transcript: then either the game is caught later (a ProtocolViolation on some side) or it ends verified
on both sides, and only if nothing but identical messages were accepted. The live verdict and
`verify_game` on the streams agree, always. `--hypothesis-show-statistics` shows the outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgpack
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from berserk_tui.netgame import ProtocolViolation, verify_game
from berserk_tui.netgame.wire import SCHEMA, Message

from .duel import DB, Duel, forged_resignation, snapshot

KINDS = sorted(SCHEMA)
NAMES = sorted({name for fields in SCHEMA.values() for name in fields})
SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=6)
           | st.binary(max_size=40))
EXTREMES = st.sampled_from([2**63, 2**64 - 1, 2**64, 10**40, -1, -2**63, float("inf"), b"", "", [], {}, 0, True])
VALUES = st.recursive(SCALARS | EXTREMES, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=4) | st.binary(max_size=2), inner, max_size=3), max_leaves=6)
OPS = ("add", "remove", "retype", "change", "nested", "deep", "kind", "junk kind", "junk body", "replay", "reflect",
       "reorder", "resign")
PACK_FAILS = (ValueError, TypeError, OverflowError)
UNSHRUNK = (Phase.explicit, Phase.generate)     # a failing game is reported as found: shrinking takes minutes


def _deep(depth: int, as_map: bool) -> object:
    value: object = 0
    for _ in range(depth):
        value = {"a": value} if as_map else [value]
    return value


def _changed(data: st.DataObject, value: object) -> object:
    """A nearby value of the same type: an int off by a little, a flipped byte, an edited string or list."""
    if type(value) is bool:
        return not value
    if type(value) is int:
        return value + data.draw(st.sampled_from([-1, 1, 2, 7, 2**32, -value - 1]))
    if type(value) is bytes:
        if not value:
            return b"\0"
        i = data.draw(st.integers(0, len(value) - 1))
        return data.draw(st.sampled_from([value[:i] + bytes([value[i] ^ 1]) + value[i + 1:], value[:i], value + b"\0"]))
    if type(value) is str:
        return data.draw(st.sampled_from([value + "0", value[:-1], value.upper(), "30001"]))
    if type(value) is list:
        if not value:
            return [data.draw(VALUES)]
        i = data.draw(st.integers(0, len(value) - 1))
        how = data.draw(st.sampled_from(["drop", "double", "swap", "edit", "append"]))
        if how == "drop":
            return value[:i] + value[i + 1:]
        if how == "double":
            return value[:i + 1] + value[i:]
        if how == "swap":
            return [*value[i:], *value[:i]]
        if how == "edit":
            return [*value[:i], _changed(data, value[i]), *value[i + 1:]]
        return [*value, data.draw(VALUES)]
    return data.draw(VALUES)


@dataclass
class Game:
    """A duel with the mutations delivered so far: those accepted stay in the streams."""
    duel: Duel
    error: ProtocolViolation | None = None
    semantic: list[str] = field(default_factory=list)     # accepted mutations that differ from the real message


def _same(a: Message, b: Message) -> bool:
    """The same message on the wire (whatever the order of the fields): no value differs, not even in type."""
    pack = lambda value: msgpack.packb(value, use_bin_type=True)   # noqa: E731
    try:
        return a[0] == b[0] and sorted(a[1]) == sorted(b[1]) and all(pack(a[1][k]) == pack(b[1][k]) for k in a[1])
    except PACK_FAILS:
        return False


def _mutation(data: st.DataObject, game: Game, sender: int, op: str) -> tuple[Message, str, str]:
    """The message to deliver instead of the next one, where it goes if accepted ("replace" the next message,
    "insert" it before, or "reorder": it is the one after the next), and what was done."""
    duel = game.duel
    queue = duel.queues[1 - sender]
    kind, body = queue[0]
    names = sorted(body)
    if op in ("remove", "retype", "change", "nested", "deep") and names:
        name = data.draw(st.sampled_from(names))
        rest = {k: v for k, v in body.items() if k != name}
        value = body[name]
        if op == "remove":
            return (kind, rest), "replace", f"{kind} without {name}"
        if op == "retype":
            return (kind, {**rest, name: data.draw(VALUES)}), "replace", f"{kind} with {name} retyped"
        if op == "deep":
            deep = _deep(data.draw(st.sampled_from([50, 5000])), data.draw(st.booleans()))
            return (kind, {**rest, name: deep}), "replace", f"{kind} with {name} nested deep"
        if op == "nested" and type(value) is list and value and type(value[0]) is list:
            i = data.draw(st.integers(0, len(value) - 1))
            return (kind, {**rest, name: [*value[:i], _changed(data, value[i]), *value[i + 1:]]}), "replace", \
                f"{kind} with an item of {name} changed"
        return (kind, {**rest, name: _changed(data, value)}), "replace", f"{kind} with {name} changed"
    if op == "kind":
        other = data.draw(st.sampled_from([k for k in KINDS if k != kind]))
        return (other, body), "replace", f"{kind} body as {other}"
    if op == "junk kind":
        return (data.draw(VALUES | st.text(max_size=20)), body), "replace", "junk kind"
    if op == "junk body":
        return (kind, data.draw(VALUES)), "replace", f"{kind} with a junk body"
    if op == "reorder" and len(queue) > 1:
        return queue[1], "reorder", f"{queue[1][0]} before {kind}"
    if op in ("replay", "reflect", "reorder"):
        mine = op != "reflect"
        source = duel.streams[sender if mine else 1 - sender]
        delivered = source[:len(source) - len(queue)] if mine else source
        if delivered:
            old = delivered[data.draw(st.integers(0, len(delivered) - 1))]
            return old, "insert", f"{old[0]} {'replayed' if mine else 'reflected'}"
    if op == "resign":
        return ("resign", {}), "insert", "resign"
    name = data.draw(st.sampled_from(NAMES) | st.text(max_size=8))
    return (kind, {**body, name: data.draw(VALUES)}), "replace", f"{kind} with {'an' if name in NAMES else 'a new'} " \
        "extra field"


def _deliver_mutation(data: st.DataObject, game: Game, sender: int) -> None:
    duel = game.duel
    message, where, what = _mutation(data, game, sender, data.draw(st.sampled_from(OPS)))
    receiver = duel.peers[1 - sender]
    before = snapshot(receiver)
    try:
        receiver.receive(*message)
    except ProtocolViolation:
        assert snapshot(receiver) == before, f"{what}: the refused message changed the peer"
        event(f"refused: {what}")
        return
    queue, stream = duel.queues[1 - sender], duel.streams[sender]
    at = len(stream) - len(queue)
    real = queue[0] if where != "insert" else None
    if where == "replace":
        queue.popleft()
        stream[at] = message
    elif where == "insert":
        stream.insert(at, message)
    else:
        del queue[1]
        stream[at], stream[at + 1] = stream[at + 1], stream[at]
    identical = real is not None and where == "replace" and _same(real, message)
    event(f"accepted ({'identical' if identical else 'different'}): {what}")
    if not identical:
        game.semantic.append(what)


def _play(data: st.DataObject, game: Game, targets: list[tuple[int, str | None]]) -> None:
    """Play to the end; the n-th delivery at or after each target's index, of its kind, is mutated first."""
    duel = game.duel
    deliveries = 0
    for _ in range(50_000):
        duel.flush()
        sender = next((1 - s for s in (0, 1) if duel.queues[s]), None)
        if sender is None:
            if not duel.move():
                return
            continue
        kind = duel.queues[1 - sender][0][0]
        due = next((t for t in targets if t[0] <= deliveries and t[1] in (None, kind)), None)
        if due is not None:      # then look again: an accepted mutation may have taken the real message's place
            targets.remove(due)
            _deliver_mutation(data, game, sender)
            continue
        deliveries += 1
        try:
            duel.deliver_one()
        except ProtocolViolation as exc:
            game.error = exc
            return
    raise AssertionError("the game did not end")


@settings(max_examples=30, deadline=None, derandomize=True, database=None, phases=UNSHRUNK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**16), decks=st.sampled_from([(0, 1), (1, 2), (2, 0), None]),
       chain_length=st.sampled_from([4096, 3]),
       targets=st.lists(st.tuples(st.integers(0, 250), st.sampled_from([*KINDS, None, None, None])),
                        min_size=4, max_size=16),
       data=st.data())
def test_mutated_messages_are_refused_without_a_trace_or_caught_and_the_verifier_agrees(
        seed: int, decks: tuple[int, int] | None, chain_length: int, targets: list[tuple[int, str | None]],
        data: st.DataObject) -> None:
    """Issue 36 (fuzz of the game message checker; holes 2 and 4)."""
    game = Game(Duel(seed, decks, chain_length))
    _play(data, game, list(targets))
    live = game.error is None
    if live:      # nothing raised: the game ended, verified on both sides (no wedged peer)
        assert all(p.result is not None and p.result.verified for p in game.duel.peers)
        assert game.semantic == [], game.semantic
    try:
        verify_game(DB, *game.duel.streams)
        verified = True
    except ProtocolViolation:
        verified = False
    event("live: verified" if live else "live: caught")
    assert verified == live, f"live {'accepted' if live else f'refused ({game.error})'} but the verifier did not"


@settings(max_examples=40, deadline=None, derandomize=True, database=None, phases=UNSHRUNK,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 400), resigner=st.integers(0, 1))
def test_a_resignation_at_any_moment_is_judged_alike_live_and_by_the_verifier(seed: int, steps: int,
                                                                              resigner: int) -> None:
    """Hole 4: a resignation sent at any moment (the game in any state, messages in flight) is accepted
    live exactly when the verifier accepts the transcript it leaves."""
    duel = Duel(seed, (0, 2))
    for _ in range(steps):
        if not duel.step():
            break
    duel.flush()
    receiver = duel.peers[1 - resigner]
    before = snapshot(receiver)
    try:
        receiver.receive("resign", {})
        accepted = True
    except ProtocolViolation:
        assert snapshot(receiver) == before
        accepted = False
    try:
        verify_game(DB, *forged_resignation(duel, resigner))
        verified = True
    except ProtocolViolation:
        verified = False
    event(f"resign {'accepted' if accepted else 'refused'}")
    assert verified == accepted
