"""NetBot's method measured exactly on the small variants: ``python
benchmarks/net_solve.py [--rules mini mediano] [--players 2 3] [--decisions 4000000]
[--seed 0]``.

For each variant and table size, the network of :mod:`golfo.bots.net.training` is trained
from nothing on that game alone (the same recipe: self-play, the league, its exploiters,
the heuristic, equity and range bots; ``--decisions`` learning decisions), then
:func:`golfo.solve.exploitability` measures NetBot playing it, exactly (every
information set of the hand's tree, the network's exact move probabilities), beside the CFR
solution's (:func:`golfo.solve.cfr`, the default method, 200 iterations) and golfo's other
bots'.  Each row: NashConv and exploitability in chips a hand.  Nothing here is part of the
test suite; the figures go to the research guide.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import attrs  # noqa: E402

import golfo  # noqa: E402
from golfo.bots.net import NetBot  # noqa: E402
from golfo.bots.net.training import Config, train  # noqa: E402
from golfo.solve import cfr, exploitability  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="+", default=["mini", "mediano"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--decisions", type=int, default=4_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args(argv)
    rows = []
    for name in args.rules:
        rules = golfo.PRESETS[name]
        for players in args.players:
            config = attrs.evolve(
                Config(), decisions=args.decisions, seed=args.seed, tables=((rules, players),)
            )
            start = time.perf_counter()
            network, _ = train(config)
            trained = time.perf_counter() - start
            policies = {
                "NetBot's method": NetBot(network=network),
                "CFR solution": cfr(rules, players, args.iterations),
                "EquityBot": golfo.EquityBot(),
                "HeuristicBot": golfo.HeuristicBot(),
            }
            for label, policy in policies.items():
                e = exploitability(rules, players, policy)
                note = (
                    f"trained {args.decisions:,} decisions, {trained:.0f} s"
                    if "method" in label
                    else ""
                )
                rows.append(
                    f"| `{name.upper()}` | {players} | {label} | {e.nash_conv:.4f} | "
                    f"{e.exploitability:.4f} | {note} |"
                )
                print(rows[-1], flush=True)
    print()
    print("| variant | seats | policy | NashConv | exploitability | |")
    print("|---|---:|---|---:|---:|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
