"""Seeded deals: a portable shuffle that any language reproduces exactly.

:func:`shuffled_deck` turns a 64-bit seed into an order of the 28 cards,
with the SplitMix64 generator and a Fisher-Yates shuffle spelt out step by
step in ``docs/shuffle.md``, so an implementation in any language deals the
same cards from the same seed.  Nothing here is random: the same seed
always gives the same deck.

>>> import golfo
>>> deck = golfo.shuffled_deck(2024)
>>> " ".join(map(str, deck[:5]))
'7B 5B 4O 3E 9C'
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), deck)
>>> state.hands[1]   # mano receives the 1st and 4th cards
Hand.parse('3E 7B')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from golfo.cards import DECK, Card
from golfo.errors import CardError

__all__ = ["GAMMA", "MIX_1", "MIX_2", "SEED_LIMIT", "shuffled_deck", "splitmix64", "uniform_below"]

MASK_64: Final = (1 << 64) - 1
"""Arithmetic is modulo 2**64: every result is cut to its low 64 bits."""
SEED_LIMIT: Final = 1 << 64
"""Seeds are whole numbers ``0 <= seed < 2**64`` (unsigned 64-bit)."""
GAMMA: Final = 0x9E3779B97F4A7C15
"""SplitMix64's increment (the golden-ratio gamma)."""
MIX_1: Final = 0xBF58476D1CE4E5B9
"""SplitMix64's first multiplier."""
MIX_2: Final = 0x94D049BB133111EB
"""SplitMix64's second multiplier."""


def _check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise CardError(f"seed must be a whole number 0 <= seed < 2**64, got {seed!r}")
    return seed


def splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 (Steele, Lea and Flood, 2014; Vigna's C reference): an endless
    stream of 64-bit outputs from a 64-bit ``seed``.

    Each step adds :data:`GAMMA` to the state and mixes a copy of it::

        state = state + GAMMA                       (mod 2**64)
        z = (state ^ (state >> 30)) * MIX_1         (mod 2**64)
        z = (z ^ (z >> 27)) * MIX_2                 (mod 2**64)
        output z ^ (z >> 31)

    >>> hex(next(splitmix64(0)))
    '0xe220a8397b1dcdaf'
    """
    state = _check_seed(seed)
    while True:
        state = (state + GAMMA) & MASK_64
        z = ((state ^ (state >> 30)) * MIX_1) & MASK_64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK_64
        yield z ^ (z >> 31)


def uniform_below(stream: Iterator[int], n: int) -> int:
    """A whole number ``0 <= r < n`` without modulo bias, by rejection.

    ``limit = 2**64 - (2**64 mod n)`` is the largest multiple of ``n`` not
    above 2**64.  Draw ``x`` from ``stream`` until ``x < limit``, then return
    ``x mod n``.  (For ``n <= 28`` a rejection happens with probability below
    2**-59: practically never, but implementations must still do it.)

    >>> uniform_below(splitmix64(0), 28)
    23
    """
    if type(n) is not int or not 0 < n <= SEED_LIMIT:
        raise CardError(f"n must be a whole number 1..2**64, got {n!r}")
    limit = SEED_LIMIT - SEED_LIMIT % n
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The 28 cards shuffled by ``seed`` (``0 <= seed < 2**64``), top card first.

    Start from :data:`golfo.DECK` in canonical order (3O..9O, 3C..9C,
    3E..9E, 3B..9B: index 0..27) and one SplitMix64 stream seeded with
    ``seed``; for ``i`` from 27 down to 1, draw ``j = uniform_below(stream,
    i + 1)`` and swap the cards at positions ``i`` and ``j``.  Position 0 is
    the top card, dealt first (for instance by :func:`golfo.deal_from`).

    >>> shuffled_deck(0)[:3]
    (Card(3, Suit.ESPADAS), Card(7, Suit.OROS), Card(4, Suit.ESPADAS))
    """
    stream = splitmix64(_check_seed(seed))
    cards = list(DECK)
    for i in range(len(cards) - 1, 0, -1):
        j = uniform_below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
