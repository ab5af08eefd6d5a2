"""The term tables of docs/card-schema.md, written from the declarations.

    .venv/bin/python -m cards.terms.docs            # rewrite the tables between their markers
    .venv/bin/python -m cards.terms.docs --check    # exit 1 if the file is not what the declarations say

Each table stands between `<!-- terms:FAMILY -->` and `<!-- /terms:FAMILY -->`; the text around them is
written by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from cards.terms import terms
from cards.terms.model import Field, Term, names
from cards.terms.values import ROLES, Condition, value_type

DOC = Path(__file__).resolve().parents[2] / "docs" / "card-schema.md"
ROLE_WORDS = {"card": "a card", "source": "this card", "deck": "a deck card"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _field(f: Field) -> str:
    doc = f.doc or (ROLES[f.type.role] if isinstance(f.type, Condition) else "")
    notes = [note for note in (doc, "" if f.required else "optional") if note]
    words = f"`{f.name}` = {f.type.describe()}"
    return f"{words} ({'; '.join(notes)})" if notes else words


def _fields(term: Term) -> str:
    return ", ".join(_field(f) for f in term.fields) or "—"


def _forms(term: Term, lang: int) -> str:
    return term.text[f"kw.{term.name}"][lang].replace("{n}", "N")


def _keywords(family: list[Term]) -> list[str]:
    rows = ["| key | on a card | in English | meaning |", "| --- | --- | --- | --- |"]
    rows += [f"| `{t.name}` | {_forms(t, 0)} | {_forms(t, 1)} | {_cell(t.doc) or '—'} |" for t in family]
    return rows


def _conditions(family: list[Term]) -> list[str]:
    rows = ["| key | value | said of | holds when |", "| --- | --- | --- | --- |"]
    for t in family:
        roles = sorted(t.info["roles"], key=list(ROLE_WORDS).index)
        value = value_type(t, roles[0]).describe()
        said = ", ".join(ROLE_WORDS[r] for r in roles)
        rows.append(f"| `{t.name}` | {_cell(value)} | {said} | {_cell(t.doc)} |")
    return rows


def _timings(family: list[Term]) -> list[str]:
    rows = ["| timing | when |", "| --- | --- |"]
    return rows + [f"| `{t.name}` | {_cell(t.doc)} |" for t in family]


def _with_fields(head: str, family: list[Term]) -> list[str]:
    rows = [f"| {head} | fields | meaning |", "| --- | --- | --- |"]
    return rows + [f"| `{t.name}` | {_cell(_fields(t))} | {_cell(t.doc)} |" for t in family]


def _filters(family: list[Term]) -> list[str]:
    rows = ["| filter | value | meaning |", "| --- | --- | --- |"]
    return rows + [f"| `{t.name}` | {_cell(t.fields[0].type.describe())} | {_cell(t.doc)} |" for t in family]


def _roles(term: Term) -> str:
    """The target words of an effect that name the event's cards, by the fact each names."""
    by_fact: dict[str, list[str]] = {}
    for word, fact in term.info["roles"].items():
        by_fact.setdefault(fact, []).append(f'`"{word}"`')
    return "; ".join(f"{', '.join(words)}: the {fact}" for fact, words in by_fact.items()) or "—"


def _events(family: list[Term]) -> list[str]:
    rows = ["| kind | the event | filters | target words |", "| --- | --- | --- | --- |"]
    return rows + [f"| `{t.name}` | {_cell(t.doc)} | {', '.join(f'`{f.name}`' for f in t.fields) or '—'} | "
                   f"{_roles(t)} |" for t in family]


def tables() -> dict[str, str]:
    """Family -> its table in Markdown."""
    by_family: dict[str, list[Term]] = {}
    for term in terms():
        by_family.setdefault(term.family, []).append(term)
    assert [t.name for t in by_family["keyword"]] == list(names("keyword"))
    return {
        "keyword": "\n".join(_keywords(by_family["keyword"])),
        "condition": "\n".join(_conditions(by_family["condition"])),
        "timing": "\n".join(_timings(by_family["timing"])),
        "static": "\n".join(_with_fields("type", by_family["static"])),
        "op": "\n".join(_with_fields("op", by_family["op"])),
        "filter": "\n".join(_filters(by_family["filter"])),
        "event": "\n".join(_events(by_family["event"])),
    }


def update(text: str) -> str:
    """`text` with every marked table written from the declarations."""
    for family, table in tables().items():
        pattern = re.compile(rf"(<!-- terms:{family} -->\n).*?(\n<!-- /terms:{family} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"no <!-- terms:{family} --> … <!-- /terms:{family} --> markers")
        text = pattern.sub(lambda m, table=table: f"{m.group(1)}{table}{m.group(2)}", text)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check that the file matches")
    parser.add_argument("--path", type=Path, default=DOC)
    args = parser.parse_args(argv)
    text = args.path.read_text(encoding="utf-8")
    new = update(text)
    if args.check:
        if new != text:
            print(f"{args.path}: the term tables differ from the declarations; run python -m cards.terms.docs")
            return 1
        return 0
    args.path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
