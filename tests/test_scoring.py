"""Hand scoring: rulebook section 6 "Jugadas" and section 9 "Valor de las Combinaciones".

Section 6: a hand is worth the best total of the cards of one suit, counting
four cards at most (five of a suit count their best four); the maximum is 30
(nueve, ocho, siete, seis).  Section 9 publishes the value of every
combination of two, three and four cards of one suit; it is transcribed
below as data, in the book's words.

The reference value used by the property and exhaustive tests
(:func:`brute_force_value`) is written here from the rule's words, without
golfo's tables, masks or indices.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

import golfo
from golfo import Card, CardError, Hand, Suit, hand_value, parse_cards, score

# --- Section 9, as published ----------------------------------------------------------------

PUBLISHED_TABLE: Final[tuple[tuple[str, int], ...]] = (
    # Four cards (35).
    ("Nueve, ocho, siete, seis", 30),
    ("Nueve, ocho, siete, cinco", 29),
    ("Nueve, ocho, siete, cuatro", 28),
    ("Nueve, ocho, siete, tres", 27),
    ("Nueve, ocho, seis, cinco", 28),
    ("Nueve, ocho, seis, cuatro", 27),
    ("Nueve, ocho, seis, tres", 26),
    ("Nueve, ocho, cinco, cuatro", 26),
    ("Nueve, ocho, cinco, tres", 25),
    ("Nueve, ocho, cuatro, tres", 24),
    ("Nueve, siete, seis, cinco", 27),
    ("Nueve, siete, seis, cuatro", 26),
    ("Nueve, siete, seis, tres", 25),
    ("Nueve, siete, cinco, cuatro", 25),
    ("Nueve, siete, cinco, tres", 24),
    ("Nueve, siete, cuatro, tres", 23),
    ("Nueve, seis, cinco, cuatro", 24),
    ("Nueve, seis, cinco, tres", 23),
    ("Nueve, seis, cuatro, tres", 22),
    ("Nueve, cinco, cuatro, tres", 21),
    ("Ocho, siete, seis, cinco", 26),
    ("Ocho, siete, seis, cuatro", 25),
    ("Ocho, siete, seis, tres", 24),
    ("Ocho, siete, cinco, cuatro", 24),
    ("Ocho, siete, cinco, tres", 23),
    ("Ocho, siete, cuatro, tres", 22),
    ("Ocho, seis, cinco, cuatro", 23),
    ("Ocho, seis, cinco, tres", 22),
    ("Ocho, seis, cuatro, tres", 21),
    ("Ocho, cinco, cuatro, tres", 20),
    ("Siete, leis, cinco, cuatro", 22),  # sic: "leis" is the source's typo for "seis"
    ("Siete, seis, cinco, tres", 21),
    ("Siete, seis, cuatro, tres", 20),
    ("Siete, cinco, cuatro, tres", 19),
    ("Seis, cinco, cuatro, tres", 18),
    # Three cards (35).  (The source's two-column layout, flattened, interleaves
    # this list with the four-card one; the order here is the columns' order.)
    ("Nueve, ocho, siete", 24),
    ("Nueve, ocho, seis", 23),
    ("Nueve, ocho, cinco", 22),
    ("Nueve, ocho, cuatro", 21),
    ("Nueve, ocho, tres", 20),
    ("Nueve, siete, seis", 22),
    ("Nueve, siete, cinco", 21),
    ("Nueve, siete, cuatro", 20),
    ("Nueve, siete, tres", 19),
    ("Nueve, seis, cinco", 20),
    ("Nueve, seis, cuatro", 19),
    ("Nueve, seis, tres", 18),
    ("Nueve, cinco, cuatro", 18),
    ("Nueve, cinco, tres", 17),
    ("Nueve, cuatro, tres", 16),
    ("Ocho, siete, seis", 21),
    ("Ocho, siete, cinco", 20),
    ("Ocho, siete, cuatro", 19),
    ("Ocho, siete, tres", 18),
    ("Ocho, seis, cinco", 19),
    ("Ocho, seis, cuatro", 18),
    ("Ocho, seis, tres", 17),
    ("Ocho, cinco, cuatro", 17),
    ("Ocho, cinco, tres", 16),
    ("Ocho, cuatro, tres", 15),
    ("Siete, seis, cinco", 18),
    ("Siete, seis, cuatro", 17),
    ("Siete, seis, tres", 16),
    ("Siete, cinco, cuatro", 16),
    ("Siete, cinco, tres", 15),
    ("Siete, cuatro, tres", 14),
    ("Seis, cinco, cuatro", 15),
    ("Seis, cinco, tres", 14),
    ("Seis, cuatro, tres", 13),
    ("Cinco, cuatro, tres", 12),
    # Two cards (21).
    ("Nueve, ocho", 17),
    ("Nueve, siete", 16),
    ("Nueve, seis", 15),
    ("Nueve, cinco", 14),
    ("Nueve, cuatro", 13),
    ("Nueve, tres", 12),
    ("Ocho, siete", 15),
    ("Ocho, seis", 14),
    ("Ocho, cinco", 13),
    ("Ocho, cuatro", 12),
    ("Ocho, tres", 11),
    ("Siete, seis", 13),
    ("Siete, cinco", 12),
    ("Siete, cuatro", 11),
    ("Siete, tres", 10),
    ("Seis, cinco", 11),
    ("Seis, cuatro", 10),
    ("Seis, tres", 9),
    ("Cinco, cuatro", 9),
    ("Cinco, tres", 8),
    ("Cuatro, tres", 7),
)
"""Rulebook section 9, "Combinación y Valor en puntos", entry by entry as printed."""

NUMBER_WORDS: Final[dict[str, int]] = {
    "tres": 3,
    "cuatro": 4,
    "cinco": 5,
    "seis": 6,
    "leis": 6,  # the source misprints "seis" as "leis" once ("Siete, leis, cinco, cuatro")
    "siete": 7,
    "ocho": 8,
    "nueve": 9,
}


def ranks_of(words: str) -> tuple[int, ...]:
    """``"Nueve, ocho"`` -> ``(9, 8)``."""
    return tuple(NUMBER_WORDS[word.strip().lower()] for word in words.split(","))


TABLE: Final[tuple[tuple[tuple[int, ...], int], ...]] = tuple(
    (ranks_of(words), value) for words, value in PUBLISHED_TABLE
)


def test_section9_table_transcription_is_complete() -> None:
    assert len(PUBLISHED_TABLE) == 91
    sizes = [len(ranks) for ranks, _ in TABLE]
    assert sizes.count(4) == 35
    assert sizes.count(3) == 35
    assert sizes.count(2) == 21
    # The table lists every combination of two, three or four ranks exactly once,
    # each written from the highest rank down.
    combos = [ranks for ranks, _ in TABLE]
    assert len(set(combos)) == 91
    expected = {combo for n in (2, 3, 4) for combo in itertools.combinations(range(9, 2, -1), n)}
    assert set(combos) == expected
    assert sum("leis" in words for words, _ in PUBLISHED_TABLE) == 1


def test_section9_table_values_are_the_sums_of_the_ranks() -> None:
    # Section 5: each card is worth its rank, so the book's values are plain sums.
    for ranks, value in TABLE:
        assert sum(ranks) == value


@pytest.mark.parametrize(("words", "value"), PUBLISHED_TABLE, ids=[w for w, _ in PUBLISHED_TABLE])
def test_section9_published_table(words: str, value: int) -> None:
    ranks = ranks_of(words)
    for suit in Suit:
        cards = [Card(rank, suit) for rank in ranks]
        assert hand_value(cards) == value, (words, suit)
        assert hand_value(tuple(reversed(cards))) == value
        assert Hand(cards).value == value
        result = score(cards)
        assert result.value == value
        assert result.suit is suit
        assert result.cards == tuple(sorted(cards))
        assert sorted(c.rank for c in result.cards) == sorted(ranks)


# --- An independent reference ---------------------------------------------------------------


def brute_force_value(cards: Iterable[Card]) -> int:
    """Section 6 in the test's own words: per suit, the four highest ranks; the best suit."""
    by_suit: dict[str, list[int]] = {}
    for card in cards:
        text = str(card)  # "9O": rank digits, then the suit letter
        by_suit.setdefault(text[-1], []).append(int(text[:-1]))
    totals = [sum(sorted(ranks, reverse=True)[:4]) for ranks in by_suit.values()]
    return max(totals, default=0)


