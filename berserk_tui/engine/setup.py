"""Before the first turn: order roll, squad purchase and deployment (the reveal and seating: `seating.py`)."""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from cards.schema import CardDef

from . import rules_text as rt
from .actions import (
    Buy,
    BuyExtra,
    ChooseOrder,
    Confirm,
    Place,
    Recruit,
    Redeal,
    Show,
    Target,
    Unbuy,
    Unplace,
    made,
)
from .cells import free_cells
from .conditions import printed_holds
from .core import Events, ask, ask_roll, ask_shuffle, decision, emit, push, task
from .geometry import NO_CELL
from .keywords import card_index, holders
from .modifiers import BATTLE_LONG, add_modifier, drop_modifiers, has_modifier
from .ops import run
from .rng import permutation
from .spy import draw_deal, peek_ability, peek_discount, showable, start_peek
from .state import CardState, GameState

CRYSTALS = {True: (24, 22), False: (25, 23)}   # (gold, silver) for the first / second player
FLYER_CAP = 15


# --- order ----------------------------------------------------------------------------------

@task("order_roll")
def order_roll(state: GameState, ev: Events) -> None:
    seat = len(state.order_rolls)
    ask_roll(state, seat, ("order_rolled", seat))


@task("order_rolled")
def order_rolled(state: GameState, ev: Events, seat: int) -> None:
    state.order_rolls += (state.rolls[-1],)
    emit(ev, "order_roll", seat=seat, value=state.rolls[-1])
    state.rolls = ()
    if len(state.order_rolls) < state.seats.count:
        push(state, ("order_roll",))
        return
    top = max(state.order_rolls)
    if state.order_rolls.count(top) > 1:       # the highest roll is shared: everybody rolls again
        emit(ev, "order_tie", value=top)
        state.order_rolls = ()
        push(state, ("order_roll",))
        return
    ask(state, state.order_rolls.index(top), ChooseOrderDecision())


@decision("choose_order")
class ChooseOrderDecision(NamedTuple):
    """The winner of the order roll goes first or second."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [ChooseOrder(True), ChooseOrder(False)]

    @staticmethod
    def apply(state: GameState, action: ChooseOrder, ev: Events) -> None:
        chooser = state.pending.player
        set_first(state, chooser if action.first else state.seats.next[chooser], ev)
        push(state, ("deal", state.first))


def set_first(state: GameState, seat: int, ev: Events) -> None:
    state.first = seat
    for s in range(state.seats.count):
        p = state.players[s]
        p.gold, p.silver = CRYSTALS[s == seat]
    emit(ev, "order", first=seat)
    state.phase = "purchase"


# --- purchase -------------------------------------------------------------------------------

@task("deal")
def deal(state: GameState, ev: Events, seat: int) -> None:
    push(state, ("dealt", seat))
    if not state.players[seat].deal:      # dealt already when the first player showed Лазутчица
        ask_shuffle(state, seat)


def shuffle_deck(state: GameState, seat: int, seed: int) -> None:
    p = state.players[seat]
    order = permutation(seed, len(p.deck))
    p.deck = tuple(p.deck[i] for i in order)


@task("dealt")
def dealt(state: GameState, ev: Events, seat: int) -> None:
    p = state.players[seat]
    if not p.deal:
        draw_deal(state, seat, ev)
    p.selected = ()
    ask(state, seat, PurchaseDecision())


@task("purchase_ask")
def purchase_ask(state: GameState, ev: Events, seat: int) -> None:
    ask(state, seat, PurchaseDecision())


def _discount(card: CardDef, defs: list[CardDef], partial: bool = False) -> int:
    """«Вы тратите на X меньше при наборе»: `purchase_discount` abilities whose `squad_has` kinds the squad has,
    or other cards of each of whose `squad_costs` («бесплатно»: amount "all", the whole cost); `partial`: the
    squad is not all known, and the cards not known may hold those costs."""
    out = 0
    for ab in card.abilities:
        if ab["type"] != "purchase_discount":
            continue
        if "squad_has" in ab:
            met = any(o is not card and o.kind in ab["squad_has"] for o in defs)
        else:
            met = partial or all(any(o is not card and o.cost == cost for o in defs) for cost in ab["squad_costs"])
        if met:
            out += card.cost if ab["amount"] == "all" else ab["amount"]
    return out


def _gain(card: CardDef, defs: list[CardDef]) -> int:
    """«При наборе в отряд вы получаете N {elite}» (`purchase_gain`), when the squad allows it."""
    return sum(ab["gold"] for ab in card.abilities if ab["type"] == "purchase_gain"
               and ("max" not in ab or sum(1 for o in defs if printed_holds(o, ab["of"])) <= ab["max"]))


def option_price(d: CardDef) -> int:
    """The extra crystals of a card's `purchase_option` («можно заплатить на X больше»); 0 without one."""
    if "purchase_option" not in d.ability_types:
        return 0
    return sum(ab["extra"] for ab in d.abilities if ab["type"] == "purchase_option")


