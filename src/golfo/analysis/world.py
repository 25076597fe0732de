"""The deals a view cannot tell apart, and how the rest of a hand is played out.

A view leaves unseen the other seats' cards, the stock, the face-down discards and the
folded hands.  golfo's odds rest on one model of what is unseen, the *deal model*:

1. **Uniform unseen cards.**  Every way of placing the unseen cards into the other seats'
   hands (at the sizes they hold now), the stock (in some order) and the rest (face-down
   discards, folded hands) is equally likely.  Betting, and how many cards a seat
   discarded, are not used as evidence: a seat that bet big is not assumed strong.
2. **Everyone still in goes to the showdown.**  Nobody folds from here on.
3. **The draw policy.**  Cards still owed (the deals, replacements being dealt) come from
   the top of the stock; every discard still to be played, the viewer's own included,
   follows :func:`policy_discard`: keep the counting cards of the best suit, throw the
   rest (the lowest first when the stock is short), draw as many.

:class:`World` is that model for one view; :func:`sample` plays it out at random
(Monte Carlo) and :func:`enumerate_deals` plays out every deal with its probability
(exact, when there are few).

>>> import golfo
>>> from golfo.analysis.world import World, policy_discard
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> w = World.from_view(golfo.view(state, 1))
>>> w.order, w.sizes, w.stock, w.turns   # mano first; two discard rounds to come
((1, 2, 0), (2, 2, 2), 22, (0, 1, 2, 0, 1, 2))
>>> hand = golfo.Hand.parse("9O 8O 3C 4C 5E")
>>> golfo.Hand.from_mask(policy_discard(hand.mask))   # keeps 9O 8O
Hand.parse('3C 4C 5E')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Final

import attrs

from golfo.analysis.knowledge import HAND_OVER, SUIT_BITS, discard_rounds_done, seen_cards
from golfo.scoring import suit_values, valuer
from golfo.state import Phase
from golfo.views import View

__all__ = ["Outcomes", "World", "enumerate_deals", "policy_discard", "sample"]

HAND_SIZE: Final = 5
"""Every seat in the hand ends each deal and each discard round with five cards (in El
Golfo; a variant's ``rules.hand_size``)."""


def _top_bits(bits: int, counted: int) -> int:
    kept = 0
    for r in range(6, -1, -1):
        if bits >> r & 1:
            kept |= 1 << r
            if kept.bit_count() == counted:
                break
    return kept


_TOPS: Final[dict[int, tuple[int, ...]]] = {4: tuple(_top_bits(b, 4) for b in range(128))}
"""The counting cards of one suit (its four highest, or ``counted``), by 7-bit rank mask
and ``counted``: built once for each."""


def _tops(counted: int) -> tuple[int, ...]:
    found = _TOPS.get(counted)
    if found is None:
        found = _TOPS[counted] = tuple(_top_bits(b, counted) for b in range(128))
    return found


_BY_RANK: Final[tuple[int, ...]] = tuple(7 * suit + rank for rank in range(7) for suit in range(4))
"""Card indices from the lowest rank up (3O 3C 3E 3B 4O ...): the order short discards use."""
_POLICY: dict[int, int] = {}
""":func:`policy_discard`'s answers by ``hand << 3 | room``: a hand is decided once."""


def policy_discard(hand: int, room: int = HAND_SIZE, counted: int = 4) -> int:
    """The cards the draw policy throws from ``hand`` (a card bit set), at most ``room``.

    It keeps the counting cards of the suit worth most (at most four, or ``counted``: a
    variant's ``cards_counted``; on a tie, the first suit in canonical order: oros, copas,
    espadas, bastos) and throws every other card;
    when the stock holds fewer than that (``room``), it throws the lowest ranks first.
    This is how :mod:`golfo.analysis` plays the discards still to come, for every seat.

    >>> import golfo
    >>> h = golfo.Hand.parse("9O 8O 7O 6O 5O")
    >>> golfo.Hand.from_mask(policy_discard(h.mask))   # the 5O does not count
    Hand.parse('5O')
    >>> golfo.Hand.from_mask(policy_discard(golfo.Hand.parse("9O 3C 4C 5E 6B").mask, 2))
    Hand.parse('3C 4C')
    """
    room = min(room, HAND_SIZE)  # more room than five cards changes nothing
    key = (hand << 3 | room) << 3 | counted
    thrown = _POLICY.get(key)
    if thrown is not None:
        return thrown
    values = suit_values(counted)
    best = 0
    best_value = -1
    for i in range(4):
        value = values[hand >> 7 * i & SUIT_BITS]
        if value > best_value:
            best, best_value = i, value
    rest = hand & ~(_tops(counted)[hand >> 7 * best & SUIT_BITS] << 7 * best)
    if rest.bit_count() > room:
        short = 0
        for index in _BY_RANK:
            if short.bit_count() == room:
                break
            if rest >> index & 1:
                short |= 1 << index
        rest = short
    if len(_POLICY) < 1 << 20:  # bounded: a million entries at most (about 100 MB)
        _POLICY[key] = rest
    return rest


@attrs.frozen
class World:
    """The deal model (see the module) for one view: who is in, what is known, what is to come.

    Seats are listed by *position*: ``order[p]`` is the seat at position ``p`` (play order,
    mano first), as ties at the showdown go to the seat nearest mano.
    """

    order: tuple[int, ...]
    """The seats still in the hand, in play order (mano first)."""
    known: tuple[int | None, ...]
    """Per position, the seat's cards as a bit set when the viewer knows them, else ``None``."""
    sizes: tuple[int, ...]
    """Per position, how many cards the seat holds now."""
    unseen: int
    """The cards the viewer has not seen, as a bit set."""
    stock: int
    """How many cards are in the stock."""
    turns: tuple[int, ...]
    """The positions with a discard still to play, in the order they play."""
    hand_size: int = HAND_SIZE
    """The cards a seat holds once dealt (``rules.hand_size``: five in El Golfo)."""
    counted: int = 4
    """The most cards of one suit that count (``rules.cards_counted``: four in El Golfo)."""

    @classmethod
    def from_view(cls, view: View, unseen: int | None = None) -> World:
        """The model of ``view``'s hand in play (``unseen``: the viewer's unseen cards, as
        :func:`golfo.analysis.seen_cards` gives them, when already known)."""
        if view.phase in HAND_OVER:
            raise ValueError("the hand is over: nothing is left to model")
        rules = view.rules
        if unseen is None:
            unseen = rules.deck_mask & ~seen_cards(view)
        order = view.in_hand
        known = tuple(view.hand.mask if s == view.seat else None for s in order)
        sizes = tuple(view.hand_sizes[s] for s in order)
        turns: tuple[int, ...] = ()
        if view.phase is not Phase.BET_4:  # the discard rounds still to play, in turn
            done = [discard_rounds_done(view, seat) for seat in order]
            turns = tuple(
                p for k in range(rules.discard_rounds) for p in range(len(order)) if done[p] <= k
            )
        return cls(
            order,
            known,
            sizes,
            unseen,
            view.stock_size,
            turns,
            rules.hand_size,
            rules.cards_counted,
        )

    @property
    def owed(self) -> tuple[tuple[int, int], ...]:
        """``(position, cards)`` for every seat still owed cards before the next discard."""
        size = self.hand_size
        return tuple((p, size - n) for p, n in enumerate(self.sizes) if n < size)

    @property
    def room(self) -> int:
        """The stock left for discards once every owed card is dealt."""
        return self.stock - sum(d for _p, d in self.owed)

    @property
    def final(self) -> bool:
        """Whether every hand is final: no card owed, and no discard can draw a card."""
        return not self.owed and (not self.turns or self.stock == 0)

    @property
    def unknown(self) -> tuple[int, ...]:
        """The positions whose cards the viewer does not know."""
        return tuple(p for p, k in enumerate(self.known) if k is None)

    def hand_deals(self) -> int:
        """How many ways the unknown hands can be dealt from the unseen cards."""
        total = 1
        left = self.unseen.bit_count()
        for p in self.unknown:
            total *= comb(left, self.sizes[p])
            left -= self.sizes[p]
        return total

    def size_bound(self) -> int:
        """An upper bound on the play-outs :func:`enumerate_deals` walks: the hands' deals,
        times the ways of drawing the owed cards, times the most ways any sequence of
        discards (each drawing as many cards as it throws, within the stock) can draw."""
        pool = self.unseen.bit_count() - sum(self.sizes[p] for p in self.unknown)
        bound = self.hand_deals()
        for _p, d in self.owed:
            bound *= comb(pool, d)
            pool -= d

        def most(turn: int, room: int, pool: int) -> int:
            if turn == len(self.turns) or room <= 0:
                return 1
            return max(
                comb(pool, d) * most(turn + 1, room - d, pool - d)
                for d in range(min(self.hand_size, room) + 1)
            )

        return bound * most(0, self.room, pool)


@attrs.define
class Outcomes:
    """What a play-out tallies: per position, the weight of its wins and of its final values."""

    positions: int
    """How many seats are in the hand."""
    wins: list[float] = attrs.Factory(list)
    """Per position, the (weighted) number of main pots won."""
    values: list[list[float]] = attrs.Factory(list)
    """Per position, the (weighted) count of each final value 0..30 (0..35 when five cards
    of a suit count)."""
    total: float = 0.0
    """The total weight (the number of samples, or 1 when exact)."""
    counted: int = 4
    """The most cards of one suit that count (a variant's ``cards_counted``)."""

    def __attrs_post_init__(self) -> None:
        self.wins = [0.0] * self.positions
        top = 36 if self.counted == 5 else 31
        self.values = [[0.0] * top for _ in range(self.positions)]

    def add(self, hands: Sequence[int], weight: float = 1.0) -> None:
        """Count one final deal: the showdown's winner (the highest value, ties to the
        position nearest mano) and every position's value."""
        best = -1
        winner = 0
        values = self.values
        value = valuer(self.counted)
        for p, mask in enumerate(hands):
            v = value(mask)
            values[p][v] += weight
            if v > best:
                best, winner = v, p
        self.wins[winner] += weight
        self.total += weight


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def sample(
    world: World, rng: random.Random, samples: int, *, first: tuple[int, int] | None = None
) -> Outcomes:
    """Play ``world`` out ``samples`` times at random, by the deal model.

    ``first=(position, cards)``: that position's next discard throws ``cards`` (a bit set)
    instead of the policy's choice; a bot compares its options this way, each with a
    generator seeded alike (common random numbers).
    """
    cards = _bits(world.unseen)
    base = [k or 0 for k in world.known]
    unknown = [(p, world.sizes[p]) for p in world.unknown]
    owed = world.owed
    turns: list[tuple[int, int | None]] = [(p, None) for p in world.turns]
    if first is not None:
        at = world.turns.index(first[0])
        turns[at] = first
    stock = world.stock
    counted = world.counted
    out = Outcomes(len(world.order), counted=counted)
    rand = rng.random
    policy = policy_discard
    n = len(cards)
    i = 0

    def draw(hand: int, count: int) -> int:
        # A lazy Fisher-Yates shuffle: only the cards drawn are shuffled into place, and
        # ``int(rand() * m)`` stands in for ``randrange(m)`` (5x faster; its bias, below
        # 2**-47, is far below Monte Carlo's own error).
        nonlocal i
        for _ in range(count):
            k = i + int(rand() * (n - i))
            c = cards[k]
            cards[k] = cards[i]
            cards[i] = c
            hand |= c
            i += 1
        return hand

    for _ in range(samples):
        hands = base[:]
        i = 0
        for p, size in unknown:  # the unknown hands, then the stock from its top
            hands[p] = draw(0, size)
        left = stock
        for p, d in owed:
            hands[p] = draw(hands[p], d)
            left -= d
        for p, fixed in turns:
            if not left:
                break
            thrown = policy(hands[p], left, counted) if fixed is None else fixed
            if thrown:
                k = thrown.bit_count()
                hands[p] = draw(hands[p] ^ thrown, k)
                left -= k
        out.add(hands)
    return out


def enumerate_deals(world: World) -> Outcomes:
    """Play ``world`` out in every way, each deal weighted by its probability (exact).

    Its cost is about :meth:`World.size_bound` play-outs: use it when that is small.
    """
    out = Outcomes(len(world.order), counted=world.counted)
    unknown = world.unknown
    events: list[tuple[int, int | None]] = [*world.owed, *((p, None) for p in world.turns)]
    deals = world.hand_deals()

    def draws(e: int, hands: list[int], pool: list[int], left: int, weight: float) -> None:
        while e < len(events):
            p, d = events[e]
            base = hands[p]
            if d is None:
                if not left:
                    break
                thrown = policy_discard(base, left, world.counted)
                d = thrown.bit_count()
                base ^= thrown
            if d:
                share = weight / comb(len(pool), d)
                for drawn in combinations(range(len(pool)), d):
                    h = base
                    for j in drawn:
                        h |= pool[j]
                    rest = [c for j, c in enumerate(pool) if j not in drawn]
                    new = hands[:]
                    new[p] = h
                    draws(e + 1, new, rest, left - d, share)
                return
            e += 1
        out.add(hands, weight)

    def deal(u: int, hands: list[int], pool: list[int]) -> None:
        if u == len(unknown):
            draws(0, hands, pool, world.stock, 1.0 / deals)
            return
        p = unknown[u]
        for held in combinations(range(len(pool)), world.sizes[p]):
            h = 0
            for j in held:
                h |= pool[j]
            new = hands[:]
            new[p] = h
            deal(u + 1, new, [c for j, c in enumerate(pool) if j not in held])

    deal(0, [k or 0 for k in world.known], _bits(world.unseen))
    return out
