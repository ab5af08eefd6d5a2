"""The term tables of docs/heroes-card-schema.md, written from the declarations.

    .venv/bin/python -m cards.heroes.terms.docs            # rewrite the tables between their markers
    .venv/bin/python -m cards.heroes.terms.docs --check    # exit 1 if the file is not what the declarations say

A module's terms stand between `<!-- heroes:MODULE -->` and `<!-- /heroes:MODULE -->`, a table per family, so
that each encoder's rewrite touches only its own block; the text around them is by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from cards.heroes.terms import DECLARED_IN, MODULES
from cards.heroes.terms.model import FAMILIES, FIELD_TYPES, Field, Term

DOC = Path(__file__).resolve().parents[3] / "docs" / "heroes-card-schema.md"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _field(f: Field) -> str:
    notes = [n for n in (f.doc, "" if f.required else "optional") if n]
    words = f"`{f.name}` = {f.type}"
    return f"{words} ({'; '.join(notes)})" if notes else words


def _row(t: Term) -> str:
    ru, en = t.text[t.main_id]
    fields = ", ".join(_field(f) for f in t.fields) or "—"
    return f"| `{t.name}` | {_cell(fields)} | {_cell(ru)} | {_cell(en)} | {_cell(t.doc)} |"


def block(module: str) -> str:
    """The tables of a module's terms: one per family it declares terms of, in declaration order."""
    head = "| name | fields | ru | en | meaning |\n| --- | --- | --- | --- | --- |"
    out = []
    for family, (title, _) in FAMILIES.items():
        rows = [_row(t) for t in DECLARED_IN[module] if t.family == family]
        if rows:
            plural = f"{title[:-1]}ies" if title.endswith("y") else f"{title}s"
            out.append(f"**{plural.capitalize()}**\n\n" + "\n".join([head, *rows]))
    return "\n\n".join(out) or "(none yet)"


def field_types() -> str:
    head = "| field type | its value |\n| --- | --- |"
    return "\n".join([head, *(f"| `{k}` | {_cell(v)} |" for k, v in FIELD_TYPES.items())])


def update(text: str) -> str:
    """`text` with every marked table rewritten."""
    blocks = {f"heroes:{module}": block(module) for module in MODULES} | {"heroes:field-types": field_types()}
    for key, body in blocks.items():
        pattern = re.compile(rf"(<!-- {key} -->\n).*?(<!-- /{key} -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"{DOC.name}: no markers <!-- {key} --> ... <!-- /{key} -->")
        text = pattern.sub(lambda m, b=body: m.group(1) + b + "\n" + m.group(2), text)
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = DOC.read_text(encoding="utf-8")
    new = update(text)
    if args.check:
        if new != text:
            print(f"{DOC} is out of date: run .venv/bin/python -m cards.heroes.terms.docs", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
