"""`Describer`: the message tables, every event and decision kind, random games, exact phrases."""

from __future__ import annotations

import functools
import io
import re
import string
from pathlib import Path

import pytest

from berserk_tui.bot import RandomBot
from berserk_tui.describe import Describer
from berserk_tui.engine import DRAW, Decision, Event, Game, GameState, Rules, view
from berserk_tui.engine import actions as act
from berserk_tui.engine.geometry import CLASSIC_BOARD
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.rulebook import CLASSIC_RULEBOOK
from berserk_tui.engine.state import MACHINE_RECORDS, Item
from berserk_tui.i18n import LANGS, tr
from berserk_tui.locale import game as messages
from berserk_tui.scenario.build import Scenario, build
from berserk_tui.sim import deck_pair
from berserk_tui.textplay import play_text
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all

DB = load_all()
ENGINE = Path(__file__).resolve().parents[1] / "berserk_tui" / "engine"
UNKNOWN = {lang: tr("unknown", lang, what="") for lang in LANGS}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_tables_match() -> None:
    assert messages.RU.keys() == messages.EN.keys()
    for key, ru in messages.RU.items():
        assert _fields(ru) == _fields(messages.EN[key]), key
        assert ru.count("|") == messages.EN[key].count("|"), key


# --- every kind the engine emits -----------------------------------------------------------------

