"""What a sim record shows beyond the totals: results by deck, by who moved first, by pair of
games, and what the stalled games stalled on (`berserk sim-report FILE`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from berserk_tui.sim import DECISION_LIMIT, GameOutcome, deck_pair, seats_of, wilson
from berserk_tui.sim_record import RunKey


def winner(out: GameOutcome) -> int:
    """The bot that won the game (0 = p1, 1 = p2), or -1 if it stalled, was drawn or failed."""
    return out.winner_bot if out.failure is None and not out.stalled and not out.draw else -1


@dataclass(slots=True)
class Tally:
    """Games of bot p1: won, lost, and neither (stalled, drawn or failed)."""
    won: int = 0
    lost: int = 0
    other: int = 0

    def add(self, out: GameOutcome) -> None:
        bot = winner(out)
        if bot == 0:
            self.won += 1
        elif bot == 1:
            self.lost += 1
        else:
            self.other += 1

    def __str__(self) -> str:
        return f"{self.won}–{self.lost}–{self.other}"


@dataclass(slots=True)
class Report:
    """A run's recorded games counted for p1; a pair is the two games of one deal, seats swapped."""
    key: RunKey
    games: int = 0
    total: Tally = field(default_factory=Tally)
    by_deck: dict[str, Tally] = field(default_factory=dict)       # p1's deck, in the decks' order
    first: Tally = field(default_factory=Tally)                    # p1 moved first
    second: Tally = field(default_factory=Tally)
    swept: list[int] = field(default_factory=lambda: [0, 0])       # pairs won twice by p1, by p2
    split_by_order: list[int] = field(default_factory=lambda: [0, 0, 0])   # split pairs the first mover won
    #                                         twice, the second mover twice, each once
    unsettled: int = 0                                             # pairs with a game without a winner
    stalls: list[GameOutcome] = field(default_factory=list)
    slow: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])   # per bot: decisions over
    #                                         DECISION_LIMIT by the wall clock, in CPU time
    cpu_recorded: bool = False                                     # records from before CPU times have none
    cuts: list[int] = field(default_factory=lambda: [0, 0])        # per bot: searches the clock cut short
    cut_games: int = 0                                             # games with such a search
    cuts_recorded: int = 0                                         # games that counted them (newer records)


def stalled_on(out: GameOutcome, names: tuple[str, str]) -> str:
    """What a stalled game stalled on: each bot's creatures left (`names`: of p1 and p2), as
    "bot: name life/max, ...; bot: ..."."""
    return "; ".join(f"{name}: {', '.join(left) or '—'}" for name, left in zip(names, out.left, strict=True))


def deck_name(key: RunKey, names: Sequence[str], index: int) -> str:
    """The deck bot p1 played in game `index` of the run (a random deck has no name)."""
    if key.decks == "random" or not names:
        return "random"
    if key.decks == "mirror":
        return names[index // 2 % len(names)]
    decks = deck_pair([[n] for n in names], index // 2)
    return decks[seats_of(index).index(0)][0]


def build(key: RunKey, outcomes: Sequence[GameOutcome], names: Sequence[str]) -> Report:
    """The report of a run's recorded games; `names` are the shipped decks in the simulator's order."""
    report = Report(key, games=len(outcomes))
    for name in names if key.decks != "random" else ():
        report.by_deck[name] = Tally()
    by_index = {out.index: out for out in outcomes}
    for out in outcomes:
        report.total.add(out)
        report.by_deck.setdefault(deck_name(key, names, out.index), Tally()).add(out)
        if out.first_bot >= 0:
            (report.first if out.first_bot == 0 else report.second).add(out)
        if out.stalled:
            report.stalls.append(out)
        for bot in (0, 1):
            report.slow[bot][0] += sum(t > DECISION_LIMIT for t in out.times[bot])
            report.slow[bot][1] += sum(t > DECISION_LIMIT for t in out.cpu[bot])
            report.cpu_recorded = report.cpu_recorded or bool(out.cpu[bot])
        if out.clock_cuts is not None and out.failure is None:
            report.cuts_recorded += 1
            report.cuts = [a + b for a, b in zip(report.cuts, out.clock_cuts, strict=True)]
            report.cut_games += any(out.clock_cuts)
    for k in range(0, max(by_index, default=-1) + 1, 2):
        pair = by_index.get(k), by_index.get(k + 1)
        if pair[0] is None or pair[1] is None:
            continue
        winners = [winner(out) for out in pair]
        if -1 in winners:
            report.unsettled += 1
        elif winners[0] == winners[1]:
            report.swept[winners[0]] += 1
        else:
            firsts = sum(o.winner_bot == o.first_bot for o in pair)
            report.split_by_order[{2: 0, 0: 1, 1: 2}[firsts]] += 1
    return report


def clock_line(report: Report) -> str:
    """How many games a search cut short by the clock made machine-dependent."""
    if not report.cuts_recorded:
        return "clock cuts not recorded"
    return (f"searches cut short by the clock: p1 {report.cuts[0]}, p2 {report.cuts[1]}, in {report.cut_games} "
            f"of {report.cuts_recorded} games (the others repeat move for move on a machine as fast or faster)")


def lines(report: Report) -> list[str]:
    """The report as text, counts as p1's won–lost–neither."""
    k = report.key
    rate, low, high = wilson(report.total.won, report.games)
    out = [f"run       {k.p1} (p1) against {k.p2} (p2), seed {k.seed}, decks {k.decks} of set(s) {k.sets}, "
           f"turn limit {k.turn_limit}, code {k.code}" + (f", game {k.game}" if k.game != "classic" else ""),
           f"games     {report.games}: p1 won–lost–neither {report.total}, "
           f"p1 win rate {rate:.1%} (95% CI {low:.1%}–{high:.1%})",
           f"order     p1 moving first {report.first}, moving second {report.second}",
           f"pairs     p1 swept {report.swept[0]}, p2 swept {report.swept[1]}, split "
           f"{sum(report.split_by_order)} (the first mover won both {report.split_by_order[0]}, the second "
           f"{report.split_by_order[1]}, each one {report.split_by_order[2]}), with a game not won {report.unsettled}",
           f"slow      decisions over {DECISION_LIMIT:g} s (by the clock / of CPU): "
           + ", ".join(f"p{bot + 1} {wall} / {cpu if report.cpu_recorded else '?'}"
                       for bot, (wall, cpu) in enumerate(report.slow))
           + ("" if report.cpu_recorded else " (CPU time not recorded)"),
           f"clock     {clock_line(report)}",
           "by deck   (p1's deck: won–lost–neither)"]
    width = max((len(name) for name in report.by_deck), default=0)
    out += [f"  {name:<{width}}  {tally}" for name, tally in report.by_deck.items()]
    out.append(f"stalls    {len(report.stalls)}")
    for game in report.stalls:
        out.append(f"  game {game.index}: {stalled_on(game, (k.p1, k.p2))}")
    return out
