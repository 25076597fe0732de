"""Scenario tests of the hand rules R1..R13 (issue 3; ``docs/rules.md``).

Every test plays a hand on a fixed deck with :func:`golfo.deal_from` and
checks exact seats, phases, stacks and payoffs.  Test names cite the rule
they prove.

Unless a test says otherwise the table is three seats with seat 0 dealing,
so the seats dealt in are ``(1, 2, 0)``: seat 1 is mano.  The first deal
goes one card at a time from mano, twice round; the second deal three cards
one at a time from mano to the seats still in; the replacements of a
discard go to the discarding seat right after its :class:`golfo.Discard`.
:func:`rig` lays out a deck that gives each seat the five cards wanted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs
import pytest

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
    Deck,
    Discard,
    EndGame,
    Fold,
    GolfoError,
    Hand,
    HandResult,
    IllegalActionError,
    NextHand,
    Pass,
    Phase,
    Pot,
    Raise,
    Rules,
    State,
    Suit,
    apply,
    deal_from,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    parse_cards,
)

# Three hands of distinct value, used by most scenarios.
BEST: Final = "9O 8O 7O 3C 4E"  # 24 in oros
MID: Final = "9C 8C 5C 3E 4B"  # 22 in copas
LOW: Final = "9E 8E 3O 5B 6B"  # 17 in espadas

BETTING: Final = (Phase.BET_1, Phase.BET_2, Phase.BET_3, Phase.BET_4)
DISCARDING: Final = (Phase.DISCARD_1, Phase.DISCARD_2)
NONE: Final[frozenset[Card]] = frozenset()


# --- helpers ---------------------------------------------------------------------------------


def game(
    players: int = 3,
    dealer: int = 0,
    rules: Rules = TRADICIONAL,
    stacks: Sequence[int] | None = None,
) -> State:
    return new_game(rules, players=players, dealer=dealer, stacks=stacks)


def rig(
    order: Sequence[int],
    hands: Mapping[int, str],
    *,
    second: Sequence[int] | None = None,
    then: str = "",
    pairs: bool = False,
) -> list[Card]:
    """A deck giving ``hands[s]`` to seat ``s``: its first two cards in the first deal (dealt
    to ``order``), the other three in the second deal (to ``second``, default ``order``).
    ``then`` are the next cards (replacements of discards); the rest follow in canonical order.
    """
    parsed = {s: parse_cards(h) for s, h in hands.items()}
    out: list[Card] = []
    if pairs:
        for s in order:
            out += parsed[s][:2]
    else:
        for k in (0, 1):
            out += [parsed[s][k] for s in order]
    for k in (2, 3, 4):
        out += [parsed[s][k] for s in (order if second is None else second)]
    out += parse_cards(then)
    assert len(set(out)) == len(out), "rigged deck repeats a card"
    return out + [c for c in DECK if c not in out]


STANDARD: Final = rig((1, 2, 0), {1: BEST, 2: MID, 0: LOW})
"""Seat 1 (mano) holds BEST, seat 2 MID, seat 0 LOW."""


def run(state: State, deck: Iterable[Card], *actions: Action) -> State:
    """Deal from ``deck`` whenever chance is to act, applying ``actions`` in between."""
    cards = list(deck)
    state = deal_from(state, cards)
    for action in actions:
        state = deal_from(apply(state, action), cards)
    return state


def quiet_round(state: State) -> State:
    """Everyone passes (betting round) or stands pat (discard round)."""
    phase = state.phase
    while state.phase is phase:
        seat = state.to_act
        assert isinstance(seat, int)
        state = apply(state, Pass(seat) if phase in BETTING else Discard(seat, NONE))
    return state


def to_end_of_hand(state: State, deck: Iterable[Card]) -> State:
    """Play the hand out: pass or call in betting rounds, stand pat in discards."""
    cards = list(deck)
    while state.phase not in (Phase.BETWEEN_HANDS, Phase.END):
        state = deal_from(state, cards)
        seat = state.to_act
        assert isinstance(seat, int)
        if state.phase in DISCARDING:
            state = apply(state, Discard(seat, NONE))
        elif state.current_bet == 0:
            state = apply(state, Pass(seat))
        else:
            state = apply(state, Call(seat))
    return state


def last(state: State) -> HandResult:
    return state.results[-1]


def refuse(state: State, action: Any, rule: str, *, listed: bool = False) -> IllegalActionError:
    """Assert ``action`` is refused for ``rule`` with a useful message, state unchanged.

    ``listed``: the action compares equal to a listed one (``Bet(1, True) == Bet(1, 1)``,
    Python's ``True == 1``) though apply refuses it: only exact ``int`` amounts and seats.
    """
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    err = info.value
    assert err.rule == rule
    assert str(err).startswith(f"{rule}: ")
    assert "; legal now: " in str(err)
    assert err.action is action
    assert err.legal == legal_moves(state)
    assert tuple(err.legal) == legal_actions(state)
    assert (action in legal_actions(state)) is listed
    assert not is_legal(state, action)
    assert snapshot(state) == before
    return err


def snapshot(state: State) -> tuple[object, ...]:
    """Every field of the state (the log as its action tuple), to detect any change."""
    fields = attrs.astuple(state, recurse=False, filter=lambda a, _: a.name != "_log")
    return (*fields, state.history)


# --- R1 seats --------------------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "dealt_in"), [(0, (1, 2, 0)), (1, (2, 0, 1)), (2, (0, 1, 2))])
def test_r1_three_seats_dealer_plays_and_mano_is_the_seat_after_the_dealer(
    dealer: int, dealt_in: tuple[int, ...]
) -> None:
    state = game(dealer=dealer)
    assert state.dealt_in == dealt_in
    assert state.mano == (dealer + 1) % 3
    assert state.committed == (1, 1, 1)


@pytest.mark.parametrize(
    ("dealer", "dealt_in"), [(0, (1, 2, 3)), (1, (2, 3, 0)), (2, (3, 0, 1)), (3, (0, 1, 2))]
)
def test_r1_four_seats_dealer_sits_out_with_no_cards_and_no_ante(
    dealer: int, dealt_in: tuple[int, ...]
) -> None:
    state = game(players=4, dealer=dealer)
    assert state.dealt_in == dealt_in
    assert state.stacks[dealer] == 100
    assert state.committed[dealer] == 0
    assert state.pot == 3
    assert all(state.stacks[s] == 99 for s in dealt_in)
    state = to_end_of_hand(state, DECK)
    result = last(state)
    assert result.dealt_in == dealt_in
    assert result.payoffs[dealer] == 0
    assert result.shown[dealer] is None
    assert state.hands[dealer] == Hand()
    assert state.stacks[dealer] == 100
    # the dealer never acted nor received a card
    assert all(getattr(a, "seat", None) != dealer for a in state.history)


def test_r1_seats_act_in_play_order_from_mano() -> None:
    state = game(players=4, dealer=1)  # dealt in: 2, 3, 0
    state = deal_from(state, DECK)
    seen = []
    while state.phase is Phase.BET_1:
        seen.append(state.to_act)
        state = apply(state, Pass(state.to_act))  # type: ignore[arg-type]
    assert seen == [2, 3, 0]


# --- R2 antes --------------------------------------------------------------------------------


def test_r2_each_seat_dealt_in_posts_the_ante() -> None:
    state = game(rules=LUDOTEKA)
    assert state.stacks == (995, 995, 995)
    assert state.committed == (5, 5, 5)
    assert state.pot == 15
    state = game(players=4, dealer=2, rules=attrs.evolve(TRADICIONAL, ante=3))
    assert state.stacks == (97, 97, 100, 97)
    assert state.pot == 9


def test_r2_antes_are_not_round_bets() -> None:
    state = deal_from(game(rules=LUDOTEKA), DECK)
    assert state.bets == (0, 0, 0)
    assert state.current_bet == 0
    assert legal_actions(state)[0] == Pass(1)  # nobody has opened yet


# --- R3 deals --------------------------------------------------------------------------------


def receivers(state: State, deck: Sequence[Card]) -> tuple[State, list[int | None]]:
    """Deal card by card while chance is to act, recording who receives each."""
    got = []
    cards = iter(deck)
    while state.to_act is CHANCE:
        card = next(c for c in cards if c in state.stock)
        got.append(state.receiver)
        state = apply(state, Deal(card))
    return state, got


def test_r3_first_deal_one_card_at_a_time_from_mano_twice_round() -> None:
    deck = Deck.parse("3O 4O 5O 6O 7O 8O 9O 3C 4C 5C 6C 7C 8C 9C 3E")
    state, got = receivers(game(), deck)
    assert got == [1, 2, 0, 1, 2, 0]
    assert state.phase is Phase.BET_1
    assert state.hands == (Hand.parse("5O 8O"), Hand.parse("3O 6O"), Hand.parse("4O 7O"))
    state = quiet_round(state)
    assert state.phase is Phase.DEAL_2
    state, got = receivers(state, deck)
    assert got == [1, 2, 0] * 3
    assert state.phase is Phase.BET_2
    assert state.hands == (
        Hand.parse("5O 8O 4C 7C 3E"),
        Hand.parse("3O 6O 9O 5C 8C"),
        Hand.parse("4O 7O 3C 6C 9C"),
    )
    assert len(state.stock) == 13


def test_r3_deal_in_pairs_gives_two_cards_at_once_then_second_deal_one_at_a_time() -> None:
    rules = attrs.evolve(TRADICIONAL, deal_in_pairs=True)
    deck = Deck.parse("3O 4O 5O 6O 7O 8O 9O 3C 4C 5C 6C 7C 8C 9C 3E")
    state, got = receivers(game(rules=rules), deck)
    assert got == [1, 1, 2, 2, 0, 0]
    assert state.hands == (Hand.parse("7O 8O"), Hand.parse("3O 4O"), Hand.parse("5O 6O"))
    state, got = receivers(quiet_round(state), deck)
    assert got == [1, 2, 0] * 3
    assert state.hands[1] == Hand.parse("3O 4O 9O 5C 8C")


def test_r3_second_deal_goes_only_to_seats_still_in() -> None:
    state = run(game(), DECK, Bet(1, 2), Fold(2))
    assert state.phase is Phase.BET_1
    state = apply(state, Call(0))
    assert state.phase is Phase.DEAL_2
    assert state.pending == (1, 0) * 3
    state, got = receivers(state, DECK)
    assert got == [1, 0, 1, 0, 1, 0]
    assert state.phase is Phase.BET_2
    assert [len(h) for h in state.hands] == [5, 5, 0]


def test_r3_four_seats_deal_skips_the_dealer() -> None:
    state, got = receivers(game(players=4, dealer=2), DECK)
    assert got == [3, 0, 1, 3, 0, 1]
    state, got = receivers(quiet_round(state), DECK)
    assert got == [3, 0, 1] * 3
    assert [len(h) for h in state.hands] == [5, 5, 0, 5]


# --- R4 chance -------------------------------------------------------------------------------


def test_r4_chance_is_to_act_with_a_deal_for_every_card_in_the_stock() -> None:
    state = game()
    assert state.phase is Phase.DEAL_1
    assert state.to_act is CHANCE
    assert state.receiver == 1
    assert legal_actions(state) == tuple(Deal(c) for c in DECK)
    state = apply(state, Deal(Card.parse("9B")))
    assert state.receiver == 2
    assert Deal(Card.parse("9B")) not in legal_actions(state)
    assert len(legal_actions(state)) == 27
    assert state.hands[1] == Hand.parse("9B")


def test_r4_seats_cannot_act_while_chance_is_to_act() -> None:
    state = game()
    assert "no betting in phase DEAL_1" in str(refuse(state, Pass(1), "R5"))
    refuse(state, Bet(1, 1), "R5")
    refuse(state, Discard(1, NONE), "R10")
    # during a discard round, while the replacements are dealt
    state = quiet_round(run(state, STANDARD, Pass(1), Pass(2), Pass(0)))
    state = apply(state, Discard(1, parse_cards("3C")))
    assert state.to_act is CHANCE
    err = refuse(state, Discard(1, NONE), "R4")
    assert "a card must be dealt first" in str(err)
    refuse(state, Discard(2, NONE), "R4")


def test_r4_while_a_deal_phase_deals_no_seat_is_still_to_act() -> None:
    """R4: in the first and second deals chance alone acts, so no seat is still to act
    (found by mutation testing: a hand that began with every seat marked to act)."""
    state = game(players=4, rules=LUDOTEKA)
    seen = []
    while state.phase is not Phase.BET_2:
        if state.phase in (Phase.DEAL_1, Phase.DEAL_2):
            assert (state.to_act, state.needs, state.still_to_act) == (CHANCE, 0, frozenset())
            seen.append(state.phase)
            state = apply(state, Deal(min(state.stock)))
        else:  # the first round: mano opens, everyone calls
            seat = state.to_act
            assert isinstance(seat, int)
            opened = max(state.bets) > 0
            state = apply(state, Call(seat) if opened else Bet(seat, state.rules.min_open))
    assert (seen.count(Phase.DEAL_1), seen.count(Phase.DEAL_2)) == (6, 9)  # the dealer sits out


def test_r4_a_card_of_a_subclass_of_card_is_dealt_as_its_card() -> None:
    """R4: ``Deal`` takes any ``golfo.Card``, a subclass's instance included (the reducer's
    quick path is for ``Card`` itself; the other path must take the rest)."""

    class Marked(Card):
        pass

    card = Marked(5, Suit.COPAS)
    state = apply(game(), Deal(card))
    assert state.hands[1] == Hand.parse("5C")
    assert state.history == (Deal(card),)


def test_r4_dealing_a_card_not_in_the_stock_is_refused() -> None:
    state = apply(game(), Deal(Card.parse("5C")))
    err = refuse(state, Deal(Card.parse("5C")), "R4")
    assert "not in the stock" in str(err)
    refuse(state, Deal("5C"), "R4")  # type: ignore[arg-type]


def test_r4_no_deal_when_a_seat_is_to_act() -> None:
    state = deal_from(game(), DECK)
    refuse(state, Deal(Card.parse("9B")), "R4")


def test_r4_deal_from_deals_the_first_card_of_the_deck_still_in_the_stock() -> None:
    deck = parse_cards("9B 9C")
    state = deal_from(apply(game(), Deal(Card.parse("9B"))), deck)
    assert state.to_act is CHANCE  # the deck ran out of usable cards
    assert state.hands[2] == Hand.parse("9C")


@attrs.frozen
class _SubDeal(Deal):
    """A subclass of Deal: apply takes it by the general path, not the inlined one."""


def test_r4_general_and_inlined_deal_paths_agree() -> None:
    """``apply`` inlines the usual deal; a subclass of ``Deal`` goes by ``_apply_deal``.

    Through both deals and the first discard's replacements (each seat passes and
    throws one card), every field of the two results agrees, the last action aside.
    """
    fields = {f.name for f in attrs.fields(golfo.State)} - {"_log"}
    state = game()
    for card in DECK[:18]:
        while state.to_act is not CHANCE:
            legal = legal_actions(state)
            state = apply(state, legal[1] if isinstance(legal[0], Discard) else legal[0])
        fast = apply(state, Deal(card))
        slow = apply(state, _SubDeal(card))
        assert {k: getattr(fast, k) for k in fields} == {k: getattr(slow, k) for k in fields}
        assert type(fast.history[-1]) is Deal
        assert type(slow.history[-1]) is _SubDeal
        state = fast
    assert state.phase is Phase.BET_3  # every replacement of the first discards was dealt


# --- R5 betting ------------------------------------------------------------------------------


def test_r5_before_the_opening_pass_or_bet_any_amount_from_min_open() -> None:
    state = deal_from(game(), DECK)
    assert legal_actions(state) == (Pass(1), *(Bet(1, a) for a in range(1, 100)))
    state = deal_from(game(rules=attrs.evolve(TRADICIONAL, min_open=5)), DECK)
    assert legal_actions(state) == (Pass(1), *(Bet(1, a) for a in range(5, 100)))
    err = refuse(state, Bet(1, 4), "R5")
    assert "below the minimum opening 5" in str(err)


def test_r5_after_the_opening_call_raise_or_fold() -> None:
    state = run(game(), DECK, Bet(1, 5))
    assert state.to_act == 2
    assert legal_actions(state) == (Call(2), *(Raise(2, a) for a in range(6, 100)), Fold(2))


def test_r5_pass_after_an_opening_is_illegal() -> None:
    state = run(game(), DECK, Pass(1), Bet(2, 3))
    err = refuse(state, Pass(0), "R5")
    assert "pasar" in str(err)
    assert "Call(seat=0)" in str(err)


def test_r5_bet_after_an_opening_and_raise_or_call_before_it_are_refused() -> None:
    state = run(game(), DECK)
    refuse(state, Raise(1, 3), "R5")
    refuse(state, Call(1), "R5")
    state = apply(state, Bet(1, 3))
    refuse(state, Bet(2, 6), "R5")


def test_r5_raise_must_reach_current_bet_plus_min_raise() -> None:
    state = run(game(rules=attrs.evolve(TRADICIONAL, min_raise=4)), DECK, Bet(1, 5))
    refuse(state, Raise(2, 8), "R5")
    refuse(state, Raise(2, 5), "R5")
    assert is_legal(state, Raise(2, 9))
    assert next(a.amount for a in legal_actions(state) if isinstance(a, Raise)) == 9


def test_r5_amounts_are_totals_for_the_round() -> None:
    state = run(game(), DECK, Bet(1, 5), Raise(2, 8), Call(0))
    assert state.bets == (8, 5, 8)
    assert state.stacks == (91, 94, 91)
    state = apply(state, Call(1))  # puts in 3 more, not 8
    assert state.stacks == (91, 91, 91)
    assert state.pot == 27
    assert state.phase is Phase.DEAL_2
    assert state.bets == (0, 0, 0)


def test_r5_a_seat_that_passed_acts_again_after_the_opening() -> None:
    state = run(game(), DECK, Pass(1), Bet(2, 4))
    assert state.to_act == 0
    state = apply(state, Call(0))
    assert state.to_act == 1
    assert legal_actions(state)[0] == Call(1)
    assert Fold(1) in legal_actions(state)
    state = apply(state, Raise(1, 10))
    assert state.to_act == 2  # the raise reopens the action
    state = run(state, DECK, Call(2), Call(0))
    assert state.phase is Phase.BET_2
    assert state.stacks == (89, 89, 89)


def test_r5_fold_only_when_facing_a_bet() -> None:
    state = run(game(), DECK)
    err = refuse(state, Fold(1), "R5")
    assert "fold only when facing a bet" in str(err)
    state = apply(state, Bet(1, 2))
    assert is_legal(state, Fold(2))


# --- R6 round end ----------------------------------------------------------------------------


def test_r6a_every_seat_passes_next_phase() -> None:
    state = run(game(), STANDARD, Pass(1), Pass(2))
    assert state.phase is Phase.BET_1
    state = apply(state, Pass(0))
    assert state.phase is Phase.DEAL_2
    assert state.to_act is CHANCE
    assert state.pot == 3


def test_r6b_round_ends_when_every_other_seat_called_or_folded() -> None:
    state = run(game(), STANDARD, Bet(1, 3), Call(2))
    assert state.phase is Phase.BET_1
    state = apply(state, Fold(0))
    assert state.phase is Phase.DEAL_2
    assert state.stacks == (99, 96, 96)
    assert state.in_hand == (1, 2)


def test_r6b_round_ends_after_a_raise_is_called_all_round() -> None:
    state = run(game(), STANDARD, Bet(1, 3), Raise(2, 6), Call(0))
    assert state.to_act == 1
    state = run(state, STANDARD, Call(1))
    assert state.phase is Phase.BET_2
    assert state.to_act == 1
    assert state.pot == 21


def test_r6c_win_by_folds_takes_every_pot_and_shows_nothing() -> None:
    state = run(game(), STANDARD, Bet(1, 5), Fold(2), Fold(0))
    assert state.phase is Phase.BETWEEN_HANDS
    assert state.to_act is None
    result = last(state)
    assert result.showdown is False
    assert result.shown == (None, None, None)
    assert result.trabuco is False
    assert result.ended_in is Phase.BET_1
    assert result.pots == (Pot(3, (1,), 1),)
    assert result.returned == (0, 5, 0)  # R8: the uncalled bet goes back
    assert result.payoffs == (-1, 2, -1)
    assert state.stacks == (99, 102, 99)
    assert state.pot == 0


def test_r6c_win_by_folds_in_a_later_round() -> None:
    state = run(game(), STANDARD, Bet(1, 5), Call(2), Call(0))  # 18 in the pot
    state = quiet_round(state)  # BET_2
    state = quiet_round(state)  # DISCARD_1
    assert state.phase is Phase.BET_3
    state = run(state, STANDARD, Pass(1), Bet(2, 10), Fold(0), Fold(1))
    result = last(state)
    assert result.ended_in is Phase.BET_3
    assert result.showdown is False
    assert result.shown == (None, None, None)
    assert result.pots == (Pot(18, (2,), 2),)
    assert result.returned == (0, 0, 10)
    assert result.payoffs == (-6, -6, 12)
    assert state.stacks == (94, 94, 112)


# --- R7 first to speak -----------------------------------------------------------------------


def test_r7_first_to_speak_is_the_first_seat_from_mano_not_all_in() -> None:
    state = run(game(stacks=(100, 1, 100)), STANDARD)  # mano 1 is all-in with its ante
    assert state.phase is Phase.BET_1
    assert state.stacks[1] == 0
    assert state.to_act == 2
    state = run(state, STANDARD, Bet(2, 3), Call(0))
    assert state.phase is Phase.BET_2
    assert state.to_act == 2


def test_r7_all_in_seats_are_skipped_in_the_turn() -> None:
    state = run(game(stacks=(100, 100, 4)), STANDARD, Bet(1, 3), Call(2))  # seat 2 all-in
    assert state.stacks[2] == 0
    state = apply(state, Raise(0, 6))
    assert state.to_act == 1  # not seat 2
    state = run(state, STANDARD, Call(1))
    assert state.phase is Phase.BET_2
    assert state.to_act == 1
    state = apply(state, Pass(1))
    assert state.to_act == 0


def test_r7_rounds_skipped_when_fewer_than_two_seats_can_bet() -> None:
    state = run(game(stacks=(1, 1, 100)), STANDARD)  # seats 0 and 1 all-in with their antes
    assert state.phase is Phase.DISCARD_1  # BET_1 and BET_2 skipped
    assert state.to_act == 1  # all-in seats discard too (R10)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert not any(isinstance(a, Pass | Bet) for a in state.history)
    state = quiet_round(state)
    assert state.phase is Phase.DISCARD_2  # BET_3 skipped
    state = quiet_round(state)  # BET_4 skipped: showdown
    result = last(state)
    assert result.showdown
    assert result.pots == (Pot(3, (1, 2, 0), 1),)
    assert state.stacks == (0, 3, 99)


def test_r7_round_skipped_after_all_in_call() -> None:
    state = run(game(stacks=(100, 100, 10)), STANDARD, Bet(1, 50), Call(2), Fold(0))
    assert state.stacks == (99, 49, 0)
    state = deal_from(state, STANDARD)
    assert state.phase is Phase.DISCARD_1  # BET_2 skipped: only seat 1 can bet


# --- R8 resto --------------------------------------------------------------------------------


def test_r8_never_more_than_the_stack() -> None:
    state = run(game(stacks=(100, 30, 100)), STANDARD)
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bet)) == 29
    err = refuse(state, Bet(1, 30), "R8")
    assert "more than seat 1 has" in str(err)


def test_r8_call_short_is_all_in_for_less() -> None:
    state = run(game(stacks=(100, 100, 10)), STANDARD, Bet(1, 20))
    assert legal_actions(state) == (Call(2), Fold(2))  # no raise: 9 chips cannot reach 21
    state = run(state, STANDARD, Call(2), Call(0))
    assert state.stacks == (79, 79, 0)
    assert state.committed == (21, 21, 10)
    state = to_end_of_hand(state, STANDARD)
    result = last(state)
    # seat 1 (BEST) wins both: main pot of 3 x 10, side pot of 2 x 11
    assert result.pots == (Pot(30, (1, 2, 0), 1), Pot(22, (1, 0), 1))
    assert result.payoffs == (-21, 31, -10)
    assert state.stacks == (79, 131, 0)


def test_r8_all_in_short_stack_wins_only_the_main_pot() -> None:
    deck = rig((1, 2, 0), {1: MID, 2: BEST, 0: LOW})
    state = run(game(stacks=(100, 100, 10)), deck, Bet(1, 20), Call(2), Call(0))
    state = to_end_of_hand(state, deck)
    result = last(state)
    assert result.pots == (Pot(30, (1, 2, 0), 2), Pot(22, (1, 0), 1))
    assert result.winners == (2, 1)
    assert result.payoffs == (-21, 1, 20)
    assert state.stacks == (79, 101, 30)


def test_r8_bet_all_in_for_less_than_min_open() -> None:
    rules = attrs.evolve(TRADICIONAL, min_open=10)
    state = run(game(rules=rules, stacks=(100, 7, 100)), STANDARD)
    assert legal_actions(state) == (Pass(1), Bet(1, 6))
    refuse(state, Bet(1, 5), "R5")
    state = apply(state, Bet(1, 6))
    assert state.stacks[1] == 0
    assert state.current_bet == 6
    assert legal_actions(state)[:2] == (Call(2), Raise(2, 7))


def test_r8_all_in_above_the_current_bet_is_a_raise_and_reopens_the_action() -> None:
    rules = attrs.evolve(TRADICIONAL, min_raise=10)
    state = run(game(rules=rules, stacks=(100, 100, 16)), STANDARD, Bet(1, 10))
    # seat 2 has 15: more than the bet, less than the minimum raise (20)
    assert legal_actions(state) == (Call(2), Raise(2, 15), Fold(2))
    refuse(state, Raise(2, 14), "R5")
    state = apply(state, Raise(2, 15))
    assert state.stacks[2] == 0
    assert state.current_bet == 15
    assert state.to_act == 0
    assert legal_actions(state)[:2] == (Call(0), Raise(0, 25))
    state = apply(state, Call(0))
    assert state.to_act == 1  # seat 1 must answer the all-in raise
    state = apply(state, Call(1))
    assert state.phase is Phase.DEAL_2
    assert state.stacks == (84, 84, 0)


def test_r8_raise_refused_when_every_other_seat_is_all_in() -> None:
    state = run(game(stacks=(10, 100, 30)), STANDARD, Bet(1, 5), Raise(2, 29), Call(0))
    assert state.stacks == (0, 94, 0)
    assert legal_actions(state) == (Call(1), Fold(1))
    err = refuse(state, Raise(1, 40), "R8")
    assert "a raise needs an answer" in str(err)
    assert "seat 2 can put in 29 at most" in str(err)
    state = apply(state, Call(1))
    assert state.phase is Phase.DEAL_2


def test_r8_table_stakes_no_bet_above_what_some_opponent_can_put_in() -> None:
    """RB §11: "Un jugador no puede apostar contra otro una cantidad mayor que el resto de
    éste".  Stacks (1000, 50, 80) after antes: seat 0 may bet 80 at most, not 999."""
    state = run(game(stacks=(1001, 51, 81)), STANDARD, Pass(1), Pass(2))
    moves = legal_moves(state)
    assert (moves.seat, moves.can_pass, moves.bets) == (0, True, range(1, 81))
    assert legal_actions(state)[-1] == Bet(0, 80)
    err = refuse(state, Bet(0, 999), "R8")
    assert "seat 2 can put in 80 at most" in str(err)
    assert "legal now: Pass(seat=0), Bet(seat=0, amount=1..80)" in str(err)
    refuse(state, Bet(0, 81), "R8")
    state = run(state, STANDARD, Bet(0, 80), Call(1), Call(2))  # seat 1 all-in for less
    assert state.stacks == (920, 0, 0)  # every chip in the pot is contested
    assert state.pot == 1 + 80 + 1 + 50 + 1 + 80


