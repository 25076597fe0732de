"""golfo.analysis: exact odds against a brute force written from the state, Monte Carlo
within its reported error, value distributions, the draw policy and determinization."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import attrs
import pytest

import golfo
from golfo.analysis import (
    World,
    equity,
    policy_discard,
    resample,
    value_distribution,
)
from golfo.analysis import odds as odds_module
from golfo.analysis.draws import draw_distribution, expected_value
from golfo.analysis.world import enumerate_deals, sample
from golfo.cards import DECK, Card
from golfo.ext.features import info_state_string
from golfo.state import Phase

FACE_DOWN = attrs.evolve(golfo.TRADICIONAL, discards_face_up=False)


def _play_to(
    seed: int,
    phase: Phase,
    rules: golfo.Rules = golfo.TRADICIONAL,
    players: int = 3,
    kinds: str = "hhh",
) -> golfo.State | None:
    """A hand dealt from ``shuffled_deck(seed)`` and played by bots until ``phase`` (or
    ``None`` when the hand ended before)."""
    deck = golfo.shuffled_deck(seed)
    bots: list[golfo.Bot] = [
        golfo.HeuristicBot() if k == "h" else golfo.RandomBot(seed + i) for i, k in enumerate(kinds)
    ]
    state = golfo.new_game(rules, players=players)
    while state.phase is not phase:
        if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
            return None
        if state.to_act is golfo.CHANCE:
            state = golfo.deal_from(state, deck)
            continue
        seat = state.to_act
        assert isinstance(seat, int)
        state = golfo.apply(state, bots[seat].choose(golfo.view(state, seat)))
    return state


def _brute_equity(state: golfo.State, viewer: int | None) -> tuple[list[float], int]:
    """Each seat's chance of the main pot, by listing every placement of the cards the
    viewer has not seen: read from the state, not from a view."""
    order = [s for s in state.dealt_in if s not in state.folded]
    seen: set[Card] = set()
    if viewer is not None:
        seen |= set(state.hands[viewer])
        for action, actor in golfo.state.log_entries(state.log):
            if isinstance(action, golfo.NextHand):
                break
            if isinstance(action, golfo.Deal) and actor == viewer:
                seen.add(action.card)
    if state.rules.discards_face_up:
        seen |= state.discards
    else:
        for action, actor in golfo.state.log_entries(state.log):
            if isinstance(action, golfo.NextHand):
                break
            if isinstance(action, golfo.Discard) and actor == viewer:
                seen |= action.cards
    unseen = [c for c in DECK if c not in seen]
    others = [s for s in order if s != viewer]
    wins = Counter[int]()
    total = 0

    def place(i: int, pool: list[Card], hands: dict[int, tuple[Card, ...]]) -> None:
        nonlocal total
        if i == len(others):
            values = {
                s: golfo.hand_value(hands[s] if s in hands else state.hands[s]) for s in order
            }
            best = max(values.values())
            wins[next(s for s in order if values[s] == best)] += 1
            total += 1
            return
        seat = others[i]
        for held in itertools.combinations(pool, len(state.hands[seat])):
            rest = [c for c in pool if c not in held]
            place(i + 1, rest, {**hands, seat: held})

    place(0, unseen, {})
    return [wins[s] / total for s in range(state.players)], total


def _small_final_positions(count: int, rules: golfo.Rules = golfo.TRADICIONAL) -> list[golfo.State]:
    """Round-4 positions where the brute force is quick (many cards seen)."""
    found = []
    for seed in range(2000):
        state = _play_to(seed, Phase.BET_4, rules)
        if state is None:
            continue
        seen = state.discard_mask.bit_count() + 5
        others = len(state.in_hand) - 1
        if (others == 2 and 28 - seen > 13) or (others == 1 and 28 - seen > 20):
            continue
        found.append(state)
        if len(found) == count:
            break
    assert len(found) == count
    return found


@pytest.mark.parametrize("index", range(6))
def test_exact_equity_after_the_second_discard_matches_a_brute_force(index: int) -> None:
    state = _small_final_positions(6)[index]
    seat = state.to_act
    assert isinstance(seat, int)
    got = equity(golfo.view(state, seat))
    want, deals = _brute_equity(state, seat)
    assert got.exact
    assert got.method == "count"
    assert got.stderr == 0.0
    assert got.deals == deals
    assert got.win == pytest.approx(want, abs=1e-12)
    assert sum(got.win) == pytest.approx(1.0)


def test_exact_equity_with_face_down_discards_and_for_a_spectator() -> None:
    checked = 0
    for seed in range(400):
        state = _play_to(seed, Phase.BET_4, FACE_DOWN, kinds="hhr")
        if state is None:
            continue
        seat = state.to_act
        assert isinstance(seat, int)
        v = golfo.view(state, seat)
        got = equity(v)
        assert got.method == "count"
        # face down, about 20 cards are unseen: the brute force lists C(20, 5) deals for
        # one hidden hand (two seats in), too many for two
        if len(state.in_hand) == 2:
            assert got.win == pytest.approx(_brute_equity(state, seat)[0], abs=1e-12)
            checked += 1
        if checked == 2:
            break
    assert checked == 2
    # a spectator of face-up discards: three hidden hands, still counted exactly
    state = _small_final_positions(1)[0]
    spectator = equity(golfo.view(state, None))
    assert spectator.method == "count"
    assert spectator.exact
    assert sum(spectator.win) == pytest.approx(1.0)


def _brute_counts(unseen: list[Card], sizes: list[int], known: dict[int, int]) -> list[float]:
    wins = Counter[int]()
    total = 0
    hidden = [p for p in range(len(sizes)) if p not in known]

    def place(i: int, pool: list[Card], values: dict[int, int]) -> None:
        nonlocal total
        if i == len(hidden):
            allv = {**known, **values}
            best = max(allv.values())
            wins[min(p for p in allv if allv[p] == best)] += 1
            total += 1
            return
        for held in itertools.combinations(pool, sizes[hidden[i]]):
            rest = [c for c in pool if c not in held]
            place(i + 1, rest, {**values, hidden[i]: golfo.hand_value(held)})

    place(0, unseen, {})
    return [wins[p] / total for p in range(len(sizes))]


def test_counting_matches_a_brute_force_for_one_to_three_hidden_hands() -> None:
    from golfo.analysis.counting import count_wins

    rng = random.Random(12)
    for trial in range(15):
        hidden = 1 + trial % 3
        known_count = rng.choice([0, 1]) if hidden < 3 else 0
        size = 5 if hidden < 3 else 3
        unseen = rng.sample(DECK, hidden * size + rng.randint(0, 3))
        positions = hidden + known_count
        known = {p: rng.randint(0, 30) for p in rng.sample(range(positions), known_count)}
        sizes = [size] * positions
        mask = sum(c.mask for c in unseen)
        got, _deals = count_wins(mask, [None] * positions, sizes, known)
        assert got == pytest.approx(_brute_counts(unseen, sizes, known), abs=1e-12)


def test_without_numpy_final_hands_are_enumerated_with_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = _small_final_positions(3)
    counted = [equity(golfo.view(s, s.to_act)) for s in states]  # type: ignore[arg-type]
    monkeypatch.setattr(odds_module, "counting", lambda: None)
    for state, exact in zip(states, counted, strict=True):
        listed = equity(golfo.view(state, state.to_act))  # type: ignore[arg-type]
        assert listed.method == "enumeration"
        assert listed.exact
        assert listed.win == pytest.approx(exact.win, abs=1e-12)


def test_monte_carlo_agrees_with_the_exact_odds_within_its_error() -> None:
    for state in _small_final_positions(3):
        seat = state.to_act
        assert isinstance(seat, int)
        v = golfo.view(state, seat)
        exact = equity(v)
        world = World.from_view(v)
        outcomes = sample(world, random.Random(11), 4000)
        for p, s in enumerate(world.order):
            share = outcomes.wins[p] / outcomes.total
            error = math.sqrt(exact.win[s] * (1 - exact.win[s]) / outcomes.total)
            assert abs(share - exact.win[s]) <= 4 * error + 1e-9, (s, share, exact.win[s])


def test_before_the_last_discard_small_cases_are_enumerated_and_sampling_agrees() -> None:
    """Late in the second discard with the stock nearly empty, every deal can be played
    out: the exact answer is then the enumeration, and sampling falls within its error."""
    found = 0
    for seed in range(300):
        state = _play_to(seed, Phase.DISCARD_2, kinds="hhr")
        if state is None:
            continue
        seat = state.to_act
        assert isinstance(seat, int)
        v = golfo.view(state, seat)
        world = World.from_view(v)
        if world.final or world.size_bound() > odds_module.EXACT_LIMIT:
            continue
        exact = equity(v)
        assert exact.method == "enumeration"
        assert exact.exact
        assert sum(exact.win) == pytest.approx(1.0)
        outcomes = sample(world, random.Random(5), 4000)
        for p, s in enumerate(world.order):
            share = outcomes.wins[p] / outcomes.total
            error = math.sqrt(exact.win[s] * (1 - exact.win[s]) / outcomes.total)
            assert abs(share - exact.win[s]) <= 4 * error + 1e-9
        found += 1
        if found == 3:
            break
    assert found == 3


def test_sampling_early_is_seeded_reports_its_error_and_sums_to_one() -> None:
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    v = golfo.view(state, 1)
    a = equity(v, samples=3000, seed=4)
    b = equity(v, samples=3000, seed=4)
    c = equity(v, samples=3000, seed=5)
    assert a == b
    assert a != c
    assert a.method == "sampling"
    assert not a.exact
    assert a.deals == 3000
    assert sum(a.win) == pytest.approx(1.0)
    for s in range(3):
        assert a.stderrs[s] == pytest.approx(math.sqrt(a.win[s] * (1 - a.win[s]) / 3000))
    assert a.stderr == max(a.stderrs)
    assert abs(a.win[1] - c.win[1]) < 6 * a.stderr
    with pytest.raises(ValueError, match="samples"):
        equity(v, samples=0)


def test_a_hand_that_is_over_or_won_by_folds_is_known() -> None:
    deck = golfo.shuffled_deck(9)
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    while state.to_act is golfo.CHANCE:
        state = golfo.deal_from(state, deck)
    state = golfo.apply(state, golfo.Bet(1, 5))
    state = golfo.apply(state, golfo.Fold(2))
    mid = equity(golfo.view(state, 1))
    assert mid.method != "result"  # seat 0 may still call
    state = golfo.apply(state, golfo.Fold(0))
    over = equity(golfo.view(state, 2))
    assert over.method == "result"
    assert over.win == (0.0, 1.0, 0.0)
    # a showdown: the main pot's winner
    final = _small_final_positions(1)[0]
    while final.phase is Phase.BET_4:
        seat = final.to_act
        assert isinstance(seat, int)
        final = golfo.apply(final, golfo.legal_actions(final)[0])
    winner = final.results[-1].pots[0].winner
    shown = equity(golfo.view(final, None))
    assert shown.win[winner] == 1.0
    assert shown.exact


def test_value_distributions() -> None:
    state = _small_final_positions(1)[0]
    seat = state.to_act
    assert isinstance(seat, int)
    v = golfo.view(state, seat)
    assert value_distribution(v, seat) == {state.hands[seat].value: 1.0}
    other = next(s for s in state.in_hand if s != seat)
    got = value_distribution(v, other)
    unseen = [c for c in DECK if not golfo.analysis.seen_cards(v) & c.mask]
    counts = Counter(golfo.hand_value(h) for h in itertools.combinations(unseen, 5))
    total = sum(counts.values())
    assert got == pytest.approx({k: n / total for k, n in sorted(counts.items())})
    assert list(got) == sorted(got)
    folded = next((s for s in range(3) if s not in state.in_hand), None)
    if folded is not None:
        assert value_distribution(v, folded) == {0: 1.0}
    with pytest.raises(golfo.SeatError):
        value_distribution(v, 7)
    early = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    d = value_distribution(golfo.view(early, 1), 1, samples=2000, seed=3)
    assert sum(d.values()) == pytest.approx(1.0)
    assert min(d) >= golfo.view(early, 1).hand.value  # one's own value never drops


def test_draw_distribution_matches_listing_every_draw() -> None:
    rng = random.Random(3)
    for _ in range(40):
        cards = rng.sample(DECK, 16)
        kept = golfo.Hand(cards[: rng.randint(0, 4)])
        pool = cards[5:16]
        draws = rng.randint(0, 5 - len(kept))
        counts = Counter(
            golfo.hand_value([*kept, *drawn]) for drawn in itertools.combinations(pool, draws)
        )
        total = sum(counts.values())
        want = {k: n / total for k, n in sorted(counts.items())}
        unseen_mask = sum(c.mask for c in pool)
        assert draw_distribution(kept.mask, unseen_mask, draws) == pytest.approx(want)
        assert expected_value(kept.mask, unseen_mask, draws) == pytest.approx(
            sum(k * p for k, p in want.items())
        )


def test_the_draw_policy_keeps_the_counting_cards_and_respects_the_stock() -> None:
    rng = random.Random(8)
    for _ in range(500):
        hand = golfo.Hand(rng.sample(DECK, 5))
        room = rng.randint(0, 5)
        thrown = policy_discard(hand.mask, room)
        assert thrown & ~hand.mask == 0
        assert thrown.bit_count() <= room
        counting = golfo.score(hand).cards
        assert all(not thrown & c.mask for c in counting)
        if room == 5:
            assert thrown.bit_count() == len(hand) - len(counting)


def test_the_world_of_a_view_and_enumeration_weights() -> None:
    state = _small_final_positions(1)[0]
    seat = state.to_act
    assert isinstance(seat, int)
    world = World.from_view(golfo.view(state, seat))
    assert world.final
    assert world.turns == ()
    assert world.order == state.in_hand
    outcomes = enumerate_deals(world)
    assert outcomes.total == pytest.approx(1.0)
    over = golfo.apply(state, golfo.legal_actions(state)[0])
    while over.phase is Phase.BET_4:
        over = golfo.apply(over, golfo.legal_actions(over)[0])
    over_view = golfo.view(over, 0)
    with pytest.raises(ValueError, match="over"):
        World.from_view(over_view)


def _random_states(count: int) -> list[golfo.State]:
    """States of several hands, at every kind of moment, face up and face down."""
    out = []
    for seed in range(count):
        rules = FACE_DOWN if seed % 2 else golfo.TRADICIONAL
        rng = random.Random(seed)
        bots: list[golfo.Bot] = [golfo.RandomBot(seed * 3 + i) for i in range(3)]
        state = golfo.new_game(rules, players=3 + seed % 2)
        steps = rng.randrange(20, 200)
        for _ in range(steps):
            if state.is_over:
                break
            if state.to_act is golfo.CHANCE:
                state = golfo.deal(state, rng)
            elif state.to_act is None:
                state = golfo.apply(state, golfo.NextHand())
            else:
                seat = state.to_act
                assert isinstance(seat, int)
                bot = bots[seat % 3]
                state = golfo.apply(state, bot.choose(golfo.view(state, seat)))
        out.append(state)
    return out


def test_resampled_states_look_the_same_to_their_seat_and_differ_elsewhere() -> None:
    varied = 0
    for state in _random_states(24):
        for seat in [None, *range(state.players)]:
            other = resample(state, seat, random.Random(seat or 0))
            assert golfo.view(other, seat) == golfo.view(state, seat)
            assert info_state_string(other, seat) == info_state_string(state, seat)
            assert other.stacks == state.stacks
            assert other.results == state.results
            if seat is not None and other.hands != state.hands:
                varied += 1
    assert varied > 20  # the hidden cards really move


def test_resampling_is_uniform_over_the_unseen_cards() -> None:
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    rng = random.Random(1)
    tries = 2600
    held = Counter[Card]()
    for _ in range(tries):
        held.update(resample(state, 1, rng).hands[2])
    unseen = [c for c in DECK if c not in state.hands[1]]
    assert set(held) == set(unseen)  # seat 1's own cards never move
    expected = tries * 2 / len(unseen)  # seat 2 holds 2 of the 26 unseen cards
    sd = math.sqrt(expected * (1 - 2 / len(unseen)))
    assert all(abs(held[c] - expected) < 5 * sd for c in unseen), held
