"""Settlement: the end of a hand (pots, side pots, payoffs, the result) and of a game.

The reducer calls :func:`settle` when a hand ends, by a showdown (R11) or by folds (R6c),
on the dict of fields it is building (see :func:`golfo.state.make_state`).
Rule numbers are those of ``docs/rules.md``.
"""

from __future__ import annotations

from typing import Any, Final

from golfo.hand import Hand
from golfo.standings import can_pay_count, net_results
from golfo.state import Fields, HandResult, Phase, Pot

__all__ = ["game_over", "settle"]

_SHOWDOWN: Final = Phase.SHOWDOWN
_BETWEEN_HANDS: Final = Phase.BETWEEN_HANDS
_END: Final = Phase.END


def settle(d: Fields, *, showdown: bool) -> None:
    """R8, R11, R6c: split the pot into side pots, award them, record the result."""
    n = d["players"]
    committed = d["committed"]
    dealt_in = d["dealt_in"]
    folded = d["folded"]
    hand_masks = d["hand_masks"]
    in_hand = tuple([s for s in dealt_in if s not in folded]) if folded else dealt_in
    # Only a showdown compares hands (R11); a win by folds has one seat in (R6c).
    shape = d["rules"]._shape
    value = shape.value  # R11: at most rules.cards_counted cards of a suit count
    values = {s: value(hand_masks[s]) for s in in_hand} if showdown else dict.fromkeys(in_hand, 0)
    top = max(committed)
    returned = [0] * n
    for s in in_hand:
        if committed[s] != top:  # someone in is all-in for less: side pots (R8)
            pots = _side_pots(committed, in_hand, values, returned)
            break
    else:  # the usual ending, one pot and no side pots: every seat in put in the most
        total = sum(committed)
        winner = in_hand[0]  # R11: ties go to the seat nearest mano (play order)
        if len(in_hand) == 1:  # R6c, R8: the bet nobody called goes back
            excess = top - max([committed[s] for s in range(n) if s != winner])
            returned[winner] = excess
            total -= excess
        else:
            best = values[winner]
            for s in in_hand:
                if values[s] > best:
                    winner = s
                    best = values[s]
        pots = (Pot(total, in_hand, winner),) if total else ()
    won = [0] * n
    for pot in pots:
        won[pot.winner] += pot.amount
    stacks = d["stacks"]
    mano = dealt_in[0]
    seats = range(n)
    result = HandResult(
        d["hand_number"],
        d["dealer"],
        dealt_in,
        tuple([won[s] + returned[s] - committed[s] for s in seats]),
        pots,
        tuple(returned),
        tuple([_shown(hand_masks[s]) if s in values else None for s in seats])
        if showdown
        else (None,) * n,
        showdown,
        # R11: mano shows 30 (the best value) and takes the main pot (ante 0 and no bets: no
        # pot at all)
        showdown and values.get(mano) == shape.best_value and (not pots or pots[0].winner == mano),
        _SHOWDOWN if showdown else d["phase"],
    )
    zeros = (0,) * n
    d["stacks"] = tuple([stacks[s] + won[s] + returned[s] for s in seats])
    d["bets"] = zeros
    d["committed"] = zeros
    d["needs"] = 0
    d["pending"] = ()
    d["results"] = (*d["results"], result)
    d["to_act"] = None
    d["phase"] = _END if game_over(d) else _BETWEEN_HANDS


def _side_pots(
    committed: tuple[int, ...],
    in_hand: tuple[int, ...],
    values: dict[int, int],
    returned: list[int],
) -> tuple[Pot, ...]:
    """R8, R11: the main pot and the side pots; uncalled chips are added to ``returned``."""
    layers: list[list[Any]] = []  # [amount, eligible, winner] per pot, main pot first
    prev = 0
    seats = range(len(committed))
    # Layers between consecutive distinct amounts committed: every seat that reached a
    # layer's top put in the whole layer (no seat committed an amount inside it).
    for level in sorted({c for c in committed if c > 0}):
        count = 0
        top = -1
        for s in seats:
            if committed[s] >= level:
                count += 1
                top = s
        amount = (level - prev) * count
        eligible = tuple([s for s in in_hand if committed[s] >= level])
        prev = level
        if count == 1 and eligible == (top,):
            returned[top] += amount  # R8: uncalled excess goes back
        elif not eligible:
            layers[-1][0] += amount  # only folded seats reached this level: the pot below
        elif layers and layers[-1][1] == eligible:
            layers[-1][0] += amount  # same seats can win it: one pot, not two
        else:
            winner = eligible[0]  # R11: ties go to the seat nearest mano (play order)
            for s in eligible:
                if values[s] > values[winner]:
                    winner = s
            layers.append([amount, eligible, winner])
    return tuple([Pot(amount, eligible, winner) for amount, eligible, winner in layers])


_new_hand = object.__new__
_set_hand_mask = Hand.mask.__set__  # type: ignore[attr-defined]


def _shown(mask: int) -> Hand:
    """``Hand.from_mask(mask)`` without its checks: the reducer's masks are valid hands."""
    hand: Hand = _new_hand(Hand)
    _set_hand_mask(hand, mask)
    return hand


def game_over(d: Fields) -> bool:
    """R16, R17: is the game over once the current hand has ended?"""
    rules = d["rules"]
    out = d["out"]
    stacks = d["stacks"]
    if not rules.rebuy and can_pay_count(rules.ante, stacks, out) < rules.min_players:
        return True
    if rules.hands is None or d["hand_number"] < rules.hands:
        return False
    if not rules.extra_hands_on_tie:
        return True
    nets = net_results(stacks, d["initial_stacks"], d["rebuys"])
    best = [nets[s] for s in range(d["players"]) if s not in out]
    return best.count(max(best)) == 1
