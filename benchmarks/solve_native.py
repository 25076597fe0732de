"""golfo-native's solver measured: ``python benchmarks/solve_native.py [--rules mediano]
[--players 2 3] [--iterations 5] [--repeats 5] [--curve 3000] [--no-python] [--curve-only]``.

For each table size of the variant, in one run:

1. the trees: golfo-native's and golfo.solve's build times (their sizes equal), and the
   tree as a Gambit EFG file loaded by OpenSpiel (``pyspiel.load_efg_game``: a C++ game),
   walked to count its histories, chance, decision and terminal nodes, information sets and
   actions, each checked equal to golfo's, and its NashConv of the uniform policy
   (OpenSpiel's C++ ``nash_conv``) checked equal to golfo's to 1e-9;
2. CFR iterations per second: each repeat runs, interleaved, golfo-native's CFR+, DCFR and
   CFR, golfo.solve's (pure Python) three, and OpenSpiel's C++ ``CFRPlusSolver`` and
   ``CFRSolver`` on the EFG game, each a fresh solver timed over its first ``--iterations``
   iterations alone (the same work for all); medians of ``--repeats``, and golfo-native's
   ratio to OpenSpiel's C++ solver of the same method.  After the last repeat, OpenSpiel's
   NashConv of its CFR+ and CFR average policies beside golfo-native's after the same
   iterations (the same game and the same updates: they agree);
3. with ``--curve N``: golfo-native's NashConv against iterations up to N (CFR+ and DCFR),
   with the seconds of the iterations alone (the measurements between them not counted).

Prints Markdown tables (``docs/performance.md``'s) and the load average before and after.
Needs golfo-native (``pip install ./native``) and OpenSpiel (``golfo[openspiel]``).
Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import pyspiel  # noqa: E402
from golfo_native.cfr import CfrSolver  # noqa: E402

import golfo  # noqa: E402
from golfo.solve import (  # noqa: E402
    METHODS,
    Solver,
    TabularPolicy,
    build_tree,
    exploitability,
    native_measure,
    native_tree,
)

CHECKPOINTS = (10, 30, 100, 300, 1000, 3000, 10000)
OPENSPIEL = {"cfr+": "CFRPlusSolver", "cfr": "CFRSolver"}
"""OpenSpiel's C++ solver of the same method (its C++ has no discounted CFR)."""


def load() -> str:
    """The load average over 1, 5 and 15 minutes, and the cores."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def efg_size(game: Any) -> tuple[int, int, int, int, int, int]:
    """The counts of an OpenSpiel game's tree, walked state by state (as ``TreeSize``)."""
    histories = chance = decisions = terminals = 0
    infosets: dict[str, int] = {}
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        histories += 1
        if state.is_terminal():
            terminals += 1
            continue
        legal = state.legal_actions()
        if state.is_chance_node():
            chance += 1
        else:
            decisions += 1
            infosets[state.information_state_string()] = len(legal)
        stack.extend(state.child(a) for a in legal)
    return histories, chance, decisions, terminals, len(infosets), sum(infosets.values())


