"""golfo.solve against OpenSpiel: its ``exploitability.nash_conv`` of golfo's policies, through
the adapter's ``GolfoPolicy``, agrees with golfo's own to 1e-9 on MINI with two seats; golfo's
CFR+ and DCFR give OpenSpiel's average policies iteration for iteration; policies convert both
ways; the adapter loads every setting of the rules.

Skipped when the ``openspiel`` extra is not installed.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import golfo  # noqa: E402
from golfo.errors import CodecError, RulesError  # noqa: E402
from golfo.ext.openspiel import (  # noqa: E402
    GolfoGame,
    GolfoPolicy,
    from_openspiel,
    params_for,
    to_openspiel,
)
from golfo.solve import Method, Policy, Solver, cfr, exploitability, game_tree  # noqa: E402

os_exploitability = pytest.importorskip("open_spiel.python.algorithms.exploitability")
os_policy = pytest.importorskip("open_spiel.python.policy")
os_cfr = pytest.importorskip("open_spiel.python.algorithms.cfr")
os_dcfr = pytest.importorskip("open_spiel.python.algorithms.discounted_cfr")


@pytest.fixture(scope="module")
def game() -> Any:
    return pyspiel.load_game("python_golfo", params_for(golfo.MINI, players=2))


POLICIES: dict[str, Policy] = {
    "random": golfo.RandomBot(),  # uniform on MINI (tests/test_solve.py)
    "heuristic": golfo.HeuristicBot(),
    "equity": golfo.EquityBot(),  # exact on MINI: every estimate it makes is
}


@pytest.mark.parametrize("name", [*POLICIES, "cfr"])
def test_openspiels_nash_conv_agrees_with_golfos(game: Any, name: str) -> None:
    policy = cfr(golfo.MINI, 2, 60) if name == "cfr" else POLICIES[name]
    ours = exploitability(golfo.MINI, 2, policy).nash_conv
    theirs = os_exploitability.nash_conv(game, GolfoPolicy(game, policy))
    assert abs(ours - theirs) < 1e-9


def test_policies_convert_both_ways_with_the_same_keys(game: Any) -> None:
    policy = cfr(golfo.MINI, 2, 20)
    tabular = to_openspiel(game, policy)
    assert set(tabular.state_lookup) == set(game_tree(golfo.MINI, 2).keys)
    assert from_openspiel(game, tabular) == policy


SMALL = attrs.evolve(golfo.MINI, ranks=(7, 8, 9), suits=(golfo.Suit.OROS,), table_sizes=(2,))
"""MINI with three cards of one suit: 616 histories, a discard and a draw still."""


@pytest.mark.parametrize("method", ["cfr+", "dcfr"])
def test_golfos_cfr_is_openspiels_iteration_for_iteration(method: Method) -> None:
    small = pyspiel.load_game("python_golfo", params_for(SMALL, players=2))
    theirs = os_cfr.CFRPlusSolver(small) if method == "cfr+" else os_dcfr.DCFRSolver(small)
    ours = Solver(game_tree(SMALL, 2), method)
    for _ in range(5):
        theirs.evaluate_and_update_policy()
    ours.run(5)
    average = from_openspiel(small, theirs.average_policy())
    mine = ours.average_policy()
    assert average.table.keys() == mine.table.keys()
    for key, entry in mine.table.items():
        for token, p in entry.items():
            assert abs(average.table[key][token] - p) < 1e-12
    nash_conv = os_exploitability.nash_conv(small, theirs.average_policy())
    assert abs(exploitability(SMALL, 2, average).nash_conv - nash_conv) < 1e-9


@pytest.mark.parametrize(
    "rules",
    [
        golfo.MINI,
        golfo.MEDIANO,
        attrs.evolve(golfo.TRADICIONAL, hands=1),
        attrs.evolve(golfo.LUDOTEKA, hands=3, extra_hands_on_tie=False),
        attrs.evolve(golfo.MINI, max_raises=None, bet_sizes=None, round_caps=(3, 4, 5, 6)),
    ],
    ids=["mini", "mediano", "tradicional", "ludoteka", "no-limit mini"],
)
def test_the_adapter_loads_every_setting_of_the_rules(rules: golfo.Rules) -> None:
    players = rules.table_sizes[0]
    params = params_for(rules, players)
    game = pyspiel.load_game("python_golfo", params)
    assert game.rules == rules
    assert pyspiel.load_game(str(game)).rules == rules  # the game string round-trips


def test_a_setting_changes_the_preset_in_a_game_string() -> None:
    game = pyspiel.load_game("python_golfo(rules=mini,players=2,ranks=7/8/9)")
    assert game.rules == golfo.MEDIANO


@pytest.mark.parametrize(
    "params",
    [
        {"rules": "mini", "ranks": "8/x"},
        {"rules": "mini", "suits": "O/Z"},
        {"rules": "mini", "rebuy": 2},
        {"rules": "mini", "players": 4},
        {"rules": "tradicional", "players": 2},
        {"rules": "mini", "players": 2, "deal_sizes": "5/5"},
    ],
)
def test_bad_settings_are_rules_errors(params: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        GolfoGame(params)


def test_conversions_need_one_hand_and_exact_betting(game: Any) -> None:
    per_seat = GolfoPolicy(game, [golfo.HeuristicBot(), golfo.EquityBot()])
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert sum(per_seat.action_probabilities(state).values()) == 1.0
    longer = pyspiel.load_game("python_golfo", {**params_for(golfo.MINI, players=2), "hands": 2})
    with pytest.raises(RulesError, match="one hand"):
        from_openspiel(longer, os_policy.UniformRandomPolicy(longer))
    abstract = pyspiel.load_game(
        "python_golfo", params_for(golfo.MINI, players=2, betting="abstract")
    )
    with pytest.raises(CodecError, match="exact"):
        GolfoPolicy(abstract, golfo.HeuristicBot())
