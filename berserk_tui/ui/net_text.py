"""Network problems in the player's words: every error `netplay` and `netmatch` report, as a catalogue
message (`net.*` in `locale/ui.py`). The technical detail, in English, only fills a `{error}` slot
of the messages about things a program broke (a damaged file or message)."""

from __future__ import annotations

import errno
from collections.abc import Callable

from berserk_tui.netmatch import Note
from berserk_tui.userdata import FileError
from netplay import JoinCodeError, TranscriptError

Translate = Callable[..., str]


def code_error(t: Translate, exc: JoinCodeError) -> str:
    """A join code that cannot be read (or made)."""
    return t(f"net.code_error.{exc.reason}", **exc.params)


def open_error(t: Translate, mode: str, exc: Exception, bind: str = "", port: int = 0) -> str:
    """Why hosting (on bind:port), joining or resuming (`mode`) could not begin."""
    if isinstance(exc, JoinCodeError):
        return code_error(t, exc)
    if isinstance(exc, FileNotFoundError):
        return t("net.cannot.missing", path=exc.filename)
    if isinstance(exc, TranscriptError):
        return t("net.cannot.damaged", error=exc)
    if isinstance(exc, FileError):
        return t(f"net.cannot.{mode}", error=t(exc.problem.key, **exc.problem.params))
    if isinstance(exc, OSError):
        if exc.errno == errno.EADDRINUSE:
            return t("net.cannot.port_busy", port=port)
        if exc.errno == errno.EADDRNOTAVAIL:
            return t("net.cannot.address", address=bind)
        if exc.errno == errno.EACCES:
            return t("net.cannot.permission", port=port)
    return t(f"net.cannot.{mode}", error=exc)


def rejected(t: Translate, note: Note) -> str:
    """Something the session refused; "" for frames left over from a connection before a restart."""
    if note.code == "stranger":
        return ""
    if note.code.startswith("refused."):
        return t(f"net.{note.code}", error=note.text)
    if note.code == "handshake":
        return t("net.error.handshake")
    return t("net.error.protocol", error=note.text)


def unreachable(t: Translate, reason: str, endpoint: str) -> str:
    """A first contact with the host that failed, and why."""
    return t(f"net.unreachable.{reason}", address=endpoint.removeprefix("tcp://"))
