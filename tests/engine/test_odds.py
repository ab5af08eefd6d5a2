"""`odds.strike_odds` against the engine itself: every pair of dice played through a real strike."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from berserk_tui.engine import CHANCE, GameState, apply
from berserk_tui.engine.actions import Choose, Pass, Roll, Strike
from berserk_tui.engine.dice import MEDIUM, NONE, STRONG, WEAK
from berserk_tui.engine.odds import UNKNOWN, Outcome, StrikeOdds, strike_odds
from berserk_tui.scenario.build import Scenario, build
from cards.loader import load_all

DB = load_all()


def board(*cards: dict[str, Any], active: int = 0) -> tuple[GameState, dict[str, int]]:
    """A battle state from [[card]] tables (as in a scenario file); seat `active` is at its main decision."""
    setup = {"first": 0, "active": active, "turn": 1 + active}
    built = build(Scenario("odds", "", [], setup, list(cards), [], []), DB)
    return built.state, built.labels


def card(name: str, owner: int, cell: str | None, label: str, **extra: Any) -> dict[str, Any]:
    spec = {"card": name, "owner": owner, "label": label, **extra}
    if cell is not None:
        spec["cell"] = cell
    return spec


def played(state: GameState, attacker: int, target: int, a: int, d: int) -> tuple[tuple, int]:
    """Strike through the engine with dice (a, d), everyone passing and keeping an exchange.

    Returns ((level, counter, exchange, damage, counter_damage), dice used); damage counts armor's share.
    """
    s = state.clone()
    ev = apply(s, Strike(attacker, target))
    dice, used, exchange = [a, d], 0, False
    while not any(e.kind == "hit" for e in ev):
        if s.pending.player == CHANCE:
            ev += apply(s, Roll(dice[used]))
            used += 1
        elif s.pending.kind == "respond":
            ev += apply(s, Pass())
        elif s.pending.kind == "reduce":
            exchange = True
            ev += apply(s, Choose(0))
        else:
            raise AssertionError(f"unexpected decision {s.pending}")
    hit = next(e.data for e in ev if e.kind == "hit")
    names = ("none", "weak", "medium", "strong")
    wounds: Counter[int] = Counter()
    for e in ev:
        key = (e.kind, e.data.get("kind"), e.data.get("reason"))
        if key in (("wounded", "strike", None), ("prevented", None, "armor")):
            wounds[e.data["uid"]] += e.data["amount"]
    row = (names.index(hit["level"]), names.index(hit["counter"]), exchange, wounds[target], wounds[attacker])
    return row, used


def brute_force(state: GameState, attacker: int, target: int) -> StrikeOdds:
    """The odds as the engine plays them, one strike per pair of dice."""
    results = {(a, d): played(state, attacker, target, a, d) for a in range(1, 7) for d in range(1, 7)}
    used = {u for _, u in results.values()}
    assert len(used) == 1
    fights = used == {2}
    rows = Counter(row for (a, d), (row, _) in results.items() if fights or d == 1)
    damage: dict[tuple, tuple] = {}
    for level, counter, exchange, dmg, cdmg in rows:
        assert damage.setdefault((level, counter, exchange), (dmg, cdmg)) == (dmg, cdmg)
    outcomes = tuple(Outcome(lv, ct, n, ex, dm, cd) for (lv, ct, ex, dm, cd), n in rows.items())
    return StrikeOdds(fights, 36 if fights else 6, tuple(sorted(outcomes, key=lambda o: (-o.level, o.counter))))


def assert_matches_engine(state: GameState, attacker: int, target: int) -> StrikeOdds:
    before = state.state_hash()
    odds = strike_odds(state, attacker, target)
    assert state.state_hash() == before, "strike_odds changed the state"
    assert sum(o.chance for o in odds.outcomes) == odds.total
    assert odds == brute_force(state, attacker, target)
    return odds


BOARDS = {
    "plain": ([card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T")], 0),
    "closed_target": ([card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T", closed=True)], 0),
    "ova_vs_armor": ([card("Храмовник", 0, "c3", "A"), card("Храмовник", 1, "c4", "T")], 0),
    "blessed_vs_cursed": ([card("Лирайн", 0, "c3", "A", blessed=True), card("Гиртан", 1, "c4", "T", cursed=True)], 0),
    "strongest_ova": ([card("Громила племени", 0, "c3", "A"), card("Лирайн", 1, "c4", "T")], 0),
    "bonus_vs_poisoned": ([card("Гиртан", 0, "c3", "A"), card("Сатир", 1, "c4", "T", poison=1)], 0),
    "forced_strong": ([card("Одержимый", 0, "c3", "A"), card("Гиртан", 1, "c4", "T", cursed=True)], 0),
    "forced_strong_counter": ([card("Одержимый", 0, "c3", "T"), card("Гиртан", 1, "c4", "A", cursed=True)], 1),
    "reduction_vs_cursed": ([card("Чёрный рыцарь", 0, "c3", "T"), card("Гиртан", 1, "c4", "A", cursed=True)], 1),
    "formation_ovz": ([card("Лирайн", 0, "c3", "A"), card("Копейщик Аккении", 1, "c4", "T"),
                       card("Копейщик Аккении", 1, "d4", "F")], 0),
    "flyer_vs_prot_flyer": ([card("Наргойл", 0, None, "A", zone="extra"), card("Тальгата", 1, "c4", "T")], 0),
    "parasite_curse": ([card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"),
                        card("Любимец капитана", 0, None, "P", zone="seated", host="T")], 0),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_odds_match_the_engine(name: str) -> None:
    cards, active = BOARDS[name]
    state, labels = board(*cards, active=active)
    assert_matches_engine(state, labels["A"], labels["T"])


@pytest.mark.parametrize("who", ["A", "T"])
def test_fixed_next_roll_matches_the_engine(who: str) -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    state.cards[labels[who]].next_roll = 1
    odds = assert_matches_engine(state, labels["A"], labels["T"])
    assert state.cards[labels[who]].next_roll == 1
    if who == "A":   # 1 against anything: −5…0 only
        assert {(o.level, o.counter): o.chance for o in odds.outcomes} == {
            (WEAK, NONE): 6 + 6, (NONE, NONE): 6, (NONE, WEAK): 6, (WEAK, MEDIUM): 6, (NONE, MEDIUM): 6}


def test_open_target_distribution() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    odds = strike_odds(state, labels["A"], labels["T"])
    assert odds.fights and odds.total == 36
    assert odds.outcomes == (
        Outcome(STRONG, NONE, 1, False, 3, 0),
        Outcome(STRONG, WEAK, 2, True, 3, 1),
        Outcome(MEDIUM, NONE, 3, False, 2, 0),
        Outcome(MEDIUM, WEAK, 4, True, 2, 1),
        Outcome(WEAK, NONE, 14, False, 1, 0),
        Outcome(WEAK, MEDIUM, 2, True, 1, 2),
        Outcome(NONE, NONE, 4, False, 0, 0),
        Outcome(NONE, WEAK, 5, False, 0, 1),
        Outcome(NONE, MEDIUM, 1, False, 0, 2),
    )


def test_closed_target_single_roll() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T", closed=True))
    odds = strike_odds(state, labels["A"], labels["T"])
    assert odds == StrikeOdds(False, 6, (
        Outcome(STRONG, NONE, 1, False, 3, 0),
        Outcome(MEDIUM, NONE, 2, False, 2, 0),
        Outcome(WEAK, NONE, 3, False, 1, 0),
    ))


def test_attack_experience_shifts_the_distribution() -> None:
    plain, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    cursed, _ = board(card("Лирайн", 0, "c3", "A", cursed=True), card("Лирайн", 1, "c4", "T"))
    ova, ova_labels = board(card("Храмовник", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))

    def rows(state: GameState, a: int, t: int) -> dict[tuple[int, int], int]:
        return {(o.level, o.counter): o.chance for o in strike_odds(state, a, t).outcomes}

    base = rows(plain, labels["A"], labels["T"])
    shifted = rows(ova, ova_labels["A"], ova_labels["T"])
    assert base[(STRONG, NONE)] == 1 and shifted[(STRONG, NONE)] == 3      # diff ≥ 5: a − d ≥ 4 with +1
    assert rows(cursed, labels["A"], labels["T"])[(NONE, MEDIUM)] == 3     # diff ≤ −5: a − d ≤ −4 with −1


def test_unknown_face_down_target() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T", face_down=True))
    assert_matches_engine(state, labels["A"], labels["T"])     # a known face-down card: revealed first
    state.cards[labels["T"]].card_id = None
    assert strike_odds(state, labels["A"], labels["T"]) == UNKNOWN
