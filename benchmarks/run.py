"""golfo's benchmark, side by side with its peers (issue 7): ``python benchmarks/run.py [--quick]``.

Measures in one run, so that machine noise cancels out of the ratios:

1. ``golfo.hand_value`` over all 98,280 five-card hands of the 28-card deck, against treys
   evaluating as many five-card poker hands;
2. random full hands per second: 3 seats, ``TRADICIONAL``, every action (the chance deals
   included) chosen from ``golfo.legal_actions`` and played with ``golfo.apply``, against
   PokerKit playing random 3-player no-limit hold'em hands with all its automations;
3. the median cost of one ``apply`` and one ``legal_actions`` call, the memory of a
   mid-hand ``State`` and of a whole game's history;
4. time per hand in games of 1, 10 and 100 hands: it must stay flat (linear total cost);
5. ``legal_moves``, ``view`` and ``legal_actions`` at stacks of 100, 10,000 and 1,000,000
   chips (``legal_moves`` and ``view`` must stay flat), and random full hands played by bots
   that choose their amounts from ``golfo.LegalMoves`` (a range, as a PokerKit bot does from
   its min/max), side by side with PokerKit at the same depth of stacks.

Each workload is repeated and the median kept; golfo and its peer alternate within each
repeat.  The peers (``pip install -r benchmarks/requirements.txt``) are dev-only; without
them the golfo columns are still measured.  Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

import attrs  # noqa: E402

import golfo  # noqa: E402
from golfo import Phase, State  # noqa: E402

SEED = 20240607

# ---------------------------------------------------------------------------
# the random policy, the same on both sides


def choose(legal: Sequence[Any], random: Callable[[], float]) -> Any:
    """Uniform over the kinds of action (Pass/Bet, Call/Raise/Fold...), then uniform within it.

    ``legal_actions`` lists each kind as one contiguous run (Pass, then every Bet; Call,
    then every Raise, then Fold; every Deal; every Discard), so the runs are found by
    bisection on the type instead of a scan of up to a hundred actions.  ``random`` is a
    seeded ``random.Random().random``, scaled to indices as on PokerKit's side.
    """
    n = len(legal)
    first = type(legal[0])
    last = type(legal[-1])
    if first is last:  # one kind: every Deal, every Discard, a lone NextHand
        return legal[int(random() * n)]
    # the usual shapes, answered at once: [A, B...] (Pass, Bet...) and [A, B..., C]
    # (Call, Raise..., Fold); any other shape goes to the general search below
    second = type(legal[1])
    if second is last:
        return legal[0] if random() < 0.5 else legal[1 + int(random() * (n - 1))]
    if second is not first and type(legal[-2]) is second:
        k = int(random() * 3)
        return legal[0] if k == 0 else legal[-1] if k == 2 else legal[1 + int(random() * (n - 2))]
    runs = []
    i = 0
    while i < n:
        kind = type(legal[i])
        if kind is last:
            runs.append((i, n))
            break
        lo, hi = i + 1, n - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if type(legal[mid]) is kind:
                lo = mid + 1
            else:
                hi = mid
        runs.append((i, lo))
        i = lo
    start, stop = runs[int(random() * len(runs))]
    return legal[start + int(random() * (stop - start))]


def choose_no_fold(legal: Sequence[Any], random: Callable[[], float]) -> Any:
    """The variant policy: as :func:`choose`, but never Fold (every hand goes to showdown)."""
    if len(legal) > 1 and type(legal[-1]) is golfo.Fold:
        return choose(legal[:-1], random)
    return choose(legal, random)


Policy = Callable[[Sequence[Any], Callable[[], float]], Any]


def play_hand(rng: random.Random, policy: Policy = choose) -> tuple[State, int]:
    """One random hand of a new 3-seat game; returns the final state and the actions taken."""
    apply = golfo.apply
    legal_actions = golfo.legal_actions
    draw = rng.random
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    actions = 0
    while state.to_act is not None:
        state = apply(state, policy(legal_actions(state), draw))
        actions += 1
    return state, actions


def play_game(
    rng: random.Random, rules: golfo.Rules, stacks: Sequence[int] | None = None
) -> tuple[State, int]:
    """A random 3-seat game to its end (``rules.hands`` must be set: NextHand between hands)."""
    apply = golfo.apply
    legal_actions = golfo.legal_actions
    draw = rng.random
    state = golfo.new_game(rules, players=3, stacks=stacks)
    actions = 0
    while state.phase is not Phase.END:
        state = apply(state, choose(legal_actions(state), draw))
        actions += 1
    return state, actions


def choose_from_moves(state: State, random: Callable[[], float]) -> Any:
    """The same policy as :func:`choose`, reading the ranges of ``golfo.legal_moves``.

    Betting: uniform over the kinds legal now, then a uniform amount of the range (as
    PokerKit's side draws between its min and max).  Deals and discards are not a bot's
    choice of amounts: they come from ``legal_actions`` as in :func:`choose`.
    """
    if not state.phase.betting_round:  # chance, discards, between hands: the list
        legal = golfo.legal_actions(state)
        return legal[int(random() * len(legal))]
    moves = golfo.legal_moves(state)
    seat = moves.seat
    assert type(seat) is int
    if moves.can_pass:
        bets = moves.bets
        if bets and random() >= 0.5:
            return golfo.Bet(seat, bets[int(random() * len(bets))])
        return golfo.Pass(seat)
    raises = moves.raises
    k = int(random() * (3 if raises else 2))
    if k == 0:
        return golfo.Call(seat)
    if raises and k == 1:
        return golfo.Raise(seat, raises[int(random() * len(raises))])
    return golfo.Fold(seat)


def golfo_moves_hands(n: int, seed: int, stack: int) -> tuple[float, int]:
    """Seconds (and actions) for ``n`` random hands chosen from LegalMoves, ``stack`` chips
    behind each seat after the ante."""
    rng = random.Random(seed)
    draw = rng.random
    apply = golfo.apply
    rules = golfo.TRADICIONAL
    stacks = (stack + rules.ante,) * 3
    start = time.perf_counter()
    actions = 0
    for _ in range(n):
        state = golfo.new_game(rules, players=3, stacks=stacks)
        while state.to_act is not None:
            state = apply(state, choose_from_moves(state, draw))
            actions += 1
    return time.perf_counter() - start, actions


def golfo_random_hands(n: int, seed: int, policy: Policy = choose) -> tuple[float, int]:
    """Seconds (and actions, deals included) for ``n`` random hands, each in a new game."""
    rng = random.Random(seed)
    start = time.perf_counter()
    actions = 0
    for _ in range(n):
        actions += play_hand(rng, policy)[1]
    return time.perf_counter() - start, actions


# ---------------------------------------------------------------------------
# the peers (imported lazily: they are optional)


def treys_eval_n(n: int, seed: int = SEED) -> float:
    """Seconds for ``n`` treys evaluations of random 5-card hands (3 board + 2 hole cards)."""
    from treys import Card, Evaluator  # type: ignore[import-not-found]

    rng = random.Random(seed)
    deck = [Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    deals = []
    for _ in range(n):
        cards = rng.sample(deck, 5)
        deals.append((cards[:3], cards[3:]))
    evaluate = Evaluator().evaluate  # tables built outside the timing
    start = time.perf_counter()
    for board, hand in deals:
        evaluate(board, hand)
    return time.perf_counter() - start


def _pokerkit_hand(
    create_state: Callable[..., Any],
    automations: Any,
    rng: random.Random,
    fold: bool,
    stack: int = 200,
) -> int:
    """One 3-handed NLHE hand (blinds 1/2, ``stack`` each): uniform over the kinds, then a
    uniform amount between PokerKit's min and max."""
    state = create_state(automations, True, 0, (1, 2), 2, (stack,) * 3, 3)
    actions = 0
    while state.status:
        kinds = []
        if fold and state.can_fold():  # False when checking is free
            kinds.append(0)
        if state.can_check_or_call():
            kinds.append(1)
        if state.can_complete_bet_or_raise_to():
            kinds.append(2)
        kind = kinds[int(rng.random() * len(kinds))]
        if kind == 0:
            state.fold()
        elif kind == 1:
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(low + int(rng.random() * (high - low + 1)))
        actions += 1
    return actions


def pokerkit_random_hands(
    n: int, seed: int, fold: bool = True, stack: int = 200
) -> tuple[float, int]:
    """Seconds (and player actions) for ``n`` random 3-player NLHE hands in PokerKit.

    PokerKit shuffles with the module-level ``random``: it is seeded and restored.
    """
    from pokerkit import Automation, NoLimitTexasHoldem  # type: ignore[import-not-found]

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    create_state = NoLimitTexasHoldem.create_state
    rng = random.Random(seed)
    saved = random.getstate()
    random.seed(seed)
    try:
        start = time.perf_counter()
        actions = 0
        for _ in range(n):
            actions += _pokerkit_hand(create_state, automations, rng, fold, stack)
        return time.perf_counter() - start, actions
    finally:
        random.setstate(saved)


def peer_versions() -> dict[str, str | None]:
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {}
    for name in ("pokerkit", "treys"):
        try:
            version(name)
            __import__(name)
            out[name] = version(name)
        except (PackageNotFoundError, ImportError):
            out[name] = None
    return out


# ---------------------------------------------------------------------------
# measurement helpers


def median_of(repeats: int, run: Callable[[], float]) -> float:
    return statistics.median(run() for _ in range(repeats))


def deep_size(root: object, skip: tuple[type, ...] = ()) -> int:
    """Bytes of every object reachable from ``root``, each counted once.

    Shared immutable singletons are left out: classes, modules, enum members, cards,
    rule settings and anything of a type in ``skip``.
    """
    import enum
    import types

    seen: set[int] = set()
    total = 0
    stack = [root]
    shared = (type, types.ModuleType, enum.Enum, golfo.Card, golfo.Rules, *skip)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, shared) or obj is None:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
        else:
            if hasattr(obj, "__dict__"):
                stack.append(vars(obj))
            for cls in type(obj).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(obj, name):
                        stack.append(getattr(obj, name))
    return total


