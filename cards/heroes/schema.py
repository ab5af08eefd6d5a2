"""The typed form of one «Берсерк. Герои» card (docs/heroes-card-schema.md) and the vocabularies of its fields.

The terms its abilities use (ops, events, targets, keywords...) are declared in cards.heroes.terms.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TYPES = ("hero", "creature", "spell", "equipment", "event")
SUBTYPES = ("weapon", "armor", "amulet")          # equipment only (seed 004: оружие, броня, амулет)
ELEMENTS = ("steppe", "mountain", "forest", "swamp", "dark")   # empty = neutral
RARITIES = ("common", "uncommon", "rare", "ultrarare")
CHARACTERS = ("hero", "creature")                 # персонажи (seed 002)


@dataclass(frozen=True, slots=True)
class HeroCardDef:
    """One card as printed: its stats, keywords ({name: value}, 1 for a flag) and structured abilities.

    `cost` is the coins it costs; an X cost (the player chooses X) is `x_cost` with `cost` the fixed part (0).
    `attack` and `health` are a creature's (a hero has `health` only; 0 for the other types). Each ability is a
    checked table: `type` (trigger | activated | static | spell | extra_cost) and the fields of that type.
    """

    id: str
    set: int
    number: int
    name: str
    type: str
    subtype: str = ""
    elements: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    rarity: str = "common"
    cost: int = 0
    x_cost: bool = False
    attack: int = 0
    health: int = 0
    keywords: dict[str, int] = field(default_factory=dict)
    abilities: tuple[dict[str, Any], ...] = ()
    implemented: bool = False
    draft_rate: int = 0

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTERS

    @property
    def is_support(self) -> bool:
        """Equipment and events lie next to the hero and replace one of their kind (seed 004)."""
        return self.type in ("equipment", "event")

    def has(self, keyword: str) -> int:
        """The value of a keyword (0 if the card lacks it)."""
        return self.keywords.get(keyword, 0)

    def ability_ids(self) -> tuple[str, ...]:
        return tuple(ability_id(ab, i) for i, ab in enumerate(self.abilities))


def ability_id(ab: dict[str, Any], index: int) -> str:
    """The id of an ability: its `id`, else its type and position."""
    return str(ab.get("id") or f"{ab['type']}{index}")
