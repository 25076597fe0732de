"""golfo.solve: the tree of one hand, exact best responses and NashConv, CFR, TabularPolicy.

The measurements are checked against values found another way: a brute force written here
over golfo's states (exact fractions, information sets by whole views, no GameTree),
Kuhn poker's known numbers (NashConv of the uniform policy 11/12, the first player's value
-1/18) on the variant that is Kuhn poker, and every pure strategy enumerated on that tree.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import attrs
import pytest

import golfo
from golfo import MINI, Rules, State, Suit, View
from golfo.bots import new_deck, play_hand
from golfo.errors import FormatError, PolicyError
from golfo.solve import (
    Policy,
    PolicyBot,
    Solver,
    Strategy,
    TabularPolicy,
    best_response,
    build_tree,
    cfr,
    distribution,
    exploitability,
    game_tree,
    info_key,
    measure,
    response,
    strategy_values,
    tabulate,
)

KUHN = Rules(
    ante=1,
    starting_stack=10,
    hands=1,
    rebuy=False,
    ranks=(7, 8, 9),
    suits=(Suit.OROS,),
    deal_sizes=(1, 0),
    discard_rounds=0,
    betting_rounds=(1,),
    bet_sizes=(1, 1, 1, 1),
    max_raises=0,
    table_sizes=(2,),
)
"""Kuhn poker as a golfo variant: three cards, one each, ante 1, one round of bets of 1."""


def _over(state: State) -> bool:
    return state.phase in (golfo.Phase.BETWEEN_HANDS, golfo.Phase.END)


def _uniform(view: View) -> dict[golfo.Action, Fraction]:
    legal = view.legal_actions
    return {a: Fraction(1, len(legal)) for a in legal}


Groups = dict[View, list[tuple[State, Fraction]]]


def brute_nash_conv(rules: Rules, players: int) -> Fraction:
    """NashConv of the uniform policy, exactly, straight from golfo's states: information
    sets are whole views, best responses chosen set by set, values in fractions."""
    root = golfo.new_game(rules, players=players)

    def value(state: State, seat: int, choose: dict[View, golfo.Action] | None) -> Fraction:
        if _over(state):
            return Fraction(state.results[-1].payoffs[seat])
        legal = golfo.legal_actions(state)
        if state.to_act is golfo.CHANCE:
            every = (value(golfo.apply(state, a), seat, choose) for a in legal)
            return sum(every, Fraction(0)) / len(legal)
        v = golfo.view(state, state.to_act)
        if choose is not None and state.to_act == seat:
            return value(golfo.apply(state, choose[v]), seat, choose)
        dist = _uniform(v)
        total = sum((p * value(golfo.apply(state, a), seat, choose) for a, p in dist.items()), 0)
        return Fraction(total)

    def collect(
        state: State, reach: Fraction, mine: int, seat: int, groups: Groups, depth: dict[View, int]
    ) -> None:
        if _over(state):
            return
        legal = golfo.legal_actions(state)
        if state.to_act is golfo.CHANCE:
            for a in legal:
                collect(golfo.apply(state, a), reach / len(legal), mine, seat, groups, depth)
            return
        v = golfo.view(state, state.to_act)
        if state.to_act == seat:
            groups.setdefault(v, []).append((state, reach))
            depth[v] = mine
            for a in legal:
                collect(golfo.apply(state, a), reach, mine + 1, seat, groups, depth)
        else:
            for a, p in _uniform(v).items():
                collect(golfo.apply(state, a), reach * p, mine, seat, groups, depth)

    total = Fraction(0)
    for seat in range(players):
        # the other seats' and chance's probability of reaching each of seat's histories
        groups: Groups = {}
        depth: dict[View, int] = {}
        collect(root, Fraction(1), 0, seat, groups, depth)
        choose: dict[View, golfo.Action] = {}
        for v in sorted(groups, key=depth.__getitem__, reverse=True):  # the deepest first
            q = {
                a: sum(
                    (r * value(golfo.apply(h, a), seat, choose) for h, r in groups[v]),
                    Fraction(0),
                )
                for a in v.legal_actions
            }
            choose[v] = max(q, key=q.__getitem__)
        total += value(root, seat, choose) - value(root, seat, None)
    return total


def test_the_tree_of_mini_has_the_published_size_and_keys_are_whole_views() -> None:
    tree = game_tree(MINI, 2)
    assert tuple(tree.size) == (2633, 149, 1200, 1284, 700, 1400)
    # the key splits the histories exactly as whole views do
    by_view: dict[tuple[int, View], set[str]] = {}
    stack = [golfo.new_game(MINI, players=2)]
    while stack:
        state = stack.pop()
        if _over(state):
            continue
        if isinstance(state.to_act, int):
            v = golfo.view(state, state.to_act)
            by_view.setdefault((state.to_act, v), set()).add(info_key(v))
        stack.extend(golfo.apply(state, a) for a in golfo.legal_actions(state))
    assert all(len(keys) == 1 for keys in by_view.values())
    assert len(by_view) == len({k for keys in by_view.values() for k in keys}) == 700
    for i in range(len(tree.keys)):  # each set's nodes, actions and previous decision agree
        assert info_key(tree.view(i)) == tree.keys[i]
        assert tree.actions[i] == golfo.legal_actions(tree.states[i])
        j, a = tree.before[i]
        assert j < i
        assert j < 0 or (tree.seats[j] == tree.seats[i] and a < len(tree.actions[j]))
    with pytest.raises(golfo.SeatError):
        info_key(golfo.view(tree.states[0], None))


def test_the_keys_grown_along_the_walk_are_the_views_keys_with_discards_face_down() -> None:
    """``build_tree`` grows each seat's key by one token per action: with face-down discards
    and three seats, every information set's key is still its whole view's, and another
    seat's discard shows only its count."""
    rules = attrs.evolve(MINI, discards_face_up=False)
    tree = build_tree(rules, 3)
    assert tree.size.histories == game_tree(MINI, 3).size.histories  # the same game tree
    for i, key in enumerate(tree.keys):
        assert info_key(tree.view(i)) == key
    assert any("x1#1" in key for key in tree.keys if key.startswith("p2"))


