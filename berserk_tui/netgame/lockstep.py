"""`Lockstep`: the commit-reveal lockstep of two peers, as a pure state machine that knows no game.

Each side runs the engine on what it may know, takes its local player's decisions (`act`), produces the
messages to send (`outbox`) and checks every message of the opponent (`receive`): a bad one raises
ProtocolViolation and changes nothing. The lockstep itself commits each side to a master secret and to a
hash chain whose elements resolve the dice, checks that both sides' public states agree after every
step (`seq` and the public hash), keeps the decisions of a private batch (`BATCHES`) until it ends,
handles resignations, timeout claims (`ending.GameEnd`) and the final reveal of the master secrets.

What a game keeps secret is its secrets policy, a subclass: what it commits to in its hello, how a new
game starts from the two sides' commitments, the outcome of a chance node, the batches it seals with
commitments of its own messages (`SEALED`), the identities it discloses, and what its final reveal must
prove. The classic game's is `peer.FairPeer`; docs/protocol.md describes both.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from berserk_tui.engine import CHANCE, Event, GameState, IllegalAction, Rules, apply, legal_actions
from berserk_tui.engine.actions import Action, from_wire, to_wire

from . import wire
from .clock import DEFAULT_CONTROL, TimeControl
from .commitments import PeerSecrets, follows
from .ending import RESIGNATION, RULES, GameEnd, GameResult, Timeout
from .errors import Desync, ProtocolViolation
from .replay import FullReplay, Step
from .wire import Body, Message, Schema

PROTOCOL_VERSION = 1
DEFAULT_CHAIN_LENGTH = 4096    # chance nodes per hash chain; a game has about 50-100
MAX_CHAIN_LENGTH = 1 << 16
RESIGN = "resign"              # the local input of `Lockstep.resign` in `Lockstep.inputs`
Input = Action | str | Timeout
Mark = tuple[int, bytes]       # (seq, public hash) of an engine state
Handler = Callable[[Body], None]
CLASSIC = "classic"            # the game of a hello that names none (every game before games were named)
RulesOf = Callable[[str], Any]   # a game's name -> its engine `Rules`; ValueError for a game not known here


def classic_only(name: str) -> Any:
    """The rules of the classic game, the one game a peer knows when it is given no other (`RulesOf`)."""
    if name != CLASSIC:
        raise ValueError(f"unknown game {name!r}")
    return Rules()


@dataclass(frozen=True, slots=True)
class Opponent:
    """The opponent's hello: its commitment to its master secret and the length of its dice chains."""
    master: bytes
    chain_length: int


def _copy(value: Any) -> Any:
    if isinstance(value, GameState) or callable(getattr(value, "clone", None)):    # any game's engine state
        return value.clone()
    if isinstance(value, list | dict | set):
        return value.copy()
    return value


def lockstep(mark: Mark) -> dict[str, Any]:
    """The lockstep fields of a message: the seq and public hash of the state it was sent in."""
    return {"seq": mark[0], "hash": mark[1]}


