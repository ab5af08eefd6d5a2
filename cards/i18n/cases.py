"""Grammatical cases of the Russian card text, and the tables of words said in several of them.

Russian ids that carry a case end in `.nom` (именительный), `.acc` (винительный), `.gen` (родительный),
`.dat` (дательный), `.prep` (предложный), `.gpl` (родительный множественного), `.ins` (творительный);
`.pl` marks a plural adjective. English has no cases: one form serves them all, unless a tuple gives one
per case.
"""

from __future__ import annotations

CASES = ("nom", "acc", "gen", "dat")
ATTACK_CASES = ("nom", "gen", "dat", "prep", "gpl")
LEVEL_FORMS = ("dat", "dat.pl", "prep", "prep.pl", "ins.pl", "gpl", "gpl.pl")

Forms = tuple[tuple[str, ...], str | tuple[str, ...]]


def cased(prefix: str, cases: tuple[str, ...], forms: dict[str, Forms]) -> dict[str, tuple[str, str]]:
    """`{name: (Russian forms per case, English form or forms)}` as `prefix.name.case` message ids."""
    out: dict[str, tuple[str, str]] = {}
    for name, (ru, en) in forms.items():
        en_forms = (en,) * len(cases) if isinstance(en, str) else en
        for case, ru_text, en_text in zip(cases, ru, en_forms, strict=True):
            out[f"{prefix}.{name}.{case}"] = (ru_text, en_text)
    return out
