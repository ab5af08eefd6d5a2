"""The table from each effect op to its handler, and how far `run.run_effect` takes the op before it.

A handler lives in the module of its op's family and takes (state, events, source, ability, effect,
target, trigger context). `EFFECT` ops run once as they are (the handler picks or asks for its cards);
`TARGET` ops run on each target of a selector, on the battlefield and not stopped by protection from
spells (`run.apply_op`); `ANY_CARD` ops on each target wherever it lies (a dead creature).
The declarations of `cards/terms` and this table name the same ops (tests/cards/test_terms.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from ..core import Events
from ..state import GameState
from . import area, movement, revive, status, steps, symbiont, wounds

OpHandler = Callable[[GameState, Events, int, dict[str, Any], dict[str, Any], int, tuple], None]
Scope = Literal["effect", "target", "any_card"]
EFFECT: Scope = "effect"
TARGET: Scope = "target"
ANY_CARD: Scope = "any_card"


class Op(NamedTuple):
    handler: OpHandler
    scope: Scope


OP_HANDLERS: dict[str, Op] = {
    # flow
    "sequence": Op(steps.op_sequence, EFFECT),
    "if": Op(steps.op_if, EFFECT),
    "choose": Op(steps.op_choose, EFFECT),
    "choose_number": Op(steps.op_choose_number, EFFECT),
    "by_sides": Op(steps.op_by_sides, EFFECT),
    "by_order": Op(steps.op_by_order, EFFECT),
    "by_roll": Op(steps.op_by_roll, TARGET),
    "modify_roll": Op(steps.op_modify_roll, EFFECT),
    "reroll": Op(steps.op_reroll, EFFECT),
    # wounds
    "attack": Op(wounds.op_attack, EFFECT),
    "redirect_attack": Op(wounds.op_redirect_attack, TARGET),
    "wound_heal": Op(wounds.op_wound_heal, EFFECT),
    "wound": Op(wounds.op_wound, TARGET),
    "poison": Op(wounds.op_poison, TARGET),
    "heal": Op(wounds.op_heal, TARGET),
    "extra_life": Op(wounds.op_extra_life, TARGET),
    "redistribute": Op(wounds.op_redistribute, TARGET),
    "move_wounds": Op(wounds.op_move_wounds, TARGET),
    "retaliate": Op(wounds.op_retaliate, TARGET),
    "trap": Op(wounds.op_trap, TARGET),
    "strike": Op(wounds.op_strike, TARGET),
    "destroy": Op(wounds.op_destroy, TARGET),
    "finish": Op(wounds.op_finish, TARGET),
    # areas and cells
    "attack_around": Op(area.op_attack_around, EFFECT),
    "wound_diagonal": Op(area.op_wound_diagonal, EFFECT),
    "wound_square": Op(area.op_wound_square, EFFECT),
    "wound_around_cell": Op(area.op_wound_around_cell, EFFECT),
    "ambush": Op(area.op_ambush, EFFECT),
    "fire_wall": Op(area.op_fire_wall, EFFECT),
    "cell_marker": Op(area.op_cell_marker, EFFECT),
    "remove_cell_markers": Op(area.op_remove_cell_markers, EFFECT),
    "move_cell_marker": Op(area.op_move_cell_marker, EFFECT),
    "burn_walls": Op(area.op_wound_marked_cells, EFFECT),
    "wound_marked_cells": Op(area.op_wound_marked_cells, EFFECT),
    # status, and the markers on a card
    "doom": Op(status.op_doom, EFFECT),
    "redirect_next_melee": Op(status.op_redirect_next_melee, EFFECT),
    "block_attack": Op(status.op_block_attack, EFFECT),
    "roll_twice": Op(status.op_roll_twice, EFFECT),
    "cure": Op(status.op_cure, TARGET),
    "curse": Op(status.op_curse, TARGET),
    "bless": Op(status.op_bless, TARGET),
    "strong_next_strike": Op(status.op_strong_next_strike, TARGET),
    "swap_strike": Op(status.op_swap_strike, TARGET),
    "gain": Op(status.op_gain, TARGET),
    "restrain": Op(status.op_restrain, TARGET),
    "silence": Op(status.op_silence, TARGET),
    "lose_keyword": Op(status.op_lose_keyword, TARGET),
    "buff": Op(status.op_buff, TARGET),
    "lose_abilities": Op(status.op_lose_abilities, TARGET),
    "repair_armor": Op(status.op_repair_armor, TARGET),
    "darken": Op(status.op_darken, TARGET),
    "animate": Op(status.op_animate, TARGET),
    "no_heal": Op(status.op_no_heal, TARGET),
    "lose_armor": Op(status.op_lose_armor, TARGET),
    "no_move": Op(status.op_no_move, TARGET),
    "set_next_roll": Op(status.op_set_next_roll, TARGET),
    "close": Op(status.op_close, TARGET),
    "open": Op(status.op_open, TARGET),
    "keep_closed": Op(status.op_keep_closed, TARGET),
    "keep_closed_next": Op(status.op_keep_closed_next, TARGET),
    "mark": Op(status.op_mark, TARGET),
    "marker": Op(status.op_marker, TARGET),
    "remove_marker": Op(status.op_remove_marker, TARGET),
    "chip": Op(status.op_chip, TARGET),
    "transfer_chip": Op(status.op_transfer_chip, TARGET),
    "lose_chips": Op(status.op_lose_chips, TARGET),
    # movement
    "teleport_pull": Op(movement.op_teleport_pull, EFFECT),
    "move_to_vacated": Op(movement.op_move_to_vacated, EFFECT),
    "jump": Op(movement.op_jump, TARGET),
    "move_passed": Op(movement.op_move_passed, TARGET),
    "jump_near": Op(movement.op_jump_near, TARGET),
    "take_flight": Op(movement.op_take_flight, TARGET),
    "land": Op(movement.op_land, TARGET),
    "relocate": Op(movement.op_relocate, TARGET),
    "displace": Op(movement.op_displace, TARGET),
    "move_to_marker": Op(movement.op_move_to_marker, EFFECT),
    "follow": Op(movement.op_follow, TARGET),
    "push_forward": Op(movement.op_push_forward, TARGET),
    "mirror_beside": Op(movement.op_mirror_beside, TARGET),
    "fill_vacated": Op(movement.op_fill_vacated, EFFECT),
    "swap": Op(movement.op_swap, TARGET),
    # deck, revival, incarnation
    "summon": Op(revive.op_summon, EFFECT),
    "show_gain": Op(revive.op_show_gain, EFFECT),
    "prophecy": Op(revive.op_prophecy, EFFECT),
    "stack_deck": Op(revive.op_stack_deck, EFFECT),
    "shown_to_top": Op(revive.op_shown_to_top, EFFECT),
    "scry": Op(revive.op_scry, EFFECT),
    "reveal_row": Op(movement.op_reveal_row, EFFECT),
    "rearrange": Op(movement.op_rearrange, EFFECT),
    "exile_revive": Op(revive.op_exile_revive, EFFECT),
    "inc_token": Op(revive.op_inc_token, EFFECT),
    "revive": Op(revive.op_revive, EFFECT),
    "exile": Op(revive.op_exile, ANY_CARD),
    "revive_on_dead_cell": Op(revive.op_revive_on_dead_cell, EFFECT),
    "gain_incarnation": Op(revive.op_gain_incarnation, EFFECT),
    # symbionts
    "take_over": Op(symbiont.op_take_over, ANY_CARD),
    "make_parasite": Op(symbiont.op_make_parasite, TARGET),
    "reseat": Op(symbiont.op_reseat, TARGET),
    "pass_symbiont": Op(symbiont.op_pass_symbiont, TARGET),
}
