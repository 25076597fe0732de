"""Views: what a seat (or a spectator) may know, and nothing more.

Properties over random reachable states of both presets, 3 and 4 seats,
face-up and face-down discards (R10):

- a view never holds a card the viewer has not seen: its own cards this hand,
  and the discards when they are face up; other seats' deals are redacted;
- two states that differ only in cards the viewer cannot see (the same game
  with the unseen cards of the current hand permuted: other seats' hands, the
  stock, dead hands, face-down discards) give the viewer identical views.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import golfo
from golfo.cards import Card
from golfo.state import log_entries
from rulesets import variants

RULES = (
    golfo.TRADICIONAL,
    golfo.LUDOTEKA,
    attrs.evolve(golfo.TRADICIONAL, discards_face_up=False, hands=3),
    attrs.evolve(golfo.LUDOTEKA, discards_face_up=False, deal_in_pairs=True, hands=2),
)


@st.composite
def states(draw: st.DrawFn) -> golfo.State:
    """A random reachable state: legal actions chosen at random, cheap ones favoured; the
    rules of El Golfo or a variant's."""
    rules = draw(st.sampled_from(RULES) | variants())
    players = draw(st.sampled_from(rules.table_sizes))
    rng = draw(st.randoms(use_true_random=False))
    short = draw(st.booleans())
    stacks = [rng.randint(rules.ante, rules.ante + 30) if short else rules.starting_stack] * players
    state = golfo.new_game(rules, players=players, dealer=rng.randrange(players), stacks=stacks)
    for _ in range(draw(st.integers(0, 250))):
        legal = golfo.legal_actions(state)
        if not legal:
            break
        if rng.random() < 0.9:  # mostly play on rather than stop an open-ended game
            legal = tuple(a for a in legal if not isinstance(a, golfo.EndGame))
        state = golfo.apply(state, legal[0] if rng.random() < 0.4 else rng.choice(legal))
    return state


def viewers(state: golfo.State) -> list[int | None]:
    return [None, *range(state.players)]


def hand_actions(state: golfo.State) -> tuple[list[golfo.Action], list[golfo.Action]]:
    """The history split at the start of the current hand: (before it, during it)."""
    history = list(state.history)
    starts = [i for i, a in enumerate(history) if isinstance(a, golfo.NextHand)]
    cut = starts[-1] + 1 if starts else 0
    return history[:cut], history[cut:]


def dealt_to(state: golfo.State, seat: int | None) -> set[Card]:
    """The cards dealt to ``seat`` in the current hand (walking the log back)."""
    out: set[Card] = set()
    for action, actor in log_entries(state.log):
        if isinstance(action, golfo.NextHand):
            break
        if isinstance(action, golfo.Deal) and actor == seat:
            out.add(action.card)
    return out


def public_discards(state: golfo.State) -> set[Card]:
    return set(state.discards) if state.rules.discards_face_up else set()


def cards_in(value: Any) -> set[Card]:
    """Every card held anywhere inside ``value`` (attrs records, hands, tuples, sets)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, golfo.Hand):
        return set(value.cards)
    if isinstance(value, tuple | list | frozenset | set):
        return set().union(*(cards_in(v) for v in value))
    if attrs.has(type(value)) and not isinstance(value, golfo.Rules):
        return set().union(*(cards_in(getattr(value, f.name)) for f in attrs.fields(type(value))))
    return set()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_view_holds_no_card_the_viewer_has_not_seen(state: golfo.State) -> None:
    for seat in viewers(state):
        v = golfo.view(state, seat)
        seen = dealt_to(state, seat) | public_discards(state)
        private = attrs.evolve(v, results=())  # results are public; checked below
        assert cards_in(private) <= seen
        assert v.hand == (state.hands[seat] if seat is not None else golfo.Hand())
        assert v.hand_sizes == tuple(len(h) for h in state.hands)
        assert v.stock_size == len(state.stock)
        for event in v.history:
            if isinstance(event, golfo.Dealt):
                assert (event.card is None) == (event.seat != seat)
            elif isinstance(event, golfo.Discarded):
                hidden = not state.rules.discards_face_up and event.seat != seat
                assert (event.cards is None) == hidden
                assert event.cards is None or len(event.cards) == event.count
        # R6c, R13: a hand won by folds shows nothing; only seats in at a showdown show
        for result in v.results:
            for s, shown in enumerate(result.shown):
                if shown is not None:
                    assert result.showdown
                    assert s in result.dealt_in


def test_spectator_sees_no_private_card_midway() -> None:
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    v = golfo.view(state, None)
    assert cards_in(v) == set()
    assert [e.card for e in v.history if isinstance(e, golfo.Dealt)] == [None] * 6
    assert v.legal_actions == ()


def permuted(state: golfo.State, fixed: set[Card], rng: random.Random) -> golfo.State:
    """The same game with the current hand's cards outside ``fixed`` permuted at random."""
    free = [c for c in state.rules.deck if c not in fixed]
    image = free[:]
    rng.shuffle(image)
    mapping = dict(zip(free, image, strict=True)) | {c: c for c in fixed}
    before, during = hand_actions(state)
    other = golfo.new_game(
        state.rules, players=state.players, dealer=state.first_dealer, stacks=state.initial_stacks
    )
    for action in before:
        other = golfo.apply(other, action)
    for action in during:
        if isinstance(action, golfo.Deal):
            action = golfo.Deal(mapping[action.card])
        elif isinstance(action, golfo.Discard):
            action = golfo.Discard(action.seat, [mapping[c] for c in action.cards])
        other = golfo.apply(other, action)
    return other


def seen_by(state: golfo.State, seat: int | None) -> set[Card]:
    """What the viewer saw of the current hand: own cards, face-up discards, a showdown."""
    seen = dealt_to(state, seat) | public_discards(state)
    if len(state.results) == state.hand_number:  # the current hand is over
        for shown in state.results[-1].shown:
            seen |= set(shown.cards) if shown is not None else set()
    return seen


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.randoms(use_true_random=False))
def test_unseen_cards_do_not_change_the_view(state: golfo.State, rng: random.Random) -> None:
    for seat in viewers(state):
        other = permuted(state, seen_by(state, seat), rng)
        assert golfo.view(other, seat) == golfo.view(state, seat)


def test_permuting_unseen_cards_changes_the_other_seats_hands() -> None:
    # The property above is not vacuous: the permuted game really holds other cards.
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    other = permuted(state, seen_by(state, 1), random.Random(3))
    assert other.hands[1] == state.hands[1]
    assert (other.hands[0], other.hands[2]) != (state.hands[0], state.hands[2])
    assert golfo.view(other, 1) == golfo.view(state, 1)
    assert golfo.view(other, 0) != golfo.view(state, 0)


@pytest.mark.parametrize("face_up", [True, False])
def test_r10_discards_shown_only_face_up_or_to_their_owner(face_up: bool) -> None:
    rules = attrs.evolve(golfo.TRADICIONAL, discards_face_up=face_up)
    state = golfo.deal_from(golfo.new_game(rules, players=3), golfo.DECK)
    while state.phase is not golfo.Phase.DISCARD_1:
        state = golfo.deal_from(golfo.apply(state, golfo.legal_actions(state)[0]), golfo.DECK)
    thrown = state.hands[1].cards[:2]
    state = golfo.apply(state, golfo.Discard(1, thrown))
    for seat in viewers(state):
        (event,) = golfo.view(state, seat).discards
        assert event.count == 2
        visible = face_up or seat == 1
        assert event.cards == (frozenset(thrown) if visible else None)
