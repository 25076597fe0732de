"""Chance: dealing the cards that the rules say must be dealt now.

The reducer never shuffles (R4): chance is an action, :class:`golfo.Deal`, and these
helpers choose the cards.

- :func:`deal` is for servers and games: it deals every card due now from a fresh
  shuffle of the stock, from the operating system's randomness by default, or from a
  ``random.Random`` or a seed for reproducible games.
- :func:`deal_from` deals from a given order of cards (a scripted deck, a record, a
  :func:`golfo.shuffled_deck`).  It takes the first card of the deck *still in the stock*,
  so reusing one deck across hands deals the same cards every hand: at each new hand the
  stock is whole again and the deck's order starts over (rotated to new seats, as the deal
  passes on).  Give each hand its own deck, or use :func:`deal`.

>>> import golfo, random
>>> state = golfo.new_game(golfo.TRADICIONAL, players=3)
>>> dealt = deal(state, random.Random(7))
>>> dealt.to_act, [len(h) for h in dealt.hands]
(1, [2, 2, 2])
>>> deal(state, 2024) == deal(state, 2024)   # a seed: reproducible, in any language
True
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Final

from golfo.actions import CHANCE
from golfo.cards import Card, cards_of
from golfo.errors import CardError
from golfo.moves import DEALS
from golfo.reducer import apply
from golfo.shuffle import SEED_LIMIT, splitmix64, uniform_below
from golfo.state import State

__all__ = ["deal", "deal_from", "shuffled_stock"]

_SYSTEM: Final = secrets.SystemRandom()


def deal_from(state: State, deck: Iterable[Card]) -> State:
    """Apply :class:`golfo.Deal` while chance is to act, taking each time the first card of
    ``deck`` still in the stock.  Stops when a seat is to act or ``deck`` has no usable card.

    One deck for a whole game deals the same cards in every hand (see the module's notes).
    """
    cards = list(deck)
    i = 0
    while state.to_act is CHANCE and i < len(cards):
        card = cards[i]
        i += 1
        if state.stock_mask & card.mask:
            state = apply(state, DEALS[card.index])
    return state


def shuffled_stock(state: State, seed: int) -> tuple[Card, ...]:
    """The stock of ``state`` in the order a seed gives, portably: golfo's shuffle
    (``docs/shuffle.md``: SplitMix64 and Fisher-Yates) of the stock's cards in canonical
    order, seeded with ``(seed + state.version) mod 2**64``, so that every point of a game
    where cards are dealt gets its own order from one seed.

    >>> import golfo
    >>> s = golfo.new_game(golfo.TRADICIONAL, players=3)
    >>> len(shuffled_stock(s, 1)), shuffled_stock(s, 1) == shuffled_stock(s, 1)
    (28, True)
    """
    if type(seed) is not int or seed < 0:
        raise CardError(f"a seed is a whole number >= 0, got {seed!r}")
    stream = splitmix64((seed + state.version) % SEED_LIMIT)
    cards = list(cards_of(state.stock_mask))
    for i in range(len(cards) - 1, 0, -1):
        j = uniform_below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def deal(state: State, rng: random.Random | int | None = None) -> State:
    """Deal every card chance must deal now, from a fresh shuffle of the stock.

    ``rng=None`` shuffles with the operating system's randomness
    (:class:`secrets.SystemRandom`): what a server should use, so that nobody can predict
    the cards.  A ``random.Random`` shuffles with it (reproducible in Python); an ``int``
    seed with :func:`shuffled_stock` (reproducible in any language).  Returns ``state``
    itself when no card is due.
    """
    if state.to_act is not CHANCE:
        return state
    if rng is None:
        cards = list(cards_of(state.stock_mask))
        _SYSTEM.shuffle(cards)
    elif isinstance(rng, random.Random):
        cards = list(cards_of(state.stock_mask))
        rng.shuffle(cards)
    else:
        cards = list(shuffled_stock(state, rng))
    return deal_from(state, cards)
