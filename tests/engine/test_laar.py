"""«Битва за Лаар» (engine/laar.py, games/laar.py): the order and crystals of both modes from the start of a game,
Астарот's seat never asked in the one-player mode, the two rulebooks whole, the state's encoding, the bots' view
of Астарот, and the cards kept out of decks. The rule points on the battlefield are scenarios
(tests/scenarios/boardgame/laar/)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from berserk_tui.bot import AGENTS
from berserk_tui.bot.evaluate import evaluate
from berserk_tui.bot.strong import StrongBot
from berserk_tui.engine import GameState
from berserk_tui.engine.actions import ChooseOrder, Roll
from berserk_tui.engine.boardgame import BOARDGAME_RULEBOOK
from berserk_tui.engine.laar import (
    ASTAROTH,
    ASTAROTH_DUEL,
    LAAR_DUEL_RULEBOOK,
    LAAR_SOLO_RULEBOOK,
    SILVER_LESS,
    VARAHIEL,
    astaroth_seat,
    varahiel_seat,
)
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.setup import CRYSTALS
from berserk_tui.games import by_name, game_for
from berserk_tui.games.laar import LAAR_DUEL, LAAR_SOLO
from cards.decks import Deck, DeckError, validate_deck
from cards.random_decks import implemented_sets, random_deck
from tests.engine.strike_play import DB


def deck(seed: int) -> list[str]:
    return random_deck(DB, random.Random(seed), implemented_sets(DB))


def test_the_modes_are_registered_under_the_board_game() -> None:
    assert game_for("boardgame", "laar-solo") is LAAR_SOLO is by_name("laar-solo")
    assert game_for("boardgame", "laar-duel") is LAAR_DUEL is by_name("laar-duel")
    with pytest.raises(ValueError, match="only under the rules boardgame"):
        game_for("classic", "laar-solo")


@pytest.mark.parametrize("book", [LAAR_SOLO_RULEBOOK, LAAR_DUEL_RULEBOOK])
def test_the_rulebooks_are_the_board_games_but_for_the_modes_own_steps(book) -> None:
    """Derived after every board-game rule point registered (the dice among them): nothing else differs."""
    own = {"order_roll", "laar_order_rolled", "purchase_done", "start_deployment"}
    assert book.features >= BOARDGAME_RULEBOOK.features
    assert {k for k in book.tasks if book.tasks[k] is not BOARDGAME_RULEBOOK.tasks.get(k)} <= own
    assert {k for k in book.apply if book.apply[k] is not BOARDGAME_RULEBOOK.apply.get(k)} <= {"deploy", "choose_order"}
    assert BOARDGAME_RULEBOOK.automaton is None
    assert (book.automaton is not None) == (book is LAAR_SOLO_RULEBOOK)


@pytest.mark.parametrize(("die", "first"), [(1, 1), (3, 1), (4, 0), (6, 0)])
def test_solo_the_die_says_when_astaroth_goes_and_the_player_has_12_silver_fewer(die: int, first: int) -> None:
    state, _ = LAAR_SOLO.new_game(DB, (deck(1), deck(2)))
    assert (state.pending.player, state.pending.kind) == (-1, "roll")
    LAAR_SOLO.apply(state, Roll(die))
    assert state.first == first and state.phase == "purchase"
    gold, silver = CRYSTALS[first == 0]
    assert (state.players[0].gold, state.players[0].silver) == (gold, silver - SILVER_LESS)
    assert (state.players[1].gold, state.players[1].silver, state.players[1].deck) == (0, 0, ())
    assert astaroth_seat(state) == 1 and varahiel_seat(state) == 0


@pytest.mark.parametrize("chooser_first", [True, False])
def test_duel_the_roll_winner_chooses_and_the_second_player_is_astaroth(chooser_first: bool) -> None:
    state, _ = LAAR_DUEL.new_game(DB, (deck(1), deck(2)))
    LAAR_DUEL.apply(state, Roll(6))
    LAAR_DUEL.apply(state, Roll(2))
    assert (state.pending.player, state.pending.kind) == (0, "choose_order")
    LAAR_DUEL.apply(state, ChooseOrder(chooser_first))
    first = 0 if chooser_first else 1
    assert state.first == first and varahiel_seat(state) == first and astaroth_seat(state) == 1 - first
    assert state.players[first].silver == CRYSTALS[True][1] - SILVER_LESS
    assert state.players[first].gold == CRYSTALS[True][0]
    assert state.players[1 - first].silver == CRYSTALS[False][1]
    assert state.players[1 - first].gold == CRYSTALS[False][0] - DB[ASTAROTH_DUEL].cost      # decision 694


def test_the_duel_places_its_own_astaroth_and_the_solo_mode_its_own() -> None:
    """Decision 693: two printings of «Астарот»; the duel's has numbers of its own, the same «Врата» on every card."""
    solo, duel = DB[ASTAROTH], DB[ASTAROTH_DUEL]
    assert solo.name == duel.name == "Астарот" and solo.boardgame and duel.boardgame
    assert (duel.life, duel.strike, duel.cost) != (solo.life, solo.strike, solo.cost)
    assert [a["on"] for a in duel.abilities] == [a["on"] for a in solo.abilities]
    assert duel.abilities[0]["effect"]["target"] == solo.abilities[0]["effect"]["target"]
    for game, card in ((LAAR_SOLO, ASTAROTH), (LAAR_DUEL, ASTAROTH_DUEL)):
        state, _ = game.new_game(DB, ([], []), squads=(deck(1)[:3], deck(2)[:3]), first=0)
        assert [c.card_id for c in state.cards if c.card_id in (ASTAROTH, ASTAROTH_DUEL)] == [card]


