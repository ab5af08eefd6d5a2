"""The private file of a network game (`<transcript>.game`, written by `NetMatch.save`): the deck, the master
secret, the local decisions, the host's time control, the reserves spent and the game's name (the host's, or
the one a guest insisted on). `read_game_file` checks its size,
its shape and every decision before the game is rebuilt from it, so a damaged or edited file is refused with a
message naming it (`FileError`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from berserk_tui.engine.actions import from_wire
from berserk_tui.engine.heroes.actions import from_wire as heroes_from_wire
from berserk_tui.netgame import RESIGN, TimeControl
from berserk_tui.netgame.commitments import SECRET_BYTES
from berserk_tui.netgame.heroes import DECK_CARDS
from berserk_tui.userdata import FileError, FileProblem, read_json, strings
from cards.decks import DECK_SIZE

MAX_GAME_FILE_BYTES = 1024 * 1024      # a long game's file is some tens of KB


def _hex_secret(value: Any) -> bool:
    try:
        return isinstance(value, str) and len(bytes.fromhex(value)) == SECRET_BYTES
    except ValueError:
        return False


def _decision(value: Any) -> bool:
    """A local input as `NetMatch.save` writes it: "resign", {"timeout": n} or an action's wire form."""
    if value == RESIGN:
        return True
    if isinstance(value, dict):
        return list(value) == ["timeout"] and type(value["timeout"]) is int and 0 <= value["timeout"] < 2**31
    for parse in (from_wire, heroes_from_wire):     # an action of the classic engine's or of «Берсерк. Герои»
        try:
            parse(value)
        except (ValueError, TypeError, KeyError):
            continue
        return True
    return False


def _control(value: list[int]) -> bool:
    try:
        TimeControl.from_wire(value)
    except ValueError:
        return False
    return True


def _pair(value: Any, fits: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(fits(v) for v in value)


_FIELDS = {
    "deck": lambda v: strings(v, range(max(DECK_SIZE[1], DECK_CARDS[1] + 1) + 1), 16),   # a heroes deck: its hero too
    "master": _hex_secret,
    "inputs": lambda v: isinstance(v, list) and all(_decision(i) for i in v),
}
_OPTIONAL = {   # absent in files of versions before the clock (or before games were named: the classic game)
    "game": lambda v: isinstance(v, str) and 0 < len(v) <= 64,
    "clock": lambda v: _pair(v, lambda x: type(x) is int and 0 <= x < 2**31) and _control(v),
    "clock_used": lambda v: _pair(v, lambda x: type(x) in (int, float) and 0 <= x <= 1e6),
}


def read_game_file(path: Path) -> dict[str, Any]:
    """The private file's data (`deck`, `master` as hex, `inputs` in wire form or RESIGN), every field checked;
    FileError names the file and the first field that is wrong."""
    data = read_json(path, MAX_GAME_FILE_BYTES)
    if not isinstance(data, dict):
        raise FileError(FileProblem("file.bad_field", {"path": str(path), "field": "{}"}))
    for name, check in [*_FIELDS.items(), *((n, c) for n, c in _OPTIONAL.items() if n in data)]:
        if not check(data.get(name)):
            raise FileError(FileProblem("file.bad_field", {"path": str(path), "field": name}))
    return data