def timed(run: Callable[[], None]) -> float:
    """The seconds ``run`` takes."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def compare(rules: golfo.Rules, players: int, args: argparse.Namespace) -> None:
    """Sections 1 and 2 for one table size."""
    took = timed(lambda: native_tree(rules, players))
    native = native_tree(rules, players)
    print(f"\n## {args.rules.upper()}, {players} players: {native.size}")
    print(f"\ngolfo-native's tree: {took:.2f} s")
    python_tree = None
    if not args.no_python:
        start = time.perf_counter()
        python_tree = build_tree(rules, players)
        print(f"golfo.solve's tree: {time.perf_counter() - start:.1f} s")
        assert tuple(python_tree.size) == native.size
    start = time.perf_counter()
    game = pyspiel.load_efg_game(native.efg(f"{args.rules} {players}"))
    print(f"OpenSpiel's game from the EFG file: {time.perf_counter() - start:.1f} s")
    size = efg_size(game)
    assert size == native.size, (size, native.size)
    uniform = exploitability(rules, players, TabularPolicy(rules, players, {}), engine="native")
    theirs = pyspiel.nash_conv(game, pyspiel.UniformRandomPolicy(game))
    assert abs(theirs - uniform.nash_conv) < 1e-9, (theirs, uniform.nash_conv)
    print(f"the EFG game's size {size} is golfo's; NashConv of the uniform policy:")
    print(f"golfo {uniform.nash_conv:.12f}, OpenSpiel's C++ nash_conv {theirs:.12f}")

    n = args.iterations
    solvers: dict[str, Callable[[], Any]] = {}
    for method in METHODS:
        solvers[f"golfo-native {method}"] = lambda m=method: CfrSolver(native, m)
    if python_tree is not None:
        for method in METHODS:
            solvers[f"golfo.solve {method} (Python)"] = lambda m=method: Solver(python_tree, m)
    for method, name in OPENSPIEL.items():
        solvers[f"OpenSpiel {name} (C++) {method}"] = lambda c=name: getattr(pyspiel, c)(game)
    seconds: dict[str, list[float]] = {name: [] for name in solvers}
    last: dict[str, Any] = {}
    for _ in range(args.repeats):
        for name, make in solvers.items():
            solver = make()
            if name.startswith("OpenSpiel"):
                step = solver.evaluate_and_update_policy

                def run(step: Callable[[], None] = step) -> None:
                    for _ in range(n):
                        step()

                seconds[name].append(timed(run))
            else:
                seconds[name].append(timed(lambda s=solver: s.run(n)))
            last[name] = solver
    rate = {name: n / statistics.median(s) for name, s in seconds.items()}
    print(
        f"\nCFR iterations per second (the first {n} of a fresh solver; medians of {args.repeats})"
    )
    print("\n| solver | iterations per second | golfo-native is |")
    print("|---|---|---|")
    for name, r in rate.items():
        method = name.rsplit(" ", 1)[-1] if name.startswith("OpenSpiel") else name.split()[1]
        ours = rate[f"golfo-native {method}"]
        ratio = "" if name.startswith("golfo-native") else f"{ours / r:,.0f}x faster"
        shown = f"{r:,.0f}" if r >= 100 else f"{r:.3g}"
        print(f"| {name} | {shown} | {ratio} |")
    for method, name in OPENSPIEL.items():
        os_conv = pyspiel.nash_conv(game, last[f"OpenSpiel {name} (C++) {method}"].average_policy())
        solver = last[f"golfo-native {method}"]
        ours_conv = native_measure(native, solver.average_strategy()).nash_conv
        print(
            f"\nNashConv after {n} iterations of {method}: golfo-native {ours_conv:.12f}, "
            f"OpenSpiel {name} {os_conv:.12f}"
        )


def curve(rules: golfo.Rules, players: int, most: int) -> None:
    """Section 3: golfo-native's NashConv against iterations."""
    native = native_tree(rules, players)
    stops = [c for c in CHECKPOINTS if c <= most]
    methods = ("cfr+", "dcfr")
    cells: dict[int, list[str]] = {stop: [] for stop in stops}
    for method in methods:
        solver = CfrSolver(native, method)
        spent = 0.0
        for stop in stops:
            spent += timed(lambda s=solver, k=stop - solver.iterations: s.run(k))
            nash_conv = native_measure(native, solver.average_strategy()).nash_conv
            cells[stop].append(f"{nash_conv:.2g} ({spent:.3g} s)")
    print(f"\n{players} players: NashConv (seconds of iterations)\n")
    print("| iterations | " + " | ".join(methods) + " |")
    print("|---|" + "---|" * len(methods))
    for stop, row in cells.items():
        print(f"| {stop:,} | " + " | ".join(row) + " |")


def main(argv: list[str]) -> int:
    """Measure and print (see the module)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rules", default="mediano", choices=["mini", "mediano"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--iterations", type=int, default=5, help="timed, per solver and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--curve", type=int, default=0, help="NashConv up to this many iterations")
    parser.add_argument("--no-python", action="store_true", help="leave golfo.solve's Python out")
    parser.add_argument("--curve-only", action="store_true", help="section 3 alone")
    args = parser.parse_args(argv)
    rules = getattr(golfo, args.rules.upper())
    print(f"before: {load()}")
    for players in [] if args.curve_only else args.players:
        compare(rules, players, args)
    if args.curve:
        print(f"\n## golfo-native on {args.rules.upper()}: NashConv against iterations")
        for players in args.players:
            curve(rules, players, args.curve)
    print(f"\nafter: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