@pytest.mark.parametrize(("bot", "seed"), [("random", 1), ("random", 2), ("greedy", 3)])
def test_solo_games_end_and_astaroths_seat_is_never_asked(bot: str, seed: int) -> None:
    game = LAAR_SOLO.start(DB, (deck(seed), deck(seed + 10)), SeededSource(seed))
    agent = AGENTS[bot](seed)
    placed: dict[str, tuple[int, int]] = {}
    while not game.over:
        assert game.state.pending.player in (0, -1), game.state.pending
        if game.state.phase == "deploy" and not placed:
            placed = {c.card_id: (c.owner, c.cell) for c in game.state.cards if c.card_id in (ASTAROTH, VARAHIEL)}
        game.step(agent(LAAR_SOLO.view(game.state, 0), game.legal_actions()))
    assert placed[ASTAROTH][0] == 1 and placed[VARAHIEL][0] == 0
    assert not any(c.owner == 1 for c in game.state.cards if c.card_id != ASTAROTH)     # no squad of his
    assert game.state.winner in (0, 1, 2)


@pytest.mark.parametrize("bots", [("greedy", "strong"), ("strong", "greedy")])
def test_duel_the_bots_play_either_side_to_the_end(bots: tuple[str, str]) -> None:
    game = LAAR_DUEL.start(DB, (deck(5), deck(6)), SeededSource(7))
    agents = [StrongBot(k, positions=400, max_samples=2) if b == "strong" else AGENTS[b](k)   # a narrower search:
              for k, b in enumerate(bots)]                                                 # the same play, faster
    steps = 0
    while not game.over and steps < 5000:
        seat = game.state.pending.player
        game.step(agents[seat](LAAR_DUEL.view(game.state, seat), game.legal_actions()))
        steps += 1
    assert game.over and steps < 5000


def battle_state() -> GameState:
    """A laar-solo game played by a random player up to its battle."""
    game = LAAR_SOLO.start(DB, (deck(4), []), SeededSource(4))
    agent = AGENTS["random"](4)
    while game.state.phase != "battle":
        game.step(agent(LAAR_SOLO.view(game.state, 0), game.legal_actions()))
    return game.state


def test_a_state_of_the_mode_round_trips_and_another_rulebook_refuses_it() -> None:
    state = battle_state()
    again = GameState.from_bytes(state.to_bytes(), DB, LAAR_SOLO_RULEBOOK)
    assert again.state_hash() == state.state_hash() and again.rules.rulebook is LAAR_SOLO_RULEBOOK
    with pytest.raises(ValueError, match="'laar-solo', read with 'boardgame'"):
        GameState.from_bytes(state.to_bytes(), DB, BOARDGAME_RULEBOOK)


def test_the_bots_value_astaroth_like_a_big_creature() -> None:
    """Wounds on Астарот are worth it to the player, and his death wins the game outright."""
    state = battle_state()
    astaroth = next(c for c in state.cards if c.card_id == ASTAROTH)
    before = evaluate(state, 0)
    astaroth.wounds = 30
    assert evaluate(state, 0) > before + 5 and evaluate(state, 1) < -before
    astaroth.wounds = 0
    assert -before == pytest.approx(evaluate(state, 1))


def test_the_modes_cards_go_in_no_deck(tmp_path: Path) -> None:
    cards = tuple([*deck(1)[:29], ASTAROTH])
    with pytest.raises(DeckError) as err:
        validate_deck(Deck("x", "", cards, tmp_path / "x.toml"), DB)
    assert [p.reason for p in err.value.issues] == ["boardgame"]


def test_while_deploying_the_heroes_stay_in_sight_and_the_squads_do_not() -> None:
    """The opponent's placements are hidden during the deployment, but Астарот and Варахиэль are open cards the
    rules placed (decision 691): every view shows them where they stand."""
    state, _ = LAAR_DUEL.new_game(DB, ([], []), squads=(deck(1)[:3], deck(2)[:3]), first=0)
    LAAR_DUEL.apply(state, next(a for a in LAAR_DUEL.legal_actions(state) if type(a).__name__ == "Place"))
    for seat in (0, 1):
        v = LAAR_DUEL.view(state, seat)
        shown = {c.card_id: v.geo.cell_name(c.cell) for c in v.cards if c.zone == "board"}
        assert shown[ASTAROTH_DUEL] == "c5" and shown[VARAHIEL] == "c3"
        assert (len(shown) == 3) == (seat == 0)        # seat 0's placed card: seen by seat 0 alone


def test_the_text_game_names_astaroths_seat() -> None:
    """`berserk play --text --mode laar-solo`: the game's words name seat 2 «Астарот» (`GameDef.seat_roles`)."""
    import io

    from berserk_tui.textplay import play_text

    out = io.StringIO()
    play_text(LAAR_SOLO.start(DB, (deck(1), []), SeededSource(4)), {}, io.StringIO("q\n"), out,
              game_def=LAAR_SOLO)
    assert "Кубик: жребий, игрок 2 (Астарот)" in out.getvalue()
