"""Ray: the same shards as Ray tasks on a local cluster (``ray.init(num_cpus=2)``) give
exactly the process pool's results (tournaments, self-play, and golfo-native's VecEnv
rollouts when it is installed).  The cluster lives for this module only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import golfo
from golfo.selfplay import simulate
from golfo.tournament import tournament

FAST = ["heuristic", "random", "random"]
KINDS = FAST


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    """A local Ray cluster of two CPUs; yields the address to pass (``auto``)."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield "auto"
    finally:
        ray.shutdown()


def test_ray_tasks_give_exactly_the_process_pool_result(ray_cluster: str) -> None:
    pool = tournament(FAST, hands=240, duplicate=True, seed=8, workers=2)
    on_ray = tournament(FAST, hands=240, duplicate=True, seed=8, ray=ray_cluster)
    assert on_ray == pool


def test_ray_gives_the_same_tally(ray_cluster: str) -> None:
    pool = simulate(KINDS, hands=120, seed=9, game_hands=50, workers=2)
    assert simulate(KINDS, hands=120, seed=9, game_hands=50, ray=ray_cluster) == pool


def test_vecenv_rollouts_on_ray_are_the_ones_played_here(ray_cluster: str) -> None:
    pytest.importorskip("golfo_native")
    from golfo_native.rollouts import collect

    settings: dict[str, Any] = {"players": 3, "seed": 4, "opponents": {1: "heuristic", 2: "random"}}
    here = collect(16, golfo.Rules(hands=1), **settings, batch=4, shards=1, workers=1)
    assert len(here) > 16
    assert collect(16, golfo.Rules(hands=1), **settings, shards=4, ray=ray_cluster) == here
