"""Snapshot tests of every screen (100×30; the battle also at 80×24 and 120×40).

Update after an intended change with `pytest tests/ui/test_snapshots.py --snapshot-update`
and refresh `screenshots/` with `make screenshots`.
"""

from __future__ import annotations

import pytest

from .scenes import SCENES


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(name: str, snap_compare) -> None:  # noqa: ANN001 (fixture of pytest-textual-snapshot)
    scene = SCENES[name]
    assert snap_compare(scene.app(), terminal_size=scene.size, run_before=scene.prepare)