def option_times(d: CardDef) -> int:
    """How many times the higher price of its `purchase_option` may be paid («на X больше», X ≤ max): 1, or max."""
    return max((ab.get("max", 1) for ab in d.abilities if ab["type"] == "purchase_option"), default=0)


OPTION_TIMES_MAX = 6     # the most times a hidden card's higher price is offered (a loader limit: `max` ≤ 6)


def recruits(d: CardDef) -> bool:
    """Has a `before_purchase` ability: «до набора отряда» it may be taken into the squad."""
    return "before_purchase" in d.ability_types


def _with(d: CardDef | None) -> dict | None:
    """The `with` condition of a card's `before_purchase` («показать … и существо …»), or None."""
    if d is None or "before_purchase" not in d.ability_types:
        return None
    return next((ab["with"] for ab in d.abilities if ab["type"] == "before_purchase" and "with" in ab), None)


def _awaits_companion(state: GameState, seat: int) -> bool:
    """Was the card recruited last one with `with` whose companion is not taken yet (then only it may follow)?"""
    p = state.players[seat]
    last = p.deal[p.taken[-1]] if p.taken else None
    return last is not None and _with(state.db.cards[last]) is not None \
        and p.taken[-1] not in companion_indices(state, seat)


def _joins(state: GameState, seat: int, d: CardDef) -> bool:
    """May `d` be recruited now «вместе с» the card recruited last (its `before_purchase` with `with`)?"""
    p = state.players[seat]
    if not p.taken or p.deal[p.taken[-1]] is None:
        return False
    cond = _with(state.db.cards[p.deal[p.taken[-1]]])
    return cond is not None and printed_holds(d, cond) and p.taken[-1] not in companion_indices(state, seat)


def companion_indices(state: GameState, seat: int) -> list[int]:
    """Deal indices of the cards taken «вместе с» a `before_purchase` card with `with`: each recruited right after
    such a card and matching it (unknown on a hidden deal)."""
    p = state.players[seat]
    out = []
    for k in range(1, len(p.taken)):
        lead, card = p.deal[p.taken[k - 1]], p.deal[p.taken[k]]
        cond = _with(state.db.cards[lead]) if lead is not None and p.taken[k - 1] not in out else None
        if cond is not None and card is not None and printed_holds(state.db.cards[card], cond):
            out.append(p.taken[k])
    return out


def squad_cost(state: GameState, seat: int, defs: list[CardDef], more: list[CardDef] | None = None,
               unknown: int = 0, joining: CardDef | None = None, lenient: bool = False) -> tuple[int, int]:
    """(gold needed, total needed) for a squad, including the element penalty, redeals and the higher prices
    paid for the cards `more` (default: those the player chose so; an elite card's extra is gold). `unknown`:
    that many more cards of the squad are not known yet (a peer checking an opponent's reveal), each of which
    may gain the most gold a card of the database gains, and may complete a `squad_costs` discount. `joining`: a
    card about to be recruited «вместе с» the last one (paid with silver, as those already taken so). `lenient`:
    the purchase is over and its order not known (a peer's check): an elite card that may have been taken with a
    `before_purchase` card with `with` is counted as paid with silver."""
    p = state.players[seat]
    more = extra_defs(state, seat) if more is None else more
    silver = [state.db.cards[p.deal[i]] for i in companion_indices(state, seat)]   # paid for with silver
    silver += [joining] if joining is not None else []
    if lenient:
        for lead in defs:
            cond = _with(lead)
            pick = next((d for d in defs if cond is not None and d.elite and d is not lead and d not in silver
                         and printed_holds(d, cond)), None)
            silver += [pick] if pick is not None else []
    elite = ordinary = gain = 0
    elements: set[str] = set()
    for d in defs:
        price = d.cost - (_discount(d, defs, unknown > 0) if "purchase_discount" in d.ability_types else 0) - (
            peek_discount(state, seat, d) if "before_purchase" in d.ability_types else 0)
        price = price if price > 0 else 0
        if "purchase_gain" in d.ability_types:
            gain += _gain(d, defs)
        if d.elite and d not in silver:
            elite += price
        else:
            ordinary += price
            if d in silver:
                silver.remove(d)
        elements.update(d.elements)
    for d in more:
        if d.elite:
            elite += option_price(d)
        else:
            ordinary += option_price(d)
    gain += unknown * card_index(state).max_gain
    penalty = max(0, len(elements) - 1)
    redeal = 0 if state.rules.redeal_fewer else p.redeals
    gold = elite + penalty + redeal - gain       # a gold crystal gained pays for anything (below 0: spare gold)
    return gold, gold + ordinary


