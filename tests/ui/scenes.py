"""Reproducible scenes of every screen, for the snapshot tests and for `screenshots/`.

Each scene is an app plus a coroutine that brings it to the screen to show. Games are driven
through `BerserkApp.play` with a seeded policy (the pilot tests press the keys themselves).
`python -m tests.ui.scenes` writes `screenshots/<scene>.svg`.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from berserk_tui.engine import actions as act
from berserk_tui.engine.places import position
from berserk_tui.match import HOTSEAT, HUMAN, MatchSetup
from berserk_tui.replay import load_replay
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.card_browser import CardFilter
from berserk_tui.ui.screens.replay import ReplayScreen
from berserk_tui.ui.widgets.board import Board
from berserk_tui.userdata import Settings, home
from cards.decks import builtin_decks
from cards.loader import load_all
from tests.replay_files import played_save

from .conftest import bot_setup, make_app
from .driver import arrow_to, choose, settle
from .heroes_scenes import HEROES_SCENES
from .party_scenes import party_lobby

ROOT = Path(__file__).resolve().parents[2]
Prepare = Callable[[Pilot], Awaitable[None]]


@dataclass(frozen=True)
class Scene:
    app: Callable[[], BerserkApp]
    prepare: Prepare
    size: tuple[int, int] = (100, 30)


async def nothing(pilot: Pilot) -> None:
    await settle(pilot)


async def advance(pilot: Pilot, done: Callable[[BerserkApp], bool], seed: int = 0, cards: int = 5) -> None:
    """Play the human side with the driver's policy until `done(app)`."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    rng = random.Random(seed)
    await settle(pilot)
    await past_the_roll(pilot)
    while not done(app):
        m = app.match
        assert m is not None and not m.over
        v = m.view(app.viewer)
        legal = m.legal()
        buys = [a for a in legal if isinstance(a, act.Buy)]
        if v.pending.kind == "purchase":
            action = buys[0] if buys and len(v.players[app.viewer].selected) < cards else act.Confirm()
        elif v.pending.kind == "deploy":
            action = act.Confirm() if act.Confirm() in legal else legal[0]
        else:
            action = choose(v, legal, rng)
        app.play(action)
        await settle(pilot)
        if app.screen.__class__.__name__ == "HandoverScreen":
            await pilot.press("enter")
            await settle(pilot)
        await past_the_roll(pilot)


async def past_the_roll(pilot: Pilot) -> None:
    """When the bot won the order roll and chose, go on from its result to the purchase."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    if app.screen.__class__.__name__ == "OrderScreen" and app.match is not None and app.match.phase != "order":
        await pilot.press("enter")
        await settle(pilot)


def phase_is(name: str) -> Callable[[BerserkApp], bool]:
    return lambda app: app.match is not None and app.match.state.phase == name and \
        app.match.to_move == app.viewer


def battle_turn(turn: int) -> Callable[[BerserkApp], bool]:
    return lambda app: app.match is not None and app.match.state.phase == "battle" and \
        app.match.state.turn >= turn and app.match.state.pending.kind == "main" and app.match.to_move == app.viewer


async def new_game(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def purchase(pilot: Pilot) -> None:
    await advance(pilot, phase_is("purchase"))
    await pilot.press("space", "down", "down", "space", "down", "space")
    await settle(pilot)


async def deploy(pilot: Pilot) -> None:
    await advance(pilot, phase_is("deploy"))
    await pilot.press("enter", "enter", "enter", "enter")
    await settle(pilot)


async def battle(pilot: Pilot, turn: int = 4) -> None:
    """Turn 4: the player picked a creature (Enter) and its list of actions leads, a target lit."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await advance(pilot, battle_turn(turn), seed=2)
    assert app.match is not None
    legal = app.match.legal()
    actor = next(a.uid for a in legal if isinstance(a, act.Strike)) if any(isinstance(a, act.Strike) for a in legal) \
        else next(a.uid for a in legal if isinstance(a, act.Move))
    await arrow_to(pilot, app.screen.query_one(Board), position(app.match.view(app.viewer), actor))
    await pilot.press("enter")
    await settle(pilot)


async def strike(pilot: Pilot) -> None:
    app: BerserkApp = pilot.app  # type: ignore[assignment]

    def can_strike(a: BerserkApp) -> bool:
        return battle_turn(2)(a) and any(isinstance(x, act.Strike) for x in a.match.legal())  # type: ignore[union-attr]

    await advance(pilot, can_strike, seed=3)
    from berserk_tui.ui.screens.strike_confirm import StrikeConfirmScreen
    hit = next(a for a in app.match.legal() if isinstance(a, act.Strike))  # type: ignore[union-attr]
    await app.push_screen(StrikeConfirmScreen(hit))
    await settle(pilot)


