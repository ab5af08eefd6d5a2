"""N duels of «Берсерк. Герои» over loopback, each with one injected fault, as the classic game's `bench/attack.py`
attacks live peers: faults of the link and of a process (the game must go on and verify) and a hostile or buggy
peer (the victim must refuse it, live or at the final reveal, and never crash, wedge or finish "verified" on a
transcript the verifier rejects).

Kinds, in turn (`--kinds` picks some):
- lossy: frames dropped, duplicated, reordered and held back on both sides (`netplay.FaultPolicy`);
- resume: one side (host or guest in turn) killed without a goodbye after a random number of its decisions and
  resumed from its transcript and game file (`NetMatch.resume`);
- hash: a wrong public-state hash in one of the attacker's lockstep messages (act or chance);
- illegal: an act message of the attacker carrying an action that is not legal there;
- reveal: a tampered identity: a hand card shown with an action, a deck card shown, the answer about a search, pick
  or look (`found`), or the deck revealed at the end, changed to another card;
- signed: one of the attacker's game messages with a mutated body (`bench/attacks/signed.py`'s mutations), signed by
  its own session.

For an honest fault a duel counts as agreed when both sides finished on one public hash, each verified the other,
and both transcripts verify again (`verify_transcript`). For a hostile one: refused (the victim stopped with a
violation naming the peer), caught (the attacker's own lockstep check stopped it: the victim's engine followed the
lie to another public state), accepted by both (live and verifier find nothing: harmless, printed), or a failure:
crashed, wedged, or disagree (the victim finished verified but the verifier rejects its transcript). The secrets and
decks come from `--seed`, so a run repeats, up to the timing of frames.

    .venv/bin/python bench/heroes_faults.py --duels 100
"""

from __future__ import annotations

import argparse
import copy
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from unittest import mock

from attacks.signed import Unsendable, mutate_message, tampering

from berserk_tui import netmatch
from berserk_tui.bot import get_agent
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netgame import TimeControl
from berserk_tui.netgame.heroes import DECK_SHOWN, FOUND, SHOWN
from berserk_tui.netmatch import NetMatch, verify_transcript
from netplay import FaultPolicy, Session, Timing

FAST = Timing(heartbeat=0.1, silence=1.0, lost=20.0, resend=0.05)
KINDS = ("lossy", "resume", "hash", "illegal", "reveal", "signed")
HONEST = frozenset({"lossy", "resume"})
CONTROL = TimeControl(10, 0)    # the shortest clock: a lie that leaves both sides waiting ends when it runs out
GAME_S = 180.0          # a duel running longer has wedged
WEDGE_S = 30.0          # a victim without progress this long after the fault (more than the clock) has wedged
REVEALS = (SHOWN, DECK_SHOWN, FOUND, "final")   # what a tampered reveal changes: a shown hand or deck card, an answer
ILLEGAL = (["Choose", 999], ["Target", 9999], ["Play", 9999], ["Strike", 9999, 9999], ["Use", 9999, 0, -1],
           ["Defend", 9999], ["Mulligan", [9999]], ["FirstPlayer", 7])     # never legal: no such card, option or seat
Message = tuple[str, dict]


