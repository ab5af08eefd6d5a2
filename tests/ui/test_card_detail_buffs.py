"""Every modifier the engine may put on a card reads as a phrase or is left out of the detail pane."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.engine import apply, legal_actions, view
from berserk_tui.engine.actions import EndTurn, Roll, Strike
from berserk_tui.engine.modifiers import MODIFIERS, modifiers_of
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.ui.widgets.card_detail import buff_status, card_state_text
from cards.loader import load_all
from cards.render import buff_phrase

KEYS = sorted(k for k, m in MODIFIERS.items() if m.value not in ("ability",))   # gained abilities: the last test
SAMPLE = {"lose_kw": "armor", "stay_closed_unless": ("x", (0,))}


def test_the_engine_sets_buffs() -> None:
    assert {"strikes_made", "restrained", "no_magic"} <= set(KEYS)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("key", KEYS)
def test_a_buff_reads_or_is_bookkeeping(key: str, lang: str) -> None:
    value = SAMPLE.get(key, 1)
    phrase = buff_phrase(key, value, lang) or buff_status(key, value, lang)   # raises on a bad message
    assert phrase is None or (phrase.strip() and "{" not in phrase)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_statuses_a_player_must_see_are_named(lang: str) -> None:
    for key in ("restrained", "no_magic", "no_heal", "stay_closed", "trap", "animated", "dark", "no_armor"):
        assert buff_status(key, 1, lang)
    assert buff_status("strikes_made", 1, lang) is None
    assert "броню" in (buff_status("lose_kw", "armor", "ru") or "")


def test_an_ability_given_by_another_card_is_shown_with_its_text() -> None:
    path = Path(__file__).parents[1] / "scenarios" / "cards" / "huntress_valhalla_grant_shot.toml"
    built = build(load_scenario(path), load_all())
    state, labels = built.state, built.labels
    apply(state, Strike(labels["A"], labels["H"]))
    apply(state, Roll(1))
    while state.pending.kind != "main" or state.pending.player != 0:   # end the turn, let the Вальхалла act
        options = legal_actions(state)
        end = [a for a in options if isinstance(a, EndTurn)]
        apply(state, end[0] if end else options[0])
    gained = [c.uid for c in state.cards if any(k == "gained" for k, _, _ in modifiers_of(state, c.uid))]
    assert gained
    text = card_state_text(view(state, 0), gained[0], 0, "ru").plain
    assert "получила на время: При ударе или промахе" in text and "выстрел на 1" in text
