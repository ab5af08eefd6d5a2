"""Cards moving between zones, and wounds: drawing, entering play, support replacing support, dying, the hero's
death and the judgement of the game.

Each move raises the event its triggers hear (`triggers.fire`): a creature entering play «Найм» (hired), a card
dying «Гибель» (died), a card drawn. A card that leaves play forgets what it carried (`HCard.reset`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Events, emit, push
from ..seats import DRAW
from .book import task
from .cards import CREATURE, EQUIPMENT, EVENT, attack, ctype, keyword, life
from .state import HCard, HeroesState
from .triggers import HEvent, fire


def new_card(state: HeroesState, seat: int, card_id: str | None, zone: str) -> int:
    """A new card instance of `seat` (the next uid) in `zone`."""
    uid = len(state.cards)
    state.cards.append(HCard(uid, seat, card_id, zone))
    return uid


def draw(state: HeroesState, ev: Events, seat: int, count: int = 1) -> int:
    """`seat` draws up to `count` cards from the top of the deck; returns how many it drew."""
    p = state.players[seat]
    drawn = 0
    for _ in range(count):
        if not p.deck:
            emit(ev, "deck_empty", seat=seat)
            break
        uid = new_card(state, seat, p.deck[0], "hand")
        p.deck = p.deck[1:]
        p.hand += (uid,)
        drawn += 1
        p.drawn += 1
        emit(ev, "drew", seat=seat, uid=uid)
        fire(state, ev, HEvent("card_drawn", uid, seat, p.drawn))
    return drawn


def to_bottom(state: HeroesState, ev: Events, seat: int, uids: tuple[int, ...]) -> None:
    """Put hand cards under the deck in this order (the last one lowest); their instances leave the game."""
    p = state.players[seat]
    for uid in uids:
        c = state.cards[uid]
        p.hand = tuple(u for u in p.hand if u != uid)
        p.deck += (c.card_id,)
        c.zone = "deck"
    emit(ev, "to_bottom", seat=seat, count=len(uids))


def created(state: HeroesState, uid: int) -> bool:
    return bool(state.cdef(uid).keywords.get("created"))


def to_supply(state: HeroesState, ev: Events, uid: int) -> None:
    """A created card that must go to a deck or a hand goes back to the reserve instead (the glossary,
    «Созданный»): it leaves the game."""
    leave(state, uid)
    c = state.cards[uid]
    c.reset()
    c.zone = "supply"
    emit(ev, "to_supply", uid=uid)


# what a card's move from play to a hand or a deck takes along (state, events, uid, "hand" | "top" | "bottom"), such
# as a mechanism's parts: ops register here
LEAVE_HOOKS: list[Callable[[HeroesState, Events, int, str], None]] = []


def to_hand(state: HeroesState, ev: Events, uid: int) -> None:
    """«Положите в руку владельца»: card `uid` goes from where it lies to its owner's hand (a created one to the
    reserve); what it takes along goes too (`LEAVE_HOOKS`)."""
    for hook in LEAVE_HOOKS:
        hook(state, ev, uid, "hand")
    if created(state, uid):
        to_supply(state, ev, uid)
        return
    leave(state, uid)
    c = state.cards[uid]
    c.owner = next((m[1] for m in c.modifiers if m[0] == "owner"), c.owner)
    c.reset()
    c.zone = "hand"
    state.players[c.owner].hand += (uid,)
    emit(ev, "to_hand", uid=uid, seat=c.owner)


def to_deck(state: HeroesState, ev: Events, uid: int, top: bool) -> None:
    """«Положите в колоду владельца»: card `uid` goes on top of (or under) its owner's deck; its instance leaves
    the game (a created one goes to the reserve); what it takes along goes too (`LEAVE_HOOKS`)."""
    for hook in LEAVE_HOOKS:
        hook(state, ev, uid, "top" if top else "bottom")
    if created(state, uid):
        to_supply(state, ev, uid)
        return
    leave(state, uid)
    c = state.cards[uid]
    c.owner = next((m[1] for m in c.modifiers if m[0] == "owner"), c.owner)
    c.reset()
    c.zone = "deck"
    p = state.players[c.owner]
    p.deck = (c.card_id, *p.deck) if top else (*p.deck, c.card_id)
    emit(ev, "to_deck", uid=uid, seat=c.owner, top=top)


def from_deck(state: HeroesState, seat: int, card_id: str) -> int:
    """The first copy of `card_id` taken out of `seat`'s deck (Поиск, Вызовите) as a new card in the hand zone but
    in no pile yet: the caller puts it in the hand (`to_hand`) or into play (`enter_play`); -1 if none is there."""
    p = state.players[seat]
    if card_id not in p.deck:
        return -1
    at = p.deck.index(card_id)
    p.deck = p.deck[:at] + p.deck[at + 1:]
    return new_card(state, seat, card_id, "hand")


def leave(state: HeroesState, uid: int) -> None:
    """Take card `uid` out of whatever pile of its owner holds it."""
    c = state.cards[uid]
    p = state.players[c.owner]
    if c.zone == "hand":
        p.hand = tuple(u for u in p.hand if u != uid)
    elif c.zone == "play":
        p.play = tuple(u for u in p.play if u != uid)
    elif c.zone == "support":
        p.support = tuple(u for u in p.support if u != uid)
    elif c.zone == "grave":
        p.grave = tuple(u for u in p.grave if u != uid)


# what a creature entering play sets off besides its «Найм» (state, events, uid): ops register here
ENTER_HOOKS: list[Callable[[HeroesState, Events, int], None]] = []


def enter_play(state: HeroesState, ev: Events, uid: int) -> None:
    """Creature `uid` comes into its owner's play area («Найм» is heard, then `ENTER_HOOKS`); it cannot act this
    turn without Рывок."""
    leave(state, uid)
    c = state.cards[uid]
    c.reset()
    c.zone = "play"
    c.entered = state.turn
    state.players[c.owner].play += (uid,)
    emit(ev, "entered", uid=uid, seat=c.owner)
    if keyword(state, uid, "unique") and len(namesakes(state, uid)) > 1:
        push(state, ("unique", uid), ("hired", uid))     # Уникальность at once, then «Найм» (rules decision 819)
    else:
        fire(state, ev, HEvent("hired", uid, c.owner))
    for hook in ENTER_HOOKS:
        hook(state, ev, uid)


@task("hired")
def _hired(state: HeroesState, ev: Events, uid: int) -> None:
    fire(state, ev, HEvent("hired", uid, state.cards[uid].owner))


def take_control(state: HeroesState, ev: Events, uid: int, seat: int) -> None:
    """«Возьмите под контроль»: creature `uid` passes to `seat`'s play area (its `owner` is now the seat that controls
    it; its owner's seat is kept in the modifier "owner", so it dies into its owner's graveyard). Like a card that
    entered, it cannot act this turn without Рывок, but may defend."""
    c = state.cards[uid]
    if c.zone != "play" or c.owner == seat:
        return
    first = next((m[1] for m in c.modifiers if m[0] == "owner"), c.owner)
    leave(state, uid)
    c.modifiers = tuple(m for m in c.modifiers if m[0] != "owner") + ((("owner", first, -1),) if first != seat else ())
    c.owner = seat
    c.entered = state.turn
    state.players[seat].play += (uid,)
    emit(ev, "controlled", uid=uid, seat=seat)


def face_down(state: HeroesState, seat: int) -> tuple[int, ...]:
    """`seat`'s hidden creatures (Скрытое существо, zone "face_down"), in uid order: in play, but in no pile of his,
    so nothing that reads his creatures in play finds them (ops/stealth.py)."""
    return tuple(c.uid for c in state.cards if c.zone == "face_down" and c.owner == seat)


def namesakes(state: HeroesState, uid: int) -> tuple[int, ...]:
    """The cards in play of `uid`'s owner with its name and Уникальность (itself among them; a hidden one too: its
    Уникальность works, seed 004)."""
    name = state.cdef(uid).name
    owner = state.cards[uid].owner
    return tuple(u for u in (*state.players[owner].play, *face_down(state, owner))
                 if state.cdef(u).name == name and keyword(state, u, "unique"))


def put_support(state: HeroesState, ev: Events, uid: int) -> None:
    """Equipment or an event comes next to its owner's hero: equipment of the same kind (weapon, armor, amulet)
    goes to the graveyard (seed 002, seed 004); a new event sends every other event of the player there."""
    leave(state, uid)
    c = state.cards[uid]
    p = state.players[c.owner]
    kind, subtype = ctype(state, uid), state.cdef(uid).subtype
    for old in p.support:
        if (kind == EVENT and ctype(state, old) == EVENT) or \
                (kind == EQUIPMENT and ctype(state, old) == EQUIPMENT and state.cdef(old).subtype == subtype):
            to_grave(state, ev, old, cause="replaced")
    c.reset()
    c.zone = "support"
    c.entered = state.turn
    p.support += (uid,)
    emit(ev, "entered", uid=uid, seat=c.owner)
    fire(state, ev, HEvent("hired", uid, c.owner))


# what a creature's death sets off besides its own «Гибель» (state, events, uid): ops register here
DEATH_HOOKS: list[Callable[[HeroesState, Events, int], None]] = []


def to_grave(state: HeroesState, ev: Events, uid: int, cause: str) -> None:
    """Card `uid` goes to its owner's graveyard; a creature dying from play («Гибель», its event carrying the
    wounds it held) sets off its death triggers and `DEATH_HOOKS`. `cause`: "wounds", "destroyed", "replaced",
    "spell", "discarded"."""
    c = state.cards[uid]
    from_play = c.zone in ("play", "face_down")
    wounds, strike = c.wounds, attack(state, uid) if from_play else 0
    leave(state, uid)
    c.owner = next((m[1] for m in c.modifiers if m[0] == "owner"), c.owner)
    c.reset()
    c.zone = "grave"
    state.players[c.owner].grave += (uid,)
    if from_play and ctype(state, uid) == CREATURE:
        c.modifiers = (("last_attack", strike, state.turn),)    # its attack as it last was in play, this turn
        emit(ev, "died", uid=uid, cause=cause)
        fire(state, ev, HEvent("died", uid, c.owner, wounds))
        for hook in DEATH_HOOKS:
            hook(state, ev, uid)
    else:
        emit(ev, "to_grave", uid=uid, cause=cause)


# what may prevent wounds (state, uid, amount, source) -> the wounds still dealt: ops register here
PREVENTERS: list[Callable[[HeroesState, int, int, int], int]] = []


# what prevents wounds from an attack or a counter-strike only (state, uid, amount, source) -> the wounds still
# dealt, as Броня does: ops register here
ATTACK_PREVENTERS: list[Callable[[HeroesState, int, int, int], int]] = []


# what hears wounds dealt (state, events, uid, wounds dealt, source), before any death: ops register here
WOUNDED_HOOKS: list[Callable[[HeroesState, Events, int, int, int], None]] = []


def wound(state: HeroesState, ev: Events, uid: int, amount: int, source: int, attack: bool = False) -> int:
    """Card `uid` takes `amount` wounds from `source` (no death check: `settle` after all of a blow); returns the
    wounds dealt, after what prevents them (`PREVENTERS`; `ATTACK_PREVENTERS` too for a blow, a counter-blow or a
    shot: `attack`); `WOUNDED_HOOKS` hear the wounds dealt."""
    for prevent in (*PREVENTERS, *ATTACK_PREVENTERS) if attack else PREVENTERS:
        if amount > 0:
            amount = prevent(state, uid, amount, source)
    if amount <= 0:
        return 0
    state.cards[uid].wounds += amount
    emit(ev, "wounded", uid=uid, amount=amount, source=source)
    for hook in WOUNDED_HOOKS:
        hook(state, ev, uid, amount, source)
    return amount


# what hears a player's Поиск (state, events, seat), called by every search op once it is done: ops register here
SEARCH_HOOKS: list[Callable[[HeroesState, Events, int], None]] = []


def searched(state: HeroesState, ev: Events, seat: int) -> None:
    """`seat` used a Поиск (its cards are in his hand, its shuffle comes next): `SEARCH_HOOKS` hear it."""
    for hook in SEARCH_HOOKS:
        hook(state, ev, seat)


HealHook = Callable[[HeroesState, Events, int, int], None]
HEAL_HOOKS: list[HealHook] = []     # what a heal sets off (state, events, uid, wounds removed): ops register here


def on_heal(hook: HealHook) -> HealHook:
    """Register a function called after every heal that removed wounds (a decorator)."""
    HEAL_HOOKS.append(hook)
    return hook


def heal(state: HeroesState, ev: Events, uid: int, amount: int) -> int:
    """Remove up to `amount` wounds from card `uid`."""
    c = state.cards[uid]
    healed = min(c.wounds, max(0, amount))
    if healed:
        c.wounds -= healed
        emit(ev, "healed", uid=uid, amount=healed)
        for hook in HEAL_HOOKS:
            hook(state, ev, uid, healed)
    return healed


def settle(state: HeroesState, ev: Events) -> None:
    """After a blow: the heroes whose wounds reach their life end the game (both: a draw); creatures in play whose
    wounds reach their life die, the inactive player's first, each side's in the order they came into play."""
    dead_heroes = [p.hero for p in state.players if state.cards[p.hero].wounds >= life(state, p.hero)]
    if dead_heroes:
        state.winner = DRAW if len(dead_heroes) == 2 else 1 - state.cards[dead_heroes[0]].owner
        state.phase = "over"
        emit(ev, "hero_died", seats=[state.cards[h].owner for h in dead_heroes])
        emit(ev, "game_over", winner=state.winner, reason="hero")
        return
    active = max(state.active, 0)
    dying = [u for seat in (1 - active, active) for u in state.players[seat].play
             if state.cards[u].wounds >= life(state, u)]
    for uid in dying:
        to_grave(state, ev, uid, cause="wounds")


def lose(state: HeroesState, ev: Events, seat: int, reason: str) -> None:
    """`seat` loses the game (the third failed draw, an ability saying so)."""
    if state.winner == -1:
        state.winner = 1 - seat
        state.phase = "over"
        emit(ev, "game_over", winner=state.winner, reason=reason)
