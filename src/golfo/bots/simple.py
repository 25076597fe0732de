"""The simple bots: :class:`RandomBot` (at random, bets mostly small) and
:class:`HeuristicBot` (by its hand value and by memory, through
:func:`golfo.analysis.max_possible_value`).
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Final

from golfo.actions import Action, Bet, Call, Discard, Fold, Pass, Raise
from golfo.analysis.knowledge import (
    SUIT_BITS,
    best_with_draws,
    max_possible_value,
    seen_cards,
    top_of_suit,
)
from golfo.bots.base import _need_turn
from golfo.cards import DECK, Card
from golfo.errors import SeatError
from golfo.moves import LegalMoves
from golfo.state import Phase
from golfo.views import View

__all__ = ["HeuristicBot", "RandomBot"]


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
        return self.choose_from(_need_turn(view))

    def probabilities(self, view: View) -> dict[Action, float]:
        """The probability of each legal action of ``view``'s seat, exactly as :meth:`choose`
        draws it (up to the rounding of ``random``'s draws): each kind of action equally
        likely; a bet or raise amount with index ``i`` among ``k`` legal amounts
        ``0.1 / k + 0.9 * q(i)``, ``q`` the chance that ``int(expovariate(0.5))`` (capped at
        ``k - 1``) is ``i``; a discard of ``n`` of ``m`` cards ``1 / (most + 1) / comb(m, n)``.

        >>> import golfo
        >>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
        >>> p = RandomBot().probabilities(golfo.view(s, 1))
        >>> p[golfo.Pass(1)], round(p[golfo.Bet(1, 1)], 4), round(sum(p.values()), 12)
        (0.5, 0.1776, 1.0)
        """
        moves = _need_turn(view)
        seat = moves.seat
        assert isinstance(seat, int)
        out: dict[Action, float] = {}
        if moves.discard_max is not None:
            sizes = moves.discard_max + 1
            for size in range(sizes):
                sized = list(combinations(moves.discard_from, size))
                for cards in sized:
                    out[Discard(seat, cards)] = 1.0 / sizes / len(sized)
            return out
        kinds = (
            int(moves.can_pass)
            + int(bool(moves.bets))
            + int(moves.call is not None)
            + int(bool(moves.raises))
            + int(moves.can_fold)
        )
        share = 1.0 / kinds
        if moves.can_pass:
            out[Pass(seat)] = share
        amounts = moves.amounts
        k = len(amounts)
        for kind, legal in ((Bet, moves.bets), (Raise, moves.raises)):
            if legal:
                for i, amount in enumerate(amounts):
                    # P(int(Exp(1/2)) = i) = e^(-i/2) (1 - e^(-1/2)); the last amount takes the tail
                    tail = math.exp(-0.5 * i)
                    q = tail if i == k - 1 else tail - math.exp(-0.5 * (i + 1))
                    out[kind(seat, amount)] = share * (0.1 / k + 0.9 * q)
        if moves.call is not None:
            out[Call(seat)] = share
        if moves.can_fold:
            out[Fold(seat)] = share
        return out

    def choose_from(self, moves: LegalMoves) -> Action:
        """The same choice made from the seat's legal moves alone (all a random bot reads
        of its view), for engines that give the moves without a whole view.

        >>> import golfo
        >>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
        >>> RandomBot(4).choose_from(golfo.legal_moves(s)) == RandomBot(4).choose(golfo.view(s, 1))
        True
        """
        seat = moves.seat
        if not isinstance(seat, int):
            raise SeatError(f"no seat is to act in {moves!r}")
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

    In a variant of the rules (``rules.is_variant``) its thresholds are scaled to the
    variant's best value (``rules.best_value``, 30 in El Golfo), and it counts the
    variant's deck and ``cards_counted``.
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

    def probabilities(self, view: View) -> dict[Action, float]:
        """Its action distribution: probability 1 for :meth:`choose`'s (it is deterministic)."""
        return {self.choose(view): 1.0}

    # -- betting ------------------------------------------------------------

    def locked(self, view: View) -> bool:
        """Whether no other seat still in can beat the bot's hand, as far as it knows."""
        me = view.seat
        assert me is not None
        mine = view.rules.hand_value(view.hand.mask)
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
        rules = view.rules
        value = rules.hand_value(view.hand.mask)
        raise_at, call_at = self.thresholds.get(view.phase, (31, 31))
        if rules.is_variant:  # the same thresholds, on the variant's scale of values
            best = rules.best_value
            raise_at, call_at = (round(t * best / 30) for t in (raise_at, call_at))
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
        rules = view.rules
        unseen = rules.deck_mask & ~seen_cards(view)
        counted = rules.cards_counted
        counting = min(counted, rules.hand_size)  # the most cards of a suit that can count
        most = moves.discard_max
        assert most is not None

        def suit_key(i: int) -> tuple[int, int]:
            held = hand >> (7 * i) & SUIT_BITS
            free = unseen >> (7 * i) & SUIT_BITS
            return (
                top_of_suit(held, counted),
                best_with_draws(held << (7 * i), free << (7 * i), counting, counting),
            )

        target = max(range(4), key=suit_key)
        keep_bits = hand >> (7 * target) & SUIT_BITS
        keep: set[Card] = set()
        r = 6
        while r >= 0 and len(keep) < counted:
            if keep_bits >> r & 1:
                keep.add(DECK[7 * target + r])
            r -= 1
        throw = sorted((c for c in view.hand if c not in keep), key=lambda c: c.rank)[:most]
        seat = view.seat if view.seat is not None else 0
        wanted = Discard(seat, throw)
        return wanted if wanted in moves else Discard(seat, ())
