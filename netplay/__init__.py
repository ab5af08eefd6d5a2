"""Game-agnostic peer-to-peer play for two seats, with no server.

The host listens on a CURVE-encrypted ZeroMQ socket and hands out a join code; the guest
connects with it. `Session` turns the link into a reliable, ordered stream of signed messages
(opaque msgpack bodies) that survives dropped connections and restarted processes, and records
every message in a verifiable transcript. See docs/transport.md.
"""

from netplay.codec import MAX_MESSAGE_BYTES, PROTOCOL_VERSION, Envelope, ProtocolError, pack, parse_envelope, unpack
from netplay.faults import FaultPolicy, FaultyLink, restart
from netplay.joincode import JoinCode, JoinCodeError
from netplay.keys import CurveKeypair, Identity
from netplay.link import GuestLink, HostLink
from netplay.session import (
    CLOSED,
    CONNECTED,
    LOST,
    RECONNECTING,
    UNREACHABLE,
    WAITING,
    Incoming,
    Session,
    Timing,
)
from netplay.transcript import TranscriptError, Verified, verify

__all__ = [
    "CLOSED", "CONNECTED", "LOST", "MAX_MESSAGE_BYTES", "PROTOCOL_VERSION", "RECONNECTING", "UNREACHABLE", "WAITING",
    "CurveKeypair", "Envelope", "FaultPolicy", "FaultyLink", "GuestLink", "HostLink", "Identity", "Incoming",
    "JoinCode", "JoinCodeError", "ProtocolError", "Session", "Timing", "TranscriptError", "Verified",
    "pack", "parse_envelope", "restart", "unpack", "verify",
]
