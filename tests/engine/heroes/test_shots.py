"""Shots in one place (`engine/heroes/ops/shots.py`): every shot event and every wound of a shot comes from `shoot`,
and «Защита от выстрелов», printed or granted, keeps a shot's wounds off (rules decision 973)."""

from __future__ import annotations

import re
from pathlib import Path

from berserk_tui.engine.core import Events
from berserk_tui.engine.heroes.ops.shots import shoot

from .helpers import put, started

ENGINE = Path(__file__).resolve().parents[3] / "berserk_tui" / "engine" / "heroes"


def test_only_shoot_raises_a_shot_or_wounds_as_an_attack_outside_a_fight() -> None:
    """A second copy of a shot's steps (its event, an attack's wounds) anywhere but `shots.py` and the fight."""
    found = {f"{path.relative_to(ENGINE)}: {what}" for path in ENGINE.rglob("*.py")
             for what in re.findall(r'emit\(ev, "shot"|wound\(state, ev, [^)]*attack=True', path.read_text("utf-8"))}
    assert {f.split(":")[0] for f in found if "attack=True" in f} == {"ops/shots.py", "main.py"}, found
    assert {f.split(":")[0] for f in found if "emit" in f} == {"ops/shots.py"}, found


def test_protection_from_shots_printed_or_granted_takes_no_wounds() -> None:
    state = started()
    shooter = put(state, 0, "t04")
    plain, granted = put(state, 1, "t05"), put(state, 1, "t05")
    state.cards[granted].modifiers = (("kw", "prot_shot", -1),)
    ev: Events = []
    shoot(state, ev, shooter, plain, 2)
    shoot(state, ev, shooter, granted, 2)
    assert (state.cards[plain].wounds, state.cards[granted].wounds) == (2, 0)
    assert [(e.kind, e.data["uid"]) for e in ev if e.kind in ("shot", "shot_protected", "wounded")] == [
        ("shot", shooter), ("wounded", plain), ("shot", shooter), ("shot_protected", granted)]
