"""The `berserk` command: play, sim, scenario run, cards coverage/list/show."""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from berserk_tui import games, heroes_cards_cli
from berserk_tui.bot import AGENTS, DEFAULT_AGENT, UnknownAgent, get_agent
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.i18n import tr
from berserk_tui.match import HOTSEAT, HUMAN, SEED_DIGITS, Match, MatchSetup, game_db
from berserk_tui.netcli import add_commands as add_net_commands
from cards.decks import DeckError, box_decks, default_pair, load_deck
from cards.loader import CardDB, coverage, fold, load_all
from cards.schema import ELEMENTS, KINDS, CardDef

if TYPE_CHECKING:
    from berserk_tui.heroes_decks import HeroesDeck
    from berserk_tui.sim import GameOutcome, SimResult
    from berserk_tui.sim_record import Record

ELEMENT_NAMES = {e: tr(f"element.{e}") for e in ELEMENTS}     # Russian names, as the app shows them
KIND_NAMES = {k: tr(f"kind.{k}") for k in KINDS}


# --- play ----------------------------------------------------------------------------------------

def cmd_play(args: argparse.Namespace) -> int:
    """Start a game: in the Textual app, or with `--text` as a plain numbered-menu dialogue."""
    db = load_all()
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    try:
        setup = _setup(db, args, seed)
    except (DeckError, ValueError) as exc:
        print(f"berserk play: {exc}", file=sys.stderr)
        return 2
    if args.text:
        return _play_text(db, setup)
    from berserk_tui.ui.app import BerserkApp

    BerserkApp(setup=setup, db=db).run()
    return 0


def cmd_menu(args: argparse.Namespace) -> int:
    """`berserk` alone: the main menu (with `--resume`, straight back into the saved game)."""
    from berserk_tui.ui.app import BerserkApp

    BerserkApp(resume=args.resume).run()
    return 0


def _setup(db: CardDB, args: argparse.Namespace, seed: int) -> MatchSetup:
    """A game of `--rules` and `--mode`: seat 0 plays `--deck` (or the first deck of `DEFAULT_PAIR`), the other
    seats the second and first in turn; the other seats are the `--vs` bot, or people at this terminal (a seat the
    rules play, as Астарот's in the one-player «Битва за Лаар», brings no deck and no one is asked there).
    ValueError for a pair of rules and mode that is not played, or a first game of another mode than the duel."""
    game = games.require_app(games.game_for(args.rules, args.mode))
    opponent = HOTSEAT if args.vs == "hotseat" else (DEFAULT_AGENT if args.vs == "bot" else args.vs)
    if hasattr(game, "load_db"):
        return _heroes_setup(game, args, opponent, seed)
    if args.hero:
        raise ValueError("--hero is for --game heroes")
    if args.first_game:
        if args.mode != "duel":
            raise ValueError(f"--first-game is a duel; not with --mode {args.mode}")
        return MatchSetup(opponent, seed=seed, first_game=True, game=game.name)
    first, second = default_pair(db)
    mine = load_deck(args.deck, db) if args.deck else first
    played = games.played_seats(game)
    decks = [mine] + [(second, first)[(seat - 1) % 2] if seat in played else None
                      for seat in range(1, games.seat_count(game))]
    players = [HUMAN] + [HUMAN if opponent == HOTSEAT and seat in played else
                         opponent if opponent != HOTSEAT else DEFAULT_AGENT for seat in range(1, len(decks))]
    return MatchSetup.for_seats(game.name, players, [d.cards if d else () for d in decks],
                                [d.name if d else "" for d in decks], seed)


