"""Every rule scenario under tests/scenarios/ (one test per file) runs without a failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.scenario import run_file
from cards.loader import load_all

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    failures = run_file(path, load_all())
    assert not failures, "\n".join(failures)


def test_scenarios_exist() -> None:
    assert len(list((SCENARIOS / "core").glob("*.toml"))) >= 40
