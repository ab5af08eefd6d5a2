"""The trigger vocabulary (docs/card-schema.md, Triggered abilities): the filters and the event kinds.

A triggered ability selects events by a kind and filters: `on = { event = "died", whose = "own_other",
relation = "adjacent", vs = { class = "Пират" } }`. A filter (family "filter") is declared with the type of
its value and, when it adds words after the event's head, its template `tail.NAME`. An event kind (family
"event") is a term whose fields are the filters its wordings take; `info` holds the facts its record carries
(`engine.events.GameEvent`), the card each target word of an effect names (`roles`: word -> fact) and its
wordings. A wording is one supported combination of filter values: it says which cards of the battle hear
the event (its `scope`, the engine's listening group; docs/architecture.md), and its template
`on.KIND.NAME` is the head of the trigger's text, which the kind's `render` completes with the filters'
words. The loader accepts an `on` only if exactly one wording of its kind matches it (the kind's `rule`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from cards.terms.model import Field, Term, TermError, declare, lookup, names
from cards.terms.values import ATTACKS, CARD, LEVEL_LIST, MARKERS, Enum, Flag, Int, Type

if TYPE_CHECKING:
    from cards.render import Renderer


class Tail(NamedTuple):
    """Words said after a wording's head when its filter `name` is in the `on` table: the message `message`,
    with `{q}` the qualifier of a condition, `{n}` a number, `{attacks}` attack kinds (`MESSAGE.all` for
    `attacks = ["all"]`)."""
    name: str
    message: str


@dataclass(frozen=True, slots=True)
class Wording:
    """One supported `on` of event kind `kind`: the filter values it fixes, the filters it needs and allows,
    the listening group (`scope`) that hears it, and how its text is made: its head `on.KIND.NAME`, where `{q}`
    is the qualifier of the condition filter `q` (with its leading space, or nothing) and `{attack}` the
    attacks and levels, then its `tails`. `standing`: heard only if its card is still on the battlefield when
    the trigger resolves; `also`: further listening groups that hear it."""
    kind: str
    name: str
    fixed: Mapping[str, Any]
    scope: str
    needs: tuple[str, ...] = ()
    allows: tuple[str, ...] = ()
    q: str = ""
    tails: tuple[Tail, ...] = ()
    standing: bool = False
    also: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """The id of its head's template."""
        return f"on.{self.kind}.{self.name}"

    @property
    def keys(self) -> tuple[tuple[str, str], ...]:
        """(event kind, listening group) of each group that hears it."""
        return tuple((self.kind, scope) for scope in (self.scope, *self.also))

    @property
    def filters(self) -> tuple[str, ...]:
        """The filters it takes."""
        return (*self.fixed, *self.needs, *self.allows)


# --- the filters --------------------------------------------------------------------------------------------

def trigger_filter(name: str, type_: Type, doc: str, text: Mapping[str, tuple[str, str]] | None = None) -> Term:
    """A filter whose value is of `type_`; `text`: its tail (`tail.NAME`), if a wording says it after its head."""
    return Term("filter", name, (Field("value", type_, True),), text or {}, doc)


def _enum(name: str, *values: str) -> Enum:
    return Enum(values, name)


ONLY_TRUE = Flag(only_true=True)

