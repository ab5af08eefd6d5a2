"""The ops of set 7's Горы cards, and the glossary verbs they share with the Лес cards (helper mtn).

Verbs: оглушите (`stun`), подготовьте (`ready`), закройте/откройте, +N к удару (`attack_bonus`), выберите
(`select`: the later effects of the ability name the card as `chosen` / `chosen_character`). The Горы ops: reveal,
look at and rearrange the deck's top, coins lost, a spell back from the graveyard, a search, a dying card sent to the
deck instead of the graveyard, every creature to the top of its deck.

What an ability remembers between its effects (the card it chose, the cost of the card it revealed) is a modifier
on its source card that lasts the turn. Triggers these ops set off: `self_readied`, `other_own_readied`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from .. import hidden, zones
from ..actions import Choose, Pass, Target
from ..book import decision, task
from ..cards import SPELL, abilities, ctype
from ..main import AFTER_PLAY
from ..state import HeroesState
from ..triggers import MATCHERS, HEvent, fire
from . import run
from .modules import attach, is_mechanism
from .swamp import path_of
from .table import EFFECT, OP_HANDLERS, TARGET, VALUES, Ctx, amount, op

# --- what an ability remembers, and where a node of it is -----------------------------------------------------


def remember(state: HeroesState, ctx: Ctx, key: str, value: int) -> None:
    """Keep `value` under `key` on the effect's source card for the rest of the turn."""
    c = state.cards[ctx.source]
    c.modifiers = tuple(m for m in c.modifiers if m[0] != key) + ((key, value, state.turn),)


def recall(state: HeroesState, ctx: Ctx, key: str, default: int = -1) -> int:
    return next((m[1] for m in state.cards[ctx.source].modifiers if m[0] == key), default)


def last_turn(state: HeroesState, ctx: Ctx, duration: str | None) -> int:
    """The last turn an effect of `duration` lasts (-1: while the card stays in play)."""
    if duration is None:
        return -1
    if duration == "until_own_next_turn":      # the controller's next turn starts after the turn that follows
        return state.turn + (1 if state.active == ctx.seat else 0)
    return state.turn


def add_modifier(state: HeroesState, uid: int, key: str, value: int | str, until: int) -> None:
    c = state.cards[uid]
    c.modifiers = (*c.modifiers, (key, value, until))


def in_place(state: HeroesState, uid: int) -> bool:
    return state.cards[uid].zone in ("play", "hero", "support")


def _creatures(state: HeroesState, seats: tuple[int, ...]) -> list[int]:
    return [u for s in seats for u in state.players[s].play]


def _event_card(state: HeroesState, ctx: Ctx) -> list[int]:
    """The creature an attack or a strike event names (its `amount` carries the uid)."""
    uid = HEvent(*ctx.event).amount if ctx.event else -1
    return [uid] if uid >= 0 and state.cards[uid].zone == "play" else []


def register(table: dict[str, Any], name: str, value: Any) -> None:
    """Register `value` under `name` in one of the engine's tables; a name taken is an error at import."""
    if name in table:
        raise ValueError(f"the heroes engine has {name!r} already")
    table[name] = value


register(run.TARGETS, "chosen_character", run.TARGETS["chosen"])
register(run.TARGETS, "self_card", (False, lambda s, c: [c.source] if in_place(s, c.source) else []))
register(run.TARGETS, "attacked", (False, _event_card))
register(run.TARGETS, "struck", (False, _event_card))
register(run.TARGETS, "each_own_creature", (False, lambda s, c: _creatures(s, (c.seat,))))
register(VALUES, "revealed_cost", lambda s, c, node: max(0, recall(s, c, "revealed_cost", 0)))


def _other_own(state: HeroesState, bearer: int, on: dict[str, Any], event: HEvent) -> bool:
    return event.subject != bearer and state.cards[bearer].owner == event.seat


