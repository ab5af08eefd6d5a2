"""The threat model of docs/protocol.md names the tests that prove each claim: every test file and test it
names exists, so the table cannot quietly point at tests that were renamed or removed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def threat_model() -> str:
    text = (ROOT / "docs/protocol.md").read_text(encoding="utf-8")
    return text[text.index("## Threat model"):]


def test_every_test_the_threat_model_names_exists() -> None:
    files = {p.name: p for p in (ROOT / "tests").rglob("test_*.py")}
    checked, last = 0, None      # a `::name` after a file names a test of that file
    for cell in re.finditer(r"`([^`]+)`", threat_model()):
        ref = cell.group(1)
        if ref.startswith("::") and last is not None:
            path, name = last, ref[2:]
        elif re.fullmatch(r"(tests/[\w/]+|test_\w+)\.py(::\w+)?", ref):
            file, _, name = ref.partition("::")
            path = ROOT / file if file.startswith("tests/") else files.get(file)
            assert path is not None and path.exists(), f"docs/protocol.md names {file}, which does not exist"
            last = path
        else:
            continue
        if name:
            assert re.search(rf"^(async )?def {name}\(", path.read_text(encoding="utf-8"), re.M), \
                f"docs/protocol.md names {path.name}::{name}, which does not exist"
        checked += 1
    assert checked > 30