declare(
    trigger_filter("whose", _enum("whose", "self", "own", "own_other", "enemy", "opponent", "host"),
                   "the event's subject (or whose turn it is), as the card with the ability sees it: `self` this "
                   "card, `own` a card of its controller (itself included), `own_other` another card of its "
                   "controller, `enemy` / `opponent` the other side's, `host` this symbiont's host",
                   {"tail.whose": (" по карте противника", " at an enemy card")}),
    trigger_filter("by", _enum("by", "self", "own", "enemy", "companion"),
                   "who did it (the event's actor): `self` this card, `own` a card of its controller (itself "
                   "included), `enemy` a card of the other side, `companion` this card's companion"),
    trigger_filter("relation", _enum("relation", "adjacent", "opposite", "beside", "column", "front", "crosses",
                                     "returns", "leaves_adjacent", "near", "slayer"),
                   "where the subject is, from this card: `adjacent` next to it (diagonals included), `opposite` "
                   "opposite it, `beside` directly left or right, `column` in its column, `front` on a cell of your "
                   "first row coming from its own half, `crosses` from its controller's half to the other, `returns` "
                   "from the other half back to its controller's, "
                   "`leaves_adjacent` away from a cell next to it, `near` next to a card of yours matching `near`, "
                   "`slayer` the enemy creature whose attack destroyed this card"),
    trigger_filter("how", _enum("how", "jump", "teleport", "incarnation", "summon", "pay", "stayed_open", "onto_kill",
                                "devoured", "redistributed", "defender", "blocked", "poison"),
                   "how it happened: `jump`, `teleport` (a move); `incarnation`, `summon` (an entry); `pay` (closed to "
                   "pay for a `pay_close` ability); `stayed_open` (did not close after an action); `onto_kill` (a "
                   "dash onto the cell of the enemy card its attack destroyed); `devoured` (трупоедство); "
                   "`redistributed` (wounds redistributed onto itself); `defender`, `blocked`; "
                   "`poison` (wounds or a death from poison)"),
    trigger_filter("status", _enum("status", "blessed", "cursed", "dark"), "the status the subject got"),
    trigger_filter("onto", _enum("onto", "enemy_half"),
                   "where the subject arrives: a cell of the opponent's half (as this card's controller sees it)",
                   {"tail.onto": (" на половину поля боя противника", " onto the opponent's half")}),
    trigger_filter("attacks", ATTACKS,
                   "the attack's kind is one of these (groups allowed); for a death: it died of wounds from an attack "
                   "of those kinds of an enemy card («при гибели от атаки карты противника»), judged when the ability "
                   "resolves", {
                       "tail.attacks": (" от атаки карты противника ({attacks})",
                                        " of an attack of an enemy card ({attacks})"),
                       "tail.attacks.all": (" от атаки карты противника", " of an attack of an enemy card"),
                   }),
    trigger_filter("levels", LEVEL_LIST, "the hit landed with one of these levels"),
    trigger_filter("vs", CARD,
                   "a condition on the event's subject: the card attacked, the creature that moved, stepped onto, "
                   "opened or took wounds; for a death, the creature that died, judged as it stood just before it "
                   "died (statuses, counters and keywords are gone once it has left the battlefield)"),
    trigger_filter("actor", CARD,
                   "a condition on the event's actor: the attacker («когда ваш пират нападает»); for a death, the "
                   "enemy card whose attack killed («нелетающей»), with `attacks`",
                   {"tail.actor": (" (атаковавшая карта — {q})", " (the attacking card: {q})")}),
    trigger_filter("source", CARD,
                   "a condition on the card the event is for: the card whose ability this card closed to pay for; "
                   "the card that summoned this one («при вызове из Яйца дракона»)"),
    trigger_filter("near", CARD,
                   "a condition on the card of yours next to which the subject arrives (the guard; the card itself "
                   "may be one)"),
    trigger_filter("roll_max", Int(1), "only if the attacker's modified roll was N or less",
                   {"tail.roll_max": (", если его бросок кубика равен {n} или менее",
                                      ", if its die roll is {n} or less")}),
    trigger_filter("kills", ONLY_TRUE,
                   "only if the attacked card died of it («когда уничтожает»), judged when the ability resolves",
                   {"tail.kills": (", если он уничтожил цель", ", if it destroyed the target")}),
    trigger_filter("counter", ONLY_TRUE, "the counter-strike of a simple strike"),
    trigger_filter("first", ONLY_TRUE, "its first declared simple strike of its controller's turn"),
    trigger_filter("declared", ONLY_TRUE, "the attack has just been declared (it is on the stack, not resolved yet)"),
    trigger_filter("missed", ONLY_TRUE, "the simple strike missed (the hit table gave it no hit)"),
    trigger_filter("flying", ONLY_TRUE, "the attacker is a flyer (in the flyers' zone)"),
    trigger_filter("second", ONLY_TRUE,
                   "the subject opens for the second time this turn (the opening at the start of the turn counts)"),
    trigger_filter("in_a_row", Int(2),
                   "two steps in a row of its own movement took it onto the cells of two different creatures (only 2)"),
    trigger_filter("valhalla", ONLY_TRUE,
                   "Вальхалла: this card lies in its owner's graveyard, where it went when an attack of an enemy card "
                   "killed it"),
    trigger_filter("host_closed", ONLY_TRUE, "this symbiont's host is closed"),
    trigger_filter("in_grave", ONLY_TRUE, "this card lies in its owner's graveyard"),
    trigger_filter("marker", Enum(MARKERS, "marker"),
                   "the subject carries this marker (on `wounded`: this card's marker of that name)",
                   {"tail.marker": (", если на ней маркер «{n}» этой карты",
                                    ", if it carries this card's «{n}» marker")}),
)

_ROLL_MAX = Tail("roll_max", "tail.roll_max")
_BY_ATTACK = Tail("attacks", "tail.attacks")
_BY_KILLER = Tail("actor", "tail.actor")
_VS_CARDS = Tail("vs", "vs.card")
_KILLS = Tail("kills", "tail.kills")
_AT_ENEMY = Tail("whose", "tail.whose")
_ONTO = Tail("onto", "tail.onto")
_MARKED = Tail("marker", "tail.marker")


