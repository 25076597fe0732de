"""The partida (issue 4): whole games of many hands, rules R14..R18 of ``docs/rules.md``.

Sources: rulebook section 3 (four players, the dealer sits out; three, the
dealer plays), section 11 (*el resto*: a new stack equal to the first one),
section 12 (the deal passes in play order), section 17 (the game ends at a
time the players agreed); Ludoteka's variant ("se juega un número de manos
inicialmente acordadas"; "en caso de empate en el primer puesto, se juegan
sucesivas manos hasta que haya un único ganador").

Hands are driven to a known outcome by :func:`play_hand`: the chosen winner
is dealt 9-8-7-6-5 of oros (30 points) and the others weak hands; everybody
passes and stands pat, except that the winner may open with a bet in the
first round, which everybody calls.  So every number below is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    Deal,
    Discard,
    EndGame,
    Fold,
    IllegalActionError,
    NextHand,
    Pass,
    Phase,
    Raise,
    Rules,
    State,
    apply,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    parse_cards,
    standings,
)

WINNING: Final = "9O 8O 7O 6O 5O"
"""30 points: the best hand there is."""
LOSING: Final = ("3C 4C 5E 6E 3B", "4B 5B 6C 7E 4E", "5C 6B 7B 8C 3E")
"""Three hands of 11, 11 and 13 points, disjoint from :data:`WINNING` and from each other."""
RESTING: Final = frozenset({Phase.BETWEEN_HANDS, Phase.END})


def play_hand(state: State, winner: int, bet: int = 0) -> State:
    """Play the hand that has just started to showdown, won by ``winner``.

    ``winner`` holds 30 points and the others weak hands.  Everyone passes and
    stands pat, except that ``winner`` opens with ``bet`` in the first round
    (if ``bet`` > 0) and every seat facing a bet calls (all-in for less if short).
    """
    start: Phase = state.phase
    assert start is Phase.DEAL_1, state
    assert winner in state.dealt_in, (winner, state.dealt_in)
    losing = iter(LOSING)
    queues = {
        s: list(parse_cards(WINNING if s == winner else next(losing))) for s in state.dealt_in
    }
    while state.phase not in RESTING:
        seat = state.to_act
        action: Action
        if seat is CHANCE:
            receiver = state.receiver
            assert receiver is not None
            action = Deal(queues[receiver].pop(0))
        else:
            assert isinstance(seat, int)
            if state.phase in (Phase.DISCARD_1, Phase.DISCARD_2):
                action = Discard(seat, ())
            elif state.current_bet > 0:
                action = Call(seat)
            elif seat == winner and bet and state.phase is Phase.BET_1:
                action = Bet(seat, bet)
            else:
                action = Pass(seat)
        state = apply(state, action)
    assert all(not q for q in queues.values())
    result = state.results[-1]
    assert result.showdown
    assert result.winners == (winner,)
    return state


def play_hands(state: State, winners: Sequence[int]) -> State:
    """Play one hand per entry of ``winners`` (each won on the antes), with NextHand between."""
    for i, winner in enumerate(winners):
        if i:
            state = apply(state, NextHand())
        state = play_hand(state, winner)
    return state


def nets(state: State) -> dict[int, int]:
    return {row.seat: row.net for row in standings(state).rows}


def fields(state: State) -> dict[str, Any]:
    """Every field of ``state`` (the legal-actions cache left out), to check it is unchanged."""
    return {k: v for k, v in vars(state).items() if k != "_legal"}


def assert_refused(state: State, action: object, rule: str, words: str) -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``rule``, and ``state`` is left as it was."""
    before = fields(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    err = info.value
    assert err.rule == rule
    assert str(err).startswith(f"{rule}: ")
    assert words in str(err)
    assert err.action == action
    assert err.legal == legal_moves(state)
    assert tuple(err.legal) == legal_actions(state)
    assert not is_legal(state, action)
    assert fields(state) == before
    return err


# --- the contract --------------------------------------------------------------------------


def test_issue_4_contract_names_exist() -> None:
    assert golfo.NextHand() == NextHand()
    assert golfo.EndGame() == EndGame()
    rule_fields = attrs.fields_dict(Rules)
    assert rule_fields["rebuy"].type in (bool, "bool")
    assert rule_fields["extra_hands_on_tie"].type in (bool, "bool")
    assert (TRADICIONAL.rebuy, TRADICIONAL.extra_hands_on_tie, TRADICIONAL.hands) == (
        True,
        False,
        None,
    )
    assert (LUDOTEKA.rebuy, LUDOTEKA.extra_hands_on_tie, LUDOTEKA.hands) == (False, True, 10)
    state = new_game(TRADICIONAL, players=3)
    assert {"hand_number", "rebuys", "results"} <= set(attrs.fields_dict(State))
    assert (state.hand_number, state.rebuys, state.results) == (1, (0, 0, 0), ())
    assert isinstance(golfo.standings(state), golfo.Standings)


# --- R14 rotation --------------------------------------------------------------------------


def test_r14_rotation_three_seats_over_eight_hands() -> None:
    """Three seats: the dealer plays (R1), the deal passes 0, 1, 2, 0, ...; mano follows it."""
    state = new_game(TRADICIONAL, players=3, dealer=0)
    dealers, manos, dealt = [], [], []
    for hand in range(1, 9):
        if hand > 1:
            state = apply(state, NextHand())
        assert state.hand_number == hand
        assert (state.phase, state.to_act, state.pot) == (Phase.DEAL_1, CHANCE, 3)
        assert state.receiver == state.mano == state.dealt_in[0]
        dealers.append(state.dealer)
        manos.append(state.mano)
        dealt.append(state.dealt_in)
        state = play_hand(state, winner=state.dealer)  # the dealer plays, and wins
        result = state.results[-1]
        assert (result.hand_number, result.dealer, result.dealt_in) == (
            hand,
            dealers[-1],
            dealt[-1],
        )
    assert dealers == [0, 1, 2, 0, 1, 2, 0, 1]
    assert manos == [1, 2, 0, 1, 2, 0, 1, 2]
    assert dealt == [
        (1, 2, 0),
        (2, 0, 1),
        (0, 1, 2),
        (1, 2, 0),
        (2, 0, 1),
        (0, 1, 2),
        (1, 2, 0),
        (2, 0, 1),
    ]
    # seats 0 and 1 dealt (and won) 3 hands: +6 - 5; seat 2 dealt 2: +4 - 6
    assert state.stacks == (101, 101, 98)
    assert [r.payoffs for r in state.results[:3]] == [(2, -1, -1), (-1, 2, -1), (-1, -1, 2)]


def test_r14_rotation_four_seats_over_eight_hands() -> None:
    """Four seats: the dealer sits out (R1); the three others play, from the seat after it."""
    state = new_game(TRADICIONAL, players=4, dealer=2)
    for hand in range(1, 9):
        if hand > 1:
            state = apply(state, NextHand())
        dealer = state.dealer
        assert dealer not in state.dealt_in
        assert state.committed[dealer] == 0
        assert state.pot == 3
        state = play_hand(state, winner=state.dealt_in[(hand - 1) % 3])
        assert state.results[-1].payoffs[dealer] == 0
    assert [r.dealer for r in state.results] == [2, 3, 0, 1, 2, 3, 0, 1]
    assert [r.mano for r in state.results] == [3, 0, 1, 2, 3, 0, 1, 2]
    assert [r.dealt_in for r in state.results] == [
        (3, 0, 1),
        (0, 1, 2),
        (1, 2, 3),
        (2, 3, 0),
        (3, 0, 1),
        (0, 1, 2),
        (1, 2, 3),
        (2, 3, 0),
    ]
    sitting_out = [next(s for s in range(4) if s not in r.dealt_in) for r in state.results]
    assert sitting_out == [2, 3, 0, 1, 2, 3, 0, 1]
    assert [r.winners[0] for r in state.results] == [3, 1, 3, 2, 0, 2, 1, 3]
    assert state.stacks == (97, 100, 100, 103)


@pytest.mark.parametrize(
    ("players", "first"), [(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2), (4, 3)]
)
def test_r14_rotation_from_any_first_dealer(players: int, first: int) -> None:
    state = new_game(TRADICIONAL, players=players, dealer=first)
    state = play_hand(state, winner=state.mano)
    for _ in range(2 * players - 1):
        state = apply(state, NextHand())
        state = play_hand(state, winner=state.mano)
    dealers = [r.dealer for r in state.results]
    assert dealers == [(first + k) % players for k in range(2 * players)]
    for r in state.results:
        after = [(r.dealer + k) % players for k in range(1, players + 1)]
        assert r.dealt_in == tuple(after[:3])  # the dealer last with 3 seats, out with 4


# --- R15 between hands ---------------------------------------------------------------------


def test_r15_between_hands_the_result_is_readable() -> None:
    state = play_hand(new_game(TRADICIONAL, players=3, dealer=0), winner=2)
    assert state.phase is Phase.BETWEEN_HANDS
    assert (state.to_act, state.pot, state.committed, state.bets) == (None, 0, (0,) * 3, (0,) * 3)
    assert state.hand_number == len(state.results) == 1
    result = state.results[0]
    assert (result.dealer, result.dealt_in, result.payoffs) == (0, (1, 2, 0), (-1, -1, 2))
    assert result.shown[2] == golfo.Hand.parse(WINNING)
    assert state.hands[2] == golfo.Hand.parse(WINNING)  # cards stay on the table until NextHand
    assert state.stacks == (99, 99, 102)
    assert legal_actions(state) == (NextHand(), EndGame())
    assert golfo.describe_legal(state) == "NextHand(), EndGame()"


def test_r15_next_hand_posts_antes_and_leaves_the_deal_pending() -> None:
    state = play_hand(new_game(TRADICIONAL, players=3, dealer=0), winner=2)
    nxt = apply(state, NextHand())
    assert (nxt.hand_number, nxt.phase, nxt.to_act, nxt.dealer) == (2, Phase.DEAL_1, CHANCE, 1)
    assert nxt.dealt_in == (2, 0, 1)
    assert nxt.pending == (2, 0, 1, 2, 0, 1)
    assert (nxt.stacks, nxt.committed, nxt.pot) == ((98, 98, 101), (1, 1, 1), 3)
    assert nxt.hands == (golfo.Hand(),) * 3
    assert len(nxt.stock) == 28
    assert nxt.results == state.results
    assert nxt.history[-1] == NextHand()
    assert nxt.history[:-1] == state.history


def test_r15_fixed_length_game_offers_only_next_hand() -> None:
    state = play_hand(new_game(LUDOTEKA, players=3, dealer=0), winner=1)
    assert state.phase is Phase.BETWEEN_HANDS
    assert legal_actions(state) == (NextHand(),)


# --- R16 fixed length ----------------------------------------------------------------------


def test_r16_ludoteka_game_ends_after_its_hands() -> None:
    rules = attrs.evolve(LUDOTEKA, hands=3)
    assert rules.starting_stack == 300  # R16: 100 points a hand
    state = play_hands(new_game(rules, players=4, dealer=0), [1, 3, 3])
    assert state.phase is Phase.END
    assert state.hand_number == len(state.results) == 3
    assert state.stacks == (290, 305, 290, 315)
    table = standings(state)
    assert table.winner == 3
    assert table.hands_played == 3
    assert [(r.seat, r.net, r.rank) for r in table.rows] == [
        (3, 15, 1),
        (1, 5, 2),
        (0, -10, 3),
        (2, -10, 3),
    ]
    assert legal_actions(state) == ()


def test_r16_tie_for_the_lead_forces_extra_hands_until_one_leads_alone() -> None:
    rules = attrs.evolve(LUDOTEKA, hands=2)
    state = play_hand(new_game(rules, players=3, dealer=2), winner=0)
    assert state.stacks == (210, 195, 195)
    assert state.phase is Phase.BETWEEN_HANDS

    state = play_hand(apply(state, NextHand()), winner=1)  # hand 2 of 2: 0 and 1 tie at +5
    assert state.stacks == (205, 205, 190)
    assert (state.phase, state.hand_number) == (Phase.BETWEEN_HANDS, 2)
    assert legal_actions(state) == (NextHand(),)
    table = standings(state)
    assert table.winner is None
    assert [(r.seat, r.net, r.rank) for r in table.rows] == [(0, 5, 1), (1, 5, 1), (2, -10, 3)]

    state = play_hand(apply(state, NextHand()), winner=2)  # extra hand 3: all three tie at 0
    assert state.stacks == (200, 200, 200)
    assert (state.phase, state.hand_number) == (Phase.BETWEEN_HANDS, 3)
    assert [r.rank for r in standings(state).rows] == [1, 1, 1]

    state = apply(state, NextHand())  # extra hand 4: the rotation goes on
    assert (state.dealer, state.dealt_in) == (2, (0, 1, 2))
    state = play_hand(state, winner=1)  # seat 1 leads alone: the game ends at once
    assert state.stacks == (195, 210, 195)
    assert (state.phase, state.hand_number, len(state.results)) == (Phase.END, 4, 4)
    assert standings(state).winner == 1
    assert [r.dealer for r in state.results] == [2, 0, 1, 2]


def test_r16_without_extra_hands_a_tie_ends_the_game_with_no_winner() -> None:
    rules = attrs.evolve(LUDOTEKA, hands=2, extra_hands_on_tie=False)
    state = play_hands(new_game(rules, players=3, dealer=2), [0, 1])
    assert (state.phase, state.stacks) == (Phase.END, (205, 205, 190))
    table = standings(state)
    assert table.winner is None
    assert [(r.seat, r.rank) for r in table.rows] == [(0, 1), (1, 1), (2, 3)]


def test_r16_a_unique_leader_after_the_last_hand_ends_the_game() -> None:
    rules = attrs.evolve(LUDOTEKA, hands=2)
    state = play_hands(new_game(rules, players=3, dealer=2), [0, 0])
    assert (state.phase, state.hand_number, state.stacks) == (Phase.END, 2, (220, 190, 190))
    assert standings(state).winner == 0


@pytest.mark.parametrize(("dealer", "winner"), [(2, 1), (1, 0), (0, 0)])  # (0, 0): mano 2 not tied
def test_r16_a_tie_no_further_hand_can_break_goes_to_the_seat_nearest_the_last_mano(
    dealer: int, winner: int
) -> None:
    """LU *Final*: "se juegan sucesivas manos hasta que haya un único ganador".  Seat 2 goes
    broke in hand 2, so no hand can be dealt: seats 0 and 1, tied at +5, are ordered from
    the last hand's mano (RB §6, §16) and the first wins."""
    state = play_hands(
        new_game(LUDOTEKA, players=3, dealer=dealer, stacks=(1000, 1000, 10)), [0, 1]
    )
    assert (state.phase, state.hand_number) == (Phase.END, 2)  # R17: ended before 10 hands
    assert state.stacks == (1005, 1005, 0)
    assert state.results[-1].mano == (dealer + 2) % 3
    table = standings(state)
    assert [(r.seat, r.net, r.rank) for r in table.rows] == [(0, 5, 1), (1, 5, 1), (2, -10, 3)]
    assert table.winner == winner
    # without extra hands on a tie, a shared lead has no winner (R16)
    rules = attrs.evolve(LUDOTEKA, extra_hands_on_tie=False)
    plain = play_hands(new_game(rules, players=3, dealer=dealer, stacks=(1000, 1000, 10)), [0, 1])
    assert standings(plain).winner is None


@pytest.mark.parametrize(("dealer", "winner"), [(0, 2), (1, 0), (2, 2)])
def test_r16_a_tie_of_seats_0_and_2_goes_to_the_first_of_them_after_the_last_mano(
    dealer: int, winner: int
) -> None:
    """Seat 1 broke after hand 2, seats 0 and 2 tied at +5: from the last mano (seat 2, 0,
    then 1 as the dealer moves on), the first tied seat wins (R16); from mano 1 that is 2."""
    state = play_hands(
        new_game(LUDOTEKA, players=3, dealer=dealer, stacks=(1000, 10, 1000)), [0, 2]
    )
    assert (state.phase, state.stacks) == (Phase.END, (1005, 0, 1005))
    assert state.results[-1].mano == (dealer + 2) % 3
    assert standings(state).winner == winner


@pytest.mark.parametrize(("dealer", "winner"), [(0, 0), (1, 0), (2, 1)])
def test_r16_a_tie_break_at_large_nets_compares_nets_by_value(dealer: int, winner: int) -> None:
    """Tied at +301 (R18) with seat 2 broke and no rebuys: both tied seats are in the
    tie-break, and the one nearest the last mano wins (R16)."""
    rules = attrs.evolve(TRADICIONAL, rebuy=False, extra_hands_on_tie=True, hands=2)
    state = new_game(rules, players=3, dealer=dealer, stacks=(1000, 1000, 602))
    state = play_hand(state, winner=0, bet=300)
    state = play_hand(apply(state, NextHand()), winner=1, bet=300)
    assert (state.phase, state.stacks) == (Phase.END, (1301, 1301, 0))
    assert standings(state).winner == winner


def test_r16_the_tie_break_counts_on_round_a_table_of_four() -> None:
    """Four seats, two of them broke after hand 2: seats 1 and 2 tie at +10, the last mano
    is seat 3 (broke), and counting on from it past seat 0 the nearest tied seat is 1."""
    state = play_hands(new_game(LUDOTEKA, players=4, dealer=1, stacks=(10, 1000, 1000, 10)), [2, 1])
    assert (state.phase, state.stacks) == (Phase.END, (0, 1010, 1010, 0))
    assert state.results[-1].mano == 3
    table = standings(state)
    assert [(r.seat, r.net) for r in table.rows][:2] == [(1, 10), (2, 10)]
    assert table.winner == 1


def test_r16_ludoteka_points_follow_the_number_of_hands() -> None:
    """LU *Contabilidad*: "100 multiplicado por el número de manos"."""
    assert LUDOTEKA.starting_stack == 1000
    assert attrs.evolve(LUDOTEKA, hands=20).starting_stack == 2000
    assert attrs.evolve(LUDOTEKA, hands=5).starting_stack == 500
    assert new_game(attrs.evolve(LUDOTEKA, hands=20), players=3).initial_stacks == (2000,) * 3
    fixed = attrs.evolve(LUDOTEKA, starting_stack=700)  # given explicitly: kept
    assert attrs.evolve(fixed, hands=20).starting_stack == 700
    assert attrs.evolve(TRADICIONAL, hands=20).starting_stack == 100  # no caps: 100
    assert golfo.Rules(starting_stack=1000, **_ludoteka_but_stack()) == LUDOTEKA


def _ludoteka_but_stack() -> dict[str, Any]:
    return {
        str(a.alias): getattr(LUDOTEKA, a.name)
        for a in attrs.fields(golfo.Rules)
        if a.alias != "starting_stack"
    }


# --- R17 rebuys and busts ------------------------------------------------------------------


def test_r17_rebuy_when_a_seat_cannot_pay_the_ante() -> None:
    """Traditional: seat 2 loses its 5 chips; at the next hand it receives its own starting
    stack, 5, again (RB §11: "una nueva cantidad de fichas igual a la inicial")."""
    state = new_game(TRADICIONAL, players=3, dealer=2, stacks=(100, 100, 5))
    state = play_hand(state, winner=0, bet=50)  # seat 1 calls 50, seat 2 calls all-in for 4
    assert state.stacks == (156, 49, 0)
    assert state.results[0].payoffs == (56, -51, -5)
    pots = [(p.amount, p.eligible, p.winner) for p in state.results[0].pots]
    assert pots == [(15, (0, 1, 2), 0), (92, (0, 1), 0)]  # main pot and side pot (R8)
    assert state.rebuys == (0, 0, 0)  # not yet: rebuys happen when a hand starts
    assert state.phase is Phase.BETWEEN_HANDS
    assert nets(state) == {0: 56, 1: -51, 2: -5}

    state = apply(state, NextHand())
    assert state.rebuys == (0, 0, 1)
    assert (state.dealer, state.dealt_in) == (0, (1, 2, 0))
    assert state.stacks == (155, 48, 4)  # seat 2: 0 + 5 - ante
    assert nets(state) == {0: 55, 1: -52, 2: -6}  # net: 4 - 5 * (1 + 1); antes in the pot

    state = play_hand(state, winner=2)
    assert state.stacks == (155, 48, 7)
    assert state.results[1].payoffs == (-1, -1, 2)
    state = apply(state, EndGame())
    table = standings(state)
    assert [(r.seat, r.stack, r.rebuys, r.net, r.rank) for r in table.rows] == [
        (0, 155, 0, 55, 1),
        (2, 7, 1, -3, 2),
        (1, 48, 0, -52, 3),
    ]
    assert table.winner == 0
    assert sum(r.net for r in table.rows) == 0
    # initial * (1 + rebuys) + payoffs == stack, for every seat
    for s in range(3):
        paid = sum(r.payoffs[s] for r in state.results)
        assert state.stacks[s] == (100, 100, 5)[s] * (1 + state.rebuys[s]) + paid


def test_r17_with_rebuys_new_game_refuses_starting_stacks_below_the_ante() -> None:
    rules = attrs.evolve(TRADICIONAL, ante=5)
    with pytest.raises(golfo.RulesError, match=r"at least the ante \(5\).*R17"):
        new_game(rules, players=3, dealer=0, stacks=(100, 100, 3))
    state = new_game(rules, players=3, dealer=0, stacks=(100, 100, 5))  # exactly the ante
    assert state.stacks == (95, 95, 0)
    assert state.rebuys == (0, 0, 0)
    # without rebuys a short seat is simply out from the start (R17)
    no_rebuy = attrs.evolve(rules, rebuy=False)
    assert new_game(no_rebuy, players=4, dealer=0, stacks=(100, 100, 100, 3)).out == {3}


def test_r17_rebuy_adds_its_own_starting_stack_to_a_short_stack() -> None:
    """A seat left with chips, but fewer than the ante, receives its starting stack again on
    top of them ("igual a la inicial, pero no superior")."""
    rules = attrs.evolve(TRADICIONAL, ante=5)
    state = new_game(rules, players=3, dealer=2, stacks=(100, 100, 7))
    state = play_hand(state, winner=0)  # seat 2 pays its ante of 5 and loses it: 2 left
    assert state.stacks[2] == 2
    state = apply(state, NextHand())
    assert state.rebuys == (0, 0, 1)
    assert state.stacks[2] == 2 + 7 - 5
    assert nets(state)[2] == 4 - 7 * 2  # its stack less its starting stack times 2


def test_r17_decision_the_sitting_out_dealer_rebuys_too() -> None:
    state = new_game(TRADICIONAL, players=4, dealer=0, stacks=(100, 1, 100, 100))
    state = play_hand(state, winner=2)  # mano, seat 1, posts its last chip and loses it
    assert state.stacks == (100, 0, 102, 99)
    state = apply(state, NextHand())
    assert (state.dealer, state.dealt_in) == (1, (2, 3, 0))
    assert state.rebuys == (0, 1, 0, 0)
    assert state.stacks == (99, 1, 101, 98)  # seat 1 rebuys its own starting stack of 1


def test_r17_bust_without_rebuy_turns_four_seats_into_three() -> None:
    """Ludoteka: seat 1 loses everything in hand 1; it is out for good, the dealer then plays,
    and the deal skips seat 1 forever (it would have dealt hand 2)."""
    state = new_game(LUDOTEKA, players=4, dealer=0, stacks=(1000, 25, 1000, 1000))
    assert state.dealt_in == (1, 2, 3)
    state = play_hand(state, winner=2, bet=20)  # seats 3 and 1 call 20; seat 1 is then broke
    assert state.stacks == (1000, 0, 1050, 975)
    assert state.results[0].payoffs == (0, -25, 50, -25)
    assert state.phase is Phase.BETWEEN_HANDS
    assert state.out == frozenset()  # decided when the next hand starts

    state = apply(state, NextHand())
    assert state.out == frozenset({1})
    assert state.in_game == (0, 2, 3)
    assert (state.dealer, state.dealt_in, state.mano) == (2, (3, 0, 2), 3)
    assert state.stacks == (995, 0, 1045, 970)
    assert state.pot == 15
    assert state.rebuys == (0, 0, 0, 0)

    state = play_hand(state, winner=2)
    for _ in range(6):
        state = apply(state, NextHand())
        state = play_hand(state, winner=state.dealer)  # the dealer plays (three in the game)
    assert [r.dealer for r in state.results] == [0, 2, 3, 0, 2, 3, 0, 2]
    assert [r.dealt_in for r in state.results] == [
        (1, 2, 3),
        (3, 0, 2),
        (0, 2, 3),
        (2, 3, 0),
        (3, 0, 2),
        (0, 2, 3),
        (2, 3, 0),
        (3, 0, 2),
    ]
    assert state.stacks == (995, 0, 1060, 970)
    assert state.phase is Phase.BETWEEN_HANDS
    assert all(r.payoffs[1] == 0 for r in state.results[1:])
    row = next(r for r in standings(state).rows if r.seat == 1)
    assert (row.stack, row.net, row.rank, row.out, row.rebuys) == (0, -25, 3, True, 0)


def test_r17_game_over_when_fewer_than_three_can_pay_the_ante() -> None:
    state = new_game(LUDOTEKA, players=3, dealer=2, stacks=(1000, 1000, 28))
    state = play_hand(state, winner=0, bet=20)
    assert state.stacks == (1050, 975, 3)  # 3 < ante 5: seat 2 cannot play on
    assert (state.phase, state.hand_number) == (Phase.END, 1)  # hand 1 of 10, but over
    assert legal_actions(state) == ()
    assert standings(state).winner == 0
    assert_refused(state, NextHand(), "R15", "the game is over")


def test_r17_game_over_when_two_of_four_go_broke_in_one_hand() -> None:
    state = new_game(LUDOTEKA, players=4, dealer=0, stacks=(1000, 25, 25, 1000))
    state = play_hand(state, winner=3, bet=20)
    assert state.stacks == (1000, 0, 0, 1050)
    assert state.phase is Phase.END
    table = standings(state)
    assert table.winner == 3
    assert [(r.seat, r.net) for r in table.rows] == [(3, 50), (0, 0), (1, -25), (2, -25)]


def test_r17_no_game_when_fewer_than_three_can_pay_at_the_start() -> None:
    with pytest.raises(golfo.RulesError, match="R17"):
        new_game(LUDOTEKA, players=4, dealer=0, stacks=(1000, 4, 0, 1000))
    with pytest.raises(golfo.RulesError, match="R17"):
        new_game(LUDOTEKA, players=4, dealer=1, stacks=(1000, 4, 1000, 1000))
    state = new_game(LUDOTEKA, players=4, dealer=0, stacks=(1000, 4, 1000, 1000))
    assert (state.out, state.dealt_in) == (frozenset({1}), (2, 3, 0))


# --- R18 standings and EndGame -------------------------------------------------------------


def test_r15_r18_end_game_in_a_traditional_game() -> None:
    state = play_hands(new_game(TRADICIONAL, players=4, dealer=0), [1, 3, 1])
    assert state.stacks == (98, 104, 98, 100)
    assert state.phase is Phase.BETWEEN_HANDS
    ended = apply(state, EndGame())
    assert (ended.phase, ended.to_act, ended.is_over) == (Phase.END, None, True)
    assert ended.results == state.results
    assert ended.stacks == state.stacks
    assert ended.history[-1] == EndGame()
    table = standings(ended)
    assert table.winner == 1
    assert table.hands_played == 3
    assert [(r.seat, r.net, r.rank) for r in table.rows] == [
        (1, 4, 1),
        (3, 0, 2),
        (0, -2, 3),
        (2, -2, 3),
    ]
    assert standings(state).winner is None  # before the end, nobody has won yet
    assert legal_actions(ended) == ()


def test_r18_end_game_with_a_tie_at_the_top_has_no_winner() -> None:
    state = play_hands(new_game(TRADICIONAL, players=3, dealer=0), [1, 2])
    assert state.stacks == (98, 101, 101)
    table = standings(apply(state, EndGame()))
    assert table.winner is None
    assert [(r.seat, r.net, r.rank) for r in table.rows] == [(1, 1, 1), (2, 1, 1), (0, -2, 3)]


def test_r18_standings_mid_hand_count_chips_in_the_pot_as_spent() -> None:
    state = new_game(TRADICIONAL, players=3, dealer=0, stacks=(50, 100, 150))
    table = standings(state)
    assert [(r.seat, r.stack, r.committed, r.net) for r in table.rows] == [
        (0, 49, 1, -1),
        (1, 99, 1, -1),
        (2, 149, 1, -1),
    ]
    assert (table.winner, table.hands_played) == (None, 0)


# --- bad input -----------------------------------------------------------------------------


def test_r15_next_hand_while_a_hand_is_in_play_is_refused() -> None:
    state = new_game(TRADICIONAL, players=3, dealer=0)
    assert_refused(state, NextHand(), "R15", "a hand is in play")  # chance to deal
    state = golfo.deal_from(state, DECK)
    assert state.phase is Phase.BET_1
    assert_refused(state, NextHand(), "R15", "a hand is in play")
    state = apply(apply(apply(state, Pass(1)), Pass(2)), Pass(0))
    state = golfo.deal_from(state, DECK)
    state = apply(apply(apply(state, Pass(1)), Pass(2)), Pass(0))
    assert state.phase is Phase.DISCARD_1
    assert_refused(state, NextHand(), "R15", "a hand is in play")


def test_r15_end_game_mid_hand_is_refused() -> None:
    state = golfo.deal_from(new_game(TRADICIONAL, players=3, dealer=0), DECK)
    assert_refused(state, EndGame(), "R15", "EndGame only between hands")
    state = golfo.deal_from(new_game(LUDOTEKA, players=3, dealer=0), DECK)
    assert_refused(state, EndGame(), "R15", "EndGame only between hands")


def test_r16_end_game_in_a_fixed_length_game_is_refused() -> None:
    state = play_hand(new_game(LUDOTEKA, players=3, dealer=0), winner=1)
    assert state.phase is Phase.BETWEEN_HANDS
    assert_refused(state, EndGame(), "R16", "this game lasts 10 hands")


@pytest.mark.parametrize(
    "action",
    [
        NextHand(),
        EndGame(),
        Deal(DECK[0]),
        Pass(0),
        Bet(0, 1),
        Call(0),
        Raise(0, 2),
        Fold(0),
        Discard(0, ()),
    ],
    ids=repr,
)
def test_r15_any_action_after_the_end_is_refused(action: Action) -> None:
    state = apply(play_hand(new_game(TRADICIONAL, players=3, dealer=0), winner=0), EndGame())
    assert_refused(state, action, "R15", "the game is over")
    fixed = play_hands(new_game(attrs.evolve(LUDOTEKA, hands=1), players=3, dealer=0), [2])
    assert fixed.phase is Phase.END
    assert_refused(fixed, action, "R15", "the game is over")


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (Deal(DECK[0]), "R4"),
        (Pass(0), "R5"),
        (Bet(0, 1), "R5"),
        (Call(1), "R5"),
        (Fold(2), "R5"),
        (Discard(0, ()), "R10"),
    ],
    ids=repr,
)
def test_r15_seats_and_chance_do_not_act_between_hands(action: Action, rule: str) -> None:
    state = play_hand(new_game(TRADICIONAL, players=3, dealer=0), winner=0)
    assert state.phase is Phase.BETWEEN_HANDS
    assert_refused(state, action, rule, "")


