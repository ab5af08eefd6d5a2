"""Cards taken from a deck during the battle: «вызвать» (summon), «пророчество» (prophecy), a shown card
put back at a depth of the shuffled deck (`stack_deck`) and the top cards looked at and put back (`scry`).

A deck is a tuple of card ids. In a network game the opponent's engine holds the owner's deck as None
(docs/protocol.md), so a decision that takes or shows a deck card is the owner's and names the card
(`FromDeck`): the owner's engine offers the cards of his deck that fit, the other engine every card of the
database that fits, and the final full-information replay proves that the card really was there (and, for
a prophecy, on top).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import permutations
from typing import Any, NamedTuple

from cards.schema import SYMBIONTS, CardDef

from .actions import Choose, FromDeck, PickCell, Skip
from .cells import free_cells, is_free
from .conditions import holds, printed_holds
from .core import Events, ask, ask_shuffle, decision, emit, push, task
from .death import kill
from .dispatch import dispatch, hears_like
from .events import GameEvent
from .geometry import NO_CELL
from .keywords import abilities, kw, max_moves
from .modifiers import BATTLE_LONG, add_modifier, replace_modifier
from .ops import run
from .ops.select import fixed_target
from .places import battlefield, is_creature, position, symbiont_of
from .refs import Ref, ref_of, resolve
from .state import CardState, GameState


def hidden_deck(state: GameState, seat: int) -> bool:
    """This engine does not know `seat`'s deck (the opponent's engine in a network game)."""
    return None in state.players[seat].deck


def offered(state: GameState, seat: int, cond: Mapping[str, Any]) -> list[str]:
    """Card ids of `seat`'s deck that match `cond`, sorted; any card of the database for a hidden deck."""
    deck = state.players[seat].deck
    pool = state.db.cards if hidden_deck(state, seat) else set(deck)
    return sorted(cid for cid in pool if printed_holds(state.db.cards[cid], cond)) if deck else []


def take(state: GameState, seat: int, cid: str, last: bool = False) -> None:
    """Remove one copy of `cid` from the deck (the last one with `last`); one unknown card from a hidden deck."""
    deck = list(state.players[seat].deck)
    key = cid if cid in deck else None
    i = len(deck) - 1 - deck[::-1].index(key) if last else deck.index(key)
    del deck[i]
    state.players[seat].deck = tuple(deck)


def new_card(state: GameState, seat: int, cid: str) -> CardState:
    """A card instance for a card taken from the deck (not part of the squad bought at the start)."""
    c = CardState(len(state.cards), seat, cid)
    c.face_down = False
    state.cards.append(c)
    return c


# --- summon -----------------------------------------------------------------------------------------

def start_summon(state: GameState, ev: Events, src: int, eff: dict[str, Any], ctx: GameEvent | None,
                 shown: str | None = None) -> None:
    """«Вызвать»: schedule the picks of an op `summon` (see docs/card-schema.md). With `leave` the source
    first leaves the battlefield (exiled or destroyed), so that its cell is free for the summoned card.
    `shown`: the card a prophecy showed, the one a `card = "shown"` summon brings."""
    count = eff.get("count", 1)
    died = ctx if ctx is not None and ctx.kind == "died" else None
    if count == "dead_extra_lives":          # «X — число своих дополнительных жизней» (at its death)
        count = died.lives if died is not None and died.lives is not None else 0
    where = eff.get("place", "near")
    if where in ("near", "own_cell"):       # from the cell it died on, if it is off the board now
        anchor = position(state, src)
        if died is not None and anchor == NO_CELL:
            anchor = died.cell if died.cell is not None else NO_CELL
    else:
        anchor = fixed_target(state, src, eff.get("host", "self"), ctx) if where == "host" else NO_CELL
    leave = eff.get("leave")        # «при этом»: the game is judged once the summoned card stands there
    if leave == "exile":
        kill(state, src, ev, cause="exiled", banish=True, judge=False)
    elif leave == "destroy":
        kill(state, src, ev, cause="destroyed", judge=False)
    push(state, ("summon", src, ref_of(state, eff), shown, count, anchor, True), *([("judge",)] if leave else []))


