"""Shards of work on many cores or many machines, with results that do not depend on how.

Tournaments (:mod:`golfo.tournament`) and self-play (:mod:`golfo.selfplay`) cut their work
into *shards* by index (deals ``0..99``, ``100..199``, ...); each shard is seeded from the
run's seed and its own index (:func:`derive_seed`), never from the worker that plays it,
and the results come back in shard order.  So the same seed gives exactly the same result
on one core, on a process pool of any size, or on a Ray cluster.

- :func:`run_shards` runs a picklable top-level function over the shards: in this
  process (``workers=1``), on a local process pool (``workers=K``; default the number of
  cores), or as Ray tasks (``ray="auto"`` for the current cluster, an address such as
  ``"ray://head:10001"``, or ``"local"`` to start one here; ``pip install 'golfo[ray]'``).
- At most a few shards per worker are in flight at once, so memory stays constant
  however many shards there are.

>>> list(run_shards(abs, [-1, 2, -3], workers=1))
[1, 2, 3]
>>> derive_seed(2026, 7) == derive_seed(2026, 7) != derive_seed(2026, 8)
True
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from golfo.shuffle import MASK_64, splitmix64

__all__ = ["default_workers", "derive_seed", "run_shards"]

T = TypeVar("T")
R = TypeVar("R")

_AHEAD = 3
"""Shards in flight per worker: enough to keep every worker busy, few enough to bound memory."""


def derive_seed(seed: int, *parts: int) -> int:
    """A 64-bit seed for one part of a run (a shard, a deal, a seat), from the run's seed.

    Each part is mixed in with a SplitMix64 step, so neighbouring indices give unrelated
    seeds and the result depends only on ``seed`` and ``parts``.
    """
    value = seed & MASK_64
    for part in parts:
        value = next(splitmix64((value ^ (part * 0x9E3779B97F4A7C15)) & MASK_64))
    return value


def default_workers() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS and Windows
        return max(1, os.cpu_count() or 1)


def run_shards(
    function: Callable[[T], R],
    shards: Iterable[T],
    *,
    workers: int | None = None,
    ray: str | None = None,
) -> Iterator[R]:
    """``function(shard)`` for every shard, yielded in the shards' order.

    ``function`` and the shards must pickle (a function defined at a module's top level,
    plain data).  ``workers=1`` runs here; ``workers=K`` on a pool of ``K`` processes
    (started fresh: ``spawn``); ``ray=ADDRESS`` as Ray tasks (``workers`` then bounds the
    shards in flight, default the cluster's CPUs).
    """
    if ray is not None:
        yield from _on_ray(function, shards, ray, workers)
        return
    count = default_workers() if workers is None else workers
    if count < 1:
        raise ValueError(f"workers must be >= 1, got {count}")
    if count == 1:
        for shard in shards:
            yield function(shard)
        return
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context)
    pending: deque[Future[R]] = deque()
    try:
        for shard in shards:
            pending.append(pool.submit(function, shard))
            if len(pending) >= count * _AHEAD:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:  # also when the caller stops early: drop the shards not yet started
        pool.shutdown(wait=True, cancel_futures=True)


def _on_ray(
    function: Callable[[T], R], shards: Iterable[T], address: str, workers: int | None
) -> Iterator[R]:
    try:
        import ray as ray_module
    except ImportError as error:  # pragma: no cover - ray is in golfo[ray] and golfo[dev]
        raise RuntimeError("--ray needs Ray: pip install 'golfo[ray]'") from error
    if not ray_module.is_initialized():
        if address == "local":
            ray_module.init(num_cpus=workers, include_dashboard=False)
        else:
            ray_module.init(address=address, include_dashboard=False)
    remote: Any = ray_module.remote(function)
    resources: dict[str, float] = ray_module.cluster_resources()  # type: ignore[no-untyped-call]
    width = workers or max(1, int(resources.get("CPU", 1)))
    pending: deque[Any] = deque()
    for shard in shards:
        pending.append(remote.remote(shard))
        if len(pending) >= width * _AHEAD:
            yield ray_module.get(pending.popleft())
    while pending:
        yield ray_module.get(pending.popleft())