def test_r8_table_stakes_follow_the_richest_opponent_still_in() -> None:
    # the limit is the most that *some* other seat can put in: the richer opponent binds
    state = run(game(stacks=(1001, 51, 81)), STANDARD, Bet(1, 10))
    assert legal_moves(state).raises == range(11, 81)  # seat 2's own stack: 80
    state = apply(state, Fold(2))
    assert legal_moves(state).raises == range(11, 51)  # seat 2 folded: seat 1 binds, 50


def test_r8_a_raise_needs_a_seat_that_can_put_in_more_than_the_current_bet() -> None:
    """Stacks (1000, 30, 100) after antes: Bet(1, 5), Raise(2, 100) all-in; seat 1 can reach
    30 at most, seat 2 is all-in at the current bet: seat 0 may only call or fold."""
    state = run(game(stacks=(1001, 31, 101)), STANDARD, Bet(1, 5), Raise(2, 100))
    moves = legal_moves(state)
    assert (moves.call, moves.raises, moves.can_fold) == (100, range(0), True)
    assert legal_actions(state) == (Call(0), Fold(0))
    err = refuse(state, Raise(0, 900), "R8")
    assert "a raise needs an answer" in str(err)
    state = apply(state, Call(0))
    assert state.to_act == 1  # seat 1 answers the raise: call all-in for less, or fold
    assert legal_moves(state).call == 25  # its last 25 chips, on top of its bet of 5


