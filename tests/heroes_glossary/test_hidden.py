"""The hidden creature (Скрытое существо, engine/heroes/ops/stealth.py) as the players see it: both seats' views
name it (it was shown when hired: rules decision 967), the table marks it hidden, the describer tells its hiding, its
reveal and the reveal's question in both languages, and a state waiting on that question round-trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.engine.actions import Choose
from berserk_tui.engine.heroes import rules as engine
from berserk_tui.engine.heroes.state import HeroesState
from berserk_tui.engine.heroes.view import view
from berserk_tui.games.heroes import HEROES
from berserk_tui.i18n import tr
from berserk_tui.scenario.build import load_scenario
from berserk_tui.scenario.heroes import build, parse, with_test_cards
from berserk_tui.ui.heroes.text import detail, table_text

GLOSSARY = Path(__file__).parents[1] / "scenarios" / "heroes" / "glossary"
ROLES = {0: "you", 1: "bot"}
MARK = {"ru": "скрыто", "en": "hidden"}


def scenario(name: str, plays: int = 0):  # noqa: ANN201 (the state, its labels and the events so far)
    scn = load_scenario(GLOSSARY / f"{name}.toml")
    built = build(scn, with_test_cards(scn, HEROES.load_db(), GLOSSARY))
    events = list(built.events)
    for step in [s for s in scn.steps if "do" in s][:plays]:
        engine.apply(built.state, parse(built.state, built.labels, step["do"]), events)
    return built.state, built.labels, events


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_both_seats_see_the_hidden_creature_marked(lang: str) -> None:
    state, labels, events = scenario("hidden_hired_hides", plays=1)
    shade = labels["Shade"]
    assert state.cards[shade].zone == "face_down"

    def t(key: str, **kw: object) -> str:
        return tr(key, lang, **kw)

    for seat in (0, 1):
        v = view(state, seat)
        assert v.cards[shade].card_id == state.cards[shade].card_id      # no secret: it was hired face up
        line = next(ln for ln in table_text(t, v, seat, str).splitlines() if "Тест: тень" in ln)
        assert MARK[lang] in line
        assert MARK[lang] in detail(t, v, shade, lang)
        d = HEROES.describer(v, lang, ROLES)
        told = [d.event(e) for e in events if e.kind == "hidden"]
        assert told and "Тест: тень" in told[0] and not told[0].startswith(("(event", "(событие"))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_reveal_is_asked_and_told(lang: str) -> None:
    state, labels, _ = scenario("hidden_revealed_before_turn_start_attacks")
    assert state.pending.kind == "unhide"
    d = HEROES.describer(view(state, 0), lang, ROLES)
    assert "Тест: скрытный" in d.decision()
    answers = [d.action(a) for a in engine.legal_actions(state)]
    assert answers == [tr("hg.act.keep_hidden", lang), tr("hg.act.unhide", lang)]
    events: list = []
    engine.apply(state, Choose(1), events)
    told = [HEROES.describer(view(state, 0), lang, ROLES).event(e) for e in events if e.kind == "unhidden"]
    assert told == [tr("hg.ev.unhidden", lang, card="Тест: скрытный")]     # the viewer's own card, by its name


def test_a_state_waiting_on_the_reveal_round_trips() -> None:
    state, _, _ = scenario("hidden_revealed_before_turn_start_attacks")
    again = HeroesState.from_bytes(state.to_bytes(), state.db)
    assert again.state_hash() == state.state_hash()
    assert engine.legal_actions(again) == engine.legal_actions(state) == [Choose(0), Choose(1)]


def test_a_trigger_set_off_before_its_creature_hid_does_nothing() -> None:
    """Its abilities do not work once it is hidden: a trigger of it still waiting resolves to nothing (`run.start`;
    rules decision 968), while a creature's that is not hidden does draw."""
    for hidden in (True, False):
        state, labels, _ = scenario("hidden_abilities_off_unique_holds")
        sly = labels["Sly"]
        if not hidden:
            state.cards[sly].zone = "play"
            state.players[0].play += (sly,)
        state.queued += ((sly, 0, ("turn_started", -1, 0, 0)),)      # «в начале вашего хода: возьмите карту»
        hand = len(state.players[0].hand)
        engine.apply(state, Choose(0))
        assert (len(state.players[0].hand) == hand) if hidden else (len(state.players[0].hand) > hand)
