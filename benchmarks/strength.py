"""How strong a bot is, by duplicate play: ``python benchmarks/strength.py [--bot strong]
[--hands 100000] [--seats 3 4] [--rules ludoteka tradicional] [--against heuristic equity
range net mixed] [--workers 2] [--engine arena] [--seed 1] [--yardstick]``.

For each table size, preset and field of opponents, one duplicate tournament
(:func:`golfo.tournament.tournament`, every deal in every order of the bots over the seats):
the bot against a table of HeuristicBots (``heuristic``), of EquityBots (``equity``), of
RangeBots (``range``), of NetBots (``net``), or of both HeuristicBots and EquityBots
(``mixed``: the opponents alternate, HeuristicBot first). By default in golfo-native's arena
(``engine="arena"``: the bots are golfo-native's built-in policies, EquityBot its twin,
played in Rust; the same decks and seatings as golfo's own tournament); ``--engine native``
or ``python`` plays golfo's Python bots instead (a thousand times slower).  Each row gives the bot's
chips per 100 hands against the field with its 95 % interval (paired by deal: the bot's
result minus the field's average), and the hands played.  ``--yardstick`` adds EquityBot
against HeuristicBots, the gap the issue compares the bot's with.

The same seed gives the same table on any number of workers.  Nothing here is part of the
test suite; the figures go to the research guide.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import golfo  # noqa: E402
from golfo.tournament import TournamentResult, tournament  # noqa: E402

FIELDS = {
    "heuristic": lambda seats: ["heuristic"] * (seats - 1),
    "equity": lambda seats: ["equity"] * (seats - 1),
    "range": lambda seats: ["range"] * (seats - 1),
    "net": lambda seats: ["net"] * (seats - 1),
    "mixed": lambda seats: [("heuristic", "equity")[i % 2] for i in range(seats - 1)],
}
"""Each field of opponents, by the number of seats."""


def against_field(result: TournamentResult) -> tuple[float, float, float]:
    """The first bot's chips per 100 hands against the others' average: its mean and 95 %
    interval, paired by deal (from the tournament's per-deal cross sums)."""
    n = len(result.results)
    # per deal: x = net_0 - mean(net_others) = sum_e w_e net_e with w = (1, -1/(n-1), ...)
    w = [1.0] + [-1.0 / (n - 1)] * (n - 1)
    total = sum(w[e] * result.results[e].net for e in range(n))
    square = sum(w[e] * w[f] * result.cross[e][f] for e in range(n) for f in range(n))
    rounds = result.hands / result.deals
    mean = total / result.deals / rounds * 100
    if result.deals < 2:
        return mean, -math.inf, math.inf
    variance = max(0.0, (square - total * total / result.deals) / (result.deals - 1))
    half = 1.959963984540054 * math.sqrt(variance / result.deals) / rounds * 100
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--rules", nargs="+", default=["ludoteka", "tradicional"])
    parser.add_argument("--against", nargs="+", default=list(FIELDS), choices=list(FIELDS))
    parser.add_argument("--yardstick", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--engine", default="arena")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rows = []
    lineups = [(args.bot, field) for field in args.against]
    if args.yardstick:
        lineups.append(("equity", "heuristic"))
    for rules_name in args.rules:
        rules = golfo.PRESETS[rules_name]
        for seats in args.seats:
            for bot, field in lineups:
                bots = [bot, *FIELDS[field](seats)]
                start = time.perf_counter()
                result = tournament(
                    bots,
                    rules=rules,
                    hands=args.hands,
                    duplicate=True,
                    seed=args.seed,
                    workers=args.workers,
                    engine=args.engine,
                )
                seconds = time.perf_counter() - start
                mean, low, high = against_field(result)
                rows.append(
                    f"| {bot} | {field} | {rules_name} | {seats} | {result.hands:,} | "
                    f"{mean:+.1f} | [{low:+.1f}, {high:+.1f}] | {seconds:.0f} s |"
                )
                print(rows[-1], flush=True)
    print()
    print("| bot | against | rules | seats | hands | chips/100 hands | 95 % interval | time |")
    print("|---|---|---|---|---:|---:|---|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
