"""One side's cards off the grid — flyers and terrain in the extra zone, seated symbionts — with a
cursor, and the sizes of its graveyard and exile. A side is the viewer's team or the other one: in a team game
each bar holds both players' cards, each marked with its player's number."""

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


def off_grid(v: GameState, owners: tuple[int, ...]) -> list[int]:
    """The owners' battlefield cards that are not on a cell, in uid order."""
    return [c.uid for c in v.cards if c.owner in owners and c.zone in ("extra", "seated")]


class ZoneBar(Widget, can_focus=True):
    """Posts `ZoneBar.Selected(uid)` on Enter and `ZoneBar.CursorMoved(uid)` while browsing."""

    COMPONENT_CLASSES = {"zone--own", "zone--ally", "zone--enemy", "zone--cursor", "zone--mark", "zone--label"}
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
        self.seat = 0
        self.owners: tuple[int, ...] = (0,)
        self.lang = "ru"
        self.uids: list[int] = []
        self.marked: set[int] = set()

    def show(self, v: GameState, seat: int, marked: set[int], lang: str) -> None:
        """Show the side of viewer `seat` (his own and his teammates') or the other team's."""
        self.view, self.seat, self.lang = v, seat, lang
        self.owners = (seat, *v.seats.allies(seat)) if self.mine else v.seats.opponents(seat)
        self.uids = off_grid(v, self.owners)
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
        teams = v.seats.count > 2
        side = self.get_component_rich_style("zone--own" if self.mine else "zone--enemy")
        ally = self.get_component_rich_style("zone--ally")
        key = ("zone.team." if teams else "zone.") + ("yours" if self.mine else "enemy")
        out.append(tr(key, self.lang) + " ", label)
        if not self.uids:
            out.append("— ", label)
        for i, uid in enumerate(self.uids):
            d = v.cdef(uid)
            text = "?" if d is None else f"{d.name} ♥{life_left(v, uid)}/{max_life(v, uid)}{markers(v, uid)}"
            if teams:
                text = f"{v.cards[uid].owner + 1}: {text}"
            if v.cards[uid].zone == "seated" and d is not None:
                host = v.cdef(v.cards[uid].host)
                text += f"→{host.name if host else '?'}"
            style = ally if self.mine and v.cards[uid].owner != self.seat else side
            if uid in self.marked:
                style += self.get_component_rich_style("zone--mark")
            if i == self.index and self.has_focus:
                style += self.get_component_rich_style("zone--cursor")
            out.append(f"[{text}]", style)
            out.append(" ")
        piles = [v.players[s] for s in self.owners]
        out.append(tr("zone.piles", self.lang, grave="+".join(str(len(p.grave)) for p in piles),
                      exile="+".join(str(len(p.exile)) for p in piles)), label)
        return out
