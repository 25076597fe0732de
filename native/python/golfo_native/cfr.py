"""CFR in Rust on one hand of a small variant (issue 34): the tree (:class:`SolveTree`), CFR
on it (:class:`CfrSolver`, or :class:`NativeSolver` from the rules), exact values and best
responses; ``golfo.solve``'s accelerator (``engine="native"``).

The tree is golfo's, node for node (``golfo.solve.build_tree``'s: one hand from
``golfo.new_game(rules, players=..., dealer=...)``, chance dealing each card of the stock,
each decision branching over ``golfo.legal_actions``), its information sets keyed as
``golfo.solve.info_key`` keys them, its actions named as ``golfo.solve.action_token`` names
them; the methods are ``golfo.solve.Solver``'s, update for update and with the same
arithmetic in the same order (CFR+, discounted CFR, vanilla CFR, alternating updates), so
the strategies are the same floats.  A strategy is a list per information set of its
actions' probabilities, in the order of :attr:`SolveTree.tokens` (``golfo.solve.Strategy``).

>>> import golfo
>>> solver = NativeSolver(golfo.MINI, 2, "cfr+")
>>> solver.size.histories, solver.size.infosets, solver.keys[0], solver.tree.tokens[0]
(2633, 700, 'p1 d1:8O d0', ('p1', 'b1:1'))
>>> solver.run(200)
>>> table = solver.average_table()
>>> all(abs(sum(row.values()) - 1) < 1e-9 for row in table.values())
True
>>> strategy = solver.average_strategy()
>>> sum(solver.tree.best_responses(strategy)) - sum(solver.tree.strategy_values(strategy)) < 0.01
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, NamedTuple

import golfo
from golfo.actions import Action
from golfo.errors import RulesError
from golfo_native import _core
from golfo_native._convert import action_of, rules_args

__all__ = ["LIMIT", "METHODS", "CfrSolver", "NativeSolver", "SolveTree", "TreeSize"]

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
    def size(self) -> TreeSize:
        """The counts of the tree."""
        return TreeSize(*self._core.size())

    def actions(self) -> tuple[tuple[Action, ...], ...]:
        """Per information set: its legal actions, in ``golfo.legal_actions``' order."""
        return tuple(tuple(action_of(*flat) for flat in row) for row in self._core.actions())

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
        return f"<SolveTree of {self.players} players, {self.size.histories} histories>"


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
        """The average strategy: what converges to an equilibrium (uniform where a seat's
        own play never arrives)."""
        return self.tree.rows(self._core.average_strategy())

    def average_table(self) -> dict[str, dict[str, float]]:
        """The average strategy by information-state key and action token: a
        ``golfo.solve.TabularPolicy``'s table."""
        tree = self.tree
        return {
            key: dict(zip(tokens, probs, strict=True))
            for key, tokens, probs in zip(
                tree.keys, tree.tokens, self.average_strategy(), strict=True
            )
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.method} after {self.iterations} iterations>"


class NativeSolver(CfrSolver):
    """A :class:`CfrSolver` on a new :class:`SolveTree` of one hand of ``rules`` at a table
    of ``players`` with ``dealer`` (at most ``limit`` histories): ``method`` is ``"cfr+"``,
    ``"dcfr"`` (discounted CFR with ``alpha``, ``beta``, ``gamma``; the default, as
    ``golfo.solve``'s) or ``"cfr"``.  Arguments ``golfo.new_game`` refuses raise its
    :class:`golfo.RulesError`, and so does a tree of more than ``limit`` histories."""

    __slots__ = ("_actions",)

    def __init__(
        self,
        rules: golfo.Rules,
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
        tree = SolveTree(rules, players, dealer, limit=limit)
        super().__init__(tree, method, alpha=alpha, beta=beta, gamma=gamma)
        self._actions: tuple[tuple[Action, ...], ...] | None = None

    @property
    def rules(self) -> golfo.Rules:
        """The rules of the hand."""
        return self.tree.rules

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.tree.players

    @property
    def size(self) -> TreeSize:
        """The counts of the tree."""
        return self.tree.size

    @property
    def keys(self) -> list[str]:
        """Per information set: its key (``golfo.solve.info_key``)."""
        return list(self.tree.keys)

    @property
    def seats(self) -> list[int]:
        """Per information set: the seat that acts in it."""
        return list(self.tree.seats)

    @property
    def actions(self) -> tuple[tuple[Action, ...], ...]:
        """Per information set: its legal actions, in ``golfo.legal_actions``' order."""
        if self._actions is None:
            self._actions = self.tree.actions()
        return self._actions
