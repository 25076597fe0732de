"""Rules as a family (issue 34): the variant settings of ``golfo.Rules``, their checks, and
hands of the variants played through ``new_game``, ``apply``, ``legal_actions`` and ``view``.

Every scenario is dealt from a fixed order of cards with :func:`golfo.deal_from` and checks
exact seats, phases, amounts and payoffs (``docs/rules.md``, *Variants*).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

import attrs
import pytest

import golfo
from golfo import (
    CHANCE,
    DECK,
    LUDOTEKA,
    MEDIANO,
    MINI,
    TRADICIONAL,
    Action,
    Bet,
    Call,
    Card,
    Deal,
    Discard,
    Fold,
    IllegalActionError,
    Pass,
    Phase,
    Raise,
    Rules,
    RulesError,
    State,
    Suit,
    apply,
    deal_from,
    legal_actions,
    legal_moves,
    new_game,
    parse_cards,
)

NONE: Final[frozenset[Card]] = frozenset()
OROS, COPAS, ESPADAS, BASTOS = Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS


def run(state: State, deck: Iterable[Card], *actions: Action) -> State:
    """Deal from ``deck`` whenever chance is to act, applying ``actions`` in between."""
    cards = list(deck)
    state = deal_from(state, cards)
    for action in actions:
        state = deal_from(apply(state, action), cards)
    return state


def refusal(state: State, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    return info.value


# --- the settings and their checks ---------------------------------------------------------


def test_the_presets_of_el_golfo_keep_its_variant_settings() -> None:
    for rules in (TRADICIONAL, LUDOTEKA):
        assert not rules.is_variant
        assert rules.ranks == (3, 4, 5, 6, 7, 8, 9)
        assert rules.suits == (OROS, COPAS, ESPADAS, BASTOS)
        assert rules.deal_sizes == (2, 3)
        assert (rules.discard_rounds, rules.betting_rounds) == (2, (1, 2, 3, 4))
        assert (rules.cards_counted, rules.bet_sizes, rules.max_raises) == (4, None, None)
        assert rules.table_sizes == (3, 4)
        assert rules.deck == tuple(DECK)
        assert rules.deck_mask == (1 << 28) - 1
        assert rules.phases == (
            Phase.DEAL_1,
            Phase.BET_1,
            Phase.DEAL_2,
            Phase.BET_2,
            Phase.DISCARD_1,
            Phase.BET_3,
            Phase.DISCARD_2,
            Phase.BET_4,
            Phase.SHOWDOWN,
        )
        assert (rules.hand_size, rules.best_value, rules.min_players) == (5, 30, 3)
    assert repr(TRADICIONAL) == (
        "Rules(ante=1, min_open=1, min_raise=1, round_caps=None, discards_face_up=True, "
        "deal_in_pairs=False, starting_stack=None, hands=None, rebuy=True, "
        "extra_hands_on_tie=False)"
    )


def test_the_variant_settings_are_normalised_and_take_part_in_equality() -> None:
    rules = Rules(
        ranks=[9, 3, 5, 7],
        suits={ESPADAS, OROS},
        betting_rounds=[4, 1, 2, 3],
        table_sizes=(2,),
        deal_sizes=(2, 1),
    )
    assert rules.ranks == (3, 5, 7, 9)
    assert rules.suits == (OROS, ESPADAS)  # canonical order
    assert rules.betting_rounds == (1, 2, 3, 4)
    assert [str(c) for c in rules.deck] == ["3O", "5O", "7O", "9O", "3E", "5E", "7E", "9E"]
    assert rules.is_variant
    assert rules != TRADICIONAL
    same = Rules(ranks=(3, 5, 7, 9), suits=(OROS, ESPADAS), table_sizes=[2], deal_sizes=[2, 1])
    assert rules == same
    assert hash(rules) == hash(same)
    again = eval(repr(rules), {"Rules": Rules, "Suit": Suit})
    assert again == rules


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"ranks": ()}, "ranks must be distinct whole numbers 3..9, at least one"),
        ({"ranks": (2, 3)}, "ranks must be distinct whole numbers 3..9"),
        ({"ranks": (3, 3, 4)}, "ranks must be distinct"),
        ({"ranks": (3.0, 4)}, "ranks must be distinct whole numbers"),
        ({"ranks": 9}, "ranks must be whole numbers 3..9, got 9"),
        ({"suits": ()}, "suits must be distinct golfo.Suit members, at least one"),
        ({"suits": ("O", "C")}, "suits must be distinct golfo.Suit members"),
        ({"suits": (OROS, OROS)}, "suits must be distinct"),
        ({"deal_sizes": (0, 3)}, "deal_sizes must be two whole numbers, the first deal >= 1"),
        ({"deal_sizes": (2, -1)}, "the second >= 0"),
        ({"deal_sizes": (3, 3)}, "five cards at most in all, got \\(3, 3\\)"),
        ({"deal_sizes": (2,)}, "deal_sizes must be two whole numbers"),
        ({"deal_sizes": (2.0, 3)}, "deal_sizes must be two whole numbers"),
        ({"discard_rounds": 3}, "discard_rounds must be a whole number 0..2, got 3"),
        ({"discard_rounds": True}, "discard_rounds must be a whole number 0..2, got True"),
        ({"betting_rounds": ()}, "betting_rounds must be distinct whole numbers 1..4"),
        ({"betting_rounds": (0, 1)}, "betting_rounds must be distinct whole numbers 1..4"),
        ({"cards_counted": 0}, "cards_counted must be a whole number 1..5, got 0"),
        ({"cards_counted": 6}, "cards_counted must be a whole number 1..5, got 6"),
        ({"bet_sizes": (1, 2, 3)}, "bet_sizes must be None \\(no limit\\) or four whole"),
        ({"bet_sizes": (1, 0, 1, 1)}, "bet_sizes must be None \\(no limit\\) or four whole"),
        ({"max_raises": -1}, "max_raises must be None or a whole number >= 0, got -1"),
        ({"max_raises": 1.0}, "max_raises must be None or a whole number >= 0, got 1.0"),
        ({"table_sizes": (1, 3)}, "table_sizes must be distinct whole numbers 2..4"),
        ({"table_sizes": (5,)}, "table_sizes must be distinct whole numbers 2..4"),
        # combinations that cannot be played
        (
            {"deal_sizes": (5, 0)},
            "betting rounds 1 and 2 follow each other with nothing between them "
            "\\(the second deal is 0 cards\\): leave one out of betting_rounds",
        ),
        (
            {"discard_rounds": 1},
            "betting rounds 3 and 4 follow each other with nothing between them "
            "\\(the second discard round is not played\\)",
        ),
        (
            {"deal_sizes": (5, 0), "discard_rounds": 0, "betting_rounds": (1, 4)},
            "betting rounds 1 and 4 .*\\(the second deal is 0 cards; no discard round is "
            "played; the second discard round is not played\\)",
        ),
        (
            {"ranks": (8, 9), "suits": (OROS, COPAS)},
            "a deck of 4 cards is too small: 3 seats dealt in need 15 cards and one card to "
            "draw, 16 in all",
        ),
        (
            {"ranks": (5, 6, 7, 8, 9), "suits": (OROS, COPAS, ESPADAS), "table_sizes": (3, 4)},
            "a deck of 15 cards is too small: 3 seats dealt in need 15 cards and one card",
        ),
        ({"bet_sizes": (1, 1, 2, 2), "min_open": 2}, "min_open and min_raise do not apply"),
        ({"bet_sizes": (1, 1, 2, 2), "min_raise": 3}, "min_open and min_raise do not apply"),
    ],
)
def test_a_variant_that_cannot_be_played_is_a_rules_error(
    bad: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**bad)


def test_the_deck_need_counts_the_seats_dealt_in_and_a_draw_only_with_discards() -> None:
    """Fifteen cards hold three hands of five exactly: enough without discards (no draw is
    ever asked for), one short with them.  Four seats deal three in (R1): the same need."""
    fifteen: dict[str, Any] = {"ranks": (5, 6, 7, 8, 9), "suits": (OROS, COPAS, ESPADAS)}
    rules = Rules(**fifteen, discard_rounds=0, betting_rounds=(1, 2))
    assert len(rules.deck) == 15
    Rules(**fifteen, discard_rounds=0, betting_rounds=(1, 2), table_sizes=(2, 3, 4))
    Rules(ranks=(5, 6, 7, 8), suits=(OROS, COPAS, ESPADAS), table_sizes=(2,))  # 12 >= 2 * 5 + 1


def test_table_sizes_are_the_rules_own() -> None:
    """R1: El Golfo's presets are played by 3 or 4 players; a variant by its table sizes."""
    for players in (2, 5):
        with pytest.raises(
            RulesError, match=f"^El Golfo is played by 3 or 4 players, got {players}$"
        ):
            new_game(TRADICIONAL, players=players)
    with pytest.raises(RulesError, match=r"^these rules are played by 2 or 3 players, got 4$"):
        new_game(MINI, players=4)
    with pytest.raises(RulesError, match=r"^these rules are played by 2, 3 or 4 players, got 1$"):
        new_game(attrs.evolve(MINI, table_sizes=(2, 3, 4)), players=1)
    with pytest.raises(RulesError, match=r"^these rules are played by 2 players, got 3$"):
        Rules(table_sizes=(2,)).check_players(3)
    with pytest.raises(RulesError, match=r"^these rules are played by 2 or 3 players, got 3\.0$"):
        new_game(MINI, players=3.0)  # type: ignore[arg-type]


