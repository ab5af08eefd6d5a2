"""Bot-against-bot simulation: complete games with results, timings, stalls and failures counted.

Games come in pairs: games 2k and 2k+1 share everything (the seed of their dice and shuffles,
drawn from `random.Random(f"{s}:{k}")`, and the decks) except that the bots swap seats, so
neither bot profits from a seat, a deck or lucky dice. The deck pairs cycle through every
ordered pair of different decks (`deck_pair`); with `mirror` each pair of games plays one deck
against itself (deck strength then cannot decide a pair, only play and dice can); with
`random_decks` each pair of games gets two decks drawn at random from whole sets
(`cards.random_decks`). `sets` chooses the sets: the shipped decks whose cards all belong to them, or
the sets random decks draw from (one pool, so several sets mix in a deck); by default the shipped decks
of `RECORDED_SETS` (the pool the records in bench/records/ were played with, so they keep replaying
when decks of other sets are added) and random decks from every set with implemented cards.
Results are counted per bot: `p1` and `p2`.
Every bot decision with a real choice is timed, and a decision whose search the clock cut short
(before its limit in positions, on a slow or busy machine) is counted: a game without one plays
the same on any machine. A bot sees only its seat's view.
"""

from __future__ import annotations

import math
import random
import statistics
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from berserk_tui import games as game_defs
from berserk_tui.bot import Agent, get_agent
from berserk_tui.engine import DRAW, GameState, Rules
from berserk_tui.engine.gamedef import Driver, GameDef
from berserk_tui.engine.keywords import life_left, max_life
from berserk_tui.engine.places import is_creature
from berserk_tui.engine.rng import SeededSource
from berserk_tui.games.classic import CLASSIC
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import CardDB, load_all
from cards.random_decks import implemented_sets, random_deck

MAX_ACTIONS = 100_000   # a game still running after this many actions counts as an error
DECISION_LIMIT = 2.5    # seconds: a slower decision counts as a timeout
Times = tuple[list[float], list[float]]   # per bot (p1 = 0, p2 = 1): one entry per decision with a real choice


@dataclass(frozen=True, slots=True)
class GameFailure:
    """An exception raised while playing game `index` of the run with seed `seed`
    (`play_game` with the same arguments raises it again)."""
    index: int
    seed: int
    error: str   # "TypeName: message"
    where: str   # innermost frame: "file.py:LINE in function"

    def __str__(self) -> str:
        return f"game {self.index} (seed {self.seed}): {self.error} at {self.where}"


