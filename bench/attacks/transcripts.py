"""Section 2: tampered transcripts of finished games, checked with `verify_transcript`.

Four games are played in this process (random bots; the last one ends by a resignation); each
tampering takes one of their eight transcripts and changes it in one way of `OPS`: bytes (flip,
truncate), records (drop, duplicate, swap, keep a prefix, splice from another game, another
game's header, append, non-canonical encoding, a hostile body: nesting 700–1,000 deep, bytes map
keys), or an envelope's body or fields — keeping the old signature, re-signing with a stranger's
key, re-signing and re-chaining the writer's own messages with the writer's real key (from the
`.keys` file: a player editing his own transcript), or an opponent's message after replacing the
opponent's key (see below), so that only the game checks can catch it. Every tampered file must
be rejected with a ValueError; anything else raised is a crash.

Shown apart, without a goal: "re-keyed" transcripts, whose writer replaced the opponent's key in
the header by one of his own and re-signed the opponent's messages with it, the game unchanged.
A transcript alone cannot tell (it names the opponent only by the key it holds).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import msgpack

from berserk_tui.netmatch import verify_transcript
from netplay.codec import NO_HASH, Envelope, pack
from netplay.keys import Identity, load_private

from . import Row, count_row
from .common import BERSERK, ROOT, LocalGame, Log, db
from .mutate import DEPTH, deep, encode
from .signed import mutate_message

GAMES = 4


class Source(NamedTuple):
    path: Path
    data: bytes
    records: list[Any]
    seat: int               # the writer's seat
    identity: Identity      # the writer's key
    other: list[Any]        # the records of a transcript of another game


Tampering = tuple[bytes, str] | None
Op = Callable[[random.Random, Source], Tampering]


def _records(data: bytes) -> list[Any]:
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(data) + 1)
    unpacker.feed(data)
    return list(unpacker)


def _dump(records: list[Any]) -> bytes:
    return b"".join(pack(r) for r in records)


def _envelopes(src: Source, own: bool | None = None) -> list[int]:
    """Indices of envelope records (the writer's own, the peer's, or all)."""
    return [i for i, r in enumerate(src.records) if i and (own is None or (r[1][2] == src.seat) == own)]


def rechain(records: list[Any], seat: int, identity: Identity, start: int, renumber: bool = False) -> list[Any]:
    """Records with seat's envelopes from index `start` on re-linked (prev_hash), optionally renumbered, and
    re-signed by `identity`."""
    out, last, seq = [records[0]], NO_HASH, 0
    for index, record in enumerate(records[1:], 1):
        env = Envelope(*record[1])
        if env.sender == seat:
            seq += 1
            if index >= start:
                env = env._replace(seq=seq if renumber else env.seq, prev_hash=last, signature=b"")
                env = env._replace(signature=identity.sign(env.signed_bytes()))
            last = env.hash()
        out.append([record[0], list(env)])
    return out


def _edit_body(rng: random.Random, record: list[Any]) -> tuple[list[Any], str]:
    env = list(record[1])
    env[6], env[7], what = mutate_message(rng, env[6], env[7] if isinstance(env[7], dict) else {})
    return [record[0], env], what


def bit_flip(rng: random.Random, src: Source) -> Tampering:
    data = bytearray(src.data)
    at = rng.randrange(len(data))
    data[at] ^= 1 << rng.randrange(8)
    return bytes(data), f"bit at byte {at}"


def byte_truncate(rng: random.Random, src: Source) -> Tampering:
    cut = rng.randrange(1, len(src.data))
    return src.data[:cut], f"cut at byte {cut}"


def record_drop(rng: random.Random, src: Source) -> Tampering:
    i = rng.randrange(len(src.records))
    return _dump(src.records[:i] + src.records[i + 1:]), f"record {i} dropped"


def record_duplicate(rng: random.Random, src: Source) -> Tampering:
    i, j = rng.randrange(len(src.records)), rng.randrange(1, len(src.records) + 1)
    return _dump([*src.records[:j], src.records[i], *src.records[j:]]), f"record {i} again at {j}"


def record_swap(rng: random.Random, src: Source) -> Tampering:
    i = rng.randrange(len(src.records) - 1)
    j = i + 1 if rng.random() < 0.5 else rng.randrange(len(src.records))
    records = list(src.records)
    records[i], records[j] = records[j], records[i]
    return (_dump(records), f"records {i} and {j} swapped") if records != src.records else None


def record_truncate(rng: random.Random, src: Source) -> Tampering:
    keep = rng.randrange(1, len(src.records))
    return _dump(src.records[:keep]), f"first {keep} of {len(src.records)} records"


def splice_other_game(rng: random.Random, src: Source) -> Tampering:
    i, j = rng.randrange(1, len(src.records)), rng.randrange(1, len(src.other))
    records = list(src.records)
    records[i] = src.other[j]
    return _dump(records), f"record {i} from another game's record {j}"


def header_other_game(rng: random.Random, src: Source) -> Tampering:
    return _dump([src.other[0], *src.records[1:]]), "another game's header"


def append_record(rng: random.Random, src: Source) -> Tampering:
    extra = rng.choice([src.records[-1], src.records[rng.randrange(1, len(src.records))], ["sent", []], "junk"])
    return src.data + pack(extra), "a record appended"


def non_canonical(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice([i for i in _envelopes(src) if isinstance(src.records[i][1][7], dict)
                    and len(src.records[i][1][7]) > 1])
    record = src.records[i]
    body = record[1][7]
    env = [*record[1][:7], {k: body[k] for k in sorted(body, reverse=True)}, record[1][8]]
    return _dump(src.records[:i]) + encode([record[0], env]) + _dump(src.records[i + 1:]), \
        f"record {i} with its body's keys unsorted"


def hostile_body(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice(_envelopes(src))
    record = src.records[i]
    depth = rng.randint(*DEPTH)
    body = rng.choice([deep(depth, False), deep(depth, True), {b"k": 1, "seq": 1}, [2**64 - 1, -(2**63)]])
    env = [*record[1][:7], body, record[1][8]]
    return _dump(src.records[:i]) + encode([record[0], env]) + _dump(src.records[i + 1:]), \
        f"record {i} with a hostile body"


def body_keep_signature(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice(_envelopes(src))
    records = list(src.records)
    records[i], what = _edit_body(rng, records[i])
    return _dump(records), f"record {i}: {what}, old signature"


def body_wrong_key(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice(_envelopes(src))
    records = list(src.records)
    records[i], what = _edit_body(rng, records[i])
    env = Envelope(*records[i][1])._replace(signature=b"")
    records[i] = [records[i][0], list(env._replace(signature=Identity.generate().sign(env.signed_bytes())))]
    return _dump(records), f"record {i}: {what}, signed by a stranger"


def body_own_key(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice(_envelopes(src, own=True))
    records = list(src.records)
    records[i], what = _edit_body(rng, records[i])
    return _dump(rechain(records, src.seat, src.identity, i)), f"record {i}: {what}, re-signed by the writer"


def field_own_key(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice(_envelopes(src, own=True))
    records = list(src.records)
    env = list(records[i][1])
    field = rng.choice([3, 5, 6])       # seq, ack, kind
    env[field] = rng.choice(["act", "chance", "final", "resign"]) if field == 6 else env[field] + rng.choice([-1, 1])
    if env == records[i][1]:
        return None
    records[i] = [records[i][0], env]
    name = Envelope._fields[field]
    return _dump(rechain(records, src.seat, src.identity, i)), f"record {i}: {name} changed, re-signed by the writer"


def reorder_own_key(rng: random.Random, src: Source) -> Tampering:
    own = _envelopes(src, own=True)
    k = rng.randrange(len(own) - 1)
    i, j = own[k], own[k + 1]
    records = list(src.records)
    records[i], records[j] = [records[i][0], records[j][1]], [records[j][0], records[i][1]]
    if records[i][1][6:8] == records[j][1][6:8]:
        return None
    return _dump(rechain(records, src.seat, src.identity, i, renumber=True)), \
        f"own messages {i} and {j} swapped, renumbered and re-signed"


def drop_own_key(rng: random.Random, src: Source) -> Tampering:
    i = rng.choice(_envelopes(src, own=True))
    records = src.records[:i] + src.records[i + 1:]
    return _dump(rechain(records, src.seat, src.identity, i, renumber=True)), \
        f"own message {i} ({src.records[i][1][6]}) dropped, renumbered and re-signed"


def _rekeyed(src: Source, fake: Identity) -> list[Any]:
    """The records with the opponent's key in the header replaced by `fake` (the header re-signed)."""
    header = list(src.records[0])
    keys = list(header[5])
    keys[1 - src.seat] = fake.public_key
    header[5] = keys
    header[7] = src.identity.sign(pack(["berserk-netplay transcript", *header[:7]]))
    return [header, *src.records[1:]]


