"""Live attacks over loopback: hostile frames, tampered transcripts, killed peers, malformed engine
actions and a stalling peer. Prints what went wrong as counts against their goals (issue 36); it
reports, it does not assert, and it is not part of the test suite (`make bench` skips it).

Run from the repository root (each section can run alone; all of them take about 5 minutes):

    .venv/bin/python bench/attack.py                        # every section, seed 1 (= make attack)
    .venv/bin/python bench/attack.py --only frames --frames 1000 --signed 100 --cli 1
    .venv/bin/python bench/attack.py --only transcripts --tamper 300
    .venv/bin/python bench/attack.py --only resume --kills 20
    .venv/bin/python bench/attack.py --only resume --kills 6 --moments purchase,before_handshake
    .venv/bin/python bench/attack.py --only actions --actions 10000
    .venv/bin/python bench/attack.py --only stall --stall-wait 40 --clock 10/20

Sections (details in each module of bench/attacks/):
- frames: mutated or unsigned frames from the connected opponent into a live in-process game
  (`frames`), signed game messages with mutated bodies (`signed`), and the frames the issue
  names against real `berserk host/join --headless` processes (`frames_cli`);
- transcripts: tamperings of finished games' transcripts, checked with `verify_transcript`;
- resume: games whose host or guest is SIGKILLed at a different moment each and resumed with
  `berserk resume FILE --headless`;
- actions: malformed and illegal actions fed to `engine.apply` at random points of random games;
- stall: a peer that stays connected but never moves (or never sends its final reveal), against
  `berserk host --headless`, hosted with `--clock VALUE` once the command has that option (pass
  the clock's form with --clock if it is not "10/20").

The same --seed gives the same engine actions, mutations, tamperings and in-process games (their
secrets are drawn from the seed); the moment a live frame or kill lands depends on timing, and
the `berserk` processes draw their own secrets, so those counts vary a little from run to run.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time

from attacks import Row
from attacks.resume import MOMENTS

SECTIONS = {      # a section and its modules in bench/attacks/, in the order they run
    "frames": ("frames", "signed", "frames_cli"),
    "transcripts": ("transcripts",),
    "resume": ("resume",),
    "actions": ("actions",),
    "stall": ("stall",),
}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="seed of every random choice (default 1)")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections of {list(SECTIONS)}")
    parser.add_argument("--frames", type=int, default=1000, help="unsigned/mutated frames to inject")
    parser.add_argument("--signed", type=int, default=100, help="signed game messages with mutated bodies")
    parser.add_argument("--wedge", type=float, default=5.0, help="seconds without progress that count as wedged")
    parser.add_argument("--cli", type=int, default=1, help="rounds of the known-bad frames against real processes")
    parser.add_argument("--tamper", type=int, default=300, help="tampered transcripts to verify")
    parser.add_argument("--kills", type=int, default=20, help="games with one side killed and resumed")
    parser.add_argument("--moments", default="", help="comma-separated kill moments to cycle through (default: all, "
                        "see bench/attacks/resume.py)")
    parser.add_argument("--actions", type=int, default=10_000, help="malformed engine actions")
    parser.add_argument("--stall-wait", type=float, default=40.0,
                        help="seconds the host gets to end a stalling peer's game (more than its clock)")
    parser.add_argument("--clock", default="10/20", help="the host's --clock value, when `berserk host` has it")
    parser.add_argument("--bot", default="random", help="the bot of the `berserk` processes")
    args = parser.parse_args(argv)
    wanted = {s.strip() for s in args.only.split(",") if s.strip()}
    if wanted - set(SECTIONS):
        parser.error(f"unknown sections {sorted(wanted - set(SECTIONS))}; known: {list(SECTIONS)}")
    args.sections = [s for s in SECTIONS if s in wanted]     # always in this order (see SECTIONS)
    args.moments = [m.strip() for m in args.moments.split(",") if m.strip()] or list(MOMENTS)
    if set(args.moments) - set(MOMENTS):
        parser.error(f"unknown moments {sorted(set(args.moments) - set(MOMENTS))}; known: {list(MOMENTS)}")
    return args


def log(text: str) -> None:
    print(text, flush=True)


def table(rows: list[Row], durations: dict[str, float]) -> None:
    width = max(len(r.what) for r in rows) if rows else 10
    print("\n== summary")
    print(f"{'section':<12} {'count':<{width}}  {'value':>14}  {'goal':>6}  ")
    for r in rows:
        mark = "" if r.ok is None else ("ok" if r.ok else "MISSED")
        print(f"{r.section:<12} {r.what:<{width}}  {r.value:>14}  {r.goal:>6}  {mark}")
    print("durations: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in durations.items()))


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    rows: list[Row] = []
    durations: dict[str, float] = {}
    log(f"attack run: seed {args.seed}, sections {', '.join(args.sections)}, python {sys.version.split()[0]}")
    for name in args.sections:
        for part in SECTIONS[name]:
            log(f"\n== {part}")
            start = time.monotonic()
            rows += importlib.import_module(f"attacks.{part}").run(args, log)
            durations[part] = time.monotonic() - start
    table(rows, durations)
    return 0


if __name__ == "__main__":
    sys.exit(main())
