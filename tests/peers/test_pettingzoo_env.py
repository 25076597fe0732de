"""golfo.ext.pettingzoo under PettingZoo's own test suite (api_test, seed_test, render_test).

Skipped when the ``pettingzoo`` extra is not installed.  Only the three test
entry points are imported: ``pettingzoo.test`` also holds functions named
``test_*`` that pytest would otherwise collect.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import golfo
from golfo.ext import pettingzoo as golfo_pz

# api_test warns that a dict observation is not a NumPy array (it only leaves out upstream
# envs by name); the dict with "observation" and "action_mask" is PettingZoo's own convention.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)

CONFIGS: dict[str, dict[str, Any]] = {
    "3p_one_hand_exact": {"players": 3},
    "4p_one_hand_abstract": {"players": 4, "betting": "abstract"},
    "3p_ludoteka_3_hands": {"players": 3, "hands": 3, "rules": "ludoteka"},
    "4p_tradicional_2_hands_normalized": {"players": 4, "hands": 2, "normalize": True},
}


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("seed", range(20))
def test_api_test_passes(config: str, seed: int) -> None:
    env = golfo_pz.env(**CONFIGS[config])
    env.reset(seed=seed)
    for agent in env.possible_agents:  # api_test samples actions from the spaces: vary them
        env.action_space(agent).seed(seed)
    api_test(env, num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS)
def test_seed_test_passes(config: str) -> None:
    seed_test(functools.partial(golfo_pz.env, **CONFIGS[config]), num_cycles=1000)


def test_render_test_passes() -> None:
    render_test(golfo_pz.env, custom_tests={"ansi": lambda text: "player_2:" in text})


def _play(env: Any, seed: int) -> list[dict[str, float]]:
    """Random legal play of one episode; returns the rewards seen at each step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        assert env.observation_space(agent).contains(obs)
        if terminated or truncated:
            env.step(None)
            continue
        raw = env.unwrapped
        legal = raw.codec.legal_ids(raw.game)
        assert np.flatnonzero(obs["action_mask"]).tolist() == list(legal)
        env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        seen.append(dict(env.rewards))
    return seen


@pytest.mark.parametrize("config", CONFIGS)
def test_r18_rewards_come_at_the_end_sum_to_zero_and_are_the_net_results(config: str) -> None:
    for seed in range(10):
        env = golfo_pz.env(**CONFIGS[config])
        seen = _play(env, seed)
        raw = env.unwrapped
        assert raw.game.is_over
        assert all(r == 0.0 for step in seen[:-1] for r in step.values())
        final = seen[-1]
        assert sum(final.values()) == pytest.approx(0.0)
        nets = {f"player_{row.seat}": row.net for row in golfo.standings(raw.game).rows}
        assert final == {a: nets[a] / raw.reward_unit for a in final}


def test_r15_next_hand_is_applied_between_hands() -> None:
    env = golfo_pz.env(players=3, hands=3)
    _play(env, 5)
    game = env.unwrapped.game
    assert len(game.results) == 3
    assert game.history.count(golfo.NextHand()) == 2


def test_r3_reset_seed_deals_from_shuffled_deck_of_that_seed() -> None:
    env = golfo_pz.env(players=3)
    env.reset(seed=2024)
    expected = golfo.deal_from(
        golfo.new_game(env.unwrapped.rules, players=3), golfo.shuffled_deck(2024)
    )
    assert env.unwrapped.game.hands == expected.hands
    env.reset()
    first = env.unwrapped.game.hands
    env.reset(seed=2024)
    env.reset()
    assert env.unwrapped.game.hands == first  # unseeded resets continue the seeded stream


def test_observation_depends_only_on_the_seats_view() -> None:
    """Swap a card dealt to seat 2 with one left in the stock: seats 0 and 1 see nothing new."""
    env = golfo_pz.env(players=3)
    env.reset(seed=0)
    raw = env.unwrapped
    deck = list(golfo.shuffled_deck(0))
    other = list(deck)
    other[1], other[27] = other[27], other[1]  # the 2nd card goes to seat 2 (mano is seat 1)
    games = [golfo.deal_from(golfo.new_game(raw.rules, players=3), d) for d in (deck, other)]
    assert games[0].hands[2] != games[1].hands[2]
    observed = []
    for game in games:
        raw.game = game
        observed.append({a: raw.observe(a) for a in raw.possible_agents})
    for agent in ("player_0", "player_1"):
        for key in ("observation", "action_mask"):
            assert np.array_equal(observed[0][agent][key], observed[1][agent][key])
    assert not np.array_equal(
        observed[0]["player_2"]["observation"], observed[1]["player_2"]["observation"]
    )


