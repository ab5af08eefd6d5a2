"""A run's record: a JSON line per finished game, so a long `berserk sim` run that is stopped goes
on where it stopped.

The first line names the run (`RunKey`: the bots, seed, decks, turn limit, a fingerprint of
the code that decides the games, the sets the decks came from and the game definition played); every
other line is one game's outcome and the run's wall-clock seconds when it finished. A game's result
depends only on the run key and its index, so a resumed run plays the games that are missing and counts
the recorded ones as they are.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import IO, Any

from berserk_tui.sim import GameFailure, GameOutcome

VERSION = 1
ROOT = Path(__file__).resolve().parents[1]
CODE = ("berserk_tui/engine", "berserk_tui/bot", "berserk_tui/sim.py", "cards")   # what decides a game
CODE_SUFFIXES = (".py", ".toml", ".json")


class RecordError(Exception):
    """A record that cannot be resumed: another run's, or damaged. The file is left as it was."""


@dataclass(frozen=True, slots=True)
class RunKey:
    """What fixes the games of a run: equal keys play equal games, index by index."""
    p1: str
    p2: str
    seed: int
    decks: str          # "builtin", "mirror", "random" or "box"
    turn_limit: int
    code: str           # `code_fingerprint()`
    sets: str = "30"    # the sets the decks came from ("10,30"); records from before sets were named: set 30
    game: str = "classic"   # the game definition's name (`games.by_name`); records from before games: classic


def code_fingerprint(root: Path = ROOT) -> str:
    """A short hash of the engine, bots, simulator and card data, file by file in path order."""
    digest = hashlib.sha256()
    for top in CODE:
        base = root / top
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.suffix in CODE_SUFFIXES)
        for path in files:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@dataclass(slots=True)
class Recorded:
    """The games a record holds and the run's wall-clock seconds after the last of them."""
    outcomes: list[GameOutcome]
    seconds: float


class Record:
    """An open record file: `open` reads what an earlier run left, `add` appends a game."""

    def __init__(self, file: IO[str]) -> None:
        self.file = file

    @classmethod
    def open(cls, path: Path, key: RunKey) -> tuple[Record, Recorded]:
        """Open `path` to record the run `key`, creating it, or resuming it when it holds that run.
        A last line cut off by a stop is dropped; any other damage raises RecordError."""
        if not path.exists() or path.stat().st_size == 0:
            file = path.open("w", encoding="utf-8")
            file.write(json.dumps({"version": VERSION, "run": asdict(key)}, ensure_ascii=False) + "\n")
            file.flush()
            return cls(file), Recorded([], 0.0)
        theirs, recorded, size = _read(path)
        if theirs != key:
            diff = ", ".join(f"{f.name} {getattr(theirs, f.name)!r} there, {getattr(key, f.name)!r} here"
                             for f in fields(RunKey) if getattr(theirs, f.name) != getattr(key, f.name))
            raise RecordError(f"{path} records another run ({diff}); give another --record file")
        file = path.open("r+", encoding="utf-8")
        file.truncate(size)                  # drop a line cut off by a stop
        file.seek(0, os.SEEK_END)
        return cls(file), recorded

    def add(self, out: GameOutcome, seconds: float) -> None:
        """Append one finished game and the run's seconds so far."""
        self.file.write(json.dumps({"game": _encode(out), "seconds": round(seconds, 3)}, ensure_ascii=False) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


def read(path: Path) -> tuple[RunKey, Recorded]:
    """The run a record holds and its games (a last line cut off by a stop is left out);
    RecordError if it is not a record or is damaged."""
    key, recorded, _ = _read(path)
    return key, recorded


def _read(path: Path) -> tuple[RunKey, Recorded, int]:
    """`read`, and the size in bytes of the record's complete lines."""
    text = path.read_text(encoding="utf-8")
    complete = text[:text.rfind("\n") + 1]
    lines = complete.splitlines()
    try:
        header = json.loads(lines[0])
        if header.get("version") != VERSION:
            raise RecordError(f"{path}: a record of version {header.get('version')}, not {VERSION}")
        key = RunKey(**header["run"])
    except (IndexError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise RecordError(f"{path}: not a sim record (first line: {exc})") from None
    outcomes: dict[int, GameOutcome] = {}
    seconds = 0.0
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
            out = _decode(entry["game"])
            seconds = max(seconds, float(entry["seconds"]))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise RecordError(f"{path}:{number}: damaged game line ({type(exc).__name__}: {exc})") from None
        outcomes[out.index] = out
    return key, Recorded([outcomes[i] for i in sorted(outcomes)], seconds), len(complete.encode("utf-8"))


def _encode(out: GameOutcome) -> dict[str, Any]:
    data = asdict(out)
    data["times"] = [[round(t, 5) for t in times] for times in out.times]
    data["cpu"] = [[round(t, 5) for t in times] for times in out.cpu]
    return data


def _decode(data: dict[str, Any]) -> GameOutcome:
    failure = data["failure"]
    cpu = data.get("cpu", [[], []])   # records written before CPU times were kept have none
    cuts = data.get("clock_cuts")     # ... and those before clock cuts were counted have none
    return GameOutcome(
        index=int(data["index"]), winner_bot=int(data["winner_bot"]), draw=bool(data["draw"]),
        stalled=bool(data["stalled"]), turns=int(data["turns"]), actions=int(data["actions"]),
        times=([float(t) for t in data["times"][0]], [float(t) for t in data["times"][1]]),
        cpu=([float(t) for t in cpu[0]], [float(t) for t in cpu[1]]),
        clock_cuts=[int(cuts[0]), int(cuts[1])] if cuts is not None else None,
        failure=GameFailure(**failure) if failure is not None else None,
        left=(tuple(data["left"][0]), tuple(data["left"][1])), first_bot=int(data["first_bot"]))
