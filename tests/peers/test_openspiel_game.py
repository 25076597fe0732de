"""golfo.ext.openspiel under OpenSpiel's own checks.

- ``pyspiel.random_sim_test`` with serialization, on several parameter sets;
- OpenSpiel's ``games_sim_test`` module, run by pytest in a subprocess with the
  game registered first (``-p golfo.ext.openspiel``), filtered to ``python_golfo``;
- the partial-tree checks of OpenSpiel's integration ``api_test``
  (``EnforceAPIOnPartialTreeBase``), one class per parameter set;
- our own: information-state strings only ever extend (perfect recall), they
  and the tensors never depend on another seat's hidden cards, clones share the
  immutable golfo state (on golfo's engine; copy the native one on golfo-native's),
  pickling round-trips.

Skipped when the ``openspiel`` extra is not installed.
"""

from __future__ import annotations

import importlib.util
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import golfo  # noqa: E402
import golfo.ext.openspiel  # noqa: E402  (registers python_golfo)
from golfo.ext.openspiel import GolfoState  # noqa: E402

# The module, never its base classes by name: pytest would collect them (they have no game).
os_api = pytest.importorskip("open_spiel.integration_tests.api_test")

PARAMS: dict[str, dict[str, Any]] = {
    "3p": {},
    "4p": {"players": 4},
    "3p_abstract": {"betting": "abstract"},
    "3p_ludoteka_3_hands": {"players": 3, "hands": 3, "rules": "ludoteka"},
    "4p_abstract_2_hands": {"players": 4, "hands": 2, "betting": "abstract"},
}
SIMS = {"3p": 60, "4p": 40, "3p_abstract": 60, "3p_ludoteka_3_hands": 15, "4p_abstract_2_hands": 15}


ENGINES = ["python"] + (["native"] if importlib.util.find_spec("golfo_native") else [])
"""The engines to check: golfo's reducer, and golfo-native's when it is installed."""


def load(name: str, engine: str = "auto") -> Any:
    return pyspiel.load_game("python_golfo", {**PARAMS[name], "engine": engine})


@pytest.mark.parametrize("name", PARAMS)
def test_random_sim_test_with_serialization_passes(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=SIMS[name], serialize=True, verbose=False)