# --- the event kinds ----------------------------------------------------------------------------------------

class _Said(NamedTuple):
    name: str
    fixed: Mapping[str, Any]
    scope: str
    ru: str
    en: str
    options: Mapping[str, Any]


def say(name: str, fixed: Mapping[str, Any], scope: str, ru: str, en: str, **options: Any) -> _Said:
    """A wording of the event kind it is declared with: its name, the filter values it fixes, its listening group,
    its head in Russian and English, and the other fields of a `Wording`."""
    return _Said(name, fixed, scope, ru, en, options)


def event(name: str, facts: tuple[str, ...], roles: Mapping[str, str], doc: str, *said: _Said) -> Term:
    """An event kind whose record carries `facts`, whose target words name the cards of `roles`, with its
    wordings; its fields are the filters they take, in the order the filters are declared."""
    wordings = tuple(Wording(name, s.name, s.fixed, s.scope, **s.options) for s in said)
    text = {w.message: (s.ru, s.en) for w, s in zip(wordings, said, strict=True)}
    if len(text) != len(wordings):
        raise ValueError(f"event {name!r}: two wordings of one name")
    taken = {f for w in wordings for f in w.filters}
    fields = tuple(Field(f, lookup("filter", f).fields[0].type, False, lookup("filter", f).doc)
                   for f in names("filter") if f in taken)
    if len(fields) != len(taken):
        raise ValueError(f"event {name!r}: undeclared filters {sorted(taken - {f.name for f in fields})}")
    return Term("event", name, fields, text, doc, _head, _one_wording,
                {"facts": facts, "roles": roles, "wordings": wordings})


def _one_wording(on: Mapping[str, Any], path: str) -> None:
    if wording_of(on) is None:
        raise TermError(path, f"no trigger of kind {on['event']!r} takes these filters: "
                              f"{sorted(set(on) - {'event'})} with these values")


def _head(r: Renderer, on: Mapping[str, Any], where: str) -> str:
    """The words of the event a trigger hears («когда ваше существо … погибает от атаки …»): its wording's head,
    then the tails of the filters present."""
    w = wording_of(on)
    if w is None:
        r.fail(where, f"no trigger wording matches {on!r}")
    head = r.msgs[w.message]
    q = r.suffix("filter", on.get(w.q), f"{where}.{w.q}") if w.q else ""
    head = head.format(q=q, attack=_attack(r, on) if "{attack}" in head else "")
    for tail in w.tails:
        if tail.name in on:
            head += _tail(r, tail, on[tail.name], f"{where}.{tail.name}")
    return head


def _attack(r: Renderer, on: Mapping[str, Any]) -> str:
    """Each attack kind of `attacks` led by the levels («при слабом разряде или магическом ударе»)."""
    return r.join([r.attacks([kind], "prep", on.get("levels"), conj="or") for kind in on["attacks"]], "or")


def _tail(r: Renderer, tail: Tail, value: Any, where: str) -> str:
    if tail.name == "attacks":
        return r.t(f"{tail.message}.all") if list(value) == ["all"] else \
            r.t(tail.message, attacks=r.attacks(value, "nom", conj="or"))
    if isinstance(value, Mapping):
        return r.t(tail.message, q=r.qualifier(value, where))
    if tail.name == "marker":
        return r.t(tail.message, n=r.t(f"marker.{value}"))
    return r.t(tail.message, n=value)


