"""The values effects compute: an amount (`amount_of`), a bonus's size (`buff_value`), the last turn a
temporary effect lasts (`expiry`)."""

from __future__ import annotations

from typing import Any

from ..attack_values import attack_value
from ..events import GameEvent, card
from ..keywords import formation_group, strike_values
from ..modifiers import BATTLE_LONG, modifier_entries, modifier_value, modifier_values
from ..places import card_behind, is_creature, opposite
from ..state import GameState


def amount_of(state: GameState, value: Any, target: int, ctx: GameEvent | None, src: int = -1) -> int:
    if isinstance(value, int):
        return value
    if value == "X":                # the X chips the source paid for the ability («X фишек»)
        return modifier_value(state, src, "cost_x") if src >= 0 else 0
    if value in ("chosen", "chosen_minus_one"):     # X of a `choose_number` (the modifier "chosen" of the source)
        x = modifier_value(state, src, "chosen") if src >= 0 else 0
        return max(0, x - 1) if value == "chosen_minus_one" else x
    if value == "heal":             # «если должен излечиться на X, вместо этого … на X»
        return ctx.amount if ctx is not None and ctx.kind == "healed" and ctx.amount is not None else 0
    if value == "wounds_this_turn":     # «на число ран, полученных в этот ход»
        return sum(v for v, e in modifier_entries(state, target, "wounds_taken") if e == state.turn)
    if value == "opposite_strike":      # «X — величина удара существа напротив» (the level of the hit, else weak)
        other = opposite(state, src) if src >= 0 else -1
        level = ctx.level if ctx is not None and ctx.kind == "attacked" and ctx.level else 1
        return strike_values(state, other)[level - 1] if other >= 0 else 0
    if value == "behind_weak":      # «на величину слабого удара существа, стоящего позади него»
        behind = card_behind(state, target)
        return strike_values(state, behind)[0] if behind >= 0 else 0
    if value == "strong_minus_weak":
        d = state.cdef(target)
        return d.strike[2] - d.strike[0] if d else 0
    if value == "dead_regen":
        return ctx.regen if ctx is not None and ctx.kind == "died" else 0
    if value == "dead_poison":      # «X — величина отравления умершего существа»
        return ctx.amount or 0 if ctx is not None and ctx.kind == "died" else 0
    if value == "all":
        return state.cards[target].wounds
    if value == "weak_strike":
        return strike_values(state, target)[0]
    if value == "attack_value":     # «на величину этого удара»: the value of the attack that triggered
        if ctx is None or ctx.kind != "attacked" or ctx.level is None:
            return 0
        struck, kind, level, src = ctx.subject, ctx.attack, ctx.level, ctx.actor
        base = strike_values(state, src)[level - 1] if kind == "strike" else 0
        return attack_value(state, src, struck, kind, level, base)
    if value == "wounds_taken":     # «эти раны»: the wounds of a `wounded` trigger
        return ctx.amount or 0 if ctx is not None and ctx.kind == "wounded" else 0
    if value == "target_wounds":
        return state.cards[target].wounds
    if value == "blocked_value":    # «X — величина этой атаки» of an attack the card blocked
        return ctx.amount if ctx is not None and ctx.kind == "defended" and ctx.amount is not None else 0
    raise ValueError(f"unknown amount {value!r}")


def buff_value(state: GameState, src: int, value: int | str, eff: dict[str, Any], ctx: GameEvent | None = None,
               target: int = -1) -> int:
    """A bonus's size: a number; "wounds" — the wounds on the source; "formation" — the other creatures
    in one formation with it; "payer_weak" — the weak strike of the creature that closed to pay for the
    ability; each up to `max`. "minus_target_weak" / "minus_target_poison" — minus the target's weak
    strike / its poison, counted when given."""
    if isinstance(value, int):
        return value
    if value == "minus_target_weak":
        return -strike_values(state, target)[0] if target >= 0 else 0
    if value == "minus_target_poison":
        return -state.cards[target].poison if target >= 0 else 0
    if value == "attack_value":     # «при ударе на X получает +X …»: the value of the attack that triggered
        return amount_of(state, value, target, ctx)
    if value in ("chosen", "X"):       # a chosen number; the X chips paid for the ability
        return amount_of(state, value, target, ctx, src)
    if value == "dead_weak":        # «X — слабый простой удар уничтоженного»
        return strike_values(state, ctx.subject)[0] if ctx is not None and ctx.kind == "died" else 0
    if value in ("exiled_weak", "exiled_life"):    # «X — значение слабого удара / жизни изгнанного существа»
        exiled = modifier_values(state, src, "exiled")
        d = state.cdef(exiled[-1]) if exiled else None
        return (d.strike[0] if value == "exiled_weak" else d.life) if d is not None else 0
    if value == "shown":            # «X — количество показанных карт» of a prophecy
        n = ctx.amount if ctx is not None and ctx.kind == "prophesied" and ctx.amount is not None else 0
    elif value == "payer_weak":
        payer = card(ctx, "payer")
        n = strike_values(state, payer)[0] if payer >= 0 else 0
    elif value == "wounds":
        n = state.cards[src].wounds
    elif value == "formation":
        n = sum(1 for uid in formation_group(state, src) if uid != src and is_creature(state, uid))
    else:
        raise ValueError(f"unknown bonus {value!r}")
    return min(n, eff.get("max", n))


def expiry(state: GameState, until: str, owner: int) -> int:
    """The last turn a temporary bonus lasts; "end_of_its_turn" («до конца своего хода» of the target) is
    "end_of_your_turn" counted from the target's controller (`owner` is then his seat)."""
    if until == "battle":
        return BATTLE_LONG
    if until in ("end_of_opponent_turn", "end_of_next_opponent_turn"):    # an opponent's, not an ally's (702)
        return state.next_enemy_turn(owner, until == "end_of_opponent_turn")
    if until == "end_of_your_next_turn":
        return state.next_turn(owner)
    if until == "end_of_turn" or state.active == owner:
        return state.turn
    return state.next_turn(owner)
