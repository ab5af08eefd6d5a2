"""The encrypted socket pair: a CURVE ROUTER on the host, a CURVE DEALER on the guest.

A link moves opaque frames (bytes) and reports what its socket monitor sees (connections,
failed handshakes). It knows nothing about sessions; `session.py` decides who may talk.
"""

from __future__ import annotations

import contextlib
import os
import time
from typing import NamedTuple, Protocol

import zmq
from zmq.utils.monitor import recv_monitor_message

from netplay.codec import MAX_MESSAGE_BYTES
from netplay.keys import CurveKeypair, z85_key

ROUTING_ID_BYTES = 8
RECONNECT_IVL_MS = 100
RECONNECT_IVL_MAX_MS = 1000
ZMTP_HEARTBEAT_MS = 1000
ZMTP_TIMEOUT_MS = 5000
BIND_RETRY_S = 2.0
CLOSE_LINGER_MS = 250  # a closing socket may still send its last frames (the final ack) for this long
HARD_MAX_BYTES = 4 * MAX_MESSAGE_BYTES  # libzmq drops a connection past this; the codec rejects earlier
MONITOR_EVENTS = (zmq.EVENT_HANDSHAKE_SUCCEEDED | zmq.EVENT_DISCONNECTED | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
                  | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL | zmq.EVENT_HANDSHAKE_FAILED_AUTH | zmq.EVENT_CONNECT_RETRIED)


class Frame(NamedTuple):
    """A frame from a peer; peer is the ROUTER routing id on the host, b"" on the guest."""

    peer: bytes
    data: bytes
    origin: str  # who sent it, for messages to people: "peer 1a2b… at 10.0.0.5" or the host endpoint


class LinkNote(NamedTuple):
    """A socket event: what is "connected", "disconnected", "handshake_failed" or "retrying" (a guest's
    connection attempt failed or dropped; libzmq tries again); detail for people."""

    what: str
    detail: str


class Link(Protocol):
    endpoint: str

    def send(self, peer: bytes, data: bytes) -> None: ...

    def poll(self, timeout_ms: int) -> list[Frame | LinkNote]: ...

    def close(self) -> None: ...


def _socket(kind: int) -> zmq.Socket:
    sock = zmq.Context.instance().socket(kind)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.MAXMSGSIZE, HARD_MAX_BYTES)
    sock.setsockopt(zmq.HEARTBEAT_IVL, ZMTP_HEARTBEAT_MS)
    sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, ZMTP_TIMEOUT_MS)
    return sock


def _note(event: dict) -> LinkNote:
    kind = event["event"]
    if kind == zmq.EVENT_HANDSHAKE_SUCCEEDED:
        return LinkNote("connected", "encrypted handshake completed")
    if kind == zmq.EVENT_DISCONNECTED:
        return LinkNote("disconnected", "connection closed")
    if kind == zmq.EVENT_CONNECT_RETRIED:
        return LinkNote("retrying", f"no connection; trying again in {event['value']} ms")
    return LinkNote("handshake_failed", "encrypted handshake failed: wrong server key, or not a peer of ours "
                                        f"(libzmq code {event['value']:#x})")


class _MonitoredLink:
    """Shared polling over the data socket and its monitor."""

    endpoint: str

    def __init__(self, sock: zmq.Socket) -> None:
        self._sock = sock
        self._monitor = sock.get_monitor_socket(MONITOR_EVENTS)
        self._poller = zmq.Poller()
        self._poller.register(sock, zmq.POLLIN)
        self._poller.register(self._monitor, zmq.POLLIN)
        self.closed = False

    def poll(self, timeout_ms: int) -> list[Frame | LinkNote]:
        """Wait up to timeout_ms for anything, then return everything already queued."""
        if self.closed:
            return []
        self._poller.poll(timeout_ms)
        out: list[Frame | LinkNote] = []
        while True:
            try:
                out.append(_note(recv_monitor_message(self._monitor, zmq.NOBLOCK)))
            except zmq.Again:
                break
        while True:
            try:
                parts = self._sock.recv_multipart(zmq.NOBLOCK, copy=False)
            except zmq.Again:
                break
            out.append(self._frame(parts))
        return out

    def _frame(self, parts: list[zmq.Frame]) -> Frame:
        raise NotImplementedError

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self._sock.disable_monitor()
        self._monitor.close(linger=0)
        self._sock.close(linger=CLOSE_LINGER_MS)


