"""What goes wrong between two peers: the opponent broke the protocol, or the engines disagree."""

from __future__ import annotations


class ProtocolViolation(ValueError):
    """The opponent's message breaks the fair-play protocol; the text says what it did wrong."""


class Desync(ProtocolViolation):
    """Both engines were at `seq` but their public states differ (`mine` != `theirs`)."""

    def __init__(self, seq: int, mine: bytes, theirs: bytes) -> None:
        super().__init__(f"desync at seq {seq}: my public state hash is {mine.hex()}, "
                         f"the opponent's is {theirs.hex()}")
        self.seq = seq
        self.mine = mine
        self.theirs = theirs
