"""The ops, conditions, values, target words, events and cost changes of set 7's Болото cards (helper `cards`;
the terms are declared in cards/heroes/terms/common.py and swamp.py; rules decisions 830–848).

Lasting player effects are modifiers on the player's hero, `(key, value, last turn)`: "no_play" (he cannot play
cards in that turn), "tax_first" (his first card in that turn costs `value` more), "tax_name" (cards named `value`
cost 1 more in that turn), "tax_type" (cards of type `value` cost 1 more until that turn ends; on the hero of the
effect's controller, for everyone's cards).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from .. import hidden
from ..actions import Choose
from ..book import decision, task
from ..cards import CREATURE, abilities, attack, keyword
from ..conditions import CONDITIONS
from ..main import AFTER_FIGHT, CARD_COSTS, PLAY_BANS, STRIKE_DECLARED
from ..state import HeroesState
from ..triggers import MATCHERS, listeners
from ..zones import enter_play, to_deck, to_grave, to_hand
from .modules import classes
from .run import TARGETS, TargetDecision, node_at, targets
from .table import EFFECT, TARGET, VALUES, Ctx, amount, op


def _add(table: dict[str, Any], name: str, value: Any) -> None:
    """Register `value` under `name` in one of the engine's tables; a name taken is an error at import."""
    if name in table:
        raise ValueError(f"the heroes engine has {name!r} already")
    table[name] = value


# --- where an effect is, whose turn is next ------------------------------------------------------------------

def path_of(state: HeroesState, ctx: Ctx, node: dict[str, Any]) -> tuple:
    """The path of an op's table inside its ability (what `run.node_at` walks), found by identity."""
    def walk(item: Any, path: tuple) -> tuple | None:
        if item is node:
            return path
        pairs = enumerate(item) if isinstance(item, list) else item.items() if isinstance(item, dict) else ()
        for key, sub in pairs:
            if isinstance(sub, (dict, list)) and (found := walk(sub, (*path, key))) is not None:
                return found
        return None
    found = walk(abilities(state, ctx.source)[ctx.ability], ())
    assert found is not None, node
    return found


def seat_of(ctx: Ctx, player: str) -> int:
    """The seat a player word names for the effect's controller ("own", "enemy")."""
    return ctx.seat if player == "own" else 1 - ctx.seat


def next_turn_of(state: HeroesState, seat: int) -> int:
    """The number of `seat`'s next turn (every turn counts, the seats alternate)."""
    return state.turn + (2 if state.active == seat else 1)


def turn_end_of(state: HeroesState, seat: int) -> int:
    """The number of the turn by whose end «до конца хода» of `seat` ends: this one if it is his, else the next."""
    return state.turn if state.active == seat else state.turn + 1


def _mark(state: HeroesState, seat: int, key: str, value: int | str, last: int) -> None:
    hero = state.cards[state.players[seat].hero]
    hero.modifiers += ((key, value, last),)


def _marks(state: HeroesState, seat: int, key: str) -> list[tuple[str, Any, int]]:
    return [m for m in state.cards[state.players[seat].hero].modifiers if m[0] == key]


# --- target words, values, conditions, events ----------------------------------------------------------------

def _chosen(state: HeroesState, ctx: Ctx) -> list[int]:
    """The card an earlier effect of the same ability chose this turn (`run.chosen`), while it is in play."""
    marks = [m[1] for m in state.cards[ctx.source].modifiers if m[0] == "chosen" and m[2] == state.turn]
    return [u for u in marks[-1:] if state.cards[u].zone in ("play", "support", "hero")]


def _event_card(state: HeroesState, ctx: Ctx) -> list[int]:
    """The card of the event that set the ability off (the card being played)."""
    return [ctx.event[1]] if len(ctx.event) > 1 and ctx.event[1] >= 0 else []


_add(TARGETS, "chosen", (False, _chosen))
_add(TARGETS, "event_card", (False, _event_card))

