"""`FairPeer`: one side of a peer-to-peer game, as a pure state machine (no I/O, no clock, no randomness).

It runs the engine on what this seat may know (the opponent's cards are None), takes the local
player's decisions (`act`), produces the messages to send (`outbox`) and checks every message of
the opponent (`receive`): a bad one raises ProtocolViolation and changes nothing. The protocol
is described in docs/protocol.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from berserk_tui.engine import CHANCE, Event, GameState, IllegalAction, Rules, apply, legal_actions, new_game
from berserk_tui.engine.actions import Action, Confirm, Place, Redeal, Reveal, to_wire
from berserk_tui.engine.board import own_rows, row_of
from berserk_tui.engine.setup import squad_problem
from cards.decks import DECK_SIZE, Deck, validate_deck

from . import wire
from .clock import DEFAULT_CONTROL, TimeControl
from .commitments import (
    PeerSecrets,
    card_commitment,
    deck_commitment,
    follows,
    placement_commitment,
    public_hash,
)
from .ending import RESIGNATION, RULES, GameEnd, GameResult, Timeout
from .errors import Desync, ProtocolViolation
from .replay import Step, chance_outcome
from .wire import Body, Message

PROTOCOL_VERSION = 1
DEFAULT_CHAIN_LENGTH = 4096    # chance nodes per hash chain; a game has about 50-100
MAX_CHAIN_LENGTH = 1 << 16
RESIGN = "resign"              # the local input of `FairPeer.resign` in `FairPeer.inputs`
Input = Action | str | Timeout
Mark = tuple[int, bytes]       # (seq, public hash) of an engine state


@dataclass(frozen=True, slots=True)
class _Opponent:
    """The opponent's hello: its commitments."""
    deck_size: int
    deck: bytes
    master: bytes
    chain_length: int


@dataclass(frozen=True, slots=True)
class _Deployment:
    """The opponent's deployment commitments: the whole placement and one per squad card (squad order)."""
    placement: bytes
    cards: tuple[bytes, ...]


def _copy(value: Any) -> Any:
    if isinstance(value, GameState):
        return value.clone()
    if isinstance(value, list | dict | set):
        return value.copy()
    return value


def _lockstep(mark: Mark) -> dict[str, Any]:
    return {"seq": mark[0], "hash": mark[1]}


