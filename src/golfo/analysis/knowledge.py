"""What a seat can work out from its view alone: the cards it has seen, the draws a seat
may still make, and the best hand a seat could end with (the rulebook's *memory*).

The rulebook says the game is won by memory: "los dos descartes ... permiten ver
numerosas cartas y calcular con bastante aproximación el valor máximo de las manos de
los contrarios".  :func:`max_possible_value` is that maximum.

>>> import golfo
>>> from golfo.analysis import max_possible_value
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> v.hand, max_possible_value(v, 1), max_possible_value(v, 2)
(Hand.parse('3O 6O'), 30, 30)
>>> max_possible_value(v, 2, now=True)   # seat 2 holds two unseen cards: at best 9 + 8
17
"""

from __future__ import annotations

from typing import Final

from golfo.errors import SeatError
from golfo.hand import Hand
from golfo.scoring import valuer
from golfo.state import Phase
from golfo.views import Dealt, Discarded, View

__all__ = [
    "HAND_OVER",
    "SUIT_BITS",
    "best_with_draws",
    "discard_rounds_done",
    "max_possible_value",
    "new_draws",
    "seen_cards",
    "shown_hands",
    "top_of_suit",
]

SUIT_BITS: Final = 0x7F
"""One suit's seven cards in a card bit set (suit ``i`` is ``mask >> 7 * i & SUIT_BITS``)."""
HAND_OVER: Final = frozenset({Phase.BETWEEN_HANDS, Phase.END})
"""The phases in which no hand is in play."""


def seen_cards(view: View) -> int:
    """The cards the viewer has seen in this hand, as a bit mask of card indices.

    They are: every card dealt to the viewer (kept, discarded or folded), every
    discarded card shown to it (all of them when ``rules.discards_face_up``),
    and, once the hand is over, the hands shown at showdown.  A spectator
    (``view.seat is None``) sees only the public cards.
    """
    mask = 0
    for event in view.history:
        if isinstance(event, Dealt) and event.card is not None:
            mask |= event.card.mask
        elif isinstance(event, Discarded) and event.cards is not None:
            for card in event.cards:
                mask |= card.mask
    shown = shown_hands(view)
    if shown is not None:
        for hand in shown:
            if hand is not None:
                mask |= hand.mask
    return mask | view.hand.mask


def shown_hands(view: View) -> tuple[Hand | None, ...] | None:
    """The hands shown at this hand's showdown once it is over (``None`` while it is in
    play; a seat that did not show has ``None``)."""
    if view.phase in HAND_OVER and view.results:
        last = view.results[-1]
        if last.hand_number == view.hand_number:
            return last.shown
    return None


def discard_rounds_done(view: View, seat: int) -> int:
    """How many discards ``seat`` has made in this hand (0, 1 or 2)."""
    return sum(1 for e in view.history if isinstance(e, Discarded) and e.seat == seat)


def _owed(view: View, seat: int) -> int:
    """Cards ``seat`` will surely still receive without discarding: every seat in the hand
    ends the deals (and each discard round) with five cards (a variant's ``hand_size``)."""
    return view.rules.hand_size - view.hand_sizes[seat]


def new_draws(view: View, seat: int) -> int:
    """The most cards ``seat`` may still receive this hand (assuming it stays in).

    Every seat in the hand is owed ``5 - hand_sizes[seat]`` cards (the deals
    or the replacements of a discard), and may draw up to five more in each
    discard round it has not yet played (a variant: its ``hand_size`` and its
    ``discard_rounds``).  All of them come from the stock, which the other
    seats' owed cards drain first.
    """
    if view.phase in HAND_OVER or seat not in view.in_hand:
        return 0
    rules = view.rules
    rounds_left = max(0, rules.discard_rounds - discard_rounds_done(view, seat))
    if view.phase is Phase.BET_4:
        rounds_left = 0
    others_owed = sum(_owed(view, s) for s in view.in_hand if s != seat)
    stock = max(0, view.stock_size - others_owed)
    return min(stock, _owed(view, seat) + rules.hand_size * rounds_left)


