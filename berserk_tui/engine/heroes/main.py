"""The main phase of «Берсерк. Герои»: the active player's decision "main" and what each choice does.

Legal: play a card from the hand whose cost his open coins cover (a spell only with a legal target), strike with
an own creature that may act at an enemy character, use an activated ability (its coins, its closing, «X раз за
ход»: once a turn unless `limit` says), end the turn. A strike (seed 002, «Атака ударом», «Назначение защитника»):
the defending player may assign any open creature of his that has not defended this turn (not against
Направленный удар); an open creature struck, or a defender, strikes back; a closed creature or a hero takes the
wounds only. After the fight the attacker closes (not with Опыт в атаке), and so does the defender (not with Опыт
в защите), if they live.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..actions import Choose, Defend, EndTurn, Pass, Strike, Target, Use
from ..core import Events, ask, emit, push
from .actions import Play
from .book import decision, task
from .cards import CREATURE, EQUIPMENT, EVENT, SPELL, abilities, attack, can_act, count_use, ctype, keyword, uses
from .ops.run import can_start, start
from .ops.table import Ctx
from .state import HeroesState
from .triggers import HEvent, fire
from .zones import enter_play, face_down, namesakes, put_support, settle, to_grave, wound

# what changes the price of a card in the hand (state, uid, cost) -> cost, in order: ops register here
CARD_COSTS: list[Callable[[HeroesState, int, int], int]] = []
# ... of an activated ability (state, uid, ability, coins) -> coins
ABILITY_COSTS: list[Callable[[HeroesState, int, dict[str, Any], int], int]] = []
# what a striking card adds to its blow (state, striker, struck) -> wounds more
STRIKE_BONUSES: list[Callable[[HeroesState, int, int], int]] = []
# what playing a card sets off besides «разыгрывает карту» (state, events, seat, uid)
AFTER_PLAY: list[Callable[[HeroesState, Events, int, int], None]] = []
# what a fight sets off once it is over (state, events, attacker, target, wounds the target took, answered)
AFTER_FIGHT: list[Callable[[HeroesState, Events, int, int, int, bool], None]] = []
# what forbids a seat to play cards now (state, seat) -> True, as «Бессилие утопленника» does
PLAY_BANS: list[Callable[[HeroesState, int], bool]] = []
# what a strike's declaration sets off, before a defender is assigned (state, events, attacker, first target)
STRIKE_DECLARED: list[Callable[[HeroesState, Events, int, int], None]] = []


def cost(state: HeroesState, uid: int) -> int:
    """The coins card `uid` costs now (never below 0)."""
    price = state.cdef(uid).cost
    for change in CARD_COSTS:
        price = change(state, uid, price)
    return max(0, price)


def coins_of(state: HeroesState, uid: int, ab: dict[str, Any]) -> int:
    """The coins an activated ability of card `uid` costs now."""
    coins = ab["cost"].get("coins", 0)
    coins = 0 if coins == "x" else coins          # an X price: its X is asked on use, on top of this
    for change in ABILITY_COSTS:
        coins = change(state, uid, ab, coins)
    return max(0, coins)


def blow(state: HeroesState, striker: int, struck: int) -> int:
    """The wounds `striker`'s blow deals to `struck`: its strike and what adds to it."""
    return attack(state, striker) + sum(bonus(state, striker, struck) for bonus in STRIKE_BONUSES)


def spell_ability(state: HeroesState, uid: int) -> int:
    """The index of the spell's effect among its abilities (-1: none, a spell played for nothing)."""
    return next((i for i, ab in enumerate(abilities(state, uid)) if ab["type"] == "spell"), -1)


def playable(state: HeroesState, seat: int, uid: int) -> bool:
    if cost(state, uid) > state.players[seat].open_coins or any(ban(state, seat) for ban in PLAY_BANS):
        return False
    if not extras_payable(state, seat, uid):
        return False
    if ctype(state, uid) == SPELL and (index := spell_ability(state, uid)) >= 0:
        return can_start(state, Ctx(uid, seat, index, ()), abilities(state, uid)[index]["effect"])
    return ctype(state, uid) in (CREATURE, SPELL, EQUIPMENT, EVENT)


