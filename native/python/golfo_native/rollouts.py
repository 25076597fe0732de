"""Self-play data from :class:`golfo_native.VecEnv` on many processes or a Ray cluster,
the same whatever the number of processes (issue 35).

:func:`collect` plays games ``start .. start + games - 1`` of a run seeded ``seed``: the
games are shared out into shards by number (shard ``j`` of ``J`` plays the numbers
``start + j``, ``start + j + J``, ...: ``VecEnv(games=(start + j, J))``), the shards run
through :func:`golfo.parallel.run_shards` (here, on a process pool, or as Ray tasks, as
tournaments do), and the decisions come back as one :class:`Rollouts`, game by game.

Every game depends on the seed and its number alone (``VecEnv``'s seeds), and the learning
seats' policy chooses from each decision by itself: ``"random"`` draws a legal id from a
generator seeded with the seed, the game's number and the decision's index in the game;
a function of ``(observations, masks, seats)`` must choose row by row.  So the same seed
gives the same rows for any number of shards, processes or machines, and any batch.

>>> import golfo
>>> data = collect(4, golfo.Rules(hands=1), 3, seed=7, opponents={1: "heuristic", 2: "heuristic"})
>>> len(data) > 0, sorted(set(data.games.tolist())), set(data.seats.tolist())
(True, [0, 1, 2, 3], {0})
>>> bool(data.masks[range(len(data)), data.actions].all())   # every action was legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

import golfo
from golfo.parallel import default_workers, run_shards
from golfo_native._vecenv import Opponent, VecEnv

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Policy", "Rollouts", "collect", "random_ids"]

Policy = Literal["random"] | Callable[[Any, Any, Any], Any]
"""The learning seats' policy: ``"random"`` (:func:`random_ids`) or a function of
``(observations, masks, seats)`` (a batch: float32 ``n x size``, bool ``n x ids``, int64
``n``) to ``n`` legal ids, choosing each row from that row alone; a top-level function, so
that it reaches other processes."""

_GOLDEN: Final = 0x9E3779B97F4A7C15
_COLUMNS: Final = ("observations", "masks", "actions", "seats", "games", "returns")


def _mix(x: Any) -> Any:
    """SplitMix64's finaliser on an array of uint64 (wrapping arithmetic)."""
    import numpy as np

    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def random_ids(seed: int, games: Any, steps: Any, masks: Any) -> Any:
    """A legal id per row, uniformly, from a generator seeded with ``seed``, the row's game
    number and its decision's index in the game (``steps``) alone.

    >>> import numpy as np
    >>> masks = np.array([[0, 1, 1, 0], [1, 0, 0, 0]], bool)
    >>> ids = random_ids(3, np.array([5, 6]), np.array([0, 2]), masks)
    >>> again = random_ids(3, [5, 6], [0, 2], masks)
    >>> bool(masks[[0, 1], ids].all()), ids.tolist() == again.tolist()
    (True, True)
    """
    import numpy as np

    g = np.asarray(games, dtype=np.uint64)
    k = np.asarray(steps, dtype=np.uint64)
    base = _mix(np.full(len(g), seed & (2**64 - 1), dtype=np.uint64) ^ (g * np.uint64(_GOLDEN)))
    draw = _mix(base ^ (k * np.uint64(_GOLDEN)) ^ np.uint64(0x5851F42D4C957F2D))
    counts = masks.sum(axis=1).astype(np.uint64)
    pick = (draw % counts).astype(np.int64)
    return np.argmax(np.cumsum(masks, axis=1) > pick[:, None], axis=1).astype(np.int64)


@attrs.frozen(eq=False)
class Rollouts:
    """Decisions of the learning seats, one row each, game by game in order of number and
    in play order within a game (columns of equal length)."""

    observations: npt.NDArray[np.float32]
    """float32, ``rows x size``: the seat's observation (``VecEnv``'s)."""
    masks: npt.NDArray[np.bool_]
    """bool, ``rows x ids``: the legal ids."""
    actions: npt.NDArray[np.int64]
    """int64: the id played."""
    seats: npt.NDArray[np.int8]
    """int8: the seat that decided."""
    games: npt.NDArray[np.int64]
    """int64: the game's number in the run (``VecEnv``'s numbering)."""
    returns: npt.NDArray[np.float32]
    """float32: the seat's net result in chips over the whole game (R18)."""

    def __len__(self) -> int:
        return len(self.actions)

    def __eq__(self, other: object) -> bool:
        """Equal when every column is, element for element."""
        if not isinstance(other, Rollouts):
            return NotImplemented
        import numpy as np

        return all(np.array_equal(getattr(self, name), getattr(other, name)) for name in _COLUMNS)

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def join(cls, parts: Sequence[Rollouts]) -> Rollouts:
        """One :class:`Rollouts` of several holding different games, game by game."""
        import numpy as np

        games = np.concatenate([p.games for p in parts])
        order = np.argsort(games, kind="stable")
        return cls(
            **{name: np.concatenate([getattr(p, name) for p in parts])[order] for name in _COLUMNS}
        )


