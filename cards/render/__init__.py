"""Card text rendered from structure (docs/card-schema.md): keywords and abilities in Russian or English.

Every phrase is a template: a term's own (cards.terms) or a shared one (cards.i18n). A card is checked
against the declarations before it is rendered: anything they do not describe raises ValueError naming
the card and the field, so new terms are never dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.i18n import MESSAGES
from cards.render.abilities import Abilities
from cards.render.base import NAME_FIELDS, plural
from cards.render.conditions import Conditions
from cards.render.effects import Effects
from cards.render.triggers import Triggers
from cards.schema import CardDef
from cards.terms import check_ability
from cards.terms.values import BUFF_STATS

__all__ = ["Renderer", "ability_name", "attack_name", "buff_phrase", "keyword_name", "plural", "render_ability",
           "render_bonus", "render_card", "render_keywords"]


class Renderer(Abilities, Triggers, Effects, Conditions):
    """Renders the parts of one card in one language (see the modules of this package)."""

    def checked_ability(self, ab: Any, where: str) -> str:
        """An ability checked against the declarations, then rendered."""
        self.checked(check_ability, ab, where)
        return self.ability(ab, where).replace(" ,", ",")    # a clause that opens with a comma («, пока …»)


def render_card(card: CardDef, lang: str = "ru") -> str:
    """The whole rules text of a card: its keywords, then one line per ability."""
    renderer = Renderer(card, lang)
    lines = [renderer.keywords()]
    lines += [renderer.checked_ability(ab, f"abilities[{i}]") for i, ab in enumerate(card.abilities)]
    return "\n".join(line for line in lines if line)


def render_keywords(card: CardDef, lang: str = "ru") -> str:
    """The printed keywords of a card, one sentence each ("" when it has none)."""
    return Renderer(card, lang).keywords()


def render_ability(card: CardDef, ability: Mapping[str, Any], lang: str = "ru") -> str:
    """One ability of `card` as a sentence."""
    index = next((i for i, ab in enumerate(card.abilities) if ab is ability), None)
    if "giver" in ability:      # a gained ability (op `gain`) carries the uid of the card that gave it: no text
        ability = {k: v for k, v in ability.items() if k != "giver"}
    return Renderer(card, lang).checked_ability(ability, "ability" if index is None else f"abilities[{index}]")


def ability_name(ability: Mapping[str, Any], lang: str = "ru") -> str:
    """The proper name of a named ability in `lang`: «парализующий взгляд», "paralyzing gaze"."""
    return ability[NAME_FIELDS[lang]]


def attack_name(kind: str, lang: str = "ru") -> str:
    """An attack kind in the nominative: «выстрел», «удар через ряд»."""
    return MESSAGES[lang][f"atk.{kind}.nom"]


def render_bonus(key: str, value: int, lang: str = "ru") -> str:
    """One temporary bonus as a phrase: «+1 к простому удару», «опыт в стрельбе 1»."""
    msgs = MESSAGES[lang]
    if key in BUFF_STATS:
        return msgs[f"buff.{key}"].format(n=f"{value:+d}", m=abs(value))
    return msgs[f"kw.{key}"].format(n=value)


def buff_phrase(key: str, value: Any, lang: str = "ru") -> str | None:
    """A temporary bonus (`CardState.buffs`) to a stat or a keyword as a phrase; None for any
    other buff (a status such as «cannot act», or the engine's own bookkeeping)."""
    if key in BUFF_STATS or f"kw.{key}" in MESSAGES[lang]:
        return render_bonus(key, value, lang)
    return None


def keyword_name(key: str, lang: str = "ru") -> str:
    """A keyword's name without its number: «опыт в защите», «защиту от отравления» (as lost or granted)."""
    return MESSAGES[lang][f"kw.{key}.acc"].format(n="").strip()
