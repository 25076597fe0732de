"""Bots playing the Rust engine: :func:`play_hand`, as :func:`golfo.bots.play_hand` for a
``golfo.State``, so that ``golfo simulate`` and ``golfo tournament`` run on either engine
(``--engine native``) with the same seeds giving the same games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from golfo.actions import CHANCE, Action
from golfo.analysis.knowledge import HAND_OVER
from golfo.bots import Bot, HeuristicBot, RandomBot
from golfo.cards import Card
from golfo.errors import CardError
from golfo.moves import DEALS
from golfo_native._state import NativeState

__all__ = ["play_hand"]

_DEFAULT_THRESHOLDS: Final = HeuristicBot().thresholds  # the ones the Rust heuristic uses


def play_hand(
    state: NativeState,
    bots: Sequence[Bot],
    deck: Sequence[Card],
    *,
    on_action: Callable[[NativeState, Action], None] | None = None,
) -> NativeState:
    """Play the hand in progress to its end, in place: chance deals the first card of
    ``deck`` still in the stock (``golfo.deal_from``), each seat's bot chooses from its own
    view (a ``golfo.HeuristicBot`` with the default thresholds is asked in Rust, a
    ``golfo.RandomBot`` is given the legal moves alone: the same choices, made faster).
    ``on_action(state, action)`` is called before each bot action is applied.  Returns
    ``state``, between hands or at the end of the game."""
    while state.phase not in HAND_OVER:
        seat = state.to_act
        if seat is CHANCE:
            stock = state.stock_mask
            card = next((c for c in deck if stock & c.mask), None)
            if card is None:
                raise CardError("the deck has no card left in the stock")
            state.play(DEALS[card.index])
            continue
        assert isinstance(seat, int)
        bot = bots[seat]
        action: Action | None
        if type(bot) is HeuristicBot and bot.thresholds == _DEFAULT_THRESHOLDS:
            action = state.heuristic_action()
        elif type(bot) is RandomBot:
            action = bot.choose_from(state.legal_moves())  # it reads nothing else
        else:
            action = bot.choose(state.view_object(seat))
        assert action is not None
        if on_action is not None:
            on_action(state, action)
        state.play(action)
    return state
