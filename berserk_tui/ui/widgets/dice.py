"""The dice line: the dice rolled by the last action and what they meant on the hit table — in the board game
(`symbol_dice`) each die with its symbol: the white die's strength, the black die's «меч», «крест» or «кулак»."""

from __future__ import annotations

from rich.text import Text

from berserk_tui.engine import Event, GameState
from berserk_tui.engine.board_dice import WHITE, die_face
from berserk_tui.i18n import tr

DIE_FACES = ("", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅")


def die(value: int) -> str:
    """A die face with its number (values out of 1..6 after modifiers show only the number)."""
    face = DIE_FACES[value] if 1 <= value <= 6 else ""
    return f"{face}{value}"


def symbol(v: GameState, data: dict, lang: str) -> str:
    """The board game's symbol of a settled die (a lone roll without a named die is the white one), or ""."""
    if not v.rules.rulebook.has("symbol_dice"):
        return ""
    which = data.get("die", WHITE)
    face = data.get("face") or die_face(which, data["value"])
    return " " + tr(f"dice.{which}", lang, face=tr(f"dice.face.{face}", lang))


def dice_line(v: GameState, events: list[Event], lang: str) -> Text | None:
    """One line for the rolls among `events`, or None when nothing was rolled."""
    parts: list[Text] = []
    for e in events:
        d = e.data
        if e.kind == "rolled":
            card = v.cdef(d["uid"])
            name = card.name if card else "?"
            roll = die(d["raw"]) + (f"→{d['value']}" if d["value"] != d["raw"] else "")
            parts.append(Text.assemble((name, "bold"), " ", (roll, "bold yellow"), (symbol(v, d, lang), "yellow")))
        elif e.kind == "order_roll":
            parts.append(Text(tr("seat.player", lang, n=d["seat"] + 1) + " " + die(d["value"])))
        elif e.kind == "hit" and parts:
            text = tr("dice.hit", lang, level=tr(f"level.{d['level']}", lang))
            if d["counter"] != "none":
                text += tr("dice.counter", lang, level=tr(f"level.{d['counter']}", lang))
            parts.append(Text(text, "italic"))
    if not parts:
        return None
    return Text("🎲 ").join(parts) if len(parts) == 1 else Text.assemble("🎲 ", Text("  ·  ").join(parts))
