"""Odds from a view: each seat's chance of winning the main pot, and a hand's final value.

Both answer from the viewer's knowledge only, by the deal model of
:mod:`golfo.analysis.world` (unseen cards uniformly placed; betting not used as evidence;
everyone still in goes to the showdown; the discards to come follow the draw policy).

How they answer (``Equity.method``):

- ``"result"``: the hand is over, or one seat is left: the answer is known.
- ``"count"``: every hand is final (after the second discard, or the stock is empty):
  exact, by counting the deals suit by suit (:mod:`golfo.analysis.counting`, with numpy:
  ``pip install 'golfo[analysis]'``).  About a millisecond with one or two hidden hands.
- ``"enumeration"``: exact, by playing out every deal, when there are at most
  :data:`EXACT_LIMIT` of them (:meth:`golfo.analysis.world.World.size_bound`); without
  numpy, final hands are enumerated the same way when they are few.
- ``"sampling"``: Monte Carlo, ``samples`` play-outs from a seeded generator, with the
  standard error of each estimate.

>>> import golfo
>>> from golfo.analysis import equity
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> e = equity(golfo.view(state, 1), samples=2000, seed=7)
>>> e.method, e.exact, len(e.win), round(sum(e.win), 9)
('sampling', False, 3, 1.0)
>>> 0 < e.stderr < 0.02
True
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping
from types import ModuleType
from typing import Final

import attrs

from golfo.analysis.knowledge import HAND_OVER, seen_cards, shown_hands
from golfo.analysis.world import Outcomes, World, enumerate_deals, sample
from golfo.errors import SeatError
from golfo.scoring import valuer
from golfo.views import View

__all__ = ["DEFAULT_SAMPLES", "EXACT_LIMIT", "Equity", "equity", "value_distribution"]

DEFAULT_SAMPLES: Final = 10_000
"""Monte Carlo play-outs when ``samples`` is not given: a standard error below 0.005."""
EXACT_LIMIT: Final = 50_000
"""Positions with at most this many deals to play out are enumerated (exact)."""


@functools.cache
def counting() -> ModuleType | None:
    """:mod:`golfo.analysis.counting`, imported on first use (numpy is slow to import and
    ``import golfo`` should stay quick), or ``None`` without numpy: then final hands are
    enumerated when few and sampled otherwise."""
    try:
        from golfo.analysis import counting as module
    except ImportError:  # pragma: no cover - numpy is in golfo[analysis] and golfo[dev]
        return None
    return module


@attrs.frozen
class Equity:
    """Each seat's chance of winning the main pot at the showdown, from one view.

    ``win[s]`` is 0 for a seat not in the hand; the chances of the seats in it sum to 1
    (pots are never split: ties go to the seat nearest mano, R11).
    """

    win: tuple[float, ...]
    """Per seat, the probability of winning the main pot."""
    exact: bool
    """Whether ``win`` is exact (``method`` ``"result"``, ``"count"`` or ``"enumeration"``)."""
    stderr: float
    """The largest standard error of ``win`` (0 when exact)."""
    stderrs: tuple[float, ...]
    """Per seat, the standard error of ``win[s]`` (all 0 when exact)."""
    method: str
    """How it was found: ``"result"``, ``"count"``, ``"enumeration"`` or ``"sampling"``."""
    deals: int
    """The play-outs sampled (``"sampling"``), or the deals counted or enumerated."""


def _check_seat(view: View, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < view.players:
        raise SeatError(f"seat must be 0..{view.players - 1}, got {seat!r}")
    return seat


def _rng(seed: int | random.Random | None) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def _winner_of_finished_hand(view: View) -> int | None:
    """The main pot's winner of the hand just over (``None`` if no hand is over)."""
    if not view.results or view.results[-1].hand_number != view.hand_number:
        return None
    result = view.results[-1]
    if result.pots:
        return result.pots[0].winner
    order = view.in_hand
    shown = result.shown
    if result.showdown and shown:

        def rank(s: int) -> tuple[int, int]:
            hand = shown[s]
            return (view.rules.hand_value(hand.mask) if hand is not None else 0, -order.index(s))

        return max(order, key=rank)
    return order[0] if order else None


def _known(world: World) -> dict[int, int]:
    value = valuer(world.counted)
    return {p: value(k) for p, k in enumerate(world.known) if k is not None}


def _play_out(
    world: World, samples: int | None, seed: int | random.Random | None, limit: int
) -> Outcomes:
    """Every deal when they are few (weights summing to 1), else ``samples`` at random."""
    if world.size_bound() <= limit:
        return enumerate_deals(world)
    return sample(world, _rng(seed), DEFAULT_SAMPLES if samples is None else samples)


