"""Card definitions: the typed form of one card of a set file (see docs/card-schema.md), and the
vocabularies of its values. The terms of its abilities are declared in cards.terms."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

ELEMENTS = ("steppe", "mountain", "forest", "swamp", "dark")
KINDS = ("creature", "flyer", "companion", "parasite", "artifact", "terrain", "equipment")
SYMBIONTS = ("companion", "parasite")
EQUIPMENT_CLASSES = ("доспех", "щит", "оружие", "обувь", "зелье")   # seed 004: an equipment has one of them
CREATURE_KINDS = ("creature", "flyer", "companion", "parasite")

ATTACK_KINDS = ("strike", "special_strike", "magic_strike", "shot", "throw", "discharge", "through_row")
ATTACK_GROUPS: dict[str, tuple[str, ...]] = {
    "nonmagic": ("strike", "special_strike", "shot", "throw", "through_row"),
    "magic": ("magic_strike", "discharge"),
    "ranged": ("shot", "throw", "discharge", "through_row"),
    "melee": ("strike", "special_strike", "magic_strike"),
    "all": ATTACK_KINDS,
}
MAGIC_ATTACKS = frozenset(ATTACK_GROUPS["magic"])

LEVELS = ("weak", "medium", "strong")


def expand_attacks(kinds: list[str] | tuple[str, ...]) -> frozenset[str]:
    """Expand attack kinds and group names into a set of attack kinds."""
    return _expanded(tuple(kinds))


@cache
def _expanded(kinds: tuple[str, ...]) -> frozenset[str]:
    out: set[str] = set()
    for k in kinds:
        out.update(ATTACK_GROUPS.get(k, (k,)))
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as printed: stats, keywords and structured abilities."""

    id: str
    set: int
    number: int
    name: str
    elements: tuple[str, ...]
    cost: int
    elite: bool
    unique: bool
    kind: str
    classes: tuple[str, ...]
    life: int
    move: int
    strike: tuple[int, int, int]
    keywords: dict[str, int] = field(default_factory=dict)
    abilities: tuple[dict[str, Any], ...] = ()
    icons: tuple[str, ...] = ()
    rarity: str = "common"
    implemented: bool = False
    boardgame: bool = False          # a card of a board-game mode (its set's `boardgame = true`): in no deck or squad
    ability_types: frozenset[str] = field(init=False, repr=False, compare=False, default=frozenset())
    instants: tuple[tuple[int, dict[str, Any]], ...] = field(init=False, repr=False, compare=False, default=())
    # (event kind, listening group) -> the indices of its triggered abilities hearing it (the loader's index)
    triggers: dict[tuple[str, str], tuple[int, ...]] = field(repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ability_types", frozenset(ab["type"] for ab in self.abilities))
        object.__setattr__(self, "instants", tuple(   # (index, ability) of its activated instants
            (i, ab) for i, ab in enumerate(self.abilities) if ab["type"] == "activated" and ab.get("instant")))

    @property
    def is_creature(self) -> bool:
        return self.kind in CREATURE_KINDS

    @property
    def is_symbiont(self) -> bool:
        return self.kind in SYMBIONTS

    @property
    def needs_host(self) -> bool:
        """A symbiont or an equipment: put on a creature after the reveal (рассадка)."""
        return self.kind in SYMBIONTS or self.kind == "equipment"

    @property
    def is_flyer(self) -> bool:
        return self.kind == "flyer"

    @property
    def has_magic(self) -> bool:
        """True if the card has a magic ability: a discharge, a magic strike or a spell."""
        for ab in self.abilities:
            if ab.get("kind") == "spell":
                return True
            eff = ab.get("effect") or {}
            if eff.get("op") == "attack" and eff.get("attack") in MAGIC_ATTACKS:
                return True
        return False

    def has(self, what: str) -> bool:
        """True if the card has a spell (`what` = "spell") or an ability attack of kind `what`."""
        for ab in self.abilities:
            eff = ab.get("effect") or {}
            if what == "spell" and ab.get("kind") == "spell":
                return True
            if eff.get("op") == "attack" and eff.get("attack") == what:
                return True
        return False

    def ability_ids(self) -> tuple[str, ...]:
        return tuple(ability_id(ab, i) for i, ab in enumerate(self.abilities))


def ability_id(ab: dict[str, Any], index: int) -> str:
    """The id of an ability: its `id`, else its type and position."""
    return str(ab.get("id") or f"{ab['type']}{index}")