class Plan:
    """What the attacker changes: its `target`-th outgoing message that `fits` (0-based), by `change`."""

    def __init__(self, rng: random.Random, kind: str, target: int, db: Any) -> None:
        self.rng, self.kind, self.target, self.db = rng, kind, target, db
        self.seen, self.done = 0, ""
        self.what = rng.choice(REVEALS) if kind == "reveal" else ""
        self.cards = sorted(cid for cid, c in db.items() if c.type != "hero" and not c.keywords.get("created"))

    def fits(self, kind: str, body: dict) -> bool:
        if self.kind == "hash":
            return "hash" in body
        if self.kind == "illegal":
            return kind == "act"
        if self.kind == "reveal":
            return kind == self.what if self.what in (FOUND, "final") else kind == "act" and self.what in body
        return True

    def apply(self, messages: list[Message]) -> list[Message]:
        out = []
        for kind, body in messages:
            if not self.done and self.fits(kind, body):
                if self.seen == self.target:
                    kind, body = self.change(kind, copy.deepcopy(body))
                self.seen += 1
            out.append((kind, body))
        return out

    def _other(self, card: str) -> str:
        return self.rng.choice([c for c in self.cards if c != card])

    def change(self, kind: str, body: dict) -> Message:
        if self.kind == "hash":
            body["hash"] = bytes([body["hash"][0] ^ 1]) + body["hash"][1:]
            self.done = f"hash of {kind} seq {body.get('seq')}"
        elif self.kind == "illegal":
            body["actions"] = [self.rng.choice(ILLEGAL)]
            self.done = f"act seq {body['seq']} as {body['actions'][0]}"
        elif self.kind == "reveal":
            if kind == "final":
                cards = body["deck"][1:]
                i = self.rng.randrange(len(cards))
                cards[i] = self._other(cards[i])
                body["deck"] = [body["deck"][0], *sorted(cards)]
                self.done = "the deck revealed at the end"
            elif kind == FOUND:
                body["card"] = self._other(body["card"])
                self.done = f"found at seq {body['seq']} as {body['card']}"
            else:
                field = self.what
                entry = self.rng.choice(body[field])
                entry[1] = self._other(entry[1])
                self.done = f"{field} card of act seq {body['seq']} as {entry[1]}"
        else:
            kind, body, self.done = mutate_message(self.rng, kind, body)
        return kind, body


def _start(db: Any, session: Session, deck: list[str], rng: random.Random, cls: type[NetMatch]) -> NetMatch:
    """`cls.start` with the master secret drawn from `rng` (a harness only: such a secret is guessable)."""
    with mock.patch.object(netmatch.pysecrets, "token_bytes", rng.randbytes):
        return cls.start(db, session, deck, CONTROL, game_def=HEROES)


def progress(match: NetMatch) -> tuple[int, int, bool]:
    return len(match.peer.steps), len(match.peer.sent), match.finished


def duel(db: Any, folder: Path, seed: int, kind: str) -> tuple[str, str, int, str]:
    """(outcome, detail, transcripts verified, the fault's label: its kind, and what a reveal changed) of one duel
    with a fault of `kind`."""
    outcome, detail, verified, plan = _duel(db, folder, seed, kind)
    return outcome, detail, verified, f"{kind}/{plan.what}" if plan.what else kind