@dataclass(slots=True)
class SimResult:
    """Totals of a run; `wins`, `times` and `cpu` are indexed by bot (p1 = 0, p2 = 1), not by seat.
    `times` are wall-clock seconds per decision, `cpu` the CPU seconds of the same decisions: a
    decision slow by the wall but not by the CPU waited for a loaded or paused machine."""
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    stalled: int = 0
    failures: list[GameFailure] = field(default_factory=list)
    turns: int = 0        # summed over the games that finished
    actions: int = 0      # player decisions (not dice or shuffles) of the games that finished
    seconds: float = 0.0
    times: Times = field(default_factory=lambda: ([], []))
    cpu: Times = field(default_factory=lambda: ([], []))
    clock_cuts: list[int] = field(default_factory=lambda: [0, 0])   # per bot, of the games that counted them
    limit: float = DECISION_LIMIT

    @property
    def errors(self) -> int:
        return len(self.failures)

    @property
    def turns_mean(self) -> float:
        finished = self.games - self.errors
        return self.turns / finished if finished else 0.0

    @property
    def timeouts(self) -> int:
        return sum(1 for times in self.times for t in times if t > self.limit)

    @property
    def cpu_timeouts(self) -> int:
        return sum(1 for times in self.cpu for t in times if t > self.limit)

    def win_rate(self, bot: int = 0) -> tuple[float, float, float]:
        """Share of games bot `bot` won (draws and stalls are not wins), with its 95% Wilson interval."""
        return wilson(self.wins[bot], self.games)

    def decision_stats(self, bot: int) -> dict[str, float]:
        """Median, 90th percentile and slowest decision of a bot, in milliseconds (the slowest also
        in CPU time)."""
        times = sorted(self.times[bot])
        if not times:
            return {"decisions": 0, "median_ms": 0.0, "p90_ms": 0.0, "max_ms": 0.0, "max_cpu_ms": 0.0}
        return {"decisions": len(times), "median_ms": round(statistics.median(times) * 1000, 2),
                "p90_ms": round(times[int(0.9 * (len(times) - 1))] * 1000, 2), "max_ms": round(times[-1] * 1000, 2),
                "max_cpu_ms": round(max(self.cpu[bot], default=0.0) * 1000, 2)}

    def to_json(self) -> dict[str, Any]:
        rate, low, high = self.win_rate(0)
        return {
            "games": self.games, "wins": {"p1": self.wins[0], "p2": self.wins[1]}, "draws": self.draws,
            "errors": self.errors, "turns_mean": round(self.turns_mean, 2), "actions": self.actions,
            "seconds": round(self.seconds, 3), "stalled": self.stalled,
            "p1_win_rate": {"rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)]},
            "decisions": {"p1": self.decision_stats(0), "p2": self.decision_stats(1)},
            "timeouts": self.timeouts, "cpu_timeouts": self.cpu_timeouts,
            "clock_cuts": {"p1": self.clock_cuts[0], "p2": self.clock_cuts[1]},
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """The success rate and its Wilson score interval (95% for z = 1.96)."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def deck_pair(decks: Sequence[Sequence[str]], index: int) -> tuple[list[str], list[str]]:
    """The decks of seats 0 and 1 in game `index`: all ordered pairs of different decks in turn
    (with two decks the seats swap them every game); a single deck plays itself."""
    n = len(decks)
    if n == 1:
        return list(decks[0]), list(decks[0])
    k = index % (n * (n - 1))
    a, b = divmod(k, n - 1)
    return list(decks[a]), list(decks[b + 1 if b >= a else b])


def game_decks(db: CardDB, decks: Sequence[Sequence[str]] | None, seed: int, index: int,
               sets: Sequence[int] = (), seats: int = 2) -> tuple[list[str], ...]:
    """The decks of game `index`, one per seat: from `deck_pair` (more than two seats: drawn from `decks`, all
    different while there are enough), or with `decks` None random decks drawn from `sets` (none: every set
    with implemented cards), the same for both games of a pair."""
    rng = random.Random(f"{seed}:{index // 2}:decks")
    if decks is not None:
        if seats == 2:
            return deck_pair(decks, index // 2)
        picks = rng.sample(range(len(decks)), seats) if len(decks) >= seats else \
            [rng.randrange(len(decks)) for _ in range(seats)]
        return tuple(list(decks[k]) for k in picks)
    pool = tuple(sets) or implemented_sets(db)
    return tuple(random_deck(db, rng, pool) for _ in range(seats))


class Timed:
    """An agent that records how long each decision with a real choice took, by the wall clock
    and in CPU time of this process, and counts into `cuts[bot]` the decisions whose search the
    clock cut short (an agent that keeps a `clock_cuts` count)."""

    def __init__(self, agent: Agent, times: list[float], cpu: list[float], cuts: list[int], bot: int) -> None:
        self.agent = agent
        self.times = times
        self.cpu = cpu
        self.cuts = cuts
        self.bot = bot

    def __call__(self, state: GameState, actions: list) -> Any:
        if len(actions) < 2:
            return self.agent(state, actions)
        before = getattr(self.agent, "clock_cuts", 0)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.agent(state, actions)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
        self.cuts[self.bot] += getattr(self.agent, "clock_cuts", 0) - before
        return action


def seats_of(index: int, teams: Sequence[int] = (0, 1), fixed: bool = False) -> tuple[int, ...]:
    """Which bot (0 = p1, 1 = p2) sits in each seat in game `index`: p1 plays team 0 in the even games and team 1
    in the odd ones, each bot every seat of its team (`teams`: the seats' teams; the duel's by default). `fixed`:
    p1 plays team 0 in every game (a mode whose other side the rules play, as Астарот's in `laar-solo`)."""
    return tuple(team if fixed else (team + index) % 2 for team in teams)


def ruled(game_def: GameDef) -> bool:
    """Does the rules play a seat of `game_def` (then the bots keep their seats: `seats_of`'s `fixed`)?"""
    return bool(getattr(game_def, "seat_roles", None))


def play_game(db: CardDB, decks: Sequence[Sequence[str]] | None, seed: int, index: int, p1: str, p2: str,
              rules: Rules, timed: tuple[Times, Times, list[int]] | None = None,
              game_def: GameDef = CLASSIC, sets: Sequence[int] = ()) -> tuple[Driver, int]:
    """Play game `index` of the run with seed `seed` to its end: (the game, player actions taken), with the bots
    and the rules of `game_def`; random decks (`decks` None) are drawn from `sets` (`game_decks`). With
    `timed` = (wall, cpu, cuts), each bot's decision times go to `wall[bot]` and `cpu[bot]`, and its decisions
    cut short by the clock are counted in `cuts[bot]`."""
    rng = random.Random(f"{seed}:{index // 2}")
    source = SeededSource(rng.getrandbits(64))
    bot_seeds = (rng.getrandbits(64), rng.getrandbits(64))
    seats = game_def.rules(rules).seats
    seat_seeds = [rng.getrandbits(64) for _ in range(seats.count - 2)]    # a bot's second seat and on: its own
    names = (p1, p2)
    agents = []
    for seat, bot in enumerate(seats_of(index, seats.teams, ruled(game_def))):
        seed_ = bot_seeds[bot] if seat < 2 else seat_seeds[seat - 2]
        agent: Agent = get_agent(names[bot], seed_, game_def.agents)
        agents.append(Timed(agent, timed[0][bot], timed[1][bot], timed[2], bot) if timed is not None else agent)
    deal = getattr(game_def, "random_deck", None)       # a game with cards of its own draws its random decks
    if decks is None and deal is not None:
        deck_rng = random.Random(f"{seed}:{index // 2}:decks")
        dealt = tuple(deal(db, deck_rng) for _ in range(seats.count))
    else:
        dealt = game_decks(db, decks, seed, index, sets, seats.count)
    game = game_def.start(db, dealt, source, rules)
    steps = 0
    while not game.over and steps < MAX_ACTIONS:
        seat = game.state.pending.player
        game.step(agents[seat](game_def.view(game.state, seat), game.legal_actions()))
        steps += 1
    if not game.over:
        raise RuntimeError(f"no result after {steps} actions")
    return game, steps


@dataclass(slots=True)
class GameOutcome:
    """What one game adds to a `SimResult`."""
    index: int
    winner_bot: int = -1          # 0 = p1, 1 = p2, -1 = none
    draw: bool = False
    stalled: bool = False
    turns: int = 0
    actions: int = 0
    times: Times = field(default_factory=lambda: ([], []))
    cpu: Times = field(default_factory=lambda: ([], []))
    clock_cuts: list[int] | None = field(default_factory=lambda: [0, 0])   # per bot; None: not recorded
    failure: GameFailure | None = None
    left: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())   # of a stalled game, per bot: "name life/max"
    first_bot: int = -1           # the bot that moved first


_DB: CardDB | None = None


def survivors(state: GameState, seats: Sequence[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The creatures left on the battlefield of each bot (`seats`: the bot in each seat) in the full
    state, as "name life/max" in card order: what a stalled game stalled on."""
    left: tuple[list[str], list[str]] = ([], [])
    for c in state.cards:
        if c.on_battlefield and is_creature(state, c.uid):
            name = state.db.cards[c.card_id].name
            left[seats[c.owner]].append(f"{name} {life_left(state, c.uid)}/{max_life(state, c.uid)}")
    return tuple(left[0]), tuple(left[1])


def run_game(decks: Sequence[Sequence[str]] | None, seed: int, index: int, p1: str, p2: str, rules: Rules,
             sets: Sequence[int] = (), game: str = "classic", db: CardDB | None = None) -> GameOutcome:
    """Play one game of the definition named `game` and summarise it; an exception becomes a recorded failure."""
    cuts = [0, 0]
    out = GameOutcome(index, clock_cuts=cuts)
    try:
        game_def = game_defs.by_name(game)
        db = db if db is not None else _db_of(game_def)
        played, steps = play_game(db, decks, seed, index, p1, p2, rules, (out.times, out.cpu, cuts), game_def, sets)
    except Exception as exc:  # any failure of the engine or a bot is a finding, not a crash
        out.failure = GameFailure(index, seed, f"{type(exc).__name__}: {exc}", _where(exc))
        return out
    state = played.state
    out.actions, out.turns = steps, min(state.turn, rules.turn_limit)
    bots = seats_of(index, state.seats.teams, ruled(game_def))
    out.first_bot = bots[state.first]
    if state.stalled:
        out.stalled = True
        out.left = getattr(game_def, "survivors", survivors)(state, bots)
    elif state.winner == DRAW:
        out.draw = True
    else:
        out.winner_bot = (state.winner + index) % 2     # the winner is a team (in the duel, the seat)
    return out


def simulate(games: int, seed: int, p1: str = "random", p2: str = "random",
             decks: Sequence[Sequence[str]] | None = None, turn_limit: int = 200, rules: Rules | None = None,
             db: CardDB | None = None, jobs: int = 1, limit: float = DECISION_LIMIT,
             progress: Callable[[GameOutcome, SimResult], None] | None = None,
             random_decks: bool = False, mirror: bool = False, sets: Sequence[int] | None = None,
             done: Sequence[GameOutcome] = (), elapsed: float = 0.0, game_def: GameDef = CLASSIC) -> SimResult:
    """Play `games` complete games between bots `p1` and `p2`, alternating their seats.

    `decks` are card-id lists (default: the builtin decks of `sets`, see `pool_sets`; with `random_decks`,
    decks drawn from `sets` for each pair of games; with `mirror`, each pair of games plays one
    deck against itself, the decks in turn); `turn_limit` overrides the one in
    `rules`; `jobs` > 1 plays games in that many processes (same results, in game order).
    An exception in a game is recorded as a failure and the run goes on. `progress` is called
    after each game played (in game order) with its outcome and the totals so far. `done` are
    outcomes of an earlier part of the same run (`sim_record`): they count as they are, their games
    are not played again, and `elapsed` is the seconds that part took.
    The games are of `game_def` (a registered definition: `games.by_name` finds it again in a worker process).
    Raises UnknownAgent for an unknown bot name, ValueError for random decks of sets too small for a deck or a
    definition that is not registered.
    """
    game = game_defs.by_name(game_def.name).name
    for name in (p1, p2):
        get_agent(name, 0, game_def.agents)      # fail before playing on an unknown name
    db = db or _db_of(game_def)
    own_cards = hasattr(game_def, "random_deck")     # a game with cards of its own: its decks, its rules
    chosen = () if own_cards else pool_sets(db, random_decks, sets)
    if own_cards and not random_decks and not decks:
        raise ValueError(f"the game {game_def.name!r} has no prebuilt decks yet: play it with random decks")
    if random_decks:   # ValueError now on sets too small for a deck
        game_def.random_deck(db, random.Random(0)) if own_cards else random_deck(db, random.Random(0), chosen)
    pool = None if random_decks else [list(d) for d in (decks or [d.cards for d in builtin_decks(db, chosen)])]
    rules = game_def.sim_rules(turn_limit) if own_cards else replace(rules or Rules(), turn_limit=turn_limit)
    result = SimResult(limit=limit)
    finished = {out.index for out in done if out.index < games}
    for out in done:
        if out.index < games:
            _add(result, out)
    start = time.perf_counter() - elapsed
    result.seconds = elapsed
    args = [(mirror_pool(pool, i) if mirror and pool else pool, seed, i, p1, p2, rules, chosen, game)
            for i in range(games) if i not in finished]
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        outcomes = pool.map(_run_packed, args, chunksize=1) if pool else (run_game(*a, db=db) for a in args)
        for out in outcomes:
            _add(result, out)
            result.seconds = time.perf_counter() - start
            if progress is not None:
                progress(out, result)
    return result


def _db_of(game_def: GameDef) -> Any:
    """The card database of `game_def`'s games (a game with cards of its own loads them: `load_db`), once per
    process."""
    global _DB
    if hasattr(game_def, "load_db"):
        return game_def.load_db()
    _DB = _DB or load_all()
    return _DB


def pool_sets(db: CardDB, random_decks: bool, sets: Sequence[int] | None = None) -> tuple[int, ...]:
    """The sets a run's decks come from: `sets` in set order, else for random decks every set with implemented
    cards and for the shipped decks `RECORDED_SETS`."""
    if sets:
        return tuple(sorted(set(sets)))
    return implemented_sets(db) if random_decks else RECORDED_SETS


def mirror_pool(pool: list[list[str]], index: int) -> list[list[str]]:
    """The one-deck pool of game `index` in mirror matches: both seats get the same deck."""
    return [pool[index // 2 % len(pool)]]


def _run_packed(args: tuple) -> GameOutcome:
    return run_game(*args)


def _add(result: SimResult, out: GameOutcome) -> None:
    result.games += 1
    if out.failure is not None:
        result.failures.append(out.failure)
        return
    result.actions += out.actions
    result.turns += out.turns
    for bot in (0, 1):
        result.times[bot].extend(out.times[bot])
        result.cpu[bot].extend(out.cpu[bot])
        if out.clock_cuts is not None:
            result.clock_cuts[bot] += out.clock_cuts[bot]
    if out.stalled:
        result.stalled += 1
    elif out.draw:
        result.draws += 1
    else:
        result.wins[out.winner_bot] += 1


def _where(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
