"""Plays a game in the app through key presses only, choosing moves with a simple aggressive policy.

The policy reads the legal actions (as a player reads the screen) and the driver turns the chosen
action into the keys a player would press: arrows to a card, Enter, `a` and arrows in the action
menu, `e` to end the turn, `c` to confirm a squad or a deployment.
"""

from __future__ import annotations

import random

from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList

from berserk_tui.engine import Action, GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.places import position
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.choices import actor_of
from berserk_tui.ui.screens.battle import BattleScreen
from berserk_tui.ui.screens.deploy import DeployScreen
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.handover import HandoverScreen
from berserk_tui.ui.screens.order import OrderScreen
from berserk_tui.ui.screens.purchase import PurchaseScreen
from berserk_tui.ui.screens.strike_confirm import StrikeConfirmScreen
from berserk_tui.ui.widgets.board import Board, cell_to_screen

SQUAD_CARDS = 4       # the driver buys at most this many cards


async def settle(pilot: Pilot) -> None:
    """Wait until the bot has moved and the screen is up to date."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    for _ in range(500):
        await pilot.pause()
        if not app._thinking and not any(w.is_running for w in app.workers):
            break
    await pilot.pause()


def on_board(v: GameState, uid: int) -> bool:
    return v.cards[uid].zone == "board"


def choose(v: GameState, legal: list[Action], rng: random.Random) -> Action:
    """Strike if possible, else move towards the nearest enemy, else end the turn."""
    if v.pending.kind != "main":
        return rng.choice(legal)
    usable = [a for a in legal if actor_of(a) is None or on_board(v, actor_of(a))]
    strikes = [a for a in usable if isinstance(a, act.Strike)]
    if strikes:
        return rng.choice(strikes)
    foes = [position(v, c.uid) for c in v.cards if v.seats.enemy(c.owner, v.active) and c.zone == "board"]

    def distance(a: act.Move) -> int:
        return min((v.geo.chebyshev(a.cell, f) for f in foes), default=0)

    moves = [a for a in usable if isinstance(a, act.Move)
             and distance(a) < min((v.geo.chebyshev(position(v, a.uid), f) for f in foes), default=0)]
    if moves:
        return min(moves, key=distance)
    return act.EndTurn() if act.EndTurn() in legal else rng.choice(legal)


async def arrow_to(pilot: Pilot, board: Board, cell: int) -> None:
    """Move the board cursor to `cell` with the arrow keys."""
    board.focus()
    await pilot.pause()
    sr, sc = cell_to_screen(board.geo, board.cursor, board.flipped)
    tr, tc = cell_to_screen(board.geo, cell, board.flipped)
    keys = ["down" if tr > sr else "up"] * abs(tr - sr) + ["right" if tc > sc else "left"] * abs(tc - sc)
    if keys:
        await pilot.press(*keys)


async def pick_in_menu(pilot: Pilot, menu: OptionList, index: int) -> None:
    menu.focus()
    await pilot.pause()
    current = menu.highlighted or 0
    await pilot.press(*(["down"] * (index - current) if index >= current else ["up"] * (current - index)), "enter")


async def battle_step(pilot: Pilot, screen: BattleScreen, rng: random.Random) -> None:
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    assert app.match is not None
    v = app.match.view(app.viewer)
    action = choose(v, app.match.legal(), rng)
    if isinstance(action, act.EndTurn):
        await pilot.press("e")
        return
    actor = actor_of(action)
    if v.pending.kind == "main" and actor is not None:
        await pilot.press("escape")           # drop the previous selection
        board = screen.query_one(Board)
        await arrow_to(pilot, board, position(v, actor))
        await pilot.press("enter")            # select the card: the menu lists its actions
        await pilot.pause()
    await pick_in_menu(pilot, screen.query_one("#actions", OptionList), screen.menu_actions.index(action))
    await pilot.pause()
    if isinstance(app.screen, StrikeConfirmScreen):
        await pilot.press("enter")


async def purchase_step(pilot: Pilot, screen: PurchaseScreen) -> None:
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    assert app.match is not None
    legal = app.match.legal()
    chosen = app.match.view(app.viewer).players[app.viewer].selected
    buys = [a.index for a in legal if isinstance(a, act.Buy)]
    if buys and len(chosen) < SQUAD_CARDS:
        table = screen.query_one("#deal", DataTable)
        row = table.cursor_row
        target = buys[0]
        await pilot.press(*(["down"] * (target - row) if target >= row else ["up"] * (row - target)), "space")
    else:
        await pilot.press("c")


async def play_to_the_end(pilot: Pilot, seed: int = 0, max_steps: int = 3000) -> int:
    """Press keys until the game-over screen shows; returns the number of steps taken."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    rng = random.Random(seed)
    for step in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return step
        if isinstance(screen, HandoverScreen | OrderScreen):
            await pilot.press("enter")
        elif isinstance(screen, PurchaseScreen):
            await purchase_step(pilot, screen)
        elif isinstance(screen, DeployScreen):
            if act.Confirm() in app.match.legal():  # type: ignore[union-attr]
                await pilot.press("c")
            else:
                screen.query_one("#hand", OptionList).focus()
                await pilot.press("enter", "enter")
        elif isinstance(screen, BattleScreen):
            await battle_step(pilot, screen, rng)
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError(f"no game over after {max_steps} steps")
