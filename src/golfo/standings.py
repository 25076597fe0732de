"""Standings: who is ahead, after any number of hands (R18).

>>> import golfo
>>> table = golfo.standings(golfo.new_game(golfo.TRADICIONAL, players=3))
>>> [(row.seat, row.stack, row.net) for row in table.rows]
[(0, 99, -1), (1, 99, -1), (2, 99, -1)]
"""

from __future__ import annotations

import attrs

from golfo.state import Phase, State

__all__ = ["Standing", "Standings", "standings"]


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
    """Stack minus everything received: starting chips times (1 + rebuys) (R18)."""
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
    """At the end of the game, the seat leading alone; otherwise ``None``."""
    hands_played: int
    """Hands finished so far."""


def standings(state: State) -> Standings:
    """Per seat the stack, the rebuys and the net result, ranked (R18)."""
    rows = []
    for s in range(state.players):
        given = state.initial_stacks[s] + state.rebuys[s] * state.rules.starting_stack
        net = state.stacks[s] - given
        rows.append((net, s))
    rows.sort(key=lambda r: (-r[0], r[1]))
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
    winner = None
    if state.phase is Phase.END and (len(table) < 2 or table[0].net > table[1].net):
        winner = table[0].seat
    return Standings(rows=table, winner=winner, hands_played=len(state.results))
