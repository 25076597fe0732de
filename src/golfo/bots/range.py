"""RangeBot: an equity bot that reads its opponents' bets and discards (a range model).

It is golfo's strongest bot by duplicate play, so :class:`golfo.StrongBot` is this policy
today (``strong`` and ``range`` in :data:`golfo.tournament.BOTS` play alike).

:class:`golfo.EquityBot` weighs every placement of the unseen cards alike: a seat that
raised twice is, for it, as likely to hold rubbish as anyone.  :class:`RangeBot` plays
the hand out by the same deal model (:mod:`golfo.analysis.world`: the deals still owed, the
discards still to come by the draw policy, everyone to the showdown) but draws each
opponent's *current* cards from a range built from what that opponent did this hand:

- **Discards** (the count is public, the cards face up in the presets): a seat that threw
  ``k`` of its five cards kept ``5 - k`` (at most ``cards_counted``), by a reasonable
  player the counting cards of one suit, and not a suit it threw.  Its hand is drawn as
  that many unseen cards of one such suit (the suit chosen by how many ways it allows)
  plus the rest at random.
- **Bets** (importance weights): each play-out is weighted by ``exp(sum over opponents of
  range_weight * a * (2 s - 1))``, ``s`` the opponent's current hand value over the best a
  hand of its size can be, ``a`` its aggression this hand: +1 a bet or raise, +0.3 a
  call, -0.5 a pass (actions before its last discard count half), clamped to +-3.  A
  seat that bets is thus believed to hold more, one that passes less.

Its decisions are :class:`golfo.EquityBot`'s on that weighted equity (bet, raise, call or
fold against the pot odds); its discards are the option with the highest exact expected
value after the draw (:func:`golfo.analysis.draws.expected_value`) in both rounds.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.LUDOTEKA, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> golfo.RangeBot(seed=1).choose(v) in v.moves
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from math import comb
from typing import Final

from golfo.actions import Action, Bet, Call, Discard, Pass, Raise
from golfo.analysis.knowledge import HAND_OVER, SUIT_BITS, seen_cards
from golfo.analysis.world import World, policy_discard
from golfo.bots.base import _need_turn, _ranked_discards, _wager
from golfo.cards import cards_of
from golfo.errors import PolicyError
from golfo.moves import LegalMoves
from golfo.scoring import valuer
from golfo.views import Discarded, View

__all__ = ["RangeBot"]

_AGGRESSION_CAP: Final = 3.0
"""The most (in absolute value) an opponent's aggression counts."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class _Evidence:
    """What one opponent (at one position) showed: its aggression and its last discard."""

    __slots__ = ("aggression", "kept", "suits")

    def __init__(self) -> None:
        self.aggression = 0.0
        self.kept = 0  # cards kept at its last discard (0: no constraint)
        self.suits = 0b1111  # the suits it may have kept (bit i: suit i)


def _evidence(view: View, order: Sequence[int], counted: int, hand_size: int) -> list[_Evidence]:
    """Per position in ``order``, the opponent's evidence (the viewer's own is left empty)."""
    out = [_Evidence() for _ in order]
    where = {seat: p for p, seat in enumerate(order)}
    # walk backwards so that actions before a seat's last discard are known to be older
    discarded: set[int] = set()
    for event in reversed(view.history):
        if isinstance(event, Discarded):
            p = where.get(event.seat)
            if p is None or event.seat == view.seat:
                continue
            if event.seat not in discarded:
                discarded.add(event.seat)
                ev = out[p]
                ev.kept = min(hand_size - event.count, counted)
                if event.cards is not None and event.count < hand_size:
                    thrown = 0
                    for card in event.cards:
                        thrown |= 1 << card.suit.index
                    if thrown != 0b1111:
                        ev.suits = 0b1111 & ~thrown
            continue
        seat = getattr(event, "seat", None)
        p = where.get(seat) if isinstance(seat, int) else None
        if p is None or seat == view.seat:
            continue
        weight = 0.5 if seat in discarded else 1.0
        if isinstance(event, (Bet, Raise)):
            out[p].aggression += weight
        elif isinstance(event, Call):
            out[p].aggression += 0.3 * weight
        elif isinstance(event, Pass):
            out[p].aggression -= 0.5 * weight
    for ev in out:
        ev.aggression = max(-_AGGRESSION_CAP, min(_AGGRESSION_CAP, ev.aggression))
    return out


