"""The Python API of golfo-native: golfo's refusals word for word at ``new_game``, the
properties, and the things that are not actions."""

from __future__ import annotations

from typing import Any

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native import NativeState, _core

import golfo


@pytest.mark.parametrize(
    ("rules", "players", "dealer", "stacks"),
    [
        ("not rules", 3, 0, None),
        (golfo.TRADICIONAL, 2, 0, None),
        (golfo.TRADICIONAL, 5, 0, None),
        (golfo.TRADICIONAL, True, 0, None),
        (golfo.TRADICIONAL, 3, 3, None),
        (golfo.TRADICIONAL, 3, -1, None),
        (golfo.TRADICIONAL, 3, 0, [100, 100]),
        (golfo.TRADICIONAL, 3, 0, [100, 100, 2.5]),
        (golfo.TRADICIONAL, 3, 0, [100, 100, -1]),
        (golfo.TRADICIONAL, 3, 0, [100, 100, 0]),  # below the ante, with rebuys
        (golfo.LUDOTEKA, 3, 0, [1000, 4, 1000]),  # fewer than three can pay
        (golfo.LUDOTEKA, 4, 1, [1000, 4, 1000, 1000]),  # the first dealer cannot pay
    ],
)
def test_new_game_refuses_as_golfo_does(rules: Any, players: Any, dealer: Any, stacks: Any) -> None:
    with pytest.raises(golfo.RulesError) as expected:
        golfo.new_game(rules, players=players, dealer=dealer, stacks=stacks)
    with pytest.raises(golfo.RulesError) as got:
        NativeState.new_game(rules, players, dealer, stacks)
    assert str(got.value) == str(expected.value)


def test_a_four_seat_game_that_lost_a_seat_starts_as_golfo() -> None:
    ours = golfo.new_game(golfo.LUDOTEKA, players=4, dealer=0, stacks=[1000, 4, 1000, 1000])
    theirs = NativeState.new_game(golfo.LUDOTEKA, 4, 0, [1000, 4, 1000, 1000])
    assert theirs.to_state() == ours
    assert ours.out == frozenset({1})


def test_properties_follow_the_game() -> None:
    s = NativeState.new_game(golfo.TRADICIONAL, 3, dealer=2)
    assert s.phase is golfo.Phase.DEAL_1
    assert s.to_act is golfo.CHANCE
    assert s.receiver == 0  # mano: the seat after the dealer
    assert not s.is_over
    assert s.version == 0
    assert s.players == 3
    assert s.rules is golfo.TRADICIONAL
    for card in golfo.DECK[:6]:
        s.play(golfo.Deal(card))
    phase: golfo.Phase = s.phase  # read again after the deals (mypy narrowed the first)
    to_act: object = s.to_act
    assert phase is golfo.Phase.BET_1
    assert to_act == 0
    assert s.receiver is None
    assert s.version == 6
    assert "BET_1" in repr(s)


@pytest.mark.parametrize("thing", ["fold", None, 3, golfo.DECK[0], golfo.Hand()])
def test_what_is_not_an_action_is_refused_as_golfo_does(thing: Any) -> None:
    ours = golfo.new_game(golfo.TRADICIONAL, players=3)
    theirs = NativeState.new_game(golfo.TRADICIONAL, 3)
    with pytest.raises(golfo.IllegalActionError) as expected:
        golfo.apply(ours, thing)
    with pytest.raises(golfo.IllegalActionError) as got:
        theirs.play(thing)
    assert str(got.value) == str(expected.value)
    assert got.value.code == expected.value.code == "not_an_action"
    assert not theirs.is_legal(thing)
    assert theirs.to_state() == ours


def test_no_bug_is_on_and_an_unknown_bug_is_refused() -> None:
    assert _core.active_bug() is None
    assert not _core.set_bug("no-such-bug")
    assert _core.active_bug() is None
    assert _core.set_bug("no-table-stakes")
    try:
        s = NativeState.new_game(golfo.TRADICIONAL, 3, stacks=[50, 1000, 80])
        for card in golfo.DECK[:6]:
            s.play(golfo.Deal(card))
        assert s.legal_moves().bets == range(1, 1000)  # broken: past what others can match
    finally:
        assert _core.set_bug("")
    assert _core.active_bug() is None
    assert s.copy().legal_moves().bets == range(1, 80)  # R8: seat 2 can put in 79 at most


def test_from_state_wants_a_state() -> None:
    with pytest.raises(TypeError):
        NativeState.from_state("not a state")  # type: ignore[arg-type]