class Lockstep(GameEnd):
    """The lockstep for `seat` (0 = host, 1 = guest) with `secrets`; a game's secrets policy subclasses it.

    `waiting_for` says whose input the game needs; `legal()`/`act()` take the local player's decisions,
    `resign()` gives up, `claim_timeout()` wins when the caller's clock says the opponent ran out of time;
    `outbox()` drains the messages to send; `receive()` takes the opponent's. `state` is this seat's engine
    state; `events` its engine events; `result` set at the end. `control` is the game's time control: the
    host's (`None` only rebuilds a host of a version before the clock, whose hello had none), the guest's
    from the host's hello. `game` is the game's name, agreed in the hellos like the time control: the host's
    (sent when it is not the classic game), the guest's None until the host's hello names it (or a name the
    guest insists on: then it is in its hello, and a host of another game refuses it); `rules_of` gives a
    game's engine rules (a game it does not know is refused).
    """

    SCHEMA: ClassVar[Schema] = wire.LOCKSTEP
    # decision kinds whose actions stay private until an action of the given types ends the batch: then they
    # go in one act message (or, for a kind in SEALED, to the policy's `_seal`)
    BATCHES: ClassVar[Mapping[str, tuple[type, ...]]] = {}
    SEALED: ClassVar[frozenset[str]] = frozenset()
    _FIXED: ClassVar[frozenset[str]] = frozenset({"db", "seat", "them", "secrets", "chain_length", "_chains",
                                                  "named", "rules_of"})

    def __init__(self, db: Any, seat: int, secrets: PeerSecrets, chain_length: int = DEFAULT_CHAIN_LENGTH,
                 control: TimeControl | None = DEFAULT_CONTROL, game: str | None = CLASSIC,
                 rules_of: RulesOf = classic_only) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        if not 1 <= chain_length <= MAX_CHAIN_LENGTH:
            raise ValueError(f"chain length must be 1..{MAX_CHAIN_LENGTH}")
        if seat == 0 and game is None:
            raise ValueError("the host names its game")
        if game is not None:
            rules_of(game)          # ValueError for a game not known here
        self.db = db
        self.seat = seat
        self.them = 1 - seat
        self.game = game
        self.named = game           # the game this side named itself (the host's; a guest's insistence or None)
        self.rules_of = rules_of
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
        self._opponent: Opponent | None = None
        self._their_heads: list[bytes] = []     # heads of the opponent's chains (one per epoch)
        self._shares: list[bytes] = []          # my chain elements sent, chance node k at index k-1
        self._their_shares: list[bytes] = []
        self._chances = 0                       # chance nodes resolved
        self._batch: list[Action] = []          # my private actions not sent yet (`BATCHES`)
        self._batch_mark: Mark | None = None
        self._their_final = False
        self.control: TimeControl | None = (control or DEFAULT_CONTROL) if seat == 0 else None
        self.received = 0
        self.late = 0
        self._late_share = 0
        self._owed: list[int] = []
        self._claimed = False
        hello = {"version": PROTOCOL_VERSION, "seat": seat, **self._hello_commitments(),
                 "master": secrets.commitment, "chain_head": self._chain(0)[0], "chain_length": chain_length}
        if seat == 0 and control is not None:
            hello[wire.CLOCK] = control.to_wire()
        if game is not None and game != CLASSIC:
            hello[wire.GAME] = game
        self._send(wire.HELLO, hello)

    # --- the secrets policy (a game's subclass) ---------------------------------------------------

    def _hello_commitments(self) -> dict[str, Any]:
        """The game's commitments in this side's hello (fields of `SCHEMA`)."""
        return {}

    # the game's engine and the wire form of its actions (the classic engine's unless the policy's game has its own)
    to_wire = staticmethod(to_wire)
    from_wire = staticmethod(from_wire)

    def _apply(self, state: Any, action: Action) -> list[Event]:
        return apply(state, action)

    def _legal(self, state: Any) -> list[Action]:
        return legal_actions(state)

    def _act_fields(self, action: Action) -> dict[str, Any]:
        """Fields of the game's own that the act message of the local `action` carries besides its lockstep
        fields and the action (computed before the action is applied)."""
        return {}

    def _take_act(self, b: Body) -> None:
        """Take the game's own fields of the opponent's act message before its actions are applied."""

    def _take_commitments(self, b: Body) -> None:
        """Keep the game's commitments of the opponent's hello (ProtocolViolation if they are malformed)."""

    def _new_engine(self) -> tuple[GameState, list[Event]]:
        """The lockstep engine at the start, from this side's secrets and the opponent's commitments."""
        raise NotImplementedError

    def _chance_outcome(self, kind: str, data: tuple, k: int) -> Action:
        """The outcome of chance node `k` (its pending `kind` and `data`) from both sides' chain elements."""
        raise NotImplementedError

    def _public_hash(self, state: GameState) -> bytes:
        """The hash of what both sides know of `state`: the lockstep check."""
        raise NotImplementedError

    def state_public_hash(self) -> bytes:
        """The public hash of this side's engine now (both sides agree on it at the end)."""
        return self._public_hash(self.engine)

    def _handlers(self) -> dict[str, Handler]:
        """The handlers of the game's own message kinds."""
        return {}

    def _seal(self, kind: str, mark: Mark, actions: list[Action]) -> None:
        """A batch of a SEALED kind ended (it began in `mark`): commit to it in the game's own messages."""
        raise NotImplementedError

    def _check_act(self, kind: str, actions: list[Action]) -> None:
        """What an act message of the opponent may carry at his decision `kind`."""
        if not actions:
            raise ProtocolViolation("an act message without actions")
        if kind not in self.BATCHES and len(actions) != 1:
            batches = " or ".join(f"a {batch}" for batch in self.BATCHES if batch not in self.SEALED)
            raise ProtocolViolation(f"{len(actions)} actions in one message; only {batches} is sent as a batch")

    def _disclose(self, ev: list[Event]) -> None:
        """Send what the engine's events `ev` made public of this side's secrets."""

    def _final_secrets(self) -> dict[str, Any]:
        """The game's fields of the final reveal (besides the master secret)."""
        return {}

    def _act_privately(self, action: Action) -> bool:
        """Take the local action on a private draft of the policy's instead of the engine (True if it did)."""
        return False

    @classmethod
    def revealed(cls, db: Any, seat: int, final: Body, secrets: PeerSecrets, chain_length: int,
                 control: TimeControl | None) -> Lockstep:
        """A side's peer from its revealed secrets (`final`: its final reveal), to check its messages again."""
        return cls(db, seat, secrets, chain_length, control)

    @classmethod
    def decisions(cls, kind: str, body: Callable[[], Body], final: Body | None) -> list[Action]:
        """The sender's decisions that its message of `kind` carries (`body()` reads the message; `final` is
        the sender's final reveal, if any)."""
        return body()["actions"] if kind == wire.ACT else []

    def full_replay_with(self, other: Lockstep) -> FullReplay:
        """A full-information engine at the start of this game, given the other side's peer (its secrets
        revealed); `self.steps` fed to it replay the game with everything known."""
        raise NotImplementedError

    # --- the local player ------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return self.engine

    @property
    def waiting_for(self) -> str:
        """"me" (this player must decide), "opponent" (a message must come) or "over"."""
        if self.result is not None:
            return "over"
        return "me" if self._decides(self.seat) else "opponent"

    def _decides(self, seat: int) -> bool:
        """Whether the game waits for a decision of `seat`, as far as this peer knows: not before the hello
        or after the end, not a die, a shuffle or a reveal. The one rule of who may act and who may resign
        (rules decision 30), for this seat and, on receipt, for the opponent."""
        if self.result is not None or self.engine is None:
            return False
        pending = self.engine.pending
        return pending.player == seat and pending.kind != "reveal"

    def legal(self) -> list[Action]:
        return self._legal(self.state) if self.waiting_for == "me" else []

    def act(self, action: Action) -> None:
        """Apply the local player's decision; IllegalAction (nothing changes) if it is not legal now."""
        if self.waiting_for != "me":
            raise IllegalAction(f"it is not this player's decision (waiting for {self.waiting_for})")
        if self._act_privately(action):
            return
        st = self.engine
        kind, mark = st.pending.kind, self._mark()
        extra = {} if kind in self.BATCHES else self._act_fields(action)
        ev = self._apply(st, action)
        self.inputs.append(action)
        self._record("act", action)
        if kind in self.BATCHES:                  # private until the batch ends
            if not self._batch:
                self._batch_mark = mark
            self._batch.append(action)
            if isinstance(action, self.BATCHES[kind]):
                batch, self._batch = self._batch, []
                if kind in self.SEALED:
                    self._seal(kind, self._batch_mark, batch)
                else:
                    self._send(wire.ACT, {**lockstep(self._batch_mark), "actions": [self.to_wire(a) for a in batch]})
        else:
            self._send(wire.ACT, {**lockstep(mark), "actions": [self.to_wire(action)], **extra})
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
        if kind == wire.HELLO and type(body) is dict:
            self._other_game(body)          # another game's hello has other fields: say which game, not which field
        b = Body(kind, body, self.SCHEMA)   # exactly the fields of the schema, or ProtocolViolation
        if b.kind != wire.HELLO and self.engine is None:
            raise ProtocolViolation(f"{b.kind} before hello")
        if not self._late(b):
            if b.kind not in (wire.FINAL, wire.TIMEOUT) and self.result is not None:
                raise ProtocolViolation(f"{b.kind} after the end of the game")
            self._answered(b)
            handlers: dict[str, Handler] = {
                wire.HELLO: self._on_hello, wire.CHANCE: self._on_chance, wire.ACT: self._on_act,
                wire.RESIGN: self._on_resign, wire.FINAL: self._on_final, wire.TIMEOUT: self._on_timeout,
            }
            handlers.update(self._handlers())
            handlers[b.kind](b)
        self.received += 1

    def _on_hello(self, b: Body) -> None:
        if self._opponent is not None:
            raise ProtocolViolation("a second hello: a replayed or duplicated message")
        if b["version"] != PROTOCOL_VERSION:
            raise ProtocolViolation(f"protocol version {b['version']}, this peer speaks {PROTOCOL_VERSION}")
        if b["seat"] != self.them:
            raise ProtocolViolation(f"the opponent claims seat {b['seat'] + 1}, but this peer is seat {self.seat + 1}")
        self._take_commitments(b)
        self._opponent = Opponent(b["master"], b.number("chain_length", 1, MAX_CHAIN_LENGTH))
        if self.them == 0:
            try:        # absent: a host of a version before the clock, whose games have the default
                self.control = TimeControl.from_wire(b[wire.CLOCK]) if wire.CLOCK in b else DEFAULT_CONTROL
            except ValueError as exc:
                raise ProtocolViolation(f"malformed hello message: {exc}") from exc
        elif wire.CLOCK in b:
            raise ProtocolViolation("the guest's hello sets a time control: only the host sets it")
        self._agree_game(b)
        self._their_heads = [b["chain_head"]]
        self.engine, ev = self._new_engine()
        self._after(ev)

    def _other_game(self, hello: dict) -> None:
        """A hello of another game than the one this side plays (a guest that named its game, or a host) is refused
        by the game's name, before its fields are read by this game's schema."""
        theirs = hello.get(wire.GAME, CLASSIC if self.them == 0 else self.game)
        if self.game is None or theirs == self.game:
            return
        if self.them == 0:
            raise ProtocolViolation(f"the host plays the game {wire.short(theirs)}, but this side joined to play "
                                    f"{self.game!r}")
        raise ProtocolViolation(f"the guest claims the game {wire.short(theirs)}, but this game is {self.game!r}")

    def _agree_game(self, b: Body) -> None:
        """The game both play is the host's: a guest that insisted on another, or a host whose guest names
        another, refuses the hello; a guest learns the host's game here (unless it does not know it)."""
        if self.them == 0:
            theirs = b.fields.get(wire.GAME, CLASSIC)
            if self.game is not None and theirs != self.game:
                raise ProtocolViolation(f"the host plays the game {theirs!r}, but this side joined to play "
                                        f"{self.game!r}")
            try:
                self.rules_of(theirs)
            except ValueError:
                raise ProtocolViolation(f"the host plays the game {theirs!r}, which this program does not know "
                                        "(another version?)") from None
            self.game = theirs
        elif wire.GAME in b and b[wire.GAME] != self.game:
            raise ProtocolViolation(f"the guest claims the game {b[wire.GAME]!r}, but this game is {self.game!r}")

    @property
    def rules(self) -> Any:
        """The engine rules of the game agreed (the host's; a guest's before the host's hello: its own or classic)."""
        return self.rules_of(self.game or CLASSIC)

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
        actions = b["actions"]
        self._check_act(pending.kind, actions)
        self._take_act(b)
        ev = self._apply_theirs(actions, pending.kind)
        ends = self.BATCHES.get(pending.kind)
        if ends is not None and not isinstance(actions[-1], ends):
            raise ProtocolViolation(f"a {pending.kind} batch must end with {' or '.join(t.__name__ for t in ends)}")
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
                ev += self._apply(st, action)
            except IllegalAction as exc:
                raise ProtocolViolation(f"illegal action {action!r}: {exc}") from exc
            self._record("act", action)
        return ev

    # --- producing -------------------------------------------------------------------------------

    def _after(self, ev: list[Event]) -> None:
        """After an engine change: disclose what became public, exchange dice shares and resolve chance
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
            ev = self._apply(st, self._chance_outcome(st.pending.kind, st.pending.data, k))
            self._chances = k
            self._record("chance", None, k)
        if st.over and self.result is None:
            self.result = GameResult(st.winner, RULES)
            self._send_final()

    def _send_share(self, k: int) -> None:
        epoch, index = divmod(k - 1, self.chain_length)
        share = self._chain(epoch)[index + 1]
        body = {**lockstep(self._mark()), "k": k, "share": share}
        if index + 1 == self.chain_length:
            body["next"] = self._chain(epoch + 1)[0]
        self._shares.append(share)
        self._send(wire.CHANCE, body)

    def _send_final(self) -> None:
        self._send(wire.FINAL, {**self._final_secrets(), "master": self.secrets.master})

    def _send(self, kind: str, body: dict[str, Any]) -> None:
        self._owe(kind)
        self._out.append((kind, body))
        self.sent.append((kind, body))

    # --- helpers ---------------------------------------------------------------------------------

    def _mark(self) -> Mark:
        """(seq, public hash) now; the hash of the last step if it is still current (every engine change is a step)."""
        last = self.steps[-1].public if self.steps else None
        return self.engine.seq, last if last is not None else self._public_hash(self.engine)

    def _record(self, kind: str, action: Action | None, k: int = 0) -> None:
        """Log an engine change with its public hash (none inside a private batch, which the opponent sees only
        at its end, nor while waiting for a reveal)."""
        st = self.engine
        unchecked = st.pending.kind == "reveal" or st.pending.kind in self.BATCHES
        self.steps.append(Step(kind, action, k, None if unchecked else self._public_hash(st)))

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
            return f"the reveal of card {pending.data.uid}"
        return f"the opponent's {pending.kind}"

    # --- persistence -----------------------------------------------------------------------------

    def replay_inputs(self, inputs: Iterable[Input], received: Iterable[Message], sent: Iterable[Message] = ()) -> None:
        """Bring a new peer to where `inputs` (its local decisions, `RESIGN` for a resignation, a `Timeout`
        claim made after as many received messages as it says) and the opponent's `received` messages,
        replayed in order, lead. `sent` (messages already handed to the transport) must be what the replay
        produces; only the messages after them stay in the outbox."""
        todo, incoming = deque(inputs), deque(received)
        while todo or incoming:
            item = todo[0] if todo else None
            if isinstance(item, Timeout) and item.received == self.received:
                todo.popleft()
                try:
                    self.claim_timeout()
                except IllegalAction as exc:
                    raise ValueError(f"the timeout claim of the game file cannot be made again: {exc}") from exc
            elif item is not None and not isinstance(item, Timeout) and self.waiting_for == "me":
                todo.popleft()
                self.resign() if item == RESIGN else self.act(item)
            elif incoming:
                self.receive(*incoming.popleft())
            else:
                raise ValueError(f"{len(todo)} inputs left while the game waits for {self.waiting_for}")
        sent = list(sent)
        if len(self.sent) < len(sent) and self.sent == sent[:len(self.sent)]:
            raise ValueError("the private game file is older than the transcript "
                             "(lost in a crash of the machine): this game cannot be resumed")
        if self.sent[:len(sent)] != sent:
            raise ValueError("the replay does not reproduce the messages this peer sent")
        self._out = self.sent[len(sent):]
