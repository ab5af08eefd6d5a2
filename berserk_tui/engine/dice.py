"""The hit table and die-roll levels (see ../shared/rules/hit-table.md)."""

from __future__ import annotations

NONE, WEAK, MEDIUM, STRONG = 0, 1, 2, 3
LEVEL_NAMES = ("none", "weak", "medium", "strong")
LEVEL_INDEX = {"weak": WEAK, "medium": MEDIUM, "strong": STRONG}


def fight(attack_roll: int, defence_roll: int) -> tuple[int, int]:
    """Levels (attacker's hit, defender's counter) of a simple strike on an open creature."""
    diff = attack_roll - defence_roll
    if diff >= 5:
        return STRONG, NONE
    if diff == 0:
        return (WEAK, NONE) if attack_roll <= 4 else (NONE, WEAK)
    if diff <= -5:
        return NONE, MEDIUM
    return {
        4: (STRONG, WEAK), 3: (MEDIUM, NONE), 2: (MEDIUM, WEAK), 1: (WEAK, NONE),
        -1: (WEAK, NONE), -2: (NONE, NONE), -3: (NONE, WEAK), -4: (WEAK, MEDIUM),
    }[diff]


UPGRADES = {(WEAK, NONE): (MEDIUM, WEAK), (MEDIUM, NONE): (STRONG, WEAK)}   # Орк-истязатель's better rows


def exchange(diff: int) -> tuple[int, int]:
    """Levels of an exchange of blows (+4, +2 or -4) when nobody reduces it."""
    return {4: (STRONG, WEAK), 2: (MEDIUM, WEAK), -4: (WEAK, MEDIUM)}[diff]


def reduced(diff: int) -> tuple[int, int]:
    """The previous table row for an exchange of blows (+4, +2 or -4)."""
    return {4: (MEDIUM, NONE), 2: (WEAK, NONE), -4: (NONE, WEAK)}[diff]


def is_exchange(attack_roll: int, defence_roll: int) -> bool:
    return attack_roll - defence_roll in (4, 2, -4)


def single(roll: int) -> int:
    """Level of a roll made alone (closed target, artifacts, every X-Y-Z effect)."""
    if roll <= 3:
        return WEAK
    return MEDIUM if roll <= 5 else STRONG


# The board game's combat dice (seed 003, feature "symbol_dice"): the black die's faces and what a pair does.
SWORD, CROSS, FIST = "sword", "cross", "fist"      # «меч»: the attack lands; «крест»: both miss; «кулак»: counter


def black_face(roll: int) -> str:
    """The face of the defender's black die: 1–4 «меч», 5 «крест», 6 «кулак» (modified values beyond clamp)."""
    if roll <= 4:
        return SWORD
    return CROSS if roll == 5 else FIST


def symbol_fight(white: int, black: int) -> tuple[int, int]:
    """Levels (attacker's hit, defender's counter) of a fight with the white and the black die."""
    face = black_face(black)
    if face == SWORD:
        return single(white), NONE
    return (NONE, NONE) if face == CROSS else (NONE, WEAK)


def clamped(roll: int) -> int:
    """A modified board-game die read as a face, 1..6."""
    return max(1, min(6, roll))
