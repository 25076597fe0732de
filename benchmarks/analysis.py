"""golfo.analysis and the tournaments, measured (issue 18): ``python benchmarks/analysis.py``.

1. Exact equity after the second discard, three seats in the hand: the median time of
   ``golfo.analysis.equity`` over positions reached by self-play (discards face up, and face
   down, where about 20 cards are unseen), cold (the suit tables cleared first) and warm;
   beside it, listing every deal one by one (what a naive implementation does), where that
   is feasible.
2. Monte Carlo: 10,000 play-outs from the first betting round (two cards each, two discards
   to come), beside PokerKit's ``calculate_equities`` sampling 1,000 boards of heads-up
   hold'em preflop, a known hand against any hand (the same question for poker); compared
   as samples a second.  (Three-handed, with two ranges of every hand, PokerKit's call
   grew past 2 GB here and did not finish in minutes.)
3. Tournament throughput on one and on two worker processes, and the speed-up.

Every workload is repeated and the median kept.  Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import attrs  # noqa: E402

import golfo  # noqa: E402
from golfo.analysis import counting, equity, seen_cards  # noqa: E402
from golfo.cards import DECK  # noqa: E402
from golfo.tournament import tournament  # noqa: E402


def _round_four(seed: int, rules: golfo.Rules) -> golfo.State | None:
    state, deck = golfo.new_game(rules, players=3), golfo.shuffled_deck(seed)
    while state.phase is not golfo.Phase.BET_4:
        if state.phase in (golfo.Phase.BETWEEN_HANDS, golfo.Phase.END):
            return None
        if state.to_act is golfo.CHANCE:
            state = golfo.deal_from(state, deck)
            continue
        seat = state.to_act
        assert isinstance(seat, int)
        state = golfo.apply(state, golfo.HeuristicBot().choose(golfo.view(state, seat)))
    return state if len(state.in_hand) == 3 else None


def _positions(rules: golfo.Rules, count: int) -> list[golfo.View]:
    out = []
    for seed in itertools.count():
        state = _round_four(seed, rules)
        if state is not None:
            seat = state.to_act
            assert isinstance(seat, int)
            out.append(golfo.view(state, seat))
            if len(out) == count:
                return out
    raise AssertionError


def _listing(view: golfo.View) -> list[float]:
    """Every placement of the unseen cards, one by one."""
    assert view.seat is not None
    unseen = [c for c in DECK if not seen_cards(view) & c.mask]
    order = view.in_hand
    others = [s for s in order if s != view.seat]
    mine = view.hand.value
    wins = [0] * view.players
    total = 0
    for first in itertools.combinations(unseen, 5):
        rest = [c for c in unseen if c not in first]
        a = golfo.hand_value(first)
        for second in itertools.combinations(rest, 5):
            values = {view.seat: mine, others[0]: a, others[1]: golfo.hand_value(second)}
            best = max(values.values())
            wins[next(s for s in order if values[s] == best)] += 1
            total += 1
    return [w / total for w in wins]


def _timed(work: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def exact(quick: bool) -> None:
    print("1. exact equity after the second discard, 3 seats in the hand")
    count = 10 if quick else 40
    face_down = attrs.evolve(golfo.TRADICIONAL, discards_face_up=False)
    for label, rules in (("face up", golfo.TRADICIONAL), ("face down", face_down)):
        views = _positions(rules, count)
        unseen = statistics.median(28 - seen_cards(v).bit_count() for v in views)
        cold, warm = [], []
        for v in views:
            counting._suit_table.cache_clear()
            cold.append(_timed(lambda v=v: equity(v), 1))
            warm.append(_timed(lambda v=v: equity(v), 3))
        line = (
            f"   {label:9}: {count} positions, median {unseen:.0f} cards unseen; "
            f"equity {statistics.median(cold) * 1e3:.2f} ms cold, "
            f"{statistics.median(warm) * 1e3:.2f} ms warm (max {max(cold) * 1e3:.1f} ms)"
        )
        if label == "face up":
            listed = [_timed(lambda v=v: _listing(v), 1) for v in views[: max(3, count // 4)]]
            m = statistics.median(listed)
            line += f"; listing every deal {m * 1e3:.1f} ms ({m / statistics.median(cold):.0f}x)"
        else:
            deals = statistics.median(equity(v).deals for v in views)
            line += f"; {deals:,.0f} deals counted (median), too many to list"
        print(line)


def monte_carlo(quick: bool) -> None:
    print("2. Monte Carlo, 10,000 play-outs")
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.shuffled_deck(7))
    view = golfo.view(state, state.to_act)  # type: ignore[arg-type]
    repeats = 3 if quick else 7
    ours = _timed(lambda: equity(view, samples=10_000, seed=1), repeats)
    line = f"   golfo, round 1 (two discards to come): {ours * 1e3:.0f} ms"
    try:
        import pokerkit as pk
    except ImportError:
        print(line + "; PokerKit not installed (pip install -r benchmarks/requirements.txt)")
        return
    ranges = (pk.parse_range("AKs"), pk.parse_range(_ALL_HANDS))

    def poker() -> None:  # heads-up: three ranges of 1,326 hands each do not fit in memory here
        pk.calculate_equities(
            ranges, (), 2, 5, pk.Deck.STANDARD, (pk.StandardHighHand,), sample_count=1_000
        )

    theirs = _timed(poker, repeats)
    ours_rate, theirs_rate = 10_000 / ours, 1_000 / theirs
    print(
        line + f" ({ours_rate:,.0f} play-outs/s); PokerKit calculate_equities, AKs against "
        f"any hand, 1,000 boards: {theirs * 1e3:.0f} ms ({theirs_rate:,.0f} boards/s; "
        f"golfo {ours_rate / theirs_rate:.0f}x as many a second)"
    )


_RANKS = "AKQJT98765432"
_ALL_HANDS = " ".join(
    [f"{r}{r}" for r in _RANKS]
    + [f"{a}{b}{kind}" for i, a in enumerate(_RANKS) for b in _RANKS[i + 1 :] for kind in "so"]
)


def scaling(quick: bool) -> None:
    print("3. tournaments on 1 and 2 workers (duplicate, Ludoteka rules)")
    repeats = 1 if quick else 3
    for bots, hands in (
        (["heuristic", "random", "random"], 1500 if quick else 6000),
        (["equity", "heuristic", "random"], 90 if quick else 600),
    ):
        rates = {}
        for workers in (1, 2):
            seconds = _timed(
                lambda w=workers, b=bots, h=hands: tournament(
                    b, hands=h, duplicate=True, workers=w
                ),
                repeats,
            )
            rates[workers] = hands / seconds
        print(
            f"   {','.join(bots)}: {hands} hands, {rates[1]:,.0f} hands/s on 1 worker, "
            f"{rates[2]:,.0f} on 2 ({rates[2] / rates[1]:.2f}x)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and repeats")
    args = parser.parse_args()
    print(f"golfo {golfo.__version__}, Python {sys.version.split()[0]}")
    exact(args.quick)
    monte_carlo(args.quick)
    scaling(args.quick)


if __name__ == "__main__":
    main()