def equity(
    view: View,
    *,
    samples: int | None = None,
    seed: int | random.Random | None = None,
    exact_limit: int = EXACT_LIMIT,
) -> Equity:
    """Each seat's chance of winning the main pot, as ``view``'s seat can work it out.

    Exact when the hand is over, when every hand is final (counted with numpy) and when
    the deals left are at most :data:`EXACT_LIMIT`; otherwise ``samples`` Monte Carlo
    play-outs (default :data:`DEFAULT_SAMPLES`) from ``random.Random(seed)`` (a seed, or a
    generator of one's own; ``None``: fresh randomness).  The same seed gives the same
    answer.  ``exact_limit``: the most deals worth enumerating (a bot in a hurry passes
    about its ``samples``).  See the module for the model.
    """
    if samples is not None and (type(samples) is not int or samples < 1):
        raise ValueError(f"samples must be a whole number >= 1, got {samples!r}")
    players = view.players
    zeros = (0.0,) * players

    def known_answer(winner: int | None, deals: int = 1) -> Equity:
        win = [0.0] * players
        if winner is not None:
            win[winner] = 1.0
        return Equity(tuple(win), True, 0.0, zeros, "result", deals)

    if view.phase in HAND_OVER:
        return known_answer(_winner_of_finished_hand(view))
    order = view.in_hand
    if len(order) == 1:
        return known_answer(order[0])
    world = World.from_view(view, view.rules.deck_mask & ~seen_cards(view))
    win = [0.0] * players
    counter = counting()
    if world.final and counter is not None:
        odds, deals = counter.count_wins(
            world.unseen, order, world.sizes, _known(world), world.counted
        )
        for p, seat in enumerate(order):
            win[seat] = odds[p]
        return Equity(tuple(win), True, 0.0, zeros, "count", deals)
    bound = world.size_bound()
    exact = bound <= exact_limit
    outcomes = _play_out(world, samples, seed, exact_limit)
    errors = [0.0] * players
    for p, seat in enumerate(order):
        share = outcomes.wins[p] / outcomes.total
        win[seat] = share
        if not exact:
            errors[seat] = math.sqrt(share * (1.0 - share) / outcomes.total)
    if exact:
        return Equity(tuple(win), True, 0.0, zeros, "enumeration", bound)
    return Equity(tuple(win), False, max(errors), tuple(errors), "sampling", int(outcomes.total))


def value_distribution(
    view: View,
    seat: int,
    *,
    samples: int | None = None,
    seed: int | random.Random | None = None,
) -> Mapping[int, float]:
    """The probability of each final value of ``seat``'s hand, as ``view``'s seat knows it.

    Values with probability 0 are left out; the rest are in increasing order and sum to
    1.  A seat out of the hand holds nothing (``{0: 1.0}``); a hand shown at the showdown,
    or the viewer's own final hand, has one value.  Exact when the hands are final (or
    few deals are left), else sampled as :func:`equity` does.

    >>> import golfo
    >>> from golfo.analysis import value_distribution
    >>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> d = value_distribution(golfo.view(state, 1), 2, samples=500, seed=1)
    >>> min(d) >= 3, max(d) <= 30, round(sum(d.values()), 9)
    (True, True, 1.0)
    """
    seat = _check_seat(view, seat)
    if seat not in view.dealt_in or seat in view.folded:
        return {0: 1.0}
    rules = view.rules
    unseen = rules.deck_mask & ~seen_cards(view)
    counted = rules.cards_counted
    if view.phase in HAND_OVER:
        shown = shown_hands(view)
        hand = shown[seat] if shown is not None and seat < len(shown) else None
        if hand is not None:
            return {rules.hand_value(hand.mask): 1.0}
        if seat == view.seat:
            return {rules.hand_value(view.hand.mask): 1.0}
        return _marginal(unseen, view.hand_sizes[seat], samples, seed, counted)
    world = World.from_view(view, unseen)
    p = world.order.index(seat)
    known = world.known[p]
    if world.final:
        if known is not None:
            return {rules.hand_value(known): 1.0}
        return _marginal(unseen, world.sizes[p], samples, seed, counted)
    outcomes = _play_out(world, samples, seed, EXACT_LIMIT)
    return {v: w / outcomes.total for v, w in enumerate(outcomes.values[p]) if w}


def _marginal(
    unseen: int,
    size: int,
    samples: int | None,
    seed: int | random.Random | None,
    counted: int = 4,
) -> dict[int, float]:
    """The value of ``size`` cards uniformly from ``unseen``."""
    counter = counting()
    if counter is not None:
        return dict(counter.count_values(unseen, size, counted))
    world = World((0,), (None,), (size,), unseen, 0, (), counted=counted)
    outcomes = _play_out(world, samples, seed, EXACT_LIMIT)
    return {v: w / outcomes.total for v, w in enumerate(outcomes.values[0]) if w}
