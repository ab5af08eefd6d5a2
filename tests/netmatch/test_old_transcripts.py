"""A transcript written by an earlier version of the app (another `APP_VERSION`: its state hashes are those of
another engine) is refused by `replay --verify` with a message naming both versions, not as a broken game."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.netmatch import verify_transcript
from cards.loader import load_all
from netplay.session import APP_VERSION
from tests.netplay import connect


def test_a_transcript_of_an_earlier_app_version_is_refused_by_name(tmp_path: Path) -> None:
    host, guest = connect(tmp_path, app_version=APP_VERSION - 1)
    host.send("hello", {})
    host.close()
    guest.close()
    with pytest.raises(ValueError, match=f"written by berserk version {APP_VERSION - 1}, this version checks "
                                         f"version {APP_VERSION}"):
        verify_transcript(load_all(), tmp_path / "host.tr")