def test_r8_the_most_that_can_be_matched_is_the_only_bet_when_below_the_minimum() -> None:
    rules = attrs.evolve(TRADICIONAL, min_open=10, min_raise=10)
    state = run(game(rules=rules, stacks=(100, 5, 7)), STANDARD, Pass(1), Pass(2))
    assert legal_actions(state) == (Pass(0), Bet(0, 6))  # seat 2 can put in 6 at most
    err = refuse(state, Bet(0, 5), "R5")
    assert "the only opening allowed is 6 (seat 2 can put in 6, R8)" in str(err)
    refuse(state, Bet(0, 7), "R8")
    refuse(state, Bet(0, 10), "R8")
    state = apply(state, Bet(0, 6))
    assert legal_actions(state) == (Call(1), Fold(1))  # seat 1 calls all-in for less (4)
    assert legal_moves(state).call == 4


def test_r8_side_pots_with_three_stacks_each_pot_to_its_best_eligible_hand() -> None:
    # seat 0 (10 chips) holds BEST, seat 1 (30) MID, seat 2 (100) LOW
    deck = rig((1, 2, 0), {1: MID, 2: LOW, 0: BEST})
    state = run(game(stacks=(10, 30, 100)), deck, Bet(1, 29))  # seat 1 all-in
    assert legal_actions(state) == (Call(2), Fold(2))  # R8: nobody could answer a raise
    state = apply(state, Call(2))
    state = apply(state, Call(0))  # seat 0 all-in for 9
    assert state.committed == (10, 30, 30)
    state = to_end_of_hand(state, deck)  # BET_2..BET_4 skipped, stand pat
    result = last(state)
    assert result.showdown
    assert result.pots == (Pot(30, (1, 2, 0), 0), Pot(40, (1, 2), 1))
    assert result.returned == (0, 0, 0)
    assert result.payoffs == (20, 10, -30)
    assert state.stacks == (30, 40, 70)
    assert sum(state.stacks) == 140


