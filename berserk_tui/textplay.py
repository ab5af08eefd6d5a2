"""Plain-text play in the terminal: the board and a numbered menu of legal actions.

Everything is shown from one seat's view (`engine.view`) through `describe.Describer`, so
nothing hidden is named. `play_text` reads the player's choices from a text stream.
"""

from __future__ import annotations

from typing import Any, TextIO

from berserk_tui.bot import Agent
from berserk_tui.describe import Describer, cap
from berserk_tui.engine import Event, Game, GameState
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.engine.keywords import life_left, max_life
from berserk_tui.games.classic import CLASSIC
from berserk_tui.i18n import tr

CELL_WIDTH = 15
NAME_WIDTH = 6
HIDDEN = "###"
QUIT_WORDS = frozenset({"q", "quit", "exit", "й", "выход"})


# --- the board -----------------------------------------------------------------------------------

def _cell_text(say: Describer, seat: int, uid: int) -> str:
    v = say.v
    c = v.cards[uid]
    if c.card_id is None:
        body = HIDDEN
    else:
        mark = "#" if c.face_down else ("●" if c.closed else "○")
        body = f"{say.card_name(uid)[:NAME_WIDTH]} {life_left(v, uid)}/{max_life(v, uid)}{mark}"
    return f"[{body}]" if c.owner == seat else f"<{body}>"


def _zone_line(say: Describer, seat: int, owner: int) -> str:
    parts = []
    for c in say.v.cards:
        if c.owner != owner:
            continue
        if c.zone == "extra":
            parts.append(_cell_text(say, seat, c.uid))
        elif c.zone == "seated":
            parts.append(say.t("board.seated", card=_cell_text(say, seat, c.uid), host=say.card_at(c.host)))
    side = say.t("board.zone.own" if owner == seat else "board.zone.foe")
    grave = len(say.v.players[owner].grave)
    return say.t("board.zone", side=side, cards=", ".join(parts) or "—", grave=grave)


def board_text(v: GameState, seat: int, lang: str = "ru") -> str:
    """The battlefield as `seat` sees it, its own rows at the bottom, with the extra zones (the other seats'
    first, in turn order, then its own)."""
    say, geo = Describer(v, lang), v.geo
    flipped = v.first != -1 and geo.flipped(v.place(seat))
    rows = range(geo.rows) if flipped else range(geo.rows - 1, -1, -1)
    cols = range(geo.cols - 1, -1, -1) if flipped else range(geo.cols)
    lines = ["   " + " ".join(geo.files[c].center(CELL_WIDTH) for c in cols)]
    for r in rows:
        cells = []
        for c in cols:
            uid = v.grid[geo.cell_of(r, c)]
            cells.append((_cell_text(say, seat, uid) if uid >= 0 else "·").center(CELL_WIDTH))
        lines.append(f"{geo.rank_name(r):<2} " + " ".join(cells))
    lines += [_zone_line(say, seat, other) for other in v.seats.rounds[seat][1:]]
    lines.append(_zone_line(say, seat, seat))
    lines.append(say.t("board.legend"))
    return "\n".join(lines)


# --- the loop ------------------------------------------------------------------------------------

def _read_choice(inp: TextIO, out: TextIO, count: int, lang: str) -> int | None:
    """A 0-based menu index, or None when the player quits (q or end of input)."""
    while True:
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in QUIT_WORDS:
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text) - 1
        out.write(tr("play.bad_choice", lang, n=count) + "\n")


def play_text(game: Game, bots: dict[int, Agent], inp: TextIO, out: TextIO, lang: str = "ru",
              game_def: GameDef = CLASSIC) -> int:
    """Play `game` of `game_def` in the terminal in `lang`: bots move for their seats (each seeing its own view),
    the other seats read from `inp`.

    With one human seat everything is shown from that seat; with several from the deciding seat.
    Returns 0 at the end of the game or when the player quits.
    """
    humans = [s for s in range(game.state.seats.count) if s not in bots]
    viewer = humans[0] if humans else 0
    roles = getattr(game_def, "seat_roles", None)      # a seat the rules play: «игрок 2 (Астарот)»

    def say_events(events: list[Event]) -> None:
        say = game_def.describer(game_def.view(game.state, viewer), lang, roles)
        for e in events:
            text = say.event(e)
            if text:
                out.write(text + "\n")

    if len(humans) == 1:
        out.write(tr("play.you", lang, player=game_def.describer(game.state, lang, roles).player(viewer)) + "\n")
    say_events(game.log)
    while not game.over:
        seat = game.state.pending.player
        legal = game.legal_actions()
        if seat in bots:
            say_events(game.step(bots[seat](game_def.view(game.state, seat), legal)))
            continue
        if len(humans) > 1:
            viewer = seat
        v = game_def.view(game.state, viewer)
        say = game_def.describer(v, lang, roles)
        if not hasattr(v, "geo") or v.phase not in ("order", "purchase"):
            out.write(f"\n{_table(game_def, v, viewer, lang, roles)}\n")
        out.write("\n" + say.t("play.ask", player=cap(say.player(seat)), decision=say.decision()) + "\n")
        for i, action in enumerate(legal, 1):
            out.write(f"{i:3}. {say.action(action)}\n")
        choice = _read_choice(inp, out, len(legal), lang)
        if choice is None:
            out.write(tr("play.quit", lang) + "\n")
            return 0
        say_events(game.step(legal[choice]))
    out.write(f"\n{_table(game_def, game_def.view(game.state, viewer), viewer, lang, roles)}\n")
    return 0


def _table(game_def: GameDef, v: Any, viewer: int, lang: str, roles: Any) -> str:
    """What `viewer` sees on the table: the board of a classic game, the heroes' table of «Берсерк. Герои»."""
    if hasattr(v, "geo"):
        return board_text(v, viewer, lang)
    from berserk_tui.ui.heroes.text import table_text
    say = game_def.describer(v, lang, roles)
    return table_text(say.t, v, viewer, say.player)
