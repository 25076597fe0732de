"""Hand scoring: the value of a hand of up to five cards.

A hand is worth the best total of one suit, counting at most four cards of
that suit (rulebook section 6).  A lone card counts: ``3O 4O 3C 4C 8E`` is
worth 8, its eight of espadas.  The maximum is 30 (9, 8, 7, 6 of one suit).

>>> from golfo import hand_value, parse_cards, score
>>> hand_value(parse_cards("8C 9C 4E 5E 6E"))
17
>>> hand_value(parse_cards("3O 4O 3C 4C 8E"))
8
>>> score(parse_cards("9O 8O 7O 6O 5O"))
Score(value=30, suit=Suit.OROS, cards=(Card(6, Suit.OROS), Card(7, Suit.OROS),
       Card(8, Suit.OROS), Card(9, Suit.OROS)))

Both functions take any iterable of cards, a :class:`golfo.Hand` included.  The
tables are built once, at import: valuing a hand is two lookups in a table
of 16,384 entries indexed by the hand's bit set (two suits per entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

import attrs

from golfo.cards import SUITS, Card, CardSet, Suit, cards_of, mask_of
from golfo.errors import CardError

__all__ = [
    "MAX_CARDS",
    "MAX_VALUE",
    "SUIT_VALUES",
    "Score",
    "hand_value",
    "score",
    "suit_values",
    "value_of_mask",
    "valuer",
]

MAX_CARDS: Final = 5
"""A hand never holds more than five cards."""
MAX_VALUE: Final = 30
"""The best possible value: 9 + 8 + 7 + 6 of one suit."""


def _suit_value(bits: int, counted: int = 4) -> int:
    """Sum of the ``counted`` highest ranks present in a 7-bit suit mask."""
    ranks = [i + 3 for i in range(7) if bits >> i & 1]
    return sum(sorted(ranks, reverse=True)[:counted])


SUIT_VALUES: Final[tuple[int, ...]] = tuple(_suit_value(b) for b in range(128))
"""The value of one suit's cards, indexed by their 7-bit rank mask (bit ``rank - 3``): the
sum of the four highest.  ``SUIT_VALUES[0b1111000] == 30``; :mod:`golfo.analysis` counts
hands suit by suit with it."""
_SUIT_TABLES: Final[dict[int, tuple[int, ...]]] = {4: SUIT_VALUES}
_PAIR14: Final[tuple[int, ...]] = tuple(
    max(SUIT_VALUES[m & 127], SUIT_VALUES[m >> 7]) for m in range(16384)
)


def value_of_mask(mask: int) -> int:
    """Value of a hand given as a bit set of card indices (no validation).

    >>> value_of_mask(0b1111 << 3)  # 6, 7, 8, 9 of oros
    30
    """
    a = _PAIR14[mask & 0x3FFF]
    b = _PAIR14[mask >> 14]
    return a if a >= b else b


_VALUERS: Final[dict[int, Callable[[int], int]]] = {4: value_of_mask}


def valuer(counted: int) -> Callable[[int], int]:
    """The value of a hand's bit set when at most ``counted`` cards of a suit count (1..5):
    :func:`value_of_mask` for 4, El Golfo's; a table of its own, built once, for the others
    (``golfo.Rules.cards_counted``).

    >>> valuer(2)(0b1111 << 3), valuer(5)(0b11111 << 2)  # 9+8; 9+8+7+6+5 of oros
    (17, 35)
    """
    found = _VALUERS.get(counted)
    if found is not None:
        return found
    suits = suit_values(counted)
    pairs = tuple(max(suits[m & 127], suits[m >> 7]) for m in range(16384))

    def value(mask: int) -> int:
        a = pairs[mask & 0x3FFF]
        b = pairs[mask >> 14]
        return a if a >= b else b

    value.__doc__ = f"The value of a hand's bit set, at most {counted} cards of a suit counted."
    _VALUERS[counted] = value
    return value


def _mask(cards: Iterable[Card]) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    mask = mask_of(cards)
    if mask.bit_count() > MAX_CARDS:
        raise CardError(f"a hand holds at most {MAX_CARDS} cards, got {mask.bit_count()}")
    return mask


def hand_value(cards: Iterable[Card]) -> int:
    """The value of 0 to 5 distinct cards: the best suit total, at most four cards counted.

    An empty hand is worth 0.  Duplicate cards, more than five cards or
    things that are not cards raise :class:`golfo.CardError`.

    >>> hand_value(parse_cards("9O 8O 7O 6O 5O"))
    30
    >>> hand_value(parse_cards("9O 9O"))
    Traceback (most recent call last):
    ...
    golfo.errors.CardError: duplicate card 9O
    """
    mask = cards.mask if isinstance(cards, CardSet) else _mask(cards)
    a = _PAIR14[mask & 0x3FFF]
    b = _PAIR14[mask >> 14]
    return a if a >= b else b


@attrs.frozen
class Score:
    """A hand's value explained: the value, the suit that gives it and the counting cards.

    When two suits give the same value, ``suit`` is the first in canonical
    order (oros, copas, espadas, bastos).  ``suit`` is ``None`` and
    ``cards`` empty for an empty hand.
    """

    value: int
    """The hand's value, as :func:`hand_value`."""
    suit: Suit | None
    """The suit whose cards count."""
    cards: tuple[Card, ...]
    """The counting cards (at most four, ascending)."""


def score(cards: Iterable[Card], counted: int = 4) -> Score:
    """Value, suit and counting cards of 0 to 5 distinct cards; ``counted``: the most cards
    of a suit that count (``golfo.Rules.cards_counted``, 4 in El Golfo).

    >>> score(parse_cards("8C 9C 4E 5E 6E"))
    Score(value=17, suit=Suit.COPAS, cards=(Card(8, Suit.COPAS), Card(9, Suit.COPAS)))
    >>> score(parse_cards("8C 9C 4E 5E 6E"), counted=1).cards
    (Card(9, Suit.COPAS),)
    """
    mask = _mask(cards)
    values = suit_values(counted)
    best: Suit | None = None
    best_value = 0
    best_bits = 0
    for i, suit in enumerate(SUITS):
        bits = mask >> (7 * i) & 127
        value = values[bits]
        if value > best_value:
            best, best_value, best_bits = suit, value, bits
    if best is None:
        return Score(0, None, ())
    counting = cards_of(best_bits << (7 * SUITS.index(best)))[-counted:]
    return Score(best_value, best, counting)


def suit_values(counted: int) -> tuple[int, ...]:
    """:data:`SUIT_VALUES` when at most ``counted`` cards of a suit count (1..5; the rules'
    ``cards_counted``), built once for each.

    >>> suit_values(2)[0b1111000], suit_values(4) is SUIT_VALUES
    (17, True)
    """
    found = _SUIT_TABLES.get(counted)
    if found is not None:
        return found
    if type(counted) is not int or not 1 <= counted <= MAX_CARDS:
        raise ValueError(f"counted must be 1..{MAX_CARDS}, got {counted!r}")
    table = _SUIT_TABLES[counted] = tuple(_suit_value(b, counted) for b in range(128))
    return table
