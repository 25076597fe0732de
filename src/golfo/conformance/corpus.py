"""A generated corpus of games with the legal moves at every step (JSON Lines).

``golfo conformance generate --seed S --games N`` writes N random games, one JSON object a
line, deterministically (the same seed gives the same bytes): each game's rules, seats,
starting stacks and first dealer, then per step the legal moves (the protocol's form) and
the action taken, then the final observation.  An implementation replays a game and
compares its legal moves at every step; ``golfo conformance run --corpus FILE`` does it
through the engine protocol.  ``conformance/corpus.jsonl.gz`` is the shipped corpus.

>>> text = generate(seed=1, games=2)
>>> len(text.splitlines()), json.loads(text.splitlines()[0])["game"]
(2, 0)
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

from golfo.actions import EndGame
from golfo.conformance.protocol import moves_form, observation
from golfo.conformance.runner import choose, random_setup
from golfo.moves import legal_moves
from golfo.reducer import apply
from golfo.state import Phase
from golfo.wire import action_data, rules_data

__all__ = ["CORPUS_GAMES", "CORPUS_SEED", "generate"]

CORPUS_SEED: Final = 2026
"""The seed of the shipped corpus."""
CORPUS_GAMES: Final = 200
"""Its number of games."""


def _game(k: int, seed: int) -> dict[str, Any]:
    rng = random.Random(f"corpus-{seed}-{k}")
    state = random_setup(rng)
    start = state
    steps: list[dict[str, Any]] = []
    while not state.is_over and len(steps) < 1500:
        if state.phase is Phase.BETWEEN_HANDS and state.rules.hands is None:
            action = EndGame() if state.hand_number >= 2 else choose(state, rng)
        else:
            action = choose(state, rng)
        steps.append({"moves": moves_form(legal_moves(state)), "action": action_data(action)})
        state = apply(state, action)
    return {
        "game": k,
        "seed": seed,
        "rules": rules_data(start.rules),
        "players": start.players,
        "stacks": list(start.initial_stacks),
        "dealer": start.first_dealer,
        "steps": steps,
        "final": observation(state),
    }


def generate(seed: int = CORPUS_SEED, games: int = CORPUS_GAMES) -> str:
    """``games`` random games from ``seed``, as JSON Lines text (one game a line)."""
    return "".join(
        json.dumps(_game(k, seed), separators=(",", ":"), ensure_ascii=False) + "\n"
        for k in range(games)
    )