def _heroes_setup(game: GameDef, args: argparse.Namespace, opponent: str, seed: int) -> MatchSetup:
    """A game of «Берсерк. Герои»: `--deck` (a prebuilt or saved deck's name, or a deck file) or `--hero` (a name
    or an id) for seat 1, or a hero drawn by the seed; the other side's hero drawn by the seed; a side without a
    chosen deck plays one drawn for its hero by the seed (`heroes_play.heroes_setup`)."""
    from berserk_tui.heroes_play import deck_heroes, heroes_setup
    if args.first_game:
        raise ValueError("--first-game is the classic game's")
    if opponent != HOTSEAT and opponent not in game.agents:
        raise ValueError(f"--vs {opponent}: the bots of --game heroes are {', '.join(sorted(game.agents))}")
    heroes = deck_heroes(game)
    if not heroes:
        raise ValueError("no hero of --game heroes has 40 cards for a deck yet")
    rng = random.Random(seed)
    mine = rng.choice(heroes)
    deck = _heroes_deck(game, args.deck) if args.deck else None
    if args.hero:
        found = [h for h in heroes if args.hero in (h.id, h.name)]
        if not found:
            raise ValueError(f"--hero {args.hero}: the heroes with a deck are "
                             f"{', '.join(f'{h.name} ({h.id})' for h in heroes)}")
        mine = found[0]
        if deck is not None and deck.hero != mine.id:
            raise ValueError(f"--deck {args.deck} is a deck of {game_db(game)[deck.hero].name}, not of {mine.name}")
    hero_ids = [deck.hero if deck is not None else mine.id, rng.choice(heroes).id]
    return heroes_setup(game, opponent, hero_ids, seed, [deck, None])


def _heroes_deck(game: GameDef, key: str) -> HeroesDeck:
    """The deck `--deck KEY` names under --game heroes: a deck file, or a prebuilt or saved deck by name."""
    from berserk_tui.heroes_decks import HeroesDeckError, load_heroes_deck
    from berserk_tui.heroes_play import all_decks
    path = Path(key)
    if path.suffix == ".toml" or path.is_file():
        try:
            return load_heroes_deck(path, game_db(game))
        except HeroesDeckError as exc:
            raise ValueError(str(exc)) from exc
    decks = all_decks(game)
    named = [d for d in decks if d.name.casefold() == key.casefold()]
    if not named:
        raise ValueError(f"--deck {key}: no deck file nor deck of that name; the decks are "
                         f"{', '.join(d.name for d in decks)}")
    return named[0]


def _seed(text: str) -> int:
    """A --seed of `play`: an integer of at most SEED_DIGITS digits, so that the game's save loads."""
    digits = text.strip().lstrip("-+")
    if not digits.isdigit() or len(digits) > SEED_DIGITS:
        raise argparse.ArgumentTypeError(f"an integer of at most {SEED_DIGITS} digits")
    return int(text)


def _play_text(db: CardDB, setup: MatchSetup) -> int:
    from berserk_tui.textplay import play_text

    match = Match.start(db, setup)
    print(tr("play.seed", seed=setup.seed))
    try:
        return play_text(match.game, match.bots, sys.stdin, sys.stdout, game_def=match.game_def)
    except KeyboardInterrupt:
        print("\n" + tr("play.quit"))
        return 130


# --- sim -----------------------------------------------------------------------------------------

def _sim_mode(args: argparse.Namespace) -> str:
    """The mode `sim` plays: `--mode`, or with `--players 4` and no mode named, the team game."""
    return "team" if args.players == 4 and args.mode == "duel" else args.mode


