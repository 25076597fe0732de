"""golfo.ext.gymnasium (issue 35): ``GolfoEnv`` passes Gymnasium's environment checker;
``GolfoVectorEnv`` resets a finished game in the same step and plays game ``k`` of a seed
as ``GolfoEnv`` plays its ``k``-th episode; ``learner="rotate"`` deals every game to every
learning seat; illegal ids are played as the nearest legal one, or refused."""

from __future__ import annotations

import sys
import warnings
import zlib
from typing import Any

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

import golfo

pytest.importorskip("golfo_native")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from golfo.ext.gymnasium import GolfoEnv, GolfoVectorEnv  # noqa: E402


def pick(obs: Any, mask: Any) -> int:
    """A legal id chosen by a checksum of the observation: a policy of the observation."""
    legal = np.flatnonzero(mask)
    return int(legal[zlib.crc32(np.asarray(obs).tobytes()) % len(legal)])


CHECKED = [
    {},
    {"rules": "mini", "players": 2, "hands": 2, "opponents": "random"},
    {"rules": "ludoteka", "players": 4, "seat": 2, "opponents": ["random", "heuristic", "random"]},
    {"players": 3, "observation": "info_state", "opponents": "random"},
]


@pytest.mark.parametrize("settings", CHECKED, ids=["default", "mini", "ludoteka4", "info"])
def test_golfo_env_passes_gymnasiums_checker(settings: dict[str, Any]) -> None:
    env = GolfoEnv(**settings)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker fails the test
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(env)
    made = gymnasium.make("golfo/Golfo-v0", render_mode="ansi", **settings)
    check_env(made.unwrapped)
    made.reset(seed=1)
    assert "p" in made.render()


def episodes_of_golfo_env(seed: int, count: int, **settings: Any) -> list[Any]:
    """``count`` episodes after ``reset(seed=seed)``: per decision the observation, the mask
    and the reward that followed, and the episode's last observation."""
    env = GolfoEnv(**settings)
    out = []
    obs, info = env.reset(seed=seed)
    for _ in range(count):
        steps = []
        while True:
            action = pick(obs, info["action_mask"])
            before = (obs.tobytes(), info["action_mask"].tobytes())
            obs, reward, terminated, truncated, info = env.step(action)
            steps.append((*before, reward))
            assert not truncated
            if terminated:
                assert not obs.any()
                assert not info["action_mask"].any()
                break
        out.append(steps)
        obs, info = env.reset()
    return out


def episodes_of_vector_env(seed: int, games: int, n: int, **settings: Any) -> list[Any]:
    """Games ``0..games-1`` of a ``GolfoVectorEnv`` of ``n`` slots, recorded as above."""
    env = GolfoVectorEnv(n, **settings)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, infos = env.reset(seed=seed)
    record: dict[int, list[Any]] = {}
    ended: set[int] = set()
    while not set(range(games)) <= ended:
        numbers = env.game_numbers()
        mask = infos["action_mask"]
        actions = np.array([pick(obs[i], mask[i]) for i in range(n)])
        before = [(obs[i].tobytes(), mask[i].tobytes()) for i in range(n)]
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        for i, g in enumerate(numbers):
            record.setdefault(g, []).append((*before[i], float(rewards[i])))
            if terminated[i]:
                ended.add(g)
                assert infos["_final_obs"][i]
                assert not infos["final_obs"][i].any()
                assert env.game_numbers()[i] != g  # the next game is already in the slot
    return [record[g] for g in range(games)]


@pytest.mark.parametrize(
    "settings",
    [
        {"opponents": "heuristic"},
        {"rules": "mini", "players": 2, "hands": 3, "seat": 1, "opponents": "random"},
    ],
    ids=["trad", "mini"],
)
def test_game_k_of_a_seed_is_the_same_in_both_environments(settings: dict[str, Any]) -> None:
    single = episodes_of_golfo_env(5, 6, **settings)
    assert len({s[0][0] for s in single}) > 3  # the games differ
    assert any(r != 0 for steps in single for *_, r in steps)
    vector = {k: v for k, v in settings.items() if k != "seat"}
    learner = settings.get("seat", 0)
    for n in (1, 4):
        assert episodes_of_vector_env(5, 6, n, learner=learner, **vector) == single, n
    assert episodes_of_golfo_env(6, 2, **settings) != single[:2]


def test_rotate_deals_each_game_to_every_learning_seat() -> None:
    env = GolfoVectorEnv(7, learner="rotate", opponents="heuristic")
    obs, infos = env.reset(seed=11)
    assert infos["seat"].tolist() == [0, 1, 2, 0, 1, 2, 0]
    assert env.game_numbers() == [0, 0, 0, 1, 1, 1, 2]
    states = [env.state(i).to_state() for i in range(7)]
    for i in range(7):
        assert states[i].to_act == i % 3
    for a, b in ((0, 1), (1, 2), (3, 4), (4, 5)):  # the same game from two seats
        assert states[a].first_dealer == states[b].first_dealer
        assert states[a].hands == states[b].hands
    assert states[0].hands != states[3].hands
    ended = 0
    for _ in range(30):
        mask = infos["action_mask"]
        obs, _, terminated, _, infos = env.step([pick(obs[i], mask[i]) for i in range(7)])
        ended += int(terminated.sum())
        for i in range(7):
            assert env.state(i).to_act == i % 3  # each slot hands out its own seat's decisions
    assert ended > 7  # through the games' ends too
    with pytest.raises(ValueError, match="num_envs >= players"):
        GolfoVectorEnv(2, learner="rotate")


def test_illegal_ids_are_the_nearest_legal_one_or_refused() -> None:
    env = GolfoVectorEnv(3, players=3, opponents="random")
    _, infos = env.reset(seed=2)
    mask = infos["action_mask"].astype(bool)
    wanted = np.array([int(np.flatnonzero(~mask[0])[-1]), int(np.flatnonzero(mask[1])[0]), -5])
    fixed = GolfoVectorEnv(3, players=3, opponents="random")
    fixed.reset(seed=2)
    nearest = []
    for i, a in enumerate(wanted):
        legal = np.flatnonzero(mask[i])
        nearest.append(int(legal[np.argmin(np.abs(legal - a))]))
    one = env.step(wanted)
    two = fixed.step(np.array(nearest))
    assert one[4]["illegal"].tolist() == [True, False, True]
    assert not two[4]["illegal"].any()
    for a, b in zip(one[:4], two[:4], strict=True):
        assert np.array_equal(a, b)
    strict = GolfoVectorEnv(3, players=3, opponents="random", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(golfo.IllegalActionError, match="game 0: action id"):
        strict.step(wanted)
    single = GolfoEnv(illegal="raise")
    _, info = single.reset(seed=2)
    with pytest.raises(golfo.IllegalActionError):
        single.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_make_vec_and_a_missing_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    envs = gymnasium.make_vec("golfo/Golfo-v0", num_envs=4, vectorization_mode="vector_entry_point")
    obs, _ = envs.reset(seed=0)
    assert obs.shape == (4, 112)
    assert envs.action_space.shape == (4,)
    monkeypatch.setitem(sys.modules, "golfo_native", None)
    with pytest.raises(ImportError, match=r"pip install ./native"):
        GolfoEnv()
