"""The detail pane: everything known about one card — stats now and printed, statuses, text."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from berserk_tui.engine import GameState
from berserk_tui.engine.keywords import gained_ability, life_left, max_life, max_moves, strike_values
from berserk_tui.engine.modifiers import modifiers_of
from berserk_tui.engine.places import equipment_of, position, symbiont_of
from berserk_tui.i18n import MESSAGES, tr
from cards.render import buff_phrase, keyword_name, render_ability, render_card
from cards.schema import CardDef


def buff_status(key: str, value: object, lang: str) -> str | None:
    """A status a modifier gives («cannot act»), or None for the engine's own bookkeeping
    (strikes made this turn, wounds taken, the cell it jumped from)."""
    if f"buffed.{key}" not in MESSAGES[lang]:
        return None
    if key == "lose_kw":
        return tr("buffed.lose_kw", lang, what=keyword_name(str(value), lang))
    return tr(f"buffed.{key}", lang)


def card_facts(d: CardDef, lang: str) -> Text:
    """Name, element, kind, classes, cost and printed stats of a card definition."""
    out = Text()
    out.append(d.name, "bold")
    flags = [tr(f"flag.{f}", lang) for f, on in (("elite", d.elite), ("unique", d.unique)) if on]
    out.append(f"  {d.cost}" + (f" ({', '.join(flags)})" if flags else "") + "\n")
    elements = ", ".join(tr(f"element.{e}", lang) for e in d.elements) or tr("element.neutral", lang)
    out.append(f"{elements} · {tr(f'kind.{d.kind}', lang)}")
    if d.classes:
        out.append(f" · {', '.join(d.classes)}")
    out.append("\n")
    if d.is_creature:
        out.append(tr("detail.stats", lang, life=d.life, move=d.move, strike="-".join(map(str, d.strike))) + "\n")
    text = render_card(d, lang)
    if text:
        out.append("\n" + text + "\n")
    if not d.implemented:
        out.append("\n" + tr("detail.not_implemented", lang) + "\n", "italic")
    if d.boardgame:
        out.append("\n" + tr("detail.boardgame", lang) + "\n", "italic")
    return out


def card_state_text(v: GameState, uid: int, seat: int, lang: str) -> Text:
    """A card on the battlefield as seat `seat` knows it: its state, then its facts."""
    c = v.cards[uid]
    d = v.cdef(uid)
    owner = tr("detail.yours" if c.owner == seat else "detail.enemy", lang)
    pos = position(v, uid)
    where = f" · {v.geo.cell_name(pos)}" if pos >= 0 else ""
    if d is None:
        return Text(f"{tr('detail.face_down', lang)}\n{owner}{where}")
    out = Text(f"{owner}{where}\n", "dim")
    now: list[str] = []
    if d.is_creature:
        now.append(tr("detail.now", lang, life=life_left(v, uid), total=max_life(v, uid),
                      moves=c.moves if v.phase == "battle" else max_moves(v, uid),
                      strike="-".join(map(str, strike_values(v, uid)))))
    for key, on in (("face_down", c.face_down), ("closed", c.closed), ("blessed", c.blessed),
                    ("cursed", c.cursed)):
        if on:
            now.append(tr(f"status.{key}", lang))
    if c.poison:
        now.append(tr("status.poison", lang, n=c.poison))
    if c.chips:
        now.append(tr("status.chips", lang, n=c.chips))
    for key, value, _until in modifiers_of(v, uid):
        if key in ("gained", "gained_grave"):       # an ability given by another card, by reference
            phrase = tr("buffed.gained_text", lang, text=render_ability(d, gained_ability(v, value), lang))
        else:
            phrase = buff_phrase(key, value, lang) or buff_status(key, value, lang)
        if phrase:
            now.append(phrase)
    rider = symbiont_of(v, uid)
    if rider != -1:
        now.append(tr("status.carries", lang, name=v.cdef(rider).name if v.cdef(rider) else "?"))
    for e in equipment_of(v, uid):
        now.append(tr("status.equipped_with", lang, name=v.cdef(e.uid).name if v.cdef(e.uid) else "?"))
    if c.zone in ("seated", "equipped") and c.host >= 0:
        host = v.cdef(c.host)
        now.append(tr(f"status.{c.zone}_on", lang, name=host.name if host else "?"))
    if now:
        out.append("\n".join(now) + "\n\n", "bold")
    out.append_text(card_facts(d, lang))
    return out


class CardDetail(VerticalScroll, can_focus=False):
    """Shows one card; `show_card(view, uid, seat)` or `show_def(card)` or `show_text(text)`. When the
    text is taller than the pane, the screen offers it whole (`is_cut`, `CardTextScreen`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text: Text = Text()

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def show_card(self, v: GameState, uid: int, seat: int, lang: str) -> None:
        self.show_text(card_state_text(v, uid, seat, lang))

    def show_def(self, d: CardDef, lang: str) -> None:
        self.show_text(card_facts(d, lang))

    def show_text(self, text: str | Text) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        if self.is_mounted:
            self.query_one(Static).update(self.text)
            self.scroll_home(animate=False)
            self.call_after_refresh(self.screen.refresh_bindings)

    @property
    def is_cut(self) -> bool:
        """Does the text run past the bottom of the pane?"""
        return self.max_scroll_y > 0
