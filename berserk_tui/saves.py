"""The local games kept in the user folder: the autosave of the game in play and the unfinished games
kept aside when a new one started (`saves/`), each looked at by replaying it, so that only a game that
loads is offered to resume and a damaged file is named with what is wrong. Nothing here deletes a save.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from berserk_tui.match import Match, MatchSetup, SaveError
from berserk_tui.userdata import autosave_path, home
from cards.loader import CardDB


@dataclass(frozen=True)
class LocalSave:
    """One save file and what replaying it told: the game's setup and where it stands, or the error."""
    path: Path
    modified: float
    setup: MatchSetup | None = None
    phase: str = ""
    turn: int = 0
    actions: int = 0
    error: SaveError | None = None

    @property
    def loads(self) -> bool:
        return self.error is None


_looked: dict[tuple[Path, int, int], LocalSave] = {}     # a file unchanged since it was looked at


def kept_folder() -> Path:
    return home() / "saves"


def look(path: Path, db: CardDB) -> LocalSave | None:
    """What the save at `path` holds (replayed once per version of the file); None when there is none."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    except OSError:
        stat = None
    key = (path, stat.st_mtime_ns, stat.st_size) if stat is not None else None
    if key is not None and key in _looked:
        return _looked[key]
    modified = stat.st_mtime if stat is not None else 0.0
    try:
        match = Match.load(path, db)
    except SaveError as exc:
        found = LocalSave(path, modified, error=exc)
    else:
        found = LocalSave(path, modified, match.setup, match.phase, match.state.turn, len(match.actions))
    if key is not None:
        _looked[key] = found
    return found


def local_saves(db: CardDB, autosave: Path | None = None) -> list[LocalSave]:
    """The autosave first, then the kept games, the most recent first; damaged ones included."""
    kept = sorted(kept_folder().glob("*.json"), key=lambda p: p.name, reverse=True) if kept_folder().is_dir() else []
    return [found for path in (autosave or autosave_path(), *kept) if (found := look(path, db)) is not None]


def keep_aside(path: Path) -> Path:
    """Move the save at `path` into the kept folder under a name of its own (the time it was last
    played), so that a new game does not overwrite it; returns the new path."""
    folder = kept_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
    target = folder / f"{stamp}.json"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{stamp}-{n}.json"
    path.rename(target)
    return target