def fmt_rate(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:.2f} M/s"
    if x >= 1e3:
        return f"{x / 1e3:.1f} k/s"
    return f"{x:.0f} /s"


def fmt_time(seconds: float) -> str:
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.2f} ms"


def fmt_bytes(n: float) -> str:
    return f"{n / 1024:.1f} KiB" if n >= 1024 else f"{n:.0f} B"


# ---------------------------------------------------------------------------
# the workloads


def bench_hand_value(repeats: int, peers: bool) -> dict[str, float]:
    combos = list(itertools.combinations(golfo.DECK, 5))
    assert len(combos) == 98_280
    hands = [golfo.Hand(c) for c in combos]
    hand_value = golfo.hand_value
    n = len(combos)

    def run_hands() -> float:
        start = time.perf_counter()
        for h in hands:
            hand_value(h)
        return time.perf_counter() - start

    def run_tuples() -> float:
        start = time.perf_counter()
        for c in combos:
            hand_value(c)
        return time.perf_counter() - start

    t_hand: list[float] = []
    t_tuple: list[float] = []
    t_treys: list[float] = []
    for _ in range(repeats):
        t_hand.append(run_hands())
        t_tuple.append(run_tuples())
        if peers:
            t_treys.append(treys_eval_n(n))
    out = {
        "hand": n / statistics.median(t_hand),
        "tuple": n / statistics.median(t_tuple),
    }
    if peers:
        out["treys"] = n / statistics.median(t_treys)
    return out


