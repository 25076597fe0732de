"""NashConv against iterations, as a picture: ``python benchmarks/solve_plot.py [--most N]``.

Runs golfo.solve's CFR+ and discounted CFR on ``MINI`` with two and three seats and on
``MEDIANO`` with two, measures the NashConv (chips a hand) of the average policy after
1, 2, 5, 10, 20, 50, ... iterations (up to ``--most``, 1000 by default) and draws the
curves on log-log axes into ``docs/assets/solve-nashconv.png`` (``--out`` elsewhere).
golfo-native's solver runs the iterations where it is installed (``pip install ./native``),
golfo's pure-Python one otherwise: the same arithmetic, so the same curves.  Needs
matplotlib.  Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import golfo  # noqa: E402
from golfo.solve import (  # noqa: E402
    Method,
    Solver,
    build_tree,
    measure,
    native_measure,
    native_tree,
)
from golfo.solve.tree import native_available  # noqa: E402

VARIANTS: tuple[tuple[str, golfo.Rules, int], ...] = (
    ("MINI, 2 seats", golfo.MINI, 2),
    ("MINI, 3 seats", golfo.MINI, 3),
    ("MEDIANO, 2 seats", golfo.MEDIANO, 2),
)
METHODS: tuple[Method, ...] = ("cfr+", "dcfr")
NAMES = {"cfr+": "CFR+", "dcfr": "DCFR"}


def checkpoints(most: int) -> list[int]:
    """1, 2, 5, 10, 20, 50, ... up to ``most``."""
    out: list[int] = []
    scale = 1
    while scale <= most:
        out += [n * scale for n in (1, 2, 5) if n * scale <= most]
        scale *= 10
    return out


def curve(rules: golfo.Rules, players: int, method: Method, stops: list[int]) -> list[float]:
    """NashConv of ``method``'s average policy at each of ``stops`` iterations."""
    run: Callable[[int], None]
    nash_conv: Callable[[], float]
    if native_available():
        from golfo_native.cfr import CfrSolver

        tree = native_tree(rules, players)
        native = CfrSolver(tree, method)
        run = native.run
        nash_conv = lambda: native_measure(tree, native.average_strategy()).nash_conv  # noqa: E731
    else:
        solver = Solver(build_tree(rules, players), method)
        run = solver.run
        nash_conv = lambda: measure(solver.tree, solver.average_strategy()).nash_conv  # noqa: E731
    out: list[float] = []
    done = 0
    for stop in stops:
        run(stop - done)
        done = stop
        out.append(nash_conv())
    return out


def main(argv: list[str] | None = None) -> None:
    """Measure the curves and write the PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=1000, help="the most iterations")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/assets/solve-nashconv.png")
    args = parser.parse_args(argv)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stops = checkpoints(args.most)
    engine = "golfo-native" if native_available() else "pure Python"
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    colors = ("tab:blue", "tab:orange", "tab:green")
    for (label, rules, players), color in zip(VARIANTS, colors, strict=True):
        for method, style in zip(METHODS, ("-", "--"), strict=True):
            values = curve(rules, players, method, stops)
            print(f"{label} {NAMES[method]}: " + " ".join(f"{v:.2e}" for v in values))
            # NashConv is never below 0; an exact 0 has no place on a log axis
            points = [(n, v) for n, v in zip(stops, values, strict=True) if v > 0.0]
            xs, ys = zip(*points, strict=True)
            ax.plot(xs, ys, style, color=color, marker=".", label=f"{label}: {NAMES[method]}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("iterations")
    ax.set_ylabel("NashConv of the average policy (chips a hand)")
    ax.set_title(f"golfo.solve: CFR+ (solid) and DCFR (dashed), {engine}")
    ax.grid(True, which="major", alpha=0.4)
    ax.legend(fontsize="small")
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, metadata={"Software": None})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
