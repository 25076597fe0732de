"""Immutable hands of up to five cards.

>>> from golfo import Hand, parse_cards
>>> hand = Hand.parse("9O 8O 3C")
>>> hand.value, len(hand), parse_cards("8O")[0] in hand
(17, 3, True)
>>> hand.add(*parse_cards("7O 6O"))
Hand.parse('6O 7O 8O 9O 3C')
>>> hand == Hand(parse_cards("3C 8O 9O"))  # order never matters
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from golfo import scoring
from golfo.cards import ALL_CARDS, Card, CardSet, cards_of, mask_of, parse_cards
from golfo.errors import CardError

__all__ = ["Hand"]


def _mask_of(cards: Iterable[Card]) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        raise CardError(f"expected cards, got the string {cards!r}: use Hand.parse")
    return mask_of(cards)


@attrs.frozen(init=False, repr=False)
class Hand(CardSet):
    """An immutable set of up to five distinct cards.

    Equality ignores order; iteration is in canonical order (see
    :data:`golfo.DECK`).  ``value`` and ``score`` follow
    :func:`golfo.hand_value` and :func:`golfo.score`; :meth:`add` and
    :meth:`remove` return new hands.
    """

    mask: int
    """The cards as a bit set of canonical indices (bit ``card.index``)."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = _mask_of(cards)
        if mask.bit_count() > scoring.MAX_CARDS:
            raise CardError(
                f"a hand holds at most {scoring.MAX_CARDS} cards, got {mask.bit_count()}"
            )
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand whose bit set is ``mask`` (bits 0..27, at most five set)."""
        if (
            type(mask) is not int
            or mask & ~ALL_CARDS
            or mask < 0
            or mask.bit_count() > scoring.MAX_CARDS
        ):
            raise CardError(f"bad hand mask {mask!r}")
        hand = object.__new__(cls)
        object.__setattr__(hand, "mask", mask)
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """A hand from card notation: ``Hand.parse("9O 8O")``."""
        return cls(parse_cards(text))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in canonical order."""
        return cards_of(self.mask)

    @property
    def value(self) -> int:
        """The hand's value (best suit, at most four cards)."""
        return scoring.value_of_mask(self.mask)

    @property
    def score(self) -> scoring.Score:
        """Value, suit and counting cards, as :func:`golfo.score`."""
        return scoring.score(self)

    def add(self, *cards: Card) -> Hand:
        """A new hand with ``cards`` added; they must be new and fit in five."""
        extra = _mask_of(cards)
        if extra & self.mask:
            raise CardError(
                f"already in the hand: {' '.join(map(str, cards_of(extra & self.mask)))}"
            )
        return Hand(cards_of(self.mask | extra))

    def remove(self, *cards: Card) -> Hand:
        """A new hand without ``cards``; each must be in the hand."""
        gone = _mask_of(cards)
        if gone & ~self.mask:
            raise CardError(f"not in the hand: {' '.join(map(str, cards_of(gone & ~self.mask)))}")
        return Hand.from_mask(self.mask & ~gone)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __str__(self) -> str:
        # canonical order (by suit: oros, copas, espadas, bastos; then by rank), as
        # everywhere else: records, the wire, golfo.notation and the CLI
        return " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"
