"""Bots: players that choose an action from a :class:`golfo.View`, and what they can work out.

A bot sees only a view, so it cannot cheat: it knows its own cards and the
public facts, nothing else.  :class:`RandomBot` plays at random (bets mostly
small); :class:`HeuristicBot` bets by its hand value and by memory, through
:func:`max_possible_value`: the best hand a seat could still end with, given
every card the viewer has seen.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> v.hand, golfo.max_possible_value(v, 1), golfo.max_possible_value(v, 2)
(Hand.parse('3O 6O'), 30, 30)
>>> golfo.max_possible_value(v, 2, now=True)   # seat 2 holds two unseen cards: at best 9 + 8
17
>>> golfo.HeuristicBot().choose(v) in v.moves
True

:func:`play_hand` runs one hand between bots; :func:`new_deck` is the one
place where a hand's cards are shuffled.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final, Protocol, runtime_checkable

from golfo.actions import CHANCE, Action, Bet, Call, Discard, Fold, Pass, Raise
from golfo.cards import ALL_CARDS, DECK, Card
from golfo.chance import deal_from
from golfo.errors import CardError, SeatError
from golfo.hand import Hand
from golfo.moves import LegalMoves
from golfo.reducer import apply
from golfo.scoring import value_of_mask
from golfo.shuffle import shuffled_deck
from golfo.state import Phase, State
from golfo.views import Dealt, Discarded, View, view

__all__ = [
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "max_possible_value",
    "new_deck",
    "new_draws",
    "play_hand",
    "seen_cards",
]

_SUIT_BITS: Final = 0x7F
_HAND_OVER: Final = frozenset({Phase.BETWEEN_HANDS, Phase.END})
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


# ---------------------------------------------------------------------------
# what a viewer knows


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
    shown = _shown_hands(view)
    if shown is not None:
        for hand in shown:
            if hand is not None:
                mask |= hand.mask
    return mask | view.hand.mask


def _shown_hands(view: View) -> tuple[Hand | None, ...] | None:
    """The hands shown at this hand's showdown, once it is over."""
    if view.phase in _HAND_OVER and view.results:
        last = view.results[-1]
        if last.hand_number == view.hand_number:
            return last.shown
    return None


def _discard_rounds_done(view: View, seat: int) -> int:
    return sum(1 for e in view.history if isinstance(e, Discarded) and e.seat == seat)


def _owed(view: View, seat: int) -> int:
    """Cards ``seat`` will surely still receive without discarding: every seat in the hand
    ends the deals (and each discard round) with five cards."""
    return 5 - view.hand_sizes[seat]


def new_draws(view: View, seat: int) -> int:
    """The most cards ``seat`` may still receive this hand (assuming it stays in).

    Every seat in the hand is owed ``5 - hand_sizes[seat]`` cards (the deals
    or the replacements of a discard), and may draw up to five more in each
    discard round it has not yet played.  All of them come from the stock,
    which the other seats' owed cards drain first.
    """
    if view.phase in _HAND_OVER or seat not in view.in_hand:
        return 0
    rounds_left = max(0, 2 - _discard_rounds_done(view, seat))
    if view.phase is Phase.BET_4:
        rounds_left = 0
    others_owed = sum(_owed(view, s) for s in view.in_hand if s != seat)
    stock = max(0, view.stock_size - others_owed)
    return min(stock, _owed(view, seat) + 5 * rounds_left)


def _top(bits: int, count: int) -> int:
    """Sum of the ``count`` highest ranks in a 7-bit suit mask."""
    total = 0
    i = 6
    while count > 0 and i >= 0:
        if bits >> i & 1:
            total += i + 3
            count -= 1
        i -= 1
    return total


def _best_with_draws(known: int, unseen: int, draws: int) -> int:
    """Best value of at most four cards of one suit: any of ``known``, at most ``draws`` of
    ``unseen`` (masks of card indices).  Greedy by rank is optimal here: the choice is a
    laminar matroid (at most 4 in all, at most ``draws`` unseen)."""
    best = 0
    for i in range(4):
        k = known >> (7 * i) & _SUIT_BITS
        u = unseen >> (7 * i) & _SUIT_BITS
        total = taken = used = 0
        for r in range(6, -1, -1):
            if taken == 4:
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
    shown = _shown_hands(view)
    if shown is not None and seat < len(shown):
        hand = shown[seat]
        if hand is not None:
            return hand.value
    seen = seen_cards(view)
    unseen = ALL_CARDS & ~seen
    if seat == view.seat:
        own = view.hand.mask
        draws = 0 if now else new_draws(view, seat)
        return _best_with_draws(own, unseen, draws)
    held = view.hand_sizes[seat]
    count = min(4, held) if now or view.phase in _HAND_OVER else 4
    if count == 4:
        return value_of_mask(unseen)  # the best four unseen cards of one suit
    best = 0
    for i in range(4):
        best = max(best, _top(unseen >> (7 * i) & _SUIT_BITS, count))
    return best


# ---------------------------------------------------------------------------
# the bots


