"""golfo-native's NetBot (issue 36): the network's features, menu and policy in Rust are
golfo's, value for value; the duplicate arena deals golfo's tournament; NetBot beats
HeuristicBots there where a reversed copy loses; and the vector environment speaks the
network's language."""

from __future__ import annotations

import random

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import numpy as np
import pytest

pytest.importorskip("golfo_native")

from golfo_native import NativeState, VecEnv, _core
from golfo_native._convert import action_of
from golfo_native._nets import policy_name, register_network

import golfo
from golfo.bots.net import NetBot, shipped_network
from golfo.bots.net.features import MENU, SIZE, features, menu
from golfo.tournament import tournament

RULES = [
    golfo.TRADICIONAL,
    golfo.LUDOTEKA,
    golfo.MINI,
    golfo.MEDIANO,
    attrs.evolve(golfo.TRADICIONAL, discards_face_up=False, deal_in_pairs=True),
    attrs.evolve(golfo.LUDOTEKA, hands=3),
]


def _lockstep(seed: int, rules: golfo.Rules, players: int) -> list[tuple[golfo.State, NativeState]]:
    """Every decision of a game of random play on both engines (open-ended: three hands)."""
    rng = random.Random(seed)
    state = golfo.new_game(rules, players=players)
    native = NativeState.from_state(state)
    bots = [golfo.RandomBot(rng.randrange(1 << 30)) for _ in range(players)]
    out = []
    while not state.is_over:
        moves = golfo.legal_moves(state)
        if state.to_act is golfo.CHANCE:
            action: golfo.Action = golfo.Deal(rng.choice(sorted(moves.deals)))
        elif state.to_act is None:
            stop = moves.end_game and state.hand_number >= 3
            action = golfo.EndGame() if stop else golfo.NextHand()
        else:
            out.append((state, native.copy()))
            action = bots[state.to_act].choose(golfo.view(state, state.to_act))
        state = golfo.apply(state, action)
        native.play(action)
    return out


@pytest.mark.parametrize("rules", RULES, ids=lambda r: repr(r)[:40])
def test_features_menu_and_policy_are_golfos(rules: golfo.Rules) -> None:
    net = shipped_network()
    k = int(register_network(net).removeprefix("net:"))
    bot = NetBot(network=net)
    checked = 0
    for players in rules.table_sizes:
        for seed in range(6):
            for state, native in _lockstep(seed * 10 + players, rules, players):
                seat = state.to_act
                assert isinstance(seat, int)
                v = golfo.view(state, seat)
                ours = np.array(features(v), np.float32)
                theirs = np.array(_core.net_features(native._g, seat), np.float32)
                assert np.array_equal(ours, theirs), np.flatnonzero(ours != theirs)
                rust_menu = [
                    None if f is None else action_of(*f) for f in _core.net_menu(native._g)
                ]
                assert rust_menu == list(menu(v))
                p = bot.probabilities(v)
                q = _core.net_policy(native._g, k)
                by_action: dict[golfo.Action, float] = {}
                for a, x in zip(menu(v), q, strict=True):
                    if a is not None and x > 0:
                        by_action[a] = by_action.get(a, 0.0) + x
                assert p.keys() == by_action.keys()
                assert max(abs(p[a] - by_action[a]) for a in p) < 1e-5
                checked += 1
    assert checked > 40


def test_the_arena_deals_golfos_tournament() -> None:
    """NetBot playing its likeliest moves is deterministic in both languages: the
    arena's duplicate tournament of it against HeuristicBots equals golfo's own, chip for
    chip (the same decks, seatings and seats)."""
    bots = ["net-greedy", "heuristic", "heuristic"]
    theirs = tournament(
        bots, rules=golfo.LUDOTEKA, hands=300, duplicate=True, seed=5, engine="arena"
    )
    from golfo.tournament import BOTS

    BOTS["net-greedy"] = lambda seed: NetBot(seed, greedy=True)
    try:
        ours = tournament(bots, rules=golfo.LUDOTEKA, hands=300, duplicate=True, seed=5, workers=1)
    finally:
        del BOTS["net-greedy"]
    assert ours.cross == theirs.cross
    assert [r.net for r in ours.results] == [r.net for r in theirs.results]
    assert any(r.net for r in ours.results)


@pytest.mark.parametrize("players", [3, 4])
def test_net_beats_heuristic_bots_on_ludoteka_in_the_arena(players: int, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Duplicate tournaments in Rust (every seating of every deal), NetBot against a
    field of HeuristicBots on LUDOTEKA: ahead with an interval clear of zero; the same
    network with its outputs reversed, behind.  (Against EquityBot and RangeBot it is
    behind today: the research guide's tables, ``benchmarks/strength.py``.)"""
    net = shipped_network()
    last = net.layers[-1]  # negated: the reversed copy plays its worst moves likeliest
    flipped = attrs.evolve(
        last, weights=[-w for w in last.weights], biases=[-b for b in last.biases]
    )
    path = tmp_path / "reversed.golfonet"
    attrs.evolve(net, layers=(*net.layers[:-1], flipped)).save(path)
    for bot, ahead in (("net", True), (f"net:{path}", False)):
        bots = [bot, *["heuristic"] * (players - 1)]
        r = tournament(
            bots,
            rules=golfo.LUDOTEKA,
            hands=12_000 if players == 3 else 24_000,
            duplicate=True,
            seed=11,
            engine="arena",
        )
        gap = r.compare(bot, "heuristic")
        assert (gap.low > 0) if ahead else (gap.high < 0), (bot, gap)


def test_the_vector_environment_speaks_the_network(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = VecEnv(8, golfo.Rules(hands=1), 3, seed=2, opponents={1: "net", 2: "heuristic"},
                 observation="net")  # fmt: skip
    obs, mask, to_act = env.reset()
    assert (obs.shape, mask.shape) == ((8, SIZE), (8, len(MENU)))
    assert (to_act == 0).all()
    for slot in range(8):
        state = env.state(slot).to_state()
        v = golfo.view(state, 0)
        assert np.array_equal(obs[slot], np.array(features(v), np.float32))
        assert mask[slot].tolist() == [a is not None for a in menu(v)]
    with pytest.raises(golfo.IllegalActionError):
        env.step(np.full(8, len(MENU), np.int64))
    total = np.zeros(3)
    for _ in range(60):
        pick = np.argmax(mask, axis=1)
        obs, mask, to_act, rewards, _ = env.step(pick)
        assert (rewards.sum(axis=1) == 0).all()
        total += rewards.sum(axis=0)
    assert total.sum() == 0
    assert total.any()
    assert policy_name("net") == policy_name(shipped_network())
    with pytest.raises(ValueError, match="built-in policy"):
        policy_name("grandmaster")
