"""The in-game help texts (berserk_tui.help): every topic in both languages, the hit table, the glossary."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from berserk_tui.help import DEFAULT_LANG, TOPICS, load_topic, topic_title
from cards.i18n import MESSAGES
from cards.terms import KEYWORDS

LANGS = ("ru", "en")
HIT_TABLE_DIFFS = ("+5", "+4", "+3", "+2", "+1", "0", "-1", "-2", "-3", "-4", "-5")
MAX_WIDTH = 76


def _normalize(text: str) -> str:
    return text.replace("\u2212", "-")          # a typographic minus counts as "-"


def _entries(text: str) -> list[str]:
    """Bold lead-ins of paragraphs (the glossary's terms)."""
    return re.findall(r"(?:\A|\n\n)\*\*(.+?)\*\*", text)


def _flat(text: str) -> str:
    """Casefolded, with line breaks and runs of spaces as one space (a term may wrap)."""
    return " ".join(text.split()).casefold()


def keyword_prefix(name: str) -> str:
    """What the glossary must mention for a keyword name as shown on cards: the name without its
    "{n}" placeholder, up to its first comma, at most four words, lower-cased."""
    name = name.replace("{n}", "").split(",")[0]
    return " ".join(name.split()[:4]).casefold()


def keyword_name(kw: str, lang: str) -> str:
    """The keyword's name in `lang`, else in the other language (a missing message must not hide a keyword)."""
    for table in (MESSAGES[lang], *(MESSAGES[o] for o in LANGS if o != lang)):
        if f"kw.{kw}" in table:
            return table[f"kw.{kw}"]
    pytest.fail(f"keyword {kw!r} has no kw.{kw} message in cards.i18n: name it there and in the glossary")


def test_topic_files_are_complete_and_only_known() -> None:
    names = {p.name for p in resources.files("berserk_tui.help").iterdir() if p.name.endswith(".md")}
    expected = {f"{t}.{lang}.md" for t in TOPICS for lang in LANGS}
    assert names == expected


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", TOPICS)
def test_topic_loads_with_a_heading(topic: str, lang: str) -> None:
    text = load_topic(topic, lang)
    assert text.startswith("# ")
    title = topic_title(topic, lang)
    assert title and title == text.splitlines()[0][2:].strip()
    assert text.count("\n# ") == 0               # one top heading per topic


@pytest.mark.parametrize("topic", TOPICS)
def test_languages_differ_but_match_in_structure(topic: str) -> None:
    ru, en = load_topic(topic, "ru"), load_topic(topic, "en")
    assert ru != en
    assert topic_title(topic, "ru") != topic_title(topic, "en")
    assert ru.count("\n## ") == en.count("\n## ")
    assert len(_entries(ru)) == len(_entries(en))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", TOPICS)
def test_fits_an_80_column_terminal(topic: str, lang: str) -> None:
    for line in load_topic(topic, lang).splitlines():
        assert len(line) <= MAX_WIDTH, f"{topic}.{lang}: {line!r}"


def test_unknown_language_falls_back_to_russian() -> None:
    assert load_topic("overview", "de") == load_topic("overview", DEFAULT_LANG)
    assert load_topic("overview", "../ru") == load_topic("overview", DEFAULT_LANG)
    assert topic_title("keys", "xx") == topic_title("keys", "ru")


def test_unknown_topic_is_an_error() -> None:
    with pytest.raises(KeyError):
        load_topic("nonsense", "ru")


@pytest.mark.parametrize("lang", LANGS)
def test_strike_topic_has_every_hit_table_row(lang: str) -> None:
    text = _normalize(load_topic("strike", lang))
    for diff in HIT_TABLE_DIFFS:
        assert re.search(rf"^\|\s*{re.escape(diff)}\b", text, re.M), f"hit table row {diff} missing"
    zero_rows = re.findall(r"^\|\s*0\b", text, re.M)
    assert len(zero_rows) == 2                   # equal rolls: both ≤ 4 and both ≥ 5
    for reduction in ("+4 → +3", "+2 → +1", "-4 → -3"):
        assert reduction in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kw", KEYWORDS)
def test_glossary_names_every_keyword(kw: str, lang: str) -> None:
    assert keyword_prefix(keyword_name(kw, lang)) in _flat(load_topic("glossary", lang))


@pytest.mark.parametrize("kw", KEYWORDS)
def test_english_glossary_gives_the_russian_term(kw: str) -> None:
    assert keyword_prefix(keyword_name(kw, "ru")) in _flat(load_topic("glossary", "en"))


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_is_alphabetical(lang: str) -> None:
    terms = [t.casefold().replace("ё", "е") for t in _entries(load_topic("glossary", lang))]
    assert len(terms) >= len(KEYWORDS)
    assert terms == sorted(terms)


def test_glossary_covers_the_core_terms() -> None:
    text = _flat(load_topic("glossary", "ru"))
    core = ("закрыть", "открыть", "рана", "гибель", "кладбище", "фишка", "защитник", "обмен ударами",
            "летающее", "симбиот", "местность", "артефакт", "элитная карта", "уникальность")
    missing = [t for t in core if f"**{t}" not in text and f"/ {t}" not in text]
    assert not missing


def test_keys_topic_is_a_table_of_the_bindings() -> None:
    for lang in LANGS:
        text = load_topic("keys", lang)
        rows = [line for line in text.splitlines() if line.startswith("|")]
        assert len(rows) >= 12
        for key in ("Enter", "Esc", "Tab", "?", "ctrl+p", "ctrl+q", "F10", "h j k l", "| e ", "| g ", "L (shift+l)"):
            assert any(key in row for row in rows), key