LETTERS: Final = "OCEB"
ALL_CARDS: Final[list[Card]] = [Card(r, Suit(s)) for s in LETTERS for r in range(3, 10)]

cards_st = st.sampled_from(ALL_CARDS)
hands_st = st.lists(cards_st, min_size=0, max_size=5, unique=True)


def test_brute_force_reference_itself() -> None:
    # The reference must be right for the examples the rulebook gives in words.
    assert brute_force_value(parse_cards("8C 9C 4E 5E 6E")) == 17
    assert brute_force_value(parse_cards("9O 8O 7O 6O 5O")) == 30
    assert brute_force_value(parse_cards("3O 4O 3C 4C 8E")) == 8
    assert brute_force_value(()) == 0


# --- Section 6 examples ---------------------------------------------------------------------


def test_section6_example_copas_beat_espadas() -> None:
    # "el ocho y el nueve de copas (17 puntos en copas) y el cuatro, cinco y seis de
    # espadas (15 puntos en espadas), su mano vale 17 puntos"
    cards = parse_cards("8C 9C 4E 5E 6E")
    assert hand_value(cards) == 17
    result = score(cards)
    assert result.value == 17
    assert result.suit is Suit.COPAS
    assert result.cards == parse_cards("8C 9C")


def test_section6_maximum_is_30_nueve_ocho_siete_seis() -> None:
    for letter in LETTERS:
        assert hand_value(parse_cards(f"9{letter} 8{letter} 7{letter} 6{letter}")) == 30
        five = parse_cards(f"9{letter} 8{letter} 7{letter} 6{letter} 5{letter}")
        assert hand_value(five) == 30
        assert score(five).cards == five[3::-1]


