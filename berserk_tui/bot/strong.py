"""The strong bot: the greedy bot's best candidates, each searched one action deeper.

At a free choice of its turn (`main`) the bot ranks every action one ply ahead like the
greedy bot, keeps the few best (and ending the turn), and looks one action further for each:
a determinization of the cards it cannot see, dice drawn at random (the same draws for every
candidate), the rest of the action resolved by greedy choices on both sides, then the best
next action of the turn one ply ahead. A candidate scores its exact one-ply value plus the
average of what the next action adds (moving into reach of a kill, striking in the right
order, not ending the turn with a strike left).

A decision's search is limited in positions (`POSITIONS`), so a seed gives the same play on
any machine, and by the clock (`BUDGET_S`) only as a safety net on a machine too slow for
those positions (`Allowance`; `clock_cuts` counts such decisions). Samples continue in rounds
until 80% of either limit is spent, `max_samples` is reached, or two rounds agree (a follow-up
without dice or hidden cards gives the same gain every time); a round still unfinished at 90% is
dropped, and with no round done the best one-ply value is played. Every search, the one-ply one
included, stops branching at 90%, so no single sample can overrun the limits. Other decisions
(defenders, targets, set-up) are the greedy bot's, within the same allowance. Its evaluation also
charges a creature left closed next to an enemy (`CALM`); in a stand-off (`standoff`) every
evaluation uses the pressing weights.
"""

from __future__ import annotations

import math
import random

from berserk_tui.engine import CHANCE, Action, GameState, IllegalAction, apply, legal_actions
from berserk_tui.engine.actions import EndTurn, Roll, Shuffle

from .allowance import Allowance
from .determinize import determinize
from .evaluate import WIN, Weights, evaluate
from .greedy import GreedyBot, setup_choice
from .lookahead import Lookahead, unseen_draws
from .reroll import reroll_choice
from .standoff import PRESS, weights_for

POSITIONS = 6_000       # positions searched per decision, the default: the same play on any machine
BUDGET_S = 2.0          # seconds per decision, the default: a safety net on a machine too slow for them
SOFT_SHARE = 0.8        # no new round of samples after this share of either limit
HARD_SHARE = 0.9        # ... and none of a round's samples after this share (the round is dropped)
WIDTH = 10              # candidates searched besides ending the turn
MARGIN = 3.0            # ... among those within this many crystals of the best one-ply value
MAX_SAMPLES = 6
SETTLED = 0.05          # stop after two rounds when no candidate's gain moved more than this
FOLLOW_BUDGET = 600     # positions for the one-ply look at the next action
PLAY_OUT_BUDGET = 100   # positions for a choice while an action resolves
MAX_STEPS = 200         # steps to play out one action before giving up on it
CALM = Weights(exposed=0.5)   # out of a stand-off: a creature closed next to an enemy costs more