def test_the_exploitability_of_the_uniform_policy_is_the_brute_force_one() -> None:
    exact = brute_nash_conv(MINI, 2)
    uniform = TabularPolicy(MINI, 2, {})
    e = exploitability(MINI, 2, uniform)
    assert e.nash_conv == pytest.approx(float(exact), abs=1e-12)
    assert e.exploitability == pytest.approx(e.nash_conv / 2)
    assert sum(e.values) == pytest.approx(0.0, abs=1e-12)
    # RandomBot plays uniformly on MINI (one bet size, a discard of none or the card)
    assert exploitability(MINI, 2, golfo.RandomBot()) == e


def test_kuhn_poker_as_a_variant_has_kuhns_numbers() -> None:
    uniform = exploitability(KUHN, 2, TabularPolicy(KUHN, 2, {}))
    assert uniform.nash_conv == pytest.approx(11 / 12, abs=1e-12)  # OpenSpiel's test value
    assert brute_nash_conv(KUHN, 2) == Fraction(11, 12)
    policy = cfr(KUHN, 2, 300)
    e = exploitability(KUHN, 2, policy)
    assert e.nash_conv < 1e-3
    assert e.values[1] == pytest.approx(-1 / 18, abs=1e-3)  # mano, seat 1, speaks first


def _pure_strategies(tree: golfo.solve.GameTree, seat: int, base: Strategy) -> list[Strategy]:
    mine = [i for i, s in enumerate(tree.seats) if s == seat]
    out = []
    for choice in itertools.product(*(range(len(tree.actions[i])) for i in mine)):
        strategy = [list(p) for p in base]
        for i, a in zip(mine, choice, strict=True):
            strategy[i] = [float(b == a) for b in range(len(tree.actions[i]))]
        out.append(strategy)
    return out


