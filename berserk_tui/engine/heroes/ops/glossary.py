"""Glossary keywords no public card of sets 7–8 uses (helper glossary; docs/heroes-glossary.md): proven with the
test-only cards of tests/heroes_glossary/test_cards.toml.

- Жажда X (`thirst`): paying for a card with it wounds a character of the payer's by X, the one he chooses
  (decision "thirst"; his hero or a creature of his in play; the card is the wounds' source). Rules decision 942.
- Медитация X (`meditation`): a strike declared at a card with it makes the attacker's controller pay X coins;
  what he cannot pay wounds his hero (the meditating card is the source). Rules decision 943.
- Возьмите под контроль (op `take_control`): `zones.take_control` for good. Эффект усиления (op `boost`): a "boost"
  modifier per effect, each +1 strike and +1 life (rules decision 946). Повторить заклинание (op `repeat_spell`):
  the spell's effects before it run once more with the same X (rules decision 944). Бесплатно (op `play_free`): a
  creature of the hand played without paying (decision "play_free", rules decision 945).
- Гнев (`wrath`, `main.STRIKE_BONUSES`), Избыточный урон (the value `excess`, kept by `zones.WOUNDED_HOOKS`), «жизни
  сокращаются до X» (op `set_life`) and Инкарнация X (`incarnation`, `turns.TURN_START_HOOKS`, decision
  "incarnation"): rules decisions 947, 948.
- Засада X (op `ambush` of a trigger that works in the hand, `triggers.LISTENERS_OUT_OF_PLAY`): when the trigger's
  event happens, in either player's turn, the card may be played from the hand for X (decision "ambush"; rules
  decision 949).
- Кладка (op `clutch` of an activated ability that works in the hand): a created Яйцо comes into play and mines the
  card (Добывает: `mine`, zone "mined", modifiers "miner" and "mined_from"); when the miner leaves play its mined
  cards go back where they were, heard by nothing (`zones.DEATH_HOOKS`, `zones.LEAVE_HOOKS`); Засада works for a
  card mined by its owner's Яйцо. Rules decision 950.
- Авангард X (`vanguard`, seed 004): a creature with it played from the hand, once in play, lets its player play a
  creature of cost X or less from the hand for free (decision "play_free"); that one gets Рывок and goes back to the
  hand at the end of the turn, and the creature with Авангард closes (`zones.ENTER_HOOKS`,
  `turns.END_OF_TURN_HOOKS`; rules decision 951).
- Единение X (`unity`, seed 004): «Гибель: Поиск существа стоимостью X или менее» (`zones.DEATH_HOOKS`, decision
  "unity_search"; rules decision 952).
The numeric keywords read `cards.keyword`, which keeps the highest of a printed and a granted value (seed 002: only
the highest counts).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from .. import hidden, zones
from ..actions import Choose, Pass, Target
from ..book import decision, task
from ..cards import CREATURE, SPELL, abilities, keyword, life
from ..main import AFTER_PLAY, PLAY_BANS, STRIKE_BONUSES, STRIKE_DECLARED, extras_payable, pay, play_card, spell_ability
from ..state import HeroesState
from ..triggers import LISTENERS_OUT_OF_PLAY, ZONE_WORDS
from ..turns import END_OF_TURN_HOOKS, TURN_START_HOOKS
from .basic import create
from .mountain import add_modifier
from .run import can_start, node_at
from .table import EFFECT, TARGET, VALUES, Ctx, amount, op

# --- Жажда -------------------------------------------------------------------------------------------------------


@AFTER_PLAY.append
def _thirst(state: HeroesState, ev: Events, seat: int, uid: int) -> None:
    """A card with Жажда X was paid for: its player wounds his hero or a creature of his in play by X (asked when
    there is a choice; the card itself is not in play yet)."""
    n = keyword(state, uid, "thirst")
    if n <= 0:
        return
    p = state.players[seat]
    options = (p.hero, *(u for u in p.play if u != uid))
    if len(options) == 1:
        _thirst_wound(state, ev, uid, options[0], n)
    else:
        ask(state, seat, ThirstDecision(uid, n, options))


def _thirst_wound(state: HeroesState, ev: Events, source: int, target: int, n: int) -> None:
    emit(ev, "thirst", uid=source, target=target, amount=n)
    zones.wound(state, ev, target, n, source)
    zones.settle(state, ev)


@decision("thirst")
class ThirstDecision(NamedTuple):
    """The player of card `uid` with Жажда `amount` chooses which of `options` (his characters) it wounds."""
    uid: int
    amount: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        _thirst_wound(state, ev, data.uid, action.uid, data.amount)


# --- Медитация ---------------------------------------------------------------------------------------------------


@STRIKE_DECLARED.append
def _meditation(state: HeroesState, ev: Events, attacker: int, target: int) -> None:
    """A strike at a card with Медитация X (its first target, before a defender): the attacker's controller closes
    X of his open coins; each one he lacks is a wound on his hero."""
    n = keyword(state, target, "meditation")
    if n <= 0:
        return
    seat = state.cards[attacker].owner
    p = state.players[seat]
    paid = min(n, p.open_coins)
    p.closed += paid
    emit(ev, "meditation", uid=target, seat=seat, paid=paid, short=n - paid)
    if n > paid:
        zones.wound(state, ev, p.hero, n - paid, target)
        zones.settle(state, ev)


# --- Возьмите под контроль, Эффект усиления --------------------------------------------------------------------


@op("take_control", TARGET)
def op_take_control(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The target creature is the controller's for good (it cannot act this turn without Рывок)."""
    zones.take_control(state, ev, target, ctx.seat)