# -- variants (issue 34): ids and shapes from the rules, El Golfo's unchanged -------------

VARIANTS: dict[str, dict[str, Any]] = {
    "mini_2p": {"players": 2, "rules": "mini"},
    "mini_3p_abstract": {"players": 3, "rules": golfo.MINI, "betting": "abstract"},
    "mediano_2p": {"players": 2, "rules": "mediano"},
}


@pytest.mark.parametrize("config", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_api_test_passes_on_variants(config: str, seed: int) -> None:
    env = golfo_pz.env(**VARIANTS[config])
    env.reset(seed=seed)
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("config", VARIANTS)
def test_seed_test_passes_on_variants(config: str) -> None:
    seed_test(functools.partial(golfo_pz.env, **VARIANTS[config]), num_cycles=200)


@pytest.mark.parametrize("config", VARIANTS)
def test_variants_play_to_the_end_with_net_results(config: str) -> None:
    discarded = 0
    for seed in range(10):
        env = golfo_pz.env(**VARIANTS[config])
        seen = _play(env, seed)
        raw = env.unwrapped
        assert raw.game.is_over
        assert sum(seen[-1].values()) == pytest.approx(0.0)
        nets = {f"player_{row.seat}": row.net for row in golfo.standings(raw.game).rows}
        assert seen[-1] == {a: nets[a] / raw.reward_unit for a in seen[-1]}
        discarded += sum(isinstance(a, golfo.Discard) and bool(a.cards) for a in raw.game.history)
    assert discarded  # random play reached the discard ids


@pytest.mark.parametrize(("rules", "players"), [("mini", 2), ("mini", 3), ("mediano", 2)])
def test_variant_ids_and_shapes_follow_the_rules(rules: str, players: int) -> None:
    raw = golfo_pz.env(players=players, rules=rules).unwrapped
    variant = golfo_pz.PRESETS[rules]
    codec, enc = raw.codec, raw.encoder
    assert codec.discard_ids == 2**variant.hand_size == 2  # one card: keep it or change it
    assert codec.num_distinct_actions == codec.max_amount + 1 + 3 + 2 + 2
    assert enc.slices["hand"].stop - enc.slices["hand"].start == len(variant.deck)
    assert enc.slices["discards"].stop - enc.slices["discards"].start == len(variant.deck)
    assert enc.slices["discard_counts"].stop - enc.slices["discard_counts"].start == players
    space = raw.observation_space("player_0")
    assert space["observation"].shape == (enc.size,)
    assert space["action_mask"].shape == (codec.num_distinct_actions,)


def test_el_golfo_ids_and_shapes_are_unchanged() -> None:
    for players, size in ((3, 112), (4, 126)):
        raw = golfo_pz.env(players=players).unwrapped
        assert raw.codec.num_distinct_actions == 137
        assert raw.codec.discard_ids == 32
        assert raw.encoder.size == size
        assert raw.encoder.slices["hand"] == slice(players, players + 28)


def test_variant_table_size_the_rules_refuse_is_a_rules_error() -> None:
    with pytest.raises(golfo.RulesError):
        golfo_pz.env(players=4, rules="mini")
    with pytest.raises(golfo.RulesError):
        golfo_pz.env(players=2, rules="tradicional")


def test_variant_observation_depends_only_on_the_seats_view() -> None:
    """MINI, 2 seats: change the dealer's card for one left in the stock; mano sees nothing new."""
    raw = golfo_pz.env(players=2, rules="mini").unwrapped
    raw.reset(seed=0)
    game = raw.game
    (dealer_card,), (mano_card,) = list(game.hands[0]), list(game.hands[1])
    stock = [c for c in golfo.MINI.deck if c not in (dealer_card, mano_card)]
    games = [
        golfo.deal_from(golfo.new_game(raw.rules, players=2), [mano_card, card])
        for card in (dealer_card, stock[0])
    ]
    assert games[0].hands[0] != games[1].hands[0]
    assert games[0].hands[1] == games[1].hands[1]
    observed = []
    for g in games:
        raw.game = g
        observed.append({a: raw.observe(a) for a in raw.possible_agents})
    for key in ("observation", "action_mask"):
        assert np.array_equal(observed[0]["player_1"][key], observed[1]["player_1"][key])
    assert not np.array_equal(
        observed[0]["player_0"]["observation"], observed[1]["player_0"]["observation"]
    )


def test_an_unknown_preset_name_is_a_value_error_naming_the_presets() -> None:
    with pytest.raises(ValueError, match=r"tradicional, ludoteka, mini, mediano.*'grande'"):
        golfo_pz.raw_env(rules="grande")