def _bind(sock: zmq.Socket, address: str, port: int) -> int:
    """Bind and return the port; a fixed port just released (a restart) gets BIND_RETRY_S to become free."""
    if not port:
        return sock.bind_to_random_port(f"tcp://{address}")
    deadline = time.monotonic() + BIND_RETRY_S
    while True:
        try:
            sock.bind(f"tcp://{address}:{port}")
            return port
        except zmq.ZMQError as exc:
            if exc.errno != zmq.EADDRINUSE or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


class HostLink(_MonitoredLink):
    """ROUTER socket with a CURVE server key; port 0 binds an ephemeral port (see .port)."""

    def __init__(self, bind: str = "0.0.0.0", port: int = 0, keypair: CurveKeypair | None = None) -> None:
        self.keypair = keypair or CurveKeypair.generate()
        sock = _socket(zmq.ROUTER)
        sock.setsockopt(zmq.ROUTER_HANDOVER, 1)
        sock.curve_server = True
        sock.curve_secretkey = z85_key(self.keypair.secret)
        sock.curve_publickey = z85_key(self.keypair.public)
        try:
            port = _bind(sock, bind, port)
        except zmq.ZMQError as exc:     # a busy port, an address not on this machine: an OSError
            sock.close(linger=0)
            raise OSError(exc.errno, f"cannot listen on tcp://{bind}:{port or '*'}: {exc.strerror}") from exc
        self.port = port
        self.endpoint = f"tcp://{bind}:{port}"
        super().__init__(sock)

    def _frame(self, parts: list[zmq.Frame]) -> Frame:
        peer = parts[0].bytes
        origin = f"peer {peer.hex()} at {parts[-1].get('Peer-Address')}"
        return Frame(peer, parts[-1].bytes if len(parts) == 2 else b"", origin)

    def send(self, peer: bytes, data: bytes) -> None:
        """Send to a routing id; silently dropped if that peer is not connected (the session resends)."""
        with contextlib.suppress(zmq.Again):
            self._sock.send_multipart([peer, data], zmq.NOBLOCK)


class GuestLink(_MonitoredLink):
    """DEALER socket with CURVE client keys; it reconnects by itself under a fixed routing id."""

    def __init__(self, host: str, port: int, server_key: bytes, routing_id: bytes | None = None) -> None:
        self.routing_id = routing_id or os.urandom(ROUTING_ID_BYTES)
        client = CurveKeypair.generate()
        sock = _socket(zmq.DEALER)
        sock.setsockopt(zmq.ROUTING_ID, self.routing_id)
        sock.setsockopt(zmq.IMMEDIATE, 1)  # never queue frames for a connection that is not up
        sock.setsockopt(zmq.RECONNECT_IVL, RECONNECT_IVL_MS)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, RECONNECT_IVL_MAX_MS)
        sock.curve_serverkey = z85_key(server_key)
        sock.curve_publickey = z85_key(client.public)
        sock.curve_secretkey = z85_key(client.secret)
        self.endpoint = f"tcp://{host}:{port}"
        super().__init__(sock)      # the monitor first: a handshake completed before it would go unreported
        try:
            sock.connect(self.endpoint)
        except zmq.ZMQError as exc:
            self.close()
            raise OSError(exc.errno, f"cannot connect to {self.endpoint}: {exc.strerror}") from exc

    def _frame(self, parts: list[zmq.Frame]) -> Frame:
        return Frame(b"", parts[0].bytes if len(parts) == 1 else b"", f"host at {self.endpoint}")

    def send(self, peer: bytes, data: bytes) -> None:
        """Send to the host (peer is ignored); dropped while disconnected (the session resends)."""
        with contextlib.suppress(zmq.Again):
            self._sock.send(data, zmq.NOBLOCK)
