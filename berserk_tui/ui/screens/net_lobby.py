"""Starting a network game: host it (and show the join code), join it with a code, or resume it.

The host picks the rules and mode (a game of two players) and the time control (`CLOCK_PRESETS`, or the one
given with `berserk host --clock`); the guest adopts both with the host's commitments and the app says so when
the game begins. The screen
opens the session, shows the connection state and the transcript's path while the two peers
exchange their commitments, and hands the game to the app (`BerserkApp.start_net`) once the
order roll begins. Joining waits for the host's first message (a four-player host's gives the seat) in a
thread worker (`Joining`), so the screen stays live (Esc gives up) while the host is contacted. Once the session
is open the form's fields give way to a summary, and the
join code stands on a line of its own below the form, with no border a selection could catch.
A first contact that fails (`NetMatch.unreachable`) or a host that turns the guest away is
reported at once, in the player's words (`ui/net_text.py`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Input, Label, Select, Static
from textual.worker import Worker, WorkerState

from berserk_tui import games
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.net_join import pending_join, rejoin, save_join
from berserk_tui.net_table import NetTable
from berserk_tui.netgame import DEFAULT_CONTROL, TimeControl
from berserk_tui.netmatch import REJECTED, VIOLATION, NetMatch, game_db, new_transcript
from berserk_tui.party_cli import Replayed, first_message
from berserk_tui.party_net import GAMES, SEAT, PartyGuest, PartyHost, is_party_file, resume_node
from berserk_tui.party_table import PartyTable
from berserk_tui.ui import net_text
from berserk_tui.ui.deck_text import deck_label, error_text
from berserk_tui.ui.game_text import game_title
from berserk_tui.ui.heroes import net as heroes_net
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import user_decks
from cards.decks import Deck, builtin_decks
from netplay import CLOSED, Incoming, Session, Timing

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

HOST, JOIN, RESUME = "host", "join", "resume"
TICK_S = 0.05
CLOCK_PRESETS = (TimeControl(30, 300), DEFAULT_CONTROL, TimeControl(120, 1800), TimeControl(300, 3600))


class Joining:
    """A join under way: its session belongs to the worker that waits for the host's first message until the
    worker hands it back (`take`), or, given up on (`cancel`), closes it."""

    def __init__(self, session: Session, deck: Deck, items: list[Incoming] | None = None) -> None:
        self.session, self.deck, self.items = session, deck, items or []
        self._lock = threading.Lock()
        self._cancelled = False
        self._handed = False

    def wait(self) -> list[Incoming] | None:
        """In the worker: what came until the host's first message (None: given up on, the session closed)."""
        items = list(self.items)
        if not any(item.event == "message" for item in items):     # a rejoin may have it recorded already
            items += first_message(self.session, lambda: self._cancelled)
        with self._lock:
            if self._cancelled:
                self.session.close()
                return None
            self._handed = True
        return items

    def cancel(self) -> None:
        """Give up: the worker closes the session, or it is closed here if the worker has handed it back."""
        with self._lock:
            self._cancelled = True
            if self._handed:
                self.session.close()


def _net_modes(t: Callable[..., str], rules: str) -> list[tuple[str, str]]:
    """The modes registered under `rules` that are played over the network: those of two players, and those of more
    that a party of peers plays (the team game); one player against the rules is not."""
    return [(t(f"mode.{m}"), m) for m in games.modes(rules)
            if games.played_seats(games.game_for(rules, m)) == (0, 1) or games.game_for(rules, m).name in GAMES]


def lobby_game(rules: str, mode: str) -> GameDef | None:
    """The game a lobby opened from the menu starts on, by the menu's chosen `rules`: the host's form starts on its
    duel; a guest names only a game with cards of its own («Берсерк. Герои»), so that he picks from its decks
    (and joins only a host of it); otherwise he learns the game from the host (rules decision 979)."""
    if rules not in games.net_rules():
        return None
    game = games.game_for(rules)
    return game if mode == HOST or (mode == JOIN and hasattr(game, "load_db")) else None


