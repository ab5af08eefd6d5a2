"""The player's files: settings, saved decks and the autosave.

They live in the platform's user data folder (platformdirs), or under `$BERSERK_HOME` when it
is set (tests and portable installs). A damaged settings file is reported and left untouched.
A file that cannot be used is a `FileProblem`, said in the player's language. Every JSON file is
read by `read_json`: a regular file of bounded size, nesting and numbers, checked before it is parsed.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import asdict, dataclass, field, fields, replace
from itertools import accumulate
from pathlib import Path
from typing import Any

import platformdirs

from berserk_tui.i18n import DEFAULT_LANG, LANGS, tr
from cards.decks import Deck, DeckError, load_deck
from cards.loader import CardDB

APP_NAME = "berserk-tui"
THEMES = ("textual-dark", "textual-light", "nord", "gruvbox", "monokai")
MAX_SETTINGS_BYTES = 64 * 1024
MAX_JSON_DEPTH = 32         # arrays and objects nested in a JSON file (a save needs 4)
MAX_DIGITS = 50             # digits of a number in a JSON file


def home() -> Path:
    env = os.environ.get("BERSERK_HOME")
    return Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME))


def decks_dir() -> Path:
    return home() / "decks"


def autosave_path() -> Path:
    return home() / "autosave.json"


def settings_path() -> Path:
    return home() / "settings.json"


@dataclass(frozen=True)
class FileProblem:
    """Why a file could not be read or written: a catalogue message (`key`) and its parameters."""
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return tr(self.key, lang, **self.params)


_OS_KEYS = {FileNotFoundError: "file.not_found", PermissionError: "file.no_access", IsADirectoryError: "file.is_dir",
            NotADirectoryError: "file.not_dir", FileExistsError: "file.exists"}
_ERRNO_KEYS = {errno.ENOSPC: "file.no_space", errno.EROFS: "file.read_only"}


def os_problem(exc: OSError) -> FileProblem:
    """An OSError as a FileProblem naming the file (`file.*`), never the raw «[Errno 13] …» text."""
    key = _OS_KEYS.get(type(exc)) or _ERRNO_KEYS.get(exc.errno or 0, "file.other")
    return FileProblem(key, {"path": exc.filename or "", "error": exc.strerror or str(exc)})


def file_error(exc: OSError, lang: str) -> str:
    """An OSError in words of `lang`: «нет доступа: /home/…/decks/x.toml»."""
    return os_problem(exc).text(lang)


class FileError(ValueError):
    """A file that cannot be used; `problem` says why (naming the file), `str()` in English."""

    def __init__(self, problem: FileProblem) -> None:
        self.problem = problem
        super().__init__(problem.text("en"))


def read_limited(path: Path, limit: int, head: bool = False) -> bytes:
    """The bytes of the regular file at `path`, of at most `limit` bytes (`head`: its first `limit` bytes,
    whatever its size): its type and size are checked before it is read, and it is opened without
    blocking (a named pipe cannot hang the program). FileError names the file and what is wrong."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
            if not stat.S_ISREG(info.st_mode):
                raise FileError(FileProblem("file.not_regular", {"path": str(path)}))
            data = file.read(limit + 1)
    except OSError as exc:
        raise FileError(os_problem(exc)) from exc
    size = max(info.st_size, len(data))
    if head:
        return data[:limit]
    if size > limit:
        raise FileError(FileProblem("file.too_big", {"path": str(path), "size": size, "limit": limit}))
    return data


# a string (to its closing quote or the end of the text: one pass, never a search back) or a bracket
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (strings skipped), without parsing it."""
    return max(accumulate(_STEP.get(token, 0) for token in _JSON_TOKEN.findall(text)), default=0)


class _BadNumber(ValueError):
    pass


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber(text)
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _BadNumber(text)
    return value


def _no_constant(text: str) -> float:
    raise _BadNumber(text)


def strings(value: Any, count: range, longest: int) -> bool:
    """`value` (read from JSON) is a list of `count` strings of at most `longest` characters each."""
    return (isinstance(value, list) and len(value) in count
            and all(isinstance(s, str) and len(s) <= longest for s in value))


def read_json(path: Path, limit: int) -> Any:
    """The JSON value of the file at `path` (`read_limited`), nested at most MAX_JSON_DEPTH deep, its numbers
    of at most MAX_DIGITS digits and finite; FileError names the file and what is wrong."""
    text_path = str(path)
    data = read_limited(path, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileError(FileProblem("file.not_text", {"path": text_path})) from exc
    if json_depth(text) > MAX_JSON_DEPTH:
        raise FileError(FileProblem("file.too_deep", {"path": text_path, "limit": MAX_JSON_DEPTH}))
    try:
        return json.loads(text, parse_int=_integer, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileError(FileProblem("file.not_json", {"path": text_path, "line": exc.lineno})) from exc
    except _BadNumber as exc:
        raise FileError(FileProblem("file.bad_number", {"path": text_path, "limit": MAX_DIGITS})) from exc


@dataclass(frozen=True)
class Settings:
    """What the settings screen changes."""
    lang: str = DEFAULT_LANG
    theme: str = THEMES[0]
    bot_delay_ms: int = 1000       # pause before each bot action in battle, so it can be followed
    ask_own_responses: bool = False   # offer a response window after one's own declaration (`pointless_response`)
    game: str = "classic"          # the game last chosen in the menu (`games.app_rules`), chosen again at start

    def validated(self) -> Settings:
        """The same settings with every unknown value replaced by its default."""
        from berserk_tui import games  # (games import the engines, which import this module)
        default = Settings()
        return replace(
            self,
            lang=self.lang if self.lang in LANGS else default.lang,
            theme=self.theme if self.theme in THEMES else default.theme,
            bot_delay_ms=min(max(int(self.bot_delay_ms), 0), 3000),
            ask_own_responses=bool(self.ask_own_responses),
            game=self.game if self.game in games.app_rules() else default.game,
        )


def load_settings(path: Path | None = None) -> tuple[Settings, FileProblem | None]:
    """The saved settings (defaults when there is no file), and what is wrong with the file if it is bad."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = read_json(path, MAX_SETTINGS_BYTES)
        known = {f.name for f in fields(Settings)}
        return Settings(**{k: v for k, v in data.items() if k in known}).validated(), None
    except FileError as exc:
        return Settings(), exc.problem
    except (ValueError, TypeError, AttributeError):     # not an object, a value of a wrong type
        return Settings(), FileProblem("settings.bad_values", {"path": str(path)})


def write_atomic(path: Path, text: str, mode: int = 0o644, durable: bool = True) -> None:
    """Write a file so that a crash mid-write leaves the previous version intact; the file is
    created with `mode` (0o600 for secrets: never readable by others, not even for a moment).
    `durable` syncs the data before the rename (a crash of the machine keeps the new version)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        if durable:
            os.fsync(f.fileno())
    os.replace(tmp, path)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or settings_path(), json.dumps(asdict(settings), ensure_ascii=False, indent=1))


def user_decks(db: CardDB) -> tuple[list[Deck], list[DeckError]]:
    """The player's saved decks, and the error of each deck file that is not valid."""
    decks: list[Deck] = []
    problems: list[DeckError] = []
    folder = decks_dir()
    if not folder.is_dir():
        return decks, problems
    for path in sorted(folder.glob("*.toml")):
        try:
            decks.append(load_deck(path, db))
        except DeckError as exc:
            problems.append(exc)
    return decks, problems