def _best_of_size(size: int, counted: int) -> int:
    """The best value ``size`` cards can have (the top ranks of one suit)."""
    return sum(9 - r for r in range(min(size, counted)))


def weighted_equity(
    view: View,
    rng: random.Random,
    samples: int,
    range_weight: float,
    *,
    use_discards: bool = True,
) -> float:
    """The viewer's chance of winning the main pot, by ``samples`` play-outs of the range
    model (see the module); ``range_weight`` 0 and ``use_discards`` false give the uniform
    deal model of :func:`golfo.analysis.equity`."""
    me = view.seat
    assert me is not None
    rules = view.rules
    unseen = rules.deck_mask & ~seen_cards(view)
    world = World.from_view(view, unseen)
    order = world.order
    if len(order) == 1:
        return 1.0 if order[0] == me else 0.0
    mine = order.index(me)
    counted = world.counted
    hand_size = world.hand_size
    value = valuer(counted)
    evidence = _evidence(view, order, counted, hand_size)
    unknown = world.unknown
    sizes = world.sizes
    scale = [
        1.0 / max(1, _best_of_size(sizes[p], counted)) if sizes[p] else 0.0
        for p in range(len(order))
    ]
    cards = _bits(unseen)
    by_suit = [[c for c in cards if c >> 7 * i & SUIT_BITS] for i in range(4)]
    base = [k or 0 for k in world.known]
    owed = world.owed
    turns = world.turns
    stock = world.stock
    rand = rng.random
    policy = policy_discard
    weighted_win = 0.0
    total = 0.0
    plans: list[tuple[int, int, list[tuple[int, float]]]] = []
    for p in unknown:
        ev = evidence[p]
        kept = min(ev.kept, sizes[p]) if use_discards else 0
        choices: list[tuple[int, float]] = []
        if kept:
            for i in range(4):
                if ev.suits >> i & 1 and len(by_suit[i]) >= kept:
                    choices.append((i, float(comb(len(by_suit[i]), kept))))
            if not choices:
                kept = 0
        plans.append((p, kept, choices))
    for _ in range(samples):
        pool = cards[:]
        hands = base[:]
        for p, kept, choices in plans:
            hand = 0
            if kept:
                pick = rand() * sum(w for _s, w in choices)
                suit = choices[-1][0]
                for s, w in choices:
                    if pick < w:
                        suit = s
                        break
                    pick -= w
                candidates = [c for c in pool if c >> 7 * suit & SUIT_BITS]
                if len(candidates) < kept:
                    candidates = pool
                for _k in range(kept):
                    c = candidates.pop(int(rand() * len(candidates)))
                    hand |= c
                    if candidates is not pool:
                        pool.remove(c)
            for _k in range(sizes[p] - kept):
                hand |= pool.pop(int(rand() * len(pool)))
            hands[p] = hand
        exponent = 0.0
        if range_weight:
            for p in unknown:
                a = evidence[p].aggression
                if a:
                    exponent += range_weight * a * (2.0 * value(hands[p]) * scale[p] - 1.0)
        left = stock
        for p, d in owed:
            h = hands[p]
            for _k in range(d):
                h |= pool.pop(int(rand() * len(pool)))
            hands[p] = h
            left -= d
        for p in turns:
            if not left:
                break
            thrown = policy(hands[p], left, counted)
            if thrown:
                k = thrown.bit_count()
                h = hands[p] ^ thrown
                for _k in range(k):
                    h |= pool.pop(int(rand() * len(pool)))
                hands[p] = h
                left -= k
        best = -1
        winner = 0
        for p, h in enumerate(hands):
            v = value(h)
            if v > best:
                best, winner = v, p
        w = math.exp(exponent)
        total += w
        if winner == mine:
            weighted_win += w
    return weighted_win / total


