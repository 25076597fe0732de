"""What a variant of the rules makes of a hand: its deck, its phases, its hand values.

:class:`golfo.Rules` names a variant by its settings (``ranks``, ``suits``, ``deal_sizes``,
``discard_rounds``, ``betting_rounds``, ``cards_counted``...); a :class:`Shape` is what
follows from them, worked out once when the rules are made and kept with them
(``rules.deck``, ``rules.phases``, ``rules.best_value``): the reducer reads its tables
instead of working them out at every step.  The checks that a variant can be played at all
are here too (:class:`golfo.RulesError` otherwise).

>>> import golfo
>>> [p.name for p in golfo.TRADICIONAL.phases]
['DEAL_1', 'BET_1', 'DEAL_2', 'BET_2', 'DISCARD_1', 'BET_3', 'DISCARD_2', 'BET_4', 'SHOWDOWN']
>>> golfo.Rules(deal_sizes=(5, 0))
Traceback (most recent call last):
...
golfo.errors.RulesError: betting rounds 1 and 2 follow each other with nothing between them
(the second deal is 0 cards): leave one out of betting_rounds
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final, Protocol

import attrs

from golfo.cards import Card, Suit, cards_of
from golfo.errors import RulesError
from golfo.phases import BETTING, HAND_PHASES, Phase
from golfo.scoring import valuer

__all__ = ["Settings", "Shape"]

_WHY_SKIPPED: Final = {
    Phase.DEAL_2: "the second deal is 0 cards",
    Phase.DISCARD_1: "no discard round is played",
    Phase.DISCARD_2: "the second discard round is not played",
}


class Settings(Protocol):
    """The settings of :class:`golfo.Rules` that shape a hand."""

    @property
    def ranks(self) -> tuple[int, ...]: ...
    @property
    def suits(self) -> tuple[Suit, ...]: ...
    @property
    def deal_sizes(self) -> tuple[int, int]: ...
    @property
    def discard_rounds(self) -> int: ...
    @property
    def betting_rounds(self) -> tuple[int, ...]: ...
    @property
    def cards_counted(self) -> int: ...
    @property
    def table_sizes(self) -> tuple[int, ...]: ...


@attrs.frozen(eq=False)
class Shape:
    """What a variant's settings make of a hand (built by :meth:`of`, kept by the rules)."""

    deck: tuple[Card, ...]
    """The deck's cards, in canonical order."""
    deck_mask: int
    """The deck as a bit set: the stock when a hand starts."""
    phases: tuple[Phase, ...]
    """The phases played, in order, ``SHOWDOWN`` last."""
    after: dict[Phase, Phase]
    """The phase played after each phase played (but the showdown)."""
    value: Callable[[int], int]
    """A hand's value from its bit set, counting ``cards_counted`` cards of a suit."""
    best_value: int
    """The best value a hand can have."""

    @classmethod
    def of(cls, rules: Settings) -> Shape:
        """The shape of ``rules``; :class:`golfo.RulesError` if no hand can be played.

        Two betting rounds may not follow each other with nothing between them (no deal, no
        discard); the deck must hold every hand of the largest table (at most three seats
        are dealt in: with four, the dealer sits out) and, when cards can be discarded, at
        least one card more, for a draw (R10 deals what the stock holds, no more).
        """
        n1, n2 = rules.deal_sizes
        played = {
            Phase.DEAL_1: True,
            Phase.DEAL_2: n2 > 0,
            Phase.DISCARD_1: rules.discard_rounds >= 1,
            Phase.DISCARD_2: rules.discard_rounds >= 2,
            Phase.SHOWDOWN: True,
        }
        for k, phase in enumerate(BETTING, 1):
            played[phase] = k in rules.betting_rounds
        phases = tuple(p for p in HAND_PHASES if played[p])
        for a, b in itertools.pairwise(phases):
            if a.betting_round and b.betting_round:
                between = HAND_PHASES[HAND_PHASES.index(a) + 1 : HAND_PHASES.index(b)]
                why = "; ".join(_WHY_SKIPPED[p] for p in between if p in _WHY_SKIPPED)
                raise RulesError(
                    f"betting rounds {a.betting_round} and {b.betting_round} follow each other "
                    f"with nothing between them ({why}): leave one out of betting_rounds"
                )
        mask = 0
        for suit in rules.suits:
            for rank in rules.ranks:
                mask |= 1 << (7 * suit.index + rank - 3)
        deck = cards_of(mask)
        seats = min(rules.table_sizes[-1], 3)
        hand = n1 + n2
        need = seats * hand + (1 if rules.discard_rounds else 0)
        if len(deck) < need:
            draw = " and one card to draw" if rules.discard_rounds else ""
            raise RulesError(
                f"a deck of {len(deck)} cards is too small: {seats} seats dealt in need "
                f"{seats * hand} cards{draw}, {need} in all"
            )
        counted = min(rules.cards_counted, hand, len(rules.ranks))
        best = sum(rules.ranks[-counted:])
        return cls(
            deck=deck,
            deck_mask=mask,
            phases=phases,
            after=dict(itertools.pairwise(phases)),
            value=valuer(rules.cards_counted),
            best_value=best,
        )
