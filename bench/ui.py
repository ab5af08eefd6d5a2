"""UI speed: start-up to the main menu, and key press → repaint on the battle screen.

Prints medians. Start-up is measured in fresh processes (imports included) from the start of
the process to the first frame of the menu written to the (headless) terminal. A repaint is
the time from a key press on the battle screen to the next frame written.
Goals (issue 3): start-up under 1 s, repaint under 50 ms.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STARTS = 7
KEYS = ["right", "down", "left", "up"] * 15

STARTUP_PROBE = """
import time, asyncio
t0 = time.perf_counter()
from berserk_tui.ui.app import BerserkApp
from berserk_tui.userdata import Settings

async def main():
    app = BerserkApp(settings=Settings())
    shown = []
    display = app._display
    def first_frame(screen, renderable):
        display(screen, renderable)
        if not shown and screen.__class__.__name__ == "MenuScreen":
            shown.append(time.perf_counter())
    app._display = first_frame
    async with app.run_test(size=(100, 30)) as pilot:
        while not shown:
            await pilot.pause()
    print(shown[0] - t0)

asyncio.run(main())
"""


def startup_seconds() -> list[float]:
    env = {**os.environ, "BERSERK_HOME": tempfile.mkdtemp(prefix="berserk-bench-"), "PYTHONPATH": str(ROOT)}
    out = []
    for _ in range(STARTS):
        done = subprocess.run([sys.executable, "-c", STARTUP_PROBE], env=env, capture_output=True, text=True,
                              check=True, cwd=ROOT)
        out.append(float(done.stdout.strip().splitlines()[-1]))
    return out


async def repaint_ms(size: tuple[int, int]) -> list[float]:
    sys.path.insert(0, str(ROOT))
    from tests.ui.scenes import SCENES

    scene = SCENES["battle"]
    app = scene.app()
    frames: list[float] = []
    display = app._display

    def timed(screen, renderable):  # noqa: ANN001
        display(screen, renderable)
        frames.append(time.perf_counter())

    app._display = timed  # type: ignore[method-assign]
    out = []
    async with app.run_test(size=size) as pilot:
        await scene.prepare(pilot)
        for key in KEYS:
            await pilot.pause()
            start = time.perf_counter()
            await pilot.press(key)
            while not frames or frames[-1] < start:
                await asyncio.sleep(0.001)
            first = next(t for t in frames if t >= start)
            out.append((first - start) * 1000)
    return out


def main() -> None:
    os.environ["BERSERK_HOME"] = tempfile.mkdtemp(prefix="berserk-bench-")
    starts = startup_seconds()
    print(f"start-up to menu   median {statistics.median(starts) * 1000:.0f} ms "
          f"(min {min(starts) * 1000:.0f}, max {max(starts) * 1000:.0f}, {STARTS} runs; goal < 1000 ms)")
    for size in ((100, 30), (80, 24), (120, 40)):
        ms = asyncio.run(repaint_ms(size))
        print(f"key → repaint {size[0]}x{size[1]}  median {statistics.median(ms):.1f} ms "
              f"(p90 {sorted(ms)[int(len(ms) * 0.9)]:.1f}, {len(ms)} keys; goal < 50 ms)")


if __name__ == "__main__":
    main()
