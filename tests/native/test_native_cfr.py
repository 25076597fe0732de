"""golfo-native's CFR (``golfo_native.cfr.NativeSolver``): the tree of one hand is golfo's,
node for node and key for key, its sizes those ``docs/rules.md`` publishes for MINI and
MEDIANO; CFR+, discounted CFR and vanilla CFR agree with a reference written from golfo's
own reducer and views (here), and with ``golfo.solve`` where it is installed, iteration
for iteration."""

from __future__ import annotations

import importlib.util
from typing import Any

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native.cfr import NativeSolver

import golfo
from golfo.ext.features import event_string
from golfo.views import Discarded

HAS_SOLVE = importlib.util.find_spec("golfo.solve") is not None
Tree = dict[str, list[Any]]


def key_of(state: golfo.State, seat: int) -> str:
    """``golfo.solve.info_key``: the seat and its view's events, one token each."""
    return " ".join([f"p{seat}", *map(event_string, golfo.view(state, seat).history)])


def token(action: golfo.Action) -> str:
    """``golfo.solve.action_token``: a discard shows its cards."""
    if isinstance(action, golfo.Discard):
        return event_string(Discarded(action.seat, len(action.cards), action.cards))
    return event_string(action)


def reference_tree(rules: golfo.Rules, players: int) -> Tree:
    """The tree, walked as ``golfo.solve.build_tree`` walks it: depth first, the children
    of a node numbered together when it is reached, its first child walked first."""
    t: Tree = {k: [] for k in ("player", "first", "count", "infoset", "payoffs")}
    t.update({k: [] for k in ("keys", "actions", "before", "nodes")})
    index: dict[str, int] = {}

    def new_node() -> None:
        for name, blank in (("player", 0), ("first", 0), ("count", 0), ("infoset", -1)):
            t[name].append(blank)
        t["payoffs"].append(())

    def expand(n: int, state: golfo.State, last: tuple[tuple[int, int], ...]) -> None:
        if state.phase in (golfo.Phase.BETWEEN_HANDS, golfo.Phase.END):
            t["player"][n], t["first"][n] = -2, n
            t["payoffs"][n] = state.results[-1].payoffs
            return
        actions = golfo.legal_actions(state)
        seat = state.to_act
        lasts = [last] * len(actions)
        if seat is golfo.CHANCE:
            t["player"][n] = -1
        else:
            assert isinstance(seat, int)
            key = key_of(state, seat)
            i = index.setdefault(key, len(t["keys"]))
            if i == len(t["keys"]):
                t["keys"].append(key)
                t["actions"].append(actions)
                t["before"].append(last[seat])
                t["nodes"].append([])
            t["nodes"][i].append(n)
            t["player"][n], t["infoset"][n] = seat, i
            lasts = [(*last[:seat], (i, k), *last[seat + 1 :]) for k in range(len(actions))]
        start = len(t["player"])
        t["first"][n], t["count"][n] = start, len(actions)
        for _ in actions:
            new_node()
        for k, action in enumerate(actions):
            expand(start + k, golfo.apply(state, action), lasts[k])

    new_node()
    expand(0, golfo.new_game(rules, players=players), ((-1, -1),) * players)
    return t


class ReferenceCFR:
    """``golfo.solve.Solver``'s arithmetic, on a :func:`reference_tree`."""

    def __init__(self, t: Tree, players: int, method: str) -> None:
        self.t, self.method, self.iterations = t, method, 0
        self.current = [[1.0 / len(a)] * len(a) for a in t["actions"]]
        self.regret = [[0.0] * len(a) for a in t["actions"]]
        self.average = [[0.0] * len(a) for a in t["actions"]]
        self.players = players
        self.seat_of = [t["player"][nodes[0]] for nodes in t["nodes"]]

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterations += 1
            t = self.iterations
            weight = {"cfr+": float(t), "dcfr": float(t) ** 2.0, "cfr": 1.0}[self.method]
            for seat in range(self.players):
                mine = [i for i, s in enumerate(self.seat_of) if s == seat]
                reach: dict[int, float] = {}
                for i in mine:
                    j, a = self.t["before"][i]
                    r = reach[i] = 1.0 if j < 0 else reach[j] * self.current[j][a]
                    for a, p in enumerate(self.current[i]):
                        self.average[i][a] += weight * r * p if r else 0.0
                self.walk(seat, 0, 1.0)
                for i in mine:
                    acc = self.regret[i]
                    if self.method == "cfr+":
                        acc[:] = [r if r > 0.0 else 0.0 for r in acc]
                    elif self.method == "dcfr":
                        up, down = t**1.5 / (t**1.5 + 1.0), t**0.0 / (t**0.0 + 1.0)
                        acc[:] = [r * up if r > 0.0 else r * down for r in acc]
                    total = sum(r for r in acc if r > 0.0)
                    k = len(acc)
                    self.current[i] = (
                        [r / total if r > 0 else 0.0 for r in acc] if total else [1 / k] * k
                    )

    def walk(self, seat: int, n: int, reach: float) -> float:
        t = self.t
        who: int = t["player"][n]
        f: int = t["first"][n]
        k: int = t["count"][n]
        if who == -2:
            payoffs: tuple[int, ...] = t["payoffs"][n]
            return float(payoffs[seat])
        if who == -1:  # each card 1/k, weighed one by one
            q = 1.0 / k
            return sum(q * self.walk(seat, c, reach * q) for c in range(f, f + k))
        probs = self.current[t["infoset"][n]]
        if who != seat:
            return sum(p * self.walk(seat, f + a, reach * p) for a, p in enumerate(probs) if p)
        values = [self.walk(seat, c, reach) for c in range(f, f + k)]
        v = sum(p * x for p, x in zip(probs, values, strict=True))
        acc = self.regret[t["infoset"][n]]
        for a in range(k):
            acc[a] += reach * (values[a] - v)
        return v

    def average_strategy(self) -> list[list[float]]:
        return [
            [x / sum(a) for x in a] if sum(a) > 0 else [1 / len(a)] * len(a) for a in self.average
        ]


