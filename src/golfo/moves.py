"""Legal moves as data: what the player to act may do, described in O(1).

:func:`legal_moves` gives a :class:`LegalMoves`: who acts and, per kind of
action, whether it is legal and with what amounts (contiguous ``range``\\ s of
round totals), cards (a discard of at most ``discard_max`` of the seat's own)
or deals.  It costs the same at 100 chips as at a million, and it is the
same set of actions as :func:`legal_actions`, which lists them one by one.

The bounds of every bet and raise (the minimums and fixed limits of R5, the table stakes
of R8, the caps of R9) are :mod:`golfo.wagers`'s: the reducer validates against the same
numbers.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> moves = golfo.legal_moves(state)
>>> moves.seat, moves.can_pass, moves.bets, moves.call
(1, True, range(1, 100), None)
>>> golfo.Bet(1, 99) in moves, golfo.Bet(1, 100) in moves, len(moves)
(True, False, 100)
>>> list(moves)[:3] == list(golfo.legal_actions(state))[:3]
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from itertools import combinations
from math import comb
from typing import Any, Final, TypeVar

import attrs

from golfo.actions import (
    CHANCE,
    Action,
    Bet,
    Call,
    Chance,
    Deal,
    Discard,
    EndGame,
    Fold,
    NextHand,
    Pass,
    Raise,
)
from golfo.cards import DECK, Card, cards_of
from golfo.hand import Hand
from golfo.state import Phase, State
from golfo.wagers import Table, WagerLimits, wager_limits, wager_range

__all__ = [
    "DEALS",
    "LegalMoves",
    "Table",
    "WagerLimits",
    "describe_legal",
    "legal_actions",
    "legal_moves",
    "wager_limits",
]

_BETTING: Final = frozenset({Phase.BET_1, Phase.BET_2, Phase.BET_3, Phase.BET_4})
_DISCARDING: Final = frozenset({Phase.DISCARD_1, Phase.DISCARD_2})
_BETWEEN_HANDS: Final = Phase.BETWEEN_HANDS
_EMPTY: Final = range(0)
_NO_CARDS: Final[frozenset[Card]] = frozenset()
_NO_HAND: Final = Hand()

DEALS: Final[tuple[Deal, ...]] = tuple(Deal(c) for c in DECK)
"""``Deal(card)`` for every card, by ``card.index``: shared, immutable actions."""


# ---------------------------------------------------------------------------
# interned actions
#
# legal_actions and LegalMoves hand out shared, immutable action objects instead of
# building up to hundreds of new ones per call.  Bets and raises are kept per seat in
# tuples indexed by amount (grown on demand, up to _INTERNED_AMOUNTS), so a range of
# amounts is one slice; past the limit (about 0.75 MB per seat and kind when full) the
# actions are built for each call.

_PASSES: Final = tuple(Pass(s) for s in range(4))
_CALLS: Final = tuple(Call(s) for s in range(4))
_FOLDS: Final = tuple(Fold(s) for s in range(4))
_BETS: Final[list[tuple[Bet, ...]]] = [(), (), (), ()]
_RAISES: Final[list[tuple[Raise, ...]]] = [(), (), (), ()]
_INTERNED_AMOUNTS: Final = 8192
_NEXT_HAND: Final = NextHand()
_END_GAME: Final = EndGame()

_A = TypeVar("_A", Bet, Raise)


def _amounts(
    table: list[tuple[_A, ...]], kind: type[_A], seat: int, amounts: range
) -> tuple[_A, ...]:
    """``kind(seat, a)`` for ``a`` in ``amounts`` (``start >= 1``), interned when small."""
    low, stop = amounts.start, amounts.stop
    if stop <= low:
        return ()
    row = table[seat]
    if stop > len(row):
        if stop > _INTERNED_AMOUNTS:
            return tuple(kind(seat, a) for a in amounts)
        size = min(_INTERNED_AMOUNTS, max(128, 2 * len(row), stop))
        row = table[seat] = tuple(kind(seat, a) for a in range(size))
    return row[low:stop]


# The deals legal for a stock, in canonical order: the deals of cards 0-9, 10-18 and
# 19-27, each looked up by those cards' bits of the stock, concatenated.
_DEALS_A, _DEALS_B, _DEALS_C = (
    tuple(
        tuple(DEALS[first + i] for i in range(size) if bits >> i & 1) for bits in range(1 << size)
    )
    for first, size in ((0, 10), (10, 9), (19, 9))
)


def _deals(mask: int) -> tuple[Deal, ...]:
    return _DEALS_A[mask & 1023] + _DEALS_B[mask >> 10 & 511] + _DEALS_C[mask >> 19]


# Discard subsets, in the order of itertools.combinations over the hand's cards in canonical
# order, 0 cards first.  Each is built from its bit set of cards (its ``cards`` frozenset is
# made only if read).  Those of up to two cards are kept per seat (_SMALL, 407 per seat at
# most); per larger subset, _RECIPES names the smaller subset it extends and the card added.
_new = object.__new__
_set_seat: Final[Callable[[Discard, int], None]] = vars(Discard)["seat"].__set__
_set_mask: Final[Callable[[Discard, int], None]] = vars(Discard)["_mask"].__set__

# Per suit, by the suit's 7 bits of a hand: the bit of each of its cards.
_BITS_O, _BITS_C, _BITS_E, _BITS_B = (
    tuple(tuple(1 << 7 * suit + i for i in range(7) if bits >> i & 1) for bits in range(128))
    for suit in range(4)
)


def _recipe(n: int, room: int) -> tuple[tuple[int, int], ...]:
    """For each subset of 3 or more of n cards, at most ``room``: (position of the subset it
    extends by one card, position of that card among the n)."""
    order = [c for k in range(room + 1) for c in combinations(range(n), k)]
    where = {c: i for i, c in enumerate(order)}
    return tuple((where[c[:-1]], c[-1]) for c in order if len(c) >= 3)


_RECIPES: Final = tuple(tuple(_recipe(n, r) for r in range(6)) for n in range(6))
_PAIRS: Final = tuple(tuple(combinations(range(n), 2)) for n in range(6))
_SUBSETS: Final = tuple(
    tuple(sum(comb(n, k) for k in range(r + 1)) for r in range(6)) for n in range(6)
)
"""Subsets of at most r of n cards: the number of discards listed."""


class _Small(dict[int, Discard]):
    """One seat's discards of up to two cards (at most 407), by mask, each made once."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, mask: int) -> Discard:
        action: Discard = _new(Discard)
        _set_seat(action, self.seat)
        _set_mask(action, mask)
        self[mask] = action
        return action


