"""Measuring a policy exactly: its value, each seat's best response, NashConv, exploitability.

For a policy profile (every seat plays its policy) on one hand's tree:

- a seat's *value* is its expected payoff in chips;
- its *best response* value is the most it could expect by changing its own policy alone,
  the others' kept (computed exactly, information set by information set, from the
  deepest up: at each of the seat's sets it takes the action with the highest
  counterfactual value, the sum over the set's histories of the others' and chance's
  probability of reaching it times the value after the action);
- **NashConv** is the sum over the seats of best-response value minus value (0 exactly
  at a Nash equilibrium, never below 0);
- **exploitability** is NashConv divided by the number of players, as OpenSpiel's
  ``exploitability.exploitability`` defines it; for two players it is the mean of what
  each seat's best response gains.

>>> import golfo
>>> from golfo.solve import TabularPolicy, exploitability
>>> e = exploitability(golfo.MINI, 2, TabularPolicy(golfo.MINI, 2, {}))   # uniform
>>> round(e.nash_conv, 6), round(e.exploitability, 6)   # 67/24 and 67/48 chips a hand
(2.791667, 1.395833)
>>> [round(v, 6) for v in e.values], [round(b, 6) for b in e.best_responses]
([-0.614583, 0.614583], [0.875, 1.916667])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from golfo.errors import PolicyError
from golfo.rules import Rules
from golfo.solve.policy import Policy, Strategy, TabularPolicy, tabulate
from golfo.solve.tree import (
    CHANCE_NODE,
    TERMINAL,
    Engine,
    GameTree,
    action_token,
    game_tree,
    native_tree,
    use_native,
)

if TYPE_CHECKING:
    from golfo_native.cfr import SolveTree

__all__ = [
    "Exploitability",
    "best_response",
    "exploitability",
    "measure",
    "native_measure",
    "response",
    "strategy_values",
]


@attrs.frozen
class Exploitability:
    """What :func:`exploitability` measured of a policy profile (chips per hand)."""

    values: tuple[float, ...]
    """Per seat, its expected payoff when every seat plays the profile."""
    best_responses: tuple[float, ...]
    """Per seat, its expected payoff with a best response against the others' policies."""

    @property
    def gains(self) -> tuple[float, ...]:
        """Per seat, what a best response gains over the profile (never below 0)."""
        return tuple(b - v for b, v in zip(self.best_responses, self.values, strict=True))

    @property
    def nash_conv(self) -> float:
        """The sum of :attr:`gains`: 0 at a Nash equilibrium."""
        return sum(self.gains)

    @property
    def exploitability(self) -> float:
        """:attr:`nash_conv` divided by the number of players (OpenSpiel's definition)."""
        return self.nash_conv / len(self.values)


def strategy_values(tree: GameTree, strategy: Strategy) -> tuple[float, ...]:
    """Each seat's expected payoff when every seat plays ``strategy`` on ``tree``."""
    player, first, count, infoset, payoffs = (
        tree.player,
        tree.first,
        tree.count,
        tree.infoset,
        tree.payoffs,
    )
    seats = range(tree.players)
    values: list[tuple[float, ...]] = [()] * len(player)
    for n in range(len(player) - 1, -1, -1):  # a child's number is above its parent's
        who = player[n]
        if who == TERMINAL:
            values[n] = tuple(map(float, payoffs[n]))
            continue
        f, k = first[n], count[n]
        if who == CHANCE_NODE:
            probs: Sequence[float] = [1.0 / k] * k
        else:
            probs = strategy[infoset[n]]
        total = [0.0] * tree.players
        for a in range(k):
            p = probs[a]
            if p:
                child = values[f + a]
                for s in seats:
                    total[s] += p * child[s]
        values[n] = tuple(total)
    return values[0]


