"""Decks in the player's language: a deck's line in a list and the problems of deck files."""

from __future__ import annotations

from berserk_tui.i18n import tr
from cards.decks import SHOWN, Deck, DeckError, DeckProblem


def deck_label(deck: Deck, lang: str) -> str:
    """«name — description» in `lang` (a shipped deck's English texts in English), as deck lists show it."""
    about = deck.about(lang)
    return f"{deck.title(lang)} — {about}" if about else deck.title(lang)


def problem_text(problem: DeckProblem, lang: str) -> str:
    """What is wrong, as a sentence in `lang`: «Неизвестная карта «Гиртн» (может быть, Гиртан?).»"""
    return tr(f"decks.problem.{problem.reason}", lang, **problem.params)


def located_problem(problem: DeckProblem, lang: str) -> str:
    """The problem with the file's name and line: «deck.toml, строка 3: Не TOML: ошибка синтаксиса.»"""
    key = "decks.problem.at_line" if problem.line else "decks.problem.at"
    return tr(key, lang, file=problem.path.name, line=problem.line, text=problem_text(problem, lang))


def error_text(error: DeckError, lang: str) -> str:
    """The first problems of a deck file (`SHOWN`), one a line, then «…и ещё N» for the rest."""
    lines = [located_problem(problem, lang) for problem in error.issues[:SHOWN]]
    if error.more:
        lines.append(tr("decks.problem.more", lang, n=error.more))
    return "\n".join(lines)
