"""Fair play between two peers that do not trust each other, as a pure state machine.

`Lockstep` runs one seat's side of any game: commit-reveal of a master secret, hash chains for the
dice, lockstep hashes of the public state, resignations, timeout claims and the final reveal. A
game's secrets policy subclasses it: `FairPeer` is the classic game's (commit-reveal for the deck, the
deals, the squad and the deployment, and at the end a full-information replay of the opponent's hidden
play). `verify_game` re-checks a finished game from both message streams. `DecisionClock` applies the
game's `TimeControl` (the caller feeds it the time). No I/O: the transport (`netplay/`) carries the
messages.
"""

from .clock import DEFAULT_CONTROL, DecisionClock, Reading, TimeControl
from .commitments import PeerSecrets, public_hash
from .ending import RESIGNATION, RULES, TIME, GameResult, Timeout
from .errors import Desync, ProtocolViolation
from .lockstep import DEFAULT_CHAIN_LENGTH, PROTOCOL_VERSION, RESIGN, Lockstep
from .peer import FairPeer
from .verify import GameHistory, GameReport, game_history, verify_game

__all__ = [
    "DEFAULT_CHAIN_LENGTH", "DEFAULT_CONTROL", "PROTOCOL_VERSION", "RESIGN", "RESIGNATION", "RULES", "TIME",
    "DecisionClock", "Desync", "FairPeer", "GameHistory", "GameReport", "GameResult", "Lockstep", "PeerSecrets",
    "ProtocolViolation", "Reading", "TimeControl", "Timeout", "game_history", "public_hash", "verify_game",
]
