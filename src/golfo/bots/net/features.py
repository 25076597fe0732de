"""What :class:`golfo.NetBot`'s network reads, and the moves it chooses among.

The network sees a seat's :class:`golfo.View` as :data:`SIZE` numbers (:func:`features`),
all of them relative to the seat: its place from mano, its hand's suits best first, the
opponents in the order they act after it, chips as shares of the pot.  The same numbers
for any rules, three or four seats (the dealer who sits out is not an opponent), and any
stacks, so one network plays every preset.  golfo-native computes the same vector in
Rust from its own state (``native/src/netbot.rs``), value for value; ``tests`` check
both on random games.

The network picks one of :data:`MENU`'s entries; :func:`menu` maps each to a legal
action, or ``None`` where it has none: pass, call, fold; a bet or raise to the smallest
amount, half the pot, the pot, twice the pot or the most allowed (each clipped to the
legal range: every amount the rules allow is reached by one entry's clipping, and the
amounts in between are the sizes' neighbours); at a discard, keep the best suit, keep the
second, or stand pat.

>>> import golfo
>>> from golfo.bots.net.features import SIZE, features, menu
>>> state = golfo.deal(golfo.new_game(golfo.TRADICIONAL, players=3), 11)
>>> v = golfo.view(state, state.to_act)
>>> x = features(v)
>>> len(x) == SIZE, all(0.0 <= f <= 1.0 for f in x)
(True, True)
>>> menu(v)[:5]
(Pass(seat=1), None, None, Bet(seat=1, amount=1), Bet(seat=1, amount=1))
"""

from __future__ import annotations

from typing import Final, TypeAlias

from golfo.actions import Action, Bet, Call, Discard, Fold, Pass, Raise
from golfo.analysis.knowledge import SUIT_BITS, best_with_draws, new_draws, seen_cards, top_of_suit
from golfo.hand import Hand
from golfo.state import Phase
from golfo.views import Dealt, Discarded, View

__all__ = ["MENU", "SIZE", "SLICES", "features", "menu", "suit_order"]

MENU: Final = (
    "pass",
    "call",
    "fold",
    "wager min",
    "wager half pot",
    "wager pot",
    "wager 2 pots",
    "wager max",
    "keep best suit",
    "keep second suit",
    "stand pat",
)
"""The network's choices, in the order of its outputs."""

_GLOBAL: Final = 28
_OWN: Final = 20
_PER_OPPONENT: Final = 22
_OPPONENTS: Final = 3
SIZE: Final = _GLOBAL + _OWN + _OPPONENTS * _PER_OPPONENT
"""The length of :func:`features`' vector."""
SLICES: Final = {
    "global": slice(0, _GLOBAL),
    "own": slice(_GLOBAL, _GLOBAL + _OWN),
    **{
        f"opponent {j + 1}": slice(
            _GLOBAL + _OWN + j * _PER_OPPONENT, _GLOBAL + _OWN + (j + 1) * _PER_OPPONENT
        )
        for j in range(_OPPONENTS)
    },
}
"""Where each part of the vector lies: the table, the seat's own hand, and one block per
opponent (the next to act first)."""

_BETTING_ACTIONS: Final = (Pass, Bet, Call, Raise, Fold)
_Betting: TypeAlias = Pass | Bet | Call | Raise | Fold
_WAGER_SHARES: Final = ((1, 2), (1, 1), (2, 1))
"""Half the pot, the pot, twice the pot: the sizes between the smallest and the most, as
fractions (numerator, denominator) of the pot (after the call, for a raise)."""


def _share(x: float, y: float) -> float:
    """``x / (x + y)``, 0 when both are 0."""
    total = x + y
    return x / total if total > 0 else 0.0


def suit_order(view: View) -> tuple[int, ...]:
    """The four suits (indices 0..3) best first for the viewer: by the value of the cards
    it holds in the suit (at most ``cards_counted``), then by the best the suit could be
    worth with the draws it may still make, then by suit index."""
    rules = view.rules
    assert view.seat is not None
    hand = view.hand.mask
    unseen = rules.deck_mask & ~seen_cards(view)
    counted = rules.cards_counted
    draws = new_draws(view, view.seat)
    reach = min(counted, rules.hand_size)

    def key(i: int) -> tuple[int, int, int]:
        held = hand >> (7 * i) & SUIT_BITS
        free = unseen >> (7 * i) & SUIT_BITS
        return (
            -top_of_suit(held, counted),
            -best_with_draws(held << (7 * i), free << (7 * i), draws, reach),
            i,
        )

    return tuple(sorted(range(4), key=key))


