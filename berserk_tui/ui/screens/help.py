"""Rules, glossary and keys: a list of topics and the Markdown text of the chosen one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, OptionList
from textual.widgets.option_list import Option

from berserk_tui.help import TOPICS, load_topic, topic_title
from berserk_tui.ui.widgets.footer import Footer


class HelpScreen(Screen):
    """Opens on `topic`; Escape goes back."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "key.back"),
        Binding("question_mark", "topic('keys')", "key.keys"),
    ]

    def __init__(self, topic: str = "overview") -> None:
        super().__init__()
        self.topic = topic

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(id="topics")
            with VerticalScroll(id="help-text"):
                yield Markdown(id="help-md")
        yield Footer()

    def on_mount(self) -> None:
        self.retranslate()
        self.query_one("#topics", OptionList).focus()

    def retranslate(self) -> None:
        lang = self.app.lang  # type: ignore[attr-defined]
        menu = self.query_one("#topics", OptionList)
        menu.clear_options()
        menu.add_options([Option(topic_title(topic, lang), id=topic) for topic in TOPICS])
        menu.highlighted = TOPICS.index(self.topic)
        self._show()

    def _show(self) -> None:
        self.query_one("#help-md", Markdown).update(load_topic(self.topic, self.app.lang))  # type: ignore[attr-defined]
        self.query_one("#help-text", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id != self.topic:
            self.topic = event.option.id
            self._show()

    def action_topic(self, topic: str) -> None:
        self.query_one("#topics", OptionList).highlighted = TOPICS.index(topic)
