"""The types of the fields of terms: each checks a value read from a set file and describes itself
for docs/card-schema.md. `check(value, path)` raises TermError naming the field and the bad part."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.schema import ATTACK_GROUPS, ATTACK_KINDS, LEVELS
from cards.terms.model import FAMILIES, Field, Term, TermError, lookup, names

UNTILS = ("end_of_turn", "end_of_your_turn", "end_of_opponent_turn", "end_of_next_opponent_turn",
          "end_of_its_turn", "end_of_your_next_turn", "battle")
SIDES = ("enemy", "own", "any")
MARKERS = ("flame_seal", "cat_mouse", "portal", "focus", "acid_fumes",     # the markers put on cards or cells
           "hunt", "prey", "bomb", "web", "strangle", "tremor", "gates", "bonfire", "bloom", "storm", "lantern")
MARKERS_NEW = MARKERS[5:]       # kept with their source and their last turn, on a card or (`cell_NAME`) on a cell
TARGET_WORDS = ("self", "attacked", "attacker", "wounded", "mover", "host", "opposite", "same", "killer", "dead",
                "opposite_card", "attacked_parasite", "symbiont", "behind_same", "passed_over", "giver", "rolled",
                "defended", "taken_with")
BUFF_STATS = ("strike", "move", "next_shot", "next_throw", "next_attack", "next_magic", "next_discharge",
              "nonmagic_reduction", "strike_vs_mark", "extra_armor", "melee", "ranged", "cure_on_move",
              "special_strike", "shot_range", "discharge_range", "ova_plus", "ovz_plus", "ovs_plus",
              "next_strike", "struck_strong", "roll_against", "medium_strike", "strong_strike",
              "life", "movers", "no_attack", "no_move", "next_unanswerable", "no_act", "discharge")
BUFF_FLAGS = ("no_attack", "no_move", "next_unanswerable", "no_act")     # restrictions, one-off marks: value 1
BOUND_UNTILS = ("source_moves", "source_leaves")    # a buff bound to its source: until it moves / leaves play
BUFF_X = ("minus_target_weak", "minus_target_poison", "attack_value", "wounds", "formation", "payer_weak",
          "dead_weak", "shown", "chosen", "X", "exiled_weak", "exiled_life")     # a bonus X worked out when given


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not value:
        raise TermError(path, f"expected a non-empty table, got {value!r}")
    return value


def _list(value: Any, path: str) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise TermError(path, f"expected a non-empty list, got {value!r}")
    return value


def check_fields(table: Mapping[str, Any], fields: Sequence[Field], path: str, common: Sequence[str] = ()) -> None:
    """Unknown and missing fields, then the value of each field, in the order of the table."""
    known = {f.name: f for f in fields}
    for name in table:
        if name not in known and name not in common:
            raise TermError(f"{path}.{name}", "unknown field")
    for f in fields:
        if f.required and f.name not in table:
            raise TermError(f"{path}.{f.name}", "missing field")
    for name, value in table.items():
        if name in known:
            known[name].type.check(value, f"{path}.{name}")


class Type(ABC):
    """A field's type."""

    @abstractmethod
    def check(self, value: Any, path: str) -> None:
        """Raise TermError unless `value` is of this type."""

    @abstractmethod
    def describe(self) -> str:
        """The type in the words of docs/card-schema.md."""

    def fits(self, value: Any) -> bool:
        """Whether `value` is of this type's shape (a Union picks the alternative to blame by it)."""
        return True


@dataclass(frozen=True, slots=True)
class Int(Type):
    low: int = 0

    def check(self, value: Any, path: str) -> None:
        if not is_int(value) or value < self.low:
            raise TermError(path, f"expected an integer >= {self.low}, got {value!r}")

    def describe(self) -> str:
        return f"N ≥ {self.low}" if self.low else "N"

    def fits(self, value: Any) -> bool:
        return isinstance(value, int)


@dataclass(frozen=True, slots=True)
class Flag(Type):
    only_true: bool = False     # `false` would mean nothing: leave the field out

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, bool):
            raise TermError(path, f"expected true or false, got {value!r}")
        if self.only_true and not value:
            raise TermError(path, "only true is meaningful")

    def describe(self) -> str:
        return "`true`" if self.only_true else "`true` | `false`"

    def fits(self, value: Any) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Text(Type):
    what: str = "text"

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str) or not value:
            raise TermError(path, f"expected a non-empty string, got {value!r}")

    def describe(self) -> str:
        return f'"<{self.what}>"'

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)


