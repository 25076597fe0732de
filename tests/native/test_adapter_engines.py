"""The PettingZoo and OpenSpiel adapters on golfo-native's engine (issue 35) give what they
give on golfo's reducer: the same observations, masks, rewards, information-state strings,
tensors and action strings, step for step, over seeded random games on the presets and
variants; PettingZoo's ``api_test`` passes on the native path.

Skipped without golfo-native (or without the framework in question)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

import golfo

pytest.importorskip("golfo_native")
np = pytest.importorskip("numpy")

# api_test warns that a dict observation is not a NumPy array: PettingZoo's own convention
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)

# (rules, players, hands): presets and variants, small
SETUPS: dict[str, tuple[str, int, int]] = {
    "tradicional-3": ("tradicional", 3, 1),
    "tradicional-4-2hands": ("tradicional", 4, 2),
    "ludoteka-3-3hands": ("ludoteka", 3, 3),
    "mini-2-3hands": ("mini", 2, 3),
    "mini-3": ("mini", 3, 1),
    "mediano-3-2hands": ("mediano", 3, 2),
}
TWO_CARDS = attrs.evolve(golfo.MEDIANO, deal_sizes=(2, 0), table_sizes=(2,))
"""A variant of no preset: MEDIANO's six cards, two to a seat (four discard ids)."""


# -- PettingZoo ----------------------------------------------------------------------------


def _pz_run(engine: str, rules: Any, players: int, hands: int, seed: int) -> list[Any]:
    """Every step of one seeded random episode: the agent, its observation and mask, the
    rewards, terminations and the cumulative rewards."""
    from golfo.ext.pettingzoo import env

    e = env(players=players, rules=rules, hands=hands, engine=engine)
    assert e.unwrapped.engine == engine
    e.reset(seed=seed)
    rng = random.Random(seed)
    seen: list[Any] = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        seen.append(
            (
                agent,
                obs["observation"].tobytes(),
                obs["action_mask"].tobytes(),
                reward,
                terminated,
                truncated,
                dict(e.rewards),
            )
        )
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    final = e.unwrapped.game
    seen.append((final.is_over, final.results, final.history))
    return seen


@pytest.mark.parametrize("setup", SETUPS)
def test_pettingzoo_engines_agree(setup: str) -> None:
    pytest.importorskip("pettingzoo")
    rules, players, hands = SETUPS[setup]
    for seed in range(6):
        python = _pz_run("python", rules, players, hands, seed)
        assert _pz_run("native", rules, players, hands, seed) == python
        assert python[-1][0]  # the episode reached the end of the game
    # a variant of no preset, given as Rules
    assert _pz_run("native", TWO_CARDS, 2, 1, 3) == _pz_run("python", TWO_CARDS, 2, 1, 3)


@pytest.mark.parametrize(
    "config",
    [
        {"players": 3},
        {"players": 4, "hands": 2},
        {"players": 2, "rules": "mini", "hands": 2},
        {"players": 3, "rules": "mediano"},
    ],
)
def test_pettingzoo_api_test_passes_on_the_native_engine(config: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from golfo.ext.pettingzoo import env

    for seed in range(3):
        e = env(engine="native", **config)
        e.reset(seed=seed)
        for agent in e.possible_agents:
            e.action_space(agent).seed(seed)
        api_test(e, num_cycles=300)


def test_the_engine_is_chosen_as_asked() -> None:
    pytest.importorskip("pettingzoo")
    from golfo.ext.pettingzoo import raw_env

    assert raw_env().engine == "native"  # auto, golfo-native installed
    assert raw_env(engine="python").engine == "python"
    assert raw_env(betting="abstract").engine == "python"  # native ids are exact ones
    with pytest.raises(ValueError, match="betting='exact' only"):
        raw_env(betting="abstract", engine="native")
    with pytest.raises(ValueError, match="engine must be one of"):
        raw_env(engine="rust")  # type: ignore[arg-type]


def test_pettingzoo_game_can_be_set_on_the_native_engine() -> None:
    """``raw.game = state`` replaces the game on the native engine too."""
    pytest.importorskip("pettingzoo")
    from golfo.ext.pettingzoo import raw_env

    raw, ref = raw_env(engine="native"), raw_env(engine="python")
    state = golfo.deal_from(golfo.new_game(raw.rules, players=3), golfo.shuffled_deck(4))
    for e in (raw, ref):
        e.reset(seed=1)
        e.game = state
    assert raw.game == state
    for agent in raw.possible_agents:
        a, b = raw.observe(agent), ref.observe(agent)
        assert a["observation"].tobytes() == b["observation"].tobytes()
        assert a["action_mask"].tobytes() == b["action_mask"].tobytes()


# -- OpenSpiel -----------------------------------------------------------------------------


def _os_walk(engine: str, params: dict[str, Any], seed: int) -> list[Any]:
    """Everything OpenSpiel asks of each state of one seeded random game."""
    import pyspiel

    game = pyspiel.load_game("python_golfo", {**params, "engine": engine})
    assert game.engine == engine
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    spectator = game.make_py_observer(public)
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen: list[Any] = []
    while True:
        player = state.current_player()
        row: list[Any] = [player, state.is_terminal(), state.returns(), str(state)]
        for seat in range(game.num_players()):
            row += [
                state.information_state_string(seat),
                state.information_state_tensor(seat),
                state.observation_string(seat),
                state.observation_tensor(seat),
            ]
        spectator.set_from(state, 0)
        row += [spectator.string_from(state, 0), spectator.tensor.tobytes()]
        if state.is_terminal():
            seen.append(row)
            return seen
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            row.append(outcomes)
            action = rng.choice([a for a, _ in outcomes])
        else:
            legal = state.legal_actions()
            row += [legal, [state.action_to_string(player, a) for a in legal]]
            row.append(state.action_to_string(player, game.num_distinct_actions() - 1))
            action = rng.choice(legal)
        seen.append(row)
        state.apply_action(action)


@pytest.mark.parametrize("setup", [*SETUPS, "two-cards"])
def test_openspiel_engines_agree(setup: str) -> None:
    pytest.importorskip("pyspiel")
    from golfo.ext.openspiel import params_for

    if setup == "two-cards":
        params = params_for(TWO_CARDS, 2)
    else:
        rules, players, hands = SETUPS[setup]
        params = {"rules": rules, "players": players, "hands": hands}
    for seed in range(4):
        python = _os_walk("python", params, seed)
        assert _os_walk("native", params, seed) == python
        assert python[-1][1]  # the walk reached the end


def test_openspiel_engine_parameter() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import golfo.ext.openspiel  # noqa: F401  (registers python_golfo)

    assert pyspiel.load_game("python_golfo").engine == "native"  # auto, installed
    assert pyspiel.load_game("python_golfo", {"betting": "abstract"}).engine == "python"
    with pytest.raises(ValueError, match="betting='exact' only"):
        pyspiel.load_game("python_golfo", {"betting": "abstract", "engine": "native"})