def summon_effect(state: GameState, effect: Ref, shown: str | None) -> dict[str, Any]:
    """The summon op `effect` refers to; with `shown`, the one card a prophecy showed, now at the bottom."""
    eff = resolve(state.db, effect)
    return eff if shown is None else {**eff, "card": {"id": shown}, "from": "bottom"}


def summonable(state: GameState, src: int, eff: dict[str, Any], anchor: int) -> list[str]:
    """The deck cards the summon can bring, given where they would go."""
    where = eff.get("place", "near")
    seat = state.cards[src].owner
    if where == "host" and (anchor < 0 or not state.cards[anchor].on_battlefield
                            or not is_creature(state, anchor) or symbiont_of(state, anchor) != -1):
        return []
    room = {"near": anchor != NO_CELL and bool(free_cells(state, state.geo.around[anchor])),
            "own_cell": anchor != NO_CELL and is_free(state, anchor),
            "crowd": bool(crowd_cells(state, seat, eff.get("around", 1))),
            "free": bool(crowd_cells(state, seat, 0))}.get(where, True)

    def placeable(d: CardDef) -> bool:
        if where == "grave":
            return True
        if unique_clash(state, seat, d):
            return False
        if where == "host":          # as `reach.can_host`, for a card not yet in play
            ghost = kw(state, anchor, "incorporeal") and not d.keywords.get("incorporeal")
            return d.kind in SYMBIONTS and not ghost \
                and all(holds(state, anchor, ab["filter"]) for ab in d.abilities if ab["type"] == "host_filter")
        return d.kind not in SYMBIONTS and (room or d.kind in ("flyer", "terrain"))
    return [cid for cid in offered(state, seat, eff["card"]) if placeable(state.db.cards[cid])]


def crowd_cells(state: GameState, seat: int, least: int) -> list[int]:
    """Free cells with `least` or more creatures of `seat` next to them (diagonals included; a face-down card
    counts)."""
    def own(uid: int) -> bool:
        return uid != -1 and state.cards[uid].owner == seat and (state.cards[uid].face_down or is_creature(state, uid))
    return [x for x in free_cells(state, range(state.geo.cells))
            if sum(1 for y in state.geo.around[x] if own(state.grid[y])) >= least]


def unique_clash(state: GameState, seat: int, d: CardDef) -> bool:
    """«В отряде не может быть двух одинаковых карт с уникальностью»: `d` is unique and a face-up card of `seat`
    on the battlefield already bears its name (seed 000, «Уникальность»). Face-up only: both peers' engines
    must agree, and the opponent's does not know face-down cards."""
    return d.unique and any(not c.face_down and (o := state.cdef(c.uid)) is not None and o.name == d.name
                            for c in battlefield(state, seat))


@task("summon")
def summon_next(state: GameState, ev: Events, src: int, effect: Ref, shown: str | None, left: int, anchor: int,
                first: bool) -> None:
    """Ask the owner for the next card whenever the public position allows a summon at all, even if his
    deck holds nothing that fits: the opponent's engine cannot tell, and both must ask the same decisions
    (the owner then has only `Skip`)."""
    seat = state.cards[src].owner
    bad_host = resolve(state.db, effect).get("place") == "host" and (
        anchor < 0 or not state.cards[anchor].on_battlefield or symbiont_of(state, anchor) != -1)
    if left > 0 and state.players[seat].deck and not bad_host:
        ask(state, seat, SummonDecision(src, effect, shown, left, anchor, first))


