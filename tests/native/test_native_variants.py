"""golfo-native on variants of the rules (issue 34), in lockstep with golfo's reducer: random
games of random variants (``tests/rulesets.py``'s strategy: decks, deals, rounds, cards
counted, fixed limits, most raises, 2 to 4 seats) compared action by action and state by
state, with the ids (the codec's, each variant's discard ids), the heuristic's choices and the
views; games played by ids; the refusals of R5's new limits
word for word; MINI's and MEDIANO's perft counts equal to golfo's; whole games in Rust."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("golfo_native")

from golfo_native import NativeState, play_games
from lockstep import play_lockstep, same_refusal, start

import golfo
from golfo.conformance.perft import perft
from golfo.conformance.runner import choose
from golfo.ext.codec import ActionCodec, chance_ids, decode_chance
from golfo.wire import to_data

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared strategies
from rulesets import variants

common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GameArgs = tuple[golfo.Rules, int, int, list[int] | None]


@st.composite
def variant_games(draw: st.DrawFn) -> GameArgs:
    """A random variant, one of its table sizes, a first dealer, and stacks or the default."""
    rules = draw(variants())
    players = draw(st.sampled_from(rules.table_sizes))
    dealer = draw(st.integers(0, players - 1))
    stacks: list[int] | None = None
    if draw(st.booleans()):
        low = max(1, rules.ante) if rules.rebuy else 0
        stacks = draw(st.lists(st.integers(low, 60), min_size=players, max_size=players))
    return rules, players, dealer, stacks


def every_view_and_choice(ours: golfo.State, theirs: NativeState) -> None:
    """The views of every seat and of a spectator; the Rust heuristic's choice is golfo's
    HeuristicBot's; the ids are the codec's (with the default stacks the codec is built for)."""
    for seat in (None, *range(ours.players)):
        assert theirs.view(seat) == to_data(golfo.view(ours, seat))
    seat = ours.to_act
    if isinstance(seat, int):
        assert theirs.heuristic_action() == golfo.HeuristicBot().choose(golfo.view(ours, seat))
    if set(ours.initial_stacks) == {ours.rules.starting_stack}:
        try:
            codec = ActionCodec.for_rules(ours.rules, ours.players)
        except golfo.RulesError:  # a table the codec does not take: nor do the ids
            with pytest.raises(golfo.RulesError):
                theirs.legal_ids()
            return
        expected = chance_ids(ours) if seat is golfo.CHANCE else codec.legal_ids(ours)
        assert theirs.legal_ids() == list(expected)


@common
@given(game=variant_games(), seed=st.integers(0, 2**32))
def test_random_variant_games_agree_step_by_step(game: GameArgs, seed: int) -> None:
    both = start(*game)
    if both is None:
        return
    rng = random.Random(seed)
    play_lockstep(*both, rng, also=every_view_and_choice if seed % 4 == 0 else None)


@common
@given(game=variant_games(), seed=st.integers(0, 2**32), cut=st.integers(0, 120))
def test_variant_states_round_trip_at_random_points(game: GameArgs, seed: int, cut: int) -> None:
    """``from_state`` in the middle of a round: the raises made so far are counted from the
    history, as golfo counts them."""
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
    play_lockstep(ours, theirs, rng, refuse=False)


PRESETS = [
    pytest.param(golfo.MINI, 2, id="mini-2"),
    pytest.param(golfo.MINI, 3, id="mini-3"),
    pytest.param(golfo.MEDIANO, 2, id="mediano-2"),
    pytest.param(golfo.MEDIANO, 3, id="mediano-3"),
]


@pytest.mark.parametrize(("rules", "players"), PRESETS)
def test_the_small_presets_perft_counts_are_golfos(rules: golfo.Rules, players: int) -> None:
    """From a new game (chance first) to beyond the end of the hand, with three deck orders:
    every count golfo's perft gives."""
    for seed in (1, 2, 3):
        deck = golfo.shuffled_deck(seed)
        ours = golfo.new_game(rules, players=players, dealer=seed % players)
        theirs = NativeState.from_state(ours)
        counts = [perft(ours, 1, deck)]
        while counts[-1]:  # to the end of the game (one hand), and one more
            counts.append(perft(ours, len(counts) + 1, deck))
        assert [theirs.perft(depth, deck) for depth in range(1, len(counts) + 1)] == counts
        assert max(counts) > 10


@pytest.mark.parametrize(("rules", "players"), PRESETS)
def test_the_small_presets_play_in_lockstep(rules: golfo.Rules, players: int) -> None:
    rng = random.Random(f"{players}-{len(rules.deck)}")
    for _ in range(25):
        both = start(rules, players, rng.randrange(players), None)
        assert both is not None
        play_lockstep(*both, rng, also=every_view_and_choice)


def play_by_ids(rules: golfo.Rules, players: int, dealer: int, rng: random.Random) -> int:
    """A game played by random legal ids on both engines: golfo-native's ``legal_ids`` are the
    codec's (``ActionCodec.for_rules``), each id decodes to the codec's action and
    ``apply_id`` gives golfo's state after it; ids out of the codec's range are refused as
    it refuses them.  Returns the cards changed in the discards (how far play went)."""
    codec = ActionCodec.for_rules(rules, players)
    ours = golfo.new_game(rules, players=players, dealer=dealer)
    theirs = NativeState.new_game(rules, players, dealer)
    changed = 0
    while not ours.is_over:
        ids = theirs.legal_ids()
        pick = rng.choice(ids)
        action: golfo.Action
        if ours.to_act is golfo.CHANCE:
            assert ids == list(chance_ids(ours))
            action = decode_chance(pick)
        else:
            assert ids == list(codec.legal_ids(ours))
            action = codec.decode(ours, pick)
            assert theirs.action_of_id(pick) == action
            if isinstance(action, golfo.Discard):
                changed += len(action.cards)
        theirs.apply_id(pick)
        ours = golfo.apply(ours, action)
        assert theirs.to_state() == ours
    size = codec.num_distinct_actions  # the variant's: its discard ids, then NextHand, EndGame
    with pytest.raises(golfo.CodecError, match=f"0..{size - 1},"):
        theirs.apply_id(size)
    with pytest.raises(golfo.IllegalActionError):
        theirs.apply_id(size - 1)  # EndGame: the game is over
    return changed


