"""Deck files (TOML: name, description, [cards] name-or-id = copies) and the first-game squads.

A shipped deck also has `name_en` and `description_en`, its name and description in English. Every
problem of a deck file is a `DeckProblem`: the file, the line, a reason id and its parameters, so
that the app can say it in the player's language; `str()` gives it in English for the command line.

A deck file is a few hundred bytes: one larger than `MAX_FILE_BYTES` (or not a regular file) is
refused before it is read, and names, descriptions and the [cards] table have limits of their own.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.loader import CardDB, fold
from cards.schema import CardDef

DEFAULT_DECKS_DIR = Path(__file__).parent / "decks"
FIRST_GAME_FILE = DEFAULT_DECKS_DIR / "first_game.toml"
DECK_SIZE = (30, 50)
MAX_COPIES = 3
MAX_HORDE_COPIES = 5
DEFAULT_PAIR = ("klok", "shadows")      # file stems of the decks a game uses when none is named
BOX_DECKS = ("box_orki", "box_gnomy", "box_elfy", "box_arkhaality")   # file stems of the board game's four decks
#                                         (seed 003's box; docs/rules-decisions.md, 670)
RECORDED_SETS = (30,)                   # the sets of the shipped decks `berserk sim` plays by default: the pool
#                                         the records in bench/records/ were played with (docs/bot.md)
MAX_FILE_BYTES = 64 * 1024              # a deck file is a few hundred bytes
MAX_NAME = 100                          # characters of name and name_en
MAX_DESCRIPTION = 500                   # characters of description and description_en
MAX_NAMES = 100                         # entries of the [cards] table
SHOWN = 5                               # problems an error lists before "…and N more"
BRIEF = 40                              # characters of a value quoted in a problem

_KEY_LINE = re.compile(r"""^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")
_TABLE_LINE = re.compile(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$")
_ERROR_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)")


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: its card ids in file order, each repeated as many times as it has copies."""

    name: str
    description: str
    cards: tuple[str, ...]
    path: Path
    name_en: str = ""           # a shipped deck's name and description in English
    description_en: str = ""

    def title(self, lang: str) -> str:
        """The deck's name in `lang`: a shipped deck's English name in English, else its name as written."""
        return self.name_en if lang == "en" and self.name_en else self.name

    def about(self, lang: str) -> str:
        """The deck's description in `lang`, like `title`."""
        return self.description_en if lang == "en" and self.description_en else self.description


# reason -> the problem in English (str.format with the problem's parameters)
REASONS: dict[str, str] = {
    "not_found": "no such file",
    "no_access": "permission denied",
    "is_dir": "a directory, not a deck file",
    "not_file": "not a regular file",
    "too_big": "the file has {size:,} bytes, a deck file may have at most {limit:,}",
    "unreadable": "cannot read the file: {error}",
    "not_utf8": "not UTF-8 text",
    "toml": "TOML syntax error: {error}",
    "no_name": "the deck needs a name (a non-empty string)",
    "not_string": "{field} must be a string",
    "too_long": "{field} has {n:,} characters, at most {limit}",
    "no_english": "a shipped deck needs name_en and description_en (non-empty strings)",
    "no_cards": "the deck needs a [cards] table of card = copies",
    "cards_not_table": "cards must be a table of card = copies",
    "unknown_card": "unknown card {name!r}",
    "unknown_card_similar": "unknown card {name!r} (did you mean: {similar}?)",
    "bad_copies": "copies of {name!r} must be a positive integer, got {count!r}",
    "huge_copies": "copies of {name!r}: more than a deck holds ({high} cards at most)",
    "too_many_names": "the [cards] table has {n:,} entries, at most {limit}",
    "not_implemented": "card {name!r} ({id}) is not implemented yet",
    "boardgame": "card {name!r} ({id}) belongs to a board-game mode and is in no deck",
    "copies": "{n} copies of {name!r}, at most {limit}",
    "copies_horde": "{n} copies of {name!r}, at most {limit} (horde)",
    "too_few": "the deck has {n} cards, it must have {low} to {high}",
    "too_many": "the deck has {n} cards, it must have {low} to {high}",
    "squads": "expected two [[squad]] tables, exactly one with first = true",
    "squad_cards": "squad {squad!r}: cards must be a list of card names",
}


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One problem of a deck file: where (`line` 0: the whole file), why (a key of REASONS) and its parameters."""

    path: Path
    line: int
    reason: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else str(self.path)
        return f"{where}: {REASONS[self.reason].format(**self.params)}"


class DeckError(ValueError):
    """A deck file cannot be used: its `issues`; as text the first `SHOWN` of them, one `FILE:LINE: message`
    line each (`problems`), then "…and N more" when there are `more`."""

    def __init__(self, issues: list[DeckProblem]) -> None:
        self.issues = tuple(issues)
        self.problems = tuple(str(issue) for issue in self.issues[:SHOWN])
        self.more = len(self.issues) - len(self.problems)
        super().__init__("\n".join(self.problems + ((f"…and {self.more:,} more",) if self.more else ())))


@dataclass(frozen=True, slots=True)
class _Problem:
    """A problem found at a line, before it is tied to a file."""

    line: int
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Entry:
    key: str
    count: Any
    line: int


def _unquote(key: str) -> str:
    """A quoted key as the TOML parser reads it; as written when it is no key (a line inside a multi-line string)."""
    try:
        return tomllib.loads(f"k = {key}")["k"] if key[0] in "\"'" else key
    except tomllib.TOMLDecodeError:
        return key


def _brief(value: Any) -> Any:
    """`value` for a problem's parameters: itself when it reads short, else the start of its text and "…"."""
    try:
        text = value if isinstance(value, str) else repr(value)
    except ValueError:          # an integer too long to write in decimal
        return "…"
    return value if len(text) <= BRIEF else text[:BRIEF - 1] + "…"