_SMALL: Final = tuple(_Small(s) for s in range(4))


def _discards(seat: int, mask: int, room: int) -> tuple[Discard, ...]:
    """Every discard of at most ``room`` of the cards in ``mask``, in listing order."""
    bits = _BITS_O[mask & 127] + _BITS_C[mask >> 7 & 127] + _BITS_E[mask >> 14 & 127]
    bits += _BITS_B[mask >> 21]
    n = len(bits)
    top = room if room < n else n
    small = _SMALL[seat]
    if top == 0:
        return (small[0],)
    out = [small[0], *[small[b] for b in bits]]
    if top >= 2:
        out += [small[bits[i] | bits[j]] for i, j in _PAIRS[n]]
    append = out.append
    for parent, card in _RECIPES[n][top]:  # 3 cards or more: too many to keep, built anew
        action: Discard = _new(Discard)
        _set_seat(action, seat)
        # a listed discard's mask is never None (only one built from a non-card is)
        _set_mask(action, out[parent]._mask | bits[card])  # type: ignore[operator]
        append(action)
    return tuple(out)


# ---------------------------------------------------------------------------
# LegalMoves


def _range(value: range) -> range:
    return value if value else _EMPTY


@attrs.frozen(slots=False)
class LegalMoves(Collection[Action]):
    """What may be done now, as data: the same set of actions as :func:`legal_actions`.

    Built in O(1) in the stack sizes: amounts are ranges, discards a size limit, not
    lists.  ``action in moves`` is exact membership (O(1)), ``len(moves)`` the number of
    concrete actions (O(1)), and iterating gives them in :func:`legal_actions` order:
    ``tuple(legal_moves(state)) == legal_actions(state)``.

    >>> import golfo
    >>> s = golfo.new_game(golfo.TRADICIONAL, players=3, stacks=(1000, 50, 80))
    >>> s = golfo.deal_from(s, golfo.DECK)
    >>> s = golfo.apply(golfo.apply(s, golfo.Bet(1, 5)), golfo.Call(2))
    >>> m = golfo.legal_moves(s)   # seat 0 (999 behind) faces 5; seat 2 can reach 79 at most
    >>> m.call, m.raises, m.can_fold
    (5, range(6, 80), True)
    """

    seat: int | Chance | None
    """Who acts: the seat to act (``state.to_act``), :data:`golfo.CHANCE`, or ``None``
    (between hands the table acts; at the end nobody)."""
    can_pass: bool = False
    """``Pass(seat)`` is legal (*paso*: nobody has opened this round)."""
    can_fold: bool = False
    """``Fold(seat)`` is legal (*no voy*: the seat faces a bet)."""
    call: int | None = None
    """``Call(seat)`` is legal: the chips the seat adds to call (less than the bet to
    match when it is an all-in for less); ``None`` when no call is legal."""
    bets: range = attrs.field(default=_EMPTY, converter=_range)
    """The legal ``Bet(seat, amount)`` amounts (round totals), contiguous; empty if none."""
    raises: range = attrs.field(default=_EMPTY, converter=_range)
    """The legal ``Raise(seat, amount)`` amounts (round totals), contiguous; empty if none."""
    discard_max: int | None = None
    """In a discard turn: the seat may discard any subset of :attr:`discard_from` of at
    most this many cards (the stock limit of R10); ``None`` otherwise."""
    discard_from: Hand = _NO_HAND
    """In a discard turn, the cards a discard may take: the seat's own hand."""
    deals: frozenset[Card] = _NO_CARDS
    """The cards chance may deal now (empty unless chance is to act)."""
    next_hand: bool = False
    """``NextHand()`` is legal (between hands)."""
    end_game: bool = False
    """``EndGame()`` is legal (between hands of an open-ended game)."""

    @property
    def amounts(self) -> range:
        """The legal Bet amounts, or else the legal Raise amounts (never both at once)."""
        return self.bets or self.raises

    def _actions(self) -> tuple[Action, ...]:
        seat = self.seat
        if type(seat) is int:
            if self.discard_max is not None:
                return _discards(seat, self.discard_from.mask, self.discard_max)
            if self.can_pass:
                return (_PASSES[seat], *_amounts(_BETS, Bet, seat, self.bets))
            if self.call is not None:
                return (
                    _CALLS[seat],
                    *_amounts(_RAISES, Raise, seat, self.raises),
                    *((_FOLDS[seat],) if self.can_fold else ()),
                )
            return ()
        if seat is CHANCE:
            mask = 0
            for card in self.deals:
                mask |= card.mask
            return _deals(mask)
        if self.next_hand:
            return (_NEXT_HAND, _END_GAME) if self.end_game else (_NEXT_HAND,)
        return ()

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions())

    def __len__(self) -> int:
        n = (
            self.can_pass
            + self.can_fold
            + (self.call is not None)
            + len(self.bets)
            + len(self.raises)
            + len(self.deals)
            + self.next_hand
            + self.end_game
        )
        if self.discard_max is not None:
            n += _SUBSETS[len(self.discard_from)][min(self.discard_max, 5)]
        return n

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Deal):
            card = action.card
            return isinstance(card, Card) and card in self.deals
        if isinstance(action, NextHand):
            return self.next_hand
        if isinstance(action, EndGame):
            return self.end_game
        if not isinstance(action, Pass | Bet | Call | Raise | Fold | Discard):
            return False
        seat = action.seat
        if type(seat) is not int or seat != self.seat:
            return False
        if isinstance(action, Bet | Raise):
            amount = action.amount
            return type(amount) is int and amount in (
                self.bets if isinstance(action, Bet) else self.raises
            )
        if isinstance(action, Pass):
            return self.can_pass
        if isinstance(action, Call):
            return self.call is not None
        if isinstance(action, Fold):
            return self.can_fold
        mask = action._mask
        return (
            self.discard_max is not None
            and mask is not None
            and not mask & ~self.discard_from.mask
            and mask.bit_count() <= self.discard_max
        )


