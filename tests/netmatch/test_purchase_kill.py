"""Found by bench/attack.py (issue 36): a guest killed right after a purchase decision could not be resumed
("1 inputs left while the game waits for opponent"). A purchase step sends nothing, so the received records
it answered were still unsynced when the private game file took the new decision; a killed process then had
its own decisions ahead of its transcript. `NetMatch.save` now syncs the received records first."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.netmatch import NetMatch
from cards.decks import default_pair
from netplay import Session
from tests.netmatch.test_net_games import BERSERK, DB, finish

GUEST = r'''
import os, signal, sys
from pathlib import Path
from berserk_tui.bot import get_agent
from berserk_tui.netmatch import NetMatch
from cards.decks import default_pair
from cards.loader import load_all
from netplay import Session
db = load_all()
m = NetMatch.start(db, Session.join(sys.argv[1], Path(sys.argv[2])), list(default_pair(db)[1].cards))
bot = get_agent("random", 1)
while True:
    m.pump(0 if m.my_turn else 5)
    if m.my_turn:
        purchase = m.view().phase == "purchase"
        m.act(bot(m.view(), m.legal()))
        if purchase:
            os.kill(os.getpid(), signal.SIGKILL)
'''


def test_a_guest_killed_right_after_a_purchase_decision_resumes(tmp_path: Path) -> None:
    env = {**os.environ, "BERSERK_HOME": str(tmp_path / "home")}
    session, code = Session.host("127.0.0.1", 0, tmp_path / "host.msgs")
    host = NetMatch.start(DB, session, list(default_pair(DB)[0].cards))
    bot = get_agent("random", 2)
    try:
        guest = subprocess.Popen([sys.executable, "-c", GUEST, code, str(tmp_path / "guest.msgs")], env=env)
        while guest.poll() is None:
            host.pump(0 if host.my_turn else 5)
            if host.my_turn:
                host.act(bot(host.view(), host.legal()))
        assert guest.returncode == -9
        resumed = subprocess.Popen([*BERSERK, "resume", str(tmp_path / "guest.msgs"), "--headless"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + 120
        while resumed.poll() is None and time.monotonic() < deadline:   # to its end: its last messages acked
            host.pump(0 if host.my_turn else 5)
            if host.my_turn and not host.finished:
                host.act(bot(host.view(), host.legal()))
        rc, out, err = finish(resumed, 60)
        assert rc == 0 and "opponent verified" in out, err
        assert host.finished and host.peer.result is not None and host.peer.result.verified
    finally:
        host.close()
