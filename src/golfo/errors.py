"""The exceptions golfo raises.

Every error is a :class:`GolfoError`; the ones about bad values are also
:class:`ValueError`, so ``except ValueError`` keeps working for callers that
do not know golfo.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "CardError",
    "CodecError",
    "FormatError",
    "GolfoError",
    "IllegalActionError",
    "NotationError",
    "PolicyError",
    "RulesError",
    "SeatError",
]


class GolfoError(Exception):
    """Base class of every error raised by golfo."""


class CardError(GolfoError, ValueError):
    """Bad card notation, or a bad collection of cards (duplicates, too many)."""


class RulesError(GolfoError, ValueError):
    """Invalid :class:`golfo.Rules`, invalid arguments to :func:`golfo.new_game`, or
    settings that something built on the rules cannot work with (the codec's bounds)."""


class SeatError(GolfoError, ValueError):
    """A seat that is not at the table, or a view asked to act when its seat is not to act."""


class CodecError(GolfoError, ValueError):
    """An action id outside the codec's range, or an impossible codec setting."""


class IllegalActionError(GolfoError, ValueError):
    """An action that the rules do not allow in the given state.

    The message names the rule broken and what is legal instead.  The
    attributes keep the pieces for programs: ``action`` is what was tried,
    ``rule`` the rule number (for example ``"R5"``), ``legal`` the legal moves
    at that point (a :class:`golfo.LegalMoves`: iterate it for the actions),
    ``code`` a short machine-readable reason (``"pass_after_open"``,
    ``"above_reach"``, ...; the list is in ``docs/rules.md``) and ``facts`` the
    numbers behind it (``{"reach": 80, "reach_seat": 2}``), from which
    :func:`golfo.notation.explain` words a sentence for a player.
    """

    def __init__(
        self,
        message: str,
        *,
        action: object = None,
        rule: str = "",
        legal: Any = (),
        code: str = "",
        facts: Mapping[str, Any] | None = None,
    ):
        super().__init__(message)
        self.action = action
        """What was tried."""
        self.rule = rule
        """The rule broken, ``"R1"`` to ``"R18"`` (empty for something not an action)."""
        self.legal = legal
        """The legal moves then, a :class:`golfo.LegalMoves` (iterate it for the actions)."""
        self.code = code
        """A machine-readable reason, such as ``"above_reach"`` (``docs/rules.md``)."""
        self.facts: Mapping[str, Any] = dict(facts or {})
        """The numbers behind the reason, such as ``{"reach": 80, "reach_seat": 2}``."""


class NotationError(GolfoError, ValueError):
    """Words that are not a legal move (:func:`golfo.notation.parse`): unknown words, a move
    that is not legal now, or one that needs more (``descarto`` without cards).  ``reason`` is
    a sentence for the player, in the language asked for."""

    def __init__(self, message: str, *, code: str = "", reason: str = "") -> None:
        super().__init__(message)
        self.code = code
        """A machine-readable reason, such as ``"which_cards"`` or ``"above_cap"``."""
        self.reason = reason or message
        """The sentence for the player, in the language asked for."""


class FormatError(GolfoError, ValueError):
    """A malformed record (JSON game history) that cannot be read."""


class PolicyError(GolfoError, ValueError):
    """A policy (a seat's view to a distribution over its legal actions) that gives no such
    distribution: an action that is not legal, a probability below 0, not finite or
    summing to other than 1; or a bot whose action probabilities cannot be known
    (:mod:`golfo.solve`)."""