def top_of_suit(bits: int, count: int) -> int:
    """Sum of the ``count`` highest ranks in a 7-bit suit mask.

    >>> top_of_suit(0b1000011, 2)   # 3, 4 and 9 of a suit: the two highest
    13
    """
    total = 0
    i = 6
    while count > 0 and i >= 0:
        if bits >> i & 1:
            total += i + 3
            count -= 1
        i -= 1
    return total


def best_with_draws(known: int, unseen: int, draws: int, counted: int = 4) -> int:
    """The best value of at most four cards of one suit (``counted``: a variant's
    ``cards_counted``): any of ``known``, at most ``draws`` of ``unseen`` (masks of card
    indices).  Greedy by rank is optimal here: the choice is a laminar matroid (at most
    ``counted`` in all, at most ``draws`` unseen)."""
    best = 0
    for i in range(4):
        k = known >> (7 * i) & SUIT_BITS
        u = unseen >> (7 * i) & SUIT_BITS
        total = taken = used = 0
        for r in range(6, -1, -1):
            if taken == counted:
                break
            if k >> r & 1:
                total += r + 3
                taken += 1
            elif u >> r & 1 and used < draws:
                total += r + 3
                taken += 1
                used += 1
        best = max(best, total)
    return best


def max_possible_value(view: View, seat: int, *, now: bool = False) -> int:
    """The best hand value ``seat`` could end this hand with, as far as the viewer knows.

    This is the memory the rulebook asks for: every card the viewer has seen
    (its own cards, the discards shown, hands shown) is a card ``seat`` can
    no longer get, since discards never go back to the stock.  Precisely:

    - A seat that folded, or was not dealt in, holds nothing: 0.
    - Once the hand is over, a hand shown at showdown gives its exact value.
    - Any card the viewer has not seen (:func:`seen_cards`) might be in
      ``seat``'s hand or still in the stock, ready to be drawn by ``seat``.
    - For another seat, whose cards are all unseen, the value is that of the
      best four unseen cards of one suit: a seat in the hand always ends
      with five cards, every one of which may be any unseen card.  With
      ``now=True``: the best it could hold right now, with the
      ``hand_sizes[seat]`` cards it has (at best the highest of one suit).
    - For the viewer's own seat: its own cards plus at most
      :func:`new_draws` unseen cards (its owed cards and the discard rounds
      it has left, bounded by the stock after the others' owed cards), at
      most four counting.  With ``now=True``, or when no draw is left, it
      is the value of its hand.

    It assumes the best case for ``seat`` in every unknown: which unseen cards
    are in the stock, and what ``seat`` draws.  So it is an upper bound that
    is reached in some deal consistent with what the viewer saw: the seat's
    real final value never exceeds it.

    >>> import golfo
    >>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> v = golfo.view(s, 1)
    >>> max_possible_value(v, 1, now=True), max_possible_value(v, 1)
    (9, 30)
    """
    if type(seat) is not int or not 0 <= seat < view.players:
        raise SeatError(f"seat must be 0..{view.players - 1}, got {seat!r}")
    if seat not in view.dealt_in or seat in view.folded:
        return 0
    shown = shown_hands(view)
    rules = view.rules
    if shown is not None and seat < len(shown):
        hand = shown[seat]
        if hand is not None:
            return rules.hand_value(hand.mask)
    seen = seen_cards(view)
    unseen = rules.deck_mask & ~seen
    counted = rules.cards_counted
    if seat == view.seat:  # the counting cards of a suit, in a hand of hand_size cards
        counted = min(counted, rules.hand_size)
        own = view.hand.mask
        draws = 0 if now else new_draws(view, seat)
        return best_with_draws(own, unseen, draws, counted)
    held = view.hand_sizes[seat] if now or view.phase in HAND_OVER else rules.hand_size
    count = min(counted, held)  # the best unseen cards of one suit it could hold
    if count == counted:
        return valuer(counted)(unseen)  # the best four unseen cards of one suit
    best = 0
    for i in range(4):
        best = max(best, top_of_suit(unseen >> (7 * i) & SUIT_BITS, count))
    return best
