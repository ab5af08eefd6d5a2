"""Activated abilities: whether one may be used now, its targets, and paying its cost."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Choose
from .closing import close
from .conditions import holds
from .core import Events, ask, decision, emit, push
from .dispatch import dispatch
from .events import GameEvent
from .keywords import banned, featureless, magic_ability, silenced
from .modifiers import replace_modifier
from .ops.select import ability, candidates, effect_target_spec, fixed_target, takes_all
from .ops.wounds import finishable
from .places import adjacent, creatures
from .state import GameState
from .targets import attack_targets


def ability_usable(state: GameState, uid: int, index: int, ab: dict[str, Any]) -> bool:
    """Costs, limits and requirements of an activated ability (not its timing or targets)."""
    c = state.cards[uid]
    if ab.get("tap", True) and c.closed or featureless(state, uid):
        return False
    if c.chips < chip_cost(ab) or c.extra_life < lives_cost(ab):
        return False
    if c.modifiers and (magic_ability(ab) and silenced(state, uid)     # silenced: a modifier
                        or ab.get("kind") == "attack" and banned(state, uid, "no_attack")):
        return False
    once = ab.get("once_per")
    if once == "turn" and (index, state.turn) in c.used:
        return False
    if once == "battle" and any(i == index for i, _ in c.used):
        return False
    if "per_turn" in ab and c.used.count((index, state.turn)) >= ab["per_turn"]:    # «не более 2 раз за ход»
        return False
    return "requires" not in ab or holds(state, uid, ab["requires"])


def chip_cost(ab: dict[str, Any]) -> int:
    """The chips an activated ability needs at least (a cost of X chips: one)."""
    chips = ab.get("chips", 0)
    return 1 if chips == "X" else chips


def lives_cost(ab: dict[str, Any]) -> int:
    """The extra lives an activated ability needs at least (a cost of X lives: one)."""
    lives = ab.get("lives", 0)
    return 1 if lives == "X" else lives


@decision("cost_x")
class CostXDecision(NamedTuple):
    """«X {фишек}»: the owner of an ability paid with X chips picks X, from 1 to the card's chips; the card keeps X
    this turn (modifier "cost_x") for the values `"X"` of the ability's effect. `lives`: X of its extra lives
    instead («снимите X дополнительных жизней»)."""
    src: int
    lives: bool = False

    @staticmethod
    def legal(state: GameState) -> list:
        d: CostXDecision = state.pending.data
        c = state.cards[d.src]
        return [Choose(x) for x in range(1, (c.extra_life if d.lives else c.chips) + 1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: CostXDecision = state.pending.data
        c = state.cards[d.src]
        if d.lives:
            c.extra_life -= action.option
            emit(ev, "lives_spent", uid=d.src, amount=action.option)
        else:
            c.chips -= action.option
            emit(ev, "chips_spent", uid=d.src, amount=action.option)
        replace_modifier(state, d.src, "cost_x", action.option)


def ability_targets(state: GameState, uid: int, ab: dict[str, Any]) -> list[int]:
    """Targets of an activated ability; [-1] when it takes none. For a `pay_close` ability the
    «target» is the own creature that closes to pay for it."""
    if ab.get("pay_close"):
        return payers(state, uid)
    eff = ab["effect"]
    if eff["op"] == "sequence" and eff["steps"][0]["op"] == "attack":
        eff = eff["steps"][0]
    if eff["op"] == "attack" and "target" in eff:       # a fixed target («по карте напротив»)
        fixed = fixed_target(state, uid, eff["target"], None)
        return [fixed] if fixed in attack_targets(state, uid, eff) else []
    if eff["op"] == "attack":
        return attack_targets(state, uid, eff)
    if eff["op"] == "finish":
        return [t for t in candidates(state, uid, eff["target"], None) if finishable(state, uid, eff, t)]
    if eff["op"] == "cancel_action":
        sel = eff["target"]
        return sorted({i.actor for i in state.stack if i.actor >= 0 and not i.canceled and i.kind != "end_turn"
                       and i.actor in candidates(state, uid, sel, None)})
    spec = effect_target_spec(eff)
    if isinstance(spec, dict) and not takes_all(spec):
        return candidates(state, uid, spec, None)
    return [-1]


def payers(state: GameState, uid: int) -> list[int]:
    """«Закрыть стоящее рядом ваше существо»: open face-up own creatures next to `uid`, which close
    to pay for its `pay_close` ability."""
    owner = state.cards[uid].owner
    return [c.uid for c in creatures(state, owner) if not c.face_down and not c.closed
            and adjacent(state, c.uid, uid)]


def paid(payer: int, uid: int) -> GameEvent:
    """The event of `payer` closing to pay for an ability of card `uid` (`pay_close`)."""
    return GameEvent("closed", subject=payer, source=uid, cause="pay")


def pay(state: GameState, uid: int, index: int, payer: int = -1) -> None:
    ab = ability(state, uid, index)
    c = state.cards[uid]
    if ab.get("tap", True):
        close(state, uid)
    if ab.get("pay_close") and payer >= 0:
        close(state, payer)
        push(state, *dispatch(state, paid(payer, uid), "payer", [state.cards[payer]]))
    if ab.get("chips") == "X":         # «X фишек»: the owner picks X, which the effect reads
        ask(state, c.owner, CostXDecision(uid))
    else:
        c.chips -= ab.get("chips", 0)
    if ab.get("lives") == "X":         # «снимите X дополнительных жизней»
        ask(state, c.owner, CostXDecision(uid, True))
    else:
        c.extra_life -= ab.get("lives", 0)         # «снять с себя дополнительную жизнь»
    if ab.get("once_per"):
        c.used += ((index, state.turn if ab["once_per"] == "turn" else -1),)
    elif "per_turn" in ab:
        c.used += ((index, state.turn),)