def _segments(view: View) -> tuple[list[list[_Betting]], bool]:
    """The hand's betting actions in runs between deals and discards (one run per betting
    round played), and whether the last run is the round in play."""
    runs: list[list[_Betting]] = []
    open_run = False
    for event in view.history:
        if isinstance(event, _BETTING_ACTIONS):
            if not open_run:
                runs.append([])
                open_run = True
            runs[-1].append(event)
        elif isinstance(event, (Dealt, Discarded)):
            open_run = False
    in_play = open_run and view.phase.betting_round > 0
    return runs, in_play


def features(view: View) -> list[float]:
    """The network's input for the seat to act in ``view``: :data:`SIZE` numbers in
    ``[0, 1]`` (see the module and ``docs/guides/research.md`` for each).  The view must be
    of a seat dealt in, in a betting or discard phase."""
    me = view.seat
    if me is None or me not in view.dealt_in:
        raise ValueError("features are of a seat dealt in")
    rules = view.rules
    out = [0.0] * SIZE
    dealt = view.dealt_in
    k = len(dealt)
    pos = dealt.index(me)
    folded = view.folded
    stacks, bets, committed = view.stacks, view.bets, view.committed
    in_hand = [s for s in dealt if s not in folded]
    pot = sum(committed)
    current = max(bets)
    to_call = current - bets[me]
    moves = view.moves
    phase = view.phase
    # -- the table
    betting = phase.betting_round
    if betting:
        out[betting - 1] = 1.0
    elif phase is Phase.DISCARD_1:
        out[4] = 1.0
    elif phase is Phase.DISCARD_2:
        out[5] = 1.0
    out[6 + min(pos, 3)] = 1.0
    out[10] = (len(in_hand) - 2) / 2
    out[11] = 1.0 if to_call > 0 else 0.0
    out[12] = _share(to_call, pot)
    out[13] = _share(pot, stacks[me])
    unit = max(1, rules.ante * k)
    x = pot / unit / 8
    out[14] = x / (1 + x)
    out[15] = _share(committed[me], stacks[me])
    out[16] = _share(current, pot)
    runs, in_play = _segments(view)
    this_round: list[_Betting] = runs[-1] if in_play else []
    wagers_now = sum(1 for a in this_round if isinstance(a, (Bet, Raise)))
    out[17] = min(1.0, wagers_now / 4)
    behind = sum(1 for j in range(pos + 1, k) if dealt[j] not in folded and stacks[dealt[j]] > 0)
    out[18] = behind / 3
    low = high = 0
    if moves is not None:
        amounts = moves.amounts
        if amounts:
            low, high = amounts[0], amounts[-1]
            out[19] = 1.0
    out[20] = _share(low, pot)
    out[21] = _share(high, pot)
    out[22] = view.stock_size / len(rules.deck)
    done = sum(1 for e in view.history if isinstance(e, Discarded) and e.seat == me)
    out[23] = max(0, rules.discard_rounds - done) / 2
    out[24] = len(view.hand) / rules.hand_size
    out[25] = 1.0 if rules.round_caps is not None else 0.0
    out[26] = 1.0 if rules.discards_face_up else 0.0
    reach = max((stacks[s] + bets[s] for s in in_hand if s != me), default=0)
    effective = min(stacks[me] + bets[me], reach)
    out[27] = _share(effective, pot)
    # -- the seat's own hand, its suits best first
    best = rules.best_value
    hand = view.hand.mask
    unseen = rules.deck_mask & ~seen_cards(view)
    counted = rules.cards_counted
    reach_cards = min(counted, rules.hand_size)
    draws = new_draws(view, me)
    order = suit_order(view)
    base = _GLOBAL
    for j, i in enumerate(order):
        held = hand >> (7 * i) & SUIT_BITS
        free = unseen >> (7 * i) & SUIT_BITS
        out[base + j] = top_of_suit(held, counted) / best
        out[base + 4 + j] = min(1.0, held.bit_count() / counted)
        out[base + 8 + j] = free.bit_count() / 7
        out[base + 12 + j] = (
            best_with_draws(held << (7 * i), free << (7 * i), draws, reach_cards) / best
        )
    sizes = [view.hand_sizes[s] for s in in_hand if s != me]
    now = min(max(sizes, default=0), counted)
    best_now = max(top_of_suit(unseen >> (7 * i) & SUIT_BITS, now) for i in range(4))
    best_end = max(top_of_suit(unseen >> (7 * i) & SUIT_BITS, reach_cards) for i in range(4))
    out[base + 16] = best_now / best
    out[base + 17] = best_end / best
    mine = rules.hand_value(hand)
    locked = all(
        mine > best_end or (mine == best_end and pos < dealt.index(s)) for s in in_hand if s != me
    )
    out[base + 18] = 1.0 if locked else 0.0
    out[base + 19] = mine / best
    # -- the opponents, the next to act first
    thrown: dict[int, list[tuple[int, int | None]]] = {s: [] for s in dealt}
    for event in view.history:
        if isinstance(event, Discarded):
            mask = None if event.cards is None else Hand(event.cards).mask
            thrown[event.seat].append((event.count, mask))
    for j in range(min(k - 1, _OPPONENTS)):
        o = dealt[(pos + 1 + j) % k]
        base = _GLOBAL + _OWN + j * _PER_OPPONENT
        out[base] = 1.0
        if o not in folded:
            out[base + 1] = 1.0
            out[base + 2] = 1.0 if stacks[o] == 0 else 0.0
        out[base + 3] = 1.0 if dealt.index(o) < pos else 0.0
        out[base + 4] = _share(stacks[o], pot)
        out[base + 5] = committed[o] / pot if pot > 0 else 0.0
        out[base + 6] = bets[o] / current if current > 0 else 0.0
        last = 0
        for a in this_round:
            if a.seat == o:
                last = 1 if isinstance(a, Pass) else 2 if isinstance(a, Call) else 3
                if isinstance(a, Fold):
                    last = 0
        out[base + 7 + last] = 1.0
        earlier = runs[:-1] if in_play else runs
        wagers = sum(
            1 for run in earlier for a in run if a.seat == o and isinstance(a, (Bet, Raise))
        )
        calls = sum(1 for run in earlier for a in run if a.seat == o and isinstance(a, Call))
        out[base + 11] = min(1.0, wagers / 4)
        out[base + 12] = min(1.0, calls / 4)
        out[base + 13] = min(
            1.0, sum(1 for a in this_round if a.seat == o and isinstance(a, (Bet, Raise))) / 3
        )
        shown = 0
        for r, (count, mask) in enumerate(thrown[o][:2]):
            out[base + 14 + 2 * r] = 1.0
            out[base + 15 + 2 * r] = count / rules.hand_size
            if mask is not None:
                shown |= mask
        for m, i in enumerate(order):
            out[base + 18 + m] = min(
                1.0, (shown >> (7 * i) & SUIT_BITS).bit_count() / rules.hand_size
            )
    return out


