"""Network problems in the player's words: every error `netplay` and `netmatch` report, as a catalogue
message (`net.*` in `locale/ui.py`). The technical detail, in English, only fills a `{error}` slot
of the messages about things a program broke (a damaged file or message)."""

from __future__ import annotations

import errno
from collections.abc import Callable

from berserk_tui.netgame import TimeControl
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


def spoken_duration(t: Translate, seconds: int) -> str:
    """«45 с», «15 мин», «2 мин 30 с», «1 ч 30 мин»: a length of time in words."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return t("clock.hours_minutes", h=hours, m=minutes) if minutes else t("clock.hours", h=hours)
    if minutes and secs:
        return t("clock.minutes_seconds", m=minutes, s=secs)
    return t("clock.minutes", m=minutes) if minutes else t("clock.seconds", s=secs)


def control_text(t: Translate, control: TimeControl) -> str:
    """«60 с на решение + 15 мин запаса на партию»."""
    return t("clock.control", allowance=spoken_duration(t, control.allowance),
             reserve=spoken_duration(t, control.reserve))


def control_short(t: Translate, control: TimeControl) -> str:
    """«60 с + 15 мин», for a list of choices."""
    return f"{spoken_duration(t, control.allowance)} + {spoken_duration(t, control.reserve)}"