@op("boost", TARGET)
def op_boost(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """N Эффекты усиления: each is +1 to the strike and +1 life while the card stays in play."""
    n = amount(state, ctx, node)
    for key in ("boost", "attack", "health"):
        add_modifier(state, target, key, n, -1)
    emit(ev, "boosted", uid=target, amount=n)


# --- Повторить заклинание ----------------------------------------------------------------------------------------


@op("repeat_spell", EFFECT)
def op_repeat_spell(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The spell's effects listed before this one run once more, in order: new targets are chosen, X stays."""
    effect = node_at(state, ctx, ("effect",))
    if not isinstance(effect, list):
        raise ValueError(f"{state.cdef(ctx.source).name}: repeat_spell must follow the effects it repeats in a list")
    index = next(i for i, part in enumerate(effect) if part is node)
    emit(ev, "repeated", uid=ctx.source)
    push(state, *(("effect", tuple(ctx), ("effect", i)) for i in range(index)))


# --- Бесплатно ---------------------------------------------------------------------------------------------------


@op("play_free", EFFECT)
def op_play_free(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The controller may play a creature of printed cost N or less from his hand without paying."""
    options = free_options(state, ctx.seat, amount(state, ctx, node))
    if options:
        ask(state, ctx.seat, FreePlayDecision(ctx.seat, options))


def free_options(state: HeroesState, seat: int, limit: int) -> tuple[int, ...]:
    """The creatures of `seat`'s hand of printed cost `limit` or less (not X) whose additional costs he can pay."""
    return tuple(u for u in state.players[seat].hand if state.cards[u].card_id is not None
                 and state.cdef(u).type == CREATURE and not state.cdef(u).x_cost and state.cdef(u).cost <= limit
                 and extras_payable(state, seat, u))


@decision("play_free")
class FreePlayDecision(NamedTuple):
    """`seat` plays one of `options` (creatures of his hand) for free (`Target`), or none (`Pass`); `vanguard`: the
    creature whose Авангард offers it (-1: an effect's «бесплатно»)."""
    seat: int
    options: tuple
    vanguard: int = -1

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [*(Target(u) for u in state.pending.data.options), Pass()]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is not Target:
            return
        if data.vanguard >= 0:      # the card is marked on its hero: entering play resets what it carries
            state.cards[data.vanguard].closed = True
            add_modifier(state, state.players[data.seat].hero, "vanguard_dash", action.uid, state.turn)
            emit(ev, "vanguard", uid=data.vanguard, target=action.uid)
        play_card(state, ev, data.seat, action.uid, free=True)


@AFTER_PLAY.append
def _vanguard_played(state: HeroesState, ev: Events, seat: int, uid: int) -> None:
    """A card with Авангард was played from the hand: its hero remembers it, so that entering play it offers its
    free play."""
    if keyword(state, uid, "vanguard") > 0:
        add_modifier(state, state.players[seat].hero, "vanguard_played", uid, state.turn)


@zones.ENTER_HOOKS.append
def _vanguard_enters(state: HeroesState, ev: Events, uid: int) -> None:
    c = state.cards[uid]
    hero = state.cards[state.players[c.owner].hero]
    marks = {m[0] for m in hero.modifiers if m[1] == uid and m[0] in ("vanguard_dash", "vanguard_played")}
    hero.modifiers = tuple(m for m in hero.modifiers if not (m[1] == uid and m[0] in marks))
    if "vanguard_dash" in marks:        # Авангард played it: Рывок, and back to the hand at the end of the turn
        add_modifier(state, uid, "kw", "dash", state.turn)
        add_modifier(state, uid, "vanguard_back", state.turn, state.turn)
    if "vanguard_played" in marks and (options := free_options(state, c.owner, keyword(state, uid, "vanguard"))):
        ask(state, c.owner, FreePlayDecision(c.owner, options, uid))


@END_OF_TURN_HOOKS.append
def _vanguard_returns(state: HeroesState, ev: Events) -> None:
    """The creature Авангард played this turn goes back to its owner's hand, if it is still in play."""
    for c in state.cards:
        if c.zone == "play" and ("vanguard_back", state.turn, state.turn) in c.modifiers:
            zones.to_hand(state, ev, c.uid)


# --- Гнев, Избыточный урон, «жизни сокращаются до X» ------------------------------------------------------------


@zones.WOUNDED_HOOKS.append
def _hurt_and_excess(state: HeroesState, ev: Events, uid: int, dealt: int, source: int) -> None:
    """Mark a card wounded this turn (for Гнев), and remember on the source the excess damage of these wounds: the
    wounds beyond the card's lives, no more than were dealt."""
    if not any(m[0] == "hurt" for m in state.cards[uid].modifiers):     # it lasts the turn (`turns.pass_turn`)
        add_modifier(state, uid, "hurt", state.turn, state.turn)
    if source >= 0:
        src = state.cards[source]
        over = min(dealt, max(0, state.cards[uid].wounds - life(state, uid)))
        src.modifiers = tuple(m for m in src.modifiers if m[0] != "excess") + (("excess", over, state.turn),)


def _excess(state: HeroesState, ctx: Ctx, node: dict[str, Any]) -> int:
    return next((m[1] for m in state.cards[ctx.source].modifiers if m[0] == "excess" and m[2] == state.turn), 0)


VALUES["excess"] = _excess


@STRIKE_BONUSES.append
def _wrath(state: HeroesState, striker: int, struck: int) -> int:
    """Гнев: +1 to a strike at a creature that has already taken wounds this turn."""
    hurt = any(m[0] == "hurt" and m[1] == state.turn for m in state.cards[struck].modifiers)
    return int(hurt and keyword(state, striker, "wrath") > 0 and state.cdef(struck).type == CREATURE)


@op("set_life", TARGET)
def op_set_life(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Жизни сокращаются до N: every wound comes off (not a heal), then extra or negative lives make its lives N."""
    state.cards[target].wounds = 0
    n = amount(state, ctx, node)
    add_modifier(state, target, "health", n - life(state, target), -1)
    emit(ev, "life_set", uid=target, amount=n)


# --- Инкарнация --------------------------------------------------------------------------------------------------


@TURN_START_HOOKS.append
def _incarnation(state: HeroesState, ev: Events) -> None:
    """At the start of his turn the active player may bring back each creature with Инкарнация X from his graveyard
    (asked one at a time, while he has X coins to lose)."""
    p = state.players[state.active]
    found = [u for u in p.grave if state.cdef(u).type == CREATURE and keyword(state, u, "incarnation") > 0]
    push(state, *(("incarnation", u) for u in found))


@task("incarnation")
def _incarnation_ask(state: HeroesState, ev: Events, uid: int) -> None:
    seat = state.cards[uid].owner
    if state.cards[uid].zone == "grave" and state.players[seat].coins >= keyword(state, uid, "incarnation"):
        ask(state, seat, IncarnationDecision(uid))


@decision("incarnation")
class IncarnationDecision(NamedTuple):
    """Lose X coins for good to revive `uid` closed (`Choose(1)`), or not (`Choose(0)`)."""
    uid: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        if action.option != 1:
            return
        uid = state.pending.data.uid
        p = state.players[state.cards[uid].owner]
        lost = keyword(state, uid, "incarnation")
        p.coins -= lost
        p.closed = max(0, min(p.closed - lost, p.coins))
        emit(ev, "coins_lost", seat=state.cards[uid].owner, coins=lost)
        emit(ev, "revived", uid=uid)
        zones.enter_play(state, ev, uid)
        state.cards[uid].closed = True


# --- Засада ------------------------------------------------------------------------------------------------------


@LISTENERS_OUT_OF_PLAY.append
def _ambushers(state: HeroesState, seat: int) -> list[int]:
    """The cards of `seat`'s hand, and those his Яйца mined, with a trigger that works in the hand (Засада)."""
    mined = [c.uid for c in state.cards if c.zone == "mined" and state.cards[miner_of(state, c.uid)].owner == seat
             and state.cdef(miner_of(state, c.uid)).keywords.get("egg")]
    return [u for u in (*state.players[seat].hand, *mined) if state.cards[u].card_id is not None
            and any(ab["type"] == "trigger" and "hand" in ab.get("zones", ()) for ab in abilities(state, u))]


@op("ambush", EFFECT)
def op_ambush(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Засада X: the card, still in its owner's hand, may be played now for X instead of its cost, if he can pay X,
    no rule bars his plays and a spell has its targets."""
    uid, seat, price = ctx.source, ctx.seat, amount(state, ctx, node)
    if state.cards[uid].zone not in ("hand", "mined") or state.players[seat].open_coins < price \
            or any(ban(state, seat) for ban in PLAY_BANS) or not extras_payable(state, seat, uid):
        return
    if state.cdef(uid).type == SPELL and (index := spell_ability(state, uid)) >= 0 \
            and not can_start(state, Ctx(uid, seat, index, ()), abilities(state, uid)[index]["effect"]):
        return
    ask(state, seat, AmbushDecision(uid, price))


@decision("ambush")
class AmbushDecision(NamedTuple):
    """Play card `uid` from the hand for `price` by its Засада (`Choose(1)`), or not (`Choose(0)`)."""
    uid: int
    price: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        if action.option == 1:
            data = state.pending.data
            seat = state.cards[data.uid].owner
            emit(ev, "ambush", uid=data.uid, seat=seat, coins=data.price)
            pay(state, ev, seat, data.price)
            unmine(state, data.uid)
            play_card(state, ev, seat, data.uid, free=True)


# --- Кладка, Яйцо, Добывает -------------------------------------------------------------------------------------

ZONE_WORDS["mined"] = "hand"     # a card mined by its owner's Яйцо hears what it would in the hand (Засада)


def miner_of(state: HeroesState, uid: int) -> int:
    return next(m[1] for m in state.cards[uid].modifiers if m[0] == "miner")


def mine(state: HeroesState, ev: Events, miner: int, uid: int) -> None:
    """Добывает: card `uid` goes from where it lies under `miner` (zone "mined": not in play, public); a created card
    goes to the reserve instead."""
    if zones.created(state, uid):
        zones.to_supply(state, ev, uid)
        return
    c = state.cards[uid]
    origin = c.zone
    zones.leave(state, uid)
    c.reset()
    c.zone = "mined"
    c.modifiers = (("miner", miner, -1), ("mined_from", origin, -1))
    emit(ev, "mined", uid=uid, host=miner)


def unmine(state: HeroesState, uid: int) -> None:
    """Card `uid` is no longer mined (it is being played, or goes back): its marks go, its zone is "hand" for a
    moment, in no pile, as a card taken from a deck is (`zones.from_deck`)."""
    c = state.cards[uid]
    c.modifiers = ()
    c.zone = "hand"


def _give_back(state: HeroesState, ev: Events, miner: int, *_: object) -> None:
    """The miner leaves play: what it mined goes back where it was (a hand, a graveyard, play), heard by nothing."""
    for c in state.cards:
        if c.zone == "mined" and miner_of(state, c.uid) == miner:
            origin = next(m[1] for m in c.modifiers if m[0] == "mined_from")
            unmine(state, c.uid)
            c.zone = origin
            p = state.players[c.owner]
            setattr(p, origin, getattr(p, origin) + (c.uid,))
            emit(ev, "unmined", uid=c.uid, zone=origin)


zones.DEATH_HOOKS.append(_give_back)
zones.LEAVE_HOOKS.append(_give_back)


@op("clutch", EFFECT)
def op_clutch(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Кладка: the named created card (an Яйцо) comes into play under the controller and mines this card."""
    egg = create(state, ev, ctx.seat, node["card"], "clutch")
    if state.cards[ctx.source].zone == "hand":
        mine(state, ev, egg, ctx.source)


# --- Единение ----------------------------------------------------------------------------------------------------


@zones.DEATH_HOOKS.append
def _unity(state: HeroesState, ev: Events, uid: int) -> None:
    """A creature with Единение X died: its owner searches his deck for a creature of cost X or less (one pick,
    `hidden.pick_task`), then shuffles it."""
    n = state.cdef(uid).keywords.get("unity", 0)      # it has left play: its printed value
    if n > 0:
        seat = state.cards[uid].owner
        push(state, hidden.pick_task(seat, "unity_search", n, 1), ("shuffle", seat))
