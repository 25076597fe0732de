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

from golfo.cards import Card

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

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
"""``state.to_act`` when a card must be dealt: the legal actions are then :class:`Deal`."""


@attrs.frozen
class Deal:
    """Chance deals ``card`` from the stock to the seat waiting for a card (``state.receiver``)."""

    card: Card


@attrs.frozen
class Pass:
    """*Paso*: decline to open the betting, keeping the right to act if someone opens (R5)."""

    seat: int


@attrs.frozen
class Bet:
    """*Envido* (open): the first wager of a betting round, ``amount`` in total for the round."""

    seat: int
    amount: int


@attrs.frozen
class Call:
    """*Voy* / *veo*: match the current bet (all-in for less if the stack is short, R8)."""

    seat: int


@attrs.frozen
class Raise:
    """*Subo*: raise the current bet to ``amount`` in total for the round."""

    seat: int
    amount: int


@attrs.frozen
class Fold:
    """*No voy*: give up the hand; its cards are dead (R13).  Only when facing a bet."""

    seat: int


def _to_frozenset(cards: Iterable[Card]) -> frozenset[Card]:
    return cards if isinstance(cards, frozenset) else frozenset(cards)


@attrs.frozen
class Discard:
    """*Descarte*: throw ``cards`` (0 to 5 of one's own) to draw as many from the stock (R10).

    Discarding no card is standing pat (*me quedo*).
    """

    seat: int
    cards: frozenset[Card] = attrs.field(converter=_to_frozenset)


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
