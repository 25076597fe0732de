"""What a draw may bring: the value of kept cards plus cards drawn from the unseen ones.

A seat that keeps ``kept`` and draws ``draws`` cards receives, by the deal model, a uniform
choice of ``draws`` of its unseen cards.  The value it ends with has an exact distribution,
counted suit by suit (a suit has at most seven unseen cards, so at most 128 ways to draw
from it) and combined across suits as the coefficients of a product of polynomials: a
hand is worth at most ``t`` exactly when every suit is.

>>> import golfo
>>> from golfo.analysis.draws import draw_distribution, expected_value
>>> kept = golfo.Hand.parse("9O 8O 7O").mask
>>> unseen = golfo.Hand.parse("6O 3C").mask   # two cards left unseen: 6O or 3C
>>> draw_distribution(kept, unseen, 1)
{24: 0.5, 30: 0.5}
>>> expected_value(kept, unseen, 1)
27.0
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Final

from golfo.scoring import suit_values

__all__ = ["draw_distribution", "expected_value"]

_VALUES: Final = 31
"""Hand values run over 0..30 (0..35 when five cards of a suit count: :func:`_top`)."""


def _top(counted: int) -> int:
    return 36 if counted == 5 else _VALUES


@lru_cache(maxsize=1 << 14)
def _suit(kept: int, free: int, counted: int = 4) -> tuple[tuple[int, ...], ...]:
    """``cum[k][t]``: the ways to draw ``k`` of a suit's ``free`` cards (7-bit rank masks)
    leaving the suit worth at most ``t`` with ``kept`` (at most ``counted`` cards count)."""
    values = suit_values(counted)
    exact = [[0] * _top(counted) for _ in range(8)]
    sub = free
    while True:
        exact[sub.bit_count()][values[kept | sub]] += 1
        if not sub:
            break
        sub = (sub - 1) & free
    out = []
    for row in exact[:6]:
        total = 0
        cum = []
        for count in row:
            total += count
            cum.append(total)
        out.append(tuple(cum))
    return tuple(out)


def _at_most(kept: int, unseen: int, draws: int, counted: int) -> list[int]:
    """Per value ``t``, the number of draws leaving the hand worth at most ``t``."""
    suits = [_suit(kept >> 7 * i & 0x7F, unseen >> 7 * i & 0x7F, counted) for i in range(4)]
    out = []
    for t in range(_top(counted)):
        poly = [1] + [0] * draws
        for table in suits:
            new = [0] * (draws + 1)
            for i, a in enumerate(poly):
                if a:
                    for j in range(draws + 1 - i):
                        new[i + j] += a * table[j][t]
            poly = new
        out.append(poly[draws])
    return out


def draw_distribution(kept: int, unseen: int, draws: int, counted: int = 4) -> dict[int, float]:
    """The distribution of the value of ``kept`` plus ``draws`` cards drawn uniformly from
    ``unseen`` (card bit sets, disjoint; at most five cards in all; ``counted``: the most
    cards of a suit that count, a variant's ``cards_counted``)."""
    if draws < 0 or kept.bit_count() + draws > 5 or draws > unseen.bit_count():
        raise ValueError(f"cannot draw {draws} cards to {kept.bit_count()} from this stock")
    if kept & unseen:
        raise ValueError("kept and unseen cards overlap")
    at_most = _at_most(kept, unseen, draws, counted)
    total = comb(unseen.bit_count(), draws)
    out = {}
    below = 0
    for t, ways in enumerate(at_most):
        if ways > below:
            out[t] = (ways - below) / total
        below = ways
    return out


def expected_value(kept: int, unseen: int, draws: int, counted: int = 4) -> float:
    """The expected value of ``kept`` plus ``draws`` cards drawn uniformly from ``unseen``
    (``counted``: as :func:`draw_distribution`)."""
    return sum(v * p for v, p in draw_distribution(kept, unseen, draws, counted).items())