@pytest.mark.parametrize("others", ["heuristic", "mixed"])
def test_a_best_response_is_the_best_pure_strategy_by_enumeration(others: str) -> None:
    tree = game_tree(KUHN, 2)
    if others == "heuristic":
        base = tabulate(tree, golfo.HeuristicBot())
    else:
        solver = Solver(tree, "cfr")
        solver.run(3)
        base = solver.current_strategy()
    for seat in (0, 1):
        value, choice = response(tree, base, seat)
        every = [strategy_values(tree, s)[seat] for s in _pure_strategies(tree, seat, base)]
        assert len(every) == 64
        assert value == pytest.approx(max(every), abs=1e-12)
        pure = [list(p) for p in base]
        for i, a in enumerate(choice):
            if a >= 0:
                pure[i] = [float(b == a) for b in range(len(tree.actions[i]))]
        assert strategy_values(tree, pure)[seat] == pytest.approx(value, abs=1e-12)


def test_cfr_on_mini_reaches_a_nash_conv_below_one_percent_of_the_ante() -> None:
    tree = game_tree(MINI, 2)
    solver = Solver(tree)  # the default method
    curve = []
    for stop in (10, 30, 60):
        solver.run(stop - solver.iterations)
        curve.append(measure(tree, solver.average_strategy()).nash_conv)
    assert curve[0] > curve[1] > curve[2]
    assert curve[2] < 0.01 * MINI.ante
    policy = solver.average_policy()
    e = exploitability(MINI, 2, policy)
    assert e.nash_conv == pytest.approx(curve[2], abs=1e-12)
    assert min(e.gains) >= -1e-12
    plus = Solver(tree, "cfr+")
    plus.run(60)
    assert measure(tree, plus.average_strategy()).nash_conv < 0.05 * MINI.ante


@pytest.mark.parametrize("name", ["uniform", "heuristic", "cfr"])
def test_a_best_response_never_gains_less_than_nothing(name: str) -> None:
    policies: dict[str, Policy] = {
        "uniform": TabularPolicy(MINI, 2, {}),
        "heuristic": golfo.HeuristicBot(),
        "cfr": cfr(MINI, 2, 5),
    }
    e = exploitability(MINI, 2, policies[name])
    assert all(g >= -1e-12 for g in e.gains)
    for seat in (0, 1):
        value, pure = best_response(MINI, 2, policies[name], seat)
        assert value == pytest.approx(e.best_responses[seat], abs=1e-12)
        profile: list[Policy] = [policies[name], policies[name]]
        profile[seat] = pure
        assert exploitability(MINI, 2, profile).values[seat] == pytest.approx(value, abs=1e-12)


def test_a_policy_per_seat_and_bad_distributions() -> None:
    e = exploitability(MINI, 2, [golfo.HeuristicBot(), TabularPolicy(MINI, 2, {})])
    assert e.values[0] != exploitability(MINI, 2, golfo.HeuristicBot()).values[0]
    state = game_tree(MINI, 2).states[0]
    view = golfo.view(state, 1)
    with pytest.raises(PolicyError, match="not a legal action"):
        distribution(lambda v: {golfo.Fold(1): 1.0}, view)
    with pytest.raises(PolicyError, match="sum to"):
        distribution(lambda v: {golfo.Pass(1): 0.5}, view)
    with pytest.raises(PolicyError, match=r"number 0\.\.1"):
        distribution(lambda v: {golfo.Pass(1): 1.5, golfo.Bet(1, 1): -0.5}, view)
    with pytest.raises(PolicyError, match=r"number 0\.\.1"):
        distribution(lambda v: {golfo.Pass(1): True}, view)
    with pytest.raises(PolicyError, match="mapping"):
        distribution(lambda v: [(golfo.Pass(1), 1.0)], view)  # type: ignore[arg-type,return-value]
    with pytest.raises(PolicyError, match="one policy per seat"):
        exploitability(MINI, 2, [golfo.HeuristicBot()])
    with pytest.raises(golfo.SeatError):
        distribution(golfo.HeuristicBot(), golfo.view(state, 0))  # seat 0 is not to act
    assert distribution(lambda v: {golfo.Pass(1): 1}, view) == {
        golfo.Pass(1): 1.0,
        golfo.Bet(1, 1): 0.0,
    }


