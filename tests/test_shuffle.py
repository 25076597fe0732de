"""Seeded deals: SplitMix64, the unbiased draw and the Fisher-Yates shuffle (docs/shuffle.md).

The published values here are the ones in ``docs/shuffle.md``; another
implementation checks itself against the same numbers.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golfo
from golfo.shuffle import SEED_LIMIT, shuffled_deck, splitmix64, uniform_below

# SplitMix64 reference outputs (Vigna's splitmix64.c): independent of golfo.
SPLITMIX64_SEED_0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
SPLITMIX64_SEED_1234567 = [
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
]

# golfo's published decks (docs/shuffle.md), top card first.
PUBLISHED = {
    0: "3E 7O 4E 6E 8O 8B 6O 4B 5E 6C 9E 3B 8C 5C 9O 7C 7E 7B 3C 9B 5O 9C 4C 6B 8E 4O 3O 5B",
    1: "4C 5O 5B 8O 9C 8C 8B 5E 6E 7O 4O 4B 3B 6B 3C 8E 9O 7E 4E 3O 6O 7C 9E 9B 6C 3E 7B 5C",
    2024: "7B 5B 4O 3E 9C 3B 6C 8E 7E 4B 8C 5C 5E 6O 7O 9E 9O 8O 6B 8B 7C 4E 3C 5O 3O 9B 4C 6E",
    2**64
    - 1: "5C 5E 8C 5B 7B 9C 5O 4C 6C 3E 8O 3B 7E 6O 4O 9E 4E 3C 7O 9B 7C 6B 4B 8B 6E 8E 9O 3O",
}


def test_splitmix64_matches_the_reference_outputs() -> None:
    assert list(itertools.islice(splitmix64(0), 3)) == SPLITMIX64_SEED_0
    assert list(itertools.islice(splitmix64(1234567), 5)) == SPLITMIX64_SEED_1234567


@pytest.mark.parametrize("seed", PUBLISHED)
def test_shuffled_deck_matches_the_published_decks(seed: int) -> None:
    assert shuffled_deck(seed) == golfo.parse_cards(PUBLISHED[seed])
    assert golfo.shuffled_deck(seed) == golfo.Deck.shuffled(seed)


def test_shuffled_deck_published_first_draws() -> None:
    # The first draw for seed 0 is j = 0xE220A8397B1DCDAF mod 28 = 23: the card at index 23
    # (5B) swaps with the card at position 27 (9B), as docs/shuffle.md works through.
    assert 0xE220A8397B1DCDAF % 28 == 23
    assert uniform_below(splitmix64(0), 28) == 23


def _stream(values: list[int]) -> Iterator[int]:
    return iter(values)


def test_uniform_below_rejects_the_biased_tail() -> None:
    # limit for n = 3 is 2**64 - (2**64 mod 3) = 2**64 - 1: the value 2**64 - 1 is rejected.
    assert uniform_below(_stream([2**64 - 1, 7]), 3) == 1
    assert uniform_below(_stream([2**64 - 2, 7]), 3) == (2**64 - 2) % 3
    # n = 28: 2**64 mod 28 = 16, so the 16 highest outputs are rejected.
    assert uniform_below(_stream([2**64 - 16, 2**64 - 17]), 28) == (2**64 - 17) % 28


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=SEED_LIMIT - 1))
def test_shuffled_deck_is_a_permutation_and_deterministic(seed: int) -> None:
    deck = shuffled_deck(seed)
    assert sorted(deck) == list(golfo.DECK)
    assert shuffled_deck(seed) == deck


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, True, "7", None])
def test_shuffled_deck_refuses_bad_seeds(seed: object) -> None:
    with pytest.raises(golfo.CardError, match="seed must be a whole number"):
        shuffled_deck(seed)  # type: ignore[arg-type]


def test_seeded_deal_gives_mano_the_first_and_fourth_cards() -> None:
    # R1, R3: three seats, dealer 0, mano 1; cards go one at a time from mano, twice round.
    deck = shuffled_deck(2024)
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), deck)
    assert state.hands[1] == golfo.Hand([deck[0], deck[3]])
    assert state.hands[2] == golfo.Hand([deck[1], deck[4]])
    assert state.hands[0] == golfo.Hand([deck[2], deck[5]])