async def handover(pilot: Pilot) -> None:
    """Hot-seat: the first player bought one card; the second must take the keyboard for his purchase."""
    await settle(pilot)
    await pilot.press("enter")           # the order winner goes first: his deal is handed over to him
    await settle(pilot)
    await pilot.press("enter")           # he takes the keyboard
    await settle(pilot)
    await pilot.press("space", "c")      # buys one card; the other player must take the keyboard
    await settle(pilot)


async def game_over(pilot: Pilot) -> None:
    await advance(pilot, lambda app: app.match is not None and app.match.over, seed=1, cards=6)


async def piles(pilot: Pilot) -> None:
    await advance(pilot, lambda app: battle_turn(2)(app) and any(
        c.zone == "grave" for c in app.match.state.cards), seed=1)  # type: ignore[union-attr]
    await pilot.press("g")
    await settle(pilot)


async def log(pilot: Pilot) -> None:
    await advance(pilot, battle_turn(3), seed=2)
    await pilot.press("L")
    await settle(pilot)


def menu_item(key: str) -> Prepare:
    async def prepare(pilot: Pilot) -> None:
        await settle(pilot)
        menu = pilot.app.screen.query_one("#menu")
        menu.highlighted = [o.id for o in menu.options].index(key)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
    return prepare


def filtered_to_set(key: str, set_id: int) -> Prepare:
    """Menu item `key` (the card browser or the deck builder), its set filter stepped with ctrl+t to `set_id`:
    the picture then stays as it is while the cards of other sets are implemented."""
    async def prepare(pilot: Pilot) -> None:
        await menu_item(key)(pilot)
        for _ in pilot.app.db.sets():  # type: ignore[attr-defined]
            if pilot.app.screen.query_one(CardFilter).card_set == str(set_id):
                break
            await pilot.press("ctrl+t")
            await settle(pilot)
    return prepare


async def keys(pilot: Pilot) -> None:
    """The keys page of the help, scrolled to its end: the battle keys."""
    await menu_item("rules")(pilot)
    await pilot.press("question_mark")
    await settle(pilot)
    pilot.app.screen.query_one("#help-text").scroll_end(animate=False)
    await settle(pilot)


async def net_stopped(pilot: Pilot) -> None:
    from berserk_tui.ui.screens.net_stopped import NetStoppedScreen
    await settle(pilot)
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await app.push_screen(NetStoppedScreen(app.t("net.lost"), "/home/player/.local/share/berserk/net/game.msgs",
                                           can_wait=True))
    await settle(pilot)


def watch_replay() -> BerserkApp:
    """The replay of a bot game saved as turn 4 begins."""
    path = home() / "replay.json"
    played_save(path, seed=4)
    return BerserkApp(settings=Settings(bot_delay_ms=0), screen=ReplayScreen(load_replay(load_all(), path)))


def new_over_unfinished() -> BerserkApp:
    """`berserk play` started while the autosave holds an unfinished game (turn 4 against the bot)."""
    played_save(home() / "autosave.json", seed=4)
    os.utime(home() / "autosave.json", (1_795_000_000, 1_795_000_000))    # a fixed date on the screen
    return make_app(bot_setup(seed=9))


async def replay(pilot: Pilot) -> None:
    """The last strike of the game, the cursor on the striker."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    strike = max(i for i, s in enumerate(screen.replay.steps) if isinstance(s.action, act.Strike))
    screen.go(strike)
    screen.query_one(Board).cursor = position(screen.view, screen.replay.steps[strike].action.uid)


async def net_leave(pilot: Pilot) -> None:
    from berserk_tui.ui.screens.net_leave import NetLeaveScreen
    await settle(pilot)
    await pilot.app.push_screen(NetLeaveScreen("/home/player/.local/share/berserk-tui/net/"
                                               "20261128-115335-join-13da.msgs"))
    await settle(pilot)


def laar_solo(seed: int = 5) -> BerserkApp:
    """«Битва за Лаар» for one player against Астарот (the rules play his seat)."""
    setup = bot_setup(seed=seed)
    return make_app(MatchSetup(setup.opponent, setup.decks, setup.deck_names, seed, game="laar-solo"))


async def laar_battle(pilot: Pilot) -> None:
    """Turn 3 of a laar-solo game: Астарот's «Врата» have wounded every card once; the player's creature picked."""
    await battle(pilot, turn=3)


def hotseat() -> BerserkApp:
    return make_app(MatchSetup(HOTSEAT, bot_setup().decks, ("a", "b"), seed=3))


def team(*players: str) -> Callable[[], BerserkApp]:
    """Seed 003's four players in two teams, `players[seat]` a person (HUMAN) or a bot, four builtin decks."""
    def app() -> BerserkApp:
        decks = builtin_decks(load_all())[:4]
        return make_app(MatchSetup.for_seats("team", players, [d.cards for d in decks], [d.name for d in decks], 3))
    return app


