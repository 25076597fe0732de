"""The solver in Rust: the tree of one hand of a variant (:class:`SolveTree`) and CFR on it
(:class:`CfrSolver`), what :mod:`golfo.solve` uses as its accelerator (``engine="native"``).

Both agree with :mod:`golfo.solve` exactly: the same nodes in the same order, the same
information-state keys and action tokens, the same floating-point arithmetic in the same
order.  A strategy is a list per information set of its actions' probabilities, in the
order of :attr:`SolveTree.tokens` (``golfo.solve.Strategy``).

>>> import golfo
>>> from golfo_native import CfrSolver, SolveTree
>>> tree = SolveTree(golfo.MINI, 2)
>>> tree.size, tree.keys[0], tree.tokens[0]
((2633, 149, 1200, 1284, 700, 1400), 'p1 d1:8O d0', ('p1', 'b1:1'))
>>> solver = CfrSolver(tree, "dcfr")
>>> solver.run(100)
>>> values, best = tree.strategy_values(solver.average_strategy()), tree.best_responses(
...     solver.average_strategy())
>>> sum(best) - sum(values) < 0.001
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import golfo
from golfo.errors import RulesError
from golfo_native import _core
from golfo_native._convert import rules_args

__all__ = ["METHODS", "CfrSolver", "SolveTree"]

METHODS: Final = ("cfr+", "dcfr", "cfr")
"""The CFR methods (``golfo.solve.METHODS``)."""
LIMIT: Final = 2_000_000
"""The most histories a tree is built with unless told (``golfo.solve.LIMIT``)."""


class SolveTree:
    """The tree of one hand of ``rules`` at a table of ``players`` with ``dealer``, built
    in Rust: ``golfo.solve.build_tree``'s nodes, information sets and keys.  Arguments
    ``golfo.new_game`` refuses raise its :class:`golfo.RulesError`, and so does a tree of
    more than ``limit`` histories."""

    __slots__ = ("_core", "dealer", "keys", "offsets", "players", "rules", "seats", "tokens")

    def __init__(
        self, rules: golfo.Rules, players: int, dealer: int = 0, *, limit: int = LIMIT
    ) -> None:
        golfo.new_game(rules, players=players, dealer=dealer)  # golfo's checks, its errors
        if type(limit) is not int or limit < 1:
            raise ValueError(f"limit must be a whole number >= 1, got {limit!r}")
        try:
            self._core = _core.SolveTree(rules_args(rules), players, dealer, limit)
        except ValueError as error:
            if str(error) != "limit":
                raise  # pragma: no cover - golfo.new_game refused it first
            raise RulesError(
                f"one hand of these rules has more than {limit} histories: golfo.solve is "
                "for small variants such as golfo.MINI (raise the limit for a bigger one)"
            ) from None
        self.rules: Final = rules
        """The rules of the hand."""
        self.players: Final = players
        """Seats at the table."""
        self.dealer: Final = dealer
        """The hand's dealer."""
        self.keys: Final[tuple[str, ...]] = tuple(self._core.keys())
        """Per information set: its key (``golfo.solve.info_key``)."""
        self.seats: Final[tuple[int, ...]] = tuple(self._core.seats())
        """Per information set: the seat that acts in it."""
        self.tokens: Final[tuple[tuple[str, ...], ...]] = tuple(map(tuple, self._core.tokens()))
        """Per information set: its actions' tokens (``golfo.solve.action_token``), in
        ``golfo.legal_actions``' order."""
        self.offsets: Final[tuple[int, ...]] = tuple(self._core.offsets())
        """Per information set, and one more: where its actions start in a flat strategy."""

    @property
    def size(self) -> tuple[int, int, int, int, int, int]:
        """(histories, chance, decisions, terminals, infosets, actions):
        ``golfo.solve.TreeSize``'s fields."""
        return self._core.size()

    def nodes(self) -> tuple[list[int], list[int], list[int], list[int], list[tuple[int, ...]]]:
        """Per node: the player (-1 chance, -2 terminal), the first child, the number of
        children, the information set (-1 for none) and the payoffs (``()`` but at a
        terminal): ``golfo.solve.GameTree``'s lists."""
        player, first, count, infoset = self._core.nodes()
        return player, first, count, infoset, [tuple(p) for p in self._core.payoffs()]

    def before(self) -> list[tuple[int, int]]:
        """Per information set: where its seat acted last and the action it took there."""
        return self._core.before()

    def set_nodes(self) -> list[list[int]]:
        """Per information set: its decision nodes."""
        return self._core.set_nodes()

    def flat(self, strategy: Sequence[Sequence[float]]) -> list[float]:
        """A strategy (a list per information set) as one list; ValueError if its shape is
        not the tree's."""
        if len(strategy) != len(self.keys):
            raise ValueError(f"a strategy of this tree has {len(self.keys)} rows")
        out: list[float] = []
        for i, row in enumerate(strategy):
            if len(row) != len(self.tokens[i]):
                raise ValueError(f"row {i} of the strategy has {len(row)} probabilities")
            out.extend(map(float, row))
        return out

    def rows(self, flat: Sequence[float]) -> list[list[float]]:
        """A flat strategy as a list per information set."""
        o = self.offsets
        return [list(flat[o[i] : o[i + 1]]) for i in range(len(self.keys))]

    def strategy_values(self, strategy: Sequence[Sequence[float]]) -> tuple[float, ...]:
        """Each seat's expected payoff when every seat plays ``strategy``."""
        return tuple(self._core.strategy_values(self.flat(strategy)))

    def response(self, strategy: Sequence[Sequence[float]], seat: int) -> tuple[float, list[int]]:
        """``seat``'s best response to the others' ``strategy``: its value and per
        information set the action it takes (-1 for the others' sets), as
        ``golfo.solve.response``."""
        return self._core.response(self.flat(strategy), seat)

    def best_responses(self, strategy: Sequence[Sequence[float]]) -> tuple[float, ...]:
        """Per seat, the value of its best response to the others' ``strategy``."""
        flat = self.flat(strategy)
        return tuple(self._core.response(flat, seat)[0] for seat in range(self.players))

    def efg(self, name: str = "golfo") -> str:
        """The tree as a Gambit extensive-form game file (``.efg``, version 2), which
        OpenSpiel's ``pyspiel.load_efg_game`` reads: a decision node's information set is
        named by its key, its actions by their positions; chance deals each card with
        probability ``1/k``."""
        return self._core.efg(name)

    def __repr__(self) -> str:
        return f"<SolveTree of {self.players} players, {self.size[0]} histories>"