# --- MINI: a whole hand ---------------------------------------------------------------------

NINE_O, EIGHT_O, NINE_C, EIGHT_C = parse_cards("9O 8O 9C 8C")


def test_mini_two_players_the_dealer_plays_last_and_the_hand_runs_its_phases() -> None:
    """MINI: one card each, a betting round, a discard, a betting round, showdown; with two
    seats the dealer plays and the other seat is mano.  Fixed limit 1 then 2, no raise."""
    state = new_game(MINI, players=2, dealer=0)
    assert state.dealt_in == (1, 0)
    assert state.mano == 1
    assert state.stock_mask == MINI.deck_mask
    assert state.pot == 2
    assert legal_actions(state) == tuple(Deal(c) for c in MINI.deck)
    state = deal_from(state, [EIGHT_C, NINE_C, NINE_O, EIGHT_O])  # 8C to mano, 9C to seat 0
    assert state.phase is Phase.BET_1
    assert state.to_act == 1
    assert [str(h) for h in state.hands] == ["9C", "8C"]
    assert legal_actions(state) == (Pass(1), Bet(1, 1))
    state = apply(state, Bet(1, 1))
    assert legal_actions(state) == (Call(0), Fold(0))  # no raise in MINI
    error = refusal(state, Raise(0, 2))
    assert (error.rule, error.code, error.facts) == ("R5", "raise_limit", {"most": 0})
    assert str(error).startswith("R5: no raise is allowed in this round: call or fold;")
    state = apply(state, Call(0))
    assert state.phase is Phase.DISCARD_1
    assert state.to_act == 1
    assert state.pot == 4
    assert legal_actions(state) == (Discard(1, NONE), Discard(1, (EIGHT_C,)))
    state = apply(state, Discard(1, (EIGHT_C,)))
    assert state.to_act is CHANCE
    assert state.pending == (1,)
    state = deal_from(state, [NINE_O, EIGHT_O])
    assert str(state.hands[1]) == "9O"
    assert state.to_act == 0
    state = apply(state, Discard(0, NONE))
    assert state.phase is Phase.BET_3
    assert state.to_act == 1
    assert legal_actions(state) == (Pass(1), Bet(1, 2))
    state = apply(apply(state, Bet(1, 2)), Call(0))
    (result,) = state.results
    assert state.phase is Phase.END  # one hand (hands=1)
    assert result.showdown
    assert result.ended_in is Phase.SHOWDOWN
    assert result.pots[0].winner == 1  # 9O ties 9C: the seat nearest mano wins (R11)
    assert result.payoffs == (-4, 4)
    assert result.trabuco  # mano won with the best value of the variant, a 9
    assert [str(c) for c in state.discards] == ["8C"]