def squad_problem(state: GameState, seat: int, defs: list[CardDef], more: list[CardDef] | None = None,
                  unknown: int = 0, joining: CardDef | None = None, lenient: bool = False) -> str | None:
    """Why a squad is not allowed, or None (`more`, `unknown`, `joining`, `lenient`: as in `squad_cost`)."""
    p = state.players[seat]
    gold, total = squad_cost(state, seat, defs, more, unknown, joining, lenient)
    if gold > p.gold:
        return rt.NOT_ENOUGH_GOLD
    if total > p.gold + p.silver:
        return rt.NOT_ENOUGH_CRYSTALS
    flyers = terrains = 0
    names: set[str] = set()
    twice = False
    for d in defs:
        if d.kind == "flyer":
            flyers += d.cost
        elif d.kind == "terrain":
            terrains += 1
        if d.unique:
            twice = twice or d.name in names
            names.add(d.name)
    if flyers > FLYER_CAP:
        return rt.FLYER_CAP
    if twice:
        return rt.UNIQUE_TWICE
    if terrains > 1:
        return rt.TWO_TERRAINS
    return None


def selected_defs(state: GameState, seat: int, extra: int | None = None) -> list[CardDef]:
    p = state.players[seat]
    idx = p.selected + ((extra,) if extra is not None else ())
    return [state.db.cards[p.deal[i]] for i in idx]


def extra_defs(state: GameState, seat: int) -> list[CardDef]:
    """The chosen cards bought at their higher price (none known in an engine that cannot see the deal)."""
    p = state.players[seat]
    return [state.db.cards[p.deal[i]] for i in p.extra if p.deal[i] is not None]


@decision("purchase")
class PurchaseDecision(NamedTuple):
    """The seat buys its squad from its deal (the deal and the choices so far are in its `PlayerState`)."""

    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.pending.player
        p = state.players[seat]
        out: list = []
        can_redeal = (len(p.deal) > 1) if state.rules.redeal_fewer else (
            squad_problem(state, seat, []) is None and p.gold - p.redeals - 1 >= 0)
        if not p.selected and can_redeal:
            out.append(Redeal())
        hidden = None in p.deal      # the opponent's deal in a peer's engine: checked when the cards are revealed
        early = set(p.selected) <= set(p.taken)      # nothing bought yet but cards taken «до набора отряда»
        more = extra_defs(state, seat)
        chosen = [] if hidden else selected_defs(state, seat)
        spies = showable(state) if hidden else []     # the cards that may be shown (Лазутчица)
        for i in range(len(p.deal)):
            if i in p.selected:
                if i not in p.taken:
                    out.append(Unbuy(i))
                if i in p.extra and p.extra.count(i) < (OPTION_TIMES_MAX if hidden else option_times(
                        state.db.cards[p.deal[i]])) and (hidden or squad_problem(
                        state, seat, chosen, [*more, state.db.cards[p.deal[i]]]) is None):
                    out.append(BuyExtra(i))       # «на X больше»: once more
                continue
            d = None if hidden else state.db.cards[p.deal[i]]
            fits = hidden or squad_problem(state, seat, [*chosen, d], more) is None
            if early and fits and not p.peeked and not _awaits_companion(state, seat) and (
                    d is None or peek_ability(d) is not None):
                out += [Show(i, cid) for cid in spies] if d is None else [Show(i, d.id)]
            if early and fits and (d is None or recruits(d) and peek_ability(d) is None) \
                    and not _awaits_companion(state, seat):
                out.append(Recruit(i))
            elif early and d is not None and _joins(state, seat, d) \
                    and squad_problem(state, seat, [*chosen, d], more, joining=d) is None:
                out.append(Recruit(i))       # «вместе с» the card recruited last, for silver
            if fits:
                out.append(Buy(i))
            if d is None or (option_price(d) and squad_problem(state, seat, [*chosen, d], [*more, d]) is None):
                out.append(BuyExtra(i))
        if bool(p.selected) if hidden else any(d.is_creature for d in selected_defs(state, seat)):
            out.append(Confirm())
        return out

    @staticmethod
    def apply(state: GameState, action: object, ev: Events) -> None:
        seat = state.pending.player
        p = state.players[seat]
        if isinstance(action, Redeal):
            p.deck = p.deal + p.deck
            p.deal = ()
            p.redeals += 1
            emit(ev, "redeal", seat=seat, count=p.redeals)
            push(state, ("deal", seat))
        elif isinstance(action, Show):      # «показать противнику»: taken, then the opponent's deal is looked at
            if p.deal[action.index] is None:
                p.deal = (*p.deal[:action.index], action.card_id, *p.deal[action.index + 1:])
            p.selected += (action.index,)
            p.taken += (action.index,)
            emit(ev, "deal_shown", seat=seat, card=action.card_id)
            start_peek(state, seat, state.db.cards[action.card_id])
        elif isinstance(action, Buy | BuyExtra | Recruit):
            if action.index not in p.selected:
                p.selected += (action.index,)
            if isinstance(action, BuyExtra):
                p.extra += (action.index,)
            if isinstance(action, Recruit):
                p.taken += (action.index,)
                emit(ev, "recruited", seat=seat)
            ask(state, seat, PurchaseDecision())
        elif isinstance(action, Unbuy):
            p.selected = tuple(i for i in p.selected if i != action.index)
            p.extra = tuple(i for i in p.extra if i != action.index)
            ask(state, seat, PurchaseDecision())
        else:
            form_squad(state, seat, ev)