def test_r8_side_pots_with_four_seats_dealer_out() -> None:
    deck = rig((2, 3, 0), {2: LOW, 3: BEST, 0: MID})
    state = game(players=4, dealer=1, stacks=(50, 100, 200, 20))
    state = run(state, deck)
    assert legal_moves(state).bets == range(1, 50)  # R8: seat 0 can put in 49 at most
    state = run(state, deck, Bet(2, 49), Call(3), Call(0))
    assert state.committed == (50, 0, 50, 20)
    state = to_end_of_hand(state, deck)
    result = last(state)
    assert result.pots == (Pot(60, (2, 3, 0), 3), Pot(60, (2, 0), 0))
    assert result.returned == (0, 0, 0, 0)
    assert result.payoffs == (10, 0, -50, 40)
    assert state.stacks == (60, 100, 150, 60)


def test_r8_uncalled_excess_returned_and_never_a_pot() -> None:
    state = run(game(stacks=(100, 100, 20)), STANDARD, Bet(1, 60), Call(2), Fold(0))
    state = to_end_of_hand(state, STANDARD)
    result = last(state)
    assert result.pots == (Pot(41, (1, 2), 1),)  # antes 3 + 19 + 19
    assert result.returned == (0, 41, 0)
    assert result.payoffs == (-1, 21, -20)
    assert state.stacks == (99, 121, 0)


