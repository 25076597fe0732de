"""Bots: players that choose an action from a :class:`golfo.View`.

A bot sees only a view, so it cannot cheat: it knows its own cards and the
public facts, nothing else.  :class:`RandomBot` plays at random (bets mostly
small); :class:`HeuristicBot` bets by its hand value and by memory, through
:func:`golfo.analysis.max_possible_value`: the best hand a seat could still end
with, given every card the viewer has seen; :class:`EquityBot` bets by its odds
(:func:`golfo.analysis.equity`) against the pot odds; :class:`RangeBot` bets by its
equity against the opponents' *ranges*, read from what they bet and threw; :class:`NetBot`
plays a small network trained by self-play against a league of its past selves, its own
exploiters and the other bots; :class:`StrongBot` is the strongest of them by duplicate
play (today RangeBot's policy).  What a view
lets a seat work out lives in :mod:`golfo.analysis`.

The bots live in this package, one module each kind: :mod:`golfo.bots.simple`
(:class:`RandomBot`, :class:`HeuristicBot`), :mod:`golfo.bots.equity`,
:mod:`golfo.bots.range`, :mod:`golfo.bots.net` (a package: the features, the network,
its training), :mod:`golfo.bots.strong`, and what they share in :mod:`golfo.bots.base`;
every name is imported from ``golfo.bots`` as before.

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

from golfo.analysis.knowledge import max_possible_value, new_draws, seen_cards
from golfo.bots.base import Bot, new_deck, play_hand
from golfo.bots.equity import EquityBot
from golfo.bots.net import NetBot
from golfo.bots.range import RangeBot
from golfo.bots.simple import HeuristicBot, RandomBot
from golfo.bots.strong import StrongBot

__all__ = [
    "Bot",
    "EquityBot",
    "HeuristicBot",
    "NetBot",
    "RandomBot",
    "RangeBot",
    "StrongBot",
    "max_possible_value",
    "new_deck",
    "new_draws",
    "play_hand",
    "seen_cards",
]