def test_mini_three_players_the_dealer_plays_and_draws_from_a_short_stock() -> None:
    """Three seats take three of MINI's four cards: one card is left to draw (R10)."""
    state = run(new_game(MINI, players=3, dealer=2), [NINE_O, EIGHT_O, NINE_C, EIGHT_C])
    assert state.dealt_in == (0, 1, 2)
    assert [str(h) for h in state.hands] == ["9O", "8O", "9C"]
    state = run(state, [EIGHT_C], Pass(0), Pass(1), Pass(2), Discard(0, NONE))
    assert state.phase is Phase.DISCARD_1
    assert state.to_act == 1
    assert legal_moves(state).discard_max == 1
    state = run(state, [EIGHT_C], Discard(1, (EIGHT_O,)))
    assert str(state.hands[1]) == "8C"
    assert legal_actions(state) == (Discard(2, NONE),)  # the stock is empty now
    error = refusal(state, Discard(2, (NINE_C,)))
    assert (error.code, error.facts) == ("stock_short", {"stock": 0})
    state = apply(state, Discard(2, NONE))
    state = apply(apply(apply(state, Pass(0)), Pass(1)), Pass(2))
    (result,) = state.results
    assert result.pots[0].winner == 0
    assert result.payoffs == (2, -1, -1)
    assert result.trabuco


