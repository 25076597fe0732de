"""Seeded tables: deals that a seed reproduces and that nobody can foresee from it.

A table created with a ``seed`` (only where the server allows seeds: ``golfo serve
--allow-seeds``; they are for tests and replays) is not dealt ``shuffle(seed + version)``,
which its creator could compute as well as the server.  Each time chance deals, golfo's
shuffle (``docs/shuffle.md``) is seeded with :func:`mix` of the server's **secret**, the word
``deal``, the seed and the game's version; a random bot's choices likewise, with ``bot`` and
its seat.  The secret is the database's own (made once, kept with the tables: a restart deals
the same) or the operator's (``GOLFO_SEED_SECRET``: two databases given the same secret deal
the same games).  Without the secret, a seed tells nothing of the cards.

>>> import golfo
>>> state = golfo.new_game(golfo.TRADICIONAL, players=3)
>>> deal_seeded(state, b"a secret of the server's", 7) == deal_seeded(
...     state, b"a secret of the server's", 7
... )
True
>>> deal_seeded(state, b"a secret of the server's", 7) == golfo.deal(state, 7)
False
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Final

from golfo.actions import CHANCE
from golfo.chance import deal
from golfo.shuffle import SEED_LIMIT
from golfo.state import State

__all__ = ["MIN_SECRET", "deal_seeded", "mix", "random_bot_seed"]

MIN_SECRET: Final = 16
"""The fewest characters an operator's secret (``GOLFO_SEED_SECRET``) may have."""


def mix(secret: bytes, *parts: object) -> int:
    """A number below ``2**64`` from ``secret`` and ``parts``: the first 8 bytes, big-endian,
    of HMAC-SHA256 keyed with ``secret`` over the parts written out and joined by spaces.

    >>> mix(b"secret", "deal", 7, 0) == mix(b"secret", "deal", 7, 0) != mix(b"other", "deal", 7, 0)
    True
    """
    text = " ".join(str(part) for part in parts).encode("utf-8")
    return int.from_bytes(hmac.new(secret, text, hashlib.sha256).digest()[:8], "big")


def deal_seeded(state: State, secret: bytes, seed: int) -> State:
    """Deal every card chance must deal now, shuffled (``golfo.shuffled_stock``'s shuffle)
    from ``mix(secret, "deal", seed, version)``, ``version`` being the state's own."""
    while state.to_act is CHANCE:
        key = mix(secret, "deal", seed, state.version)
        # shuffled_stock seeds its generator with (seed + version): hand it key - version
        state = deal(state, (key - state.version) % SEED_LIMIT)
    return state


def random_bot_seed(secret: bytes, seed: int, version: int, seat: int) -> int:
    """The seed of a random bot's choice for ``seat`` at ``version`` of a seeded table."""
    return mix(secret, "bot", seed, version, seat)