def _engine_source() -> str:
    """The classic engine's modules (the heroes game's, `engine/heroes/`, have their own words and test)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.rglob("*.py"))
                     if "heroes" not in p.relative_to(ENGINE).parts)


def _emitted_kinds() -> set[str]:
    """The first argument of every `emit(ev, KIND, …)`: a string, or «"a" if … else "b"»."""
    kinds = re.findall(r"emit\(ev, (.*?)(?:, \w+=|\))", _engine_source())
    return {kind for text in kinds for kind in re.findall(r'"(\w+)"', text)}


def _battle() -> tuple[GameState, dict[str, int]]:
    """Рыцарь c3, Русалка c2 and Храмовник b2 (seat 0) against Гиртан c4, a face-down Гиртан d5, Горбун e4."""
    cards = [
        {"card": "Чёрный рыцарь", "owner": 0, "cell": "c3", "label": "K"},
        {"card": "Русалка", "owner": 0, "cell": "c2", "label": "R"},
        {"card": "Храмовник", "owner": 0, "cell": "b2", "label": "T"},
        {"card": "Гиртан", "owner": 1, "cell": "c4", "label": "G"},
        {"card": "Гиртан", "owner": 1, "cell": "d5", "label": "H", "face_down": True},
        {"card": "Горбун", "owner": 1, "cell": "e4", "label": "B"},
    ]
    built = build(Scenario("describe", "", [], {"first": 0}, cards, [], []), DB)
    return built.state, built.labels


STATE, L = _battle()
K, R, T, G, H = L["K"], L["R"], L["T"], L["G"], L["H"]
THROW = next(i for i, ab in enumerate(STATE.cdef(R).abilities) if ab.get("name") == "метание рыбьей кости")
CHOOSE = next(i for i, ab in enumerate(STATE.cdef(T).abilities) if ab.get("effect", {}).get("op") == "choose")
SAMPLE_EVENTS: dict[str, dict] = {
    "order_roll": {"seat": 0, "value": 5}, "order_tie": {"value": 3}, "order": {"first": 1},
    "deal": {"seat": 0, "size": 15}, "redeal": {"seat": 1, "count": 2}, "squad": {"seat": 0, "size": 3},
    "deployed": {"seat": 1}, "battle_start": {}, "turn": {"seat": 0, "turn": 1}, "turn_end": {"seat": 0, "turn": 1},
    "game_over": {"winner": DRAW},
    "revealed": {"uid": G, "card": STATE.cards[G].card_id, "cell": CLASSIC_BOARD.parse_cell("c4")},
    "laar_placed": {"uid": G, "seat": 0, "cell": CLASSIC_BOARD.parse_cell("c4")},
    "moved": {"uid": K, "frm": 12, "to": 7},
    "declared": {"what": "strike", "seat": 0, "uid": K, "ability": -1, "target": G},
    "strike": {"uid": K, "target": G, "defender": -1, "fights": True},
    "rolled": {"uid": K, "raw": 4, "value": 5}, "hit": {"uid": K, "target": G, "level": "weak", "counter": "none"},
    "wounded": {"uid": G, "amount": 2, "source": K, "kind": "strike", "life": 12},
    "prevented": {"uid": G, "amount": 1, "reason": "armor"}, "healed": {"uid": G, "amount": 1},
    "died": {"uid": G, "cause": "wounds", "exiled": False}, "defends": {"uid": K, "against": G},
    "chip": {"uid": K, "chips": 2}, "anti_air": {"uid": K},
    "ability": {"uid": R, "ability": THROW, "target": G}, "canceled": {"uid": K, "what": "strike"},
    "redirected": {"uid": K, "to": G}, "reduced": {"seat": 0, "diff": 2}, "not_reduced": {"seat": 1, "diff": -2},
    "fizzled": {"uid": K, "target": G}, "illegal": {"uid": K, "ability": 0, "target": G},
    "attack": {"uid": R, "target": G, "kind": "throw"},
    "protected": {"uid": G, "kind": "spell"}, "cursed": {"uid": G}, "blessed": {"uid": K}, "rooted": {"uid": G},
    "armor_lost": {"uid": G}, "blocked": {"uid": K, "attacker": R, "target": G},
    "diagonal": {"uid": K, "cells": [0, 6, 12]}, "armor_repaired": {"uid": K},
    "poisoned": {"uid": G, "amount": 1}, "buffed": {"uid": K, "grant": {"strike": 1}, "until": 1},
    "next_roll": {"uid": G, "value": 1}, "chose_number": {"uid": K, "value": 3},
    "declined": {"uid": R, "ability": THROW},
    "chose": {"uid": T, "ability": CHOOSE, "option": 1}, "seated": {"uid": R, "host": K},
    "equipped": {"uid": R, "host": K}, "recruited": {"seat": 0}, "deal_shown": {"seat": 0, "card": "10187"},
    "peeked": {"seat": 1}, "unseated": {"uid": R},
    "incarnation_token": {"uid": G, "tokens": 1}, "incarnated": {"uid": G, "cell": 22}, "dashed": {"uid": K},
    "vanguard": {"uid": K, "target": G},
    "opened": {"uid": K}, "closed": {"uid": G}, "marked": {"uid": K, "target": G}, "upgraded": {"seat": 0},
    "chips_spent": {"uid": K, "amount": 2}, "attack_set": {"uid": K, "to": 1, "minus": 0},
    "lives_spent": {"uid": K, "amount": 2}, "ambush": {"uid": K, "cell": 12}, "extra_life": {"uid": K, "amount": 1},
    "shown": {"uid": K, "card": STATE.cards[G].card_id},
    "lost_keywords": {"uid": G, "keywords": ["prot_poison"]},
    "blast_cell": {"uid": K, "cell": 12}, "square": {"uid": K, "cell": 12, "amount": 2},
    "fire_wall": {"uid": K, "cell": 12}, "marker": {"uid": G, "name": "flame_seal"},
    "cell_marker": {"uid": K, "name": "portal", "cell": 12},
    "marker_removed": {"uid": G, "name": "hunt"}, "cell_markers_removed": {"uid": K, "name": "bomb"},
    "grave_exiled": {"uid": G},
    "no_heal": {"uid": G}, "animated": {"uid": K}, "jump_swap": {"uid": K, "partner": G}, "darkened": {"uid": G},
    "restrained": {"uid": G, "source": K}, "strike_swapped": {"uid": G}, "strong_next": {"uid": K},
    "gained_ability": {"uid": G}, "lost_abilities": {"uid": G},
    "finished": {"uid": G, "by": K}, "devoured": {"uid": K, "dead": G}, "revived": {"uid": K, "cell": 12, "life": 6},
    "rot": {"uid": K, "cell": 12},
    "cured": {"uid": G, "status": "poison"}, "silenced": {"uid": G}, "kept_closed": {"uid": G},
    "trap_set": {"uid": K}, "released": {"uid": G, "cell": 12},
    "gains_incarnation": {"uid": G, "amount": 4}, "roll_twice": {"uid": K, "seat": 0},
    "roll_picked": {"uid": K, "seat": 0, "value": 6}, "roll_modified": {"uid": K, "src": G, "value": 4},
    "rerolled": {"uid": K, "src": G}, "die_rerolled": {"uid": K, "seat": 0, "die": "white", "value": 2, "left": 0},
    "die_kept": {"uid": K, "seat": 0, "die": "black", "value": 4},
    "scried": {"uid": K, "seat": 0, "top": 2, "bottom": 1}, "rearranged": {"uid": K, "other": G, "seat": 0},
    "doomed": {"uid": G, "turn": 3}, "doom_lifted": {"uid": G},
    "took_flight": {"uid": G}, "landed": {"uid": G, "cell": 7},
    "summoned": {"uid": K, "card": "30068", "cell": 12, "host": -1}, "deck_to_grave": {"uid": G, "card": "30068"},
    "prophecy": {"uid": K, "seat": 0, "card": "30068"}, "deck_shown": {"uid": K, "seat": 0, "card": "30068"},
    "deck_top": {"uid": K, "seat": 0, "amount": 1},
}


def test_samples_cover_every_event_the_engine_emits() -> None:
    assert set(SAMPLE_EVENTS) == _emitted_kinds()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(SAMPLE_EVENTS))
def test_every_event_kind_is_described(kind: str, lang: str) -> None:
    text = Describer(view(STATE, 0), lang).event(Event(kind, SAMPLE_EVENTS[kind]))
    if kind == "turn_end":
        assert text is None
    else:
        assert text and not text.startswith(UNKNOWN[lang]), text


@pytest.mark.parametrize("lang", LANGS)
def test_every_decision_kind_is_described(lang: str) -> None:
    effect = ("30068", ())         # a card-part reference: the describer does not follow it
    data = {"seat": (R,), "displace": (R, G), "jump": (R, 3),
            "respond_special": (G,), "reveal": (H,), "reduce": (K, G, 2),
            "target": (R, THROW, None), "confirm": (R, THROW, None, -1), "choose_effect": (T, CHOOSE, None, -1),
            "respond": (0,), "roll": (K,), "shuffle": (0,), "dash": (K, G, 17),
            "upgrade": (K, G, 1, 0), "amount": (K, G, "spell"),
            "move_wounds": (K, G, effect, 2, "effect", None, False), "forced_strike": (K, G, False),
            "cost_x": (K,), "fill_vacated": (K, "enemy"),
            "ambush": (K,), "fire_wall": (K,), "blast_cell": (K, 2, "effect"), "square": (K, 4, "effect"),
            "rescue": (R, K, 0, G),
            "step_target": (R, THROW, 1, G, None), "diagonal": (K, (1, 2, 2), "spell"),
            "incarnate": (G,), "revive": (G, 6), "teleport_pull": (K, G), "pull": (K, G),
            "jump_near": (K, 0, G, None), "cell_marker": (K, "portal", 5), "vanguard": (K,),
            "mark_cell": (K, "gates", 5, True), "move_to_marker": (K, 0, None),
            "shift_marker": (K, "tremor", 5), "inc_token": (K, (G,)),
            "pick_roll": (K, 1, 6), "roll_respond": (K, 0), "scry": (K, 2), "rearrange": (K, 0),
            "peek": (0, 2, "10187"),
            "redirect_next": (K, G, ("strike", R, -1, -1, False, False)),
            "redirect_attack": (0, G, K, -1, ("strike", R, -1, -1, False, False), False),
            "choose_number": (K, 0, effect, None, -1, 10), "confirm_steps": (K, 0, effect, None, -1),
            "land": (K, 0, G, None), "by_order": (R, THROW, None, ()), "flight_ends": (K,),
            "summon": (K, effect, None, 2, 12, True), "summon_cell": (K, "30068", 12),
            "prophecy": (K, 0, effect, -1, None), "stack_deck": (K, 7), "show_gain": (K, effect)}
    records = {**MACHINE_RECORDS, **CLASSIC_RULEBOOK.records}
    del records["none"]            # never stays pending
    assert set(records) == set(data) | {"main", "purchase", "deploy", "choose_order", "over"}
    for kind, record in sorted(records.items()):
        state = STATE.clone()
        state.pending = Decision(0, kind, record(*data.get(kind, ())))
        state.stack = [Item("strike", 1, G, target=K)]
        text = Describer(view(state, 0), lang).decision()
        assert text and not text.startswith(UNKNOWN[lang]), kind


# --- random games --------------------------------------------------------------------------------

class Secrets:
    """Names of the cards `seat` cannot see in `state` (`seen` is its view); a name it also sees
    on another card is no secret."""

    def __init__(self, state: GameState, seen: GameState, seat: int) -> None:
        shown = {DB.cards[c.card_id].name for c in seen.cards if c.card_id is not None}
        shown |= {DB.cards[cid].name for cid in seen.players[seat].deal if cid is not None}
        hidden = {DB.cards[c.card_id].name for c, s in zip(state.cards, seen.cards, strict=True)
                  if s.card_id is None and c.card_id is not None}
        hidden |= {DB.cards[cid].name for cid in state.players[1 - seat].deal if cid is not None}
        self.shown = _names_pattern(frozenset(shown))
        self.hidden = _names_pattern(frozenset(hidden - shown))

    def check(self, text: str | None, lang: str, what: object) -> None:
        assert text, what
        assert not text.startswith(UNKNOWN[lang]), text
        if self.hidden is not None:
            found = self.hidden.search(self.shown.sub("", text) if self.shown else text)
            assert found is None, (text, what)


@functools.cache
def _names_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    return re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names, key=len, reverse=True)))


def test_random_games_are_described_without_gaps_or_leaks() -> None:
    decks = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]
    for seed in range(30):
        game = Game.start(DB, deck_pair(decks, seed), SeededSource(seed), Rules(turn_limit=40))
        bots = (RandomBot(seed), RandomBot(seed + 100))
        events = game.log
        while True:
            views = [view(game.state, s) for s in (0, 1)]
            secrets = [Secrets(game.state, views[s], s) for s in (0, 1)]
            for seat, seen in enumerate(views):
                for lang in LANGS:
                    say = Describer(seen, lang)
                    for e in events:
                        if e.kind != "turn_end":
                            secrets[seat].check(say.event(e), lang, e)
            if game.over:
                break
            seat = game.state.pending.player
            legal = game.legal_actions()
            for lang in LANGS:
                say = Describer(views[seat], lang)
                secrets[seat].check(say.decision(), lang, game.state.pending)
                secrets[seat].check(say.stack_text() or "-", lang, "stack")
                for action in legal:
                    secrets[seat].check(say.action(action), lang, action)
                    secrets[seat].check(say.action_short(action), lang, action)
            events = game.step(bots[seat](game.state, legal))


# --- exact phrases -------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "expected"), [
    ("ru", ["Чёрный рыцарь (c3)", "карта рубашкой (d5)", "Ход 1: ваши действия.",
            "Чёрный рыцарь (c3): удар по Гиртан (c4)", "удар → Гиртан (c4)", "идти на c2",
            "Русалка (c2): «метание рыбьей кости» 1-2-2 → Гиртан (c4)",
            "«метание рыбьей кости» (метание 1-2-2)", "Закончить ход",
            "Чёрный рыцарь (c3): закрыться и взять фишку", "закрыться: фишка"]),
    ("en", ["Чёрный рыцарь (c3)", "a face-down card (d5)", "Turn 1: your actions.",
            "Чёрный рыцарь (c3): strike Гиртан (c4)", "strike → Гиртан (c4)", "move to c2",
            "Русалка (c2): “fishbone throw” 1-2-2 → Гиртан (c4)",
            "“fishbone throw” (throw 1-2-2)", "End the turn",
            "Чёрный рыцарь (c3): close and take a chip", "close: chip"]),
])
def test_names_decisions_and_actions(lang: str, expected: list[str]) -> None:
    say = Describer(view(STATE, 0), lang)
    chip = act.TakeChip(K)
    got = [say.card_at(K), say.card_at(H), say.decision(), say.action(act.Strike(K, G)),
           say.action_short(act.Strike(K, G)), say.action_short(act.Move(K, CLASSIC_BOARD.parse_cell("c2"))),
           say.action(act.Use(R, THROW, G)), say.ability_label(R, THROW), say.action(act.EndTurn()),
           say.action(chip), say.action_short(chip)]
    assert got == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("ru", ["Гиртан (c4): 2 раны, жизней осталось 12", "Раздача: игрок 1 получает 15 карт",
            "Отряд: игрок 1 купил 3 карты", "Игрок 1: конец хода", "Ничья: погибли все существа.",
            "Чёрный рыцарь (c3) объявляет: удар → Гиртан (c4)", "Чёрный рыцарь (c3): 2 фишки",
            "Кубик: Чёрный рыцарь — 4 (с учётом модификаторов 5)"]),
    ("en", ["Гиртан (c4): 2 wounds, 12 life left", "Deal: player 1 gets 15 cards",
            "Squad: player 1 bought 3 cards", "Player 1: end of turn", "Draw: all creatures are dead.",
            "Чёрный рыцарь (c3) declares: strike → Гиртан (c4)", "Чёрный рыцарь (c3): 2 chips",
            "Die: Чёрный рыцарь — 4 (modified: 5)"]),
])
def test_events(lang: str, expected: list[str]) -> None:
    say = Describer(view(STATE, 0), lang)
    end = {"what": "end_turn", "seat": 0, "uid": -1, "ability": -1, "target": -1}
    kinds = [("wounded", None), ("deal", None), ("squad", None), ("declared", end), ("game_over", None),
             ("declared", None), ("chip", None), ("rolled", None)]
    assert [say.event(Event(k, d or SAMPLE_EVENTS[k])) for k, d in kinds] == expected


@pytest.mark.parametrize(("lang", "roles", "expected"), [
    ("ru", {0: "you", 1: "bot"}, ["Раздача: игрок 1 (вы) получает 15 карт", "Игрок 2 (бот): конец хода"]),
    ("ru", {0: "opponent", 1: "you"}, ["Раздача: игрок 1 (соперник) получает 15 карт", "Игрок 2 (вы): конец хода"]),
    ("en", {0: "you", 1: "bot"}, ["Deal: player 1 (you) gets 15 cards", "Player 2 (bot): end of turn"]),
])
def test_players_named_with_their_roles(lang: str, roles: dict[int, str], expected: list[str]) -> None:
    say = Describer(view(STATE, 0), lang, roles)
    end = {"what": "end_turn", "seat": 1, "uid": -1, "ability": -1, "target": -1}
    assert [say.event(Event("deal", SAMPLE_EVENTS["deal"])), say.event(Event("declared", end))] == expected


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="xx"):
        Describer(STATE, "xx")


def test_play_text_in_english() -> None:
    decks = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]
    game = Game.start(DB, deck_pair(decks, 0), SeededSource(3))
    out = io.StringIO()
    assert play_text(game, {1: RandomBot(3)}, io.StringIO("1\n1\nq\n"), out, lang="en") == 0
    text = out.getvalue()
    assert text.startswith("You are player 1.") and text.rstrip().endswith("Quit.")
    assert "Die: order roll" in text and "Кубик" not in text