def _self_attack(state: HeroesState, ctx: Ctx, node: dict[str, Any]) -> int:
    """The card's attack; for one that died this turn, its attack as it last was in play (decision 841)."""
    if state.cards[ctx.source].zone in ("play", "support", "hero"):
        return attack(state, ctx.source)
    last = [m[1] for m in state.cards[ctx.source].modifiers if m[0] == "last_attack"]
    return last[-1] if last else state.cdef(ctx.source).attack


_add(VALUES, "x", lambda s, c, node: c.x)
_add(VALUES, "self_attack", _self_attack)
_add(VALUES, "cards_drawn_this_turn", lambda s, c, node: s.players[c.seat].drawn)
_add(VALUES, "target_cost", lambda s, c, node: next((s.cdef(u).cost for u in _chosen(s, c)), 0))


def _more_cards(state: HeroesState, ctx: Ctx, table: dict[str, Any]) -> bool:
    return len(state.players[ctx.seat].hand) > len(state.players[1 - ctx.seat].hand)


def _only_class(state: HeroesState, ctx: Ctx, table: dict[str, Any]) -> bool:
    return all(table["class"] in classes(state, u) for u in state.players[ctx.seat].play)


def _played_fewer(state: HeroesState, ctx: Ctx, table: dict[str, Any]) -> bool:
    return state.players[seat_of(ctx, table["player"])].played < table["amount"]


_add(CONDITIONS, "more_cards_in_hand", _more_cards)
_add(CONDITIONS, "only_class", _only_class)
_add(CONDITIONS, "played_fewer", _played_fewer)
_add(MATCHERS, "targeted_by_spell", (True, lambda s, bearer, on, event: event.subject == bearer))


# --- moving cards --------------------------------------------------------------------------------------------

