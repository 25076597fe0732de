"""Many games at full speed in Rust: :func:`play_games`."""

from __future__ import annotations

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
    rows = _core.play_random_games(
        start._g, n, seed % 2**64, policy == "heuristic", max_hands, max_actions
    )
    columns: dict[str, Any] = {
        "hands": [r[0] for r in rows],
        "actions": [r[1] for r in rows],
        "stacks": [r[2] for r in rows],
        "nets": [r[3] for r in rows],
        "rebuys": [r[4] for r in rows],
        "winner": [r[5] for r in rows],
    }
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - NumPy is optional
        return columns
    return {
        key: np.asarray(value, dtype=np.int64).reshape(
            (n, players) if key in ("stacks", "nets", "rebuys") else (n,)
        )
        for key, value in columns.items()
    }
