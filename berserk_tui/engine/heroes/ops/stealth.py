"""Скрытность, Скрытое существо, Скрыться, Раскрыться (seed 004's «Берсерк. Герои» parts: the clarifications' point
10 and the dictionary; proven with test-only cards; rules decisions 967–972).

A hidden creature lies face down in the zone "face_down" (`zones.face_down`): still in play and its controller's, but
in no pile of his, so nothing that reads the creatures in play finds it — no strike at it, no defender, no target of a
spell or an ability, no effect on «каждое существо», no poison or Регенерация; it strikes and defends no more. Its
own abilities do not work (its triggers are not heard, its activated ones are not offered, a trigger of it still
waiting does nothing: `run.start`); Уникальность does (`zones.namesakes`), and so do the abilities that say they work
hidden (`zones = ["hidden"]`: `triggers.ZONE_WORDS`, `main.usable`) and the target word `hidden_creature` (an
ability that speaks of hidden creatures). It takes part in its controller's recovery phase and keeps its wounds,
its closing and what it carries.
- Скрытность (keyword `stealth`): «Найм: это существо скрывается» — it hides once its other Найм abilities have
  resolved (`zones.ENTER_HOOKS`).
- op `hide` (Скрыться): a creature in play turns face down; op `unhide` (Раскрыться): a hidden creature turns face
  up, last among its controller's creatures. It is the creature that entered play before: it may act at once if it
  could (open, not entered this turn or with Рывок).
- In his accumulation phase, after the draw and before «в начале хода» (`turns.ACCUMULATION_HOOKS`), the active
  player may reveal each of his hidden creatures, one at a time (decision "unhide").
Both players know which card a hidden creature is: it was hired face up, or was face up when it hid.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from ..actions import Choose
from ..book import decision, task
from ..cards import CREATURE, ctype, keyword
from ..state import HeroesState
from ..triggers import LISTENERS_OUT_OF_PLAY
from ..turns import ACCUMULATION_HOOKS
from ..zones import ENTER_HOOKS, face_down
from .run import TARGETS
from .table import TARGET, Ctx, op


def hide(state: HeroesState, ev: Events, uid: int) -> None:
    """Скрыться: creature `uid` in play turns face down and leaves its controller's creatures in play."""
    c = state.cards[uid]
    if c.zone != "play" or ctype(state, uid) != CREATURE:
        return
    p = state.players[c.owner]
    p.play = tuple(u for u in p.play if u != uid)
    c.zone = "face_down"
    emit(ev, "hidden", uid=uid, seat=c.owner)


def unhide(state: HeroesState, ev: Events, uid: int) -> None:
    """Раскрыться: hidden creature `uid` turns face up, the last of its controller's creatures in play."""
    c = state.cards[uid]
    if c.zone != "face_down":
        return
    c.zone = "play"
    state.players[c.owner].play += (uid,)
    emit(ev, "unhidden", uid=uid, seat=c.owner)


@op("hide", TARGET)
def op_hide(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    hide(state, ev, target)


@op("unhide", TARGET)
def op_unhide(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    unhide(state, ev, target)


# a hidden creature of either side, chosen: the one target word that names hidden creatures
TARGETS["hidden_creature"] = (True, lambda s, c: [*face_down(s, c.seat), *face_down(s, 1 - c.seat)])


@LISTENERS_OUT_OF_PLAY.append
def _hidden_listeners(state: HeroesState, seat: int) -> list[int]:
    """`seat`'s hidden creatures: only their triggers that work hidden are heard (`triggers.works_there`)."""
    return list(face_down(state, seat))


@ENTER_HOOKS.append
def _stealth(state: HeroesState, ev: Events, uid: int) -> None:
    """Скрытность: the creature hides after its other Найм abilities (after its «Найм» itself when Уникальность
    delays it: the task ("hired", uid)), as its controller would order them (rules decision 969)."""
    if keyword(state, uid, "stealth") and state.cards[uid].zone == "play":
        at = next((i for i, t in enumerate(state.tasks) if t == ("hired", uid)), len(state.tasks))
        state.tasks.insert(at, ("hide", uid))


@task("hide")
def _hide(state: HeroesState, ev: Events, uid: int) -> None:
    hide(state, ev, uid)


@ACCUMULATION_HOOKS.append
def _offer(state: HeroesState, ev: Events) -> None:
    """The active player may reveal his hidden creatures now, each in turn (before «в начале хода»)."""
    push(state, *(("unhide_ask", u) for u in face_down(state, state.active)))


@task("unhide_ask")
def _unhide_ask(state: HeroesState, ev: Events, uid: int) -> None:
    if state.cards[uid].zone == "face_down" and state.cards[uid].owner == state.active:
        ask(state, state.active, UnhideDecision(uid))


@decision("unhide")
class UnhideDecision(NamedTuple):
    """Reveal hidden creature `uid` (`Choose(1)`) or leave it hidden (`Choose(0)`)."""
    uid: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        if action.option == 1:
            unhide(state, ev, state.pending.data.uid)
