"""Random play (issue 3): invariants of the hand reducer that hold in every state.

Games of both presets (cut to a few hands), with 3 and 4 seats, and of random variants of
the rules (issue 34: decks, deals, rounds, fixed limits, 2 to 4 seats), with random
starting stacks, some small so that all-ins, side pots, rebuys and busts
happen, are played by a random player: it picks a kind of action (pass,
bet, call, raise, fold, discard, deal...) and then one action of that kind
from :func:`golfo.legal_actions`, so that every kind is played often.  At
every step:

* chips are conserved: stacks plus pot equal the chips given (initial stacks
  and rebuys);
* each card of the deck (28 in El Golfo) is in exactly one place: a hand, the stock, the
  discards or the dead cards, and no other card is anywhere;
* :func:`golfo.apply` never changes the state it is given;
* :func:`golfo.legal_actions` is non-empty until the end and the listed
  actions apply; random unlisted actions are refused with
  :class:`golfo.IllegalActionError`; :func:`golfo.is_legal` agrees with both;
* :func:`golfo.legal_moves` describes the same set: iteration, ``len`` and
  membership of every listed and every sampled unlisted action; no listed bet
  or raise is above what some other seat still in can put in (R8);
* every game ends within a bound computed from the rules and the chips;
* every finished hand's payoffs sum to zero and follow the stacks, each pot
  goes to its best eligible hand (ties to the seat nearest mano, R11).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

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
    Hand,
    HandResult,
    IllegalActionError,
    NextHand,
    Pass,
    Phase,
    Raise,
    RulesError,
    State,
    apply,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    score,
)
from rulesets import variants

RULESETS: Final = (
    attrs.evolve(TRADICIONAL, hands=3),
    attrs.evolve(TRADICIONAL, hands=2, deal_in_pairs=True, min_open=3, min_raise=4),
    attrs.evolve(LUDOTEKA, hands=2),
    attrs.evolve(LUDOTEKA, hands=3, starting_stack=300, ante=2, discards_face_up=False),
)
"""Both presets, cut to a few hands so that random games stay short."""

EXTRA_HANDS_CAP: Final = 40
"""Safety net for Ludoteka's extra hands on a tie (R16), not a rule: random play breaks ties."""

fast = settings(max_examples=100, deadline=None)
seeds: Final = st.integers(0, 2**64 - 1).map(random.Random)
"""The random player's choices: a seeded generator (printed by Hypothesis on failure)."""


@st.composite
def games(draw: st.DrawFn, *, small: bool = False) -> State:
    """A new game: a ruleset (a preset's or a variant), one of its table sizes, a dealer and
    random stacks (some tiny)."""
    rules = draw(st.sampled_from(RULESETS) | variants())
    players = draw(st.sampled_from(rules.table_sizes))
    dealer = draw(st.integers(0, players - 1))
    tiny = st.integers(0, 3 * rules.ante + 12)
    big = st.integers(0, 30 if small else rules.starting_stack)
    stacks = draw(st.lists(st.one_of(tiny, big), min_size=players, max_size=players))
    try:
        return new_game(rules, players=players, dealer=dealer, stacks=stacks)
    except RulesError:  # too few seats can pay the ante, or the dealer cannot (R17)
        assume(False)
        raise


def snapshot(state: State) -> tuple[object, ...]:
    """Every field of the state and its whole history."""
    fields = attrs.astuple(state, recurse=False, filter=lambda a, _: a.name != "_log")
    return (*fields, state.history)


def given_chips(state: State) -> int:
    """The chips the seats were given: each its starting stack, once more per rebuy (R17)."""
    return sum(x * (1 + n) for x, n in zip(state.initial_stacks, state.rebuys, strict=True))


