"""The shape of the rules vocabulary, for issue 37's before-and-after: how many terms of each family
the implemented cards use, how many of them serve a single card, and the largest modules.

Run from the repository root:

    .venv/bin/python bench/terms.py            # a table
    .venv/bin/python bench/terms.py --json     # the same figures as JSON

A term is a trigger event kind or filter, an effect op, a static ability type or a condition key (found at
any depth through the declarations of cards.terms), an instant timing (when one is given) or a printed
keyword. "One card" counts the terms whose every use is on one card.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards.loader import load_all  # noqa: E402
from cards.terms.model import FAMILIES  # noqa: E402
from cards.terms.values import Ability, walk  # noqa: E402

MODULE_DIRS = ("berserk_tui", "cards", "netplay")


def terms_of(ability: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(family, term) of every term an ability uses."""
    if ability.get("instant") and isinstance(ability.get("timing"), str):
        yield "instant timing", ability["timing"]
    for family, term in walk(ability, Ability()):
        if family in ("op", "static", "condition", "event", "filter"):
            yield FAMILIES[family][0], term


def vocabulary() -> dict[str, dict[str, set[str]]]:
    """family -> term -> the ids of the implemented cards that use it."""
    used: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for card in load_all().cards.values():
        if not card.implemented:
            continue
        for keyword in card.keywords:
            used["keyword"][keyword].add(card.id)
        for ability in card.abilities:
            for family, term in terms_of(ability):
                used[family][term].add(card.id)
    return used


def largest_modules(count: int = 8) -> list[tuple[str, int]]:
    sizes = [(str(path.relative_to(ROOT)), len(path.read_text(encoding="utf-8").splitlines()))
             for folder in MODULE_DIRS for path in (ROOT / folder).rglob("*.py")]
    return sorted(sizes, key=lambda item: (-item[1], item[0]))[:count]


def figures() -> dict[str, Any]:
    used = vocabulary()
    families = {family: {"terms": len(terms), "one card": sum(len(cards) == 1 for cards in terms.values())}
                for family, terms in sorted(used.items())}
    return {"families": families, "largest modules": largest_modules()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    result = figures()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    print(f"{'family':<16}{'terms':>7}{'one card':>10}")
    for family, row in result["families"].items():
        print(f"{family:<16}{row['terms']:>7}{row['one card']:>10}")
    print("\nlargest modules (lines)")
    for path, lines in result["largest modules"]:
        print(f"  {lines:>5}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