declare(
    event("battle_started", (), {},
          "the battle starts",
          say("start", {}, "battle", "в начале боя", "at the start of the battle")),
    event("turn_started", (), {},
          "a turn starts, its player being the active one (after his cards open and his start-of-turn effects are "
          "declared; for a symbiont's host: before they open)",
          say("own", {"whose": "own"}, "own", "в начале вашего хода", "at the start of your turn"),
          say("valhalla", {"whose": "own", "valhalla": True}, "grave",
              "Вальхалла (в начале вашего хода, если эта карта на кладбище и попала туда, погибнув от атаки карты "
              "противника)",
              "Valhalla (at the start of your turn, if this card is in your graveyard, where it went when an attack "
              "of an enemy card killed it)"),
          say("opponent", {"whose": "opponent"}, "opponent",
              "в начале хода противника", "at the start of the opponent's turn"),
          say("opponent_grave", {"whose": "opponent", "in_grave": True}, "opponent_grave",
              "в начале хода противника, если эта карта на кладбище",
              "at the start of the opponent's turn, if this card is in the graveyard"),
          say("host_closed", {"whose": "host", "host_closed": True}, "host",
              "в начале хода хозяина этой карты, если он закрыт",
              "at the start of its host's turn, if the host is closed")),
    event("turn_ended", (), {},
          "a turn ends, its player being the active one (after the opponent's concentration)",
          say("own", {"whose": "own"}, "sides", "в конце вашего хода", "at the end of your turn"),
          say("opponent", {"whose": "opponent"}, "sides",
              "в конце хода противника", "at the end of the opponent's turn")),
    event("moved", ("subject", "from_cell", "cell", "cause"), {"mover": "subject"},
          "a creature moved by its own movement (`cause`: a step, a jump or a teleportation; not another relocation)",
          say("self", {"whose": "self"}, "self",
              "каждый раз, когда эта карта перемещается на одну клетку", "each time this card moves one cell"),
          say("jump", {"whose": "self", "how": "jump"}, "self", "после прыжка", "after a jump"),
          say("teleport", {"whose": "own_other", "how": "teleport"}, "side",
              "при телепортации другого вашего существа{q}",
              "when another creature of yours{q} teleports", allows=("vs",), q="vs"),
          say("teleport_from_adjacent", {"whose": "own_other", "how": "teleport", "relation": "leaves_adjacent"},
              "side",
              "при телепортации другого вашего существа{q} с соседней с этой картой клетки",
              "when another creature of yours{q} teleports from a cell next to this card", allows=("vs", "onto"),
              q="vs", tails=(_ONTO,)),
          say("beside", {"relation": "beside"}, "beside",
              "когда существо передвигается на клетку слева или справа от этой карты",
              "when a creature moves onto the cell to the left or right of this card")),
    event("relocated", ("subject", "actor", "from_cell", "cell", "other"), {"mover": "subject"},
          "a card changed cells by any means: moved, jumped, dashed, was displaced or swapped (`other`: the card of "
          "yours it arrived next to)",
          say("crosses", {"whose": "own", "relation": "crosses"}, "crossing",
              "когда ваше существо перемещается со своей половины поля боя на половину противника (1 раз за ход для "
              "каждого существа)",
              "when a creature of yours relocates from your half of the battlefield to the opponent's (once per turn "
              "for each creature)"),
          say("self_crosses", {"whose": "self", "relation": "crosses"}, "crossing",
              "после перемещения этой карты с вашей половины поля боя на половину противника (1 раз за ход)",
              "after this card relocates from your half of the battlefield to the opponent's (once per turn)"),
          say("self_returns", {"whose": "self", "relation": "returns"}, "returning",
              "после перемещения этой карты с половины поля боя противника на вашу половину",
              "after this card relocates from the opponent's half of the battlefield to yours"),
          say("any_adjacent", {"relation": "adjacent"}, "approach",
              "когда существо{q} перемещается на соседнюю с этой картой клетку, не стоя до этого рядом с ней",
              "when a creature{q} relocates onto a cell next to this card, not having stood next to it before",
              allows=("vs",), q="vs"),
          say("front", {"whose": "enemy", "relation": "front"}, "arrival",
              "когда существо противника перемещается со своей половины поля боя на клетку вашего первого ряда",
              "when an enemy creature relocates from its own half onto a cell of your first row"),
          say("adjacent", {"whose": "enemy", "relation": "adjacent"}, "arrival",
              "когда существо противника перемещается на соседнюю с этой картой клетку",
              "when an enemy creature relocates onto a cell next to this card"),
          say("column", {"whose": "enemy", "relation": "column"}, "arrival",
              "когда существо противника перемещается на клетку столбца, в котором стоит эта карта",
              "when an enemy creature relocates onto a cell of the column this card stands in"),
          say("near", {"whose": "enemy", "relation": "near"}, "guard",
              "когда существо противника перемещается на клетку рядом с вашей картой{q}",
              "when an enemy creature moves onto a cell next to a card of yours{q}", allows=("near",), q="near"),
          say("host_near", {"whose": "host", "relation": "near"}, "host",
              "когда хозяин этой карты перемещается на клетку рядом с вашей картой{q}",
              "when the host of this card relocates onto a cell next to a card of yours{q}",
              allows=("near",), q="near"),
          say("leaves_adjacent", {"whose": "enemy", "relation": "leaves_adjacent"}, "departure",
              "когда существо противника перемещается с соседней с этой картой клетки",
              "when an enemy creature relocates away from a cell next to this card"),
          say("displaced", {"whose": "enemy", "by": "own"}, "displaced",
              "когда ваша карта перемещает карту противника", "when a card of yours moves an enemy card")),
    event("stepped_onto", ("subject", "actor", "other"), {"mover": "subject"},
          "this card's own movement took it onto the cell of a creature, the subject (incorporeal, `step_onto`; "
          "`other`: the creature of the step before)",
          say("any", {}, "self",
              "когда эта карта двигается на клетку, занятую существом{q}",
              "when this card moves onto a cell occupied by a creature{q}", allows=("vs",), q="vs"),
          say("own", {"whose": "own"}, "self",
              "когда эта карта двигается на клетку, занятую вашим существом{q}",
              "when this card moves onto a cell occupied by a creature of yours{q}", allows=("vs",), q="vs"),
          say("enemy", {"whose": "enemy"}, "self",
              "когда эта карта двигается на клетку, занятую существом противника{q}",
              "when this card moves onto a cell occupied by an enemy creature{q}", allows=("vs",), q="vs"),
          say("pair", {"in_a_row": 2}, "pair",
              "когда эта карта перемещается подряд через 2 клетки, занятые существами{q}",
              "when this card moves through 2 cells in a row occupied by creatures{q}", allows=("vs",), q="vs")),
    event("attacked", ("subject", "actor", "cell", "attack", "level", "amount", "cause"),
          {"attacked": "subject", "attacker": "actor", "mover": "actor"},
          "an attack or a simple strike was made at the subject (the defender, if one was assigned) by the actor, "
          "hit, or was answered by a counter-strike (`amount`: the attacker's roll; `level`: the hit's level; `cell`: "
          "where the subject stood)",
          say("own_strike", {"by": "own", "attacks": ["strike"]}, "rolled",
              "когда ваше существо{q} нападает простым ударом",
              "when a creature of yours{q} attacks with a simple strike",
              allows=("actor", "roll_max"), q="actor", tails=(_ROLL_MAX,)),
          say("own_missed", {"by": "own", "attacks": ["strike"], "missed": True}, "missed",
              "при промахе вашего существа (простым ударом в нападении)",
              "when a creature of yours misses (attacking with a simple strike)"),
          say("self_strike", {"by": "self", "attacks": ["strike"]}, "rolled",
              "при ударе или промахе этой карты в нападении (простым ударом)",
              "when this card attacks with a simple strike, hit or miss"),
          say("enemy_ranged", {"by": "enemy", "attacks": ["shot", "throw", "discharge"]}, "declared",
              "при дальней атаке существа противника (кроме удара через ряд)",
              "when an enemy creature makes a ranged attack (not a strike through a row)"),
          say("at_self", {"whose": "self", "by": "enemy"}, "struck",
              "при {attack} карты противника по этой карте",
              "when an enemy card's {attack} hits this card",
              needs=("attacks",), allows=("levels",)),
          say("declared_at_self", {"whose": "self", "by": "enemy", "declared": True}, "targeted",
              "при {attack} карты противника по этой карте (как только атака объявлена)",
              "when an enemy card declares a {attack} at this card (as soon as it is declared)",
              needs=("attacks",)),
          say("enemy_ranged_adjacent", {"by": "enemy", "attacks": ["shot", "throw", "discharge"],
                                        "relation": "adjacent"}, "declared",
              "при дальней атаке существа противника (кроме удара через ряд) по существу, стоящему рядом с этой "
              "картой",
              "when an enemy creature makes a ranged attack (not a strike through a row) at a creature next to "
              "this card"),
          say("first", {"by": "self", "first": True}, "first",
              "после первого своего простого удара в ваш ход", "after its first simple strike in your turn"),
          say("self", {"by": "self"}, "hit",
              "при {attack} этой карты",
              "when this card makes a {attack}",
              needs=("attacks", "levels"), allows=("vs", "kills"), tails=(_VS_CARDS, _KILLS)),
          say("self_at_enemy", {"by": "self", "whose": "enemy"}, "hit",
              "при {attack} этой карты",
              "when this card makes a {attack}",
              needs=("attacks", "levels"), allows=("vs", "kills"), tails=(_VS_CARDS, _AT_ENEMY, _KILLS)),
          say("own", {"by": "own"}, "hit_side",
              "при {attack} вашего существа{q}",
              "when a creature of yours{q} makes a {attack}",
              needs=("attacks", "levels"), allows=("actor",), q="actor"),
          say("own_strong", {"by": "own", "levels": ["strong"]}, "strong",
              "когда ваше существо наносит сильный простой удар",
              "when a creature of yours deals a strong simple strike"),
          say("counter", {"whose": "own", "counter": True}, "counter",
              "когда ваше существо получает ответный удар", "when a creature of yours is hit by a counter-strike"),
          say("own_flying", {"by": "own", "flying": True}, "flyer",
              "когда ваше летающее существо атакует простым ударом",
              "when a flyer of yours attacks with a simple strike"),
          say("self_flying", {"by": "self", "flying": True}, "flyer",
              "когда эта карта, будучи летающей, атакует простым ударом",
              "when this card attacks with a simple strike while flying"),
          say("companion", {"by": "companion"}, "companion",
              "при простом ударе компаньона этой карты", "when this card's companion makes a simple strike")),
    event("defended", ("subject", "actor", "amount", "cause", "other"), {"attacker": "actor", "defended": "other"},
          "the subject became a defender against the actor's attack, or blocked it (`amount`: a blocked attack's "
          "value; `other`: the card it defends)",
          say("defender", {"whose": "self", "how": "defender"}, "defender",
              "когда эта карта выступает защитником", "when this card becomes a defender"),
          say("blocked", {"whose": "self", "how": "blocked"}, "blocker",
              "когда эта карта блокирует атаку по себе", "when this card blocks an attack on itself")),
    event("redirected", ("subject", "actor"), {"attacker": "actor"},
          "the actor's attack was redirected away from the subject (a defender assigned included)",
          say("own", {"whose": "own"}, "side",
              "при перенаправлении атаки с вашего существа (в том числе при назначении защитника)",
              "when an attack is redirected from a creature of yours (a defender assigned included)")),
    event("wounded", ("subject", "actor", "attack", "amount", "cause"), {"wounded": "subject", "attacker": "actor"},
          "the subject took `amount` wounds from the actor",
          say("self_by_enemy", {"whose": "self", "by": "enemy"}, "self",
              "когда эта карта получает раны от атаки карты противника в ход противника",
              "when this card takes wounds from an attack of an enemy card in the opponent's turn", standing=True),
          say("own_ranged", {"whose": "own", "by": "enemy", "attacks": ["ranged"]}, "ranged",
              "когда ваше существо{q} получает X ран от дальней атаки карты противника",
              "when a creature of yours{q} takes X wounds from a ranged attack of an enemy card",
              allows=("vs",), q="vs"),
          say("own_struck", {"whose": "own", "by": "enemy", "attacks": ["strike"]}, "struck",
              "когда ваше существо получает раны от простого удара существа противника",
              "when a creature of yours takes wounds from a simple strike of an enemy creature"),
          say("adjacent_counter", {"whose": "own", "relation": "adjacent", "counter": True}, "counter",
              "когда ваше существо, стоящее рядом с этой картой, получает раны от ответного удара",
              "when a creature of yours next to this card receives wounds from a counter-strike"),
          say("enemy_poison", {"whose": "enemy", "how": "poison"}, "poisoned",
              "когда существо противника{q} получает раны от отравления",
              "when an enemy creature{q} takes wounds from poison", allows=("vs",), q="vs"),
          say("redistributed", {"whose": "self", "how": "redistributed"}, "redistributed",
              "когда эта карта перераспределяет раны на себя", "when this card redistributes wounds to itself"),
          say("marked", {}, "marked",
              "когда карта получает раны от атаки карты{q}", "when a card takes wounds from an attack of a card{q}",
              needs=("marker",), allows=("actor",), q="actor", tails=(_MARKED,))),
    event("healed", ("subject", "amount"), {},
          "the subject would heal by `amount` (by an effect or its regeneration)",
          say("self", {"whose": "self"}, "self",
              "если эта карта должна излечиться на X, вместо этого", "if this card would heal by X, instead")),
    event("died", ("subject", "actor", "cell", "attack", "amount", "regen", "lives", "cause"),
          {"dead": "subject", "killer": "actor"},
          "the subject died on `cell` (`actor` and `attack`: the card and the kind of the wounds it died of, the "
          "killer being named only while it is on the battlefield; `amount`: its poison, when it died of it; "
          "`regen` and `lives`: its regeneration and extra lives then)",
          say("self", {"whose": "self"}, "death", "при гибели этой карты", "when this card dies", also=("own_death",)),
          say("self_by_attack", {"whose": "self"}, "death",
              "при гибели этой карты",
              "when this card dies",
              needs=("attacks",), allows=("actor",), tails=(_BY_ATTACK, _BY_KILLER), also=("own_death",)),
          say("own", {"whose": "own"}, "death",
              "когда погибает ваше существо, включая эту карту", "when a creature of yours dies, this card included"),
          say("own_by_attack", {"whose": "own"}, "death",
              "когда ваше существо (включая эту карту) погибает",
              "when a creature of yours (this card included) dies",
              needs=("attacks",), allows=("actor",), tails=(_BY_ATTACK, _BY_KILLER)),
          say("own_other", {"whose": "own_other"}, "death",
              "когда погибает ваше другое существо{q}",
              "when another creature of yours{q} dies", allows=("vs",), q="vs"),
          say("own_other_adjacent", {"whose": "own_other", "relation": "adjacent"}, "death",
              "когда погибает ваше другое существо{q}, стоящее рядом с этой картой",
              "when another creature of yours{q} standing next to this card dies", allows=("vs",), q="vs"),
          say("any", {}, "death_any",
              "когда погибает существо{q}", "when a creature{q} dies", allows=("vs",), q="vs"),
          say("enemy", {"whose": "enemy"}, "death_any",
              "когда погибает существо противника{q}", "when an enemy creature{q} dies", allows=("vs",), q="vs"),
          say("enemy_poison", {"whose": "enemy", "how": "poison"}, "death_any",
              "когда существо противника{q} погибает от отравления", "when an enemy creature{q} dies of poison",
              allows=("vs",), q="vs"),
          say("by_self", {"by": "self"}, "kill",
              "когда эта карта уничтожает существо противника{q}",
              "when this card destroys an enemy creature{q}", allows=("vs",), q="vs"),
          say("by_own", {"by": "own"}, "kill",
              "когда ваше существо уничтожает существо противника{q}",
              "when a creature of yours destroys an enemy creature{q}", allows=("vs",), q="vs"),
          say("slayer", {"relation": "slayer"}, "slayer",
              "при гибели существа противника, уничтожившего эту карту атакой",
              "when the enemy creature whose attack destroyed this card dies"),
          say("devoured", {"by": "own", "how": "devoured"}, "devoured",
              "когда срабатывает трупоедство вашего существа", "when the corpse-eating of a creature of yours works"),
          say("devoured_self", {"by": "self", "how": "devoured"}, "devoured",
              "при трупоедстве этой карты", "when this card's corpse-eating works")),
    event("closed", ("subject", "source", "cause"), {"mover": "subject", "payer": "subject"},
          "the subject closed (`source`: the card whose ability it paid for)",
          say("flame_seal", {"whose": "enemy", "marker": "flame_seal"}, "sealed",
              "когда карта противника с маркером «пламенная печать» закрывается",
              "when an enemy card with the «flame seal» marker closes"),
          say("opposite", {"whose": "enemy", "relation": "opposite"}, "opposite",
              "когда стоящее напротив этой карты существо противника закрывается в свой ход",
              "when the enemy creature opposite this card closes in its own turn"),
          say("pay", {"whose": "self", "how": "pay"}, "payer",
              "когда эта карта закрывается, чтобы оплатить особенность вашей карты{q}",
              "when this card closes to pay for an ability of a card of yours{q}", allows=("source",), q="source")),
    event("opened", ("subject", "amount", "cause"), {"mover": "subject"},
          "the subject opened (`amount`: its openings this turn), or stayed open after an action",
          say("host", {"whose": "host"}, "host", "когда хозяин этой карты открывается", "when this card's host opens"),
          say("second", {"whose": "own", "second": True}, "second",
              "когда ваше существо{q} открывается во второй раз за ход (открытие в начале хода тоже считается)",
              "when a creature of yours{q} opens for the second time in a turn (opening at the start of the turn "
              "counts)", allows=("vs",), q="vs"),
          say("stayed_open", {"whose": "own", "how": "stayed_open"}, "stayed",
              "когда ваше существо{q} не закрывается после действия (1 раз за ход для каждого существа)",
              "when a creature of yours{q} does not close after an action (once per turn for each creature)",
              allows=("vs",), q="vs")),
    event("status_changed", ("subject", "cause"), {"mover": "subject"},
          "the subject got the status `cause` (a blessing, a curse, dark), not having it before",
          say("blessed", {"whose": "self", "status": "blessed"}, "self",
              "когда эта карта получает благословление", "when this card gets a blessing"),
          say("cursed", {"whose": "self", "status": "cursed"}, "self",
              "когда эта карта получает проклятие", "when this card gets a curse"),
          say("dark", {"whose": "enemy", "relation": "adjacent", "status": "dark"}, "adjacent",
              "когда стоящее рядом существо противника становится тёмным",
              "when an enemy creature next to this card becomes dark")),
    event("dashed", ("subject", "cause"), {"attacker": "subject"},
          "the subject dashed (рывок)",
          say("self", {"whose": "self"}, "self", "когда эта карта совершает рывок", "when this card dashes"),
          say("adjacent", {"whose": "own_other", "relation": "adjacent"}, "adjacent",
              "когда ваше существо совершает рывок на клетку рядом с этой картой",
              "when a creature of yours dashes onto a cell next to this card"),
          say("onto_kill", {"whose": "own", "how": "onto_kill"}, "onto_kill",
              "когда ваше существо, уничтожив атакой карту противника, совершает рывок на клетку, которую та занимала",
              "when a creature of yours, having destroyed an enemy card with an attack, dashes onto the cell it "
              "occupied")),
    event("entered", ("subject", "source", "cause"), {"mover": "subject"},
          "the subject entered the battlefield (`cause`: summoned from the deck or incarnated; `source`: the "
          "summoner)",
          say("summoned", {"whose": "self", "how": "summon"}, "summoned",
              "когда эту карту вызывают", "when this card is summoned"),
          say("summoned_by", {"whose": "self", "how": "summon"}, "summoned",
              "когда эту карту вызывает карта{q}", "when a card{q} summons this card", needs=("source",), q="source"),
          say("incarnation", {"whose": "enemy", "how": "incarnation"}, "incarnation",
              "когда карта противника возвращается на поле боя инкарнацией",
              "when an enemy card returns to the battlefield by incarnation"),
          say("self_incarnation", {"whose": "self", "how": "incarnation"}, "incarnated",
              "при инкарнации этой карты", "when this card incarnates"),
          say("own_incarnation", {"whose": "own", "how": "incarnation"}, "own_incarnation",
              "при инкарнации вашего существа{q}", "when a creature of yours{q} incarnates", allows=("vs",), q="vs")),
    event("incarnation_token", ("subject", "amount"), {"mover": "subject"},
          "the subject, in a graveyard, got an incarnation token (`amount`: the tokens it has now)",
          say("self", {"whose": "self"}, "token",
              "когда эта карта получает X-й жетон инкарнации", "when this card gets its Xth incarnation token")),
    event("prophesied", ("subject", "amount"), {},
          "the subject made a prophecy that showed `amount` cards of its controller's deck (once they are shown)",
          say("own", {"whose": "own"}, "prophecy",
              "при пророчестве вашей карты", "when a card of yours makes a prophecy")),
    event("host_changed", ("subject",), {"mover": "subject"},
          "the seated symbiont (the subject) changed its host (op `reseat`, op `pass_symbiont`, a `symbiont_rescue`; "
          "not its first seating or a summon)",
          say("own", {"whose": "own"}, "side",
              "когда ваш симбиот меняет хозяина", "when a symbiont of yours changes its host")),
)