def close(a: list[list[float]], b: list[list[float]]) -> bool:
    return len(a) == len(b) and all(
        len(x) == len(y) and all(abs(p - q) < 1e-9 for p, q in zip(x, y, strict=True))
        for x, y in zip(a, b, strict=True)
    )


@pytest.mark.parametrize(
    ("rules", "players", "size"),
    [
        (golfo.MINI, 2, (2_633, 149, 1_200, 1_284, 700, 1_400)),
        (golfo.MINI, 3, (15_449, 593, 7_632, 7_224, 2_952, 5_688)),
        (golfo.MEDIANO, 2, (18_277, 547, 8_220, 9_510, 2_382, 4_764)),
        (golfo.MEDIANO, 3, (518_557, 12_277, 246_960, 259_320, 44_868, 89_736)),
    ],
)
def test_the_trees_have_the_published_sizes(
    rules: golfo.Rules, players: int, size: tuple[int, ...]
) -> None:
    """``docs/rules.md``, *Variants*: the sizes golfo's own walk of every history gives."""
    assert tuple(NativeSolver(rules, players).size) == size


@pytest.mark.parametrize("players", [2, 3])
def test_the_tree_is_golfos_node_for_node(players: int) -> None:
    solver = NativeSolver(golfo.MINI, players)
    ours = reference_tree(golfo.MINI, players)
    player, first, count, infoset, payoffs = solver.tree.nodes()
    before, nodes = solver.tree.before(), solver.tree.set_nodes()
    assert (player, first, count, infoset) == tuple(
        ours[k] for k in ("player", "first", "count", "infoset")
    )
    assert payoffs == ours["payoffs"]
    assert solver.keys == ours["keys"]
    assert [list(a) for a in solver.actions] == [list(a) for a in ours["actions"]]
    assert [tuple(b) for b in before] == ours["before"]
    assert nodes == ours["nodes"]
    table = solver.average_table()  # no iteration: uniform, by golfo's tokens
    for key, actions in zip(ours["keys"], ours["actions"], strict=True):
        assert table[key] == {token(a): 1 / len(actions) for a in actions}


@pytest.mark.parametrize("method", ["cfr+", "dcfr", "cfr"])
@pytest.mark.parametrize("players", [2, 3])
def test_cfr_is_the_reference_iteration_for_iteration(method: str, players: int) -> None:
    native = NativeSolver(golfo.MINI, players, method)  # type: ignore[arg-type]
    ours = ReferenceCFR(reference_tree(golfo.MINI, players), players, method)
    for _ in range(4):
        native.run(3)
        ours.run(3)
        assert close(native.current_strategy(), ours.current)
        assert close(native.average_strategy(), ours.average_strategy())
    assert native.iterations == 12


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="method"):
        NativeSolver(golfo.MINI, 2, "cfr++")  # type: ignore[arg-type]
    with pytest.raises(golfo.RulesError, match="played by 2 or 3 players"):
        NativeSolver(golfo.MINI, 4)
    with pytest.raises(golfo.RulesError, match="more than 1000 histories"):
        NativeSolver(golfo.MINI, 2, limit=1000)
    with pytest.raises(ValueError, match="iterations"):
        NativeSolver(golfo.MINI, 2).run(-1)


@pytest.mark.skipif(not HAS_SOLVE, reason="golfo.solve (golfo's pure-Python solver) is not here")
@pytest.mark.parametrize("method", ["cfr+", "dcfr", "cfr"])
@pytest.mark.parametrize(("rules", "players"), [(golfo.MINI, 3), (golfo.MEDIANO, 2)])
def test_cfr_is_golfo_solves_iteration_for_iteration(
    rules: golfo.Rules, players: int, method: str
) -> None:
    solve: Any = importlib.import_module("golfo.solve")
    tree = solve.build_tree(rules, players)
    native = NativeSolver(rules, players, method)  # type: ignore[arg-type]
    assert tuple(native.size) == tuple(tree.size)
    assert native.keys == tree.keys
    assert native.actions == tuple(tree.actions)
    assert native.tree.nodes()[:4] == (tree.player, tree.first, tree.count, tree.infoset)
    python = solve.Solver(tree, method)
    for _ in range(3):
        native.run(5)
        python.run(5)
        assert close(native.current_strategy(), python.current_strategy())
        assert close(native.average_strategy(), python.average_strategy())
    policy = solve.TabularPolicy(native.tree.rules, native.tree.players, native.average_table())
    assert policy.table == python.average_policy().table or close(
        [list(v.values()) for v in policy.table.values()],
        [list(v.values()) for v in python.average_policy().table.values()],
    )


@pytest.mark.skipif(not HAS_SOLVE, reason="golfo.solve (golfo's pure-Python solver) is not here")
def test_the_native_solution_of_mediano_is_near_an_equilibrium() -> None:
    """MEDIANO for two: 300 iterations of discounted CFR in Rust; golfo.solve measures the
    average policy: a NashConv below 1 % of the ante."""
    solve: Any = importlib.import_module("golfo.solve")
    native = NativeSolver(golfo.MEDIANO, 2)
    native.run(300)
    policy = solve.TabularPolicy(golfo.MEDIANO, 2, native.average_table())
    measured = solve.exploitability(golfo.MEDIANO, 2, policy)
    assert measured.nash_conv < 0.01 * golfo.MEDIANO.ante
