"""Set-10 bookkeeping that the rules keep only while some card may ask for it (the cells a creature moved for
Килсус and Риала, the shots that wounded a card for Мира, the bonfire cells of Крондак) must be kept alike by
an engine that knows every card and one that sees the opponent's face-down cards blind."""

from __future__ import annotations

from berserk_tui.netgame import verify_game

from .duel import Duel
from .test_fair_game import _finished

# A game of random decks of sets 10 and 30 that desynchronised: the blind engine did not record the moves of
# seat 1's creatures while seat 0's Килсус and Риала stood face down, the full engine did.
MOVE_WATCHERS = (
    ["10002", "10013", "10018", "10018", "10023", "10025", "10027", "10054", "10174", "10177", "10185", "10187",
     "10188", "10194", "10194", "30006", "30006", "30007", "30014", "30018", "30028", "30033", "30169", "30169",
     "30171", "30173", "30174", "30177", "30178", "30191"],
    ["10039", "10043", "10052", "10062", "10062", "10065", "10067", "10114", "10122", "10124", "10130", "10133",
     "10135", "10184", "30040", "30047", "30052", "30052", "30063", "30119", "30124", "30125", "30127", "30130",
     "30176", "30181", "30185", "30188", "30189", "30190"],
)


def test_a_face_down_card_that_watches_moves_keeps_the_engines_in_lockstep() -> None:
    duel = Duel(1035, MOVE_WATCHERS, check_views=True)      # each step: the peer's view == the full game's
    duel.play()
    _finished(duel)
    verify_game(duel.peers[0].db, duel.streams[0], duel.streams[1])

# Another: seat 0's Крондак was dealt face down; seat 1's engine, blind to it, counted no card that may make a
# cell occupied and kept that count once Крондак was revealed, so it let a creature move onto the bonfire.
BONFIRE = (
    ["10070", "10078", "10078", "10079", "10097", "10146", "10151", "10154", "10162", "10164", "10169", "10173",
     "10175", "30069", "30083", "30086", "30090", "30095", "30138", "30140", "30148", "30149", "30160", "30173",
     "30174", "30176", "30177", "30187", "30189", "30194"],
    ["10002", "10004", "10020", "10026", "10027", "10030", "10031", "10071", "10072", "10084", "10089", "10097",
     "10097", "10104", "10174", "10191", "10199", "30002", "30004", "30011", "30017", "30031", "30075", "30096",
     "30097", "30171", "30174", "30185", "30187", "30195"],
)


def test_a_bonfire_of_a_card_revealed_later_blocks_its_cell_for_both_engines() -> None:
    duel = Duel(1031, BONFIRE, check_views=True)
    duel.play()
    _finished(duel)
    verify_game(duel.peers[0].db, duel.streams[0], duel.streams[1])
