"""Simple strikes played through the engine with chosen dice, nobody intervening, against what `odds`
predicts; and boards to play them on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from berserk_tui.engine import CHANCE, GameState, apply, legal_actions, view
from berserk_tui.engine.actions import Choose, Pass, Roll, Skip, Strike
from berserk_tui.engine.core import Events
from berserk_tui.engine.damage import Wounding
from berserk_tui.engine.dice import LEVEL_NAMES
from berserk_tui.engine.odds import UNKNOWN, StrikeOdds, reduce_options, strike_odds
from berserk_tui.scenario.build import Scenario, build
from cards.loader import load_all
from cards.schema import ATTACK_KINDS

DB = load_all()
FACES = range(1, 7)

OnReduce = Callable[[GameState], None]


class Played(NamedTuple):
    """What the engine did: the levels of its "hit" event, whether it asked for a reduction, and the wounds of
    its strike (`wounded` events) and what armor stopped (`prevented` events) for the struck card and the attacker."""
    level: int
    counter: int
    exchange: bool
    fought: bool                 # the struck card rolled too
    hit: tuple[int, int]         # (wounds landed, stopped by armor) on the struck card
    back: tuple[int, int]        # the same on the attacker


class Skipped(Exception):
    """The strike cannot be played without an intervention (a defender must be assigned)."""


def seen(w: Wounding) -> tuple[int, int]:
    """What the engine's events show of a predicted `Wounding`: landed, and armor's share (a protected hit
    emits nothing)."""
    return w.landed, w.prevented if w.reason == "armor" else 0


def wounds_after_hit(ev: Events, attacker: int, fighter: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(landed, stopped by armor) on the struck card and on the attacker, from the events the hit's wounds and
    then the counter's emit right after the "hit" event: for each, maybe `protected`, `prevented` by armor,
    `wounded` by the other card's attack."""
    i = next(i for i, e in enumerate(ev) if e.kind == "hit") + 1
    out = []
    for uid, source in ((fighter, attacker), (attacker, fighter)):
        landed = stopped = 0
        if i < len(ev) and ev[i].kind == "protected" and ev[i].data["uid"] == uid:
            i += 1
        if i < len(ev) and ev[i].kind == "prevented" and ev[i].data["uid"] == uid and ev[i].data["reason"] == "armor":
            stopped, i = ev[i].data["amount"], i + 1
        if i < len(ev) and ev[i].kind == "wounded" and ev[i].data["uid"] == uid \
                and ev[i].data["source"] == source and ev[i].data["kind"] in ATTACK_KINDS:
            landed, i = ev[i].data["amount"], i + 1
        out.append((landed, stopped))
    return out[0], out[1]


def strike_end(ev: Events) -> str | None:
    """How the strike ended: the kind of the first "hit", "blocked" or "fizzled" event (a later one belongs to
    something the strike set off, e.g. a triggered shot blocked by another card), or None while it goes on."""
    return next((e.kind for e in ev if e.kind in ("hit", "blocked", "fizzled")), None)


def finish(s: GameState, ev: Events, dice: dict[int, int], on_reduce: OnReduce | None) -> tuple[bool, set[int]]:
    """Answer decisions until the strike has hit or was blocked: each card's die from `dice` (a card rolling
    twice gets the same value twice), every window passed, every optional trigger declined, no redirection, no
    better row, an exchange kept.
    Returns whether a "reduce" decision came and the cards that rolled."""
    exchange, rolled = False, set()
    while strike_end(ev) is None:
        kind = s.pending.kind
        if s.pending.player == CHANCE:
            rolled.add(s.pending.data.who)
            ev += apply(s, Roll(dice[s.pending.data.who]))
        elif kind in ("respond", "respond_special", "roll_respond"):
            if Pass() not in legal_actions(s):
                raise Skipped(kind)
            ev += apply(s, Pass())
        elif kind in ("redirect_next", "redirect_attack"):
            ev += apply(s, Skip())
        elif kind in ("confirm", "pick_roll", "upgrade"):     # confirm: an optional trigger, declined
            ev += apply(s, Choose(0))
        elif kind == "reduce":
            exchange = True
            if on_reduce is not None:
                on_reduce(s)
            ev += apply(s, Choose(0))
        else:
            raise AssertionError(f"unexpected decision {s.pending}")
    return exchange, rolled


