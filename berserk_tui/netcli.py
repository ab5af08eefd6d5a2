"""`berserk host`, `join`, `resume` and `replay`: network play from the command line, and watching a game again.

Without `--headless` the terminal app opens on its host, join or resume screen, which connects
at once. With `--headless --bot NAME` a bot plays this seat to the end and the command prints
the result, how the game ended (rules, resignation, on time) and the final public state hash
(both peers must print the same one). The host sets the game (`--rules`, `--mode`; the guest learns it from the
host's first message and prints it as `game: NAME`, or with `--rules` insists on one) and the time control
(`--clock 60/900`: seconds free per decision / reserve for the game); when the opponent's time is gone, this
side claims the win. Exit codes of host, join and resume:
0 the game finished and the opponent was verified, 2 bad arguments (a bad join code among them),
3 the opponent broke the protocol (named on stderr), 4 the opponent stopped answering before the
end (the transcript, if a handshake ever wrote one, is kept as proof), 5 `join`: no game began,
because the host could not be reached (reported within seconds, see `Timing.contact`) or turned us
away (the reason on stderr), 6 the game ended but the opponent did not reveal his secrets within
`FINAL_DEADLINE_S` (or left): the result stands, unverified.
`replay FILE --verify`: 0 verified in full, 1 rejected (the first violation on stderr), 6 partial:
one side never revealed its secrets; everything else checks out, its deck and hidden cards do not.
Four players (`host --players 4`, or `--mode team`): the host prints a join code per guest seat, `join` takes
the seat of its code (the host's first message says it is a four-player game), `resume FILE.party` goes on
after a restart, `replay FILE --verify` proves the game from any of its transcripts (berserk_tui/party_cli.py);
`--clock` sets every seat's clock, `--resign-at TURN` makes a headless seat resign (rules decisions 736–737).
A guest killed before the host's first message rejoins with `resume TRANSCRIPT` (its `.join` file, 738).
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path

from berserk_tui import games
from berserk_tui.bot import Agent, UnknownAgent, get_agent
from berserk_tui.engine import DRAW
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.classic import CLASSIC
from berserk_tui.heroes_net_deck import net_deck
from berserk_tui.net_join import pending_join, rejoin, save_join
from berserk_tui.netgame import DEFAULT_CONTROL, RESIGNATION, TIME, TimeControl
from berserk_tui.netgame.wire import GAME, HELLO
from berserk_tui.netmatch import (
    FINAL_DEADLINE_S,
    NetMatch,
    game_db,
    new_transcript,
    transcript_game,
    verify_transcript,
)
from berserk_tui.party_cli import Replayed, first_message, host_party, join_party, resume_party, verify_party_file
from berserk_tui.party_net import SEAT, is_party_file
from berserk_tui.userdata import load_settings
from cards.decks import Deck, DeckError, default_pair, load_deck
from cards.loader import CardDB, load_all
from netplay import CLOSED, Incoming, JoinCodeError, Session, Timing

LINGER_S = 10.0     # after the end, how long to wait for the peer to acknowledge our last messages
UNVERIFIED = 6      # the exit code of a game whose opponent never revealed his secrets
HOW = {RESIGNATION: " (resigned)", TIME: " (on time)"}
CONTACT_FAILURES = {
    "no_connection": "nothing accepts connections there",
    "handshake": "a program answers there, but not the game of this code (an old code, or another game)",
    "no_answer": "the connection opened, but the host did not answer",
}


def _transcript(args: argparse.Namespace, role: str) -> Path:
    return Path(args.transcript) if args.transcript else new_transcript(role)


def _deck(db: CardDB, args: argparse.Namespace, seat: int, game_def: GameDef = CLASSIC) -> list[str]:
    """`--deck`, else the seat's default deck of the game: the classic builtin pair, or a game with cards of its own
    («Берсерк. Герои»): its prebuilt deck of the seat, one named, a deck file of it or `random` (`heroes_net_deck`)."""
    value = getattr(args, "deck", None)
    if hasattr(game_def, "random_deck"):
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        return net_deck(game_def, db, value, seat, seed)
    return list(load_deck(value, db).cards if value else default_pair(db)[seat].cards)


def _agent(args: argparse.Namespace, game_def: GameDef = CLASSIC) -> Agent:
    """`--bot` of the game's bots, seeded with `--seed`."""
    return get_agent(args.bot, args.seed if args.seed is not None else secrets.randbits(32), game_def.agents)