ID_GAMES = [
    *PRESETS,
    pytest.param(attrs.evolve(golfo.MINI, hands=3), 3, id="mini-3-hands"),  # NextHand's id
    pytest.param(attrs.evolve(golfo.TRADICIONAL, hands=1), 3, id="tradicional-3"),
    pytest.param(attrs.evolve(golfo.LUDOTEKA, hands=1), 4, id="ludoteka-4"),
]


@pytest.mark.parametrize(("rules", "players"), ID_GAMES)
def test_ids_are_the_codecs_on_the_presets(rules: golfo.Rules, players: int) -> None:
    """MINI's two discard ids, MEDIANO's, El Golfo's 32: random games played by ids, seeded."""
    rng = random.Random(f"ids-{players}-{len(rules.deck)}-{rules.ante}")
    changed = sum(play_by_ids(rules, players, game % players, rng) for game in range(12))
    assert changed > 0  # random play reached discards that change cards


@common
@given(game=variant_games(), seed=st.integers(0, 2**32))
def test_ids_are_the_codecs_on_random_variants(game: GameArgs, seed: int) -> None:
    """Any variant the codec takes (default stacks): 0 to 32 discard ids."""
    rules, players, dealer, _ = game
    try:
        ActionCodec.for_rules(rules, players)
        golfo.new_game(rules, players=players, dealer=dealer)
    except golfo.RulesError:
        return  # not a table the codec takes (or no game): the lockstep tests cover refusals
    play_by_ids(rules, players, dealer, random.Random(seed))


def fixed(**changes: Any) -> golfo.Rules:
    """Fixed-limit rules of El Golfo's deck for three: bets of 2 and 4, one raise a round."""
    base = golfo.Rules(bet_sizes=(2, 2, 4, 4), max_raises=1, table_sizes=(2, 3), hands=1)
    return attrs.evolve(base, **changes)


def test_the_new_limits_are_refused_in_golfos_words() -> None:
    """``raise_limit`` (R5, most raises) and ``limit_amount`` (R5, fixed limit): the same
    rule, code, facts and message, and nothing changed."""
    for rules in (fixed(), fixed(max_raises=0), fixed(max_raises=2), golfo.MINI):
        ours = golfo.deal_from(golfo.new_game(rules, players=2), golfo.DECK)
        theirs = NativeState.from_state(ours)
        seat = ours.to_act
        assert isinstance(seat, int)
        size = rules.bet_sizes[0] if rules.bet_sizes else 0
        for wrong in (size + 1, size - 1, 7):
            same_refusal(ours, theirs, golfo.Bet(seat, wrong))
        ours = golfo.apply(ours, golfo.Bet(seat, size))
        theirs.play(golfo.Bet(seat, size))
        other = ours.to_act
        assert isinstance(other, int)
        for raises in range(3):
            for wrong in (2 * size + 1, size, 2 * size - 1):
                if not golfo.is_legal(ours, golfo.Raise(other, wrong)):
                    same_refusal(ours, theirs, golfo.Raise(other, wrong))
            legal = golfo.legal_moves(ours).raises
            assert theirs.legal_moves().raises == legal
            if not legal:
                assert raises == rules.max_raises
                with pytest.raises(golfo.IllegalActionError) as refused:
                    theirs.play(golfo.Raise(other, (2 + raises) * size))
                assert refused.value.code == "raise_limit"
                break
            ours = golfo.apply(ours, golfo.Raise(other, legal[0]))
            theirs.play(golfo.Raise(other, legal[0]))
            assert theirs.to_state() == ours
            seat, other = other, seat


def test_table_sizes_and_the_fewest_seats_are_refused_as_golfo_refuses() -> None:
    cases = [
        (golfo.MINI, 4, None),
        (golfo.TRADICIONAL, 2, None),
        (golfo.MEDIANO, 3, [0, 0, 5]),  # one seat can pay the ante: no game for two (R17)
        (fixed(rebuy=False, table_sizes=(3,)), 3, [10, 0, 10]),
    ]
    for rules, players, stacks in cases:
        with pytest.raises(golfo.RulesError) as expected:
            golfo.new_game(rules, players=players, stacks=stacks)
        with pytest.raises(golfo.RulesError) as got:
            NativeState.new_game(rules, players, 0, stacks)
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize(
    "rules",
    [golfo.MINI, fixed(hands=3), attrs.evolve(golfo.MEDIANO, hands=4)],
    ids=["mini", "fixed", "mediano"],
)
def test_whole_variant_games_in_rust_are_golfos(policy: str, rules: golfo.Rules) -> None:
    """``play_games`` on a variant: each game's record replays on golfo's reducer to the same
    stacks, and the chips are kept."""
    for players in rules.table_sizes:
        out = play_games(30, rules, players, 5, policy, records=True)  # type: ignore[arg-type]
        for k, record in enumerate(out["records"]):
            final = golfo.from_json(record)
            assert list(final.stacks) == [int(x) for x in out["stacks"][k]]
            assert sum(final.stacks) == sum(final.initial_stacks)  # no rebuys in these
