"""golfo.solve measured: ``python benchmarks/solve.py [--rules mini] [--players 2 3]``.

For each variant and table size, in one run:

1. the tree: its size and the seconds to build it;
2. CFR's convergence: NashConv of the average policy after 10, 20, 50, 100, 200 and 500
   iterations of CFR+, discounted CFR and vanilla CFR, with the seconds of the iterations
   alone (the measurements between them not counted);
3. the exploitability table: NashConv and exploitability (NashConv / players) of
   RandomBot, HeuristicBot, EquityBot and the CFR solution (``--iterations``, the default
   method), with each seat's value; a bot whose action probabilities are not known says why;
4. with ``--openspiel``: OpenSpiel's own Python ``CFRSolver`` and ``CFRPlusSolver`` on the
   same variant through ``golfo.ext.openspiel``, iterations per second beside golfo's, and
   OpenSpiel's ``nash_conv`` of golfo's solution (it must agree).

Prints Markdown tables (the research guide's).  Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import golfo  # noqa: E402
from golfo.errors import PolicyError  # noqa: E402
from golfo.solve import (  # noqa: E402
    DEFAULT_METHOD,
    METHODS,
    Policy,
    Solver,
    build_tree,
    measure,
    tabulate,
)

CHECKPOINTS = (10, 20, 50, 100, 200, 500)


def convergence(tree: golfo.solve.GameTree, most: int) -> None:
    """NashConv against iterations for every method."""
    print("\n| iterations | " + " | ".join(METHODS) + " |")
    print("|---|" + "---|" * len(METHODS))
    rows: dict[int, list[str]] = {n: [] for n in CHECKPOINTS if n <= most}
    for method in METHODS:
        solver = Solver(tree, method)
        spent = 0.0
        for stop in rows:
            start = time.perf_counter()
            solver.run(stop - solver.iterations)
            spent += time.perf_counter() - start
            nash_conv = measure(tree, solver.average_strategy()).nash_conv
            rows[stop].append(f"{nash_conv:.2e} ({spent:.1f} s)")
    for stop, cells in rows.items():
        print(f"| {stop} | " + " | ".join(cells) + " |")


def table(tree: golfo.solve.GameTree, iterations: int) -> Policy:
    """The exploitability of the shipped bots and of the CFR solution."""
    solver = Solver(tree)
    start = time.perf_counter()
    solver.run(iterations)
    took = time.perf_counter() - start
    solution = solver.average_policy()
    entries: list[tuple[str, Policy]] = [
        ("RandomBot", golfo.RandomBot()),
        ("HeuristicBot", golfo.HeuristicBot()),
        ("EquityBot", golfo.EquityBot()),
        (f"CFR ({DEFAULT_METHOD}, {iterations} iterations, {took:.1f} s)", solution),
    ]
    print("\n| policy | NashConv | exploitability | values per seat |")
    print("|---|---|---|---|")
    for name, policy in entries:
        try:
            e = measure(tree, tabulate(tree, policy))
        except PolicyError as error:
            print(f"| {name} | not known | | {str(error).split(':')[0]} |")
            continue
        except Exception as error:  # a bot that cannot play the variant
            print(f"| {name} | fails | | {type(error).__name__}: {error} |")
            continue
        values = ", ".join(f"{v:+.4f}" for v in e.values)
        print(f"| {name} | {e.nash_conv:.4g} | {e.exploitability:.4g} | {values} |")
    return solution


def openspiel(rules: golfo.Rules, players: int, tree: golfo.solve.GameTree, solution: Any) -> None:
    """OpenSpiel's CFR solvers on the same game, and its NashConv of golfo's solution."""
    import pyspiel
    from open_spiel.python.algorithms import cfr, exploitability

    from golfo.ext.openspiel import GolfoPolicy, params_for

    game = pyspiel.load_game("python_golfo", params_for(rules, players))
    ours = Solver(tree)
    start = time.perf_counter()
    ours.run(20)
    golfo_rate = 20 / (time.perf_counter() - start)
    print("\n| solver | iterations per second |")
    print("|---|---|")
    print(f"| golfo.solve ({DEFAULT_METHOD}, pure Python) | {golfo_rate:.1f} |")
    for name, make in (("CFRSolver", cfr.CFRSolver), ("CFRPlusSolver", cfr.CFRPlusSolver)):
        solver = make(game)
        start = time.perf_counter()
        for _ in range(5):
            solver.evaluate_and_update_policy()
        rate = 5 / (time.perf_counter() - start)
        print(f"| OpenSpiel {name} (Python, through golfo.ext.openspiel) | {rate:.2f} |")
    theirs = exploitability.nash_conv(game, GolfoPolicy(game, solution))
    ours_conv = measure(tree, tabulate(tree, solution)).nash_conv
    print(f"\nNashConv of the solution: golfo {ours_conv:.12f}, OpenSpiel {float(theirs):.12f}")


def main(argv: list[str]) -> int:
    """Measure and print (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="mini", choices=["mini", "mediano"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--iterations", type=int, default=200, help="for the table's solution")
    parser.add_argument("--most", type=int, default=500, help="iterations of the curves")
    parser.add_argument("--openspiel", action="store_true", help="OpenSpiel's solvers too")
    args = parser.parse_args(argv)
    rules = getattr(golfo, args.rules.upper())
    for players in args.players:
        start = time.perf_counter()
        tree = build_tree(rules, players)
        took = time.perf_counter() - start
        print(f"\n## {args.rules.upper()}, {players} players: {tree.size} ({took:.1f} s)")
        convergence(tree, args.most)
        solution = table(tree, args.iterations)
        if args.openspiel:
            openspiel(rules, players, tree, solution)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