def test_games_sim_test_passes(tmp_path: Path) -> None:
    """OpenSpiel's games_sim_test builds its test list from the registered games when it is
    imported, so the game is registered first, as a plugin; the run happens in an empty
    directory so that this repository's pytest settings do not apply."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "golfo.ext.openspiel",
            "-p",
            "no:cacheprovider",
            "--pyargs",
            "open_spiel.python.tests.games_sim_test",
            "-k",
            "python_golfo",
            "-v",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    for test in ("test_game_sim_python_golfo", "test_multiplayer_game_3p_python_golfo"):
        assert f"{test} PASSED" in out, out
    assert "test_multiplayer_game_4p_python_golfo PASSED" in out, out


def _partial_tree(name: str) -> type:
    return type(
        f"EnforceAPIOnPartialTree_{name}_Test",
        (os_api.EnforceAPIOnPartialTreeBase,),
        {"game_name": f"python_golfo_{name}", "game": load(name)},
    )


PartialTree3p = _partial_tree("3p")
PartialTree4p = _partial_tree("4p")
PartialTree3pAbstract = _partial_tree("3p_abstract")
PartialTreeLudoteka = _partial_tree("3p_ludoteka_3_hands")


def _random_states(name: str, seed: int, engine: str = "auto") -> list[Any]:
    """Every state of one random game, root to terminal."""
    rng = random.Random(seed)
    state = load(name, engine).new_initial_state()
    states = [state]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state = state.child(action)
        states.append(state)
    return states


@pytest.mark.parametrize("name", PARAMS)
def test_information_state_strings_only_ever_extend(name: str) -> None:
    game = load(name)
    for seed in range(6):
        seen = [""] * game.num_players()
        for state in _random_states(name, seed):
            if state.is_chance_node():
                continue
            for seat in range(game.num_players()):
                info = state.information_state_string(seat)
                assert info.startswith(seen[seat]), (seen[seat], info)
                seen[seat] = info
        assert all(s.startswith(f"p{seat} ") for seat, s in enumerate(seen))


def _dealt(deck: list[golfo.Card]) -> Any:
    """python_golfo after the first deal from ``deck`` (3 seats, mano seat 1)."""
    state = pyspiel.load_game("python_golfo").new_initial_state()
    for card in deck:
        if not state.is_chance_node():
            break
        state.apply_action(card.index)
    return state


def test_observations_never_show_another_seats_hidden_cards() -> None:
    """Swap the 2nd card, dealt to seat 2, with one left in the stock: seats 0 and 1 see
    the same strings and tensors, seat 2 does not."""
    deck = list(golfo.shuffled_deck(3))
    other = list(deck)
    other[1], other[27] = other[27], other[1]
    a, b = _dealt(deck), _dealt(other)
    assert a.golfo_state.hands[2] != b.golfo_state.hands[2]
    for seat in (0, 1):
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_string(seat) == b.observation_string(seat)
        assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
    assert a.information_state_string(2) != b.information_state_string(2)
    assert a.observation_tensor(2) != b.observation_tensor(2)


def test_returns_are_the_net_results_and_zero_before_the_end() -> None:
    for seed in range(5):
        states = _random_states("3p_ludoteka_3_hands", seed)
        assert all(s.returns() == [0.0, 0.0, 0.0] for s in states[:-1])
        final = states[-1]
        nets = {row.seat: row.net for row in golfo.standings(final.golfo_state).rows}
        assert final.returns() == [float(nets[seat]) for seat in range(3)]
        assert final.golfo_state.is_over


@pytest.mark.parametrize("engine", ENGINES)
def test_clone_shares_the_immutable_state_and_pickle_round_trips(engine: str) -> None:
    state = _random_states("3p", 1, engine)[20]
    assert isinstance(state, GolfoState)
    clone = state.clone()
    if engine == "python":
        assert clone.golfo_state is state.golfo_state
    else:  # the native game changes in place: a clone has its own
        assert clone.native_state is not state.native_state
        assert clone.native_state == state.native_state
        before = state.golfo_state
        clone.apply_action(clone.chance_outcomes()[0][0])
        assert state.golfo_state == before != clone.golfo_state
        clone = state.clone()
    assert clone.golfo_state == state.golfo_state
    assert clone.history() == state.history()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.golfo_state == state.golfo_state
    assert again.legal_actions() == state.legal_actions()


def test_chance_outcomes_are_the_stock_cards_uniformly() -> None:
    state = pyspiel.load_game("python_golfo").new_initial_state()
    state.apply_action(golfo.Card.parse("9O").index)
    outcomes = state.chance_outcomes()
    assert [i for i, _ in outcomes] == [c.index for c in golfo.DECK if str(c) != "9O"]
    assert all(p == pytest.approx(1 / 27) for _, p in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "Deal 3O"


@pytest.mark.parametrize("name", ["3p_abstract", "4p_abstract_2_hands", "3p"])
def test_ismcts_plays_golfo_from_resampled_information_states(name: str) -> None:
    """OpenSpiel's ISMCTSBot plays whole games on golfo; every state it resamples gives
    the searching seat the same information state string and tensor, and differs from
    the true state in hidden cards only."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_golfo", PARAMS[name])
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    checked = 0
    moved = 0
    original = GolfoState.resample_from_infostate

    def checking(state: GolfoState, player: int, sampler: Any) -> GolfoState:
        nonlocal checked, moved
        other = original(state, player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.golfo_state.stacks == state.golfo_state.stacks
        assert other.history() != []
        assert len(other.history()) == len(state.history())
        moved += other.golfo_state.hands != state.golfo_state.hands
        checked += 1
        return other

    GolfoState.resample_from_infostate = checking  # type: ignore[method-assign,assignment]
    try:
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rs.choice(actions, p=probs)))
                else:
                    state.apply_action(int(bot.step(state)))
            assert sum(state.returns()) == pytest.approx(0.0)
    finally:
        GolfoState.resample_from_infostate = original  # type: ignore[method-assign]
    assert checked >= 8
    assert moved > checked // 2  # the hidden cards really move
