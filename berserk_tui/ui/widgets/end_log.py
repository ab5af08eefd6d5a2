"""A game log that keeps its last line in view when its height changes."""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import RichLog


class EndLog(RichLog):
    """A `RichLog` scrolled to its end after every resize: when the panel above it grows (a longer card text),
    the newest entries stay on screen instead of falling below its bottom edge."""

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        self.scroll_end(animate=False, immediate=True)
