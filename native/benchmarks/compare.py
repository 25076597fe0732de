"""golfo-native side by side with golfo's reducer and its peers (issue 21):
``python native/benchmarks/compare.py [--quick] [--tournament-hands N]``.

In one run, repeated (``--repeats``, default 5) with the engines alternating inside each
repeat, medians kept:

1. **one action** of random full hands, the legal moves asked for and one of them played,
   in CPU microseconds per action: golfo's reducer (``legal_actions`` + ``apply``),
   golfo-native through its ids (``legal_ids`` + ``apply_id``), golfo-native with golfo's
   action objects (``legal_moves`` + ``play``), OpenSpiel's ``universal_poker`` (3 players,
   no limit, 200-chip stacks, blinds 1/2) and ``leduc_poker`` (3 players), both driven from
   Python (``legal_actions`` + ``apply_action``, chance outcomes listed too), and PokerKit
   (3-player no-limit hold'em, 200 chips, its automations dealing: those deals are not
   counted as actions, so its figure flatters it);
2. **the batch API**: ``golfo_native.play_games`` with the random policy, one full hand per
   game (a traditional hand, dealing included), full hands per second on one core;
3. **a duplicate tournament** of heuristic against two random bots on each engine
   (``golfo tournament --duplicate --workers 1``, ``--engine python`` and ``native``): the
   hands per second measured over ``--tournament-hands`` hands, and the time 10**6 hands take
   at that rate (``--tournament-hands 1000000`` plays them).

The peers are dev-only (``pip install -r benchmarks/requirements.txt`` and ``open_spiel``);
a missing one is reported as such.  Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import attrs  # noqa: E402
from golfo_native import NativeState, play_games  # noqa: E402

import golfo  # noqa: E402
from golfo.tournament import tournament  # noqa: E402

HAND: Any = attrs.evolve(golfo.TRADICIONAL, hands=1)
"""One traditional hand per game, dealing included."""


def _pick(rng: random.Random, n: int) -> int:
    return int(rng.random() * n)


def golfo_hands(n: int, seed: int) -> tuple[float, int]:
    """CPU seconds and actions: ``n`` random hands on golfo's reducer."""
    rng = random.Random(seed)
    actions = 0
    began = time.process_time()
    for _ in range(n):
        state = golfo.new_game(HAND, players=3)
        while not state.is_over:
            legal = golfo.legal_actions(state)
            state = golfo.apply(state, legal[_pick(rng, len(legal))])
            actions += 1
    return time.process_time() - began, actions


def native_id_hands(n: int, seed: int) -> tuple[float, int]:
    """The same on golfo-native, through integer ids."""
    rng = random.Random(seed)
    actions = 0
    began = time.process_time()
    for _ in range(n):
        state = NativeState.new_game(HAND, 3)
        while not state.is_over:
            ids = state.legal_ids()
            state.apply_id(ids[_pick(rng, len(ids))])
            actions += 1
    return time.process_time() - began, actions


def native_object_hands(n: int, seed: int) -> tuple[float, int]:
    """The same on golfo-native, with golfo's ``LegalMoves`` and action objects."""
    rng = random.Random(seed)
    actions = 0
    began = time.process_time()
    for _ in range(n):
        state = NativeState.new_game(HAND, 3)
        while not state.is_over:
            moves = state.legal_moves()
            state.play(_nth(moves, _pick(rng, len(moves))))
            actions += 1
    return time.process_time() - began, actions


def _nth(moves: golfo.LegalMoves, k: int) -> golfo.Action:
    """The ``k``-th action of ``moves`` without listing a range of amounts."""
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


def spiel_hands(game: Any, n: int, seed: int) -> tuple[float, int]:
    """CPU seconds and actions: ``n`` random hands of an OpenSpiel game, from Python."""
    rng = random.Random(seed)
    actions = 0
    began = time.process_time()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[_pick(rng, len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[_pick(rng, len(legal))])
            actions += 1
    return time.process_time() - began, actions


def batch_hands(n: int, seed: int) -> tuple[float, int]:
    """CPU seconds and hands: ``play_games`` of ``n`` one-hand games, the random policy."""
    began = time.process_time()
    result = play_games(n, HAND, 3, seed, "random")
    return time.process_time() - began, int(sum(result["hands"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands, 3 repeats")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--tournament-hands", type=int, default=30_000)
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 5)
    hands = 300 if args.quick else 1500
    peers: dict[str, Callable[[int, int], tuple[float, int]]] = {
        "golfo reducer: legal_actions + apply": golfo_hands,
        "golfo-native: legal_ids + apply_id": native_id_hands,
        "golfo-native: legal_moves + play(action)": native_object_hands,
    }
    if importlib.util.find_spec("pyspiel") is not None:
        import pyspiel

        up = pyspiel.load_game(
            "universal_poker",
            {
                "betting": "nolimit",
                "numPlayers": 3,
                "numRounds": 4,
                "blind": "1 2 0",
                "firstPlayer": "3 1 1 1",
                "numSuits": 4,
                "numRanks": 13,
                "numHoleCards": 2,
                "numBoardCards": "0 3 1 1",
                "stack": "200 200 200",
                "bettingAbstraction": "fullgame",
            },
        )
        leduc = pyspiel.load_game("leduc_poker", {"players": 3})
        peers["OpenSpiel universal_poker (3p NL, 200)"] = lambda n, s: spiel_hands(up, n, s)
        peers["OpenSpiel leduc_poker (3p)"] = lambda n, s: spiel_hands(leduc, 4 * n, s)
    if importlib.util.find_spec("pokerkit") is not None:
        from run import pokerkit_random_hands

        def pokerkit_hands(n: int, seed: int) -> tuple[float, int]:
            began = time.process_time()
            _, actions = pokerkit_random_hands(n, seed)
            return time.process_time() - began, actions

        peers["PokerKit NLHE (3p, 200; deals not counted)"] = pokerkit_hands
    per_action: dict[str, list[float]] = {name: [] for name in peers}
    batch: list[float] = []
    for r in range(repeats):
        for name, run in peers.items():
            seconds, actions = run(hands, 1000 + r)
            per_action[name].append(seconds / actions * 1e6)
        seconds, played = batch_hands(100 * hands, r)
        batch.append(played / seconds)
    print(f"golfo-native benchmark: Python {platform.python_version()}, {platform.machine()}")
    print(f"{repeats} repeats, medians; {hands} random hands a repeat\n")
    base = statistics.median(per_action["golfo reducer: legal_actions + apply"])
    print(f"{'one action (apply and legal moves)':<48} {'µs':>8}  vs golfo's reducer")
    for name, values in per_action.items():
        median = statistics.median(values)
        print(f"{name:<48} {median:8.2f}  {base / median:6.1f}x")
    print(f"\nplay_games, random policy: {statistics.median(batch):,.0f} full hands/s (one core)")
    print(
        f"\nduplicate tournament, heuristic vs 2 random, {args.tournament_hands:,} hands, 1 worker:"
    )
    for engine in ("python", "native"):
        began = time.perf_counter()
        tournament(
            ["heuristic", "random", "random"],
            hands=args.tournament_hands,
            duplicate=True,
            seed=1,
            workers=1,
            engine=engine,
        )
        took = time.perf_counter() - began
        rate = args.tournament_hands / took
        print(
            f"  --engine {engine:<7} {rate:8,.0f} hands/s: "
            f"10**6 hands in {10**6 / rate / 60:5.1f} min"
        )


if __name__ == "__main__":
    main()
