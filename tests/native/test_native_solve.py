"""golfo-native's solver (issue 34) against golfo.solve: the same tree node for node (keys,
tokens, payoffs, the seat's past), the same CFR strategies iteration for iteration and the
same NashConv (uniform and CFR, MINI with two and three seats), the same TabularPolicy key
for key; MEDIANO with two seats converges; the EFG export is the same game for OpenSpiel,
whose C++ CFR+ gives the same NashConv iteration for iteration."""

from __future__ import annotations

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native.cfr import CfrSolver, SolveTree

import golfo
from golfo import MEDIANO, MINI, Suit
from golfo.errors import PolicyError, RulesError
from golfo.solve import (
    METHODS,
    Solver,
    TabularPolicy,
    action_token,
    cfr,
    exploitability,
    game_tree,
    measure,
    native_measure,
    native_tree,
)

FACE_DOWN = attrs.evolve(
    MINI,
    ranks=(5, 6, 7, 8, 9),
    suits=(Suit.OROS,),
    deal_sizes=(2, 0),
    discards_face_up=False,
    betting_rounds=(3,),
    table_sizes=(2,),
)
"""Two cards each from five, discards face down (``x0#1``), one betting round."""
NO_LIMIT = attrs.evolve(
    MINI,
    ranks=(7, 8, 9),
    suits=(Suit.OROS,),
    bet_sizes=None,
    max_raises=None,
    betting_rounds=(3,),
    table_sizes=(2,),
    starting_stack=4,
)
"""Bets and raises of every size up to the stacks."""
TABLES = [(MINI, 2, 0), (MINI, 3, 0), (FACE_DOWN, 2, 1), (NO_LIMIT, 2, 1)]


@pytest.mark.parametrize(("rules", "players", "dealer"), TABLES)
def test_the_native_tree_is_golfo_solves_node_for_node(
    rules: golfo.Rules, players: int, dealer: int
) -> None:
    ours, native = game_tree(rules, players, dealer), native_tree(rules, players, dealer)
    assert native.size == tuple(ours.size)
    assert native.nodes() == (ours.player, ours.first, ours.count, ours.infoset, ours.payoffs)
    assert list(native.keys) == ours.keys
    assert [tuple(map(action_token, a)) for a in ours.actions] == list(native.tokens)
    assert list(native.seats) == ours.seats
    assert native.before() == ours.before
    assert native.set_nodes() == ours.nodes


@pytest.mark.parametrize("players", [2, 3])
def test_cfr_and_nash_conv_agree_with_golfo_solve(players: int) -> None:
    tree, native = game_tree(MINI, players), native_tree(MINI, players)
    uniform = TabularPolicy(MINI, players, {})
    ours = exploitability(MINI, players, uniform, engine="python")
    theirs = exploitability(MINI, players, uniform, engine="native")
    assert abs(ours.nash_conv - theirs.nash_conv) < 1e-9
    assert ours.values == pytest.approx(theirs.values, abs=1e-12)
    for method in METHODS:
        python, rust = Solver(tree, method), CfrSolver(native, method)
        python.run(15)
        rust.run(15)
        pairs = [
            *zip(python.average_strategy(), rust.average_strategy(), strict=True),
            *zip(python.current_strategy(), rust.current_strategy(), strict=True),
        ]
        for a, b in pairs:
            assert a == pytest.approx(b, abs=1e-12)
        ours = measure(tree, python.average_strategy())
        theirs = native_measure(native, rust.average_strategy())
        assert abs(ours.nash_conv - theirs.nash_conv) < 1e-9
        assert ours.best_responses == pytest.approx(theirs.best_responses, abs=1e-9)
    policy = cfr(MINI, players, 15, engine="native")
    expected = cfr(MINI, players, 15, engine="python")
    assert policy.table.keys() == expected.table.keys()
    for key, entry in expected.table.items():
        assert policy.table[key].keys() == entry.keys()
        assert list(policy.table[key].values()) == pytest.approx(list(entry.values()), abs=1e-12)


def test_mediano_with_two_seats_converges() -> None:
    solver = CfrSolver(native_tree(MEDIANO, 2), "cfr+")
    solver.run(10)
    early = native_measure(solver.tree, solver.average_strategy()).nash_conv
    solver.run(290)
    late = native_measure(solver.tree, solver.average_strategy()).nash_conv
    assert late < 0.01 * MEDIANO.ante < early
    policy = TabularPolicy(MEDIANO, 2, solver.average_table())
    assert exploitability(MEDIANO, 2, policy, engine="native").nash_conv == pytest.approx(late)


def test_policies_are_read_as_golfo_solve_reads_them() -> None:
    bad = TabularPolicy(MINI, 2, {"p1 d1:8O d0": {"p1": 2.0, "b1:1": -1.0}})
    with pytest.raises(PolicyError):
        exploitability(MINI, 2, bad, engine="native")
    with pytest.raises(PolicyError):
        exploitability(MINI, 2, bad, engine="python")
    other = cfr(MEDIANO, 2, 5)  # a table of other rules: uniform everywhere on MINI
    uniform = exploitability(MINI, 2, TabularPolicy(MINI, 2, {}), engine="native")
    assert exploitability(MINI, 2, [other, other], engine="native") == uniform
    with pytest.raises(ValueError, match="TabularPolicy"):
        exploitability(MINI, 2, golfo.HeuristicBot(), engine="native")
    with pytest.raises(ValueError, match="engine"):
        cfr(MINI, 2, 5, engine="rust")  # type: ignore[arg-type]


def test_the_native_tree_refuses_what_golfo_refuses() -> None:
    with pytest.raises(RulesError, match="more than 1000 histories"):
        SolveTree(MINI, 2, limit=1000)
    with pytest.raises(RulesError):
        SolveTree(MINI, 4)
    with pytest.raises(ValueError, match="method"):
        CfrSolver(native_tree(MINI, 2), "cfr++")


def test_the_efg_file_is_the_same_game_for_openspiel() -> None:
    """OpenSpiel's C++ CFR+ on the EFG file gives golfo's NashConv iteration for iteration:
    on MEDIANO exact ties in the regrets make the rounding of chance nodes' values matter."""
    pyspiel = pytest.importorskip("pyspiel")
    native = native_tree(MEDIANO, 2)
    game = pyspiel.load_efg_game(native.efg("mediano"))
    uniform = exploitability(MEDIANO, 2, TabularPolicy(MEDIANO, 2, {}), engine="native")
    assert (
        abs(pyspiel.nash_conv(game, pyspiel.UniformRandomPolicy(game)) - uniform.nash_conv) < 1e-9
    )
    theirs = pyspiel.CFRPlusSolver(game)
    for _ in range(30):
        theirs.evaluate_and_update_policy()
    ours = CfrSolver(native, "cfr+")
    ours.run(30)
    expected = native_measure(native, ours.average_strategy()).nash_conv
    assert abs(pyspiel.nash_conv(game, theirs.average_policy()) - expected) < 1e-9
