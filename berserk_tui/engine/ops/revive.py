"""Revival and incarnation: from the graveyard back onto the battlefield; the handlers of the deck ops
(revival, incarnation, and the summons, prophecies and deck stacking of `deck_effects`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import deck_effects
from ..actions import PickCell, Target
from ..cells import any_free, free_cells, is_free
from ..core import Events, ask, decision, emit, push
from ..damage import gain_lives
from ..death import kill
from ..dispatch import dispatch, may_hear
from ..events import GameEvent
from ..geometry import NO_CELL
from ..keywords import kw, life_left, max_moves
from ..modifiers import add_modifier
from ..places import position
from ..state import GameState
from .select import candidates, index_of


def revive_on(state: GameState, ev: Events, uid: int, cell: int) -> None:
    """Card `uid`, if it lies in its owner's graveyard, returns open with full life onto `cell` if it is free."""
    c = state.cards[uid]
    if c.zone != "grave" or cell == NO_CELL or not is_free(state, cell):
        return
    p = state.players[c.owner]
    p.grave = tuple(u for u in p.grave if u != uid)
    c.zone, c.cell, c.face_down, c.closed, c.inc_tokens = "board", cell, False, False, 0
    state.grid[cell] = uid
    c.moves = max_moves(state, uid)
    emit(ev, "revived", uid=uid, cell=cell, life=life_left(state, uid))


def add_inc_token(state: GameState, ev: Events, uid: int) -> None:
    """«Получает жетон инкарнации»: a card with incarnation in a graveyard gets a token; with the last one it
    incarnates at once (seed 000, «Инкарнация»)."""
    c = state.cards[uid] if uid >= 0 else None
    need = kw(state, uid, "incarnation") if c is not None else 0
    if c is None or c.zone != "grave" or not need or c.incarnated or c.inc_tokens >= need:
        return
    c.inc_tokens += 1
    emit(ev, "incarnation_token", uid=uid, tokens=c.inc_tokens)
    push(state, *token_jobs(state, uid), *([("incarnate", uid)] if c.inc_tokens == need else []))


def token_jobs(state: GameState, uid: int) -> list[tuple]:
    """«При получении жетона инкарнации»: the card's own triggers (`amount`: its tokens now)."""
    c = state.cards[uid]
    if not may_hear(state, c, "incarnation_token", "token"):
        return []
    return dispatch(state, GameEvent("incarnation_token", subject=uid, amount=c.inc_tokens), "token", [c])


def revivable(state: GameState, seat: int, name: str) -> int:
    """The first card named `name` in `seat`'s graveyard, or -1."""
    return next((u for u in state.players[seat].grave if state.db.cards[state.cards[u].card_id].name == name), -1)


def take_over(state: GameState, ev: Events, src: int, dead: int) -> None:
    """Exile `src`, then revive the enemy creature `dead` from its owner's graveyard open on `src`'s cell (a
    flyer in the extra zone) on `src`'s side, for the rest of the battle."""
    s, t = state.cards[src], state.cards[dead]
    if s.zone != "board" or t.zone != "grave" or not state.seats.enemy(t.owner, s.owner):
        return
    cell, seat = s.cell, s.owner
    kill(state, src, ev, cause="exiled", banish=True, judge=False)
    old = state.players[t.owner]
    old.grave = tuple(u for u in old.grave if u != dead)
    t.owner, t.face_down, t.closed, t.inc_tokens = seat, False, False, 0
    if state.db.cards[t.card_id].kind == "flyer":
        t.zone = "extra"
    else:
        t.zone, t.cell = "board", cell
        state.grid[cell] = dead
    t.moves = max_moves(state, dead)
    emit(ev, "revived", uid=dead, cell=t.cell, life=life_left(state, dead))
    push(state, ("judge",))


def exile_revive(state: GameState, ev: Events, src: int, eff: dict[str, Any]) -> None:
    """Exile every face-up own card named `exile` on the battlefield, then revive the card named `revive`
    from the graveyard onto a free cell its owner picks, with X lives: the lives the exiled cards had left."""
    owner = state.cards[src].owner
    back = revivable(state, owner, eff["revive"])
    if back == -1:
        return
    gone = [c.uid for c in state.cards if c.owner == owner and c.on_battlefield and not c.face_down
            and state.db.cards[c.card_id].name == eff["exile"]]
    lives = sum(max(0, life_left(state, u)) for u in gone)
    for uid in gone:
        kill(state, uid, ev, cause="exiled", banish=True, judge=False)
    if lives and any_free(state):
        ask(state, owner, ReviveDecision(back, lives))
    else:
        push(state, ("judge",))