def play(state: GameState, strike: Strike, a: int, d: int, on_reduce: OnReduce | None = None) -> Played | None:
    """Strike with the attacker's die `a` and the struck card's `d`; None when the strike was blocked."""
    s = state.clone()
    ev = apply(s, strike)
    exchange, rolled = finish(s, ev, {strike.uid: a, strike.target: d}, on_reduce)
    if strike_end(ev) == "blocked":
        return None
    hit = next(e.data for e in ev if e.kind == "hit")
    assert (hit["uid"], hit["target"]) == (strike.uid, strike.target), hit
    return Played(LEVEL_NAMES.index(hit["level"]), LEVEL_NAMES.index(hit["counter"]), exchange,
                  strike.target in rolled, *wounds_after_hit(ev, strike.uid, strike.target))


def choose(state: GameState, option: int) -> tuple[int, int, tuple[int, int], tuple[int, int]]:
    """Answer the pending "reduce" decision with `option` on a clone: (level, counter, hit, back) as played."""
    s = state.clone()
    attacker, fighter = s.pending.data.attacker, s.pending.data.fighter
    ev = apply(s, Choose(option))
    while not any(e.kind == "hit" for e in ev):
        assert s.pending.kind == "upgrade", s.pending
        ev += apply(s, Choose(0))
    hit = next(e.data for e in ev if e.kind == "hit")
    return (LEVEL_NAMES.index(hit["level"]), LEVEL_NAMES.index(hit["counter"]),
            *wounds_after_hit(ev, attacker, fighter))


def board(*cards: dict[str, Any], active: int = 0) -> tuple[GameState, dict[str, int]]:
    """A battle state from [[card]] tables (as in a scenario file); seat `active` is at its main decision."""
    setup = {"first": 0, "active": active, "turn": 1 + active}
    built = build(Scenario("odds", "", [], setup, list(cards), [], []), DB)
    return built.state, built.labels


def card(name: str, owner: int, cell: str | None, label: str, **extra: Any) -> dict[str, Any]:
    spec = {"card": name, "owner": owner, "label": label, **extra}
    if cell is not None:
        spec["cell"] = cell
    return spec


def check_reduce(state: GameState) -> None:
    """Each answer to the pending "reduce" decision does what `reduce_options` says on the chooser's view."""
    options = reduce_options(view(state, state.pending.player))
    for option, o in enumerate(options):
        assert choose(state, option) == (o.level, o.counter, seen(o.hit), seen(o.back)), f"option {option}"


def check_strike(state: GameState, strike: Strike, as_seen: bool = True) -> StrikeOdds | None:
    """The odds of `strike` on the striker's view (on `state` itself if not `as_seen`) against the engine fed
    every pair of dice (and at each exchange, `check_reduce`); the odds, or None when they cannot be compared
    (an unknown target, a defender who must be assigned)."""
    v = view(state, state.active) if as_seen else state.clone()
    before = v.state_hash()
    odds = strike_odds(v, strike.uid, strike.target)
    assert v.state_hash() == before, "strike_odds changed the state"
    if odds == UNKNOWN:
        return None
    try:
        played = [play(state, strike, a, d, check_reduce) for a in FACES for d in FACES]
    except Skipped:
        return None
    if odds.blocked:
        assert played == [None] * 36
        return odds
    assert None not in played
    assert {p.fought for p in played} == {odds.fights}
    assert sum(o.chance for o in odds.outcomes) == odds.total
    got = Counter((p.level, p.counter, p.exchange, p.hit, p.back) for p in played)
    per_pair = 1 if odds.fights else len(FACES)        # a single roll: the struck card's die is never used
    want = Counter({(o.level, o.counter, o.exchange, seen(o.hit), seen(o.back)): o.chance * per_pair
                    for o in odds.outcomes})
    assert got == want
    return odds