def may_strike(state: HeroesState, uid: int) -> bool:
    return can_act(state, uid) and not uses(state, uid, -1) and not keyword(state, uid, "no_attack")


def strike_targets(state: HeroesState, seat: int) -> list[int]:
    enemy = state.players[1 - seat]
    return [enemy.hero, *enemy.play]


def usable(state: HeroesState, seat: int, uid: int, index: int, ab: dict[str, Any]) -> bool:
    """May activated ability `index` of own card `uid` be used now?"""
    where = {"grave": "graveyard", "hand": "hand", "face_down": "hidden"}.get(state.cards[uid].zone, "play")
    if ab["type"] != "activated" or where not in ab.get("zones", ["play"]):  # a card's abilities work in play only,
        return False                                                        # unless they say so
    price = ab["cost"]
    if coins_of(state, uid, ab) > state.players[seat].open_coins or uses(state, uid, index) >= ab.get("limit", 1):
        return False
    if not payable(state, seat, price):
        return False
    if price.get("close") and (state.cards[uid].closed or (ctype(state, uid) == CREATURE and not can_act(state, uid))):
        return False
    return can_start(state, Ctx(uid, seat, index, ()), ab["effect"])


@task("main")
def _main(state: HeroesState, ev: Events) -> None:
    ask(state, state.active, MainDecision(state.active))


@decision("main")
class MainDecision(NamedTuple):
    """The active player's next action in the main phase."""
    seat: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        seat = state.pending.data.seat
        p = state.players[seat]
        # a card this side does not know (the opponent's over the network) is played once shown (rules decision 902)
        out: list = [Play(u) for u in p.hand if state.cards[u].card_id is not None and playable(state, seat, u)]
        targets = strike_targets(state, seat)
        frenzied = [Strike(u, t) for u in p.play if may_strike(state, u) and keyword(state, u, "frenzy")
                    for t in targets]
        if frenzied:        # Бешенство: a creature that must strike whenever it can (seed 004; rules decision 867)
            return frenzied
        out += [Strike(u, t) for u in p.play if may_strike(state, u) for t in targets]
        for uid in (p.hero, *p.support, *p.play, *p.grave, *face_down(state, seat),
                    *(u for u in p.hand if state.cards[u].card_id is not None)):
            out += [Use(uid, i, -1) for i, ab in enumerate(abilities(state, uid)) if usable(state, seat, uid, i, ab)]
        out.append(EndTurn())
        return out

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        seat = state.pending.data.seat
        if type(action) is EndTurn:
            push(state, ("end_turn",))
            return
        push(state, ("main",))
        if type(action) is Play and state.cdef(action.uid).x_cost:
            ask(state, seat, XDecision(seat, action.uid))
        elif type(action) is Play:
            play_card(state, ev, seat, action.uid)
        elif type(action) is Strike:
            declare_strike(state, ev, action.uid, action.target)
        else:
            use_ability(state, ev, seat, action.uid, action.ability)


