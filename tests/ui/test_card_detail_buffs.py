"""Every buff the engine puts on a card reads as a phrase or is left out of the detail pane."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from berserk_tui.ui.widgets.card_detail import buff_status
from cards.render import buff_phrase

ENGINE = Path(__file__).parents[2] / "berserk_tui" / "engine"
KEYS = sorted({key for path in ENGINE.glob("*.py")
               for key in re.findall(r'buffs \+= [^\n]*?\(\(?"([a-z_]+)"', path.read_text(encoding="utf-8"))})
SAMPLE = {"lose_kw": "armor", "stay_closed_unless": '{"own_adjacent": "artifact"}'}


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
