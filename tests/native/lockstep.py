"""Lockstep helpers for golfo-native's tests: a game started on both engines, every step
compared (legal moves, observation, the whole state), illegal and odd actions refused alike
with the state unchanged (``test_native_lockstep.py``, ``test_native_variants.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native import NativeState

import golfo
from golfo.cards import DECK
from golfo.conformance.protocol import observation
from golfo.conformance.runner import choose, illegal_actions

__all__ = [
    "MAX_STEPS",
    "check_same",
    "play_lockstep",
    "random_probe",
    "same_answer",
    "same_refusal",
    "start",
    "weird_actions",
]

MAX_STEPS = 400
"""The most steps of a game played in lockstep."""


def start(
    rules: golfo.Rules, players: int, dealer: int, stacks: list[int] | None
) -> tuple[golfo.State, NativeState] | None:
    """Both games, or None when golfo refuses to start it (and golfo-native refuses alike)."""
    try:
        ours = golfo.new_game(rules, players=players, dealer=dealer, stacks=stacks)
    except golfo.RulesError as error:
        expected = str(error)
        with pytest.raises(golfo.RulesError) as theirs:
            NativeState.new_game(rules, players, dealer, stacks)
        message = str(theirs.value)
        assert message == expected
        return None
    return ours, NativeState.new_game(rules, players, dealer, stacks)


def chips(state: golfo.State) -> int:
    """The chips on the table: the stacks and the pot."""
    return sum(state.stacks) + state.pot


def given_chips(state: golfo.State) -> int:
    """The chips the seats were given: their starting stacks, again at each rebuy."""
    return sum(s * (1 + r) for s, r in zip(state.initial_stacks, state.rebuys, strict=True))


def cards_in_one_place(state: golfo.State) -> None:
    """Every card of the rules' deck is in one place, and no other card is anywhere."""
    places = [*state.hand_masks, state.stock_mask, state.discard_mask, state.dead_mask]
    seen = 0
    for mask in places:
        assert not seen & mask, "a card in two places"
        seen |= mask
    assert seen == state.rules.deck_mask, "a card in no place, or one not in the deck"


def weird_actions(state: golfo.State) -> list[Any]:
    """Things that are not quite actions: wrong types, seats off the table."""
    seat = state.to_act if isinstance(state.to_act, int) else 0
    return [
        golfo.Bet(seat, 2.0),  # type: ignore[arg-type]
        golfo.Raise(seat, True),
        golfo.Pass(True),
        golfo.Call(7),
        golfo.Fold(-1),
        golfo.Deal("9O"),  # type: ignore[arg-type]
        golfo.Discard(seat, ["9O"]),  # type: ignore[list-item]
        golfo.Bet(seat, 10**30),
        golfo.Bet(seat, -5),
        "fold",
    ]


def random_probe(state: golfo.State, rng: random.Random) -> Any:
    """An action of any kind, any seat, any amount near the stacks, any cards: legal or not."""
    seat = rng.randrange(-1, state.players + 1)
    top = max(state.stacks) + max(state.bets) + 3
    amount = rng.choice([rng.randint(-2, top), rng.randint(0, 12), state.current_bet + 1])
    cards = rng.sample(golfo.DECK, rng.randint(0, 6))
    if rng.random() < 0.5 and 0 <= seat < state.players:
        own = list(state.hands[seat])
        cards = rng.sample(own, rng.randint(0, len(own)))
    kind = rng.randrange(9)
    if kind == 0:
        return golfo.Deal(rng.choice(golfo.DECK))
    if kind == 1:
        return golfo.Pass(seat)
    if kind == 2:
        return golfo.Bet(seat, amount)
    if kind == 3:
        return golfo.Call(seat)
    if kind == 4:
        return golfo.Raise(seat, amount)
    if kind == 5:
        return golfo.Fold(seat)
    if kind == 6:
        return golfo.Discard(seat, cards)
    return golfo.NextHand() if kind == 7 else golfo.EndGame()


def same_answer(ours: golfo.State, theirs: NativeState, action: Any) -> None:
    """golfo and golfo-native both accept ``action`` (to equal states) or both refuse it."""
    if golfo.is_legal(ours, action):
        assert theirs.is_legal(action), action
        assert theirs.apply(action).to_state() == golfo.apply(ours, action)
    else:
        same_refusal(ours, theirs, action)


def same_refusal(ours: golfo.State, theirs: NativeState, action: Any) -> None:
    """golfo refuses ``action``: golfo-native refuses it with the same error, unchanged."""
    before = theirs.copy()
    with pytest.raises(golfo.IllegalActionError) as expected:
        golfo.apply(ours, action)
    with pytest.raises(golfo.IllegalActionError) as got:
        theirs.play(action)
    e, g = expected.value, got.value
    assert (g.rule, g.code, dict(g.facts)) == (e.rule, e.code, dict(e.facts)), action
    assert str(g) == str(e)
    assert g.legal == e.legal
    assert theirs == before
    assert not theirs.is_legal(action)


def check_same(ours: golfo.State, theirs: NativeState) -> None:
    """The same game: legal moves, observation, the whole state; and golfo's state sound."""
    moves, expected = theirs.legal_moves(), golfo.legal_moves(ours)
    assert moves == expected
    assert hash(moves) == hash(expected)  # (its deals: the same set, maybe not in its order)
    assert theirs.legal_moves() is moves  # kept until the next action
    if len(expected) <= 3000:
        assert theirs.legal_actions() == golfo.legal_actions(ours)
    assert theirs.observe() == observation(ours)
    assert theirs.to_state() == ours
    assert theirs.phase is ours.phase
    assert theirs.to_act == ours.to_act
    assert theirs.is_over == ours.is_over
    assert chips(ours) == given_chips(ours)  # golfo's state, which the native one equals
    cards_in_one_place(ours)


def play_lockstep(
    ours: golfo.State,
    theirs: NativeState,
    rng: random.Random,
    *,
    refuse: bool = True,
    also: Callable[[golfo.State, NativeState], None] | None = None,
) -> golfo.State:
    """Play both games to the end (at most :data:`MAX_STEPS` steps) with the runner's
    random policy, compared at every step, bad actions tried on the way (``refuse``),
    ``also(ours, theirs)`` checked at every step; golfo's final state."""
    for _ in range(MAX_STEPS):
        check_same(ours, theirs)
        if also is not None:
            also(ours, theirs)
        if ours.is_over:
            for late in (golfo.NextHand(), golfo.EndGame(), golfo.Pass(0), golfo.Deal(DECK[0])):
                same_refusal(ours, theirs, late)
            break
        if refuse and rng.random() < 0.3:
            for bad in illegal_actions(ours, rng) + rng.sample(weird_actions(ours), 2):
                if not golfo.is_legal(ours, bad):
                    same_refusal(ours, theirs, bad)
            for _ in range(3):
                same_answer(ours, theirs, random_probe(ours, rng))
        if (
            ours.phase is golfo.Phase.BETWEEN_HANDS
            and ours.rules.hands is None
            and (ours.hand_number >= 2)
        ):
            action: Any = golfo.EndGame()
        else:
            action = choose(ours, rng)
        if rng.random() < 0.2:  # the pure path: the input never changes
            kept = theirs.copy()
            new = theirs.apply(action)
            assert theirs == kept
            theirs = new
        else:
            theirs.play(action)
        ours = golfo.apply(ours, action)
    return ours
