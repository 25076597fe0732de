"""Standings: who is ahead, after any number of hands (R18).

>>> import golfo
>>> table = golfo.standings(golfo.new_game(golfo.TRADICIONAL, players=3))
>>> [(row.seat, row.stack, row.net) for row in table.rows]
[(0, 99, -1), (1, 99, -1), (2, 99, -1)]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import attrs

from golfo.state import Phase, State

__all__ = ["Standing", "Standings", "can_pay_count", "net_results", "standings"]


@attrs.frozen
class Standing:
    """One seat's line in the standings."""

    seat: int
    """The seat."""
    stack: int
    """Chips behind (points, in Ludoteka's variant)."""
    committed: int
    """Chips in the pot of the hand in play."""
    rebuys: int
    """Rebuys taken (R17)."""
    net: int
    """Stack minus everything received: its starting chips times (1 + rebuys) (R18)."""
    rank: int
    """1 for the leader; seats with the same net share a rank."""
    out: bool
    """Out of the game for good (R17)."""


@attrs.frozen
class Standings:
    """The standings of a game, best first."""

    rows: tuple[Standing, ...]
    """One line per seat, best net first, then by seat."""
    winner: int | None
    """At the end of the game, the seat leading alone, or the tie-break's winner (R16);
    otherwise ``None``."""
    hands_played: int
    """Hands finished so far."""


def net_results(
    stacks: Sequence[int], initial_stacks: Sequence[int], rebuys: Sequence[int]
) -> tuple[int, ...]:
    """R18: each seat's stack minus everything it was given, its own starting stack times
    (1 + rebuys) (R17: a rebuy gives the seat its starting stack again).

    >>> net_results((150, 20, 130), (100, 100, 100), (0, 1, 0))
    (50, -180, 30)
    >>> net_results((150, 20), (100, 100, 100), (0, 1, 0))
    Traceback (most recent call last):
    ...
    ValueError: zip() argument 2 is longer than argument 1
    """
    return tuple(
        stack - start * (1 + n)
        for stack, start, n in zip(stacks, initial_stacks, rebuys, strict=True)
    )


def can_pay_count(ante: int, stacks: Sequence[int], out: Collection[int]) -> int:
    """R17: how many seats still in the game hold at least the ante (a hand needs 3 in El
    Golfo, ``rules.min_players`` in a variant)."""
    return sum(1 for s, stack in enumerate(stacks) if s not in out and stack >= ante)


def standings(state: State) -> Standings:
    """Per seat the stack, the rebuys and the net result, ranked (R18).

    ``winner`` is set at the end of the game: the seat with the best net if it leads
    alone; with ``extra_hands_on_tie``, when the lead is shared and no further hand can be
    dealt (fewer than three seats, ``rules.min_players``, can pay the ante), the tied seat
    nearest the mano of the last hand played (R16).
    """
    nets = net_results(state.stacks, state.initial_stacks, state.rebuys)
    rows = sorted(((nets[s], s) for s in range(state.players)), key=lambda r: (-r[0], r[1]))
    table = tuple(
        Standing(
            seat=s,
            stack=state.stacks[s],
            committed=state.committed[s],
            rebuys=state.rebuys[s],
            net=net,
            rank=1 + sum(1 for other, _ in rows if other > net),
            out=s in state.out,
        )
        for net, s in rows
    )
    return Standings(rows=table, winner=_winner(state, table), hands_played=len(state.results))


def _winner(state: State, table: tuple[Standing, ...]) -> int | None:
    if state.phase is not Phase.END:
        return None
    if table[0].net > table[1].net:  # 2 to 4 seats: there is a second row
        return table[0].seat
    rules = state.rules
    if (
        rules.extra_hands_on_tie
        and not rules.rebuy
        and state.results
        and can_pay_count(rules.ante, state.stacks, state.out) < rules.min_players
    ):
        # R16: no further hand can be dealt to break the tie (R17: fewer than three seats,
        # rules.min_players, can pay the ante): the tied seat nearest the mano of the last
        # hand wins
        tied = {row.seat for row in table if row.net == table[0].net}
        mano = state.results[-1].mano
        n = state.players
        return next(s for s in ((mano + k) % n for k in range(n)) if s in tied)
    return None
