"""The footer of every screen, with the binding descriptions in the interface language."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

KEY_PREFIX = "key."


class Footer(TextualFooter):
    """Binding descriptions that are message ids (`key.*`) are translated with `app.t`."""

    def compose(self) -> ComposeResult:
        translate = getattr(self.app, "t", None)
        for widget in super().compose():
            if translate is not None and isinstance(widget, FooterKey) and widget.description.startswith(KEY_PREFIX):
                widget.description = translate(widget.description)
            yield widget