async def team_battle(pilot: Pilot) -> None:
    """The player's turn in the second round: the four quarters, both teams' extra zones, whose turn."""
    await advance(pilot, battle_turn(5), seed=2)


async def team_handover(pilot: Pilot) -> None:
    """Four people at one terminal: the order roll's winner chose; the first to buy takes the keyboard."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


SCENES: dict[str, Scene] = {
    "menu": Scene(make_app, nothing),
    "menu-en": Scene(lambda: make_app(lang="en"), nothing),
    "new-game": Scene(make_app, new_game),
    "order": Scene(hotseat, nothing),
    "purchase": Scene(lambda: make_app(bot_setup(seed=4)), purchase),
    "deploy": Scene(lambda: make_app(bot_setup(seed=4)), deploy),
    "battle": Scene(lambda: make_app(bot_setup(seed=5)), battle),
    "battle-80x24": Scene(lambda: make_app(bot_setup(seed=5)), battle, (80, 24)),
    "battle-120x40": Scene(lambda: make_app(bot_setup(seed=5)), battle, (120, 40)),
    "battle-en": Scene(lambda: make_app(bot_setup(seed=5), lang="en"), battle),
    "strike": Scene(lambda: make_app(bot_setup(seed=6)), strike),
    "handover": Scene(hotseat, handover),
    "piles": Scene(lambda: make_app(bot_setup(seed=7)), piles),
    "log": Scene(lambda: make_app(bot_setup(seed=5)), log),
    "game-over": Scene(lambda: make_app(bot_setup(seed=1)), game_over),
    "rules": Scene(make_app, menu_item("rules")),
    "keys": Scene(make_app, keys),
    "settings": Scene(make_app, menu_item("settings")),
    "cards": Scene(make_app, filtered_to_set("cards", 30)),
    "deck-builder": Scene(make_app, filtered_to_set("decks", 30)),
    "host": Scene(make_app, menu_item("host")),
    "join": Scene(make_app, menu_item("join")),
    "net-stopped": Scene(make_app, net_stopped),
    "replay": Scene(watch_replay, replay),
    "replay-80x24": Scene(watch_replay, replay, (80, 24)),
    "net-leave": Scene(make_app, net_leave, (80, 24)),
    "save-conflict": Scene(new_over_unfinished, nothing, (80, 24)),
    "laar-battle": Scene(laar_solo, laar_battle),
    "cards-laar": Scene(make_app, filtered_to_set("cards", 90)),
    "team-order": Scene(team(HUMAN, "random", "random", "random"), nothing, (120, 40)),
    "team-deploy": Scene(team(HUMAN, "random", "random", "random"), deploy, (120, 40)),
    "team-battle-120x40": Scene(team(HUMAN, "random", "random", "random"), team_battle, (120, 40)),
    "team-too-small": Scene(team(HUMAN, "random", "random", "random"), team_battle, (100, 30)),
    "team-handover": Scene(team(HUMAN, HUMAN, HUMAN, HUMAN), team_handover, (120, 40)),
    "party-lobby": Scene(make_app, party_lobby([True, False, False, False])),
    "party-lobby-filling": Scene(make_app, party_lobby([True, True, False, True])),
}
SCENES.update({name: Scene(app, prepare, size) for name, (app, prepare, size) in HEROES_SCENES.items()})


async def shoot(name: str, scene: Scene, folder: Path) -> None:
    app = scene.app()
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        app.save_screenshot(filename=f"{name}.svg", path=str(folder))


def main(argv: list[str]) -> int:
    """Write the SVG of every scene (or of the named ones) into screenshots/."""
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    for name in argv or list(SCENES):
        os.environ["BERSERK_HOME"] = tempfile.mkdtemp(prefix="berserk-shots-")   # as the tests: one each
        asyncio.run(shoot(name, SCENES[name], folder))
        print(f"screenshots/{name}.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
