"""The effect interpreter: `run_effect` (an effect, with its target) and `apply_op` (one op on one card).

It calls the composite effects of `steps` and the moves of `movement`, which call it back: the imports
of that cycle come last.
"""

from __future__ import annotations

from typing import Any

from .. import deck_effects
from ..attack_values import attack_value, formation_group, protected
from ..board import AROUND, CELLS, NO_CELL, own_rows, relative, row_of
from ..combat import acid_jobs, heal, kill, opened_jobs, wound
from ..conditions import card_elements, holds
from ..core import Events, ask, ask_roll, emit, push
from ..keywords import blessed, cursed, kw, life_left, strike_values
from ..modifiers import BATTLE_LONG, add_modifier, has_modifier, modifier_values, replace_modifier
from ..places import adjacent, is_creature, kind_of, passed_over, position, symbiont_of
from ..reach import can_host
from ..refs import ref_of
from ..state import GameState
from ..zones import relocate, swap
from .area import free_cells_around
from .revive import add_inc_token, exile_revive, revive_near, revive_on, take_over
from .select import attacker_of, candidates, damage_of, fixed_target, index_of, takes_all
from .status import cure, poison, redistribute, retaliate
from .symbiont import host_jobs, rehost


def amount_of(state: GameState, value: Any, target: int, ctx: tuple) -> int:
    if isinstance(value, int):
        return value
    if value == "strong_minus_weak":
        d = state.cdef(target)
        return d.strike[2] - d.strike[0] if d else 0
    if value == "dead_regen":
        return ctx[3] if ctx and ctx[0] == "dead" else 0
    if value == "all":
        return state.cards[target].wounds
    if value == "weak_strike":
        return strike_values(state, target)[0]
    if value == "attack_value":     # «на величину этого удара»: the value of the attack that triggered
        if not ctx or ctx[0] != "attacked" or len(ctx) < 5:
            return 0
        struck, kind, level, src = ctx[1], ctx[2], ctx[3], ctx[4]
        base = strike_values(state, src)[level - 1] if kind == "strike" else 0
        return attack_value(state, src, struck, kind, level, base)
    if value == "target_wounds":
        return state.cards[target].wounds
    if value == "blocked_value":    # «X — величина этой атаки» of an attack the card blocked
        return ctx[2] if ctx and ctx[0] == "blocked" else 0
    raise ValueError(f"unknown amount {value!r}")


def shielded(state: GameState, src: int, ab: dict[str, Any], target: int) -> bool:
    """Protection from spells (and magic) stops a spell and everything it carries."""
    return ab.get("kind") == "spell" and state.cards[src].owner != state.cards[target].owner and \
        protected(state, target, "spell", src)


def vacated_cell(state: GameState, src: int, eff: dict[str, Any], ctx: tuple) -> int:
    """The free cell op `move_to_vacated` takes `src` to: the one the mover of an `own_teleport` trigger left,
    or (`cell = "struck"`) the one the card struck by an `attack_level` attack stood on (NO_CELL: none, taken,
    or `src` is not on a cell)."""
    cell = NO_CELL
    if eff.get("cell") == "struck":
        cell = ctx[5] if ctx and ctx[0] == "attacked" and len(ctx) > 5 else NO_CELL
    elif ctx and ctx[0] == "mover" and len(ctx) > 2:
        cell = ctx[2]
    ok = cell != NO_CELL and state.grid[cell] == -1 and state.cards[src].zone == "board"
    return cell if ok else NO_CELL


