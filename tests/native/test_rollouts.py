"""golfo_native.rollouts.collect (issue 35): self-play data from VecEnv over shards and
processes, the same rows for one process or two, any number of shards and any batch; the
rows are the decisions VecEnv hands out, with each seat's net result of the game."""

from __future__ import annotations

import zlib
from typing import Any

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

import golfo

pytest.importorskip("golfo_native")
np = pytest.importorskip("numpy")

from golfo_native import VecEnv  # noqa: E402
from golfo_native.rollouts import Rollouts, collect, random_ids  # noqa: E402

ONE_HAND = golfo.Rules(hands=1)
VS_BOTS: dict[str, Any] = {
    "rules": ONE_HAND,
    "players": 3,
    "seed": 11,
    "opponents": {1: "heuristic", 2: "random"},
}
SELF_PLAY: dict[str, Any] = {"rules": golfo.MINI, "players": 2, "seed": 5}


def by_hand(settings: dict[str, Any], games: int) -> Rollouts:
    """The same data played one game after another in a VecEnv of one slot, by hand."""
    env = VecEnv(1, **settings)
    obs, mask, to_act = env.reset()
    rows: list[Any] = []
    nets: dict[int, Any] = {}
    chips = np.zeros(env.players)
    step = 0
    while env.game_numbers()[0] < games:
        g = env.game_numbers()[0]
        ids = random_ids(settings["seed"], [g], [step], mask)
        rows.append((obs[0], mask[0], int(ids[0]), int(to_act[0]), g))
        obs, mask, to_act, rewards, done = env.step(ids)
        chips += rewards[0]
        step += 1
        if done[0]:
            nets[g], chips, step = chips, np.zeros(env.players), 0
    observations, masks, actions, seats, games_ = zip(*rows, strict=True)
    returns = [nets[game][seat] for game, seat in zip(games_, seats, strict=True)]
    return Rollouts(
        np.array(observations, np.float32),
        np.array(masks, np.bool_),
        np.array(actions, np.int64),
        np.array(seats, np.int8),
        np.array(games_, np.int64),
        np.array(returns, np.float32),
    )


@pytest.mark.parametrize("settings", [VS_BOTS, SELF_PLAY], ids=["vs-bots", "self-play"])
def test_the_rows_are_the_games_played_one_by_one(settings: dict[str, Any]) -> None:
    one = collect(12, **settings, batch=5, shards=3, workers=1)
    assert one == by_hand(settings, 12)
    assert sorted(set(one.games.tolist())) == list(range(12))
    assert bool(one.masks[np.arange(len(one)), one.actions].all())
    assert one.returns.any()
    if settings is SELF_PLAY:  # every seat learns: a game's returns sum to zero
        for g in range(12):
            mine = one.games == g
            nets = dict(zip(one.seats[mine].tolist(), one.returns[mine].tolist(), strict=True))
            assert len(nets) == 2
            assert sum(nets.values()) == 0


def test_one_or_two_processes_give_the_same_rows() -> None:
    one = collect(24, **VS_BOTS, batch=8, shards=1, workers=1)
    two = collect(24, **VS_BOTS, batch=3, shards=2, workers=2)
    assert len(one) > 24
    assert two == one
    later = collect(4, **VS_BOTS, start=20, workers=1)  # games 20..23 alone
    tail = one.games >= 20
    columns = ("observations", "masks", "actions", "seats", "games", "returns")
    assert later == Rollouts(*(getattr(one, c)[tail] for c in columns))
    assert collect(24, **{**VS_BOTS, "seed": 12}, workers=1) != one


def checksum_policy(obs: Any, mask: Any, seats: Any) -> Any:
    """A policy of each row's observation alone."""
    out = np.empty(len(mask), np.int64)
    for i in range(len(mask)):
        legal = np.flatnonzero(mask[i])
        out[i] = legal[zlib.crc32(obs[i].tobytes()) % len(legal)]
    return out


def test_a_policy_function_gives_the_same_rows_for_any_shards() -> None:
    one = collect(10, **SELF_PLAY, policy=checksum_policy, shards=1, workers=1)
    assert collect(10, **SELF_PLAY, policy=checksum_policy, shards=4, batch=2, workers=1) == one
    assert one != collect(10, **SELF_PLAY, workers=1)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one seat must learn"):
        collect(2, ONE_HAND, 3, opponents={0: "random", 1: "random", 2: "random"}, workers=1)
    with pytest.raises(ValueError, match="policy must be"):
        collect(2, policy="greedy", workers=1)  # type: ignore[arg-type]
    assert len(collect(0, workers=1)) == 0
