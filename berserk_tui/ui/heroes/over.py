"""The end of a game of «Берсерк. Герои»: the classic game-over screen (who won, the summary, again / menu / quit)
with this game's reason (a hero died, the third draw from an empty deck, the turn limit) and each hero's lives.
«Again» with a deck that has an extra deck first lets each player at this terminal swap cards with it (`SwapScreen`;
in hot-seat after a hand-over), then plays the next game of the match with the changed decks."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import DataTable, OptionList, Static

from berserk_tui.engine.heroes.cards import life_left
from berserk_tui.match import MatchSetup, game_db
from berserk_tui.netgame import RULES
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.handover import HandoverScreen

from .battle import MIN_SIZE
from .swap import Deck, SwapScreen


class HeroesOverScreen(GameOverScreen):
    phase_name = "heroes_over"

    def needed(self) -> tuple[int, int]:
        return MIN_SIZE

    def refresh_match(self) -> None:
        super().refresh_match()
        m, v = self.match, self.view
        if m.ended == RULES:        # a resignation or time: the classic screen's words stand
            ends = [e for e in m.log if e.kind == "game_over"]
            d = self.describer()
            said = d.game_over_text()
            lines = [said[:1].upper() + said[1:]]         # «player 2 (bot) wins.» begins a sentence
            if ends:
                lines.append(d.why(ends[-1].data.get("reason", "")).capitalize() + ".")
            lines += self._proof() if m.linked else []
            lines.append(self.t("over.turns", n=v.turn))
            self.query_one("#over-reason", Static).update("\n".join(lines))
        table = self.query_one("#over-table", DataTable)
        seats = range(v.seats.count)
        table.add_row(self.t("hg.over.hero_left"), *(str(max(0, life_left(v, v.players[s].hero))) for s in seats))
        table.add_row(self.t("hg.over.in_play"), *(str(len(v.players[s].play)) for s in seats))
        played = [sum(1 for e in m.log if e.kind == "played" and e.data["seat"] == s) for s in seats]
        table.add_row(self.t("hg.over.played"), *(str(n) for n in played))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """«Again» with extra decks: the swaps first (the classic screen's handler, called after this one by
        Textual, is kept from starting the game at once)."""
        setup = self.match.setup
        seats = [s for s in setup.humans if s < len(setup.extras) and setup.extras[s]]
        if event.option.id == "again" and seats and not setup.networked:
            event.prevent_default()
            self._swap(setup, seats, {})

    def _swap(self, setup: MatchSetup, seats: list[int], done: dict[int, Deck]) -> None:
        """The swap of the next of `seats` (after a hand-over in hot-seat), then of the rest; with all `done`, the
        next game of the match with the changed decks."""
        if not seats:
            decks = tuple((d[0], *sorted(done[s][0])) if s in done else d for s, d in enumerate(setup.decks))
            extras = tuple(tuple(sorted(done[s][1])) if s in done else e for s, e in enumerate(setup.extras))
            self.bapp.leave_game()
            self.bapp.start_game(replace(setup, seed=setup.seed + 1, decks=decks, extras=extras))
            return
        seat, rest = seats[0], seats[1:]

        def swapped(deck: Deck | None) -> None:
            if deck is not None:         # Escape: no rematch, the end of this game stays
                self._swap(setup, rest, {**done, seat: deck})

        def ask(_: object = None) -> None:
            screen = SwapScreen(game_db(self.match.game_def), seat, setup.deck_names[seat], setup.decks[seat][0],
                                (setup.decks[seat][1:], setup.extras[seat]))
            self.bapp.ask(screen, swapped)

        if setup.hotseat:
            self.bapp.ask(HandoverScreen(seat, "extra_swap", tuple(s for s in setup.humans if s != seat)), ask)
        else:
            ask()