@decision("x")
class XDecision(NamedTuple):
    """The X of a card with an X cost: `Choose(x)`, as many more coins as the player's open ones allow."""
    seat: int
    uid: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        spare = state.players[data.seat].open_coins - cost(state, data.uid)
        return [Choose(x) for x in range(spare + 1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        play_card(state, ev, data.seat, data.uid, action.option)


def pay(state: HeroesState, ev: Events, seat: int, coins: int) -> None:
    """Close `coins` open coins of `seat`."""
    if coins:
        state.players[seat].closed += coins
        emit(ev, "paid", seat=seat, coins=coins)


def play_card(state: HeroesState, ev: Events, seat: int, uid: int, x: int = 0, free: bool = False) -> None:
    """Pay for a card from the hand (its cost, and X more for an X cost; nothing when `free`: «бесплатно»), then its
    additional costs, one after another (task "extra_cost"), and play it (task "played"). An alternative cost (free,
    Засада) replaces the coins only: the additional costs still apply (rules decision 991)."""
    pay(state, ev, seat, 0 if free else cost(state, uid) + x)
    if extra_costs(state, uid):
        push(state, ("extra_cost", seat, uid, x, 0, ()))
    else:
        _played(state, ev, seat, uid, x, ())


@task("played")
def _played(state: HeroesState, ev: Events, seat: int, uid: int, x: int, paid: tuple) -> None:
    """Play a paid card: a creature enters play, equipment and events lie by the hero, a spell goes to the graveyard
    and its effect runs at once with that X (seed 002); then the bonus of each optional additional cost `paid` (its
    ability index) runs. «Противник разыгрывает карту» is heard after the payment."""
    bonus = tuple(("start", (uid, seat, i, (), x)) for i in paid)
    p = state.players[seat]
    p.played += 1
    kind = ctype(state, uid)
    emit(ev, "played", uid=uid, seat=seat, card=state.cards[uid].card_id)
    if kind == CREATURE:
        push(state, ("enter", uid), *bonus)
    elif kind == SPELL:
        push(state, *bonus)
        to_grave(state, ev, uid, cause="spell")
        if (index := spell_ability(state, uid)) >= 0:
            start(state, Ctx(uid, seat, index, (), x))
    else:
        push(state, ("support", uid), *bonus)
    fire(state, ev, HEvent("card_played", uid, seat, p.played))
    for hook in AFTER_PLAY:
        hook(state, ev, seat, uid)


@task("enter")
def _enter(state: HeroesState, ev: Events, uid: int) -> None:
    enter_play(state, ev, uid)


@task("unique")
def _unique(state: HeroesState, ev: Events, uid: int) -> None:
    """Уникальность: two or more cards of one name with it under one player: he keeps one, the others are
    destroyed."""
    same = namesakes(state, uid)
    if len(same) > 1:
        ask(state, state.cards[uid].owner, UniqueDecision(same))


@decision("unique")
class UniqueDecision(NamedTuple):
    """The player keeps one of `options` (`Target(uid)`); the others are destroyed."""
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        for uid in state.pending.data.options:
            if uid != action.uid:
                to_grave(state, ev, uid, cause="unique")


@task("support")
def _support(state: HeroesState, ev: Events, uid: int) -> None:
    put_support(state, ev, uid)


def use_ability(state: HeroesState, ev: Events, seat: int, uid: int, index: int, x: int = -1) -> None:
    """Pay an activated ability — its coins (for an X price the X is asked first, decision "ability_x"), closing
    the card, the cards it discards (decision "discard", one at a time) — and run its effect with that X."""
    ab = abilities(state, uid)[index]
    price = ab["cost"]
    if price.get("coins") == "x" and x < 0:
        ask(state, seat, AbilityXDecision(seat, uid, index))
        return
    pay(state, ev, seat, coins_of(state, uid, ab) + max(x, 0))
    then = pay_price(state, ev, seat, uid, price, x)
    count_use(state, uid, index)
    emit(ev, "used", uid=uid, ability=index)
    ctx = Ctx(uid, seat, index, (), max(x, 0))
    if then:
        push(state, *then, ("start", tuple(ctx)))
    else:
        start(state, ctx)


def discards(price: dict[str, Any], x: int) -> int:
    """The cards a price discards: its number, or X (Не покладая рук: «(Х), сбросьте Х карт»)."""
    n = price.get("discard", 0)
    return max(x, 0) if n == "x" else n


def payable(state: HeroesState, seat: int, price: dict[str, Any], keep: int = -1) -> bool:
    """Can `seat` pay a price's parts beside coins now? Its discards need as many cards in the hand (not `keep`, the
    card being played); closing and wounds his hero can always pay."""
    return discards(price, 0) <= len([u for u in state.players[seat].hand if u != keep])


def pay_price(state: HeroesState, ev: Events, seat: int, uid: int, price: dict[str, Any], x: int = -1,
              keep: int = -1) -> tuple:
    """Pay the parts of a price beside coins, of an ability or an additional cost of card `uid` (one payer for both):
    close the card (`close`), wound its player's hero (`wound`, the card the source), and return the tasks of its
    discards (decision "discard", one card at a time, never `keep`) for the caller to push before what follows."""
    if price.get("close"):
        state.cards[uid].closed = True
    if price.get("wound"):
        wound(state, ev, state.players[seat].hero, price["wound"], uid)
        settle(state, ev)
    n = discards(price, x)
    return (("discard", seat, n, keep),) if n else ()


def extra_costs(state: HeroesState, uid: int) -> list[int]:
    """The indexes of card `uid`'s additional costs (abilities of type "extra_cost"), in printed order."""
    return [i for i, ab in enumerate(state.cdef(uid).abilities) if ab["type"] == "extra_cost"]


def extras_payable(state: HeroesState, seat: int, uid: int) -> bool:
    """Can `seat` pay every mandatory additional cost of card `uid` (one without a bonus `effect`)?"""
    abs_ = state.cdef(uid).abilities
    return all(payable(state, seat, abs_[i]["cost"], uid) for i in extra_costs(state, uid) if "effect" not in abs_[i])


@task("extra_cost")
def _extra_cost(state: HeroesState, ev: Events, seat: int, uid: int, x: int, at: int, paid: tuple) -> None:
    """Additional cost number `at` of card `uid` being played (rules decision 991): a mandatory one is paid, an
    optional one («вариант оплаты») is offered (decision "extra_cost") when it can be paid and its bonus has what it
    needs (a target); after the last, the card is played with the bonuses of the optional ones paid."""
    costs = extra_costs(state, uid)
    if at == len(costs):
        push(state, ("played", seat, uid, x, paid))
        return
    ab = state.cdef(uid).abilities[costs[at]]
    if "effect" not in ab:
        push(state, *pay_price(state, ev, seat, uid, ab["cost"], keep=uid), ("extra_cost", seat, uid, x, at + 1, paid))
    elif payable(state, seat, ab["cost"], uid) and can_start(state, Ctx(uid, seat, costs[at], (), x), ab["effect"]):
        ask(state, seat, ExtraCostDecision(seat, uid, x, at, paid))
    else:
        push(state, ("extra_cost", seat, uid, x, at + 1, paid))


@decision("extra_cost")
class ExtraCostDecision(NamedTuple):
    """Pay optional additional cost number `at` of card `uid` for its bonus (`Choose(1)`) or not (`Choose(0)`)."""
    seat: int
    uid: int
    x: int
    at: int
    paid: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        d = state.pending.data
        index = extra_costs(state, d.uid)[d.at]
        if action.option != 1:
            push(state, ("extra_cost", d.seat, d.uid, d.x, d.at + 1, d.paid))
            return
        emit(ev, "extra_cost", uid=d.uid, seat=d.seat)
        then = pay_price(state, ev, d.seat, d.uid, state.cdef(d.uid).abilities[index]["cost"], keep=d.uid)
        push(state, *then, ("extra_cost", d.seat, d.uid, d.x, d.at + 1, (*d.paid, index)))


@decision("ability_x")
class AbilityXDecision(NamedTuple):
    """The X of an activated ability with an X price: `Choose(x)`, as many coins as the open ones left allow."""
    seat: int
    uid: int
    index: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        ab = abilities(state, data.uid)[data.index]
        spare = state.players[data.seat].open_coins - coins_of(state, data.uid, ab)
        if ab["cost"].get("discard") == "x":          # X cards are discarded too: no more than the hand holds
            spare = min(spare, len(state.players[data.seat].hand))
        return [Choose(x) for x in range(spare + 1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        use_ability(state, ev, data.seat, data.uid, data.index, action.option)


@task("discard")
def _discard(state: HeroesState, ev: Events, seat: int, left: int, keep: int = -1) -> None:
    if any(u != keep for u in state.players[seat].hand):
        ask(state, seat, DiscardDecision(seat, left, keep))


@decision("discard")
class DiscardDecision(NamedTuple):
    """`seat` discards a card of his hand (`Target(uid)`), not `keep` (the card being played), to pay a price;
    `left` cards remain to discard."""
    seat: int
    left: int
    keep: int = -1

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        return [Target(u) for u in state.players[data.seat].hand if u != data.keep]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        to_grave(state, ev, action.uid, cause="discarded")
        fire(state, ev, HEvent("own_discard", -1, data.seat, 1))       # Неудержимый hears it (ops/steppe.py)
        if data.left > 1:
            push(state, ("discard", data.seat, data.left - 1, data.keep))


# what leaves a strike without defenders (state, attacker, target) -> True, as Направленный удар does: ops register
UNDEFENDED: list[Callable[[HeroesState, int, int], bool]] = []


def defenders(state: HeroesState, attacker: int, target: int) -> list[int]:
    """The creatures that may defend against `attacker`'s strike at `target`: open, not yet defended this turn,
    other than the target, able to defend; none against Направленный удар (also one an effect gives)."""
    if keyword(state, attacker, "directed") or any(bar(state, attacker, target) for bar in UNDEFENDED):
        return []
    seat = 1 - state.cards[attacker].owner
    return [u for u in state.players[seat].play
            if u != target and not state.cards[u].closed and state.cards[u].defended != state.turn
            and not keyword(state, u, "no_defend")]


def declare_strike(state: HeroesState, ev: Events, attacker: int, target: int) -> None:
    count_use(state, attacker, -1)
    emit(ev, "strike", uid=attacker, target=target)
    for hook in STRIKE_DECLARED:
        hook(state, ev, attacker, target)
    options = defenders(state, attacker, target)
    if options:
        ask(state, 1 - state.cards[attacker].owner, DefendDecision(attacker, target, tuple(options)))
    else:
        push(state, ("fight", attacker, target, -1))


@decision("defend")
class DefendDecision(NamedTuple):
    """The struck side may assign one of `options` as the defender (`Defend(uid)`) or none (`Pass()`)."""
    attacker: int
    target: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Defend(u) for u in state.pending.data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is Defend:
            state.cards[action.uid].defended = state.turn
            emit(ev, "defends", uid=action.uid, against=data.attacker)
            push(state, ("fight", data.attacker, action.uid, action.uid))
        else:
            push(state, ("fight", data.attacker, data.target, -1))


@task("fight")
def _fight(state: HeroesState, ev: Events, attacker: int, target: int, defender: int) -> None:
    """The blow: the attacker wounds the target; an open creature struck, or the defender, strikes back at once
    (with Первый удар on one side only, that side's blow lands first and a creature it kills does not answer)."""
    a = state.cards[attacker]
    if a.zone != "play" or state.cards[target].zone not in ("play", "hero"):
        emit(ev, "strike_void", uid=attacker, target=target)
        return
    back = ctype(state, target) == CREATURE and (defender >= 0 or not state.cards[target].closed)
    dealt, taken = blow(state, attacker, target), blow(state, target, attacker) if back else 0
    emit(ev, "fight", uid=attacker, target=target, dealt=dealt, back=taken if back else -1)
    first = keyword(state, attacker, "first_strike") - keyword(state, target, "first_strike") if back else 0
    if first < 0:                     # the struck creature has Первый удар: its blow lands first (seed 004)
        wound(state, ev, attacker, taken, target, attack=True)
        settle(state, ev)
    hit = wound(state, ev, target, dealt, attacker, attack=True) if a.zone == "play" else 0
    if first > 0:                     # the attacker's Первый удар: the struck one answers only if it lives
        settle(state, ev)
    if back and first >= 0 and state.cards[target].zone == "play":
        wound(state, ev, attacker, taken, target, attack=True)
    settle(state, ev)
    if a.zone == "play" and not keyword(state, attacker, "ova"):
        a.closed = True
    if defender >= 0 and state.cards[defender].zone == "play" and not keyword(state, defender, "ovz"):
        state.cards[defender].closed = True
    for hook in AFTER_FIGHT:
        hook(state, ev, attacker, target, hit, back)
