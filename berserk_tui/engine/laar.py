"""«Битва за Лаар», seed 003's extra mode, for one player and for two: the board game's rules (`engine.boardgame`)
with the demon Астарот and the angel Варахиэль put on the battlefield by the mode itself (rules decisions 680–699).

- `LAAR_SOLO_RULEBOOK` (one player): seat 0 is the player, with Варахиэль and 12 silver crystals fewer; seat 1 is
  Астарот alone, who "acts by the rules alone": a die says whether he goes first (1–3) or second (4–6), he buys
  nothing and deploys nothing, and every decision of his seat is taken by the rules (`astaroth_acts`: he ends
  his turn at once, so he never moves or attacks; he still fights back when struck, as an open card).
- `LAAR_DUEL_RULEBOOK` (two players): the classic order roll; the first player has Варахиэль and 12 silver fewer,
  the second plays Астарот, who stands with his squad and moves and attacks as any card. The duel places its own
  printing of him (`ASTAROTH_DUEL`, with numbers of its own), whose cost his player pays in gold (693–695).

Both start the deployment by placing the two cards open, outside the squads (no deck deals them): Астарот in the
centre of his second row, Варахиэль in the centre of her first row. Each wounds and heals by its printed
abilities (cards/sets/boardgame_laar.toml).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import boardgame  # noqa: F401  (the board game's rule points register first, so the copies are whole)
from .actions import ChooseOrder, Confirm, EndTurn
from .boardgame import BOARDGAME_RULEBOOK
from .core import Events, ask, ask_roll, emit, push
from .rulebook import Rulebook
from .setup import ChooseOrderDecision, DeployDecision, set_first, start_deployment
from .state import NO_DECISION, CardState, GameState

ASTAROTH = "90001"          # Астарот's card id in the one-player mode
ASTAROTH_DUEL = "90003"     # his printing for the two-player mode, with its own numbers (decision 693)
VARAHIEL = "90002"          # Варахиэль's
SOLO_ASTAROTH_SEAT = 1      # the seat the rules play in the one-player mode
SILVER_LESS = 12            # «на 12 серебряных кристаллов меньше» for the side of Варахиэль
FIRST_AT_MOST = 3           # the solo order die: 1–3 Астарот goes first, 4–6 second

LAAR_SOLO_RULEBOOK = BOARDGAME_RULEBOOK.derive("laar-solo")
LAAR_DUEL_RULEBOOK = BOARDGAME_RULEBOOK.derive("laar-duel")
SOLO, DUEL = LAAR_SOLO_RULEBOOK, LAAR_DUEL_RULEBOOK


def is_solo(state: GameState) -> bool:
    return state.rules.rulebook.name == SOLO.name


def astaroth_seat(state: GameState) -> int:
    """The seat of Астарот: seat 1 alone, or the second player of the duel."""
    return SOLO_ASTAROTH_SEAT if is_solo(state) else state.seats.next[state.first]


def varahiel_seat(state: GameState) -> int:
    """The seat of Варахиэль: the player of the one-player mode, the first player of the duel."""
    return 1 - SOLO_ASTAROTH_SEAT if is_solo(state) else state.first


def _crystals(state: GameState) -> None:
    """Варахиэль's side has 12 silver fewer (none below 0); Астарот alone buys nothing; in the duel his player
    pays his cost in gold, none below 0 (decision 693)."""
    p = state.players[varahiel_seat(state)]
    p.silver = max(0, p.silver - SILVER_LESS)
    q = state.players[astaroth_seat(state)]
    if is_solo(state):
        q.gold = q.silver = 0
    else:
        q.gold = max(0, q.gold - state.db.cards[ASTAROTH_DUEL].cost)


# --- one player: the order die and the purchase -----------------------------------------------------------

@SOLO.task("order_roll")
def solo_order_roll(state: GameState, ev: Events) -> None:
    """«Бросьте кубик, чтобы определить, каким по очерёдности ходит Астарот» (decision 683)."""
    ask_roll(state, SOLO_ASTAROTH_SEAT, ("laar_order_rolled",))


@SOLO.task("laar_order_rolled")
def solo_order_rolled(state: GameState, ev: Events) -> None:
    value = state.rolls[-1]
    state.rolls = ()
    emit(ev, "order_roll", seat=SOLO_ASTAROTH_SEAT, value=value)
    set_first(state, SOLO_ASTAROTH_SEAT if value <= FIRST_AT_MOST else 1 - SOLO_ASTAROTH_SEAT, ev)
    _crystals(state)
    push(state, ("deal", 1 - SOLO_ASTAROTH_SEAT))


@SOLO.task("purchase_done")
def solo_purchase_done(state: GameState, ev: Events, seat: int) -> None:
    """The player alone buys a squad: the deployment follows."""
    push(state, ("start_deployment",))


# --- two players: the order ---------------------------------------------------------------------------------

@DUEL.decision("choose_order")
class DuelOrderDecision(NamedTuple):
    """The winner of the order roll goes first, with Варахиэль, or second, as Астарот (decision 684)."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [ChooseOrder(True), ChooseOrder(False)]

    @staticmethod
    def apply(state: GameState, action: ChooseOrder, ev: Events) -> None:
        ChooseOrderDecision.apply(state, action, ev)
        _crystals(state)