def _duel(db: Any, folder: Path, seed: int, kind: str) -> tuple[str, str, int, Plan]:
    rng = random.Random(seed)
    decks = [random_deck(db, rng), random_deck(db, rng)]
    attacker = seed % 2                         # the side that misbehaves (or is killed)
    plan = Plan(rng, kind, rng.randrange(1, 40), db)
    if kind == "reveal":
        plan.target = rng.randrange(12) if plan.what == SHOWN else 0
    classes: list[type[NetMatch]] = [NetMatch, NetMatch]
    if kind not in HONEST:
        classes[attacker] = tampering(plan)
    chaos = FaultPolicy(seed=seed, drop=0.1, duplicate=0.1, reorder=0.1, hold_ms=10) if kind == "lossy" else None
    host, code = Session.host("127.0.0.1", 0, folder / "host.msgs", timing=FAST, faults=chaos)
    guest = Session.join(code, folder / "guest.msgs", timing=FAST,
                         faults=chaos._replace(seed=seed + 9) if chaos else None)
    matches = [_start(db, host, decks[0], rng, classes[0]), _start(db, guest, decks[1], rng, classes[1])]
    agents = [get_agent("greedy" if (seed + s) % 2 else "random", seed * 2 + s, HEROES.agents) for s in (0, 1)]
    kill_at = rng.randrange(5, 60) if kind == "resume" else -1
    victim = 1 - attacker
    acted = [0, 0]
    start = time.monotonic()
    moved, last = start, progress(matches[victim])
    try:
        while not (all(m.finished for m in matches) and all(m.session.settled for m in matches)):
            now = time.monotonic()
            if now - start > GAME_S or (plan.done and now - moved > WEDGE_S and not matches[victim].finished):
                return "wedged", f"{plan.done or kind}: waits {[m.peer.waiting_for for m in matches]}", 0, plan
            for s in (0, 1):
                m = matches[s]
                try:
                    m.pump(0)
                    if m.my_turn and not m.violation:
                        m.act(agents[s](m.view(), m.legal()))
                        acted[s] += 1
                except Unsendable as exc:
                    return "unsendable", f"{plan.done}: {str(exc)[:100]}", 0, plan
                except Exception as exc:    # noqa: BLE001 — a crash of either side is the finding
                    return "crashed", f"seat {s + 1}: {type(exc).__name__}: {str(exc)[:120]}", 0, plan
                if s == attacker and acted[s] == kill_at:
                    kill_at = -1
                    plan.done = f"seat {s + 1} killed after {acted[s]} decisions and resumed"
                    m.close()
                    matches[s] = NetMatch.resume(db, m.session.transcript_path)
            if matches[victim].violation:
                outcome = "desync" if kind in HONEST else "refused"
                return outcome, f"{plan.done or kind}: {matches[victim].violation[:140]}", 0, plan
            if matches[attacker].violation:
                outcome = "desync" if kind in HONEST else "caught"
                return outcome, f"{plan.done or kind}: {matches[attacker].violation[:140]}", 0, plan
            if progress(matches[victim]) != last:
                moved, last = time.monotonic(), progress(matches[victim])
            time.sleep(0.0002)
    finally:
        for m in matches:
            m.close()
    if kind != "lossy" and not plan.done:
        return "unreached", "", 0, plan
    verified = 0
    for name in ("host.msgs", "guest.msgs"):
        try:
            verified += not verify_transcript(db, folder / name).partial
        except ValueError as exc:
            if kind in HONEST or name == ("host.msgs", "guest.msgs")[victim]:
                return "disagree", f"{plan.done or kind}: {name}: {str(exc)[:140]}", verified, plan
    if matches[0].final_hash() != matches[1].final_hash() or not all(m.peer.result.verified for m in matches):
        outcome = "desync" if kind in HONEST else "disagree"
        return outcome, f"{plan.done or kind}: not one verified hash", verified, plan
    return ("agreed" if kind in HONEST else "accepted"), plan.done, verified, plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, of {', '.join(KINDS)}")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if set(kinds) - set(KINDS):
        parser.error(f"unknown kinds {sorted(set(kinds) - set(KINDS))}; known: {', '.join(KINDS)}")
    db = HEROES.load_db()
    counts: dict[str, Counter[str]] = {}
    examples: dict[tuple[str, str], list[str]] = {}
    verified = honest = 0
    began = time.perf_counter()
    done = tries = 0
    while done < args.duels and tries < 20 * args.duels:
        kind = kinds[done % len(kinds)]
        seed = args.seed * 1000 + tries
        tries += 1
        with tempfile.TemporaryDirectory(prefix="heroes-faults-") as folder:
            outcome, detail, ok, label = duel(db, Path(folder), seed, kind)
        if outcome == "unreached":
            continue
        done += 1
        counts.setdefault(label, Counter())[outcome] += 1
        if kind in HONEST:
            honest += 1
            verified += ok
        shown = examples.setdefault((label, outcome), [])
        if len(shown) < 2:
            shown.append(f"seed {seed}: {detail}")
        if outcome in ("crashed", "wedged", "disagree", "desync"):
            print(f"  FAILURE {kind} seed {seed}: {outcome}: {detail}", flush=True)
    print(f"{done} fault-injected duels of heroes over loopback (seed {args.seed}), "
          f"{time.perf_counter() - began:.0f} s:")
    bad = ("crashed", "wedged", "disagree", "desync")
    for label, c in sorted(counts.items(), key=lambda item: (kinds.index(item[0].split("/")[0]), item[0])):
        print(f"  {label:14} {sum(c.values()):3} duels: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
              + f"  -> failures {sum(c[b] for b in bad)}")
    if honest:
        print(f"  honest faults: {verified}/{2 * honest} transcripts verified")
    print("  examples:")
    for (kind, outcome), lines in sorted(examples.items()):
        for line in lines:
            print(f"    {kind} {outcome}: {line}")


if __name__ == "__main__":
    main()
