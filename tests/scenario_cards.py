"""The cards a scenario file places: on the board, in a squad, a deal or a deck."""

from __future__ import annotations

import tomllib
from pathlib import Path


def _names(value: object) -> list[str]:
    """Card names in a setup list: flat, or one list per seat."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [n for item in value for n in _names(item)]
    return []


def cards_in(path: Path) -> set[str]:
    """The names (or ids) of the cards a scenario file places."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    setup = data.get("setup", {})
    names = [c["card"] for c in data.get("card", [])]
    for key in ("squads", "deal", "decks"):
        names += _names(setup.get(key, []))
    return set(names)
