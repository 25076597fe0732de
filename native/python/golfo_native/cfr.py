"""CFR in Rust on one hand of a small variant (issue 34): :class:`NativeSolver`.

The tree is golfo's (``golfo.solve.build_tree``'s, node for node: one hand from
``golfo.new_game(rules, players=..., dealer=...)``, chance dealing each card of the stock,
each decision branching over ``golfo.legal_actions``), its information sets keyed as
``golfo.solve.info_key`` keys them; the methods are ``golfo.solve.Solver``'s, step for step
(CFR+, discounted CFR, vanilla CFR, alternating updates), walked in Rust.  The average
strategy comes as a table, information-state key to action token to probability: the
table of a ``golfo.solve.TabularPolicy`` (:meth:`NativeSolver.average_policy` makes one
where ``golfo.solve`` is installed).

>>> import golfo
>>> solver = NativeSolver(golfo.MINI, 2, "cfr+")
>>> solver.size.histories, solver.size.infosets
(2633, 700)
>>> solver.run(200)
>>> table = solver.average_table()
>>> sorted(table["p1 d1:8O d0"].items())  # doctest: +SKIP
[('b1:1', ...), ('p1', ...)]
>>> all(abs(sum(row.values()) - 1) < 1e-9 for row in table.values())
True
"""

from __future__ import annotations

import importlib
from typing import Any, Final, Literal, NamedTuple

from golfo.actions import Action
from golfo.errors import RulesError
from golfo.rules import Rules
from golfo_native import _core
from golfo_native._convert import action_of
from golfo_native._state import NativeState

__all__ = ["LIMIT", "METHODS", "NativeSolver", "TreeSize"]

METHODS: Final = ("cfr+", "dcfr", "cfr")
"""The methods: CFR+, discounted CFR, vanilla CFR (``golfo.solve.METHODS``)."""
LIMIT: Final = 2_000_000
"""The most histories a tree is built with unless told (``golfo.solve.LIMIT``)."""


class TreeSize(NamedTuple):
    """The counts of one hand's tree (``golfo.solve.TreeSize``)."""

    histories: int
    """Every node: chance, decision and terminal."""
    chance: int
    """Nodes where a card is dealt."""
    decisions: int
    """Nodes where a seat acts."""
    terminals: int
    """Nodes where the hand is over."""
    infosets: int
    """Information sets."""
    actions: int
    """Sum over the information sets of their legal actions."""


class NativeSolver:
    """CFR on the tree of one hand of ``rules`` at a table of ``players`` (see the module).

    ``method`` is ``"cfr+"``, ``"dcfr"`` (discounted CFR with ``alpha``, ``beta``,
    ``gamma``; the default, as ``golfo.solve``'s) or ``"cfr"``.  Arguments
    ``golfo.new_game`` refuses raise its :class:`golfo.RulesError`, and so does a tree of
    more than ``limit`` histories.  :meth:`run` iterations, then read the strategies.
    """

    __slots__ = ("_actions", "_s", "players", "rules")

    def __init__(
        self,
        rules: Rules,
        players: int,
        method: Literal["cfr+", "dcfr", "cfr"] = "dcfr",
        *,
        dealer: int = 0,
        alpha: float = 1.5,
        beta: float = 0.0,
        gamma: float = 2.0,
        limit: int = LIMIT,
    ) -> None:
        if method not in METHODS:
            raise ValueError(f"method must be one of {METHODS}, got {method!r}")
        if type(limit) is not int or limit < 1:
            raise ValueError(f"limit must be a whole number >= 1, got {limit!r}")
        start = NativeState.new_game(rules, players, dealer)
        try:
            self._s = _core.Solver(start._g, method, alpha, beta, gamma, limit)
        except ValueError:
            raise RulesError(
                f"one hand of these rules has more than {limit} histories: the native solver "
                "is for small variants such as golfo.MEDIANO (raise the limit for a bigger one)"
            ) from None
        self.rules: Final = rules
        """The rules of the hand."""
        self.players: Final = players
        """Seats at the table."""
        self._actions: tuple[tuple[Action, ...], ...] | None = None

    @property
    def size(self) -> TreeSize:
        """The counts of the tree."""
        return TreeSize(*self._s.size())

    @property
    def iterations(self) -> int:
        """Iterations run so far."""
        return self._s.iterations

    @property
    def keys(self) -> list[str]:
        """Per information set: its key (``golfo.solve.info_key``)."""
        return self._s.keys()

    @property
    def seats(self) -> list[int]:
        """Per information set: the seat that acts in it."""
        return self._s.seats()

    @property
    def actions(self) -> tuple[tuple[Action, ...], ...]:
        """Per information set: its legal actions, in ``golfo.legal_actions``' order."""
        if self._actions is None:
            self._actions = tuple(
                tuple(action_of(*flat) for flat in row) for row in self._s.actions()
            )
        return self._actions

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (each walks the tree once per seat)."""
        if type(iterations) is not int or iterations < 0:
            raise ValueError(f"iterations must be a whole number >= 0, got {iterations!r}")
        self._s.run(iterations)

    def current_strategy(self) -> list[list[float]]:
        """Per information set, the last iteration's probabilities of its actions."""
        return self._s.current_strategy()

    def average_strategy(self) -> list[list[float]]:
        """Per information set, the average strategy: what converges to an equilibrium
        (uniform where the seat's own play never arrives)."""
        return self._s.average_strategy()

    def average_table(self) -> dict[str, dict[str, float]]:
        """The average strategy by information-state key and action token: a
        ``golfo.solve.TabularPolicy``'s table."""
        return {
            key: dict(zip(tokens, probs, strict=True))
            for key, tokens, probs in zip(
                self._s.keys(), self._s.tokens(), self._s.average_strategy(), strict=True
            )
        }

    def average_policy(self) -> Any:
        """The average strategy as a ``golfo.solve.TabularPolicy`` (``golfo.solve`` must be
        installed: it is golfo's pure-Python solver and measurer)."""
        solve = importlib.import_module("golfo.solve")
        return solve.TabularPolicy(self.rules, self.players, self.average_table())

    def tree(self) -> Any:
        """The tree's arrays, for tests: per node player, first, count, information set and
        payoffs (``None`` but at a terminal); per information set before and nodes."""
        return self._s.tree()

    def __repr__(self) -> str:
        return f"<NativeSolver of {self.players} players, {self.size}, {self.iterations} its>"
