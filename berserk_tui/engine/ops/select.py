"""What an ability aims at: named targets, selectors, the attacker and damage of an ability attack,
and where an op sits inside an effect.
"""

from __future__ import annotations

from typing import Any

from ..conditions import holds
from ..events import GameEvent, card
from ..geometry import NO_CELL
from ..keywords import abilities, ability_at, formation_at, formation_group, strike_values
from ..modifiers import add_modifier, modifier_value
from ..places import beside_cells, creatures, is_creature, opposite, passed_over, position, symbiont_of
from ..state import BATTLEFIELD, GameState


def ability(state: GameState, uid: int, index: int) -> dict[str, Any]:
    return ability_at(state, uid, index)


def fixed_target(state: GameState, src: int, name: str, ctx: GameEvent | None) -> int:
    """Resolve a named target ("self", "attacked", ...); -1 if there is none. The words of the event that set
    the ability off name its cards (events.card): "dead" the creature that died, wherever it is now."""
    if name == "self":
        return src
    if name in ("attacked", "attacker", "wounded", "mover", "dead", "defended"):
        return card(ctx, name)
    if name == "attacked_parasite":     # the first face-up parasite seated on the attacked card
        host = card(ctx, "attacked")
        return next((s.uid for s in state.cards if host != -1 and s.zone == "seated" and s.host == host
                     and not s.face_down and state.cdef(s.uid).kind == "parasite"), -1)
    if name == "killer":       # the card whose attack dealt the fatal wounds, if it is still there
        uid = card(ctx, "killer")
        return uid if uid >= 0 and state.cards[uid].on_battlefield else -1
    if name == "passed_over":        # «через ваше существо»: the creature on the cell its strike passed over
        cell = passed_over(state, src)
        uid = state.grid[cell] if cell != NO_CELL else -1
        return uid if uid != -1 and is_creature(state, uid) else -1
    if name == "host":
        return state.cards[src].host
    if name == "rolled":        # the creature a die was rolled for: the target a `die_rolled` instant is given
        return -1
    if name == "taken_with":    # «взятое вместе с ней»: the own card recruited right after it (`before_purchase`)
        order = modifier_value(state, src, "recruited")
        return next((c.uid for c in state.cards if order and c.owner == state.cards[src].owner and c.on_battlefield
                     and modifier_value(state, c.uid, "recruited") == order + 1), -1)
    if name == "symbiont":
        return symbiont_of(state, src)
    if name in ("opposite", "opposite_card"):     # the card opposite is a creature unless it is an artifact
        uid = opposite(state, src)
        if name == "opposite" and uid != -1 and not state.cards[uid].face_down and not is_creature(state, uid):
            return -1
        return uid if uid != -1 and state.seats.enemy(state.cards[uid].owner, state.cards[src].owner) else -1
    raise ValueError(f"unknown target {name!r}")


def giver(state: GameState, ab: dict[str, Any]) -> int:
    """The card that gave the gained ability `ab` (op `gain`), if it is on the battlefield; else -1."""
    uid = ab.get("giver", -1)
    return uid if uid >= 0 and state.cards[uid].on_battlefield else -1


def pick_limit(state: GameState, src: int, sel: dict[str, Any], ctx: GameEvent | None = None) -> int:
    """How many cards a selector «до N» lets its owner pick: `up_to` N, or (`"amount"`) the amount of the triggering
    event; with `up_to_own`, X = the face-up own creatures matching it (0: none at all); else 1."""
    if "up_to_own" in sel:
        return sum(1 for c in creatures(state, state.cards[src].owner)
                   if not c.face_down and holds(state, c.uid, sel["up_to_own"]))
    n = sel.get("up_to", 1)
    return (ctx.amount or 0) if n == "amount" and ctx is not None else n if isinstance(n, int) else 1