class RandomBot:
    """Plays at random, reproducibly: its own ``random.Random(seed)``, never the global one.

    It picks uniformly a kind of legal action (pass, bet, call, raise, fold,
    discard), then the details: bet and raise amounts mostly small (the
    minimum plus a few chips, a tenth of the time any legal amount), and
    for a discard a number of cards uniform from 0 to the most allowed,
    then which cards uniformly.  It reads the amounts from ``view.moves``'
    ranges, so a choice costs the same at any stack size.
    """

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)
        """The bot's own random generator (the global ``random`` is never used)."""

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, view: View) -> Action:
        """A random legal action of ``view``'s seat (see the class)."""
        moves = _need_turn(view)
        seat = moves.seat
        assert isinstance(seat, int)
        rng = self.rng
        if moves.discard_max is not None:
            rng.randrange(1)  # the choice of a kind among one, kept so that seeds replay
            size = rng.randint(0, moves.discard_max)
            sized = list(combinations(moves.discard_from, size))
            return Discard(seat, sized[rng.randrange(len(sized))])
        kinds: list[type[Pass | Bet | Call | Raise | Fold]] = []  # in legal_actions' order
        if moves.can_pass:
            kinds.append(Pass)
        if moves.bets:
            kinds.append(Bet)
        if moves.call is not None:
            kinds.append(Call)
        if moves.raises:
            kinds.append(Raise)
        if moves.can_fold:
            kinds.append(Fold)
        kind = kinds[rng.randrange(len(kinds))]
        if kind is Bet or kind is Raise:
            amounts = moves.amounts
            if rng.random() < 0.1:
                amount = amounts[rng.randrange(len(amounts))]
            else:
                amount = amounts[min(len(amounts) - 1, int(rng.expovariate(0.5)))]
            return Bet(seat, amount) if kind is Bet else Raise(seat, amount)
        rng.randrange(1)  # the choice among the one action of its kind, kept for the seeds
        if kind is Pass:
            return Pass(seat)
        return Call(seat) if kind is Call else Fold(seat)


_THRESHOLDS: Final = {
    # phase: (bet or raise at, call at) on the bot's current hand value
    Phase.BET_1: (15, 9),
    Phase.BET_2: (21, 15),
    Phase.BET_3: (23, 18),
    Phase.BET_4: (24, 20),
}


class HeuristicBot:
    """Bets by its hand value and by memory; deterministic.

    - *Lock*: when its value beats :func:`max_possible_value` of every other
      seat still in (or ties it while nearer mano), it cannot lose the main
      pot: it raises as high as the rules allow, and never folds.
    - Otherwise, per betting round, it bets or raises (to about the pot) at
      a good value, calls at a fair one while the price is not too high,
      else passes or folds.
    - Discards: it keeps the suit that is worth most in its hand (ties: the
      suit with the best unseen cards left, so it does not chase cards
      already gone) and throws the rest, the lowest first when the stock is
      short; its counting cards are never discarded.
    """

    def __init__(self, *, thresholds: dict[Phase, tuple[int, int]] | None = None) -> None:
        self.thresholds = dict(_THRESHOLDS if thresholds is None else thresholds)
        """Per betting phase, the hand values at which it bets or raises, and calls."""

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: View) -> Action:
        """Its action for ``view``'s seat: a bet, call, fold or discard (see the class)."""
        moves = _need_turn(view)
        if moves.discard_max is not None:
            return self._discard(view, moves)
        return self._bet(view, moves)

    # -- betting ------------------------------------------------------------

    def locked(self, view: View) -> bool:
        """Whether no other seat still in can beat the bot's hand, as far as it knows."""
        me = view.seat
        assert me is not None
        mine = view.hand.value
        order = view.dealt_in
        for other in view.in_hand:
            if other == me:
                continue
            best = max_possible_value(view, other)
            if best > mine or (best == mine and order.index(other) < order.index(me)):
                return False
        return True

    def _bet(self, view: View, moves: LegalMoves) -> Action:
        me = view.seat
        assert me is not None
        value = view.hand.value
        raise_at, call_at = self.thresholds.get(view.phase, (31, 31))
        amounts = moves.amounts
        facing = not moves.can_pass
        stay: Action = Call(me) if facing else Pass(me)
        to_call = view.current_bet - view.bets[me]

        def wager(amount: int) -> Action:
            return Raise(me, amount) if facing else Bet(me, amount)

        if self.locked(view):
            return wager(amounts[-1]) if amounts else stay
        if value >= raise_at and amounts:
            target = view.current_bet + max(1, view.pot)  # about the pot
            return wager(min(max(target, amounts[0]), amounts[-1]))
        if not facing:
            return stay  # Pass
        price_ok = to_call * 3 <= view.pot + to_call or value >= (raise_at + call_at + 1) // 2
        if value >= call_at and price_ok:
            return stay  # Call
        return Fold(me) if moves.can_fold else stay

    # -- discarding ---------------------------------------------------------

    def _discard(self, view: View, moves: LegalMoves) -> Action:
        hand = view.hand.mask
        unseen = ALL_CARDS & ~seen_cards(view)
        most = moves.discard_max
        assert most is not None

        def suit_key(i: int) -> tuple[int, int]:
            held = hand >> (7 * i) & _SUIT_BITS
            free = unseen >> (7 * i) & _SUIT_BITS
            return (_top(held, 4), _best_with_draws(held << (7 * i), free << (7 * i), 4))

        target = max(range(4), key=suit_key)
        keep_bits = hand >> (7 * target) & _SUIT_BITS
        keep: set[Card] = set()
        r = 6
        while r >= 0 and len(keep) < 4:
            if keep_bits >> r & 1:
                keep.add(DECK[7 * target + r])
            r -= 1
        throw = sorted((c for c in view.hand if c not in keep), key=lambda c: c.rank)[:most]
        seat = view.seat if view.seat is not None else 0
        wanted = Discard(seat, throw)
        return wanted if wanted in moves else Discard(seat, ())


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
    while state.phase not in _HAND_OVER:
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
