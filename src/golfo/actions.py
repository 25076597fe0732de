"""The actions that move a game forward, as frozen, hashable records.

Seats act with :class:`Pass`, :class:`Bet`, :class:`Call`, :class:`Raise`,
:class:`Fold` and :class:`Discard`; chance acts with :class:`Deal` (see
:data:`CHANCE`); between hands the table acts with :class:`NextHand` or
:class:`EndGame`.  Amounts are totals for the betting round ("to"), not
increments.

>>> from golfo import Bet, Card, Deal, Discard, Suit
>>> Bet(seat=1, amount=5)
Bet(seat=1, amount=5)
>>> Discard(0, [Card(3, Suit.OROS)]) == Discard(0, frozenset({Card(3, Suit.OROS)}))
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from golfo.cards import Card, cards_of

__all__ = [
    "ACTION_TYPES",
    "CHANCE",
    "Action",
    "Bet",
    "Call",
    "Chance",
    "Deal",
    "Discard",
    "EndGame",
    "Fold",
    "NextHand",
    "Pass",
    "Raise",
]


class Chance(enum.Enum):
    """The type of :data:`CHANCE`, the actor that deals cards."""

    CHANCE = "chance"
    """The one member: chance, the actor that deals the cards."""

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
"""``state.to_act`` when a card must be dealt: the legal actions are then :class:`Deal`."""


@attrs.frozen
class Deal:
    """Chance deals ``card`` from the stock to the seat waiting for a card (``state.receiver``)."""

    card: Card
    """The card dealt; it must be in the stock (R4)."""


@attrs.frozen
class Pass:
    """*Paso*: decline to open the betting, keeping the right to act if someone opens (R5)."""

    seat: int
    """The seat passing."""


@attrs.frozen
class Bet:
    """*Envido* (open): the first wager of a betting round, ``amount`` in total for the round."""

    seat: int
    """The seat betting."""
    amount: int
    """The seat's total for the round ("to"), not an increment."""


@attrs.frozen
class Call:
    """*Voy* / *veo*: match the current bet (all-in for less if the stack is short, R8)."""

    seat: int
    """The seat calling."""


@attrs.frozen
class Raise:
    """*Subo*: raise the current bet to ``amount`` in total for the round."""

    seat: int
    """The seat raising."""
    amount: int
    """The seat's new total for the round ("to"), above the current bet."""


@attrs.frozen
class Fold:
    """*No voy*: give up the hand; its cards are dead (R13).  Only when facing a bet."""

    seat: int
    """The seat folding."""


def _to_frozenset(cards: Iterable[Card]) -> frozenset[Card]:
    return cards if isinstance(cards, frozenset) else frozenset(cards)


class Discard:
    """*Descarte*: throw ``cards`` (0 to 5 of one's own) to draw as many from the stock (R10).

    Discarding no card is standing pat (*me quedo*).  A frozen, hashable value like the
    other actions, written by hand rather than with attrs for one reason: the up to 32
    discards that :func:`golfo.legal_actions` lists are built from a bit set of cards,
    and the ``frozenset`` of :attr:`cards` is made only when it is read.

    >>> from golfo import parse_cards
    >>> a = Discard(0, parse_cards("3O 4O"))
    >>> a.seat, sorted(a.cards)
    (0, [Card(3, Suit.OROS), Card(4, Suit.OROS)])
    >>> a == Discard(0, reversed(parse_cards("3O 4O"))), eval(repr(a)) == a
    (True, True)
    """

    __slots__ = ("_cards", "_mask", "seat")
    __match_args__ = ("seat", "cards")

    seat: int
    """The seat discarding."""
    _mask: int | None  # the cards as a bit set; None when ``cards`` holds a non-card
    _cards: frozenset[Card]  # unset until first read when built from a bit set

    def __init__(self, seat: int, cards: Iterable[Card]) -> None:
        cards = _to_frozenset(cards)
        mask: int | None = 0
        for card in cards:
            if not isinstance(card, Card):
                mask = None  # kept as given: golfo.apply refuses it with a reason (R10)
                break
            mask |= card.mask  # type: ignore[operator]
        _set(self, "seat", seat)
        _set(self, "_mask", mask)
        _set(self, "_cards", cards)

    @property
    def cards(self) -> frozenset[Card]:
        """The cards discarded."""
        try:
            return self._cards
        except AttributeError:  # built from a bit set: make the set once
            assert self._mask is not None  # always a mask when _cards is unset
            cards = frozenset(cards_of(self._mask))
            _set(self, "_cards", cards)
            return cards

    def __eq__(self, other: object) -> bool:
        if type(other) is not Discard:
            return NotImplemented
        if self.seat != other.seat:
            return False
        if self._mask is not None and other._mask is not None:
            return self._mask == other._mask
        return self.cards == other.cards

    def __hash__(self) -> int:
        mask = self._mask
        return hash((Discard, self.seat, mask if mask is not None else self.cards))

    def __repr__(self) -> str:
        return f"Discard(seat={self.seat!r}, cards={self.cards!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __reduce__(self) -> tuple[type[Discard], tuple[int, frozenset[Card]]]:
        return Discard, (self.seat, self.cards)


_set = object.__setattr__


@attrs.frozen
class NextHand:
    """Between hands: start the next hand (antes posted, deal pending; R15)."""


@attrs.frozen
class EndGame:
    """Between hands, in an open-ended game only: the players stop (rulebook section 17; R15)."""


Action: TypeAlias = Deal | Pass | Bet | Call | Raise | Fold | Discard | NextHand | EndGame
"""Any action."""

ACTION_TYPES: Final = (Deal, Pass, Bet, Call, Raise, Fold, Discard, NextHand, EndGame)
"""The action classes, for ``isinstance`` checks."""