def _game(args: argparse.Namespace) -> GameDef:
    """The game of `--rules` and `--mode` (a host's default: the classic duel); ValueError for a pair that is not
    played, or a game not of two players (not played over this two-peer link)."""
    game_def = games.require_net(games.game_for(args.rules or "classic", args.mode))
    if not args.headless:
        games.require_app(game_def)
    if games.played_seats(game_def) != (0, 1):
        raise ValueError(f"--mode {args.mode}: not a game of two players, so not played over a link of two peers")
    return game_def


def _turn_limit(text: str) -> int:
    """`--turn-limit`: a whole number of turns, 1..200 (the engine's own limit)."""
    if not text.isdigit() or not 1 <= int(text) <= 200:
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number of turns from 1 to 200")
    return int(text)


def _timing(args: argparse.Namespace) -> Timing:
    return Timing(lost=args.timeout)


def cmd_host(args: argparse.Namespace) -> int:
    try:
        control = TimeControl.parse(args.clock)
    except ValueError as exc:
        print(f"berserk host: --clock: {exc}", file=sys.stderr)
        return 2
    party = args.players == 4 or args.mode == "team"      # four peers through this host
    try:
        game_def = games.game_for(args.rules or "boardgame", "team") if party else _game(args)   # another game: refused
    except ValueError as exc:
        print(f"berserk host: {exc}", file=sys.stderr)
        return 2
    if not args.headless:
        return _app(args, "host", bind=args.bind, port=args.port, control=control, game=game_def,
                    turn_limit=args.turn_limit)
    db = game_db(game_def, load_all())
    try:
        agent = _agent(args, game_def)
        deck = _deck(db, args, 0, game_def)
    except (UnknownAgent, DeckError, OSError, ValueError) as exc:
        print(f"berserk host: {exc}", file=sys.stderr)
        return 2
    if party:
        return host_party(db, args, deck, _transcript(args, "host").with_suffix(""), agent, game_def.name, control)
    try:
        session, code = Session.host(args.bind, args.port, _transcript(args, "host"), timing=_timing(args))
    except OSError as exc:
        print(f"berserk host: {exc}", file=sys.stderr)
        return 2
    print(f"join code: {code}", flush=True)
    print(f"transcript: {session.transcript_path}", flush=True)
    print(f"time control: {control.allowance} s per decision + {control.reserve} s of reserve", flush=True)
    return _play(NetMatch.start(db, session, deck, control, game_def), agent)


def cmd_join(args: argparse.Namespace) -> int:
    try:
        game_def = None if args.rules is None else games.game_for(args.rules, "team") if args.mode == "team" \
            else _game(args)
    except ValueError as exc:
        print(f"berserk join: {exc}", file=sys.stderr)
        return 2
    if not args.headless:
        return _app(args, "join", code=args.code, game=game_def)
    db = game_db(game_def, load_all()) if game_def is not None else load_all()
    try:
        agent = _agent(args, game_def or CLASSIC)
        deck = _guest_deck(db, args, game_def)
        session = Session.join(args.code, _transcript(args, "join"), timing=_timing(args))
    except (UnknownAgent, DeckError, OSError, JoinCodeError, ValueError) as exc:
        print(f"berserk join: {exc}", file=sys.stderr)
        return 2
    save_join(session.transcript_path, deck, game=game_def.name if game_def is not None else None)
    print(f"transcript: {session.transcript_path}", flush=True)
    return _joined(args, db, session, first_message(session), deck, agent, game_def, args.resign_at)


def _joined(args: argparse.Namespace, db: CardDB, session: Session, items: list, deck: list[str], agent: Agent,
            game_def: GameDef | None, resign_at: int | None) -> int:
    """Play the game a host's first message (in `items`) begins: a party seat, or a duel. A duel host's first message
    is its hello, naming its game: a guest that named none and finds a game with cards of its own («Берсерк. Герои»)
    takes that game's cards, deck and bot, and insists on it."""
    first = next((item for item in items if item.event == "message"), None)
    if first is not None and first.kind == SEAT:
        return join_party(db, session, items, deck, agent, game_def.name if game_def is not None else None,
                          resign_at)
    hosted = _hosted(first)
    if game_def is None and not deck and not hasattr(hosted, "load_db"):     # a deck of another game at a classic host
        session.close()
        print(f"berserk join: the host plays {hosted.name!r}, and {getattr(args, 'deck_error', 'no deck')}",
              file=sys.stderr)
        return 2
    if game_def is None and hasattr(hosted, "load_db"):
        game_def, db = hosted, game_db(hosted, db)
        try:
            agent, deck = _agent(args, hosted), _deck(db, args, 1, hosted)
        except (UnknownAgent, DeckError, ValueError) as exc:
            session.close()
            print(f"berserk join: {exc}", file=sys.stderr)
            return 2
    return _play(NetMatch.start(db, Replayed(session, items), deck, game_def=game_def), agent)


