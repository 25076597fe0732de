"""One action codec for a State and any seat's View (golfo-native's state is in
tests/native/test_native_codec.py), and its nearest-size rule (issue 35): an amount off
the abstract menu, below the minimum or above the stack maps to the menu's nearest amount,
a tie to the smaller."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import golfo
from golfo import Bet, Call, Phase, Raise, State
from golfo.errors import RulesError
from golfo.ext.codec import ActionCodec, chance_ids, decode_chance, discard_ids
from rulesets import variants

PRESETS = (
    golfo.Rules(hands=1),
    attrs.evolve(golfo.LUDOTEKA, hands=2, extra_hands_on_tie=False),
    golfo.MINI,
    golfo.MEDIANO,
)


def codecs_for(rules: golfo.Rules, players: int) -> list[ActionCodec]:
    """Exact (the rules' bound, or a roomy one where the rules have none), the default
    abstract menu, and one with other fractions."""
    discards = discard_ids(rules)
    try:
        exact = ActionCodec.for_rules(rules, players)
    except RulesError:  # rebuys in an open-ended game: no bound, but small stacks here
        exact = ActionCodec(mode="exact", max_amount=4000, discard_ids=discards)
    return [
        exact,
        ActionCodec(mode="abstract", discard_ids=discards),
        ActionCodec(mode="abstract", pot_fractions=[Fraction(1, 3), 0.75], discard_ids=discards),
    ]


def decisions(state: State, rng: random.Random, limit: int = 80) -> Iterator[State]:
    """Each state of a random game where a seat or the table acts (chance dealt at random),
    the seat choosing among the exact legal actions (so amounts of every size occur)."""
    for _ in range(limit):
        if state.is_over:
            return
        if state.to_act is golfo.CHANCE:
            state = golfo.apply(state, decode_chance(rng.choice(chance_ids(state))))
            continue
        yield state
        moves = golfo.legal_moves(state)
        if moves.amounts and rng.random() < 0.4:
            amounts = moves.amounts
            kind = Bet if moves.bets else Raise
            assert isinstance(moves.seat, int)
            action: golfo.Action = kind(moves.seat, rng.choice(amounts))
        else:
            action = rng.choice(golfo.legal_actions(state))
        state = golfo.apply(state, action)


@st.composite
def games(draw: st.DrawFn) -> State:
    rules = draw(st.sampled_from(PRESETS) | variants(most_hands=2))
    players = draw(st.sampled_from(rules.table_sizes))
    dealer = draw(st.integers(0, players - 1))
    return golfo.new_game(rules, players=players, dealer=dealer)


def _visible(v: golfo.View) -> bool:
    """Whether the view can know the legal ids: its own turn, any seat's bets, NextHand."""
    return (
        v.seat == v.to_act
        or (type(v.to_act) is int and v.phase.betting_round > 0)
        or v.phase is Phase.BETWEEN_HANDS
    )


def nearest(menu: tuple[int, ...], amount: int, legal: range) -> int:
    """The documented rule, restated: clamp into the legal range, nearest, ties smaller."""
    target = min(max(amount, legal[0]), legal[-1])
    return min(menu, key=lambda m: (abs(m - target), m))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 2**32))
def test_a_view_gives_the_ids_of_the_state_where_it_can_know_them(state: State, seed: int) -> None:
    rng = random.Random(seed)
    codecs = codecs_for(state.rules, state.players)
    for s in decisions(state, rng):
        for codec in codecs:
            ids = codec.legal_ids(s)
            assert ids, "a seat or the table to act always has an id"
            for seat in (*range(s.players), None):
                v = golfo.view(s, seat)
                seen = codec.legal_ids(v)
                assert seen == (ids if _visible(v) else ())
                assert [codec.decode(v, i) for i in seen] == [codec.decode(s, i) for i in seen]
                assert codec.menu(v) == (codec.menu(s) if seen else ())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 2**32))
