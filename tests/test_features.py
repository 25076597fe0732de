"""Observation features shared by the adapters (golfo.ext.features); no extra needed."""

from __future__ import annotations

import itertools
import random

import attrs

import golfo
from golfo import Bet, Call, Discard, Pass, Raise, State
from golfo.ext.features import ObservationEncoder, info_state_string, view_string

ONE_HAND = golfo.Rules(hands=1)


def _random_game(rules: golfo.Rules, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = golfo.new_game(rules, players=3 + seed % 2)
    states = [state]
    while not state.is_over:
        state = golfo.apply(state, rng.choice(golfo.legal_actions(state)))
        states.append(state)
    return states


def test_r15_info_state_strings_only_ever_extend_over_whole_games() -> None:
    rules = attrs.evolve(golfo.LUDOTEKA, hands=3, extra_hands_on_tie=False)
    for seed in range(6):
        states = _random_game(rules, seed)
        players = states[0].players
        for seat in [*range(players), None]:
            strings = [info_state_string(s, seat) for s in states]
            for before, after in itertools.pairwise(strings):
                assert after.startswith(before)
        final = info_state_string(states[-1], 0)
        assert final.count(" /") == 2  # two NextHand
        assert final.count(" =") == 3  # three hand results


def test_encoder_values_stay_in_the_unit_interval_and_size_is_fixed() -> None:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=3)
    for seed in range(6):
        for state in _random_game(rules, seed):
            enc = ObservationEncoder(rules, state.players, history=True)
            for seat in range(state.players):
                vec = enc.encode(golfo.view(state, seat))
                assert len(vec) == enc.size
                assert all(0.0 <= x <= 1.0 for x in vec)


def _scripted() -> State:
    """Round 1: seat 1 bets 4, seat 2 calls, seat 0 folds; round 2: passes; discards;
    round 3: seat 1 bets 2, seat 2 raises to 6, seat 1 calls."""
    deck = golfo.shuffled_deck(11)
    s = golfo.deal_from(golfo.new_game(ONE_HAND, players=3), deck)
    first: tuple[golfo.Action, ...] = (Bet(1, 4), Call(2), golfo.Fold(0))
    for action in first:
        s = golfo.apply(s, action)
    s = golfo.deal_from(s, deck)
    s = golfo.apply(golfo.apply(s, Pass(1)), Pass(2))
    for seat in (1, 2):
        s = golfo.deal_from(golfo.apply(s, Discard(seat, frozenset())), deck)
    third: tuple[golfo.Action, ...] = (Bet(1, 2), Raise(2, 6), Call(1))
    for action in third:
        s = golfo.apply(s, action)
    return s


def test_r5_betting_summary_attributes_actions_to_their_rounds() -> None:
    state = _scripted()
    assert state.phase is golfo.Phase.DISCARD_2
    enc = ObservationEncoder(ONE_HAND, 3, history=True)
    vec = enc.encode(golfo.view(state, 1))
    base = enc.slices["betting"].start

    def cell(rnd: int, seat: int) -> list[float]:  # passed, called, folded, most bet / chips
        start = base + ((rnd - 1) * 3 + seat) * 4
        return vec[start : start + 4]

    assert cell(1, 1) == [0, 0, 0, 4 / 300]
    assert cell(1, 2) == [0, 1, 0, 0]
    assert cell(1, 0) == [0, 0, 1, 0]
    assert cell(2, 1) == [1, 0, 0, 0]
    assert cell(3, 1) == [0, 1, 0, 2 / 300]
    assert cell(3, 2) == [0, 0, 0, 6 / 300]
    assert cell(4, 1) == [0, 0, 0, 0]


def test_public_encoder_and_strings_hold_no_private_cards() -> None:
    state = _scripted()
    public = ObservationEncoder(ONE_HAND, 3, private=False)
    assert "hand" not in public.slices
    assert public.encode(golfo.view(state, None)) == public.encode(golfo.view(state, None))
    text = view_string(golfo.view(state, None))
    assert text.startswith("pub hand 1 DISCARD_2")
    assert all(str(card) not in text for hand in state.hands for card in hand)
    info = info_state_string(state, None)
    assert all(f":{card}" not in info for hand in state.hands for card in hand)


def test_variant_encoder_places_cards_by_the_variants_deck_and_rounds_by_their_number() -> None:
    """MINI, 2 seats: 4 card places, one discard round; bets of round 3 go to round 3's cells."""
    rules = golfo.MINI
    enc = ObservationEncoder(rules, 2, history=True)
    assert enc.slices["hand"] == slice(2, 6)
    assert enc.slices["discard_counts"].stop - enc.slices["discard_counts"].start == 2
    deck = golfo.shuffled_deck(3)
    s = golfo.deal_from(golfo.new_game(rules, players=2), deck)
    s = golfo.apply(golfo.apply(s, Pass(1)), Pass(0))  # round 1
    (card,) = list(s.hands[1])
    s = golfo.deal_from(golfo.apply(s, Discard(1, frozenset({card}))), deck)
    s = golfo.apply(s, Discard(0, frozenset()))
    s = golfo.apply(s, Bet(1, 2))  # round 3
    assert s.phase is golfo.Phase.BET_3
    v = golfo.view(s, 1)
    vec = enc.encode(v)
    (now,) = list(s.hands[1])
    assert vec[enc.slices["hand"]] == [float(c == now) for c in rules.deck]
    assert vec[enc.slices["discards"]] == [float(c == card) for c in rules.deck]
    assert vec[enc.slices["discard_counts"]] == [0.0, 1.0]  # seat 1 changed its one card
    base = enc.slices["betting"].start
    assert vec[base + (0 * 2 + 1) * 4] == 1.0  # round 1: seat 1 passed
    assert vec[base + (2 * 2 + 1) * 4 + 3] == 2 / enc.scale  # round 3: seat 1 bet 2
    assert sum(vec[base + 2 * 4 : base + 2 * 2 * 4]) == 0.0  # nothing in round 2
    for state in _random_variant_states(rules, 2):
        for seat in range(2):
            got = enc.encode(golfo.view(state, seat))
            assert len(got) == enc.size
            assert all(0.0 <= x <= 1.0 for x in got)


def _random_variant_states(rules: golfo.Rules, players: int) -> list[State]:
    rng = random.Random(players)
    out = []
    for _ in range(5):
        state = golfo.new_game(rules, players=players)
        while not state.is_over:
            state = golfo.apply(state, rng.choice(golfo.legal_actions(state)))
            out.append(state)
    return out
