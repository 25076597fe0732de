"""Counterfactual regret minimization on one hand's tree, in pure Python (and, where
golfo-native is installed, in Rust: ``golfo_native.cfr``, the same arithmetic).

Three methods, all with alternating updates (the seats take turns: each seat's regrets
are updated against the others' current strategies, then its own strategy changes):

- ``"cfr+"``: CFR+ (Tammelin 2014): regret matching+ (cumulative regrets floored at 0
  after every update) and linear averaging (iteration ``t``'s strategy weighs ``t``);
- ``"dcfr"``: discounted CFR (Brown and Sandholm 2019) with the paper's recommended
  ``alpha=1.5, beta=0, gamma=2``: after iteration ``t``, positive cumulative regrets are
  multiplied by ``t**alpha / (t**alpha + 1)``, negative ones by ``t**beta / (t**beta + 1)``,
  and iteration ``t``'s strategy weighs ``t**gamma`` in the average;
- ``"cfr"``: vanilla CFR (Zinkevich et al. 2007), for comparison.

These are OpenSpiel's ``CFRPlusSolver``, ``DCFRSolver`` and ``CFRSolver`` with alternating
updates, on golfo's tree.  :data:`DEFAULT_METHOD` is the one that converged fastest on
:data:`golfo.MINI` (the research guide has the measurements).  Each iteration walks the
tree once per seat, skipping every subtree the other seats and chance cannot reach
(their probability is 0: its values change no regret), and keeps each seat's own reach
per information set, for the average, from the seat's previous decision
(``tree.before``).  A chance node's value is the sum of each card's probability times its
child's value, in card order, as OpenSpiel computes it: where regrets tie exactly, the
rounding decides which actions regret matching keeps, so the same arithmetic gives the
same policies (OpenSpiel's C++ solvers on the tree as an EFG file give them on
:data:`golfo.MEDIANO`, ``benchmarks/solve_native.py``).

>>> import golfo
>>> from golfo.solve import cfr, exploitability
>>> policy = cfr(golfo.MINI, 2, 50)
>>> exploitability(golfo.MINI, 2, policy).nash_conv < 0.01
True
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from golfo.rules import Rules
from golfo.solve.policy import Strategy, TabularPolicy
from golfo.solve.tree import (
    CHANCE_NODE,
    TERMINAL,
    Engine,
    GameTree,
    game_tree,
    native_tree,
    use_native,
)

__all__ = ["DEFAULT_METHOD", "METHODS", "Method", "Solver", "cfr"]

Method: TypeAlias = Literal["cfr+", "dcfr", "cfr"]
"""The name of a CFR method (see the module)."""
METHODS: Final[tuple[Method, ...]] = ("cfr+", "dcfr", "cfr")
"""Every method :class:`Solver` knows."""
DEFAULT_METHOD: Final[Method] = "dcfr"
"""The method :func:`cfr` uses unless told: the fastest to converge on :data:`golfo.MINI`."""


class Solver:
    """A CFR solver on ``tree``: :meth:`run` iterations, then read :meth:`average_policy`.

    ``alpha``, ``beta`` and ``gamma`` are discounted CFR's (used by ``"dcfr"`` only).
    """

    def __init__(
        self,
        tree: GameTree,
        method: Method = DEFAULT_METHOD,
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
        self.iterations = 0
        """Iterations run so far."""
        widths = [len(a) for a in tree.actions]
        self._current: Strategy = [[1.0 / k] * k for k in widths]
        self._regret: Strategy = [[0.0] * k for k in widths]
        self._average: Strategy = [[0.0] * k for k in widths]
        self._mine: list[list[int]] = [[] for _ in range(tree.players)]
        for i, seat in enumerate(tree.seats):
            self._mine[seat].append(i)
        self._pay: list[list[float]] = [
            [float(p[seat]) if p else 0.0 for p in tree.payoffs] for seat in range(tree.players)
        ]

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (each walks the tree once per seat)."""
        if type(iterations) is not int or iterations < 0:
            raise ValueError(f"iterations must be a whole number >= 0, got {iterations!r}")
        for _ in range(iterations):
            self.iterations += 1
            t = self.iterations
            if self.method == "cfr+":
                weight = float(t)
            elif self.method == "dcfr":
                weight = float(t) ** self.gamma
            else:
                weight = 1.0
            for seat in range(self.tree.players):
                self._accumulate(seat, weight)
                self._walk(seat)
                self._update(seat, t)

    def _accumulate(self, seat: int, weight: float) -> None:
        """Add ``seat``'s current strategy, weighted by its own reach, to its average."""
        before, current, average = self.tree.before, self._current, self._average
        reach: dict[int, float] = {}
        for i in self._mine[seat]:  # a set's previous set has a smaller number
            j, a = before[i]
            r = 1.0 if j < 0 else reach[j] * current[j][a]
            reach[i] = r
            if r:
                w = weight * r
                acc = average[i]
                for a, p in enumerate(current[i]):
                    acc[a] += w * p

    def _walk(self, seat: int) -> None:
        """Add ``seat``'s counterfactual regrets of this iteration to its cumulative ones."""
        tree = self.tree
        player, first, count, infoset = tree.player, tree.first, tree.count, tree.infoset
        pay, current, regret = self._pay[seat], self._current, self._regret

        def walk(n: int, reach: float) -> float:
            # reach: chance's and the other seats' probability of arriving at n (> 0)
            who = player[n]
            f = first[n]
            k = count[n]
            if who == CHANCE_NODE:  # each card 1/k, weighed one by one as OpenSpiel does
                q = 1.0 / k
                reach *= q
                v = 0.0
                for c in range(f, f + k):
                    v += q * (pay[c] if player[c] == TERMINAL else walk(c, reach))
                return v
            probs = current[infoset[n]]
            if who != seat:
                v = 0.0
                for a in range(k):
                    p = probs[a]
                    if p:
                        c = f + a
                        v += p * (pay[c] if player[c] == TERMINAL else walk(c, reach * p))
                return v
            values = [pay[c] if player[c] == TERMINAL else walk(c, reach) for c in range(f, f + k)]
            v = 0.0
            for a in range(k):
                v += probs[a] * values[a]
            acc = regret[infoset[n]]
            for a in range(k):
                acc[a] += reach * (values[a] - v)
            return v

        if player[0] != TERMINAL:
            walk(0, 1.0)

    def _update(self, seat: int, t: int) -> None:
        """Discount or floor ``seat``'s regrets as the method says, then regret-match."""
        method, regret, current = self.method, self._regret, self._current
        if method == "dcfr":
            up = t**self.alpha / (t**self.alpha + 1.0)
            down = t**self.beta / (t**self.beta + 1.0)
        for i in self._mine[seat]:
            acc = regret[i]
            if method == "cfr+":
                acc[:] = [r if r > 0.0 else 0.0 for r in acc]
            elif method == "dcfr":
                acc[:] = [r * up if r > 0.0 else r * down for r in acc]
            total = 0.0
            for r in acc:
                if r > 0.0:
                    total += r
            if total > 0.0:
                current[i] = [r / total if r > 0.0 else 0.0 for r in acc]
            else:
                current[i] = [1.0 / len(acc)] * len(acc)

    def current_strategy(self) -> Strategy:
        """The strategy of the last iteration (a copy)."""
        return [list(p) for p in self._current]

    def average_strategy(self) -> Strategy:
        """The average strategy: what converges to an equilibrium (uniform where a seat's
        own play never arrives)."""
        out: Strategy = []
        for acc in self._average:
            total = sum(acc)
            out.append([a / total for a in acc] if total > 0.0 else [1.0 / len(acc)] * len(acc))
        return out

    def average_policy(self) -> TabularPolicy:
        """:meth:`average_strategy` as a :class:`golfo.solve.TabularPolicy`."""
        return TabularPolicy.from_strategy(self.tree, self.average_strategy())


def cfr(
    rules: Rules,
    players: int,
    iterations: int,
    *,
    method: Method = DEFAULT_METHOD,
    dealer: int = 0,
    engine: Engine = "auto",
) -> TabularPolicy:
    """The average policy after ``iterations`` iterations of ``method`` (see the module) on
    one hand of ``rules`` at a table of ``players``: on golfo-native's tree and solver
    (:func:`golfo.solve.native_tree`, ``golfo_native.cfr.CfrSolver``) where ``engine`` says
    so (``"auto"``: where it is installed), else on :func:`golfo.solve.game_tree` with
    :class:`Solver`.  Both give the same policy, key for key (the same arithmetic in the
    same order)."""
    if not use_native(engine):
        solver = Solver(game_tree(rules, players, dealer), method)
        solver.run(iterations)
        return solver.average_policy()
    from golfo_native.cfr import CfrSolver

    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    tree = native_tree(rules, players, dealer)
    native = CfrSolver(tree, method)
    native.run(iterations)
    return TabularPolicy.from_rows(
        rules, players, tree.keys, tree.tokens, native.average_strategy()
    )
