"""The board game's combat dice and experience re-rolls (engine/board_dice.py) beside the classic rules: the pair
table, the odds the strike dialog shows, experience as no bonus, the bots' re-roll rule, and board-game games played
to their end by the bots."""

from __future__ import annotations

from collections import Counter

import pytest

from berserk_tui.bot.greedy import GreedyBot
from berserk_tui.bot.reroll import KEEP, REROLL, reroll_choice
from berserk_tui.bot.strong import StrongBot
from berserk_tui.engine import GameState, Rules, apply
from berserk_tui.engine import dice as d
from berserk_tui.engine.actions import Roll, Strike
from berserk_tui.engine.board_dice import RerollDecision
from berserk_tui.engine.boardgame import BOARDGAME_RULEBOOK
from berserk_tui.engine.odds import strike_odds
from berserk_tui.engine.rolls import fight_roll_bonus, strike_roll_bonus
from berserk_tui.engine.rulebook import CLASSIC_RULEBOOK, Rulebook
from berserk_tui.engine.state import Decision
from berserk_tui.games import RULE_SETS
from berserk_tui.scenario.build import Scenario, build
from berserk_tui.sim import play_game
from tests.engine.strike_play import DB, card


def battle(book: Rulebook, *cards: dict) -> tuple[GameState, dict[str, int]]:
    game_def = next(g for g in RULE_SETS.values() if g.rulebook is book)
    built = build(Scenario("dice", "", [], {"first": 0}, list(cards), [], []), DB, game_def)
    return built.state, built.labels


def test_the_pair_table() -> None:
    """The black die decides (1–4 lands, 5 both miss, 6 a weak counter), the white die gives the strength."""
    pairs = Counter(d.symbol_fight(w, b) for w in range(1, 7) for b in range(1, 7))
    assert pairs == {(d.WEAK, d.NONE): 12, (d.MEDIUM, d.NONE): 8, (d.STRONG, d.NONE): 4,
                     (d.NONE, d.NONE): 6, (d.NONE, d.WEAK): 6}
    assert [d.black_face(b) for b in (0, 1, 4, 5, 6, 7)] == ["sword", "sword", "sword", "cross", "fist", "fist"]
    assert d.symbol_fight(7, 0) == (d.STRONG, d.NONE) and d.clamped(7) == 6 and d.clamped(-1) == 1


