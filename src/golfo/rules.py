"""Rule settings: antes, minimum bets, caps, game length, rebuys.

>>> from golfo import LUDOTEKA, TRADICIONAL, Rules
>>> TRADICIONAL.ante, TRADICIONAL.hands, LUDOTEKA.round_caps
(1, None, (25, 50, 75, 100))
>>> import attrs
>>> attrs.evolve(TRADICIONAL, ante=2).ante
2
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


def _hands(_instance: object, _attribute: object, value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise RulesError(f"hands must be None (open-ended) or a whole number >= 1, got {value!r}")


@attrs.frozen
class Rules:
    """The settings of a game.  Customise a preset with ``attrs.evolve``.

    Invalid settings raise :class:`golfo.RulesError` at construction.
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
    starting_stack: int = attrs.field(default=100, validator=_whole(1))
    """Chips each seat starts with, and receives again on a rebuy (R17)."""
    hands: int | None = attrs.field(default=None, validator=_hands)
    """Hands in a game; ``None`` is open-ended, ended by :class:`golfo.EndGame` (R15, R16)."""
    rebuy: bool = attrs.field(default=True, validator=_flag)
    """A seat that cannot pay the ante receives ``starting_stack`` again (*resto*, R17)."""
    extra_hands_on_tie: bool = attrs.field(default=False, validator=_flag)
    """After the last hand, play on while two or more seats share the lead (R16)."""

    def __attrs_post_init__(self) -> None:
        if self.round_caps is not None and self.round_caps[0] < self.ante:
            raise RulesError(
                f"round_caps[0] ({self.round_caps[0]}) must be at least the ante ({self.ante})"
            )


TRADICIONAL: Final = Rules(
    ante=1,
    min_open=1,
    min_raise=1,
    round_caps=None,
    starting_stack=100,
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
    starting_stack=1000,
    hands=10,
    rebuy=False,
    extra_hands_on_tie=True,
)
"""Ludoteka's points variant: ante 5, caps 25/50/75/100 per hand, 10 hands of 100 points each."""
