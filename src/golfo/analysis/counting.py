"""Exact odds for final hands by counting, suit by suit (needs numpy: ``golfo[analysis]``).

When every hand is final, the deal model (:mod:`golfo.analysis.world`) puts the ``m``
unknown hands (five cards each, or fewer) uniformly among the unseen cards.  Enumerating
them is out of reach when many cards are unseen (two hidden hands of five among 23 cards:
290 million deals), so golfo counts instead.

A hand's value is the best of its suits' values, so *every unknown seat's value is at most
its threshold* exactly when, in every suit, each seat's cards of that suit are worth at
most its threshold.  Suits hold disjoint cards, so the number of such deals is the
coefficient of ``x1^h1 ... xm^hm`` (the hand sizes) in a product of one polynomial per
suit, whose terms count the ways of giving ``k1 .. km`` of the suit's unseen cards to the
seats within their thresholds.  A suit has at most seven unseen cards, so its polynomials
come from at most ``(m + 1) ** 7`` assignments, tabulated once per suit mask and kept.

The winner of the main pot takes value ``a`` with every other seat below ``a`` (or at
``a``, when it is farther from mano than the winner, R11): thresholds ``a - 1`` or ``a``.
So the counts are needed only for thresholds in ``{a - 1, a}`` per seat, for each ``a``
in 0..30: ``31 * 2**m`` products, computed at once with numpy, in exact integers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import product
from math import comb, prod
from typing import Any

import numpy as np

from golfo.scoring import suit_values

__all__ = ["count_values", "count_wins"]

_LEVELS = 32
"""Thresholds ``a`` run over 0..31 (a value is at most 30, so ``a = 31`` admits all); when
five cards of a suit count (a variant), over 0..36 (:func:`_levels`)."""


def _levels(counted: int) -> int:
    return 37 if counted == 5 else _LEVELS


@lru_cache(maxsize=8)
def _values(counted: int) -> Any:
    return np.array(suit_values(counted), dtype=np.int64)


@lru_cache(maxsize=512)
def _suit_table(bits: int, sizes: tuple[int, ...], counted: int = 4) -> Any:
    """``Q[a, c, k1..km]``: the ways of giving ``k1 .. km`` of a suit's unseen cards
    (``bits``, a 7-bit rank mask) to ``m`` seats so that seat ``j``'s cards are worth at
    most ``a - 1 + c_j`` (``c``: a bit per seat, seat ``j`` at bit ``j``; at most
    ``counted`` cards of the suit count)."""
    m = len(sizes)
    suit_value = _values(counted)
    ranks = [r for r in range(7) if bits >> r & 1]
    owners = np.array(list(product(range(m + 1), repeat=len(ranks))), dtype=np.int64)
    owners = owners.reshape(len(owners), len(ranks))
    weights = np.left_shift(1, np.array(ranks, dtype=np.int64))
    table = np.zeros((_levels(counted), 1 << m, *(h + 1 for h in sizes)), dtype=np.int64)
    counts = []
    values = []
    for j in range(m):
        mine = owners == j + 1
        counts.append(mine.sum(axis=1))
        values.append(suit_value[(mine * weights).sum(axis=1)])
    fits = np.ones(len(owners), dtype=bool)
    for j in range(m):
        fits &= counts[j] <= sizes[j]
    counts = [k[fits] for k in counts]
    values = [v[fits] for v in values]
    for c in range(1 << m):
        # the least ``a`` admitting the assignment: ``v_j <= a - 1 + c_j`` for every seat
        least = np.zeros(len(counts[0]), dtype=np.int64)
        for j in range(m):
            least = np.maximum(least, values[j] + 1 - (c >> j & 1))
        np.add.at(table, (least, c, *counts), 1)
    table = np.cumsum(table, axis=0)
    table.setflags(write=False)
    return table


def _multiply(a: Any, b: Any, sizes: tuple[int, ...]) -> Any:
    """The product of two polynomials in the seats' card counts, cut at ``sizes``
    (coefficients on the trailing axes, one product per leading ``(a, c)``)."""
    m = len(sizes)
    out = np.zeros_like(a)
    for power in np.ndindex(*(h + 1 for h in sizes)):
        coefficient = a[(..., *power)]
        if not coefficient.any():
            continue
        into = (..., *(slice(i, None) for i in power))
        start = (..., *(slice(0, h + 1 - i) for i, h in zip(power, sizes, strict=True)))
        out[into] += coefficient[(..., *([None] * m))] * b[start]
    return out


def _counts(unseen: int, sizes: tuple[int, ...], counted: int = 4) -> Any:
    """``F[a, c]``: the deals of the unknown hands with seat ``j`` worth at most
    ``a - 1 + c_j``, for every ``a`` and every ``c``."""
    tables = [_suit_table(unseen >> 7 * i & 0x7F, sizes, counted) for i in range(4)]
    left = _multiply(tables[0], tables[1], sizes)
    right = _multiply(tables[2], tables[3], sizes)
    m = len(sizes)
    flipped = right[(..., *([slice(None, None, -1)] * m))]
    return (left * flipped).sum(axis=tuple(range(2, 2 + m)))


def count_wins(
    unseen: int,
    order: Sequence[int | None],
    sizes: Sequence[int],
    known: Mapping[int, int],
    counted: int = 4,
) -> tuple[list[float], int]:
    """Each position's chance of winning the main pot, and the number of deals counted.

    ``order`` lists the positions in play order by what is known of them: ``known[p]`` is
    position ``p``'s final value when the viewer knows it; every other position holds
    ``sizes[p]`` unseen cards.  Ties go to the earlier position (nearest mano, R11).
    ``counted``: the most cards of a suit that count (a variant's ``cards_counted``).
    """
    positions = len(order)
    unknown = [p for p in range(positions) if p not in known]
    hand_sizes = tuple(sizes[p] for p in unknown)
    n = unseen.bit_count()
    total = prod(comb(n - sum(hand_sizes[:j]), h) for j, h in enumerate(hand_sizes))
    wins = [0] * positions
    if not unknown:
        best = max(range(positions), key=lambda p: (known[p], -p))
        wins[best] = total
        return [float(w / total) for w in wins], total
    table = _counts(unseen, hand_sizes, counted)

    def channel(winner: int, at: int) -> int:
        """``c`` for thresholds around a winner at position ``winner``: a later seat may
        tie it (bit 1), an earlier one must stay below (bit 0); ``at`` is the winner's
        own bit, when it is unknown."""
        c = 0
        for j, p in enumerate(unknown):
            if p == winner:
                c |= at << j
            elif p > winner:
                c |= 1 << j
        return c

    for p in range(positions):
        if p in known:
            value = known[p]
            if all(value > known[q] or (value == known[q] and p < q) for q in known if q != p):
                wins[p] = int(table[value, channel(p, 0)])
            continue
        over = channel(p, 1)
        under = channel(p, 0)
        for a in range(_levels(counted) - 1):
            if all(a > known[q] or (a == known[q] and p < q) for q in known):
                wins[p] += int(table[a, over]) - int(table[a, under])
    return [w / total for w in wins], total


def count_values(unseen: int, size: int, counted: int = 4) -> dict[int, float]:
    """The distribution of the value of ``size`` cards drawn uniformly from ``unseen``
    (``counted``: as :func:`count_wins`)."""
    table = _counts(unseen, (size,), counted)
    total = comb(unseen.bit_count(), size)
    out = {}
    for a in range(_levels(counted) - 1):
        ways = int(table[a, 1]) - int(table[a, 0])
        if ways:
            out[a] = ways / total
    return out