_NOTHING: Final = LegalMoves(None)

# legal_moves builds its LegalMoves as the reducer builds states (golfo.state.make_state):
# a copy of the defaults' fields, a few of them set, made the new object's __dict__,
# without attrs' __init__ and its converters (about 4 times faster; the values are valid).
_DEFAULTS: Final = dict(_NOTHING.__dict__)
_new_moves = object.__new__
_set_moves = LegalMoves.__dict__["__dict__"].__set__


def _betting_moves(seat: int, can_pass: bool, call: int | None, amounts: range) -> LegalMoves:
    d = _DEFAULTS.copy()
    d["seat"] = seat
    if can_pass:
        d["can_pass"] = True
        d["bets"] = amounts
    else:
        d["can_fold"] = True
        d["call"] = call
        d["raises"] = amounts
    moves: LegalMoves = _new_moves(LegalMoves)
    _set_moves(moves, d)
    return moves


def legal_moves(state: State) -> LegalMoves:
    """What the one to act may do in ``state``, as a :class:`LegalMoves` (O(1)).

    >>> import golfo
    >>> golfo.legal_moves(golfo.new_game(golfo.TRADICIONAL, players=3)).seat
    CHANCE
    """
    f = state.__dict__
    to_act = f["to_act"]
    if to_act is CHANCE:
        return LegalMoves(CHANCE, deals=frozenset(cards_of(f["stock_mask"])))
    phase = f["phase"]
    if phase in _BETTING:
        bets = f["bets"]
        current = max(bets)
        low, stop = wager_range(f, to_act, current)
        amounts = range(low, stop) if low < stop else _EMPTY
        if current == 0:
            return _betting_moves(to_act, True, None, amounts)
        owe = current - bets[to_act]
        stack = f["stacks"][to_act]
        return _betting_moves(to_act, False, owe if owe < stack else stack, amounts)
    if phase in _DISCARDING:
        hand = f["hand_masks"][to_act]
        room = min(hand.bit_count(), f["stock_mask"].bit_count())
        return LegalMoves(to_act, discard_max=room, discard_from=Hand.from_mask(hand))
    if phase is _BETWEEN_HANDS:
        return LegalMoves(None, next_hand=True, end_game=f["rules"].hands is None)
    return _NOTHING  # the game is over