# --- R9 caps ---------------------------------------------------------------------------------


def test_r9_bet_over_the_cap_is_refused_and_exactly_at_the_cap_allowed() -> None:
    state = run(game(rules=LUDOTEKA), STANDARD)
    bets = [a.amount for a in legal_actions(state) if isinstance(a, Bet)]
    assert bets == list(range(1, 21))  # 25 cap minus the ante of 5
    err = refuse(state, Bet(1, 21), "R9")
    assert "cap" in str(err)
    refuse(state, Bet(1, 995), "R9")  # an all-in above the cap is over the cap too
    state = apply(state, Bet(1, 20))
    assert state.committed[1] == 25
    assert legal_actions(state) == (Call(2), Fold(2))  # no room left to raise
    refuse(state, Raise(2, 21), "R9")


def test_r9_caps_bind_the_total_across_rounds() -> None:
    state = run(game(rules=LUDOTEKA), STANDARD, Bet(1, 10), Call(2), Call(0))
    assert state.phase is Phase.BET_2
    assert state.committed == (15, 15, 15)
    # round 2: cap 50, 15 already in
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bet)) == 35
    refuse(state, Bet(1, 36), "R9")
    state = run(state, STANDARD, Bet(1, 35), Call(2), Call(0))
    assert state.committed == (50, 50, 50)
    state = quiet_round(state)  # DISCARD_1
    # round 3: cap 75
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bet)) == 25
    state = run(state, STANDARD, Pass(1), Bet(2, 5), Raise(0, 25))
    refuse(state, Raise(1, 26), "R9")
    state = run(state, STANDARD, Call(1), Call(2))
    assert state.committed == (75, 75, 75)
    state = quiet_round(state)  # DISCARD_2
    # round 4: cap 100
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bet)) == 25
    state = run(state, STANDARD, Bet(1, 25), Call(2), Call(0))
    result = last(state)
    assert result.payoffs == (-100, 200, -100)
    assert state.stacks == (900, 1200, 900)