def _scan_lines(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """Line numbers of the top-level keys and tables, and of the [cards] keys, from the raw text."""
    top: dict[str, int] = {}
    cards: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if header := _TABLE_LINE.match(line):
            table = header.group(1).strip()
            top.setdefault(f"[{table}]", number)
        elif (match := _KEY_LINE.match(line)) and table in ("", "cards"):
            (cards if table else top).setdefault(_unquote(match.group(1)), number)
    return top, cards


def _read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, its type and size checked before it is read
    (opened without blocking, so a named pipe cannot hang the reader); DeckError naming the file."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DeckError([DeckProblem(path, 0, "is_dir" if stat.S_ISDIR(info.st_mode) else "not_file")])
        data = file.read(MAX_FILE_BYTES + 1)
    if info.st_size > MAX_FILE_BYTES or len(data) > MAX_FILE_BYTES:
        size = max(info.st_size, len(data))
        raise DeckError([DeckProblem(path, 0, "too_big", {"size": size, "limit": MAX_FILE_BYTES})])
    return data


def _read(path: Path) -> str:
    """The text of a deck file; DeckError naming the file when it cannot be read."""
    try:
        data = _read_bytes(path)
    except OSError as exc:
        reason = {FileNotFoundError: "not_found", PermissionError: "no_access", IsADirectoryError: "is_dir"}
        problem = DeckProblem(path, 0, reason.get(type(exc), "unreadable"), {"error": exc.strerror or str(exc)})
        raise DeckError([problem]) from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DeckError([DeckProblem(path, data[:exc.start].count(b"\n") + 1, "not_utf8")]) from exc


def _parse(path: Path, text: str) -> dict[str, Any]:
    """The TOML data of a deck file; DeckError with tomllib's line for a syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _ERROR_LINE.search(str(exc))
        line = int(found.group(1)) if found else 1
        raise DeckError([DeckProblem(path, line, "toml", {"error": _ERROR_LINE.sub("", str(exc))})]) from exc
    except RecursionError:      # arrays or inline tables nested hundreds deep
        raise DeckError([DeckProblem(path, 0, "toml", {"error": "values nested too deep"})]) from None
    except ValueError:          # an integer of thousands of digits
        raise DeckError([DeckProblem(path, 0, "toml", {"error": "a number too long"})]) from None


def _unknown(line: int, key: str, db: CardDB, hint: bool = True) -> _Problem:
    """An unknown card name, with close names when `hint` (the search is slow: only for problems shown)."""
    close = db.similar(key) if hint else []
    if close:
        return _Problem(line, "unknown_card_similar", {"name": _brief(key), "similar": ", ".join(close)})
    return _Problem(line, "unknown_card", {"name": _brief(key)})


def _text_problems(data: dict[str, Any], top: dict[str, int], keys: tuple[str, ...]) -> list[_Problem]:
    """A name or description that is not a string, or too long (MAX_NAME, MAX_DESCRIPTION)."""
    problems = []
    for key in keys:
        value = data.get(key, "")
        limit = MAX_DESCRIPTION if key.startswith("description") else MAX_NAME
        if not isinstance(value, str):
            problems.append(_Problem(top.get(key, 1), "not_string", {"field": key}))
        elif len(value) > limit:
            problems.append(_Problem(top.get(key, 1), "too_long", {"field": key, "n": len(value), "limit": limit}))
    return problems


def _header_problems(data: dict[str, Any], top: dict[str, int], shipped: bool) -> list[_Problem]:
    problems = []
    texts = ("description", "name_en", "description_en")
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        problems.append(_Problem(top.get("name", 1), "no_name"))
    else:
        texts = ("name", *texts)
    problems += _text_problems(data, top, texts)
    english = [data.get(key) for key in ("name_en", "description_en")]
    if shipped and not all(isinstance(text, str) and text.strip() for text in english):
        problems.append(_Problem(top.get("name", 1), "no_english"))
    if not isinstance(data.get("cards"), dict) or not data["cards"]:
        problems.append(_Problem(top.get("[cards]", 1), "no_cards"))
    return problems


def _entries(data: dict[str, Any], lines: dict[str, int]) -> list[_Entry]:
    cards = data.get("cards")
    if not isinstance(cards, dict):
        return []
    return [_Entry(key, count, lines.get(key, 1)) for key, count in cards.items()]


def _card_lines(key_lines: dict[str, int], db: CardDB) -> dict[str, int]:
    """Card id -> line of the first [cards] key naming it."""
    out: dict[str, int] = {}
    for key, line in key_lines.items():
        if (card := db.find(key)) is not None:
            out.setdefault(card.id, line)
    return out


def copy_key(card: CardDef) -> str:
    """What the copy limit counts: the card's name (as `fold` matches names), so that the same card printed
    in two sets is one card of a deck (docs/rules-decisions.md, 540)."""
    return fold(card.name)


def copy_limit(card: CardDef) -> int:
    """How many copies of `card` a deck may hold (more for a card with орда)."""
    return MAX_HORDE_COPIES if card.keywords.get("horde") else MAX_COPIES


def name_limits(cards: Iterable[CardDef]) -> dict[str, int]:
    """`copy_key` -> how many cards of that name a deck of `cards` may hold: the lowest `copy_limit` of its
    printings among them (five only when every printing has орда; decision 542)."""
    limits: dict[str, int] = {}
    for card in cards:
        key = copy_key(card)
        limits[key] = min(limits.get(key, MAX_HORDE_COPIES), copy_limit(card))
    return limits


def _rule_problems(deck: Deck, db: CardDB, card_line: dict[str, int], size_line: int) -> list[_Problem]:
    """Problems with the deck rules: implemented cards, copies (of a name in all its printings: decision 540;
    a unique card has no limit of its own in a deck: 541), size."""
    problems = []
    counts = Counter(deck.cards)
    limits = name_limits(db[card_id] for card_id in counts)
    by_name = Counter(copy_key(db[card_id]) for card_id in deck.cards)
    said: set[str] = set()
    for card_id in counts:
        card, line = db[card_id], card_line.get(card_id, 1)
        if not card.implemented:
            problems.append(_Problem(line, "not_implemented", {"name": card.name, "id": card.id}))
        elif card.boardgame:
            problems.append(_Problem(line, "boardgame", {"name": card.name, "id": card.id}))
        key = copy_key(card)
        limit, copies = limits[key], by_name[key]
        if copies > limit and key not in said:      # once per name, at its first printing in the deck
            said.add(key)
            reason = "copies_horde" if limit == MAX_HORDE_COPIES else "copies"
            problems.append(_Problem(line, reason, {"name": card.name, "n": copies, "limit": limit}))
    low, high = DECK_SIZE
    if not low <= len(deck.cards) <= high:
        reason = "too_few" if len(deck.cards) < low else "too_many"
        problems.append(_Problem(size_line, reason, {"n": len(deck.cards), "low": low, "high": high}))
    return problems


def _raise_if_any(path: Path, problems: list[_Problem]) -> None:
    if problems:
        raise DeckError([DeckProblem(path, p.line, p.reason, p.params) for p in sorted(problems, key=lambda p: p.line)])


def validate_deck(deck: Deck, db: CardDB) -> None:
    """Check the deck rules (implemented cards, copies, 30–50 cards); DeckError lists every problem."""
    top, lines = _scan_lines(_read(deck.path)) if deck.path.is_file() else ({}, {})
    _raise_if_any(deck.path, _rule_problems(deck, db, _card_lines(lines, db), top.get("[cards]", 1)))


def _read_entries(entries: list[_Entry], db: CardDB, table_line: int) -> tuple[list[str], list[_Problem]]:
    """The card ids of the [cards] entries (repeated per copy) and the problems of unreadable entries and
    of too many entries (said at `table_line`)."""
    ids: list[str] = []
    problems: list[_Problem] = []
    unknown = 0
    for entry in entries:
        card, name, count = db.find(entry.key), _brief(entry.key), entry.count
        if card is None:
            problems.append(_unknown(entry.line, entry.key, db, hint=unknown < SHOWN))
            unknown += 1
        elif not isinstance(count, int) or isinstance(count, bool) or count < 1:
            problems.append(_Problem(entry.line, "bad_copies", {"name": name, "count": _brief(count)}))
        elif count > DECK_SIZE[1]:
            problems.append(_Problem(entry.line, "huge_copies", {"name": name, "high": DECK_SIZE[1]}))
        else:
            ids.extend([card.id] * count)
    if len(entries) > MAX_NAMES:
        problems.append(_Problem(table_line, "too_many_names", {"n": len(entries), "limit": MAX_NAMES}))
    return ids, problems


def _text(data: dict[str, Any], key: str) -> str:
    """A name or description of the file; "" when it is missing or no string (a problem says so)."""
    value = data.get(key, "")
    return value if isinstance(value, str) else ""


def load_deck(path: Path | str, db: CardDB, shipped: bool = False) -> Deck:
    """Read and validate a deck file (a `shipped` one needs its English name and description);
    DeckError lists every problem."""
    path = Path(path)
    text = _read(path)
    data = _parse(path, text)
    top, lines = _scan_lines(text)
    entries = _entries(data, lines)
    ids, problems = _read_entries(entries, db, top.get("[cards]", 1))
    deck = Deck(_text(data, "name"), _text(data, "description"), tuple(ids), path,
                _text(data, "name_en"), _text(data, "description_en"))
    problems += _header_problems(data, top, shipped)
    if entries:
        problems += _rule_problems(deck, db, _card_lines(lines, db), top.get("[cards]", 1))
    _raise_if_any(path, problems)
    return deck


def deck_sets(deck: Deck, db: CardDB) -> tuple[int, ...]:
    """The sets the cards of `deck` come from, in set order."""
    return tuple(sorted({db[card_id].set for card_id in deck.cards}))


def builtin_decks(db: CardDB, sets: Collection[int] | None = None) -> list[Deck]:
    """The decks shipped in DEFAULT_DECKS_DIR: those of `DEFAULT_PAIR` first, then by file name, the box's decks
    (`BOX_DECKS`) last; with `sets`, only the decks whose cards all come from those sets and not the box's (a
    simulation's pool of shipped decks: the box's decks are played by name, `box_decks`)."""
    paths = sorted(p for p in DEFAULT_DECKS_DIR.glob("*.toml") if p != FIRST_GAME_FILE and p.stem not in BOX_DECKS)
    paths.sort(key=lambda p: DEFAULT_PAIR.index(p.stem) if p.stem in DEFAULT_PAIR else len(DEFAULT_PAIR))
    decks = [load_deck(p, db, shipped=True) for p in paths]
    if sets is not None:
        return [d for d in decks if set(deck_sets(d, db)) <= set(sets)]
    return decks + box_decks(db)


def box_decks(db: CardDB) -> list[Deck]:
    """The four decks of the board game's box (seed 003), in `BOX_DECKS` order: Орки, Гномы, Эльфы, Архаалиты."""
    return [load_deck(DEFAULT_DECKS_DIR / f"{stem}.toml", db, shipped=True) for stem in BOX_DECKS]


