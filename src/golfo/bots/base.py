"""What every bot shares: the :class:`Bot` protocol, :func:`play_hand` (one hand between
bots) and :func:`new_deck`, the one place where self-play shuffles a hand's cards; and what
the equity bots share: their betting rule (:func:`_wager`) and their ranking of discards
(:func:`_ranked_discards`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, runtime_checkable

from golfo.actions import CHANCE, Action, Bet, Call, Fold, Pass, Raise
from golfo.analysis.draws import expected_value
from golfo.analysis.knowledge import HAND_OVER, seen_cards
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


def _wager(
    view: View,
    moves: LegalMoves,
    win: float,
    *,
    bet_edge: float,
    raise_edge: float,
    call_margin: float = 0.0,
) -> Action:
    """The equity bots' betting rule on an equity ``win`` (see :class:`golfo.EquityBot`):
    a lock bets as high as the rules allow; not facing a bet, bet when ``win`` is
    ``bet_edge`` above the fair share, the more the surer; facing one, raise to about the
    pot ``raise_edge`` above it, call at the pot odds plus ``call_margin``, else fold."""
    me = view.seat
    assert me is not None
    fair = 1.0 / len(view.in_hand)
    pot = view.pot
    amounts = moves.amounts
    facing = not moves.can_pass

    def wager(share: float) -> Action:
        target = view.current_bet + max(1, round(pot * share))
        amount = min(max(target, amounts[0]), amounts[-1])
        return Raise(me, amount) if facing else Bet(me, amount)

    if win >= 1.0 - 1e-12 and amounts:
        return wager(float(1 << 62))  # locked: as high as the rules allow
    if not facing:
        if amounts and win >= fair + bet_edge:
            return wager(min(1.0, (win - fair) / (1.0 - fair) * 1.5))
        return Pass(me)
    to_call = view.current_bet - view.bets[me]
    if amounts and win >= fair + raise_edge:
        return wager(1.0)
    if win >= to_call / (pot + to_call) + call_margin:
        return Call(me)
    return Fold(me) if moves.can_fold else Call(me)


def _ranked_discards(view: View, moves: LegalMoves) -> list[int]:
    """The legal discards (bit sets of the hand) best first, by the exact expected value of
    the hand right after this draw; ties: throw fewer cards, then the lower set."""
    most = moves.discard_max
    assert most is not None
    hand = view.hand.mask
    unseen = view.rules.deck_mask & ~seen_cards(view)
    counted = view.rules.cards_counted
    return sorted(
        (t for t in _submasks(hand) if t.bit_count() <= most),
        key=lambda t: (
            -expected_value(hand & ~t, unseen, t.bit_count(), counted),
            t.bit_count(),
            t,
        ),
    )


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
