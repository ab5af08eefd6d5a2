"""Section 1b: signed game messages with mutated bodies, from the connected opponent.

The attacker's `NetMatch` changes one of its outgoing game messages (an extra or missing
field, a wrong type, a changed value or action, a huge int, another kind, nesting) before its
session signs and sends it, so the message reaches the victim's game checker (`FairPeer.receive`).
The game is then played to its end, and:

- refused: the victim ended the game with a violation naming the peer (what should happen);
- crashed: an exception left the victim's `pump`;
- accepted, verifier disagrees: the victim played on and finished "verified", but
  `verify_transcript` rejects its transcript (the live check and the verifier disagree);
- accepted, then desync: the victim played on, then the attacker's own checks failed;
- wedged: no progress of the victim for `--wedge` seconds;
- accepted by both: live and verifier agree the change was harmless (printed to look at).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Protocol

from berserk_tui.netmatch import NetMatch, verify_transcript
from netplay import CLOSED
from netplay.codec import pack

from . import Row, count_row
from .common import LocalGame, Log, db, progress

KINDS = ("hello", "chance", "act", "deploy_commit", "deploy_open", "reveal", "resign", "final")
OPS = ("extra_field", "drop_field", "wrong_type", "change_value", "huge_int", "wrong_kind", "nested", "action")
GAME_S = 60.0


def plain(rng: random.Random, avoid: str = "") -> Any:
    """An odd value that canonical msgpack still encodes (so it can be signed)."""
    makers = {
        "int": lambda: rng.choice([2**63 - 1, 2**64 - 1, -(2**63), -1, 0, 7, 1 << 40]),
        "float": lambda: rng.choice([1.5, 4.0, float("inf"), -0.0]),
        "bool": lambda: rng.choice([True, False]),
        "NoneType": lambda: None,
        "str": lambda: rng.choice(["", "x", "Гном-легионер", "é" * 300]),
        "bytes": lambda: rng.choice([b"", bytes(16), bytes(31), bytes(32), bytes(64)]),
        "list": lambda: rng.choice([[], [None], [1, 2, 3], [["EndTurn"]]]),
        "dict": lambda: rng.choice([{}, {"k": 1}, {"seq": 1}]),
    }
    return makers[rng.choice([k for k in makers if k != avoid])]()


def _type(value: Any) -> str:
    return "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else type(value).__name__


def _changed(rng: random.Random, value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([-1, 1, 2, 1000])
    if isinstance(value, bytes):
        return bytes([value[0] ^ 1]) + value[1:] if value else b"\x00"
    if isinstance(value, str):
        return rng.choice(["", value + "x", "Гном-легионер"])
    if isinstance(value, list):
        if value and rng.random() < 0.5:
            return value[:-1] if rng.random() < 0.5 else [*value, value[0]]
        return [*value, plain(rng)]
    return plain(rng, _type(value))


def _action(rng: random.Random, wire: Any) -> Any:
    """A damaged action in wire form ([name, *fields])."""
    if not isinstance(wire, list) or not wire:
        return ["Nope"]
    name, fields = wire[0], wire[1:]
    choices = [["Nope", *fields], [name, *fields, 1], [name.lower(), *fields], [name, *fields[:-1]]]
    if fields:
        i = rng.randrange(len(fields))
        for odd in (float(fields[i]) if isinstance(fields[i], int) else 1.0, True, str(fields[i]), None, -1, 99):
            choices.append([name, *fields[:i], odd, *fields[i + 1:]])
    return rng.choice(choices)


def mutate_message(rng: random.Random, kind: str, body: dict[str, Any]) -> tuple[str, dict[str, Any], str]:
    """One change of (kind, body) that is not a no-op; the new pair and a description."""
    for _ in range(20):
        op = rng.choice(OPS)
        key = rng.choice(sorted(body)) if body else ""
        new_kind, new = kind, dict(body)
        if op == "extra_field":
            key = rng.choice(["extra", "seq2", "zzz", "a"])
            new[key] = plain(rng)
        elif op == "drop_field" and key:
            del new[key]
        elif op == "wrong_type" and key:
            new[key] = plain(rng, _type(body[key]))
        elif op == "change_value" and key:
            new[key] = _changed(rng, body[key])
        elif op == "huge_int" and key:
            new[key] = rng.choice([2**63 - 1, 2**64 - 1, -(2**63)])
        elif op == "wrong_kind":
            new_kind = rng.choice([k for k in KINDS if k != kind])
        elif op == "nested" and key:
            value: Any = body[key]
            for _ in range(rng.randint(50, 300)):
                value = [value]
            new[key] = value
        elif op == "action" and isinstance(body.get("actions"), list) and body["actions"]:
            key = "actions"
            i = rng.randrange(len(body["actions"]))
            new[key] = [*body[key][:i], _action(rng, body[key][i]), *body[key][i + 1:]]
        else:
            continue
        if (new_kind, pack(new)) != (kind, pack(body)):
            what = f"{kind} sent as {new_kind}" if op == "wrong_kind" else f"{op} {key} of {kind}"
            return new_kind, new, what
    return kind, {**body, "extra": 1}, f"extra_field extra of {kind}"


class Plan:
    """Change outgoing game message number `target` (0 = hello) of the attacker."""

    def __init__(self, rng: random.Random, target: int) -> None:
        self.rng, self.target, self.index, self.done = rng, target, 0, ""

    def apply(self, messages: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
        out = []
        for kind, body in messages:
            if self.index == self.target:
                kind, body, self.done = mutate_message(self.rng, kind, body)
            self.index += 1
            out.append((kind, body))
        return out


class Unsendable(Exception):
    """The attacker's own session refused to sign the mutated message (the receiver would refuse it too)."""


