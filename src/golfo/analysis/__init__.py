"""Analysis: what a seat can work out from its view alone.

- Memory (:mod:`golfo.analysis.knowledge`): the cards a seat has seen
  (:func:`seen_cards`), the draws a seat may still make (:func:`new_draws`) and the best
  hand a seat could end with (:func:`max_possible_value`, also ``golfo.max_possible_value``).
- Odds (:mod:`golfo.analysis.odds`): each seat's chance of winning the main pot
  (:func:`equity`) and the distribution of a hand's final value
  (:func:`value_distribution`), exact when the hands are final and by seeded Monte Carlo
  before, under the deal model of :mod:`golfo.analysis.world`.

- Determinization (:mod:`golfo.analysis.determinize`): a whole state one seat cannot tell
  from the true one (:func:`resample`), for information-set search.

Exact counting of final hands uses numpy (``pip install 'golfo[analysis]'``); without it,
final hands are enumerated when few and sampled otherwise.

>>> import golfo
>>> from golfo.analysis import equity, max_possible_value
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> max_possible_value(v, 2, now=True)
17
>>> e = equity(v, samples=1000, seed=3)
>>> e.win[1] > 0, e.exact
(True, False)
"""

from golfo.analysis.determinize import resample
from golfo.analysis.knowledge import max_possible_value, new_draws, seen_cards
from golfo.analysis.odds import (
    DEFAULT_SAMPLES,
    EXACT_LIMIT,
    Equity,
    equity,
    value_distribution,
)
from golfo.analysis.world import World, policy_discard

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "Equity",
    "World",
    "equity",
    "max_possible_value",
    "new_draws",
    "policy_discard",
    "resample",
    "seen_cards",
    "value_distribution",
]
