"""The strong bot of «Берсерк. Герои»: the greedy bot's best candidates, each played on through its turn and the
opponent's answer (rules decision 926).

At a free choice of its turn (`main`) the bot ranks every action one ply ahead like the greedy bot, keeps the
`WIDTH` best (and ending the turn), and plays each on a copy of its seat's view: the action and the answers to it
(`greedy.settle`), the greedy rest of its turn (`DEPTH` actions in all, then the turn ends), then `REPLY` greedy
actions of the opponent's next turn on the board this seat sees (his hidden hand stays unplayed), and judges the
position there with `evaluate`. So a creature played before a strike, and the counter-attack invited by ending
a turn with the defenders closed, are seen. The search counts positions (each action tried is one) and stops at
`POSITIONS`: a candidate not played on by then is dropped (the best one-ply candidate never is), so a seed gives
the same play on any machine. Other decisions (targets, defenders, the set-up) are the greedy bot's.
"""

from __future__ import annotations

from typing import Any

from berserk_tui.engine.actions import EndTurn, Shuffle
from berserk_tui.engine.core import IllegalAction
from berserk_tui.engine.heroes.rules import apply, legal_actions

from .evaluate import evaluate
from .greedy import HeroesGreedy, settle

POSITIONS = 3_000     # actions tried per decision at most
WIDTH = 6             # candidates played on besides ending the turn
DEPTH = 6             # actions of the turn played per candidate, the candidate included (then the turn ends)
REPLY = 4             # actions of the opponent's next turn played after it
UNKNOWN = (TypeError, KeyError, AttributeError)   # an action that reached a card this seat cannot see


class HeroesStrong:
    """A turn-deep search over the greedy bot's best candidates, within a budget of positions."""

    def __init__(self, seed: int, positions: int = POSITIONS, width: int = WIDTH, depth: int = DEPTH) -> None:
        self.greedy = HeroesGreedy(seed)
        self.positions, self.width, self.depth = positions, width, depth
        self.spent = 0                 # positions of the current decision

    def __call__(self, view: Any, actions: list) -> Any:
        if len(actions) == 1 or view.pending.kind != "main":
            return self.greedy(view, actions)
        seat = view.pending.player
        self.spent = len(actions)
        ranked = sorted(range(len(actions)), key=lambda i: (-self.greedy.value(view, seat, actions[i]), i))
        chosen = ranked[:self.width] + [i for i in ranked[self.width:] if type(actions[i]) is EndTurn]
        best, score = chosen[0], float("-inf")
        for i in chosen:
            if self.spent >= self.positions:
                break
            value = self.play_on(view, seat, actions[i])
            if value > score:
                best, score = i, value
        return actions[best]

    def play_on(self, view: Any, seat: int, action: Any) -> float:
        """The value for `seat` after `action`, the greedy rest of its turn (`depth` actions in all, then the turn
        ends) and the opponent's greedy answer on the board this seat sees (`REPLY` actions of his turn)."""
        state = view.clone()
        self.spent += 1
        try:
            apply(state, action)
        except IllegalAction:
            return float("-inf")
        except UNKNOWN:
            return evaluate(view, seat)     # judged as nothing, like the greedy bot
        settle(state, seat)
        self._turn(state, seat, self.depth - 1, end=True)
        self._reply(state, 1 - seat)
        try:
            return evaluate(state, seat) - (0.01 if type(action) is EndTurn else 0.0)
        except UNKNOWN:       # a card this seat cannot see came into play on the way
            return evaluate(view, seat)

    def _reply(self, state: Any, enemy: int) -> None:
        """The opponent's greedy turn on the board: his cards this seat cannot see stay in his hand unplayed."""
        p = state.players[enemy]
        hidden = tuple(u for u in p.hand if state.cards[u].card_id is None)
        p.hand = tuple(u for u in p.hand if u not in hidden)
        self._turn(state, enemy, REPLY, end=False)
        p.hand = p.hand + hidden          # back, for the evaluation's count of his hand

    def _turn(self, state: Any, who: int, steps: int, end: bool) -> None:
        """Play `who`'s greedy actions of his turn on `state`, `steps` free ones at most (then, with `end`, the turn
        ends); his other choices on the way (targets...) are the greedy bot's."""
        free = 0
        while not state.over and self.spent < self.positions:
            while state.pending.kind == "shuffle" and not state.over:   # an order this seat cannot know: any one
                apply(state, Shuffle(0))
                settle(state, who)
            if state.over or state.pending.player != who or (state.pending.kind == "main" and free == steps + end):
                return
            try:
                nexts = legal_actions(state)
            except UNKNOWN:       # a card this seat cannot see decides what is legal
                return
            if state.pending.kind == "main":
                nexts = [a for a in nexts if type(a) is EndTurn] if free == steps else nexts
                free += 1
            if not nexts:
                return
            self.spent += len(nexts)
            if not self._step(state, who, self.greedy(state, nexts)):
                return

    def _step(self, state: Any, who: int, action: Any) -> bool:
        """Apply `who`'s `action` and the answers to it on `state`; False if this seat's view cannot play it out."""
        try:
            apply(state, action)
        except (IllegalAction, *UNKNOWN):
            return False
        settle(state, who)
        return True
