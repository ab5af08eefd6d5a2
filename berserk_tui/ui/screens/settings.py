"""Settings: the language, the colour theme, how fast the bot plays and which response windows to offer."""

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

DELAYS = (2000, 1000, 400, 0)      # the bot's pace, slow to instant (ms before each action in battle)


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
            yield Select(self._choices("delay"), value=self._delay(), allow_blank=False, id="delay")
            yield Label(id="responses-label")
            yield Select(self._choices("responses"), value=self.bapp.settings.ask_own_responses, allow_blank=False,
                         id="responses")
            yield Static(id="settings-note", classes="hint")
        yield Footer()

    def _choices(self, name: str) -> list[tuple[str, object]]:
        """The options of the select `name`, in the interface language."""
        t = self.bapp.t
        if name == "delay":
            return [(t(f"settings.pace.{ms}"), ms) for ms in DELAYS]
        return [(t(f"settings.own_responses.{k}"), k == "yes") for k in ("no", "yes")]

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
        self.query_one("#responses-label", Label).update(t("settings.own_responses"))
        for name in ("delay", "responses"):
            widget = self.query_one(f"#{name}", Select)
            value = widget.value
            with widget.prevent(Select.Changed):     # the same value in the new language, not a change
                widget.set_options(self._choices(name))
                widget.value = value
                widget.mutate_reactive(Select.value)    # its shown label too, when the value is the first one
        self.query_one("#settings-note", Static).update(t("settings.note"))

    def on_select_changed(self, event: Select.Changed) -> None:
        s = self.bapp.settings
        value = event.value
        if event.select.id == "lang" and value in LANGS and value != s.lang:
            self.bapp.apply_settings(replace(s, lang=str(value)))
        elif event.select.id == "theme" and value in THEMES and value != s.theme:
            self.bapp.apply_settings(replace(s, theme=str(value)))
        elif event.select.id == "delay" and isinstance(value, int) and value != s.bot_delay_ms:
            self.bapp.apply_settings(replace(s, bot_delay_ms=value))
        elif event.select.id == "responses" and isinstance(value, bool) and value != s.ask_own_responses:
            self.bapp.apply_settings(replace(s, ask_own_responses=value))
