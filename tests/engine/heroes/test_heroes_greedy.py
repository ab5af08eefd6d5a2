"""The greedy bot of «Берсерк. Герои» spends nothing for nothing (rules decision 963): it does not heal when nothing
is wounded, it judges a spell by the target it will choose, and it does not play a spell that can only hurt its own
side just because ending the turn shows the opponent's next coin and card; what poison and a stun do is valued, so
it still poisons and stuns."""

from __future__ import annotations

from berserk_tui.bot.heroes import HeroesGreedy, greedy
from berserk_tui.bot.heroes.evaluate import evaluate
from berserk_tui.engine.actions import EndTurn, Roll, Shuffle
from berserk_tui.engine.heroes import apply, legal_actions, new_game
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan, Play, Target, Use
from berserk_tui.engine.heroes.state import HeroesRules, HeroesState
from berserk_tui.engine.heroes.view import view
from berserk_tui.engine.state import CHANCE
from berserk_tui.games.heroes import HEROES

from .helpers import put

DB = HEROES.load_db()
DECKS = {d.hero: d for d in HEROES.prebuilt_decks(DB)}
MOUNTAIN, STEPPE, SWAMP = "h9002", "h9001", "h9004"   # Старейшина рудника: heal 2; Болотный ведун: poison 1 for 4
THUNDER = "h7049"       # Раскат грома: 1 coin, ранить существо на 3
SHACKLES = "h7047"      # Призрачные оковы: 2 coins, оглушить существо (a stunned one is destroyed)
SCOUT = "h7032"         # Гном-разведчик: a mountain creature, 3 lives
REACTOR = "h7058"       # Биореактор: a 4-coin event (its modules come when a creature of its side dies)


def _main(coins: int, hero: str = MOUNTAIN) -> HeroesState:
    """Seat 0 (`hero`'s prebuilt deck, against the steppe deck) at its first main decision with `coins` open coins,
    an empty hand and nobody in play or wounded."""
    state, _ = new_game(DB, [DECKS[hero].ids, DECKS[STEPPE].ids], HeroesRules())
    apply(state, Roll(1))
    apply(state, FirstPlayer(0))
    while state.pending.player == CHANCE:
        apply(state, Shuffle(7))
    apply(state, Mulligan(()))
    apply(state, Mulligan(()))
    for p in state.players:
        for uid in p.hand:
            state.cards[uid].zone = "grave"
        p.grave, p.hand = p.grave + p.hand, ()
    state.players[0].coins, state.players[0].closed = coins, 0
    assert state.pending.kind == "main" and state.pending.player == 0
    return state


def _choice(state: HeroesState) -> object:
    return HeroesGreedy(1)(view(state, 0), legal_actions(state))


def test_it_does_not_heal_when_nothing_is_wounded() -> None:
    state = _main(3)
    heal = Use(state.players[0].hero, 0, -1)
    assert heal in legal_actions(state)
    assert _choice(state) == EndTurn()


def test_it_heals_its_wounded_hero() -> None:
    state = _main(3)
    hero = state.players[0].hero
    state.cards[hero].wounds = 4
    assert _choice(state) == Use(hero, 0, -1)
    apply(state, Use(hero, 0, -1))
    assert _choice(state) == Target(hero)


def test_a_spell_is_judged_by_its_target() -> None:
    state = _main(1)
    spell = put(state, 0, THUNDER, "hand")
    enemy = put(state, 1, SCOUT)            # 3 lives: the spell kills it
    bot = HeroesGreedy(1)
    seen = view(state, 0)
    assert bot.value(seen, 0, Play(spell)) > evaluate(seen, 0)
    assert _choice(state) == Play(spell)
    apply(state, Play(spell))
    assert _choice(state) == Target(enemy)


def test_a_spell_that_can_only_hurt_its_own_side_stays_in_hand() -> None:
    state = _main(1)
    spell = put(state, 0, THUNDER, "hand")
    put(state, 0, SCOUT, entered=True)      # the only creature in play is its own (it cannot strike yet)
    assert Play(spell) in legal_actions(state)
    assert _choice(state) == EndTurn()


def test_it_poisons_an_enemy_creature() -> None:
    state = _main(4, SWAMP)
    enemy = put(state, 1, SCOUT)
    hero = state.players[0].hero
    assert _choice(state) == Use(hero, 0, -1)
    apply(state, Use(hero, 0, -1))
    assert _choice(state) == Target(enemy)


def test_it_stuns_an_open_enemy_creature() -> None:
    state = _main(2)
    spell = put(state, 0, SHACKLES, "hand")
    put(state, 1, SCOUT)
    assert _choice(state) == Play(spell)


def test_it_plays_an_event_it_can_pay_for() -> None:
    state = _main(4)
    event = put(state, 0, REACTOR, "hand")
    assert _choice(state) == Play(event)


def test_a_line_that_brings_an_unseen_card_into_play_is_judged_as_nothing(monkeypatch) -> None:  # noqa: ANN001
    state = _main(3)
    hero = state.players[0].hero
    state.cards[hero].wounds = 4
    seen = view(state, 0)

    def unseen_enters(trial: HeroesState, seat: int) -> None:     # as the opponent's hidden card played on the way
        put(trial, 1, None)    # type: ignore[arg-type]

    monkeypatch.setattr(greedy, "settle", unseen_enters)
    assert HeroesGreedy(1).value(seen, 0, Use(hero, 0, -1)) == evaluate(seen, 0)