def _hand_won_by(state: golfo.State, winner: int, deck: Sequence[golfo.Card]) -> golfo.State:
    """Plays the hand in progress so that ``winner`` bets and every other seat folds."""
    while state.phase not in (golfo.Phase.BETWEEN_HANDS, golfo.Phase.END):
        if state.to_act is golfo.CHANCE:
            state = golfo.deal_from(state, deck)
            continue
        legal = golfo.legal_actions(state)
        kinds: tuple[type[golfo.Action], ...] = (golfo.Bet,) if state.to_act == winner else ()
        kinds += (golfo.Fold,) * (state.to_act != winner) + (golfo.Pass, golfo.Call)
        state = golfo.apply(state, next(a for k in kinds for a in legal if isinstance(a, k)))
    return state


@pytest.mark.parametrize(
    ("players", "winners", "lead"),
    [(3, (0, 1), ((0, 5), (1, 5))), (4, (1, 0), ((0, 10), (1, 10)))],  # 4: the dealer sits out
)
def test_r16_an_open_ended_game_ended_while_tied_with_hands_still_possible_has_no_winner(
    players: int, winners: tuple[int, int], lead: tuple[tuple[int, int], ...]
) -> None:
    """R16 breaks a tie by the last mano only when no further hand can be dealt; ended by
    agreement while three or more seats can still pay the ante, a tied game has no winner."""
    rules = attrs.evolve(
        golfo.LUDOTEKA, hands=None, extra_hands_on_tie=True, rebuy=False, starting_stack=100
    )
    first, second = winners
    state = _hand_won_by(golfo.new_game(rules, players=players), first, golfo.shuffled_deck(0))
    state = _hand_won_by(golfo.apply(state, golfo.NextHand()), second, golfo.shuffled_deck(1))
    end = golfo.apply(state, golfo.EndGame())
    table = golfo.standings(end)
    assert tuple((r.seat, r.net) for r in table.rows)[:2] == lead  # tied for the lead
    from golfo.standings import can_pay_count

    assert can_pay_count(rules.ante, end.stacks, end.out) == players
    assert table.winner is None


