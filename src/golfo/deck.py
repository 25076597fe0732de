"""The deck: an immutable ordered sequence of distinct cards.

>>> from golfo import Deck
>>> deck = Deck.standard()
>>> len(deck), deck[0], deck[-1]
(28, Card(3, Suit.OROS), Card(9, Suit.BASTOS))
>>> drawn, rest = deck.draw(2)
>>> drawn, len(rest)
((Card(3, Suit.OROS), Card(4, Suit.OROS)), 26)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final, overload

import attrs

from golfo import cards as _cards
from golfo import shuffle as _shuffle
from golfo.cards import Card
from golfo.errors import CardError

__all__ = ["DECK", "Deck"]


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    # A string is card notation; its cards are checked like any others.
    out = _cards.parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    for card in out:
        if not isinstance(card, Card):
            raise CardError(f"not a card: {card!r}")
    if len(set(out)) != len(out):
        raise CardError("a deck holds distinct cards; got duplicates")
    return out


@attrs.frozen(eq=False, repr=False)
class Deck(Sequence[Card]):
    """An immutable ordered sequence of distinct cards, top card first.

    A deck compares equal to another deck, or to a tuple, with the same
    cards in the same order.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    """The cards, top first."""

    @classmethod
    def standard(cls) -> Deck:
        """The 28 cards in canonical order."""
        return DECK

    @classmethod
    def shuffled(cls, seed: int) -> Deck:
        """The 28 cards shuffled by ``seed`` (``0 <= seed < 2**64``); see :func:`shuffled_deck`.

        >>> Deck.shuffled(0)[:3]
        Deck.parse('3E 7O 4E')
        """
        return cls(_shuffle.shuffled_deck(seed))

    def draw(self, n: int = 1) -> tuple[tuple[Card, ...], Deck]:
        """The top ``n`` cards and the deck that remains."""
        if type(n) is not int or not 0 <= n <= len(self.cards):
            raise CardError(f"cannot draw {n!r} cards from a deck of {len(self.cards)}")
        return self.cards[:n], Deck(self.cards[n:])

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> Deck: ...
    def __getitem__(self, index: int | slice) -> Card | Deck:
        if isinstance(index, slice):
            return Deck(self.cards[index])
        return self.cards[index]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self.cards == other.cards
        if isinstance(other, tuple):
            return self.cards == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.cards)

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Deck.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Deck:
        """A deck from card notation, top card first."""
        return cls(_cards.parse_cards(text))


DECK: Final[Deck] = Deck(_cards.DECK)
"""The standard deck: the 28 cards in canonical order (a :class:`Deck`, also equal to the tuple)."""