def is_box_deck(deck: Deck) -> bool:
    """Whether `deck` is one of the box's decks (a list may show it as a board-game deck)."""
    return deck.path.parent == DEFAULT_DECKS_DIR and deck.path.stem in BOX_DECKS


def default_pair(db: CardDB) -> tuple[Deck, Deck]:
    """The shipped decks of seats 0 and 1 when a game names none (`DEFAULT_PAIR`)."""
    first, second = (load_deck(DEFAULT_DECKS_DIR / f"{name}.toml", db, shipped=True) for name in DEFAULT_PAIR)
    return first, second


def _squad_ids(text: str, squad: dict[str, Any], db: CardDB) -> tuple[list[str], list[_Problem]]:
    """(card ids, problems) of one [[squad]] of the first-game file."""
    ids: list[str] = []
    problems: list[_Problem] = []
    names = squad.get("cards")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return ids, [_Problem(1, "squad_cards", {"squad": squad.get("name")})]
    for name in names:
        card = db.find(name)
        if card is None:
            line = next((i for i, ln in enumerate(text.splitlines(), 1) if f'"{name}"' in ln), 1)
            problems.append(_unknown(line, name, db))
        else:
            ids.append(card.id)
    return ids, problems


def load_first_game(db: CardDB, path: Path | str = FIRST_GAME_FILE) -> tuple[list[str], list[str]]:
    """The two pre-built squads of the first game as card ids: (the squad that goes first, the other)."""
    path = Path(path)
    text = _read(path)
    squads = _parse(path, text).get("squad")
    if (
        not isinstance(squads, list)
        or len(squads) != 2
        or not all(isinstance(s, dict) for s in squads)
        or sum(s.get("first") is True for s in squads) != 1
    ):
        raise DeckError([DeckProblem(path, 1, "squads")])
    problems: list[_Problem] = []
    by_order: dict[bool, list[str]] = {}
    for squad in squads:
        ids, found = _squad_ids(text, squad, db)
        problems += found
        by_order[squad["first"] is True] = ids
    _raise_if_any(path, problems)
    return by_order[True], by_order[False]


