"""`FairPeer`: the classic game's secrets policy over the generic lockstep (`lockstep.Lockstep`).

What the classic duel keeps secret and how it is proven: the deck (committed in the hello, its order
shuffled with a seed only its owner knows), the deals and the purchase (a private batch sent as one act),
the deployment (committed card by card and as a whole, opened when both have committed; the first
player's placement is hidden from the second, who deploys on a draft meanwhile), each face-down card's
identity (revealed against its deployment commitment), and at the end the deck and a placement the game
ended before opening. Pure: no I/O, no clock, no randomness. docs/protocol.md describes the protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from berserk_tui.engine import Event, GameState, IllegalAction, apply, legal_actions, new_game
from berserk_tui.engine.actions import Action, Confirm, Place, Redeal, Reveal, Show
from berserk_tui.engine.cells import identity_learned
from berserk_tui.engine.setup import squad_problem
from cards.decks import DECK_SIZE, Deck, DeckError, validate_deck

from . import wire
from .clock import DEFAULT_CONTROL, TimeControl
from .commitments import PeerSecrets, card_commitment, deck_commitment, placement_commitment, public_hash
from .errors import ProtocolViolation
from .lockstep import CLASSIC, DEFAULT_CHAIN_LENGTH, Handler, Input, Lockstep, Mark, RulesOf, classic_only, lockstep
from .replay import FullReplay, Step, chance_outcome
from .wire import Body, Message


@dataclass(frozen=True, slots=True)
class _Deployment:
    """The opponent's deployment commitments: the whole placement and one per squad card (squad order)."""
    placement: bytes
    cards: tuple[bytes, ...]


