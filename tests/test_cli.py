"""The ``golfo`` command, end to end through real subprocesses (``python -m golfo``)."""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import golfo
from golfo.cli import CommandError, parse_command

# Lines that make progress in any state: at most three are refused before one is legal
# (pass when unopened, call when facing a bet, stand pat in a discard, Enter between hands).
CYCLE = ["paso", "voy", "me quedo", ""]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "golfo", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_golfo_does_not_import_rich_nor_the_cli() -> None:
    code = (
        "import sys, golfo; assert 'rich' not in sys.modules; assert 'golfo.cli' not in sys.modules"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_help_lists_the_subcommands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for word in ("play", "simulate", "score", "replay"):
        assert word in result.stdout


def test_console_script_is_installed() -> None:
    script = shutil.which("golfo", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the golfo console script is not installed next to this interpreter")
    result = subprocess.run([script, "score", "9O", "8O"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "17 points" in result.stdout


# -- golfo score --------------------------------------------------------------


def test_score_gives_the_value_and_the_counting_cards() -> None:
    result = run("score", "9O", "8O", "7O", "6O", "3C")
    assert result.returncode == 0, result.stderr
    assert "30 points" in result.stdout
    assert "6O (seis de oros), 7O (siete de oros), 8O (ocho de oros), 9O (nueve de oros)" in (
        result.stdout
    )
    assert "Not counting: 3C" in result.stdout


def test_score_lone_card() -> None:
    result = run("score", "3O 4O 3C 4C 8E")
    assert result.returncode == 0
    assert "8 points" in result.stdout


@pytest.mark.parametrize("cards", [["9X"], ["9O", "9O"], ["3O", "4O", "5O", "6O", "7O", "8O"]])
def test_score_bad_cards_exit_2_with_one_line(cards: list[str]) -> None:
    result = run("score", *cards)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


# -- golfo simulate -----------------------------------------------------------


def test_simulate_json_is_reproducible_for_a_seed() -> None:
    args = ("simulate", "--hands", "150", "--seed", "11", "--json")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["hands"] == 150
    assert [s["bot"] for s in report["seats"]] == ["heuristic", "random", "random"]
    assert sum(s["net"] for s in report["seats"]) == 0  # chips are conserved
    showdowns = sum(report["winning_values"].values())
    assert showdowns == round(report["showdown_rate"] * 150)
    assert all(3 <= int(v) <= 30 for v in report["winning_values"])
    assert 0 <= report["stock_short_rate"] <= report["stock_limited_rate"] <= 1
    assert "hands per second" in first.stderr
    other = run("simulate", "--hands", "150", "--seed", "12", "--json")
    assert other.stdout != first.stdout


def test_simulate_table_output_and_four_seats_ludoteka() -> None:
    result = run(
        "simulate",
        "--hands",
        "40",
        "--bots",
        "random,heuristic,random,random",
        "--rules",
        "ludoteka",
    )
    assert result.returncode == 0, result.stderr
    for text in ("Results per seat", "Showdown rate", "Stock short", "hands per second"):
        assert text in result.stdout


def test_simulate_bad_bots_is_a_usage_error() -> None:
    result = run("simulate", "--hands", "5", "--bots", "heuristic,clever,random")
    assert result.returncode == 2
    assert "--bots" in result.stderr


def test_the_command_works_without_rich() -> None:
    code = (
        "import sys; sys.modules['rich'] = None\n"
        "from golfo.cli import main\n"
        "raise SystemExit(main(['simulate', '--hands', '20']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "Results per seat" in result.stdout


# -- golfo play ---------------------------------------------------------------


def test_play_scripted_game_with_bad_lines_reprompts_and_finishes(tmp_path: Path) -> None:
    script = ["hola", "subo 100000", "descarto 9X", *CYCLE * 150]
    record = tmp_path / "game.json"
    result = run(
        "play", "--hands", "2", "--seed", "5", "--save", str(record), stdin="\n".join(script)
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Not legal: not a move: 'hola'" in out
    assert "Not legal: you cannot bet 100000" in out
    assert out.count("Legal moves:") > out.count("Not legal:")  # every refusal re-prompts
    assert "Your cards:" in out
    assert "Your hand: value" in out
    assert "=== Hand 2" in out
    assert "Standings after 2 hands" in out
    assert "The game is over" in out
    assert "seat 1 (heuristic bot):" in out  # what the bots did
    # The saved record replays to the same final state.
    state = golfo.from_json(record.read_text())
    assert state.is_over
    assert len(state.results) == 2


def test_play_eof_mid_hand_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    result = run("play", "--seed", "8", "--players", "4", "--save", str(record), stdin="paso\n")
    assert result.returncode == 0, result.stderr
    assert "End of input: leaving the table." in result.stdout
    assert record.exists()
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "the record stops in the middle of hand 1" in replayed.stdout


def test_r15_play_open_ended_goes_on_until_the_player_stops() -> None:
    # Enter between hands deals the next one, until input ends.
    result = run("play", "--seed", "3", "--bots", "random,random", stdin="\n".join(CYCLE * 60))
    assert result.returncode == 0, result.stderr
    assert "=== Hand 2" in result.stdout
    assert "End of input: leaving the table." in result.stdout
    # 'salir' between hands of an open-ended game is EndGame: final standings and winner.
    # (The moves outlast any hand; between hands they are refused until 'salir'.)
    script = [*["paso", "voy", "me quedo"] * 100, "salir"]
    result = run("play", "--seed", "3", stdin="\n".join(script))
    assert result.returncode == 0, result.stderr
    assert "Press Enter for the next hand" in result.stdout
    assert "=== Hand 2" not in result.stdout
    assert "The game is over" in result.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_play_ctrl_c_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    record = tmp_path / "interrupted.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "golfo", "play", "--seed", "1", "--save", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    seen = b""
    while b"Your move >" not in seen:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, seen.decode()
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, seen.decode()
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    assert b"Interrupted: leaving the table." in out
    assert b"Traceback" not in err
    assert golfo.from_json(record.read_text()).hand_number == 1


# -- golfo replay -------------------------------------------------------------


def test_replay_of_a_saved_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = run(
        "play", "--hands", "2", "--seed", "9", "--save", str(record), stdin="\n".join(CYCLE * 150)
    )
    assert played.returncode == 0, played.stderr
    result = run("replay", str(record))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "=== Hand 1" in out
    assert "=== Hand 2" in out
    assert "-- primera ronda de envites" in out
    assert "dealt seat 0:" in out
    assert "Game over." in out
    assert "Standings after 2 hands" in out


@pytest.mark.parametrize(
    "text",
    ["", "not json at all", '{"format": "golfo/1"}', "[1, 2, 3]", '{"format": "golfo/999"}'],
)
def test_replay_of_a_broken_file_is_one_line_and_exit_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text)
    result = run("replay", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("golfo replay: ")


def test_replay_of_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


# -- reading moves (in process) ---------------------------------------------


def _view_unopened() -> golfo.View:
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    return golfo.view(state, 1)  # seat 1 (mano) holds 6O 3O, nobody has opened


def _view_facing() -> golfo.View:
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    state = golfo.apply(state, golfo.Bet(1, 3))
    return golfo.view(state, 2)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("paso", golfo.Pass(1)),
        ("PASS", golfo.Pass(1)),
        ("envido 5", golfo.Bet(1, 5)),
        ("bet 5", golfo.Bet(1, 5)),
        ("apuesto 7", golfo.Bet(1, 7)),
        ("resto", golfo.Bet(1, 99)),
        ("7", golfo.Bet(1, 7)),
    ],
)
def test_r5_words_before_the_opening(text: str, action: golfo.Action) -> None:
    assert parse_command(text, _view_unopened()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("voy", golfo.Call(2)),
        ("veo", golfo.Call(2)),
        ("call", golfo.Call(2)),
        ("subo 10", golfo.Raise(2, 10)),
        ("raise 10", golfo.Raise(2, 10)),
        ("subo a 10", golfo.Raise(2, 10)),
        ("10", golfo.Raise(2, 10)),
        ("envido 4", golfo.Raise(2, 4)),
        ("no voy", golfo.Fold(2)),
        ("fold", golfo.Fold(2)),
    ],
)
def test_r5_words_facing_a_bet(text: str, action: golfo.Action) -> None:
    assert parse_command(text, _view_facing()) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a move"),
        ("hola", "not a move"),
        ("voy", "cannot call"),
        ("no voy", "cannot fold"),
        ("envido", "say how much"),
        ("envido 0", "cannot bet 0"),
        ("envido 500", "cannot bet 500"),
        ("me quedo", "cannot discard"),
    ],
)
def test_r5_bad_words_say_why(text: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        parse_command(text, _view_unopened())


def test_r10_discard_words() -> None:
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    while state.phase is not golfo.Phase.DISCARD_1:
        seat = state.to_act
        state = (
            golfo.deal_from(state, golfo.DECK)
            if seat is golfo.CHANCE
            else golfo.apply(state, golfo.Pass(seat))  # type: ignore[arg-type]
        )
    v = golfo.view(state, 1)
    cards = v.hand.cards[:2]
    text = f"descarto {cards[0]} {str(cards[1]).lower()}"
    assert parse_command(text, v) == golfo.Discard(1, cards)
    assert parse_command(f"discard {cards[0]}", v) == golfo.Discard(1, cards[:1])
    assert parse_command("me quedo", v) == golfo.Discard(1, ())
    assert parse_command("stay", v) == golfo.Discard(1, ())
    with pytest.raises(CommandError, match="do not hold 9B"):
        parse_command("descarto 9B", v)
    with pytest.raises(CommandError, match="bad card"):
        parse_command("descarto 9X", v)
