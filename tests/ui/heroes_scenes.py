"""Reproducible scenes of the «Берсерк. Герои» screens (merged into `scenes.SCENES`): the menu's chooser, the
new-game form, the mulligan, the table at several sizes, in English and with hidden creatures, the questions of a
defender and of a target, the hot-seat hand-over, the graveyards, the game over and the help pages. The human side is
played through `BerserkApp.play` with a fixed policy, the bot is seeded: every scene is the same on every run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual.pilot import Pilot

from berserk_tui import games, match
from berserk_tui.engine import actions as act
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan, Play
from berserk_tui.heroes_play import heroes_setup
from berserk_tui.match import HOTSEAT
from berserk_tui.ui.app import BerserkApp
from cards.heroes.loader import load_heroes

from .conftest import make_app
from .driver import settle

HEROES = games.game_for("heroes")
Done = Callable[[BerserkApp], bool]


SWAMP_HERO = "h9004"      # Болотный ведун
FROZEN_SET = 7            # the scenes' cards: set 7's swamp creatures, playing as their stats


def frozen() -> None:
    """Freeze the heroes card database of this process for a scene: the heroes and set 7's swamp creatures, all
    but the heroes played as their stats (not implemented), so that a scene stays the same while cards are encoded
    and implemented (the pilot tests play the real database)."""
    db = load_heroes()
    match._GAME_DBS[HEROES.name] = {
        cid: card if card.type == "hero" else replace(card, implemented=False) for cid, card in db.items()
        if card.type == "hero" or (card.set == FROZEN_SET and card.elements == ("swamp",) and card.type == "creature")}


def heroes_app(opponent: str = "greedy", seed: int = 3, lang: str = "ru") -> Callable[[], BerserkApp]:
    def start() -> BerserkApp:
        frozen()
        return make_app(heroes_setup(HEROES, opponent, [SWAMP_HERO, SWAMP_HERO], seed), lang=lang)
    return start


def plain_app() -> BerserkApp:
    frozen()
    return make_app()


def policy(v, legal: list):  # noqa: ANN001, ANN201 (a view and actions of the heroes engine)
    """The scenes' player: goes first, keeps the hand, plays the first card he can, strikes the enemy hero,
    answers any other question with its first answer, and ends the turn."""
    kind = v.pending.kind
    if kind == "first_player":
        return FirstPlayer(v.pending.player)
    if kind == "mulligan":
        return Mulligan(())
    if kind != "main":
        return legal[0]
    enemy_hero = v.players[1 - v.pending.player].hero
    for a in legal:
        if isinstance(a, Play):
            return a
    for a in legal:
        if isinstance(a, act.Strike) and a.target == enemy_hero:
            return a
    return act.EndTurn()


async def advance(pilot: Pilot, done: Done) -> None:
    """Play the human side with `policy` until `done(app)` (hand-overs taken)."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await settle(pilot)
    for _ in range(2000):
        if app.screen.__class__.__name__ == "HandoverScreen":
            await pilot.press("enter")
            await settle(pilot)
        if done(app):
            return
        m = app.match
        assert m is not None and not m.over
        app.play(policy(m.view(app.viewer), m.legal()))
        await settle(pilot)
    raise AssertionError("the scene was never reached")


def asked(kind: str, turn: int = 0) -> Done:
    return lambda app: app.match is not None and not app.match.over and app.match.to_move == app.viewer \
        and app.match.state.pending.kind == kind and app.match.state.turn >= turn


async def nothing(pilot: Pilot) -> None:
    await settle(pilot)


