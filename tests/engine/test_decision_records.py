"""Each decision kind carries its data as a named record: the NamedTuple its kind registers (`core.decision`) or,
for the machine's own kinds, `state.MACHINE_RECORDS`. A state pending on any kind comes back from its encoding
with the same record type, the same data and the same hash; no record or task holds JSON text."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from berserk_tui.engine import CHANCE, Game, GameState, Rules, apply, legal_actions, view
from berserk_tui.engine.actions import Action, Reveal
from berserk_tui.engine.core import Events
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.rulebook import CLASSIC_RULEBOOK
from berserk_tui.engine.rules import draw
from berserk_tui.engine.state import MACHINE_RECORDS
from berserk_tui.games.classic import Classic
from berserk_tui.scenario.runner import run_file
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import CardDB, load_all, load_set

TESTS = Path(__file__).parents[1]
REAL = load_all()
# the test-only cards of set 99, for the keyword scenarios
DB = CardDB({**{sid: (name, list(cards)) for sid, (name, cards) in REAL.sets().items()},
             99: ("Тестовые карты", load_set(TESTS / "keywords" / "test_cards.toml"))})

# a scenario that reaches each decision kind (choose_order and reveal: the playouts below)
SCENARIOS = {
    "ambush": "scenarios/cards/watcher_ambush_cell.toml",
    "amount": "scenarios/cards/fire_swallower_breathe_fire.toml",
    "move_wounds": "scenarios/set10/swamp/osklizg_elixirs_move_wounds.toml",
    "peek": "scenarios/set10/neutral/lazutchica_two_elite_discount.toml",
    "forced_strike": "scenarios/set10/swamp/shaman_hypnosis_forced_strike.toml",
    "fill_vacated": "scenarios/set10/swamp/deti_topi_block_jump_fill.toml",
    "blast_cell": "scenarios/cards/balamut_quake.toml",
    "by_order": "scenarios/cards/dzhinn_dzara_three_wishes.toml",
    "cell_marker": "scenarios/cards/portal_master_strike_from_portal.toml",
    "choose_effect": "scenarios/cards/hramovnik_concentration_move.toml",
    "confirm": "scenarios/cards/harpy_push_declined.toml",
    "cost_x": "scenarios/set10/steppe/pustotnik_shield_x_turns.toml",
    "dash": "scenarios/cards/horse_archer_no_dash_no_shot.toml",
    "deploy": "scenarios/cards/novice_chip_when_second.toml",
    "diagonal": "scenarios/cards/priestess_blizzard_diagonal.toml",
    "displace": "scenarios/cards/rusalka_concentration_displace.toml",
    "fire_wall": "scenarios/cards/dragon_wall_of_fire.toml",
    "flight_ends": "scenarios/cards/dragon_rider_flight_until_end_of_turn.toml",
    "incarnate": "scenarios/cards/povodyr_incarnation_gate.toml",
    "jump": "scenarios/cards/gloa_jump_instead_of_regen.toml",
    "jump_near": "scenarios/cards/snow_leopard_pounce.toml",
    "land": "scenarios/cards/mikael_strike_from_heaven.toml",
    "main": "scenarios/cards/thief_through_row.toml",
    "mark_cell": "scenarios/set10/dark/demon_zhadnosti_gates_teleport.toml",
    "move_to_marker": "scenarios/set10/dark/demon_zhadnosti_gates_teleport.toml",
    "shift_marker": "scenarios/set10/dark/skeletny_cherv_tremor_incarnation.toml",
    "inc_token": "scenarios/set10/dark/lilit_eiderik_mill_demon_token.toml",
    "pick_roll": "scenarios/cards/scoundrels_bay_tavern_brawl.toml",
    "roll_respond": "scenarios/set10/neutral/lovets_udachi_luck.toml",
    "scry": "scenarios/set10/neutral/vedunya_ordena_scry.toml",
    "rearrange": "scenarios/set10/neutral/sledopyt_after_deploy.toml",
    "prophecy": "scenarios/cards/slowpoke_prophecy_summons_companion.toml",
    "pull": "scenarios/cards/chaos_serpent_grip.toml",
    "purchase": "scenarios/cards/ammakh_discount_with_symbiont.toml",
    "redirect_next": "scenarios/cards/jacques_young_wine_redirect.toml",
    "redirect_attack": "scenarios/set10/mountain/beshenyy_mag_magic_trick.toml",
    "choose_number": "scenarios/set10/mountain/tsenturion_ram.toml",
    "confirm_steps": "scenarios/set10/mountain/iskatel_tayn_prophecy_flight.toml",
    "reduce": "scenarios/cards/duelist_reflect_exchange.toml",
    "rescue": "scenarios/cards/old_vail_rescues_parasite.toml",
    "respond": "scenarios/cards/colossus_no_exchange_closes.toml",
    "respond_special": "scenarios/cards/predvestnik_once_per_turn.toml",
    "revive": "scenarios/cards/golden_dragon_clutch_revives_egg.toml",
    "seat": "scenarios/cards/elmor_seats_own_parasite.toml",
    "show_gain": "scenarios/set10/steppe/degaska_learns_strong_strike.toml",
    "square": "scenarios/cards/gurr_shaman_spore_cloud.toml",
    "stack_deck": "scenarios/cards/tactician_ihve_stacks_shown_card.toml",
    "step_target": "scenarios/cards/kseddan_follows_teleport.toml",
    "summon": "scenarios/cards/stigrador_kill_no_stigrador_in_deck.toml",
    "summon_cell": "scenarios/cards/golden_dragon_clutch_summons_egg.toml",
    "target": "scenarios/cards/cleric_bless_declined.toml",
    "teleport_pull": "scenarios/cards/chaos_serpent_grip.toml",
    "upgrade": "scenarios/cards/torturer_medium_to_strong.toml",
    "vanguard": "keywords/scenarios/vanguard_strikes_at_battle_start.toml",
}
PLAYED = ("choose_order", "reveal")


def check_round_trip(state: GameState) -> None:
    """The state comes back from its encoding with the record type of its kind, the same data and hash."""
    pending = state.pending
    book = state.rules.rulebook
    assert type(pending.data) is (MACHINE_RECORDS.get(pending.kind) or book.records[pending.kind]), pending
    back = GameState.from_bytes(state.to_bytes(), state.db, book)
    assert type(back.pending.data) is type(pending.data)
    assert back.pending == pending and back.tasks == state.tasks
    assert back.state_hash() == state.state_hash()
    for value in (*pending.data, *(arg for t in state.tasks for arg in t)):
        assert not _is_json_text(value), (pending, state.tasks)


def _is_json_text(value: Any) -> bool:
    if not isinstance(value, str) or value[:1] not in ("{", "["):
        return False
    try:
        json.loads(value)
    except ValueError:
        return False
    return True


def probe_book() -> tuple[Any, Counter[str]]:
    """A rulebook derived from the classic one that checks the round trip before each decision is answered,
    and the count of the decisions of each kind it saw."""
    book = CLASSIC_RULEBOOK.derive("records-probe")
    seen: Counter[str] = Counter()

    def probing(kind: str, answer: Any) -> Any:
        def apply_checked(state: GameState, action: Action, ev: Events) -> None:
            check_round_trip(state)
            seen[kind] += 1
            answer(state, action, ev)
        return apply_checked

    for kind, answer in list(book.apply.items()):
        book.apply[kind] = probing(kind, answer)
    return book, seen


def test_every_decision_kind_declares_a_named_record() -> None:
    book = CLASSIC_RULEBOOK
    assert set(book.records) == set(book.legal) == set(book.apply)
    assert not set(book.records) & set(MACHINE_RECORDS)
    for kind, record in book.records.items():
        assert issubclass(record, tuple) and isinstance(record._fields, tuple), kind     # a NamedTuple
        assert kind == record.KIND and book.legal[kind] is record.legal and book.apply[kind] is record.apply
    for record in MACHINE_RECORDS.values():
        assert issubclass(record, tuple) and isinstance(record._fields, tuple)
    assert set(SCENARIOS) | set(PLAYED) == set(book.records)


def test_a_record_belongs_to_one_kind() -> None:
    record = CLASSIC_RULEBOOK.records["dash"]
    with pytest.raises(ValueError, match="dash"):
        CLASSIC_RULEBOOK.derive("other").decision("dash_again")(record)


@pytest.mark.parametrize("kind", sorted(SCENARIOS))
def test_a_state_pending_on_each_kind_round_trips(kind: str) -> None:
    book, seen = probe_book()
    assert run_file(TESTS / SCENARIOS[kind], DB, Classic("records-probe", book)) == []
    assert seen[kind] > 0, f"{SCENARIOS[kind]} no longer reaches a {kind!r} decision"


@pytest.mark.parametrize("seed", [3, 8])
def test_played_decisions_round_trip_on_both_engines(seed: int) -> None:
    """A random game from the order roll, and beside it the engine of the first seat that does not know the
    opponent's cards (it asks for their reveals): every decision and chance node round-trips."""
    book, seen = probe_book()
    rng = random.Random(seed)
    decks = builtin_decks(REAL, RECORDED_SETS)
    game = Game.start(REAL, (list(decks[0].cards), list(decks[1].cards)), SeededSource(seed), Rules(rulebook=book))
    while not (game.state.phase == "deploy" and game.state.pending.player != game.state.first):
        check_round_trip(game.state)
        game.step(rng.choice(game.legal_actions()))
    truth = game.state
    partial = view(truth, truth.first)
    for _ in range(300):
        if truth.over:
            break
        action = draw(truth, game.rng) if truth.pending.player == CHANCE else rng.choice(legal_actions(truth))
        for engine in (truth, partial):
            check_round_trip(engine)
            apply(engine, action)
        while partial.pending.kind == "reveal":     # the probe checks it as it is answered
            apply(partial, Reveal(partial.pending.data.uid, truth.cards[partial.pending.data.uid].card_id))
    assert seen["choose_order"] and seen["reveal"] and seen["main"]
