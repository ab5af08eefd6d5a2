"""The strong bot of «Берсерк. Герои»: it plays legal actions from its seat's view only, the same seed gives the
same game, it keeps to its budget of positions, and it plays on to see what one ply cannot."""

from __future__ import annotations

import random

from berserk_tui.bot.heroes import HEROES_AGENTS, HeroesGreedy, HeroesStrong
from berserk_tui.engine.actions import EndTurn
from berserk_tui.engine.rng import SeededSource
from berserk_tui.games.heroes import HEROES, random_deck


def _game(seed: int):  # type: ignore[no-untyped-def]
    db = HEROES.load_db()
    rng = random.Random(seed)
    return HEROES.start(db, (random_deck(db, rng), random_deck(db, rng)), SeededSource(seed), HEROES.sim_rules(60))


def _play(seed: int, check=None) -> str:  # type: ignore[no-untyped-def]
    game = _game(seed)
    bots = [HeroesStrong(seed, positions=400), HeroesGreedy(seed + 1)]
    while not game.over:
        seat = game.state.pending.player
        view, legal = HEROES.view(game.state, seat), game.legal_actions()
        action = bots[seat](view, legal)
        if check is not None and seat == 0:
            check(view, legal, action, bots[0])
        game.step(action)
    return game.state.state_hash()


def test_strong_is_registered() -> None:
    assert HEROES_AGENTS["strong"] is HeroesStrong


def test_strong_plays_legal_actions_within_its_budget_from_its_view_only() -> None:
    checked = []

    def check(view, legal, action, bot) -> None:  # type: ignore[no-untyped-def]
        seat = view.pending.player
        assert action in legal
        assert all(view.cards[u].card_id is None for u in view.players[1 - seat].hand)
        assert all(c is None for c in view.players[1 - seat].deck)
        if view.pending.kind == "main" and len(legal) > 1:
            assert bot.spent <= 400 + len(legal) + 40      # the budget, overrun by one step's actions at most
        checked.append(action)

    _play(2, check)
    assert len(checked) > 20


def test_the_same_seed_gives_the_same_game() -> None:
    assert _play(5) == _play(5)


def _main_position(seed: int, turn: int):  # type: ignore[no-untyped-def]
    game = _game(seed)
    while not (game.state.pending.kind == "main" and game.state.pending.player == 0 and game.state.turn >= turn
               and len(game.legal_actions()) > 3):
        seat = game.state.pending.player
        game.step(HeroesGreedy(1)(HEROES.view(game.state, seat), game.legal_actions()))
    return HEROES.view(game.state, 0), game.legal_actions()


def test_the_search_works_on_copies_of_the_view() -> None:
    view, legal = _main_position(7, 3)
    before = view.state_hash()
    HeroesStrong(3)(view, legal)
    assert view.state_hash() == before


def test_it_plays_the_best_candidate_played_on_and_greedy_without_budget() -> None:
    view, legal = _main_position(11, 5)
    greedy = HeroesGreedy(1)
    assert HeroesStrong(1, positions=0)(view, legal) == greedy(view, legal)
    bot = HeroesStrong(1, positions=10**6)
    ranked = sorted(range(len(legal)), key=lambda i: (-greedy.value(view, 0, legal[i]), i))
    chosen = ranked[:bot.width] + [i for i in ranked[bot.width:] if type(legal[i]) is EndTurn]
    values = {i: HeroesStrong(1).play_on(view, 0, legal[i]) for i in chosen}
    best = max(chosen, key=lambda i: (values[i], -chosen.index(i)))
    assert bot(view, legal) == legal[best]
