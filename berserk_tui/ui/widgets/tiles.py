"""Text of one card tile on the board: name, life, movement, strike and markers, fitted to a size.

Symbols: ♥ life left/total, ↕ moves left, ⚔ simple strike, ● closed, ▼ face down (own card),
☠ poison, ◆ chips, ✚ blessed, ✖ cursed, ⊕ carries a symbiont, ⚒ carries equipment, ✦ has a
marker (acid fumes, focus...). Markers lying on a cell: ≈ rot, ▲ a fire wall, ◎ a card's cell
marker (a portal...). An unknown card is a card back.
"""

from __future__ import annotations

from berserk_tui.engine import GameState
from berserk_tui.engine.keywords import life_left, max_life, max_moves, strike_values
from berserk_tui.engine.modifiers import modifiers_of
from berserk_tui.engine.places import equipment_of, symbiont_of
from cards.i18n import MESSAGES

BACK = "░"


def markers(v: GameState, uid: int) -> str:
    """The status markers of a card, most important first."""
    c = v.cards[uid]
    out = []
    if c.face_down:
        out.append("▼")
    if c.closed:
        out.append("●")
    if c.poison:
        out.append(f"☠{c.poison}")
    if c.chips:
        out.append(f"◆{c.chips}")
    if c.blessed:
        out.append("✚")
    if c.cursed:
        out.append("✖")
    if symbiont_of(v, uid) != -1:
        out.append("⊕")
    if equipment_of(v, uid):
        out.append("⚒")
    if any(f"marker.{k}" in MESSAGES["en"] for k, _, _ in modifiers_of(v, uid)):   # a marker: a modifier of its name
        out.append("✦")
    return "".join(out)


def cell_marks(v: GameState) -> dict[int, str]:
    """The markers lying on cells, by cell: modifiers ("rot", cell) of a card with «гниль», ("fire_wall",
    cell) of a fire wall and ("cell_<name>", cell) of a card's cell marker such as «портал»."""
    out: dict[int, str] = {}
    for c in v.cards:
        if not c.on_battlefield:
            continue
        for key, cell, _ in modifiers_of(v, c.uid):
            glyph = "≈" if key == "rot" else "▲" if key == "fire_wall" else "◎" if key.startswith("cell_") else ""
            if glyph and glyph not in out.get(cell, ""):
                out[cell] = out.get(cell, "") + glyph
    return out


def tile_lines(v: GameState, uid: int, width: int, height: int, lang: str = "ru", cell_mark: str = "") -> list[str]:
    """`height` lines of at most `width` characters describing card `uid` as `v` knows it, with the
    markers of the cell it stands on (`cell_marks`) after its own."""
    d = v.cdef(uid)
    if d is None:
        lines = [BACK * width for _ in range(height)]
        lines[height // 2] = "?".center(width, BACK)
        return lines
    life = f"♥{life_left(v, uid)}/{max_life(v, uid)}"
    moves = f"↕{v.cards[uid].moves}" if v.phase == "battle" and v.cards[uid].zone == "board" \
        else f"↕{max_moves(v, uid)}"
    strike = "⚔" + "-".join(map(str, strike_values(v, uid)))
    marks = markers(v, uid) + cell_mark
    name = d.name
    if height == 1:
        return [_fit(f"{name} {life}", width)]
    if height == 2:
        return [_fit(_pad(name, marks, width), width), _fit(f"{life} {strike}", width)]
    lines = [_pad(name, marks, width), f"{life} {moves}", strike]
    if height >= 4:
        lines.insert(1, _fit(" ".join(d.classes), width) if d.classes else "")
    return [_fit(line, width) for line in lines[:height]] + [""] * (height - len(lines))


def _pad(name: str, marks: str, width: int) -> str:
    """The name, shortened if needed so the markers fit on the right."""
    if not marks:
        return name
    room = max(width - len(marks) - 1, 3)
    return f"{_fit(name, room):<{room}} {marks}"


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"