def test_r16_a_tie_at_large_nets_ends_a_game_without_extra_hands_with_no_winner() -> None:
    """Nets of hundreds of chips compare by value (R16, R18): a shared lead of +301 has no
    winner when ties are not played off."""
    rules = attrs.evolve(TRADICIONAL, hands=2, extra_hands_on_tie=False)
    state = new_game(rules, players=3, dealer=2, stacks=(1000, 1000, 1000))
    state = play_hand(state, winner=0, bet=300)
    state = play_hand(apply(state, NextHand()), winner=1, bet=300)
    assert (state.phase, state.stacks) == (Phase.END, (1301, 1301, 398))
    table = standings(state)
    assert [(r.seat, r.net, r.rank) for r in table.rows] == [(0, 301, 1), (1, 301, 1), (2, -602, 3)]
    assert table.winner is None


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_r16_the_tie_break_counts_from_the_mano_of_the_last_hand_not_an_earlier_one(
    dealer: int,
) -> None:
    """Four hands, seat 2 broke after the fourth: seats 0 and 1 tie at +10 and the tie goes
    to the tied seat nearest the mano of hand 4 (R16), whatever hand 2's mano was."""
    state = play_hands(
        new_game(LUDOTEKA, players=3, dealer=dealer, stacks=(1000, 1000, 20)), [0, 0, 1, 1]
    )
    assert (state.phase, state.hand_number, state.stacks) == (Phase.END, 4, (1010, 1010, 0))
    mano = state.results[-1].mano
    assert mano != state.results[1].mano
    assert standings(state).winner == next(s for s in (mano, (mano + 1) % 3) if s in (0, 1))


