"""Cards, the deck and hands (rulebook sections 4 "Tipo de Baraja" and 5 "Valor de las Cartas").

El Golfo uses the Spanish deck without figures, aces and twos: ranks 3 to 9
in oros, copas, espadas and bastos, 28 cards.  The expected values here are
built independently of golfo's own tables (from ranks and suit letters).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import golfo
from golfo import DECK, Card, CardError, Deck, GolfoError, Hand, Suit, parse_cards

LETTERS = "OCEB"
"""Suit letters in canonical order: oros, copas, espadas, bastos."""
SUIT_NAMES = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
RANK_NAMES = {
    3: "tres",
    4: "cuatro",
    5: "cinco",
    6: "seis",
    7: "siete",
    8: "ocho",
    9: "nueve",
}
CANONICAL: list[tuple[int, str]] = [(rank, letter) for letter in LETTERS for rank in range(3, 10)]
"""The 28 cards as (rank, letter), suits O, C, E, B and ranks 3..9 within each."""
ALL_CARDS: list[Card] = [Card(rank, Suit(letter)) for rank, letter in CANONICAL]
EVAL_NAMESPACE: dict[str, Any] = {"Card": Card, "Suit": Suit, "Hand": Hand, "Deck": Deck}

cards_st = st.sampled_from(ALL_CARDS)
hands_st = st.lists(cards_st, min_size=0, max_size=5, unique=True)


def notation(card: Card) -> str:
    return f"{card.rank}{card.suit.value}"


# --- Suit -----------------------------------------------------------------------------------


def test_suit_values_are_letters_in_canonical_order() -> None:
    assert [(s.name, s.value) for s in Suit] == [
        ("OROS", "O"),
        ("COPAS", "C"),
        ("ESPADAS", "E"),
        ("BASTOS", "B"),
    ]
    for letter in LETTERS:
        assert Suit(letter).value == letter
    assert [s.spanish for s in Suit] == ["oros", "copas", "espadas", "bastos"]
    assert [s.index for s in Suit] == [0, 1, 2, 3]


def test_suit_repr_is_valid_python() -> None:
    for suit in Suit:
        assert eval(repr(suit), EVAL_NAMESPACE) is suit


# --- Card -----------------------------------------------------------------------------------


def test_card_error_is_golfo_error_and_value_error() -> None:
    assert issubclass(CardError, GolfoError)
    assert issubclass(CardError, ValueError)
    assert golfo.CardError is CardError


@pytest.mark.parametrize("rank", range(3, 10))
def test_section5_ranks_three_to_nine_are_valid(rank: int) -> None:
    for suit in Suit:
        card = Card(rank, suit)
        assert card.rank == rank
        assert card.suit is suit


@pytest.mark.parametrize("rank", [0, 1, 2, 10, 11, 12, -3, 3.0, "3", None, True])
def test_section5_bad_ranks_raise_card_error(rank: Any) -> None:
    with pytest.raises(CardError, match="rank"):
        Card(rank, Suit.OROS)
    with pytest.raises(ValueError, match="rank"):
        Card(rank, Suit.OROS)


@pytest.mark.parametrize("suit", ["O", "oros", None, 0, Suit])
def test_bad_suits_raise_card_error(suit: Any) -> None:
    with pytest.raises(CardError, match="suit"):
        Card(9, suit)


@pytest.mark.parametrize("card", ALL_CARDS, ids=notation)
def test_parse_round_trips_every_card(card: Card) -> None:
    text = str(card)
    assert text == notation(card)
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) == card
    assert parse_cards(text) == (card,)


def test_parse_reads_the_expected_card() -> None:
    assert Card.parse("9O") == Card(9, Suit.OROS)
    assert Card.parse("3b") == Card(3, Suit.BASTOS)
    assert Card.parse("5E") == Card(5, Suit.ESPADAS)
    assert Card.parse("7c") == Card(7, Suit.COPAS)


@pytest.mark.parametrize(
    "token",
    ["", "2O", "10O", "1O", "9X", "O9", "9", "O", "99O", "9OO", "9 O", "nueve de oros", "9Ö"],
)
def test_bad_notation_raises_card_error_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(token)
    message = str(info.value)
    assert repr(token) in message
    assert "'9O'" in message  # the accepted form


def test_parse_refuses_non_strings() -> None:
    with pytest.raises(CardError):
        Card.parse(9)  # type: ignore[arg-type]


def test_spanish_names() -> None:
    assert Card.parse("9O").name == "nueve de oros"
    assert Card.parse("3B").name == "tres de bastos"
    assert Card.parse("7C").name == "siete de copas"
    assert Card.parse("5E").name == "cinco de espadas"
    for card in ALL_CARDS:
        assert card.name == f"{RANK_NAMES[card.rank]} de {SUIT_NAMES[card.suit.value]}"
    assert len({card.name for card in ALL_CARDS}) == 28


def test_total_order_is_canonical_deck_order() -> None:
    shuffled = ALL_CARDS[:]
    random.Random(2024).shuffle(shuffled)
    assert sorted(shuffled) == ALL_CARDS
    for (i, a), (j, b) in itertools.product(enumerate(ALL_CARDS), repeat=2):
        assert (a < b) == (i < j)
        assert (a <= b) == (i <= j)
        assert (a > b) == (i > j)
        assert (a >= b) == (i >= j)
        assert (a == b) == (i == j)
    assert Card(9, Suit.OROS) < Card(3, Suit.COPAS)


def test_cards_do_not_order_against_other_types() -> None:
    with pytest.raises(TypeError):
        _ = Card(9, Suit.OROS) < "9O"


def test_cards_are_hashable_values() -> None:
    assert len(set(ALL_CARDS)) == 28
    twin = Card(9, Suit.OROS)
    assert twin == Card.parse("9O")
    assert hash(twin) == hash(Card.parse("9O"))
    table = {card: notation(card) for card in ALL_CARDS}
    assert table[Card(4, Suit.ESPADAS)] == "4E"
    assert Card(9, Suit.OROS) != Card(9, Suit.COPAS)
    assert Card(9, Suit.OROS) != Card(8, Suit.OROS)


def test_cards_are_immutable() -> None:
    card = Card(9, Suit.OROS)
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert card.rank == 9


@pytest.mark.parametrize("card", ALL_CARDS, ids=notation)
def test_card_repr_is_valid_python(card: Card) -> None:
    assert eval(repr(card), EVAL_NAMESPACE) == card


def test_parse_cards() -> None:
    expected = (Card(9, Suit.OROS), Card(8, Suit.OROS), Card(3, Suit.COPAS))
    assert parse_cards("9O 8O 3C") == expected
    assert parse_cards("9o,8O, 3c") == expected
    assert parse_cards("  9O\t8O\n3C ") == expected
    assert parse_cards(["9O", "8O", "3C"]) == expected
    assert parse_cards(iter(["9O", "8O", "3C"])) == expected
    assert parse_cards("") == ()
    assert parse_cards("9O 9O") == (Card(9, Suit.OROS),) * 2  # notation only: duplicates kept
    assert isinstance(parse_cards("9O"), tuple)


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(CardError, match="'4X'"):
        parse_cards("3O 4X 5C")


# --- Deck -----------------------------------------------------------------------------------


def test_section4_deck_has_28_distinct_cards_in_canonical_order() -> None:
    assert len(DECK) == 28
    assert len(set(DECK)) == 28
    assert [(c.rank, c.suit.value) for c in DECK] == CANONICAL
    assert list(DECK) == ALL_CARDS
    assert tuple(ALL_CARDS) == DECK
    assert [str(c) for c in DECK][:8] == ["3O", "4O", "5O", "6O", "7O", "8O", "9O", "3C"]
    assert str(DECK[-1]) == "9B"
    assert golfo.DECK is DECK
    assert isinstance(DECK, Deck)


def test_deck_standard() -> None:
    deck = Deck.standard()
    assert isinstance(deck, Deck)
    assert deck == DECK
    assert list(deck) == ALL_CARDS


def test_deck_is_a_sequence() -> None:
    deck = Deck.standard()
    assert deck[0] == Card(3, Suit.OROS)
    assert deck[7] == Card(3, Suit.COPAS)
    assert deck[-1] == Card(9, Suit.BASTOS)
    top = deck[:3]
    assert isinstance(top, Deck)
    assert top == parse_cards("3O 4O 5O")
    assert Card(5, Suit.ESPADAS) in deck
    text: object = "5E"
    assert text not in deck
    assert Card(5, Suit.ESPADAS) not in top
    assert deck.index(Card(3, Suit.COPAS)) == 7
    assert Deck([]) == ()
    assert len(Deck([])) == 0


def test_deck_draw() -> None:
    deck = Deck.standard()
    drawn, rest = deck.draw(5)
    assert drawn == parse_cards("3O 4O 5O 6O 7O")
    assert isinstance(rest, Deck)
    assert list(rest) == ALL_CARDS[5:]
    assert len(deck) == 28  # the original deck is untouched
    one, rest1 = deck.draw()
    assert one == (Card(3, Suit.OROS),)
    assert len(rest1) == 27
    none, same = deck.draw(0)
    assert none == ()
    assert same == deck
    everything, empty = deck.draw(28)
    assert list(everything) == ALL_CARDS
    assert len(empty) == 0


@pytest.mark.parametrize("n", [29, -1, 1.0, True])
def test_deck_draw_refuses_impossible_counts(n: Any) -> None:
    with pytest.raises(CardError):
        Deck.standard().draw(n)


def test_deck_refuses_duplicates_and_non_cards() -> None:
    nine = Card(9, Suit.OROS)
    with pytest.raises(CardError, match="duplicate"):
        Deck([nine, Card(3, Suit.OROS), nine])
    with pytest.raises(CardError, match="duplicate"):
        Deck.parse("9O 3O 9O")
    with pytest.raises(CardError, match="duplicate"):
        Deck("9O 9O")  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Deck([nine, "3O"])  # type: ignore[list-item]


def test_deck_repr_and_str() -> None:
    deck = Deck.parse("9O 3C 5E")
    assert str(deck) == "9O 3C 5E"
    assert list(deck) == list(parse_cards("9O 3C 5E"))  # order kept, not sorted
    assert eval(repr(deck), EVAL_NAMESPACE) == deck
    assert eval(repr(DECK), EVAL_NAMESPACE) == DECK
    assert hash(deck) == hash(Deck.parse("9O 3C 5E"))


# --- Hand -----------------------------------------------------------------------------------


def test_hand_holds_up_to_five_distinct_cards() -> None:
    for n in range(6):
        hand = Hand(ALL_CARDS[:n])
        assert len(hand) == n
    with pytest.raises(CardError, match="5"):
        Hand(ALL_CARDS[:6])
    with pytest.raises(CardError, match="duplicate"):
        Hand(parse_cards("9O 8O 9O"))
    with pytest.raises(CardError):
        Hand("9O 8O")  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Hand([Card(9, Suit.OROS), 8])  # type: ignore[list-item]
    with pytest.raises(CardError):
        Hand.parse("9O 8O 9O")


def test_hand_equality_ignores_order() -> None:
    a = Hand(parse_cards("9O 8O 3C"))
    b = Hand(parse_cards("3C 9O 8O"))
    assert a == b
    assert hash(a) == hash(b)
    assert a == Hand.parse("8O 3C 9O")
    assert a != Hand.parse("9O 8O 4C")
    assert a != Hand.parse("9O 8O")
    assert Hand() == Hand([])


def test_hand_is_a_container() -> None:
    hand = Hand.parse("3C 9O 8O")
    assert len(hand) == 3
    assert list(hand) == [Card(8, Suit.OROS), Card(9, Suit.OROS), Card(3, Suit.COPAS)]  # canonical
    assert hand.cards == tuple(hand)
    assert Card(9, Suit.OROS) in hand
    assert Card(9, Suit.COPAS) not in hand
    assert "9O" not in hand
    assert len(Hand()) == 0
    assert list(Hand()) == []


def test_hand_add_returns_a_new_hand() -> None:
    hand = Hand.parse("9O 8O")
    bigger = hand.add(*parse_cards("7O 6O"))
    assert bigger == Hand.parse("9O 8O 7O 6O")
    assert hand == Hand.parse("9O 8O")  # unchanged
    assert bigger.add(Card(3, Suit.COPAS)) == Hand.parse("9O 8O 7O 6O 3C")
    with pytest.raises(CardError, match="9O"):
        hand.add(Card(9, Suit.OROS))
    with pytest.raises(CardError):
        hand.add(Card(7, Suit.OROS), Card(7, Suit.OROS))
    with pytest.raises(CardError, match="5"):
        bigger.add(*parse_cards("3C 4C"))
    assert hand.add() == hand


def test_hand_remove_returns_a_new_hand() -> None:
    hand = Hand.parse("9O 8O 7O 6O 3C")
    smaller = hand.remove(Card(3, Suit.COPAS), Card(9, Suit.OROS))
    assert smaller == Hand.parse("8O 7O 6O")
    assert len(hand) == 5  # unchanged
    assert hand.remove(*hand) == Hand()
    with pytest.raises(CardError, match="4C"):
        hand.remove(Card(4, Suit.COPAS))
    with pytest.raises(CardError):
        smaller.remove(Card(9, Suit.OROS))


def test_hand_value_and_score() -> None:
    hand = Hand.parse("8C 9C 4E 5E 6E")
    assert hand.value == 17
    assert hand.score.value == 17
    assert hand.score.suit is Suit.COPAS
    assert hand.score.cards == parse_cards("8C 9C")
    assert Hand.parse("9O 8O 7O 6O 5O").value == 30
    assert Hand().value == 0
    assert Hand.parse("3O 4O 3C 4C 8E").value == 8


@pytest.mark.parametrize("text", ["", "9O", "9O 8O 3C", "3B 9O 4E 5C 7O"])
def test_hand_repr_is_valid_python(text: str) -> None:
    hand = Hand.parse(text)
    assert eval(repr(hand), EVAL_NAMESPACE) == hand


@given(hands_st, st.randoms(use_true_random=False))
def test_hand_properties(cards: list[Card], rnd: random.Random) -> None:
    hand = Hand(cards)
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert Hand(shuffled) == hand
    assert hash(Hand(shuffled)) == hash(hand)
    assert len(hand) == len(cards)
    assert set(hand) == set(cards)
    assert list(hand) == sorted(cards)
    assert all(card in hand for card in cards)
    assert eval(repr(hand), EVAL_NAMESPACE) == hand
    assert hand.value == golfo.hand_value(cards)
    assert hand.score == golfo.score(cards)
    if cards:
        assert hand.remove(cards[0]).add(cards[0]) == hand
