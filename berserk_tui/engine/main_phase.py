"""The main decision of the active player: its legal actions and declaring the chosen one."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import AntiAir, EndTurn, Move, Strike, TakeChip, Use
from .activated import ability_targets, ability_usable, pay
from .chains import chain_step
from .closing import close
from .conditions import holds
from .core import Events, decision
from .keywords import abilities, banned, card_index, chip_room, holders, kw, restrained, statics
from .moves import do_move, move_cells, passing
from .places import enemy_creatures, is_creature, is_flyer
from .stack import declare
from .state import BATTLEFIELD, GameState, Item
from .strike import break_streaks, pay_strike, strike_targets


def only_flyers_left(state: GameState, seat: int) -> bool:
    """Has `seat` enemy creatures, and are they all flyers?"""
    some = False
    for e in enemy_creatures(state, seat):
        if not is_flyer(state, e.uid):
            return False
        some = True
    return some


def must_strike(state: GameState, uid: int) -> list[int]:
    """«Если в свой ход может атаковать простым ударом закрытое существо противника, он обязан это сделать»
    (`must_attack`): the enemy creatures matching its `vs` that it may strike now."""
    c = state.cards[uid]
    if not is_creature(state, uid):
        return []
    vs = [ab.get("vs", {}) for ab in statics(state, uid, "must_attack")]
    return [t for t in strike_targets(state, uid)
            if state.seats.enemy(state.cards[t].owner, c.owner) and is_creature(state, t)
            and any(holds(state, t, cond) for cond in vs)]


@decision("main")
class MainDecision(NamedTuple):
    """The active seat's turn: a move, a strike, an ability, or the end of the turn."""

    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.active
        stuck = passing(state, seat)
        if stuck != -1:      # «обязано объявить движение с этой клетки при ближайшей возможности»
            return [Move(stuck, cell) for cell in move_cells(state, stuck)]
        out: list = []
        enemies_fly = only_flyers_left(state, seat)
        chip_users = card_index(state).chip_users
        musts, obliged = holders(state, "must_attack"), False
        for c in state.cards:       # its cards on the battlefield, face up
            if c.owner != seat or c.face_down or c.zone not in BATTLEFIELD:
                continue
            uid = c.uid
            d = state.db.cards[c.card_id]
            if c.modifiers and restrained(state, uid):       # «не может действовать (кроме нападения простым ударом)»
                if not c.closed and is_creature(state, uid):
                    out += [Strike(uid, t) for t in strike_targets(state, uid)]
                continue
            if c.card_id in musts and not c.closed:      # «… обязан это сделать»: only those strikes
                forced = must_strike(state, uid)
                if forced:
                    out += [Strike(uid, t) for t in forced]
                    obliged = True
                    continue
            barred = bool(c.modifiers) and banned(state, uid, "no_act")    # «не может действовать»
            if not c.closed:        # a closed card does not move, strike or take a chip
                cells = move_cells(state, uid)
                if cells:
                    out += [Move(uid, cell) for cell in cells]
                if barred:
                    continue
                creature = is_creature(state, uid)
                if c.card_id in chip_users and (creature or d.kind == "artifact") and chip_room(state, uid, uid):
                    out.append(TakeChip(uid))                 # any card with a chip ability (seed 000)
                if creature:
                    targets = strike_targets(state, uid)
                    if targets:
                        out += [Strike(uid, t) for t in targets]
                    if enemies_fly and not is_flyer(state, uid) and c.anti_air_until < state.turn \
                            and not kw(state, uid, "hits_flyers"):
                        out.append(AntiAir(uid))
            if barred or "activated" not in d.ability_types and not c.modifiers:   # no printed or gained activated one
                continue
            for i, ab in enumerate(abilities(state, uid)):
                if ab["type"] != "activated" or ab.get("timing", "response") != "response":
                    continue
                if ability_usable(state, uid, i, ab):
                    out += [Use(uid, i, t) for t in ability_targets(state, uid, ab)]
        if not obliged:
            out.append(EndTurn())
        return out

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        seat = state.active
        if holders(state, "double_strike_vs"):
            break_streaks(state, getattr(action, "uid", -1))
        if isinstance(action, Move):
            do_move(state, action.uid, action.cell, ev)
            return
        if isinstance(action, EndTurn):
            declare(state, Item("end_turn", seat, -1), ev)
        elif isinstance(action, Strike):
            pay_strike(state, action.uid, action.target)
            declare(state, Item("strike", seat, action.uid, target=action.target), ev)
        elif isinstance(action, Use):
            pay(state, action.uid, action.ability, action.target)
            declare(state, Item("ability", seat, action.uid, action.ability, action.target), ev)
        elif isinstance(action, TakeChip):
            close(state, action.uid)
            declare(state, Item("chip", seat, action.uid), ev)
        elif isinstance(action, AntiAir):
            close(state, action.uid)
            declare(state, Item("anti_air", seat, action.uid), ev)
        if not isinstance(action, EndTurn) and card_index(state).by_type.get("chain_opens"):
            chain_step(state, seat, action, ev)      # «… подряд» (a move does not break a chain)
