"""`odds.strike_odds` and `odds.reduce_options` against the engine itself: every pair of dice played through
a real strike, the wounds compared with what `apply` deals."""

from __future__ import annotations

import pytest

from berserk_tui.engine import CHANCE, Action, GameState, apply, view
from berserk_tui.engine.actions import Pass, Roll, Strike, Use
from berserk_tui.engine.damage import NO_WOUNDS, Wounding
from berserk_tui.engine.dice import MEDIUM, NONE, STRONG, WEAK
from berserk_tui.engine.keywords import life_left
from berserk_tui.engine.modifiers import BATTLE_LONG, add_modifier
from berserk_tui.engine.odds import BLOCKED, UNKNOWN, Outcome, ReduceOption, StrikeOdds, reduce_options, strike_odds
from tests.engine.strike_play import FACES, board, card, check_reduce, check_strike, finish


def wounds(landed: int, armor: int = 0) -> Wounding:
    return Wounding(landed, armor, "armor" if armor else "")


def rolled(state: GameState, action: Action, *dice: int) -> GameState:
    """A clone after `action`, every window passed and the rolls that follow taken from `dice`."""
    s = state.clone()
    apply(s, action)
    values = iter(dice)
    while s.pending.kind == "respond" or s.pending.player == CHANCE:
        apply(s, Pass() if s.pending.kind == "respond" else Roll(next(values)))
    return s


def checked(state: GameState, attacker: int, target: int, as_seen: bool = True) -> StrikeOdds:
    odds = check_strike(state, Strike(attacker, target), as_seen)
    assert odds is not None
    return odds


