"""golfo-native against golfo's reducer, in lockstep: random games of both presets and of
random valid rules, every step compared (legal moves, observation, the whole state), illegal
actions refused alike with the state unchanged, ``apply`` pure, ``from_state`` round trips."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("golfo_native")

from golfo_native import NativeState

import golfo
from golfo.cards import ALL_CARDS, DECK
from golfo.conformance.protocol import observation
from golfo.conformance.runner import choose, illegal_actions
from golfo.ext.codec import ActionCodec, chance_ids, decode_chance

MAX_STEPS = 400
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
    return sum(state.stacks) + state.pot


def given_chips(state: golfo.State) -> int:
    return sum(s * (1 + r) for s, r in zip(state.initial_stacks, state.rebuys, strict=True))


def cards_in_one_place(state: golfo.State) -> None:
    places = [*state.hand_masks, state.stock_mask, state.discard_mask, state.dead_mask]
    seen = 0
    for mask in places:
        assert not seen & mask, "a card in two places"
        seen |= mask
    assert seen == ALL_CARDS, "a card in no place"


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
    assert theirs.legal_moves() == golfo.legal_moves(ours)
    assert theirs.observe() == observation(ours)
    assert theirs.to_state() == ours
    assert theirs.phase is ours.phase
    assert theirs.to_act == ours.to_act
    assert theirs.is_over == ours.is_over
    assert chips(ours) == given_chips(ours)  # golfo's state, which the native one equals
    cards_in_one_place(ours)


def play_lockstep(
    ours: golfo.State, theirs: NativeState, rng: random.Random, *, refuse: bool = True
) -> golfo.State:
    for _ in range(MAX_STEPS):
        check_same(ours, theirs)
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