def menu(view: View) -> tuple[Action | None, ...]:
    """The legal action of each :data:`MENU` entry for the seat to act in ``view``
    (``None`` where the entry has none)."""
    moves = view.moves
    me = view.seat
    if moves is None or me is None or not isinstance(moves.seat, int):
        raise ValueError("a menu is for the seat to act")
    out: list[Action | None] = [None] * len(MENU)
    if moves.discard_max is not None:
        most = moves.discard_max
        order = suit_order(view)
        counted = view.rules.cards_counted
        hand = view.hand.mask
        for entry, suit in ((8, order[0]), (9, order[1])):
            out[entry] = Discard(me, frozenset(Hand.from_mask(_throw(hand, suit, counted, most))))
        out[10] = Discard(me, frozenset())
        return tuple(out)
    if moves.can_pass:
        out[0] = Pass(me)
    if moves.call is not None:
        out[1] = Call(me)
    if moves.can_fold:
        out[2] = Fold(me)
    amounts = moves.amounts
    if amounts:
        low, high = amounts[0], amounts[-1]
        current = max(view.bets)
        base = view.pot + (current - view.bets[me])
        targets = [low] + [current + base * n // d for n, d in _WAGER_SHARES] + [high]
        make = Bet if moves.can_pass else Raise
        for entry, target in enumerate(targets):
            out[3 + entry] = make(me, min(max(target, low), high))
    return tuple(out)


def _throw(hand: int, suit: int, counted: int, most: int) -> int:
    """The cards thrown to keep ``suit``: every card but the suit's ``counted`` best,
    the lowest ranks first (suits in order at a rank) when at most ``most`` may go."""
    keep_bits = hand >> (7 * suit) & SUIT_BITS
    keep = 0
    kept = 0
    for r in range(6, -1, -1):
        if kept == counted:
            break
        if keep_bits >> r & 1:
            keep |= 1 << (7 * suit + r)
            kept += 1
    rest = hand & ~keep
    throw = 0
    taken = 0
    for rank in range(7):
        for s in range(4):
            bit = 1 << (7 * s + rank)
            if taken < most and rest & bit:
                throw |= bit
                taken += 1
    return throw