async def chooser(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("up", "enter", "enter")      # the game chooser: classic → board game → «Берсерк. Герои»
    await settle(pilot)


async def new_game(pilot: Pilot) -> None:
    await chooser(pilot)
    await pilot.press("down", "enter")
    await settle(pilot)


async def mulligan(pilot: Pilot) -> None:
    await advance(pilot, asked("mulligan"))
    await pilot.press("enter", "down", "down", "enter")     # two cards marked, in order
    await settle(pilot)


async def battle(pilot: Pilot) -> None:
    """Turn 7 or later, the player's main decision with strikes among the answers, one of them highlighted."""
    def ready(app: BerserkApp) -> bool:
        return asked("main", 7)(app) and any(isinstance(a, act.Strike) for a in app.match.legal())  # type: ignore[union-attr]
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await advance(pilot, ready)
    screen = app.screen
    index = next(i for i, a in enumerate(screen.answers) if isinstance(a, act.Strike))  # type: ignore[attr-defined]
    await pilot.press(*["down"] * index)
    await settle(pilot)


async def defend(pilot: Pilot) -> None:
    await advance(pilot, asked("defend"))
    await pilot.press("down")
    await settle(pilot)


async def target(pilot: Pilot) -> None:
    """The hero's ability: its question of a target."""
    def hero_ready(app: BerserkApp) -> bool:
        m = app.match
        return asked("main", 3)(app) and any(isinstance(a, act.Use) for a in m.legal())  # type: ignore[union-attr]
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await advance(pilot, lambda a: asked("target")(a) or hero_ready(a))
    if app.match.state.pending.kind == "main":   # type: ignore[union-attr]
        app.play(next(a for a in app.match.legal() if isinstance(a, act.Use)))   # type: ignore[union-attr]
        await settle(pilot)


async def handover(pilot: Pilot) -> None:
    """Hot-seat: the first player chose who goes first and kept his hand; the second must take the keyboard."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await settle(pilot)
    app.play(policy(app.match.view(app.viewer), app.match.legal()))   # type: ignore[union-attr]  (public: no hand-over)
    await settle(pilot)
    await pilot.press("enter")          # the hand-over to the first player's mulligan
    await settle(pilot)
    while app.screen.__class__.__name__ != "HandoverScreen":
        app.play(policy(app.match.view(app.viewer), app.match.legal()))   # type: ignore[union-attr]
        await settle(pilot)


async def graves(pilot: Pilot) -> None:
    await advance(pilot, lambda app: asked("main", 5)(app) and any(
        app.match.state.players[s].grave for s in (0, 1)))  # type: ignore[union-attr]
    await pilot.press("g")
    await settle(pilot)


async def over(pilot: Pilot) -> None:
    await advance(pilot, lambda app: app.match is not None and app.match.over)


def help_page(topic: str) -> Callable[[Pilot], object]:
    async def prepare(pilot: Pilot) -> None:
        from berserk_tui.ui.screens.help import HelpScreen
        await settle(pilot)
        await pilot.app.push_screen(HelpScreen(topic))
        await settle(pilot)
    return prepare


async def cards(pilot: Pilot) -> None:
    await chooser(pilot)
    await pilot.press(*["down"] * 7, "enter")     # «Карты»
    await settle(pilot)
    await pilot.press("down", "down")
    await settle(pilot)


async def deck_builder(pilot: Pilot) -> None:
    """The deck builder: three copies of each of the first eight cards."""
    await chooser(pilot)
    await pilot.press(*["down"] * 6, "enter")     # «Редактор колод»
    await settle(pilot)
    for _ in range(8):
        await pilot.press("plus", "plus", "plus", "down")
    await settle(pilot)


async def hidden(pilot: Pilot) -> None:
    """The battle scene with one creature of each side hidden (Скрытое существо: no public card hides one, so the
    scene turns them face down itself), marked «скрыто» on the table and in the details."""
    from berserk_tui.engine.heroes.ops.stealth import hide
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await battle(pilot)
    state = app.match.state  # type: ignore[union-attr]
    for p in state.players:
        if p.play:
            hide(state, [], p.play[0])
    state.legal_cache = None
    app.screen._view_cache = None  # type: ignore[attr-defined]
    app.screen.refresh_match()  # type: ignore[attr-defined]
    await settle(pilot)


async def swap(pilot: Pilot) -> None:
    """The swap with the extra deck before a rematch: a deck of set 7's swamp creatures with two cards aside, one
    card of the deck moved out (the swap not yet even)."""
    from berserk_tui.ui.heroes.swap import SwapScreen
    await settle(pilot)
    db = match.game_db(HEROES)
    swamp = sorted(cid for cid, c in db.items() if c.type == "creature")
    cards = tuple(sorted(cid for cid in swamp[:14] for _ in range(3)))[:40]
    await pilot.app.push_screen(SwapScreen(db, 0, "Топь", SWAMP_HERO, (cards, (swamp[13], swamp[14]))))
    await settle(pilot)
    await pilot.press("down", "enter")
    await settle(pilot)


HEROES_SCENES = {
    "heroes-menu": (plain_app, chooser, (100, 30)),
    "heroes-new-game": (plain_app, new_game, (100, 30)),
    "heroes-mulligan": (heroes_app(), mulligan, (80, 24)),
    "heroes-battle": (heroes_app(), battle, (100, 30)),
    "heroes-battle-80x24": (heroes_app(), battle, (80, 24)),
    "heroes-battle-120x40": (heroes_app(), battle, (120, 40)),
    "heroes-battle-en": (heroes_app(lang="en"), battle, (100, 30)),
    "heroes-hidden": (heroes_app(), hidden, (100, 30)),
    "heroes-defend": (heroes_app(seed=4), defend, (80, 24)),
    "heroes-target": (heroes_app(seed=5), target, (80, 24)),
    "heroes-handover": (heroes_app(HOTSEAT, seed=3), handover, (80, 24)),
    "heroes-graves": (heroes_app(seed=6), graves, (80, 24)),
    "heroes-over": (heroes_app("random", seed=3), over, (80, 24)),
    "heroes-cards": (plain_app, cards, (100, 30)),
    "heroes-cards-80x24": (plain_app, cards, (80, 24)),
    "heroes-deck-builder": (plain_app, deck_builder, (100, 30)),
    "heroes-deck-builder-80x24": (plain_app, deck_builder, (80, 24)),
    "heroes-swap-80x24": (plain_app, swap, (80, 24)),
    "heroes-rules": (make_app, help_page("heroes"), (100, 30)),
    "heroes-glossary": (make_app, help_page("heroes_glossary"), (100, 30)),
}