def response(tree: GameTree, strategy: Strategy, seat: int) -> tuple[float, list[int]]:
    """``seat``'s best response to the others' ``strategy`` on ``tree``: its value and,
    per information set of ``seat`` (-1 for the others' sets), the action it takes (the
    first best when several are; the first action where the others never let it arrive).
    """
    player, first, count, infoset, payoffs = (
        tree.player,
        tree.first,
        tree.count,
        tree.infoset,
        tree.payoffs,
    )
    size = len(player)
    reach = [0.0] * size  # chance's and the other seats' probability of reaching each node
    reach[0] = 1.0
    for n in range(size):
        who = player[n]
        r = reach[n]
        if who == TERMINAL or r == 0.0:
            continue
        f, k = first[n], count[n]
        if who == seat:
            for c in range(f, f + k):
                reach[c] = r
        elif who == CHANCE_NODE:
            for c in range(f, f + k):
                reach[c] = r / k
        else:
            probs = strategy[infoset[n]]
            for a in range(k):
                reach[f + a] = r * probs[a]
    choice = [-1] * len(tree.keys)
    memo: list[float | None] = [None] * size
    nodes = tree.nodes

    def choose(i: int) -> int:
        k = len(tree.actions[i])
        q = [0.0] * k
        for h in nodes[i]:
            r = reach[h]
            if r:
                f = first[h]
                for a in range(k):
                    q[a] += r * value(f + a)
        best = max(range(k), key=q.__getitem__)
        choice[i] = best
        return best

    def value(n: int) -> float:
        v = memo[n]
        if v is not None:
            return v
        who = player[n]
        if who == TERMINAL:
            v = float(payoffs[n][seat])
        elif who == seat:
            i = infoset[n]
            a = choice[i]
            v = value(first[n] + (a if a >= 0 else choose(i)))
        else:
            f, k = first[n], count[n]
            v = 0.0
            if who == CHANCE_NODE:
                for c in range(f, f + k):
                    v += value(c)
                v /= k
            else:
                probs = strategy[infoset[n]]
                for a in range(k):
                    if probs[a]:
                        v += probs[a] * value(f + a)
        memo[n] = v
        return v

    best_value = value(0)
    for i, s in enumerate(tree.seats):  # sets never reached by the best response itself
        if s == seat and choice[i] < 0:
            choice[i] = 0
    return best_value, choice


def measure(tree: GameTree, strategy: Strategy) -> Exploitability:
    """:class:`Exploitability` of ``strategy`` on ``tree``."""
    values = strategy_values(tree, strategy)
    best = tuple(response(tree, strategy, seat)[0] for seat in range(tree.players))
    return Exploitability(values, best)


def native_measure(tree: SolveTree, strategy: Strategy) -> Exploitability:
    """:func:`measure` on golfo-native's tree (``golfo_native.cfr.SolveTree``), in Rust: the
    same arithmetic in the same order, so the same numbers."""
    return Exploitability(tree.strategy_values(strategy), tree.best_responses(strategy))


def exploitability(
    rules: Rules,
    players: int,
    policy: Policy | Sequence[Policy],
    *,
    dealer: int = 0,
    engine: Engine = "auto",
) -> Exploitability:
    """The values, best responses, NashConv and exploitability of ``policy`` (one for every
    seat, or a sequence of one policy per seat) in one hand of ``rules`` at a table of
    ``players`` (:func:`golfo.solve.game_tree`, cached).

    Every information set's distribution is asked once and checked
    (:func:`golfo.solve.distribution`: :class:`golfo.errors.PolicyError`).  A
    :class:`golfo.solve.TabularPolicy` (or one per seat) is measured on golfo-native's tree
    where ``engine`` says so (``"auto"``: where it is installed; its keys are enough, no
    view is built: :meth:`golfo.solve.TabularPolicy.row`); any other policy needs the views
    of golfo's own tree (``engine="native"`` refuses it: ValueError).
    """
    per_seat = policy if isinstance(policy, Sequence) else (policy,) * players
    tables = [p for p in per_seat if isinstance(p, TabularPolicy)]
    if engine == "native" and len(tables) != len(per_seat):
        raise ValueError("engine 'native' measures TabularPolicy policies only: a bot needs views")
    if len(tables) == len(per_seat) and use_native(engine):
        if len(tables) != players:
            raise PolicyError(f"give one policy per seat ({players}), got {len(tables)}")
        native = native_tree(rules, players, dealer)
        strategy = [
            tables[seat].row(rules, players, key, tokens)
            for key, seat, tokens in zip(native.keys, native.seats, native.tokens, strict=True)
        ]
        return native_measure(native, strategy)
    tree = game_tree(rules, players, dealer)
    return measure(tree, tabulate(tree, policy))


def best_response(
    rules: Rules, players: int, policy: Policy | Sequence[Policy], seat: int, *, dealer: int = 0
) -> tuple[float, TabularPolicy]:
    """``seat``'s best response to the others' ``policy``: its value, and the response as
    a pure :class:`golfo.solve.TabularPolicy` (``seat``'s information sets only, the others
    uniform)."""
    tree = game_tree(rules, players, dealer)
    value, choice = response(tree, tabulate(tree, policy), seat)
    table = {
        tree.keys[i]: {action_token(b): float(j == a) for j, b in enumerate(tree.actions[i])}
        for i, a in enumerate(choice)
        if a >= 0
    }
    return value, TabularPolicy(rules, players, table)
