""":class:`EquityBot`: bets by its odds (:func:`golfo.analysis.equity`) against the pot odds,
discards for the best expected value.
"""

from __future__ import annotations

import random

from golfo.actions import Action, Discard
from golfo.analysis.knowledge import (
    seen_cards,
)
from golfo.analysis.odds import equity
from golfo.analysis.world import World, sample
from golfo.bots.base import _need_turn, _ranked_discards, _wager
from golfo.cards import cards_of
from golfo.errors import PolicyError
from golfo.moves import LegalMoves
from golfo.views import View

__all__ = ["EquityBot"]


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
        return _wager(view, moves, win, bet_edge=self.bet_edge, raise_edge=self.raise_edge)

    def _discard(self, view: View, moves: LegalMoves, rng: random.Random) -> tuple[Action, bool]:
        me = view.seat
        assert me is not None
        ranked = _ranked_discards(view, moves)
        unseen = view.rules.deck_mask & ~seen_cards(view)
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