def candidates(state: GameState, src: int, sel: dict[str, Any], ctx: GameEvent | None, same: int = -1) -> list[int]:
    """Cards a selector may pick, in uid order; `same`: the target of the previous step of a sequence."""
    owner = state.cards[src].owner
    if "up_to_own" in sel and not pick_limit(state, src, sel):
        return []
    side = sel.get("side", "any")
    if sel.get("zone") == "grave":
        return in_graves(state, owner, sel)
    near = None
    if sel.get("near") == "dead":
        if ctx is None or ctx.kind != "died" or ctx.cell is None:
            return []
        near = set(state.geo.around[ctx.cell])
    elif sel.get("near") in ("mover", "attacked", "wounded"):    # next to the event's card of that word («рядом с ним»)
        mover = card(ctx, sel["near"])
        mover_pos = position(state, mover) if mover >= 0 else NO_CELL
        if mover_pos == NO_CELL and sel["near"] == "attacked" and ctx is not None and ctx.cell is not None:
            mover_pos = ctx.cell         # the attack killed it: next to the cell it stood on
        if mover_pos == NO_CELL:
            return []
        near = set(state.geo.around[mover_pos])
    elif sel.get("near") == "same":      # next to the target of the previous step of a sequence
        prev_pos = position(state, same) if same >= 0 else NO_CELL
        if prev_pos == NO_CELL:
            return []
        near = set(state.geo.around[prev_pos])
    if sel.get("beside"):               # «справа и слева от …»: directly left or right of the source
        near = set(beside_cells(state, src))
    members = None
    if sel.get("formation") == "self":      # «существо в строю с …»
        members = formation_group(state, src) - {src}
    elif sel.get("formation") == "dead":    # «в строю с погибшим»: from the cell it died on
        if ctx is None or ctx.kind != "died" or ctx.cell is None:
            return []
        members = formation_at(state, ctx.cell, state.cards[ctx.subject].owner)
    src_pos = position(state, src)
    distances, ranges = state.geo.distances, state.geo.ranges
    other, adjacent, rng = sel.get("other"), sel.get("adjacent"), sel.get("range")
    creatures_only, filtered = sel.get("what", "creature") == "creature", "filter" in sel
    same_weak = sel.get("same_weak")      # «с таким же значением слабого удара», as the previous target
    out = []
    for c in state.cards:
        if c.zone not in BATTLEFIELD:
            continue
        if (side == "enemy" and not state.seats.enemy(c.owner, owner)) or (side == "own" and c.owner != owner):
            continue
        if members is not None and c.uid not in members:
            continue
        pos = position(state, c.uid)     # where it is first: the cheap tests before the card's own
        if near is not None and pos not in near:
            continue
        if other and c.uid == src:     # «других ваших существ»
            continue
        if adjacent and not (c.uid == src and sel.get("or_self")) and (
                c.uid == src or pos == NO_CELL or src_pos == NO_CELL or distances[src_pos][pos] > 1):
            continue
        if rng is not None and src_pos != NO_CELL and pos != NO_CELL and ranges[src_pos][pos] > rng:
            continue
        d = None if c.face_down else state.cdef(c.uid)   # never judge a face-down card by what it hides
        if d is not None and d.kind == "terrain":
            continue
        if creatures_only and d is not None and not is_creature(state, c.uid):
            continue
        if filtered and not holds(state, c.uid, sel["filter"]):
            continue
        if "cost" in sel and (d is None or d.cost != modifier_value(state, src, "shown_cost")):   # «стоимостью X»
            continue
        if same_weak and (same < 0 or strike_values(state, c.uid)[0] != strike_values(state, same)[0]):
            continue
        out.append(c.uid)
    return out


def in_graves(state: GameState, owner: int, sel: dict[str, Any]) -> list[int]:
    """Cards of the graveyards a selector with `zone = "grave"` may pick, in uid order."""
    side = sel.get("side", "any")
    seats = [s for s in range(state.seats.count)
             if side == "any" or (s == owner if side == "own" else state.seats.enemy(owner, s))]
    return sorted(u for s in seats for u in state.players[s].grave
                  if (sel.get("what", "creature") != "creature" or is_creature(state, u))
                  and holds(state, u, sel.get("filter", {})))


def effect_target_spec(eff: dict[str, Any]) -> Any:
    if eff["op"] == "sequence":
        return eff["steps"][0].get("target")
    if eff["op"] == "choose":
        return None
    return eff.get("target")


