"""Write a «Берсерк. Герои» card's text (ru or en) from its structured data (docs/heroes-card-schema.md).

The entry points: `card_text(card, lang)` (the whole rules text), `card_lines(card, lang)` (a line per
keyword group and ability), `ability_text(ab, lang)`. Every phrase comes from a declared term's template
(cards.heroes.terms), the words that join them from cards.heroes.terms.words; this module only fills slots and
joins phrases.
"""

from __future__ import annotations

import re
from typing import Any

from cards.heroes.schema import HeroCardDef
from cards.heroes.terms.model import LANGS, Term, lookup
from cards.heroes.terms.words import ORDINALS, TYPE_FORMS, WORDS

_SLOT = re.compile(r"\{(\w+)(?:@(\w+))?(?:#([^}]*))?\}")
def _word(key: str, lang: str) -> str:
    return WORDS[key][LANGS.index(lang)]


def _plural(n: int, forms: list[str], lang: str) -> str:
    if lang == "en":
        return forms[0] if n == 1 else forms[-1]
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[-1]


class _Writer:
    """Renders one ability; collects the «где Х — ...» clauses its values need."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.where: list[str] = []

    def fill(self, template: str, t: Term, table: dict[str, Any]) -> str:
        def slot(m: re.Match[str]) -> str:
            name, form, plural = m.group(1), m.group(2), m.group(3)
            f = t.field(name)
            kind = f.type if f else "int"
            return self.value(kind, table.get(name), form, plural)
        return _SLOT.sub(slot, template)

    def term_text(self, t: Term, table: dict[str, Any], key: str) -> str:
        """A term's phrase: its most specific variant for the optional fields given."""
        given = [f.name for f in t.fields if not f.required and table.get(f.name) not in (None, False)]
        msg_id = f"{t.main_id}.{'+'.join(given)}" if given else t.main_id
        if msg_id not in t.text:
            msg_id = t.main_id
        return self.fill(t.text[msg_id][LANGS.index(self.lang)], t, table)

    def value(self, kind: str, value: Any, form: str | None, plural: str | None) -> str:
        lang = self.lang
        match kind:
            case "int" | "amount":
                if isinstance(value, str):
                    val = lookup("value", value)
                    assert val is not None
                    shown = val.text[val.main_id][LANGS.index(lang)]
                    if f"{val.main_id}.where" in val.text:
                        what = val.text[f"{val.main_id}.where"][LANGS.index(lang)]
                        clause = _word("where", lang).format(x=shown, what=what)
                        if clause not in self.where:
                            self.where.append(clause)
                    return f"{shown} {plural.split('|')[-1]}" if plural else shown
                if form == "coins":
                    return f"({value})"
                if form == "ord":
                    return ORDINALS[lang][value - 1] if 0 < value <= len(ORDINALS[lang]) else f"#{value}"
                if plural:
                    forms = plural.split("|")
                    noun = _plural(value, forms, lang)
                    return noun if value == 1 else f"{value} {noun}"
                return str(value)
            case "target" | "player" | "duration":
                t = lookup(kind, value)
                assert t is not None
                key = f"{t.main_id}.{form}" if form and f"{t.main_id}.{form}" in t.text else t.main_id
                return t.text[key][LANGS.index(lang)]
            case "name":
                return f"«{value}»"
            case "names":
                return ", ".join(f"«{v}»" for v in value)
            case "types":
                return _word("or", lang).join(TYPE_FORMS[v][form or "is"][LANGS.index(lang)] for v in value)
            case "bool":
                return ""
            case "condition":
                return self.condition(value)
            case "effect":
                return self.effect(value)
            case "options":
                return _word("or", lang).join(self.effect(v) for v in value)
        raise AssertionError(kind)

    def condition(self, value: Any) -> str:
        table = value if isinstance(value, dict) else {"test": value}
        t = lookup("condition", table["test"])
        assert t is not None
        return self.term_text(t, table, "test")

    def effect(self, value: Any) -> str:
        """An effect's phrase (lower case); a list's effects are joined as sentences."""
        if isinstance(value, list):
            return ". ".join(_cap(self.effect(v)) if i else self.effect(v) for i, v in enumerate(value))
        t = lookup("op", value["op"])
        assert t is not None
        if value.get("optional"):
            inf = f"{t.main_id}.inf"
            out = _word("may", self.lang) + (self.fill(t.text[inf][LANGS.index(self.lang)], t, value)
                                             if inf in t.text else self.term_text(t, value, "op"))
        else:
            out = self.term_text(t, value, "op")
        if "if" in value:
            out = _word("if", self.lang).format(cond=self.condition(value["if"])) + out
        if "then" in value:
            out += _word("then", self.lang) + self.effect(value["then"])
        return out