class CfrSolver:
    """CFR on a :class:`SolveTree` in Rust: ``golfo.solve.Solver``'s methods (``"cfr+"``,
    ``"dcfr"``, ``"cfr"``), alternating updates and arithmetic, so the same strategies
    iteration for iteration."""

    __slots__ = ("_core", "alpha", "beta", "gamma", "method", "tree")

    def __init__(
        self,
        tree: SolveTree,
        method: str = "dcfr",
        *,
        alpha: float = 1.5,
        beta: float = 0.0,
        gamma: float = 2.0,
    ) -> None:
        if method not in METHODS:
            raise ValueError(f"method must be one of {METHODS}, got {method!r}")
        self.tree: Final = tree
        """The tree solved."""
        self.method: Final = method
        """The CFR method."""
        self.alpha: Final = alpha
        """Discounted CFR's discount of positive regrets."""
        self.beta: Final = beta
        """Discounted CFR's discount of negative regrets."""
        self.gamma: Final = gamma
        """Discounted CFR's weighting of the average strategy."""
        self._core = _core.CfrSolver(tree._core, method, alpha, beta, gamma)

    @property
    def iterations(self) -> int:
        """Iterations run so far."""
        return self._core.iterations

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (each walks the tree once per seat)."""
        if type(iterations) is not int or iterations < 0:
            raise ValueError(f"iterations must be a whole number >= 0, got {iterations!r}")
        self._core.run(iterations)

    def current_strategy(self) -> list[list[float]]:
        """The strategy of the last iteration."""
        return self.tree.rows(self._core.current_strategy())

    def average_strategy(self) -> list[list[float]]:
        """The average strategy (uniform where a seat's own play never arrives)."""
        return self.tree.rows(self._core.average_strategy())

    def __repr__(self) -> str:
        return f"<CfrSolver {self.method} after {self.iterations} iterations>"