class FairPeer(Lockstep):
    """The fair-play protocol of the classic game for `seat` (0 = host, 1 = guest) with `deck` and `secrets`
    (see `Lockstep`). During the second player's deployment `state` is his draft."""

    SCHEMA = wire.SCHEMA
    BATCHES = {"purchase": (Redeal, Confirm, Show), "deploy": (Confirm,)}
    SEALED = frozenset({"deploy"})
    OWED = Lockstep.OWED | {wire.DEPLOY_COMMIT, wire.DEPLOY_OPEN, wire.REVEAL}
    _FIXED: ClassVar[frozenset[str]] = Lockstep._FIXED | {"deck"}

    def __init__(self, db: Any, seat: int, deck: list[str], secrets: PeerSecrets,
                 chain_length: int = DEFAULT_CHAIN_LENGTH, control: TimeControl | None = DEFAULT_CONTROL,
                 game: str | None = CLASSIC, rules_of: RulesOf = classic_only) -> None:
        validate_deck(Deck("", "", tuple(deck), Path()), db)
        self.deck = sorted(deck)
        self._their_deck: tuple[int, bytes] = (0, b"")  # the opponent's deck: its size and commitment
        self._deploy_mark: Mark | None = None   # the state before the first player's deployment
        self._my_deployment: list[Action] | None = None   # committed, opened when the second commits
        self._their_deployment: _Deployment | None = None
        self._their_cells: dict[int, int] = {}  # opponent's uid -> cell at the end of its deployment
        self._their_placement: list[Action] = []    # the opponent's opened placement
        self._opened = False                    # my placement opened (deploy_open sent)
        self._draft: GameState | None = None    # the second player's deployment before the first opens
        self._draft_actions: list[Action] = []
        self._disclosed: set[int] = set()       # my uids whose identity the opponent has
        self._late_commit: bytes | None = None  # the placement commitment of a deploy_commit after my claim
        self._late_open = False                 # a deploy_open came after my claim
        super().__init__(db, seat, secrets, chain_length, control, game, rules_of)

    @classmethod
    def rebuild(cls, db: Any, seat: int, deck: list[str], secrets: PeerSecrets, inputs: Iterable[Input],
                received: Iterable[Message], sent: Iterable[Message] = (),
                chain_length: int = DEFAULT_CHAIN_LENGTH, control: TimeControl | None = DEFAULT_CONTROL,
                game: str | None = CLASSIC, rules_of: RulesOf = classic_only) -> FairPeer:
        """The peer after `inputs` and the opponent's `received` messages (`Lockstep.replay_inputs`)."""
        peer = cls(db, seat, deck, secrets, chain_length, control, game, rules_of)
        peer.replay_inputs(inputs, received, sent)
        return peer

    @classmethod
    def revealed(cls, db: Any, seat: int, final: Body, secrets: PeerSecrets, chain_length: int,
                 control: TimeControl | None, game: str | None = CLASSIC, rules_of: RulesOf = classic_only) -> FairPeer:
        return cls(db, seat, final["deck"], secrets, chain_length, control, game, rules_of)

    @classmethod
    def decisions(cls, kind: str, body: Callable[[], Body], final: Body | None) -> list[Action]:
        """Besides the acts: the opened placement, or the one the final reveal opens where it was committed."""
        if kind == wire.DEPLOY_OPEN:
            return body()["actions"]
        if kind == wire.DEPLOY_COMMIT:
            return final.fields.get(wire.PLACEMENT, []) if final is not None else []
        return super().decisions(kind, body, final)

    # --- the start: deck commitments -------------------------------------------------------------

    def _hello_commitments(self) -> dict[str, Any]:
        return {"deck_size": len(self.deck), "deck": deck_commitment(self.secrets, self.deck)}

    def _take_commitments(self, b: Body) -> None:
        self._their_deck = (b.number("deck_size", *DECK_SIZE), b["deck"])

    def _new_engine(self) -> tuple[GameState, list[Event]]:
        decks: list[list[str | None]] = [[], []]
        decks[self.seat] = list(self.deck)
        decks[self.them] = [None] * self._their_deck[0]
        return new_game(self.db, (decks[0], decks[1]), self.rules)

    def _chance_outcome(self, kind: str, data: tuple, k: int) -> Action:
        own_shuffle = kind == "shuffle" and data.seat == self.seat
        return chance_outcome(kind, k, self._shares_by_seat(), self.secrets.shuffle_secret if own_shuffle else None)

    def _public_hash(self, state: GameState) -> bytes:
        return public_hash(state)

    def _handlers(self) -> dict[str, Handler]:
        return {wire.DEPLOY_COMMIT: self._on_deploy_commit, wire.DEPLOY_OPEN: self._on_deploy_open,
                wire.REVEAL: self._on_reveal}

    # --- the local player ------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return self._draft if self._draft is not None else self.engine

    def _decides(self, seat: int) -> bool:
        """`Lockstep._decides`, and the second player's deployment: on his draft until he commits it, then
        not his decision any more (the openings follow by themselves)."""
        if self._draft is not None and self.result is None:       # I deploy second, on a draft
            return seat == self.seat and self._my_deployment is None
        if not super()._decides(seat):
            return False
        return not (self.engine.pending.kind == "deploy" and seat == self.them and self._their_deployment is not None)

    def _act_privately(self, action: Action) -> bool:
        if self._draft is None:
            return False
        self._draft_act(action)
        return True

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

    def _seal(self, kind: str, mark: Mark, actions: list[Action]) -> None:
        self._deploy_mark = mark
        self._commit_deployment(self.engine, actions)

    def _commit_deployment(self, st: GameState, actions: list[Action]) -> None:
        self._my_deployment = list(actions)
        cards = [card_commitment(self.secrets.card_salt(uid), st.cards[uid].cell, uid, st.cards[uid].card_id)
                 for uid in st.players[self.seat].squad]
        self._send(wire.DEPLOY_COMMIT, {
            **lockstep(self._deploy_mark), "cards": cards,
            "placement": placement_commitment(self.secrets.placement_salt, self.seat, wire.actions(actions)),
        })

    def _open_deployment(self, mark: Mark, actions: list[Action]) -> None:
        """Open my placement; the second player discloses his hidden-row symbionts with it."""
        st = self.engine
        self._opened = True
        reveals = []
        if st.first != self.seat:
            back = st.geo.own_rows(st.place(self.seat))[2]
            for uid in st.players[self.seat].squad:
                c = st.cards[uid]
                if st.geo.row_of(c.cell) == back and self.db.cards[c.card_id].needs_host:
                    reveals.append([uid, c.card_id, self.secrets.card_salt(uid)])
                    self._disclosed.add(uid)
        self._send(wire.DEPLOY_OPEN, {**lockstep(mark), "salt": self.secrets.placement_salt,
                                      "actions": wire.actions(actions), "reveals": reveals})

    def _placeholder_deployment(self) -> GameState:
        """A draft in which the first player's cards stand anywhere legal (the view hides them)."""
        draft = self.engine.clone()
        while draft.pending.player == self.them:
            legal = legal_actions(draft)
            apply(draft, next((a for a in legal if isinstance(a, Place)), Confirm()))
        return draft

    def _disclose(self, ev: list[Event]) -> None:
        """Send the identity of each of my face-down cards the engine just turned face up."""
        for e in ev:
            uid = e.data.get("uid", -1) if e.kind == "revealed" else -1
            if uid < 0 or self.engine.cards[uid].owner != self.seat or uid in self._disclosed:
                continue
            self._disclosed.add(uid)
            self._send(wire.REVEAL, {"seq": self.engine.seq, "uid": uid, "card_id": self.engine.cards[uid].card_id,
                                     "salt": self.secrets.card_salt(uid)})

    def _final_secrets(self) -> dict[str, Any]:
        body: dict[str, Any] = {"deck": list(self.deck)}
        if self._my_deployment is not None and not self._opened:    # the opponent resigned in his draft
            body[wire.PLACEMENT] = wire.actions(self._my_deployment)
        return body

    # --- the opponent ----------------------------------------------------------------------------

    def _check_act(self, kind: str, actions: list[Action]) -> None:
        if kind == "deploy":
            raise ProtocolViolation("deployment actions must come in deploy_commit / deploy_open, not in act")
        super()._check_act(kind, actions)

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
        if st.pending.kind != "reveal" or st.pending.data.uid != uid:
            raise ProtocolViolation(f"unexpected reveal of card {uid} while the game waits for {self._awaited()} "
                                    "(replayed, duplicated or out of turn)")
        if b["seq"] != st.seq:
            raise ProtocolViolation(f"reveal at seq {b['seq']}, but the game is at seq {st.seq}")
        card_id = b["card_id"]
        self._check_identity(uid, card_id, b["salt"])
        ev = apply(st, Reveal(uid, card_id))
        self._record("reveal", Reveal(uid, card_id))
        self._after(ev)

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
        problem = squad_problem(st, self.them, [*known, self.db.cards[card_id]], unknown=len(squad) - len(known) - 1,
                                lenient=True)
        if problem is not None:
            raise ProtocolViolation(f"with card {uid} revealed as {card_id}, the opponent's squad is not legal: "
                                    f"{problem}")

    def _take_symbionts(self, reveals: list[tuple[int, str, bytes]]) -> None:
        """The second player's hidden-row symbionts and equipment, disclosed with his placement (the rules
        reveal them)."""
        st = self.engine
        back = st.geo.own_rows(st.place(self.them))[2]
        squad = st.players[self.them].squad
        last = -1
        for uid, card_id, salt in reveals:
            if self.them == st.first or uid not in self._their_cells or st.geo.row_of(self._their_cells[uid]) != back:
                raise ProtocolViolation(f"card {uid} disclosed with the placement is not on the hidden row")
            if squad.index(uid) <= last:
                raise ProtocolViolation(f"card {uid} disclosed with the placement twice or out of squad order")
            last = squad.index(uid)
            self._check_identity(uid, card_id, salt)
            if not self.db.cards[card_id].needs_host:
                raise ProtocolViolation(f"card {uid} disclosed with the placement is neither a symbiont nor an "
                                        "equipment")
            st.cards[uid].card_id = card_id     # still face down: the reveal follows in the engine
            identity_learned(st)

    def _awaited(self) -> str:
        if self.waiting_for != "me" and self.engine.pending.kind == "deploy" and self._their_deployment is not None:
            return "the placements to be opened"
        return super()._awaited()

    # --- the end ---------------------------------------------------------------------------------

    def _note_late(self, b: Body) -> None:
        if b.kind == wire.DEPLOY_COMMIT:
            self._late_commit = b["placement"]
        self._late_open = self._late_open or b.kind == wire.DEPLOY_OPEN

    def _open_final(self, b: Body) -> list[Action] | None:
        """The placement the opponent committed and never opened (the game ended first), which his final
        reveal must carry."""
        committed = self._their_deployment is not None or self._late_commit is not None
        sealed = committed and not self._their_cells and not self._late_open   # the game ended before the opening
        if sealed != (wire.PLACEMENT in b):
            raise ProtocolViolation("the final reveal must open the placement committed and never opened" if sealed
                                    else "the final reveal opens a placement that is not sealed")
        return b[wire.PLACEMENT] if sealed else None

    def _check_revealed(self, secrets: PeerSecrets, b: Body) -> None:
        deck = b["deck"]
        size, commitment = self._their_deck
        if deck != sorted(deck) or len(deck) != size or deck_commitment(secrets, deck) != commitment:
            raise ProtocolViolation("the revealed deck is not the deck committed to in hello")
        try:
            validate_deck(Deck("", "", tuple(deck), Path()), self.db)
        except (DeckError, KeyError) as exc:
            raise ProtocolViolation(f"the revealed deck breaks the deck rules: {exc}") from exc

    def _check_replayed(self, secrets: PeerSecrets, b: Body, sealed: list[Action] | None) -> None:
        """Every step replayed with the revealed deck and secrets (and the `sealed` placement: committed, never
        opened because the game ended in my deployment draft), and the deployment commitments kept."""
        replay = self.full_replay(b["deck"], secrets)
        for step in self.steps:
            replay.feed(step)
        if self._their_deployment is None or (sealed is None and not self._their_cells):
            if sealed is not None and placement_commitment(secrets.placement_salt, self.them, wire.actions(sealed)) \
                    != self._late_commit:       # committed after my timeout claim: not played, only matched
                raise ProtocolViolation("the placement in the final reveal does not match its commitment")
            return
        placement = wire.actions(self._their_placement if sealed is None else sealed)
        if placement_commitment(secrets.placement_salt, self.them, placement) != self._their_deployment.placement:
            raise ProtocolViolation("the opened placement is not the one committed with the salt that the revealed "
                                    "master secret gives")
        cells = self._their_cells if sealed is None else self._deploy_sealed(replay, sealed)
        full = replay.state
        for index, uid in enumerate(full.players[self.them].squad):
            cell, card_id = cells[uid], full.cards[uid].card_id
            if card_commitment(secrets.card_salt(uid), cell, uid, card_id) != self._their_deployment.cards[index]:
                raise ProtocolViolation(f"card {uid} on cell {cell} is {card_id} in the deal from the revealed deck, "
                                        "but the deployment commitment names another card: the squad was not "
                                        "bought from the committed deck")

    def _deploy_sealed(self, replay: FullReplay, placement: list[Action]) -> dict[int, int]:
        """The opponent's sealed placement played on the full-information replay: its cells."""
        full = replay.state
        for action in placement:
            if full.pending.player != self.them or full.pending.kind != "deploy":
                raise ProtocolViolation("the placement opened in the final reveal goes on after its deployment")
            replay.feed(Step("act", action, 0, None))
        if full.pending.player == self.them:
            raise ProtocolViolation("the placement opened in the final reveal does not finish its deployment")
        return {uid: full.cards[uid].cell for uid in full.players[self.them].squad}

    def full_replay(self, their_deck: list[str], their_secrets: PeerSecrets) -> FullReplay:
        """A full-information engine at the start of this game, given the opponent's revealed deck
        and secrets; `self.steps` fed to it replay the game with every card known."""
        decks: list[list[str]] = [[], []]
        decks[self.seat], decks[self.them] = self.deck, their_deck
        secret_of = [b"", b""]
        secret_of[self.seat], secret_of[self.them] = self.secrets.shuffle_secret, their_secrets.shuffle_secret
        return FullReplay(self.db, (decks[0], decks[1]), (secret_of[0], secret_of[1]), self._shares_by_seat(),
                          self.rules)

    def full_replay_with(self, other: Lockstep) -> FullReplay:
        assert isinstance(other, FairPeer)
        return self.full_replay(other.deck, other.secrets)