def rekey_opponent(src: Source) -> bytes:
    """The opponent's key replaced by a new one, its messages re-signed with it: the game unchanged."""
    fake = Identity.generate()
    return _dump(rechain(_rekeyed(src, fake), 1 - src.seat, fake, 1))


def peer_body_rekeyed(rng: random.Random, src: Source) -> Tampering:
    fake = Identity.generate()
    records = _rekeyed(src, fake)
    i = rng.choice(_envelopes(src, own=False))
    records[i], what = _edit_body(rng, records[i])
    return _dump(rechain(records, 1 - src.seat, fake, 1)), f"record {i}: {what}, the opponent re-keyed"


OPS: list[Op] = [bit_flip, byte_truncate, record_drop, record_duplicate, record_swap, record_truncate,
                 splice_other_game, header_other_game, append_record, non_canonical, hostile_body, body_keep_signature,
                 body_wrong_key, body_own_key, field_own_key, reorder_own_key, drop_own_key, peer_body_rekeyed]


def play_games(folder: Path, seed: int, log: Log) -> list[Path]:
    paths = []
    for g in range(GAMES):
        sub = folder / f"game{g}"
        sub.mkdir()
        game = LocalGame(sub, seed * 1000 + 900 + g)
        finished = game.play(90, resign_on_turn=3 if g == GAMES - 1 else 0)
        game.close()
        if finished:
            paths += [sub / "host.msgs", sub / "guest.msgs"]
        log(f"  game {g + 1}: {'finished' if finished else 'did not finish (left out)'}")
    return paths


