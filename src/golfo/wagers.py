"""The bounds of a bet or raise: minimums and fixed limits (R5), table stakes (R8), caps (R9).

:func:`wager_range` is the hot path, read by :func:`golfo.legal_actions`,
:func:`golfo.legal_moves` and the reducer alike; :func:`wager_limits` gives every number
behind it, for messages and tests, and :func:`wager_refusal` says which limit an amount
breaks (the reducer's refusal and :func:`golfo.notation.parse`'s agree through it).

No-limit betting (``rules.bet_sizes is None``, El Golfo's) allows any amount from the
minimum opening or raise up to the table stakes and the cap; fixed-limit betting allows one
amount, the current bet plus the round's size, under the same table stakes and caps (an
all-in for less, or what another seat can match, is then the only amount, as under R8).
``rules.max_raises`` bounds the raises of a round in both.

>>> import attrs, golfo
>>> s = golfo.deal_from(golfo.new_game(golfo.MINI, players=2), golfo.MINI.deck)
>>> golfo.legal_moves(s).bets, golfo.legal_moves(golfo.apply(s, golfo.Bet(1, 1))).raises
(range(1, 2), range(0, 0))
>>> one_raise = attrs.evolve(golfo.MINI, max_raises=1)   # MINI allows none
>>> s = golfo.deal_from(golfo.new_game(one_raise, players=2), one_raise.deck)
>>> golfo.legal_moves(golfo.apply(s, golfo.Bet(1, 1))).raises
range(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, NamedTuple, Protocol

from golfo.actions import Bet, Call, Fold, Pass, Raise
from golfo.phases import BETTING, Phase
from golfo.rules import Rules
from golfo.state import State

__all__ = [
    "Table",
    "WagerLimits",
    "raises_in",
    "wager_limits",
    "wager_range",
    "wager_refusal",
]

_BETTING: Final = frozenset(BETTING)
_EMPTY: Final = range(0)
_IN_ROUND: Final = (Pass, Bet, Call, Fold)
"""The betting actions that are not raises: a round's raises are counted back to the last
action of another kind (a deal or a discard: every betting round follows one, R3)."""


def raises_in(actions: Iterable[object]) -> int:
    """The raises at the end of ``actions`` (newest first) since the last action that is not
    a betting action: the raises of the betting round in play.

    >>> from golfo import Bet, Call, Raise
    >>> raises_in([Raise(1, 4), Call(0), Raise(2, 2), Bet(1, 1), "a deal", Raise(0, 9)])
    2
    """
    count = 0
    for action in actions:
        kind = type(action)
        if kind is Raise:
            count += 1
        elif kind not in _IN_ROUND:
            break
    return count


def _log_actions(log: Any) -> Iterable[object]:
    node = log
    while node is not None:
        yield node[1]
        node = node[0]


def wager_range(f: dict[str, Any], seat: int, current: int) -> tuple[int, int]:
    """``(low, stop)``: the legal Bet or Raise amounts of ``seat`` are ``low..stop-1``
    (none when ``low >= stop``); ``f`` is the state's fields, ``current`` its current bet.

    R8: at most the seat's all-in total, and at most the most some other seat still in
    can put in this round (its bet plus its stack), so that every amount can be matched;
    nothing at all unless that is above the current bet.  Where it is below the minimum
    opening or raise (R5), it is the only amount.  R9: at most the cap's room, on top.
    R5, in a variant: with fixed limits, the current bet plus the round's size is the one
    amount; after ``max_raises`` raises in the round, no raise.
    This is the hot path of both :func:`golfo.legal_actions` and the reducer; the slow
    :func:`wager_limits` explains the same numbers.
    """
    bets = f["bets"]
    stacks = f["stacks"]
    folded = f["folded"]
    top = bets[seat] + stacks[seat]  # the seat's all-in total
    reach = 0  # the most another seat still in can put in this round
    for s in f["dealt_in"]:
        if s != seat and s not in folded:
            r = bets[s] + stacks[s]
            if r > reach:
                reach = r
    if reach < top:
        top = reach
    if top <= current:
        return 1, 1
    rules = f["rules"]
    if rules._limited:  # a variant's fixed limits or raise limit
        return _limited_range(f, rules, seat, current, top)
    low = rules.min_open if current == 0 else current + rules.min_raise
    if top < low:
        low = top  # R8: the largest allowed amount is the only one
    caps = rules.round_caps
    if caps is not None:  # R9: the room under this round's cap
        room = caps[f["phase"].betting_round - 1] - f["committed"][seat] + bets[seat]
        if room < top:
            top = room
    return low, top + 1


def _limited_range(
    f: dict[str, Any], rules: Rules, seat: int, current: int, top: int
) -> tuple[int, int]:
    """:func:`wager_range` under a variant's ``max_raises`` or ``bet_sizes`` (R5), once the
    table stakes (R8) have bounded the amounts by ``top``."""
    most = rules.max_raises
    if most is not None and current and _raises(f) >= most:
        return 1, 1  # R5: the round has had its raises
    sizes = rules.bet_sizes
    if sizes is None:
        low = rules.min_open if current == 0 else current + rules.min_raise
        if top < low:
            low = top  # R8: the largest allowed amount is the only one
    else:  # fixed limit: one amount, or less where R8 allows no more
        low = current + sizes[f["phase"].betting_round - 1]
        if top < low:
            low = top
        top = low
    bets = f["bets"]
    caps = rules.round_caps
    if caps is not None:  # R9: the room under this round's cap
        room = caps[f["phase"].betting_round - 1] - f["committed"][seat] + bets[seat]
        if room < top:
            top = room
    return low, top + 1


def _raises(f: dict[str, Any]) -> int:
    """The raises so far in the round of the fields ``f``: a state's (its log) or those
    :func:`wager_limits` gives (``"raises"``)."""
    given: int | None = f.get("raises")
    if given is not None:
        return given
    return raises_in(_log_actions(f["_log"]))


class WagerLimits(NamedTuple):
    """Every number that bounds a bet or raise of the seat to act, for messages and tests."""

    current: int
    """The current bet (0: nobody has opened)."""
    minimum: int
    """The smallest full opening or raise (R5): ``min_open`` or ``current + min_raise``;
    with fixed limits, the one full amount, ``current`` plus the round's size."""
    own: int
    """The seat's all-in total for the round: its bet plus its stack (R8)."""
    reach: int
    """The most another seat still in can put in this round (R8)."""
    reach_seat: int | None
    """That seat, the first in play order from mano among equals (``None``: no other seat)."""
    room: int | None
    """The most the cap allows this round (R9), ``None`` without caps."""
    amounts: range
    """The legal amounts that follow (:func:`wager_range`)."""
    raises: int = 0
    """The raises so far in this round (R5)."""
    most_raises: int | None = None
    """The most raises a round allows (``rules.max_raises``; ``None``: no limit)."""
    fixed: bool = False
    """Whether the betting is fixed-limit (``rules.bet_sizes``): :attr:`minimum` is then
    the one full amount."""