def _guest_deck(db: CardDB, args: argparse.Namespace, game_def: GameDef | None) -> list[str]:
    """A guest's deck before the host's game is known (`game_def` None): the classic deck of `--deck`, or none yet
    if it names none of the classic game (a deck of «Берсерк. Герои» is chosen once the host's hello names that
    game; at a classic host the guest then stops, naming the deck: `args.deck_error`)."""
    if game_def is not None:
        return _deck(db, args, 1, game_def)
    try:
        return _deck(db, args, 1, CLASSIC)
    except (DeckError, OSError, ValueError) as exc:
        args.deck_error = f"--deck {args.deck}: not a deck of the classic game ({exc})"
        return []


def _hosted(first: Incoming | None) -> GameDef:
    """The game a duel host's hello names (none, or one this program does not know: the classic game, whose peer then
    refuses a game it does not know, by name)."""
    body = first.body if first is not None and first.kind == HELLO else {}
    name = body.get(GAME, CLASSIC.name) if isinstance(body, dict) else CLASSIC.name
    try:
        return games.by_name(name) if isinstance(name, str) else CLASSIC
    except ValueError:
        return CLASSIC


def _rejoin(args: argparse.Namespace, transcript: Path) -> int:
    """A guest killed before the host's first message made a game of its join (rules decision 738): the same
    session again, its deck from the join file, then the game as after `join`."""
    db = load_all()
    try:
        _agent(args)                # an unknown bot is refused before the host is contacted
        session, items, data = rejoin(transcript, _timing(args))
        game_def = games.by_name(data["game"]) if data["game"] is not None else None
        agent = _agent(args, game_def or CLASSIC)
    except (UnknownAgent, OSError, ValueError) as exc:
        print(f"berserk resume: {exc}", file=sys.stderr)
        return 2
    print(f"rejoined: {transcript}", flush=True)
    if not any(item.event == "message" for item in items):
        items += first_message(session)
    return _joined(args, game_db(game_def, db) if game_def is not None else db, session, items, data["deck"],
                   agent, game_def, args.resign_at)


def cmd_resume(args: argparse.Namespace) -> int:
    """Go on with a network game after a restart, from its transcript and private file."""
    if not args.headless:
        return _app(args, "resume", transcript=Path(args.transcript))
    pending = pending_join(Path(args.transcript))
    if pending is not None:
        return _rejoin(args, pending)
    db = load_all()
    if is_party_file(Path(args.transcript)):
        try:
            agent = _agent(args)
        except UnknownAgent as exc:
            print(f"berserk resume: {exc}", file=sys.stderr)
            return 2
        return resume_party(db, Path(args.transcript), agent, args.timeout, args.resign_at)
    try:
        match = NetMatch.resume(db, Path(args.transcript))
    except (OSError, ValueError, KeyError) as exc:
        print(f"berserk resume: {exc}", file=sys.stderr)
        return 2
    try:
        agent = _agent(args, match.game_def)
    except UnknownAgent as exc:
        match.close()
        print(f"berserk resume: {exc}", file=sys.stderr)
        return 2
    print(f"resumed: {match.session.transcript_path}", flush=True)
    if match.session.seat == 0 and match.session.peer_key is None:     # nobody joined yet: the same code
        print(f"join code: {match.session.join_code}", flush=True)
    return _play(match, agent)


