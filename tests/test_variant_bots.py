"""The bots and golfo.analysis on variants of the rules (issue 34): the deal model counts the
variant's deck, hand size, discard rounds and counted cards; every bot plays legal actions.

The checks are exact: an equity is compared with every deal of the unseen cards, and the
best value a seat could reach with the cards it ends with.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golfo
from golfo import MEDIANO, MINI, Phase, Rules
from golfo.analysis import equity, max_possible_value
from golfo.analysis.determinize import resample
from golfo.analysis.knowledge import seen_cards
from golfo.analysis.world import World, policy_discard
from golfo.bots import new_deck, play_hand
from golfo.cards import cards_of
from rulesets import variants

LIMITED: Rules = attrs.evolve(
    golfo.TRADICIONAL,
    ranks=(6, 7, 8, 9),
    suits=(golfo.Suit.OROS, golfo.Suit.COPAS),
    deal_sizes=(2, 1),
    discard_rounds=1,
    betting_rounds=(1, 3),
    cards_counted=2,
    bet_sizes=(1, 1, 2, 2),
    max_raises=1,
    hands=2,
    table_sizes=(2,),
)
"""A variant with hands of three cards, two of which count, and one discard round."""


def decision_states(rules: Rules, players: int, seed: int) -> list[golfo.State]:
    """Every state where a random bot chose, in one hand."""
    states: list[golfo.State] = []
    bots = [golfo.RandomBot(seed * 4 + s) for s in range(players)]
    play_hand(
        golfo.new_game(rules, players=players),
        bots,
        new_deck(random.Random(seed)),
        on_action=lambda s, _a: states.append(s),
    )
    return states


def brute_equity(view: golfo.View) -> dict[int, Fraction]:
    """Every way of dealing the unseen cards to the hands the viewer does not know, once the
    hands are final: each seat's share of the deals it wins (ties to the seat nearest mano)."""
    rules = view.rules
    unseen = cards_of(rules.deck_mask & ~seen_cards(view))
    others = [s for s in view.in_hand if s != view.seat]
    wins = dict.fromkeys(view.in_hand, Fraction(0))
    deals = 0

    def deal(i: int, pool: tuple[golfo.Card, ...], hands: dict[int, int]) -> None:
        nonlocal deals
        if i == len(others):
            deals += 1
            best = max(
                view.in_hand, key=lambda s: (rules.hand_value(hands[s]), -view.in_hand.index(s))
            )
            wins[best] += 1
            return
        seat = others[i]
        for held in itertools.combinations(pool, view.hand_sizes[seat]):
            mask = sum(c.mask for c in held)
            deal(i + 1, tuple(c for c in pool if c not in held), {**hands, seat: mask})

    deal(0, unseen, {view.seat: view.hand.mask} if view.seat is not None else {})
    return {s: w / deals for s, w in wins.items()}


@pytest.mark.parametrize(("rules", "players"), [(MINI, 3), (MEDIANO, 3), (LIMITED, 2)])
def test_equity_after_the_last_discard_is_every_deal_counted(rules: Rules, players: int) -> None:
    """Once the hands are final (the last betting round of the variant), ``equity`` is exact
    and equals the count over every deal of the unseen cards (the variant's deck only)."""
    checked = 0
    for seed in range(12):
        for state in decision_states(rules, players, seed):
            if state.phase is not Phase.BET_3:
                continue
            seat = state.to_act
            assert isinstance(seat, int)
            view = golfo.view(state, seat)
            found = equity(view)
            assert found.exact
            expected = brute_equity(view)
            for s, share in expected.items():
                assert found.win[s] == pytest.approx(float(share), abs=1e-12)
            checked += 1
    assert checked >= 5


def test_the_deal_model_of_a_variant() -> None:
    """``World`` counts the variant's hand size, discard rounds and deck: in MINI's first
    betting round each seat holds its one card, one discard round is to come, and the
    unseen cards are those of the four-card deck."""
    deck = [*golfo.parse_cards("9O 8C 9C 8O")]
    state = golfo.deal_from(golfo.new_game(MINI, players=3), deck)
    world = World.from_view(golfo.view(state, 1))
    assert (world.hand_size, world.counted, world.sizes, world.stock) == (1, 4, (1, 1, 1), 1)
    assert world.turns == (0, 1, 2)  # one discard round: each seat once, mano first
    assert sorted(str(c) for c in cards_of(world.unseen)) == ["8C", "8O", "9C"]
    assert (
        policy_discard(golfo.Hand.parse("9O 8O 3C").mask, 5, 1) == golfo.Hand.parse("8O 3C").mask
    )  # one card counts: the nine is kept


def test_max_possible_value_counts_the_variant() -> None:
    deck = [*golfo.parse_cards("9O 8C 9C 8O")]
    state = golfo.deal_from(golfo.new_game(MINI, players=3), deck)
    view = golfo.view(state, 1)  # mano holds 9O (dealt in order 1, 2, 0)
    assert max_possible_value(view, 1) == 9  # a hand of one card: no 9O + 8O
    assert max_possible_value(view, 2) == 9  # the 9C is unseen
    assert max_possible_value(view, 2, now=True) == 9
    seat_2 = golfo.view(state, 2)  # holds 8C: the 9O and 9C are unseen to it
    assert max_possible_value(seat_2, 2, now=True) == 8
    assert max_possible_value(seat_2, 2) == 9  # it may draw a nine


@settings(max_examples=25, deadline=None)
@given(variants(), st.integers(0, 2**16))
def test_every_bot_plays_legal_actions_in_any_variant(rules: Rules, seed: int) -> None:
    players = rules.table_sizes[0]
    every: list[golfo.Bot] = [
        golfo.RandomBot(seed),
        golfo.HeuristicBot(),
        golfo.EquityBot(seed, samples=20),
    ]
    bots = every[:players]
    while len(bots) < players:
        bots.append(golfo.HeuristicBot())
    state = golfo.new_game(rules, players=players, stacks=(rules.starting_stack,) * players)
    rng = random.Random(seed)
    while not state.is_over:
        state = play_hand(state, bots, new_deck(rng))  # apply refuses any illegal action
        if not state.is_over:
            state = golfo.apply(state, golfo.NextHand())
    assert state.results


def test_a_resampled_variant_state_looks_the_same_to_its_seat() -> None:
    """``golfo.analysis.determinize.resample`` moves only the variant deck's unseen cards."""
    for seed in range(6):
        for state in decision_states(MEDIANO, 3, seed)[-3:]:
            seat = state.to_act
            assert isinstance(seat, int)
            again = resample(state, seat, random.Random(seed))
            assert golfo.view(again, seat) == golfo.view(state, seat)
