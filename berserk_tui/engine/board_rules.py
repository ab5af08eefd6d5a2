"""The rule book of seed 003 where it parts from the classic one, as tasks of the board game's rulebook.

- «В начале хода» (glossary): the abilities of a player's cards «объявляются одновременно, но выполняются по
  очереди, одна за другой» — in card order, first to last (the classic rules resolve them in reverse).
- «Защита от отравления»: «если отравленное существо получает 🩸, то оно теряет отравление» — judged before each
  declaration resolves, after each effect (with the deaths) and at the poison's tick.
- «Правило легальности»: an activated ability whose target is no longer a legal one when it resolves is
  cancelled without its cost: the card opens again, its chips, lives and use come back.

docs/rules-decisions.md, "The board game: the rule book", says what each covers and why.
"""

from __future__ import annotations

from .activated import ability_targets
from .boardgame import BOARDGAME_RULEBOOK
from .core import Events, emit, push
from .death import check_deaths
from .keywords import LOST_ABILITY, kw, max_moves
from .modifiers import modifier_value
from .ops.select import ability
from .ops.status import poison_tick
from .ops.trigger import turn_start_jobs
from .stack import STACK_OPS, resolve_stack
from .state import GameState, Item
from .turns import opponent_start_jobs, restore_moves


@BOARDGAME_RULEBOOK.task("turn_start_effects")
def turn_start_in_order(state: GameState, ev: Events, seat: int) -> None:
    """The active player's start-of-turn effects in card order, first to last; then the opponents'
    «в начале хода противника» abilities, as in the classic rules."""
    restore_moves(state, seat)
    cure_protected(state, ev)
    push(state, *reversed(turn_start_jobs(state, seat)), *opponent_start_jobs(state, seat))


# --- protection from poison -------------------------------------------------------------------------------

def cure_protected(state: GameState, ev: Events) -> None:
    """Every poisoned card on the battlefield that has protection from poison loses its poison."""
    for c in state.cards:
        if c.poison and c.on_battlefield and kw(state, c.uid, "prot_poison"):
            c.poison = 0
            emit(ev, "cured", uid=c.uid, status="poison")


@BOARDGAME_RULEBOOK.task("poison_tick")
def protected_poison_tick(state: GameState, ev: Events, uid: int) -> None:
    cure_protected(state, ev)
    poison_tick(state, ev, uid)


@BOARDGAME_RULEBOOK.task("check_deaths")
def deaths_and_cures(state: GameState, ev: Events) -> None:
    cure_protected(state, ev)
    check_deaths(state, ev)


# --- the rule of legality ---------------------------------------------------------------------------------

@BOARDGAME_RULEBOOK.task("resolve_stack")
def resolve_legal(state: GameState, ev: Events) -> None:
    """Resolve the top of the stack; an ability that can no longer be carried out goes without its cost."""
    cure_protected(state, ev)
    item = state.stack[-1] if state.stack else None
    if item is not None and not item.canceled and illegal(state, item):
        state.stack.pop()
        refund(state, item, ev)
        push(state, ("resolve_stack",))
        return
    resolve_stack(state, ev)


def illegal(state: GameState, item: Item) -> bool:
    """Is `item` an activated ability aimed at a card that is no longer among its legal targets? Only abilities
    whose target is a card chosen by their selector are judged (not a stack entry, a payer or an attacker)."""
    if item.kind != "ability" or item.target < 0 or not state.cards[item.actor].on_battlefield:
        return False
    ab = ability(state, item.actor, item.ability)
    if ab is LOST_ABILITY or ab["type"] != "activated" or ab.get("pay_close") \
            or ab.get("timing", "response") != "response" or ab["effect"]["op"] in STACK_OPS:
        return False
    return item.target not in ability_targets(state, item.actor, ab)


def refund(state: GameState, item: Item, ev: Events) -> None:
    """Undo what `activated.pay` took: the card opens (with its moves, if it had not moved this turn), and gets
    back its chips, extra lives and the use of a limited ability."""
    ab = ability(state, item.actor, item.ability)
    c = state.cards[item.actor]
    if ab.get("tap", True) and c.closed:
        c.closed = False
        c.moves = 0 if c.moved else max_moves(state, c.uid)
    chips, lives = ab.get("chips", 0), ab.get("lives", 0)
    c.chips += modifier_value(state, c.uid, "cost_x") if chips == "X" else chips
    c.extra_life += modifier_value(state, c.uid, "cost_x") if lives == "X" else lives
    if ab.get("once_per") or "per_turn" in ab:
        last = max((k for k, (i, _) in enumerate(c.used) if i == item.ability), default=-1)
        c.used = c.used[:last] + c.used[last + 1:] if last >= 0 else c.used
    emit(ev, "illegal", uid=item.actor, ability=item.ability, target=item.target)
