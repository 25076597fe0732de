"""Legal moves as data (issue 12): :func:`golfo.legal_moves` and :class:`golfo.LegalMoves`.

``legal_moves`` must describe exactly the set of actions that ``legal_actions``
lists and that ``apply`` accepts, at any stack size, in O(1): amounts as
ranges, discards as a size limit.  Random play here chooses from the
``LegalMoves`` only, so that stacks of a million chips stay cheap; where the
list is short enough it is also compared with ``legal_actions`` whole.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Final

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import golfo
from golfo import (
    CHANCE,
    DECK,
    LUDOTEKA,
    TRADICIONAL,
    Action,
    Bet,
    Call,
    Card,
    Deal,
    Discard,
    EndGame,
    Fold,
    Hand,
    IllegalActionError,
    LegalMoves,
    NextHand,
    Pass,
    Phase,
    Raise,
    RulesError,
    State,
    apply,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    view,
)

SHORT_LIST: Final = 3000
"""Compare with legal_actions whole when it has at most this many actions."""

RULESETS: Final = (
    attrs.evolve(TRADICIONAL, hands=2),
    attrs.evolve(TRADICIONAL, hands=2, min_open=5, min_raise=7),
    attrs.evolve(LUDOTEKA, hands=2),
    attrs.evolve(LUDOTEKA, hands=2, min_open=4, min_raise=6, round_caps=(30, 40, 80, 200)),
)


def reach(state: State, seat: int) -> int:
    """The most another seat still in can put in this round (R8)."""
    return max(state.bets[s] + state.stacks[s] for s in state.in_hand if s != seat)


def pick(rng: random.Random, moves: LegalMoves, state: State) -> Action:
    """A legal action chosen from the moves alone (never from a list of amounts)."""
    seat = moves.seat
    if seat is CHANCE:
        return Deal(rng.choice(sorted(moves.deals)))
    if seat is None:
        return NextHand() if not moves.end_game or rng.random() < 0.7 else EndGame()
    assert isinstance(seat, int)
    if moves.discard_max is not None:
        k = rng.randint(0, moves.discard_max)
        return Discard(seat, rng.sample(list(moves.discard_from), k))
    options: list[Action] = []
    if moves.can_pass:
        options.append(Pass(seat))
    if moves.call is not None:
        options.append(Call(seat))
    if moves.can_fold and rng.random() < 0.3:
        options.append(Fold(seat))
    amounts = moves.amounts
    if amounts:
        amount = rng.choice([amounts[0], amounts[-1], amounts[rng.randrange(len(amounts))]])
        options.append(Bet(seat, amount) if moves.bets else Raise(seat, amount))
    return rng.choice(options)


def probes(rng: random.Random, state: State) -> list[Action]:
    """Actions around the edges of the legal ones, for every seat: most must be refused."""
    out: list[Action] = [NextHand(), EndGame(), Deal(rng.choice(DECK))]
    moves = legal_moves(state)
    top = max(state.stacks) + max(state.bets) + 2
    for seat in range(-1, state.players + 1):
        out += [Pass(seat), Call(seat), Fold(seat)]
        edges = [0, 1, top, rng.randint(-3, top)]
        for r in (moves.bets, moves.raises):
            if r:
                edges += [r[0] - 1, r[0], r[-1], r[-1] + 1]
        out += [Bet(seat, a) for a in edges] + [Raise(seat, a) for a in edges]
        if 0 <= seat < state.players:
            own = list(state.hands[seat])
            out.append(Discard(seat, rng.sample(own, rng.randint(0, len(own)))))
            out.append(Discard(seat, [*own[:1], rng.choice(DECK)]))
    return out


def check(state: State, rng: random.Random) -> None:
    moves = legal_moves(state)
    assert moves.seat == state.to_act
    if len(moves) <= SHORT_LIST:
        listed = legal_actions(state)
        assert tuple(moves) == listed
        assert len(moves) == len(listed)
        assert all(a in moves for a in listed)
    for action in probes(rng, state):
        assert (action in moves) == is_legal(state, action), action
    seat = state.to_act
    if isinstance(seat, int) and moves.amounts:
        amounts = moves.amounts
        # R8: every listed amount can be matched by some opponent, and is within the stack
        assert amounts[-1] <= reach(state, seat)
        assert amounts[-1] <= state.bets[seat] + state.stacks[seat]
        assert amounts[0] > state.current_bet
        if moves.raises:
            assert reach(state, seat) > state.current_bet  # R8: a raise needs an answer
    if isinstance(seat, int) and moves.call is not None:
        owe = state.current_bet - state.bets[seat]
        assert moves.call == min(owe, state.stacks[seat])


stack_sizes = st.one_of(
    st.integers(1, 40), st.integers(1, 10**6), st.sampled_from([10**6, 10**6 - 1, 999_937])
)


@st.composite
def deep_games(draw: st.DrawFn) -> State:
    rules = draw(st.sampled_from(RULESETS))
    players = draw(st.sampled_from((3, 4)))
    stacks = draw(st.lists(stack_sizes, min_size=players, max_size=players))
    try:
        return new_game(
            rules, players=players, dealer=draw(st.integers(0, players - 1)), stacks=stacks
        )
    except RulesError:  # R17: fewer than three seats, or not the dealer, can pay the ante
        assume(False)
        raise


@settings(max_examples=120, deadline=None)
@given(deep_games(), st.integers(0, 2**32).map(random.Random))
def test_legal_moves_and_legal_actions_describe_the_same_set(
    state: State, rng: random.Random
) -> None:
    steps = 0
    while not state.is_over and steps < 400:
        check(state, rng)
        action = pick(rng, legal_moves(state), state)
        state = apply(state, action)
        steps += 1
    check(state, rng)


def test_flat_in_the_stacks_a_million_chips() -> None:
    state = golfo.deal_from(
        new_game(TRADICIONAL, players=3, stacks=(10**6 + 1,) * 3), golfo.shuffled_deck(1)
    )
    moves = legal_moves(state)
    assert (moves.seat, moves.bets, len(moves)) == (1, range(1, 10**6 + 1), 10**6 + 1)
    assert Bet(1, 10**6) in moves
    assert Bet(1, 10**6 + 1) not in moves
    v = view(state, 1)
    assert v.moves == moves  # the view carries the ranges, not a million actions
    assert "legal_actions" not in {a.name for a in attrs.fields(golfo.View)}
    assert golfo.describe_legal(state) == "Pass(seat=1), Bet(seat=1, amount=1..1000000)"
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bet(1, 10**6 + 1))
    assert info.value.legal == moves  # the refusal carries the moves, not a list
    assert "amount=1..1000000" in str(info.value)


def test_membership_is_exact_about_types() -> None:
    state = golfo.deal_from(new_game(TRADICIONAL, players=3), golfo.DECK)
    moves = legal_moves(state)
    assert Bet(1, 1) in moves
    assert Bet(1, True) not in moves  # Python's True == 1; apply refuses it too
    assert Bet(True, 1) not in moves
    assert Bet(1, 2.0) not in moves  # type: ignore[arg-type]
    assert "bet" not in moves
    assert Call(1) not in moves
    assert not is_legal(state, Bet(1, True))


def test_every_kind_of_position() -> None:
    state = new_game(TRADICIONAL, players=3)
    moves = legal_moves(state)
    assert moves.seat is CHANCE
    assert len(moves.deals) == 28
    assert len(moves) == 28
    assert tuple(moves) == tuple(Deal(c) for c in DECK)
    state = golfo.deal_from(state, golfo.DECK)
    assert legal_moves(state).can_pass
    state = apply(state, Bet(1, 3))
    moves = legal_moves(state)
    assert (moves.can_pass, moves.call, moves.raises, moves.can_fold) == (
        False,
        3,
        range(4, 100),
        True,
    )
    assert moves.bets == range(0)
    assert not moves.bets
    # a discard turn: any subset of the seat's five cards, at most discard_max
    while state.phase is not Phase.DISCARD_1:
        state = apply(state, _passive(state))
    moves = legal_moves(state)
    seat = moves.seat
    assert isinstance(seat, int)
    assert moves.discard_max == 5
    assert moves.discard_from == state.hands[seat]
    assert len(moves) == 32
    hand = list(moves.discard_from)
    for k in range(6):
        for cards in combinations(hand, k):
            assert Discard(seat, cards) in moves
    stranger = next(c for c in DECK if c not in hand)
    assert Discard(seat, [*hand[:2], stranger]) not in moves


def _passive(state: State) -> Action:
    moves = legal_moves(state)
    seat = moves.seat
    if seat is CHANCE:
        return Deal(min(moves.deals))
    assert isinstance(seat, int)
    if moves.can_pass:
        return Pass(seat)
    if moves.call is not None:
        return Call(seat)
    return Discard(seat, ())


def test_between_hands_and_at_the_end() -> None:
    state = golfo.deal_from(new_game(attrs.evolve(TRADICIONAL, hands=1), players=3), golfo.DECK)
    state = apply(apply(apply(state, Bet(1, 1)), Fold(2)), Fold(0))
    assert state.is_over
    assert legal_moves(state) == LegalMoves(None)
    assert len(legal_moves(state)) == 0
    assert tuple(legal_moves(state)) == ()
    state = golfo.deal_from(new_game(TRADICIONAL, players=3), golfo.DECK)
    state = apply(apply(apply(state, Bet(1, 1)), Fold(2)), Fold(0))
    moves = legal_moves(state)
    assert (moves.seat, moves.next_hand, moves.end_game) == (None, True, True)
    assert tuple(moves) == (NextHand(), EndGame()) == legal_actions(state)
    ludoteka = golfo.deal_from(new_game(LUDOTEKA, players=3), golfo.DECK)
    ludoteka = apply(apply(apply(ludoteka, Bet(1, 1)), Fold(2)), Fold(0))
    assert tuple(legal_moves(ludoteka)) == (NextHand(),)


def test_repr_is_valid_python_and_empty_ranges_compare_equal() -> None:
    state = golfo.deal_from(new_game(TRADICIONAL, players=3), golfo.DECK)
    moves = legal_moves(state)
    namespace = {"LegalMoves": LegalMoves, "Hand": Hand, "Card": Card, "CHANCE": CHANCE}
    assert eval(repr(moves), namespace) == moves
    assert LegalMoves(1, bets=range(5, 5)) == LegalMoves(1)
    assert LegalMoves(1, bets=range(5, 5)).bets == range(0)


def test_views_carry_the_moves_of_the_seat_to_act_only() -> None:
    state = golfo.deal_from(new_game(TRADICIONAL, players=3), golfo.DECK)
    assert view(state, 1).moves == legal_moves(state)
    assert view(state, 1).legal_actions == legal_actions(state)
    for seat in (0, 2, None):
        v = view(state, seat)
        assert v.moves is None
        assert v.legal_actions == ()
