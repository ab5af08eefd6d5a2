"""The trigger vocabulary, declared once: event kinds, their filters and their wordings.

A triggered ability selects events by a kind and filters: `on = { event = "died", whose = "own_other",
relation = "adjacent", vs = { class = "Пират" } }`. Each event kind names the facts its record carries and
the card each target word of an effect names. Each filter is declared with its type and text. Each
wording is one supported combination of a kind and filter values: it says which cards of the battle hear
the event (its `scope`, the engine's listening group; docs/architecture.md) and holds the Russian and
English words of the trigger. The loader accepts an `on` only if exactly one wording matches it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Filter:
    """A trigger filter: its value type ("enum", "bool", "int", "condition", "attacks", "levels"), the values
    an enum takes, and what it means (English, for docs/card-schema.md)."""
    type: str
    meaning: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Kind:
    """An event kind: the facts its record carries, the card each target word names (target word -> fact),
    and what it is (English, for docs/card-schema.md)."""
    facts: tuple[str, ...]
    roles: Mapping[str, str]
    meaning: str


@dataclass(frozen=True, slots=True)
class Tail:
    """Words added after a wording's head when its filter `name` is present: `{q}` is the qualifier of a
    condition, `{n}` a number, `{attacks}` attack kinds; `all_ru`/`all_en` are used for `attacks = ["all"]`."""
    name: str
    ru: str
    en: str
    all_ru: str = ""
    all_en: str = ""


@dataclass(frozen=True, slots=True)
class Wording:
    """One supported `on`: the kind, the filter values it fixes, the filters it needs and allows, the
    listening group (`scope`) that hears it, and its words. In `ru`/`en`, `{q}` is the qualifier of the
    condition filter `q` (with its leading space, or nothing), `{attack}` the attacks and levels. `standing`:
    heard only if its card is still on the battlefield when the trigger resolves; `also`: further listening
    groups that hear it."""
    kind: str
    fixed: Mapping[str, Any]
    scope: str
    ru: str
    en: str
    needs: tuple[str, ...] = ()
    allows: tuple[str, ...] = ()
    q: str = ""
    tails: tuple[Tail, ...] = field(default=())
    standing: bool = False      # heard only if its card is still on the battlefield when the trigger resolves
    also: tuple[str, ...] = ()  # further listening groups that hear it

    @property
    def keys(self) -> tuple[tuple[str, str], ...]:
        """(event kind, listening group) of each group that hears it."""
        return tuple((self.kind, scope) for scope in (self.scope, *self.also))


FILTERS: dict[str, Filter] = {
    "whose": Filter("enum", "the subject of the event (or whose turn it is) as the card with the ability sees it: "
                    "`self` this card, `own` a card of its controller (itself included), `own_other` another card of "
                    "its controller, `enemy` / `opponent` the other side, `host` this symbiont's host",
                    ("self", "own", "own_other", "enemy", "opponent", "host")),
    "by": Filter("enum", "who did it (the event's actor): `self` this card, `own` a card of its controller (itself "
                 "included), `enemy` a card of the other side, `companion` this card's companion",
                 ("self", "own", "enemy", "companion")),
    "relation": Filter("enum", "where the subject is, from this card: `adjacent` next to it (diagonals included), "
                       "`opposite` opposite it, `beside` directly left or right, `column` in its column, `front` "
                       "on a cell of your first row coming from its own half, `crosses` from its controller's "
                       "half to the other, `leaves_adjacent` away from a cell next to it, `near` next to a card of "
                       "yours matching `near`, `slayer` the enemy creature whose attack destroyed this card",
                       ("adjacent", "opposite", "beside", "column", "front", "crosses", "leaves_adjacent", "near",
                        "slayer")),
    "how": Filter("enum", "how it happened: `jump`, `teleport` (a move); `incarnation`, `summon` (an entry); "
                  "`pay` (closed to pay for a `pay_close` ability); `stayed_open` (did not close after an action); "
                  "`onto_kill` (a dash onto the cell of the enemy card its attack destroyed); `devoured` "
                  "(трупоедство); `redistributed` (wounds redistributed onto itself); `defender`, `blocked`",
                  ("jump", "teleport", "incarnation", "summon", "pay", "stayed_open", "onto_kill", "devoured",
                   "redistributed", "defender", "blocked")),
    "status": Filter("enum", "the status it got", ("blessed", "cursed", "dark")),
    "attacks": Filter("attacks", "the attack's kind is one of these (groups allowed); for a death: it died of "
                      "wounds from an attack of those kinds of an enemy card"),
    "levels": Filter("levels", "the hit landed with one of these levels"),
    "vs": Filter("condition", "a condition on the event's subject (for a death: judged just before it died)"),
    "actor": Filter("condition", "a condition on the event's actor (the attacker; for a death: the killer)"),
    "source": Filter("condition", "a condition on the card the event is for (the card whose ability was paid "
                     "for; the card that summoned)"),
    "near": Filter("condition", "the condition on the card of yours next to which the subject arrives"),
    "roll_max": Filter("int", "only if the attacker's modified roll was N or less"),
    "kills": Filter("bool", "only if the attacked card died of it (judged when the ability resolves)"),
    "counter": Filter("bool", "the counter-strike of a simple strike"),
    "first": Filter("bool", "its first declared simple strike of its controller's turn"),
    "flying": Filter("bool", "the attacker is a flyer"),
    "second": Filter("bool", "the subject opens for the second time this turn (the opening at the start of the "
                     "turn counts)"),
    "in_a_row": Filter("int", "the number of occupied cells in a row (2)"),
    "valhalla": Filter("bool", "this card lies in its owner's graveyard, where it went when an attack of an enemy "
                       "card killed it"),
    "host_closed": Filter("bool", "this symbiont's host is closed"),
    "marker": Filter("enum", "the subject carries this marker", ("flame_seal",)),
}

KINDS: dict[str, Kind] = {
    "battle_started": Kind((), {}, "the battle starts"),
    "turn_started": Kind((), {}, "a turn starts (its player is the active one)"),
    "turn_ended": Kind((), {}, "a turn ends (its player is the active one)"),
    "moved": Kind(("subject", "from_cell", "cell", "cause"), {"mover": "subject"},
                  "a creature moved by its own movement (`cause`: step, jump or teleport)"),
    "relocated": Kind(("subject", "actor", "from_cell", "cell", "other"), {"mover": "subject"},
                      "a card changed cells by any means (`other`: the card of yours it arrived next to)"),
    "stepped_onto": Kind(("subject", "actor", "other"), {"mover": "subject"},
                         "this card's movement took it onto the cell of a creature (the subject; `other`: the "
                         "creature of the step before)"),
    "attacked": Kind(("subject", "actor", "cell", "attack", "level", "amount", "cause"),
                     {"attacked": "subject", "attacker": "actor", "mover": "actor"},
                     "an attack or a simple strike was made at the subject by the actor (`amount`: the "
                     "attacker's roll; `level`: the hit's level; `cell`: where the subject stood)"),
    "defended": Kind(("subject", "actor", "amount", "cause"), {"attacker": "actor"},
                     "the subject defended against the actor's attack (`amount`: a blocked attack's value)"),
    "redirected": Kind(("subject", "actor"), {"attacker": "actor"},
                       "the actor's attack was redirected away from the subject"),
    "wounded": Kind(("subject", "actor", "attack", "amount", "cause"), {"wounded": "subject", "attacker": "actor"},
                    "the subject took `amount` wounds from the actor"),
    "healed": Kind(("subject", "amount"), {}, "the subject would heal by `amount`"),
    "died": Kind(("subject", "actor", "cell", "attack", "regen", "lives", "cause"),
                 {"dead": "subject", "killer": "actor"},
                 "the subject died on `cell` (`actor` and `attack`: the card and the kind of the wounds it died "
                 "of; `regen` and `lives`: its regeneration and extra lives then)"),
    "closed": Kind(("subject", "source", "cause"), {"mover": "subject", "payer": "subject"},
                   "the subject closed (`source`: the card whose ability it paid for)"),
    "opened": Kind(("subject", "amount", "cause"), {"mover": "subject"},
                   "the subject opened (`amount`: its openings this turn), or stayed open after an action"),
    "status_changed": Kind(("subject", "cause"), {"mover": "subject"}, "the subject got the status `cause`"),
    "dashed": Kind(("subject", "cause"), {"attacker": "subject"}, "the subject dashed (рывок)"),
    "entered": Kind(("subject", "source", "cause"), {"mover": "subject"},
                    "the subject entered the battlefield (`cause`: summon or incarnation; `source`: the summoner)"),
    "host_changed": Kind(("subject",), {"mover": "subject"}, "the seated symbiont (the subject) changed its host"),
}

_ROLL_MAX = Tail("roll_max", ", если его бросок кубика равен {n} или менее", ", if its die roll is {n} or less")
_BY_ATTACK = Tail("attacks", " от атаки карты противника ({attacks})", " of an attack of an enemy card ({attacks})",
                  " от атаки карты противника", " of an attack of an enemy card")
_BY_KILLER = Tail("actor", " (атаковавшая карта — {q})", " (the attacking card: {q})")
_VS_CARDS = Tail("vs", " по картам {q}", " against cards {q}")
_KILLS = Tail("kills", ", если он уничтожил цель", ", if it destroyed the target")

WORDINGS: tuple[Wording, ...] = (
    Wording("battle_started", {}, "battle", "в начале боя", "at the start of the battle"),
    Wording("turn_started", {"whose": "own"}, "own", "в начале вашего хода", "at the start of your turn"),
    Wording("turn_started", {"whose": "own", "valhalla": True}, "grave",
            "Вальхалла (в начале вашего хода, если эта карта на кладбище и попала туда, погибнув от атаки карты"
            " противника)",
            "Valhalla (at the start of your turn, if this card is in your graveyard, where it went when an attack"
            " of an enemy card killed it)"),
    Wording("turn_started", {"whose": "opponent"}, "opponent", "в начале хода противника",
            "at the start of the opponent's turn"),
    Wording("turn_started", {"whose": "host", "host_closed": True}, "host",
            "в начале хода хозяина этой карты, если он закрыт",
            "at the start of its host's turn, if the host is closed"),
    Wording("turn_ended", {"whose": "own"}, "sides", "в конце вашего хода", "at the end of your turn"),
    Wording("turn_ended", {"whose": "opponent"}, "sides", "в конце хода противника",
            "at the end of the opponent's turn"),
    Wording("moved", {"whose": "self"}, "self", "каждый раз, когда эта карта перемещается на одну клетку",
            "each time this card moves one cell"),
    Wording("moved", {"whose": "self", "how": "jump"}, "self", "после прыжка", "after a jump"),
    Wording("moved", {"whose": "own_other", "how": "teleport"}, "side", "при телепортации другого вашего существа{q}",
            "when another creature of yours{q} teleports", allows=("vs",), q="vs"),
    Wording("moved", {"relation": "beside"}, "beside",
            "когда существо передвигается на клетку слева или справа от этой карты",
            "when a creature moves onto the cell to the left or right of this card"),
    Wording("relocated", {"whose": "own", "relation": "crosses"}, "crossing",
            "когда ваше существо перемещается со своей половины поля боя на половину противника"
            " (1 раз за ход для каждого существа)",
            "when a creature of yours relocates from your half of the battlefield to the opponent's"
            " (once per turn for each creature)"),
    Wording("relocated", {"whose": "enemy", "relation": "front"}, "arrival",
            "когда существо противника перемещается со своей половины поля боя на клетку вашего первого ряда",
            "when an enemy creature relocates from its own half onto a cell of your first row"),
    Wording("relocated", {"whose": "enemy", "relation": "adjacent"}, "arrival",
            "когда существо противника перемещается на соседнюю с этой картой клетку",
            "when an enemy creature relocates onto a cell next to this card"),
    Wording("relocated", {"whose": "enemy", "relation": "column"}, "arrival",
            "когда существо противника перемещается на клетку столбца, в котором стоит эта карта",
            "when an enemy creature relocates onto a cell of the column this card stands in"),
    Wording("relocated", {"whose": "enemy", "relation": "near"}, "guard",
            "когда существо противника перемещается на клетку рядом с вашей картой{q}",
            "when an enemy creature moves onto a cell next to a card of yours{q}", allows=("near",), q="near"),
    Wording("relocated", {"whose": "host", "relation": "near"}, "host",
            "когда хозяин этой карты перемещается на клетку рядом с вашей картой{q}",
            "when the host of this card relocates onto a cell next to a card of yours{q}", allows=("near",), q="near"),
    Wording("relocated", {"whose": "enemy", "relation": "leaves_adjacent"}, "departure",
            "когда существо противника перемещается с соседней с этой картой клетки",
            "when an enemy creature relocates away from a cell next to this card"),
    Wording("relocated", {"whose": "enemy", "by": "own"}, "displaced", "когда ваша карта перемещает карту противника",
            "when a card of yours moves an enemy card"),
    Wording("stepped_onto", {}, "self", "когда эта карта двигается на клетку, занятую существом{q}",
            "when this card moves onto a cell occupied by a creature{q}", allows=("vs",), q="vs"),
    Wording("stepped_onto", {"whose": "own"}, "self", "когда эта карта двигается на клетку, занятую вашим существом{q}",
            "when this card moves onto a cell occupied by a creature of yours{q}", allows=("vs",), q="vs"),
    Wording("stepped_onto", {"whose": "enemy"}, "self",
            "когда эта карта двигается на клетку, занятую существом противника{q}",
            "when this card moves onto a cell occupied by an enemy creature{q}", allows=("vs",), q="vs"),
    Wording("stepped_onto", {"in_a_row": 2}, "pair",
            "когда эта карта перемещается подряд через 2 клетки, занятые существами{q}",
            "when this card moves through 2 cells in a row occupied by creatures{q}", allows=("vs",), q="vs"),
    Wording("attacked", {"by": "own", "attacks": ["strike"]}, "rolled",
            "когда ваше существо{q} нападает простым ударом",
            "when a creature of yours{q} attacks with a simple strike", allows=("actor", "roll_max"), q="actor",
            tails=(_ROLL_MAX,)),
    Wording("attacked", {"by": "self", "attacks": ["strike"]}, "rolled",
            "при ударе или промахе этой карты в нападении (простым ударом)",
            "when this card attacks with a simple strike, hit or miss"),
    Wording("attacked", {"by": "enemy", "attacks": ["shot", "throw", "discharge"]}, "declared",
            "при дальней атаке существа противника (кроме удара через ряд)",
            "when an enemy creature makes a ranged attack (not a strike through a row)"),
    Wording("attacked", {"by": "self", "first": True}, "first", "после первого своего простого удара в ваш ход",
            "after its first simple strike in your turn"),
    Wording("attacked", {"by": "self"}, "hit", "при {attack} этой карты", "when this card makes a {attack}",
            needs=("attacks", "levels"), allows=("vs", "kills"), tails=(_VS_CARDS, _KILLS)),
    Wording("attacked", {"by": "self", "whose": "enemy"}, "hit", "при {attack} этой карты",
            "when this card makes a {attack}",
            needs=("attacks", "levels"), allows=("vs", "kills"),
            tails=(_VS_CARDS, Tail("whose", " по карте противника", " at an enemy card"), _KILLS)),
    Wording("attacked", {"by": "own"}, "hit_side", "при {attack} вашего существа{q}",
            "when a creature of yours{q} makes a {attack}",
            needs=("attacks", "levels"), allows=("actor",), q="actor"),
    Wording("attacked", {"by": "own", "levels": ["strong"]}, "strong",
            "когда ваше существо наносит сильный простой удар",
            "when a creature of yours deals a strong simple strike"),
    Wording("attacked", {"whose": "own", "counter": True}, "counter", "когда ваше существо получает ответный удар",
            "when a creature of yours is hit by a counter-strike"),
    Wording("attacked", {"by": "own", "flying": True}, "flyer", "когда ваше летающее существо атакует простым ударом",
            "when a flyer of yours attacks with a simple strike"),
    Wording("attacked", {"by": "self", "flying": True}, "flyer",
            "когда эта карта, будучи летающей, атакует простым ударом",
            "when this card attacks with a simple strike while flying"),
    Wording("attacked", {"by": "companion"}, "companion", "при простом ударе компаньона этой карты",
            "when this card's companion makes a simple strike"),
    Wording("defended", {"whose": "self", "how": "defender"}, "defender", "когда эта карта выступает защитником",
            "when this card becomes a defender"),
    Wording("defended", {"whose": "self", "how": "blocked"}, "blocker", "когда эта карта блокирует атаку по себе",
            "when this card blocks an attack on itself"),
    Wording("redirected", {"whose": "own"}, "side",
            "при перенаправлении атаки с вашего существа (в том числе при назначении защитника)",
            "when an attack is redirected from a creature of yours (a defender assigned included)"),
    Wording("wounded", {"whose": "self", "by": "enemy"}, "self",
            "когда эта карта получает раны от атаки карты противника в ход противника",
            "when this card takes wounds from an attack of an enemy card in the opponent's turn", standing=True),
    Wording("wounded", {"whose": "own", "by": "enemy", "attacks": ["ranged"]}, "ranged",
            "когда ваше существо{q} получает X ран от дальней атаки карты противника",
            "when a creature of yours{q} takes X wounds from a ranged attack of an enemy card", allows=("vs",), q="vs"),
    Wording("wounded", {"whose": "own", "relation": "adjacent", "counter": True}, "counter",
            "когда ваше существо, стоящее рядом с этой картой, получает раны от ответного удара",
            "when a creature of yours next to this card receives wounds from a counter-strike"),
    Wording("wounded", {"whose": "self", "how": "redistributed"}, "redistributed",
            "когда эта карта перераспределяет раны на себя", "when this card redistributes wounds to itself"),
    Wording("healed", {"whose": "self"}, "self", "если эта карта должна излечиться на X, вместо этого",
            "if this card would heal by X, instead"),
    Wording("died", {"whose": "self"}, "death", "при гибели этой карты", "when this card dies", also=("own_death",)),
    Wording("died", {"whose": "self"}, "death", "при гибели этой карты", "when this card dies",
            needs=("attacks",), allows=("actor",), tails=(_BY_ATTACK, _BY_KILLER), also=("own_death",)),
    Wording("died", {"whose": "own"}, "death", "когда погибает ваше существо, включая эту карту",
            "when a creature of yours dies, this card included"),
    Wording("died", {"whose": "own"}, "death", "когда ваше существо (включая эту карту) погибает",
            "when a creature of yours (this card included) dies", needs=("attacks",), allows=("actor",),
            tails=(_BY_ATTACK, _BY_KILLER)),
    Wording("died", {"whose": "own_other"}, "death", "когда погибает ваше другое существо{q}",
            "when another creature of yours{q} dies", allows=("vs",), q="vs"),
    Wording("died", {"whose": "own_other", "relation": "adjacent"}, "death",
            "когда погибает ваше другое существо{q}, стоящее рядом с этой картой",
            "when another creature of yours{q} standing next to this card dies", allows=("vs",), q="vs"),
    Wording("died", {"by": "self"}, "kill", "когда эта карта уничтожает существо противника{q}",
            "when this card destroys an enemy creature{q}", allows=("vs",), q="vs"),
    Wording("died", {"by": "own"}, "kill", "когда ваше существо уничтожает существо противника{q}",
            "when a creature of yours destroys an enemy creature{q}", allows=("vs",), q="vs"),
    Wording("died", {"relation": "slayer"}, "slayer", "при гибели существа противника, уничтожившего эту карту атакой",
            "when the enemy creature whose attack destroyed this card dies"),
    Wording("died", {"by": "own", "how": "devoured"}, "devoured", "когда срабатывает трупоедство вашего существа",
            "when the corpse-eating of a creature of yours works"),
    Wording("closed", {"whose": "enemy", "marker": "flame_seal"}, "sealed",
            "когда карта противника с маркером «пламенная печать» закрывается",
            "when an enemy card with the «flame seal» marker closes"),
    Wording("closed", {"whose": "enemy", "relation": "opposite"}, "opposite",
            "когда стоящее напротив этой карты существо противника закрывается в свой ход",
            "when the enemy creature opposite this card closes in its own turn"),
    Wording("closed", {"whose": "self", "how": "pay"}, "payer",
            "когда эта карта закрывается, чтобы оплатить особенность вашей карты{q}",
            "when this card closes to pay for an ability of a card of yours{q}", allows=("source",), q="source"),
    Wording("opened", {"whose": "host"}, "host", "когда хозяин этой карты открывается", "when this card's host opens"),
    Wording("opened", {"whose": "own", "second": True}, "second",
            "когда ваше существо{q} открывается во второй раз за ход (открытие в начале хода тоже считается)",
            "when a creature of yours{q} opens for the second time in a turn (opening at the start of the turn counts)",
            allows=("vs",), q="vs"),
    Wording("opened", {"whose": "own", "how": "stayed_open"}, "stayed",
            "когда ваше существо{q} не закрывается после действия (1 раз за ход для каждого существа)",
            "when a creature of yours{q} does not close after an action (once per turn for each creature)",
            allows=("vs",), q="vs"),
    Wording("status_changed", {"whose": "self", "status": "blessed"}, "self", "когда эта карта получает благословление",
            "when this card gets a blessing"),
    Wording("status_changed", {"whose": "self", "status": "cursed"}, "self", "когда эта карта получает проклятие",
            "when this card gets a curse"),
    Wording("status_changed", {"whose": "enemy", "relation": "adjacent", "status": "dark"}, "adjacent",
            "когда стоящее рядом существо противника становится тёмным",
            "when an enemy creature next to this card becomes dark"),
    Wording("dashed", {"whose": "self"}, "self", "когда эта карта совершает рывок", "when this card dashes"),
    Wording("dashed", {"whose": "own_other", "relation": "adjacent"}, "adjacent",
            "когда ваше существо совершает рывок на клетку рядом с этой картой",
            "when a creature of yours dashes onto a cell next to this card"),
    Wording("dashed", {"whose": "own", "how": "onto_kill"}, "onto_kill",
            "когда ваше существо, уничтожив атакой карту противника, совершает рывок на клетку, которую та занимала",
            "when a creature of yours, having destroyed an enemy card with an attack, dashes onto the cell it"
            " occupied"),
    Wording("entered", {"whose": "self", "how": "summon"}, "summoned", "когда эту карту вызывают",
            "when this card is summoned"),
    Wording("entered", {"whose": "self", "how": "summon"}, "summoned", "когда эту карту вызывает карта{q}",
            "when a card{q} summons this card", needs=("source",), q="source"),
    Wording("entered", {"whose": "enemy", "how": "incarnation"}, "incarnation",
            "когда карта противника возвращается на поле боя инкарнацией",
            "when an enemy card returns to the battlefield by incarnation"),
    Wording("host_changed", {"whose": "own"}, "side", "когда ваш симбиот меняет хозяина",
            "when a symbiont of yours changes its host"),
)

STANDING_KINDS = frozenset(w.kind for w in WORDINGS if w.standing)
_BY_KIND: dict[str, tuple[Wording, ...]] = {
    kind: tuple(w for w in WORDINGS if w.kind == kind) for kind in KINDS
}


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
    """(event kind, listening group) of the triggered abilities that an op `gain` in `abilities` gives."""
    out: set[tuple[str, str]] = set()
    todo = list(abilities)
    while todo:
        node = todo.pop()
        if isinstance(node, Mapping):
            w = wording_of(node["ability"].get("on")) if node.get("op") == "gain" else None
            if w is not None:
                out.update(w.keys)
            todo += node.values()
        elif isinstance(node, list):
            todo += node
    return frozenset(out)


def check_on(on: Any) -> tuple[str, str] | None:
    """What is wrong with an `on` table, as (field, problem), or None. Types of values are checked by
    `check_values`; this checks the kind, the filter names and that one wording matches."""
    if not isinstance(on, Mapping):
        return "", f"expected a table {{ event = ..., filters }}, got {on!r}"
    kind = on.get("event")
    if kind not in KINDS:
        return "event", f"unknown event kind {kind!r} (known: {', '.join(KINDS)})"
    for name, value in on.items():
        if name == "event":
            continue
        if name not in FILTERS:
            return name, f"unknown trigger filter {name!r}"
        problem = _value_problem(FILTERS[name], value)
        if problem:
            return name, problem
    if wording_of(on) is None:
        return "", f"no trigger of kind {kind!r} takes these filters: {sorted(set(on) - {'event'})} with these values"
    return None


def _value_problem(f: Filter, value: Any) -> str:
    match f.type:
        case "enum":
            return "" if isinstance(value, str) and value in f.values else \
                f"expected one of {', '.join(f.values)}, got {value!r}"
        case "bool":
            return "" if value is True else f"expected true, got {value!r}"
        case "int":
            return "" if isinstance(value, int) and not isinstance(value, bool) and value > 0 else \
                f"expected a positive integer, got {value!r}"
        case "condition":
            return "" if isinstance(value, Mapping) and value else \
                f"expected a non-empty condition table, got {value!r}"
    return "" if isinstance(value, list) and value else f"expected a non-empty list, got {value!r}"   # attacks, levels
