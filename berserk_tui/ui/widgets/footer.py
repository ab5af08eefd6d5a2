"""The footer of every screen: one line of key hints, the most important first, in the interface language.

A screen declares its bindings most important first: the key that finishes the current step leads
(or it lists their actions in that order in `KEY_ORDER`, its base class's keys among them).
A screen may also say what keys handled by its widgets do right now (`key_hints()`: pairs of a key
and a message id, e.g. what Enter does in the focused list); those come first. Then the bindings in
order, the focused widget's own first, and the keys every screen has
(the menu, F9, help, the command palette) last. When the line does not fit, the labels of all but the
two leading hints take their short forms (`key.X.short` in the catalogue), then the least important
hints are dropped, then the leading two are shortened; the first one always stays.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.widget import Widget

from berserk_tui.i18n import MESSAGES

KEY_PREFIX = "key."
LAST = ("card_text", "leave", "autoplay", "help", "command_palette", "quit")   # after a screen's own keys
GAP = " "
LEADING = 2       # the most important hints: shortened only when dropping all the others is not enough
PALETTE = "command_palette"
TEXTUAL_WORDS = {"Dismiss menu": "key.close"}     # Textual's own shown bindings (an open Select's list), translated


class Hint(NamedTuple):
    key: str          # as the footer shows it: "c", "enter", "f10", "^p"
    label: str
    short: str
    enabled: bool


class Footer(Widget, can_focus=False):
    """Key hints of the focused screen, fitted into one line."""

    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    Footer > .footer--key {
        background: $footer-key-background;
        color: $footer-key-foreground;
        text-style: bold;
    }
    Footer > .footer--disabled { text-style: dim; }
    """
    COMPONENT_CLASSES = {"footer--key", "footer--disabled"}

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def hints(self) -> list[Hint]:
        """The shown bindings of the focused chain, one per action, most important first."""
        seen: dict[str, Hint] = {}
        screen_hints = getattr(self.screen, "key_hints", None)
        for key, label in screen_hints() if screen_hints is not None else []:
            seen[f"hint:{key}"] = self._hint(key, label, True)
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            action = binding.action.rpartition(".")[2]
            if action in seen or not (binding.show or action == PALETTE):
                continue
            label = "key.palette" if action == PALETTE else TEXTUAL_WORDS.get(binding.description,
                                                                              binding.description)
            seen[action] = self._hint(self.app.get_key_display(binding), label, enabled)
        first = getattr(self.screen, "KEY_ORDER", ())

        def rank(action: str) -> tuple[int, int]:
            if action.startswith("hint:"):
                return (0, 0)
            if action in first:
                return (1, first.index(action))
            return (3, LAST.index(action)) if action in LAST else (2, 0)

        return [seen[a] for a in sorted(seen, key=rank)]     # stable: the rest keep their binding order

    def _hint(self, key: str, label: str, enabled: bool) -> Hint:
        """A hint with its label translated (a `key.*` message id) and its short form if it has one."""
        t = getattr(self.app, "t", None)
        if t is None or not label.startswith(KEY_PREFIX):
            return Hint(key, label, label, enabled)
        short_id = f"{label}.short"
        full = t(label)
        return Hint(key, full, t(short_id) if short_id in MESSAGES[getattr(self.app, "lang", "ru")] else full,
                    enabled)

    def line(self, width: int) -> list[tuple[Hint, str]]:
        """The hints that fit in `width` columns, each with the label to show."""
        shown = [(h, h.label) for h in self.hints()]

        def shorten(indices: range) -> None:
            for i in reversed(indices):
                if _width(shown) > width:
                    shown[i] = (shown[i][0], shown[i][0].short)

        def drop(keep: int) -> None:
            while len(shown) > keep and _width(shown) > width:
                shown.pop()

        shorten(range(LEADING, len(shown)))     # the others' labels shorten first, from the least important
        drop(LEADING)                           # then the least important go
        shorten(range(min(LEADING, len(shown))))
        drop(1)
        return shown

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        dim = self.get_component_rich_style("footer--disabled")
        out = Text(no_wrap=True, overflow="crop")
        for i, (hint, label) in enumerate(self.line(self.size.width)):
            if i:
                out.append(GAP)
            out.append(f" {hint.key} ", key_style if hint.enabled else key_style + dim)
            out.append(f" {label}", "" if hint.enabled else dim)
        return out


def _width(shown: list[tuple[Hint, str]]) -> int:
    return sum(len(h.key) + len(label) + 3 for h, label in shown) + len(GAP) * max(0, len(shown) - 1)
