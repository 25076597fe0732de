"""Self-play at scale: exact sharding by game, streamed JSON Lines that replay, and views
at each decision that are exactly what the seat may see."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import golfo
from golfo import wire
from golfo.selfplay import report, simulate

KINDS = ["heuristic", "random", "random"]


def test_the_same_seed_gives_the_same_tally_on_one_or_two_workers() -> None:
    one = simulate(KINDS, hands=230, seed=4, game_hands=40, workers=1)
    two = simulate(KINDS, hands=230, seed=4, game_hands=40, workers=2)
    assert one == two
    assert one.hands == 230
    assert one.games == 6
    assert sum(one.net) == 0
    assert report(one, KINDS, 4, "tradicional") == report(two, KINDS, 4, "tradicional")


def test_games_are_streamed_as_records_that_replay() -> None:
    out = io.StringIO()
    seen: list[int] = []
    tally = simulate(
        KINDS,
        hands=130,
        seed=2,
        game_hands=50,
        workers=1,
        out=out,
        progress=lambda _n: seen.append(out.getvalue().count("\n")),
    )
    assert seen == [1, 2, 3]  # each game is written as soon as it is played
    lines = out.getvalue().splitlines()
    states = [golfo.from_json(line) for line in lines]
    assert [len(s.results) for s in states] == [50, 50, 30]
    net = [sum(r.payoffs[seat] for s in states for r in s.results) for seat in range(3)]
    assert net == tally.net
    fixed = io.StringIO()
    simulate(KINDS, rules=golfo.LUDOTEKA, hands=25, seed=1, workers=1, out=fixed)
    assert [len(golfo.from_json(x).results) for x in fixed.getvalue().splitlines()] == [10, 10, 5]


def test_decisions_hold_exactly_the_seats_view_and_the_action_taken() -> None:
    games, decisions = io.StringIO(), io.StringIO()
    simulate(KINDS, hands=12, seed=6, game_hands=6, workers=1, out=games)
    simulate(KINDS, hands=12, seed=6, game_hands=6, workers=2, out=decisions, records="decisions")
    lines = [json.loads(x) for x in decisions.getvalue().splitlines()]
    expected: list[tuple[int, int, Any]] = []  # (game, hand, a decision's fields or a result)
    for index, text in enumerate(games.getvalue().splitlines()):
        record = json.loads(text)
        states = list(golfo.replay(text))
        for state, action in zip(states, record["actions"], strict=False):
            seat = state.to_act
            if isinstance(seat, int):
                data = wire.view_data(golfo.view(state, seat))
                data.pop("history")
                expected.append((index, state.hand_number, (seat, data, action)))
        for result in states[-1].results:  # each hand's result once, after its decisions
            at = max(i for i, e in enumerate(expected) if e[:2] == (index, result.hand_number))
            data = wire.to_data(result)
            expected.insert(at + 1, (index, result.hand_number, data))
    assert len(lines) == len(expected)
    results: dict[int, list[Any]] = {}
    for line, (game, hand, want) in zip(lines, expected, strict=True):
        assert (line["game"], line["hand"]) == (game, hand)
        if "result" in line:
            assert line["result"] == want
            results.setdefault(game, []).append(line["result"])
            continue
        seat, view, action = want
        assert line["seat"] == seat
        assert "results" not in line["view"]  # written once per hand, not on every line
        # the seat's own view, nothing another seat holds: with the earlier hands' results
        assert line["view"] | {"results": results.get(game, [])} == view
        assert line["action"] == action


def test_the_command_streams_to_a_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    args = ["simulate", "--hands", "60", "--game-hands", "20", "--seed", "3", "--json"]
    first = subprocess.run(
        [sys.executable, "-m", "golfo", *args, "--workers", "2", "--out", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert first.returncode == 0, first.stderr
    again = subprocess.run(
        [sys.executable, "-m", "golfo", *args, "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.stdout == first.stdout
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3
    bad = subprocess.run(
        [sys.executable, "-m", "golfo", "simulate", "--out", str(tmp_path / "no" / "x.jsonl")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "cannot write" in bad.stderr
