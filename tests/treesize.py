"""The size of a variant's game tree: ``python tests/treesize.py [mini|mediano] [players...]``.

One hand from :func:`golfo.new_game`, walked depth first through every legal action:
chance nodes are the states where a card is dealt, one child per legal
:class:`golfo.Deal` (each card of the stock); decision nodes are those where a seat acts,
one child per action of :func:`golfo.legal_actions`; a hand ends at its result (the
game's end, or ``BETWEEN_HANDS``).  An information set is what the seat to act may know,
its :func:`golfo.view`.  The counts are the ones ``docs/rules.md`` publishes for
:data:`golfo.MINI` and :data:`golfo.MEDIANO`, and tests/test_variants.py pins MINI's.
"""

from __future__ import annotations

import sys
import time
from typing import NamedTuple

import golfo
from golfo import CHANCE, Phase, Rules, State


class TreeSize(NamedTuple):
    """The counts of one hand's tree."""

    histories: int
    """Every node: chance, decision and terminal."""
    chance: int
    """Nodes where a card is dealt."""
    decisions: int
    """Nodes where a seat acts."""
    terminals: int
    """Hands over."""
    infosets: int
    """Distinct ``(seat, view)`` at the decision nodes."""
    actions: int
    """Sum over the information sets of their legal actions: the entries of a strategy."""


def tree_size(rules: Rules, players: int) -> TreeSize:
    """Walk every history of one hand of ``rules`` at a table of ``players`` (dealer 0)."""
    histories = chance = decisions = terminals = 0
    infosets: dict[object, int] = {}
    stack: list[State] = [golfo.new_game(rules, players=players)]
    while stack:
        state = stack.pop()
        histories += 1
        if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
            terminals += 1
            continue
        legal = golfo.legal_actions(state)
        seat = state.to_act
        if seat is CHANCE:
            chance += 1
        else:
            assert isinstance(seat, int)
            decisions += 1
            infosets.setdefault((seat, golfo.view(state, seat)), len(legal))
        stack.extend(golfo.apply(state, action) for action in legal)
    return TreeSize(histories, chance, decisions, terminals, len(infosets), sum(infosets.values()))


def main(argv: list[str]) -> int:
    """Print the sizes of the presets named (all by default) for their table sizes."""
    names = [a for a in argv if not a.isdigit()] or ["mini", "mediano"]
    wanted = [int(a) for a in argv if a.isdigit()]
    for name in names:
        rules = getattr(golfo, name.upper())
        for players in wanted or rules.table_sizes:
            start = time.perf_counter()
            size = tree_size(rules, players)
            took = time.perf_counter() - start
            print(f"{name} {players} players: {size} ({took:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