def run_effect(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
               target: int, ctx: tuple) -> None:
    op = eff["op"]
    if op == "sequence":
        run_steps(state, ev, src, ab, eff, 0, target, ctx)
        return
    if op == "if":      # «…, если эта карта стоит 3 или менее»: a branch by a condition on a card
        subject = target if eff.get("of", "same") == "same" else fixed_target(state, src, eff["of"], ctx)
        branch = eff["then"] if subject >= 0 and holds(state, subject, eff["cond"]) else eff.get("else")
        if branch is not None:
            spec = branch.get("target")
            fixed = isinstance(spec, str) and spec != "same"
            run_effect(state, ev, src, ab, branch, fixed_target(state, src, spec, ctx) if fixed else target, ctx)
        return
    if op == "choose":
        chooser = fixed_target(state, src, eff["chooser"], ctx) if "chooser" in eff else -1
        seat = state.cards[chooser if chooser != -1 else src].owner      # «по выбору противника»
        ask(state, seat, "choose_effect", src, index_of(state, src, ab), ctx, target)
        return
    if op == "attack":
        attacker = attacker_of(state, src, eff, ctx)
        if attacker != -1:
            push(state, ("attack", attacker, eff["attack"], damage_of(state, eff, ctx), target))
        return
    if op == "ambush":
        ask(state, state.cards[src].owner, "ambush", src)
        return
    if op == "by_sides":        # «… благословление, если оба ваши, или проклятие, если оба противника, иначе …»
        by_sides(state, ev, src, ab, eff, ctx)
        return
    if op == "by_order":        # «выберите трёх …; первое получает …, второе …, третье …»
        by_order_next(state, ev, src, index_of(state, src, ab), ctx, ())
        return
    if op == "exile_revive":
        exile_revive(state, ev, src, eff)
        return
    if op == "summon":
        deck_effects.start_summon(state, ev, src, eff, ctx)
        return
    if op == "prophecy":
        deck_effects.start_prophecy(state, src, index_of(state, src, ab), eff, target, ctx)
        return
    if op == "stack_deck":
        deck_effects.start_stack(state, src, eff)
        return
    if op == "inc_token":
        add_inc_token(state, ev, target)
        return
    if op == "doom":        # «погибает в конце своего следующего хода»
        t = state.cards[target]
        if is_creature(state, target) and t.owner != state.cards[src].owner:
            due = state.turn + (2 if state.active == t.owner else 1)
            add_modifier(state, target, "doomed", src, due)
            emit(ev, "doomed", uid=target, turn=due)
        return
    if op == "revive":                  # «возродить»: from the graveyard onto a free cell next to this card
        revive_near(state, ev, src, target)
        return
    if op == "revive_on_dead_cell":     # «возрождается на его клетке»
        revive_on(state, ev, src, ctx[2] if ctx and ctx[0] == "dead" else NO_CELL)
        return
    if op == "redirect_next_melee":     # «может перенаправить следующий его ближний удар»
        add_modifier(state, target, "redirect_next", src)
        emit(ev, "marked", uid=src, target=target)
        return
    if op == "roll_twice":      # «бросает кубик два раза, а вы выбираете один из результатов»
        add_modifier(state, target, "roll_twice", state.cards[src].owner)
        emit(ev, "roll_twice", uid=target, seat=state.cards[src].owner)
        return
    if op == "gain_incarnation":   # «он получает Инкарнацию N»: kept while it lies in the graveyard
        if state.cards[target].zone == "grave":
            add_modifier(state, target, "incarnation", eff["amount"])
            emit(ev, "gains_incarnation", uid=target, amount=eff["amount"])
        return
    if op == "teleport_pull":      # the card teleports even if the attacked one is gone
        if jump_cells(state, src, CELLS):
            ask(state, state.cards[src].owner, "teleport_pull", src, target)
        return
    if op == "move_to_vacated":    # «на клетку, которую тот … занимал»: a relocation of this card
        cell = vacated_cell(state, src, eff, ctx)
        if cell != NO_CELL:
            relocate(state, src, cell, ev)
        return
    if op == "wound_heal":         # «ранить каждое …, при этом излечиться на X (нанесённые раны)»
        hit = [u for u in candidates(state, src, eff["target"], ctx) if not state.cards[u].face_down]
        dealt = sum(wound(state, u, eff["amount"], src, ab.get("kind", "effect"), ev) for u in hit)
        heal(state, src, dealt, ev)
        push(state, ("check_deaths",))
        return
    if op == "fire_wall":
        ask(state, state.cards[src].owner, "fire_wall", src)
        return
    if op == "wound_diagonal":
        ask(state, state.cards[src].owner, "diagonal", src, tuple(eff["amount"]), ab.get("kind", "effect"))
        return
    if op == "wound_square":
        ask(state, state.cards[src].owner, "square", src, eff["max"], ab.get("kind", "effect"))
        return
    if op == "wound_around_cell":
        if free_cells_around(state, src):
            ask(state, state.cards[src].owner, "blast_cell", src, eff["amount"], ab.get("kind", "effect"))
        return
    if op == "attack_around":    # «по каждой карте противника, стоящей рядом с целью атаки»
        cell = ctx[2] if ctx and ctx[0] == "struck" else NO_CELL
        push(state, *[("attack", src, eff["attack"], tuple(eff["damage"]), c.uid) for c in state.cards
                      if cell != NO_CELL and c.on_battlefield and c.owner != state.cards[src].owner
                      and c.uid != ctx[1] and position(state, c.uid) in AROUND[cell]
                      and not (not c.face_down and state.cdef(c.uid).kind == "terrain")])
        return
    if op == "cell_marker":
        if any(x == -1 for x in state.grid):
            until = _expiry(state, eff["until"], state.cards[src].owner) if "until" in eff else BATTLE_LONG
            ask(state, state.cards[src].owner, "cell_marker", src, eff["name"], until)
        return
    if op in ("burn_walls", "wound_marked_cells"):
        key = "fire_wall" if op == "burn_walls" else f"cell_{eff['name']}"
        walls = set(modifier_values(state, src, key))
        jobs: list[tuple] = []
        for c in state.cards:
            if c.on_battlefield and position(state, c.uid) in walls:
                if c.face_down:
                    jobs.append(("reveal", c.uid))     # a face-down card is revealed before it is wounded
                jobs.append(("effect_wound", src, c.uid, eff["amount"], ab.get("kind", "effect")))
        push(state, *jobs, ("check_deaths",))
        return
    spec = eff.get("target")
    if target == -1 and isinstance(spec, str) and spec != "same":     # a fixed target of an activated ability
        target = fixed_target(state, src, spec, ctx)
    if takes_all(spec):
        for uid in candidates(state, src, eff["target"], ctx):
            apply_op(state, ev, src, ab, eff, uid, ctx)
        return
    apply_op(state, ev, src, ab, eff, target, ctx)


