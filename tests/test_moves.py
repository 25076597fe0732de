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
from types import SimpleNamespace
from typing import Final

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import golfo
import golfo.wagers
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
from rulesets import variants

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
    rules = draw(st.sampled_from(RULESETS) | variants())
    players = draw(st.sampled_from(rules.table_sizes))
    stacks = draw(st.lists(stack_sizes, min_size=players, max_size=players))
    try:
        return new_game(
            rules, players=players, dealer=draw(st.integers(0, players - 1)), stacks=stacks
        )
    except RulesError:  # R17: too few seats, or not the dealer, can pay the ante
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
    assert len(moves) == 2
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
    # an empty range is written one way, range(0, 0), whatever range made it (found by
    # mutation testing: range(-1) is empty and equal too, but not written the same)
    assert "raises=range(0, 0)" in repr(moves)
    assert repr(LegalMoves(1, bets=range(5, 5))).count("range(0, 0)") == 2


def test_views_carry_the_moves_of_the_seat_to_act_only() -> None:
    state = golfo.deal_from(new_game(TRADICIONAL, players=3), golfo.DECK)
    assert view(state, 1).moves == legal_moves(state)
    assert view(state, 1).legal_actions == legal_actions(state)
    for seat in (0, 2, None):
        v = view(state, seat)
        assert v.moves is None
        assert v.legal_actions == ()


# ---------------------------------------------------------------------------
# wager_limits, and the shared action objects (found by mutation testing)

_CAPPED: Final = golfo.Rules(ante=1, min_open=2, min_raise=3, round_caps=(6, 14, 20, 30))


def _second_round_facing_a_raise() -> golfo.State:
    """R9 with chips from an earlier round: seat 1 opened 3 in the second round (9 in the
    hand: ante 1, 5 in the first round, 3 now), then faces 6."""
    state = golfo.deal_from(new_game(_CAPPED, players=3, stacks=(100, 100, 100)), DECK)
    for action in (Bet(1, 2), golfo.Raise(2, 5), Call(0), Call(1)):  # round 1: 6 each, the cap
        state = apply(state, action)
    while state.phase is not Phase.BET_2:
        seat = state.to_act
        state = apply(
            state, Discard(seat, []) if isinstance(seat, int) else legal_actions(state)[0]
        )
    for action in (Bet(1, 3), golfo.Raise(2, 6), Call(0)):
        state = apply(state, action)
    return state


def test_wager_limits_give_every_bound_of_a_raise_under_a_cap() -> None:
    state = _second_round_facing_a_raise()
    assert (state.to_act, state.bets, state.committed) == (1, (6, 3, 6), (12, 9, 12))
    lim = golfo.moves.wager_limits(state, 1)
    assert lim.current == 6
    assert lim.minimum == 6 + 3  # R5: the current bet and min_raise
    assert lim.own == 3 + 91  # R8: its bet and its stack (100 less 9)
    assert (lim.reach, lim.reach_seat) == (6 + 88, 2)  # 0 and 2 tie: the first from mano (1)
    assert lim.room == 14 - 9 + 3  # R9: the cap less the hand's chips before this round
    assert lim.amounts == range(0)  # the cap leaves no full raise
    other = golfo.moves.wager_limits(state, 0)  # seats 1 (3 + 91) and 2 (6 + 88) tie
    assert (other.reach, other.reach_seat) == (94, 1)  # mano, seat 1, comes first
    assert legal_moves(state) == LegalMoves(1, can_fold=True, call=3)
    with pytest.raises(IllegalActionError) as info:
        apply(state, golfo.Raise(1, 9))
    assert info.value.rule == "R9"
    assert "amount 9 is over this round's cap (8)" in str(info.value)


def test_a_raise_below_the_minimum_names_the_current_bet_plus_min_raise() -> None:
    state = golfo.deal_from(new_game(_CAPPED, players=3, stacks=(100, 100, 100)), DECK)
    state = apply(state, Bet(1, 2))
    with pytest.raises(IllegalActionError) as info:
        apply(state, golfo.Raise(2, 4))
    assert info.value.rule == "R5"
    assert "amount 4 is below the minimum raise 5" in str(info.value)
    assert golfo.moves.wager_limits(state, 2).minimum == 5


def test_the_same_action_objects_are_handed_out_again() -> None:
    """Bets and raises are interned: equal actions of two states are the same object (no
    list of a hundred amounts is built twice; a row grown for more amounts is new)."""
    golfo.moves._BETS[1] = ()  # seat 1's row of bets built afresh here (a state it can be in)
    golfo.moves._BETTING_LISTS.clear()  # and no list of them kept
    golfo.moves._BETTING_ROOM[0] = golfo.moves._BETTING_LISTS_SLOTS
    one = golfo.deal_from(new_game(TRADICIONAL, players=3, stacks=(700, 700, 700)), DECK)
    two = golfo.deal_from(new_game(TRADICIONAL, players=3, stacks=(40, 300, 300)), DECK)
    first, second = legal_actions(one), legal_actions(two)
    assert first[1:40] == second[1:40]
    assert all(a is b for a, b in zip(first[1:40], second[1:40], strict=True))
    assert list(legal_moves(one))[7] is first[7]