def test_a_card_outside_the_variant_deck_is_never_dealt() -> None:
    state = new_game(MINI, players=2)
    error = refusal(state, Deal(DECK[0]))
    assert (error.rule, error.code) == ("R4", "not_in_stock")
    assert legal_moves(state).deals == frozenset(MINI.deck)
    dealt = deal_from(state, DECK)  # golfo.DECK in order: the MINI cards among them
    assert sorted(str(c) for h in dealt.hands for c in h) == ["8O", "9O"]


def test_the_view_of_a_variant_shows_its_own_deck_sizes() -> None:
    state = run(new_game(MINI, players=3), [NINE_O, EIGHT_O, NINE_C, EIGHT_C])
    view = golfo.view(state, 1)
    assert view.hand_sizes == (1, 1, 1)
    assert view.stock_size == 1
    assert view.moves is not None
    assert view.legal_actions == (Pass(1), Bet(1, 1))
    assert golfo.view(state, 0).moves is None


# --- fixed-limit betting, raises, and the table stakes ------------------------------------

LIMIT: Final = attrs.evolve(TRADICIONAL, bet_sizes=(2, 2, 4, 4), max_raises=2, hands=1)


def test_fixed_limit_one_amount_a_round_and_at_most_max_raises() -> None:
    state = deal_from(new_game(LIMIT, players=3), DECK)
    assert legal_moves(state).bets == range(2, 3)
    for amount in (1, 3):
        error = refusal(state, Bet(1, amount))
        assert (error.rule, error.code, error.facts) == ("R5", "limit_amount", {"amount": 2})
    state = apply(state, Bet(1, 2))
    assert legal_moves(state).raises == range(4, 5)
    state = apply(state, Raise(2, 4))
    state = apply(state, Raise(0, 6))
    assert legal_moves(state).raises == range(0)
    assert legal_moves(state).call == 4
    error = refusal(state, Raise(1, 8))
    assert (error.code, error.facts) == ("raise_limit", {"most": 2})
    lim = golfo.moves.wager_limits(state, 1)
    assert (lim.raises, lim.most_raises, lim.fixed, lim.minimum) == (2, 2, True, 8)
    state = apply(apply(state, Call(1)), Call(2))
    assert state.phase is Phase.DEAL_2
    state = deal_from(state, DECK)
    assert legal_moves(state).bets == range(2, 3)  # round 2: size 2
    state = apply(apply(apply(state, Pass(1)), Pass(2)), Pass(0))
    state = apply(apply(apply(state, Discard(1, NONE)), Discard(2, NONE)), Discard(0, NONE))
    assert state.phase is Phase.BET_3
    assert legal_moves(state).bets == range(4, 5)
    state = apply(state, Bet(1, 4))
    assert legal_moves(state).raises == range(8, 9)  # the raises of round 1 do not count


