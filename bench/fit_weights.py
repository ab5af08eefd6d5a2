"""Fit the evaluation's terms to who won: a logistic regression over positions of greedy games.

    python bench/fit_weights.py GAMES JOBS [SEED]     e.g.  python bench/fit_weights.py 480 2 2

Plays GAMES greedy-against-greedy mirror games (the ladder's decks and pairing, with SEED, default
2, so not the games `weights.py` screens with) and takes the full state at the first free choice of
every turn. Each position's terms (seat 0's minus seat 1's) are fitted to the game's winner (drawn
and stalled games left out; every game weighs the same however long it ran), as chess engines tune
their evaluation ("Texel tuning"). `wounded cost` is the fitted `Weights.wounded_floor`. Printed per
term: its fitted weight in crystals (the card cost's weight is 1) over all games and over each half
of them, which shows how far to trust it. A term's weight is what the positions of these games say
it was worth, not proof that a bot using it plays better: `weights.py` screens that.
"""

from __future__ import annotations

import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor

from berserk_tui.bot import get_agent
from berserk_tui.bot.evaluate import exposed, is_shooter, profile
from berserk_tui.engine import Game, GameState, Rules, view
from berserk_tui.engine.rng import SeededSource
from berserk_tui.sim import game_decks, seats_of
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all

TERMS = ("cost", "body", "wounded cost", "wounded body", "closed", "exposed", "poison", "curse",
         "chips", "apart", "shooter", "to move", "moved first")
DB = load_all()
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]


def terms(state: GameState) -> list[float]:
    """Seat 0's terms minus seat 1's. A creature at a share `left` of its life adds `left` of its cost
    and body and `1 - left` of them to the wounded terms (`Weights.wounded_floor` is their ratio)."""
    t = dict.fromkeys(TERMS, 0.0)
    melee: list[tuple[float, int]] = []
    on_board: tuple[list[int], list[int]] = ([], [])
    for c in state.cards:
        if not c.on_battlefield:
            continue
        sign = 1.0 if c.owner == 0 else -1.0
        d = state.db.cards[c.card_id]
        worth, melee_kind, creature = profile(d)
        if not creature or d.life + c.extra_life <= 0:
            t["cost"] += sign * worth
            continue
        left = max(0, d.life + c.extra_life - c.wounds) / (d.life + c.extra_life)
        for name, value in (("cost", d.cost * left), ("body", left), ("wounded cost", d.cost * (1 - left)),
                            ("wounded body", 1 - left), ("closed", c.closed), ("poison", bool(c.poison)),
                            ("curse", bool(c.cursed)), ("chips", c.chips),
                            ("shooter", worth * left * is_shooter(d))):
            t[name] += sign * value
        if c.zone == "board":
            on_board[c.owner].append(c.cell)
            if melee_kind:
                melee.append((sign, c.uid))
            if c.closed and exposed(state, c.uid):
                t["exposed"] += sign
    for sign, uid in melee:
        foes = on_board[1 - state.cards[uid].owner]
        if foes:
            t["apart"] += sign * (min(state.geo.distances[state.cards[uid].cell][f] for f in foes) - 1)
    t["to move"] = 1.0 if state.active == 0 else -1.0
    t["moved first"] = 1.0 if state.first == 0 else -1.0
    return [t[name] for name in TERMS]


def play(seed: int, index: int) -> tuple[int, list[list[float]]]:
    """Game `index` between two greedy bots: (winning seat or -1, the terms at each turn's start)."""
    rng = random.Random(f"{seed}:{index // 2}")
    source = SeededSource(rng.getrandbits(64))
    bots = [get_agent("greedy", rng.getrandbits(64)) for _ in seats_of(index)]
    game = Game.start(DB, game_decks(DB, [DECKS[index // 2 % len(DECKS)]], seed, index), source, Rules())
    rows, turn = [], None
    while not game.over:
        state = game.state
        if state.pending.kind == "main" and (state.turn, state.active) != turn:
            turn = (state.turn, state.active)
            rows.append(terms(state))
        seat = state.pending.player
        game.step(bots[seat](view(state, seat), game.legal_actions()))
    won = game.state.winner if game.state.winner in (0, 1) and not game.state.stalled else -1
    return won, rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gauss-Jordan with partial pivoting; `a` is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(games: list[tuple[int, list[list[float]]]], ridge: float = 1e-3) -> list[float]:
    """Logistic regression without an intercept (the terms are seat 0's minus seat 1's, so a position
    and its mirror image are the same data), by Newton's method."""
    k = len(TERMS)
    beta = [0.0] * k
    for _ in range(25):
        grad = [ridge * b for b in beta]
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for won, rows in games:
            weight, y = 1.0 / len(rows), 1.0 if won == 0 else 0.0
            for x in rows:
                p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, sum(b * v for b, v in zip(beta, x, strict=True))))))
                g, h = weight * (p - y), weight * p * (1 - p)
                for i in range(k):
                    grad[i] += g * x[i]
                    hx = h * x[i]
                    for j in range(k):
                        hess[i][j] += hx * x[j]
        step = solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step, strict=True)]
        if max(map(abs, step)) < 1e-6:
            break
    return beta


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        sys.exit(__doc__)
    games, jobs = int(argv[0]), int(argv[1])
    seed = int(argv[2]) if len(argv) > 2 else 2
    with ProcessPoolExecutor(jobs) as pool:
        played = list(pool.map(play, [seed] * games, range(games)))
    won = [(w, rows) for w, rows in played if w != -1 and rows]
    half = len(won) // 2
    fits = [fit(part) for part in (won, won[:half], won[half:])]
    print(f"{games} games, {len(won)} won ({sum(len(r) for _, r in won)} positions); weights in crystals"
          f" (cost = 1), all games / first half / second half:")
    cost = TERMS.index("cost")
    for i, name in enumerate(TERMS):
        print(f"  {name:14s}" + "".join(f" {f[i] / f[cost]:+8.3f}" for f in fits))


if __name__ == "__main__":
    main(sys.argv[1:])