def _zones(zones: list[str], lang: str) -> str:
    """The note of an activated or triggered ability that works outside play (in the graveyard, in the hand)."""
    places = [z for z in zones if z != "play"]
    if not places:
        return ""
    where = _word("or", lang).join(_word(z, lang) for z in places)
    return _word("zones", lang).format(also=_word("also", lang) if "play" in zones else "", where=where)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _close(writer: _Writer, s: str) -> str:
    s += "".join(writer.where)
    return s if s.endswith((".", "!", "?")) else s + "."


def _price(w: _Writer, cost: dict[str, Any], lang: str) -> str:
    """A price's words: its coins and (Т), then its discards and wounds to the hero, joined by commas."""
    head = "".join([*([_word("coins", lang).format(n=w.value("amount", cost["coins"], None, None))]
                      if "coins" in cost else []), *([_word("close", lang)] if cost.get("close") else [])])
    for part in ("discard", "wound"):
        if cost.get(part):
            head += (", " if head else "") + _SLOT.sub(
                lambda m, part=part: w.value("int", cost[part], None, m.group(3)), _word(part, lang))
    return head


def ability_text(ab: dict[str, Any], lang: str) -> str:
    """One ability's sentence(s)."""
    w = _Writer(lang)
    match ab["type"]:
        case "spell":
            return _close(w, _cap(w.effect(ab["effect"])))
        case "static":
            t = lookup("static", ab["static"])
            assert t is not None
            return _close(w, _cap(w.term_text(t, ab, "static")))
        case "trigger":
            on = ab["on"]
            t = lookup("event", on["event"])
            assert t is not None
            clause = w.term_text(t, on, "event")
            body = w.effect(ab["effect"])
            if "condition" in ab:
                body = _word("if", lang).format(cond=w.condition(ab["condition"])) + body
            body += _zones(ab.get("zones", ["play"]), lang)
            if t.info.get("head"):
                join = t.info.get("join", ":")   # (ru, en) if the languages differ; a clause before "если" takes ","
                join = join[LANGS.index(lang)] if isinstance(join, tuple) else join
                join = join or ("," if body.startswith(_word("if", lang).split(" ")[0]) else "")
                return _close(w, f"{_cap(clause)}{join} {body}")
            head = _word("every" if ab.get("every") else "when", lang).format(clause=clause)
            return _close(w, head + body)
        case "extra_cost":
            price = _price(w, ab["cost"], lang)
            if "effect" not in ab:
                return _close(w, _word("extra_cost", lang).format(price=price))
            return _close(w, _word("extra_bonus", lang).format(price=price, effect=w.effect(ab["effect"])))
        case "activated":
            head = _price(w, ab["cost"], lang)
            body = w.effect(ab["effect"])
            if "condition" in ab:
                body = _word("if", lang).format(cond=w.condition(ab["condition"])) + body
            tail = ""
            if ab.get("limit", 1) > 1:
                tail += _word("limit", lang).format(n=ab["limit"])
            tail += _zones(ab.get("zones", ["play"]), lang)
            return _close(w, f"{_cap(head)}: {_cap(body)}{tail}")
    raise AssertionError(ab["type"])


def keyword_text(name: str, value: int, lang: str) -> str:
    t = lookup("keyword", name)
    assert t is not None
    return t.text[t.main_id][LANGS.index(lang)].format(n=value)


def card_lines(card: HeroCardDef, lang: str) -> list[str]:
    """The card's rules text: its keywords on one line, then a line per ability."""
    lines = []
    if card.keywords:
        lines.append(". ".join(keyword_text(k, v, lang) for k, v in card.keywords.items()) + ".")
    lines.extend(ability_text(ab, lang) for ab in card.abilities)
    return lines


def card_text(card: HeroCardDef, lang: str = "ru") -> str:
    """The card's whole rules text in `lang` ("ru" or "en")."""
    return "\n".join(card_lines(card, lang))

