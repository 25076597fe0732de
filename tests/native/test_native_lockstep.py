"""golfo-native against golfo's reducer, in lockstep: random games of both presets and of
random valid rules, every step compared (legal moves, observation, the whole state), illegal
actions refused alike with the state unchanged, ``apply`` pure, ``from_state`` round trips."""

from __future__ import annotations

import copy
import random

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("golfo_native")

from golfo_native import NativeState
from lockstep import play_lockstep, start

import golfo
from golfo.cards import DECK
from golfo.conformance.runner import choose
from golfo.ext.codec import ActionCodec, chance_ids, decode_chance

common = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rule_sets(draw: st.DrawFn) -> golfo.Rules:
    """A preset, or valid custom rules, with a short length."""
    base = draw(st.sampled_from(["tradicional", "ludoteka", "custom"]))
    if base == "tradicional":
        rules = golfo.TRADICIONAL
    elif base == "ludoteka":
        rules = golfo.LUDOTEKA
    else:
        ante = draw(st.integers(0, 5))
        caps = None
        if draw(st.booleans()):
            first = draw(st.integers(max(ante, 1), 40))
            rest = sorted(draw(st.lists(st.integers(first, 200), min_size=3, max_size=3)))
            caps = (first, *rest)
        rules = golfo.Rules(
            ante=ante,
            min_open=draw(st.integers(1, 6)),
            min_raise=draw(st.integers(1, 6)),
            round_caps=caps,
            rebuy=draw(st.booleans()),
            extra_hands_on_tie=draw(st.booleans()),
        )
    return attrs.evolve(
        rules,
        hands=draw(st.sampled_from([1, 2, 3, None] if rules.rebuy else [1, 2, 3])),
        deal_in_pairs=draw(st.booleans()),
        discards_face_up=draw(st.booleans()),
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[golfo.Rules, int, int, list[int] | None]:
    """Rules, seats, first dealer and stacks (or the default) of a game that can start."""
    rules = draw(rule_sets())
    players = draw(st.sampled_from([3, 4]))
    dealer = draw(st.integers(0, players - 1))
    stacks: list[int] | None = None
    if draw(st.booleans()):
        low = max(1, rules.ante) if rules.rebuy else 0
        top = draw(st.sampled_from([12, 40, 100, 1000]))
        stacks = draw(st.lists(st.integers(low, max(low, top)), min_size=players, max_size=players))
    return rules, players, dealer, stacks


@common
@given(game=games(), seed=st.integers(0, 2**32))
def test_random_games_agree_step_by_step(
    game: tuple[golfo.Rules, int, int, list[int] | None], seed: int
) -> None:
    both = start(*game)
    if both is None:
        return
    play_lockstep(*both, random.Random(seed))


@pytest.mark.parametrize("rules", [golfo.TRADICIONAL, golfo.LUDOTEKA], ids=["trad", "ludo"])
@pytest.mark.parametrize("players", [3, 4])
def test_whole_preset_games_agree(rules: golfo.Rules, players: int) -> None:
    rng = random.Random(f"{rules.ante}-{players}")
    for _ in range(3):
        both = start(rules, players, rng.randrange(players), None)
        assert both is not None
        play_lockstep(*both, rng, refuse=False)


@common
@given(game=games(), seed=st.integers(0, 2**32), cut=st.integers(0, 300))
def test_from_state_round_trips_at_random_points(
    game: tuple[golfo.Rules, int, int, list[int] | None], seed: int, cut: int
) -> None:
    both = start(*game)
    if both is None:
        return
    ours = both[0]
    rng = random.Random(seed)
    for _ in range(cut):
        if ours.is_over:
            break
        ours = golfo.apply(ours, choose(ours, rng))
    theirs = NativeState.from_state(ours)
    assert theirs.to_state() == ours
    assert NativeState.from_state(theirs.to_state()) == theirs
    # and it plays on like golfo from there
    play_lockstep(ours, theirs, rng, refuse=False)


@common
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]), hands=st.integers(1, 3))
def test_ids_are_the_codecs(seed: int, players: int, hands: int) -> None:
    rules = attrs.evolve(golfo.LUDOTEKA if seed % 2 else golfo.TRADICIONAL, hands=hands)
    codec = ActionCodec.for_rules(rules, players)
    ours = golfo.new_game(rules, players=players)
    theirs = NativeState.new_game(rules, players)
    rng = random.Random(seed)
    while not ours.is_over:
        ids = theirs.legal_ids()
        if ours.to_act is golfo.CHANCE:
            assert ids == list(chance_ids(ours))
            pick = rng.choice(ids)
            action: golfo.Action = decode_chance(pick)
        else:
            assert ids == list(codec.legal_ids(ours))
            pick = rng.choice(ids)
            action = codec.decode(ours, pick)
            assert theirs.action_of_id(pick) == action
        theirs.apply_id(pick)
        ours = golfo.apply(ours, action)
        assert theirs.to_state() == ours
    with pytest.raises(golfo.CodecError):
        theirs.apply_id(-1)


def test_an_id_not_legal_is_refused_and_changes_nothing() -> None:
    theirs = NativeState.new_game(attrs.evolve(golfo.TRADICIONAL, hands=1), 3)
    for card in DECK[:6]:
        theirs.play(golfo.Deal(card))
    kept = theirs.copy()
    with pytest.raises(golfo.IllegalActionError):
        theirs.apply_id(theirs.legal_ids()[-1] + 1)  # Call: nobody has opened
    assert theirs == kept


def test_apply_never_changes_its_input_and_copies_are_independent() -> None:
    theirs = NativeState.new_game(golfo.LUDOTEKA, 3)
    before = theirs.to_state()
    after = theirs.apply(golfo.Deal(DECK[5]))
    assert theirs.to_state() == before
    assert after.to_state() == golfo.apply(before, golfo.Deal(DECK[5]))
    assert copy.copy(after) == after
    assert after != theirs


def test_perft_agrees_with_golfos_positions() -> None:
    from golfo.conformance.perft import POSITIONS, perft

    for position in POSITIONS.values():
        theirs = NativeState.from_state(position.state)
        for depth in range(1, 5):
            assert theirs.perft(depth, position.deck) == perft(
                position.state, depth, position.deck
            ), (position.name, depth)


def test_views_agree_with_golfos_for_every_seat() -> None:
    from golfo.wire import to_data

    rules = attrs.evolve(golfo.TRADICIONAL, discards_face_up=False, hands=2)
    rng = random.Random(5)
    ours = golfo.new_game(rules, players=4)
    theirs = NativeState.new_game(rules, 4)
    while not ours.is_over:
        for seat in (None, 0, 1, 2, 3):
            assert theirs.view(seat) == to_data(golfo.view(ours, seat))
        action = choose(ours, rng)
        ours = golfo.apply(ours, action)
        theirs.play(action)
    with pytest.raises(golfo.SeatError):
        theirs.view(4)