# --- writing decks (the deck builder) -------------------------------------------------------------

_TRANSLIT = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    ("a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t",
     "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"),
    strict=True,
))


def deck_slug(name: str) -> str:
    """The file name stem for a deck name: Latin letters, digits and dashes ("Громилы Клока" -> "gromily-kloka")."""
    latin = "".join(_TRANSLIT.get(ch, ch) for ch in name.lower())
    slug = re.sub(r"[^a-z0-9]+", "-", latin).strip("-")
    return slug[:60].rstrip("-") or "deck"


def _toml_string(text: str) -> str:
    """`text` as a TOML basic string."""
    escapes = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
    out = []
    for ch in text:
        if ch in escapes:
            out.append(escapes[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def deck_to_toml(name: str, description: str, counts: dict[str, int], db: CardDB) -> str:
    """The text of a deck file, in the format of cards/decks/*.toml: cards by name, in `counts` order.

    `counts` maps card ids to copies; cards with 0 copies are left out. A card whose name also names
    another card (a reprint) is written by id so that the file reads back as the same card.
    """
    lines = [f"name = {_toml_string(name)}", f"description = {_toml_string(description)}", "", "[cards]"]
    for card_id, copies in counts.items():
        card = db.cards.get(card_id)
        if card is None:
            raise ValueError(f"unknown card id {card_id!r}")
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 0:
            raise ValueError(f"copies of {card.name!r} must be a non-negative integer, got {copies!r}")
        if copies:
            key = card.name if db.find(card.name) is card else card.id
            lines.append(f"{_toml_string(key)} = {copies}")
    return "\n".join(lines) + "\n"


def save_deck(path: Path | str, name: str, description: str, counts: dict[str, int], db: CardDB) -> Path:
    """Write a deck file atomically (a temporary file in the same folder, then a rename); its path.

    The deck rules are not checked: a draft may be saved. OSError if the file cannot be written,
    ValueError for an unknown card id or a bad count; the old file is then left as it was.
    """
    import os
    import tempfile

    path = Path(path)
    text = deck_to_toml(name, description, counts, db)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return path


def read_deck_draft(path: Path | str, db: CardDB) -> Deck:
    """Read a deck file without the deck rules (a draft may be small or break the copy limits).

    DeckError only for what makes the file unreadable: its size, TOML syntax, unknown cards, bad counts,
    a name or description that is not a string or too long.
    """
    path = Path(path)
    text = _read(path)
    data = _parse(path, text)
    top, lines = _scan_lines(text)
    ids, problems = _read_entries(_entries(data, lines), db, top.get("[cards]", 1))
    problems += _text_problems(data, top, ("name", "description"))
    if not isinstance(data.get("cards", {}), dict):
        problems.append(_Problem(top.get("cards", 1), "cards_not_table"))
    _raise_if_any(path, problems)
    return Deck(_text(data, "name"), _text(data, "description"), tuple(ids), path)