def revive_near(state: GameState, ev: Events, src: int, uid: int) -> None:
    """«Возродить»: card `uid` of the graveyard of `src`'s controller returns open, with full life, onto a free
    cell next to `src` its owner picks; a flyer or terrain goes into the extra zone (seed 000, «Возродить»).
    No free cell, or a unique card whose name his battlefield already bears: nothing."""
    c, owner = state.cards[uid], state.cards[src].owner
    d = state.cdef(uid)
    if c.zone != "grave" or c.owner != owner or d is None or deck_effects.unique_clash(state, owner, d):
        return
    if d.kind in ("flyer", "terrain"):
        state.players[owner].grave = tuple(u for u in state.players[owner].grave if u != uid)
        c.zone, c.face_down, c.closed, c.inc_tokens, c.wounds = "extra", False, False, 0, 0
        c.moves = max_moves(state, uid)
        emit(ev, "revived", uid=uid, cell=NO_CELL, life=life_left(state, uid))
        return
    anchor = position(state, src)
    if anchor != NO_CELL and free_cells(state, state.geo.around[anchor]):
        ask(state, owner, ReviveDecision(uid, d.life, near=anchor))


@decision("revive")
class ReviveDecision(NamedTuple):
    """«Возродить … на любой клетке поля боя» (or on a cell next to the cell `near`): the owner picks the free
    cell."""
    uid: int                 # the card revived
    lives: int               # the lives it comes back with
    near: int = NO_CELL

    @staticmethod
    def legal(state: GameState) -> list:
        near = state.pending.data.near
        return [PickCell(x) for x in free_cells(state, state.geo.around[near] if near != NO_CELL
                                                else range(state.geo.cells))]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: ReviveDecision = state.pending.data
        uid, lives = d.uid, d.lives
        c = state.cards[uid]
        p = state.players[c.owner]
        p.grave = tuple(u for u in p.grave if u != uid)
        c.zone, c.cell, c.face_down, c.closed, c.inc_tokens = "board", action.cell, False, False, 0
        state.grid[action.cell] = uid
        life = state.db.cards[c.card_id].life
        c.wounds = max(0, life - lives)
        c.moves = max_moves(state, uid)
        gain_lives(state, uid, lives - life, ev)
        emit(ev, "revived", uid=uid, cell=action.cell, life=life_left(state, uid))



# --- the handlers of the deck ops ----------------------------------------------------------------------

def op_exile_revive(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    exile_revive(state, ev, src, eff)


def op_summon(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    deck_effects.start_summon(state, ev, src, eff, ctx)


def op_prophecy(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    deck_effects.start_prophecy(state, src, index_of(state, src, ab), eff, target, ctx)


def op_shown_to_top(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    """«Можете вернуть показанные карты на верх колоды»: the `amount` cards a prophecy put under the deck."""
    n = ctx.amount or 0 if ctx is not None and ctx.kind == "prophesied" else 0
    p = state.players[state.cards[src].owner]
    if 0 < n <= len(p.deck):
        p.deck = p.deck[-n:] + p.deck[:-n]
        emit(ev, "deck_top", uid=src, seat=state.cards[src].owner, amount=n)


def op_stack_deck(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    deck_effects.start_stack(state, src, eff)


def op_scry(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    deck_effects.start_scry(state, src, eff["count"])


def op_show_gain(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    deck_effects.start_show_gain(state, src, eff)


def op_inc_token(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    spec = eff["target"]
    if target == -1 and isinstance(spec, dict):     # a case of a prophecy: the owner picks the card now
        options = candidates(state, src, spec, ctx)
        if len(options) == 1:
            add_inc_token(state, ev, options[0])
        elif options:
            ask(state, state.cards[src].owner, TokenDecision(src, tuple(options)))
        return
    add_inc_token(state, ev, target)


@decision("inc_token")
class TokenDecision(NamedTuple):
    """«Положите жетон инкарнации на вашу карту … на кладбище» outside a targeted ability (a prophecy's case):
    the owner picks one of the cards `options`."""
    src: int
    options: tuple[int, ...]

    @staticmethod
    def legal(state: GameState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: GameState, action: Target, ev: Events) -> None:
        add_inc_token(state, ev, action.uid)


def op_exile(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
             ctx: GameEvent | None) -> None:
    """«Изгнать существо с кладбища»: kept as the source's modifier ("exiled", card) this turn."""
    c = state.cards[target]
    if c.zone != "grave":
        return
    p = state.players[c.owner]
    p.grave = tuple(u for u in p.grave if u != target)
    p.exile += (target,)
    c.zone = "exile"
    add_modifier(state, src, "exiled", target, state.turn)
    emit(ev, "grave_exiled", uid=target)


def op_revive(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    """«Возродить» (`closed`: «в закрытом виде»): from the graveyard onto a free cell next to this card."""
    if eff.get("closed"):
        push(state, ("close_revived", target))     # once it is back (a cell may be asked first)
    revive_near(state, ev, src, target)



def op_revive_on_dead_cell(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                           target: int, ctx: GameEvent | None) -> None:
    """«Возрождается на его клетке»."""
    revive_on(state, ev, src, ctx.cell if ctx is not None and ctx.kind == "died" and ctx.cell is not None else NO_CELL)


def op_gain_incarnation(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                        target: int, ctx: GameEvent | None) -> None:
    """«Он получает Инкарнацию N»: kept while it lies in the graveyard."""
    if state.cards[target].zone == "grave":
        add_modifier(state, target, "incarnation", eff["amount"])
        emit(ev, "gains_incarnation", uid=target, amount=eff["amount"])