def test_r9_unused_room_carries_to_the_next_round() -> None:
    state = run(game(rules=LUDOTEKA), STANDARD, Pass(1), Pass(2), Pass(0))
    state = deal_from(state, STANDARD)
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bet)) == 45


def test_r9_no_caps_in_tradicional() -> None:
    state = run(game(), STANDARD)
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bet)) == 99


# --- R10 discards ----------------------------------------------------------------------------


def test_r10_discards_from_mano_each_seat_served_before_the_next() -> None:
    deck = rig((1, 2, 0), {1: BEST, 2: MID, 0: LOW}, then="6O 7C 9B")
    state = quiet_round(run(game(), deck, Pass(1), Pass(2), Pass(0)))
    assert state.phase is Phase.DISCARD_1
    assert state.to_act == 1
    drop = frozenset(parse_cards("3C 4E"))
    state = apply(state, Discard(1, drop))
    assert state.to_act is CHANCE
    assert state.pending == (1, 1)
    assert state.receiver == 1
    state = deal_from(state, deck)
    assert state.to_act == 2
    assert state.hands[1] == Hand.parse("9O 8O 7O 6O 7C")
    assert state.discards == drop
    assert state.hands[1].value == 30
    state = apply(state, Discard(2, parse_cards("4B")))
    state = deal_from(state, deck)
    assert state.hands[2] == Hand.parse("9C 8C 5C 3E 9B")
    assert state.to_act == 0
    state = apply(state, Discard(0, NONE))  # standing pat: no card dealt
    assert state.phase is Phase.BET_3
    assert state.to_act == 1


def test_r10_stock_runs_short_later_seats_limited() -> None:
    state = game(players=4, dealer=0)  # seats 1, 2, 3 dealt in
    state = quiet_round(run(state, DECK, Pass(1), Pass(2), Pass(3)))
    assert state.phase is Phase.DISCARD_1
    assert len(state.stock) == 13
    state = run(state, DECK, Discard(1, state.hands[1].cards))  # 5 cards, 8 left
    state = run(state, DECK, Discard(2, state.hands[2].cards))  # 5 cards, 3 left
    assert len(state.stock) == 3
    assert state.to_act == 3
    legal = legal_actions(state)
    assert len(legal) == 1 + 5 + 10 + 10  # subsets of 0..3 of 5 cards
    assert max(len(a.cards) for a in legal if isinstance(a, Discard)) == 3
    err = refuse(state, Discard(3, state.hands[3].cards[:4]), "R10")
    assert "only 3 cards left in the stock" in str(err)
    refuse(state, Discard(3, state.hands[3].cards), "R10")
    state = run(state, DECK, Discard(3, state.hands[3].cards[:3]))
    assert state.phase is Phase.BET_3
    assert state.stock == frozenset()
    assert len(state.discards) == 13
    state = quiet_round(state)
    assert state.phase is Phase.DISCARD_2
    assert legal_actions(state) == (Discard(1, NONE),)
    refuse(state, Discard(1, state.hands[1].cards[:1]), "R10")
    state = quiet_round(state)
    assert state.phase is Phase.BET_4


def test_r10_three_seats_stock_also_short() -> None:
    state = quiet_round(run(game(), STANDARD, Pass(1), Pass(2), Pass(0)))
    state = run(state, STANDARD, Discard(1, state.hands[1].cards))
    state = run(state, STANDARD, Discard(2, state.hands[2].cards))
    assert len(state.stock) == 3
    refuse(state, Discard(0, state.hands[0].cards), "R10")


def test_r10_discarding_cards_not_held_is_refused() -> None:
    state = quiet_round(run(game(), STANDARD, Pass(1), Pass(2), Pass(0)))
    err = refuse(state, Discard(1, parse_cards("9O 9C")), "R10")  # 9C is seat 2's
    assert "does not hold 9C" in str(err)
    refuse(state, Discard(1, parse_cards("3B")), "R10")  # in the stock
    refuse(state, Discard(1, ["9O"]), "R10")  # type: ignore[list-item]


def test_r10_discards_never_return_to_the_stock() -> None:
    deck = rig((1, 2, 0), {1: BEST, 2: MID, 0: LOW})
    state = quiet_round(run(game(), deck, Pass(1), Pass(2), Pass(0)))
    drop = frozenset(parse_cards("3C 4E"))
    state = apply(state, Discard(1, drop))
    assert not drop & state.stock
    assert all(Deal(c) not in legal_actions(state) for c in drop)
    refuse(state, Deal(Card.parse("3C")), "R4")
    state = to_end_of_hand(state, deck)
    assert drop <= state.discards
    assert not drop & state.stock
    assert not any(c in h for h in state.hands for c in drop)


def test_r10_all_in_seats_discard_and_folded_seats_do_not() -> None:
    state = run(game(stacks=(100, 100, 5)), STANDARD, Bet(1, 10), Call(2), Fold(0))
    assert state.stacks[2] == 0
    assert state.phase is Phase.DISCARD_1  # BET_2 skipped: only seat 1 can bet
    order = []
    while state.phase is Phase.DISCARD_1:
        order.append(state.to_act)
        state = apply(state, Discard(state.to_act, NONE))  # type: ignore[arg-type]
    assert order == [1, 2]


def test_r10_discard_only_in_a_discard_round() -> None:
    state = run(game(), STANDARD)
    refuse(state, Discard(1, NONE), "R10")


# --- R11 showdown ----------------------------------------------------------------------------