@dataclass(frozen=True, slots=True)
class Enum(Type):
    """One of `values` (a tuple, or a family whose term names are the values); `noun` names a
    value in errors; a `word` prefix renders the value as the message `word.value`."""

    values: tuple[str, ...] | str
    noun: str = "value"
    word: str | None = None
    what: str = ""     # what docs call a value, instead of listing them all

    def allowed(self) -> tuple[str, ...]:
        return names(self.values) if isinstance(self.values, str) else self.values

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str) or value not in self.allowed():
            raise TermError(path, f"unknown {self.noun} {value!r}")

    def describe(self) -> str:
        if self.what or isinstance(self.values, str):
            return f'"<{self.what or FAMILIES[self.values][0]}>"'
        return " | ".join(f'`"{v}"`' for v in self.values)

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)


@dataclass(frozen=True, slots=True)
class ListOf(Type):
    item: Type

    def check(self, value: Any, path: str) -> None:
        for i, item in enumerate(_list(value, path)):
            try:
                self.item.check(item, f"{path}[{i}]")
            except TermError as err:
                if err.path != f"{path}[{i}]":
                    raise
                raise TermError(path, err.message, f"[{i}]{err.item}") from None

    def describe(self) -> str:
        return f"[{self.item.describe()}, …]"

    def fits(self, value: Any) -> bool:
        return isinstance(value, list)


@dataclass(frozen=True, slots=True)
class Damage(Type):
    """An attack's values `[weak, medium, strong]`."""

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 3:
            raise TermError(path, f"expected [weak, medium, strong], got {value!r}")
        for v in value:
            Int().check(v, path)

    def describe(self) -> str:
        return "[w, m, s]"

    def fits(self, value: Any) -> bool:
        return isinstance(value, list)


@dataclass(frozen=True, slots=True)
class Union(Type):
    """One of several types, told apart by the shape of the value."""

    options: tuple[Type, ...]

    def check(self, value: Any, path: str) -> None:
        for option in self.options:
            if option.fits(value):
                option.check(value, path)
                return
        raise TermError(path, f"expected {self.describe()}, got {value!r}")

    def describe(self) -> str:
        return " or ".join(option.describe() for option in self.options)

    def fits(self, value: Any) -> bool:
        return any(option.fits(value) for option in self.options)


@dataclass(frozen=True, slots=True)
class Record(Type):
    """A table with fields of its own (a prophecy's case, a chosen target)."""

    fields: tuple[Field, ...]
    what: str = "table"

    def check(self, value: Any, path: str) -> None:
        check_fields(_table(value, path), self.fields, path)

    def describe(self) -> str:
        return f"a {self.what}"

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


@dataclass(frozen=True, slots=True)
class KeywordTable(Type):
    """`{ keyword = N }`: a flag keyword takes 1, a numeric one N ≥ 1 (or "regen" with `regen`)."""

    regen: bool = False
    zero: bool = False      # a card's printed keywords: 0 is as good as absent

    def check(self, value: Any, path: str) -> None:
        table = value if self.zero and value == {} else _table(value, path)
        for key, n in table.items():
            check_keyword(key, n, path, self.regen, self.zero)

    def describe(self) -> str:
        return '{ keyword = N' + (' | "regen"' if self.regen else "") + " }"

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


def check_keyword(key: Any, n: Any, path: str, regen: bool = False, zero: bool = False) -> None:
    """One keyword entry of a table at `path`."""
    term = lookup("keyword", key)
    if term is None:
        raise TermError(path, f"unknown keyword {key!r}", f".{key}")
    if zero and n == 0 and is_int(n):
        return
    if not term.info.get("numeric"):
        if n != 1 or isinstance(n, bool):
            raise TermError(path, f"keyword {key} is a flag and takes 1, got {n!r}", f".{key}")
    elif not (regen and n == "regen") and (not is_int(n) or n < 1):
        raise TermError(path, f"expected an integer >= 1, got {n!r}", f".{key}")


def _rolled(n: Any) -> bool:
    """`[w, m, s]`: a value picked by a die roll of the source."""
    return isinstance(n, list) and len(n) == 3 and all(is_int(x) and x >= 1 for x in n)


@dataclass(frozen=True, slots=True)
class BuffTable(Type):
    """`{ stat = ±N | "X-word", keyword = N }`: temporary bonuses to stats and keywords."""

    def check(self, value: Any, path: str) -> None:
        for key, n in _table(value, path).items():
            if key not in BUFF_STATS:
                check_keyword(key, n, path)
            elif key in BUFF_FLAGS:
                if n != 1 or isinstance(n, bool):
                    raise TermError(path, f"{key} is a flag and takes 1, got {n!r}", f".{key}")
            elif key == "movers":
                if not (is_int(n) and n >= 1 or _rolled(n)):
                    raise TermError(path, f"expected an integer >= 1 or [w, m, s], got {n!r}", f".{key}")
            elif not (n in BUFF_X or (is_int(n) and n != 0)):
                raise TermError(path, f"expected a non-zero integer, got {n!r}", f".{key}")

    def describe(self) -> str:
        return "{ stat = ±N | keyword = N }"

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


