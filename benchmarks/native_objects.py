"""golfo-native through golfo's own objects, beside golfo's reducer, in one run (issue 35):
``python benchmarks/native_objects.py [--games 100] [--repeats 7] [--profile]``.

The same recorded random games (three-hand traditional and Ludoteka games, three seats,
dealing included: every action of the game) are replayed action by action on each path;
the paths alternate inside each repeat, and each figure is the median over the repeats of
CPU microseconds per action (CPU time of this process: other work on the machine changes it
less than wall time).  The paths, each asking for the legal moves and applying the action:

- golfo's reducer: ``golfo.legal_moves(state)`` + ``golfo.apply(state, action)``;
- golfo-native, pure: ``state.legal_moves()`` + ``state = state.apply(action)``;
- golfo-native, in place: ``state.legal_moves()`` + ``state.play(action)``;
- the same three with ``legal_actions`` (every action listed) instead of ``legal_moves``;
- and each ``apply`` / ``play`` alone;

then ``--hands`` random traditional hands a repeat with the chooser in the loop, as
``native/benchmarks/compare.py`` plays them (the 18 µs of issue 35 was its
``legal_moves`` + ``play``): ``legal_actions`` and an index, or ``legal_moves`` and the
``k``-th action of its ranges, on each engine.

``--profile`` adds cProfile's top functions for the native pure path.  Prints a Markdown
table and the load average before and after.  Needs golfo-native (``pip install ./native``);
nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import attrs  # noqa: E402
from golfo_native import NativeState  # noqa: E402

import golfo  # noqa: E402
from golfo.conformance.runner import choose  # noqa: E402

Games = list[tuple[golfo.State, list[golfo.Action]]]


def record(games: int) -> Games:
    """Random games, each its start and its actions."""
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


def paths(games: Games) -> dict[str, Callable[[], None]]:
    """Each path: a function replaying every game."""
    starts = [(s, NativeState.from_state(s), actions) for s, actions in games]
    legal_moves, legal_actions, apply = golfo.legal_moves, golfo.legal_actions, golfo.apply

    def reducer_moves() -> None:
        for start, _, actions in starts:
            state = start
            for a in actions:
                legal_moves(state)
                state = apply(state, a)

    def native_moves_apply() -> None:
        for _, start, actions in starts:
            state = start.copy()
            for a in actions:
                state.legal_moves()
                state = state.apply(a)

    def native_moves_play() -> None:
        for _, start, actions in starts:
            state = start.copy()
            for a in actions:
                state.legal_moves()
                state.play(a)

    def reducer_actions() -> None:
        for start, _, actions in starts:
            state = start
            for a in actions:
                legal_actions(state)
                state = apply(state, a)

    def native_actions_apply() -> None:
        for _, start, actions in starts:
            state = start.copy()
            for a in actions:
                state.legal_actions()
                state = state.apply(a)

    def native_actions_play() -> None:
        for _, start, actions in starts:
            state = start.copy()
            for a in actions:
                state.legal_actions()
                state.play(a)

    def reducer_apply() -> None:
        for start, _, actions in starts:
            state = start
            for a in actions:
                state = apply(state, a)

    def native_apply() -> None:
        for _, start, actions in starts:
            state = start.copy()
            for a in actions:
                state = state.apply(a)

    def native_play() -> None:
        for _, start, actions in starts:
            state = start.copy()
            for a in actions:
                state.play(a)

    out = {
        "golfo's reducer: `legal_moves` + `apply`": reducer_moves,
        "golfo-native: `legal_moves` + `apply` (pure)": native_moves_apply,
        "golfo-native: `legal_moves` + `play` (in place)": native_moves_play,
        "golfo's reducer: `legal_actions` + `apply`": reducer_actions,
        "golfo-native: `legal_actions` + `apply` (pure)": native_actions_apply,
        "golfo-native: `legal_actions` + `play` (in place)": native_actions_play,
        "golfo's reducer: `apply` alone": reducer_apply,
        "golfo-native: `apply` alone (pure)": native_apply,
        "golfo-native: `play` alone (in place)": native_play,
    }
    if not hasattr(NativeState, "legal_actions"):  # an older golfo-native
        out = {k: v for k, v in out.items() if "native: `legal_actions`" not in k}
    return out


def _nth(moves: golfo.LegalMoves, k: int) -> golfo.Action:
    """The ``k``-th action of ``moves`` without listing a range of amounts (as
    ``native/benchmarks/compare.py`` picks one)."""
    seat = moves.seat
    if seat is golfo.CHANCE:
        return golfo.Deal(list(moves.deals)[k])  # the set's own order: seeded, repeatable
    if moves.next_hand:
        return golfo.NextHand() if k == 0 else golfo.EndGame()
    assert isinstance(seat, int)
    if moves.discard_max is not None:
        return next(a for i, a in enumerate(moves) if i == k)
    head: list[golfo.Action] = [golfo.Pass(seat)] if moves.can_pass else [golfo.Call(seat)]
    if k == 0:
        return head[0]
    k -= 1
    if moves.bets:
        return golfo.Bet(seat, moves.bets[k])
    if k < len(moves.raises):
        return golfo.Raise(seat, moves.raises[k])
    return golfo.Fold(seat)


def random_play(hands: int) -> dict[str, Callable[[], int]]:
    """Random full hands (one traditional hand a game, dealing included), the chooser in
    the loop, as ``native/benchmarks/compare.py`` plays them: each returns its actions."""
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)

    def reducer_actions() -> int:
        rng, n = random.Random(1), 0
        for _ in range(hands):
            state = golfo.new_game(rules, players=3)
            while not state.is_over:
                legal = golfo.legal_actions(state)
                state = golfo.apply(state, legal[int(rng.random() * len(legal))])
                n += 1
        return n

    def native_actions() -> int:
        rng, n = random.Random(1), 0
        for _ in range(hands):
            state = NativeState.new_game(rules, 3)
            while not state.is_over:
                legal = state.legal_actions()
                state.play(legal[int(rng.random() * len(legal))])
                n += 1
        return n

    def reducer_moves() -> int:
        rng, n = random.Random(1), 0
        for _ in range(hands):
            state = golfo.new_game(rules, players=3)
            while not state.is_over:
                moves = golfo.legal_moves(state)
                state = golfo.apply(state, _nth(moves, int(rng.random() * len(moves))))
                n += 1
        return n

    def native_moves() -> int:
        rng, n = random.Random(1), 0
        for _ in range(hands):
            state = NativeState.new_game(rules, 3)
            while not state.is_over:
                moves = state.legal_moves()
                state.play(_nth(moves, int(rng.random() * len(moves))))
                n += 1
        return n

    out = {
        "golfo's reducer: `legal_actions` + pick + `apply`": reducer_actions,
        "golfo-native: `legal_actions` + pick + `play`": native_actions,
        "golfo's reducer: `legal_moves` + pick (`_nth`) + `apply`": reducer_moves,
        "golfo-native: `legal_moves` + pick (`_nth`) + `play`": native_moves,
    }
    if not hasattr(NativeState, "legal_actions"):  # an older golfo-native
        del out["golfo-native: `legal_actions` + pick + `play`"]
    return out


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="recorded games (default: 100)")
    parser.add_argument("--repeats", type=int, default=7, help="repeats (default: 7)")
    parser.add_argument(
        "--hands", type=int, default=300, help="random hands played a repeat (default: 300)"
    )
    parser.add_argument("--profile", action="store_true", help="profile the native pure path")
    args = parser.parse_args()
    print(load())
    games = record(args.games)
    count = sum(len(actions) for _, actions in games)
    print(f"{args.games} games, {count} actions (deals included)\n")
    runs = paths(games)
    played = random_play(args.hands)
    times: dict[str, list[float]] = {name: [] for name in [*runs, *played]}
    for _ in range(args.repeats):
        for name, run in runs.items():
            began = time.process_time()
            run()
            times[name].append((time.process_time() - began) / count * 1e6)
        for name, play in played.items():
            began = time.process_time()
            actions = play()
            times[name].append((time.process_time() - began) / actions * 1e6)
    medians = {name: statistics.median(t) for name, t in times.items()}
    print("| one action | µs (median) | vs golfo's reducer, same calls |")
    print("|---|---|---|")
    base = ""
    for name, per in medians.items():
        if name.startswith("golfo's reducer"):
            base = name
        print(f"| {name} | {per:.2f} | {medians[base] / per:.2f}x |")
    print()
    print(load())
    if args.profile:
        native = runs["golfo-native: `legal_moves` + `apply` (pure)"]
        profiler = cProfile.Profile()
        profiler.runcall(native)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
