"""One side's cards off the grid — flyers and terrain in the extra zone, seated symbionts — with a
cursor, and the sizes of its graveyard and exile."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from berserk_tui.engine import GameState
from berserk_tui.engine.keywords import life_left, max_life
from berserk_tui.i18n import tr
from berserk_tui.ui.widgets.tiles import markers


def off_grid(v: GameState, owner: int) -> list[int]:
    """The owner's battlefield cards that are not on a cell, in uid order."""
    return [c.uid for c in v.cards if c.owner == owner and c.zone in ("extra", "seated")]


class ZoneBar(Widget, can_focus=True):
    """Posts `ZoneBar.Selected(uid)` on Enter and `ZoneBar.CursorMoved(uid)` while browsing."""

    COMPONENT_CLASSES = {"zone--own", "zone--enemy", "zone--cursor", "zone--mark", "zone--label"}
    BINDINGS = [
        Binding("left,h", "move(-1)", "←", show=False),
        Binding("right,l", "move(1)", "→", show=False),
        Binding("enter,space", "select", "key.select", show=False),
    ]
    index: reactive[int] = reactive(0)

    class Selected(Message):
        def __init__(self, uid: int) -> None:
            super().__init__()
            self.uid = uid

    class CursorMoved(Message):
        def __init__(self, uid: int) -> None:
            super().__init__()
            self.uid = uid

    def __init__(self, owner_is_viewer: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.mine = owner_is_viewer
        self.view: GameState | None = None
        self.owner = 0
        self.lang = "ru"
        self.uids: list[int] = []
        self.marked: set[int] = set()

    def show(self, v: GameState, owner: int, marked: set[int], lang: str) -> None:
        self.view, self.owner, self.lang = v, owner, lang
        self.uids = off_grid(v, owner)
        self.can_focus = bool(self.uids)
        self.marked = marked
        self.index = min(self.index, max(len(self.uids) - 1, 0))
        self.refresh()

    @property
    def current(self) -> int | None:
        return self.uids[self.index] if self.uids else None

    def action_move(self, step: int) -> None:
        if self.uids:
            self.index = (self.index + step) % len(self.uids)

    def watch_index(self) -> None:
        if self.current is not None:
            self.post_message(self.CursorMoved(self.current))

    def on_focus(self) -> None:
        self.refresh()
        if self.current is not None:
            self.post_message(self.CursorMoved(self.current))

    def on_blur(self) -> None:
        self.refresh()

    def action_select(self) -> None:
        if self.current is not None:
            self.post_message(self.Selected(self.current))

    def render(self) -> Text:
        v = self.view
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None:
            return out
        label = self.get_component_rich_style("zone--label")
        side = self.get_component_rich_style("zone--own" if self.mine else "zone--enemy")
        out.append(tr("zone.yours" if self.mine else "zone.enemy", self.lang) + " ", label)
        if not self.uids:
            out.append("— ", label)
        for i, uid in enumerate(self.uids):
            d = v.cdef(uid)
            text = "?" if d is None else f"{d.name} ♥{life_left(v, uid)}/{max_life(v, uid)}{markers(v, uid)}"
            if v.cards[uid].zone == "seated" and d is not None:
                host = v.cdef(v.cards[uid].host)
                text += f"→{host.name if host else '?'}"
            style = side
            if uid in self.marked:
                style += self.get_component_rich_style("zone--mark")
            if i == self.index and self.has_focus:
                style += self.get_component_rich_style("zone--cursor")
            out.append(f"[{text}]", style)
            out.append(" ")
        p = v.players[self.owner]
        out.append(tr("zone.piles", self.lang, grave=len(p.grave), exile=len(p.exile)), label)
        return out
