"""Card text rendered from structure (docs/card-schema.md): keywords and abilities in Russian or English.

Every phrase comes from the message table in `cards.i18n`. Anything the schema does not
describe raises ValueError naming the card and the field, so new terms are never dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from cards.i18n import MESSAGES
from cards.schema import ATTACK_KINDS, INSTANT_TIMINGS, KEYWORDS, STATIC_TYPES, CardDef

NUMERIC_KEYWORDS = frozenset({"regen", "armor", "ova", "ovz", "ovs", "jump", "incarnation"})
RANGED_BY_DISTANCE = frozenset({"shot", "throw", "discharge"})  # without `range` their range is unlimited
SOURCE_KEYS = frozenset({"open", "squad_has_class", "strongest_strike", "adjacent_own", "in_formation",
                         "order", "more_closed", "own_with_chips", "enemy_creature", "opposite_enemy",
                         "enemy_all_wounded", "behind", "host", "enemy_grave", "no_enemy_creature", "own_all",
                         "wounds_this_turn_below",
                         "enemy_elements_min", "own_elements_max", "redealt", "passed_over_free",
                         "paid_extra", "recruited"})
ABILITY_KINDS = ("attack", "spell", "effect")
TARGET_WORDS = ("self", "attacked", "attacker", "wounded", "mover", "host", "opposite", "same", "killer", "dead",
                "opposite_card", "attacked_parasite", "symbiont", "behind_same", "passed_over", "giver")
SIDES = ("enemy", "own", "any")
WHATS = ("creature", "card")

# ability type -> (required fields, optional fields); `type`, `id`, `name` and `name_en` are always allowed
ABILITY_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "grant": (("grant", "scope"), ("filter", "while")),
    "attack_bonus": (("amount", "attacks"), ("levels", "vs", "while", "scope", "filter", "class", "max",
                                                "target_behind")),
    "attack_reduction": (("amount", "attacks"), ("levels", "from", "while", "class")),
    "range_bonus": (("amount", "attacks"), ("vs", "while")),
    "strike_level": (("level",), ("vs", "while")),
    "directed_vs": ((), ("vs", "while", "opposite")),
    "extra_life": (("amount",), ("while",)),
    "move_bonus": (("amount",), ("while",)),
    "hit_upgrade": ((), ("filter",)),
    "strike_escalation": (("max",), ()),
    "counter_reduction": (("amount",), ("while",)),
    "host_barred_half": ((), ()),
    "block_ranged": (("nth",), ()),
    "host_filter": (("filter",), ()),
    "no_strike": ((), ("while",)),
    "concentration_grace": ((), ()),
    "ignores_protection": (("keywords",), ("of",)),
    "heal_bonus": (("amount",), ()),
    "strike_stays_open": ((), ("while",)),
    "dash_swap": ((), ()),
    "reflect_ranged": (("attacks", "counter", "counter_attack"), ()),
    "release_rider": ((), ()),
    "step_onto": (("filter",), ()),
    "step_near": (("filter",), ()),
    "ranged_lure": ((), ()),
    "jump_swap": (("filter",), ("grant",)),
    "open_after_exchange": ((), ()),
    "lure_immune": (("attacks",), ()),
    "incarnation_gate": ((), ()),
    "strike_from_cell": (("marker",), ("while",)),
    "life_cap": (("amount",), ("while",)),
    "squad_bonus": (("filter",), ("strike", "move")),
    "first_attack_penalty": (("amount",), ("filter",)),
    "poison_extra": (("amount",), ("filter",)),
    "purchase_option": (("extra",), ()),
    "before_purchase": ((), ()),
    "forced_defender": ((), ()),
    "block_first_attack": ((), ()),
    "double_strike_vs": (("vs",), ()),
    "rot_marker": (("amount",), ("dying", "filter")),
    "lose_keywords": (("keywords",), ("filter",)),
    "attack_immunity": ((), ("from", "while")),
    "block_attacks": (("attacks",), ("from", "more_life", "while")),
    "purchase_discount": (("amount", "squad_has"), ()),
    "terrain_class": (("class",), ()),
    "symbiont_rescue": ((), ()),
    "own_parasite_host": ((), ()),
    "strike_cap": (("amount",), ("while",)),
    "attack_cap": (("amount",), ("levels", "while")),
    "silence_opposite": ((), ()),
    "activated": (("effect",), ("kind", "tap", "instant", "chips", "once_per", "timing", "requires",
                                "pay_close", "attacker", "lives")),
    "trigger": (("on", "effect"), ("kind", "attack", "attacks", "levels", "vs", "optional", "per_turn", "while",
                                   "by_attack",
                                   "killer", "kills", "once_per", "per_battle", "decider", "nth", "roll_max",
                                   "pay_status", "self_only", "side", "summoner")),
    "concentration": (("effect",), ("kind", "optional")),
}
COMMON_FIELDS = ("type", "id", "name", "name_en")
NAME_FIELDS = {"ru": "name", "en": "name_en"}     # language -> the field of an ability's proper name

# effect op -> (required fields, optional fields); `op` is always required
EFFECT_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "attack": (("attack", "damage"), ("range", "target", "line", "unwounded", "over_jump", "striker", "point_blank",
                                     "optional")),
    "wound": (("amount", "target"), ()),
    "exile_revive": (("exile", "revive"), ()),
    "summon": (("card",), ("count", "place", "host", "optional", "leave", "target")),
    "prophecy": (("cases",), ("target",)),
    "stack_deck": (("depth_first", "depth_second"), ()),
    "inc_token": (("target",), ()),
    "roll_twice": (("target",), ()),
    "redirect_next_melee": (("target",), ()),
    "doom": (("target",), ()),
    "revive_on_dead_cell": ((), ()),
    "revive": (("target",), ()),
    "gain_incarnation": (("amount", "target"), ()),
    "restrain": (("target", "count"), ("near",)),
    "wound_heal": (("amount", "target"), ()),
    "swap_strike": (("target", "until"), ()),
    "strong_next_strike": (("target",), ()),
    "move_to_vacated": (("target",), ("cell",)),
    "teleport_pull": (("target",), ()),
    "finish": (("amount", "target"), ("own_half_bonus",)),
    "gain": (("ability", "until", "target"), ("keep_in_grave",)),
    "curse": (("target",), ()),
    "bless": (("target",), ()),
    "poison": (("amount", "target"), ()),
    "heal": (("amount", "target"), ()),
    "extra_life": (("amount", "target"), ()),
    "lose_keyword": (("keywords", "until", "target"), ()),
    "buff": (("grant", "until", "target"), ("max",)),
    "choose": (("options",), ("chooser",)),
    "relocate": (("target",), ()),
    "displace": (("target",), ()),
    "jump": (("range", "target"), ()),
    "no_move": (("target",), ()),
    "cancel_action": (("target",), ()),
    "redirect_to_host": ((), ()),
    "block_attack": ((), ()),
    "set_next_roll": (("value", "target"), ()),
    "destroy": (("target",), ()),
    "cure": (("statuses", "target"), ()),
    "keep_closed": (("target",), ()),
    "trap": (("amount", "target"), ()),
    "retaliate": (("target",), ()),
    "redirect_discharge": (("target",), ()),
    "redirect_to_self": (("target",), ()),
    "attack_around": (("attack", "damage"), ()),
    "reseat": (("target",), ()),
    "pass_symbiont": (("kind", "target"), ()),
    "take_over": (("target",), ()),
    "make_parasite": (("target",), ()),
    "keep_closed_next": (("target",), ("unless",)),
    "jump_near": (("target", "then"), ()),
    "take_flight": (("target",), ("until",)),
    "by_order": (("pick", "effects"), ()),
    "by_sides": (("own", "enemy", "mixed"), ("mixed_once",)),
    "land": (("where", "target"), ("then",)),
    "move_passed": (("target",), ()),
    "mirror_beside": (("target",), ()),
    "push_forward": (("amount", "target"), ()),
    "follow": (("target", "then"), ()),
    "silence": (("target",), ()),
    "swap": (("target",), ()),
    "strike": (("target",), ("as_open", "striker")),
    "mark": (("target", "until"), ()),
    "open": (("target",), ()),
    "close": (("target",), ()),
    "marker": (("name", "target"), ("until",)),
    "chip": (("amount", "target"), ("max",)),
    "ambush": ((), ()),
    "fire_wall": ((), ()),
    "cell_marker": (("name",), ("until",)),
    "wound_marked_cells": (("name", "amount"), ()),
    "burn_walls": (("amount",), ()),
    "wound_diagonal": (("amount",), ()),
    "wound_around_cell": (("amount",), ()),
    "wound_square": (("max",), ()),
    "redistribute": (("target",), ()),
    "repair_armor": (("target",), ()),
    "lose_armor": (("target", "until"), ()),
    "no_heal": (("target", "until"), ()),
    "by_roll": (("target", "at_least", "high", "low"), ()),
    "if": (("cond", "then"), ("else", "of")),
    "darken": (("target",), ()),
    "animate": (("target", "strike"), ("move", "flyer", "grant")),
    "transfer_chip": (("target", "to"), ()),
    "sequence": (("steps",), ()),
}
BUFF_STATS = ("strike", "move", "next_shot", "next_attack", "next_magic", "next_discharge", "nonmagic_reduction",
              "strike_vs_mark",
              "extra_armor", "melee", "ranged",
              "cure_on_move",
              "special_strike", "shot_range", "next_strike", "struck_strong")


def render_card(card: CardDef, lang: str = "ru") -> str:
    """The whole rules text of a card: its keywords, then one line per ability."""
    renderer = _Renderer(card, lang)
    lines = [renderer.keywords()]
    lines += [renderer.ability(ab, f"abilities[{i}]") for i, ab in enumerate(card.abilities)]
    return "\n".join(line for line in lines if line)


def render_keywords(card: CardDef, lang: str = "ru") -> str:
    """The printed keywords of a card, one sentence each ("" when it has none)."""
    return _Renderer(card, lang).keywords()


def render_ability(card: CardDef, ability: Mapping[str, Any], lang: str = "ru") -> str:
    """One ability of `card` as a sentence."""
    index = next((i for i, ab in enumerate(card.abilities) if ab is ability), None)
    if "giver" in ability:      # a gained ability (op `gain`) carries the uid of the card that gave it: no text
        ability = {k: v for k, v in ability.items() if k != "giver"}
    return _Renderer(card, lang).ability(ability, "ability" if index is None else f"abilities[{index}]")


def plural(n: int, forms: str, lang: str = "ru") -> str:
    """The form of "one|few|many" `forms` that agrees with `n` (1 рана, 2 раны, 5 ран)."""
    one, few, many = forms.split("|")
    if lang != "ru":
        return one if n == 1 else many
    if n % 10 == 1 and n % 100 != 11:
        return one
    return few if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else many


def ability_name(ability: Mapping[str, Any], lang: str = "ru") -> str:
    """The proper name of a named ability in `lang`: «парализующий взгляд», "paralyzing gaze"."""
    return ability[NAME_FIELDS[lang]]


def attack_name(kind: str, lang: str = "ru") -> str:
    """An attack kind in the nominative: «выстрел», «удар через ряд»."""
    return MESSAGES[lang][f"atk.{kind}.nom"]


def render_bonus(key: str, value: int, lang: str = "ru") -> str:
    """One temporary bonus as a phrase: «+1 к простому удару», «опыт в стрельбе 1»."""
    msgs = MESSAGES[lang]
    if key in BUFF_STATS:
        return msgs[f"buff.{key}"].format(n=f"{value:+d}", m=abs(value))
    return msgs[f"kw.{key}"].format(n=value)


def buff_phrase(key: str, value: Any, lang: str = "ru") -> str | None:
    """A temporary bonus (`CardState.buffs`) to a stat or a keyword as a phrase; None for any
    other buff (a status such as «cannot act», or the engine's own bookkeeping)."""
    if key in BUFF_STATS or f"kw.{key}" in MESSAGES[lang]:
        return render_bonus(key, value, lang)
    return None


def keyword_name(key: str, lang: str = "ru") -> str:
    """A keyword's name without its number: «опыт в защите», «защиту от отравления» (as lost or granted)."""
    return MESSAGES[lang][f"kw.{key}.acc"].format(n="").strip()


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    text = _cap(text)
    return text if text.endswith((".", "!", "?")) else f"{text}."


class _Renderer:
    """Renders the parts of one card in one language; `where` arguments are field paths for errors."""

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

    def t(self, key: str, /, **kw: Any) -> str:
        """The message `key` formatted with `kw`."""
        return self.msgs[key].format(**kw)

    def word(self, prefix: str, value: Any, where: str, suffix: str = "", **kw: Any) -> str:
        """The message `prefix.value suffix`, failing on a value the table does not know."""
        key = f"{prefix}.{value}{suffix}"
        if not isinstance(value, str) or key not in self.msgs:
            self.fail(where, f"unknown value {value!r}")
        return self.t(key, **kw)

    def fields(self, obj: Any, required: Sequence[str], optional: Sequence[str], where: str) -> Mapping[str, Any]:
        table = self.table(obj, where)
        unknown = sorted(set(table) - set(required) - set(optional))
        if unknown:
            self.fail(where, f"unknown field(s) {', '.join(unknown)}")
        missing = [name for name in required if name not in table]
        if missing:
            self.fail(where, f"missing field(s) {', '.join(missing)}")
        return table

    def table(self, obj: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(obj, Mapping) or not obj:
            self.fail(where, f"expected a non-empty table, got {obj!r}")
        return obj

    def items(self, obj: Any, where: str) -> Sequence[Any]:
        if isinstance(obj, str) or not isinstance(obj, Sequence) or not obj:
            self.fail(where, f"expected a non-empty list, got {obj!r}")
        return obj

    def number(self, value: Any, where: str, low: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.fail(where, f"expected an integer >= {low}, got {value!r}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            self.fail(where, f"expected true or false, got {value!r}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value:
            self.fail(where, f"expected a non-empty string, got {value!r}")
        return value

    def name(self, ab: Mapping[str, Any], where: str) -> str:
        """The proper name of a named ability in this language."""
        key = NAME_FIELDS[self.lang]
        if key not in ab:
            self.fail(f"{where}.{key}", "missing field")
        return self.text(ab[key], f"{where}.{key}")

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
        unknown = sorted(set(kws) - set(KEYWORDS))
        if unknown:
            self.fail(f"keywords.{unknown[0]}", "unknown keyword")
        shown = [self.keyword(k, kws[k], f"keywords.{k}") for k in KEYWORDS if kws.get(k, 0) != 0]
        return " ".join(_sentence(text) for text in shown)

    def keyword(self, key: str, value: Any, where: str, form: str = "", regen: str | None = None) -> str:
        """Keyword `key` with `value`; `form` ".acc" as granted; `regen` renders the value "regen"."""
        if key not in KEYWORDS:
            self.fail(where, "unknown keyword")
        if key not in NUMERIC_KEYWORDS:
            if value != 1 or isinstance(value, bool):
                self.fail(where, f"keyword {key} is a flag and takes 1, got {value!r}")
            return self.t(f"kw.{key}{form}")
        if value == "regen" and regen is not None:
            return self.t(f"kw.{key}{form}", n=regen)
        return self.t(f"kw.{key}{form}", n=self.number(value, where, low=1))

    # -- conditions -------------------------------------------------------------------------------

    def qualifier(self, cond: Any, where: str) -> str:
        """A condition on another card, as words after a noun ("с проклятием")."""
        parts = [self.qualifier_part(key, value, f"{where}.{key}") for key, value in self.table(cond, where).items()]
        return self.join(parts, "and")

    def qualifier_part(self, key: str, value: Any, where: str) -> str:
        if key in SOURCE_KEYS:
            self.fail(where, "this condition is about the card that has the ability and cannot qualify another card")
        if key in ("any", "all"):
            subs = self.items(value, where)
            conj = "or" if key == "any" else "and"
            return self.join([self.qualifier(sub, f"{where}[{i}]") for i, sub in enumerate(subs)], conj)
        if key in ("status", "element", "kind"):
            return self.word(f"q.{key}", value, where)
        if key == "keyword":
            return self.word("kw", value, where, ".with")
        if key in ("class", "class_prefix"):
            return self.t(f"q.{key}", value=self.text(value, where))
        if key == "not":
            return self.t("q.not", q=self.qualifier(value, where))
        if key in ("elite", "closed", "has_extra_life", "wounded", "neutral", "defending"):
            return self.t(f"q.{key}.{str(self.flag(value, where)).lower()}")
        if key == "marker":
            return self.t("q.marker", name=self.word("marker", value, where))
        if key == "allies_around_below":
            return self.t("q.allies_around_below", n=self.number(value, where, low=1))
        if key == "life_left":
            n = self.number(value, where, low=1)
            return self.t("q.life_left", n=n, lives=self.plural(n, "plural.lives_left"))
        if key == "front_row":
            return self.t(f"q.front_row.{str(self.flag(value, where)).lower()}")
        if key == "move_min":
            return self.t("q.move_min", n=self.number(value, where, low=1))
        if key == "life_above":
            n = self.number(value, where, low=1)
            return self.t("q.life_above", n=n, lives=self.plural(n, "plural.lives_left"))
        if key == "has":
            return self.word("q.has", value, where)
        if key == "symbiont":
            return self.word("q.symbiont", value, where)
        if key == "own_row":
            return self.t("q.own_row", n=self.number(value, where, low=1))
        if key == "has_chips":
            return self.t(f"q.has_chips.{str(self.flag(value, where)).lower()}")
        if key == "alien":
            return self.t(f"q.alien.{str(self.flag(value, where)).lower()}")
        if key in ("cost_max", "cost_min"):
            return self.t(f"q.{key}", n=self.number(value, where, low=1))
        if key == "name":
            return self.t("q.name", value=self.text(value, where))
        if key == "cost_odd":
            return self.t(f"q.cost_odd.{str(self.flag(value, where)).lower()}")
        if key == "has_magic":
            if not self.flag(value, where):
                self.fail(where, "only true is meaningful")
            return self.t("q.has_magic")
        self.fail(where, "unknown condition")

    def clause(self, cond: Any, where: str) -> str:
        """A condition on the card that has the ability, as a clause ("эта карта открыта")."""
        table = self.table(cond, where)
        about_self = {k: v for k, v in table.items() if k not in SOURCE_KEYS and k != "any"}
        parts = [self.t("clause.self_is", q=self.qualifier(about_self, where))] if about_self else []
        for key, value in table.items():
            at = f"{where}.{key}"
            if key == "any":
                subs = self.items(value, at)
                parts.append(self.join([self.clause(sub, f"{at}[{i}]") for i, sub in enumerate(subs)], "or"))
            elif key in ("open", "strongest_strike", "in_formation", "more_closed", "opposite_enemy",
                         "enemy_all_wounded", "passed_over_free"):
                if not self.flag(value, at):
                    self.fail(at, "only true is meaningful")
                parts.append(self.t(f"clause.{key}"))
            elif key == "order":
                parts.append(self.word("clause.order", value, at))
            elif key == "squad_has_class":
                parts.append(self.t("clause.squad_has_class", value=self.text(value, at)))
            elif key == "adjacent_own":
                parts.append(self.t("clause.adjacent_own", q=self.qualifier(value, at)))
            elif key == "behind":
                parts.append(self.t("clause.behind", q=self.qualifier(value, at)))
            elif key == "host" and list(self.table(value, at)) == ["closed"]:
                parts.append(self.t(f"clause.host.closed.{str(self.flag(value['closed'], at)).lower()}"))
            elif key == "host":
                parts.append(self.t("clause.host", q=self.qualifier(value, at)))
            elif key == "enemy_creature":
                parts.append(self.t("clause.enemy_creature", q=self.qualifier(value, at)))
            elif key == "no_enemy_creature":
                parts.append(self.t("clause.no_enemy_creature", q=self.qualifier(value, at)))
            elif key == "own_all":
                parts.append(self.t("clause.own_all", q=self.qualifier(value, at)))
            elif key == "wounds_this_turn_below":
                parts.append(self.t("clause.wounds_this_turn_below", n=self.number(value, at, low=1)))
            elif key == "own_with_chips":
                parts.append(self.t("clause.own_with_chips", n=self.number(value, at, low=1)))
            elif key == "enemy_grave":
                parts.append(self.t("clause.enemy_grave", q=self.qualifier(value, at)))
            elif key in ("redealt", "paid_extra", "recruited"):
                parts.append(self.t(f"clause.{key}.{str(self.flag(value, at)).lower()}"))
            elif key in ("enemy_elements_min", "own_elements_max"):
                parts.append(self.t(f"clause.{key}", n=self.number(value, at, low=1)))
        return self.join(parts, "and")

    def suffix(self, key: str, cond: Any, where: str) -> str:
        """The message `key` around the qualifier of an optional condition, or ""."""
        return "" if cond is None else self.t(key, q=self.qualifier(cond, where))

    # -- attacks ----------------------------------------------------------------------------------

    def attacks(self, kinds: Any, case: str, where: str, levels: Any = None, conj: str = "and") -> str:
        """Attack kinds and groups in grammatical `case`, led by level adjectives joined with `conj`."""
        kinds = self.items(kinds, where)
        names = [self.word("atk", kind, f"{where}[{i}]", f".{case}") for i, kind in enumerate(kinds)]
        if levels is not None:
            number = ".pl" if kinds[0] not in ATTACK_KINDS else ""
            adjectives = [
                self.word("lvl", level, f"{where}.levels[{i}]", f".{case}{number}")
                for i, level in enumerate(self.items(levels, f"{where}.levels"))
            ]
            names[0] = f"{self.join(adjectives, conj)} {names[0]}"
        return self.join(names, "and")

    def damage(self, value: Any, where: str) -> str:
        if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 3:
            self.fail(where, f"expected [weak, medium, strong], got {value!r}")
        weak, medium, strong = (self.number(v, where) for v in value)
        return str(weak) if weak == medium == strong else self.t("damage", weak=weak, medium=medium, strong=strong)

    # -- abilities --------------------------------------------------------------------------------

    def ability(self, ab: Any, where: str) -> str:
        kind = self.table(ab, where).get("type")
        if not isinstance(kind, str) or kind not in ABILITY_FIELDS:
            self.fail(f"{where}.type", f"unknown ability type {kind!r}")
        required, optional = ABILITY_FIELDS[kind]
        self.fields(ab, required, (*optional, *COMMON_FIELDS), where)
        self.own_death = kind == "trigger" and ab.get("on") == "dies"
        text = getattr(self, f"ab_{kind}")(ab, where)
        if kind in STATIC_TYPES and "while" in ab:   # a static ability holds only while its source meets `while`
            fixed = set(self.table(ab["while"], f"{where}.while")) <= {"order", "redealt", "paid_extra", "recruited"}
            text += self.t("if" if fixed else "while", clause=self.clause(ab["while"], f"{where}.while"))
        if kind == "activated" or "name" not in ab:
            return _sentence(text)
        return self.t("named", name=_cap(self.name(ab, where)), text=_sentence(text))

    def ab_grant(self, ab: Mapping[str, Any], where: str) -> str:
        scope = ab["scope"]
        own = self.word("scope", scope, f"{where}.scope", ".own")
        regen = self.t("grant.regen_value", own=own)
        grants = self.table(ab["grant"], f"{where}.grant")
        kws = [self.keyword(k, v, f"{where}.grant.{k}", ".acc", regen) for k, v in grants.items()]
        filt = self.suffix("filter", ab.get("filter"), f"{where}.filter")
        return self.t(f"scope.{scope}", filter=filt, grants=self.join(kws, "and"))

    def ab_attack_bonus(self, ab: Mapping[str, Any], where: str) -> str:
        amount = ab["amount"]
        shown = self.word("amount", amount, f"{where}.amount", cls=ab.get("class", ""), max=ab.get("max", "")) \
            if isinstance(amount, str) else self.number(amount, f"{where}.amount", low=1)
        scope = ab.get("scope", "self")
        if scope not in ("self", "formation", "own"):
            self.fail(f"{where}.scope", f"unknown value {scope!r}")
        if "filter" in ab and scope == "self":
            self.fail(f"{where}.filter", "only meaningful with scope = formation")
        penalty = isinstance(amount, str) and amount.startswith("minus_")    # «−X к удару»
        return self.t(
            "static.attack_bonus" + ("" if scope == "self" else f".{scope}") + (".penalty" if penalty else ""),
            filter=self.suffix("filter", ab.get("filter"), f"{where}.filter"),
            amount=shown,
            attacks=self.attacks(ab["attacks"], "dat", f"{where}.attacks", ab.get("levels")),
            vs=self.suffix(_vs_key(ab.get("vs")), ab.get("vs"), f"{where}.vs")
            + (self.t("attack_bonus.behind") if self.flag(ab.get("target_behind", False), f"{where}.target_behind")
               else ""),
        )

    def ab_attack_reduction(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t(
            "static.attack_reduction",
            amount=self.word("amount", ab["amount"], f"{where}.amount", cls=self.text(ab.get("class", ""), where))
            if isinstance(ab["amount"], str) else self.number(ab["amount"], f"{where}.amount", low=1),
            attacks=self.attacks(ab["attacks"], "gpl", f"{where}.attacks", ab.get("levels")),
            from_=self.suffix("from", ab.get("from"), f"{where}.from"),
        )

    def ab_range_bonus(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t(
            "static.range_bonus",
            amount=self.number(ab["amount"], f"{where}.amount", low=1),
            attacks=self.attacks(ab["attacks"], "gen", f"{where}.attacks"),
            vs=self.suffix("vs", ab.get("vs"), f"{where}.vs"),
        )

    def ab_strike_level(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t(
            "static.strike_level",
            level=self.word("lvl", ab["level"], f"{where}.level", ".ins.pl"),
            vs=self.suffix("vs", ab.get("vs"), f"{where}.vs"),
        )

    def ab_extra_life(self, ab: Mapping[str, Any], where: str) -> str:
        n = self.number(ab["amount"], f"{where}.amount", low=1)
        return self.t("static.extra_life", n=n, lives=self.plural(n, "plural.extra_lives"))

    def ab_move_bonus(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.move_bonus", amount=self.number(ab["amount"], f"{where}.amount", low=1))

    def ab_counter_reduction(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.counter_reduction", amount=self.number(ab["amount"], f"{where}.amount", low=1))

    def ab_host_barred_half(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.host_barred_half")

    def ab_release_rider(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.release_rider")

    def ab_reflect_ranged(self, ab: Mapping[str, Any], where: str) -> str:
        kinds = self.items(ab["attacks"], f"{where}.attacks")
        names = [self.word("reflect.pl", k, f"{where}.attacks[{i}]") for i, k in enumerate(kinds)]
        return self.t("static.reflect_ranged", attacks=self.join(names, "and"),
                      counter=self.word("reflect", ab["counter_attack"], f"{where}.counter_attack"),
                      damage=self.damage(ab["counter"], f"{where}.counter"))

    def ab_dash_swap(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.dash_swap")

    def ab_strike_stays_open(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.strike_stays_open")

    def ab_heal_bonus(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.heal_bonus", n=self.number(ab["amount"], f"{where}.amount", low=1))

    def ab_ignores_protection(self, ab: Mapping[str, Any], where: str) -> str:
        kws = [self.keyword(k, 1, f"{where}.keywords[{i}]", ".acc")
               for i, k in enumerate(self.items(ab["keywords"], f"{where}.keywords"))]
        return self.t("static.ignores_protection", kws=self.join(kws, "and"),
                      of=self.suffix("static.ignores_protection.of", ab.get("of"), f"{where}.of"))

    def ab_concentration_grace(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.concentration_grace")

    def ab_step_onto(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.step_onto", q=self.qualifier(ab["filter"], f"{where}.filter"))

    def ab_rot_marker(self, ab: Mapping[str, Any], where: str) -> str:
        n = self.number(ab["amount"], f"{where}.amount", low=1)
        return self.t("static.rot_marker", dying=self.suffix("filter", ab.get("dying"), f"{where}.dying"),
                      filter=self.suffix("filter", ab.get("filter"), f"{where}.filter"), n=n)

    def ab_double_strike_vs(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.double_strike_vs", vs=self.suffix("vs", ab["vs"], f"{where}.vs"))

    def ab_block_first_attack(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.block_first_attack")

    def ab_forced_defender(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.forced_defender")

    def ab_first_attack_penalty(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.first_attack_penalty", amount=self.number(ab["amount"], f"{where}.amount", low=1),
                      filter=self.suffix("filter", ab.get("filter"), f"{where}.filter"))

    def ab_purchase_option(self, ab: Mapping[str, Any], where: str) -> str:
        n = self.number(ab["extra"], f"{where}.extra", low=1)
        return self.t("static.purchase_option", n=n, crystals=self.plural(n, "plural.crystals"))

    def ab_before_purchase(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.before_purchase")

    def ab_poison_extra(self, ab: Mapping[str, Any], where: str) -> str:
        n = self.number(ab["amount"], f"{where}.amount", low=1)
        return self.t("static.poison_extra", n=n, wounds=self.plural(n, "plural.wounds"),
                      filter=self.suffix("filter", ab.get("filter"), f"{where}.filter"))

    def ab_squad_bonus(self, ab: Mapping[str, Any], where: str) -> str:
        grants = [self.t(f"buff.{key}", n=f"{self.number(ab[key], f'{where}.{key}', low=1):+d}", m=ab[key])
                  for key in ("move", "strike") if key in ab]
        return self.t("static.squad_bonus", filter=self.suffix("filter", ab["filter"], f"{where}.filter"),
                      grants=self.join(grants, "and"))

    def ab_life_cap(self, ab: Mapping[str, Any], where: str) -> str:
        n = self.number(ab["amount"], f"{where}.amount", low=1)
        return self.t("static.life_cap", n=n, lives=self.plural(n, "plural.lives"))

    def ab_strike_from_cell(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.strike_from_cell", name=self.word("marker", ab["marker"], f"{where}.marker"))

    def ab_incarnation_gate(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.incarnation_gate")

    def ab_jump_swap(self, ab: Mapping[str, Any], where: str) -> str:
        text = self.t("static.jump_swap", q=self.qualifier(ab["filter"], f"{where}.filter"))
        if "grant" in ab:
            table = self.table(ab["grant"], f"{where}.grant")
            grants = [self.keyword(k, v, f"{where}.grant.{k}", ".acc") for k, v in table.items()]
            text += self.t("static.jump_swap.grant", grants=self.join(grants, "and"))
        return text

    def ab_open_after_exchange(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.open_after_exchange")

    def ab_ranged_lure(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.ranged_lure")

    def ab_lure_immune(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.lure_immune", attacks=self.attacks(ab["attacks"], "gen", f"{where}.attacks"))

    def ab_step_near(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.step_near", q=self.qualifier(ab["filter"], f"{where}.filter"))

    def ab_strike_cap(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.strike_cap", n=self.number(ab["amount"], f"{where}.amount", low=1))

    def ab_attack_cap(self, ab: Mapping[str, Any], where: str) -> str:
        n = self.number(ab["amount"], f"{where}.amount", low=1)
        if "levels" not in ab:
            return self.t("static.attack_cap.all", n=n)
        words = [self.word("cap_lvl", v, f"{where}.levels[{i}]")
                 for i, v in enumerate(self.items(ab["levels"], f"{where}.levels"))]
        return self.t("static.attack_cap", levels=self.join(words, "and"), n=n)

    def ab_silence_opposite(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.silence_opposite")

    def ab_symbiont_rescue(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.symbiont_rescue")

    def ab_own_parasite_host(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.own_parasite_host")

    def ab_terrain_class(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.terrain_class", cls=self.text(ab["class"], f"{where}.class"))

    def ab_purchase_discount(self, ab: Mapping[str, Any], where: str) -> str:
        kinds = self.items(ab["squad_has"], f"{where}.squad_has")
        words = [self.word("squad_has", k, f"{where}.squad_has[{i}]") for i, k in enumerate(kinds)]
        n = self.number(ab["amount"], f"{where}.amount", low=1)
        return self.t("static.purchase_discount", n=n, kinds=self.join(words, "or"))

    def ab_attack_immunity(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.attack_immunity", from_=self.suffix("filter", ab.get("from"), f"{where}.from"))

    def ab_block_attacks(self, ab: Mapping[str, Any], where: str) -> str:
        more = self.flag(ab.get("more_life", False), f"{where}.more_life")
        return self.t("static.block_attacks", attacks=self.attacks(ab["attacks"], "nom", f"{where}.attacks"),
                      from_=self.suffix("filter", ab.get("from"), f"{where}.from"),
                      more=self.t("static.block_attacks.more_life") if more else "")

    def ab_lose_keywords(self, ab: Mapping[str, Any], where: str) -> str:
        keys = self.items(ab["keywords"], f"{where}.keywords")
        for i, key in enumerate(keys):
            if key not in KEYWORDS:
                self.fail(f"{where}.keywords[{i}]", "unknown keyword")
        words = [self.t(f"kw.{key}.acc", n="").strip() for key in keys]
        filt = self.suffix("filter", ab.get("filter"), f"{where}.filter")
        return self.t("static.lose_keywords", filter=filt, keywords=self.join(words, "and"))

    def ab_no_strike(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.no_strike")

    def ab_host_filter(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.host_filter", q=self.qualifier(ab["filter"], f"{where}.filter"))

    def ab_block_ranged(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.block_ranged", nth=self.number(ab["nth"], f"{where}.nth", low=1))

    def ab_strike_escalation(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.strike_escalation", max=self.number(ab["max"], f"{where}.max", low=1))

    def ab_hit_upgrade(self, ab: Mapping[str, Any], where: str) -> str:
        return self.t("static.hit_upgrade", filter=self.suffix("filter", ab.get("filter"), f"{where}.filter"))

    def ab_directed_vs(self, ab: Mapping[str, Any], where: str) -> str:
        if "vs" not in ab and not ab.get("opposite"):
            self.fail(where, "directed_vs needs `vs` or `opposite`")
        vs = self.suffix("vs", ab.get("vs"), f"{where}.vs")
        if self.flag(ab.get("opposite", False), f"{where}.opposite"):
            vs += self.t("directed_vs.opposite")
        return self.t("static.directed_vs", vs=vs)

    def ab_activated(self, ab: Mapping[str, Any], where: str) -> str:
        effect = self.table(ab["effect"], f"{where}.effect")
        is_attack = effect.get("op") == "attack"
        name = self.name(ab, where) if "name" in ab else None
        marks = head = self.marks(ab, where)
        if name and not is_attack:
            head = f"{head} {_cap(name)}".lstrip()
        notes = self.activated_notes(ab, where)
        if notes:
            head = f"{head} {self.notes(notes)}".lstrip()
        body = self.effect(effect, f"{where}.effect", name=name if is_attack else None)
        if is_attack or (head == marks and not ab.get("pay_close")):
            body = _cap(body)
        return self.t("head", head=head, body=body) if head else body

    def marks(self, ab: Mapping[str, Any], where: str) -> str:
        """The cost symbols: ⚡ for an instant, ↷ for closing the card, ● per chip; then «закрыть стоящее
        рядом ваше существо» for a `pay_close` cost."""
        instant = self.flag(ab.get("instant", False), f"{where}.instant")
        tap = self.flag(ab.get("tap", False), f"{where}.tap")
        chips = self.number(ab.get("chips", 0), f"{where}.chips")
        marks = self.t("mark.instant") * instant + self.t("mark.tap") * tap + self.t("mark.chip") * chips
        lives = self.number(ab.get("lives", 0), f"{where}.lives")
        if lives:
            marks = f"{marks} {self.t('mark.lives', n=lives, lives=self.plural(lives, 'plural.extra_lives.acc'))}"
        if self.flag(ab.get("pay_close", False), f"{where}.pay_close"):
            marks = f"{marks} {self.t('mark.pay_close')}".lstrip()
        return marks

    def activated_notes(self, ab: Mapping[str, Any], where: str) -> list[str]:
        notes = self.kind_notes(ab, where)
        if "once_per" in ab:
            notes.append(self.word("note.once", ab["once_per"], f"{where}.once_per"))
        timing = ab.get("timing", "response")
        if timing not in INSTANT_TIMINGS:
            self.fail(f"{where}.timing", f"unknown value {timing!r}")
        if "timing" in ab and not ab.get("instant"):
            self.fail(f"{where}.timing", "only instant abilities have a timing")
        if timing in ("own_attack", "own_strike"):
            notes.append(self.t(f"note.timing.{timing}",
                                q=self.suffix("filter", ab.get("attacker"), f"{where}.attacker")))
        elif timing != "response":  # the default: in answer to any declared action, as every instant
            notes.append(self.t(f"note.timing.{timing}"))
        if "requires" in ab:
            notes.append(self.t("note.requires", clause=self.clause(ab["requires"], f"{where}.requires")))
        return notes

    def notes(self, notes: list[str]) -> str:
        return self.t("notes", notes=self.t("notes.sep").join(notes))

    def kind_notes(self, ab: Mapping[str, Any], where: str) -> list[str]:
        kind = ab.get("kind", "effect")
        if kind not in ABILITY_KINDS:
            self.fail(f"{where}.kind", f"unknown value {kind!r}")
        return [self.t("note.spell")] if kind == "spell" else []

    def ab_trigger(self, ab: Mapping[str, Any], where: str) -> str:
        on = ab["on"]
        if on == "own_attack_level":
            if "attacks" not in ab or "levels" not in ab:
                self.fail(where, "on = own_attack_level needs `attacks` and `levels`")
            kinds = self.items(ab["attacks"], f"{where}.attacks")
            attack = self.join([self.attacks([kind], "prep", f"{where}.attacks[{i}]", ab["levels"], conj="or")
                                for i, kind in enumerate(kinds)], "or")
            head = self.t("on.own_attack_level", attack=attack, q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
        elif on == "attack_level":
            if "attack" not in ab or "levels" not in ab:
                self.fail(where, "on = attack_level needs `attack` and `levels`")
            attack = self.attacks([ab["attack"]], "prep", f"{where}.attack", ab["levels"], conj="or")
            head = self.t("on.attack_level", attack=attack) + self.suffix("vs.card", ab.get("vs"), f"{where}.vs")
            if "side" in ab:        # «по карте противника»
                head += self.word("on.attack_level", ab["side"], f"{where}.side")
            if self.flag(ab.get("kills", False), f"{where}.kills"):
                head += self.t("on.attack_level.kills")
        else:
            extra = [name for name in ("attack", "levels", "vs") if name in ab
                     and not (name == "vs" and on in ("closed_to_pay", "adjacent_own_dies", "host_arrives_near",
                                                      "enemy_arrives_near_guard", "kills", "own_strikes",
                                                      "own_teleport", "own_stays_open", "own_wounded_ranged",
                                                      "own_second_open", "own_other_dies", "steps_onto",
                                                      "passes_two"))]
            if extra:
                self.fail(f"{where}.{extra[0]}", f"only meaningful with on = attack_level, not {on!r}")
            head = self.word("on", on, f"{where}.on", q="")
            if on in ("closed_to_pay", "kills"):
                head += self.suffix("filter", ab.get("vs"), f"{where}.vs")
            if on == "own_teleport":
                head = self.t("on.own_teleport", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "own_stays_open":
                head = self.t("on.own_stays_open", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "own_second_open":
                head = self.t("on.own_second_open", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "own_wounded_ranged":
                head = self.t("on.own_wounded_ranged", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "own_strikes" and self.flag(ab.get("self_only", False), f"{where}.self_only"):
                head = self.t("on.own_strikes.self")
            elif on == "own_strikes":
                head = self.t("on.own_strikes", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
                if "roll_max" in ab:
                    head += self.t("roll_max", n=self.number(ab["roll_max"], f"{where}.roll_max", low=1))
            if on == "enemy_arrives_near_guard":
                head = self.t("on.enemy_arrives_near_guard", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "adjacent_own_dies":
                head = self.t("on.adjacent_own_dies", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "own_other_dies":
                head = self.t("on.own_other_dies", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "passes_two":
                head = self.t("on.passes_two", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "summoned" and "summoner" in ab:
                head = self.t("on.summoned.by", q=self.qualifier(ab["summoner"], f"{where}.summoner"))
            if on == "steps_onto" and ("vs" in ab or "side" in ab):
                side = ab.get("side", "any")
                if side not in SIDES:
                    self.fail(f"{where}.side", f"unknown value {side!r}")
                head = self.t(f"on.steps_onto.{side}", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
            if on == "host_arrives_near":
                head = self.t("on.host_arrives_near", q=self.suffix("filter", ab.get("vs"), f"{where}.vs"))
        if "by_attack" in ab:  # only a death of wounds from an attack of those kinds by an enemy card
            if on not in ("dies", "own_creature_dies"):
                self.fail(f"{where}.by_attack", f"only meaningful with a death, not {on!r}")
            kinds = self.items(ab["by_attack"], f"{where}.by_attack")
            if on == "own_creature_dies":
                head = self.t("on.own_creature_dies.by")
            head += self.t("by_attack.all") if list(kinds) == ["all"] else \
                self.t("by_attack", attacks=self.attacks(kinds, "nom", f"{where}.by_attack", conj="or"))
            head += self.suffix("by_killer", ab.get("killer"), f"{where}.killer")
        if "while" in ab:      # a triggered ability works only if its source meets `while` then
            head += self.t("if", clause=self.clause(ab["while"], f"{where}.while"))
        notes = self.kind_notes(ab, where)
        if self.flag(ab.get("optional", False), f"{where}.optional"):
            notes.append(self.t("note.optional"))
        if "per_turn" in ab:
            notes.append(self.t("note.per_turn", n=self.number(ab["per_turn"], f"{where}.per_turn", low=1)))
        if "nth" in ab:
            notes.append(self.t("note.nth", n=self.number(ab["nth"], f"{where}.nth", low=2)))
        if "per_battle" in ab:
            notes.append(self.t("note.per_battle", n=self.number(ab["per_battle"], f"{where}.per_battle", low=2)))
        if "pay_status" in ab:       # the cost of accepting it («может потерять благословление, при этом …»)
            if not ab.get("optional"):
                self.fail(f"{where}.pay_status", "only for an optional ability")
            notes.append(self.word("note.pay_status", ab["pay_status"], f"{where}.pay_status"))
        if "decider" in ab:
            if ab["decider"] != "host_owner" or not ab.get("optional"):
                self.fail(f"{where}.decider", "only \"host_owner\", for an optional ability")
            notes[notes.index(self.t("note.optional"))] = self.t("note.host_owner_decides")
        if "once_per" in ab:
            if ab["once_per"] != "battle":
                self.fail(f"{where}.once_per", "a triggered ability takes once_per = \"battle\" (use per_turn)")
            notes.append(self.t("note.once.battle"))
        return self.headed(head, notes, ab, where)

    def ab_concentration(self, ab: Mapping[str, Any], where: str) -> str:
        notes = self.kind_notes(ab, where)
        if not self.flag(ab.get("optional", True), f"{where}.optional"):
            notes.append(self.t("note.mandatory"))
        return self.headed(self.t("concentration"), notes, ab, where)

    def headed(self, head: str, notes: list[str], ab: Mapping[str, Any], where: str) -> str:
        """"Head (notes): effect" for triggered and concentration abilities."""
        if notes:
            head = f"{head} {self.notes(notes)}"
        return self.t("head", head=_cap(head), body=self.effect(ab["effect"], f"{where}.effect"))

    # -- effects ----------------------------------------------------------------------------------

    def effect(self, eff: Any, where: str, prev: Any = None, name: str | None = None) -> str:
        """An effect as an infinitive phrase; `prev` is the target of the previous step of a sequence."""
        op = self.table(eff, where).get("op")
        if not isinstance(op, str) or op not in EFFECT_FIELDS:
            self.fail(f"{where}.op", f"unknown effect op {op!r}")
        required, optional = EFFECT_FIELDS[op]
        self.fields(eff, ("op", *required), optional, where)
        if op == "attack":
            return self.fx_attack(eff, where, name, prev)
        return getattr(self, f"fx_{op}")(eff, where, prev)

    def fx_attack(self, eff: Mapping[str, Any], where: str, name: str | None, prev: Any = None) -> str:
        kind = eff["attack"]
        if kind not in ATTACK_KINDS:
            self.fail(f"{where}.attack", f"unknown attack kind {kind!r}")
        label = attack = self.t(f"atk.{kind}.nom")
        if name:
            shows_kind = name.lower().startswith(attack.lower())
            label = _cap(name) if shows_kind else self.t("fx.attack.label", name=_cap(name), attack=attack)
        if "range" in eff:
            reach = self.t("fx.range", n=self.number(eff["range"], f"{where}.range", low=1))
        else:
            reach = self.t("fx.range.unlimited") if kind in RANGED_BY_DISTANCE else ""
        if "target" in eff:     # a fixed target: its range does not matter
            reach = self.t("fx.attack.at", target=self.target(eff, "dat", where, prev))
        if "line" in eff:
            reach += self.word("fx.attack.line", eff["line"], f"{where}.line")
        if self.flag(eff.get("unwounded", False), f"{where}.unwounded"):
            reach += self.t("fx.attack.unwounded")
        if self.flag(eff.get("over_jump", False), f"{where}.over_jump"):
            reach += self.t("fx.attack.over_jump")
        if self.flag(eff.get("point_blank", False), f"{where}.point_blank"):
            reach += self.t("fx.attack.point_blank")
        if eff["damage"] in ("dead_weak_strike", "wounds_taken"):
            damage = self.t(f"damage.{eff['damage']}")
        else:
            damage = self.damage(eff["damage"], f"{where}.damage")
        text = self.t("fx.attack", attack=label, damage=damage, range=reach)
        if "striker" in eff:        # made by another card than this one
            text += self.word("fx.attack.striker", eff["striker"], f"{where}.striker")
        return text

    def fx_wound(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        target = self.target(eff, "dat", where, prev)
        amount = eff["amount"]
        if isinstance(amount, list):
            acc = self.target(eff, "acc", where, prev)
            return self.t("fx.wound.rolled", damage=self.damage(amount, f"{where}.amount"), target=acc)
        if isinstance(amount, str):
            return self.word("fx.wound", amount, f"{where}.amount", target=target)
        n = self.number(amount, f"{where}.amount", low=1)
        return self.t("fx.wound", n=n, wounds=self.plural(n, "plural.wounds"), target=target)

    def fx_wound_square(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.wound_square", max=self.number(eff["max"], f"{where}.max", low=1))

    def fx_wound_around_cell(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.wound_around_cell", n=n, wounds=self.plural(n, "plural.wounds"))

    def fx_wound_diagonal(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.wound_diagonal", damage=self.damage(eff["amount"], f"{where}.amount"))

    def fx_doom(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.doom", target=self.target(eff, "nom", where, prev))

    def fx_revive_on_dead_cell(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.revive_on_dead_cell")

    def fx_redirect_next_melee(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.redirect_next_melee", target=self.target(eff, "gen", where, prev))

    def fx_roll_twice(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.roll_twice", target=self.target(eff, "nom", where, prev))

    def fx_curse(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.curse", target=self.target(eff, "acc", where, prev))

    def fx_bless(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.bless", target=self.target(eff, "acc", where, prev))

    def fx_poison(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if isinstance(eff["amount"], list):
            damage = self.damage(eff["amount"], f"{where}.amount")
            return self.t("fx.poison.rolled", target=self.target(eff, "acc", where, prev), damage=damage)
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.poison", target=self.target(eff, "acc", where, prev), n=n)

    def fx_lose_keyword(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        keys = self.items(eff["keywords"], f"{where}.keywords")
        for i, key in enumerate(keys):
            if key not in KEYWORDS:
                self.fail(f"{where}.keywords[{i}]", "unknown keyword")
        words = [self.t(f"kw.{key}.acc", n="").strip() for key in keys]
        return self.t("fx.lose_keyword", target=self.target(eff, "nom", where, prev),
                      keywords=self.join(words, "and"), until=self.word("until", eff["until"], f"{where}.until"))

    def fx_extra_life(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.extra_life", target=self.target(eff, "nom", where, prev), n=n,
                      lives=self.plural(n, "plural.extra_lives.acc"))

    def fx_heal(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if isinstance(eff["amount"], str):
            return self.word("fx.heal", eff["amount"], f"{where}.amount", target=self.target(eff, "acc", where, prev))
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.heal", target=self.target(eff, "acc", where, prev), n=n)

    def fx_buff(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        grants = []
        for key, value in self.table(eff["grant"], f"{where}.grant").items():
            at = f"{where}.grant.{key}"
            if key in BUFF_STATS and value in ("minus_target_weak", "minus_target_poison"):
                grants.append(self.t(f"buff.{key}", n="−X", m="X") + self.t(f"buff.x_{value}"))
            elif key in BUFF_STATS and value == "attack_value":      # X: the value of the attack that triggered
                grants.append(self.t(f"buff.{key}", n="+X", m="X") + self.t("buff.x_attack_value"))
            elif key in BUFF_STATS and value in ("wounds", "formation", "payer_weak", "dead_weak"):   # X when given
                x = self.t(f"buff.x_{value}", max=self.number(eff["max"], f"{where}.max", low=1)) if "max" in eff \
                    else self.t(f"buff.x_{value}.unlimited")
                grants.append(self.t(f"buff.{key}", n="+X", m="X") + x)
            elif key in BUFF_STATS:
                if not isinstance(value, int) or isinstance(value, bool) or value == 0:
                    self.fail(at, f"expected a non-zero integer, got {value!r}")
                grants.append(self.t(f"buff.{key}", n=f"{value:+d}", m=abs(value)))
            else:
                grants.append(self.keyword(key, value, at, ".acc"))
        return self.t(
            "fx.buff",
            target=self.target(eff, "dat", where, prev),
            grants=self.join(grants, "and"),
            until=self.word("until", eff["until"], f"{where}.until"),
        )

    def fx_choose(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        options = self.items(eff["options"], f"{where}.options")
        texts = [self.effect(option, f"{where}.options[{i}]", prev) for i, option in enumerate(options)]
        if "chooser" in eff:        # somebody else than the card's owner chooses («по выбору противника»)
            who = self.target({"target": eff["chooser"]}, "gen", f"{where}.chooser", prev)
            return self.t("fx.choose.by", options=self.join(texts, "or"), who=who)
        return self.t("fx.choose", options=self.join(texts, "or"))

    def fx_relocate(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.relocate", target=self.target(eff, "acc", where, prev))

    def fx_displace(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.displace", target=self.target(eff, "acc", where, prev))

    def fx_finish(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if eff["amount"] == "own_weak":         # X — the weak simple strike of the card that finishes off
            text = self.t("fx.finish.own_weak", target=self.target(eff, "acc", where, prev))
        else:
            text = self.t("fx.finish", n=self.number(eff["amount"], f"{where}.amount", low=1),
                          target=self.target(eff, "acc", where, prev))
        if "own_half_bonus" in eff:
            text += self.t("fx.finish.own_half", n=self.number(eff["own_half_bonus"], f"{where}.own_half_bonus", low=1))
        return text

    def fx_gain(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        """«Получает [способность] до …»: the ability is rendered as the recipient's own."""
        text = self.ability(eff["ability"], f"{where}.ability").rstrip(".")
        text = self.t("fx.gain", target=self.target(eff, "dat", where, prev), ability=text,
                      until=self.word("until", eff["until"], f"{where}.until"))
        if self.flag(eff.get("keep_in_grave", False), f"{where}.keep_in_grave"):
            text += self.t("fx.gain.keep_in_grave")
        return text

    def fx_teleport_pull(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.teleport_pull", target=self.target(eff, "acc", where, prev))

    def fx_move_to_vacated(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if "cell" in eff:
            return self.word("fx.move_to_vacated", eff["cell"], f"{where}.cell")
        return self.t("fx.move_to_vacated")

    def fx_strong_next_strike(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.strong_next_strike", target=self.target(eff, "gen", where, prev))

    def fx_swap_strike(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.swap_strike", target=self.target(eff, "gen", where, prev),
                      until=self.word("until", eff["until"], f"{where}.until"))

    def fx_wound_heal(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.wound_heal", target=self.target(eff, "acc", where, prev),
                      n=self.number(eff["amount"], f"{where}.amount", low=1))

    def fx_restrain(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.restrain", target=self.target(eff, "nom", where, prev),
                      n=self.number(eff["count"], f"{where}.count", low=1),
                      near=self.suffix("filter", eff.get("near"), f"{where}.near"))

    def fx_gain_incarnation(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.gain_incarnation", target=self.target(eff, "nom", where, prev),
                      n=self.number(eff["amount"], f"{where}.amount", low=1))

    def fx_revive(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.revive", target=self.target(eff, "acc", where, prev))

    def fx_inc_token(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if eff["target"] == "self":
            return self.t("fx.inc_token.self")
        return self.t("fx.inc_token", target=self.target(eff, "dat", where, prev))

    def fx_summon(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        count, card, note = eff.get("count", 1), eff["card"], ""
        if card == "shown":
            what = self.t("fx.summon.shown")
        else:
            if count == "dead_extra_lives":
                many, note = self.t("fx.summon.count.x"), self.t("fx.summon.count.extra_lives")
            else:
                n = self.number(count, f"{where}.count", low=1)
                many = self.t("fx.summon.count.one") if n == 1 else self.t("fx.summon.count.up_to", n=n)
            what = f"{many} {self.qualifier(card, f'{where}.card')}{note}"
        place = eff.get("place", "near")
        if place not in ("near", "own_cell", "host", "grave"):
            self.fail(f"{where}.place", f"unknown place {place!r}")
        host = self.target({"target": eff.get("host", "self")}, "acc", f"{where}.host", prev) if place == "host" else ""
        text = self.t(f"fx.summon.{place}", what=what, host=host)
        leave = eff.get("leave")
        if leave is not None:
            if leave not in ("exile", "destroy"):
                self.fail(f"{where}.leave", f"unknown leave {leave!r}")
            text = self.t(f"fx.summon.leave.{leave}", summon=text)
        return self.t("fx.may", what=text) if eff.get("optional", True) and place != "grave" else text

    def fx_prophecy(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        cases = [self.t("fx.prophecy.case", q=self.qualifier(c["shown"], f"{where}.cases[{i}].shown"),
                        then=self.effect(c["then"], f"{where}.cases[{i}].then", eff.get("target", prev)))
                 for i, c in enumerate(self.items(eff["cases"], f"{where}.cases"))]
        target = self.t("fx.prophecy.target", target=self.target(eff, "nom", where, prev)) if "target" in eff else ""
        return self.t("fx.prophecy", cases="; ".join(cases), target=target)

    def fx_stack_deck(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.stack_deck", first=self.number(eff["depth_first"], f"{where}.depth_first", low=1),
                      second=self.number(eff["depth_second"], f"{where}.depth_second", low=1))

    def fx_exile_revive(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.exile_revive", exile=self.text(eff["exile"], f"{where}.exile"),
                      revive=self.text(eff["revive"], f"{where}.revive"))

    def fx_jump(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if eff["range"] == "heal":      # «вместо излечения на X — прыжок, дальность X»
            return self.t("fx.jump.heal", target=self.target(eff, "acc", where, prev))
        n = self.number(eff["range"], f"{where}.range", low=1)
        return self.t("fx.jump", target=self.target(eff, "acc", where, prev), n=n)

    def fx_no_move(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.no_move", target=self.target(eff, "dat", where, prev))

    def fx_repair_armor(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.repair_armor", target=self.target(eff, "gen", where, prev))

    def fx_animate(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        target, damage = self.target(eff, "nom", where, prev), self.damage(eff["strike"], f"{where}.strike")
        if self.flag(eff.get("flyer", False), f"{where}.flyer"):
            if "move" in eff:
                self.fail(f"{where}.move", "a flyer has no movement")
            text = self.t("fx.animate.flyer", target=target, damage=damage)
        else:
            text = self.t("fx.animate", target=target, move=self.number(eff.get("move"), f"{where}.move", low=1),
                          damage=damage)
        if "grant" in eff:
            table = self.table(eff["grant"], f"{where}.grant")
            grants = [self.keyword(k, v, f"{where}.grant.{k}", ".acc") for k, v in table.items()]
            text += self.t("fx.animate.grant", grants=self.join(grants, "and"))
        return text

    def fx_darken(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.darken", target=self.target(eff, "nom", where, prev))

    def fx_if(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        subject = self.target({"target": eff.get("of", "same")}, "nom", f"{where}.of", prev)
        text = self.t("fx.if", subject=subject, q=self.qualifier(eff["cond"], f"{where}.cond"),
                      then=self.effect(eff["then"], f"{where}.then", prev))
        if "else" in eff:
            text += self.t("fx.if.else", other=self.effect(eff["else"], f"{where}.else", prev))
        return text

    def fx_by_roll(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["at_least"], f"{where}.at_least", low=2)
        target = eff["target"]
        high = self.effect(eff["high"], f"{where}.high", target)
        low = self.effect(eff["low"], f"{where}.low", target)
        return self.t("fx.by_roll", n=n, high=high, low=low)

    def fx_no_heal(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.no_heal", target=self.target(eff, "dat", where, prev),
                      until=self.word("until", eff["until"], f"{where}.until"))

    def fx_transfer_chip(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if eff["to"] == "self":
            return self.t("fx.transfer_chip.to_self", target=self.target(eff, "gen", where, prev))
        if eff["to"] != "target":
            self.fail(f"{where}.to", f"unknown value {eff['to']!r}")
        return self.t("fx.transfer_chip.from_self", target=self.target(eff, "acc", where, prev))

    def fx_lose_armor(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.lose_armor", target=self.target(eff, "acc", where, prev),
                      until=self.word("until", eff["until"], f"{where}.until"))

    def fx_cancel_action(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.cancel_action", target=self.target(eff, "gen", where, prev))

    def fx_block_attack(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.block_attack")

    def fx_redirect_to_host(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.redirect_to_host")

    def fx_set_next_roll(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        value = self.number(eff["value"], f"{where}.value", low=1)
        return self.t("fx.set_next_roll", target=self.target(eff, "gen", where, prev), value=value)

    def fx_destroy(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.destroy", target=self.target(eff, "acc", where, prev))

    def fx_silence(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.silence", target=self.target(eff, "nom", where, prev))

    def fx_make_parasite(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.make_parasite", target=self.target(eff, "acc", where, prev))

    def fx_take_over(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.take_over", target=self.target(eff, "acc", where, prev))

    def fx_reseat(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.reseat", target=self.target(eff, "acc", where, prev))

    def fx_pass_symbiont(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.word("fx.pass_symbiont", eff["kind"], f"{where}.kind", target=self.target(eff, "acc", where, prev))

    def fx_attack_around(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        kind = eff["attack"]
        if kind not in ATTACK_KINDS:
            self.fail(f"{where}.attack", f"unknown attack kind {kind!r}")
        return self.t("fx.attack_around", attack=self.t(f"atk.{kind}.nom"),
                      damage=self.damage(eff["damage"], f"{where}.damage"))

    def fx_redirect_to_self(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.redirect_to_self")

    def fx_redirect_discharge(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.redirect_discharge", target=self.target(eff, "acc", where, prev))

    def fx_retaliate(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.retaliate", target=self.target(eff, "dat", where, prev))

    def fx_trap(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if eff["target"] != "self":
            self.fail(f"{where}.target", "a trap is kept by its source: target = \"self\"")
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.trap", n=n, wounds=self.plural(n, "plural.wounds"))

    def fx_keep_closed(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.keep_closed", target=self.target(eff, "nom", where, prev))

    def fx_move_passed(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.move_passed", target=self.target(eff, "nom", where, prev))

    def fx_jump_near(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        target = eff["target"]
        then = self.effect(self.table(eff["then"], f"{where}.then"), f"{where}.then", target)
        return self.t("fx.jump_near", target=self.target(eff, "gen", where, prev), then=then)

    def fx_by_sides(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        each = {"what": "creature"}
        own = self.effect(self.table(eff["own"], f"{where}.own"), f"{where}.own", each)
        enemy = self.effect(self.table(eff["enemy"], f"{where}.enemy"), f"{where}.enemy", each)
        mixed = self.effect(self.table(eff["mixed"], f"{where}.mixed"), f"{where}.mixed", each)
        once = self.t("fx.by_sides.once") if self.flag(eff.get("mixed_once", False), f"{where}.mixed_once") else ""
        return self.t("fx.by_sides", own=own, enemy=enemy, mixed=mixed + once)

    def fx_by_order(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        pick = self.table(eff["pick"], f"{where}.pick")
        items = self.items(eff["effects"], f"{where}.effects")
        what = self.selector(pick, "acc", f"{where}.pick")
        texts = [self.t("fx.by_order.item", n=i + 1, effect=self.effect(item, f"{where}.effects[{i}]", pick))
                 for i, item in enumerate(items)]
        return self.t("fx.by_order", n=len(items), what=what, effects="; ".join(texts))

    def fx_take_flight(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        target = self.target(eff, "nom", where, prev)
        if "until" not in eff:
            return self.t("fx.take_flight", target=target)
        until = self.word("until", eff["until"], f"{where}.until")
        return self.t("fx.take_flight.until", target=target, until=until)

    def fx_land(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        place = eff["where"]
        if place not in ("near", "own_half"):
            self.fail(f"{where}.where", f"unknown value {place!r}")
        text = self.t(f"fx.land.{place}", target=self.target(eff, "gen", where, prev))
        if "then" in eff:
            then = self.effect(self.table(eff["then"], f"{where}.then"), f"{where}.then", eff["target"])
            text += self.t("fx.land.then", then=then)
        return text

    def fx_follow(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        then = self.effect(self.table(eff["then"], f"{where}.then"), f"{where}.then", prev)
        return self.t("fx.follow", target=self.target(eff, "nom", where, prev), then=then)

    def fx_push_forward(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.push_forward", target=self.target(eff, "nom", where, prev), n=n,
                      wounds=self.plural(n, "plural.wounds"))

    def fx_mirror_beside(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.mirror_beside", target=self.target(eff, "acc", where, prev))

    def fx_keep_closed_next(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        text = self.t("fx.keep_closed_next", target=self.target(eff, "nom", where, prev))
        if "unless" in eff:
            text += self.t("fx.keep_closed_next.unless", clause=self.clause(eff["unless"], f"{where}.unless"))
        return text

    def fx_cure(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        items = self.items(eff["statuses"], f"{where}.statuses")
        words = [self.word("cure", v, f"{where}.statuses[{i}]") for i, v in enumerate(items)]
        return self.t("fx.cure", target=self.target(eff, "nom", where, prev), statuses=self.join(words, "and"))

    def fx_strike(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        if "striker" in eff:
            text = self.word("fx.strike.by", eff["striker"], f"{where}.striker",
                             target=self.target(eff, "acc", where, prev))
        else:
            text = self.t("fx.strike", target=self.target(eff, "dat", where, prev))
        return text + self.t("fx.strike.as_open") if self.flag(eff.get("as_open", False), f"{where}.as_open") else text

    def fx_ambush(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.ambush")

    def fx_cell_marker(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        text = self.t("fx.cell_marker", name=self.word("marker", eff["name"], f"{where}.name"))
        return text + (" " + self.word("until", eff["until"], f"{where}.until") if "until" in eff else "")

    def fx_wound_marked_cells(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.wound_marked_cells", name=self.word("marker", eff["name"], f"{where}.name"), n=n,
                      wounds=self.plural(n, "plural.wounds"))

    def fx_fire_wall(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.fire_wall")

    def fx_burn_walls(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        return self.t("fx.burn_walls", n=n, wounds=self.plural(n, "plural.wounds"))

    def fx_chip(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        n = self.number(eff["amount"], f"{where}.amount", low=1)
        text = self.t("fx.chip", target=self.target(eff, "dat", where, prev), n=n, chips=self.plural(n, "plural.chips"))
        if "max" in eff:
            text += self.t("fx.chip.max", n=self.number(eff["max"], f"{where}.max", low=1))
        return text

    def fx_marker(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        name = self.word("marker", eff["name"], f"{where}.name")
        text = self.t("fx.marker", target=self.target(eff, "dat", where, prev), name=name)
        if "until" in eff:
            text += " " + self.word("until", eff["until"], f"{where}.until")
        return text + self.t(f"marker.{eff['name']}.means") if f"marker.{eff['name']}.means" in self.msgs else text

    def fx_open(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.open", target=self.target(eff, "acc", where, prev))

    def fx_close(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.close", target=self.target(eff, "acc", where, prev))

    def fx_mark(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.mark", target=self.target(eff, "acc", where, prev),
                      until=self.word("until", eff["until"], f"{where}.until"))

    def fx_swap(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.swap", target=self.target(eff, "acc", where, prev))

    def fx_redistribute(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        return self.t("fx.redistribute", target=self.target(eff, "gen", where, prev))

    def fx_sequence(self, eff: Mapping[str, Any], where: str, prev: Any) -> str:
        texts = []
        for i, step in enumerate(self.items(eff["steps"], f"{where}.steps")):
            text = self.effect(step, f"{where}.steps[{i}]", prev)
            if i and self.flag(step.get("optional", False), f"{where}.steps[{i}].optional"):
                text = self.t("step.optional", effect=text)      # the owner may stop before this step
            texts.append(text)
            if step.get("target", "same") != "same":
                prev = step["target"]
        return self.t("join.then").join(texts)

    # -- targets ----------------------------------------------------------------------------------

    def target(self, eff: Mapping[str, Any], case: str, where: str, prev: Any) -> str:
        """The `target` of an effect in grammatical `case`; "same" repeats `prev`."""
        where = f"{where}.target"
        tgt = eff["target"]
        if tgt == "same":
            if prev is None:
                self.fail(where, "'same' needs a target chosen by an earlier step of a sequence")
            if isinstance(prev, Mapping):
                return self.t(f"tgt.same.{prev['what']}.{case}")
            tgt = prev
        if isinstance(tgt, Mapping):
            return self.selector(tgt, case, where)
        if tgt not in TARGET_WORDS:
            self.fail(where, f"unknown target {tgt!r}")
        return self.t(f"tgt.{tgt}.{case}")

    def selector(self, sel: Mapping[str, Any], case: str, where: str) -> str:
        """A card chosen by the owner: side, kind, filter, range and place."""
        self.fields(sel, ("side", "what"), ("filter", "range", "near", "adjacent", "all", "up_to", "zone", "other"),
                    where)
        side, what = sel["side"], sel["what"]
        if side not in SIDES:
            self.fail(f"{where}.side", f"unknown value {side!r}")
        if what not in WHATS:
            self.fail(f"{where}.what", f"unknown value {what!r}")
        every = "all." if self.flag(sel.get("all", False), f"{where}.all") else ""
        text = self.t(f"tgt.{every}{what}.{side}.{case}") + self.suffix("filter", sel.get("filter"), f"{where}.filter")
        if "range" in sel:
            n = self.number(sel["range"], f"{where}.range", low=1)
            text += self.t("tgt.range", n=n, cells=self.plural(n, "plural.cells"))
        if "near" in sel:
            dead_self = self.own_death and sel["near"] == "dead"     # the dead one is this card
            text += self.word("tgt.near", sel["near"], f"{where}.near", ".self" if dead_self else "")
        if sel.get("adjacent"):
            text += self.t("tgt.adjacent")
        if self.flag(sel.get("other", False), f"{where}.other"):
            text += self.t("tgt.other")
        if "zone" in sel:
            text += self.word("tgt.zone", sel["zone"], f"{where}.zone")
        if "up_to" in sel:
            text += self.t("tgt.up_to", n=self.number(sel["up_to"], f"{where}.up_to", low=2))
        return text


def _vs_key(cond: Any) -> str:
    """«по существам …», or «по картам …» when the condition names a kind that is no creature."""
    return "vs.card" if isinstance(cond, Mapping) and cond.get("kind") in ("artifact", "terrain") else "vs"