def form_squad(state: GameState, seat: int, ev: Events) -> None:
    p = state.players[seat]
    hidden = None in p.deal + p.deck      # a peer's engine: even a shown card (Лазутчица) comes by its reveal
    ids = [None if hidden else p.deal[i] for i in p.selected]
    rest = tuple(card for i, card in enumerate(p.deal) if i not in p.selected)
    first = len(state.cards)
    add_squad(state, seat, ids)
    for k, i in enumerate(p.selected):      # the purchase choices stay with the cards for the battle
        c = state.cards[first + k]
        if i in p.extra:
            add_modifier(state, c.uid, "paid_extra", p.extra.count(i))
        if i in p.taken:      # the order it was recruited in: the card «взятая вместе с» one comes right after it
            add_modifier(state, c.uid, "recruited", p.taken.index(i) + 1, BATTLE_LONG)
    p.deck = rest + p.deck
    p.dealt = p.deal
    p.deal, p.selected, p.taken, p.extra = (), (), (), ()
    emit(ev, "squad", seat=seat, size=len(ids))
    push(state, ("reshuffle", seat))


def add_squad(state: GameState, seat: int, ids: list[str | None]) -> None:
    p = state.players[seat]
    for cid in ids:
        uid = len(state.cards)
        state.cards.append(CardState(uid, seat, cid))
        p.squad += (uid,)


@task("reshuffle")
def reshuffle(state: GameState, ev: Events, seat: int) -> None:
    push(state, ("purchase_done", seat))
    ask_shuffle(state, seat)


@task("purchase_done")
def purchase_done(state: GameState, ev: Events, seat: int) -> None:
    if state.seats.next[seat] != state.first:
        push(state, ("deal", state.seats.next[seat]))
    else:
        push(state, ("start_deployment",))


# --- deployment -----------------------------------------------------------------------------

@task("start_deployment")
def start_deployment_task(state: GameState, ev: Events) -> None:
    """The squads are bought: the deployment starts (a mode that puts cards on the battlefield itself replaces
    this task: «Битва за Лаар», engine/laar.py)."""
    start_deployment(state)


def start_deployment(state: GameState) -> None:
    state.phase = "deploy"
    for p in state.players:
        p.dealt = ()
    ask(state, state.first, DeployDecision())


def placeable_cells(state: GameState, seat: int) -> list[int]:
    for tier in state.geo.deployment_tiers(state.place(seat)):
        free = free_cells(state, tier)
        if free:
            return free
    return []


