"""``golfo_native.VecEnv`` (issue 35): many games stepped together in Rust.  Its observations
are golfo's encoders' and its masks the codec's legal ids, in every game it plays; seeds give
the same games whatever the batch size and however the games are shared out between
processes; the rewards keep the chips; the seats played inside Rust play as their policies
and only there; an illegal id plays nothing."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native import VecEnv

import golfo
from golfo.ext.features import InfoStateEncoder, ObservationEncoder
from golfo.solve import TabularPolicy, game_tree
from golfo.state import log_entries

np = pytest.importorskip("numpy")

ONE_HAND = golfo.Rules(hands=1)


def pick(obs: Any, mask: Any) -> Any:
    """A learner that depends on its observation alone: a legal id chosen by a checksum of
    the observation's bytes."""
    out = np.empty(len(mask), np.int64)
    for i in range(len(mask)):
        legal = np.flatnonzero(mask[i])
        out[i] = legal[zlib.crc32(obs[i].tobytes()) % len(legal)]
    return out


Record = dict[int, tuple[list[tuple[int, bytes, bytes, int]], list[float]]]


def record(make: Callable[[int], VecEnv], n: int, games: set[int]) -> Record:
    """Per game number in ``games``: its decisions (seat, observation, mask, id) and the
    chips each seat won, played in an environment of ``n`` games until all have ended."""
    env = make(n)
    obs, mask, to_act = env.reset()
    out: Record = {}
    left = set(games)
    steps = 0
    while left:
        numbers = env.game_numbers()
        actions = pick(obs, mask)
        for i, g in enumerate(numbers):
            decisions, _ = out.setdefault(g, ([], [0.0] * env.players))
            decisions.append((int(to_act[i]), obs[i].tobytes(), mask[i].tobytes(), int(actions[i])))
        obs, mask, to_act, rewards, done = env.step(actions)
        assert (rewards.sum(axis=1) == 0).all()  # chips are neither made nor lost
        for i, g in enumerate(numbers):
            out[g] = (out[g][0], [a + float(b) for a, b in zip(out[g][1], rewards[i], strict=True)])
            if done[i]:
                left.discard(g)
        steps += 1
        assert steps < 10_000
    return {g: out[g] for g in games}


SETUPS: list[tuple[str, Callable[..., VecEnv]]] = [
    (
        "trad-vs-bots",
        lambda n, games=(0, 1): VecEnv(
            n, ONE_HAND, 3, seed=11, opponents={1: "heuristic", 2: "random"}, games=games
        ),
    ),
    (
        "mini-selfplay",
        lambda n, games=(0, 1): VecEnv(n, golfo.MINI, 2, seed=5, games=games),
    ),
]


@pytest.mark.parametrize(("name", "make"), SETUPS, ids=[s[0] for s in SETUPS])
def test_a_seed_gives_the_same_games_for_any_batch_size_and_processes(
    name: str, make: Callable[..., VecEnv]
) -> None:
    games = set(range(24))
    one = record(make, 1, games)
    assert len({tuple(o for _, o, _, _ in one[g][0]) for g in games}) > 12  # games differ
    assert any(any(r) for _, r in one.values())
    for n in (7, 64):
        assert record(make, n, games) == one, n
    # two processes share the games out: p plays p, p + 2, p + 4...
    for p in (0, 1):
        mine = {g for g in games if g % 2 == p}

        def shared(n: int, p: int = p) -> VecEnv:
            return make(n, games=(p, 2))

        assert record(shared, 5, mine) == {g: one[g] for g in mine}
    other = record(lambda n: make(n, games=(100, 1)), 3, {100, 101, 102})
    assert [other[g] for g in (100, 101, 102)] != [one[g] for g in (0, 1, 2)]


def replay(env: VecEnv, slot: int, check: Callable[[golfo.State, golfo.Action, int], None]) -> int:
    """Walk slot ``slot``'s game from its start with golfo's reducer, calling ``check`` with
    the state before each seat's action; the number of actions checked."""
    final = env.state(slot).to_state()
    state = golfo.new_game(env.rules, players=env.players, dealer=final.first_dealer)
    seen = 0
    for action, _ in reversed(list(log_entries(final.log))):
        if isinstance(state.to_act, int):
            check(state, action, state.to_act)
            seen += 1
        state = golfo.apply(state, action)
    assert state == final
    return seen


def mini_policy() -> TabularPolicy:
    """A policy for MINI at two seats (dealer 0) that plays the last legal action always."""
    tree = game_tree(golfo.MINI, 2)
    strategy = [[float(k == len(a) - 1) for k in range(len(a))] for a in tree.actions]
    return TabularPolicy.from_strategy(tree, strategy)