def death_cell(state: GameState, src: int, ctx: GameEvent | None) -> int:
    """The cell a card died on, for an attack of its own death trigger («при гибели особый удар на 2»: made from
    that cell), or NO_CELL."""
    if ctx is not None and ctx.kind == "died" and ctx.subject == src and ctx.cell is not None \
            and not state.cards[src].on_battlefield:
        return ctx.cell
    return NO_CELL


def attacker_of(state: GameState, src: int, eff: dict[str, Any], ctx: GameEvent | None) -> int:
    """Who makes an ability attack: `src`, or with `striker = "wounded"` the creature whose wounds triggered
    it (-1 when it is no longer on the battlefield)."""
    if eff.get("striker") != "wounded":
        return src
    uid = card(ctx, "wounded")
    return uid if uid >= 0 and state.cards[uid].on_battlefield else -1


def attack_job(state: GameState, src: int, attacker: int, eff: dict[str, Any], ctx: GameEvent | None, target: int,
               *extra: int) -> tuple:
    """The task of an ability attack (op `attack`) of `src`'s ability, made by `attacker` at `target`; with
    `ignore_abilities` the attacker ignores the attacked card's abilities during it (modifier `ignores_next`, used
    up by the attack)."""
    if eff.get("ignore_abilities"):
        add_modifier(state, attacker, "ignores_next")
    return ("attack", attacker, eff["attack"], damage_of(state, eff, ctx, src), target, *extra)


def damage_of(state: GameState, eff: dict[str, Any], ctx: GameEvent | None, src: int = -1) -> tuple[int, int, int]:
    """An attack's [w, m, s] made by `src`: "dead_weak_strike": X = the weak strike of the creature that died;
    "wounds_taken": the wounds of the triggering event; "X": the X chips `src` paid for the ability; "own_strike":
    its own simple strike; "own_wounds": the wounds on it; then `plus` and `max`."""
    dmg = eff["damage"]
    if isinstance(dmg, str):
        x = _damage_x(state, dmg, ctx, src)
        values = tuple(strike_values(state, src)) if dmg == "own_strike" and src >= 0 else (x, x, x)
    else:
        values = tuple(dmg)
    plus, most = eff.get("plus", 0), eff.get("max")
    return tuple(min(v + plus, most) if most is not None else v + plus for v in values)


def _damage_x(state: GameState, dmg: str, ctx: GameEvent | None, src: int) -> int:
    if dmg == "beside_weak":        # «X — сумма слабых ударов ваших существ справа и слева от …»
        return sum(strike_values(state, state.grid[cell])[0] for cell in beside_cells(state, src)
                   if state.grid[cell] != -1 and state.cards[state.grid[cell]].owner == state.cards[src].owner
                   and is_creature(state, state.grid[cell])) if src >= 0 else 0
    if dmg == "X":
        return modifier_value(state, src, "cost_x") if src >= 0 else 0
    if dmg == "wounds_taken":       # «на X»: the wounds that triggered it
        return ctx.amount if ctx is not None and ctx.kind == "wounded" and ctx.amount is not None else 0
    if dmg == "dead_weak_strike":
        d = state.cdef(ctx.subject) if ctx is not None and ctx.kind == "died" else None
        return d.strike[0] if d is not None else 0
    if dmg == "own_wounds":         # «на X, где X — количество ран на нём»
        return state.cards[src].wounds if src >= 0 else 0
    return 0                        # "own_strike": its three values (damage_of)


def find_op(eff: dict[str, Any], op: str) -> dict[str, Any] | None:
    """The first effect `op` inside `eff` (its steps, options and branches included)."""
    if eff.get("op") == op:
        return eff
    subs = [*eff.get("steps", ()), *eff.get("options", ()), *(eff[k] for k in ("then", "else") if k in eff)]
    return next((found for sub in subs if (found := find_op(sub, op)) is not None), None)


def takes_all(spec: Any) -> bool:
    """A selector with `all = true`: the effect reaches every card it matches, nobody chooses."""
    return isinstance(spec, dict) and bool(spec.get("all"))


def index_of(state: GameState, src: int, ab: dict[str, Any]) -> int:
    return list(abilities(state, src)).index(ab)
