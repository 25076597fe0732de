"""Median milliseconds per ``choose(view)`` of a bot, over the decisions of LUDOTEKA hands.

    python benchmarks/decision_time.py strong --hands 40 --players 3

The hands are played by the bot named in every seat (seeded); each decision of every
seat is timed (``time.perf_counter`` around ``choose``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import golfo
from golfo.actions import CHANCE
from golfo.analysis.knowledge import HAND_OVER
from golfo.bots import new_deck
from golfo.tournament import make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bot")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bots = [make_bot(args.bot, args.seed * 16 + s) for s in range(args.players)]
    rng = random.Random(args.seed)
    times: list[float] = []
    for _ in range(args.hands):
        state = golfo.new_game(golfo.LUDOTEKA, players=args.players)
        deck = new_deck(rng)
        while state.phase not in HAND_OVER:
            if state.to_act is CHANCE:
                state = golfo.deal_from(state, deck)
                continue
            seat = state.to_act
            assert isinstance(seat, int)
            v = golfo.view(state, seat)
            start = time.perf_counter()
            action = bots[seat].choose(v)
            times.append(time.perf_counter() - start)
            state = golfo.apply(state, action)
    times.sort()
    print(
        f"{args.bot}: {len(times)} decisions, median {1000 * statistics.median(times):.2f} ms, "
        f"p90 {1000 * times[int(0.9 * len(times))]:.2f} ms, max {1000 * times[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
