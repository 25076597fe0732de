"""Solving and measuring El Golfo's small variants exactly, in Python or, where installed, Rust.

- :mod:`golfo.solve.tree`: the game tree of one hand of a variant, its chance nodes and
  information sets, built once as flat arrays (:func:`game_tree`, :class:`GameTree`), and
  the information-state key of a view (:func:`info_key`);
- :mod:`golfo.solve.policy`: policies (a seat's view to a distribution over its legal
  actions), tables of them (:class:`TabularPolicy`, saved as JSON) and the bot that plays
  one (:class:`PolicyBot`);
- :mod:`golfo.solve.measure`: exact values, best responses, NashConv and exploitability of
  any policy (:func:`exploitability`), golfo's bots included (their ``probabilities``);
- :mod:`golfo.solve.cfr`: CFR+, discounted CFR and vanilla CFR (:func:`cfr`,
  :class:`Solver`).

The trees are exact and held in memory: :data:`golfo.MINI` (2 or 3 players) is what pure
Python solves in seconds; the full game is far beyond any tree.  Where golfo-native is
installed (``pip install ./native``), :func:`cfr` and :func:`exploitability` of a
:class:`TabularPolicy` run in Rust on the same tree (:func:`native_tree`: the same nodes,
keys and arithmetic, so the same policies and numbers), which solves :data:`golfo.MEDIANO`
in seconds; ``engine="python"`` or ``"native"`` chooses (:data:`Engine`), and
``golfo_native.cfr`` runs the iterations step by step (``CfrSolver``, ``NativeSolver``).
Nothing in golfo's core imports this package.

>>> import golfo
>>> from golfo.solve import cfr, exploitability
>>> policy = cfr(golfo.MINI, 2, 100)
>>> e = exploitability(golfo.MINI, 2, policy)
>>> e.nash_conv < 0.01 * golfo.MINI.ante
True
>>> exploitability(golfo.MINI, 2, golfo.HeuristicBot()).nash_conv > 1
True
"""

from golfo.solve.cfr import DEFAULT_METHOD, METHODS, Method, Solver, cfr
from golfo.solve.measure import (
    Exploitability,
    best_response,
    exploitability,
    measure,
    native_measure,
    response,
    strategy_values,
)
from golfo.solve.policy import (
    FORMAT,
    ActionProbabilities,
    Policy,
    PolicyBot,
    Strategy,
    TabularPolicy,
    distribution,
    tabulate,
)
from golfo.solve.tree import (
    CHANCE_NODE,
    ENGINES,
    LIMIT,
    TERMINAL,
    Engine,
    GameTree,
    TreeSize,
    action_token,
    build_tree,
    game_tree,
    info_key,
    native_available,
    native_tree,
    use_native,
)

__all__ = [
    "CHANCE_NODE",
    "DEFAULT_METHOD",
    "ENGINES",
    "FORMAT",
    "LIMIT",
    "METHODS",
    "TERMINAL",
    "ActionProbabilities",
    "Engine",
    "Exploitability",
    "GameTree",
    "Method",
    "Policy",
    "PolicyBot",
    "Solver",
    "Strategy",
    "TabularPolicy",
    "TreeSize",
    "action_token",
    "best_response",
    "build_tree",
    "cfr",
    "distribution",
    "exploitability",
    "game_tree",
    "info_key",
    "measure",
    "native_available",
    "native_measure",
    "native_tree",
    "response",
    "strategy_values",
    "tabulate",
    "use_native",
]
