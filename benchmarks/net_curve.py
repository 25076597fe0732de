"""NetBot's training curve as a plot: ``python benchmarks/net_curve.py CURVE.json
[--out docs/assets/net-training.png] [--every 2000000]``.

``CURVE.json`` is what ``golfo train --curve`` writes: one point per update, with the
learning seat's mean chips a hand against each kind of opponent in that update.  The plot
shows, per kind (the tables averaged: Ludoteka and the traditional rules, 3 and 4 seats),
the mean chips a hand of the learning seat over bins of ``--every`` decisions: against
HeuristicBots, EquityBots, RangeBots, its past selves (the league) and its own exploiters.
Needs matplotlib (``golfo[plot]``).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

LABELS = {
    "heuristic": "against HeuristicBots",
    "equity": "against EquityBots",
    "range": "against RangeBots",
    "league": "against its past selves (league)",
    "exploiters": "against its exploiters",
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("curve", type=Path)
    parser.add_argument("--out", type=Path, default=Path("docs/assets/net-training.png"))
    parser.add_argument("--every", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    points = json.loads(args.curve.read_text(encoding="utf-8"))
    bins: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for point in points:
        b = point["decisions"] // args.every
        for key, (mean, hands) in point["chips"].items():
            kind = key.split()[0]
            cell = bins[kind][b]
            cell[0] += mean * hands
            cell[1] += hands
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    for kind, label in LABELS.items():
        if kind not in bins:
            continue
        xs = sorted(bins[kind])
        ys = [bins[kind][b][0] / max(1.0, bins[kind][b][1]) for b in xs]
        axes.plot([(b + 1) * args.every / 1e6 for b in xs], ys, marker=".", label=label)
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("learning decisions (millions)")
    axes.set_ylabel("learning seat's chips a hand")
    axes.set_title("golfo train: NetBot's network, one hand of each preset, 3 and 4 seats")
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(args.out)
    print(args.out)


if __name__ == "__main__":
    main()
