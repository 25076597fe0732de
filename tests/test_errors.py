"""Every error golfo raises for bad input is a narrow GolfoError that is also a ValueError."""

from __future__ import annotations

import re

import pytest

import golfo
from golfo.ext.codec import ActionCodec, chance_string, max_moves


def _state() -> golfo.State:
    return golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)


@pytest.mark.parametrize(
    "kind",
    [
        golfo.CardError,
        golfo.CodecError,
        golfo.FormatError,
        golfo.IllegalActionError,
        golfo.RulesError,
        golfo.SeatError,
    ],
)
def test_every_error_is_a_golfo_error_and_a_value_error(kind: type[Exception]) -> None:
    assert issubclass(kind, golfo.GolfoError)
    assert issubclass(kind, ValueError)


@pytest.mark.parametrize("seat", [3, 4, 100, -1, "1", True])
def test_view_of_a_seat_not_at_the_table_is_a_seat_error(seat: object) -> None:
    message = f"seat must be None or 0..2, got {seat!r}"
    with pytest.raises(golfo.SeatError, match=f"^{re.escape(message)}$"):
        golfo.view(_state(), seat)  # type: ignore[arg-type]
    four = golfo.new_game(golfo.TRADICIONAL, players=4)
    with pytest.raises(golfo.SeatError, match=r"^seat must be None or 0\.\.3, got 4$"):
        golfo.view(four, 4)


def test_a_bot_asked_out_of_turn_raises_seat_error() -> None:
    not_to_act = golfo.view(_state(), 2)  # seat 1 is to act
    with pytest.raises(golfo.SeatError, match="not to act"):
        golfo.HeuristicBot().choose(not_to_act)
    with pytest.raises(golfo.SeatError, match="seat must be"):
        golfo.max_possible_value(golfo.view(_state(), 1), 7)


def test_codec_ids_out_of_range_are_codec_errors() -> None:
    state = _state()
    codec = ActionCodec.for_rules(golfo.Rules(hands=1), 3)
    with pytest.raises(golfo.CodecError, match="action id must be"):
        codec.decode(state, codec.num_distinct_actions)
    with pytest.raises(golfo.CodecError):
        chance_string(28)


def test_codec_bounds_of_an_unbounded_game_are_rules_errors() -> None:
    with pytest.raises(golfo.RulesError, match="unbounded"):
        max_moves(golfo.TRADICIONAL, 3)
