"""``golfo simulate`` and ``golfo tournament`` on the Rust engine (``engine="native"``,
``--engine native``): the same seeds give the same statistics, records and rankings as on
golfo's reducer."""

from __future__ import annotations

import io
import subprocess
import sys

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native import NativeState, play_hand

import golfo
from golfo.selfplay import simulate
from golfo.tournament import tournament


@pytest.mark.parametrize(
    ("bots", "rules", "records"),
    [
        (["heuristic", "random", "random"], golfo.TRADICIONAL, "games"),
        (["random", "heuristic", "random", "heuristic"], golfo.LUDOTEKA, "decisions"),
        (["equity", "random", "heuristic"], golfo.LUDOTEKA, "games"),
        (["heuristic", "random"], golfo.MINI, "games"),  # variants (issue 34)
        (["heuristic", "heuristic", "random"], golfo.MEDIANO, "decisions"),
    ],
)
def test_simulate_gives_the_same_tally_and_records_on_both_engines(
    bots: list[str], rules: golfo.Rules, records: str
) -> None:
    outs = {}
    tallies = {}
    for engine in ("python", "native"):
        out = io.StringIO()
        tallies[engine] = simulate(
            bots,
            rules=rules,
            hands=12 if "equity" in bots else 40,
            seed=11,
            game_hands=7,
            workers=1,
            out=out,
            records=records,
            engine=engine,
        )
        outs[engine] = out.getvalue()
    assert tallies["native"] == tallies["python"]
    assert tallies["native"].hands == (12 if "equity" in bots else 40)
    assert outs["native"] == outs["python"]
    assert outs["native"].count("\n") >= 2


@pytest.mark.parametrize("duplicate", [True, False])
def test_tournament_gives_the_same_result_on_both_engines(duplicate: bool) -> None:
    results = [
        tournament(
            ["heuristic", "random", "random", "heuristic"],
            hands=120,
            duplicate=duplicate,
            seed=3,
            workers=1,
            engine=engine,
        )
        for engine in ("python", "native")
    ]
    assert results[0] == results[1]
    assert results[0].hands == 120


def test_a_heuristic_bot_with_its_own_thresholds_is_asked_in_python() -> None:
    """The Rust heuristic has the default thresholds only: another bot chooses from the
    native view, and the hand is the one golfo's reducer plays."""
    eager = golfo.HeuristicBot(thresholds=dict.fromkeys(golfo.HeuristicBot().thresholds, (0, 0)))
    bots: list[golfo.Bot] = [eager, golfo.HeuristicBot(), golfo.RandomBot(5)]
    deck = golfo.shuffled_deck(8)
    ours = golfo.bots.play_hand(golfo.new_game(golfo.LUDOTEKA, players=3), bots, deck)
    bots[2] = golfo.RandomBot(5)
    native = play_hand(NativeState.new_game(golfo.LUDOTEKA, 3), bots, deck)
    assert native.to_state() == ours
    assert (
        ours.results[-1]
        != golfo.bots.play_hand(
            golfo.new_game(golfo.LUDOTEKA, players=3),
            [golfo.HeuristicBot(), golfo.HeuristicBot(), golfo.RandomBot(5)],
            deck,
        ).results[-1]
    )  # the thresholds did change the play


def test_the_command_line_takes_the_engine() -> None:
    outputs = [
        subprocess.run(
            [
                *(sys.executable, "-m", "golfo", "simulate", "--bots", "heuristic,random,random"),
                *("--hands", "60", "--seed", "2", "--json", "--workers", "1", "--engine", engine),
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for engine in ("python", "native")
    ]
    assert outputs[0] == outputs[1]
    assert '"hands": 60' in outputs[0]
