""":class:`StrongBot`: golfo's strongest bot, by the research guide's duplicate tables.

Which bot that is is decided by measurement (``python benchmarks/strength.py``: duplicate
tournaments of 100,000 hands, three and four seats, both presets, against every other
shipped bot), not by how it works.  Today it is :class:`golfo.RangeBot`'s policy, which beats
:class:`golfo.HeuristicBot`, :class:`golfo.EquityBot` and the learned
:class:`golfo.NetBot` in every one of those configurations; the network, much faster and
far ahead of HeuristicBot on Ludoteka's rules, loses to EquityBot and RangeBot, so it is
not StrongBot yet.  ``strong`` names it everywhere a bot is named (``golfo play --bots``,
``golfo tournament``, the server's tables and the lobby, golfo-native's built-in
policies).

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.LUDOTEKA, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> golfo.StrongBot(seed=1).choose(v) in v.moves
True
"""

from __future__ import annotations

from golfo.bots.range import RangeBot

__all__ = ["StrongBot"]


class StrongBot(RangeBot):
    """golfo's strongest bot: today :class:`golfo.RangeBot` with its defaults (same
    arguments, same play for a seed)."""

    def __repr__(self) -> str:
        return "StrongBot()"