def test_fixed_limit_all_in_for_less_is_the_only_amount_and_reopens_the_action() -> None:
    """R8 under fixed limits: a seat short of the size may put in its all-in, the only
    amount; a raise all-in for less than the size is a raise (it reopens the action and
    counts as one of the round's raises), and the next raise is a full size above it."""
    rules = attrs.evolve(LIMIT, bet_sizes=(4, 4, 4, 4), max_raises=None)
    state = deal_from(new_game(rules, players=3, stacks=(50, 50, 6)), DECK)  # seat 2: 5 behind
    state = apply(state, Bet(1, 4))
    assert legal_moves(state).raises == range(5, 6)  # all-in for 5, less than 4 + 4
    state = apply(state, Raise(2, 5))
    assert legal_moves(state).raises == range(9, 10)  # a full size above the all-in
    state = apply(state, Call(0))
    assert state.to_act == 1  # reopened: seat 1 acts again
    assert legal_moves(state).raises == range(9, 10)
    assert legal_moves(state).call == 1


def test_caps_still_bind_fixed_limits() -> None:
    """R9 on top: a size above the cap's room leaves no bet at all (caps never make a
    smaller amount the only one)."""
    rules = attrs.evolve(LUDOTEKA, bet_sizes=(25, 25, 25, 25), hands=1)
    state = deal_from(new_game(rules, players=3), DECK)  # ante 5: room 20 under the cap 25
    moves = legal_moves(state)
    assert moves.can_pass
    assert moves.bets == range(0)
    error = refusal(state, Bet(1, 25))
    assert (error.rule, error.code, error.facts) == ("R9", "above_cap", {"room": 20})


def test_max_raises_also_bounds_no_limit_betting() -> None:
    rules = attrs.evolve(TRADICIONAL, max_raises=0)
    state = apply(deal_from(new_game(rules, players=3), DECK), Bet(1, 5))
    assert legal_actions(state) == (Call(2), Fold(2))


# --- skipped phases, counted cards, the deck ------------------------------------------------


def phases_of(rules: Rules, players: int = 3) -> list[Phase]:
    """The phases a hand goes through when everyone passes and stands pat, one action at a
    time (the first legal one: a deal of the first card of the stock, a pass, standing pat)."""
    state = new_game(rules, players=players)
    seen = [state.phase]
    while state.phase not in (Phase.BETWEEN_HANDS, Phase.END):
        state = apply(state, legal_actions(state)[0])
        if state.phase is not seen[-1]:
            seen.append(state.phase)
    return seen


def test_skipped_phases_are_never_entered() -> None:
    one_deal = Rules(deal_sizes=(5, 0), betting_rounds=(1, 3, 4))
    assert phases_of(one_deal) == [
        Phase.DEAL_1,
        Phase.BET_1,
        Phase.DISCARD_1,
        Phase.BET_3,
        Phase.DISCARD_2,
        Phase.BET_4,
        Phase.BETWEEN_HANDS,
    ]
    no_discards = Rules(discard_rounds=0, betting_rounds=(1, 2))
    assert phases_of(no_discards) == [
        Phase.DEAL_1,
        Phase.BET_1,
        Phase.DEAL_2,
        Phase.BET_2,
        Phase.BETWEEN_HANDS,
    ]
    late_betting = Rules(betting_rounds=(3,))  # deals and a discard before the only round
    assert phases_of(late_betting) == [
        Phase.DEAL_1,
        Phase.DEAL_2,
        Phase.DISCARD_1,
        Phase.BET_3,
        Phase.DISCARD_2,
        Phase.BETWEEN_HANDS,
    ]
    state = deal_from(new_game(late_betting, players=3), DECK)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert state.phase is Phase.DISCARD_1


