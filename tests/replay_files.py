"""Files to replay in tests: a local save played by bots, and a network game between two in-process
peers over loopback (its transcripts are real: signed, hash-chained, verifiable)."""

from __future__ import annotations

import time
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.match import Match, MatchSetup
from berserk_tui.netmatch import NetMatch
from cards.decks import default_pair
from cards.loader import load_all
from netplay import FaultPolicy, Session, Timing

DB = load_all()
FAST = Timing(heartbeat=0.1, silence=1.0, lost=20.0, resend=0.05)


def played_save(path: Path, seed: int = 5, turns: int = 4) -> Match:
    """A game against the random bot, the player's seat also played by a random bot, until turn
    `turns` begins (or the game ends); saved to `path`."""
    decks = default_pair(DB)
    match = Match.start(DB, MatchSetup("random", (decks[0].cards, decks[1].cards), (decks[0].name, decks[1].name),
                                       seed))
    me = get_agent("random", seed + 1)
    while not match.over and match.state.turn < turns:
        seat = match.to_move
        match.play(match.bot_action() if match.is_bot(seat) else me(match.view(seat), match.legal()))
    match.save(path)
    return match


def played_transcripts(folder: Path, seed: int = 1, resign_on_turn: int = 0,
                       faults: FaultPolicy | None = None) -> tuple[NetMatch, NetMatch]:
    """A whole network game of two random bots (host seat 0, guest seat 1) on loopback; writes
    `host.msgs` and `guest.msgs` in `folder`. With `resign_on_turn` the player to decide on that
    turn resigns instead; `faults` (the guest's with its seed + 9) make the link lossy."""
    decks = default_pair(DB)
    host, code = Session.host("127.0.0.1", 0, folder / "host.msgs", timing=FAST, faults=faults)
    guest = Session.join(code, folder / "guest.msgs", timing=FAST,
                         faults=faults._replace(seed=faults.seed + 9) if faults else None)
    matches = (NetMatch.start(DB, host, list(decks[0].cards)), NetMatch.start(DB, guest, list(decks[1].cards)))
    bots = [get_agent("random", seed), get_agent("random", seed + 1)]
    deadline = time.monotonic() + 90
    while not all(m.finished for m in matches):
        assert time.monotonic() < deadline, "the game did not finish"
        for m, bot in zip(matches, bots, strict=True):
            m.pump(0 if any(x.my_turn for x in matches) else 1)    # no wait for traffic while a seat decides
            assert not m.violation, m.violation
            if not m.my_turn:
                continue
            if resign_on_turn and m.view().turn >= resign_on_turn and m.view().phase == "battle":
                m.resign()
            else:
                m.act(bot(m.view(), m.legal()))
    while not all(m.session.settled for m in matches):
        assert time.monotonic() < deadline, "the last messages were not acknowledged"
        for m in matches:
            m.pump(1)
    for m in matches:
        m.close()
    return matches