def test_r11_showdown_highest_value_takes_the_pot_and_everyone_shows() -> None:
    deck = rig((1, 2, 0), {1: LOW, 2: MID, 0: BEST})
    state = to_end_of_hand(run(game(), deck, Bet(1, 4), Call(2), Call(0)), deck)
    result = last(state)
    assert result.showdown
    assert result.ended_in is Phase.SHOWDOWN
    assert result.shown == (Hand.parse(BEST), Hand.parse(LOW), Hand.parse(MID))
    assert result.pots == (Pot(15, (1, 2, 0), 0),)
    assert result.payoffs == (10, -5, -5)
    assert result.trabuco is False
    assert state.stacks == (110, 95, 95)


def test_r11_r6c_once_a_hand_has_ended_no_seat_is_still_to_act() -> None:
    """After a showdown and after a win by folds: nobody to act, nobody owing an answer."""
    deck = rig((1, 2, 0), {1: LOW, 2: MID, 0: BEST})
    shown = to_end_of_hand(run(game(), deck, Bet(1, 4), Call(2), Call(0)), deck)
    folded = run(game(), DECK, Bet(1, 4), Fold(2), Fold(0))
    for state in (shown, folded):
        assert state.phase is Phase.BETWEEN_HANDS
        assert (state.to_act, state.still_to_act, state.receiver) == (None, frozenset(), None)
    assert last(folded).ended_in is Phase.BET_1


def test_r11_tie_goes_to_the_tied_seat_nearest_mano_pots_never_split() -> None:
    # seats 2 and 0 tie at 24; seat 2 is nearer mano (seat 1)
    deck = rig((1, 2, 0), {1: LOW, 2: "9C 8C 7C 3B 4B", 0: BEST})
    state = to_end_of_hand(run(game(), deck, Bet(1, 2), Call(2), Call(0)), deck)
    result = last(state)
    assert result.shown[2] is not None
    assert result.shown[0] is not None
    assert result.shown[2].value == result.shown[0].value == 24
    assert result.pots == (Pot(9, (1, 2, 0), 2),)
    assert result.payoffs == (-3, -3, 6)


def test_r11_tie_with_mano_goes_to_mano() -> None:
    deck = rig((1, 2, 0), {1: "9C 8C 7C 3B 4B", 2: LOW, 0: BEST})
    result = last(to_end_of_hand(game(), deck))
    assert result.pots == (Pot(3, (1, 2, 0), 1),)
    assert result.trabuco is False  # 24, not 30


def test_r11_trabuco_mano_with_thirty() -> None:
    hands = {1: "9O 8O 7O 6O 3C", 2: "9C 8C 7C 6C 3E", 0: LOW}
    deck = rig((1, 2, 0), hands, second=(1, 2))  # seat 0 folds before the second deal
    state = to_end_of_hand(run(game(), deck, Bet(1, 10), Call(2), Fold(0)), deck)
    result = last(state)
    assert result.shown[1] is not None
    assert result.shown[2] is not None
    assert result.shown[1].value == result.shown[2].value == 30
    assert result.trabuco is True
    assert result.pots == (Pot(23, (1, 2), 1),)
    assert state.stacks == (99, 112, 89)


@pytest.mark.parametrize("winner", [0, 2])
def test_r11_trabuco_needs_mano_to_take_the_main_pot(winner: int) -> None:
    """No ante and no chips: mano (seat 1) shows 30 but is in no pot, so the pot seats 2
    and 0 made goes to one of them, and there is no trabuco (R11: mano must take the main
    pot), whichever side of mano the winner sits."""
    rules = Rules(ante=0, hands=1)
    strong, weak = "4C 5C 6C 7C 8C", "3E 4E 5E 6E 7E"
    hands = {
        1: "9O 8O 7O 6O 3C",
        2: strong if winner == 2 else weak,
        0: strong if winner == 0 else weak,
    }
    deck = rig((1, 2, 0), hands)
    start = game(rules=rules, stacks=(100, 0, 100))
    state = to_end_of_hand(run(start, deck, Bet(2, 1), Call(0)), deck)
    result = last(state)
    assert result.shown[1] is not None
    assert result.shown[1].value == 30
    assert result.pots == (Pot(2, (2, 0), winner),)
    assert result.trabuco is False


def test_r11_trabuco_with_mano_all_in_takes_the_main_pot_not_the_side_pot() -> None:
    """Mano (seat 1, 4 chips after the ante) calls all-in for less holding 30: it takes the
    main pot, the side pot goes to another seat, and that is a trabuco (R8, R11)."""
    hands = {1: "9O 8O 7O 6O 3C", 2: "3E 4E 5E 6E 7E", 0: "4C 5C 6C 7C 8C"}
    deck = rig((1, 2, 0), hands)
    start = game(stacks=(100, 5, 100))
    state = to_end_of_hand(run(start, deck, Pass(1), Bet(2, 10), Call(0), Call(1)), deck)
    result = last(state)
    assert result.pots == (Pot(15, (1, 2, 0), 1), Pot(12, (2, 0), 0))
    assert result.trabuco is True


def test_r11_thirty_not_held_by_mano_is_no_trabuco() -> None:
    deck = rig((1, 2, 0), {1: LOW, 2: "9C 8C 7C 6C 3E", 0: BEST})
    result = last(to_end_of_hand(game(), deck))
    assert result.pots[0].winner == 2
    assert result.trabuco is False


def test_r11_a_lone_card_decides_the_value() -> None:
    # seat 2: two pairs worth 7 each, but a lone 8 of espadas: 8; seats 0 and 1: 7
    deck = rig((1, 2, 0), {1: "6O 6C 3E 4E 5B", 2: "3O 4O 3C 4C 8E", 0: "5O 5C 5E 3B 4B"})
    state = to_end_of_hand(game(), deck)
    result = last(state)
    values = [h.value if h is not None else None for h in result.shown]
    assert values == [7, 7, 8]
    assert result.pots == (Pot(3, (1, 2, 0), 2),)
    assert result.payoffs == (-1, -1, 2)


def test_r11_trabuco_with_ante_zero_and_no_pot() -> None:
    # regression: no chips at all in play used to crash the trabuco check
    deck = rig((1, 2, 0), {1: "9O 8O 7O 6O 3C", 2: MID, 0: LOW})
    state = to_end_of_hand(game(rules=attrs.evolve(TRADICIONAL, ante=0)), deck)
    result = last(state)
    assert result.pots == ()
    assert result.payoffs == (0, 0, 0)
    assert result.trabuco is True
    assert state.stacks == (100, 100, 100)


# --- R12 nobody opens ------------------------------------------------------------------------