def _play(match: NetMatch, agent: Agent) -> int:
    """Play this seat with `agent` to the end of the game (claiming it when the opponent's time is gone);
    print the result, how it ended and the final hash."""
    told = False
    try:
        while not match.finished:
            for note in match.pump(0 if match.my_turn else 20):   # a decision to take: no wait for traffic
                print(note, file=sys.stderr, flush=True)
            if not told and match.peer.engine is not None:      # the hellos crossed: the game is agreed
                print(f"game: {match.game_def.name}", flush=True)
                told = True
            if match.violation:
                return 3
            if match.unreachable:
                print(f"the host at {match.session.link.endpoint} cannot be reached: "
                      f"{CONTACT_FAILURES[match.unreachable]}; check the code and that the game is still open",
                      file=sys.stderr)
                return 5
            if match.session.status == CLOSED:      # the host refused us (the note above says why)
                return 5
            if match.lost and match.peer.result is None:
                print("the opponent stopped answering" + ("; the transcript is kept as proof" if match.session.recorded
                      else " before the handshake; nothing was recorded"), file=sys.stderr)
                return 4
            if match.lost:
                break
            if match.my_turn:
                match.act(agent(match.view(), match.legal()))
        until = time.monotonic() + LINGER_S
        while not match.session.settled and not match.lost and time.monotonic() < until:
            match.pump(20)
        print(result_line(match), flush=True)
        print(f"state hash: {match.final_hash()}", flush=True)
        return 0 if match.peer.result.verified else UNVERIFIED
    finally:
        match.close()


def result_line(match: NetMatch) -> str:
    """`result: seat 1 (on time), opponent verified`, or why the opponent is not."""
    result = match.peer.result
    assert result is not None
    winner = "draw" if result.winner == DRAW else f"seat {result.winner + 1}"
    line = f"result: {winner}{HOW.get(result.ended, '')}"
    if match.early_claim:
        line += f" (claimed by the opponent although this side's clock had {match.early_claim:.0f} s left)"
    if result.verified:
        return f"{line}, opponent verified"
    why = "left without revealing his secrets" if match.lost else \
        f"did not reveal his secrets within {FINAL_DEADLINE_S:.0f} s"
    return (f"{line}; the opponent {why}: his deck and hidden cards are unchecked, the result stands; "
            f"transcript: {match.session.transcript_path}")


def _app(args: argparse.Namespace, mode: str, **lobby: object) -> int:
    """Open the terminal app on the lobby screen of `mode`, connecting at once."""
    from berserk_tui.ui.app import BerserkApp
    from berserk_tui.ui.screens.net_lobby import NetLobbyScreen

    db = load_all()
    deck = None
    game = lobby.get("game")
    if getattr(args, "deck", None):
        try:
            if game is not None and hasattr(game, "random_deck"):    # a deck of that game's own cards
                cards = _deck(game_db(game, db), args, 0 if mode == "host" else 1, game)
                deck = Deck(args.deck, "", tuple(cards), Path())
            else:
                deck = load_deck(args.deck, db)
        except (DeckError, OSError, ValueError) as exc:
            print(f"berserk {mode}: {exc}", file=sys.stderr)
            return 2
    if mode != "resume":
        lobby["timing"] = _timing(args)
        if args.transcript:
            lobby["transcript"] = Path(args.transcript)
    BerserkApp(db=db, screen=NetLobbyScreen(mode, deck=deck, auto=True, **lobby)).run()   # type: ignore[arg-type]
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """`berserk replay FILE`: watch a local save or a verified transcript step by step (1 if the file
    cannot be replayed); with `--verify`, re-check a transcript end to end and print the verdict."""
    if not args.verify:
        return _watch(Path(args.file))
    party = verify_party_file(Path(args.file))
    if party is not None:
        return party
    try:
        report = verify_transcript(load_all(), Path(args.file))
    except ValueError as exc:
        print(f"REJECTED {args.file}: {exc}", file=sys.stderr)
        return 1
    winner = "draw" if report.winner == DRAW else f"seat {report.winner + 1}"
    game = transcript_game(Path(args.file)).name
    how = HOW.get(report.ended, "") + ("" if game == "classic" else f", game {game}")
    if report.partial:
        seat, other = report.unchecked + 1, 2 - report.unchecked
        print(f"PARTIAL {args.file}: seat {seat} never revealed its secrets, so its deck, deals and hidden cards "
              f"are unchecked; the signatures, hash chains, dice and seat {other}'s whole play check out, and seat "
              f"{seat}'s moves as far as they were public; {report.steps} steps, result {winner}{how}")
        return UNVERIFIED
    print(f"OK {args.file}: signatures, hash chains, commitments, dice and rules check out; "
          f"{report.steps} steps, result {winner}{how}")
    return 0