def test_an_off_menu_amount_maps_to_the_nearest_menu_size(state: State, seed: int) -> None:
    rng = random.Random(seed)
    codecs = codecs_for(state.rules, state.players)
    for s in decisions(state, rng):
        moves = golfo.legal_moves(s)
        seat = moves.seat
        if type(seat) is not int or not moves.amounts:
            continue
        legal = moves.amounts
        kind, other = (Bet, Raise) if moves.bets else (Raise, Bet)
        tries = [rng.randint(-3, legal[-1] + 40), legal[0] - 1, legal[-1] + 1, 10**12]
        viewer = golfo.view(s, rng.choice([seat, None]))
        for codec in codecs:
            menu = codec.menu(s)
            assert (menu[0], menu[-1]) == (legal[0], legal[-1])  # the min and the all-in
            for amount in tries:
                got = codec.translate(s, kind(seat, amount))
                assert got == kind(seat, nearest(menu, amount, legal))
                assert isinstance(got, Bet | Raise)
                target = min(max(amount, legal[0]), legal[-1])
                assert all(abs(m - target) >= abs(got.amount - target) for m in menu)
                assert codec.translate(viewer, kind(seat, amount)) == got
                assert codec.encode(s, kind(seat, amount), nearest=True) == codec.encode(s, got)
                if amount not in menu:
                    with pytest.raises(golfo.IllegalActionError, match="no legal id"):
                        codec.encode(s, kind(seat, amount))
            for a in menu:  # an amount on the menu is itself
                assert codec.translate(s, kind(seat, a)) == kind(seat, a)
            with pytest.raises(golfo.IllegalActionError, match="nor a nearest one"):
                codec.translate(s, other(seat, legal[0]))  # a bet where raises are legal
            with pytest.raises(golfo.IllegalActionError, match="nor a nearest one"):
                codec.translate(s, kind((seat + 1) % s.players, legal[0]))


def _bet_nine() -> State:
    """Seat 2 faces a bet of 9 with 27 in the pot after calling: the menu 10/22/36/63/97."""
    s = golfo.deal_from(golfo.new_game(golfo.Rules(hands=1), players=3), golfo.DECK)
    for action in (Bet(1, 2), Call(2), Call(0)):
        s = golfo.apply(s, action)
    return golfo.apply(golfo.deal_from(s, golfo.DECK), Bet(1, 9))


def test_the_reported_raise_to_27_gets_the_id_of_the_nearest_size() -> None:
    s = _bet_nine()
    codec = ActionCodec(mode="abstract")
    assert codec.menu(s) == (10, 22, 36, 63, 97)
    with pytest.raises(golfo.IllegalActionError, match=r"not on the menu .*nearest=True"):
        codec.encode(s, Raise(2, 27))
    assert codec.decode(s, codec.encode(s, Raise(2, 27), nearest=True)) == Raise(2, 22)
    assert codec.translate(s, Raise(2, 29)) == Raise(2, 22)  # 22 + 7 = 36 - 7: the smaller
    assert codec.translate(s, Raise(2, 30)) == Raise(2, 36)
    assert codec.translate(s, Raise(2, 5)) == Raise(2, 10)  # below the minimum raise
    assert codec.translate(s, Raise(2, 150)) == Raise(2, 97)  # above the stack: all-in
    assert codec.translate(s, Call(2)) == Call(2)
    with pytest.raises(golfo.IllegalActionError):
        codec.translate(s, golfo.Pass(2))  # not legal: no nearest
    exact = ActionCodec.for_rules(s.rules, 3)
    assert exact.translate(s, Raise(2, 27)) == Raise(2, 27)
    assert exact.encode(s, Raise(2, 500), nearest=True) == 97


def test_a_bot_against_the_menu_always_has_an_id() -> None:
    codec = ActionCodec(mode="abstract")
    bot = golfo.HeuristicBot()
    for seed in range(6):
        rng = random.Random(seed)
        for s in decisions(golfo.new_game(golfo.Rules(hands=1), players=3), rng, 200):
            if type(s.to_act) is int:
                seen = golfo.view(s, s.to_act)
                i = codec.encode(seen, bot.choose(seen), nearest=True)
                assert i in codec.legal_ids(s)
