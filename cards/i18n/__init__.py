"""The message table of the card text renderer: message id -> `str.format` template, per language.

The templates of each declared term are its own (`cards.terms`); this package holds the words they share:
the grammar, attack kinds and levels, targets, bonuses and markers.
"""

from __future__ import annotations

from cards.i18n import attacks, bonuses, grammar, targets
from cards.terms import texts
from cards.terms.model import LANGS

SHARED: dict[str, tuple[str, str]] = {**grammar.TEXT, **attacks.TEXT, **targets.TEXT, **bonuses.TEXT}


def _table(lang: str) -> dict[str, str]:
    index = LANGS.index(lang)
    own = texts(lang)
    clash = sorted(own.keys() & SHARED.keys())
    if clash:
        raise ValueError(f"message ids both shared and a term's own: {clash}")
    return {**{key: pair[index] for key, pair in SHARED.items()}, **own}


MESSAGES: dict[str, dict[str, str]] = {lang: _table(lang) for lang in LANGS}