def test_the_betting_cache_keeps_lists_within_its_bound() -> None:
    """The kept betting lists: each counted as its length and 16 slots, their total never
    over ``_BETTING_LISTS_SLOTS``; a list longer than an eighth of them is never kept; when
    full the cache starts over."""
    cache = golfo.moves._BETTING_LISTS
    room = golfo.moves._BETTING_ROOM
    slots = golfo.moves._BETTING_LISTS_SLOTS
    cache.clear()  # start from an empty cache (other tests filled it): a state it can be in
    room[0] = slots

    def key_of(state: golfo.State) -> tuple[int, int, int, int]:
        seat = state.to_act
        assert isinstance(seat, int)
        low, stop = golfo.wagers.wager_range(state.__dict__, seat, 0)
        return (seat, 0, low, stop)

    def used() -> int:
        return sum(len(v) + 16 for v in cache.values())

    longest = slots // 8  # Pass and the bets 1..longest - 1: kept
    kept = golfo.deal_from(new_game(TRADICIONAL, players=3, stacks=(longest,) * 3), DECK)
    assert len(legal_actions(kept)) == longest
    assert cache[key_of(kept)] == legal_actions(kept)
    too_long = golfo.deal_from(new_game(TRADICIONAL, players=3, stacks=(longest + 1,) * 3), DECK)
    assert len(legal_actions(too_long)) == longest + 1
    assert key_of(too_long) not in cache
    seen = []
    for stack in range(100, 1300):  # about 840,000 slots of lists: the cache starts over
        state = golfo.deal_from(new_game(TRADICIONAL, players=3, stacks=(stack,) * 3), DECK)
        legal_actions(state)
        seen.append(key_of(state))
        assert cache[seen[-1]] == legal_actions(state)
        assert room[0] == slots - used() >= 0
    assert seen[-2] in cache  # two lists of a thousand amounts fit
    assert seen[0] not in cache  # the first went when the cache started over


def test_wager_limits_of_any_table() -> None:
    """``wager_limits`` reads any table (a state, a view, or one's own object with their
    fields): the numbers here have bits in common, so a sum is never an ``|`` or a ``^``."""
    table = SimpleNamespace(
        rules=golfo.Rules(ante=1, min_open=2, min_raise=3, round_caps=(10, 20, 30, 40)),
        phase=Phase.BET_3,
        dealt_in=(0, 1, 2),
        folded=frozenset(),
        bets=(0, 1, 2),
        stacks=(50, 5, 6),
        committed=(10, 11, 12),
    )
    zero = golfo.moves.wager_limits(table, 0)
    assert (zero.current, zero.minimum, zero.own) == (2, 2 + 3, 50)
    assert (zero.reach, zero.reach_seat) == (2 + 6, 2)  # seat 1 reaches 1 + 5 only
    assert zero.room == 30 - 10 + 0  # the third round's cap
    assert zero.amounts == range(5, 9)  # R8: no more than seat 2 can match
    one = golfo.moves.wager_limits(table, 1)
    assert one.own == 1 + 5
    assert (one.reach, one.reach_seat) == (50, 0)
    assert one.room == 30 - 11 + 1
    discarding = SimpleNamespace(**{**vars(table), "phase": Phase.DISCARD_1})
    assert golfo.moves.wager_limits(discarding, 0).amounts == range(0)  # no bet outside a round
    assert golfo.moves.wager_limits(discarding, 0).room is None


def test_a_single_amount_is_written_alone_at_any_size() -> None:
    state = golfo.deal_from(new_game(TRADICIONAL, players=3, stacks=(1000, 1000, 292)), DECK)
    state = apply(state, Bet(1, 290))  # seat 2 can raise to 291, all in, and no more
    assert legal_moves(state).raises == range(291, 292)
    assert golfo.describe_legal(state) == ("Call(seat=2), Raise(seat=2, amount=291), Fold(seat=2)")


def test_r8_no_amount_left_is_the_one_empty_range_in_moves_and_limits() -> None:
    """R8: when no bet or raise is left (the lowest amount at or past the highest, under a
    cap or against short stacks) both ``legal_moves`` and ``wager_limits`` give the one
    empty range, ``range(0, 0)``, never ``range(11, 10)`` (found by mutation testing: an
    empty range built from the limits themselves compares equal but reads differently).
    Both ways of running out, the lowest amount equal to and past the stop, are seen."""
    from golfo.wagers import wager_range

    rules = (
        golfo.Rules(round_caps=(10, 20, 30, 40), min_raise=2, starting_stack=60, ante=1),
        golfo.Rules(round_caps=(5, 10, 15, 20), min_raise=3, min_open=2, starting_stack=30),
        golfo.Rules(starting_stack=20, ante=2, min_raise=3),
    )
    seen = set()
    for g in range(60):
        rng = random.Random(g)
        state = golfo.new_game(rules[g % 3], players=3 + g % 2)
        while not state.is_over and state.hand_number < 4:
            seat = state.to_act
            if isinstance(seat, int):
                limits = golfo.moves.wager_limits(state, seat)
                if not state.phase.betting_round:  # outside a betting round: no amounts at all
                    assert repr(limits.amounts) == "range(0, 0)"
                else:
                    moves = golfo.legal_moves(state)
                    for amounts in (moves.bets, moves.raises, limits.amounts):
                        if not amounts:
                            assert (amounts.start, amounts.stop, amounts.step) == (0, 0, 1)
                    low, stop = wager_range(state.__dict__, seat, max(state.bets))
                    if low >= stop:
                        seen.add("equal" if low == stop else "past")
            state = golfo.apply(state, rng.choice(golfo.legal_actions(state)))
    assert seen == {"equal", "past"}