def _valid_without(tiers: tuple[tuple[int, ...], ...], counts: list[int], tier: int) -> bool:
    """Is a layout with `counts` cards on the `tiers` still valid once a card of tier `tier` (-1: of none) is
    taken back: every occupied tier beyond the first implies the earlier tiers are full?"""
    full_so_far = True
    for k, n in enumerate(counts):
        n -= k == tier
        if n and not full_so_far:
            return False
        full_so_far = full_so_far and n == len(tiers[k])
    return True


def unplaced(state: GameState, seat: int) -> list[int]:
    return [u for u in state.players[seat].squad if state.cards[u].zone == "squad"]


@decision("deploy")
class DeployDecision(NamedTuple):
    """The seat places its squad on its deployment tiers."""

    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.pending.player
        waiting = unplaced(state, seat)
        out: list = []
        if waiting:
            cells = placeable_cells(state, seat)
            # every card is offered, even identical ones: a peer that cannot see them must agree
            out += made(Place, product(waiting, cells))
        place = state.place(seat)
        tiers, tier_of = state.geo.deployment_tiers(place), state.geo.tier_of[place]
        counts = [len(tier) - [*map(state.grid.__getitem__, tier)].count(-1) for tier in tiers]    # cards on each
        valid: dict[int, bool] = {}     # by the tier a card is taken back from
        for uid in state.players[seat].squad:
            c = state.cards[uid]
            if c.zone != "board":
                continue
            tier = tier_of[c.cell]
            if tier not in valid:
                valid[tier] = _valid_without(tiers, counts, tier)
            if valid[tier]:
                out.append(Unplace(c.cell))
        if not waiting:
            declare = after_deploy_declarations(state, seat)
            out += [Target(u) for u in declare]
            if not any(state.cards[u].card_id is not None for u in declare):     # each known one must be declared
                out.append(Confirm())
        return out

    @staticmethod
    def apply(state: GameState, action: object, ev: Events) -> None:
        seat = state.pending.player
        if isinstance(action, Place):
            c = state.cards[action.uid]
            c.zone, c.cell = "board", action.cell
            c.face_down = not state.rules.open_deployment
            state.grid[action.cell] = action.uid
            ask(state, seat, DeployDecision())
        elif isinstance(action, Unplace):
            uid = state.grid[action.cell]
            state.grid[action.cell] = -1
            c = state.cards[uid]
            c.zone, c.cell, c.face_down = "squad", NO_CELL, True
            drop_modifiers(state, uid, "after_deploy")
            ask(state, seat, DeployDecision())
        elif isinstance(action, Target):        # «после расстановки карт»: its owner declares the ability
            add_modifier(state, action.uid, "after_deploy")
            ask(state, seat, DeployDecision())
        else:
            emit(ev, "deployed", seat=seat)
            if state.seats.next[seat] != state.first:
                ask(state, state.seats.next[seat], DeployDecision())
            else:
                push(state, ("after_deploy",), ("reveal_all",))


def after_deploy_declarations(state: GameState, seat: int) -> list[int]:
    """The seat's placed cards whose `after_deploy` ability it may still declare: those known to have one, and
    every card whose identity this engine does not know (the opponent's, in a network game: the final replay
    proves the declaration)."""
    holders_ = holders(state, "after_deploy")
    return [u for u in state.players[seat].squad if state.cards[u].zone == "board"
            and (state.cards[u].card_id is None or state.cards[u].card_id in holders_)
            and not has_modifier(state, u, "after_deploy")] if holders_ else []


@task("after_deploy")
def after_deploy(state: GameState, ev: Events) -> None:
    """«После расстановки карт»: each declared card, in turn order, is revealed and its ability works (the
    deployments are over: the placements are public now)."""
    state.phase = "reveal"
    jobs = [job for seat in state.seats.rounds[state.first] for u in state.players[seat].squad
            if has_modifier(state, u, "after_deploy") for job in (("reveal", u), ("after_deploy_run", u))]
    push(state, *jobs)


@task("after_deploy_run")
def after_deploy_run(state: GameState, ev: Events, uid: int) -> None:
    d = state.cdef(uid)
    for i, ab in enumerate(d.abilities if d is not None and state.cards[uid].zone == "board" else ()):
        if ab["type"] == "after_deploy":
            emit(ev, "ability", uid=uid, ability=i, target=-1)
            run.run_effect(state, ev, uid, ab, ab["effect"], -1, None)