def bench_random_hands(repeats: int, n: int, m: int, peers: bool) -> dict[str, float]:
    """``n`` golfo hands against ``m`` PokerKit hands, the same seeded hands in every repeat;
    then the same with the never-fold variant of the policy on both sides."""
    out: dict[str, float] = {}
    for name, policy, fold in (("", choose, True), ("no_fold_", choose_no_fold, False)):
        g_times: list[float] = []
        p_times: list[float] = []
        g_actions = p_actions = 0
        golfo_random_hands(n // 10, SEED - 1, policy)  # warm-ups
        if peers:
            pokerkit_random_hands(m // 10, SEED - 1, fold)
        for _ in range(repeats):
            t, g_actions = golfo_random_hands(n, SEED, policy)
            g_times.append(t)
            if peers:
                t, p_actions = pokerkit_random_hands(m, SEED, fold)
                p_times.append(t)
        out[name + "golfo"] = n / statistics.median(g_times)
        out[name + "golfo_actions"] = g_actions / n
        if peers:
            out[name + "pokerkit"] = m / statistics.median(p_times)
            out[name + "pokerkit_actions"] = p_actions / m
    return out


def bench_calls(samples: int) -> dict[str, float]:
    """Per-call median of apply and of a first (uncached) legal_actions, over random play."""
    rng = random.Random(SEED)
    pairs: list[tuple[State, Any]] = []
    while len(pairs) < samples:
        state = golfo.new_game(golfo.TRADICIONAL, players=3)
        while state.to_act is not None:
            action = choose(golfo.legal_actions(state), rng.random)
            pairs.append((state, action))
            state = golfo.apply(state, action)
    pairs = pairs[:samples]
    apply = golfo.apply
    legal_actions = golfo.legal_actions
    clock = time.perf_counter_ns
    overhead = statistics.median(-(clock() - clock()) for _ in range(10_000))
    t_apply: list[int] = []
    t_legal: list[int] = []
    gc.disable()
    try:
        for state, action in pairs:
            t0 = clock()
            new = apply(state, action)
            t1 = clock()
            legal_actions(new)
            t2 = clock()
            t_apply.append(t1 - t0)
            t_legal.append(t2 - t1)
    finally:
        gc.enable()
    return {
        "apply": (statistics.median(t_apply) - overhead) / 1e9,
        "legal": (statistics.median(t_legal) - overhead) / 1e9,
    }


def bench_memory() -> dict[str, float]:
    rng = random.Random(SEED)
    # a mid-hand state: the first state of the second discard round with everyone still in
    mid = None
    while mid is None:
        state = golfo.new_game(golfo.TRADICIONAL, players=3)
        while state.to_act is not None:
            if state.phase is Phase.DISCARD_2 and len(state.in_hand) == 3:
                mid = state
                break
            legal = golfo.legal_actions(state)
            calls = [a for a in legal if isinstance(a, golfo.Call | golfo.Pass)]
            state = golfo.apply(state, calls[0] if calls else choose(legal, rng.random))
    # deep size of the fields, the history left out (measured below); the field names are
    # strings shared by every state, not counted
    mid_size = deep_size(mid.__dict__ | {"_log": None}, skip=(str,))

    # a whole game of 100 hands: the final state with everything it keeps (its history,
    # every hand's result); the actions are counted once each, as they are shared
    rules = attrs.evolve(golfo.TRADICIONAL, hands=100)
    final, actions = play_game(random.Random(SEED), rules)
    kept = deep_size(final.__dict__, skip=(str,))
    log_size = deep_size(final.__dict__["_log"])  # the entries themselves, not a view
    return {
        "mid": mid_size,
        "game_kept": kept,
        "log": log_size,
        "actions": actions,
        "results": len(final.results),
    }


MOVE_STACKS = (100, 10_000, 1_000_000)


def bench_deep_stacks(repeats: int) -> dict[int, dict[str, float]]:
    """Per call, at each of ``MOVE_STACKS`` chips behind every seat, the first seat to bet:
    ``legal_moves``, ``view`` (its seat, to act) and ``legal_actions`` built anew.  The
    sizes alternate within each repeat (so that a noisy moment hits them all), and the
    lists, which allocate a million actions at the top size, are measured after."""
    clock = time.perf_counter
    rules = golfo.TRADICIONAL
    states = {}
    for stack in MOVE_STACKS:
        state = golfo.new_game(rules, players=3, stacks=(stack + rules.ante,) * 3)
        states[stack] = golfo.deal_from(state, golfo.shuffled_deck(SEED))

    def per_call(run: Callable[[], object], calls: int) -> float:
        start = clock()
        for _ in range(calls):
            run()
        return (clock() - start) / calls

    samples: dict[int, dict[str, list[float]]] = {s: {"moves": [], "view": []} for s in MOVE_STACKS}
    for _ in range(3 * repeats):
        for stack, state in states.items():
            seat = state.to_act
            samples[stack]["moves"].append(per_call(lambda s=state: golfo.legal_moves(s), 5_000))
            samples[stack]["view"].append(per_call(lambda s=state, t=seat: golfo.view(s, t), 1_000))
    out: dict[int, dict[str, float]] = {}
    for stack, state in states.items():

        def fresh_list(s: State = state) -> object:
            s.__dict__.pop("_legal", None)  # the per-state cache (golfo.moves)
            return golfo.legal_actions(s)

        calls = max(1, 200_000 // stack)
        out[stack] = {
            "moves": statistics.median(samples[stack]["moves"]),
            "view": statistics.median(samples[stack]["view"]),
            "list": median_of(repeats, lambda f=fresh_list, k=calls: per_call(f, k)),
            "count": len(golfo.legal_moves(state)),
        }
    return out


def bench_moves_hands(repeats: int, n: int, m: int, peers: bool) -> dict[int, dict[str, float]]:
    """Random hands chosen from LegalMoves at 100 and 10,000 chips a seat, against PokerKit
    with 100 big blinds and 10,000 big blinds (200 and 20,000 chips, blinds 1/2)."""
    out: dict[int, dict[str, float]] = {}
    for depth in (100, 10_000):
        golfo_moves_hands(n // 10, SEED - 1, depth)  # warm-up
        g_times: list[float] = []
        p_times: list[float] = []
        g_actions = p_actions = 0
        for _ in range(repeats):
            t, g_actions = golfo_moves_hands(n, SEED, depth)
            g_times.append(t)
            if peers:
                t, p_actions = pokerkit_random_hands(m, SEED, True, 2 * depth)
                p_times.append(t)
        row = {"golfo": n / statistics.median(g_times), "golfo_actions": g_actions / n}
        if peers:
            row["pokerkit"] = m / statistics.median(p_times)
            row["pokerkit_actions"] = p_actions / m
        out[depth] = row
    return out


DEEP_STACK = 100_000
"""Starting chips per seat in the capped growth workload: no seat can go broke in 100 hands."""
GROWTH_SETUPS: dict[str, tuple[golfo.Rules, tuple[int, ...] | None]] = {
    # The caps (25/50/75/100 per hand) bound every bet list to at most 100 amounts and the
    # deep stacks keep every seat in play: only the length of the game changes.
    "capped": (attrs.evolve(golfo.LUDOTEKA, extra_hands_on_tie=False), (DEEP_STACK,) * 3),
    # Rebuys feed chips into the game, so the longer it runs the bigger the stacks and the
    # longer the lists of bet amounts: the cost per hand grows with the stacks.
    "tradicional": (golfo.TRADICIONAL, None),
}


def mean_bet_list(rules: golfo.Rules, stacks: tuple[int, ...] | None, games: int) -> float:
    """The mean length of ``legal_actions`` at betting decisions, over seeded random games."""
    rng = random.Random(SEED)
    total = count = 0
    for _ in range(games):
        state = golfo.new_game(rules, players=3, stacks=stacks)
        while state.phase is not Phase.END:
            legal = golfo.legal_actions(state)
            if state.phase.betting_round:
                total += len(legal)
                count += 1
            state = golfo.apply(state, choose(legal, rng.random))
    return total / count


def bench_growth(repeats: int, total_hands: int) -> dict[str, dict[int, float]]:
    """Time per hand in games of 1, 10 and 100 hands, for each of ``GROWTH_SETUPS``; with
    the mean bet-list length of each under ``"<setup>_list"``."""

    def per_hand(rules: golfo.Rules, games: int, stacks: tuple[int, ...] | None) -> float:
        rng = random.Random(SEED)
        start = time.perf_counter()
        hands = 0
        for _ in range(games):
            hands += len(play_game(rng, rules, stacks)[0].results)
        return (time.perf_counter() - start) / hands

    out: dict[str, dict[int, float]] = {}
    for name, (base, stacks) in GROWTH_SETUPS.items():
        workloads = {
            k: (attrs.evolve(base, hands=k), max(1, total_hands // k), stacks) for k in (1, 10, 100)
        }
        # warm-up: long random games feed big stacks (rebuys), whose bet amounts are interned
        per_hand(*workloads[100])
        out[name] = {k: median_of(repeats, lambda w=w: per_hand(*w)) for k, w in workloads.items()}
        out[name + "_list"] = {
            k: mean_bet_list(rules, stacks, games) for k, (rules, games, _) in workloads.items()
        }
    return out


# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller samples")
    args = parser.parse_args(argv)
    quick = args.quick
    repeats = 3 if quick else 5
    versions = peer_versions()
    has_treys = versions["treys"] is not None
    has_pokerkit = versions["pokerkit"] is not None

    print(
        f"golfo {golfo.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()} {platform.system()}"
    )
    print(
        "peers: "
        + ", ".join(f"{k} {v or 'NOT INSTALLED'}" for k, v in versions.items())
        + (" (pip install -r benchmarks/requirements.txt)" if None in versions.values() else "")
    )
    print(f"{repeats} repeats, medians{' (--quick)' if quick else ''}\n", flush=True)

    hv = bench_hand_value(repeats, has_treys)
    rh = bench_random_hands(repeats, *((1000, 200) if quick else (5000, 1000)), has_pokerkit)
    calls = bench_calls(20_000 if quick else 100_000)
    mem = bench_memory()
    growth = bench_growth(repeats, 100 if quick else 300)
    deep = bench_deep_stacks(repeats)
    by_moves = bench_moves_hands(repeats, *((1000, 200) if quick else (5000, 1000)), has_pokerkit)

    def ratio(a: float, b: float | None) -> str:
        return "n/a" if b is None else f"{a / b:.1f}x"

    def verdict(ok: bool | None) -> str:
        return "n/a" if ok is None else ("**met**" if ok else "**NOT met**")

    treys = hv.get("treys")
    pokerkit = rh.get("pokerkit")
    capped = growth["capped"]
    flat = capped[100] / capped[1]
    rows = [
        ("Workload", "golfo", "peer", "ratio", "target", "status"),
        (
            "hand_value, 98,280 five-card hands as `golfo.Hand` (headline)",
            fmt_rate(hv["hand"]),
            f"treys {fmt_rate(treys)}" if treys else "treys n/a",
            ratio(hv["hand"], treys),
            ">= 2x",
            verdict(None if treys is None else hv["hand"] >= 2 * treys),
        ),
        (
            "hand_value, the same hands as tuples of `Card` (validated)",
            fmt_rate(hv["tuple"]),
            f"treys {fmt_rate(treys)}" if treys else "treys n/a",
            ratio(hv["tuple"], treys),
            "(info)",
            "",
        ),
        (
            "random full hands, 3 seats (hands/s)",
            f"{rh['golfo']:,.0f} /s",
            f"PokerKit {pokerkit:,.0f} /s" if pokerkit else "PokerKit n/a",
            ratio(rh["golfo"], pokerkit),
            ">= 10x",
            verdict(None if pokerkit is None else rh["golfo"] >= 10 * pokerkit),
        ),
        (
            "actions per random hand (golfo: deals included; PokerKit: player actions)",
            f"{rh['golfo_actions']:.1f}",
            f"PokerKit {rh['pokerkit_actions']:.1f}" if pokerkit else "n/a",
            "",
            "(info)",
            "",
        ),
        (
            "variant: never fold, every hand to showdown (hands/s)",
            f"{rh['no_fold_golfo']:,.0f} /s",
            f"PokerKit {rh['no_fold_pokerkit']:,.0f} /s" if pokerkit else "PokerKit n/a",
            ratio(rh["no_fold_golfo"], rh.get("no_fold_pokerkit")),
            "(info)",
            "",
        ),
        (
            "variant: actions per hand",
            f"{rh['no_fold_golfo_actions']:.1f}",
            f"PokerKit {rh['no_fold_pokerkit_actions']:.1f}" if pokerkit else "n/a",
            "",
            "(info)",
            "",
        ),
        ("one `apply` (median)", fmt_time(calls["apply"]), "", "", "(info)", ""),
        ("one `legal_actions`, uncached (median)", fmt_time(calls["legal"]), "", "", "(info)", ""),
        ("mid-hand `State` (deep size, history excluded)", fmt_bytes(mem["mid"]), "", "", "", ""),
        (
            f"100-hand game: final state, history and results ({mem['actions']:,.0f} actions)",
            fmt_bytes(mem["game_kept"]),
            "",
            "",
            "(info)",
            "",
        ),
        (
            "100-hand game: the history alone (its entries), per action",
            f"{fmt_bytes(mem['log'])} ({mem['log'] / mem['actions']:.0f} B)",
            "",
            "",
            "(info)",
            "",
        ),
    ]
    rows.extend(
        (
            f"time per hand, game of {k} hand{'s' if k > 1 else ''}: capped, deep stacks "
            f"(bet lists {growth['capped_list'][k]:.0f} long)",
            fmt_time(capped[k]),
            "",
            f"{capped[k] / capped[1]:.2f}x",
            "flat (<= 1.5x)" if k == 100 else "",
            verdict(flat <= 1.5) if k == 100 else "",
        )
        for k in (1, 10, 100)
    )
    trad = growth["tradicional"]
    rows.extend(
        (
            f"time per hand, game of {k} hand{'s' if k > 1 else ''}: TRADICIONAL, rebuys "
            f"(bet lists {growth['tradicional_list'][k]:.0f} long)",
            fmt_time(trad[k]),
            "",
            f"{trad[k] / trad[1]:.2f}x",
            "(info)",
            "",
        )
        for k in (1, 10, 100)
    )
    small, big = deep[MOVE_STACKS[0]], deep[MOVE_STACKS[-1]]
    for stack in MOVE_STACKS:
        cost = deep[stack]
        last = stack == MOVE_STACKS[-1]
        rows.append(
            (
                f"`legal_moves` / `view` at {stack:,} chips a seat "
                f"({cost['count']:,.0f} legal actions)",
                f"{fmt_time(cost['moves'])} / {fmt_time(cost['view'])}",
                f"legal_actions {fmt_time(cost['list'])}",
                f"{cost['moves'] / small['moves']:.2f}x / {cost['view'] / small['view']:.2f}x",
                "flat (<= 1.5x)" if last else "",
                verdict(big["moves"] <= 1.5 * small["moves"] and big["view"] <= 1.5 * small["view"])
                if last
                else "",
            )
        )
    for depth, hands in by_moves.items():
        peer = hands.get("pokerkit")
        rows.append(
            (
                f"random hands, amounts from LegalMoves, {depth:,} chips a seat "
                f"(PokerKit: {depth:,} big blinds)",
                f"{hands['golfo']:,.0f} /s",
                f"PokerKit {peer:,.0f} /s" if peer else "PokerKit n/a",
                ratio(hands["golfo"], peer),
                "(info)",
                "",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(6)]
    for j, row in enumerate(rows):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if j == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    print(
        "\nPolicy on both sides: uniform over the kinds of action legal now (golfo: Pass/Bet,"
        "\nCall/Raise/Fold; PokerKit: fold/check-call/bet-raise), then uniform over the amounts;"
        "\ngolfo's chance Deal and Discard subsets uniform over legal_actions. PokerKit deals and"
        "\nshows down by itself (all automations). Variant: the same policies, Fold never chosen."
        "\nGrowth: capped = LUDOTEKA's caps with 100,000 chips per seat, so every hand has the"
        "\nsame bet-list sizes and only the game's length changes; TRADICIONAL's rebuys make"
        "\nstacks, and so the lists of bet amounts, grow with the game."
        "\nLegalMoves: legal_actions (the list, one action per chip amount) is built anew at"
        "\neach call; the bots of the last rows draw their amounts from the ranges."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