def choose(rng: random.Random, legal: tuple[Action, ...]) -> Action:
    """A kind of action uniformly, then one of that kind (so amounts do not crowd out calls)."""
    kinds: dict[type, list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    of_kind = kinds[rng.choice(list(kinds))]
    if rng.random() < 0.2:
        return of_kind[-1]  # the biggest bet or raise: all-ins happen
    return rng.choice(of_kind)


def random_action(rng: random.Random, state: State) -> Action:
    """Any action at all, often near a legal one (the seat to act, amounts around the stacks)."""
    seat = state.to_act if isinstance(state.to_act, int) and rng.random() < 0.6 else None
    if seat is None:
        seat = rng.randint(-1, state.players)
    amount = rng.randint(-2, max(state.stacks) + max(state.bets) + 3)
    kind = rng.randrange(9)
    if kind == 0:
        return Deal(rng.choice(DECK))
    if kind == 1:
        return Pass(seat)
    if kind == 2:
        return Bet(seat, amount)
    if kind == 3:
        return Call(seat)
    if kind == 4:
        return Raise(seat, amount)
    if kind == 5:
        return Fold(seat)
    if kind == 6:
        own = list(state.hands[seat].cards) if 0 <= seat < state.players else []
        pool = own + rng.sample(DECK, 2) if rng.random() < 0.3 else own
        return Discard(seat, rng.sample(pool, rng.randint(0, len(pool))))
    if kind == 7:
        return NextHand()
    return EndGame()


def check_state(state: State) -> None:
    """The invariants of every state."""
    assert sum(state.stacks) + state.pot == given_chips(state)
    assert min(state.stacks) >= 0
    masks = (*state.hand_masks, state.stock_mask, state.discard_mask, state.dead_mask)
    assert sum(m.bit_count() for m in masks) == len(state.rules.deck), "a card in two places"
    union = 0
    for m in masks:
        union |= m
    assert union == state.rules.deck_mask, "a card is nowhere, or one not in the deck is"
    assert all(m.bit_count() <= 5 for m in state.hand_masks)
    legal = legal_actions(state)
    if state.is_over:
        assert legal == ()
        assert state.to_act is None
    else:
        assert legal, "no legal action before the end"
    check_moves(state, legal)
    if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
        assert state.to_act is None
        assert state.pot == 0
        if state.is_over:
            assert legal == ()
        elif state.rules.hands is None:
            assert legal == (NextHand(), EndGame())
        else:
            assert legal == (NextHand(),)
    elif state.to_act is CHANCE:
        assert state.receiver in state.in_hand
        assert legal == tuple(Deal(c) for c in sorted(state.stock))
    else:
        assert state.to_act in state.in_hand
        assert state.to_act not in state.folded
        assert state.stacks[state.to_act] > 0 or state.phase in (Phase.DISCARD_1, Phase.DISCARD_2)
    for seat in range(state.players):
        if seat not in state.dealt_in:
            assert state.hand_masks[seat] == 0
            assert state.committed[seat] == 0


def check_moves(state: State, legal: tuple[Action, ...]) -> None:
    """legal_moves and legal_actions describe the same set; table stakes (R8)."""
    moves = legal_moves(state)
    assert tuple(moves) == legal
    assert len(moves) == len(legal)
    assert all(a in moves for a in legal)
    assert moves.seat == state.to_act
    if moves.amounts:
        seat = state.to_act
        assert isinstance(seat, int)
        reach = max(
            state.bets[s] + state.stacks[s] for s in state.in_hand if s != seat
        )  # the most another seat still in can put in this round
        assert moves.amounts[-1] <= min(reach, state.bets[seat] + state.stacks[seat])
        assert moves.amounts[-1] > state.current_bet
    if moves.raises:
        assert any(
            state.bets[s] + state.stacks[s] > state.current_bet
            for s in state.in_hand
            if s != state.to_act
        )  # R8: a raise needs an answer


def check_result(result: HandResult, before: tuple[int, ...], after: State) -> None:
    """A finished hand: payoffs, pots and winners (R8, R11)."""
    n = after.players
    assert sum(result.payoffs) == 0
    assert after.stacks == tuple(before[s] + result.payoffs[s] for s in range(n))
    # at most one seat gets uncalled chips back, and it is still in the hand
    assert sum(1 for x in result.returned if x) <= 1
    assert all(s in result.dealt_in for s, x in enumerate(result.returned) if x)
    # side pots: each one's eligible seats are among the previous one's (R8)
    for outer, inner in zip(result.pots, result.pots[1:], strict=False):
        assert set(inner.eligible) < set(outer.eligible)
    # a seat that won no pot can only lose (or get its own chips back)
    for seat in range(n):
        if seat not in result.winners:
            assert result.payoffs[seat] <= 0
    for seat in range(n):
        if seat not in result.dealt_in:
            assert result.payoffs[seat] == 0
            assert result.shown[seat] is None
    rank = {s: i for i, s in enumerate(result.dealt_in)}
    for pot in result.pots:
        assert pot.amount > 0
        assert pot.winner in pot.eligible
        assert list(pot.eligible) == sorted(pot.eligible, key=rank.__getitem__)
    if not result.showdown:
        assert result.shown == (None,) * n
        assert len(result.winners) <= 1
        assert not result.trabuco
        return
    shown = {s: h for s, h in enumerate(result.shown) if h is not None}
    assert len(shown) >= 2

    def value(hand: Hand) -> int:  # R11: at most rules.cards_counted cards of a suit
        return score(hand, after.rules.cards_counted).value

    for pot in result.pots:
        assert set(pot.eligible) <= set(shown)
        best = max(value(shown[s]) for s in pot.eligible)
        nearest = min((s for s in pot.eligible if value(shown[s]) == best), key=rank.__getitem__)
        assert pot.winner == nearest  # R11: best hand, ties to the seat nearest mano
    mano = result.mano
    mano_thirty = mano in shown and value(shown[mano]) == after.rules.best_value
    assert result.trabuco == (mano_thirty and (not result.pots or result.pots[0].winner == mano))


def hand_bound(state: State) -> int:
    """Most actions a hand can take: deals, discards, NextHand and the betting.

    Each bet or raise lifts the highest commitment by a chip at least, so there are at most
    as many as chips in play; between two of them each other seat acts at most once, and a
    round with no bet takes one action per seat.
    """
    chips = given_chips(state) + sum(state.initial_stacks)  # and the rebuys that may follow
    return 28 + 2 * 4 + 1 + 4 * 4 + 4 * chips


def play(state: State, rng: random.Random, *, probes: int, apply_all: bool) -> Iterator[State]:
    """Play a random game, checking every step; yields every state."""
    check_state(state)
    yield state
    bound = hand_bound(state)
    in_hand = 0
    start = tuple(s + c for s, c in zip(state.stacks, state.committed, strict=True))
    while not state.is_over:
        legal = legal_actions(state)
        before = snapshot(state)
        listed = set(legal)
        # listed actions apply (all of them, or a sample), and is_legal says so
        tried = legal if apply_all else rng.sample(legal, min(probes, len(legal)))
        for action in tried:
            apply(state, action)
            assert is_legal(state, action)
        # unlisted actions are refused, the state untouched; is_legal agrees
        moves = legal_moves(state)
        for _ in range(probes):
            action = random_action(rng, state)
            assert (action in moves) == (action in listed)
            if action in listed:
                assert is_legal(state, action)
                continue
            with pytest.raises(IllegalActionError, match="legal now") as info:
                apply(state, action)
            assert tuple(info.value.legal) == legal
            assert not is_legal(state, action)
        action = choose(rng, legal)
        new = apply(state, action)
        assert snapshot(state) == before, f"apply changed its input ({action!r})"
        assert new.history == (*state.history, action)
        assert new.version == state.version + 1  # every action counts, whatever its kind
        check_state(new)
        in_hand += 1
        assert in_hand <= bound, "a hand does not end"
        if len(new.results) > len(state.results):
            check_result(new.results[-1], start, new)
            in_hand = 0
            rules = new.rules
            assert rules.hands is not None
            if new.hand_number >= rules.hands and not new.is_over:
                assert rules.extra_hands_on_tie  # R16: only a tie at the lead goes on
                assert new.hand_number < rules.hands + EXTRA_HANDS_CAP
        if new.phase is Phase.DEAL_1 and state.phase is Phase.BETWEEN_HANDS:
            start = tuple(s + c for s, c in zip(new.stacks, new.committed, strict=True))
        state = new
        yield state


@fast
@given(games(), seeds)
def test_random_games_keep_every_invariant(state: State, rng: random.Random) -> None:
    *_, last = play(state, rng, probes=3, apply_all=False)
    assert last.is_over
    assert last.results
    assert len(last.results) == last.hand_number


@settings(max_examples=40, deadline=None)
@given(games(small=True), seeds)
def test_every_listed_action_applies_in_small_games(state: State, rng: random.Random) -> None:
    *_, last = play(state, rng, probes=1, apply_all=True)
    assert last.is_over


@fast
@given(games(), seeds, st.integers(0, 400))
def test_is_legal_agrees_with_apply_and_legal_actions(
    state: State, rng: random.Random, steps: int
) -> None:
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, choose(rng, legal_actions(state)))
    listed = set(legal_actions(state))
    for _ in range(40):
        action = random_action(rng, state)
        try:
            apply(state, action)
            applied = True
        except IllegalActionError:
            applied = False
        assert is_legal(state, action) == applied == (action in listed)
