"""The exceptions golfo raises.

Every error is a :class:`GolfoError`; the ones about bad values are also
:class:`ValueError`, so ``except ValueError`` keeps working for callers that
do not know golfo.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CardError",
    "CodecError",
    "FormatError",
    "GolfoError",
    "IllegalActionError",
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
    ``rule`` the rule number (for example ``"R5"``) and ``legal`` the
    legal actions at that point.
    """

    def __init__(self, message: str, *, action: object = None, rule: str = "", legal: Any = ()):
        super().__init__(message)
        self.action = action
        self.rule = rule
        self.legal = legal


class FormatError(GolfoError, ValueError):
    """A malformed record (JSON game history) that cannot be read."""