def test_the_first_deal_of_n_cards_one_at_a_time_or_all_at_once() -> None:
    """R3: the first deal goes round one card at a time, ``deal_sizes[0]`` times; with
    ``deal_in_pairs`` each seat receives all of them at once, from mano."""
    rules = Rules(deal_sizes=(3, 2))
    state = new_game(rules, players=3)
    assert state.pending == (1, 2, 0) * 3
    together = new_game(attrs.evolve(rules, deal_in_pairs=True), players=3)
    assert together.pending == (1, 1, 1, 2, 2, 2, 0, 0, 0)
    dealt = deal_from(state, DECK)
    assert dealt.phase is Phase.BET_1
    assert [len(h) for h in dealt.hands] == [3, 3, 3]
    dealt = apply(apply(apply(dealt, Pass(1)), Pass(2)), Pass(0))
    assert dealt.pending == (1, 2, 0) * 2


def test_cards_counted_decides_the_showdown() -> None:
    """R11 with ``cards_counted=2``: 9O 8O 7O counts 17 and 9C 8C 3E counts 17 too: a tie,
    mano wins; with El Golfo's four, 9O 8O 7O (24) would win from any seat."""
    rules = Rules(cards_counted=2, discard_rounds=0, betting_rounds=(1, 2), hands=1, rebuy=False)
    assert rules.best_value == 17
    assert rules.hand_value(parse_cards("9O 8O 7O")[0].mask) == 9
    hands = {1: "9C 8C 3E 4E 5B", 2: "9O 8O 7O 3B 4B", 0: "3C 4C 5E 6E 6B"}
    cards = {s: parse_cards(h) for s, h in hands.items()}
    deck = [cards[s][k] for k in (0, 1) for s in (1, 2, 0)]
    deck += [cards[s][k] for k in (2, 3, 4) for s in (1, 2, 0)]
    state = deal_from(new_game(rules, players=3), deck)
    for _ in range(2):
        state = apply(apply(apply(state, Pass(1)), Pass(2)), Pass(0))
        state = deal_from(state, deck)
    (result,) = state.results
    assert result.showdown
    assert result.pots[0].winner == 1
    assert result.trabuco  # mano showed the best value of the variant, 17
    default = deal_from(new_game(attrs.evolve(rules, cards_counted=4), players=3), deck)
    for _ in range(2):
        default = apply(apply(apply(default, Pass(1)), Pass(2)), Pass(0))
        default = deal_from(default, deck)
    assert default.results[0].pots[0].winner == 2  # 24 against 17


def test_four_seats_of_a_variant_deal_three_in_and_two_seats_play_on() -> None:
    """R1: with four seats in play the dealer sits out in a variant too; R17: a variant goes
    on while ``min_players`` seats can pay the ante (two, for table sizes 2..4)."""
    rules = attrs.evolve(MINI, table_sizes=(2, 3, 4), hands=None, starting_stack=3)
    state = new_game(rules, players=4, dealer=0, stacks=(3, 3, 1, 2))
    assert state.dealt_in == (1, 2, 3)
    state = deal_from(state, [NINE_O, EIGHT_O, NINE_C, EIGHT_C])  # seat 2: all-in from the ante
    state = run(state, [EIGHT_C], Bet(1, 1), Call(3))  # seat 3 all-in: no more betting (R7)
    state = run(state, [EIGHT_C], Discard(1, NONE), Discard(2, NONE), Discard(3, NONE))
    assert state.results[-1].payoffs == (0, 3, -1, -2)  # 9O (seat 1) beats 8O and 9C
    assert state.phase is Phase.BETWEEN_HANDS
    state = apply(state, golfo.NextHand())
    assert state.out == frozenset({2, 3})  # no rebuys: 0 and 0 left, below the ante
    assert state.dealer == 1
    assert state.dealt_in == (0, 1)


