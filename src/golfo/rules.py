"""Rule settings: antes, minimum bets, caps, game length, rebuys.

>>> from golfo import LUDOTEKA, TRADICIONAL, Rules
>>> TRADICIONAL.ante, TRADICIONAL.hands, LUDOTEKA.round_caps
(1, None, (25, 50, 75, 100))
>>> import attrs
>>> attrs.evolve(TRADICIONAL, ante=2).ante
2
>>> attrs.evolve(LUDOTEKA, hands=20).starting_stack   # 100 points a hand (R16)
2000
>>> Rules(ante=-1)
Traceback (most recent call last):
...
golfo.errors.RulesError: ante must be a whole number >= 0, got -1
"""

from __future__ import annotations

import itertools
from typing import Any, Final

import attrs

from golfo.errors import RulesError

__all__ = ["LUDOTEKA", "TRADICIONAL", "Rules"]


def _whole(minimum: int) -> Any:
    def check(_instance: object, attribute: attrs.Attribute[int], value: Any) -> None:
        if type(value) is not int or value < minimum:
            raise RulesError(f"{attribute.name} must be a whole number >= {minimum}, got {value!r}")

    return check


def _flag(_instance: object, attribute: attrs.Attribute[bool], value: Any) -> None:
    if type(value) is not bool:
        raise RulesError(f"{attribute.name} must be True or False, got {value!r}")


def _caps(value: Any) -> tuple[int, int, int, int] | None:
    if value is None:
        return None
    try:
        caps = tuple(value)
    except TypeError:
        raise RulesError(f"round_caps must be None or four whole numbers, got {value!r}") from None
    if len(caps) != 4 or any(type(c) is not int or c < 1 for c in caps):
        raise RulesError(f"round_caps must be None or four whole numbers >= 1, got {value!r}")
    if any(a > b for a, b in itertools.pairwise(caps)):
        raise RulesError(f"round_caps must never decrease, got {value!r}")
    return (caps[0], caps[1], caps[2], caps[3])


def check_players(players: object) -> None:
    """R1: El Golfo is played by 3 or 4 players, an ``int``; anything else raises
    :class:`golfo.RulesError` (``new_game``'s and the wire readers' table size).

    >>> check_players(4)
    >>> check_players(5)
    Traceback (most recent call last):
    ...
    golfo.errors.RulesError: El Golfo is played by 3 or 4 players, got 5
    """
    if type(players) is not int or players not in (3, 4):
        raise RulesError(f"El Golfo is played by 3 or 4 players, got {players!r}")


def _stack(_instance: object, attribute: attrs.Attribute[int | None], value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise RulesError(
            f"starting_stack must be None (derived) or a whole number >= 1, got {value!r}"
        )


def _hands(_instance: object, _attribute: object, value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise RulesError(f"hands must be None (open-ended) or a whole number >= 1, got {value!r}")


@attrs.frozen(eq=False, repr=False)
class Rules:
    """The settings of a game.  Customise a preset with ``attrs.evolve``.

    Invalid settings raise :class:`golfo.RulesError` at construction.  Two rule sets are
    equal when they play the same game: the same values, the starting stack as derived.

    ``starting_stack=None`` (the default) derives the starting stack from the length:
    with round caps and a fixed number of hands, the last cap times the hands (LU
    *Contabilidad*: "100 multiplicado por el número de manos", the most a seat could
    lose); otherwise 100.  So ``attrs.evolve(LUDOTEKA, hands=20)`` starts every seat
    with 2000 points; give ``starting_stack`` to fix it instead.
    """

    ante: int = attrs.field(default=1, validator=_whole(0))
    """Chips each seat dealt in puts in the pot when a hand starts (R2)."""
    min_open: int = attrs.field(default=1, validator=_whole(1))
    """Smallest opening bet (*apuesta mínima*, R5)."""
    min_raise: int = attrs.field(default=1, validator=_whole(1))
    """Smallest raise over the current bet (R5)."""
    round_caps: tuple[int, int, int, int] | None = attrs.field(default=None, converter=_caps)
    """Most a seat may have put into the hand, ante included, by the end of each round (R9)."""
    discards_face_up: bool = attrs.field(default=True, validator=_flag)
    """Whether the other seats see discarded cards (R10).  The count is always public."""
    deal_in_pairs: bool = attrs.field(default=False, validator=_flag)
    """First deal two cards at once to each seat instead of one at a time (R3)."""
    _starting_stack: int | None = attrs.field(
        default=None, validator=_stack, alias="starting_stack"
    )
    """The starting stack as given; ``None``: derived (see :attr:`starting_stack`)."""
    hands: int | None = attrs.field(default=None, validator=_hands)
    """Hands in a game; ``None`` is open-ended, ended by :class:`golfo.EndGame` (R15, R16)."""
    rebuy: bool = attrs.field(default=True, validator=_flag)
    """A seat that cannot pay the ante receives its own starting stack again (*resto*, R17)."""
    extra_hands_on_tie: bool = attrs.field(default=False, validator=_flag)
    """After the last hand, play on while two or more seats share the lead (R16)."""

    def __attrs_post_init__(self) -> None:
        if self.round_caps is not None and self.round_caps[0] < self.ante:
            raise RulesError(
                f"round_caps[0] ({self.round_caps[0]}) must be at least the ante ({self.ante})"
            )

    @property
    def starting_stack(self) -> int:
        """Chips each seat starts with by default (``new_game`` without ``stacks``; R16).

        As given, or derived when not: the last round cap times the hands when both are
        set (Ludoteka's points), else 100.  A rebuy gives a seat its own starting stack
        (``state.initial_stacks[seat]``), not this (R17).
        """
        given = self._starting_stack
        if given is not None:
            return given
        if self.round_caps is not None and self.hands is not None:
            return self.round_caps[-1] * self.hands
        return 100

    @property
    def starting_stack_given(self) -> bool:
        """Whether ``starting_stack`` was given explicitly (else it follows the length)."""
        return self._starting_stack is not None

    def _key(self) -> tuple[object, ...]:
        return (
            self.ante,
            self.min_open,
            self.min_raise,
            self.round_caps,
            self.discards_face_up,
            self.deal_in_pairs,
            self.starting_stack,
            self.hands,
            self.rebuy,
            self.extra_hands_on_tie,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not Rules:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{a.alias}={getattr(self, a.name)!r}" for a in attrs.fields(Rules))
        return f"Rules({fields})"


TRADICIONAL: Final = Rules(
    ante=1,
    min_open=1,
    min_raise=1,
    round_caps=None,
    hands=None,
    rebuy=True,
    extra_hands_on_tie=False,
)
"""The traditional rulebook: ante 1, no caps, open-ended game, rebuys of 100 chips."""

LUDOTEKA: Final = Rules(
    ante=5,
    min_open=1,
    min_raise=1,
    round_caps=(25, 50, 75, 100),
    hands=10,
    rebuy=False,
    extra_hands_on_tie=True,
)
"""Ludoteka's points variant: ante 5, caps 25/50/75/100 per hand, 10 hands, and 100 points
per hand to start with (1000; ``attrs.evolve(LUDOTEKA, hands=N)`` starts with ``100 * N``)."""