@attrs.frozen
class _Shard:
    """One shard's work (plain data, so that it pickles to a process or a Ray task)."""

    rules: golfo.Rules
    players: int
    seed: int
    opponents: Mapping[int, Opponent]
    policy: Policy
    observation: Literal["view", "info_state"]
    batch: int
    start: int
    end: int  # game numbers start, start + stride, ... below end
    stride: int
    max_hands: int


def _play(shard: _Shard) -> Rollouts:
    """The decisions of one shard's games."""
    import numpy as np

    count = len(range(shard.start, shard.end, shard.stride))
    n = max(1, min(shard.batch, count))
    env = VecEnv(
        n,
        shard.rules,
        shard.players,
        shard.seed,
        shard.opponents,
        observation=shard.observation,
        games=(shard.start, shard.stride),
        max_hands=shard.max_hands,
    )
    obs, mask, to_act = env.reset()
    numbers = np.asarray(env.game_numbers(), dtype=np.int64)
    steps = np.zeros(n, dtype=np.int64)
    chips = np.zeros((n, shard.players), dtype=np.float64)
    nets: dict[int, Any] = {}
    rows: list[tuple[Any, ...]] = []
    while count and numbers.min() < shard.end:
        if shard.policy == "random":
            ids = random_ids(shard.seed, numbers, steps, mask)
        else:
            ids = np.asarray(shard.policy(obs, mask, to_act), dtype=np.int64)
        live = numbers < shard.end
        rows.append((obs[live], mask[live], ids[live], to_act[live], numbers[live]))
        obs, mask, to_act, rewards, done = env.step(ids)
        chips += rewards
        steps += 1
        for i in np.flatnonzero(done):
            nets[int(numbers[i])] = chips[i].copy()  # exact for the learning seats
            chips[i] = 0.0
            steps[i] = 0
        numbers = np.asarray(env.game_numbers(), dtype=np.int64)
    size, ids_size = env.obs_size, env.num_actions
    if not rows:
        return Rollouts(
            np.empty((0, size), np.float32),
            np.empty((0, ids_size), np.bool_),
            np.empty(0, np.int64),
            np.empty(0, np.int8),
            np.empty(0, np.int64),
            np.empty(0, np.float32),
        )
    o, m, a, s, g = (np.concatenate(column) for column in zip(*rows, strict=True))
    order = np.argsort(g, kind="stable")  # game by game, in play order within each
    o, m, a, s, g = o[order], m[order], a[order], s[order], g[order]
    returns = np.array([nets[int(x)][int(y)] for x, y in zip(g, s, strict=True)], np.float32)
    return Rollouts(o, m, a, s.astype(np.int8), g, returns)


def collect(
    games: int,
    rules: golfo.Rules | None = None,
    players: int = 3,
    seed: int = 0,
    opponents: Mapping[int, Opponent | None] | Sequence[Opponent | None] | None = None,
    *,
    policy: Policy = "random",
    observation: Literal["view", "info_state"] = "view",
    start: int = 0,
    batch: int = 256,
    shards: int | None = None,
    workers: int | None = None,
    ray: str | None = None,
    max_hands: int = 100,
) -> Rollouts:
    """The learning seats' decisions in games ``start .. start + games - 1`` of the run
    seeded ``seed`` (see the module).

    ``rules``, ``players``, ``opponents``, ``observation`` and ``max_hands`` are
    :class:`golfo_native.VecEnv`'s (every seat not in ``opponents`` learns, played by
    ``policy``); ``batch`` games are stepped together in each shard; ``shards`` (default:
    four per worker) cut the games by number; ``workers`` processes play them (default: one
    per core; ``1``: here), or Ray tasks with ``ray`` (``"auto"``, an address, or
    ``"local"``; ``pip install 'golfo[ray]'``), as :func:`golfo.parallel.run_shards`.  None
    of these changes a row.  Games where no learning seat acts have no rows.
    """
    rules = golfo.Rules(hands=1) if rules is None else rules
    if type(games) is not int or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    if type(start) is not int or start < 0:
        raise ValueError(f"start must be a whole number >= 0, got {start!r}")
    if type(batch) is not int or batch < 1:
        raise ValueError(f"batch must be a whole number >= 1, got {batch!r}")
    if policy != "random" and not callable(policy):
        raise ValueError(f"policy must be 'random' or a function, got {policy!r}")
    width = default_workers() if workers is None else workers
    count = max(1, min(games, 4 * width)) if shards is None else shards
    if type(count) is not int or count < 1:
        raise ValueError(f"shards must be a whole number >= 1, got {shards!r}")
    # the settings checked here, before any process starts
    VecEnv(1, rules, players, seed, opponents, observation=observation, max_hands=max_hands)
    given = opponents.items() if isinstance(opponents, Mapping) else enumerate(opponents or ())
    table = {s: o for s, o in given if o is not None}
    tasks = [
        _Shard(
            rules,
            players,
            seed,
            table,
            policy,
            observation,
            batch,
            start + j,
            start + games,
            count,
            max_hands,
        )
        for j in range(count)
    ]
    return Rollouts.join(list(run_shards(_play, tasks, workers=workers, ray=ray)))