def test_section6_five_of_a_suit_count_their_best_four() -> None:
    cards = parse_cards("3B 5B 7B 8B 9B")
    assert hand_value(cards) == 9 + 8 + 7 + 5
    assert score(cards).cards == parse_cards("5B 7B 8B 9B")


def test_section6_a_lone_card_counts() -> None:
    cards = parse_cards("3O 4O 3C 4C 8E")
    assert hand_value(cards) == 8
    result = score(cards)
    assert result.suit is Suit.ESPADAS
    assert result.cards == parse_cards("8E")
    for card in ALL_CARDS:
        assert hand_value([card]) == card.rank


def test_score_tie_goes_to_the_first_suit_in_canonical_order() -> None:
    result = score(parse_cards("9B 8B 9E 8E 3C"))
    assert result.value == 17
    assert result.suit is Suit.ESPADAS
    assert result.cards == parse_cards("8E 9E")


# --- Properties -----------------------------------------------------------------------------


@given(hands_st, st.randoms(use_true_random=False))
def test_order_of_cards_never_matters(cards: list[Card], rnd: random.Random) -> None:
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert hand_value(shuffled) == hand_value(cards)
    assert score(shuffled) == score(cards)


@given(st.lists(cards_st, min_size=1, max_size=5, unique=True))
def test_adding_a_card_never_lowers_the_value(cards: list[Card]) -> None:
    *hand, extra = cards
    assert hand_value([*hand, extra]) >= hand_value(hand)


@given(hands_st)
def test_value_never_exceeds_30(cards: list[Card]) -> None:
    assert 0 <= hand_value(cards) <= 30


@given(hands_st)
def test_value_equals_brute_force(cards: list[Card]) -> None:
    expected = brute_force_value(cards)
    assert hand_value(cards) == expected
    assert Hand(cards).value == expected
    assert score(cards).value == expected


@given(hands_st)
def test_score_explains_the_value(cards: list[Card]) -> None:
    result = score(cards)
    if not cards:
        assert result == golfo.Score(0, None, ())
        return
    assert result.suit is not None
    assert 1 <= len(result.cards) <= 4
    assert list(result.cards) == sorted(result.cards)
    assert all(card in cards and card.suit is result.suit for card in result.cards)
    assert sum(card.rank for card in result.cards) == result.value
    # The counting cards are the suit's best: no card of that suit left out outranks them.
    left_out = [c for c in cards if c.suit is result.suit and c not in result.cards]
    assert all(c.rank < min(k.rank for k in result.cards) for c in left_out)
    # The suit named is the first in canonical order that reaches the value.
    first = next(
        s for s in Suit if brute_force_value(c for c in cards if c.suit is s) == result.value
    )
    assert result.suit is first


@given(st.sets(st.integers(3, 9), min_size=5, max_size=5), st.sampled_from(list(Suit)))
def test_five_of_one_suit_count_their_best_four(ranks: set[int], suit: Suit) -> None:
    cards = [Card(r, suit) for r in ranks]
    assert hand_value(cards) == sum(ranks) - min(ranks)


@given(hands_st.filter(bool))
def test_a_lone_card_always_counts(cards: list[Card]) -> None:
    assert hand_value(cards) >= max(card.rank for card in cards)


# --- Exhaustive -----------------------------------------------------------------------------


