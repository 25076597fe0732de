"""Bots: players that choose an action from a :class:`golfo.View`.

A bot sees only a view, so it cannot cheat: it knows its own cards and the
public facts, nothing else.  :class:`RandomBot` plays at random (bets mostly
small); :class:`HeuristicBot` bets by its hand value and by memory, through
:func:`golfo.analysis.max_possible_value`: the best hand a seat could still end
with, given every card the viewer has seen; :class:`EquityBot` bets by its odds
(:func:`golfo.analysis.equity`) against the pot odds.  What a view lets a seat work
out lives in :mod:`golfo.analysis`.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> v.hand, golfo.max_possible_value(v, 1), golfo.max_possible_value(v, 2)
(Hand.parse('3O 6O'), 30, 30)
>>> golfo.max_possible_value(v, 2, now=True)   # seat 2 holds two unseen cards: at best 9 + 8
17
>>> golfo.HeuristicBot().choose(v) in v.moves, golfo.EquityBot(seed=1).choose(v) in v.moves
(True, True)

:func:`play_hand` runs one hand between bots; :func:`new_deck` is the one
place where a hand's cards are shuffled.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final, Protocol, runtime_checkable

from golfo.actions import CHANCE, Action, Bet, Call, Discard, Fold, Pass, Raise
from golfo.analysis.draws import expected_value
from golfo.analysis.knowledge import (
    HAND_OVER,
    SUIT_BITS,
    best_with_draws,
    max_possible_value,
    new_draws,
    seen_cards,
    top_of_suit,
)
from golfo.analysis.odds import equity
from golfo.analysis.world import World, sample
from golfo.cards import DECK, Card, cards_of
from golfo.chance import deal_from
from golfo.errors import CardError, PolicyError, SeatError
from golfo.moves import LegalMoves
from golfo.reducer import apply
from golfo.shuffle import shuffled_deck
from golfo.state import Phase, State
from golfo.views import View, view

__all__ = [
    "Bot",
    "EquityBot",
    "HeuristicBot",
    "RandomBot",
    "max_possible_value",
    "new_deck",
    "new_draws",
    "play_hand",
    "seen_cards",
]

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


class EquityBot:
    """Bets, calls and folds by its equity against the pot odds; discards for the best
    expected final value.  Deterministic for a seed.

    Its equity is :func:`golfo.analysis.equity` of its view: exact once the hands are
    final, else ``samples`` Monte Carlo play-outs seeded from its own generator.

    - *Lock*: an equity of 1 (no deal consistent with its view beats it) bets or raises
      as high as the rules allow.
    - Facing a bet of ``c`` into a pot of ``P``: it calls when its equity is at least
      the pot odds ``c / (P + c)``, raises (to about the pot) when its equity is also at
      least ``raise_edge`` above its fair share ``1 / n`` of ``n`` seats in, else folds.
    - Not facing a bet: it bets when its equity is ``bet_edge`` above its fair share, the
      more the surer (from a third of the pot to the whole pot), else passes.
    - Discards: in the last discard round, the option (any legal one) with the highest
      exact expected value of the hand after the draw
      (:func:`golfo.analysis.draws.expected_value`); in the first round, the six best of
      those compared by the expected value at the end of the hand, the second discard
      played by the draw policy (Monte Carlo, the same draws for every option).
    """

    def __init__(
        self,
        seed: int | None = 0,
        *,
        samples: int = 200,
        bet_edge: float = 0.15,
        raise_edge: float = 0.3,
    ) -> None:
        self.rng = random.Random(seed)
        """The bot's own random generator (the global ``random`` is never used)."""
        self.samples = samples
        """Monte Carlo play-outs per decision while the hands are not final."""
        self.bet_edge = bet_edge
        """How far above its fair share its equity must be to open."""
        self.raise_edge = raise_edge
        """How far above its fair share its equity must be to raise."""

    def __repr__(self) -> str:
        return "EquityBot()"

    def choose(self, view: View) -> Action:
        """Its action for ``view``'s seat (see the class)."""
        return self._decide(view, self.rng)[0]

    def probabilities(self, view: View) -> dict[Action, float]:
        """Its action distribution where it is known: probability 1 for :meth:`choose`'s
        when every estimate the choice rests on is exact (equities counted or enumerated,
        the last discard), where it does not depend on the bot's random draws.  Where the
        choice rests on Monte Carlo play-outs its distribution is not known:
        :class:`golfo.errors.PolicyError`.  Asking never changes the bot's play (its
        generator is left as it was).
        """
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        action, exact = self._decide(view, rng)
        if not exact:
            raise PolicyError(
                f"EquityBot's choice for seat {view.seat} here rests on Monte Carlo play-outs: "
                "its action probabilities are not known exactly"
            )
        return {action: 1.0}

    def _decide(self, view: View, rng: random.Random) -> tuple[Action, bool]:
        """Its action, and whether every estimate behind it was exact."""
        moves = _need_turn(view)
        if moves.discard_max is not None:
            return self._discard(view, moves, rng)
        return self._bet(view, moves, rng)

    def _bet(self, view: View, moves: LegalMoves, rng: random.Random) -> tuple[Action, bool]:
        me = view.seat
        assert me is not None
        # enumerate only what costs no more than sampling would
        odds = equity(view, samples=self.samples, seed=rng, exact_limit=self.samples)
        return self._wager(view, moves, odds.win[me]), odds.exact

    def _wager(self, view: View, moves: LegalMoves, win: float) -> Action:
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
            if amounts and win >= fair + self.bet_edge:
                return wager(min(1.0, (win - fair) / (1.0 - fair) * 1.5))
            return Pass(me)
        to_call = view.current_bet - view.bets[me]
        if amounts and win >= fair + self.raise_edge:
            return wager(1.0)
        if win >= to_call / (pot + to_call):
            return Call(me)
        return Fold(me) if moves.can_fold else Call(me)

    def _discard(self, view: View, moves: LegalMoves, rng: random.Random) -> tuple[Action, bool]:
        me = view.seat
        assert me is not None
        most = moves.discard_max
        assert most is not None
        hand = view.hand.mask
        rules = view.rules
        unseen = rules.deck_mask & ~seen_cards(view)
        counted = rules.cards_counted
        options = [t for t in _submasks(hand) if t.bit_count() <= most]
        # the expected value right after this draw; ties: throw fewer cards
        ranked = sorted(
            options,
            key=lambda t: (
                -expected_value(hand & ~t, unseen, t.bit_count(), counted),
                t.bit_count(),
                t,
            ),
        )
        world = World.from_view(view, unseen)
        position = world.order.index(me)
        later = world.turns.count(position) > 1  # a second discard is still to come
        if not later:
            return Discard(me, cards_of(ranked[0])), True
        seed = rng.getrandbits(64)
        best = ranked[0]
        best_value = -1.0
        for thrown in ranked[:6]:
            out = sample(world, random.Random(seed), self.samples, first=(position, thrown))
            value = sum(v * w for v, w in enumerate(out.values[position])) / out.total
            if value > best_value + 1e-9:
                best, best_value = thrown, value
        return Discard(me, cards_of(best)), False


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
