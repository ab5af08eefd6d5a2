"""Rule points of «Берсерк. Герои» that the set files cannot show yet (fixture cards): equipment replacing its kind,
the once-per-turn trigger limit, the inactive player's triggers before the active player's, «X раз за ход»,
«до конца хода», Регенерация, the turn limit, both heroes dying at once."""

from __future__ import annotations

from berserk_tui.engine.actions import Choose, EndTurn, Strike, Use
from berserk_tui.engine.heroes import apply, legal_actions
from berserk_tui.engine.heroes.actions import Play
from berserk_tui.engine.heroes.main import MainDecision
from berserk_tui.engine.heroes.state import HeroesRules
from berserk_tui.engine.heroes.zones import settle, wound
from berserk_tui.engine.seats import DRAW

from .helpers import put, started


def test_equipment_replaces_equipment_of_its_kind_only() -> None:
    state = started()
    state.players[0].coins = 5
    sword, axe, shield = (put(state, 0, cid, "hand") for cid in ("t08", "t09", "t10"))
    apply(state, Play(sword))
    apply(state, Play(shield))
    assert state.players[0].support == (sword, shield)
    apply(state, Play(axe))
    assert state.players[0].support == (shield, axe) and state.cards[sword].zone == "grave"


def test_a_trigger_fires_once_a_turn_unless_every() -> None:
    state = started()
    state.players[0].coins = 5
    guard, listener = put(state, 1, "t15"), put(state, 1, "t14")    # Сторож once, Слушатель every time
    for _ in range(3):
        apply(state, Play(put(state, 0, "t03", "hand")))
        while state.pending.kind == "order":       # both heard the first card: seat 1 orders them
            apply(state, Choose(0))
    assert state.cards[guard].wounds == 1 and state.cards[listener].wounds == 3


def test_the_inactive_players_triggers_go_first_then_the_active_players_in_their_order() -> None:
    state = started()
    reader = put(state, 0, "t13")                                    # Книжник: draws at its own turn's start
    healers = put(state, 1, "t17"), put(state, 1, "t17")            # Лекарь: heals its hero on its own draw
    state.cards[state.players[1].hero].wounds = 5
    apply(state, EndTurn())                                          # seat 1's turn: its draw sets off both
    assert state.pending.kind == "order" and state.pending.player == 1
    assert [i[0] for i in state.pending.data.items] == list(healers)
    ev = apply(state, Choose(1))
    fired = [e.data["uid"] for e in ev if e.kind == "triggered"]
    assert fired == [healers[1], healers[0]]
    assert state.cards[state.players[1].hero].wounds == 3
    ev = apply(state, EndTurn())                                     # seat 0's turn: its Книжник draws
    assert [e.data["uid"] for e in ev if e.kind == "triggered"] == [reader]


def test_simultaneous_triggers_of_both_seats_resolve_the_inactive_seat_first() -> None:
    state = started()
    reader = put(state, 0, "t13")                # seat 0's Книжник: draws at the start of seat 0's turns
    watcher = put(state, 1, "t20")               # seat 1's Дозорный: wounds seat 0's hero as they start
    apply(state, EndTurn())
    ev = apply(state, EndTurn())                 # seat 0's turn starts: seat 1 (inactive) first
    assert [e.data["uid"] for e in ev if e.kind == "triggered"] == [watcher, reader]
    assert [e.kind for e in ev if e.kind in ("wounded", "drew")][-2:] == ["wounded", "drew"]


def test_x_times_a_turn() -> None:
    state = started()
    state.players[0].coins = 9
    hero = state.players[0].hero
    ability = {"type": "activated", "cost": {"coins": 1}, "limit": 2, "effect": {"op": "draw", "amount": 1}}
    state.db = {**state.db, "t01": _with(state.db["t01"], ability)}
    assert Use(hero, 0, -1) in legal_actions(state)
    apply(state, Use(hero, 0, -1))
    apply(state, Use(hero, 0, -1))
    assert Use(hero, 0, -1) not in legal_actions(state)
    apply(state, EndTurn())
    apply(state, EndTurn())
    assert Use(hero, 0, -1) in legal_actions(state)


def test_until_the_end_of_the_turn() -> None:
    state = started()
    rat = put(state, 0, "t03")
    state.cards[rat].modifiers = (("attack", 3, state.turn), ("health", 2, -1))
    apply(state, Strike(rat, state.players[1].hero))
    assert state.cards[state.players[1].hero].wounds == 4
    apply(state, EndTurn())
    assert state.cards[rat].modifiers == (("health", 2, -1),)


def test_regeneration_heals_at_the_end_of_its_controllers_turn() -> None:
    state = started()
    bear = put(state, 0, "t05")
    state.cards[bear].modifiers = (("regen", 2, -1),)
    state.cards[bear].wounds = 3
    apply(state, EndTurn())
    assert state.cards[bear].wounds == 1