def test_exhaustive_every_hand_of_up_to_five_cards() -> None:
    counts = dict.fromkeys(range(6), 0)
    lone_card_hands = 0  # valued by a lone card: only one-card suits reach the value
    lone_card_or_tie = 0  # a one-card suit reaches the value (ties with a longer suit counted)
    for n in range(6):
        for hand in itertools.combinations(ALL_CARDS, n):
            expected = brute_force_value(hand)
            assert hand_value(hand) == expected, hand
            counts[n] += 1
            if n == 5:
                suit_sizes: dict[Suit, int] = {}
                for card in hand:
                    suit_sizes[card.suit] = suit_sizes.get(card.suit, 0) + 1
                reaching = [
                    s
                    for s in suit_sizes
                    if brute_force_value(c for c in hand if c.suit is s) == expected
                ]
                if all(suit_sizes[s] == 1 for s in reaching):
                    lone_card_hands += 1
                if any(suit_sizes[s] == 1 for s in reaching):
                    lone_card_or_tie += 1
    assert counts == {0: 1, 1: 28, 2: 378, 3: 3276, 4: 20475, 5: 98280}
    assert lone_card_hands == 1440
    assert lone_card_or_tie == 3256


# --- Inputs and errors ----------------------------------------------------------------------


def test_empty_hand_is_worth_zero() -> None:
    assert hand_value([]) == 0
    assert hand_value(()) == 0
    assert hand_value(Hand()) == 0
    assert score([]) == golfo.Score(0, None, ())


def test_hand_value_accepts_any_iterable_of_cards() -> None:
    cards = parse_cards("8C 9C 4E 5E 6E")

    def generate() -> Iterator[Card]:
        yield from cards

    assert hand_value(Hand(cards)) == 17
    assert hand_value(cards) == 17
    assert hand_value(list(cards)) == 17
    assert hand_value(generate()) == 17
    assert hand_value(c for c in cards) == 17
    assert hand_value(set(cards)) == 17
    assert hand_value(golfo.Deck(cards)) == 17
    assert score(generate()).value == 17
    assert score(Hand(cards)).value == 17


@pytest.mark.parametrize("text", ["9O 9O", "3C 9O 8O 9O", "9O 8O 7O 6O 9O"])
def test_duplicate_cards_raise_card_error(text: str) -> None:
    cards = parse_cards(text)
    with pytest.raises(CardError, match="9O"):
        hand_value(cards)
    with pytest.raises(CardError, match="9O"):
        hand_value(iter(cards))
    with pytest.raises(CardError, match="9O"):
        score(cards)


@pytest.mark.parametrize("n", [6, 7, 28])
def test_more_than_five_cards_raise_card_error(n: int) -> None:
    cards = ALL_CARDS[:n]
    with pytest.raises(CardError, match="5"):
        hand_value(cards)
    with pytest.raises(CardError, match="5"):
        hand_value(iter(cards))
    with pytest.raises(CardError, match="5"):
        score(cards)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        5,
        "9O 8O",
        ["9O", "8O"],
        [9, 8],
        [Card(9, Suit.OROS), None],
        [Hand.parse("9O")],
        [(9, "O")],
    ],
    ids=repr,
)
def test_non_cards_raise_card_error(bad: Any) -> None:
    with pytest.raises(CardError):
        hand_value(bad)
    with pytest.raises(CardError):
        score(bad)


def test_section_6_the_public_suit_table_is_exactly_one_entry_per_set_of_ranks() -> None:
    """``golfo.scoring.SUIT_VALUES``, which :mod:`golfo.analysis` counts with: one entry
    per subset of the seven ranks of a suit (bit ``rank - 3``), each the rule's value of
    those cards alone, and nothing more."""
    from golfo.scoring import SUIT_VALUES

    assert len(SUIT_VALUES) == 2**7
    for bits, value in enumerate(SUIT_VALUES):
        cards = [Card(rank, Suit.OROS) for rank in range(3, 10) if bits >> (rank - 3) & 1]
        assert value == brute_force_value(cards), bits


def test_section_6_the_best_value_is_thirty_and_nothing_scores_above_it() -> None:
    """``golfo.scoring.MAX_VALUE``: 9 + 8 + 7 + 6 of one suit, the best any hand can hold,
    reached, and never passed by any set of suit ranks (section 6)."""
    from golfo.scoring import MAX_CARDS, MAX_VALUE, SUIT_VALUES

    assert (MAX_VALUE, MAX_CARDS) == (30, 5)
    assert max(SUIT_VALUES) == MAX_VALUE == hand_value(Hand.parse("6O 7O 8O 9O"))
