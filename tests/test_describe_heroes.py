"""The words of «Берсерк. Герои» (`describe_heroes`): every event, decision and action of bot games described from
each seat's view in both languages, with no event left without words and nothing hidden named."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from berserk_tui.bot import get_agent
from berserk_tui.engine.heroes import rules as engine
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan
from berserk_tui.engine.rng import SeededSource
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.i18n import LANGS
from berserk_tui.match import game_db
from berserk_tui.scenario.build import load_scenario
from berserk_tui.scenario.heroes import build, parse

ROLES = {0: "you", 1: "bot"}


def games(count: int):  # noqa: ANN201 (yields drivers and their events per step)
    db = game_db(HEROES)
    for seed in range(count):
        rng = random.Random(seed)
        game = HEROES.start(db, (random_deck(db, rng), random_deck(db, rng)), SeededSource(seed), HEROES.play_rules())
        bots = [get_agent("greedy", seed, HEROES.agents), get_agent("random", seed, HEROES.agents)]
        yield game, bots


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_of_bot_games_has_words(lang: str) -> None:
    kinds: set[str] = set()
    for game, bots in games(4):
        describers = [HEROES.describer(HEROES.view(game.state, s), lang, ROLES) for s in (0, 1)]
        for d in describers:
            assert all(d.event(e) is None or d.event(e) for e in game.log)
        while not game.over:
            seat = game.state.pending.player
            view = HEROES.view(game.state, seat)
            d = HEROES.describer(view, lang, ROLES)
            legal = game.legal_actions()
            kinds.add(game.state.pending.kind)
            assert d.decision() and all(d.action(a) for a in legal)
            if game.state.pending.kind == "target":     # one's own cards among the targets are marked
                for a in legal:
                    own = game.state.cards[a.uid].owner == seat
                    assert own == d.action(a).endswith(("— ваша карта!", "— your own card!"))
            events = game.step(bots[seat](view, legal))
            for s in (0, 1):
                d = HEROES.describer(HEROES.view(game.state, s), lang, ROLES)
                for e in events:
                    text = d.event(e)
                    assert text is None or not text.startswith("(event") and not text.startswith("(событие"), text
        assert game.state.pending.kind == "over"
        assert HEROES.describer(game.state, lang, ROLES).decision()
    assert {"first_player", "mulligan", "main", "defend"} <= kinds


def test_the_opponents_draws_stay_hidden() -> None:
    for game, bots in games(1):
        for _ in range(40):
            if game.over:
                break
            seat = game.state.pending.player
            view = HEROES.view(game.state, seat)
            events = game.step(bots[seat](view, game.legal_actions()))
            mine = HEROES.describer(HEROES.view(game.state, 0), "ru", ROLES)
            for e in events:
                if e.kind == "drew" and e.data["seat"] == 1:
                    name = game.state.cdef(e.data["uid"]).name
                    assert mine.event(e) == "игрок 2 (бот) берёт карту." and name not in mine.event(e)


def test_the_preparation_in_words() -> None:
    for game, _bots in games(1):
        chooser = game.state.pending.player
        d = HEROES.describer(HEROES.view(game.state, chooser), "ru", {chooser: "you"})
        assert d.action(FirstPlayer(chooser)) == "Ходить первым"
        assert d.action(FirstPlayer(1 - chooser)) == f"Пусть первым ходит игрок {2 - chooser}"
        game.step(FirstPlayer(chooser))
        hand = game.state.players[game.state.pending.player].hand
        d = HEROES.describer(HEROES.view(game.state, game.state.pending.player), "en", {})
        assert d.action(Mulligan(())) == "Keep the hand"
        assert d.action(Mulligan(hand[:2])).startswith("Under the deck: ")


def test_the_reorder_prompt_names_the_top_cards_to_their_owner_only() -> None:
    """Прорицание воргов (X = 3): the owner sees the three top cards he puts back, named, as they lie (rules decision
    978); the opponent's view names none."""
    scn = load_scenario(Path(__file__).parent / "scenarios/heroes/cards/mountain/prorizanie_vorgov.toml")
    built = build(scn, HEROES.load_db())
    state = built.state
    for step in scn.steps[:2]:
        engine.apply(state, parse(state, built.labels, step["do"]))
    assert state.pending.kind == "reorder"
    legal = engine.legal_actions(state)
    mine = HEROES.describer(HEROES.view(state, 0), "en", ROLES)
    assert [mine.action(a) for a in legal] == [f"{name} (card {n} of those left, from the top)"
                                               for n, name in enumerate(("Гримнар", "Акрида", "Удар током"), 1)]
    theirs = HEROES.describer(HEROES.view(state, 1), "ru", ROLES)
    assert theirs.action(legal[0]) == "Карта 1 из оставшихся (по порядку в колоде)"
    engine.apply(state, legal[2])       # Удар током on top: the two left, as they lie now
    mine = HEROES.describer(HEROES.view(state, 0), "ru", ROLES)
    assert [mine.action(a) for a in engine.legal_actions(state)] == ["Гримнар (1-я из оставшихся сверху)",
                                                                       "Акрида (2-я из оставшихся сверху)"]
