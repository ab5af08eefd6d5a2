"""The game's message catalog: one table per language, keyed by message id.

Values are `str.format` templates. Plural forms are written "one|few|many" and chosen with
`cards.render.plural`. Russian is the default; card names are never translated.
`tr(key, lang, **kw)` looks a message up; a missing English message falls back to Russian
so a new message never crashes the English UI (the catalog test keeps the tables in step).
"""

from __future__ import annotations

from berserk_tui.locale import (
    cards,
    decisions,
    decks,
    files,
    game,
    heroes_game,
    heroes_log,
    heroes_stealth,
    net,
    seating,
    ui,
)

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"

MESSAGES: dict[str, dict[str, str]] = {
    "ru": {**game.RU, **decisions.RU, **ui.RU, **seating.RU, **cards.RU, **net.RU, **files.RU, **decks.RU,
           **heroes_game.RU, **heroes_log.RU, **heroes_stealth.RU},
    "en": {**game.EN, **decisions.EN, **ui.EN, **seating.EN, **cards.EN, **net.EN, **files.EN, **decks.EN,
           **heroes_game.EN, **heroes_log.EN, **heroes_stealth.EN},
}


def tr(key: str, lang: str = DEFAULT_LANG, /, **kw: object) -> str:
    """The message `key` in `lang`, formatted with `kw`."""
    table = MESSAGES.get(lang, MESSAGES[DEFAULT_LANG])
    text = table.get(key)
    if text is None:
        text = MESSAGES[DEFAULT_LANG][key]
    return text.format(**kw) if kw else text
