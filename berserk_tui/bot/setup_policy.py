"""Set-up decisions every bot above `random` shares: the order, the squad and the formation.

All of them are stateless: each call looks at the view and returns the next step of a plan
it recomputes (cached), so a bot can be rebuilt mid-game from a save and go on the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from berserk_tui.engine import Action, GameState
from berserk_tui.engine.actions import Buy, ChooseOrder, Confirm, Place, Redeal, Show, Target, Unbuy
from berserk_tui.engine.setup import squad_problem
from cards.schema import CardDef

from .evaluate import is_shooter, ranged_reach

MIN_CREATURES = 4       # redeal a deal that cannot field this many creatures (at most twice)
MAX_REDEALS = 2


def choose_order(actions: list[Action]) -> Action:
    """Go second: the second player has a crystal of each kind more, a hidden back row, and strikes
    first at the creatures the first player moved up or closed (in bot games the second player won
    two games in three, with every deck; `docs/bot.md`)."""
    return ChooseOrder(False) if ChooseOrder(False) in actions else actions[0]


# --- purchase -------------------------------------------------------------------------------

# What the abilities of a card add to its purchase value, in crystals: by keyword (per point of a numeric
# one) and by ability type, never by card. Small beside the cost, which already prices the abilities: among
# cards of one cost they prefer the one that does more, and drawbacks (negative) count against it.
KEYWORD_VALUE: dict[str, float] = {
    "armor": 0.4, "regen": 0.3, "ova": 0.25, "ovz": 0.2, "ovs": 0.2, "stamina": 0.4, "incorporeal": 0.6,
    "double_strike": 0.8, "open_attacker": 0.4, "open_defender": 0.4, "unanswerable": 0.4, "directed": 0.3,
    "vampirism": 0.4, "necrophagy": 0.3, "dash": 0.2, "jump": 0.3, "teleport": 0.3, "vanguard": 0.3,
    "hits_flyers": 0.3, "blessed": 0.2, "clumsy": -0.4, "no_defend": -0.5, "cursed": -0.4, "vulnerable": -0.4,
    "horde": 0.0, "formation": 0.1, "incarnation": 0.2, "diagonal_move": 0.1,
}
PROTECTION_VALUE = 0.2      # each keyword that protects from a kind of attack (prot_*)
OTHER_KEYWORD_VALUE = 0.15  # a keyword the table does not name
ABILITY_VALUE: dict[str, float] = {     # by ability type; an activated attack by its wounds instead
    "activated": 0.4, "trigger": 0.3, "concentration": 0.2,
}
STATIC_VALUE = 0.25         # any other ability type: a static effect
DRAWBACKS = frozenset({"no_strike", "first_attack_penalty", "strike_cap", "attack_cap", "lose_keywords",
                       "host_barred_half"})     # static types that only limit their card
RANGED_WOUND_VALUE = 0.15   # per wound of an activated ranged attack, summed over its three levels
ABILITY_CENTRE = 1.0        # about the mean `ability_value` of set 30's cards: taken off, so that abilities
#                             change which cards a squad takes, not how many


def ability_value(d: CardDef) -> float:
    """An estimate of what the keywords and structured abilities of `d` are worth beyond its cost, in crystals."""
    value = 0.0
    for name, n in d.keywords.items():
        if name.startswith("prot_"):
            value += PROTECTION_VALUE
        else:
            value += KEYWORD_VALUE.get(name, OTHER_KEYWORD_VALUE) * max(1, n)
    wounds, reach = ranged_reach(d)
    if reach:
        value += RANGED_WOUND_VALUE * sum(wounds)
    for ab in d.abilities:
        kind = ab["type"]
        if kind in DRAWBACKS:
            value -= STATIC_VALUE
        elif not (reach and kind == "activated" and (ab.get("effect") or {}).get("op") == "attack"):
            value += ABILITY_VALUE.get(kind, STATIC_VALUE)
    return value


def body_value(d: CardDef) -> float:
    """What a card is worth before its abilities: its cost, plus a bonus for every body on the field."""
    if d.kind == "creature" or d.kind == "flyer":
        return d.cost + 1.5
    if d.is_symbiont:
        return d.cost + 0.5
    return d.cost * 0.7


def purchase_value(d: CardDef) -> float:
    """How much a card adds to a squad: `body_value` and what its abilities add (`ability_value`); an
    unimplemented card (its abilities missing) counts for less."""
    value = body_value(d)
    if not d.implemented:
        return value * 0.6
    return value + ability_value(d) - ABILITY_CENTRE


Value = Callable[[CardDef], float]
_SQUADS: dict[tuple, tuple[int, ...]] = {}   # (deal, redeals, crystals, rules, value) -> best squad


def best_squad(state: GameState, seat: int, value: Value = purchase_value) -> tuple[int, ...]:
    """Deal indices of the most valuable legal squad (with at least one creature), each card worth `value`."""
    p = state.players[seat]
    key = (p.deal, p.redeals, p.gold, p.silver, state.rules, value)
    if key not in _SQUADS:
        if len(_SQUADS) > 256:
            _SQUADS.clear()
        _SQUADS[key] = _search_squad(state, seat, value)
    return _SQUADS[key]


def _search_squad(state: GameState, seat: int, value_of: Value) -> tuple[int, ...]:
    defs = [state.db.cards[cid] for cid in state.players[seat].deal]
    worth = [value_of(d) for d in defs]
    order = sorted(range(len(defs)), key=lambda i: (-worth[i], defs[i].id, i))
    values = [worth[i] for i in order]
    suffix = [0.0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + max(0.0, values[k])     # a bound: a card worth less than nothing adds none
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


def purchase(state: GameState, seat: int, actions: list[Action], value: Value = purchase_value) -> Action:
    """The next step towards the best squad by `value`: redeal a poor deal, buy, put back, confirm."""
    p = state.players[seat]
    if any(cid is None for cid in p.deal):
        return Confirm() if Confirm() in actions else actions[0]
    squad = best_squad(state, seat, value)
    creatures = sum(1 for i in squad if state.db.cards[p.deal[i]].is_creature)
    if creatures < MIN_CREATURES and p.redeals < MAX_REDEALS and Redeal() in actions:
        return Redeal()
    for a in actions:       # Лазутчица in the best squad: show her first (she is taken, and may cost less)
        if isinstance(a, Show) and a.index in squad:
            return a
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
