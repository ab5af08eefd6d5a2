"""Reach: which cards an attack of an ability can target from where its attacker stands."""

from __future__ import annotations

from typing import Any

from cards.schema import expand_attacks
from cards.terms.statics.blocks import LURE_DEFAULT

from .attack_values import attack_range
from .conditions import holds
from .geometry import NO_CELL
from .keywords import has_static, holders, statics
from .modifiers import modifier_entries
from .places import position
from .state import BATTLEFIELD, CardState, GameState


def known_terrain(state: GameState, t: CardState) -> bool:
    """Terrain cannot be attacked; a face-down card is never judged by what it hides. (No modifier makes a card
    a terrain or a terrain something else: its printed kind is its `kind_of`.)"""
    return not t.face_down and t.card_id is not None and state.db.cards[t.card_id].kind == "terrain"


def attack_targets(state: GameState, uid: int, eff: dict[str, Any], origin: int = NO_CELL) -> list[int]:
    """Legal targets of an ability attack (`eff` op "attack") made by `uid` (from the cell `origin` instead:
    «при гибели особый удар» of a card that died there)."""
    kind = eff["attack"]
    c = state.cards[uid]
    src = origin if origin != NO_CELL else position(state, uid)
    lures = lured_to(state, uid, kind)
    distances, ranges = state.geo.distances, state.geo.ranges
    base, near_ok = eff.get("range"), eff.get("point_blank", False)     # «в том числе по карте рядом»
    uniform = not has_static(state, uid, "range_bonus")      # no bonus that depends on the target
    common_range = attack_range(state, uid, uid, kind, base) if uniform else None
    over_jump, unwounded, forward = eff.get("over_jump"), eff.get("unwounded"), eff.get("line") == "forward"
    out = []
    for t in state.cards:
        if not state.seats.enemy(t.owner, c.owner) or t.zone not in BATTLEFIELD or known_terrain(state, t):
            continue
        pos = position(state, t.uid)
        if lures and kind in LURE_DEFAULT:      # «могут объявлять … только по …, независимо от дальности»
            if t.uid in lures and (pos == NO_CELL or distances[src][pos] > 1):
                out.append(t.uid)
            continue
        if lures and t.uid not in lures:        # any other attack: only at the lure, as far as it reaches
            continue
        if kind in ("magic_strike", "special_strike"):
            ok = src == NO_CELL or (pos != NO_CELL and distances[src][pos] <= 1)
        elif kind == "through_row":
            ok = src != NO_CELL and pos != NO_CELL and through_row(state, src, pos, c.owner)
        elif pos == NO_CELL or src == NO_CELL:
            ok = True                        # ranged attacks always reach flyers; a flyer shoots anywhere
        else:
            rng = common_range if uniform else attack_range(state, uid, t.uid, kind, base)
            ok = (near_ok or distances[src][pos] > 1) and (rng is None or ranges[src][pos] <= rng)
        if over_jump:             # «по существу, через которого совершила прыжок»
            ok = pos in jumped_over(state, uid)
        if ok and unwounded:
            ok = t.wounds == 0               # «только по карте без ран» (wounds are public)
        if ok and forward:
            ok = src != NO_CELL and pos != NO_CELL and ahead(state, src, pos, c.owner)
        if ok:
            out.append(t.uid)
    return out


def jumped_over(state: GameState, uid: int) -> list[int]:
    """The cells strictly between where `uid` jumped from this turn and where it stands, when the jump went
    in a straight line along a row or a column ([] otherwise)."""
    c, geo = state.cards[uid], state.geo
    frm = next((v for v, e in reversed(modifier_entries(state, uid, "jumped_from")) if e == state.turn), NO_CELL)
    if frm == NO_CELL or c.zone != "board" or (geo.row_of(frm) != geo.row_of(c.cell)
                                                and geo.col_of(frm) != geo.col_of(c.cell)):
        return []
    step = (1 if c.cell > frm else -1) * (1 if geo.row_of(frm) == geo.row_of(c.cell) else geo.cols)
    return list(range(frm + step, c.cell, step))


def lured_to(state: GameState, uid: int, kind: str) -> list[int]:
    """Enemy face-up cards with a `ranged_lure` that binds an attack of `kind` by `uid` («могут объявлять … только
    по …»): of its `attacks` (shots, throws, discharges by default), by an attacker matching `from` (with `edge`:
    standing on a cell at the edge of the battlefield), while the lure meets its `while` — unless `uid` has a
    `lure_immune` static covering that attack kind."""
    lures = holders(state, "ranged_lure")
    if not lures:
        return []
    if any(kind in expand_attacks(ab["attacks"]) for ab in statics(state, uid, "lure_immune")):
        return []
    owner, pos = state.cards[uid].owner, position(state, uid)
    return [t.uid for t in state.cards if t.card_id in lures and t.on_battlefield and state.seats.enemy(t.owner, owner)
            and not t.face_down and any(_binds(state, uid, pos, kind, t.uid, ab)
                                        for ab in statics(state, t.uid, "ranged_lure"))]


def _binds(state: GameState, uid: int, pos: int, kind: str, lure: int, ab: dict[str, Any]) -> bool:
    if kind not in expand_attacks(ab.get("attacks", LURE_DEFAULT)):
        return False
    if ab.get("edge") and (pos == NO_CELL or not state.geo.on_edge(pos)):
        return False
    return holds(state, uid, ab.get("from", {})) and holds(state, lure, ab.get("while", {}))


def ahead(state: GameState, src: int, dst: int, owner: int) -> bool:
    """«Только вперёд по прямой»: `dst` is in the column of `src`, towards the opponent's side."""
    geo = state.geo
    if geo.col_of(src) != geo.col_of(dst):
        return False
    return (geo.row_of(dst) - geo.row_of(src)) * geo.forward(state.place(owner)) > 0


def through_row(state: GameState, src: int, dst: int, owner: int) -> bool:
    geo = state.geo
    if geo.ranges[src][dst] != 2 or (geo.row_of(src) != geo.row_of(dst) and geo.col_of(src) != geo.col_of(dst)):
        return False
    middle = state.grid[(src + dst) // 2]
    return middle == -1 or state.cards[middle].owner == owner