# --- both: the two cards, and the deployment ----------------------------------------------------------------

def centre(state: GameState, seat: int, row: int) -> int:
    """The centre cell of row `row` (0: the front row) of the seat's area."""
    area = state.geo.areas[state.place(seat)]
    return state.geo.cell_of(area.rows[row], area.cols[len(area.cols) // 2])


def place_open(state: GameState, seat: int, card_id: str, cell: int, ev: Events) -> int:
    """A card no deck deals, put open on `cell` for `seat`, outside his squad; its uid."""
    uid = len(state.cards)
    c = CardState(uid, seat, card_id)
    c.zone, c.cell, c.face_down = "board", cell, False
    state.cards.append(c)
    state.grid[cell] = uid
    emit(ev, "laar_placed", uid=uid, seat=seat, cell=cell)
    return uid


def place_heroes(state: GameState, ev: Events) -> None:
    """Астарот (the mode's printing, decision 693) in the centre of his second row, Варахиэль in the centre of her
    first (decisions 681, 682)."""
    astaroth = ASTAROTH if is_solo(state) else ASTAROTH_DUEL
    place_open(state, astaroth_seat(state), astaroth, centre(state, astaroth_seat(state), 1), ev)
    place_open(state, varahiel_seat(state), VARAHIEL, centre(state, varahiel_seat(state), 0), ev)


@SOLO.task("start_deployment")
def solo_start_deployment(state: GameState, ev: Events) -> None:
    place_heroes(state, ev)
    state.phase = "deploy"
    for p in state.players:
        p.dealt = ()
    ask(state, 1 - SOLO_ASTAROTH_SEAT, DeployDecision())


@DUEL.task("start_deployment")
def duel_start_deployment(state: GameState, ev: Events) -> None:
    place_heroes(state, ev)
    start_deployment(state)


@SOLO.decision("deploy")
class SoloDeployDecision(NamedTuple):
    """The player deploys; Астарот has no squad, so the cards are revealed once the player is done."""

    @staticmethod
    def legal(state: GameState) -> list:
        return DeployDecision.legal(state)

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        if not isinstance(action, Confirm):
            DeployDecision.apply(state, action, ev)
            return
        emit(ev, "deployed", seat=state.pending.player)
        push(state, ("after_deploy",), ("reveal_all",))


# --- one player: Астарот's seat, played by the rules ------------------------------------------------------------

def astaroth_acts(state: GameState, ev: Events) -> bool:
    """The rulebook's automaton: a decision of Астарот's seat is taken by the rules (decision 686) — in his turn he
    ends it (he neither moves nor attacks), anything else takes its first listed answer (a hit reduction: none)."""
    pending = state.pending
    if pending.player != SOLO_ASTAROTH_SEAT:
        return False
    book: Rulebook = state.rules.rulebook
    legal = book.legal[pending.kind](state)
    ends = [a for a in legal if isinstance(a, EndTurn)] if pending.kind == "main" else []
    action = (ends or legal or [None])[0]
    if action is None:
        raise RuntimeError(f"Астарот's seat has no answer to its {pending.kind!r} decision")
    book.apply[pending.kind](state, action, ev)
    if state.pending is pending:
        state.pending = NO_DECISION
    return True


SOLO.automaton = astaroth_acts