ROLES = {
    "card": "a condition on another card",
    "source": "a condition on the card that has the ability",
    "deck": "a condition on a card of a deck",
}


@dataclass(frozen=True, slots=True)
class Condition(Type):
    """A condition table (docs/card-schema.md, Conditions) in one role: about another card
    ("card"), about the card that has the ability ("source", which also takes the keys about a card),
    or about a printed card of a deck ("deck")."""

    role: str = "card"

    def check(self, value: Any, path: str) -> None:
        for key, want in _table(value, path).items():
            at = f"{path}.{key}"
            term = lookup("condition", key)
            if term is None:
                raise TermError(at, "unknown condition")
            roles = term.info["roles"]
            if self.role not in roles and not (self.role == "source" and "card" in roles):
                raise TermError(at, ROLE_ERRORS[self.role])
            value_type(term, self.role).check(want, at)

    def describe(self) -> str:
        return "{ condition }"

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


@dataclass(frozen=True, slots=True)
class Nested(Type):
    """The value of a combinator (`any`, `not`): conditions in the role of the condition around it."""

    many: bool = False

    def in_role(self, role: str) -> Type:
        return ListOf(Condition(role)) if self.many else Condition(role)

    def check(self, value: Any, path: str) -> None:
        self.in_role("card").check(value, path)

    def describe(self) -> str:
        return "[ { condition }, … ]" if self.many else "{ condition }"


def value_type(term: Term, role: str) -> Type:
    """The type of a condition's value where a condition of `role` holds it: a key about a card
    inside a condition about the source is about that card."""
    role = role if role in term.info["roles"] else "card"
    type_ = term.fields[0].type
    return type_.in_role(role) if isinstance(type_, Nested) else type_


ROLE_ERRORS = {
    "card": "this condition is about the card that has the ability and cannot qualify another card",
    "source": "this condition cannot be said of the card that has the ability",
    "deck": "this condition cannot be judged of a card in a deck",
}

SELECTOR = Record((
    Field("side", Enum(SIDES), True, "whose card"),
    Field("what", Enum(("creature", "card")), True, "a creature, or any card"),
    Field("filter", Condition(), doc="a condition on it"),
    Field("range", Int(1), doc="within N cells of the source"),
    Field("near", Enum(("dead", "same", "mover", "attacked", "wounded")),
          doc="next to the dead creature, the previous target, the mover, the attacked card, the wounded card"),
    Field("adjacent", Flag(only_true=True), doc="next to the source, not the source itself"),
    Field("beside", Flag(only_true=True), doc="directly left or right of the source (its controller's view)"),
    Field("formation", Enum(("self", "dead")), doc="in one formation with the source / with the creature that died"),
    Field("or_self", Flag(only_true=True), doc="with `adjacent`: the source itself too («её или стоящее рядом»)"),
    Field("all", Flag(), doc="every matching card, nobody chooses"),
    Field("up_to", Union((Int(2), Enum(("amount",)))),
          doc="the owner picks up to N; `\"amount\"`: X, the amount of the event that set the ability off"),
    Field("up_to_own", Condition(), doc="the owner picks up to X, X = the own creatures matching it"),
    Field("zone", Enum(("grave",)), doc="in a graveyard instead of the battlefield"),
    Field("other", Flag(), doc="any but the source itself"),
    Field("cost", Enum(("shown",)), doc="costing as much as the card the source's prophecy showed (its printed cost)"),
    Field("same_weak", Flag(only_true=True),
          doc="with the same weak simple strike as the previous target (`same`), in a later step of a sequence"),
), "selector")


@dataclass(frozen=True, slots=True)
class Target(Type):
    """A target word (`"self"`, `"attacked"`, …, `"same"`) or a selector table chosen by the owner."""

    selector: bool = True

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, Mapping) and self.selector:
            SELECTOR.check(value, path)
        elif value not in TARGET_WORDS:
            raise TermError(path, f"unknown target {value!r}")

    def describe(self) -> str:
        return "target" if self.selector else "target word"


class Effect(Type):
    """An effect table `{ op = …, … }` with the fields its op declares."""

    def check(self, value: Any, path: str) -> None:
        table = _table(value, path)
        term = lookup("op", table.get("op"))
        if term is None:
            raise TermError(f"{path}.op", f"unknown effect op {table.get('op')!r}")
        check_fields(table, term.fields, path, ("op",))
        if term.rule:
            term.rule(table, path)

    def describe(self) -> str:
        return "effect"

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