class StrongBot:
    """Sampled two-ply search over the greedy bot's candidates, within a budget of positions and time."""

    def __init__(self, seed: int, budget_s: float = BUDGET_S, max_samples: int = MAX_SAMPLES,
                 width: int = WIDTH, margin: float = MARGIN, press: Weights | None = PRESS,
                 calm: Weights = CALM, positions: int | None = POSITIONS) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(self.rng.getrandbits(64), press=press, calm=calm)
        self.press = press
        self.calm = calm
        self.budget_s = budget_s
        self.positions = positions
        self.clock_cuts = 0            # decisions whose search the clock ended before the positions did
        self.max_samples = max_samples
        self.width = width
        self.margin = margin

    def __call__(self, state: GameState, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        choice = setup_choice(state, actions)
        if choice is not None:
            return choice
        if state.pending.kind == "reroll":
            return reroll_choice(state)
        allowance = Allowance(self.positions, self.budget_s)
        try:
            return self.decide(state, actions, allowance)
        finally:
            self.clock_cuts += allowance.clock_ran_out

    def decide(self, state: GameState, actions: list[Action], allowance: Allowance) -> Action:
        if state.pending.kind != "main":
            return self.greedy.best(state, actions, allowance, HARD_SHARE)
        w = weights_for(state, self.press, self.calm)
        values = self.greedy.values(state, actions, allowance, HARD_SHARE)
        cands = self.candidates(actions, values)
        if len(cands) == 1:
            return actions[cands[0]]
        score = self.scores(state, actions, cands, values, w, allowance)
        if score is None:              # no allowance left for even one round: the best one-ply value
            return actions[cands[0]]
        return actions[self.pick(score, values)]

    @staticmethod
    def pick(score: dict[int, float], values: list[float]) -> int:
        """The searched candidate to play: the best score, then the best one-ply value, then the first."""
        return max(score, key=lambda i: (score[i], values[i], -i))

    def scores(self, state: GameState, actions: list[Action], cands: list[int], values: list[float],
               w: Weights, allowance: Allowance) -> dict[int, float] | None:
        """Each candidate's one-ply value plus its average sampled gain, by action index; None if the
        allowance ended the first round of samples."""
        gains = [0.0] * len(cands)
        spread = [(math.inf, -math.inf)] * len(cands)    # per candidate: lowest and highest gain drawn
        samples = 0
        while samples < self.max_samples and (samples == 0 or not allowance.spent(SOFT_SHARE)) \
                and not (samples >= 2 and all(hi - lo <= SETTLED for lo, hi in spread)):
            seed = self.rng.getrandbits(64)
            round_gains = []
            for i in cands:
                if allowance.spent(HARD_SHARE):
                    break
                round_gains.append(self.gain(state, actions[i], random.Random(seed), w, allowance))
            if len(round_gains) < len(cands) or allowance.spent(HARD_SHARE):
                break                  # a round cut short by the allowance is not used
            gains = [g + r for g, r in zip(gains, round_gains, strict=True)]
            spread = [(min(lo, r), max(hi, r)) for (lo, hi), r in zip(spread, round_gains, strict=True)]
            samples += 1
        if samples == 0:
            return None
        return {i: values[i] + gains[k] / samples for k, i in enumerate(cands)}

    def candidates(self, actions: list[Action], values: list[float]) -> list[int]:
        """Indices of the actions worth searching: the best few one-ply values, and ending the turn."""
        order = sorted(range(len(actions)), key=lambda i: (-values[i], i))
        top = values[order[0]]
        out = [i for i in order[: self.width] if values[i] >= top - self.margin]
        out += [i for i, a in enumerate(actions) if isinstance(a, EndTurn) and i not in out]
        return out

    def gain(self, state: GameState, action: Action, rng: random.Random, w: Weights,
             allowance: Allowance | None = None) -> float:
        """What the best next action of the turn adds after one sampled outcome of `action`.

        The candidate's own dice shift the position and its follow-up alike, so the difference
        is far less noisy than either (a control variate); its exact expected value comes
        from the one-ply search. Past `HARD_SHARE` of `allowance` it is rough, and the caller drops it."""
        me = state.pending.player
        s = determinize(state, rng)
        try:
            apply(s, action)
            self.play_out(s, rng, w, allowance)
        except (IllegalAction, KeyError, TypeError):
            return -WIN
        if s.winner != -1 or s.pending.kind != "main" or s.pending.player != me:
            return 0.0
        look = Lookahead(me, rng, FOLLOW_BUDGET, dice=1, weights=w, allowance=allowance, share=HARD_SHARE)
        return max(look.action_values(s, legal_actions(s))) - evaluate(s, me, w)

    def play_out(self, s: GameState, rng: random.Random, w: Weights, allowance: Allowance | None = None) -> None:
        """Resolve what is pending until someone has a free choice: dice and cards from an unseen deck
        at random, every other choice (defenders, reductions, targets) the greedy one of whoever makes it."""
        for _ in range(MAX_STEPS):
            p = s.pending
            if s.winner != -1 or p.kind in ("main", "over", "reveal"):
                return
            if p.player == CHANCE:
                apply(s, Roll(rng.randint(1, 6)) if p.kind == "roll" else Shuffle(0))
                continue
            options = legal_actions(s)
            draws = unseen_draws(s, options)
            if draws:
                apply(s, draws[rng.randrange(len(draws))])
                continue
            if len(options) == 1 or p.kind == "reroll":
                apply(s, options[0] if len(options) == 1 else reroll_choice(s))
                continue
            look = Lookahead(p.player, rng, PLAY_OUT_BUDGET, dice=1, weights=w, allowance=allowance,
                             share=HARD_SHARE)
            values = look.action_values(s, options)
            apply(s, options[max(range(len(options)), key=lambda i: (values[i], -i))])
