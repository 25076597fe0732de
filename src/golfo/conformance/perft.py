"""Perft: exact counts of the distinct sequences of actions from a position.

As chess engines are checked with perft, an implementation of El Golfo can be checked by
the number of distinct sequences of ``depth`` actions from a position, where **chance does
not branch** (the next card dealt is the first card of the position's deck still in the
stock) and **every decision branches over all its legal actions** (each bet amount, each
discard subset).  A position that ends the game before ``depth`` counts nothing for that
path.  The published tables of positions and counts are in ``docs/conformance.md``:
:data:`POSITIONS`, El Golfo's, for every engine, and :data:`VARIANT_POSITIONS`, variants of
the rules (issue 34), for an engine that announces ``variants``.

>>> p = POSITIONS["start"]
>>> [perft(p.state, d, p.deck) for d in range(1, 4)]
[8, 43, 190]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs

from golfo.actions import CHANCE, Bet, Call, Discard, Fold, Pass
from golfo.cards import Card
from golfo.chance import deal_from
from golfo.moves import DEALS, legal_actions
from golfo.reducer import apply, new_game
from golfo.rules import LUDOTEKA, MEDIANO, MINI, TRADICIONAL, Rules
from golfo.shuffle import shuffled_deck
from golfo.state import Phase, State

__all__ = ["POSITIONS", "VARIANT_POSITIONS", "Position", "perft"]


def perft(state: State, depth: int, deck: Sequence[Card]) -> int:
    """The number of distinct sequences of ``depth`` actions from ``state``; chance deals
    the first card of ``deck`` still in the stock (one child), every decision branches over
    :func:`golfo.legal_actions`."""
    if depth == 0:
        return 1
    if state.to_act is CHANCE:
        mask = state.stock_mask
        card = next((c for c in deck if mask & c.mask), None)
        if card is None:
            return 0
        return perft(apply(state, DEALS[card.index]), depth - 1, deck)
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, a), depth - 1, deck) for a in actions)


@attrs.frozen
class Position:
    """A named position: how it was reached (from a new game) and its deck."""

    name: str
    """Its name (``golfo perft --position NAME``)."""
    description: str
    """What it shows."""
    rules: Rules
    """The rules."""
    players: int
    """Seats."""
    stacks: tuple[int, ...]
    """The starting stacks."""
    deck: tuple[Card, ...]
    """The fixed deck order its deals follow."""
    state: State
    """The position itself."""


Moves = Callable[[State, Sequence[Card]], State]


def _reach(
    rules: Rules, stacks: tuple[int, ...], seed: int, moves: Moves
) -> tuple[tuple[Card, ...], State]:
    deck = shuffled_deck(seed)
    state = new_game(rules, players=len(stacks), stacks=stacks)
    return deck, moves(deal_from(state, deck), deck)


def _stand_pat(state: State) -> State:
    seat = state.to_act
    assert isinstance(seat, int)
    return apply(state, Discard(seat, ()))


def _positions() -> dict[str, Position]:
    out: dict[str, Position] = {}

    def add(
        name: str,
        description: str,
        rules: Rules,
        stacks: tuple[int, ...],
        seed: int,
        moves: Moves,
    ) -> None:
        deck, state = _reach(rules, stacks, seed, moves)
        out[name] = Position(name, description, rules, len(stacks), stacks, deck, state)

    def start(state: State, deck: Sequence[Card]) -> State:
        return state

    add(
        "start",
        "the first betting round of a hand, 8 chips a seat",
        TRADICIONAL,
        (8, 8, 8),
        1,
        start,
    )

    def discard_short(state: State, deck: Sequence[Card]) -> State:
        # nobody bets in rounds 1 and 2; seats 1 and 2 discard five each: 3 cards left
        for _ in range(3):
            state = apply(state, Pass(state.to_act))  # type: ignore[arg-type]
        state = deal_from(state, deck)
        for _ in range(3):
            state = apply(state, Pass(state.to_act))  # type: ignore[arg-type]
        for _ in range(2):
            seat = state.to_act
            assert isinstance(seat, int)
            state = deal_from(apply(state, Discard(seat, state.hands[seat].cards)), deck)
        assert state.phase is Phase.DISCARD_1
        return state

    add(
        "discard-short",
        "a discard turn with only 3 cards left in the stock",
        TRADICIONAL,
        (6, 6, 6),
        2,
        discard_short,
    )

    def all_in(state: State, deck: Sequence[Card]) -> State:
        # seat 1 (5 behind) bets all in; seat 2 (19 behind) calls; seat 0 to act
        state = apply(state, Bet(1, 5))
        return apply(state, Call(2))

    add(
        "all-in",
        "an all-in for less with side pots to come, three stacks 6, 20, 40",
        TRADICIONAL,
        (40, 6, 20),
        3,
        all_in,
    )

    def at_cap(state: State, deck: Sequence[Card]) -> State:
        return apply(state, Bet(1, 20))  # round 1's cap of 25, ante included

    add(
        "ludoteka-cap",
        "a Ludoteka round at its cap: only call or fold",
        LUDOTEKA,
        (1000, 1000, 1000),
        4,
        at_cap,
    )

    def four(state: State, deck: Sequence[Card]) -> State:
        return state

    add(
        "four-seats",
        "a 4-seat table (the dealer sits out), 6 chips a seat",
        TRADICIONAL,
        (6, 6, 6, 6),
        5,
        four,
    )

    def next_hand(state: State, deck: Sequence[Card]) -> State:
        seat = state.to_act
        state = apply(state, Bet(seat, 1))  # type: ignore[arg-type]
        while state.to_act is not None:
            state = apply(state, Fold(state.to_act))  # type: ignore[arg-type]
        return state

    add(
        "between-hands",
        "between hands of an open-ended game: the next hand's antes, deals and bets",
        TRADICIONAL,
        (5, 5, 5),
        6,
        next_hand,
    )
    return out


POSITIONS: Final = _positions()
"""The published positions, by name."""


def _variant_positions() -> dict[str, Position]:
    out: dict[str, Position] = {}
    limit = Rules(bet_sizes=(1, 1, 2, 2), max_raises=2, table_sizes=(2, 3, 4), hands=1)
    for name, description, rules, stacks, seed in (
        ("mini", "MINI for two: the first betting round", MINI, (10, 10), 7),
        ("mediano", "MEDIANO for three: the first betting round", MEDIANO, (10, 10, 10), 8),
        (
            "fixed-limit",
            "El Golfo's deck at fixed limits (1, 1, 2, 2), two raises a round, four seats",
            limit,
            (12, 12, 12, 12),
            9,
        ),
    ):
        deck, state = _reach(rules, stacks, seed, lambda state, deck: state)
        out[name] = Position(name, description, rules, len(stacks), stacks, deck, state)
    return out


VARIANT_POSITIONS: Final = _variant_positions()
"""The published positions of variants of the rules, by name: checked for an engine that
announces ``variants``."""
