"""A join under way: a guest's deck kept next to its transcript (`<transcript>.join`, mode 0600) from the moment
it joins until the host's first message makes a game of it (its `.game` or `.party` file), so a guest killed in
between, before the host gave it its seat, rejoins with `berserk resume TRANSCRIPT` (or the app's resume), with
the same session key the host's session was bound to (rules decision 738).

`rejoin` resumes the session and gives back what the host had said (its recorded first message, if it came
before the kill); the host's session resends what was not received.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from berserk_tui.userdata import FileError, FileProblem, read_json, write_atomic
from netplay import Incoming, Session, Timing, verify
from netplay.keyfile import SessionKeys

JOIN_SUFFIX = ".join"
GAME_FILES = (".game", ".party")        # a duel's and a four-player game's private files
MAX_JOIN_FILE_BYTES = 64 * 1024


def join_path(transcript: Path) -> Path:
    return Path(str(transcript) + JOIN_SUFFIX)


def save_join(transcript: Path, deck: list[str], deck_name: str = "", game: str | None = None) -> None:
    """Keep the deck (and the game a guest insisted on) for a rejoin, before anything is received."""
    data = {"deck": list(deck), "deck_name": deck_name, "game": game}
    write_atomic(join_path(transcript), json.dumps(data), mode=0o600)


def pending_join(path: Path) -> Path | None:
    """The transcript of a join that never became a game, named by `path` (the transcript, or the name its game
    file would have); None if there is none, or the game began (its game file exists)."""
    for suffix in ("", *GAME_FILES, JOIN_SUFFIX):
        if suffix and path.name.endswith(suffix):
            transcript = path.with_name(path.name[:-len(suffix)])
            break
    else:
        transcript = path
    if not join_path(transcript).is_file() or any(Path(str(transcript) + s).exists() for s in GAME_FILES):
        return None
    return transcript


def read_join(transcript: Path) -> dict[str, Any]:
    """The join file's deck and game; FileError naming the file if it is damaged."""
    path = join_path(transcript)
    data = read_json(path, MAX_JOIN_FILE_BYTES)
    if not isinstance(data, dict) or not isinstance(data.get("deck"), list) \
            or not all(isinstance(c, str) for c in data["deck"]) or not isinstance(data.get("deck_name", ""), str) \
            or not isinstance(data.get("game"), str | None):
        raise FileError(FileProblem("file.other", {"path": str(path), "error": "not a join file (its deck, deck "
                                                   "name or game is missing or of the wrong kind)"}))
    return data


def rejoin(transcript: Path, timing: Timing) -> tuple[Session, list[Incoming], dict[str, Any]]:
    """The session of a pending join resumed, the host's messages it had recorded (as `poll` gave them), and
    its join file."""
    data = read_join(transcript)
    if SessionKeys.load(transcript).seat == 0:
        raise ValueError(f"{transcript}: the session of a host, not of a guest that joined")
    session = Session.resume(transcript, timing=timing)
    try:
        host = verify(transcript).messages[0] if session.recorded else []
    except BaseException:
        session.close()
        raise
    return session, [Incoming("message", 0, e.seq, e.kind, e.body) for e in host], data
