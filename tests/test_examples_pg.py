"""The policy-gradient example (``examples/train_pg.py``): its menu against golfo's codec
on real views, its gradient against finite differences, a tiny training run's
bookkeeping, and the saved agent in a short duplicate tournament.

The training budget here is a second or so: what is checked is that the machinery works
(the policy's entropy falls, every decision is used once, the same seed gives the same
weights), not how strong the agent gets (``python examples/train_pg.py`` measures that).
"""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import golfo
from golfo import Bet, Call, Discard, Fold, Pass, Raise

pytest.importorskip("golfo_native")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def pg() -> ModuleType:
    """The example, imported as ``train_pg`` (the name a tournament gives it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(EXAMPLES))
        return importlib.import_module("train_pg")


@pytest.fixture(scope="module")
def trained(pg: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    """A tiny training run and its saved weights."""
    training = pg.train(60_000, seed=1, games=32)
    path = tmp_path_factory.mktemp("pg") / "weights.npz"
    pg.save(training, path, seed=1)
    return training, path


def random_views(rules: golfo.Rules, count: int, seed: int) -> list[golfo.View]:
    """The views of the seats to act in one-hand games, random play."""
    rng = random.Random(seed)
    bot = golfo.RandomBot(seed)
    views: list[golfo.View] = []
    while len(views) < count:
        state = golfo.new_game(rules, players=3, dealer=rng.randrange(3))
        while not state.is_over:
            if state.to_act is golfo.CHANCE:
                state = golfo.deal(state, rng)
                continue
            assert isinstance(state.to_act, int)
            v = golfo.view(state, state.to_act)
            views.append(v)
            state = golfo.apply(state, bot.choose(v))
    return views


def test_the_menu_maps_to_the_codecs_legal_ids(pg: ModuleType) -> None:
    kinds = [Pass, Call, Fold] + [(Bet, Raise)] * 4 + [Discard] * 5
    seen = set()
    for v in random_views(pg.RULES, 400, seed=5):
        obs = np.array([pg.ENCODER.encode(v)], np.float32)
        mask = np.zeros((1, pg.CODEC.num_distinct_actions), np.bool_)
        mask[0, list(pg.CODEC.legal_ids(v))] = True
        ids = pg.menu_ids(obs, mask)[0]
        assert pg.suit_values(obs)[0, 0] * 30 == pytest.approx(v.rules.hand_value(v.hand.mask))
        actions = {k: pg.CODEC.decode(v, int(i)) for k, i in enumerate(ids) if i >= 0}
        for k, action in actions.items():
            assert isinstance(action, kinds[k]), (k, action)
            seen.add(k)
        # every kind of legal move has its entries, and only those
        legal = {type(a) for a in v.legal_actions}
        assert {type(a) for a in actions.values()} == legal
        moves = v.moves
        assert moves is not None
        if moves.amounts:
            assert actions[3].amount == moves.amounts[0]
            assert actions[6].amount == moves.amounts[-1]
        if moves.discard_max is not None:
            # keeping the best suit keeps the hand's value; never more than the stock
            best = actions[7]
            assert isinstance(best, Discard)
            thrown = sum(1 << card.index for card in best.cards)
            kept = v.hand.mask & ~thrown
            assert v.rules.hand_value(kept) == v.rules.hand_value(v.hand.mask)
            assert len(best.cards) <= moves.discard_max
            assert actions[11] == Discard(v.seat, frozenset())  # type: ignore[arg-type]
    assert seen == set(range(12))  # random play reaches every entry


def test_the_gradient_is_the_losss(pg: ModuleType) -> None:
    """Against central differences, in float64.  The gradient holds the advantage fixed
    (it depends on the value head), so the policy's part is checked with the value head
    at zero (the advantage is then the normalised return), and the value's part with one
    legal entry per row (the policy's part and the entropy are then zero)."""
    rng = np.random.default_rng(3)
    n, inputs = 40, 7
    x = rng.normal(size=(n, inputs))
    actions = rng.integers(0, len(pg.MENU), n)
    returns = rng.normal(size=n)
    for part in ("policy", "value"):
        policy = pg.Policy(*(rng.normal(0.0, 0.5, p.shape) for p in pg.Policy.new(
            inputs, 5, rng).params()))  # fmt: skip
        if part == "policy":
            policy.wv[...], policy.bv[...] = 0.0, 0.0
            legal = rng.random((n, len(pg.MENU))) < 0.6
            legal[np.arange(n), actions] = True
        else:
            legal = np.zeros((n, len(pg.MENU)), np.bool_)
            legal[np.arange(n), actions] = True

        def total(policy: Any = policy, legal: Any = legal) -> float:
            parts = policy.loss(x, legal, actions, returns)[0]
            return float(parts["policy"] - 0.01 * parts["entropy"] + 0.5 * parts["value"])

        grads = policy.loss(x, legal, actions, returns)[1]
        checked = 0
        # (the advantage moves with the value head: its weights are checked by the value)
        pairs = list(zip(policy.params(), grads, strict=True))
        for param, grad in pairs[:4] if part == "policy" else pairs:
            for flat in rng.choice(param.size, size=min(5, param.size), replace=False):
                at = np.unravel_index(flat, param.shape)
                keep = param[at]
                param[at] = keep + 1e-6
                up = total()
                param[at] = keep - 1e-6
                down = total()
                param[at] = keep
                numeric = (up - down) / 2e-6
                assert grad[at] == pytest.approx(numeric, rel=1e-5, abs=1e-8), (part, at)
                checked += numeric != 0
        assert checked > 10


def test_adam_descends(pg: ModuleType) -> None:
    w = np.array([3.0, -2.0], np.float32)
    adam = pg.Adam([w], rate=0.1)
    for _ in range(200):
        adam.step([2 * (w - np.array([1.0, 1.0], np.float32))])  # (w - 1)^2
    assert w == pytest.approx([1.0, 1.0], abs=0.05)


def test_training_learns_and_keeps_its_books(pg: ModuleType, trained: tuple[Any, Path]) -> None:
    training, path = trained
    rollout = 3 * 32 * 16
    assert (np.diff(training.decisions, prepend=0) == rollout).all()
    made = int(training.decisions[-1])
    assert made >= 60_000
    # every decision is used once, when its hand has ended, or still pending at the end
    assert int(training.used.sum()) + training.pending == made
    assert 0 < training.pending < rollout
    # every hand holds a decision of the learning seat (three seats: each is dealt in)
    assert 0 < training.hands.sum() <= made
    assert (training.losses[:, 1] >= 0).all()  # a squared error
    # the policy starts near uniform over the legal entries and sharpens
    first, last = training.losses[0, 2], training.losses[-5:, 2].mean()
    assert first > 1.4
    assert last < first - 0.2
    # the saved weights are the policy's, and load with the curve
    loaded = pg.Policy.load(path)
    for a, b in zip(loaded.params(), training.policy.params(), strict=True):
        np.testing.assert_array_equal(a, b)
    with np.load(path) as data:
        np.testing.assert_array_equal(data["chips"], training.chips)
        np.testing.assert_array_equal(data["hands"], training.hands)
    # the curve: one bin per rollout, then one for the whole run
    ends, means = pg.binned(training.decisions, training.hands, training.chips, rollout)
    np.testing.assert_array_equal(ends, training.decisions)
    np.testing.assert_allclose(means, training.chips / training.hands, rtol=1e-6)
    ends, means = pg.binned(training.decisions, training.hands, training.chips, made)
    assert ends.tolist() == [made]
    assert means[0] == pytest.approx(training.chips.sum() / training.hands.sum(), rel=1e-5)


def test_the_same_seed_gives_the_same_weights(pg: ModuleType) -> None:
    a, b = (pg.train(3_000, seed=4, games=8) for _ in range(2))
    for x, y in zip(a.policy.params(), b.policy.params(), strict=True):
        np.testing.assert_array_equal(x, y)
    c = pg.train(3_000, seed=5, games=8)
    assert not np.array_equal(a.policy.w2, c.policy.w2)


@pytest.mark.parametrize("bot", ["train_pg:PGBot", "train_pg:greedy_bot"])
def test_the_agent_plays_a_duplicate_tournament(
    pg: ModuleType, trained: tuple[Any, Path], bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, path = trained
    monkeypatch.setenv("GOLFO_PG_WEIGHTS", "")  # restored afterwards
    result = pg.evaluate(30, path=path, seed=2, workers=1, bot=bot)
    assert [r.hands for r in result.results] == [30, 30, 30]  # 10 deals, 3 rotations
    assert sum(r.net for r in result.results) == 0
    assert result.rules == pg.RULES


def test_the_agent_refuses_other_rules(pg: ModuleType, trained: tuple[Any, Path]) -> None:
    _, path = trained
    state = golfo.deal(golfo.new_game(golfo.LUDOTEKA, players=3), 1)
    assert isinstance(state.to_act, int)
    with pytest.raises(ValueError, match="plays"):
        pg.PGBot(0, path=path).choose(golfo.view(state, state.to_act))