def cmd_sim(args: argparse.Namespace) -> int:
    from berserk_tui.sim import pool_sets, ruled, simulate
    from berserk_tui.sim_record import Record, RecordError, RunKey, code_fingerprint

    record = None
    args.decks = "builtin" if args.decks == "prebuilt" else args.decks
    try:
        game_def = games.game_for(args.rules, _sim_mode(args))
        if args.players is not None and games.seat_count(game_def) != args.players:
            raise ValueError(f"the mode {args.mode!r} is played by {games.seat_count(game_def)} players, "
                             f"not {args.players}")
        for name in (args.p1, args.p2):
            get_agent(name, 0, game_def.agents)      # fail on an unknown bot before touching a record
        prebuilt = None
        if hasattr(game_def, "load_db"):     # a game with cards of its own (heroes): its prebuilt or random decks
            if args.decks == "box" or args.sets:
                raise ValueError(f"the game {game_def.name!r} is played with its prebuilt decks (builtin, mirror) "
                                 f"or random ones, and has no box decks and no --sets")
            db, sets = game_def.load_db(), ()
            if args.decks != "random":
                prebuilt = [deck.ids for deck in game_def.prebuilt_decks(db)]
        else:
            db = load_all()
            sets = pool_sets(db, args.decks == "random", _sets(db, args.sets))
        done, elapsed = [], 0.0
        if args.record:
            key = RunKey(args.p1, args.p2, args.seed, args.decks, args.turn_limit, code_fingerprint(),
                         ",".join(map(str, sets)), game_def.name)
            record, recorded = Record.open(Path(args.record), key)
            done, elapsed = recorded.outcomes, recorded.seconds
        box = [list(deck.cards) for deck in box_decks(db)] if args.decks == "box" else None
        result = simulate(args.games, args.seed, args.p1, args.p2, decks=box or prebuilt,
                          turn_limit=args.turn_limit, jobs=args.jobs, progress=_after_game(args, record), done=done,
                          elapsed=elapsed, db=db,
                          sets=sets, random_decks=args.decks == "random", mirror=args.decks == "mirror",
                          game_def=game_def)
    except (UnknownAgent, RecordError, OSError, ValueError) as exc:
        print(f"berserk sim: {exc}", file=sys.stderr)
        return 2
    finally:
        if record is not None:
            record.close()
    for failure in result.failures:
        print(f"error: {failure}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        rate = result.games / result.seconds if result.seconds else 0.0
        share, low, high = result.win_rate(0)
        seating = "p1 plays the squad, the rules the other side" if ruled(game_def) else "seats alternated"
        print(f"games     {result.games} of {game_def.name} (seed {args.seed}, {seating}, {args.decks} decks)")
        p2 = "the rules" if ruled(game_def) else args.p2
        print(f"wins      p1 ({args.p1}) {result.wins[0]}, p2 ({p2}) {result.wins[1]}")
        print(f"win rate  p1 ({args.p1}) {share:.1%}, 95% CI {low:.1%}–{high:.1%}")
        print(f"draws     {result.draws}")
        print(f"stalled   {result.stalled} (turn limit {args.turn_limit})")
        print(f"errors    {result.errors}")
        for bot, name in enumerate((args.p1, args.p2)):
            st = result.decision_stats(bot)
            print(f"decisions p{bot + 1} ({name}) {st['decisions']}: median {st['median_ms']:.1f} ms, "
                  f"p90 {st['p90_ms']:.1f} ms, max {st['max_ms']:.1f} ms (CPU {st['max_cpu_ms']:.1f} ms)")
        print(f"timeouts  {result.timeouts} (decisions over {result.limit:g} s; "
              f"{result.cpu_timeouts} over {result.limit:g} s of CPU)")
        print(f"clock cuts p1 {result.clock_cuts[0]}, p2 {result.clock_cuts[1]} (searches the clock ended "
              f"before their positions did: a game without one repeats on any machine)")
        print(f"turns     {result.turns_mean:.1f} mean")
        print(f"actions   {result.actions}")
        print(f"seconds   {result.seconds:.2f} ({rate:.1f} games/s)")
    return 1 if result.errors else 0


def cmd_sim_report(args: argparse.Namespace) -> int:
    from berserk_tui.sim_record import RecordError, read
    from berserk_tui.sim_report import build, lines
    from cards.decks import builtin_decks

    try:
        key, recorded = read(Path(args.file))
    except (RecordError, OSError, UnicodeDecodeError) as exc:
        print(f"berserk sim-report: {exc}", file=sys.stderr)
        return 2
    names: list[str] = []
    game_def = games.by_name(key.game)
    if key.decks != "random" and hasattr(game_def, "prebuilt_decks"):     # a game of its own cards: its decks
        names = [deck.name for deck in game_def.prebuilt_decks(game_def.load_db())]
    elif key.decks != "random":     # random decks have no names
        db = load_all()
        decks = box_decks(db) if key.decks == "box" else builtin_decks(db, [int(s) for s in key.sets.split(",")])
        names = [deck.name for deck in decks]
    print("\n".join(lines(build(key, recorded.outcomes, names))))
    return 0


def _sets(db: CardDB, text: str | None) -> tuple[int, ...]:
    """The set ids of `--sets` ("10,30"; "all": every set with implemented cards; none: the default of the
    deck choice); ValueError naming an unknown set or a set with no implemented card."""
    from cards.random_decks import implemented_sets

    if not text:
        return ()
    playable = implemented_sets(db)
    if text.strip() == "all":
        return playable
    try:
        sets = tuple(sorted({int(part) for part in text.split(",")}))
    except ValueError:
        raise ValueError(f"--sets: expected set numbers separated by commas or 'all', got {text!r}") from None
    for set_id in sets:
        if set_id not in db.sets():
            raise ValueError(f"--sets: no set {set_id} (sets: {', '.join(map(str, db.sets()))})")
        if set_id not in playable:
            raise ValueError(f"--sets: set {set_id} has no implemented card yet")
    return sets


def _after_game(args: argparse.Namespace, record: Record | None) -> Callable[[GameOutcome, SimResult], None]:
    """After each game: append it to the record, and with --progress a line on stderr with its
    result and the running win count."""
    from berserk_tui.sim_report import stalled_on

    def show(out: GameOutcome, result: SimResult) -> None:
        if record is not None:
            record.add(out, result.seconds)
        if not args.progress:
            return
        what = "error" if out.failure else "stalled" if out.stalled else "draw" if out.draw else \
            f"{(args.p1, args.p2)[out.winner_bot]} won"
        if out.stalled:
            what += f" ({stalled_on(out, (args.p1, args.p2))})"
        print(f"game {result.games}/{args.games}: {what}, {out.turns} turns; p1 ({args.p1}) "
              f"{result.wins[0]}, p2 ({args.p2}) {result.wins[1]} after {result.seconds:.0f} s",
              file=sys.stderr, flush=True)
    return show


# --- scenario ------------------------------------------------------------------------------------

def cmd_scenario_run(args: argparse.Namespace) -> int:
    from berserk_tui.scenario.runner import main as run_scenarios

    return run_scenarios(args.paths)


# --- cards ---------------------------------------------------------------------------------------

def cmd_cards_coverage(args: argparse.Namespace) -> int:
    if args.game == "heroes":
        return heroes_cards_cli.cmd_coverage(args)
    for set_id, name, done, total in coverage(load_all()):
        print(f"{set_id} {name}: {done}/{total}")
    return 0


def _alias(value: str, names: dict[str, str], what: str) -> str:
    """An English key from a key or a Russian name (a prefix is enough)."""
    low = value.strip().lower()
    for key, ru in names.items():
        if low == key or (len(low) >= 3 and ru.startswith(low)):
            return key
    known = ", ".join(f"{k} ({ru})" for k, ru in names.items())
    raise ValueError(f"unknown {what} {value!r}; known: {known}")


def card_line(card: CardDef) -> str:
    """One row of `cards list`."""
    elements = "/".join(ELEMENT_NAMES[e] for e in card.elements) or tr("cli.card.neutral")
    cost = f"{card.cost}{tr('cli.card.elite') if card.elite else ''}"
    stats = tr("cli.card.stats", life=card.life, move=card.move, strike="-".join(map(str, card.strike)))
    mark = ("" if card.implemented else tr("cli.card.not_implemented")) + (tr("cli.card.boardgame_mark")
                                                                           if card.boardgame else "")
    return f"{card.id}  {card.name:<20} {elements:<13} {cost:>3}  {KIND_NAMES[card.kind]:<10} {stats}{mark}"


def cmd_cards_list(args: argparse.Namespace) -> int:
    if args.game == "heroes":
        return heroes_cards_cli.cmd_list(args)
    try:
        element = _alias(args.element, ELEMENT_NAMES, "element") if args.element else None
        kind = _alias(args.type, KIND_NAMES, "type") if args.type else None
    except ValueError as exc:
        print(f"berserk cards list: {exc}", file=sys.stderr)
        return 2
    query = fold(args.query) if args.query else None
    for card in load_all().cards.values():
        if (element and element not in card.elements) or (kind and card.kind != kind):
            continue
        if args.implemented and not card.implemented:
            continue
        if query and query not in fold(" ".join((card.name, *card.classes))):
            continue
        print(card_line(card))
    return 0


def cmd_cards_show(args: argparse.Namespace) -> int:
    from cards.render import render_card

    if args.game == "heroes":
        return heroes_cards_cli.cmd_show(args)
    db = load_all()
    found = db.matching(args.name)
    if not found:
        close = db.similar(args.name)
        hint = tr("cli.card.maybe", names=", ".join(close)) if close else ""
        hint += tr("heroes.card.other_game") if heroes_cards_cli.find(args.name) else ""
        print("berserk cards show: " + tr("cli.card.unknown", name=args.name, hint=hint), file=sys.stderr)
        return 1
    if len(found) > 1:
        print("berserk cards show: " + tr("cli.card.several", name=args.name), file=sys.stderr)
        print("\n".join(card_line(c) for c in found))
        return 1
    card = found[0]
    set_name = db.sets()[card.set][0]
    elements = ", ".join(ELEMENT_NAMES[e] for e in card.elements) or tr("element.neutral")
    flags = "".join(f", {tr(f'flag.{f}')}" for f, on in (("elite", card.elite), ("unique", card.unique)) if on)
    print(tr("cli.card.title", name=card.name, id=card.id, set=set_name, number=card.number))
    print(f"{elements} · {KIND_NAMES[card.kind]} · {', '.join(card.classes) or '—'}")
    print(tr("cli.card.cost", cost=card.cost, flags=flags))
    print(tr("detail.stats", life=card.life, move=card.move, strike="-".join(map(str, card.strike))))
    print(tr("cli.card.implemented" if card.implemented else "cli.card.not_ready"))
    if card.boardgame:
        print(tr("cli.card.boardgame"))
    text = render_card(card)
    if text:
        print(f"\n{text}")
    return 0


# --- the parser ----------------------------------------------------------------------------------

def _game_options(parser: argparse.ArgumentParser) -> None:
    """`--rules` and `--mode`: the game definition (`games.game_for`)."""
    parser.add_argument("--rules", "--game", dest="rules", choices=games.RULES, default="classic",
                        help="the rules (--game is the same option): classic (seed 000), boardgame (the boxed board "
                             "game, seed 003) or heroes («Берсерк. Герои», seeds 002 and 004)")
    parser.add_argument("--mode", choices=games.MODES, default="duel",
                        help="the mode: duel; under the board game's rules also laar-solo, laar-duel (the battle "
                             "for Laar) and team (four players in two teams) once they are in this version")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="berserk", description="«Берсерк» in the terminal.")
    parser.add_argument("--resume", action="store_true", help="continue the autosaved game")
    parser.set_defaults(func=cmd_menu)
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("--vs", default="bot", choices=["bot", "hotseat", *sorted(AGENTS)],
                      help=f"the opponent: a bot (bot = {DEFAULT_AGENT}) or hotseat for two players")
    squad = play.add_mutually_exclusive_group()
    squad.add_argument("--deck", help="your deck file (default: Громилы Клока); under --game heroes also a prebuilt "
                       "or saved deck's name (default: a deck drawn for the hero)")
    squad.add_argument("--first-game", action="store_true", help="the first game: pre-built squads, open cards")
    play.add_argument("--seed", type=_seed, help="seed of the dice, shuffles and bot (default: random)")
    play.add_argument("--text", action="store_true", help="plain text dialogue instead of the full-screen app")
    play.add_argument("--hero", help="--game heroes: your hero, by name or id (default: drawn by the seed)")
    _game_options(play)
    play.set_defaults(func=cmd_play)

    add_net_commands(sub)

    sim = sub.add_parser("sim", help="bots play each other")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--p1", default="random", help=f"bot of seat 1 ({', '.join(sorted(AGENTS))})")
    sim.add_argument("--p2", default="random", help="bot of seat 2")
    sim.add_argument("--turn-limit", type=int, default=200, help="a longer game ends as a stalled draw")
    sim.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    sim.add_argument("--decks", choices=("builtin", "prebuilt", "mirror", "random", "box"), default="builtin",
                     help="the prebuilt decks against each other (builtin, or prebuilt: the same; of «Берсерк. "
                          "Герои»: cards/heroes/decks), each prebuilt deck against itself, "
                          "two decks drawn from whole sets per pair of games, or the board game box's four decks "
                          "against each other")
    sim.add_argument("--sets", metavar="N[,N…]",
                     help="the sets of the decks, e.g. 10 or 10,30 or all: the prebuilt decks whose cards all "
                          "come from them, or the cards random decks draw from (mixing the sets); default: "
                          "the prebuilt decks of set 30 (the pool of the recorded runs), random decks from "
                          "every set with implemented cards")
    _game_options(sim)
    sim.add_argument("--players", type=int, choices=(2, 4),
                     help="how many play: 4 is the team game (--mode team; p1's bot plays one team, p2's the other, "
                          "the teams alternating)")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.add_argument("--progress", action="store_true", help="a line on stderr after each game")
    sim.add_argument("--record", metavar="FILE",
                     help="append each finished game to FILE; run again with it to go on where a run stopped")
    sim.set_defaults(func=cmd_sim)

    report = sub.add_parser("sim-report", help="a sim record by deck, order, pair and stall")
    report.add_argument("file", help="a file written by sim --record")
    report.set_defaults(func=cmd_sim_report)

    scenario = sub.add_parser("scenario", help="rule scenarios").add_subparsers(dest="action", required=True)
    run = scenario.add_parser("run", help="run scenario files or directories")
    run.add_argument("paths", nargs="+")
    run.set_defaults(func=cmd_scenario_run)

    cards = sub.add_parser("cards", help="the card database").add_subparsers(dest="action", required=True)
    coverage_cmd = cards.add_parser("coverage", help="implemented cards per set")
    coverage_cmd.set_defaults(func=cmd_cards_coverage)
    listing = cards.add_parser("list", help="list cards")
    listing.add_argument("--element", help=f"element: {', '.join(ELEMENTS)} or its Russian name")
    listing.add_argument("--type", help=f"kind: {', '.join(KINDS)} or its Russian name (with --game heroes: "
                                        "hero, creature, spell, equipment, event)")
    listing.add_argument("--query", help="text in the name or classes")
    listing.add_argument("--implemented", action="store_true", help="only cards playable in decks")
    listing.set_defaults(func=cmd_cards_list)
    show = cards.add_parser("show", help="one card with its text")
    show.add_argument("name", help="card name or id")
    show.set_defaults(func=cmd_cards_show)
    for command in (coverage_cmd, listing, show):
        command.add_argument("--game", choices=("classic", "heroes"), default="classic",
                             help="whose cards: the classic game's (default) or «Берсерк. Герои»'s")
        command.add_argument("--lang", choices=("ru", "en"), default="ru",
                             help="the language of «Берсерк. Герои» cards' text (with --game heroes)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `berserk`; with no subcommand it opens the main menu."""
    args = build_parser().parse_args(argv)
    try:
        code = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:        # `berserk … | head`: the reader has gone, so the rest goes nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code