def finishable(state: GameState, src: int, eff: dict[str, Any], target: int) -> bool:
    """«Добивание на X»: a face-up non-incorporeal creature on a cell (not a symbiont) with X or fewer lives
    left; X grows by `own_half_bonus` when it stands on the source's controller's half of the battlefield."""
    c = state.cards[target]
    if c.face_down or c.zone != "board" or not is_creature(state, target) or kw(state, target, "incorporeal"):
        return False
    x = strike_values(state, src)[0] if eff["amount"] == "own_weak" else eff["amount"]   # «X — свой слабый удар»
    if row_of(c.cell) in own_rows(state.is_first(state.cards[src].owner)):
        x += eff.get("own_half_bonus", 0)
    return life_left(state, target) <= x


def apply_op(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
             target: int, ctx: tuple) -> None:
    """One single-target effect op on `target`."""
    op = eff["op"]
    if op == "take_over" and target != -1:      # its target is a dead creature
        take_over(state, ev, src, target)
        return
    if target == -1 or not state.cards[target].on_battlefield:
        return
    if shielded(state, src, ab, target):
        emit(ev, "protected", uid=target, kind="spell")
        return
    c = state.cards[target]
    kind = ab.get("kind", "effect")
    if op == "wound" and eff["amount"] == "chips":
        ask(state, state.cards[src].owner, "amount", src, target, kind)
    elif op == "wound" and isinstance(eff["amount"], list):      # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_wound", src, target, tuple(eff["amount"]), kind))
    elif op == "wound":
        wound(state, target, amount_of(state, eff["amount"], target, ctx), src, kind, ev)
        push(state, ("check_deaths",))
    elif op == "strong_next_strike":
        replace_modifier(state, target, "next_strike_strong")
        emit(ev, "strong_next", uid=target)
    elif op == "swap_strike":      # `until` counts from the source's controller («до конца хода противника»)
        add_modifier(state, target, "swap_strike", 1, _expiry(state, eff["until"], state.cards[src].owner))
        emit(ev, "strike_swapped", uid=target)
    elif op == "gain":            # «получает [способность] до …»: the modifier ("gained", (giver, card, path), until)
        until = _expiry(state, eff["until"], state.cards[target if eff["until"] == "end_of_its_turn" else src].owner)
        key = "gained_grave" if eff.get("keep_in_grave") else "gained"    # kept by a card in the graveyard
        add_modifier(state, target, key, (src, *ref_of(state, eff["ability"])), until)   # src: target "giver"
        emit(ev, "gained_ability", uid=target)
    elif op == "restrain":        # until the end of this turn, checked while it lasts (keywords.restrained)
        add_modifier(state, target, "restrained", src)
        emit(ev, "restrained", uid=target, source=src)
    elif op == "curse":
        newly = not cursed(state, target)
        c.cursed = True
        emit(ev, "cursed", uid=target)
        d = state.cdef(target)
        if newly and d is not None and not c.face_down:     # «когда получает проклятие»
            push(state, *[("trigger", target, i, ("cursed",)) for i, other in enumerate(d.abilities)
                          if other["type"] == "trigger" and other["on"] == "cursed"])
    elif op == "bless":
        newly = not blessed(state, target)
        c.blessed = True
        emit(ev, "blessed", uid=target)
        d = state.cdef(target)
        if newly and d is not None and not c.face_down:
            push(state, *[("trigger", target, i, ("blessed",)) for i, other in enumerate(d.abilities)
                          if other["type"] == "trigger" and other["on"] == "blessed"])
    elif op == "poison" and isinstance(eff["amount"], list):     # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_poison", src, target, tuple(eff["amount"])))
    elif op == "poison":
        poison(state, target, eff["amount"], ev)
    elif op == "heal":
        heal(state, target, amount_of(state, eff["amount"], target, ctx), ev, replaceable=True)
    elif op == "cure":
        cure(state, target, eff["statuses"], ev)
    elif op == "silence":     # from the start of the target's next turn to its end
        start = state.turn + (2 if state.active == c.owner else 1)
        add_modifier(state, target, "no_magic", start, start)
        emit(ev, "silenced", uid=target)
    elif op == "lose_keyword":
        until = _expiry(state, eff["until"], state.cards[src].owner)
        for key in eff["keywords"]:
            add_modifier(state, target, "lose_kw", key, until)
        emit(ev, "lost_keywords", uid=target, keywords=list(eff["keywords"]))
    elif op == "extra_life":
        c.extra_life += eff["amount"]
        emit(ev, "extra_life", uid=target, amount=eff["amount"])
    elif op == "buff":
        until = _expiry(state, eff.get("until", "end_of_turn"), c.owner)
        grant = {k: _buff_value(state, src, v, eff, ctx, target) for k, v in eff["grant"].items()}
        if not any(grant.values()):
            return
        for key, value in grant.items():
            add_modifier(state, target, key, value, until)
            if key == "move" and state.active == c.owner:    # moves of this turn are already counted
                c.moves = max(0, c.moves + value)
        emit(ev, "buffed", uid=target, grant=grant, until=until)
    elif op == "jump":
        reach = ctx[1] if eff["range"] == "heal" and ctx and ctx[0] == "would_heal" else eff["range"]
        if jump_cells(state, target, reach):
            ask(state, state.cards[src].owner, "jump", target, reach)
    elif op == "move_passed":       # «через свободную клетку может переместиться на неё»: a relocation
        cell = passed_over(state, target)
        if c.zone == "board" and cell != NO_CELL and state.grid[cell] == -1:
            relocate(state, target, cell, ev)
    elif op == "jump_near":         # «прыжок на свободную клетку рядом с существом, при этом …»
        if near_cells(state, src, target):
            ask(state, state.cards[src].owner, "jump_near", src, index_of(state, src, ab), target, ctx)
    elif op == "take_flight":       # «получает полёт»: it leaves its cell for the flyers' zone
        take_flight(state, target, ev, _expiry(state, eff["until"], c.owner) if "until" in eff else BATTLE_LONG)
    elif op == "land":              # «приземлиться на клетку …»: the owner picks a free one of them
        if land_cells(state, src, target, eff["where"]):
            ask(state, state.cards[src].owner, "land", src, index_of(state, src, ab), target, ctx)
    elif op == "relocate":          # «переместить(ся) на выбранную клетку поля боя»: any free cell
        if jump_cells(state, target, CELLS):
            ask(state, state.cards[src].owner, "jump", target, CELLS)
    elif op == "displace":
        if displace_cells(state, target):
            ask(state, state.cards[src].owner, "displace", src, target)
    elif op == "repair_armor":
        c.armor_used = 0
        emit(ev, "armor_repaired", uid=target)
    elif op == "darken":         # «становится тёмным»: it belongs to the element «тьма» for the rest of the battle
        if "dark" not in card_elements(state, target):
            add_modifier(state, target, "dark")
            emit(ev, "darkened", uid=target)
            push(state, *[("trigger", o.uid, i, ("mover", target)) for o in state.cards
                          if o.on_battlefield and not o.face_down and o.owner != c.owner
                          and adjacent(state, o.uid, target)
                          for i, ab2 in enumerate(state.db.cards[o.card_id].abilities)
                          if ab2["type"] == "trigger" and ab2["on"] == "adjacent_darkened"])
    elif op == "animate":        # «становится существом с движением X и ударом …» for the rest of the battle
        weak, medium, strong = eff["strike"]
        add_modifier(state, target, "animated")
        add_modifier(state, target, "move", eff.get("move", 0), BATTLE_LONG)
        add_modifier(state, target, "anim_weak", weak)
        add_modifier(state, target, "anim_medium", medium)
        add_modifier(state, target, "anim_strong", strong)
        for key, value in eff.get("grant", {}).items():
            add_modifier(state, target, key, value, BATTLE_LONG)
        if eff.get("flyer"):        # «становится существом с полётом»: it leaves its cell for the extra zone
            add_modifier(state, target, "anim_flyer")
            if c.zone == "board":
                state.grid[c.cell] = -1
                c.zone, c.cell = "extra", NO_CELL
        emit(ev, "animated", uid=target)
    elif op == "by_roll":
        state.rolls = ()
        ask_roll(state, src, ("by_roll_result", src, index_of(state, src, ab), target, ctx))
    elif op == "no_heal":        # «не может излечиваться … до конца хода противника» (of the source's owner)
        add_modifier(state, target, "no_heal", 1, _expiry(state, eff["until"], state.cards[src].owner))
        emit(ev, "no_heal", uid=target)
    elif op == "transfer_chip":  # «переместить фишку с … на …»: one chip, if the giver has one
        giver, taker = (target, src) if eff["to"] == "self" else (src, target)
        if state.cards[giver].chips and giver != taker:
            state.cards[giver].chips -= 1
            state.cards[taker].chips += 1
            emit(ev, "chips_spent", uid=giver, amount=1)
            emit(ev, "chip", uid=taker, chips=state.cards[taker].chips)
    elif op == "lose_armor":
        add_modifier(state, target, "no_armor", 1, _expiry(state, eff["until"], state.cards[src].owner))
        emit(ev, "armor_lost", uid=target)
    elif op == "no_move":
        c.no_move_turn = state.turn
        emit(ev, "rooted", uid=target)
    elif op == "set_next_roll":
        c.next_roll = eff["value"]
        emit(ev, "next_roll", uid=target, value=eff["value"])
    elif op == "redistribute":
        redistribute(state, ev, src, target, ctx[2] if ctx and ctx[0] == "wounded" else 0, kind)
    elif op == "chip":
        gain = min(eff["amount"], eff.get("max", eff["amount"] + c.chips) - c.chips)
        if gain > 0:
            c.chips += gain
            emit(ev, "chip", uid=target, chips=c.chips)
    elif op == "marker" and "until" in eff:     # a marker for a while: the source is kept as its value
        until = _expiry(state, eff["until"], state.cards[src].owner)
        replace_modifier(state, target, eff["name"], src, until)
        emit(ev, "marker", uid=target, name=eff["name"])
    elif op == "marker":
        if not has_modifier(state, target, eff["name"]):
            add_modifier(state, target, eff["name"])
            emit(ev, "marker", uid=target, name=eff["name"])
    elif op == "close":
        if not c.closed:
            c.closed = True
            emit(ev, "closed", uid=target)
            push(state, *acid_jobs(state, target))
    elif op == "open":
        if c.closed:
            c.closed = False
            emit(ev, "opened", uid=target)
            push(state, *host_jobs(state, [c], "host_opens"), *opened_jobs(state, target))
    elif op == "retaliate":      # the creature struck by `target` strikes back at once with a weak strike
        retaliate(state, target, ev)
    elif op == "trap":          # kept by its source until the next enemy creature acts (battle.spring_traps)
        add_modifier(state, target, "trap", eff["amount"])
        emit(ev, "trap_set", uid=target)
    elif op == "make_parasite":     # «сделать его своим паразитом»: it leaves its cell to sit on the source
        if c.zone == "board" and state.cards[src].zone == "board" and symbiont_of(state, src) == -1 \
                and symbiont_of(state, target) == -1:
            state.grid[c.cell] = -1
            c.zone, c.cell, c.host = "seated", NO_CELL, src
            emit(ev, "seated", uid=target, host=src)
    elif op == "reseat":        # «поместить (этого симбиота) на ваше существо»
        s = state.cards[src]
        if s.zone == "seated" and target != s.host:
            rehost(state, ev, src, target)
    elif op == "pass_symbiont":     # «если у него есть паразит, поместить его на атакованного»
        rider = symbiont_of(state, src)
        if rider != -1 and not state.cards[rider].face_down and kind_of(state, rider) == eff["kind"] \
                and can_host(state, rider, target):
            rehost(state, ev, rider, target)
    elif op == "keep_closed":
        add_modifier(state, target, "stay_closed", 1, state.turn)
        emit(ev, "kept_closed", uid=target)
    elif op == "follow":                # «переместиться на эту клетку, при этом …»: onto the cell the mover left
        frm = ctx[2] if ctx and ctx[0] == "mover" and len(ctx) > 2 else NO_CELL
        if c.zone == "board" and frm != NO_CELL and state.grid[frm] == -1:
            relocate(state, target, frm, ev)
            then = eff["then"]
            spec = then.get("target")
            run_effect(state, ev, src, ab, then, fixed_target(state, src, spec, ctx) if isinstance(spec, str) else -1,
                       ctx)
    elif op == "push_forward":          # «перемещается на клетку вперёд, если не может — ранить его на X»
        ahead = relative(c.cell, state.is_first(c.owner), 1, 0) if c.zone == "board" else NO_CELL
        if ahead != NO_CELL and state.grid[ahead] == -1:
            relocate(state, target, ahead, ev)
        else:
            wound(state, target, eff["amount"], src, kind, ev)
            push(state, ("check_deaths",))
    elif op == "mirror_beside":          # from the cell on one side of this card to the one on the other
        mirror = mirror_cell(state, src, target)
        if mirror != NO_CELL:
            relocate(state, target, mirror, ev)
    elif op == "keep_closed_next":        # its controller's next turn: this one's next if it is his now
        until = state.turn + (2 if state.active == c.owner else 1)
        if "unless" in eff:       # «…, если не стоит рядом с …»: the condition is checked when its cards open
            add_modifier(state, target, "stay_closed_unless", ref_of(state, eff["unless"]), until)
        else:
            add_modifier(state, target, "stay_closed", 1, until)
        emit(ev, "kept_closed", uid=target)
    elif op == "mark":
        s = state.cards[src]
        until = _expiry(state, eff["until"], s.owner)
        replace_modifier(state, src, "mark", target, until)
        emit(ev, "marked", uid=src, target=target)
    elif op == "strike":
        striker = ctx[2] if eff.get("striker") == "guard" and ctx and len(ctx) > 2 else src
        if eff.get("striker") == "pair_own":      # (a `by_sides` mixed pair) the own creature of the two
            striker = ctx[1] if ctx and ctx[0] == "pair" else -1
        if striker == -1:
            return
        if state.cards[striker].on_battlefield:
            push(state, ("strike", striker, target, -1, bool(eff.get("as_open"))))
    elif op == "swap":
        swap(state, src, target, ev)
    elif op == "destroy":
        kill(state, target, ev, cause="destroyed", judge=False)
        push(state, ("judge",))         # after the whole effect: its later steps still resolve
    elif op == "finish":
        if finishable(state, src, eff, target):
            emit(ev, "finished", uid=target, by=src)
            kill(state, target, ev, cause="finished", judge=False)
            push(state, ("judge",))
        else:
            emit(ev, "fizzled", uid=src, target=target)
    else:
        raise ValueError(f"effect op {op!r} cannot run here")


