"""The network games kept in the user folder (`net/`, where `netmatch.new_transcript` puts them), for
the list of unfinished games to resume.

A game is listed from its transcript (`<name>.msgs`, which exists once a guest has joined: a
hosted game nobody joined is not a game and is not listed). The list is a quick look: the
transcript's records, chains and sequence are checked but not its signatures, the private game file's
size and fields too, and the phase is read from the kinds of message both sides sent. Resuming checks
everything. A guest killed before the host's first message made a game of its join has only its join file
(`net_join`): it is listed at the start, to rejoin (rules decision 738). A four-player game is listed once, by
its private `.party` file (a host's has a transcript per guest seat), its phase read from the relayed messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from berserk_tui.net_game_file import read_game_file
from berserk_tui.net_join import pending_join
from berserk_tui.netmatch import game_path
from berserk_tui.party_net import PARTY, PARTY_SUFFIX, read_party_file
from berserk_tui.userdata import home
from netplay import JoinCodeError, TranscriptError, verify
from netplay.keyfile import host_address, keys_path

START, SETUP, DEPLOY, BATTLE, OVER, FINISHED = "start", "setup", "deploy", "battle", "over", "finished"
MISSING, DAMAGED, OLD_VERSION = "missing", "damaged", "old_version"


@dataclass(frozen=True)
class SavedGame:
    """One transcript of the folder and what can be told of it without replaying the game."""
    path: Path
    modified: float          # when it last changed (the file's time)
    seat: int = -1           # 0 hosted, 1 joined; -1 when the transcript cannot be read
    address: str = ""        # the host's "address:port"
    phase: str = ""          # START … OVER, or FINISHED (both sides sent their final proof)
    problem: str = ""        # why it cannot be resumed: MISSING, DAMAGED or OLD_VERSION
    game: str = "classic"    # the game's name: the host's hello's, else the private file's
    detail: str = ""         # the problem in technical terms (English), or the missing file's name

    @property
    def resumable(self) -> bool:
        return not self.problem


_finished: dict[tuple[Path, int, int], SavedGame] = {}   # a finished game never changes: read once


def net_folder() -> Path:
    return home() / "net"


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """Every game of the folder, the most recently played first."""
    folder = folder or net_folder()
    paths = [*folder.glob("*.msgs"), *folder.glob(f"*{PARTY_SUFFIX}")] if folder.is_dir() else []
    games = [game for game in map(_look, paths) if game is not None]
    return sorted(games, key=lambda g: (-g.modified, g.path.name))


def _party_transcript(path: Path) -> bool:
    """A transcript of a four-player game, which is listed by its `.party` file (a guest's `<name>.msgs.party`,
    a host's `<base>.party` for its `<base>.seatN.msgs`)."""
    host = re.fullmatch(r"(.+)\.seat\d+\.msgs", path.name)
    return Path(str(path) + PARTY_SUFFIX).exists() or (host is not None and
                                                        path.with_name(host.group(1) + PARTY_SUFFIX).exists())


def _look_party(path: Path, modified: float) -> SavedGame | None:
    """A four-player game from its private file and its first transcript (None: a host nobody joined)."""
    try:
        data = read_party_file(path)
        transcript = Path(data["transcripts"][0])
        if not transcript.exists():
            return None
        found = verify(transcript, signatures=False)
        address = host_address(transcript)
    except JoinCodeError as exc:
        return SavedGame(path, modified, problem=OLD_VERSION, detail=str(exc))
    except (TranscriptError, ValueError, OSError, IndexError) as exc:
        return SavedGame(path, modified, problem=DAMAGED, detail=str(exc))
    relayed = [e.body for e in found.messages[0] if e.kind == PARTY and isinstance(e.body, dict)]
    seats = {env.get("from") for env in relayed if env.get("kind") == "hello"}
    kinds = {kind: {env.get("from") for env in relayed if env.get("kind") == kind}
             for kind in ("final", "resign", "deploy_open", "deploy_commit")}
    phase = FINISHED if seats and kinds["final"] == seats else OVER if kinds["final"] or kinds["resign"] else \
        BATTLE if seats and kinds["deploy_open"] == seats else DEPLOY if kinds["deploy_commit"] else \
        SETUP if len(seats) > 1 else START
    return SavedGame(path, max(modified, transcript.stat().st_mtime), data["seat"], address, phase, game=data["rules"])


def _look(path: Path) -> SavedGame | None:
    try:
        stat = path.stat()
    except OSError as exc:
        return SavedGame(path, 0.0, problem=DAMAGED, detail=str(exc))
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key in _finished:
        return _finished[key]
    if path.name.endswith(PARTY_SUFFIX):
        return _look_party(path, stat.st_mtime)
    if _party_transcript(path):
        return None
    if pending_join(path) == path:
        try:
            return SavedGame(path, stat.st_mtime, 1, host_address(path), START)
        except (JoinCodeError, ValueError, OSError) as exc:
            return SavedGame(path, stat.st_mtime, problem=DAMAGED, detail=str(exc))
    for needed in (keys_path(path), game_path(path)):
        if not needed.exists():
            return SavedGame(path, stat.st_mtime, problem=MISSING, detail=needed.name)
    try:
        data = read_game_file(game_path(path))
        found = verify(path, signatures=False)
        address = host_address(path)
    except JoinCodeError as exc:
        return SavedGame(path, stat.st_mtime, problem=OLD_VERSION, detail=str(exc))
    except (TranscriptError, ValueError, OSError) as exc:
        return SavedGame(path, stat.st_mtime, problem=DAMAGED, detail=str(exc))
    seat = found.header.seat
    mine = [e.kind for e in found.messages[seat]]
    theirs = [e.kind for e in found.messages[1 - seat]]
    hello = found.messages[0][0].body if found.messages[0] and found.messages[0][0].kind == "hello" else {}
    name = hello.get("game") if isinstance(hello, dict) and isinstance(hello.get("game"), str) else None
    game = SavedGame(path, stat.st_mtime, seat, address, _phase(mine, theirs),
                     game=name or data.get("game") or "classic")
    if game.phase == FINISHED:
        _finished[key] = game
    return game


def _phase(mine: list[str], theirs: list[str]) -> str:
    """How far the game got, from the kinds of message of each side (docs/protocol.md)."""
    if "final" in mine and "final" in theirs:
        return FINISHED
    if any(kind in ("final", "resign", "timeout") for kind in mine + theirs):
        return OVER
    if "deploy_open" in mine and "deploy_open" in theirs:
        return BATTLE
    if "deploy_commit" in mine + theirs:
        return DEPLOY
    if "hello" in mine and "hello" in theirs:
        return SETUP
    return START