BOARDS = {
    "plain": ([card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T")], 0),
    "closed_target": ([card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T", closed=True)], 0),
    "ova_vs_armor": ([card("Храмовник", 0, "c3", "A"), card("Храмовник", 1, "c4", "T")], 0),
    "klok_vs_armor": ([card("Клок Мудрый", 0, "c3", "A"), card("Храмовник", 1, "c4", "T")], 0),
    "clumsy_vs_armor": ([card("Древолом", 0, "c3", "A"), card("Храмовник", 1, "c4", "T")], 0),
    "armor_vs_upgrade": ([card("Храмовник", 0, "c3", "T"), card("Орк-истязатель", 1, "c4", "A")], 1),
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
    "strike_cap": ([card("Древолом", 0, "c3", "A"), card("Безликий", 1, "c4", "T")], 0),
    "counter_reduction": ([card("Дозорный Аль-Джамии", 0, None, "A", zone="extra"), card("Древолом", 1, "c4", "T")], 0),
    "blocks_first_attack": ([card("Лирайн", 0, "c3", "A"), card("Ифрит", 1, "c4", "T")], 0),
    "ignores_armor": ([card("Етун", 0, "c3", "A"), card("Храмовник", 1, "c4", "T")], 0),    # its abilities ignored
    "optional_self_block": ([card("Лирайн", 0, "c3", "A"), card("Бон и Берроу", 1, "c4", "T", chips=1)], 0),
    # the strike hits; the shot it sets off (Морской пёс, roll ≤ 4) is blocked (Джинн Дзара: more lives)
    "triggered_shot_blocked": ([card("Ведающий запасами", 0, "c3", "A", wounds=2), card("Морской пёс", 0, "a3", "D"),
                                card("Джинн Дзара", 1, "c4", "T")], 0),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_odds_match_the_engine(name: str) -> None:
    cards, active = BOARDS[name]
    state, labels = board(*cards, active=active)
    checked(state, labels["A"], labels["T"])


@pytest.mark.parametrize(("attacker", "weak"), [("Клок Мудрый", 1), ("Древолом", 3)])
def test_a_weak_hit_at_armor_1_shows_the_wounds_after_armor(attacker: str, weak: int) -> None:
    """The reports: «слабый −2» at Храмовник (Броня 1), who lost 1; «weak −4», when 3 wounds landed."""
    state, labels = board(card(attacker, 0, "c3", "A"), card("Храмовник", 1, "c4", "T"))
    a, t = labels["A"], labels["T"]
    rows = {(o.level, o.counter): o for o in strike_odds(state, a, t).outcomes}
    assert rows[(WEAK, NONE)].hit == wounds(weak, 1)
    for x in FACES:                         # the same dice through the engine: the life Храмовник loses
        s = state.clone()
        ev = apply(s, Strike(a, t))
        finish(s, ev, {a: x, t: 1}, None)
        hit = next(e.data for e in ev if e.kind == "hit")
        if (hit["level"], hit["counter"]) == ("weak", "none"):
            assert life_left(state, t) - life_left(s, t) == weak
            return
    raise AssertionError("no die gave a weak hit")


def test_armor_used_up_this_turn_stops_nothing_more() -> None:
    state, labels = board(card("Клок Мудрый", 0, "c3", "A"), card("Храмовник", 1, "c4", "T"))
    t = state.cards[labels["T"]]
    t.armor_turn, t.armor_used = state.turn, 1
    odds = checked(state, labels["A"], labels["T"])
    assert {o.hit for o in odds.outcomes if o.level} == {wounds(2), wounds(3)}
    t.armor_turn = state.turn - 1           # used on an earlier turn: armor is whole again
    assert {o.hit for o in checked(state, labels["A"], labels["T"]).outcomes if o.level} == {wounds(1, 1), wounds(2, 1)}


def test_vulnerability_adds_a_wound_before_armor() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Храмовник", 1, "c4", "T"))
    add_modifier(state, labels["T"], "vulnerable", 1, BATTLE_LONG)
    odds = checked(state, labels["A"], labels["T"])
    weak = next(o for o in odds.outcomes if o.level == WEAK)
    assert weak.hit == wounds(1, 1)         # Лирайн's weak 1, +1 for vulnerability, −1 armor


def test_both_armors_and_the_reduce_options() -> None:
    """Храмовник at Храмовник: the counter-strike meets armor too; rolls 3+1 against 2 are an exchange (+2)."""
    state, labels = board(card("Храмовник", 0, "c3", "A"), card("Храмовник", 1, "c4", "T"))
    a, t = labels["A"], labels["T"]
    odds = checked(state, a, t)
    assert Outcome(MEDIUM, WEAK, 5, True, wounds(2, 1), wounds(1, 1)) in odds.outcomes
    s = rolled(state, Strike(a, t), 3, 2)
    assert (s.pending.kind, s.pending.player) == ("reduce", 0)
    assert reduce_options(view(s, 0)) == (ReduceOption(MEDIUM, WEAK, wounds(2, 1), wounds(1, 1)),
                                          ReduceOption(WEAK, NONE, wounds(1, 1), NO_WOUNDS))
    check_reduce(s)


def test_reduce_options_of_a_reflected_shot() -> None:
    """Эльф-дуэлянт reflects a shot «как простой удар»: an exchange there is reduced the same way."""
    state, labels = board(card("Эльф-дуэлянт", 0, "c1", "A"), card("Эльф-дуэлянт", 1, "c4", "T"),
                          card("Храмовник", 1, "e6", "X"))
    a, t = labels["A"], labels["T"]
    found = 0
    for x in FACES:
        for y in FACES:
            s = rolled(state, Use(a, 2, t), x, y)
            if s.pending.kind == "reduce":
                found += 1
                keep, lower = reduce_options(s)
                assert keep.counter > lower.counter and keep.back.landed > lower.back.landed
                check_reduce(s)
    assert found


def test_reduce_options_need_a_reduce_decision() -> None:
    state, _ = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    with pytest.raises(ValueError, match="no reduce decision"):
        reduce_options(state)


@pytest.mark.parametrize("who", ["A", "T"])
def test_fixed_next_roll_matches_the_engine(who: str) -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    state.cards[labels[who]].next_roll = 1
    odds = checked(state, labels["A"], labels["T"])
    assert state.cards[labels[who]].next_roll == 1
    if who == "A":   # 1 against anything: −5…0 only
        assert {(o.level, o.counter): o.chance for o in odds.outcomes} == {
            (WEAK, NONE): 6 + 6, (NONE, NONE): 6, (NONE, WEAK): 6, (WEAK, MEDIUM): 6, (NONE, MEDIUM): 6}


def test_open_target_distribution() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T"))
    odds = strike_odds(state, labels["A"], labels["T"])
    assert odds.fights and odds.total == 36
    assert odds.outcomes == (
        Outcome(STRONG, NONE, 1, False, wounds(3), NO_WOUNDS),
        Outcome(STRONG, WEAK, 2, True, wounds(3), wounds(1)),
        Outcome(MEDIUM, NONE, 3, False, wounds(2), NO_WOUNDS),
        Outcome(MEDIUM, WEAK, 4, True, wounds(2), wounds(1)),
        Outcome(WEAK, NONE, 14, False, wounds(1), NO_WOUNDS),
        Outcome(WEAK, MEDIUM, 2, True, wounds(1), wounds(2)),
        Outcome(NONE, NONE, 4, False, NO_WOUNDS, NO_WOUNDS),
        Outcome(NONE, WEAK, 5, False, NO_WOUNDS, wounds(1)),
        Outcome(NONE, MEDIUM, 1, False, NO_WOUNDS, wounds(2)),
    )


def test_closed_target_single_roll() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Лирайн", 1, "c4", "T", closed=True))
    odds = strike_odds(state, labels["A"], labels["T"])
    assert odds == StrikeOdds(False, 6, (
        Outcome(STRONG, NONE, 1, False, wounds(3), NO_WOUNDS),
        Outcome(MEDIUM, NONE, 2, False, wounds(2), NO_WOUNDS),
        Outcome(WEAK, NONE, 3, False, wounds(1), NO_WOUNDS),
    ))


def test_a_protected_target_takes_nothing() -> None:
    state, labels = board(card("Наргойл", 0, None, "A", zone="extra"), card("Тальгата", 1, "c4", "T"))
    odds = strike_odds(state, labels["A"], labels["T"])
    assert {o.hit.reason for o in odds.outcomes if o.level} == {"protection"}
    assert all(o.hit.landed == 0 and o.hit.prevented > 0 for o in odds.outcomes if o.level)


def test_a_blocked_strike() -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card("Ифрит", 1, "c4", "T"))
    assert checked(state, labels["A"], labels["T"]) == BLOCKED


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
    checked(state, labels["A"], labels["T"], as_seen=False)     # a known face-down card: revealed first
    state.cards[labels["T"]].card_id = None
    assert strike_odds(state, labels["A"], labels["T"]) == UNKNOWN