class MessagePlan(Protocol):
    """What an attacker does to its outgoing messages: a harness's plan (this module's `Plan`, the heroes faults')."""

    def apply(self, messages: list[tuple[str, Any]]) -> list[tuple[str, Any]]: ...


def tampering(plan: MessagePlan) -> type[NetMatch]:
    """A `NetMatch` whose outgoing batches pass through `plan` before they are signed."""
    class Tampering(NetMatch):
        def flush(self) -> None:
            if self.session.status != CLOSED:
                try:
                    self.session.send_batch(plan.apply(self.peer.outbox()))
                except ValueError as exc:
                    raise Unsendable(str(exc)) from exc
    return Tampering


def play_one(folder: Path, seed: int, victim_seat: int, plan: Plan, wedge: float) -> tuple[str, str]:
    """(outcome, detail) of one game with one tampered message; outcome "unreached" if the game ended first."""
    classes = (NetMatch, tampering(plan)) if victim_seat == 0 else (tampering(plan), NetMatch)
    game = LocalGame(folder, seed, classes=classes)
    victim, attacker = game.matches[victim_seat], game.matches[1 - victim_seat]
    deadline, moved, last = time.monotonic() + GAME_S, time.monotonic(), progress(victim)
    try:
        while not (game.finished and all(m.session.settled for m in game.matches)):
            now = time.monotonic()
            if plan.done and (now - moved > wedge or now > deadline):
                return "wedged", f"no progress in {wedge:g} s (waits: {[m.peer.waiting_for for m in game.matches]})"
            if not plan.done and (attacker.finished or now > deadline):
                return "unreached", ""
            for seat in (0, 1):
                try:
                    game.side(seat)
                except Unsendable as exc:
                    return "unsendable", str(exc)[:100]
                except Exception as exc:
                    if seat == attacker.seat:
                        raise
                    return "crashed", f"{type(exc).__name__}: {str(exc)[:100]}"
            if victim.violation:
                return "refused", victim.violation[:140]
            if attacker.violation:
                return "desync", attacker.violation[:140]
            if progress(victim) != last:
                moved, last = time.monotonic(), progress(victim)
            time.sleep(0.0003)
    finally:
        game.close()
    if not plan.done:
        return "unreached", ""
    try:
        verify_transcript(db(), folder / ("host.msgs" if victim_seat == 0 else "guest.msgs"))
    except ValueError as exc:
        return "disagree", str(exc)[:160]
    return "accepted", ""


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    rng = random.Random(args.seed + 101)
    outcomes: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    done = tries = 0
    with tempfile.TemporaryDirectory(prefix="attack-signed-") as tmp:
        while done < args.signed and tries < 3 * args.signed + 10:
            folder = Path(tmp) / f"game{tries}"
            folder.mkdir()
            victim = tries % 2
            plan = Plan(rng, rng.randrange(0, 40))
            outcome, detail = play_one(folder, args.seed * 1000 + 500 + tries, victim, plan, args.wedge)
            tries += 1
            if outcome == "unreached":
                continue
            done += 1
            outcomes[outcome] += 1
            shown = examples.setdefault(outcome, [])
            if len(shown) < 6:
                shown.append(f"victim seat {victim + 1}, {plan.done}: {detail}")
            if done % 10 == 0:
                log(f"  {done}/{args.signed} signed mutations: {dict(outcomes)}")
    for outcome, lines in sorted(examples.items()):
        for line in lines[:6 if outcome != "refused" else 3]:
            log(f"    {outcome}: {line}")
    return [
        count_row("signed", "victim crashed", outcomes["crashed"], done),
        count_row("signed", "accepted live, rejected by the verifier", outcomes["disagree"], done),
        count_row("signed", "accepted live, then desync", outcomes["desync"], done),
        count_row("signed", "victim wedged", outcomes["wedged"], done),
        Row("signed", "refused with a violation / accepted by both / not signed by the sender's session",
            f"{outcomes['refused']} / {outcomes['accepted']} / {outcomes['unsendable']}"),
    ]
