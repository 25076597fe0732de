"""The bots' ``probabilities``: the distribution each draws its action from, for exact
measurement (golfo.solve), checked against what ``choose`` does, without changing its play."""

from __future__ import annotations

import math
from collections import Counter

import pytest

import golfo
from golfo import Phase, State
from golfo.errors import PolicyError


def _until(phase: Phase, *, bet: bool = False) -> State:
    """A hand of El Golfo played quietly (passes, standing pat) until ``phase``; with
    ``bet`` the first seat to act there opens, so the next faces a bet."""
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    while state.phase is not phase:
        if state.to_act is golfo.CHANCE:
            state = golfo.deal_from(state, golfo.DECK)
            continue
        moves = golfo.legal_moves(state)
        seat = moves.seat
        assert isinstance(seat, int)
        action = golfo.Pass(seat) if moves.can_pass else golfo.Discard(seat, ())
        state = golfo.apply(state, action)
    if bet:
        seat = state.to_act
        assert isinstance(seat, int)
        state = golfo.apply(state, golfo.Bet(seat, 3))
    return state


@pytest.mark.parametrize(
    "where", ["open", "facing", "discard"], ids=["bets", "raises and folds", "discards"]
)
def test_random_bot_draws_from_its_probabilities(where: str) -> None:
    state = {
        "open": _until(Phase.BET_1),
        "facing": _until(Phase.BET_2, bet=True),
        "discard": _until(Phase.DISCARD_1),
    }[where]
    seat = state.to_act
    assert isinstance(seat, int)
    view = golfo.view(state, seat)
    bot = golfo.RandomBot(seed=3)
    probs = bot.probabilities(view)
    assert set(probs) == set(view.legal_actions)
    assert math.fsum(probs.values()) == pytest.approx(1.0, abs=1e-12)
    draws = 100_000
    seen = Counter(bot.choose(view) for _ in range(draws))
    assert set(seen) <= set(probs)
    for action, p in probs.items():
        spread = 5 * math.sqrt(p * (1 - p) / draws) + 1e-9
        assert abs(seen[action] / draws - p) <= spread, (action, seen[action] / draws, p)
    # asking changes nothing: the same seed plays the same
    twin, asked = golfo.RandomBot(seed=9), golfo.RandomBot(seed=9)
    asked.probabilities(view)
    assert [twin.choose(view) for _ in range(20)] == [asked.choose(view) for _ in range(20)]


def test_heuristic_bot_gives_its_choice_probability_one() -> None:
    for state in (_until(Phase.BET_1), _until(Phase.BET_2, bet=True), _until(Phase.DISCARD_1)):
        seat = state.to_act
        assert isinstance(seat, int)
        view = golfo.view(state, seat)
        bot = golfo.HeuristicBot()
        assert bot.probabilities(view) == {bot.choose(view): 1.0}


def test_equity_bot_is_known_where_its_estimates_are_exact_and_refuses_elsewhere() -> None:
    last = _until(Phase.BET_4)  # the hands are final: its equity is counted exactly
    seat = last.to_act
    assert isinstance(seat, int)
    view = golfo.view(last, seat)
    asked, twin = golfo.EquityBot(seed=4, samples=50), golfo.EquityBot(seed=4, samples=50)
    assert asked.probabilities(view) == {twin.choose(view): 1.0}
    early = _until(Phase.BET_1)  # two cards each: it samples
    seat = early.to_act
    assert isinstance(seat, int)
    view = golfo.view(early, seat)
    with pytest.raises(PolicyError, match="Monte Carlo"):
        asked.probabilities(view)
    # asking left its generator as it was: it plays on as its twin does
    assert asked.rng.getstate() == twin.rng.getstate()
    assert asked.choose(view) == twin.choose(view)
    assert asked.rng.random() == twin.rng.random()