def test_the_turn_limit_stalls_the_game_as_a_draw() -> None:
    state = started(rules=HeroesRules(turn_limit=3))
    for _ in range(3):
        apply(state, EndTurn())
    assert state.over and state.winner == DRAW and state.stalled


def test_both_heroes_dying_at_once_is_a_draw() -> None:
    state = started()
    for p in state.players:
        wound(state, [], p.hero, 20, p.hero)
    settle(state, [])
    assert state.winner == DRAW


def test_a_creature_can_defend_on_the_turn_it_entered() -> None:
    state = started()
    wolf = put(state, 0, "t04")
    fresh = put(state, 1, "t05", entered=True)
    state.cards[fresh].entered = state.turn
    apply(state, Strike(wolf, state.players[1].hero))
    assert state.pending.kind == "defend" and state.pending.data.options == (fresh,)


def test_no_strike_at_own_characters_and_a_closed_creature_does_not_strike() -> None:
    state = started()
    wolf = put(state, 0, "t04")
    listed = MainDecision.legal(state)
    assert Strike(wolf, state.players[0].hero) not in listed and Strike(wolf, state.players[1].hero) in listed
    state.cards[wolf].closed = True
    assert not [a for a in legal_actions(state) if type(a) is Strike]


def _with(card, ability):  # type: ignore[no-untyped-def]
    from dataclasses import replace
    return replace(card, abilities=(ability,))


def test_a_creature_taken_under_control_acts_next_turn_and_dies_into_its_owners_graveyard() -> None:
    from berserk_tui.engine.heroes.zones import take_control, to_grave
    state = started()
    bear = put(state, 1, "t05")
    take_control(state, [], bear, 0)
    assert bear in state.players[0].play and bear not in state.players[1].play
    assert not [a for a in legal_actions(state) if type(a) is Strike and a.uid == bear]
    apply(state, EndTurn())
    wolf = put(state, 1, "t04")
    apply(state, Strike(wolf, state.players[0].hero))
    assert state.pending.kind == "defend" and bear in state.pending.data.options
    to_grave(state, [], bear, cause="destroyed")
    assert bear in state.players[1].grave and state.cards[bear].owner == 1


def test_cards_back_to_hand_and_deck_and_out_of_the_deck() -> None:
    from berserk_tui.engine.heroes.zones import from_deck, to_deck, to_hand
    state = started()
    bear = put(state, 0, "t05")
    to_hand(state, [], bear)
    assert bear in state.players[0].hand and state.cards[bear].zone == "hand"
    size = len(state.players[0].deck)
    to_deck(state, [], bear, top=True)
    assert state.players[0].deck[0] == "t05" and len(state.players[0].deck) == size + 1
    got = from_deck(state, 0, "t05")
    assert state.cards[got].card_id == "t05" and len(state.players[0].deck) == size
    assert from_deck(state, 0, "t02") == -1


def test_a_created_card_goes_back_to_the_reserve() -> None:
    from dataclasses import replace

    from berserk_tui.engine.heroes.zones import to_hand
    state = started()
    state.db = {**state.db, "t03": replace(state.db["t03"], keywords={"created": 1})}
    rat = put(state, 0, "t03")
    to_hand(state, [], rat)
    assert state.cards[rat].zone == "supply" and rat not in state.players[0].hand


def _effect_of_hero(state, effect):  # type: ignore[no-untyped-def]
    """Run `effect` as an ability of seat 0's hero and return the events."""
    from berserk_tui.engine.core import advance, push
    from berserk_tui.engine.heroes.ops.run import start
    from berserk_tui.engine.heroes.ops.table import Ctx
    from berserk_tui.engine.state import NO_DECISION
    ability = {"type": "activated", "cost": {"coins": 0}, "effect": effect}
    state.db = {**state.db, "t01": _with(state.db["t01"], ability)}
    state.pending = NO_DECISION
    push(state, ("main",))
    start(state, Ctx(state.players[0].hero, 0, 0, ()))
    ev: list = []
    advance(state, ev)
    return ev


def test_a_composite_ability_stops_where_a_chosen_target_is_missing() -> None:
    state = started()
    hand = len(state.players[0].hand)
    ev = _effect_of_hero(state, [{"op": "wound", "target": "enemy_creature", "amount": 1},
                                 {"op": "draw", "amount": 1}])
    assert len(state.players[0].hand) == hand and any(e.kind == "interrupted" for e in ev)


def test_a_part_on_no_card_or_a_skippable_part_does_not_stop_it() -> None:
    state = started()
    hand = len(state.players[0].hand)
    _effect_of_hero(state, [{"op": "wound", "target": "each_enemy_creature", "amount": 1},
                            {"op": "wound", "target": "enemy_creature", "amount": 1, "optional": True},
                            {"op": "draw", "amount": 1}])
    if state.pending.kind == "confirm":
        apply(state, Choose(1))
    assert len(state.players[0].hand) == hand + 1