class Table(Protocol):
    """The public facts of a table that bound a bet: a :class:`golfo.State` or a
    :class:`golfo.View` (what a seat sees is enough to know its limits)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def dealt_in(self) -> tuple[int, ...]: ...
    @property
    def folded(self) -> frozenset[int]: ...
    @property
    def bets(self) -> tuple[int, ...]: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def committed(self) -> tuple[int, ...]: ...


def _table_raises(table: Table) -> int:
    """The raises of the round in play: from a state's log, or from the history of a view
    (or of any table with one, oldest first)."""
    if isinstance(table, State):
        return raises_in(_log_actions(table.__dict__["_log"]))
    history = getattr(table, "history", None)
    return 0 if history is None else raises_in(reversed(history))


def wager_limits(table: Table, seat: int) -> WagerLimits:
    """The limits of a bet or raise by ``seat`` in a betting round of ``table`` (a state or
    a view).

    >>> import golfo
    >>> s = golfo.new_game(golfo.TRADICIONAL, players=3, stacks=(1000, 50, 80))
    >>> s = golfo.deal_from(s, golfo.DECK)          # seat 1 (50 chips) is mano
    >>> s = golfo.apply(s, golfo.Pass(1))
    >>> lim = wager_limits(golfo.apply(s, golfo.Pass(2)), 0)
    >>> lim.own, lim.reach, lim.reach_seat, lim.amounts
    (999, 79, 2, range(1, 80))
    """
    bets = table.bets
    stacks = table.stacks
    current = max(bets)
    rules = table.rules
    phase = table.phase
    reach, reach_seat = 0, None
    for s in table.dealt_in:
        if s != seat and s not in table.folded and bets[s] + stacks[s] > reach:
            reach, reach_seat = bets[s] + stacks[s], s
    room = None
    caps = rules.round_caps
    betting = phase in _BETTING
    if caps is not None and betting:
        room = caps[phase.betting_round - 1] - table.committed[seat] + bets[seat]
    raises = _table_raises(table) if rules.max_raises is not None else 0
    fields = {
        "bets": bets,
        "stacks": stacks,
        "folded": table.folded,
        "dealt_in": table.dealt_in,
        "rules": rules,
        "phase": phase,
        "committed": table.committed,
        "raises": raises,
    }
    low, stop = wager_range(fields, seat, current) if betting else (1, 1)
    sizes = rules.bet_sizes
    if sizes is not None and betting:
        minimum = current + sizes[phase.betting_round - 1]
    else:
        minimum = rules.min_open if current == 0 else current + rules.min_raise
    return WagerLimits(
        current=current,
        minimum=minimum,
        own=bets[seat] + stacks[seat],
        reach=reach,
        reach_seat=reach_seat,
        room=room,
        amounts=range(low, stop) if low < stop else _EMPTY,
        raises=raises,
        most_raises=rules.max_raises,
        fixed=sizes is not None,
    )


def wager_refusal(lim: WagerLimits, action: Bet | Raise) -> tuple[str, str, str, dict[str, Any]]:
    """Why ``action`` is refused, given the limits of its seat (``lim``, from
    :func:`wager_limits`): ``(rule, reason, code, facts)`` for the first of the limits it
    breaks, in the order kind of action (R5), whole number (R5), raises of the round (R5),
    stack and table stakes (R8), cap (R9), minimum or fixed amount (R5).  Only for an action
    that is refused: one that breaks none of them is answered as if below the minimum."""
    current = lim.current
    amount = action.amount
    seat = action.seat
    if isinstance(action, Bet):
        if current > 0:
            return "R5", "the betting is open: call, raise or fold", "bet_after_open", {}
    elif current == 0:
        return "R5", "nobody has opened: bet to open", "raise_unopened", {}
    if type(amount) is not int:
        return "R5", f"amount must be a whole number of chips: {amount!r}", "not_whole", {}
    most = lim.most_raises
    if isinstance(action, Raise) and most is not None and lim.raises >= most:
        allowed = (
            "no raise is allowed in this round"
            if most == 0
            else f"this round allows {most} raise{'' if most == 1 else 's'}, all made"
        )
        return "R5", f"{allowed}: call or fold", "raise_limit", {"most": most}
    if isinstance(action, Raise) and lim.reach <= current:
        who = (
            ""
            if lim.reach_seat is None
            else f" (seat {lim.reach_seat} can put in {lim.reach} at most)"
        )
        return (
            "R8",
            f"a raise needs an answer: no other seat still in can put in more than the "
            f"current bet {current}{who}",
            "unanswerable",
            {"current": current, "reach": lim.reach, "reach_seat": lim.reach_seat},
        )
    if amount > lim.own:
        return (
            "R8",
            f"amount {amount} is more than seat {seat} has ({lim.own})",
            "above_stack",
            {"own": lim.own},
        )
    if amount > lim.reach:
        return (
            "R8",
            f"amount {amount} is more than any other seat can match: "
            f"seat {lim.reach_seat} can put in {lim.reach} at most",
            "above_reach",
            {"reach": lim.reach, "reach_seat": lim.reach_seat},
        )
    if lim.room is not None and amount > lim.room:
        return (
            "R9",
            f"amount {amount} is over this round's cap ({lim.room})",
            "above_cap",
            {"room": lim.room},
        )
    word = "opening" if current == 0 else "raise"
    amounts = lim.amounts
    if lim.fixed:
        only = amounts.start if amounts else lim.minimum
        return (
            "R5",
            f"fixed-limit betting: the only {word} now is {only}, not {amount}",
            "limit_amount",
            {"amount": only},
        )
    why = f"amount {amount} is below the minimum {word} {lim.minimum}"
    only_amount = None
    if amounts and amounts.start < lim.minimum:  # R8: the most that can be matched, only
        only_amount = amounts.start
        who = "all-in for" if only_amount == lim.own else f"seat {lim.reach_seat} can put in"
        why += f"; the only {word} allowed is {only_amount} ({who} {only_amount}, R8)"
    return "R5", why, "below_minimum", {"minimum": lim.minimum, "only": only_amount}