def test_r12_nobody_ever_opens_showdown_for_the_antes() -> None:
    state = game()
    phases = []
    cards = STANDARD
    while state.phase is not Phase.BETWEEN_HANDS:
        state = deal_from(state, cards)
        phases.append(state.phase)
        state = quiet_round(state)
    assert phases == [
        Phase.BET_1,
        Phase.BET_2,
        Phase.DISCARD_1,
        Phase.BET_3,
        Phase.DISCARD_2,
        Phase.BET_4,
    ]
    result = last(state)
    assert result.showdown
    assert result.pots == (Pot(3, (1, 2, 0), 1),)
    assert result.payoffs == (-1, 2, -1)
    assert state.stacks == (99, 102, 99)


# --- R13 folded cards are dead ---------------------------------------------------------------


def test_r13_folded_cards_are_dead_never_shown_never_reused() -> None:
    state = run(game(), STANDARD, Bet(1, 2), Fold(2))
    folded = parse_cards(MID)[:2]
    assert state.folded == frozenset({2})
    assert state.hands[2] == Hand()
    assert state.dead == frozenset(folded)
    assert not state.dead & state.stock
    assert state.in_hand == (1, 0)
    err = refuse(state, Call(2), "R5")
    assert "has folded" in str(err)
    state = to_end_of_hand(apply(state, Call(0)), STANDARD)
    result = last(state)
    assert result.shown[2] is None
    assert result.shown[1] is not None
    assert state.dead == frozenset(folded)
    assert all(Deal(c) not in state.history[6:] for c in folded)
    assert result.payoffs == (-3, 4, -1)


# --- bad input -------------------------------------------------------------------------------


def test_bad_input_acting_out_of_turn() -> None:
    state = run(game(), STANDARD)
    err = refuse(state, Pass(2), "R5")
    assert "seat 1 is to act" in str(err)
    refuse(state, Bet(0, 3), "R5")


@pytest.mark.parametrize("seat", [-1, 3, 4, True, "1", None, 1.0])
def test_bad_input_seat_that_does_not_exist(seat: Any) -> None:
    state = run(game(), STANDARD)
    refuse(state, Pass(seat), "R1", listed=Pass(seat) == Pass(1))


def test_bad_input_wrong_phase() -> None:
    state = run(game(), STANDARD)
    refuse(state, Discard(1, NONE), "R10")
    refuse(state, NextHand(), "R15")
    refuse(state, EndGame(), "R15")
    state = quiet_round(run(state, STANDARD, Pass(1), Pass(2), Pass(0)))
    assert state.phase is Phase.DISCARD_1
    refuse(state, Pass(1), "R5")
    refuse(state, Bet(1, 2), "R5")
    state = to_end_of_hand(state, STANDARD)
    assert state.phase is Phase.BETWEEN_HANDS
    refuse(state, Pass(2), "R5")
    refuse(state, Discard(2, NONE), "R10")
    refuse(state, Deal(Card.parse("3O")), "R4")


@pytest.mark.parametrize("amount", [2.0, 2.5, "5", None, True, False, -3, 0])
def test_bad_input_amounts_not_whole_or_not_positive(amount: Any) -> None:
    state = run(game(), STANDARD)
    refuse(state, Bet(1, amount), "R5", listed=amount in (1, 2))
    state = apply(state, Bet(1, 2))
    refuse(state, Raise(2, amount), "R5")


def test_bad_input_amounts_above_stack_or_cap() -> None:
    state = run(game(), STANDARD)
    refuse(state, Bet(1, 100), "R8")
    refuse(state, Bet(1, 10**12), "R8")
    state = run(game(rules=LUDOTEKA), STANDARD)
    refuse(state, Bet(1, 21), "R9")


def test_bad_input_anything_after_the_game_is_over() -> None:
    state = run(game(rules=attrs.evolve(TRADICIONAL, hands=1)), STANDARD, Bet(1, 1))
    state = run(state, STANDARD, Fold(2), Fold(0))
    assert state.is_over
    assert state.phase is Phase.END
    assert legal_actions(state) == ()
    for action in (NextHand(), EndGame(), Pass(1), Bet(1, 1), Deal(DECK[0]), Discard(1, NONE)):
        err = refuse(state, action, "R15")
        assert "the game is over" in str(err)


@pytest.mark.parametrize(
    "thing", ["fold", None, 42, Pass, ("Pass", 1), {"seat": 1}, Card.parse("9O")]
)
def test_bad_input_not_an_action_at_all(thing: Any) -> None:
    state = run(game(), STANDARD)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, thing)
    assert isinstance(info.value, GolfoError)
    assert isinstance(info.value, ValueError)
    assert "not a golfo action" in str(info.value)
    assert "legal now" in str(info.value)
    assert not is_legal(state, thing)
    assert snapshot(state) == before


def test_bad_input_state_unchanged_and_still_usable_after_errors() -> None:
    state = run(game(), STANDARD, Bet(1, 5))
    before = snapshot(state)
    legal_before = legal_actions(state)
    bad: list[Any] = [Pass(2), Bet(2, 9), Raise(2, 5), Raise(2, 1000), Call(1), Fold(0)]
    bad += [Discard(2, NONE), Deal(DECK[0]), NextHand(), "call", Raise(2, -1)]
    for action in bad:
        with pytest.raises(IllegalActionError):
            apply(state, action)
    assert snapshot(state) == before
    assert legal_actions(state) == legal_before
    state = run(state, STANDARD, Call(2), Call(0))
    assert state.phase is Phase.BET_2
    assert state.stacks == (94, 94, 94)


def test_bad_input_error_names_the_rule_and_what_is_legal_now() -> None:
    state = run(game(), STANDARD, Bet(1, 5))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Pass(2))
    err = info.value
    assert err.rule == "R5"
    assert err.action == Pass(2)
    assert err.legal == legal_moves(state)
    assert tuple(err.legal) == legal_actions(state)
    assert str(err) == (
        "R5: no es posible pasar: cannot pass after an opening; "
        "legal now: Call(seat=2), Raise(seat=2, amount=6..99), Fold(seat=2)"
    )


def test_is_legal_agrees_with_legal_actions_in_a_whole_hand() -> None:
    state = run(game(stacks=(20, 100, 40)), STANDARD)
    script: list[Action] = [Bet(1, 5), Raise(2, 10), Call(0), Call(1)]
    for action in script:
        state = deal_from(state, STANDARD)
        legal = set(legal_actions(state))
        probes: list[Action] = [Pass(s) for s in range(3)]
        probes += [Call(s) for s in range(3)]
        probes += [Bet(s, a) for s in range(3) for a in range(-1, 45)]
        probes += [Raise(s, a) for s in range(3) for a in range(-1, 45)]
        probes += [Fold(s) for s in range(3)]
        for probe in probes:
            assert is_legal(state, probe) == (probe in legal), probe
        state = apply(state, action)
    assert state.phase is Phase.DEAL_2
    assert golfo.describe_legal(state).startswith("Deal(card) for any of the")
