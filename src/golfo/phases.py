"""The phases of a hand and of a game: where a :class:`golfo.State` is (R3, R10, R11, R15).

A variant of the rules (:class:`golfo.Rules`) may skip phases (a second deal of no cards,
fewer discard rounds, betting rounds left out); the phases themselves, and their names on
the wire and in the records, are the same for every variant.

>>> from golfo import Phase
>>> Phase.BET_3.betting_round, Phase("discard_1")
(3, Phase.DISCARD_1)
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["BETTING", "DISCARDING", "HAND_PHASES", "Phase"]


class Phase(enum.Enum):
    """The phases of a hand (R3, R10, R11) and of a game (R15)."""

    DEAL_1 = "deal_1"
    """First deal: two cards to each seat dealt in (*primer reparto*)."""
    BET_1 = "bet_1"
    """First betting round (*primera ronda de envites*)."""
    DEAL_2 = "deal_2"
    """Second deal: three more cards to each seat still in."""
    BET_2 = "bet_2"
    """Second betting round."""
    DISCARD_1 = "discard_1"
    """First discard and replacement (*primer descarte*)."""
    BET_3 = "bet_3"
    """Third betting round."""
    DISCARD_2 = "discard_2"
    """Second and final discard."""
    BET_4 = "bet_4"
    """Fourth and last betting round."""
    SHOWDOWN = "showdown"
    """Every seat still in shows (R11).  Resolved at once: a state never rests here;
    a :class:`HandResult` that went to showdown says ``ended_in=Phase.SHOWDOWN``."""
    BETWEEN_HANDS = "between_hands"
    """A hand is over and the game is not: :class:`golfo.NextHand` starts the next (R15)."""
    END = "end"
    """The game is over."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    # Members are singletons compared by identity: hash them by identity too, in C, instead
    # of Enum's Python-level hash of the name (the reducer looks phases up in dicts).
    __hash__ = object.__hash__

    @property
    def betting_round(self) -> int:
        """1..4 for a betting phase, else 0."""
        return _BETTING_ROUND.get(self, 0)


_BETTING_ROUND: Final = {Phase.BET_1: 1, Phase.BET_2: 2, Phase.BET_3: 3, Phase.BET_4: 4}


HAND_PHASES: Final = (
    Phase.DEAL_1,
    Phase.BET_1,
    Phase.DEAL_2,
    Phase.BET_2,
    Phase.DISCARD_1,
    Phase.BET_3,
    Phase.DISCARD_2,
    Phase.BET_4,
    Phase.SHOWDOWN,
)
"""The phases of a hand in the order the full game plays them; a variant plays a subsequence
(see :attr:`golfo.Rules.phases`)."""
BETTING: Final = (Phase.BET_1, Phase.BET_2, Phase.BET_3, Phase.BET_4)
"""The betting phases, by round: ``BETTING[k - 1]`` is round ``k``."""
DISCARDING: Final = (Phase.DISCARD_1, Phase.DISCARD_2)
"""The discard phases, by round."""
