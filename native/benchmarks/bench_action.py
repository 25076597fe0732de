"""Micro-benchmark: one action through the bindings, against golfo's Python reducer.

``python native/benchmarks/bench_action.py [--games N]``: plays the same recorded random
games action by action and prints microseconds per action for each path (CPU time of
this process: a machine busy with other work changes the figures less than wall time).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import attrs
from golfo_native import NativeState, play_games

import golfo
from golfo.conformance.runner import choose
from golfo.ext.codec import ActionCodec


def record(games: int) -> list[tuple[golfo.State, list[golfo.Action]]]:
    out = []
    for k in range(games):
        rng = random.Random(k)
        rules = attrs.evolve(golfo.LUDOTEKA if k % 2 else golfo.TRADICIONAL, hands=3)
        start = state = golfo.new_game(rules, players=3)
        actions = []
        while not state.is_over:
            action = choose(state, rng)
            actions.append(action)
            state = golfo.apply(state, action)
        out.append((start, actions))
    return out


def timed(label: str, count: int, run: Callable[[], None], base: float | None) -> float:
    began = time.process_time()
    run()
    per = (time.process_time() - began) / count * 1e6
    ratio = "" if base is None else f"  ({base / per:.1f}x golfo.apply)"
    print(f"{label:<44} {per:8.2f} µs per action{ratio}")
    return per


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    games = record(args.games)
    count = sum(len(a) for _, a in games)
    print(f"{args.games} games, {count} actions")

    def python_apply() -> None:
        for start, actions in games:
            state = start
            for a in actions:
                state = golfo.apply(state, a)

    def native_play() -> None:
        for start, actions in games:
            state = NativeState.new_game(start.rules, start.players)
            for a in actions:
                state.play(a)

    def native_apply() -> None:
        for start, actions in games:
            state = NativeState.new_game(start.rules, start.players)
            for a in actions:
                state = state.apply(a)

    ids = []
    for start, actions in games:
        codec = ActionCodec.for_rules(start.rules, start.players)
        state, row = start, []
        for a in actions:
            row.append(a.card.index if isinstance(a, golfo.Deal) else codec.encode(state, a))
            state = golfo.apply(state, a)
        ids.append((start, row))

    def native_ids() -> None:
        for start, row in ids:
            state = NativeState.new_game(start.rules, start.players)
            for i in row:
                state.apply_id(i)

    def native_ids_listed() -> None:
        for start, row in ids:
            state = NativeState.new_game(start.rules, start.players)
            for i in row:
                state.legal_ids()
                state.apply_id(i)

    base = timed("golfo.apply (Python reducer)", count, python_apply, None)
    timed("NativeState.play(action), in place", count, native_play, base)
    timed("NativeState.apply(action), pure", count, native_apply, base)
    timed("NativeState.apply_id(i), in place", count, native_ids, base)
    timed("legal_ids() + apply_id(i)", count, native_ids_listed, base)
    play_games(1, golfo.LUDOTEKA, 3, 0)  # warm up: NumPy's import is not an action
    for policy in ("random", "heuristic"):
        began = time.process_time()
        result = play_games(2000, attrs.evolve(golfo.LUDOTEKA, hands=3), 3, 1, policy)
        took = time.process_time() - began
        played = int(result["actions"].sum())
        label = f"play_games (Rust only, {policy} seats)"
        print(
            f"{label:<44} {took / played * 1e6:8.3f} µs per action"
            f"  ({played} actions, {2000 / took:,.0f} games/s)"
        )


if __name__ == "__main__":
    main()
