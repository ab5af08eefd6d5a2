"""The renderer's core: one card in one language, its messages, the grammar helpers, keywords, attack
kinds, targets, and the slots through which a term's template renders the values of its fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn

from cards.i18n import MESSAGES
from cards.schema import ATTACK_KINDS, CardDef
from cards.terms import KEYWORDS, NUMERIC_KEYWORDS
from cards.terms.model import Term, TermError, lookup
from cards.terms.values import (
    Condition,
    Damage,
    Effect,
    Enum,
    Flag,
    Int,
    KeywordTable,
    ListOf,
    Nested,
    Target,
    Text,
    Type,
    Union,
)

NAME_FIELDS = {"ru": "name", "en": "name_en"}     # language -> the field of an ability's proper name


def plural(n: int, forms: str, lang: str = "ru") -> str:
    """The form of "one|few|many" `forms` that agrees with `n` (1 рана, 2 раны, 5 ран)."""
    one, few, many = forms.split("|")
    if lang != "ru":
        return one if n == 1 else many
    if n % 10 == 1 and n % 100 != 11:
        return one
    return few if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else many


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    text = cap(text)
    return text if text.endswith((".", "!", "?")) else f"{text}."


class Slot:
    """A field's value as a template sees it: `{target:acc}` is the target in the accusative (see
    `Base.slot_text` for what each type does with the format spec)."""

    __slots__ = ("renderer", "type", "value", "where", "prev")

    def __init__(self, renderer: Base, type_: Type, value: Any, where: str, prev: Any = None) -> None:
        self.renderer = renderer
        self.type = type_
        self.value = value
        self.where = where
        self.prev = prev

    def __format__(self, spec: str) -> str:
        return self.renderer.slot_text(self.type, self.value, spec, self.where, self.prev)


class Base:
    """Renders the parts of one card in one language; `where` arguments are field paths for errors.

    The first part of `cards.render.Renderer`: the conditions, effects and abilities are its other parts.
    """

    def __init__(self, card: CardDef, lang: str) -> None:
        if lang not in MESSAGES:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(MESSAGES)}")
        self.card = card
        self.lang = lang
        self.msgs = MESSAGES[lang]
        self.own_death = False      # rendering an ability that triggers on this card's death

    # -- plumbing ---------------------------------------------------------------------------------

    def fail(self, where: str, problem: str) -> NoReturn:
        raise ValueError(f"card {self.card.name} ({self.card.id}), {where}: {problem}")

    def checked(self, check: Callable[[Any, str], None], value: Any, where: str) -> None:
        """Run a declaration's check; its error names the exact part of the value."""
        try:
            check(value, where)
        except TermError as err:
            self.fail(f"{err.path}{err.item}", err.message)

    def t(self, key: str, /, **kw: Any) -> str:
        """The message `key` formatted with `kw`."""
        return self.msgs[key].format(**kw)

    def word(self, prefix: str, value: Any, where: str, suffix: str = "", **kw: Any) -> str:
        """The message `prefix.value suffix`, failing on a value the table does not know."""
        key = f"{prefix}.{value}{suffix}"
        if not isinstance(value, str) or key not in self.msgs:
            self.fail(where, f"unknown value {value!r}")
        return self.t(key, **kw)

    def name(self, ab: Mapping[str, Any], where: str) -> str:
        """The proper name of a named ability in this language."""
        key = NAME_FIELDS[self.lang]
        if key not in ab:
            self.fail(f"{where}.{key}", "missing field")
        return ab[key]

    def join(self, parts: Sequence[str], conj: str) -> str:
        """`a, b and c` with the language's word for `conj` ("and" / "or")."""
        if len(parts) < 2:
            return "".join(parts)
        return f"{self.t('join.sep').join(parts[:-1])} {self.t(f'join.{conj}')} {parts[-1]}"

    def plural(self, n: int, key: str) -> str:
        """The form of the "one|few|many" message `key` that agrees with `n`."""
        return plural(n, self.t(key), self.lang)

    # -- keywords ---------------------------------------------------------------------------------

    def keywords(self) -> str:
        kws = self.card.keywords
        self.checked(KeywordTable(zero=True).check, kws, "keywords")
        shown = [self.keyword(k, kws[k]) for k in KEYWORDS if kws.get(k, 0) != 0]
        return " ".join(sentence(text) for text in shown)

    def keyword(self, key: str, value: Any, form: str = "", regen: str | None = None) -> str:
        """Keyword `key` with `value`; `form` ".acc" as granted; `regen` renders the value "regen"."""
        if key not in NUMERIC_KEYWORDS:
            return self.t(f"kw.{key}{form}")
        return self.t(f"kw.{key}{form}", n=regen if value == "regen" else value)

    def keyword_name(self, key: str) -> str:
        """A keyword's name without its number, as granted or lost: «опыт в защите»."""
        return self.t(f"kw.{key}.acc", n="").strip()

    # -- attacks ----------------------------------------------------------------------------------

    def attacks(self, kinds: Sequence[str], case: str, levels: Sequence[str] | None = None, conj: str = "and") -> str:
        """Attack kinds and groups in grammatical `case`, led by level adjectives joined with `conj`."""
        names = [self.t(f"atk.{kind}.{case}") for kind in kinds]
        if levels is not None:
            number = ".pl" if kinds[0] not in ATTACK_KINDS else ""
            names[0] = f"{self.join([self.t(f'lvl.{level}.{case}{number}') for level in levels], conj)} {names[0]}"
        return self.join(names, "and")

    def damage(self, value: Sequence[int]) -> str:
        weak, medium, strong = value
        return str(weak) if weak == medium == strong else self.t("damage", weak=weak, medium=medium, strong=strong)

    # -- targets ----------------------------------------------------------------------------------

    def target(self, tgt: Any, case: str, where: str, prev: Any) -> str:
        """A target in grammatical `case`; "same" repeats `prev`, the target of an earlier step."""
        if tgt == "same":
            if prev is None:
                self.fail(where, "'same' needs a target chosen by an earlier step of a sequence")
            if isinstance(prev, Mapping):
                return self.t(f"tgt.same.{prev['what']}.{case}")
            tgt = prev
        if isinstance(tgt, Mapping):
            return self.selector(tgt, case, where)
        return self.t(f"tgt.{tgt}.{case}")

    def selector(self, sel: Mapping[str, Any], case: str, where: str) -> str:
        """A card chosen by the owner: side, kind, filter, range and place."""
        every = "all." if sel.get("all") else ""
        text = self.t(f"tgt.{every}{sel['what']}.{sel['side']}.{case}")
        text += self.suffix("filter", sel.get("filter"), f"{where}.filter")
        if "range" in sel:
            text += self.t("tgt.range", n=sel["range"], cells=self.plural(sel["range"], "plural.cells"))
        if "near" in sel:
            dead_self = self.own_death and sel["near"] == "dead"     # the dead one is this card
            text += self.t(f"tgt.near.{sel['near']}{'.self' if dead_self else ''}")
        if sel.get("adjacent"):
            text += self.t("tgt.adjacent")
        if sel.get("beside"):
            text += self.t("tgt.beside")
        if "formation" in sel:
            text += self.t(f"tgt.formation.{sel['formation']}")
        if sel.get("or_self"):
            text += self.t(f"tgt.or_self.{case}")
        if sel.get("other"):
            text += self.t("tgt.other")
        if "cost" in sel:
            text += self.t(f"tgt.cost.{sel['cost']}")
        if sel.get("same_weak"):
            text += self.t("tgt.same_weak")
        if "zone" in sel:
            text += self.t(f"tgt.zone.{sel['zone']}")
        if "up_to" in sel:
            text += self.t("tgt.up_to", n="X" if sel["up_to"] == "amount" else sel["up_to"])
        if "up_to_own" in sel:
            text += self.t("tgt.up_to_own", q=self.qualifier(sel["up_to_own"], f"{where}.up_to_own"))
        return text

    # -- templates --------------------------------------------------------------------------------

    def slots(self, term: Term, table: Mapping[str, Any], where: str, prev: Any = None) -> dict[str, Slot]:
        """Every field of `term` as a slot of its templates (an absent field renders as "")."""
        return {f.name: Slot(self, f.type, table.get(f.name), f"{where}.{f.name}", prev) for f in term.fields}

    def template(self, table: Mapping[str, Any], where: str, prev: Any = None, variant: str = "", **extra: Any) -> str:
        """The main template of the effect op or static ability `table` is (with a variant: `fx.wound.rolled`),
        its fields as slots, and `extra` slots."""
        term = lookup("op", table["op"]) if "op" in table else lookup("static", table["type"])
        key = f"{term.main_id}.{variant}" if variant else term.main_id
        return self.t(key, **{**self.slots(term, table, where, prev), **extra})

    def slot_text(self, type_: Type, value: Any, spec: str, where: str, prev: Any) -> str:
        """A value in a template. The spec says: for a target, the case (`acc`); for an integer, `+`
        (signed) or the plural forms to agree with it (`wounds`: «раны»); for attacks, the case; for a
        list of words, `or` to join them with «или»; for a condition, a flag or keywords, the message that
        wraps it (`vs`: « по существам {q}»), "" when absent or false."""
        if value is None:
            return ""
        if isinstance(type_, Union):
            type_ = next(option for option in type_.options if option.fits(value))
        if isinstance(type_, Target):
            return self.target(value, spec or "nom", where, prev)
        if isinstance(type_, Int):
            return f"{value:+d}" if spec == "+" else self.plural(value, f"plural.{spec}") if spec else str(value)
        if isinstance(type_, Flag):
            return self.t(spec) if value else ""
        if isinstance(type_, Enum):       # with a word prefix, its message (the spec: its case)
            return self.t(f"{type_.word}.{value}{'.' if spec else ''}{spec}") if type_.word else value
        if isinstance(type_, Text):
            return value
        if isinstance(type_, Damage):
            return self.damage(value)
        if isinstance(type_, Condition | Nested):
            text = self.clause(value, where) if getattr(type_, "role", "") == "source" else self.qualifier(value, where)
            return self.t(spec, q=text, clause=text) if spec else text
        if isinstance(type_, KeywordTable):
            text = self.join([self.keyword(k, v, ".acc") for k, v in value.items()], "and")
            return self.t(spec, grants=text) if spec else text
        if isinstance(type_, Effect):
            return self.effect(value, where, prev)
        if isinstance(type_, ListOf) and isinstance(type_.item, Enum):
            return self.words(type_.item, value, spec)
        raise AssertionError(f"{where}: no text for a value of {type_!r}")

    def words(self, item: Enum, values: Sequence[str], spec: str) -> str:
        """A list of attack kinds (`spec` their case), keywords, or words (`spec` "or" joins with «или»)."""
        if item.word == "atk":
            return self.attacks(values, spec or "nom")
        if item.values == "keyword":
            return self.join([self.keyword_name(v) for v in values], "and")
        return self.join([self.t(f"{item.word}.{v}") for v in values], spec or "and")
