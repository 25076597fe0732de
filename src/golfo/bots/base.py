"""What every bot shares: the :class:`Bot` protocol, :func:`play_hand` (one hand between
bots) and :func:`new_deck`, the one place where self-play shuffles a hand's cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, runtime_checkable

from golfo.actions import CHANCE, Action
from golfo.analysis.knowledge import (
    HAND_OVER,
)
from golfo.cards import Card
from golfo.chance import deal_from
from golfo.errors import CardError, SeatError
from golfo.moves import LegalMoves
from golfo.reducer import apply
from golfo.shuffle import shuffled_deck
from golfo.state import Phase, State
from golfo.views import View, view

__all__ = ["Bot", "new_deck", "play_hand"]

_BETTING: Final = frozenset({Phase.BET_1, Phase.BET_2, Phase.BET_3, Phase.BET_4})


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat may know, it picks one of its legal moves
    (``view.moves``, also listed one by one as ``view.legal_actions``)."""

    def choose(self, view: View) -> Action:
        """The action to take; ``view.moves`` is set when a bot is asked."""
        ...


def _need_turn(view: View) -> LegalMoves:
    moves = view.moves
    if moves is None or not isinstance(moves.seat, int):
        raise SeatError(f"seat {view.seat} is not to act: no legal actions in this view")
    return moves


def _submasks(mask: int) -> list[int]:
    """Every subset of a bit set, ``mask`` itself first and the empty set last."""
    out = []
    sub = mask
    while True:
        out.append(sub)
        if not sub:
            return out
        sub = (sub - 1) & mask


# ---------------------------------------------------------------------------
# self-play


def new_deck(rng: random.Random) -> tuple[Card, ...]:
    """A shuffled deck for one hand: :func:`golfo.shuffled_deck` of a 64-bit seed drawn
    from ``rng``.  The one place where self-play shuffles cards."""
    return shuffled_deck(rng.getrandbits(64))


def play_hand(
    state: State,
    bots: Sequence[Bot],
    deck: Sequence[Card],
    *,
    on_action: Callable[[State, Action], None] | None = None,
) -> State:
    """Play the hand in progress to its end: chance deals from ``deck`` (see
    :func:`golfo.deal_from`), each seat's bot chooses from its own view.

    ``on_action(state, action)`` is called before each bot action is applied.
    Returns the state between hands (or at the end of the game).
    """
    while state.phase not in HAND_OVER:
        if state.to_act is CHANCE:
            dealt = deal_from(state, deck)
            if dealt is state:
                raise CardError("the deck has no card left in the stock")
            state = dealt
            continue
        seat = state.to_act
        assert isinstance(seat, int)
        action = bots[seat].choose(view(state, seat))
        if on_action is not None:
            on_action(state, action)
        state = apply(state, action)
    return state
