"""The end of a game of «Берсерк. Герои»: the classic game-over screen (who won, the summary, again / menu / quit)
with this game's reason (a hero died, the third draw from an empty deck, the turn limit) and each hero's lives."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from berserk_tui.engine.heroes.cards import life_left
from berserk_tui.netgame import RULES
from berserk_tui.ui.screens.game_over import GameOverScreen

from .battle import MIN_SIZE


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
            lines = [d.game_over_text()]
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
