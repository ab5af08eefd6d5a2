"""Settings: the language, the colour theme and how fast the bot plays."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Select, Static

from berserk_tui.i18n import LANGS
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import THEMES

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

DELAYS = (0, 200, 400, 800, 1500)


class SettingsScreen(Screen):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "key.back")]

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="form"):
            yield Static(id="settings-title", classes="title")
            yield Label(id="lang-label")
            yield Select([("Русский", "ru"), ("English", "en")], value=self.bapp.settings.lang,
                         allow_blank=False, id="lang")
            yield Label(id="theme-label")
            yield Select([(name, name) for name in THEMES], value=self.bapp.settings.theme,
                         allow_blank=False, id="theme")
            yield Label(id="delay-label")
            yield Select(self._delay_options(), value=self._delay(), allow_blank=False, id="delay")
            yield Static(id="settings-note", classes="hint")
        yield Footer()

    def _delay_options(self) -> list[tuple[str, int]]:
        return [(self.bapp.t("settings.delay.ms", ms=ms), ms) for ms in DELAYS]

    def _delay(self) -> int:
        return min(DELAYS, key=lambda ms: abs(ms - self.bapp.settings.bot_delay_ms))

    def on_mount(self) -> None:
        self.retranslate()
        self.query_one("#lang", Select).focus()

    def retranslate(self) -> None:
        t = self.bapp.t
        self.query_one("#settings-title", Static).update(t("settings.title"))
        self.query_one("#lang-label", Label).update(t("settings.lang"))
        self.query_one("#theme-label", Label).update(t("settings.theme"))
        self.query_one("#delay-label", Label).update(t("settings.delay"))
        self.query_one("#settings-note", Static).update(t("settings.note"))
        delay = self.query_one("#delay", Select)
        with self.prevent(Select.Changed):       # the same choice, in new words: nothing to apply
            delay.set_options(self._delay_options())
            delay.value = self._delay()

    def on_select_changed(self, event: Select.Changed) -> None:
        s = self.bapp.settings
        value = event.value
        if event.select.id == "lang" and value in LANGS and value != s.lang:
            self.bapp.apply_settings(replace(s, lang=str(value)))
        elif event.select.id == "theme" and value in THEMES and value != s.theme:
            self.bapp.apply_settings(replace(s, theme=str(value)))
        elif event.select.id == "delay" and isinstance(value, int) and value != s.bot_delay_ms:
            self.bapp.apply_settings(replace(s, bot_delay_ms=value))