class NetLobbyScreen(Screen):
    """`mode` HOST, JOIN or RESUME. `auto` connects at once with the given values (from the command
    line: `berserk host`, `berserk join CODE`, `berserk resume FILE`)."""

    BINDINGS = [     # most important first
        Binding("ctrl+s", "start", "key.start"),
        Binding("f2", "copy", "key.copy_code"),
        Binding("escape", "back", "key.back"),
    ]

    def __init__(self, mode: str, *, code: str = "", bind: str = "0.0.0.0", port: int = 0,
                 deck: Deck | None = None, transcript: Path | None = None, auto: bool = False,
                 timing: Timing | None = None, control: TimeControl = DEFAULT_CONTROL,
                 game: GameDef | None = None, players: int = 2, turn_limit: int = 30) -> None:
        super().__init__()
        self.mode = mode
        self.code = code
        self.bind = bind
        self.port = port
        self.deck = deck
        self.transcript = transcript
        self.auto = auto
        self.timing = timing or Timing()
        self.controls = CLOCK_PRESETS if control in CLOCK_PRESETS else (control, *CLOCK_PRESETS)
        self.control = control
        self.game = game                # the host's game (default: the classic duel); a guest's insistence
        self.turn_limit = turn_limit    # a four-player game's
        if players == 4 and game is None:    # `berserk host --players 4`: the team game
            self.game = games.game_for("boardgame", "team")
        self.decks: list[Deck] = []
        self.table: NetTable | PartyTable | None = None
        self.joining: Joining | None = None
        self.join_code = ""
        self._timer: Timer | None = None
        self._shown: tuple[str, bool] = ("", False)
        self._rejected = ""             # the last refusal worth showing while waiting

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        t = self.bapp.t
        mine, problems = user_decks(self.bapp.db)
        self.decks = ([self.deck] if self.deck is not None else []) + builtin_decks(self.bapp.db) + mine
        with Vertical(id="form"):
            yield Static(t(f"net.title.{self.mode}"), classes="title")
            if self.mode != RESUME:
                yield Label(t("new.deck.mine"), classes="field")
                yield Select(self._deck_options(self.game), allow_blank=False, id="deck", classes="field")
                if self.mode == JOIN and self.game is None and "heroes" in games.net_rules():
                    heroes = games.game_for("heroes")
                    yield Static(t("hg.net.guest", deck=heroes_net.guest_deck(t, heroes, self.bapp.lang).name),
                                 classes="note")
            if self.mode != RESUME and set(games.app_rules()) - set(games.net_rules()):
                yield Static(t("net.not_yet", games=", ".join(t(f"rules.{r}") for r in games.app_rules()
                                                              if r not in games.net_rules())), classes="note field")
            if self.mode == HOST:
                rules, mode = games.pair_of(self.game or games.game_for("classic"))
                with Horizontal(classes="pair field"):
                    with Vertical():
                        yield Label(t("new.rules"))
                        yield Select([(t(f"rules.{r}"), r) for r in games.net_rules()], value=rules, allow_blank=False,
                                     id="rules")
                    with Vertical():
                        yield Label(t("new.mode"))
                        yield Select(_net_modes(t, rules), value=mode, allow_blank=False, id="mode")
                with Horizontal(classes="pair field"):
                    with Vertical():
                        yield Label(t("net.bind"))
                        yield Input(self.bind, id="bind")
                    with Vertical(id="port-box"):
                        yield Label(t("net.port"))
                        yield Input(str(self.port or ""), placeholder=t("net.port.any"), type="integer", id="port")
                    with Vertical(id="clock-box"):
                        yield Label(t("net.clock"))
                        yield Select([(net_text.control_short(t, c), i) for i, c in enumerate(self.controls)],
                                     value=self.controls.index(self.control), allow_blank=False, id="clock")
            elif self.mode == JOIN:
                yield Label(t("net.code"), classes="field")
                yield Input(self.code, placeholder="BRK2-…", id="code", classes="field")
            for problem in problems:
                yield Static(t("new.bad_deck", error=error_text(problem, self.bapp.lang)), classes="error field",
                             markup=False)
            yield Static(id="net-summary")
            yield Static(id="net-state")
            with Horizontal(classes="buttons"):
                yield Button(t(f"net.start.{self.mode}"), variant="primary", id="start", classes="field")
                yield Button(t("common.back"), id="back")
        with Vertical(id="net-code-box"):
            yield Static(t("net.code.label"), classes="hint", id="net-code-label")
            yield Static(id="net-code")
        yield Footer()

    def on_mount(self) -> None:
        self._show(self.bapp.t(f"net.hint.{self.mode}"))
        if self.mode != RESUME:
            self.query_one("#code" if self.mode == JOIN else "#deck").focus()
        if self.auto or self.mode == RESUME:
            self.action_start()

    # --- actions ----------------------------------------------------------------------------------
    def _deck_options(self, game: GameDef | None) -> list[tuple[str, object]]:
        """The deck choices for `game`: the deck files (by index), or a game with cards of its own's (by value)."""
        if game is not None and hasattr(game, "load_db"):
            return heroes_net.deck_choices(self.bapp.t, game, self.bapp.lang)      # type: ignore[return-value]
        return [(deck_label(d, self.bapp.lang), i) for i, d in enumerate(self.decks)]

    def _deck(self) -> Deck:
        """The deck chosen in the form, for the game chosen (a random deck of a hero is drawn now)."""
        value = self.query_one("#deck", Select).value
        if isinstance(value, str):
            assert self.game is not None
            if self.deck is not None:       # `berserk host|join --game heroes --deck …` (`netcli._app`)
                return self.deck
            return heroes_net.chosen_deck(self.bapp.t, self.game, value, self.bapp.lang)
        return self.decks[int(value)]  # type: ignore[arg-type]

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another rule set: its modes of two players (the duel first), and its decks."""
        if event.select.id == "rules":
            own_cards = hasattr(games.game_for(str(event.value)), "load_db")
            if own_cards != isinstance(self.query_one("#deck", Select).value, str):    # the other kind of decks
                options = self._deck_options(games.game_for(str(event.value)))
                deck = self.query_one("#deck", Select)
                deck.set_options(options)
                deck.value = options[0][1]
            modes = self.query_one("#mode", Select)
            options = _net_modes(self.bapp.t, str(event.value))
            kept = modes.value if modes.value in [m for _, m in options] else "duel"
            modes.set_options(options)
            modes.value = kept

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Open the session; errors (a busy port, a bad code) are shown and nothing is left open. A join goes on
        in a worker until the host's first message (`_joined`)."""
        if self.table is not None or self.joining is not None:
            return
        try:
            opened = self._open()
        except (OSError, ValueError, KeyError) as exc:
            self._show(net_text.open_error(self.bapp.t, self.mode, exc, self.bind, self.port), error=True)
            return
        if isinstance(opened, Joining):
            self.joining = opened
            self._opened(True)
            self.query_one("#back", Button).focus()
            self.refresh_bindings()
            self._show("\n".join([self.bapp.t("net.status.contacting"),
                                  self.bapp.t("net.transcript", path=opened.session.transcript_path)]))
            self.run_worker(opened.wait, name="join", thread=True, exit_on_error=False)
            return
        self._begin(opened)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The join's worker is done: the host's first message came (or the host cannot be reached)."""
        joining = self.joining
        if event.worker.name != "join" or joining is None or event.state not in (WorkerState.SUCCESS,
                                                                                   WorkerState.ERROR):
            return
        self.joining = None
        items = event.worker.result if event.state == WorkerState.SUCCESS else None
        if items is None:
            joining.cancel()
            self._fail(net_text.open_error(self.bapp.t, self.mode, event.worker.error or OSError("closed")))
            return
        try:
            table = self._joined(joining.session, items, joining.deck)
        except (OSError, ValueError, KeyError) as exc:
            self._fail(net_text.open_error(self.bapp.t, self.mode, exc))
            return
        self._begin(table)

    def _begin(self, table: NetTable | PartyTable) -> None:
        """The session is open (a join's first message came): show the summary and the code, and tick."""
        self.table = table
        self._opened(True)
        self.query_one("#back", Button).focus()
        t = self.bapp.t
        deck_name = self.table.setup.deck_names[self.table.seat]
        control = self.table.control
        summary = ([t("net.deck", deck=deck_name)] if deck_name else []) + \
            ([t("net.game", game=game_title(t, self.table.game_def.name))] if self.table.seat == 0 else []) + \
            ([t("clock.agreed", control=net_text.control_text(t, control))] if control is not None else [])
        self.query_one("#net-summary", Static).update("\n".join(summary))
        self.query_one("#net-code", Static).update(self.join_code)
        if isinstance(self.table, PartyTable):
            self.query_one("#net-code-label", Static).update(t("net.code.label.party"))
        self.refresh_bindings()
        self._rejected = ""
        self._timer = self.set_interval(TICK_S, self._tick)

    def _opened(self, opened: bool) -> None:
        """While a session is open the fields are hidden (and disabled) and the join code shows."""
        for widget in self.query("Select, Input, #start"):
            widget.disabled = opened
        self.set_class(opened, "-opened")
        self.set_class(opened and bool(self.join_code), "-code")

    def _open(self) -> NetTable | PartyTable | Joining:
        db = self.bapp.db
        pending = pending_join(self.transcript) if self.mode == RESUME and self.transcript is not None else None
        if pending is not None:             # a guest killed before the host's first message (rules decision 738)
            session, items, data = rejoin(pending, self.timing)
            self.game = games.by_name(data["game"]) if data["game"] is not None else None
            return Joining(session, Deck(data["deck_name"], "", tuple(data["deck"]), Path()), items)
        if self.mode == RESUME and self.transcript is not None and is_party_file(self.transcript):
            return PartyTable(resume_node(db, self.transcript, self.timing))
        if self.mode == RESUME:
            assert self.transcript is not None
            table = NetTable(NetMatch.resume(db, self.transcript))
            session = table.net.session
            if session.seat == 0 and session.peer_key is None:   # a host nobody joined: its code still works
                self.join_code = session.join_code
            return table
        if self.mode == HOST:
            self.bind = self.query_one("#bind", Input).value.strip() or "0.0.0.0"
            port_text = self.query_one("#port", Input).value.strip()
            self.port = int(port_text) if port_text.isdigit() else 0
            self.control = self.controls[int(self.query_one("#clock", Select).value)]  # type: ignore[arg-type]
            self.game = games.game_for(str(self.query_one("#rules", Select).value),
                                       str(self.query_one("#mode", Select).value))
        deck = self._deck()
        if self.mode == HOST:
            if self.game.name in GAMES:         # four players: a party of peers through this host
                base = (self.transcript or new_transcript(HOST)).with_suffix("")
                host = PartyHost.start(db, list(deck.cards), base, game=self.game.name, turn_limit=self.turn_limit,
                                       bind=self.bind, port=self.port, timing=self.timing, control=self.control)
                t = self.bapp.t
                self.join_code = "\n".join(t("net.party.code", seat=s, code=c) for s, c in enumerate(host.codes, 2))
                return PartyTable(host, deck.name)
            session, self.join_code = Session.host(self.bind, self.port, self.transcript or new_transcript(HOST),
                                                     timing=self.timing)
            items: list = []
        else:
            code = self.query_one("#code", Input).value.strip()
            session = Session.join(code, self.transcript or new_transcript(JOIN), timing=self.timing)
            save_join(session.transcript_path, list(deck.cards), deck.name, self.game.name if self.game else None)
            return Joining(session, deck)       # a party host's first message will give us a seat
        return self._joined(session, items, deck)

    def _joined(self, session: Session, items: list[Incoming], deck: Deck) -> NetTable | PartyTable:
        """The table of a session whose first messages are `items`: a party guest's if the host gave a seat. A guest
        whose host plays a game with cards of its own («Берсерк. Герои») plays it with a random deck of them."""
        hosted = heroes_net.hosted_game(items) if self.mode != HOST else None
        if hosted is not None and self.game is None:
            self.game, deck = hosted, heroes_net.guest_deck(self.bapp.t, hosted, self.bapp.lang)
        db = game_db(self.game, self.bapp.db) if self.game is not None else self.bapp.db
        try:
            if next((item.kind == SEAT for item in items if item.event == "message"), False):
                at = next(i for i, item in enumerate(items) if item.event == "message")
                guest = PartyGuest.begin(db, Replayed(session, items[at + 1:]), items[at].body, list(deck.cards))
                return PartyTable(guest, deck.name)
            net = NetMatch.start(db, Replayed(session, items), list(deck.cards), self.control, self.game)
        except Exception:
            session.close()
            raise
        return NetTable(net, deck.name)

    def _tick(self) -> None:
        table = self.table
        if table is None:
            return
        t = self.bapp.t
        news = table.pump()
        for note in news.notes:
            if note.kind == REJECTED:
                self._rejected = net_text.rejected(t, note) or self._rejected
        problem = next((n.text for n in news.notes if n.kind == VIOLATION), "")
        if problem:
            failure = t("net.violation", error=problem)
        elif table.unreachable:
            failure = net_text.unreachable(t, table.unreachable, table.net.session.link.endpoint) \
                if isinstance(table, NetTable) else t("net.lost.lobby")
        elif table.status == CLOSED:
            failure = self._rejected or t("net.status.closed")
        elif table.lost:
            failure = t("net.lost.lobby")
        elif table.ready:
            self._stop(close=False)
            self.table = None
            self.app.pop_screen()
            self.bapp.start_net(table)
            return
        else:
            waiting = isinstance(table, PartyTable) and table.status == "waiting"
            lines = [t("net.status.waiting_players" if waiting else f"net.status.{table.status}"), self._seats(table),
                     self._rejected, t("net.transcript", path=table.transcript)]
            self._show("\n".join(line for line in lines if line))
            return
        self._fail(failure)

    def _seats(self, table: NetTable | PartyTable) -> str:
        """Who has joined a four-player game: «Места: 1 — вы, 2 — за столом, 3 — ждём, 4 — ждём»."""
        if not isinstance(table, PartyTable):
            return ""
        t = self.bapp.t
        words = [t("net.seat.you" if s == table.seat else "net.seat.joined" if joined else "net.seat.waiting",
                   seat=s + 1) for s, joined in enumerate(table.joined)]
        return t("net.seats", seats=", ".join(words)) if words else ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Ctrl+S shows while nothing is open, F2 while there is a code to copy."""
        if action == "start":
            return self.table is None
        return bool(self.join_code and self.table) if action == "copy" else True

    def action_copy(self) -> None:
        """Send the code to the terminal's clipboard (OSC 52). Nothing reports whether the terminal took
        it, so the message says what was done and how to copy by hand."""
        if self.join_code:
            self.app.copy_to_clipboard(self.join_code)
            self.notify(self.bapp.t("net.code.copied"), timeout=12)

    def action_back(self) -> None:
        self._stop()
        self.app.pop_screen()

    def _stop(self, close: bool = True) -> None:
        if close and self.joining is not None:
            self.joining.cancel()
            self.joining = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if close and self.table is not None:
            self.table.close()
            self.table = None

    def _fail(self, text: str) -> None:
        """The session could not go on: close it, say why, and give the form back."""
        self._stop()
        self.join_code = ""
        self.query_one("#net-summary", Static).update("")
        self._opened(False)
        self.refresh_bindings()
        self._show(text, error=True)

    def on_unmount(self) -> None:
        self._stop()

    def _show(self, text: str, error: bool = False) -> None:
        """Show the link state; the timer calls this every tick, so only a change is redrawn."""
        if (text, error) == self._shown:
            return
        self._shown = (text, error)
        state = self.query_one("#net-state", Static)
        state.update(text)
        state.set_class(error, "error")
