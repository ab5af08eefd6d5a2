"""`PartyPeer`: the fair-play protocol of N seats (seed 003's four players in two teams), a pure state machine.

Every seat runs the engine on what it may know (its own cards; `None` for every other seat's deck, deal,
undeployed and face-down cards, teammates' included: rules decision 731) and takes the other seats'
messages in one total order (the host's relay order, docs/protocol.md *Four players*). Each seat commits in
its hello to its master secret, its deck and the head of its dice hash chain; the game starts only when
all N hellos are in, so every commitment is fixed before anything is revealed. A die or a shuffle needs
the chain element of every seat. The purchase is a private batch, as in the duel. All seats deploy at
once on drafts, each commits its placement and every card, and the placements are opened only when all N
have committed. Face-down identities are revealed against their card commitments. A seat may resign on its
own decision (not in the simultaneous deployment): its team loses (rules decision 736); its own program also
resigns for it, on time, when its clock runs out (737). At the end every seat reveals its deck and master
secret, and each peer replays the whole game with every card known.

The lockstep hash of every message mixes the public state with the roster (every seat's hello, its
signing key included), so a relay that showed two seats different rosters is caught at the next message.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from berserk_tui.engine import CHANCE, Event, GameState, IllegalAction, Rules, apply, legal_actions, new_game
from berserk_tui.engine.actions import Action, Confirm, Place, Reveal, Roll, Shuffle, to_wire
from berserk_tui.engine.cells import identity_learned
from berserk_tui.engine.setup import squad_problem
from cards.decks import DECK_SIZE, Deck, validate_deck

from . import wire
from .commitments import (
    PeerSecrets,
    card_commitment,
    deck_commitment,
    digest,
    follows,
    placement_commitment,
    public_hash,
)
from .ending import RESIGNATION, RULES, TIME, GameResult
from .errors import Desync, ProtocolViolation
from .party_end import PartyEnding
from .party_wire import (
    ACT,
    BATCHES,
    CHAIN_LENGTH,
    CHANCE_MSG,
    COMMIT,
    FINAL,
    HELLO,
    OPEN,
    OUT_OF_TIME,
    PARTY_VERSION,
    RESIGN,
    RESIGNED,
    REVEAL,
    SCHEMA,
    Input,
    Step,
    _copy,
    _Deployment,
    _lock,
    party_die,
    party_shuffle,
    roster_hash,
)
from .wire import Body, Message


class PartyPeer(PartyEnding):
    """Seat `seat` of an N-seat game of `rules` (N = `rules.seats.count`) with `deck`, `secrets` and the
    public signing `key` its messages are signed with (by the transport's caller).

    `waiting_for` is "me", "others" or "over"; `legal()`/`act()` take the local decisions, `outbox()` drains
    the messages to send, `receive(origin, kind, body)` takes another seat's (ProtocolViolation, this peer
    unchanged, if it breaks the protocol). `result` is set at the end, `verified` once every seat's final
    reveal checked out on the full-information replay."""

    _FIXED = frozenset({"db", "rules", "seat", "n", "secrets", "deck", "key", "chain_length", "_chains"})

    def __init__(self, db: Any, rules: Rules, seat: int, deck: list[str], secrets: PeerSecrets, key: bytes,
                 chain_length: int = CHAIN_LENGTH) -> None:
        self.n = rules.seats.count
        if not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        validate_deck(Deck("", "", tuple(deck), Path()), db)
        self.db, self.rules, self.seat, self.secrets, self.key = db, rules, seat, secrets, key
        self.deck = sorted(deck)
        self.chain_length = chain_length
        self._chains: dict[int, list[bytes]] = {}
        self.engine: GameState | None = None
        self.events: list[Event] = []
        self.inputs: list[Input] = []
        self.steps: list[Step] = []
        self.sent: list[Message] = []
        self.result: GameResult | None = None
        self.resigned_by: int | None = None     # the seat whose resignation (or time) ended the game
        self.received = 0
        self._out: list[Message] = []
        self._hellos: list[Body | None] = [None] * self.n
        self._roster = b""
        self._heads: list[list[bytes]] = [[] for _ in range(self.n)]
        self._shares: list[list[bytes]] = [[] for _ in range(self.n)]
        self._chances = 0
        self._batch: list[Action] = []
        self._batch_mark: tuple[int, bytes] | None = None
        self._batch_undo: tuple[GameState, int, int] | None = None    # the engine, steps and events before it
        self._deploy_mark: tuple[int, bytes] | None = None
        self._draft: GameState | None = None
        self._draft_actions: list[Action] = []
        self._commits: list[_Deployment | None] = [None] * self.n
        self._openings: list[Body | None] = [None] * self.n
        self._opened = False
        self._cells: list[dict[int, int]] = [{} for _ in range(self.n)]
        self._disclosed: set[int] = set()
        self._finals: list[Body | None] = [None] * self.n
        self._heard = [0] * self.n          # each other seat's messages taken
        hello = {"version": PARTY_VERSION, "seat": seat, "seats": self.n, "key": key, "deck_size": len(self.deck),
                 "deck": deck_commitment(secrets, self.deck), "master": secrets.commitment,
                 "chain_head": self._chain(0)[0], "chain_length": chain_length}
        self._send(HELLO, hello)
        self._hellos[seat] = Body(HELLO, hello, SCHEMA)

    @classmethod
    def rebuild(cls, db: Any, rules: Rules, seat: int, deck: list[str], secrets: PeerSecrets, key: bytes,
                inputs: Iterable[Input], order: Iterable[tuple[int, str, dict]]) -> PartyPeer:
        """The peer after `inputs` (its local decisions) and every seat's messages in the relay `order`
        (its own among them, which must be what it produces)."""
        peer = cls(db, rules, seat, deck, secrets, key)
        todo = list(inputs)
        mine = 0
        for origin, kind, body in order:
            while todo and peer.waiting_for == "me":
                peer.decide(todo.pop(0))
            if origin == seat:
                if mine >= len(peer.sent) or peer.sent[mine] != (kind, body):
                    raise ValueError(f"the replay does not reproduce this seat's message {mine + 1}")
                mine += 1
            else:
                peer.receive(origin, kind, body)
        while todo and peer.waiting_for == "me":
            peer.decide(todo.pop(0))
        if todo:
            raise ValueError(f"{len(todo)} inputs left while the game waits for {peer.waiting_for}")
        peer._out = peer.sent[mine:]
        return peer

    # --- the local player ------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        return self._draft if self._draft is not None and self._commits[self.seat] is None else self.engine

    @property
    def waiting_for(self) -> str:
        if self.result is not None:
            return "over"
        return "me" if self._decides(self.seat) else "others"

    @property
    def verified(self) -> bool:
        return self.result is not None and self.result.verified

    def final_hash(self) -> str:
        return public_hash(self.engine).hex() if self.engine is not None else ""

    @property
    def deploying(self) -> bool:
        """The simultaneous deployment is on (every seat decides on its draft until it commits)."""
        return self.result is None and self._deploy_mark is not None and self.engine.pending.kind == "deploy"

    @property
    def can_resign(self) -> bool:
        """On this seat's own decision, but not in the deployment, which every seat makes at once (736)."""
        return self.waiting_for == "me" and not self.deploying

    def awaited(self) -> dict[int, int]:
        """The seats the game waits on now (a decision, or a message their program owes: a die share, a
        reveal, a placement's commitment or opening), each with the count of its messages so far."""
        if self.result is not None or self.engine is None:
            return {}
        st, pending = self.engine, self.engine.pending
        if self.deploying:
            owing = [s for s in range(self.n) if self._commits[s] is None]
            if not owing:
                owing = [s for s in range(self.n) if s != self.seat and self._openings[s] is None]
        elif pending.player == CHANCE:
            owing = [s for s in range(self.n) if len(self._shares[s]) <= self._chances]
        elif pending.kind == "reveal":
            owing = [st.cards[pending.data.uid].owner]
        else:
            owing = [pending.player]
        return {s: len(self.sent) if s == self.seat else self._heard[s] for s in owing}

    def _decides(self, seat: int) -> bool:
        if self.result is not None or self.engine is None:
            return False
        if self._deploy_mark is not None and self.engine.pending.kind == "deploy":
            return self._commits[seat] is None
        pending = self.engine.pending
        return pending.player == seat and pending.kind != "reveal"

    def legal(self) -> list[Action]:
        return legal_actions(self.state) if self.waiting_for == "me" else []

    def act(self, action: Action) -> None:
        """Apply the local decision; IllegalAction (nothing changes) if it is not legal now."""
        if self.waiting_for != "me":
            raise IllegalAction(f"it is not this player's decision (waiting for {self.waiting_for})")
        if self._deploy_mark is not None and self.engine.pending.kind == "deploy":
            self._draft_act(action)
            return
        st = self.engine
        kind, mark = st.pending.kind, self._mark()
        undo = (st.clone(), len(self.steps), len(self.events)) if kind in BATCHES and not self._batch else None
        ev = apply(st, action)
        self.inputs.append(action)
        self._record("act", action)
        if kind in BATCHES:
            if not self._batch:
                self._batch_mark, self._batch_undo = mark, undo
            self._batch.append(action)
            if isinstance(action, BATCHES[kind]):
                batch, self._batch = self._batch, []
                self._send(ACT, {**_lock(self._batch_mark), "actions": wire.actions(batch)})
        else:
            self._send(ACT, {**_lock(mark), "actions": [to_wire(action)]})
        self._after(ev)

    def decide(self, item: Input) -> None:
        """A local input as `inputs` keeps it: an action, or a resignation (RESIGNED, OUT_OF_TIME)."""
        if item in (RESIGNED, OUT_OF_TIME):
            self.resign(on_time=item == OUT_OF_TIME)
        elif isinstance(item, str):
            raise ValueError(f"unknown local input {item!r}")
        else:
            self.act(item)

    def resign(self, on_time: bool = False) -> None:
        """Give up for this seat's team (`on_time`: its clock ran out); only when `can_resign`. The choices
        of a purchase not yet sent are dropped, as in the duel. Every seat then reveals its secrets."""
        if not self.can_resign:
            raise IllegalAction("a player may resign only on his own decision, and not in the deployment, which "
                                f"every seat makes at once (waiting for {self.waiting_for})")
        if self._batch:
            self.engine, steps, events = self._batch_undo
            del self.steps[steps:], self.events[events:]
            self._batch = []
        self.inputs.append(OUT_OF_TIME if on_time else RESIGNED)
        self._send(RESIGN, {**_lock(self._mark()), "time": int(on_time)})
        self._end_by(self.seat, TIME if on_time else RESIGNATION)

    def _end_by(self, seat: int, how: str) -> None:
        """`seat` resigned (or ran out of time): the other team wins."""
        self.resigned_by = seat
        self.result = GameResult(1 - self.rules.seats.teams[seat], how)
        self._send(FINAL, {"deck": list(self.deck), "master": self.secrets.master})

    def _draft_act(self, action: Action) -> None:
        draft = self._draft
        if isinstance(action, Confirm):
            if action not in legal_actions(draft):
                raise IllegalAction(f"{action!r} is not legal now (cards left to deploy)")
        else:
            apply(draft, action)
        self.inputs.append(action)
        self._draft_actions.append(action)
        if isinstance(action, Confirm):
            squad = draft.players[self.seat].squad
            cards = [card_commitment(self.secrets.card_salt(u), draft.cards[u].cell, u, draft.cards[u].card_id)
                     for u in squad]
            placement = placement_commitment(self.secrets.placement_salt, self.seat, wire.actions(self._draft_actions))
            self._commits[self.seat] = _Deployment(placement, tuple(cards))
            self._send(COMMIT, {**_lock(self._deploy_mark), "placement": placement, "cards": cards})
            self._after(self._open_all())

    @property
    def sending(self) -> bool:
        """Messages wait in the outbox (a decision inside a purchase or on the deployment draft sends none)."""
        return bool(self._out)

    def outbox(self) -> list[Message]:
        out, self._out = self._out, []
        return out

    # --- the other seats -------------------------------------------------------------------------
    def receive(self, origin: int, kind: object, body: object) -> None:
        """Take seat `origin`'s message; ProtocolViolation (this peer unchanged) if it breaks the protocol."""
        saved = {name: _copy(value) for name, value in vars(self).items() if name not in self._FIXED}
        try:
            if not (type(origin) is int and 0 <= origin < self.n) or origin == self.seat:
                raise ProtocolViolation(f"a message from seat {origin!r}, which no other seat of {self.n} holds")
            b = Body(kind, body, SCHEMA)
            if b.kind != HELLO and self.engine is None:
                raise ProtocolViolation(f"seat {origin + 1}'s {b.kind} before every seat's hello")
            if b.kind != FINAL and self.result is not None:
                raise ProtocolViolation(f"seat {origin + 1}'s {b.kind} after the end of the game")
            {HELLO: self._on_hello, CHANCE_MSG: self._on_chance, ACT: self._on_act, COMMIT: self._on_commit,
             OPEN: self._on_open, REVEAL: self._on_reveal, FINAL: self._on_final,
             RESIGN: self._on_resign}[b.kind](origin, b)
            self.received += 1
            self._heard[origin] += 1
        except BaseException:
            vars(self).update(saved)
            raise

    def _on_hello(self, origin: int, b: Body) -> None:
        if self._hellos[origin] is not None:
            raise ProtocolViolation(f"a second hello of seat {origin + 1}: a replayed or duplicated message")
        if b["version"] != PARTY_VERSION:
            raise ProtocolViolation(f"seat {origin + 1} speaks party protocol {b['version']}, we {PARTY_VERSION}")
        if b["seat"] != origin or b["seats"] != self.n:
            raise ProtocolViolation(f"seat {origin + 1}'s hello claims seat {b['seat'] + 1} of {b['seats']}")
        b.number("deck_size", *DECK_SIZE)
        b.number("chain_length", 1, 1 << 16)
        self._hellos[origin] = b
        self._heads[origin] = [b["chain_head"]]
        if all(h is not None for h in self._hellos):
            self._roster = roster_hash(self._hellos)
            self._heads[self.seat] = [self._chain(0)[0]]
            decks = [list(self.deck) if s == self.seat else [None] * self._hellos[s]["deck_size"]
                     for s in range(self.n)]
            self.engine, ev = new_game(self.db, decks, self.rules)
            self._after(ev)

    def _on_chance(self, origin: int, b: Body) -> None:
        k, expected = b["k"], len(self._shares[origin]) + 1
        if k < expected:
            raise ProtocolViolation(f"seat {origin + 1}'s die share {k} again: a replayed or duplicated message")
        if self.engine.pending.player != CHANCE or k != self._chances + 1 or k != expected:
            raise ProtocolViolation(f"seat {origin + 1}'s die share {k} out of turn (the next chance node is "
                                    f"{self._chances + 1}; waiting for {self._awaited()})")
        self._check_lock(origin, b, self._mark())
        length = self._hellos[origin]["chain_length"]
        epoch, index = divmod(k - 1, length)
        previous = self._heads[origin][epoch] if index == 0 else self._shares[origin][-1]
        if not follows(b["share"], previous):
            raise ProtocolViolation(f"forged die share {k} of seat {origin + 1}: not the preimage of its committed "
                                    "hash chain's previous element")
        last = index + 1 == length
        if last != ("next" in b):
            raise ProtocolViolation(f"seat {origin + 1}'s die share {k} must {'' if last else 'not '}carry the next "
                                    "chain head")
        if last:
            self._heads[origin].append(b["next"])
        self._shares[origin].append(b["share"])
        self._after([])

    def _on_act(self, origin: int, b: Body) -> None:
        self._check_lock(origin, b, self._mark())
        st = self.engine
        kind = st.pending.kind
        if not self._decides(origin) or kind == "deploy":
            raise ProtocolViolation(f"seat {origin + 1} acted out of turn (waiting for {self._awaited()})")
        actions = b["actions"]
        if not actions or (kind not in BATCHES and len(actions) != 1):
            raise ProtocolViolation(f"seat {origin + 1} sent {len(actions)} actions in one act message")
        ev = self._apply_from(origin, actions, kind)
        if kind in BATCHES and not isinstance(actions[-1], BATCHES[kind]):
            raise ProtocolViolation(f"seat {origin + 1}'s {kind} batch does not end its {kind}")
        self._after(ev)

    def _on_resign(self, origin: int, b: Body) -> None:
        if not self._decides(origin) or self.deploying:
            raise ProtocolViolation(f"seat {origin + 1} resigned out of turn (waiting for {self._awaited()}): only "
                                    "on its own decision, and not in the deployment")
        if b["time"] not in (0, 1):
            raise ProtocolViolation(f"seat {origin + 1}'s resignation has time {b['time']!r}, not 0 or 1")
        self._check_lock(origin, b, self._mark())
        self._end_by(origin, TIME if b["time"] else RESIGNATION)

    def _on_commit(self, origin: int, b: Body) -> None:
        if self._deploy_mark is None or self.engine.pending.kind != "deploy":
            raise ProtocolViolation(f"seat {origin + 1} committed a deployment while the game waits for "
                                    f"{self._awaited()}")
        if self._commits[origin] is not None:
            raise ProtocolViolation(f"a second deploy_commit of seat {origin + 1}: a replayed or duplicated message")
        self._check_lock(origin, b, self._deploy_mark)
        squad = self.engine.players[origin].squad
        if len(b["cards"]) != len(squad):
            raise ProtocolViolation(f"seat {origin + 1}: {len(b['cards'])} card commitments for a squad of "
                                    f"{len(squad)}")
        self._commits[origin] = _Deployment(b["placement"], tuple(b["cards"]))
        self._after(self._open_all())

    def _on_open(self, origin: int, b: Body) -> None:
        if self._deploy_mark is None or any(c is None for c in self._commits):
            raise ProtocolViolation(f"seat {origin + 1} opened its placement before every seat had committed")
        if self._openings[origin] is not None:
            raise ProtocolViolation(f"a second deploy_open of seat {origin + 1}: a replayed or duplicated message")
        self._check_lock(origin, b, self._deploy_mark)
        actions = b["actions"]
        if placement_commitment(b["salt"], origin, wire.actions(actions)) != self._commits[origin].placement:
            raise ProtocolViolation(f"seat {origin + 1}'s opened placement does not match its commitment")
        if not actions or actions[-1] != Confirm():
            raise ProtocolViolation(f"seat {origin + 1}'s placement must end with Confirm")
        self._openings[origin] = b
        self._after(self._open_all())

    def _on_reveal(self, origin: int, b: Body) -> None:
        st, uid = self.engine, b["uid"]
        if st.pending.kind != "reveal" or st.pending.data.uid != uid or st.cards[uid].owner != origin:
            raise ProtocolViolation(f"seat {origin + 1} revealed card {uid} while the game waits for "
                                    f"{self._awaited()}")
        if b["seq"] != st.seq:
            raise ProtocolViolation(f"seat {origin + 1}'s reveal at seq {b['seq']}, the game is at {st.seq}")
        self._check_identity(origin, uid, b["card_id"], b["salt"])
        ev = apply(st, Reveal(uid, b["card_id"]))
        self._record("reveal", Reveal(uid, b["card_id"]))
        self._after(ev)

    # --- deployment ------------------------------------------------------------------------------
    def _open_all(self) -> list[Event]:
        """Open my placement once every seat has committed, then apply the openings in deployment order."""
        if any(c is None for c in self._commits):
            return []
        st = self.engine
        if not self._opened:
            self._opened = True
            reveals = []
            if not st.geo.areas[st.place(self.seat)].first:     # a second player's hidden row
                draft, back = self._draft, st.geo.own_rows(st.place(self.seat))[2]
                for uid in draft.players[self.seat].squad:
                    c = draft.cards[uid]
                    if st.geo.row_of(c.cell) == back and self.db.cards[c.card_id].needs_host:
                        reveals.append([uid, c.card_id, self.secrets.card_salt(uid)])
                        self._disclosed.add(uid)
            self._send(OPEN, {**_lock(self._deploy_mark), "salt": self.secrets.placement_salt,
                              "actions": wire.actions(self._draft_actions), "reveals": reveals})
        ev: list[Event] = []
        while st.pending.kind == "deploy" and st.pending.player != CHANCE:
            s = st.pending.player
            if s == self.seat:
                for action in self._draft_actions:
                    ev += apply(st, action)
                    self._record("act", action)
                continue
            opening = self._openings[s]
            if opening is None:
                break
            actions = opening["actions"]
            ev += self._apply_from(s, actions[:-1], "deploy")
            if Confirm() not in legal_actions(st):
                raise ProtocolViolation(f"seat {s + 1}'s placement leaves cards undeployed")
            self._cells[s] = {uid: st.cards[uid].cell for uid in st.players[s].squad}
            self._take_symbionts(s, opening["reveals"])
            ev += self._apply_from(s, actions[-1:], "deploy")
        if st.pending.kind != "deploy":
            self._draft = None
        return ev

    def _take_symbionts(self, s: int, reveals: list[tuple[int, str, bytes]]) -> None:
        st = self.engine
        back, squad, last = st.geo.own_rows(st.place(s))[2], st.players[s].squad, -1
        for uid, card_id, salt in reveals:
            if st.geo.areas[st.place(s)].first or uid not in self._cells[s] \
                    or st.geo.row_of(self._cells[s][uid]) != back or squad.index(uid) <= last:
                raise ProtocolViolation(f"seat {s + 1}'s card {uid} disclosed with the placement is not on its hidden "
                                        "row, or disclosed twice or out of squad order")
            last = squad.index(uid)
            self._check_identity(s, uid, card_id, salt)
            if not self.db.cards[card_id].needs_host:
                raise ProtocolViolation(f"seat {s + 1}'s card {uid} disclosed with the placement is neither a "
                                        "symbiont nor an equipment")
            st.cards[uid].card_id = card_id
            identity_learned(st)

    def _check_identity(self, s: int, uid: int, card_id: str, salt: bytes) -> None:
        st = self.engine
        if card_id not in self.db.cards:
            raise ProtocolViolation(f"seat {s + 1}'s card {uid} revealed as unknown card {card_id!r}")
        squad = st.players[s].squad
        if uid not in self._cells[s]:
            raise ProtocolViolation(f"card {uid} is not one of seat {s + 1}'s deployed cards")
        cell = self._cells[s][uid]
        if card_commitment(salt, cell, uid, card_id) != self._commits[s].cards[squad.index(uid)]:
            raise ProtocolViolation(f"tampered reveal: seat {s + 1}'s card {uid} as {card_id} does not match its "
                                    f"commitment on cell {cell}")
        known = [st.db.cards[st.cards[u].card_id] for u in squad if u != uid and st.cards[u].card_id is not None]
        problem = squad_problem(st, s, [*known, self.db.cards[card_id]], unknown=len(squad) - len(known) - 1,
                                lenient=True)
        if problem is not None:
            raise ProtocolViolation(f"with card {uid} as {card_id}, seat {s + 1}'s squad is not legal: {problem}")

    # --- producing -------------------------------------------------------------------------------
    def _after(self, ev: list[Event]) -> None:
        st = self.engine
        while True:
            self.events.extend(ev)
            self._disclose(ev)
            if st.pending.kind == "deploy" and self._deploy_mark is None:
                self._start_deployment()
            if st.pending.player != CHANCE:
                break
            k = self._chances + 1
            if len(self._shares[self.seat]) < k:
                self._send_share(k)
            if any(len(shares) < k for shares in self._shares):
                break
            ev = apply(st, self._chance_outcome(st, k, self.secrets.shuffle_secret))
            self._chances = k
            self._record("chance", None, k)
        if st.over and self.result is None:
            self.result = GameResult(st.winner, RULES)
            self._send(FINAL, {"deck": list(self.deck), "master": self.secrets.master})

    def _start_deployment(self) -> None:
        """Every seat deploys at once, on a draft in which the seats before it stand anywhere legal."""
        self._deploy_mark = self._mark()
        draft = self.engine.clone()
        while draft.pending.kind == "deploy" and draft.pending.player != self.seat:
            legal = legal_actions(draft)
            apply(draft, next((a for a in legal if isinstance(a, Place)), Confirm()))
        self._draft = draft

    def _chance_outcome(self, st: GameState, k: int, own_secret: bytes | None,
                        secrets: list[bytes] | None = None) -> Action:
        shares = [self._shares[s][k - 1] for s in range(self.n)]
        if st.pending.kind == "roll":
            return Roll(party_die(shares, k))
        owner = st.pending.data.seat
        secret = secrets[owner] if secrets is not None else own_secret if owner == self.seat else None
        return Shuffle(0 if secret is None else party_shuffle(secret, shares, k))

    def _send_share(self, k: int) -> None:
        epoch, index = divmod(k - 1, self.chain_length)
        share = self._chain(epoch)[index + 1]
        body = {**_lock(self._mark()), "k": k, "share": share}
        if index + 1 == self.chain_length:
            body["next"] = self._chain(epoch + 1)[0]
            self._heads[self.seat].append(body["next"])
        self._shares[self.seat].append(share)
        self._send(CHANCE_MSG, body)

    def _disclose(self, ev: list[Event]) -> None:
        for e in ev:
            uid = e.data.get("uid", -1) if e.kind == "revealed" else -1
            if uid < 0 or self.engine.cards[uid].owner != self.seat or uid in self._disclosed:
                continue
            self._disclosed.add(uid)
            self._send(REVEAL, {"seq": self.engine.seq, "uid": uid, "card_id": self.engine.cards[uid].card_id,
                                "salt": self.secrets.card_salt(uid)})

    def _send(self, kind: str, body: dict[str, Any]) -> None:
        self._out.append((kind, body))
        self.sent.append((kind, body))

    # --- checks and helpers ----------------------------------------------------------------------
    def _apply_from(self, s: int, actions: list[Action], kind: str) -> list[Event]:
        st, ev = self.engine, []
        for action in actions:
            if st.pending.player != s or st.pending.kind != kind:
                raise ProtocolViolation(f"seat {s + 1}'s {action!r} after the end of its {kind}")
            try:
                ev += apply(st, action)
            except IllegalAction as exc:
                raise ProtocolViolation(f"seat {s + 1}'s illegal action {action!r}: {exc}") from exc
            self._record("act", action)
        return ev

    def _check_lock(self, origin: int, b: Body, mark: tuple[int, bytes]) -> None:
        if b["seq"] != mark[0]:
            raise ProtocolViolation(f"seat {origin + 1}'s {b.kind} for seq {b['seq']}, but the game is at seq "
                                    f"{mark[0]}: a stale, replayed or reordered message")
        if b["hash"] != mark[1]:
            raise Desync(mark[0], mark[1], b["hash"])

    def _mark(self) -> tuple[int, bytes]:
        return self.engine.seq, digest("party", self._roster, public_hash(self.engine))

    def _record(self, kind: str, action: Action | None, k: int = 0) -> None:
        st = self.engine
        unchecked = st.pending.kind == "reveal" or st.pending.kind in BATCHES
        self.steps.append(Step(kind, action, k, None if unchecked else public_hash(st)))

    def _chain(self, epoch: int) -> list[bytes]:
        if epoch not in self._chains:
            self._chains = {epoch: self.secrets.chain(epoch, self.chain_length)}   # keep one epoch
        return self._chains[epoch]

    def _awaited(self) -> str:
        pending = self.engine.pending
        if pending.player == CHANCE:
            return f"the dice ({pending.kind})"
        return f"seat {pending.player + 1}'s {pending.kind}"
