"""The replay model: a local save or a verified transcript rebuilt step by step, turn jumps, the
text of each step, and the files it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from berserk_tui.engine import view
from berserk_tui.match import Match
from berserk_tui.netgame import public_hash
from berserk_tui.netmatch import NetMatch, game_path
from berserk_tui.replay import FULL, ReplayError, load_replay

from .replay_files import DB, played_save, played_transcripts


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Match]:
    path = tmp_path_factory.mktemp("save") / "autosave.json"
    return path, played_save(path)


@pytest.fixture(scope="module")
def network(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tuple[NetMatch, NetMatch]]:
    folder = tmp_path_factory.mktemp("net")
    return folder, played_transcripts(folder)


# --- a local save ---------------------------------------------------------------------------------

def test_a_save_has_a_step_per_action_with_the_states_of_a_direct_replay(save: tuple[Path, Match]) -> None:
    path, played = save
    replay = load_replay(DB, path)
    assert replay.last == len(played.actions) > 20
    direct = Match.start(DB, played.setup)
    assert replay.steps[0].state.state_hash() == direct.state.state_hash()
    assert list(replay.steps[0].events) == direct.log
    for step, action in zip(replay.steps[1:], played.actions, strict=True):
        seat = direct.to_move
        events = direct.play(action)
        assert (step.action, step.seat, list(step.events)) == (action, seat, events)
        assert step.state.state_hash() == direct.state.state_hash()
    assert replay.steps[-1].state.state_hash() == played.state.state_hash()


def test_views_hide_what_a_seat_did_not_know(save: tuple[Path, Match]) -> None:
    replay = load_replay(DB, save[0])
    i = replay.last
    for seat in (0, 1):
        assert replay.view(i, seat).state_hash() == view(replay.steps[i].state, seat).state_hash()
    assert replay.view(i, FULL) is replay.steps[i].state
    bought = next(i for i, s in enumerate(replay.steps) if s.seat == 1 and type(s.action).__name__ == "Buy")
    assert replay.action_text(bought, 0, "ru") == "игрок 2 (бот): скрытое действие"
    assert replay.action_text(bought, 1, "ru") == replay.action_text(bought, FULL, "ru") != \
        replay.action_text(bought, 0, "ru")
    assert replay.action_text(0, 0, "en") == "the start of the game"
    deal = replay.steps[bought - 1].state.players[1].deal
    card = DB.cards[deal[replay.steps[bought].action.index]]                 # type: ignore[union-attr]
    assert replay.card_of(bought, 1) is replay.card_of(bought, FULL) is card
    assert replay.card_of(bought, 0) is None and replay.card_of(0, FULL) is None


def test_turn_jumps(save: tuple[Path, Match]) -> None:
    replay = load_replay(DB, save[0])
    turns = [s.state.turn for s in replay.steps]
    starts = [j for j in range(1, len(turns)) if turns[j] != turns[j - 1]]
    assert [turns[j] for j in starts] == [1, 2, 3, 4]          # the save ends as turn 4 begins
    walked = [0]
    while walked[-1] != replay.last:
        walked.append(replay.next_turn(walked[-1]))
    assert walked[1:] == starts
    assert replay.next_turn(replay.last) == replay.last
    assert [replay.previous_turn(j) for j in starts] == [0, *starts[:-1]]
    assert replay.previous_turn(starts[1] + 1) == starts[1] and replay.previous_turn(0) == 0
    assert replay.turn(starts[1]) == 1 and replay.turn(starts[1] + 1) == 2
    assert replay.next_turn(starts[0] - 1) == starts[0]


def test_log_lines_of_a_step(save: tuple[Path, Match]) -> None:
    replay = load_replay(DB, save[0])
    assert replay.lines(0, 0, "ru")[0].startswith("Кубик: жребий")
    assert replay.lines(0, 0, "en")[0].startswith("Die: order roll")
    turn_two = replay.next_turn(replay.next_turn(0))
    assert any("Ход 2" in line for line in replay.lines(turn_two, FULL, "ru"))


# --- a network game -------------------------------------------------------------------------------

def test_a_transcript_replays_every_action_of_both_players(network: tuple[Path, tuple[NetMatch, NetMatch]]) -> None:
    folder, (host, guest) = network
    for name, writer in (("host.msgs", 0), ("guest.msgs", 1)):
        replay = load_replay(DB, folder / name)
        assert replay.owner == writer and replay.roles == {writer: "you", 1 - writer: "opponent"}
        assert replay.resigned == -1
        for seat, match in ((0, host), (1, guest)):
            assert [s.action for s in replay.steps if s.seat == seat] == match.peer.inputs
        final = replay.steps[-1].state
        assert final.over and public_hash(final).hex() == host.final_hash() == guest.final_hash()
        assert any(line.startswith("Победа") for line in replay.lines(replay.last, writer, "ru"))


def test_a_resigned_game_ends_with_the_resignation(tmp_path: Path) -> None:
    host, guest = played_transcripts(tmp_path, seed=4, resign_on_turn=2)
    replay = load_replay(DB, tmp_path / "guest.msgs")
    loser = 1 - host.peer.result.winner
    assert replay.resigned == loser and not replay.steps[-1].state.over
    assert replay.lines(replay.last, 0, "ru")[-1].startswith(f"Игрок {loser + 1}")
    assert replay.lines(replay.last, 0, "en")[-1].endswith("resigns")


# --- files that cannot be replayed ----------------------------------------------------------------

def refused(path: Path) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        load_replay(DB, path)
    return caught.value


def test_missing_and_unknown_files(tmp_path: Path) -> None:
    error = refused(tmp_path / "nothing.json")
    assert error.key == "replay.error.missing" and "nothing.json" in error.text("ru")
    text = tmp_path / "notes.txt"
    text.write_text("a shopping list\n", encoding="utf-8")
    assert refused(text).text("ru").endswith("это не сохранённая партия и не протокол сетевой игры")
    assert refused(tmp_path).key == "file.is_dir"


@pytest.mark.parametrize("content", ['{"version": 1, "setup"', '{"lang": "en"}', "[1, 2]"],
                         ids=["corrupt JSON", "another JSON file", "a list"])
def test_bad_saves(tmp_path: Path, content: str) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(content, encoding="utf-8")
    assert refused(path).key in ("replay.error.save", "replay.error.kind")


def test_a_tampered_save(tmp_path: Path, save: tuple[Path, Match]) -> None:
    data = json.loads(save[0].read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:-1]
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    error = refused(path)
    assert error.key == "replay.error.save" and "does not match" in error.text("en")
    assert error.text("ru").startswith("Сохранение не загружается")


def test_a_tampered_transcript_is_refused(tmp_path: Path, network: tuple[Path, tuple[NetMatch, NetMatch]]) -> None:
    data = bytearray((network[0] / "host.msgs").read_bytes())
    data[len(data) // 2] ^= 0x01
    bad = tmp_path / "bad.msgs"
    bad.write_bytes(bytes(data))
    error = refused(bad)
    assert error.key == "replay.error.transcript"
    assert error.text("ru").startswith(f"Протокол {bad} не прошёл проверку")


def test_an_unfinished_transcript_is_refused(tmp_path: Path, network: tuple[Path, tuple[NetMatch, NetMatch]]) -> None:
    data = (network[0] / "host.msgs").read_bytes()
    cut = tmp_path / "cut.msgs"
    cut.write_bytes(data[:len(data) // 2])
    assert refused(cut).key == "replay.error.transcript"


def test_the_private_game_file_points_to_its_transcript(network: tuple[Path, tuple[NetMatch, NetMatch]]) -> None:
    private = game_path(network[0] / "host.msgs")
    assert private.exists()
    assert "host.msgs" in refused(private).text("en").rsplit(":", 1)[1]


def test_a_save_without_actions_is_just_its_start(tmp_path: Path, save: tuple[Path, Match]) -> None:
    path = tmp_path / "autosave.json"
    Match.start(DB, save[1].setup).save(path)
    replay = load_replay(DB, path)
    assert replay.last == 0 and replay.next_turn(0) == 0 and replay.previous_turn(0) == 0
    assert replay.turn(0) == 0 and replay.lines(0, FULL, "ru")