def _buff_value(state: GameState, src: int, value: int | str, eff: dict[str, Any], ctx: tuple = (),
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
    if value == "dead_weak":        # «X — слабый простой удар уничтоженного»
        return strike_values(state, ctx[1])[0] if ctx and ctx[0] == "dead" else 0
    if value == "payer_weak":
        n = strike_values(state, ctx[1])[0] if ctx and ctx[0] == "payer" else 0
    elif value == "wounds":
        n = state.cards[src].wounds
    elif value == "formation":
        n = sum(1 for uid in formation_group(state, src) if uid != src and is_creature(state, uid))
    else:
        raise ValueError(f"unknown bonus {value!r}")
    return min(n, eff.get("max", n))


def _expiry(state: GameState, until: str, owner: int) -> int:
    """The last turn a temporary bonus lasts; "end_of_its_turn" («до конца своего хода» of the target) is
    "end_of_your_turn" counted from the target's controller (`owner` is then his seat)."""
    if until == "battle":
        return BATTLE_LONG
    if until == "end_of_opponent_turn":
        return state.turn + 1 if state.active == owner else state.turn
    if until == "end_of_next_opponent_turn":
        return state.turn + 1 if state.active == owner else state.turn + 2
    if until == "end_of_turn" or state.active == owner:
        return state.turn
    return state.turn + 1


# imported last: those modules import this one too (see the docstring)
from .movement import displace_cells, jump_cells, land_cells, mirror_cell, near_cells, take_flight  # noqa: E402
from .steps import by_order_next, by_sides, run_steps  # noqa: E402
