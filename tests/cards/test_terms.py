"""The term declarations (cards.terms): each term has its text in both languages and a scenario that
plays it, the generated tables of docs/card-schema.md match them, templates fill only known slots, every
effect op has its handler in the engine and every trigger event kind a place that raises it."""

from __future__ import annotations

import ast
import string
from collections import defaultdict
from pathlib import Path

import pytest

from berserk_tui.engine.ops.table import OP_HANDLERS
from berserk_tui.engine.stack import STACK_OPS
from cards.i18n import MESSAGES
from cards.loader import CardDB, load_all, load_set
from cards.terms import docs, op_names, terms, used_by
from cards.terms.model import LANGS, Term, names
from cards.terms.triggers import WORDINGS, Wording
from tests.scenario_cards import cards_in

TESTS = Path(__file__).resolve().parents[1]
ENGINE = TESTS.parent / "berserk_tui" / "engine"
SCENARIOS = [*sorted(p for p in (TESTS / "scenarios").rglob("*.toml") if "heroes" not in p.relative_to(TESTS).parts),
             *sorted((TESTS / "keywords" / "scenarios").glob("*.toml"))]     # the classic cards' scenarios
# Terms no scenario needs to play, with the reason. Every other declared term must appear on a card that a
# scenario places.
NO_SCENARIO: dict[tuple[str, str], str] = {}
# Terms without templates of their own: their words come from elsewhere.
NO_TEXT = {
    ("condition", "any"): "joins its sub-conditions with «или»",
    ("condition", "all"): "joins its sub-conditions with «и»",
    ("condition", "keyword"): "says the keyword's own qualifier form (`kw.NAME.with`)",
    ("timing", "response"): "the default timing has no note",
    ("ability", "activated"): "its head is made of cost marks and notes (cards.i18n.grammar)",
    ("ability", "trigger"): "its head is its event kind's wording (cards.terms.triggers)",
    ("ability", "concentration"): "its head is «концентрация» (cards.i18n.grammar)",
}


def _slots(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def scenario_db() -> CardDB:
    """The real cards and the test-only cards of the keyword scenarios (set 99)."""
    real = load_all()
    sets = {sid: (name, list(cards)) for sid, (name, cards) in real.sets().items()}
    sets[99] = ("Тестовые карты", load_set(TESTS / "keywords" / "test_cards.toml"))
    return CardDB(sets)


def test_every_term_is_played_by_a_scenario() -> None:
    db = scenario_db()
    played: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in SCENARIOS:
        for ref in cards_in(path):
            card = db.find(ref)
            assert card is not None, (path, ref)
            for term in used_by(card.keywords, card.abilities):
                played[term].add(path.name)
    missing = [(t.family, t.name) for t in terms() if (t.family, t.name) not in played | NO_SCENARIO.keys()]
    assert not missing, f"declared terms that no scenario plays: {missing}"
    assert not [term for term in NO_SCENARIO if term in played], "an exception that a scenario now plays"


@pytest.mark.parametrize("term", list(terms()), ids=lambda t: f"{t.family}:{t.name}")
def test_every_term_speaks_both_languages(term: Term) -> None:
    key = (term.family, term.name)
    if term.family == "filter":     # the heads of the wordings that take it say it, or its tail after them (below)
        assert bool(term.text) == any(t.name == term.name for w in WORDINGS for t in w.tails if t.message in term.text)
    else:
        assert bool(term.text) != (key in NO_TEXT), "a term has templates, or is listed with the reason it has none"
    for message_id, (ru, en) in term.text.items():
        assert ru.strip() and en.strip(), message_id
        assert _slots(ru) == _slots(en), message_id
    assert term.doc or term.family == "keyword", "its meaning, for docs/card-schema.md (the help's glossary " \
        "explains every keyword)"


@pytest.mark.parametrize("term", [t for t in terms() if t.render is None and t.family in ("op", "static")],
                         ids=lambda t: f"{t.family}:{t.name}")
def test_a_term_rendered_by_its_template_fills_it_from_its_fields(term: Term) -> None:
    fields = {f.name for f in term.fields}
    assert term.main_id in term.text
    for message_id, (ru, _) in term.text.items():
        if message_id == term.main_id:
            assert _slots(ru) <= fields, message_id


def test_the_schema_tables_are_the_declarations() -> None:
    text = docs.DOC.read_text(encoding="utf-8")
    assert docs.update(text) == text, "run: .venv/bin/python -m cards.terms.docs"
    for family in ("keyword", "condition", "timing", "static", "op", "filter", "event"):
        table = docs.tables()[family]
        assert all(f"| `{name}` |" in table for name in names(family)), family


def test_every_declared_op_has_one_handler_and_every_handler_a_declared_op() -> None:
    """The engine runs an op through `ops.table.OP_HANDLERS`, or on the stack through `stack.STACK_OPS`."""
    declared = set(op_names())
    assert not OP_HANDLERS.keys() & STACK_OPS.keys(), "an op with two handlers"
    handled = OP_HANDLERS.keys() | STACK_OPS.keys()
    assert not declared - handled, f"declared ops without a handler: {sorted(declared - handled)}"
    assert not handled - declared, f"handlers of undeclared ops: {sorted(handled - declared)}"


@pytest.mark.parametrize("w", WORDINGS, ids=lambda w: w.message)
def test_every_trigger_filter_a_wording_takes_is_said_in_both_languages(w: Wording) -> None:
    """A filter the wording fixes is said by its head; one it needs or allows, by a slot of the head (`{q}`: the
    qualifier of a condition; `{attack}`: the attacks and levels) or by a tail after it."""
    slots = _slots(MESSAGES["ru"][w.message])
    said = {w.q, *(t.name for t in w.tails), *(("attacks", "levels") if "attack" in slots else ())}
    assert not set(w.needs + w.allows) - said
    for message_id in (w.message, *(t.message for t in w.tails)):
        ru, en = (MESSAGES[lang][message_id] for lang in LANGS)
        assert ru.strip() and en.strip() and _slots(ru) == _slots(en), message_id


def _raised() -> tuple[set[str], set[str]]:
    """The event kinds the engine builds (`GameEvent("kind", …)`) and the listening groups it raises them to
    (`dispatch(state, event, "group", …)`, `listens(state, uid, kind, "group")`, a `(kind, "group")` argument)."""
    kinds: set[str] = set()
    groups: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            words = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "GameEvent" and words[:1] != [None]:
                kinds.add(words[0])
            elif name in ("dispatch", "listens"):
                groups.add(words[2 if name == "dispatch" else 3])
            for arg in node.args:
                pair = [e.value for e in arg.elts if isinstance(e, ast.Constant)] if isinstance(arg, ast.Tuple) else []
                if len(pair) == 2 and pair[0] in names("event"):
                    groups.add(pair[1])
    return kinds, groups - {None}


def test_every_event_kind_is_raised_by_the_engine_and_every_raised_one_declared() -> None:
    """Each kind is built somewhere in the engine and each listening group of its wordings is raised to."""
    kinds, groups = _raised()
    declared = set(names("event"))
    assert not declared - kinds, f"event kinds the engine never raises: {sorted(declared - kinds)}"
    assert not kinds - declared, f"undeclared event kinds the engine raises: {sorted(kinds - declared)}"
    listened = {scope for w in WORDINGS for _, scope in w.keys}
    assert not listened - groups, f"listening groups the engine never raises to: {sorted(listened - groups)}"
    assert not groups - listened, f"groups the engine raises to that no wording hears: {sorted(groups - listened)}"
