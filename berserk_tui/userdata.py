"""The player's files: settings, saved decks and the autosave.

They live in the platform's user data folder (platformdirs), or under `$BERSERK_HOME` when it
is set (tests and portable installs). A damaged settings file is reported and left untouched.
A file that cannot be used is a `FileProblem`, said in the player's language.
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from berserk_tui.i18n import DEFAULT_LANG, LANGS, tr
from cards.decks import Deck, DeckError, load_deck
from cards.loader import CardDB

APP_NAME = "berserk-tui"
THEMES = ("textual-dark", "textual-light", "nord", "gruvbox", "monokai")


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


@dataclass(frozen=True)
class Settings:
    """What the settings screen changes."""
    lang: str = DEFAULT_LANG
    theme: str = THEMES[0]
    bot_delay_ms: int = 1000       # pause before each bot action in battle, so it can be followed
    ask_own_responses: bool = False   # offer a response window after one's own declaration (`pointless_response`)

    def validated(self) -> Settings:
        """The same settings with every unknown value replaced by its default."""
        default = Settings()
        return replace(
            self,
            lang=self.lang if self.lang in LANGS else default.lang,
            theme=self.theme if self.theme in THEMES else default.theme,
            bot_delay_ms=min(max(int(self.bot_delay_ms), 0), 3000),
            ask_own_responses=bool(self.ask_own_responses),
        )


def load_settings(path: Path | None = None) -> tuple[Settings, FileProblem | None]:
    """The saved settings (defaults when there is no file), and what is wrong with the file if it is bad."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        known = {f.name for f in fields(Settings)}
        return Settings(**{k: v for k, v in data.items() if k in known}).validated(), None
    except OSError as exc:
        return Settings(), os_problem(exc)
    except json.JSONDecodeError as exc:
        return Settings(), FileProblem("settings.not_json", {"path": str(path), "line": exc.lineno})
    except (ValueError, TypeError, AttributeError):     # not UTF-8, not an object, a value of a wrong type
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
