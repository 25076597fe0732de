"""Cards of the 28-card Spanish deck used in El Golfo.

El Golfo is played with the *baraja española* stripped of its figures, aces
and twos: ranks 3 to 9 in four suits (*palos*): *oros* (coins), *copas*
(cups), *espadas* (swords) and *bastos* (clubs).  A card is written as its
rank followed by the suit letter:

>>> from golfo import Card, Suit, parse_cards
>>> Card.parse("9O")
Card(9, Suit.OROS)
>>> str(Card(3, Suit.BASTOS)), Card(7, Suit.COPAS).name
('3B', 'siete de copas')
>>> parse_cards("9O 8O 7O")
(Card(9, Suit.OROS), Card(8, Suit.OROS), Card(7, Suit.OROS))

Each card also has an ``index`` (0..27, canonical deck order) and a ``mask``
(``1 << index``); sets of cards are bit masks inside the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final

import attrs

from golfo.errors import CardError

__all__ = ["ALL_CARDS", "DECK", "RANKS", "SUITS", "Card", "CardSet", "Suit", "parse_cards"]


class Suit(enum.Enum):
    """The four suits (*palos*), valued by their letters."""

    OROS = "O"
    """*Oros*: coins."""
    COPAS = "C"
    """*Copas*: cups."""
    ESPADAS = "E"
    """*Espadas*: swords."""
    BASTOS = "B"
    """*Bastos*: clubs."""

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @property
    def index(self) -> int:
        """Position in canonical order: oros 0, copas 1, espadas 2, bastos 3."""
        return _SUIT_INDEX[self]

    @property
    def spanish(self) -> str:
        """Spanish name, lower case: ``"oros"``."""
        return self.name.lower()


SUITS: Final[tuple[Suit, ...]] = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
"""The suits in canonical order."""
_SUIT_INDEX: Final[dict[Suit, int]] = {s: i for i, s in enumerate(SUITS)}
RANKS: Final[tuple[int, ...]] = (3, 4, 5, 6, 7, 8, 9)
"""The ranks in use, which are also the cards' point values."""
_RANK_NAMES: Final[dict[int, str]] = {
    3: "tres",
    4: "cuatro",
    5: "cinco",
    6: "seis",
    7: "siete",
    8: "ocho",
    9: "nueve",
}


def _check_rank(_instance: object, _attribute: object, value: Any) -> None:
    if type(value) is not int or value not in _RANK_NAMES:
        raise CardError(f"bad rank {value!r}: El Golfo uses ranks 3 to 9")


def _check_suit(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Suit):
        raise CardError(f"bad suit {value!r}: expected a golfo.Suit")


@attrs.frozen(order=False, cache_hash=True, repr=False)
class Card:
    """One card: a rank from 3 to 9 and a :class:`Suit`.

    Cards are immutable, hashable and totally ordered in canonical deck
    order (suit first: oros, copas, espadas, bastos; then rank).

    >>> Card(9, Suit.OROS) < Card(3, Suit.COPAS)
    True
    >>> Card(2, Suit.OROS)
    Traceback (most recent call last):
    ...
    golfo.errors.CardError: bad rank 2: El Golfo uses ranks 3 to 9
    """

    rank: int = attrs.field(validator=_check_rank)
    """Rank and point value, 3..9."""
    suit: Suit = attrs.field(validator=_check_suit)
    """The suit (*palo*)."""
    index: int = attrs.field(init=False, eq=False, repr=False)
    """Position in the canonical deck, 0..27."""
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """``1 << index``: this card as a one-card bit set."""

    def __attrs_post_init__(self) -> None:
        index = _SUIT_INDEX[self.suit] * 7 + self.rank - 3
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "mask", 1 << index)

    @property
    def name(self) -> str:
        """The Spanish name: ``"nueve de oros"``."""
        return f"{_RANK_NAMES[self.rank]} de {self.suit.spanish}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in notation rank + suit letter (``"9O"``, ``"3b"``).

        >>> Card.parse("5E").name
        'cinco de espadas'
        >>> Card.parse("10O")
        Traceback (most recent call last):
        ...
        golfo.errors.CardError: bad card '10O': expected a rank 3-9 and a suit letter O, C, E
        or B, as in '9O'
        """
        card = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise CardError(
                f"bad card {text!r}: expected a rank 3-9 and a suit letter O, C, E or B, as in '9O'"
            )
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card at ``index`` (0..27) in canonical order.

        >>> Card.from_index(27)
        Card(9, Suit.BASTOS)
        """
        if type(index) is not int or not 0 <= index < 28:
            raise CardError(f"bad card index {index!r}: expected 0..27")
        return DECK[index]

    def __str__(self) -> str:
        return _TEXTS[self.index]  # written once per card at import (views print many)

    def __repr__(self) -> str:
        return f"Card({self.rank}, {self.suit!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


_TEXTS: Final = tuple(f"{r}{s.value}" for s in SUITS for r in RANKS)
"""Every card's notation, by index: ``str(card)`` looks it up."""
DECK: Final[tuple[Card, ...]] = tuple(Card(r, s) for s in SUITS for r in RANKS)
"""The 28 cards in canonical order: oros 3..9, copas 3..9, espadas 3..9, bastos 3..9."""
_BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in DECK}


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by white space or commas, or an iterable of tokens.

    Duplicates are kept (this reads notation; :class:`golfo.Hand` refuses
    them).

    >>> parse_cards("3O, 4C")
    (Card(3, Suit.OROS), Card(4, Suit.COPAS))
    >>> parse_cards("3O 4X")
    Traceback (most recent call last):
    ...
    golfo.errors.CardError: bad card '4X': expected a rank 3-9 and a suit letter O, C, E
    or B, as in '9O'
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(t) for t in tokens)


ALL_CARDS: Final = (1 << 28) - 1
"""The bit set of the whole 28-card deck."""


class CardSet:
    """The base of collections that keep their cards as a bit set, ``mask`` (bit
    ``card.index``): :class:`golfo.Hand`.  Scoring reads the bit set directly instead of
    iterating, and needs no import of the collections themselves."""

    __slots__ = ()
    mask: int


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit set, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit set of some cards; raises :class:`CardError` on duplicates or non-cards.

    >>> bin(mask_of(parse_cards("4O 3O")))
    '0b11'
    """
    mask = 0
    try:
        for card in cards:
            # Checked per card: anything else with a ``mask`` (a one-card Hand,
            # say) must not pass for a card, and a duplicate is named as it is
            # met, since an iterator cannot be read twice to build the message.
            if not isinstance(card, Card):
                raise CardError(f"not a card: {card!r}")
            bit = card.mask
            if mask & bit:
                raise CardError(f"duplicate card {card}")
            mask |= bit
    except TypeError:
        raise CardError(f"not a collection of cards: {cards!r}") from None
    return mask
