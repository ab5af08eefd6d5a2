"""The command palette (Ctrl+P) with its own words from the catalogue instead of Textual's English ones."""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option


class Palette(CommandPalette):
    """Textual's command palette with a translated placeholder and «no matches» line."""

    def __init__(self, placeholder: str, no_matches: str) -> None:
        super().__init__(placeholder=placeholder, id="--command-palette")
        self.no_matches = no_matches

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual 8.2.8's own countdown, with `no_matches` for its fixed "No matches found"."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:        # nothing found for a query; an empty query lists every command
                option = Option(Align.center(Text(self.no_matches, style="not bold")), disabled=True,
                                id=self._NO_MATCHES)
                self.query_one(CommandList).add_option(option)
            self._list_visible = bool(search_value)

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