def _watch(path: Path) -> int:
    """Open the terminal app on the replay of `path`; a file that cannot be replayed is named on
    stderr in the interface language and the app does not open."""
    from berserk_tui.replay import ReplayError, load_replay
    from berserk_tui.ui.app import BerserkApp
    from berserk_tui.ui.screens.replay import ReplayScreen

    db = load_all()
    try:
        replay = load_replay(db, path)
    except ReplayError as exc:
        print(f"berserk replay: {exc.text(load_settings()[0].lang)}", file=sys.stderr)
        return 1
    BerserkApp(db=db, screen=ReplayScreen(replay)).run()
    return 0


def _turn(text: str) -> int:
    """`--resign-at`: a turn, 0 (the set-up: the order roll and the purchase) to 200."""
    if not text.isdigit() or not 0 <= int(text) <= 200:
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number of turns from 0 to 200")
    return int(text)


def _resign_at(p: argparse.ArgumentParser) -> None:
    p.add_argument("--resign-at", type=_turn, default=None, metavar="TURN",
                   help="a four-player game, headless: the bot resigns for its team at its first decision from TURN on "
                        "(0: from the set-up)")


def add_commands(sub: argparse._SubParsersAction) -> None:
    for name, func in (("host", cmd_host), ("join", cmd_join)):
        p = sub.add_parser(name, help=f"{name} a network game")
        if name == "host":
            p.add_argument("--bind", default="0.0.0.0", help="address to listen on")
            p.add_argument("--port", type=int, default=0, help="port (0: any free port)")
        else:
            p.add_argument("code", help="the join code the host printed")
        p.add_argument("--headless", action="store_true", help="no terminal app: a bot plays this seat")
        p.add_argument("--bot", default="greedy", help="the bot of a headless seat")
        p.add_argument("--seed", type=int, default=None, help="the bot's seed")
        p.add_argument("--deck", help="deck file (default: the seat's builtin deck); --game heroes: a prebuilt deck's "
                       "file or name, a deck file of that game, or random (default: the seat's prebuilt deck)")
        p.add_argument("--transcript", help="where to write the transcript (default: in the user folder)")
        p.add_argument("--timeout", type=float, default=120.0, help="seconds of silence before the peer is lost")
        p.add_argument("--rules", "--game", dest="rules", choices=games.RULES,
                       default=None, help="the rules: classic, boardgame or heroes" + (
                           " (default classic; with --players 4 the board game)" if name == "host" else
                            " (default: the host's; a host playing another game is refused)"))
        p.add_argument("--mode", choices=games.MODES, default="duel", help="the mode (a game of two players)")
        _resign_at(p)
        if name == "host":
            p.add_argument("--players", type=int, choices=(2, 4), default=2,
                           help="2: a duel; 4: two teams of two (every guest seat gets its own join code)")
            p.add_argument("--turn-limit", type=_turn_limit, default=30, metavar="1..200",
                           help="a four-player game's turn limit (default 30)")
            p.add_argument("--clock", default=str(DEFAULT_CONTROL), metavar="ALLOWANCE/RESERVE",
                           help="time control: seconds free per decision / seconds of reserve for the game "
                                f"(default {DEFAULT_CONTROL}; 10..3600 / 0..7200)")
        p.set_defaults(func=func)
    p = sub.add_parser("resume", help="go on with a network game after a restart")
    p.add_argument("transcript", help="the transcript of the interrupted game (a four-player game: its .party file; "
                                      "a guest killed before the game began: its transcript)")
    p.add_argument("--timeout", type=float, default=120.0, help="a four-player game: seconds before a peer is lost")
    p.add_argument("--headless", action="store_true", help="no terminal app: a bot plays this seat")
    p.add_argument("--bot", default="greedy", help="the bot of a headless seat")
    p.add_argument("--seed", type=int, default=None, help="the bot's seed")
    _resign_at(p)
    p.set_defaults(func=cmd_resume)
    p = sub.add_parser("replay", help="watch a saved game or a network game transcript step by step")
    p.add_argument("file", help="a save (autosave.json) or a transcript (.msgs)")
    p.add_argument("--verify", action="store_true",
                   help="only re-check a transcript's signatures, commitments and rules and print the verdict")
    p.set_defaults(func=cmd_replay)