@pytest.mark.parametrize(
    ("players", "dealer"), [(3, 3), (3, 4), (3, 7), (4, 4), (4, 9), (3, -1), (4, True), (3, 1.0)]
)
def test_r1_new_game_refuses_a_dealer_who_is_not_a_seat(players: int, dealer: object) -> None:
    """R1: the dealer is one of the seats, 0 to players - 1 (found by mutation testing: a
    dealer past the table, not only at its edge)."""
    with pytest.raises(golfo.RulesError) as info:
        new_game(TRADICIONAL, players=players, dealer=dealer)  # type: ignore[arg-type]
    assert str(info.value) == f"dealer must be a seat 0..{players - 1}, got {dealer!r}"


@pytest.mark.parametrize("stacks", [(100, 100), (100, 100, 100, 100), (100, 100, 100, 100, 100)])
def test_r1_new_game_wants_one_stack_a_seat(stacks: tuple[int, ...]) -> None:
    """R1: one starting stack for each seat, no fewer and no more (found by mutation
    testing: a list of stacks longer than the table was taken)."""
    with pytest.raises(golfo.RulesError) as info:
        new_game(TRADICIONAL, players=3, stacks=stacks)
    assert str(info.value) == f"stacks must be 3 whole numbers >= 0, got {stacks!r}"