@op("bounce", TARGET)
def op_bounce(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Положите в руку владельца: the card goes from play to its owner's hand (a created one to the reserve); the
    modules attached to it go along (`zones.LEAVE_HOOKS`, decisions 832 and 889)."""
    to_hand(state, ev, target)


@op("to_deck_bottom", TARGET)
def op_to_deck_bottom(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Положите под низ колоды владельца: the card leaves play for the bottom of its owner's deck; its parts go
    along (`zones.LEAVE_HOOKS`, decisions 832 and 889)."""
    to_deck(state, ev, target, top=False)


@op("cancel", TARGET)
def op_cancel(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Отмените (decision 833): the card being played does nothing — its entering or its spell's effect, still on
    the task stack, is dropped — and it goes to its owner's graveyard; its cost stays paid."""
    def of_card(job: tuple) -> bool:
        if job[0] in ("enter", "support"):
            return job[1] == target
        return job[0] in ("start", "effect", "op", "op_on") and job[1][0] == target
    state.tasks[:] = [job for job in state.tasks if not of_card(job)]
    if state.cards[target].zone != "grave":
        to_grave(state, ev, target, cause="cancelled")
    emit(ev, "cancelled", uid=target)


@op("search", EFFECT)
def op_search(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Поиск: a card of that name from the controller's deck to his hand, shown; then the deck is shuffled (an engine
    that lacks the deck, the opponent's over the network, asks its owner: `hidden.search`)."""
    hidden.search(state, ev, ctx.seat, node["card"])


@op("revive", EFFECT)
def op_revive(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Возродите N: up to N cards of that name from the controller's graveyard come into play (the latest first);
    they cannot act this turn without Рывок (decision 839)."""
    grave = state.players[ctx.seat].grave
    found = [u for u in reversed(grave) if state.cdef(u).name == node["card"] and state.cdef(u).type == CREATURE]
    for uid in found[:amount(state, ctx, node)]:
        emit(ev, "revived", uid=uid)
        enter_play(state, ev, uid)


# --- poison --------------------------------------------------------------------------------------------------

@op("poison_more", TARGET)
def op_poison_more(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Усилить отравление на N: a poisoned card's poison grows by N; one not poisoned is not affected (834)."""
    old = keyword(state, target, "poison")
    if old:
        c = state.cards[target]
        new = old + amount(state, ctx, node)
        c.modifiers = tuple(m for m in c.modifiers if m[0] != "poison") + (("poison", new, -1),)
        emit(ev, "poisoned", uid=target, amount=new)


# --- choices: an option, a payment ---------------------------------------------------------------------------

@op("choose", EFFECT)
def op_choose(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Выберите одно из: the controller picks one of the options, `times` times (each done before the next pick)."""
    times = amount(state, ctx, node, "times") if "times" in node else 1     # "x": the X paid (Не покладая рук)
    if times > 0:
        push(state, ("pick", tuple(ctx), path_of(state, ctx, node), times))


@task("pick")
def _pick(state: HeroesState, ev: Events, ctx_: tuple, path: tuple, left: int) -> None:
    ask(state, ctx_[1], OptionDecision(ctx_, path, left))


@decision("option")
class OptionDecision(NamedTuple):
    """`Choose(i)`: the i-th option of the op at `path`; `left` picks remain, this one among them."""
    ctx: tuple
    path: tuple
    left: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        return [Choose(i) for i in range(len(node_at(state, Ctx(*data.ctx), data.path)["options"]))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        done = ("effect", data.ctx, (*data.path, "options", action.option))
        push(state, done, *([("pick", data.ctx, data.path, data.left - 1)] if data.left > 1 else []))


@op("unless_pays", EFFECT)
def op_unless_pays(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """«Противник может заплатить (N), иначе …» (decision 835): with a `target`, the controller chooses it first
    (then `chosen` names it); the player may close N open coins, else the effect is done."""
    path = path_of(state, ctx, node)
    if "target" in node and target < 0:
        _, found = targets(state, ctx, node["target"])
        if not found:
            emit(ev, "no_target", uid=ctx.source, op="unless_pays")
        else:
            ask(state, ctx.seat, TargetDecision(tuple(ctx), path, tuple(found)))
        return
    payer = seat_of(ctx, node["player"])
    price = amount(state, ctx, node)
    if state.players[payer].open_coins >= price:
        ask(state, payer, PayDecision(tuple(ctx), path, payer, price))
    else:
        push(state, ("effect", tuple(ctx), (*path, "effect")))


@decision("pay")
class PayDecision(NamedTuple):
    """`seat` pays `price` coins (`Choose(1)`) or not (`Choose(0)`: the op's `effect` is done)."""
    ctx: tuple
    path: tuple
    seat: int
    price: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if action.option == 1:
            state.players[data.seat].closed += data.price
            emit(ev, "paid", seat=data.seat, coins=data.price)
        else:
            push(state, ("effect", data.ctx, (*data.path, "effect")))


# --- costs and bans ------------------------------------------------------------------------------------------

@op("forbid_play", EFFECT)
def op_forbid_play(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The player cannot play cards during his next turn."""
    seat = seat_of(ctx, node["player"])
    if node["duration"] != "their_next_turn":
        raise ValueError(f"forbid_play: the engine has no duration {node['duration']!r}")
    turn = next_turn_of(state, seat)
    _mark(state, seat, "no_play", 1, turn)
    emit(ev, "forbidden", seat=seat, turn=turn)


@op("cost_more", EFFECT)
def op_cost_more(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Cards cost N more (decision 843): the first card of a player in his next turn (`player`, `first`); cards of
    the chosen card's name in the opponent's next turn (`same_name`); cards of `types` until the end of the
    opponent's turn."""
    n, duration = amount(state, ctx, node), node.get("duration")
    if node.get("first") and "player" in node and duration == "their_next_turn":
        seat = seat_of(ctx, node["player"])
        _mark(state, seat, "tax_first", n, next_turn_of(state, seat))
    elif node.get("same_name") and duration == "enemy_next_turn":
        name = state.cdef(_last_chosen(state, ctx)).name
        for _ in range(n):
            _mark(state, ctx.seat, "tax_name", name, next_turn_of(state, 1 - ctx.seat))
    elif node.get("types") and duration == "until_enemy_turn_end":
        for kind in node["types"]:
            for _ in range(n):
                _mark(state, ctx.seat, "tax_type", kind, turn_end_of(state, 1 - ctx.seat))
    else:
        raise ValueError(f"cost_more: the engine has no such combination of fields: {sorted(node)}")
    emit(ev, "cost_changed", uid=ctx.source)


def _last_chosen(state: HeroesState, ctx: Ctx) -> int:
    """The card the ability chose last this turn (it may have left play since: Усыпить's returned creature)."""
    marks = [m[1] for m in state.cards[ctx.source].modifiers if m[0] == "chosen" and m[2] == state.turn]
    if not marks:
        raise ValueError(f"{state.cdef(ctx.source).name}: no card chosen before `same_name`")
    return marks[-1]


def _tax(state: HeroesState, uid: int, price: int) -> int:
    """Card `uid`'s price with the coins more the lasting effects and the static abilities in force add."""
    seat, card, turn = state.cards[uid].owner, state.cdef(uid), state.turn
    more = sum(m[1] for m in _marks(state, seat, "tax_first") if m[2] == turn and state.players[seat].played == 0)
    for s in (0, 1):
        more += sum(1 for m in _marks(state, s, "tax_name") if m[2] == turn and m[1] == card.name)
        more += sum(1 for m in _marks(state, s, "tax_type") if m[2] >= turn and m[1] == card.type)
    for holder, ab in _statics(state, "cost_more"):
        if ab.get("while_open") and state.cards[holder].closed:
            continue
        if "player" in ab and seat != (state.cards[holder].owner if ab["player"] == "own"
                                       else 1 - state.cards[holder].owner):
            continue
        if card.type in ab.get("types", (card.type,)):
            more += ab["amount"]
    return price + more


def _extra(state: HeroesState, uid: int, price: int) -> int:
    """Феллин: a card of the named player whose price the changes before it raised costs N more again (once per
    card, whatever raised it)."""
    if price <= state.cdef(uid).cost:
        return price
    seat = state.cards[uid].owner
    return price + sum(ab["amount"] for holder, ab in _statics(state, "cost_extra")
                       if seat == (state.cards[holder].owner if ab["player"] == "own"
                                   else 1 - state.cards[holder].owner))


def _statics(state: HeroesState, name: str) -> list[tuple[int, dict[str, Any]]]:
    """(card, ability) of every static ability `name` of the cards in play, the heroes and the support cards."""
    return [(uid, ab) for uid in listeners(state) for ab in abilities(state, uid)
            if ab["type"] == "static" and ab["static"] == name]


def _no_play(state: HeroesState, seat: int) -> bool:
    return any(m[2] == state.turn for m in _marks(state, seat, "no_play"))


CARD_COSTS.extend((_tax, _extra))
PLAY_BANS.append(_no_play)


# --- Подавление ----------------------------------------------------------------------------------------------

@STRIKE_DECLARED.append
def _suppression_aims(state: HeroesState, ev: Events, attacker: int, target: int) -> None:
    """Подавление: the creature first chosen as the strike's target (before a defender) is marked for the closing."""
    if keyword(state, attacker, "suppression") and state.cdef(target).type == CREATURE:
        state.cards[target].modifiers += (("suppressed_by", attacker, state.turn),)


@AFTER_FIGHT.append
def _suppression_closes(state: HeroesState, ev: Events, attacker: int, target: int, hit: int, back: bool) -> None:
    """«При атаке по существу закройте существо, выбранное первоначальной целью атаки» (decision 848): after the
    attack, the marked creature closes, wherever the blow went."""
    for c in state.cards:
        if any(m[0] == "suppressed_by" and m[1] == attacker for m in c.modifiers):
            c.modifiers = tuple(m for m in c.modifiers if not (m[0] == "suppressed_by" and m[1] == attacker))
            if c.zone == "play" and not c.closed:
                c.closed = True
                emit(ev, "suppressed", uid=c.uid, by=attacker)
