"""`HeroesPeer`: the secrets policy of «Берсерк. Герои» over the generic lockstep (`lockstep.Lockstep`).

What the game keeps secret and how it is proven (docs/protocol.md, «Берсерк. Герои»): each side's deck is committed
in its hello (the hero is public: it is on the table from the start); its order comes from shuffles whose seeds mix
the owner's committed shuffle secret with both sides' chain elements, so the opponent's engine holds the deck as
unknown cards and the hand drawn from it as cards of unknown identity (it learns only counts); the hidden cards an
action needs are shown with it (`shown`: hand cards, `deck`: deck positions, as few as will do), a search of a deck
the other engine lacks, a pick from it and a look at its top card are answered by the deck's owner (`found`;
`engine/heroes/hidden.py`), and at the end the final reveal gives the deck and the master secret, and a
full-information replay checks that every draw, mulligan, shuffle, shown card and answer is what the committed deck
and shuffles give. The first-player die is the
lockstep's die: both sides' chain elements. Pure: no I/O, no clock, no randomness.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import replace
from typing import Any, ClassVar

from berserk_tui.engine.actions import Choose, Skip
from berserk_tui.engine.core import Events, IllegalAction
from berserk_tui.engine.heroes import rules as engine
from berserk_tui.engine.heroes.actions import HeroesAction, from_wire, to_wire
from berserk_tui.engine.heroes.state import HeroesState
from berserk_tui.engine.heroes.view import public_view
from cards.heroes.decks import DECK_SIZE, MAX_CARDS, deck_problems

from . import wire
from .clock import DEFAULT_CONTROL, TimeControl
from .commitments import PeerSecrets, deck_commitment
from .errors import ProtocolViolation
from .lockstep import DEFAULT_CHAIN_LENGTH, Input, Lockstep, RulesOf, classic_only
from .replay import Engine, FullReplay, Step, chance_outcome
from .wire import Body, Field, Message

GAME = "heroes"
DECK_CARDS = (DECK_SIZE, MAX_CARDS)     # the cards of a deck besides its hero: as many as a deck file holds
HIDDEN = ("hand", "deck")        # the zones whose cards only their owner knows
SHOWN = "shown"                 # act: [[uid, card id]] of the sender's hand cards its action needs shown
DECK_SHOWN = "deck"             # act: [[position, card id]] of the sender's deck cards its action needs shown
FOUND = "found"                 # what a search of, pick from or look at the sender's deck took ("" none), for the
                                # opponent's engine
_STAND_IN = "\x00"              # the id of a stand-in for a hidden card (`HeroesPeer._knowledge`)


class _Tracing(dict):
    """A card database that also knows stand-ins (id -> the real id) for hidden cards, and notes each stand-in whose
    definition is read (its label, the id without `_STAND_IN`)."""

    def __init__(self, db: Mapping[str, Any], stand_ins: dict[str, str], read: set[str]) -> None:
        super().__init__(db)
        self.stand_ins = stand_ins
        self.read = read

    def __missing__(self, key: str) -> Any:
        real = self.stand_ins.get(key) if isinstance(key, str) else None
        if real is None:
            raise KeyError(key)
        self.read.add(key[1:])
        return self[real]


def public_hash(state: HeroesState) -> bytes:
    """SHA-256 of the state as both seats know it (`engine.heroes.view.public_view`): the lockstep check."""
    return hashlib.sha256(public_view(state).to_bytes()).digest()


HEROES_ENGINE = Engine(engine.new_game, engine.apply, public_hash)


def deck_problem(db: Mapping[str, Any], deck: list[str]) -> str | None:
    """Why `deck` ([hero id, card ids…]) is not a deck of a network game, or None: the deck rules as everywhere
    (`cards.heroes.decks.deck_problems`, rules decision 986: the hero's element and neutral cards, 3 of a name, 5 with
    Орда; a card this version does not run plays as its stats, so it must be a creature: 901), at most
    `DECK_CARDS[1]` cards, and no trigger that works from the hand (980)."""
    if not deck or deck[0] not in db or db[deck[0]].type != "hero":
        return "a deck begins with its hero"
    hero, cards = db[deck[0]], deck[1:]
    if not DECK_CARDS[0] <= len(cards) <= DECK_CARDS[1]:
        return f"{len(cards)} cards besides the hero, not {DECK_CARDS[0]}..{DECK_CARDS[1]}"
    problems = [p for p in deck_problems(db, hero.id, cards, need_implemented=False) if p.code != "long"]
    if problems:
        return str(problems[0])
    for cid in cards:
        card = db[cid]
        if any(ab.get("type") == "trigger" and "hand" in ab.get("zones", ()) for ab in card.abilities):
            return (f"{card.name} ({cid}) has a trigger that works from the hand (Засада), which a network game "
                    "cannot carry: the opponent's engine does not know the hand card to hear it (rules decision 980)")
    return None


def _answer(state: HeroesState, card: str) -> Any:
    """The answer to the decision "reveal" (`engine.heroes.hidden.FoundDecision`): what a search or a pick from the
    deck took ("" none, which a pick cannot take); ValueError if `card` is not one it could take."""
    data = state.pending.data
    if card == "" and not data.then:
        return Skip()
    return Choose(data.cards.index(card))


def _shown(value: object) -> tuple[int, str]:
    if not (type(value) is list and len(value) == 2 and type(value[0]) is int and 0 <= value[0] <= wire.MAX_INT
            and type(value[1]) is str and len(value[1]) <= wire.MAX_TEXT):
        raise ValueError(f"must be [uid, card id], got {wire.short(value)}")
    return value[0], value[1]


def _searched(data: Any) -> str:
    """The search or pick a decision "reveal" asks about, in words."""
    if data.then[:1] == ("look_top",):
        return "the top card of his deck"
    if data.then[:1] == ("shown",):
        return f"his card {data.then[1]}, come into view"
    return f"a pick from his deck ({data.then[2]})" if data.then else f"a search for {data.name}"


SCHEMA = wire.extend(wire.LOCKSTEP, {      # «Берсерк. Герои»: its actions, its deck and the cards shown
    wire.HELLO: {"hero": wire.TEXT, "deck_size": wire.INT, "deck": wire.HASH},
    wire.ACT: {"actions": wire.actions_field(from_wire), SHOWN: Field(wire.list_of(_shown), optional=True),
               DECK_SHOWN: Field(wire.list_of(_shown), optional=True)},
    wire.FINAL: {"deck": wire.TEXTS},
    FOUND: {"seq": wire.INT, "card": wire.TEXT},
})


class HeroesPeer(Lockstep):
    """The fair-play protocol of «Берсерк. Герои» for `seat` with `deck` ([hero id, card ids…]) and `secrets` (see
    `Lockstep`)."""

    SCHEMA = SCHEMA
    OWED = Lockstep.OWED | {FOUND}
    _FIXED: ClassVar[frozenset[str]] = Lockstep._FIXED | {"hero", "deck"}
    to_wire = staticmethod(to_wire)
    from_wire = staticmethod(from_wire)

    def __init__(self, db: Any, seat: int, deck: list[str], secrets: PeerSecrets,
                 chain_length: int = DEFAULT_CHAIN_LENGTH, control: TimeControl | None = DEFAULT_CONTROL,
                 game: str | None = GAME, rules_of: RulesOf = classic_only) -> None:
        problem = deck_problem(db, list(deck))
        if problem is not None:
            raise ValueError(f"not a deck of «Берсерк. Герои»: {problem}")
        self.hero = deck[0]
        self.deck = sorted(deck[1:])
        self._their: tuple[str, int, bytes] = ("", 0, b"")     # the opponent's hero, deck size and commitment
        self._mine = False      # was the last step applied a decision of mine (its hidden cards shown with it)?
        self._showing: tuple[int, ...] = ()    # the hand cards my action being sent shows
        self._told: tuple[int, ...] = ()       # those my last action showed: the opponent's engine knows them
        self._their_told: tuple[int, ...] = ()  # those his last action showed, known here while in his hand
        self._due: list[str] | None = None     # my words the opponent's engine asks for after a step not mine
        super().__init__(db, seat, secrets, chain_length, control, game, rules_of)

    @classmethod
    def rebuild(cls, db: Any, seat: int, deck: list[str], secrets: PeerSecrets, inputs: Iterable[Input],
                received: Iterable[Message], sent: Iterable[Message] = (),
                chain_length: int = DEFAULT_CHAIN_LENGTH, control: TimeControl | None = DEFAULT_CONTROL,
                game: str | None = GAME, rules_of: RulesOf = classic_only) -> HeroesPeer:
        """The peer after `inputs` and the opponent's `received` messages (`Lockstep.replay_inputs`)."""
        peer = cls(db, seat, deck, secrets, chain_length, control, game, rules_of)
        peer.replay_inputs(inputs, received, sent)
        return peer

    @classmethod
    def revealed(cls, db: Any, seat: int, final: Body, secrets: PeerSecrets, chain_length: int,
                 control: TimeControl | None, game: str | None = GAME,
                 rules_of: RulesOf = classic_only) -> HeroesPeer:
        return cls(db, seat, final["deck"], secrets, chain_length, control, game, rules_of)

    @property
    def full_deck(self) -> list[str]:
        """The deck as committed: the hero, then the other cards sorted."""
        return [self.hero, *self.deck]

    @property
    def rules(self) -> Any:
        """The game's rules, with cards this version does not run played as their stats (rules decision 900)."""
        return replace(self.rules_of(self.game or GAME), vanilla=True)

    # --- the engine --------------------------------------------------------------------------------

    def _apply(self, state: Any, action: Any) -> Events:
        pending = state.pending
        mine = pending.player == self.seat
        theirs = None if mine else self._as_they_know()
        ev = engine.apply(state, action)
        self._mine = mine
        if mine:
            self._told, self._showing = self._showing, ()
        if pending.kind == "shuffle" and pending.data.seat == self.them:    # a card of his put back on top, known
            p = state.players[self.them]                                    # here, is now somewhere only he knows
            p.deck = (None,) * len(p.deck)
        if theirs is not None:
            self._due = [*(self._due or []), *self._words(theirs, action, ev)]
        return ev

    def _words(self, theirs: HeroesState, action: Any, ev: Events) -> list[str]:
        """What the opponent's engine asks me, in its order, after a step not mine (`action`, whose events in mine are
        `ev`): it knows nothing of my deck then, nor of my hand but what my last action showed (`_forget`), so
        `theirs`, my engine as he knows it before the step, asks the same: the card each card of mine that came into
        view is ("shown", rules decision 990), and what each search of, pick from and look at my deck took
        (`_answers`)."""
        answers = [e.data["card"] for e in ev if self._answers(e)]
        words: list[str] = []
        with suppress(Exception):   # his engine fails where mine does: nothing more to say
            engine.apply(theirs, action)
            while theirs.pending.kind == "reveal" and theirs.pending.player == self.seat:
                then = theirs.pending.data.then
                if then[:1] == ("shown",):
                    card = self.engine.cards[then[1]].card_id
                elif answers:
                    card = answers.pop(0)
                else:
                    break
                engine.apply(theirs, _answer(theirs, card))
                words.append(card)
        return words + answers

    def _legal(self, state: Any) -> list:
        return engine.legal_actions(state)

    def _public_hash(self, state: Any) -> bytes:
        return public_hash(state)

    # --- the start: the deck's commitment ----------------------------------------------------------

    def _hello_commitments(self) -> dict[str, Any]:
        return {"hero": self.hero, "deck_size": len(self.deck), "deck": deck_commitment(self.secrets, self.full_deck)}

    def _take_commitments(self, b: Body) -> None:
        hero = b["hero"]
        if hero not in self.db or self.db[hero].type != "hero":
            raise ProtocolViolation(f"the opponent's hero {wire.short(hero)} is not a hero of this game")
        self._their = (hero, b.number("deck_size", *DECK_CARDS), b["deck"])

    def _new_engine(self) -> tuple[HeroesState, Events]:
        decks: list[list[str]] = [[], []]
        decks[self.seat], decks[self.them] = self.full_deck, [self._their[0]]
        state, ev = engine.new_game(self.db, (decks[0], decks[1]), self.rules)
        state.players[self.them].deck = (None,) * self._their[1]    # known by its size only
        return state, ev

    def _chance_outcome(self, kind: str, data: tuple, k: int) -> HeroesAction:
        own_shuffle = kind == "shuffle" and data.seat == self.seat
        return chance_outcome(kind, k, self._shares_by_seat(), self.secrets.shuffle_secret if own_shuffle else None)

    # --- cards shown -------------------------------------------------------------------------------

    def _act_fields(self, action: Any) -> dict[str, Any]:
        fields = self._fields(action)
        self._showing = tuple(uid for uid, _card in fields.get(SHOWN, []))
        return fields

    def _fields(self, action: Any) -> dict[str, Any]:
        """What of my hidden cards the opponent's engine needs to follow `action` (rules decision 903): the hand
        cards it makes public (played, put into play or into the graveyard) and every hand card and deck position
        whose definition the rules read while it resolves (a card revealed from the top, one searched for), found by
        playing it on stand-ins that report being read, until nothing new is read; then played on the opponent's
        knowledge to check that it leads to the same public state. IllegalAction if it cannot (the engine reads
        what no disclosure of mine gives: the network cannot carry the action)."""
        before = self.engine
        if action not in engine.legal_actions(before):
            return {}               # `act` refuses it next, with the engine's reason
        after = before.clone()
        try:
            answers = [e.data["card"] for e in engine.apply(after, action) if self._answers(e)]
        except (AttributeError, TypeError, KeyError):   # the rules read a hidden card of the opponent's
            raise IllegalAction(f"{action!r} cannot be played over the network: its rules read cards of the "
                                "opponent that only he knows") from None
        hand = {c.uid for c in before.cards
                if c.owner == self.seat and c.zone == "hand" and after.cards[c.uid].zone not in HIDDEN}
        want = public_hash(after)
        if self._carries(action, hand, set(), answers, want):
            return self._shown(before, hand, set())
        read_hand, read_deck = set(hand), set()
        while True:
            read: set[str] = set()
            probe = self._knowledge(read_hand, read_deck, read)
            probe.legal_cache = (probe.pending, [action])     # the rules' reads, not the legality check's
            with suppress(Exception):   # a stand-in compared by identity may fail: the checks below judge
                engine.apply(probe, action)
            new_hand = {int(label[1:]) for label in read if label[0] == "h"} - read_hand
            new_deck = {int(label[1:]) for label in read if label[0] == "d"} - read_deck
            if not new_hand and not new_deck:
                break
            read_hand |= new_hand
            read_deck |= new_deck
        # the positions whose definitions were read; none: the rules look a card up by its id, somewhere in the deck
        pool = read_deck or set(range(len(before.players[self.seat].deck)))
        for deck in [set(), *({d} for d in sorted(pool))]:       # as little of the deck as will do
            if self._carries(action, read_hand, deck, answers, want):
                return self._shown(before, read_hand, deck)
        if self._carries(action, read_hand, pool, answers, want):
            deck = set(pool)
            for d in sorted(pool):          # each position the action carries without is left hidden
                if self._carries(action, read_hand, deck - {d}, answers, want):
                    deck.discard(d)
            return self._shown(before, read_hand, deck)
        raise IllegalAction(f"{action!r} cannot be played over the network: the rules read cards of this side "
                            "that the opponent's engine cannot be shown")

    def _carries(self, action: Any, hand: set[int], deck: set[int], answers: list[str], want: bytes) -> bool:
        """Does the opponent's engine, shown `hand` and `deck` and answered `answers` about searches of my deck,
        follow `action` to the public state `want`?"""
        theirs = self._knowledge(hand, deck, None)
        try:
            engine.apply(theirs, action)
            for card in answers:        # the searches of my deck their engine asks me about (`_disclose`)
                if theirs.pending.kind != "reveal":
                    return False
                engine.apply(theirs, _answer(theirs, card))
            return public_hash(theirs) == want
        except Exception:       # noqa: BLE001 — any failure of the opponent's engine is a failure to carry it
            return False

    def _shown(self, before: HeroesState, hand: set[int], deck: set[int]) -> dict[str, Any]:
        """The act message's fields showing my hand cards `hand` and deck positions `deck`."""
        mine = before.players[self.seat].deck
        fields: dict[str, Any] = {}
        if hand:
            fields[SHOWN] = [[uid, before.cards[uid].card_id] for uid in sorted(hand)]
        if deck:
            fields[DECK_SHOWN] = [[index, mine[index]] for index in sorted(deck)]
        return fields

    def _knowledge(self, hand: set[int], deck: set[int], read: set[str] | None) -> HeroesState:
        """My engine as the opponent's knows it once `hand` (uids) and `deck` (positions) are shown: my other hidden
        cards unknown; with `read`, stand-ins instead, whose definitions note in `read` that the rules read them."""
        out = self.engine.clone()
        stand_ins: dict[str, str] = {}

        def hide(label: str, card_id: str | None) -> str | None:
            if read is None or card_id is None:
                return None
            stand_ins[_STAND_IN + label] = card_id
            return _STAND_IN + label
        for c in out.cards:     # (an instance in the zone "deck" is one no rule reads, or one made from a shown card)
            if c.owner == self.seat and c.zone == "hand" and c.uid not in hand:
                c.card_id = hide(f"h{c.uid}", c.card_id)
        p = out.players[self.seat]
        p.deck = tuple(cid if i in deck else hide(f"d{i}", cid) for i, cid in enumerate(p.deck))
        if read is not None:
            out.db = _Tracing(self.db, stand_ins, read)
        return out

    def _as_they_know(self) -> HeroesState:
        """My engine as the opponent's knows it between steps (`_forget`): my deck and the cards of my hand unknown,
        but those my last action showed."""
        out = self.engine.clone()
        p = out.players[self.seat]
        for uid in p.hand:
            if uid not in self._told:
                out.cards[uid].card_id = None
        p.deck = (None,) * len(p.deck)
        return out

    def _answers(self, e: Any) -> bool:
        """Is event `e` a search of, or a pick from, my deck, or the opponent's look at its top card, that his engine,
        which lacks my deck, asks me about (`engine.heroes.hidden`: "searched" with the deck's size, "picked",
        "looked_top")?"""
        if e.kind == "looked_top":
            return e.data["deck"] == self.seat and e.data["seat"] == self.them
        return e.kind in ("searched", "picked") and e.data["seat"] == self.seat and e.data.get("deck", 0) > 0

    def _disclose(self, ev: Events) -> None:
        """Answer the opponent's engine about each search of, and pick from, my deck: what it took (rules decisions 904,
        977); after a step not mine, also about each card of mine that came into view (990), in its engine's order."""
        due, self._due = self._due, None
        for card in due if due is not None else [e.data["card"] for e in ev if self._answers(e)]:
            self._send(FOUND, {"seq": self.engine.seq, "card": card})

    def _handlers(self) -> dict[str, Any]:
        return {FOUND: self._on_found}

    def _on_found(self, b: Body) -> None:
        st = self.engine
        if st.pending.kind != "reveal" or st.pending.player != self.them:
            raise ProtocolViolation(f"what a search found, while the game waits for {self._awaited()} (replayed, "
                                    "duplicated or out of turn)")
        if b["seq"] != st.seq:
            raise ProtocolViolation(f"what a search found at seq {b['seq']}, but the game is at seq {st.seq}")
        card, count, then = b["card"], len(st.cards), st.pending.data.then
        try:
            action = _answer(st, card)
        except ValueError:
            raise ProtocolViolation(f"{_searched(st.pending.data)} took {wire.short(card)}, which is not a card it "
                                    "could take") from None
        theirs = None if self._mine else self._as_they_know()    # the rest of a step not mine
        ev = engine.apply(st, action)
        if theirs is not None:
            self._due = [*(self._due or []), *self._words(theirs, action, ev)]
        public = None if st.pending.kind == "reveal" else public_hash(st)
        if then[:1] == ("shown",):
            self.steps.append(Step("reveal", (then[1], card), 0, public))
        elif then[:1] == ("look_top",):
            self.steps.append(Step("looked", (self.them, card), 0, public))
        else:
            self.steps.append(Step("found", (count if card else -1, card), 0, public))
        self._after(ev)

    def _awaited(self) -> str:
        pending = self.engine.pending if self.engine is not None else None
        if pending is not None and pending.kind == "reveal" and pending.player == self.them:
            return f"the opponent's word on what {_searched(pending.data)} took"
        return super()._awaited()

    def _take_act(self, b: Body) -> None:
        """The opponent's hidden cards his action needs, known from now on (the final replay checks each)."""
        st = self.engine
        for field in (SHOWN, DECK_SHOWN):       # as a program sends them: in order, each once, only when any
            keys = [key for key, _card in b.fields.get(field, [])]
            if field in b.fields and not keys:
                raise ProtocolViolation(f"an empty list of cards shown with the action ({field}): a program leaves "
                                        "the field out")
            if keys != sorted(set(keys)):
                raise ProtocolViolation(f"the cards shown with the action ({field}) are not in order, each once: "
                                        f"{wire.short(keys)}")
        self._their_told = tuple(uid for uid, _card in b.fields.get(SHOWN, []))
        for uid, card_id in b.fields.get(SHOWN, []):
            if uid >= len(st.cards) or st.cards[uid].owner != self.them or st.cards[uid].zone != "hand":
                raise ProtocolViolation(f"card {uid} shown with the action is not a card in the opponent's hand")
            self._check_card(f"card {uid}", card_id)
            known = st.cards[uid].card_id
            if known is not None and known != card_id:
                raise ProtocolViolation(f"card {uid} shown as {card_id}, but it was shown as {known} before")
            st.cards[uid].card_id = card_id
            self.steps.append(Step("reveal", (uid, card_id), 0, None))
        p = st.players[self.them]
        for index, card_id in b.fields.get(DECK_SHOWN, []):
            if index >= len(p.deck):
                raise ProtocolViolation(f"deck card {index} shown with the action, but the deck has {len(p.deck)}")
            self._check_card(f"deck card {index}", card_id)
            p.deck = (*p.deck[:index], card_id, *p.deck[index + 1:])
            self.steps.append(Step("deck", (self.them, index, card_id), 0, None))

    def _check_card(self, what: str, card_id: str) -> None:
        card = self.db.get(card_id)
        if card is None or card.type == "hero" or card.keywords.get("created"):
            raise ProtocolViolation(f"{what} shown as {wire.short(card_id)}, which is not a card of a deck")

    def _apply_theirs(self, actions: list[Any], kind: str) -> Events:
        try:
            return super()._apply_theirs(actions, kind)
        except (AttributeError, TypeError, KeyError) as exc:   # the engine read a card of theirs this side cannot know
            raise ProtocolViolation(f"the opponent's {kind} needs a card of his that he did not show "
                                    f"({type(exc).__name__})") from exc

    def _after(self, ev: Events) -> None:
        super()._after(ev)
        if self.engine is not None and not self._asks_them():
            self._forget()

    def _asks_them(self) -> bool:
        """Does my engine wait for the opponent's word on what a search of, or pick from, his deck took?"""
        pending = self.engine.pending
        return pending.kind == "reveal" and pending.player == self.them

    def _forget(self) -> None:
        """After every step (and the answers it needed): his deck and hand are unknown again (where a deck card shown
        is now, only he knows), but the hand cards his last action showed (a card played waits in the hand while
        «Противник разыгрывает карту» is heard): which of his cards this engine knows is what his peer can tell
        (rules decision 990); a card of his in view that was never shown is a protocol violation."""
        p = self.engine.players[self.them]
        p.deck = (None,) * len(p.deck)
        for uid in p.hand:
            if uid not in self._their_told:
                self.engine.cards[uid].card_id = None
        for c in self.engine.cards:
            if c.owner == self.them and c.zone not in HIDDEN and c.card_id is None:
                raise ProtocolViolation(f"the opponent's card {c.uid} came into view ({c.zone}) without being shown")

    # --- the end: the deck and the full-information replay -----------------------------------------

    def _final_secrets(self) -> dict[str, Any]:
        return {"deck": self.full_deck}

    def _check_revealed(self, secrets: PeerSecrets, b: Body) -> None:
        deck = b["deck"]
        hero, size, commitment = self._their
        if not deck or deck[0] != hero or deck[1:] != sorted(deck[1:]) or len(deck) != size + 1 \
                or deck_commitment(secrets, deck) != commitment:
            raise ProtocolViolation("the revealed deck is not the deck committed to in hello")
        problem = deck_problem(self.db, deck)
        if problem is not None:
            raise ProtocolViolation(f"the revealed deck breaks the deck rules: {problem}")

    def _check_replayed(self, secrets: PeerSecrets, b: Body, opened: Any) -> None:
        """Every step replayed with the revealed deck and shuffle secret: every card drawn, put back and shown is
        the one the committed deck and shuffles give, and every public state is the one played."""
        replay = self.full_replay(b["deck"], secrets)
        for step in self.steps:
            replay.feed(step)

    def full_replay(self, their_deck: list[str], their_secrets: PeerSecrets) -> FullReplay:
        """A full-information engine at the start of this game, given the opponent's revealed deck and secrets."""
        decks: list[list[str]] = [[], []]
        decks[self.seat], decks[self.them] = self.full_deck, list(their_deck)
        secret_of = [b"", b""]
        secret_of[self.seat], secret_of[self.them] = self.secrets.shuffle_secret, their_secrets.shuffle_secret
        return FullReplay(self.db, (decks[0], decks[1]), (secret_of[0], secret_of[1]), self._shares_by_seat(),
                          self.rules, HEROES_ENGINE)

    def full_replay_with(self, other: Lockstep) -> FullReplay:
        assert isinstance(other, HeroesPeer)
        return self.full_replay(other.full_deck, other.secrets)