def test_a_tabular_policy_round_trips_through_json() -> None:
    policy = cfr(MINI, 2, 20)
    text = policy.to_json()
    back = TabularPolicy.from_json(text)
    assert back == policy
    assert (back.rules, back.players, len(back)) == (MINI, 2, 700)
    assert TabularPolicy.from_json(text.encode()) == policy
    data = json.loads(text)
    assert data["format"] == "golfo-policy/1"
    assert data["table"]["p1 d1:8O d0"].keys() == {"p1", "b1:1"}
    view = golfo.view(game_tree(MINI, 2).states[0], 1)
    assert back.probabilities(view) == policy.probabilities(view)


def _broken(change: str) -> str:
    data = json.loads(TabularPolicy(MINI, 2, {"p1 d1:8O d0": {"p1": 0.25, "b1:1": 0.75}}).to_json())
    entry = data["table"]["p1 d1:8O d0"]
    if change == "format":
        data["format"] = "golfo-policy/2"
    elif change == "players":
        data["players"] = 4
    elif change == "missing":
        del data["table"]
    elif change == "extra":
        data["more"] = 1
    elif change == "rules":
        data["rules"]["ante"] = -1
    elif change == "token":
        entry["z1"] = entry.pop("p1")
    elif change == "seat":
        entry["p0"] = entry.pop("p1")
    elif change == "key":
        data["table"] = {"q1 d1:8O": entry}
    elif change == "probability":
        entry["p1"] = 1.25
    elif change == "bool":
        entry["p1"] = True
    elif change == "sum":
        entry["p1"] = 0.5
    elif change == "empty":
        data["table"]["p1 d1:8O d0"] = {}
    elif change == "table":
        data["table"] = []
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    [
        "format",
        "players",
        "missing",
        "extra",
        "rules",
        "token",
        "seat",
        "key",
        "probability",
        "bool",
        "sum",
        "empty",
        "table",
    ],
)
def test_a_malformed_policy_is_a_format_error(change: str) -> None:
    with pytest.raises(FormatError):
        TabularPolicy.from_json(_broken(change))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": NaN}', b"\xff"])
def test_text_that_is_no_policy_is_a_format_error(text: str | bytes) -> None:
    with pytest.raises(FormatError):
        TabularPolicy.from_json(text)


def test_the_policy_bot_plays_legal_moves_and_falls_back_to_uniform() -> None:
    policy = cfr(MINI, 2, 20)
    bots = [policy.bot(seed=1), PolicyBot(policy, seed=2)]
    import random

    rng = random.Random(5)
    for _ in range(40):  # golfo.apply refuses any illegal move
        state = play_hand(golfo.new_game(MINI, players=2), bots, new_deck(rng))
        assert state.phase is golfo.Phase.END
    # another variant, and a key the table does not hold: uniform
    state = golfo.new_game(golfo.MEDIANO, players=2)
    while state.to_act is golfo.CHANCE:
        state = golfo.apply(state, golfo.legal_actions(state)[-1])  # 9C and 9O, as in MINI
    view = golfo.view(state, 1)
    assert info_key(view) in policy.table
    assert policy.probabilities(view) == dict.fromkeys(view.legal_actions, 0.5)
    assert bots[0].choose(view) in view.legal_actions
    part = TabularPolicy(MINI, 2, {k: v for k, v in policy.table.items() if "9C" not in k})
    state = golfo.new_game(MINI, players=2)
    while state.to_act is golfo.CHANCE:
        state = golfo.apply(state, golfo.legal_actions(state)[-1])
    view = golfo.view(state, 1)
    assert part.probabilities(view) == dict.fromkeys(view.legal_actions, 0.5)
    assert policy.probabilities(view) != part.probabilities(view)


def test_importing_golfo_does_not_import_the_solvers() -> None:
    code = "import sys, golfo, golfo.bots; print('golfo.solve' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
