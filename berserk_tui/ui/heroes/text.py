"""What the «Берсерк. Герои» screens say about the table, without Textual: a side's summary, a card's line in the
table list and its details. Everything reads one seat's view (`engine.heroes.view`) and the message catalogue."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from berserk_tui.engine.heroes.cards import EQUIPMENT, attack, can_act, keyword, life, life_left, silent
from berserk_tui.engine.heroes.main import playable
from berserk_tui.engine.heroes.zones import face_down
from cards.heroes.render import card_lines

Tr = Callable[..., str]
COIN_OPEN, COIN_CLOSED = "●", "○"


def coins(t: Tr, p: Any) -> str:
    """Open and closed coins: «●●○ 2/3»."""
    return t("hg.coins", bar=COIN_OPEN * p.open_coins + COIN_CLOSED * p.closed, open=p.open_coins,
             total=p.coins).strip()


def side_line(t: Tr, v: Any, seat: int, player: str) -> str:
    p = v.players[seat]
    return t("hg.side", player=player, coins=coins(t, p), hand=len(p.hand), deck=len(p.deck), grave=len(p.grave))


def in_play(v: Any, seat: int) -> list[int]:
    """A side's cards on the table: its hero, its creatures (the hidden ones after the others) and support cards."""
    p = v.players[seat]
    return [p.hero, *p.play, *face_down(v, seat), *p.support]


def kind_name(t: Tr, cdef: Any) -> str:
    """«экипировка (оружие)», «заклинание»..."""
    kind = t(f"heroes.type.{cdef.type}")
    return f"{kind} ({t(f'heroes.subtype.{cdef.subtype}')})" if cdef.type == EQUIPMENT and cdef.subtype else kind


def statuses(t: Tr, v: Any, uid: int, viewer: int) -> list[str]:
    """A card in play's state in words: hidden, closed, wounds, poison, stun, and for the viewer's creatures on his
    turn whether it can act now (or came in this turn)."""
    c = v.cards[uid]
    out = [t("hg.st.hidden")] if c.zone == "face_down" else []
    if any(m[0] == "stun" for m in c.modifiers):
        out.append(t("hg.st.stun"))
    if c.closed:
        out.append(t("hg.st.closed"))
    if poison := keyword(v, uid, "poison"):
        out.append(t("hg.st.poison", n=poison))
    if c.zone == "play" and c.defended == v.turn:
        out.append(t("hg.st.defended"))
    if c.zone == "play" and not c.closed and c.owner == viewer and v.active == viewer:
        out.append(t("hg.st.ready") if can_act(v, uid) else t("hg.st.new"))
    return out


def card_line(t: Tr, v: Any, uid: int, viewer: int) -> str:
    """One card of the table: a hero, a creature, a support card or a hand card, with its state."""
    c, cdef = v.cards[uid], v.cdef(uid)
    if cdef is None:
        return t("hg.card.hidden")
    if c.zone == "hero":
        text = t("hg.hero", name=cdef.name, left=life_left(v, uid), life=life(v, uid))
    elif c.zone in ("play", "face_down"):
        text = t("hg.creature", name=cdef.name, attack=attack(v, uid), left=life_left(v, uid), life=life(v, uid))
    elif c.zone == "hand":
        cost = t("hg.cost.x", cost=cdef.cost) if cdef.x_cost else cdef.cost
        text = t("hg.hand_card.stats", name=cdef.name, cost=cost, attack=cdef.attack, life=cdef.health) \
            if cdef.type == "creature" else t("hg.hand_card", name=cdef.name, cost=cost, kind=kind_name(t, cdef))
        if c.owner == viewer and v.active == viewer and v.pending.kind == "main" and playable(v, viewer, uid):
            text += " · " + t("hg.st.playable")
        return text
    else:
        text = t("hg.support", name=cdef.name, kind=kind_name(t, cdef))
    extra = statuses(t, v, uid, viewer)
    return " · ".join([text, *extra])


def card_head(t: Tr, cdef: Any) -> str:
    """A printed card's first line: name, kind, cost, strike and lives."""
    head = [f"{cdef.name} — {kind_name(t, cdef)}"]
    if cdef.type != "hero":
        head.append(t("hg.detail.cost", cost=t("hg.cost.x", cost=cdef.cost) if cdef.x_cost else cdef.cost))
    if cdef.type == "creature":
        head.append(t("hg.detail.stats", attack=cdef.attack, life=cdef.health))
    elif cdef.type == "hero":
        head.append(t("heroes.card.health", health=cdef.health))
    return " · ".join(head)


def card_body(t: Tr, cdef: Any, lang: str) -> list[str]:
    """A printed card's element, classes and text."""
    elements = [t(f"element.{e}") for e in cdef.elements] or [t("element.neutral")]
    lines = [t("hg.detail.element", list=", ".join(elements))]
    if cdef.classes:
        lines.append(t("hg.detail.classes", list=", ".join(cdef.classes)))
    return lines + card_lines(cdef, lang)


def detail(t: Tr, v: Any, uid: int, lang: str) -> str:
    """A card's details in a game: the printed card, its state now, and whether it plays without its abilities."""
    cdef = v.cdef(uid)
    if cdef is None:
        return t("hg.card.hidden")
    c = v.cards[uid]
    lines = [card_head(t, cdef)]
    if c.zone in ("play", "hero", "face_down"):
        now = "hg.detail.now.hero" if c.zone == "hero" else "hg.detail.now"
        lines.append(t(now, attack=attack(v, uid), left=life_left(v, uid), life=life(v, uid)))
        lines += [" · ".join(statuses(t, v, uid, c.owner))] if statuses(t, v, uid, c.owner) else []
    lines += card_body(t, cdef, lang)
    if silent(v, uid) and (cdef.abilities or cdef.keywords):
        lines.append(t("hg.detail.vanilla"))
    return "\n".join(lines)


def table_text(t: Tr, v: Any, viewer: int, player: Callable[[int], str]) -> str:
    """The table as plain lines (`berserk play --text`): each side's summary and cards, the opponent's first, then
    the viewer's hand; `player(seat)` names a seat."""
    lines = []
    for seat in (1 - viewer, viewer):
        lines.append(side_line(t, v, seat, player(seat)))
        lines += ["  " + card_line(t, v, uid, viewer) for uid in in_play(v, seat)]
    lines.append(t("hg.zone.hand") + ": " + "; ".join(card_line(t, v, uid, viewer) for uid in v.players[viewer].hand))
    return "\n".join(lines)
