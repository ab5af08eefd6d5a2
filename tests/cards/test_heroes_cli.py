"""`berserk cards list/show/coverage --game heroes`: the «Берсерк. Герои» cards, apart from the classic ones."""

from __future__ import annotations

import pytest

from berserk_tui.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_shows_heroes_cards_under_their_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cards", "list", "--game", "heroes", "--type", "заклинание")
    lines = out.splitlines()
    assert code == 0 and "«Берсерк. Герои»" in lines[0]
    ids = [line.split()[0] for line in lines[1:]]
    assert [i for i in ids if i < "h7029"] == ["h7003", "h7009", "h7010", "h7014", "h7022", "h7023", "h7024",
                                               "h7027"]
    assert "h7049" in ids and "h7033" not in ids      # Раскат грома is a spell, Гремлинская громыхалка is not
    assert "h7014  Отравить реку!" in out and " X  " in out


def test_classic_list_has_no_heroes_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cards", "list", "--query", "Акванит")
    assert code == 0 and "h7001" not in out


def test_show_renders_the_text_in_either_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cards", "show", "Ырх", "--game", "heroes")
    assert code == 0 and "Ырх (h7028) — «Берсерк. Герои», «Расцвет технологий» №28" in out
    assert out.rstrip().endswith("Гибель: возьмите карту.")
    code, out, _ = _run(capsys, "cards", "show", "h7028", "--game", "heroes", "--lang", "en")
    assert code == 0 and out.rstrip().endswith("Death: draw a card.") and "Implemented: yes" in out
    code, out, _ = _run(capsys, "cards", "show", "Защитный модуль", "--game", "heroes", "--lang", "en")
    assert code == 0 and "Implemented: no" in out and "Armor 1." in out


def test_show_created_and_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cards", "show", "Модуль подавления", "--game", "heroes")
    assert code == 0 and "Созданная карта" in out and "Подавление." in out
    code, _, err = _run(capsys, "cards", "show", "Акванитт", "--game", "heroes")
    assert code == 1 and "нет карты «Акванитт»; может быть: Акванит" in err
    code, _, err = _run(capsys, "cards", "show", "Акванит")     # a classic lookup points to the other game
    assert code == 1 and "--game heroes" in err


def test_bad_filter_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "cards", "list", "--game", "heroes", "--type", "flyer")
    assert code == 2 and "unknown type 'flyer'" in err


def test_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cards", "coverage", "--game", "heroes")
    assert code == 0 and out.startswith("7 Расцвет технологий: ")
