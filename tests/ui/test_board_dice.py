"""The board game's dice in the app: the dice line shows each die with its symbol, the strike dialog the legend and
the experience re-rolls, and the re-roll decision is a prompt of its own (a snapshot of a fight and of the prompt)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from berserk_tui.engine import GameState
from berserk_tui.engine.actions import Strike
from berserk_tui.engine.game import Game
from berserk_tui.games import BOARDGAME
from berserk_tui.match import Match
from berserk_tui.scenario.build import Scenario, build
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.strike_confirm import StrikeConfirmScreen
from tests.engine.strike_play import DB, card

from .conftest import bot_setup, make_app
from .driver import settle

SIZE = (100, 30)


class FixedDice:
    """A `RandomSource` giving these dice in order."""

    def __init__(self, *dice: int) -> None:
        self.dice = list(dice)

    def die(self) -> int:
        return self.dice.pop(0)

    def shuffle_seed(self) -> int:
        return 0


def board_game(*cards: dict[str, Any]) -> tuple[GameState, dict[str, int]]:
    """A board-game battle of scenario `cards`, seat 0 at its main decision of turn 1."""
    built = build(Scenario("dice", "", [], {"first": 0}, list(cards), [], []), DB, BOARDGAME)
    return built.state, built.labels


def fight_app(*dice: int, attacker: str = "Лирайн", lang: str = "ru") -> BerserkApp:
    """The app at a board-game battle where seat 0's `attacker` (c3, «A») strikes an open Лирайн (c4, «D»)."""
    app = make_app(lang=lang)
    app.dice_fight = (dice, attacker)  # type: ignore[attr-defined]
    return app


async def open_fight(pilot: Pilot) -> dict[str, int]:
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    dice, attacker = app.dice_fight  # type: ignore[attr-defined]
    state, labels = board_game(card(attacker, 0, "c3", "A"), card("Лирайн", 1, "c4", "D"),
                               card("Лирайн", 1, "a5", "E"))
    await settle(pilot)
    app.match = Match(bot_setup(1), Game(state, FixedDice(*dice)))
    app.match._make_bots()
    app._begin()
    await settle(pilot)
    return labels


async def struck(pilot: Pilot) -> None:
    """A fight: the white die 4, the black die 6 («кулак»)."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    labels = await open_fight(pilot)
    assert app.play(Strike(labels["A"], labels["D"]))
    await settle(pilot)


def dice_text(app: BerserkApp) -> str:
    return str(app.screen.query_one("#dice", Static).render())


async def test_the_dice_line_shows_each_die_with_its_symbol() -> None:
    for lang, white, black in (("ru", "белый: средний", "чёрный: ✊ кулак"), ("en", "white: medium", "black: ✊ fist")):
        app = fight_app(4, 6, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await struck(pilot)
            text = dice_text(app)
            assert "⚃4" in text and white in text and "⚅6" in text and black in text, text


async def test_the_strike_dialog_has_the_legend_and_the_rerolls() -> None:
    app = fight_app(attacker="Тролль")
    async with app.run_test(size=SIZE) as pilot:
        labels = await open_fight(pilot)
        await app.push_screen(StrikeConfirmScreen(Strike(labels["A"], labels["D"])))
        await pilot.pause()
        notes = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "белый кубик у атакующего" in notes and "⚔ меч" in notes and "✊ кулак" in notes
        assert "перебросов белого кубика — 1, чёрного — 0" in notes
        assert "Обмен ударами" not in notes


async def test_the_reroll_is_the_players_prompt() -> None:
    app = fight_app(2, 6, 1, attacker="Тролль")
    async with app.run_test(size=SIZE) as pilot:
        labels = await open_fight(pilot)
        assert app.play(Strike(labels["A"], labels["D"]))
        await settle(pilot)
        assert app.match is not None and app.match.state.pending.kind == "reroll"
        screen_text = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "белый кубик — 2, слабый удар. Перебросить (опыт, осталось 1)?" in screen_text


def test_snapshot_of_a_board_game_fight(snap_compare) -> None:  # noqa: ANN001 (fixture of pytest-textual-snapshot)
    assert snap_compare(fight_app(4, 6), terminal_size=SIZE, run_before=struck)


def test_snapshot_of_the_reroll_prompt(snap_compare) -> None:  # noqa: ANN001
    async def asked(pilot: Pilot) -> None:
        app: BerserkApp = pilot.app  # type: ignore[assignment]
        labels = await open_fight(pilot)
        assert app.play(Strike(labels["A"], labels["D"]))
        await settle(pilot)

    assert snap_compare(fight_app(2, 6, 1, attacker="Тролль"), terminal_size=SIZE, run_before=asked)
