"""golfo-native's built-in ``"strong"`` policy (golfo's StrongBot in Rust): its speed and
its strength against the heuristic (issue 36).

    python benchmarks/native_strong.py --games 300 --duplicate 1000

- hands a second of ``golfo_native.play_games`` with three ``"strong"`` seats and with
  ``["strong", "heuristic", "heuristic"]`` (LUDOTEKA and TRADICIONAL, 10 hands a game, one
  thread);
- the median microseconds of one decision (``NativeState.strong_action``, through the
  bindings) over the decisions of LUDOTEKA games the policy plays against itself;
- a duplicate match (``--duplicate`` games a seating): ``"strong"`` in each seat in turn
  against ``"heuristic"`` on the same deals (chance draws from the game's seed alone), its
  chips a hand with a 95 % interval, 3 and 4 seats of both presets.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from golfo_native import NativeState, play_games

import golfo

PRESETS = {"LUDOTEKA": golfo.LUDOTEKA, "TRADICIONAL": golfo.TRADICIONAL}


def hands_per_second(games: int) -> None:
    for policy in ("strong", ["strong", "heuristic", "heuristic"]):
        for name, rules in PRESETS.items():
            began = time.perf_counter()
            out = play_games(games, rules, 3, seed=1, policy=policy)
            elapsed = time.perf_counter() - began
            hands = int(out["hands"].sum())
            print(f"{policy!s:36} {name:12} {hands:6} hands {hands / elapsed:8,.0f} hands/s")


def decision_time(games: int) -> None:
    rng = random.Random(3)
    times: list[float] = []
    for _ in range(games):
        state = NativeState.new_game(golfo.LUDOTEKA, 3)
        while not state.is_over:
            if state.to_act is golfo.CHANCE:
                ids = state.legal_ids()
                state.apply_id(ids[rng.randrange(len(ids))])
                continue
            if state.to_act is None:
                state.play(golfo.NextHand())
                continue
            began = time.perf_counter()
            action = state.strong_action(seed=len(times))
            times.append(time.perf_counter() - began)
            assert action is not None
            state.play(action)
    print(f"median {statistics.median(times) * 1e6:.1f} us a decision ({len(times)} decisions)")


def duplicate(games: int) -> None:
    for name, rules in PRESETS.items():
        for players in (3, 4):
            nets, hands = [], []
            for seat in range(players):
                policy = ["heuristic"] * players
                policy[seat] = "strong"
                out = play_games(games, rules, players, seed=1, policy=policy)
                nets.append(out["nets"][:, seat])
                hands.append(out["hands"])
            per = [
                sum(int(n[k]) for n in nets) / sum(int(h[k]) for h in hands) for k in range(games)
            ]
            mean = statistics.fmean(per)
            half = 1.96 * statistics.stdev(per) / games**0.5
            total = sum(int(h.sum()) for h in hands)
            print(
                f"{name:12} {players} seats {total:7,} hands: strong {mean:+.2f} chips a hand "
                f"[{mean - half:+.2f}, {mean + half:+.2f}]"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games for the speed")
    parser.add_argument("--decisions", type=int, default=30, help="games for decision times")
    parser.add_argument("--duplicate", type=int, default=1000, help="games a seating (0: none)")
    args = parser.parse_args()
    hands_per_second(args.games)
    decision_time(args.decisions)
    if args.duplicate:
        duplicate(args.duplicate)


if __name__ == "__main__":
    main()
