"""The PettingZoo and OpenSpiel adapters on both engines (issue 35):
``python benchmarks/adapters.py``.

Decisions a second of seeded random play, one core, each engine on the same games:

- PettingZoo: ``golfo.ext.pettingzoo.env(players=3)``, one hand an episode; each decision
  is ``env.last()`` (the observation vector and the mask) and ``env.step``.
- OpenSpiel: ``python_golfo`` (3 seats, one hand); each decision asks the seat's
  ``information_state_tensor`` and ``legal_actions`` and applies one; chance nodes are
  applied too but not counted.

Each run is repeated (``--repeat``, default 3) and the median kept.  Not part of the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import numpy as np  # noqa: E402


def pettingzoo(engine: str, episodes: int, seed: int) -> tuple[int, float]:
    """(decisions, seconds) of ``episodes`` seeded random episodes."""
    from golfo.ext.pettingzoo import env

    e = env(players=3, engine=engine)
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for episode in range(episodes):
        e.reset(seed=seed + episode)
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            decisions += 1
    return decisions, time.perf_counter() - start


def openspiel(engine: str, games: int, seed: int) -> tuple[int, float]:
    """(decisions, seconds) of ``games`` seeded random games."""
    import pyspiel

    import golfo.ext.openspiel  # noqa: F401  (registers python_golfo)

    game = pyspiel.load_game("python_golfo", {"engine": engine})
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=400, help="games per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| adapter | engine | decisions | decisions/s (median of runs) |")
    print("|---|---|---:|---:|")
    for name, run in (("PettingZoo", pettingzoo), ("OpenSpiel", openspiel)):
        rates = {}
        for engine in ("python", "native"):
            runs = [run(engine, args.episodes, args.seed) for _ in range(args.repeat)]
            decisions = runs[0][0]
            assert all(d == decisions for d, _ in runs)
            rates[engine] = statistics.median(d / s for d, s in runs)
            print(f"| {name} | {engine} | {decisions} | {rates[engine]:,.0f} |")
        print(f"| {name} | native / python | | {rates['native'] / rates['python']:.2f}x |")


if __name__ == "__main__":
    main()