class RangeBot:
    """An equity bot whose opponents' cards are drawn from ranges that their bets, calls,
    passes and discards imply; deterministic for a seed.  See :mod:`golfo.bots.range`.

    - *Lock* (equity 1 by the samples): bets or raises as high as the rules allow.
    - Facing a bet of ``c`` into a pot of ``P``: calls when its equity is at least the pot
      odds ``c / (P + c)`` plus ``call_margin``, raises (to about the pot) when its equity
      is ``raise_edge`` above its fair share ``1 / n`` of ``n`` seats in, else folds.
    - Not facing a bet: bets when its equity is ``bet_edge`` above its fair share (from a
      third of the pot to the whole pot, the more the surer), else passes.
    - Discards: the option with the highest exact expected value after the draw.

    ``range_weight`` 0 and ``use_discards`` false make it an equity bot on the uniform
    deal model (what :class:`golfo.EquityBot` assumes); ``invert`` turns every betting
    decision upside down (a deliberately broken bot, for tests).
    """

    def __init__(
        self,
        seed: int | None = 0,
        *,
        samples: int = 120,
        range_weight: float = 1.0,
        use_discards: bool = True,
        bet_edge: float = 0.15,
        raise_edge: float = 0.3,
        call_margin: float = 0.0,
        invert: bool = False,
    ) -> None:
        self.rng = random.Random(seed)
        """The bot's own random generator (the global ``random`` is never used)."""
        self.samples = samples
        """Monte Carlo play-outs per betting decision."""
        self.range_weight = range_weight
        """How strongly an opponent's aggression shifts its range (0: not at all)."""
        self.use_discards = use_discards
        """Whether an opponent's discards shape its range."""
        self.bet_edge = bet_edge
        """How far above its fair share its equity must be to open."""
        self.raise_edge = raise_edge
        """How far above its fair share its equity must be to raise."""
        self.call_margin = call_margin
        """How far above the pot odds its equity must be to call."""
        self.invert = invert
        """Whether its betting is inverted (a broken bot, for tests)."""

    def __repr__(self) -> str:
        return "RangeBot()"

    def choose(self, view: View) -> Action:
        """Its action for ``view``'s seat (see the class)."""
        moves = _need_turn(view)
        if moves.discard_max is not None:
            return self._discard(view, moves)
        return self._bet(view, moves, self.rng)

    def probabilities(self, view: View) -> dict[Action, float]:
        """Probability 1 for its discard (exact, deterministic); a betting decision rests on
        Monte Carlo play-outs: :class:`golfo.errors.PolicyError`."""
        moves = _need_turn(view)
        if moves.discard_max is not None:
            return {self._discard(view, moves): 1.0}
        raise PolicyError(
            f"RangeBot's bet for seat {view.seat} rests on Monte Carlo play-outs: "
            "its action probabilities are not known exactly"
        )

    def equity(self, view: View, rng: random.Random | None = None) -> float:
        """Its weighted chance of winning the main pot from ``view`` (see the module)."""
        if view.phase in HAND_OVER:
            raise PolicyError("the hand is over")
        return weighted_equity(
            view,
            self.rng if rng is None else rng,
            self.samples,
            self.range_weight,
            use_discards=self.use_discards,
        )

    def _bet(self, view: View, moves: LegalMoves, rng: random.Random) -> Action:
        win = self.equity(view, random.Random(rng.getrandbits(64)))
        if self.invert:
            win = 1.0 - win
        return _wager(
            view,
            moves,
            win,
            bet_edge=self.bet_edge,
            raise_edge=self.raise_edge,
            call_margin=self.call_margin,
        )

    def _discard(self, view: View, moves: LegalMoves) -> Action:
        me = view.seat
        assert me is not None
        return Discard(me, cards_of(_ranked_discards(view, moves)[0]))