def _source(path: Path, other: Path) -> Source:
    data = path.read_bytes()
    records = _records(data)
    keys = load_private(Path(f"{path}.keys"))
    return Source(path, data, records, records[0][6], Identity.from_private_bytes(keys["identity"]),
                  _records(other.read_bytes()))


def check(path: Path) -> tuple[str, str]:
    """("accepted" | "rejected" | "crashed", detail) of verify_transcript on path."""
    try:
        verify_transcript(db(), path)
    except ValueError as exc:
        return "rejected", str(exc)[:120]
    except Exception as exc:
        return "crashed", f"{type(exc).__name__}: {str(exc)[:100]}"
    return "accepted", ""


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    rng = random.Random(args.seed + 202)
    outcomes: Counter[str] = Counter()
    layers: Counter[tuple[str, str]] = Counter()     # (op, what caught it: "transcript" or "game")
    shown: list[str] = []
    with tempfile.TemporaryDirectory(prefix="attack-transcripts-") as tmp:
        folder = Path(tmp)
        paths = play_games(folder, args.seed, log)
        originals = sum(check(p)[0] == "accepted" for p in paths)
        sources = [_source(p, paths[(i + 2) % len(paths)]) for i, p in enumerate(paths)]
        rekeyed = 0
        for i, src in enumerate(sources):
            (folder / f"rekeyed{i}.msgs").write_bytes(rekey_opponent(src))
            rekeyed += check(folder / f"rekeyed{i}.msgs")[0] == "accepted"
        done, cli = 0, []
        while done < args.tamper:
            op = OPS[done % len(OPS)]
            src = rng.choice(sources)
            made = op(rng, src)
            if made is None or made[0] == src.data:
                continue
            path = folder / f"tampered{done}.msgs"
            path.write_bytes(made[0])
            outcome, detail = check(path)
            outcomes[outcome] += 1
            layers[(op.__name__, detail.split(":")[0] if outcome == "rejected" else outcome)] += 1
            if outcome != "rejected" and len(shown) < 10:
                shown.append(f"{outcome} {op.__name__} ({made[1]}) of {src.path.parent.name}/{src.path.name}: {detail}")
            if len(cli) < 3:
                cli.append((path, outcome))
            done += 1
            if done % 50 == 0:
                log(f"  {done}/{args.tamper} tampered: {dict(outcomes)}")
        disagree = sum(_cli_verdict(path, folder) != outcome for path, outcome in cli)
    for op in OPS:
        caught = {layer: n for (name, layer), n in sorted(layers.items()) if name == op.__name__}
        log(f"    {op.__name__:<20} {caught}")
    for line in shown:
        log(f"    {line}")
    log(f"  `berserk replay --verify` on {len(cli)} of them: {len(cli) - disagree} agree with the in-process verdict")
    return [
        count_row("transcripts", "tampered transcripts accepted", outcomes["accepted"], args.tamper),
        count_row("transcripts", "verifier crashed (not a clean rejection)", outcomes["crashed"], args.tamper),
        Row("transcripts", "untampered transcripts that verify", f"{originals} / {len(paths)}", str(len(paths)),
            originals == len(paths)),
        Row("transcripts", "re-keyed opponent, game unchanged: accepted", f"{rekeyed} / {len(sources)}"),
    ]


def _cli_verdict(path: Path, home: Path) -> str:
    env = {**os.environ, "BERSERK_HOME": str(home)}
    done = subprocess.run([*BERSERK, "replay", str(path), "--verify"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, env=env)
    if "Traceback" in done.stderr:
        return "crashed"
    return {0: "accepted", 1: "rejected"}.get(done.returncode, "crashed")