def test_the_odds_of_a_fight_follow_the_rule_set() -> None:
    """Лирайн at an open Лирайн: the board game's 36 pairs, no exchange of blows; the classic hit table unchanged."""
    cards = (card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    state, labels = battle(BOARDGAME_RULEBOOK, *cards)
    odds = strike_odds(state, labels["A"], labels["T"])
    assert odds.fights and odds.total == 36 and not any(o.exchange for o in odds.outcomes)
    assert {(o.level, o.counter): o.chance for o in odds.outcomes} == {
        (d.WEAK, d.NONE): 12, (d.MEDIUM, d.NONE): 8, (d.STRONG, d.NONE): 4, (d.NONE, d.NONE): 6, (d.NONE, d.WEAK): 6}
    classic, labels = battle(CLASSIC_RULEBOOK, *cards)
    odds = strike_odds(classic, labels["A"], labels["T"])
    assert any(o.exchange for o in odds.outcomes)
    assert (d.NONE, d.MEDIUM) in {(o.level, o.counter) for o in odds.outcomes}


def test_experience_is_a_bonus_only_in_the_classic_rules() -> None:
    """Змееглав (опыт в атаке 1, в защите 1): +1 to its dice in the classic game, nothing in the board game."""
    cards = (card("Змееглав", 0, "c3", "A"), card("Змееглав", 1, "c4", "T"))
    for book, bonus in ((CLASSIC_RULEBOOK, 1), (BOARDGAME_RULEBOOK, 0)):
        state, labels = battle(book, *cards)
        assert strike_roll_bonus(state, labels["A"], labels["T"]) == bonus
        assert fight_roll_bonus(state, labels["T"]) == bonus


def test_the_classic_rulebook_has_no_reroll() -> None:
    assert "reroll" not in CLASSIC_RULEBOOK.records and "offer_reroll" not in CLASSIC_RULEBOOK.tasks
    assert BOARDGAME_RULEBOOK.records["reroll"] is RerollDecision
    assert CLASSIC_RULEBOOK.tasks["strike_result"].__module__ == "berserk_tui.engine.strike"


@pytest.mark.parametrize(("die", "value", "choice"), [
    ("white", 1, REROLL), ("white", 3, REROLL), ("white", 4, KEEP), ("white", 6, KEEP),
    ("black", 1, REROLL), ("black", 4, REROLL), ("black", 5, KEEP), ("black", 6, KEEP),
])
def test_the_bots_reroll_only_the_worst_result(die: str, value: int, choice: object) -> None:
    state, _ = battle(BOARDGAME_RULEBOOK, card("Лирайн", 0, "c3", "A"))
    state.pending = Decision(0, "reroll", RerollDecision(0, die, value, value, 1, 0))
    assert reroll_choice(state) == choice


@pytest.mark.parametrize(("p1", "p2", "games"), [("random", "random", 6), ("greedy", "random", 1)])
def test_board_game_games_end_and_the_players_reroll(p1: str, p2: str, games: int) -> None:
    """Bots play board-game games to the end; experience re-rolls are offered and taken, no reduction is asked."""
    bg = RULE_SETS["boardgame"]
    kinds: Counter[str] = Counter()
    for index in range(games):
        game, _ = play_game(DB, None, 39, index, p1, p2, Rules(rulebook=bg.rulebook, turn_limit=40), game_def=bg)
        assert game.over
        kinds.update(e.kind for e in game.log)
    assert kinds["die_rerolled"] + kinds["die_kept"] > 0
    assert kinds["reduced"] == kinds["not_reduced"] == 0


@pytest.mark.parametrize(("lang", "white", "black"), [
    ("ru", "Перебросить (опыт, осталось 2)?", "Белый кубик — 6, сильный удар. "),
    ("en", "Re-roll it (experience, 2 left)?", "The white die shows 6, strong strike. "),
])
def test_the_reroll_decision_is_described(lang: str, white: str, black: str) -> None:
    """Every decision kind of the board game says what is asked and what each answer does; a black die's
    question names the white die it answers."""
    state, labels = battle(BOARDGAME_RULEBOOK, card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    describer = RULE_SETS["boardgame"].describer
    state.pending = Decision(0, "reroll", RerollDecision(labels["A"], "white", 2, 2, 2, 0))
    text = describer(state, lang).decision()
    assert text.endswith(white) and "2" in text, text
    assert [describer(state, lang).action(a) for a in (KEEP, REROLL)] == (
        ["Оставить 2", "Перебросить"] if lang == "ru" else ["Keep 2", "Re-roll"])
    state.pending = Decision(1, "reroll", RerollDecision(labels["T"], "black", 5, 5, 1, 0, white=6))
    text = describer(state, lang).decision()
    assert text.startswith(black) and ("✕" in text), text


def test_greedy_and_strong_take_the_reroll_by_rule() -> None:
    """Тролль's weak white die is re-rolled, Лирайн's «крест» kept, by both searching bots, without a search."""
    state, labels = battle(BOARDGAME_RULEBOOK, card("Тролль", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    for bot in (GreedyBot(1), StrongBot(1)):
        state.pending = Decision(0, "reroll", RerollDecision(labels["A"], "white", 2, 2, 1, 0))
        assert bot(state, [KEEP, REROLL]) == REROLL
        state.pending = Decision(1, "reroll", RerollDecision(labels["T"], "black", 5, 5, 1, 0, white=6))
        assert bot(state, [KEEP, REROLL]) == KEEP


def test_no_reroll_is_offered_for_a_die_whose_value_is_set() -> None:
    """A «next roll» effect sets Тролль's die to 1 (Предвестник неудачи): re-rolling would change nothing, so
    its опыт в атаке is not offered; the die reads 1, a weak hit."""
    state, labels = battle(BOARDGAME_RULEBOOK, card("Тролль", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    state.cards[labels["A"]].next_roll = 1
    events = apply(state, Strike(labels["A"], labels["T"]))
    events += apply(state, Roll(6))
    assert state.pending.kind == "roll"          # the black die next, no re-roll asked
    events += apply(state, Roll(1))
    hit = next(e.data for e in events if e.kind == "hit")
    assert (hit["level"], hit["counter"]) == ("weak", "none")
    assert not any(e.kind in ("die_rerolled", "die_kept") for e in events)