register(MATCHERS, "self_readied", (True, lambda s, b, on, e: e.subject == b))
register(MATCHERS, "other_own_readied", (False, _other_own))
register(MATCHERS, "own_creature_played", (False, lambda s, b, on, e: s.cards[b].owner == e.seat))
register(MATCHERS, "own_search", (True, lambda s, b, on, e: e.subject == b))


@AFTER_PLAY.append
def _creature_played(state: HeroesState, ev: Events, seat: int, uid: int) -> None:
    """«Вы разыгрываете существо» (Каринлина) is heard after the payment, with «разыгрывает карту»."""
    if state.cdef(uid).type == "creature":
        fire(state, ev, HEvent("own_creature_played", uid, seat))


# --- the glossary's verbs ---------------------------------------------------------------------------------------

def statics(state: HeroesState, uid: int) -> set[str]:
    return {ab["static"] for ab in abilities(state, uid) if ab["type"] == "static"}


def stunned(state: HeroesState, uid: int) -> bool:
    return any(m[0] == "stun" for m in state.cards[uid].modifiers)


def stun(state: HeroesState, ev: Events, uid: int) -> None:
    """Оглушить: close the card; it stays closed through its controller's next recovery phase (`turns`)."""
    if "cannot_be_stunned" in statics(state, uid):
        emit(ev, "stun_prevented", uid=uid)
        return
    state.cards[uid].closed = True
    if not stunned(state, uid):
        add_modifier(state, uid, "stun", 1, -1)
    emit(ev, "stunned", uid=uid)


