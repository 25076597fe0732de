"""Actions as values: equality, hashing, repr, pickling, and frozenness.

``Discard`` is written by hand (the reducer builds the discards it lists from bit sets
and makes their ``frozenset`` only when read), so these tests hold it to what the attrs
classes of the other actions give for free.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import golfo
from golfo import Bet, Call, Card, Deal, Discard, EndGame, Fold, NextHand, Pass, Raise, Suit
from golfo.cards import DECK, parse_cards

ALL_KINDS = [
    Deal(Card(3, Suit.OROS)),
    Pass(1),
    Bet(0, 5),
    Call(2),
    Raise(3, 12),
    Fold(1),
    Discard(0, parse_cards("3O 7B")),
    Discard(2, ()),
    NextHand(),
    EndGame(),
]


@pytest.mark.parametrize("action", ALL_KINDS, ids=repr)
def test_repr_is_valid_python_and_round_trips(action: golfo.Action) -> None:
    namespace = {name: getattr(golfo, name) for name in golfo.__all__}
    assert eval(repr(action), namespace) == action


@pytest.mark.parametrize("action", ALL_KINDS, ids=repr)
def test_pickle_copy_and_deepcopy_give_equal_actions(action: golfo.Action) -> None:
    for clone in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert clone == action
        assert hash(clone) == hash(action)


def test_discard_is_frozen() -> None:
    action = Discard(0, parse_cards("3O"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        action.seat = 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del action.seat
    assert action.seat == 0


def test_discard_matches_by_position_and_keyword() -> None:
    match Discard(1, parse_cards("3O")):
        case Discard(seat, cards) if seat == 1:
            assert cards == frozenset(parse_cards("3O"))
        case _:
            pytest.fail("Discard(seat, cards) should match positionally")


def test_discard_equality_needs_the_same_seat_cards_and_class() -> None:
    cards = parse_cards("3O 7B")
    assert Discard(0, cards) == Discard(0, list(reversed(cards)))
    assert Discard(0, cards) != Discard(1, cards)
    assert Discard(0, cards) != Discard(0, cards[:1])
    assert Discard(0, ()) != Pass(0)
    assert Discard(0, cards) != (0, frozenset(cards))


def test_discard_keeps_what_is_not_a_card_for_apply_to_refuse() -> None:
    odd = Discard(0, ["3O"])  # type: ignore[list-item]
    assert list(odd.cards) == ["3O"]  # type: ignore[comparison-overlap]
    assert odd != Discard(0, parse_cards("3O"))
    assert hash(odd) == hash(Discard(0, ["3O"]))  # type: ignore[list-item]
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    while not (state.phase is golfo.Phase.DISCARD_1 and state.to_act == 1):
        legal = golfo.legal_actions(state)
        calls = [a for a in legal if isinstance(a, Pass | Call)]
        state = golfo.apply(state, calls[0] if calls else legal[0])
    with pytest.raises(golfo.IllegalActionError, match="R10: '3O' is not a card"):
        golfo.apply(state, Discard(1, ["3O"]))  # type: ignore[list-item]


def _discard_states(seed: int) -> list[golfo.State]:
    """The states of a random hand where a seat is to discard."""
    rng = random.Random(seed)
    out = []
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    while state.to_act is not None:
        if state.phase in (golfo.Phase.DISCARD_1, golfo.Phase.DISCARD_2) and isinstance(
            state.to_act, int
        ):
            out.append(state)
        legal = golfo.legal_actions(state)
        calls = [a for a in legal if isinstance(a, Pass | Call)]
        state = golfo.apply(state, calls[0] if calls else rng.choice(legal))
    return out


@given(st.integers(0, 2**32))
def test_listed_discards_equal_and_hash_as_ones_built_from_their_cards(seed: int) -> None:
    for state in _discard_states(seed):
        seat = state.to_act
        assert isinstance(seat, int)
        legal = golfo.legal_actions(state)
        hand = set(state.hands[seat])
        assert len(legal) == len(set(legal))  # no subset twice
        for listed in legal:
            assert isinstance(listed, Discard)
            rebuilt = Discard(seat, sorted(listed.cards))
            assert listed.seat == seat
            assert listed.cards <= hand
            assert rebuilt == listed
            assert listed == rebuilt
            assert hash(rebuilt) == hash(listed)
            assert golfo.apply(state, rebuilt) == golfo.apply(state, listed)


def test_listed_discards_are_every_subset_in_combinations_order() -> None:
    from itertools import combinations

    for state in _discard_states(7) + _discard_states(8):
        seat = state.to_act
        assert isinstance(seat, int)
        hand = sorted(state.hands[seat], key=DECK.index)
        room = min(5, len(state.stock))
        expected = [frozenset(c) for k in range(room + 1) for c in combinations(hand, k)]
        listed = golfo.legal_actions(state)
        assert [a.cards for a in listed if isinstance(a, Discard)] == expected
