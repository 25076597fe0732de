"""Determinization: a whole state that one seat cannot tell from the true one.

Search in games of hidden information (information-set MCTS, determinized rollouts)
needs states drawn from what a seat knows.  :func:`resample` takes the true state (on the
server side, or inside a search) and returns another state of the same game with every
card the seat has not seen moved at random: the other seats' cards, the face-down
discards, the folded hands and the stock.  The seat's own cards, the public actions,
the face-up discards and the hands shown are kept, so the seat's view is the same.

Each hand is redealt through a uniformly random permutation of the cards the seat did
not see in that hand, applied to every deal and discard of the hand, and the game is
replayed: every consistent arrangement of the unseen cards is equally likely (as in the
deal model of :mod:`golfo.analysis.world`, betting is not used as evidence), and the
chips, results and standings are those of the true game.

>>> import random, golfo
>>> from golfo.analysis import resample
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> other = resample(state, 1, random.Random(5))
>>> golfo.view(other, 1) == golfo.view(state, 1), other.hands[2] == state.hands[2]
(True, False)
"""

from __future__ import annotations

import random

from golfo.actions import Action, Deal, Discard, EndGame, NextHand
from golfo.cards import Card
from golfo.errors import SeatError
from golfo.reducer import apply, new_game
from golfo.state import State, log_entries

__all__ = ["card_maps", "resample", "resampled_actions"]


def _seen_per_hand(
    entries: list[tuple[Action, int | None]], state: State, seat: int | None
) -> list[int]:
    """Per hand of the game, the cards ``seat`` saw in it (bit sets)."""
    face_up = state.rules.discards_face_up
    seen = [0]
    for action, actor in entries:
        if isinstance(action, NextHand | EndGame):
            seen.append(0)
        elif isinstance(action, Deal):
            if actor == seat:
                seen[-1] |= action.card.mask
        elif isinstance(action, Discard) and (face_up or actor == seat):
            for card in action.cards:
                seen[-1] |= card.mask
    for hand, result in enumerate(state.results):
        if hand < len(seen):
            for shown in result.shown:
                if shown is not None:
                    seen[hand] |= shown.mask
    return seen


def card_maps(state: State, seat: int | None, rng: random.Random) -> list[dict[Card, Card]]:
    """Per hand of the game, a uniformly random permutation of the cards ``seat`` did not
    see in it (cards it saw are left out: they stay where they are)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise SeatError(f"seat must be None or 0..{state.players - 1}, got {seat!r}")
    entries = list(log_entries(state.log))
    entries.reverse()
    maps: list[dict[Card, Card]] = []
    for mask in _seen_per_hand(entries, state, seat):
        unseen = [c for c in state.rules.deck if not mask & c.mask]
        moved = unseen[:]
        rng.shuffle(moved)
        maps.append(dict(zip(unseen, moved, strict=True)))
    return maps


def resampled_actions(state: State, seat: int | None, rng: random.Random) -> list[Action]:
    """``state``'s whole history with the cards ``seat`` did not see moved by
    :func:`card_maps`: every deal and discard mapped, every other action as it was."""
    maps = card_maps(state, seat, rng)
    hand = 0
    out: list[Action] = []
    for action in state.history:
        where = maps[hand]
        if isinstance(action, Deal):
            action = Deal(where.get(action.card, action.card))
        elif isinstance(action, Discard):
            action = Discard(action.seat, [where.get(c, c) for c in action.cards])
        elif isinstance(action, NextHand | EndGame):
            hand += 1
        out.append(action)
    return out


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    """A state whose view for ``seat`` (``None``: a spectator) equals ``state``'s, with
    every card ``seat`` has not seen placed at random (see the module)."""
    replayed = new_game(
        state.rules, players=state.players, dealer=state.first_dealer, stacks=state.initial_stacks
    )
    for action in resampled_actions(state, seat, rng):
        replayed = apply(replayed, action)
    return replayed