CASES: list[tuple[str, dict[str, Any]]] = [
    (
        "trad4",
        {"n": 12, "rules": golfo.Rules(hands=2), "players": 4, "seed": 3,
         "opponents": {0: "heuristic", 2: "random"}},
    ),
    (
        "ludoteka-info",
        {"n": 6, "rules": attrs.evolve(golfo.LUDOTEKA, hands=2), "players": 3, "seed": 4,
         "opponents": {1: "heuristic"}, "observation": "info_state"},
    ),
    (
        "mini-table",
        {"n": 12, "rules": golfo.MINI, "players": 2, "seed": 8, "opponents": {1: "table"},
         "dealer": 0},
    ),
    (
        "mediano3",
        {"n": 8, "rules": golfo.MEDIANO, "players": 3, "seed": 9,
         "opponents": [None, "heuristic", None]},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("name", "settings"), CASES, ids=[c[0] for c in CASES])
def test_observations_masks_and_opponents_are_golfos(name: str, settings: dict[str, Any]) -> None:
    """At every decision handed out: the seat to act learns, the mask is the codec's legal
    ids, the observation golfo's encoder's vector of that seat's view (or information
    state), as float32; in each game's history, the heuristic seats chose as
    ``golfo.HeuristicBot`` and the tabular one as its table says."""
    given = settings["opponents"]
    opponents = dict(given) if isinstance(given, dict) else dict(enumerate(given))
    table = mini_policy()
    env = VecEnv(
        **{**settings, "opponents": {s: table if o == "table" else o for s, o in opponents.items()}}
    )
    assert env.num_actions == env.codec.num_distinct_actions
    assert set(env.learners) == {s for s in range(env.players) if opponents.get(s) is None}
    if settings.get("observation") == "info_state":
        lossless = InfoStateEncoder(env.rules, env.players)

        def encode(state: golfo.State, seat: int) -> list[float]:
            return lossless.encode(state, seat)
    else:
        views = ObservationEncoder(env.rules, env.players)

        def encode(state: golfo.State, seat: int) -> list[float]:
            return views.encode(golfo.view(state, seat))

    assert env.obs_size == len(encode(golfo.new_game(env.rules, players=env.players), 0))
    bot = golfo.HeuristicBot()

    def check(state: golfo.State, action: golfo.Action, seat: int) -> None:
        kind = opponents.get(seat)
        if kind == "table":
            assert table.probabilities(golfo.view(state, seat))[action] == 1.0
        elif kind == "heuristic":
            assert bot.choose(golfo.view(state, seat)) == action

    obs, mask, to_act = env.reset()
    checked = 0
    finished = 0
    for step in range(14):
        for i in range(env.n):
            state = env.state(i).to_state()
            seat = int(to_act[i])
            assert seat in env.learners
            assert state.to_act == seat
            assert tuple(np.flatnonzero(mask[i])) == env.codec.legal_ids(state)
            assert obs[i].tolist() == np.asarray(encode(state, seat), np.float32).tolist()
            if step % 7 == 6:
                checked += replay(env, i, check)
        obs, mask, to_act, _, done = env.step(pick(obs, mask))
        finished += int(done.sum())
    assert finished > 0
    assert checked > 0


def test_an_illegal_id_plays_nothing() -> None:
    env = VecEnv(3, ONE_HAND, 3, seed=1, opponents={2: "heuristic"})
    obs, mask, _ = env.reset()
    before = [env.state(i) for i in range(3)]
    actions = pick(obs, mask)
    actions[1] = int(np.flatnonzero(~mask[1])[0])
    with pytest.raises(golfo.IllegalActionError, match="game 1: action id"):
        env.step(actions)
    assert [env.state(i) for i in range(3)] == before
    with pytest.raises(ValueError, match="actions must be 3 ids"):
        env.step(actions[:2])
    with pytest.raises(ValueError, match="integer ids, got dtype float64"):
        env.step(np.asarray(pick(obs, mask), dtype=np.float64) + 0.9)  # never cut to an id
    assert [env.state(i) for i in range(3)] == before
    env.step(pick(obs, mask))
    assert [env.state(i) for i in range(3)] != before


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one seat must learn"):
        VecEnv(2, ONE_HAND, 3, opponents={0: "random", 1: "random", 2: "heuristic"})
    with pytest.raises(ValueError, match="an opponent is"):
        VecEnv(2, ONE_HAND, 3, opponents={1: "expert"})  # type: ignore[dict-item]
    with pytest.raises(golfo.RulesError):
        VecEnv(2, golfo.TRADICIONAL, 3)  # open-ended with rebuys: no bound on the chips
    with pytest.raises(golfo.RulesError):
        VecEnv(2, golfo.MINI, 4)
