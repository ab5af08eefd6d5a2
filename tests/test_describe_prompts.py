"""Prompts that say what they do: a target or confirm prompt names the source card, its cell and the ability's
whole text; own cards among the targets are marked; each answer to a hit reduction says what it leads to, with
the wounds that land after armor, as `apply` deals them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from berserk_tui.describe import Describer
from berserk_tui.engine import actions as act
from berserk_tui.engine import legal_actions, view
from berserk_tui.engine.dice import LEVEL_NAMES, NONE
from berserk_tui.engine.odds import reduce_options
from berserk_tui.i18n import tr
from tests.engine.strike_play import choose
from tests.prompt_states import Position, ability_text, avenge, concentration, exchange, heal_jump

OWN = {"ru": "— ваша карта!", "en": "your own card!"}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("make", "label", "cell"), [(concentration, "R", "c2"), (avenge, "K", "c3"),
                                                      (heal_jump, "G", "c3")])
def test_a_prompt_names_the_card_its_cell_and_the_abilitys_whole_text(make: Callable[[], Position], label: str,
                                                                     cell: str, lang: str) -> None:
    state, cards = make()
    uid = cards[label]
    assert state.pending.data.src == uid
    d = state.cdef(uid)
    assert d is not None
    text = Describer(view(state, 0), lang).decision()
    whole = ability_text(state, lang)
    assert f"{d.name} ({cell})" in text
    assert whole in text, (whole, text)


def test_the_concentration_prompt_reads_as_the_card() -> None:
    state, _ = concentration()
    assert Describer(view(state, 0), "ru").decision().startswith(
        "Русалка (c2) — «Концентрация: переместить выбранное существо противника на соседнюю клетку».")


def test_the_confirm_prompt_names_the_ability() -> None:
    state, _ = heal_jump()
    text = Describer(view(state, 0), "ru").decision()
    assert text.startswith("Глоа (c3) — «Если эта карта должна излечиться на X, вместо этого (по желанию): "
                           "переместить эту карту прыжком на свободную клетку")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_own_cards_among_the_targets_are_marked(lang: str) -> None:
    state, cards = avenge()
    say = Describer(view(state, 0), lang)
    options = {a.uid: say.action(a) for a in legal_actions(state) if isinstance(a, act.Target)}
    assert set(options) == {cards["K"], cards["T"]}
    assert OWN[lang] in options[cards["K"]] and "Клок Мудрый (c3)" in options[cards["K"]]
    assert OWN[lang] not in options[cards["T"]] and "Горбун (b4)" in options[cards["T"]]


def blow(level: int, wounds: int, lang: str) -> str:
    if level == NONE:
        return tr("level.none", lang)
    return tr("blow", lang, level=tr(f"level.{LEVEL_NAMES[level]}", lang), n=wounds)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("dice", [(5, 1), (1, 5)])
def test_each_reduce_answer_says_what_apply_does(dice: tuple[int, int], lang: str) -> None:
    """Each answer names the blow on each card and the wounds that land after armor, equal to what the engine
    deals when that answer is played (on a clone), and to `reduce_options`."""
    state, _ = exchange(dice)
    seat = state.pending.player
    say = Describer(view(state, seat), lang)
    options = reduce_options(view(state, seat))
    for option in (0, 1):
        level, counter, (hit, _), (back, _) = choose(state, option)
        assert (options[option].level, options[option].hit.landed) == (level, hit)
        assert (options[option].counter, options[option].back.landed) == (counter, back)
        assert say.action(act.Choose(option)) == tr(
            "opt.outcome", lang, choice=tr("opt.reduce" if option else "opt.keep", lang), fighter="Храмовник (c4)",
            attacker="Клок Мудрый (c3)", hit=blow(level, hit, lang), back=blow(counter, back, lang))
    assert any(o.hit.prevented for o in options)      # armor counted: fewer wounds than the blow's value


@pytest.mark.parametrize(("lang", "keep", "reduce"), [
    ("ru", "Не снижать: по Храмовник (c4) — сильный, −2; по Клок Мудрый (c3) — слабый, −2",
     "Снизить удар: по Храмовник (c4) — средний, −1; по Клок Мудрый (c3) — промах"),
    ("en", "Keep the hit: on Храмовник (c4), strong −2; on Клок Мудрый (c3), weak −2",
     "Lower the hit: on Храмовник (c4), medium −1; on Клок Мудрый (c3), miss"),
])
def test_the_reduce_answers_read(lang: str, keep: str, reduce: str) -> None:
    """5 against 1: a strong hit of 3 (2 after Храмовник's armor) and a weak counter of 2, or a medium hit of 2
    (1 after armor) and no counter."""
    state, _ = exchange((5, 1))
    say = Describer(view(state, 0), lang)
    assert [say.action(act.Choose(0)), say.action(act.Choose(1))] == [keep, reduce]
