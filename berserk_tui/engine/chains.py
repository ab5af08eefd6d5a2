"""«Когда другие … выполняют удар, выстрел и излечение подряд»: the chains of actions a `chain_opens` card
watches in its controller's turn (static `chain_opens`)."""

from __future__ import annotations

from typing import Any

from .actions import Strike, Use
from .conditions import holds
from .core import Events, emit, push
from .keywords import abilities, has_static, holders, statics
from .modifiers import modifier_value, replace_modifier
from .ops.select import find_op
from .ops.status import opened_host_jobs, opened_jobs
from .places import battlefield
from .state import GameState

LINKS = ("strike", "shot", "heal")     # the actions a chain is made of, a bit each


def link_of(state: GameState, action: Any) -> str:
    """The link an action of the main decision makes: a declared simple strike, an ability whose effect starts
    with a shot, an ability that heals; "" for any other action."""
    if isinstance(action, Strike):
        return "strike"
    if isinstance(action, Use):
        eff = abilities(state, action.uid)[action.ability]["effect"]
        first = eff["steps"][0] if eff["op"] == "sequence" else eff
        if first["op"] == "attack" and first["attack"] == "shot":
            return "shot"
        if find_op(eff, "heal") is not None:
            return "heal"
    return ""


def chain_step(state: GameState, seat: int, action: Any, ev: Events) -> None:
    """After an action (not a move) of `seat` in its turn: each of its face-up `chain_opens` cards adds the link
    when another card matching its `filter` made it, else the chain breaks; a chain with every link of `actions`
    opens the card (at most `per_turn` times a turn) and starts anew."""
    watchers = holders(state, "chain_opens")
    actor = getattr(action, "uid", -1)
    for c in battlefield(state, seat):
        if c.card_id not in watchers or c.face_down or not has_static(state, c.uid, "chain_opens"):
            continue
        for ab in statics(state, c.uid, "chain_opens"):
            link = link_of(state, action) if actor >= 0 and actor != c.uid \
                and holds(state, actor, ab.get("filter", {})) else ""
            bits = modifier_value(state, c.uid, "chain") | (1 << LINKS.index(link)) if link else 0
            want = sum(1 << LINKS.index(k) for k in ab["actions"])
            if bits & want == want and modifier_value(state, c.uid, "chain_opened") < ab["per_turn"]:
                bits = 0
                replace_modifier(state, c.uid, "chain_opened", modifier_value(state, c.uid, "chain_opened") + 1)
                if c.closed:
                    c.closed = False
                    emit(ev, "opened", uid=c.uid)
                    push(state, *opened_host_jobs(state, [c]), *opened_jobs(state, c.uid))
            replace_modifier(state, c.uid, "chain", bits)
