"""The action codec shared by the PettingZoo and OpenSpiel adapters (golfo.ext.codec)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction

import attrs
import pytest

import golfo
from golfo import Bet, Call, Discard, Fold, Pass, Raise, State
from golfo.ext.codec import (
    DISCARD_IDS,
    NUM_CHANCE_OUTCOMES,
    ActionCodec,
    chance_ids,
    chance_string,
    chip_bound,
    decode_chance,
    max_amount,
    max_chance_nodes,
    max_moves,
)

ONE_HAND = golfo.Rules(hands=1)
FIVE_HANDS = golfo.Rules(hands=5, starting_stack=20)
LUDOTEKA_3 = attrs.evolve(golfo.LUDOTEKA, hands=3, extra_hands_on_tie=False)
RULES = {"one_hand": ONE_HAND, "five_hands_rebuy": FIVE_HANDS, "ludoteka": LUDOTEKA_3}

Chooser = Callable[[State, tuple[int, ...], random.Random], int]


def _random(_state: State, ids: tuple[int, ...], rng: random.Random) -> int:
    return rng.choice(ids)


def play(
    rules: golfo.Rules,
    players: int,
    codec: ActionCodec,
    seed: int,
    choose: Chooser = _random,
) -> Iterator[tuple[State, tuple[int, ...]]]:
    """Random play through ids: yields each decision state with its legal ids."""
    rng = random.Random(seed)
    state = golfo.new_game(rules, players=players, dealer=seed % players)
    while not state.is_over:
        if state.to_act is golfo.CHANCE:
            state = golfo.apply(state, decode_chance(rng.choice(chance_ids(state))))
            continue
        ids = codec.legal_ids(state)
        yield state, ids
        state = golfo.apply(state, codec.decode(state, choose(state, ids, rng)))


def codecs(rules: golfo.Rules, players: int) -> list[ActionCodec]:
    return [ActionCodec.for_rules(rules, players), ActionCodec(mode="abstract")]


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("players", [3, 4])
def test_legal_ids_are_sorted_unique_in_range_and_decode_to_legal_actions(
    name: str, players: int
) -> None:
    rules = RULES[name]
    for codec in codecs(rules, players):
        for seed in range(8):
            for state, ids in play(rules, players, codec, seed):
                assert ids, "a seat to act always has an action"
                assert list(ids) == sorted(set(ids))
                assert ids[0] >= 0
                assert ids[-1] < codec.num_distinct_actions
                legal = golfo.legal_actions(state)
                decoded = [codec.decode(state, i) for i in ids]
                assert all(a in legal for a in decoded)
                assert len(set(decoded)) == len(decoded)
                assert [codec.encode(state, a) for a in decoded] == list(ids)
                if codec.mode == "exact":  # every legal action has its own id
                    assert len(ids) == len(legal)


def test_exact_ids_are_amounts_then_pass_call_fold_discards_next_hand() -> None:
    codec = ActionCodec.for_rules(ONE_HAND, 3)
    m = codec.max_amount
    assert m == 99
    assert codec.num_distinct_actions == m + 1 + 3 + DISCARD_IDS + 2
    state = golfo.deal_from(golfo.new_game(ONE_HAND, players=3), golfo.DECK)
    assert codec.decode(state, 99) == Bet(1, 99)
    assert codec.decode(state, m + 1) == Pass(1)
    state = golfo.apply(state, Bet(1, 7))
    assert codec.legal_ids(state) == (*range(8, 100), m + 2, m + 3)
    assert codec.decode(state, m + 2) == Call(2)
    assert codec.decode(state, 8) == Raise(2, 8)
    assert codec.decode(state, m + 3) == Fold(2)


def test_abstract_buckets_follow_the_pot_and_collapse_duplicates() -> None:
    codec = ActionCodec(mode="abstract")
    state = golfo.deal_from(golfo.new_game(ONE_HAND, players=3), golfo.DECK)
    state = golfo.apply(state, Bet(1, 10))  # pot 13; seat 2 faces 10: pot after call 23
    decoded = [codec.decode(state, i) for i in codec.legal_ids(state)]
    amounts = [a.amount for a in decoded if isinstance(a, Raise)]
    assert amounts == [11, 10 + 11, 10 + 23, 10 + 46, 99]  # min, 1/2, 1, 2 pot, all-in
    short = golfo.new_game(ONE_HAND, players=3, stacks=[100, 100, 12])
    short = golfo.apply(golfo.deal_from(short, golfo.DECK), Bet(1, 10))
    ids = codec.legal_ids(short)  # seat 2 has 11 behind: min raise 11 is also all-in
    described = [codec.describe(short, i) for i in ids]
    assert described == ["Call", "Fold", "Raise 11 (min)"]


def test_abstract_encode_refuses_an_amount_outside_the_abstraction() -> None:
    codec = ActionCodec(mode="abstract")
    state = golfo.deal_from(golfo.new_game(ONE_HAND, players=3), golfo.DECK)
    assert golfo.is_legal(state, Bet(1, 50))
    with pytest.raises(golfo.IllegalActionError, match="no legal id"):
        codec.encode(state, Bet(1, 50))


def _to_discard(rules: golfo.Rules) -> State:
    state = golfo.deal_from(golfo.new_game(rules, players=3), golfo.DECK)
    while state.phase is not golfo.Phase.DISCARD_1:
        seat = state.to_act
        assert isinstance(seat, int)
        state = golfo.apply(state, Pass(seat))
        state = golfo.deal_from(state, golfo.DECK)
    return state


def test_r10_discard_ids_are_one_per_subset_of_the_sorted_hand() -> None:
    for codec in codecs(ONE_HAND, 3):
        state = _to_discard(ONE_HAND)
        seat = state.to_act
        assert isinstance(seat, int)
        ids = codec.legal_ids(state)
        assert ids == tuple(range(codec.discard_base, codec.discard_base + DISCARD_IDS))
        cards = sorted(state.hands[seat])
        for bits in range(DISCARD_IDS):
            wanted = frozenset(c for i, c in enumerate(cards) if bits >> i & 1)
            assert codec.decode(state, codec.discard_base + bits) == Discard(seat, wanted)
        assert codec.describe(state, codec.discard_base) == "Discard none"


def test_every_id_has_a_unique_string() -> None:
    for codec in [*codecs(ONE_HAND, 3), ActionCodec(mode="abstract", pot_fractions=[0.25, 3])]:
        strings = [codec.action_string(i) for i in range(codec.num_distinct_actions)]
        assert len(set(strings)) == len(strings)
    assert ActionCodec(mode="abstract", pot_fractions=[0.25]).pot_fractions == (Fraction(1, 4),)


def test_illegal_ids_are_refused_with_the_legal_ones() -> None:
    codec = ActionCodec.for_rules(ONE_HAND, 3)
    state = golfo.deal_from(golfo.new_game(ONE_HAND, players=3), golfo.DECK)
    with pytest.raises(golfo.IllegalActionError, match=r"action id 101 \(Call\) is not legal"):
        codec.decode(state, 101)
    with pytest.raises(ValueError, match="action id must be"):
        codec.decode(state, codec.num_distinct_actions)
    with pytest.raises(ValueError, match="exact mode needs max_amount"):
        ActionCodec()


def test_r4_chance_ids_are_the_card_indices_of_the_stock() -> None:
    state = golfo.new_game(ONE_HAND, players=3)
    assert chance_ids(state) == tuple(range(NUM_CHANCE_OUTCOMES))
    state = golfo.apply(state, decode_chance(27))
    assert 27 not in chance_ids(state)
    assert len(chance_ids(state)) == 27
    assert len({chance_string(i) for i in range(28)}) == 28
    assert ActionCodec.for_rules(ONE_HAND, 3).legal_ids(state) == ()


def test_r17_bounds_follow_stacks_rebuys_and_caps() -> None:
    assert chip_bound(ONE_HAND, 3) == 300
    assert chip_bound(FIVE_HANDS, 4) == 4 * 20 * 5
    assert max_amount(FIVE_HANDS, 3) == 3 * 20 * 5 - 1
    assert max_amount(LUDOTEKA_3, 3) == 100 - 5
    assert max_chance_nodes(ONE_HAND, 4) == 28
    with pytest.raises(ValueError, match="unbounded"):
        chip_bound(golfo.TRADICIONAL, 3)
    with pytest.raises(ValueError, match="unbounded"):
        max_moves(golfo.LUDOTEKA, 3)


def _all_in(state: State, ids: tuple[int, ...], rng: random.Random) -> int:
    """Bet or raise as much as possible, else a random action."""
    amounts = [i for i in ids if i <= max_amount(state.rules, state.players)]
    return max(amounts) if amounts else rng.choice(ids)


def _min_raise(state: State, ids: tuple[int, ...], rng: random.Random) -> int:
    """A raising war: always the smallest bet or raise when there is one."""
    amounts = [i for i in ids if i <= max_amount(state.rules, state.players)]
    return min(amounts) if amounts else rng.choice(ids)


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("choose", [_random, _all_in, _min_raise])
def test_r8_r9_amounts_and_moves_stay_within_the_bounds(name: str, choose: Chooser) -> None:
    rules = RULES[name]
    for players in (3, 4):
        codec = ActionCodec.for_rules(rules, players)
        bound = max_moves(rules, players)
        for seed in range(4):
            moves = sum(1 for _ in play(rules, players, codec, seed, choose))
            assert moves <= bound


def test_variant_discard_ids_follow_the_hand_size() -> None:
    """MINI's one-card hand: two discard ids (keep, change), strings with one bit."""
    rules = golfo.MINI
    codec = ActionCodec.for_rules(rules, 2)
    assert codec.discard_ids == 2
    state = golfo.deal_from(golfo.new_game(rules, players=2), golfo.shuffled_deck(5))
    state = golfo.apply(golfo.apply(state, Pass(1)), Pass(0))
    assert state.phase is golfo.Phase.DISCARD_1
    (card,) = list(state.hands[1])
    assert codec.legal_ids(state) == (codec.discard_base, codec.discard_base + 1)
    assert codec.decode(state, codec.discard_base + 1) == Discard(1, frozenset({card}))
    assert codec.action_string(codec.discard_base + 1) == "Discard #0"
    assert codec.next_hand_id == codec.discard_base + 2
    no_discards = attrs.evolve(rules, discard_rounds=0, betting_rounds=(1,))
    assert ActionCodec.for_rules(no_discards, 2).discard_ids == 0
    with pytest.raises(golfo.CodecError):
        ActionCodec(mode="abstract", discard_ids=3)