@decision("summon")
class SummonDecision(NamedTuple):
    """The owner picks the deck card to summon, or stops: an optional summon, after the first of several, or
    when nothing in his deck fits (the opponent's engine, not seeing the deck, always allows stopping)."""
    src: int                 # the summoning card
    effect: Ref              # its summon op
    shown: str | None        # the card a prophecy showed (`card = "shown"`)
    left: int                # the cards it may still summon
    anchor: int              # the cell («рядом», «на свою клетку») or the host it summons at
    first: bool              # no card summoned yet

    @staticmethod
    def legal(state: GameState) -> list:
        d: SummonDecision = state.pending.data
        eff = summon_effect(state, d.effect, d.shown)
        fitting = summonable(state, d.src, eff, d.anchor)
        seat = state.cards[d.src].owner
        may_stop = eff.get("optional", True) or not d.first or not fitting or hidden_deck(state, seat)
        return [FromDeck(cid) for cid in fitting] + ([Skip()] if may_stop else [])

    @staticmethod
    def apply(state: GameState, action: FromDeck | Skip, ev: Events) -> None:
        d: SummonDecision = state.pending.data
        if isinstance(action, Skip):
            return
        seat = state.cards[d.src].owner
        eff = summon_effect(state, d.effect, d.shown)
        take(state, seat, action.card_id, last=eff.get("from") == "bottom")
        push(state, ("summon", d.src, d.effect, d.shown, d.left - 1, d.anchor, False))
        if eff.get("closed"):       # «в закрытом виде»: the card about to be made gets the next uid
            push(state, ("close_revived", len(state.cards)))
        card = state.db.cards[action.card_id]
        where, anchor = eff.get("place", "near"), d.anchor
        if where in ("near", "crowd", "free") and card.kind not in ("flyer", "terrain"):
            least = eff.get("around", 1) if where == "crowd" else 0
            anchor = NO_CELL if where == "free" else anchor
            cells = crowd_cells(state, seat, least) if least or where == "free" \
                else free_cells(state, state.geo.around[anchor])
            if len(cells) > 1:
                ask(state, seat, SummonCellDecision(d.src, card=action.card_id, anchor=anchor, around=least))
                return
            where, anchor = "own_cell", cells[0]
        place(state, ev, d.src, action.card_id, where, anchor)


@decision("summon_cell")
class SummonCellDecision(NamedTuple):
    """«Рядом с картой, использующей вызов, и только на свободную клетку»: the owner picks the cell."""
    src: int                 # the summoning card
    card: str                # the card id summoned
    anchor: int              # the cell it goes next to
    around: int = 0          # `place = "crowd"`: any free cell with this many own creatures next to it instead
                             # (`place = "free"`: anchor NO_CELL, any free cell)

    @staticmethod
    def legal(state: GameState) -> list:
        d: SummonCellDecision = state.pending.data
        if d.around or d.anchor == NO_CELL:         # «рядом с которой … ваших существ», any free cell
            return [PickCell(x) for x in crowd_cells(state, state.pending.player, d.around)]
        return [PickCell(x) for x in free_cells(state, state.geo.around[d.anchor])]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: SummonCellDecision = state.pending.data
        place(state, ev, d.src, d.card, "own_cell", action.cell)


@task("close_revived")
def close_revived(state: GameState, ev: Events, uid: int) -> None:
    """A card revived or summoned «в закрытом виде» (`closed = true`) closes as it comes back (nothing is set
    off); pushed before the card is placed, so it runs once it stands there."""
    c = state.cards[uid] if uid < len(state.cards) else None
    if c is not None and c.on_battlefield and not c.closed:
        c.closed = True
        emit(ev, "closed", uid=uid)


def place(state: GameState, ev: Events, src: int, cid: str, where: str, anchor: int) -> None:
    """Put a card `src` summoned, open and face up: on the cell `anchor`, in the extra zone (flyers and
    terrain), seated on the host `anchor`, or into the graveyard. Its triggers hearing it enter (`how =
    "summon"`, with `source` a condition on `src`) follow."""
    seat = state.cards[src].owner
    c = new_card(state, seat, cid)
    d = state.db.cards[cid]
    if where == "grave":
        c.zone = "grave"
        state.players[seat].grave += (c.uid,)
        emit(ev, "deck_to_grave", uid=c.uid, card=cid)
        return
    if where == "host":
        c.zone, c.host = "seated", anchor
    elif d.kind in ("flyer", "terrain"):
        c.zone = "extra"
    else:
        c.zone, c.cell = "board", anchor
        state.grid[anchor] = c.uid
    c.moves = max_moves(state, c.uid)
    emit(ev, "summoned", uid=c.uid, card=cid, cell=c.cell, host=c.host)
    push(state, *dispatch(state, GameEvent("entered", subject=c.uid, source=src, cause="summon"), "summoned", [c]))


# --- prophecy -----------------------------------------------------------------------------------------