def test_mediano_is_playable_by_two_and_three() -> None:
    for players in (2, 3):
        state = deal_from(new_game(MEDIANO, players=players), MEDIANO.deck)
        assert state.phase is Phase.BET_1
        assert all(len(state.hands[s]) == MEDIANO.deal_sizes[0] for s in state.dealt_in)


def test_the_sizes_of_mini_and_mediano_are_those_published() -> None:
    """``docs/rules.md`` publishes the size of each preset's tree (``tests/treesize.py``);
    MINI's are pinned here (MEDIANO's three-seat tree takes a while to walk)."""
    from treesize import TreeSize, tree_size

    assert tree_size(MINI, 2) == TreeSize(2633, 149, 1200, 1284, 700, 1400)
    assert tree_size(MINI, 3) == TreeSize(15449, 593, 7632, 7224, 2952, 5688)
    docs = (Path(__file__).parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "| `MINI` | 3 | 15,449 | 593 | 7,632 | 7,224 | 2,952 | 5,688 |" in docs


# --- the notation, perft and the shuffle take variants ----------------------------------------


def test_the_notation_words_the_refusals_of_fixed_limits() -> None:
    from golfo import notation

    state = deal_from(new_game(attrs.evolve(LIMIT, max_raises=1), players=3), DECK)
    view = golfo.view(state, 1)
    assert notation.parse("envido 2", view) == Bet(1, 2)
    assert notation.parse("resto", view) == Bet(1, 2)  # the most allowed: the fixed amount
    with pytest.raises(golfo.NotationError) as info:
        notation.parse("envido 3", view)
    assert str(info.value) == "los envites son fijos: la cantidad es 2; puedes pasar o envidar 2"
    assert info.value.code == "limit_amount"
    raised = apply(apply(state, Bet(1, 2)), Raise(2, 4))
    with pytest.raises(golfo.NotationError) as info:
        notation.parse("raise to 6", golfo.view(raised, 0), lang="en")
    assert str(info.value) == (
        "no more raises this round (raises allowed: 1); you may call 4 or fold"
    )
    error = refusal(raised, Raise(0, 6))
    assert notation.explain(error) == (
        "no se puede subir más en esta ronda (subidas permitidas: 1); puedes ver 4 o no ir"
    )
    assert notation.explain(refusal(state, Bet(1, 3)), lang="en") == (
        "fixed-limit betting: the amount is 2; you may pass or bet 2"
    )


def test_perft_counts_a_variant() -> None:
    """``golfo.conformance.perft`` takes any variant (``golfo perft --rules mini``): chance
    deals the first card of the deck still in the stock, each decision branches."""
    from golfo.conformance.perft import perft

    deck = golfo.shuffled_deck(1)
    state = deal_from(new_game(MINI, players=2), deck)
    assert [perft(state, d, deck) for d in range(1, 9)] == [2, 4, 6, 8, 13, 23, 33, 28]
    three = deal_from(new_game(MINI, players=3), deck)
    assert [perft(three, d, deck) for d in range(1, 9)] == [2, 4, 8, 14, 22, 31, 47, 73]


def test_the_seeded_shuffle_and_deal_take_a_variant_deck() -> None:
    """``golfo.shuffled_stock``/``golfo.deal`` shuffle the stock, the variant's own cards;
    ``deal_from`` with the 28-card ``shuffled_deck`` skips the cards outside the deck."""
    state = new_game(MEDIANO, players=3)
    dealt = golfo.deal(state, 7)
    assert dealt == golfo.deal(state, 7)
    assert all(c in MEDIANO.deck for h in dealt.hands for c in h)
    assert sorted(golfo.chance.shuffled_stock(state, 7)) == list(MEDIANO.deck)
    from_28 = deal_from(state, golfo.shuffled_deck(7))
    wanted = [c for c in golfo.shuffled_deck(7) if c in MEDIANO.deck][:3]
    assert [c for h in (from_28.hands[s] for s in from_28.dealt_in) for c in h] == wanted
