"""Hidden information of the set-10 neutral cards in a network game: what a seat's view shows of them, and the
engine that cannot see the owner's deck following the owner in lockstep (`scry`, Ведунья Ордена)."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.describe import Describer
from berserk_tui.engine import GameState, apply, legal_actions, public_view, view
from berserk_tui.engine.actions import Reveal, Show
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.scenario.commands import parse_command

from .duel import DB, DECKS, Duel
from .test_deck_hidden import _hide_deck, _settle

NEUTRAL = Path(__file__).parents[1] / "scenarios" / "set10" / "neutral"


def test_scry_keeps_the_deck_hidden_and_the_blind_engine_in_lockstep() -> None:
    scn = load_scenario(NEUTRAL / "vedunya_ordena_scry.toml")
    built = build(scn, DB)
    truth, labels = built.state, built.labels
    blind = _hide_deck(truth, 0)
    saw_scry = False
    for step in scn.steps:
        action = parse_command(truth, labels, step["do"])
        assert truth.pending == blind.pending
        if truth.pending.kind == "scry":
            saw_scry = True
            assert legal_actions(truth) == legal_actions(blind)        # asked on public facts only
            mine, theirs = view(truth, 0), view(truth, 1)
            top = [DB.cards[c].name for c in mine.players[0].deck[:3]]
            assert top == ["Горбун", "Стиградор", "Лирайн"]              # the owner sees the cards he looks at
            assert set(theirs.players[0].deck) == {None}                  # the opponent sees none of them
            assert "Стиградор" in Describer(mine, "ru").decision()
            assert "Стиградор" not in Describer(theirs, "ru").decision()
        for state in (truth, blind):
            apply(state, action)
            _settle(state, list(step.get("dice", [])))
        assert public_view(truth).state_hash() == public_view(blind).state_hash(), step["do"]
    assert saw_scry
    assert [DB.cards[c].name for c in truth.players[0].deck][:2] == ["Лирайн", "Горбун"]
    assert sorted(view(truth, 0).players[0].deck) == list(view(truth, 0).players[0].deck)   # order hidden again


def _blind_to(state: GameState, seat: int) -> GameState:
    """The position as `seat`'s engine holds it in a network game: the other seats' squads and decks unknown."""
    twin = state.clone()
    for other in range(twin.seats.count):
        if other != seat:
            for uid in twin.players[other].squad:
                twin.cards[uid].card_id = None
            twin.players[other].deck = (None,) * len(twin.players[other].deck)
    return twin


def test_the_tracker_reveals_only_what_the_rules_reveal_and_the_blind_engines_follow() -> None:
    """Следопыт (177): the other seat's engine cannot know which face-down card declares «после расстановки», so
    the owner's declaration (`Target`) is offered for every hidden card; the tracker and the opponent's first row
    are revealed before the rearrangement, the rest stays hidden from the other seat until the general reveal."""
    scn = load_scenario(NEUTRAL / "sledopyt_after_deploy.toml")
    built = build(scn, DB)
    truth, labels = built.state, built.labels
    blind = [_blind_to(truth, 0), _blind_to(truth, 1)]
    for step in scn.steps:
        action = parse_command(truth, labels, step["do"])
        if truth.pending.kind == "deploy" and truth.pending.player == 0:
            assert set(legal_actions(truth)) <= set(legal_actions(blind[1]))   # the blind side allows it
        for state in (truth, *blind):
            apply(state, action)
            while state.pending.kind == "reveal":             # the owner's peer discloses the identity
                uid = state.pending.data.uid
                apply(state, Reveal(uid, truth.cards[uid].card_id))
        if truth.pending.kind == "rearrange":
            theirs, mine = view(truth, 1), view(truth, 0)
            hidden = [u for u in truth.players[0].squad if DB.cards[truth.cards[u].card_id].name != "Следопыт"]
            assert all(theirs.cards[u].card_id is None for u in hidden)     # not revealed by the tracker
            assert [DB.cards[theirs.cards[u].card_id].name for u in truth.players[0].squad if u not in hidden] \
                == ["Следопыт"]
            front = truth.geo.own_rows(truth.place(1))[0]
            back = [u for u in truth.players[1].squad if truth.geo.row_of(truth.cards[u].cell) != front]
            assert back and all(mine.cards[u].card_id is None for u in back)    # only the first row is shown
            assert legal_actions(truth) == legal_actions(blind[0]) == legal_actions(blind[1])
        assert public_view(truth).state_hash() == public_view(blind[0]).state_hash() == \
            public_view(blind[1]).state_hash(), step["do"]
    assert truth.pending.kind == "main" and all(not c.face_down for c in truth.cards if c.zone == "board")


def _blind_purchase(state: GameState, seat: int) -> GameState:
    """The purchase as `seat`'s engine holds it: the other seat's deck, deal and bought-from deal unknown."""
    twin = state.clone()
    other = twin.players[1 - seat]
    other.deck, other.deal, other.dealt = ((None,) * len(x) for x in (other.deck, other.deal, other.dealt))
    return twin


@pytest.mark.parametrize(("name", "spy", "seen"), [
    ("lazutchica_two_elite_discount", 0, ["Вольный воитель", "Стиградор"]),
    ("lazutchica_after_opponent_bought", 1, ["Стиградор", "Лирайн"]),
])
def test_the_spy_sees_the_opponent_deal_alone_and_the_blind_engines_follow(name: str, spy: int,
                                                                          seen: list[str]) -> None:
    """Лазутчица (187): the shown card is public, the cards of the opponent's deal she looks at are shown only to
    her owner; each seat's engine (the other seat's deck and deals unknown) follows in lockstep, the opponent's
    reveals (`FromDeck`) are legal in the spy owner's blind engine, and the real ones the only legal ones."""
    scn = load_scenario(NEUTRAL / f"{name}.toml")
    built = build(scn, DB)
    truth, labels = built.state, built.labels
    blind = [_blind_purchase(truth, 0), _blind_purchase(truth, 1)]
    peeks = 0
    for step in scn.steps:
        if "do" not in step:
            continue
        action = parse_command(truth, labels, step["do"])
        for state in blind:
            assert truth.pending == state.pending
            assert action in legal_actions(state), (step["do"], state is blind[0])
        if truth.pending.kind == "peek":
            peeks += 1
            assert legal_actions(truth) == [action]                 # the opponent's program has no choice
            assert legal_actions(blind[1 - spy]) == [action]        # nor in his own engine
        for state in (truth, *blind):
            apply(state, action)
            _settle(state, [])
        assert public_view(truth).state_hash() == public_view(blind[0]).state_hash() == \
            public_view(blind[1]).state_hash(), step["do"]
        if truth.players[spy].deal and truth.players[spy].peeked:      # the spy's purchase, after she was shown
            mine, theirs = view(truth, spy), view(truth, 1 - spy)
            looked = [DB.cards[c].name for c in mine.players[spy].peeked]
            assert looked == seen[:len(looked)]
            assert set(theirs.players[spy].peeked) == {None}      # the opponent's view does not show them
            shown = [DB.cards[c].name for c in theirs.players[spy].deal if c is not None]
            assert shown == ["Лазутчица"]                         # but it shows that she was shown
            if truth.pending.kind == "purchase" and len(looked) == 2:
                assert all(n in Describer(mine, "ru").decision() for n in seen)
    assert peeks == 2


@pytest.mark.parametrize("seed", [3, 8])
def test_a_network_game_with_the_spy_shown_verifies_on_both_sides(seed: int) -> None:
    """Two peers whose decks hold Лазутчица and whose players show her whenever they can: the batch ends with
    `Show`, the opponent's program reveals his deal cards, both engines stay equal to the full game seen from
    their seat, and at the end each side verifies the other's transcript."""
    spy = next(cid for cid, d in DB.cards.items() if d.name == "Лазутчица")
    duel = Duel(seed, ([spy] * 3 + DECKS[0][3:], [spy] * 3 + DECKS[1][3:]), check_views=True)
    for s in (0, 1):
        plain = duel.agents[s]
        duel.agents[s] = lambda v, legal, plain=plain: next((a for a in legal if isinstance(a, Show)), None) \
            or plain(v, legal)
    duel.play()
    assert all(p.result.verified for p in duel.peers)
    shown = [s for s in (0, 1) if any(isinstance(a, Show) for a in duel.peers[s].inputs)]
    assert shown, "nobody had her in the deal"