# ---------------------------------------------------------------------------
# legal_actions: the concrete list


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, concretely: each bet amount, each discard subset, each card to deal.

    The same set as :func:`legal_moves`, in its order.  The tuple is computed once per
    state and kept with it, except the deals, which cost less to list again than to keep.
    At very large stacks the lists are long (one action per chip): use :func:`legal_moves`.
    """
    fields = state.__dict__
    cached: tuple[Action, ...] | None = fields.get("_legal")
    if cached is None:
        to_act = fields["to_act"]
        if to_act is CHANCE:  # the deals: three lookups and a concatenation, not kept
            return _deals(fields["stock_mask"])
        phase = fields["phase"]
        if phase in _BETTING:
            cached = _betting(fields, to_act)
        elif phase in _DISCARDING:
            hand = fields["hand_masks"][to_act]
            room = min(5, fields["stock_mask"].bit_count())
            cached = _discards(to_act, hand, room)
        elif phase is _BETWEEN_HANDS:
            cached = (_NEXT_HAND,) if fields["rules"].hands is not None else (_NEXT_HAND, _END_GAME)
        else:
            cached = ()  # the game is over
        fields["_legal"] = cached
    return cached


def _betting(f: dict[str, Any], seat: int) -> tuple[Action, ...]:
    """The legal betting actions of ``seat``, the seat to act in a betting round.

    They follow from four numbers (the seat, whether the round is open, the range of
    amounts), so the tuple is kept in ``_BETTING_LISTS`` by them: a list of a hundred bet
    amounts is then looked up instead of built again.
    """
    current = max(f["bets"])
    low, stop = wager_range(f, seat, current)
    key = (seat, 1 if current else 0, low, stop)  # open: Call, raises, Fold; else Pass, bets
    cached = _BETTING_LISTS.get(key)
    if cached is not None:
        return cached
    amounts = range(low, stop)
    out: tuple[Action, ...]
    if current == 0:
        out = (_PASSES[seat], *_amounts(_BETS, Bet, seat, amounts))
    else:
        out = (_CALLS[seat], *_amounts(_RAISES, Raise, seat, amounts), _FOLDS[seat])
    if len(out) > _BETTING_LISTS_SLOTS // 8:
        return out  # a list this long (deep stacks) would push out the others: not kept
    _BETTING_ROOM[0] -= len(out) + 16  # the list's slots, and about its key and entry
    if _BETTING_ROOM[0] < 0:  # full: start over (long games with big stacks)
        _BETTING_LISTS.clear()
        _BETTING_ROOM[0] = _BETTING_LISTS_SLOTS - len(out) - 16
    _BETTING_LISTS[key] = out
    return out


_BETTING_LISTS: Final[dict[tuple[int, int, int, int], tuple[Action, ...]]] = {}
_BETTING_LISTS_SLOTS: Final = 1 << 17
"""The cache of betting lists holds at most this many slots, about 1 MB (8 bytes each:
the actions are shared); when full it starts over."""
_BETTING_ROOM: Final = [_BETTING_LISTS_SLOTS]


# ---------------------------------------------------------------------------
# words


def _span(amounts: range) -> str:
    first, last = amounts.start, amounts.stop - 1
    return str(first) if first == last else f"{first}..{last}"


def describe_legal(state: State) -> str:
    """A short description of the legal actions, amounts as ranges (O(1)).

    >>> import golfo
    >>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> describe_legal(golfo.apply(s, golfo.Bet(1, 5)))
    'Call(seat=2), Raise(seat=2, amount=6..99), Fold(seat=2)'
    """
    moves = legal_moves(state)
    seat = moves.seat
    if seat is CHANCE:
        return (
            f"Deal(card) for any of the {len(moves.deals)} cards in the stock "
            f"(to seat {state.receiver})"
        )
    if seat is None:
        if not moves.next_hand:
            return "nothing (the game is over)"
        return "NextHand(), EndGame()" if moves.end_game else "NextHand()"
    if moves.discard_max is not None:
        hand = " ".join(str(c) for c in moves.discard_from)
        return f"Discard(seat={seat}, cards=any 0 to {moves.discard_max} of {hand})"
    parts = [repr(_PASSES[seat]) if moves.can_pass else repr(_CALLS[seat])]
    if moves.bets:
        parts.append(f"Bet(seat={seat}, amount={_span(moves.bets)})")
    if moves.raises:
        parts.append(f"Raise(seat={seat}, amount={_span(moves.raises)})")
    if moves.can_fold:
        parts.append(repr(_FOLDS[seat]))
    return ", ".join(parts)