class On(Type):
    """A triggered ability's `on` table: an event kind (`event`) and the filters it takes, each a field of the
    kind's declaration; the kind's `rule` checks that one of its wordings takes them with these values."""

    def check(self, value: Any, path: str) -> None:
        table = _table(value, path)
        term = lookup("event", table.get("event"))
        if term is None:
            raise TermError(f"{path}.event", f"unknown event kind {table.get('event')!r}")
        for name in table:
            if name != "event" and term.field(name) is None:
                raise TermError(f"{path}.{name}", "unknown trigger filter" if lookup("filter", name) is None
                                else f"no trigger of kind {term.name!r} takes this filter")
        check_fields(table, term.fields, path, ("event",))
        if term.rule:
            term.rule(table, path)

    def describe(self) -> str:
        return "{ event = kind, filters }"


ABILITY_COMMON = ("type", "id", "name", "name_en")


class Ability(Type):
    """A whole ability table: its names, its kind (`type`) and the fields that kind declares."""

    def check(self, value: Any, path: str) -> None:
        ab = _table(value, path)
        check_names(ab, path)
        kind = ab.get("type")
        term = lookup("static", kind) or lookup("ability", kind)
        if term is None:
            raise TermError(f"{path}.type", f"unknown ability type {kind!r}")
        check_fields(ab, term.fields, path, ABILITY_COMMON)
        if term.rule:
            term.rule(ab, path)

    def describe(self) -> str:
        return "ability"


def check_names(ab: Mapping[str, Any], path: str) -> None:
    """A named ability has its name in Russian (`name`) and in English (`name_en`)."""
    for key in ("name", "name_en"):
        if key in ab and not (isinstance(ab[key], str) and ab[key].strip()):
            raise TermError(f"{path}.{key}", f"expected a non-empty string, got {ab[key]!r}")
    if "name" in ab and "name_en" not in ab:
        raise TermError(f"{path}.name_en", f"missing: the English name of the ability {ab['name']!r}")
    if "name_en" in ab and "name" not in ab:
        raise TermError(f"{path}.name", f"missing: the Russian name of the ability {ab['name_en']!r}")


ATTACK = Enum(ATTACK_KINDS, "attack", "atk", "attack kind")
ATTACKS = ListOf(Enum((*ATTACK_KINDS, *ATTACK_GROUPS), "attack", "atk", "attack kind or group"))
LEVEL_LIST = ListOf(Enum(LEVELS, "level"))
KEYWORD_LIST = ListOf(Enum("keyword", "keyword"))
UNTIL = Enum(UNTILS, word="until")
BOUND_UNTIL = Enum(UNTILS + BOUND_UNTILS, word="until")     # `buff`, `lose_abilities`: also bound to the source
CARD = Condition("card")
SOURCE = Condition("source")
DECK_CARD = Condition("deck")
TARGET = Target()
EFFECT = Effect()
ON = On()


def req(name: str, type_: Type, doc: str = "") -> Field:
    """A required field."""
    return Field(name, type_, True, doc)


def opt(name: str, type_: Type, doc: str = "") -> Field:
    """An optional field."""
    return Field(name, type_, False, doc)


def walk(value: Any, type_: Type) -> Iterator[tuple[str, str]]:
    """(family, name) of every term a value of `type_` uses, at any depth."""
    if isinstance(type_, Union):
        option = next((o for o in type_.options if o.fits(value)), None)
        yield from walk(value, option) if option else ()
    elif isinstance(type_, ListOf):
        for item in value:
            yield from walk(item, type_.item)
    elif isinstance(type_, Record):
        yield from walk_fields(value, type_.fields)
    elif isinstance(type_, Target) and isinstance(value, Mapping):
        yield from walk(value, SELECTOR)
    elif isinstance(type_, KeywordTable | BuffTable):
        yield from (("keyword", k) for k in value if k not in BUFF_STATS)
    elif isinstance(type_, Enum) and type_.values == "keyword":
        yield "keyword", value
    elif isinstance(type_, Condition):
        for key, want in value.items():
            yield "condition", key
            yield from walk(want, value_type(lookup("condition", key), type_.role))
    elif isinstance(type_, On):
        yield "event", value["event"]
        yield from (("filter", name) for name in value if name != "event")
        yield from walk_fields(value, lookup("event", value["event"]).fields)
    elif isinstance(type_, Effect):
        yield "op", value["op"]
        yield from walk_fields(value, lookup("op", value["op"]).fields)
    elif isinstance(type_, Ability):
        term = lookup("static", value["type"])
        yield ("static", term.name) if term else ("ability", value["type"])
        yield from walk_fields(value, (term or lookup("ability", value["type"])).fields)


def walk_fields(table: Mapping[str, Any], fields: Sequence[Field]) -> Iterator[tuple[str, str]]:
    for f in fields:
        if f.name in table:
            yield from walk(table[f.name], f.type)