# --- what the loader and the engine ask ---------------------------------------------------------------------

WORDINGS: tuple[Wording, ...] = tuple(w for kind in names("event") for w in lookup("event", kind).info["wordings"])
ROLES: dict[str, Mapping[str, str]] = {kind: lookup("event", kind).info["roles"] for kind in names("event")}
STANDING_KINDS = frozenset(w.kind for w in WORDINGS if w.standing)
_BY_KIND: dict[str, tuple[Wording, ...]] = {kind: lookup("event", kind).info["wordings"] for kind in names("event")}


def _matches(w: Wording, on: Mapping[str, Any]) -> bool:
    keys = set(on) - {"event"}
    if any(on.get(k) != v for k, v in w.fixed.items()) or not set(w.needs) <= keys:
        return False
    return keys <= set(w.fixed) | set(w.needs) | set(w.allows)


def wording_of(on: Any) -> Wording | None:
    """The wording an `on` table matches, or None (an unknown kind, a filter or value no wording has)."""
    if not isinstance(on, Mapping):
        return None
    found = [w for w in _BY_KIND.get(on.get("event"), ()) if _matches(w, on)]  # type: ignore[arg-type]
    return found[0] if len(found) == 1 else None


def trigger_index(abilities: tuple[dict[str, Any], ...]) -> dict[tuple[str, str], tuple[int, ...]]:
    """(event kind, listening group) -> the indices of the triggered abilities that hear it, in order."""
    index: dict[tuple[str, str], list[int]] = {}
    for i, ab in enumerate(abilities):
        w = wording_of(ab.get("on")) if ab.get("type") == "trigger" else None
        for key in w.keys if w is not None else ():
            index.setdefault(key, []).append(i)
    return {key: tuple(v) for key, v in index.items()}


def granted_keys(abilities: Iterable[Any]) -> frozenset[tuple[str, str]]:
    """(event kind, listening group) of the triggered abilities that an op `gain` in `abilities` gives, or that
    an op `show_gain` lends (those whose `on` has its values: the same wording)."""
    out: set[tuple[str, str]] = set()
    todo = list(abilities)
    while todo:
        node = todo.pop()
        if isinstance(node, Mapping):
            on = node["ability"].get("on") if node.get("op") == "gain" else node["trigger"] \
                if node.get("op") == "show_gain" else None
            w = wording_of(on) if on is not None else None
            if w is not None:
                out.update(w.keys)
            todo += node.values()
        elif isinstance(node, list):
            todo += node
    return frozenset(out)
