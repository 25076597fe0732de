""":class:`NetBot`: golfo's learned player, a small network trained by self-play.

It is the fastest of golfo's good bots (about a millisecond a decision in plain Python,
hundreds of thousands of hands a second in golfo-native) and the one to train against or
from; it beats :class:`golfo.HeuristicBot` by wide margins on Ludoteka's rules but loses to
:class:`golfo.EquityBot` and :class:`golfo.RangeBot` (the research guide's tables), so it is
not :class:`golfo.StrongBot`.

It reads its seat's view as a vector of numbers (:mod:`golfo.bots.net.features`: its
suits best first, the pot odds, the opponents in the order they act and what each of them
bet and threw), runs it through a small network (:mod:`golfo.bots.net.network`, plain
Python, no NumPy) and draws one of eleven moves from the network's policy: pass, call,
fold, a bet or raise of five sizes (the smallest, half the pot, the pot, two pots, the
most), keep the best suit, keep the second, stand pat.  The network was trained on
golfo-native's vector environment by policy gradient against copies of itself, past
versions of itself and golfo's other bots (:mod:`golfo.bots.net.training`, which
retrains it from nothing with one seeded command: ``golfo train``).  Its weights ship with
golfo (``net.golfonet``, read the first time a NetBot is made).

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.LUDOTEKA, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> bot = golfo.NetBot(seed=1)
>>> bot.choose(v) in v.moves
True
>>> p = bot.probabilities(v)
>>> round(sum(p.values()), 9), all(a in v.moves for a in p)
(1.0, True)
"""

from __future__ import annotations

import functools
import random
from importlib import resources
from pathlib import Path

from golfo.actions import Action
from golfo.bots.base import _need_turn
from golfo.bots.net.features import features, menu
from golfo.bots.net.network import Network
from golfo.views import View

__all__ = ["NetBot", "shipped_network"]

WEIGHTS = "net.golfonet"
"""The file of the shipped network, beside this module."""


@functools.cache
def shipped_network() -> Network:
    """The network golfo ships (read once per process)."""
    raw = resources.files(__package__).joinpath(WEIGHTS).read_bytes()
    return Network.from_bytes(raw)


class NetBot:
    """golfo's learned bot: a trained network's policy over its menu of moves.

    ``seed`` seeds its own generator (the global ``random`` is never used; ``None``: from
    the system).  ``network``: another network (a :class:`Network` or the path of its file)
    instead of golfo's.  ``greedy=True`` plays the likeliest move instead of drawing one.
    Any rules, two to four seats, every amount: its bets are sizes of the pot clipped to
    the legal range.
    """

    def __init__(
        self,
        seed: int | None = 0,
        *,
        network: Network | str | Path | None = None,
        greedy: bool = False,
    ) -> None:
        if network is None:
            network = shipped_network()
        elif not isinstance(network, Network):
            network = Network.load(network)
        self.network = network
        """The network it plays."""
        self.rng = random.Random(seed)
        """Its own random generator."""
        self.greedy = greedy
        """Whether it plays the likeliest move."""

    def __repr__(self) -> str:
        return "NetBot()" if self.network is shipped_network() else "NetBot(network=...)"

    def _policy(self, view: View) -> tuple[list[Action | None], list[float]]:
        _need_turn(view)
        entries = list(menu(view))
        legal = [e is not None for e in entries]
        return entries, self.network.probabilities(features(view), legal)

    def choose(self, view: View) -> Action:
        """Its move for ``view``'s seat (to act)."""
        entries, p = self._policy(view)
        if self.greedy:
            k = max(range(len(p)), key=p.__getitem__)
        else:
            x = self.rng.random()
            k = len(p) - 1
            for i, q in enumerate(p):
                x -= q
                if q > 0.0 and x < 0.0:
                    k = i
                    break
            while entries[k] is None:  # rounding left x just above 0: the last legal
                k -= 1
        action = entries[k]
        assert action is not None
        return action

    def probabilities(self, view: View) -> dict[Action, float]:
        """Its exact move distribution for ``view``'s seat (menu entries that are the same
        move add up; with ``greedy``, probability 1 for :meth:`choose`'s move).  Asking
        never changes its play."""
        if self.greedy:
            return {self.choose(view): 1.0}
        entries, p = self._policy(view)
        out: dict[Action, float] = {}
        for action, q in zip(entries, p, strict=True):
            if action is not None and q > 0.0:
                # entries that are the same move add up; rounding must not take them past 1
                out[action] = min(1.0, out.get(action, 0.0) + q)
        return out