def start_prophecy(state: GameState, src: int, index: int, eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    """«Пророчество 1»: the owner shows the top card of his deck (nothing happens with an empty deck)."""
    if state.players[state.cards[src].owner].deck:
        ask(state, state.cards[src].owner,
            ProphecyDecision(src, index, effect=ref_of(state, eff), target=target, ctx=ctx))


@decision("prophecy")
class ProphecyDecision(NamedTuple):
    """Show the top card of the deck (the only choice; any card for a hidden deck), act on it, then put it
    under the deck."""
    src: int                 # the prophesying card
    index: int               # its ability
    effect: Ref              # the prophecy op (its `cases`)
    target: int              # the target of the ability (a case's «same»)
    ctx: GameEvent | None    # the event that triggered it
    shown: tuple[str, ...] = ()     # the cards shown before this one («пророчество 2»)

    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.pending.player
        if hidden_deck(state, seat):
            return [FromDeck(cid) for cid in offered(state, seat, {})]
        return [FromDeck(state.players[seat].deck[0])]

    @staticmethod
    def apply(state: GameState, action: FromDeck, ev: Events) -> None:
        d: ProphecyDecision = state.pending.data
        src, ctx = d.src, d.ctx
        seat = state.pending.player
        p = state.players[seat]
        eff = resolve(state.db, d.effect)
        if eff.get("to") == "grave":        # «положите верхнюю карту колоды на кладбище»
            p.deck = p.deck[1:]
            milled = new_card(state, seat, action.card_id)
            milled.zone = "grave"
            p.grave += (milled.uid,)
            emit(ev, "deck_to_grave", uid=milled.uid, card=action.card_id)
        elif not hidden_deck(state, seat):
            p.deck = p.deck[1:] + p.deck[:1]
        emit(ev, "prophecy", uid=src, seat=seat, card=action.card_id)
        shown = (*d.shown, action.card_id)
        if len(shown) < eff.get("count", 1) and len(shown) < len(p.deck):     # «пророчество 2»: the next card
            ask(state, seat, d._replace(shown=shown))
            return
        if eff.get("to") != "grave":       # a card milled is not a prophecy
            push(state, *dispatch(state, GameEvent("prophesied", subject=src, amount=len(shown)), "prophecy",
                                  battlefield(state, seat)))      # after the case below has resolved
            for cid in reversed(shown):      # «когда вы показываете эту карту при пророчестве» (after the case)
                for own in state.db.cards[cid].abilities:
                    if own["type"] == "when_shown":
                        start_summon(state, ev, src, own["effect"], ctx, cid)
        ab = abilities(state, src)[d.index]
        replace_modifier(state, src, "shown_cost", state.db.cards[action.card_id].cost)   # «стоимостью X»
        for case in eff.get("cases", ()):
            if all(printed_holds(state.db.cards[cid], case["shown"], state) for cid in shown):
                branch = case["then"]
                if branch.get("card") == "shown":       # «… может вызвать его»: that very card, now at the bottom
                    start_summon(state, ev, src, branch, ctx, action.card_id)
                    return
                spec_t = branch.get("target")
                aim = fixed_target(state, src, spec_t, ctx) if isinstance(spec_t, str) and spec_t != "same" \
                    else d.target
                run.run_effect(state, ev, src, ab, branch, aim, ctx)
                return


# --- a shown card put back at a depth -------------------------------------------------------------------

def start_stack(state: GameState, src: int, eff: dict[str, Any]) -> None:
    """«Покажите любую карту из вашей колоды; перемешайте колоду; поместите показанную карту …-й сверху»."""
    seat = state.cards[src].owner
    if state.players[seat].deck:
        depth = eff["depth_first"] if state.is_first(seat) else eff["depth_second"]
        ask(state, seat, StackDeckDecision(src, depth))


@decision("stack_deck")
class StackDeckDecision(NamedTuple):
    """The owner shows any card of his deck; the rest is shuffled and the card goes back at the depth."""
    src: int                 # the card whose effect it is
    depth: int               # where the shown card goes back (1: on top)

    @staticmethod
    def legal(state: GameState) -> list:
        return [FromDeck(cid) for cid in offered(state, state.pending.player, {})]

    @staticmethod
    def apply(state: GameState, action: FromDeck, ev: Events) -> None:
        d: StackDeckDecision = state.pending.data
        seat = state.pending.player
        take(state, seat, action.card_id)
        emit(ev, "deck_shown", uid=d.src, seat=seat, card=action.card_id)
        push(state, ("deck_insert", seat, action.card_id, d.depth))
        ask_shuffle(state, seat)


@task("deck_insert")
def deck_insert(state: GameState, ev: Events, seat: int, cid: str, depth: int) -> None:
    """The shown card goes back at `depth` (an unknown card into a deck this engine cannot see)."""
    p = state.players[seat]
    at = min(depth - 1, len(p.deck))
    p.deck = p.deck[:at] + (None if hidden_deck(state, seat) else cid,) + p.deck[at:]


# --- the top cards looked at and put back ----------------------------------------------------------------

@cache
def arrangements(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The ways to put back the top `n` cards: (an order of their positions, how many of them, in that order,
    go on top); the rest go to the bottom in that order. Positions only: they tell nothing of the cards."""
    return tuple((order, k) for order in permutations(range(n)) for k in range(n, -1, -1))


def start_scry(state: GameState, src: int, count: int) -> None:
    """«Посмотрите N верхних карт вашей колоды, затем положите их на верх или в низ колоды в любом порядке»."""
    seat = state.cards[src].owner
    n = min(count, len(state.players[seat].deck))
    if n:
        ask(state, seat, ScryDecision(src, n))


@decision("scry")
class ScryDecision(NamedTuple):
    """The owner puts back the top `n` cards of his deck he looked at: `Choose(i)`, arrangement i of
    `arrangements(n)` (asked on public facts only: the deck's length)."""
    src: int                 # the card whose effect it is
    n: int                   # the cards looked at

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(i) for i in range(len(arrangements(state.pending.data.n)))]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: ScryDecision = state.pending.data
        p = state.players[state.pending.player]
        order, k = arrangements(d.n)[action.option]
        top = p.deck[:d.n]
        p.deck = (*(top[i] for i in order[:k]), *p.deck[d.n:], *(top[i] for i in order[k:]))
        emit(ev, "scried", uid=d.src, seat=state.pending.player, top=k, bottom=d.n - k)


# --- show a deck card and gain its abilities ------------------------------------------------------------

def lendable(eff: dict[str, Any], card: CardDef) -> list[dict[str, Any]]:
    """The triggered abilities of deck card `card` whose `on` has every filter value of the effect's `trigger`
    («особенность с текстом «при сильном ударе»»)."""
    return [ab for ab in card.abilities if hears_like(ab, eff["trigger"])]


def showable(state: GameState, src: int, eff: dict[str, Any]) -> list[str]:
    """The deck cards the source may show: matching `card`, not of its own name, with a lendable ability, and
    of a name not shown for it before («карту с каждым названием можно показывать только один раз»)."""
    seat, name = state.cards[src].owner, state.cdef(src).name
    shown = {state.db.cards[v[1]].name for k, v, _ in state.cards[src].modifiers if k == "gained"}
    return [cid for cid in offered(state, seat, eff["card"])
            if state.db.cards[cid].name != name and state.db.cards[cid].name not in shown
            and lendable(eff, state.db.cards[cid])]


def start_show_gain(state: GameState, src: int, eff: dict[str, Any]) -> None:
    seat = state.cards[src].owner
    if state.players[seat].deck and state.cards[src].on_battlefield:
        ask(state, seat, ShowGainDecision(src, ref_of(state, eff)))


@decision("show_gain")
class ShowGainDecision(NamedTuple):
    """«Покажите из колоды существо с особенностью …: эта карта получает эту особенность до конца боя»: the owner
    shows a fitting deck card (it stays in the deck) or none; the source gains its matching abilities."""
    src: int
    effect: Ref              # its show_gain op

    @staticmethod
    def legal(state: GameState) -> list:
        d: ShowGainDecision = state.pending.data
        return [*(FromDeck(cid) for cid in showable(state, d.src, resolve(state.db, d.effect))), Skip()]

    @staticmethod
    def apply(state: GameState, action: FromDeck | Skip, ev: Events) -> None:
        d: ShowGainDecision = state.pending.data
        if isinstance(action, Skip):
            return
        card = state.db.cards[action.card_id]
        emit(ev, "shown", uid=d.src, card=action.card_id)
        for ab in lendable(resolve(state.db, d.effect), card):
            add_modifier(state, d.src, "gained", (d.src, *ref_of(state, ab)), BATTLE_LONG)
        emit(ev, "gained_ability", uid=d.src)

