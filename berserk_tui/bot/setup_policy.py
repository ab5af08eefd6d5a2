"""Set-up decisions every bot above `random` shares: the order, the squad and the formation.

All of them are stateless: each call looks at the view and returns the next step of a plan
it recomputes (cached), so a bot can be rebuilt mid-game from a save and go on the same way.
"""

from __future__ import annotations

from berserk_tui.engine import Action, GameState
from berserk_tui.engine.actions import Buy, ChooseOrder, Confirm, Place, Redeal, Target, Unbuy
from berserk_tui.engine.setup import squad_problem
from cards.schema import CardDef

from .evaluate import is_shooter

MIN_CREATURES = 4       # redeal a deal that cannot field this many creatures (at most twice)
MAX_REDEALS = 2


def choose_order(actions: list[Action]) -> Action:
    """Go second: the second player has a crystal of each kind more, a hidden back row, and strikes
    first at the creatures the first player moved up or closed (in bot games the second player won
    two games in three, with every deck; `docs/bot.md`)."""
    return ChooseOrder(False) if ChooseOrder(False) in actions else actions[0]


# --- purchase -------------------------------------------------------------------------------

def purchase_value(d: CardDef) -> float:
    """How much a card adds to a squad: its cost, plus a bonus for every body on the field."""
    if d.kind == "creature" or d.kind == "flyer":
        value = d.cost + 1.5
    elif d.is_symbiont:
        value = d.cost + 0.5
    else:
        value = d.cost * 0.7
    return value if d.implemented else value * 0.6


_SQUADS: dict[tuple, tuple[int, ...]] = {}   # (deal, redeals, crystals, rules) -> best squad


def best_squad(state: GameState, seat: int) -> tuple[int, ...]:
    """Deal indices of the most valuable legal squad (with at least one creature)."""
    p = state.players[seat]
    key = (p.deal, p.redeals, p.gold, p.silver, state.rules)
    if key not in _SQUADS:
        if len(_SQUADS) > 256:
            _SQUADS.clear()
        _SQUADS[key] = _search_squad(state, seat)
    return _SQUADS[key]


def _search_squad(state: GameState, seat: int) -> tuple[int, ...]:
    defs = [state.db.cards[cid] for cid in state.players[seat].deal]
    order = sorted(range(len(defs)), key=lambda i: (-purchase_value(defs[i]), defs[i].id, i))
    values = [purchase_value(defs[i]) for i in order]
    suffix = [0.0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + values[k]
    best: list = [-1.0, ()]

    def search(k: int, chosen: list[int], value: float) -> None:
        if value + suffix[k] <= best[0]:
            return
        if k == len(order):
            if any(defs[i].is_creature for i in chosen):
                best[0], best[1] = value, tuple(sorted(chosen))
            return
        i = order[k]
        chosen.append(i)
        if squad_problem(state, seat, [defs[j] for j in chosen]) is None:
            search(k + 1, chosen, value + values[k])
        chosen.pop()
        search(k + 1, chosen, value)

    search(0, [], 0.0)
    return best[1]


def purchase(state: GameState, seat: int, actions: list[Action]) -> Action:
    """The next step towards the best squad: redeal a poor deal, buy, put back, confirm."""
    p = state.players[seat]
    if any(cid is None for cid in p.deal):
        return Confirm() if Confirm() in actions else actions[0]
    squad = best_squad(state, seat)
    creatures = sum(1 for i in squad if state.db.cards[p.deal[i]].is_creature)
    if creatures < MIN_CREATURES and p.redeals < MAX_REDEALS and Redeal() in actions:
        return Redeal()
    for i in p.selected:
        if i not in squad and Unbuy(i) in actions:
            return Unbuy(i)
    for i in squad:
        if i not in p.selected and Buy(i) in actions:
            return Buy(i)
    return Confirm() if Confirm() in actions else actions[0]


# --- deployment -----------------------------------------------------------------------------

def front_score(d: CardDef | None) -> float:
    """How much a card belongs in the front row: strong melee first, shooters and supports last."""
    if d is None or not d.is_creature or d.kind != "creature":
        return -10.0
    score = sum(d.strike) + d.life * 0.7
    if is_shooter(d):
        score -= 8
    if any(ab.get("type") == "activated" for ab in d.abilities) and d.strike[2] <= 2:
        score -= 3
    return score


def deploy(state: GameState, seat: int, actions: list[Action]) -> Action:
    """Place the card that fits an open cell best: rank the squad by `front_score`, send the
    strongest third to the front row, the weakest (supports, shooters) to the back."""
    places = [a for a in actions if isinstance(a, Place)]
    if not places:      # all placed: declare the «после расстановки» abilities it must, then confirm
        declare = [a for a in actions if isinstance(a, Target)]
        return Confirm() if Confirm() in actions else declare[0] if declare else actions[0]
    squad = state.players[seat].squad
    ranked = sorted(squad, key=lambda u: (-front_score(state.cdef(u)), u))
    geo, area = state.geo, state.geo.areas[state.place(seat)]
    rows, centre = area.rows, area.cols[len(area.cols) // 2]
    per_row = max(1, -(-len(ranked) // 3))
    want = {uid: rows[min(2, k // per_row)] for k, uid in enumerate(ranked)}

    def cost(a: Place) -> tuple:
        rank = rows.index(geo.row_of(a.cell))
        return (abs(rank - rows.index(want[a.uid])), ranked.index(a.uid), abs(geo.col_of(a.cell) - centre), a.cell)

    return min(places, key=cost)