@pytest.mark.parametrize("players", [3.0, 4.0, "3", 2, 5, None])
def test_r1_new_game_wants_three_or_four_players_as_a_whole_number(players: object) -> None:
    """R1: three or four players, an ``int`` (found by mutation testing: 3.0 was taken)."""
    with pytest.raises(golfo.RulesError) as info:
        new_game(TRADICIONAL, players=players)  # type: ignore[arg-type]
    assert str(info.value) == f"El Golfo is played by 3 or 4 players, got {players!r}"


@pytest.mark.parametrize(
    "stacks", [(100, -1, 100), (-100, 100, 100), (100, 100, 2.5), (1, 2, True)]
)
def test_r1_new_game_wants_stacks_of_whole_chips(stacks: tuple[object, ...]) -> None:
    """R1: stacks are whole numbers of chips, none below zero (-1 included: found by
    mutation testing)."""
    with pytest.raises(golfo.RulesError) as info:
        new_game(TRADICIONAL, players=3, stacks=stacks)  # type: ignore[arg-type]
    assert str(info.value) == f"stacks must be 3 whole numbers >= 0, got {stacks!r}"


def test_new_game_takes_everything_but_the_rules_by_keyword() -> None:
    """``new_game(rules, *, players, dealer, stacks)``: a bare ``3`` could be the players or
    the dealer, so only the rules go by position (found by mutation testing: ``*`` for
    ``/`` let ``new_game(TRADICIONAL, 3)`` through)."""
    with pytest.raises(TypeError, match="positional"):
        new_game(TRADICIONAL, 3)  # type: ignore[call-arg]
    assert new_game(TRADICIONAL, players=3) == new_game(rules=TRADICIONAL, players=3)