@op("stun", TARGET)
def op_stun(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Оглушите (до N существ: `up_to`, each picked in turn)."""
    stun(state, ev, target)
    more_of(state, ctx, node, target)


def ready(state: HeroesState, ev: Events, uid: int) -> None:
    """Подготовить: open the card; it may strike and use its activated abilities again this turn. The readying is
    heard by the card itself and by its controller's other cards."""
    c = state.cards[uid]
    c.closed = False
    acts = {-1} | {i for i, ab in enumerate(abilities(state, uid)) if ab["type"] == "activated"}
    c.uses = tuple(u for u in c.uses if u[0] not in acts)
    emit(ev, "readied", uid=uid)
    fire(state, ev, HEvent("self_readied", uid, c.owner))
    fire(state, ev, HEvent("other_own_readied", uid, c.owner))


@op("ready", TARGET)
def op_ready(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    ready(state, ev, target)


@op("close", TARGET)
def op_close(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    state.cards[target].closed = True
    emit(ev, "closed", uid=target)


@op("open", TARGET)
def op_open(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    state.cards[target].closed = False
    emit(ev, "opened", uid=target)


@op("attack_bonus", TARGET)
def op_attack_bonus(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """+N к удару for the duration (to up to `up_to` creatures, each picked in turn)."""
    value = amount(state, ctx, node)
    add_modifier(state, target, "attack", value, last_turn(state, ctx, node.get("duration")))
    emit(ev, "attack_bonus", uid=target, amount=value)
    more_of(state, ctx, node, target)


@op("select", TARGET)
def op_select(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Выберите: the choice alone (`run.chosen` remembers it); the ability's later effects name the card (`chosen`)."""
    emit(ev, "chosen", uid=target, by=ctx.source)


def more_of(state: HeroesState, ctx: Ctx, node: dict[str, Any], done: int) -> None:
    """«До N»: after the first card, ask for the next one until N are picked or the player stops."""
    limit = node.get("up_to", 0)
    if limit < 2:
        return
    add_modifier(state, ctx.source, "picked", done, state.turn)
    picked = recall_picked(state, ctx)
    if len(picked) >= limit:
        forget_picked(state, ctx)
        return
    _chosen_flag, found = run.targets(state, ctx, node["target"])
    left = tuple(u for u in found if u not in picked)
    if not left:
        forget_picked(state, ctx)
        return
    ask(state, ctx.seat, UpToDecision(tuple(ctx), path_of(state, ctx, node), left))


def recall_picked(state: HeroesState, ctx: Ctx) -> tuple[int, ...]:
    return tuple(dict.fromkeys(m[1] for m in state.cards[ctx.source].modifiers if m[0] == "picked"))


def forget_picked(state: HeroesState, ctx: Ctx) -> None:
    c = state.cards[ctx.source]
    c.modifiers = tuple(m for m in c.modifiers if m[0] != "picked")


@decision("up_to")
class UpToDecision(NamedTuple):
    """«До N существ»: the controller picks one more of `options` (`Target`) or stops (`Pass`)."""
    ctx: tuple
    path: tuple
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Target(u) for u in state.pending.data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        ctx = Ctx(*data.ctx)
        if type(action) is Pass:
            forget_picked(state, ctx)
            return
        node = run.node_at(state, ctx, data.path)
        OP_HANDLERS[node["op"]].handler(state, ev, ctx, node, action.uid)


# --- Горы ops ---------------------------------------------------------------------------------------------------

@op("destroy_or_stun", TARGET)
def op_destroy_or_stun(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Призрачные оковы: a stunned creature is destroyed, another is stunned."""
    if stunned(state, target):
        zones.to_grave(state, ev, target, cause="destroyed")
    else:
        stun(state, ev, target)


@op("lose_coins", EFFECT)
def op_lose_coins(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The player loses N coin markers for good, closed ones first (rules decision 858)."""
    seat = ctx.seat if node["player"] == "own" else 1 - ctx.seat
    p = state.players[seat]
    lost = min(p.coins, amount(state, ctx, node))
    p.coins -= lost
    p.closed = max(0, min(p.closed - lost, p.coins))
    emit(ev, "coins_lost", seat=seat, coins=lost)


@op("hand_to_top", EFFECT)
def op_hand_to_top(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The controller puts N cards of his hand on top of his deck, one at a time."""
    for _ in range(min(amount(state, ctx, node), len(state.players[ctx.seat].hand))):
        push(state, ("mtn_hand_to_top", ctx.seat))


@task("mtn_hand_to_top")
def _ask_hand_to_top(state: HeroesState, ev: Events, seat: int) -> None:
    if state.players[seat].hand:
        ask(state, seat, HandToTopDecision(seat))


@decision("hand_to_top")
class HandToTopDecision(NamedTuple):
    """`seat` names the hand card (`Target`) that goes on top of his deck."""
    seat: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.players[state.pending.data.seat].hand]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        zones.to_deck(state, ev, action.uid, top=True)


@op("died_to_deck_top", EFFECT)
def op_died_to_deck_top(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Гибель: the dead card goes from the graveyard to the top of its owner's deck (rules decision 856)."""
    if state.cards[ctx.source].zone == "grave":
        zones.to_deck(state, ev, ctx.source, top=True)


@op("died_shuffle_into_deck", EFFECT)
def op_died_shuffle(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Гибель: the dead card is shuffled from the graveyard into its owner's deck (rules decision 856)."""
    if state.cards[ctx.source].zone == "grave":
        zones.to_deck(state, ev, ctx.source, top=True)
        push(state, ("shuffle", state.cards[ctx.source].owner))


def nameable(state: HeroesState) -> tuple[str, ...]:
    """The names a player may name (rules decision 854): every card of the game that can be in a deck, in the order
    of their card ids (a new set adds its names at the end)."""
    return tuple(dict.fromkeys(state.db[cid].name for cid in sorted(state.db)
                               if state.db[cid].type != "hero" and not state.db[cid].keywords.get("created")))


@op("name_reveal_take", EFFECT)
def op_name_reveal_take(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Дитя Йара: name a card, reveal the top of the deck; the named card goes to the hand."""
    if state.players[ctx.seat].deck:
        ask(state, ctx.seat, NameDecision(ctx.seat))


@decision("name_card")
class NameDecision(NamedTuple):
    """`seat` names a card: `Choose(i)`, the i-th of `nameable`."""
    seat: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(i) for i in range(len(nameable(state)))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        seat = state.pending.data.seat
        named = nameable(state)[action.option]
        top = state.players[seat].deck[0]
        emit(ev, "named", seat=seat, name=named)
        emit(ev, "revealed", seat=seat, card=top)
        if top is not None and state.db[top].name == named:
            zones.draw(state, ev, seat, 1)


@op("reveal_top", EFFECT)
def op_reveal_top(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Покажите верхнюю карту вашей колоды: both see it, it stays; `match` if it is of `types`/`class`, else
    `other`. Its cost is remembered (`revealed_cost`)."""
    deck = state.players[ctx.seat].deck
    if not deck or deck[0] is None:
        emit(ev, "reveal_none", seat=ctx.seat)
        return
    card = state.db[deck[0]]
    remember(state, ctx, "revealed_cost", card.cost)
    emit(ev, "revealed", seat=ctx.seat, card=deck[0])
    if "match" not in node and "other" not in node:
        return
    hit = card.type in node.get("types", ()) or node.get("class") in card.classes
    branch = "match" if hit else "other"
    if branch in node:
        push(state, ("effect", tuple(ctx), (*path_of(state, ctx, node), branch)))


@op("revealed_to_bottom", EFFECT)
def op_revealed_to_bottom(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The revealed top card goes to the bottom of the deck."""
    p = state.players[ctx.seat]
    if p.deck:
        p.deck = (*p.deck[1:], p.deck[0])
        emit(ev, "top_to_bottom", seat=ctx.seat)


@op("look_top", EFFECT)
def op_look_top(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Посмотрите верхнюю карту любой колоды: the controller chooses whose (`Choose(0)` his, `Choose(1)` the
    opponent's) and alone sees it."""
    ask(state, ctx.seat, LookDecision(ctx.seat))


@decision("look_top")
class LookDecision(NamedTuple):
    """`seat` chooses the deck whose top card he looks at: Choose(0) his own, Choose(1) the opponent's."""
    seat: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        seat = state.pending.data.seat
        return [Choose(i) for i, s in enumerate((seat, 1 - seat)) if state.players[s].deck]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        seat = state.pending.data.seat
        hidden.look_top(state, ev, seat, seat if action.option == 0 else 1 - seat)


@op("grave_spell_to_hand", EFFECT)
def op_grave_spell_to_hand(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """A spell of that cost from the controller's graveyard goes to his hand (his choice)."""
    options = tuple(u for u in state.players[ctx.seat].grave
                    if ctype(state, u) == SPELL and state.cdef(u).cost == node["cost"])
    if options:
        ask(state, ctx.seat, FromGraveDecision(ctx.seat, options))


@decision("grave_to_hand")
class FromGraveDecision(NamedTuple):
    """`seat` picks the graveyard card (`Target`) that goes to his hand."""
    seat: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        zones.to_hand(state, ev, action.uid)


@op("search_spells", EFFECT)
def op_search_spells(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Поиск до N заклинаний стоимостью C: picked one at a time (`hidden.pick_task`), shown, into the hand; then the
    deck is shuffled."""
    push(state, hidden.pick_task(ctx.seat, "search", node["cost"], node["up_to"]), ("shuffle", ctx.seat))


@zones.SEARCH_HOOKS.append
def _search_heard(state: HeroesState, ev: Events, seat: int) -> None:
    """«Когда вы используете Поиск» is heard by the cards of that name in the searcher's deck (Подгорный крот, rules
    decision 855): each such card id has one listening instance in the zone "deck", kept for its once-a-turn use."""
    for cid in dict.fromkeys(c for c in state.players[seat].deck if c is not None):
        if not any(ab["type"] == "trigger" and ab["on"]["event"] == "own_search" for ab in state.db[cid].abilities):
            continue
        uid = next((c.uid for c in state.cards if c.zone == "deck" and c.owner == seat and c.card_id == cid
                    and ("deck_listener", 1, -1) in c.modifiers), -1)
        if uid < 0:
            uid = zones.new_card(state, seat, cid, "deck")
            add_modifier(state, uid, "deck_listener", 1, -1)
        fire(state, ev, HEvent("own_search", uid, seat))


@op("all_creatures_to_deck_top", EFFECT)
def op_storm(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Эфирный шторм: every creature goes on top of its owner's deck; each owner orders his own (the inactive
    player first), one card at a time, the last one put on top."""
    for seat in (1 - state.active, state.active):
        push(state, ("mtn_storm", seat))


@task("mtn_storm")
def _storm(state: HeroesState, ev: Events, seat: int) -> None:
    own = tuple(u for u in state.players[seat].play if state.cards[u].owner == seat)
    if len(own) > 1:
        ask(state, seat, StormDecision(seat, own))
    elif own:
        zones.to_deck(state, ev, own[0], top=True)


@decision("storm_order")
class StormDecision(NamedTuple):
    """`seat` names the creature (`Target`) that goes on top of his deck next (the last one ends on top)."""
    seat: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        zones.to_deck(state, ev, action.uid, top=True)
        push(state, ("mtn_storm", state.pending.data.seat))



@op("pay", EFFECT)
def op_pay(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Заплатите (N): close N open coins; a player who cannot pay does not, and what «при этом» follows is not done."""
    p = state.players[ctx.seat]
    price = amount(state, ctx, node)
    if p.open_coins >= price:
        p.closed += price
        emit(ev, "paid", seat=ctx.seat, coins=price)
        return
    then = ("effect", tuple(ctx), (*path_of(state, ctx, node), "then"))
    if state.tasks and state.tasks[-1] == then:
        state.tasks.pop()
    emit(ev, "cannot_pay", seat=ctx.seat, coins=price)


@op("summon_self", EFFECT)
def op_summon_self(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Вызовите: a card of the source's name comes from its owner's deck into play (it cannot act this turn)."""
    uid = zones.from_deck(state, ctx.seat, state.cards[ctx.source].card_id)
    if uid >= 0:
        zones.enter_play(state, ev, uid)


@op("look_top_reorder", EFFECT)
def op_look_top_reorder(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Посмотрите X верхних карт и положите их обратно в любом порядке: the controller names them from the top
    down, one at a time."""
    count = min(amount(state, ctx, node), len(state.players[ctx.seat].deck))
    if count > 1:
        ask(state, ctx.seat, ReorderDecision(ctx.seat, count, 0))
    elif count:
        emit(ev, "looked_top", seat=ctx.seat, deck=ctx.seat, card=state.players[ctx.seat].deck[0])


@decision("reorder")
class ReorderDecision(NamedTuple):
    """Of the top `count` cards of his deck, `seat` names the one that lies at place `done` (`Choose(i)`: the i-th
    of those not placed yet, as they lie; the record names no card)."""
    seat: int
    count: int
    done: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        return [Choose(i) for i in range(data.count - data.done)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        p = state.players[data.seat]
        deck = list(p.deck)
        deck.insert(data.done, deck.pop(data.done + action.option))
        p.deck = tuple(deck)
        if data.count - data.done > 2:
            ask(state, data.seat, ReorderDecision(data.seat, data.count, data.done + 1))
            return
        emit(ev, "reordered", seat=data.seat, count=data.count)


@op("attach_mechanisms", EFFECT)
def op_attach_mechanisms(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Паролет: any number of the controller's other mechanisms in play become its parts, picked one at a time, as
    modules entering play would (rules decision 857)."""
    push(state, ("mtn_attach_more", ctx.source))


@task("mtn_attach_more")
def _attach_more(state: HeroesState, ev: Events, host: int) -> None:
    seat = state.cards[host].owner
    options = tuple(u for u in state.players[seat].play if u != host and is_mechanism(state, u))
    if state.cards[host].zone == "play" and options:
        ask(state, seat, AttachMoreDecision(host, options))


@decision("attach_more")
class AttachMoreDecision(NamedTuple):
    """The controller of `host` attaches one more of his mechanisms (`Target`) to it, or stops (`Pass`)."""
    host: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Target(u) for u in state.pending.data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        if type(action) is Target:
            host = state.pending.data.host
            attach(state, ev, action.uid, host)
            push(state, ("mtn_attach_more", host))