class FairPeer(GameEnd):
    """The fair-play protocol for `seat` (0 = host, 1 = guest) with `deck` and `secrets`.

    `waiting_for` says whose input the game needs; `legal()`/`act()` take the local player's
    decisions, `resign()` gives up, `claim_timeout()` wins when the caller's clock says the
    opponent ran out of time; `outbox()` drains the messages to send; `receive()` takes the
    opponent's. `state` is this seat's engine state (during the second player's deployment, his
    draft); `events` its engine events; `result` set at the end. `control` is the game's time
    control: the host's (`None` only rebuilds a host of a version before the clock, whose hello
    had none), the guest's from the host's hello.
    """

    _FIXED = frozenset({"db", "seat", "them", "deck", "secrets", "chain_length", "_chains"})

    def __init__(self, db: Any, seat: int, deck: list[str], secrets: PeerSecrets,
                 chain_length: int = DEFAULT_CHAIN_LENGTH, control: TimeControl | None = DEFAULT_CONTROL) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        if not 1 <= chain_length <= MAX_CHAIN_LENGTH:
            raise ValueError(f"chain length must be 1..{MAX_CHAIN_LENGTH}")
        validate_deck(Deck("", "", tuple(deck), Path()), db)
        self.db = db
        self.seat = seat
        self.them = 1 - seat
        self.deck = sorted(deck)
        self.secrets = secrets
        self.chain_length = chain_length
        self._chains: dict[int, list[bytes]] = {}
        self.engine: GameState | None = None    # the lockstep engine (the opponent's secrets are None)
        self.events: list[Event] = []
        self.inputs: list[Input] = []           # every local input, for `rebuild`
        self.steps: list[Step] = []             # every engine change, for the final full replay
        self.sent: list[Message] = []           # every message produced, in order
        self.result: GameResult | None = None
        self._out: list[Message] = []
        self._opponent: _Opponent | None = None
        self._their_heads: list[bytes] = []     # heads of the opponent's chains (one per epoch)
        self._shares: list[bytes] = []          # my chain elements sent, chance node k at index k-1
        self._their_shares: list[bytes] = []
        self._chances = 0                       # chance nodes resolved
        self._batch: list[Action] = []          # my private actions not sent yet (purchase, first deployment)
        self._batch_mark: Mark | None = None
        self._deploy_mark: Mark | None = None   # the state before the first player's deployment
        self._my_deployment: list[Action] | None = None   # committed, opened when the second commits
        self._their_deployment: _Deployment | None = None
        self._their_cells: dict[int, int] = {}  # opponent's uid -> cell at the end of its deployment
        self._their_placement: list[Action] = []    # the opponent's opened placement
        self._opened = False                    # my placement opened (deploy_open sent)
        self._draft: GameState | None = None    # the second player's deployment before the first opens
        self._draft_actions: list[Action] = []
        self._disclosed: set[int] = set()       # my uids whose identity the opponent has
        self._their_final = False
        self.control: TimeControl | None = (control or DEFAULT_CONTROL) if seat == 0 else None
        self.received = 0
        self.late = 0
        self._late_share = 0
        self._late_commit: bytes | None = None
        self._late_open = False
        self._owed: list[int] = []
        self._claimed = False
        hello = {"version": PROTOCOL_VERSION, "seat": seat, "deck_size": len(deck),
                 "deck": deck_commitment(secrets, self.deck), "master": secrets.commitment,
                 "chain_head": self._chain(0)[0], "chain_length": chain_length}
        if seat == 0 and control is not None:
            hello[wire.CLOCK] = control.to_wire()
        self._send(wire.HELLO, hello)

    # --- the local player ------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return self._draft if self._draft is not None else self.engine

    @property
    def waiting_for(self) -> str:
        """"me" (this player must decide), "opponent" (a message must come) or "over"."""
        if self.result is not None:
            return "over"
        return "me" if self._decides(self.seat) else "opponent"

    def _decides(self, seat: int) -> bool:
        """Whether the game waits for a decision of `seat`, as far as this peer knows: not before the
        hello or after the end, not a die, a shuffle or a reveal, and not the second player's deployment
        once he has committed it (the openings follow by themselves). The one rule of who may act and
        who may resign (rules decision 30), for this seat and, on receipt, for the opponent."""
        if self.result is not None or self.engine is None:
            return False
        if self._draft is not None:                 # I deploy second, on a draft
            return seat == self.seat and self._my_deployment is None
        pending = self.engine.pending
        if pending.player != seat or pending.kind == "reveal":
            return False
        return not (pending.kind == "deploy" and seat == self.them and self._their_deployment is not None)

    def legal(self) -> list[Action]:
        return legal_actions(self.state) if self.waiting_for == "me" else []

    def act(self, action: Action) -> None:
        """Apply the local player's decision; IllegalAction (nothing changes) if it is not legal now."""
        if self.waiting_for != "me":
            raise IllegalAction(f"it is not this player's decision (waiting for {self.waiting_for})")
        if self._draft is not None:
            self._draft_act(action)
            return
        st = self.engine
        kind, mark = st.pending.kind, self._mark()
        ev = apply(st, action)
        self.inputs.append(action)
        self._record("act", action)
        if kind in ("purchase", "deploy"):        # private until the step ends
            if not self._batch:
                self._batch_mark = mark
            self._batch.append(action)
            if kind == "purchase" and isinstance(action, Redeal | Confirm):
                self._send(wire.ACT, {**_lockstep(self._batch_mark), "actions": wire.actions(self._batch)})
                self._batch = []
            elif kind == "deploy" and isinstance(action, Confirm):
                self._deploy_mark = self._batch_mark
                self._commit_deployment(st, self._batch)
                self._batch = []
        else:
            self._send(wire.ACT, {**_lockstep(mark), "actions": [to_wire(action)]})
        self._after(ev)

    def resign(self) -> None:
        """Give up the game (only when it waits for this player); both sides then reveal their secrets."""
        if self.waiting_for != "me":
            raise IllegalAction(f"only the player to decide may resign (waiting for {self.waiting_for})")
        self.inputs.append(RESIGN)
        self._send(wire.RESIGN, {})
        self.result = GameResult(self.them, RESIGNATION)
        self._send_final()

    def outbox(self) -> list[Message]:
        """The messages to send now, in order (drained)."""
        out, self._out = self._out, []
        return out

    # --- the opponent ----------------------------------------------------------------------------

    def receive(self, kind: object, body: object) -> None:
        """Take the opponent's message; ProtocolViolation (this peer unchanged) if it breaks the protocol."""
        saved = {name: _copy(value) for name, value in vars(self).items() if name not in self._FIXED}
        try:
            self._dispatch(kind, body)
        except BaseException:
            vars(self).update(saved)
            raise

    def _dispatch(self, kind: object, body: object) -> None:
        b = Body(kind, body)            # exactly the fields of wire.SCHEMA, or ProtocolViolation
        if b.kind != wire.HELLO and self.engine is None:
            raise ProtocolViolation(f"{b.kind} before hello")
        if not self._late(b):
            if b.kind not in (wire.FINAL, wire.TIMEOUT) and self.result is not None:
                raise ProtocolViolation(f"{b.kind} after the end of the game")
            self._answered(b)
            {
                wire.HELLO: self._on_hello, wire.CHANCE: self._on_chance, wire.ACT: self._on_act,
                wire.DEPLOY_COMMIT: self._on_deploy_commit, wire.DEPLOY_OPEN: self._on_deploy_open,
                wire.REVEAL: self._on_reveal, wire.RESIGN: self._on_resign, wire.FINAL: self._on_final,
                wire.TIMEOUT: self._on_timeout,
            }[b.kind](b)
        self.received += 1

    def _on_hello(self, b: Body) -> None:
        if self._opponent is not None:
            raise ProtocolViolation("a second hello: a replayed or duplicated message")
        if b["version"] != PROTOCOL_VERSION:
            raise ProtocolViolation(f"protocol version {b['version']}, this peer speaks {PROTOCOL_VERSION}")
        if b["seat"] != self.them:
            raise ProtocolViolation(f"the opponent claims seat {b['seat'] + 1}, but this peer is seat {self.seat + 1}")
        self._opponent = _Opponent(b.number("deck_size", *DECK_SIZE), b["deck"], b["master"],
                                   b.number("chain_length", 1, MAX_CHAIN_LENGTH))
        if self.them == 0:
            try:        # absent: a host of a version before the clock, whose games have the default
                self.control = TimeControl.from_wire(b[wire.CLOCK]) if wire.CLOCK in b else DEFAULT_CONTROL
            except ValueError as exc:
                raise ProtocolViolation(f"malformed hello message: {exc}") from exc
        elif wire.CLOCK in b:
            raise ProtocolViolation("the guest's hello sets a time control: only the host sets it")
        self._their_heads = [b["chain_head"]]
        decks: list[list[str | None]] = [[], []]
        decks[self.seat] = list(self.deck)
        decks[self.them] = [None] * self._opponent.deck_size
        self.engine, ev = new_game(self.db, (decks[0], decks[1]), Rules())
        self._after(ev)

    def _on_chance(self, b: Body) -> None:
        k, expected = b["k"], len(self._their_shares) + 1
        if k < expected:
            raise ProtocolViolation(f"die share {k} again: a replayed or duplicated message")
        if self.engine.pending.player != CHANCE:
            raise ProtocolViolation(f"out of turn: a die share while the game waits for {self._awaited()}")
        if k != expected:
            raise ProtocolViolation(f"die share {k}, but the next chance node is {expected}")
        self._check_lockstep(b, self._mark())
        share = b["share"]
        epoch, index = divmod(k - 1, self._opponent.chain_length)
        previous = self._their_heads[epoch] if index == 0 else self._their_shares[-1]
        if not follows(share, previous):
            raise ProtocolViolation(f"forged die share for chance node {k}: it is not the preimage of the previous "
                                    "element of the opponent's committed hash chain")
        last = index + 1 == self._opponent.chain_length
        if last != ("next" in b):
            raise ProtocolViolation(f"die share {k} is the last of its chain and must carry the next head" if last
                                    else f"die share {k} carries a next chain head, but its chain goes on")
        if last:
            self._their_heads.append(b["next"])
        self._their_shares.append(share)
        self._after([])

    def _on_act(self, b: Body) -> None:
        self._check_lockstep(b, self._mark())
        pending = self.engine.pending
        if not self._decides(self.them):
            raise ProtocolViolation(f"out of turn: an action while the game waits for {self._awaited()}")
        if pending.kind == "deploy":
            raise ProtocolViolation("deployment actions must come in deploy_commit / deploy_open, not in act")
        actions = b["actions"]
        if not actions:
            raise ProtocolViolation("an act message without actions")
        if pending.kind != "purchase" and len(actions) != 1:
            raise ProtocolViolation(f"{len(actions)} actions in one message; only a purchase is sent as a batch")
        ev = self._apply_theirs(actions, pending.kind)
        if pending.kind == "purchase" and not isinstance(actions[-1], Redeal | Confirm):
            raise ProtocolViolation("a purchase batch must end with Redeal or Confirm")
        self._after(ev)

    def _on_deploy_commit(self, b: Body) -> None:
        st = self.engine
        if self._their_deployment is not None:
            raise ProtocolViolation("a second deploy_commit: a replayed or duplicated message")
        theirs = _Deployment(b["placement"], tuple(b["cards"]))
        squad = st.players[self.them].squad
        if len(theirs.cards) != len(squad):
            raise ProtocolViolation(f"{len(theirs.cards)} card commitments for a squad of {len(squad)}")
        if self.them == st.first:
            if st.pending.player != self.them or st.pending.kind != "deploy":
                raise ProtocolViolation(f"out of turn: deploy_commit while the game waits for {self._awaited()}")
            self._deploy_mark = self._mark()
            self._check_lockstep(b, self._deploy_mark)
            self._their_deployment = theirs
            self._draft = self._placeholder_deployment()
        else:
            if self._my_deployment is None:
                raise ProtocolViolation("the second player committed its deployment before the first")
            self._check_lockstep(b, self._deploy_mark)
            self._their_deployment = theirs
            self._open_deployment(self._deploy_mark, self._my_deployment)

    def _on_deploy_open(self, b: Body) -> None:
        st = self.engine
        theirs = self._their_deployment
        if theirs is None:
            raise ProtocolViolation("deploy_open before deploy_commit")
        if self._their_cells:
            raise ProtocolViolation("a second deploy_open: a replayed or duplicated message")
        if self._my_deployment is None:
            raise ProtocolViolation("the first player opened its placement before the second committed his")
        if st.pending.player != self.them or st.pending.kind != "deploy":
            raise ProtocolViolation(f"out of turn: deploy_open while the game waits for {self._awaited()}")
        self._check_lockstep(b, self._mark())
        actions = b["actions"]
        if placement_commitment(b["salt"], self.them, wire.actions(actions)) != theirs.placement:
            raise ProtocolViolation("the opened placement does not match its commitment (changed after commit)")
        if not actions or actions[-1] != Confirm():
            raise ProtocolViolation("a placement must end with Confirm")
        ev = self._apply_theirs(actions[:-1], "deploy")
        if Confirm() not in legal_actions(st):
            raise ProtocolViolation("the placement leaves cards undeployed")
        self._their_cells = {uid: st.cards[uid].cell for uid in st.players[self.them].squad}
        self._their_placement = actions
        self._take_symbionts(b["reveals"])
        ev += self._apply_theirs(actions[-1:], "deploy")
        if self._draft is not None:                 # I deploy second: my draft goes in now
            mark = self._mark()
            mine = self._draft_actions
            for action in mine[:-1]:
                ev += apply(st, action)
                self._record("act", action)
            self._draft, self._draft_actions = None, []
            self._open_deployment(mark, mine)
            ev += apply(st, mine[-1])
            self._record("act", mine[-1])
        self._after(ev)

    def _on_reveal(self, b: Body) -> None:
        st = self.engine
        uid = b["uid"]
        if st.pending.kind != "reveal" or st.pending.data[0] != uid:
            raise ProtocolViolation(f"unexpected reveal of card {uid} while the game waits for {self._awaited()} "
                                    "(replayed, duplicated or out of turn)")
        if b["seq"] != st.seq:
            raise ProtocolViolation(f"reveal at seq {b['seq']}, but the game is at seq {st.seq}")
        card_id = b["card_id"]
        self._check_identity(uid, card_id, b["salt"])
        ev = apply(st, Reveal(uid, card_id))
        self._record("reveal", Reveal(uid, card_id))
        self._after(ev)

    def _on_resign(self, b: Body) -> None:
        if not self._decides(self.them):
            raise ProtocolViolation(f"out of turn: the opponent resigned while the game waits for {self._awaited()}")
        self.result = GameResult(self.seat, RESIGNATION)
        self._send_final()

    # --- checks ----------------------------------------------------------------------------------

    def _check_lockstep(self, b: Body, mark: Mark) -> None:
        seq, theirs = b["seq"], b["hash"]
        if seq != mark[0]:
            raise ProtocolViolation(f"{b.kind} for seq {seq}, but the game is at seq {mark[0]}: "
                                    "a stale, replayed or reordered message")
        if theirs != mark[1]:
            raise Desync(seq, mark[1], theirs)

    def _apply_theirs(self, actions: list[Action], kind: str) -> list[Event]:
        """Apply the opponent's actions, each at a `kind` decision of his."""
        st = self.engine
        ev: list[Event] = []
        for action in actions:
            if st.pending.player != self.them or st.pending.kind != kind:
                raise ProtocolViolation(f"{action!r} after the end of the opponent's {kind}")
            try:
                ev += apply(st, action)
            except IllegalAction as exc:
                raise ProtocolViolation(f"illegal action {action!r}: {exc}") from exc
            self._record("act", action)
        return ev

    def _check_identity(self, uid: int, card_id: str, salt: bytes) -> None:
        """A revealed identity must match its deployment commitment and keep the known squad legal."""
        st = self.engine
        if card_id not in self.db.cards:
            raise ProtocolViolation(f"card {uid} revealed as unknown card {card_id!r}")
        squad = st.players[self.them].squad
        if uid not in self._their_cells:
            raise ProtocolViolation(f"card {uid} is not one of the opponent's deployed cards")
        cell = self._their_cells[uid]
        if card_commitment(salt, cell, uid, card_id) != self._their_deployment.cards[squad.index(uid)]:
            raise ProtocolViolation(f"tampered reveal: card {uid} revealed as {card_id}, which does not match the "
                                    f"commitment made for it on cell {cell} at deployment")
        known = [st.db.cards[st.cards[u].card_id] for u in squad if u != uid and st.cards[u].card_id is not None]
        problem = squad_problem(st, self.them, [*known, self.db.cards[card_id]])
        if problem is not None:
            raise ProtocolViolation(f"with card {uid} revealed as {card_id}, the opponent's squad is not legal: "
                                    f"{problem}")

    def _take_symbionts(self, reveals: list[tuple[int, str, bytes]]) -> None:
        """The second player's hidden-row symbionts and equipment, disclosed with his placement (the rules
        reveal them)."""
        st = self.engine
        back = own_rows(False)[2]
        squad = st.players[self.them].squad
        last = -1
        for uid, card_id, salt in reveals:
            if self.them == st.first or uid not in self._their_cells or row_of(self._their_cells[uid]) != back:
                raise ProtocolViolation(f"card {uid} disclosed with the placement is not on the hidden row")
            if squad.index(uid) <= last:
                raise ProtocolViolation(f"card {uid} disclosed with the placement twice or out of squad order")
            last = squad.index(uid)
            self._check_identity(uid, card_id, salt)
            if not self.db.cards[card_id].needs_host:
                raise ProtocolViolation(f"card {uid} disclosed with the placement is neither a symbiont nor an "
                                        "equipment")
            st.cards[uid].card_id = card_id     # still face down: the reveal follows in the engine

    # --- producing -------------------------------------------------------------------------------

    def _after(self, ev: list[Event]) -> None:
        """After an engine change: disclose my revealed cards, exchange dice shares and resolve chance
        nodes, and reveal my secrets when the game is over."""
        st = self.engine
        while True:
            self.events.extend(ev)
            self._disclose(ev)
            if st.pending.player != CHANCE:
                break
            k = self._chances + 1
            if len(self._shares) < k:
                self._send_share(k)
            if len(self._their_shares) < k:
                break
            pending = st.pending
            own_shuffle = pending.kind == "shuffle" and pending.data[0] == self.seat
            outcome = chance_outcome(pending.kind, k, self._shares_by_seat(),
                                     self.secrets.shuffle_secret if own_shuffle else None)
            ev = apply(st, outcome)
            self._chances = k
            self._record("chance", None, k)
        if st.over and self.result is None:
            self.result = GameResult(st.winner, RULES)
            self._send_final()

    def _disclose(self, ev: list[Event]) -> None:
        """Send the identity of each of my face-down cards the engine just turned face up."""
        for e in ev:
            uid = e.data.get("uid", -1) if e.kind == "revealed" else -1
            if uid < 0 or self.engine.cards[uid].owner != self.seat or uid in self._disclosed:
                continue
            self._disclosed.add(uid)
            self._send(wire.REVEAL, {"seq": self.engine.seq, "uid": uid, "card_id": self.engine.cards[uid].card_id,
                                     "salt": self.secrets.card_salt(uid)})

    def _send_share(self, k: int) -> None:
        epoch, index = divmod(k - 1, self.chain_length)
        share = self._chain(epoch)[index + 1]
        body = {**_lockstep(self._mark()), "k": k, "share": share}
        if index + 1 == self.chain_length:
            body["next"] = self._chain(epoch + 1)[0]
        self._shares.append(share)
        self._send(wire.CHANCE, body)

    def _draft_act(self, action: Action) -> None:
        """The second player's deployment, on a draft until the first player's placement is opened."""
        draft = self._draft
        if isinstance(action, Confirm):
            if action not in legal_actions(draft):
                raise IllegalAction(f"{action!r} is not legal now (cards left to deploy)")
        else:
            apply(draft, action)
        self.inputs.append(action)
        self._draft_actions.append(action)
        if isinstance(action, Confirm):
            self._commit_deployment(draft, self._draft_actions)

    def _commit_deployment(self, st: GameState, actions: list[Action]) -> None:
        self._my_deployment = list(actions)
        cards = [card_commitment(self.secrets.card_salt(uid), st.cards[uid].cell, uid, st.cards[uid].card_id)
                 for uid in st.players[self.seat].squad]
        self._send(wire.DEPLOY_COMMIT, {
            **_lockstep(self._deploy_mark), "cards": cards,
            "placement": placement_commitment(self.secrets.placement_salt, self.seat, wire.actions(actions)),
        })

    def _open_deployment(self, mark: Mark, actions: list[Action]) -> None:
        """Open my placement; the second player discloses his hidden-row symbionts with it."""
        st = self.engine
        self._opened = True
        reveals = []
        if st.first != self.seat:
            back = own_rows(False)[2]
            for uid in st.players[self.seat].squad:
                c = st.cards[uid]
                if row_of(c.cell) == back and self.db.cards[c.card_id].needs_host:
                    reveals.append([uid, c.card_id, self.secrets.card_salt(uid)])
                    self._disclosed.add(uid)
        self._send(wire.DEPLOY_OPEN, {**_lockstep(mark), "salt": self.secrets.placement_salt,
                                      "actions": wire.actions(actions), "reveals": reveals})

    def _placeholder_deployment(self) -> GameState:
        """A draft in which the first player's cards stand anywhere legal (the view hides them)."""
        draft = self.engine.clone()
        while draft.pending.player == self.them:
            legal = legal_actions(draft)
            apply(draft, next((a for a in legal if isinstance(a, Place)), Confirm()))
        return draft

    def _send_final(self) -> None:
        body: dict[str, Any] = {"deck": list(self.deck), "master": self.secrets.master}
        if self._my_deployment is not None and not self._opened:    # the opponent resigned in his draft
            body[wire.PLACEMENT] = wire.actions(self._my_deployment)
        self._send(wire.FINAL, body)

    def _send(self, kind: str, body: dict[str, Any]) -> None:
        self._owe(kind)
        self._out.append((kind, body))
        self.sent.append((kind, body))

    # --- helpers ---------------------------------------------------------------------------------

    def _mark(self) -> Mark:
        """(seq, public hash) now; the hash of the last step if it is still current (every engine change is a step)."""
        last = self.steps[-1].public if self.steps else None
        return self.engine.seq, last if last is not None else public_hash(self.engine)

    def _record(self, kind: str, action: Action | None, k: int = 0) -> None:
        """Log an engine change with its public hash (none inside a private purchase or deployment,
        which the opponent sees only at its end, nor while waiting for a reveal)."""
        st = self.engine
        unchecked = st.pending.kind in ("reveal", "purchase", "deploy")
        self.steps.append(Step(kind, action, k, None if unchecked else public_hash(st)))

    def _shares_by_seat(self) -> tuple[list[bytes], list[bytes]]:
        return (self._shares, self._their_shares) if self.seat == 0 else (self._their_shares, self._shares)

    def _chain(self, epoch: int) -> list[bytes]:
        if epoch not in self._chains:
            self._chains = {epoch: self.secrets.chain(epoch, self.chain_length)}   # keep one epoch
        return self._chains[epoch]

    def _awaited(self) -> str:
        if self.waiting_for == "me":
            return f"my {self.state.pending.kind}"
        pending = self.engine.pending
        if pending.player == CHANCE:
            return f"the dice ({pending.kind})"
        if pending.kind == "reveal":
            return f"the reveal of card {pending.data[0]}"
        if pending.kind == "deploy" and self._their_deployment is not None:
            return "the placements to be opened"
        return f"the opponent's {pending.kind}"

    # --- persistence -----------------------------------------------------------------------------

    @classmethod
    def rebuild(cls, db: Any, seat: int, deck: list[str], secrets: PeerSecrets, inputs: Iterable[Input],
                received: Iterable[Message], sent: Iterable[Message] = (),
                chain_length: int = DEFAULT_CHAIN_LENGTH, control: TimeControl | None = DEFAULT_CONTROL) -> FairPeer:
        """The peer after `inputs` (its local decisions, `RESIGN` for a resignation, a `Timeout` claim
        made after as many received messages as it says) and the opponent's `received` messages,
        replayed in order. `sent` (messages already handed to the transport) must be what the replay
        produces; only the messages after them stay in the outbox."""
        peer = cls(db, seat, deck, secrets, chain_length, control)
        todo, incoming = deque(inputs), deque(received)
        while todo or incoming:
            item = todo[0] if todo else None
            if isinstance(item, Timeout) and item.received == peer.received:
                todo.popleft()
                try:
                    peer.claim_timeout()
                except IllegalAction as exc:
                    raise ValueError(f"the timeout claim of the game file cannot be made again: {exc}") from exc
            elif item is not None and not isinstance(item, Timeout) and peer.waiting_for == "me":
                todo.popleft()
                peer.resign() if item == RESIGN else peer.act(item)
            elif incoming:
                peer.receive(*incoming.popleft())
            else:
                raise ValueError(f"{len(todo)} inputs left while the game waits for {peer.waiting_for}")
        sent = list(sent)
        if len(peer.sent) < len(sent) and peer.sent == sent[:len(peer.sent)]:
            raise ValueError("the private game file is older than the transcript "
                             "(lost in a crash of the machine): this game cannot be resumed")
        if peer.sent[:len(sent)] != sent:
            raise ValueError("the replay does not reproduce the messages this peer sent")
        peer._out = peer.sent[len(sent):]
        return peer
