"""Many games at full speed in Rust: :func:`play_games`."""

from __future__ import annotations

import array
import sys
from typing import Any, Literal

from golfo.rules import Rules
from golfo_native import _core
from golfo_native._state import NativeState

__all__ = ["play_games"]


def play_games(
    n: int,
    rules: Rules,
    players: int,
    seed: int,
    policy: Literal["random", "heuristic"] = "random",
    *,
    max_hands: int = 10,
    max_actions: int = 1_000_000,
) -> dict[str, Any]:
    """Play ``n`` whole games in Rust, game ``k`` seeded with ``seed + k``.  Chance deals
    at random; every seat plays ``policy``: ``"random"`` (a kind of action at random, then
    an amount, the smallest or the largest often, or a discard) or ``"heuristic"`` (the
    choices of golfo's ``HeuristicBot``, computed in Rust).  Open-ended games end with
    ``EndGame`` after ``max_hands`` hands.  Returns per game ``hands``, ``actions``,
    ``winner`` (-1: none) and per seat ``stacks``, ``nets``, ``rebuys``: NumPy arrays when
    NumPy is installed, else lists.
    """
    if policy not in ("random", "heuristic"):
        raise ValueError(f"policy must be 'random' or 'heuristic', got {policy!r}")
    if type(n) is not int or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    start = NativeState.new_game(rules, players)
    data = _core.play_random_games(
        start._g, n, seed % 2**64, policy == "heuristic", max_hands, max_actions
    )
    width = 3 + 3 * players  # hands, actions, winner, then stacks, nets, rebuys per seat
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - NumPy is optional
        flat = array.array("q", data)
        if sys.byteorder == "big":  # pragma: no cover - the buffer is little-endian
            flat.byteswap()
        rows = [flat[k * width : (k + 1) * width].tolist() for k in range(n)]
        return {
            "hands": [r[0] for r in rows],
            "actions": [r[1] for r in rows],
            "winner": [r[2] for r in rows],
            "stacks": [r[3 : 3 + players] for r in rows],
            "nets": [r[3 + players : 3 + 2 * players] for r in rows],
            "rebuys": [r[3 + 2 * players :] for r in rows],
        }
    table = np.frombuffer(data, dtype="<i8").reshape(n, width).astype(np.int64)
    return {
        "hands": table[:, 0],
        "actions": table[:, 1],
        "winner": table[:, 2],
        "stacks": table[:, 3 : 3 + players],
        "nets": table[:, 3 + players : 3 + 2 * players],
        "rebuys": table[:, 3 + 2 * players :],
    }
