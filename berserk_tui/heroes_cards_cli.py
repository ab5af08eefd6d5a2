"""`berserk cards list/show/coverage --game heroes`: the «Берсерк. Герои» cards (cards/heroes), apart from the
classic game's."""

from __future__ import annotations

import argparse
import difflib
import sys

from berserk_tui.i18n import tr
from cards.heroes.loader import HeroCardError, load_heroes, set_names
from cards.heroes.render import card_lines
from cards.heroes.schema import ELEMENTS, TYPES, HeroCardDef
from cards.loader import fold


def _names(prefix: str, keys: tuple[str, ...], lang: str) -> dict[str, str]:
    return {k: tr(f"{prefix}.{k}", lang) for k in keys}


def _alias(value: str, names: dict[str, str], what: str) -> str:
    """A key from a key or its name in the messages (a prefix of 3 letters or more is enough)."""
    low = value.strip().lower()
    for key, name in names.items():
        if low == key or (len(low) >= 3 and name.startswith(low)):
            return key
    raise ValueError(f"unknown {what} {value!r}; known: {', '.join(f'{k} ({n})' for k, n in names.items())}")


def heroes_line(card: HeroCardDef, lang: str = "ru") -> str:
    """One row of `cards list --game heroes`."""
    elements = "/".join(tr(f"element.{e}", lang) for e in card.elements) or tr("cli.card.neutral", lang)
    cost = "X" if card.x_cost else str(card.cost)
    kind = tr(f"heroes.type.{card.type}", lang)
    if card.type == "creature":
        stats = tr("heroes.card.stats", lang, attack=card.attack, health=card.health)
    else:
        stats = tr("heroes.card.health", lang, health=card.health) if card.type == "hero" else ""
    mark = tr("heroes.card.created", lang) if card.has("created") else ""
    mark += "" if card.implemented else tr("cli.card.not_implemented", lang)
    return f"{card.id}  {card.name:<24} {elements:<10} {cost:>2}  {kind:<11} {stats}".rstrip() + mark


def _db() -> dict[str, HeroCardDef] | None:
    try:
        return load_heroes()
    except HeroCardError as exc:
        print(f"berserk cards: {exc}", file=sys.stderr)
        return None


def cmd_list(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        element = _alias(args.element, _names("element", ELEMENTS, lang), "element") if args.element else None
        kind = _alias(args.type, _names("heroes.type", TYPES, lang), "type") if args.type else None
    except ValueError as exc:
        print(f"berserk cards list: {exc}", file=sys.stderr)
        return 2
    db = _db()
    if db is None:
        return 1
    query = fold(args.query) if args.query else None
    print(tr("heroes.list.head", lang))
    for card in sorted(db.values(), key=lambda c: (c.set, c.number)):
        if (element and element not in card.elements) or (kind and card.type != kind):
            continue
        if (args.implemented and not card.implemented) or (
                query and query not in fold(" ".join((card.name, *card.classes)))):
            continue
        print(heroes_line(card, lang))
    return 0


def find(name: str) -> list[HeroCardDef]:
    """The «Берсерк. Герои» cards `name` names (for the classic `cards show`'s hint); none if they do not load."""
    try:
        return _find(load_heroes(), name)
    except HeroCardError:
        return []


def _find(db: dict[str, HeroCardDef], name: str) -> list[HeroCardDef]:
    """The cards of that id, or that name, or else whose name holds it (case and ё folded)."""
    if name in db:
        return [db[name]]
    want = fold(name)
    exact = [c for c in db.values() if fold(c.name) == want]
    return exact or [c for c in db.values() if want in fold(c.name)]


def cmd_show(args: argparse.Namespace) -> int:
    lang = args.lang
    db = _db()
    if db is None:
        return 1
    found = _find(db, args.name)
    if not found:
        close = difflib.get_close_matches(args.name, [c.name for c in db.values()], n=3)
        hint = tr("cli.card.maybe", lang, names=", ".join(close)) if close else ""
        print("berserk cards show: " + tr("cli.card.unknown", lang, name=args.name, hint=hint), file=sys.stderr)
        return 1
    if len(found) > 1:
        print("berserk cards show: " + tr("cli.card.several", lang, name=args.name), file=sys.stderr)
        print("\n".join(heroes_line(c, lang) for c in found))
        return 1
    card = found[0]
    print(tr("heroes.card.title", lang, name=card.name, id=card.id, set=_set_name(card), number=card.number))
    elements = ", ".join(tr(f"element.{e}", lang) for e in card.elements) or tr("element.neutral", lang)
    kind = tr(f"heroes.type.{card.type}", lang)
    if card.subtype:
        kind += f" ({tr(f'heroes.subtype.{card.subtype}', lang)})"
    print(f"{elements} · {kind} · {', '.join(card.classes) or '—'} · {tr(f'heroes.rarity.{card.rarity}', lang)}")
    print(tr("heroes.card.cost", lang, cost="X" if card.x_cost else card.cost))
    if card.type == "creature":
        print(tr("heroes.card.stats", lang, attack=card.attack, health=card.health))
    elif card.type == "hero":
        print(tr("heroes.card.health", lang, health=card.health))
    if card.draft_rate:
        print(tr("heroes.card.draft", lang, rate=card.draft_rate))
    print(tr("cli.card.implemented" if card.implemented else "cli.card.not_ready", lang))
    if card.has("created"):
        print(tr("heroes.card.created_note", lang))
    lines = card_lines(card, lang)
    if lines:
        print("\n" + "\n".join(lines))
    return 0


def _set_name(card: HeroCardDef) -> str:
    return set_names().get(card.set, str(card.set))


def cmd_coverage(args: argparse.Namespace) -> int:
    db = _db()
    if db is None:
        return 1
    for set_id, name in sorted(set_names().items()):
        cards = [c for c in db.values() if c.set == set_id and not c.has("created")]
        print(f"{set_id} {name}: {sum(c.implemented for c in cards)}/{len(cards)}")
    return 0
