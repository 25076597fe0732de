"""Decisions per second with an observation and a legal-action mask, golfo beside its peers:
``python benchmarks/rl_throughput.py [--seconds 2] [--repeats 3] [--batch 1024]
[--only NAME ...] [--scaling [--plot PNG]] [--json FILE]``.

One *decision* is one step of a seat to act: the observation tensor and the legal-action
mask of that seat are produced, a uniformly random legal action is chosen and applied
(chance steps and game resets are part of the work, not counted as decisions).  Every
engine runs on one core (``JAX``/``XLA`` and ``OMP`` threads pinned to one), in one process,
interleaved ``--repeats`` times for ``--seconds`` each; the table quotes medians and each
row's ratio to OpenSpiel's ``leduc_poker``.

Engines (each skipped, with the reason printed, when its package is missing):

- ``golfo VecEnv`` (golfo-native's vectorized environment, batch ``--batch``, one-hand games
  of El Golfo for three, every seat learning: the observation of whichever seat acts,
  float32, and its mask; the NumPy draw of the random ids counted), and ``golfo PettingZoo``
  (the pure-Python path: ``golfo.ext.pettingzoo``, LUDOTEKA one hand at a time);
- OpenSpiel ``leduc_poker`` and ``universal_poker`` (default parameters) with
  ``information_state_tensor`` and ``legal_actions_mask`` (C++ games driven from Python);
- pgx ``leduc_holdem`` under ``jax.jit(jax.vmap(...))`` with auto-reset, batch ``--batch``,
  on the CPU (``observation`` and ``legal_action_mask`` are part of its state);
- RLCard ``leduc-holdem`` (``env.step`` returns the next state's ``obs`` and legal actions).

``--scaling`` adds golfo VecEnv's decisions per second for batch sizes 1 to 4096 and for one
and two processes (each process its own VecEnv and its own seed), with a plot, and the
resident memory per game in the batch.

Not part of the test suite; the figures go to ``docs/performance.md``.  Extra packages:
``pip install jax pgx rlcard`` (OpenSpiel comes with ``golfo[research]``).
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import argparse  # noqa: E402
import json  # noqa: E402
import multiprocessing  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure this checkout, installed or not

Runner = Callable[[float], tuple[int, float]]
"""Given seconds, runs for about that long and returns (decisions, seconds taken)."""


def load() -> str:
    """The load average over 1, 5 and 15 minutes, and the cores."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


# -- golfo -------------------------------------------------------------------------------


def golfo_vecenv(batch: int, seed: int = 1, players: int = 3) -> Runner:
    """golfo-native's VecEnv: ``batch`` one-hand games of El Golfo (every seat learning),
    random legal ids drawn in NumPy (the learner's work counted)."""
    import numpy as np
    from golfo_native import VecEnv

    import golfo

    env = VecEnv(batch, rules=golfo.Rules(hands=1), players=players, seed=seed)
    rng = np.random.default_rng(seed)

    def run(seconds: float) -> tuple[int, float]:
        _obs, mask, _to_act = env.reset()
        decisions = 0
        start = time.perf_counter()
        while True:
            for _ in range(16):
                # A uniformly random legal id per game: the largest of mask * noise.
                noise = rng.random(mask.shape, dtype=np.float32)
                actions = np.argmax(np.where(mask, noise, -1.0), axis=1)
                _obs, mask, _to_act, _rewards, _done = env.step(actions)
                decisions += batch
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions, elapsed

    return run


def golfo_vecenv_alone(batch: int, seed: int = 1, players: int = 3) -> Runner:
    """As :func:`golfo_vecenv`, timing ``step`` alone: the ids are drawn ahead, outside the
    clock, and the smallest legal id is played where a drawn id is not legal."""
    import numpy as np
    from golfo_native import VecEnv

    import golfo

    env = VecEnv(batch, rules=golfo.Rules(hands=1), players=players, seed=seed)
    rng = np.random.default_rng(seed)

    def run(seconds: float) -> tuple[int, float]:
        _obs, mask, _to_act = env.reset()
        decisions = 0
        inside = 0.0
        while inside < seconds:
            noise = rng.random(mask.shape, dtype=np.float32)
            actions = np.argmax(np.where(mask, noise, -1.0), axis=1)
            start = time.perf_counter()
            _obs, mask, _to_act, _rewards, _done = env.step(actions)
            inside += time.perf_counter() - start
            decisions += batch
        return decisions, inside

    return run


def golfo_pettingzoo(
    engine: str, seed: int = 1, rules: str = "ludoteka", players: int = 3
) -> Runner:
    """golfo's PettingZoo AEC environment, one game at a time, on ``engine`` (``"python"``:
    golfo's reducer and encoder; ``"native"``: golfo-native's)."""
    import numpy as np

    from golfo.ext.pettingzoo import env as make_env

    env = make_env(players=players, rules=rules, engine=engine)
    rng = np.random.default_rng(seed)

    def run(seconds: float) -> tuple[int, float]:
        decisions = 0
        game = seed
        env.reset(seed=game)
        start = time.perf_counter()
        while True:
            for _ in range(64):
                if not env.agents:
                    game += 1
                    env.reset(seed=game)
                    continue
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(rng.choice(legal)))
                decisions += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions, elapsed

    return run


# -- peers -------------------------------------------------------------------------------


def openspiel(name: str, seed: int = 1) -> Runner:
    """An OpenSpiel game driven from Python, with its information-state tensor and mask."""
    import random

    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)

    def run(seconds: float) -> tuple[int, float]:
        decisions = 0
        state = game.new_initial_state()
        start = time.perf_counter()
        while True:
            for _ in range(256):
                if state.is_terminal():
                    state.returns()
                    state = game.new_initial_state()
                elif state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    player = state.current_player()
                    state.information_state_tensor(player)
                    state.legal_actions_mask(player)
                    legal = state.legal_actions(player)
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    decisions += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions, elapsed

    return run


def pgx_leduc(batch: int, seed: int = 1) -> Runner:
    """pgx's Leduc hold'em under ``jax.jit(jax.vmap(step))`` with auto-reset, on the CPU."""
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make("leduc_holdem")
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def act(state: Any, key: Any) -> Any:
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    key = jax.random.PRNGKey(seed)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal key
        key, sub = jax.random.split(key)
        state = init(jax.random.split(sub, batch))
        # Compile outside the timed loop.
        key, k1, k2 = jax.random.split(key, 3)
        state = step(state, act(state, k1), jax.random.split(k2, batch))
        jax.block_until_ready(state.observation)
        decisions = 0
        start = time.perf_counter()
        while True:
            for _ in range(16):
                key, k1, k2 = jax.random.split(key, 3)
                state = step(state, act(state, k1), jax.random.split(k2, batch))
                decisions += batch
            jax.block_until_ready(state.observation)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions, elapsed

    return run


def rlcard_leduc(seed: int = 1) -> Runner:
    """RLCard's Leduc hold'em: ``env.step`` gives the next state's ``obs`` and legal actions."""
    import numpy as np
    import rlcard

    env = rlcard.make("leduc-holdem", config={"seed": seed})
    rng = np.random.default_rng(seed)

    def run(seconds: float) -> tuple[int, float]:
        decisions = 0
        state, _player = env.reset()
        start = time.perf_counter()
        while True:
            for _ in range(256):
                if env.is_over():
                    env.get_payoffs()
                    state, _player = env.reset()
                    continue
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[int(rng.integers(len(legal)))])
                decisions += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions, elapsed

    return run


# -- scaling -----------------------------------------------------------------------------


def _process_rate(args: tuple[int, float, int]) -> float:
    batch, seconds, seed = args
    run = golfo_vecenv(batch, seed=seed)
    decisions, elapsed = run(seconds)
    return decisions / elapsed


def _rss() -> int:
    """This process's resident memory in bytes (Linux's ``/proc/self/statm``)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _footprint(n: int) -> int:
    """Resident bytes that a VecEnv of ``n`` games adds, reset and stepped once (its
    arrays included), measured in a fresh process (spawned by :func:`memory_per_game`)."""
    import numpy as np
    from golfo_native import VecEnv

    import golfo

    before = _rss()
    env = VecEnv(n, rules=golfo.Rules(hands=1), players=3, seed=1)
    _obs, mask, _to_act = env.reset()
    kept = env.step(np.argmax(mask, axis=1))
    after = _rss()
    del env, kept
    return after - before


def memory_per_game(batch: int = 4096) -> float:
    """Resident bytes a game in the batch costs: a VecEnv of ``batch`` games against one of a
    single game, each in a process of its own (freed pages are not reused across them)."""
    context = multiprocessing.get_context("spawn")
    sizes = []
    for n in (batch, 1):
        with context.Pool(1) as pool:
            sizes.append(pool.apply(_footprint, (n,)))
    return (sizes[0] - sizes[1]) / (batch - 1)


def scaling(seconds: float, repeats: int, plot: Path | None) -> None:
    """VecEnv decisions per second by batch size, and by processes at batch 1024."""
    print(f"\n### golfo VecEnv by batch size (one process; {load()})\n")
    print("| batch | step alone (median) | with the NumPy learner (median) |")
    print("|---:|---:|---:|")
    batches = (1, 4, 16, 64, 256, 1024, 4096)
    by_batch, alone = [], []
    for batch in batches:
        rates: dict[str, list[float]] = {"alone": [], "learner": []}
        runs = {"alone": golfo_vecenv_alone(batch), "learner": golfo_vecenv(batch)}
        for _ in range(repeats):
            for key, run in runs.items():
                decisions, elapsed = run(seconds)
                rates[key].append(decisions / elapsed)
        alone.append(statistics.median(rates["alone"]))
        by_batch.append(statistics.median(rates["learner"]))
        print(f"| {batch} | {alone[-1]:,.0f} | {by_batch[-1]:,.0f} |")
    print(f"\n### golfo VecEnv by processes, batch 1024 each ({load()})\n")
    print("| processes | decisions/s in all (median) |")
    print("|---:|---:|")
    context = multiprocessing.get_context("spawn")
    by_processes = []
    for processes in (1, 2):
        totals = []
        for r in range(repeats):
            with context.Pool(processes) as pool:
                per_process = pool.map(
                    _process_rate, [(1024, seconds, 1 + r * 10 + p) for p in range(processes)]
                )
            totals.append(sum(per_process))
        by_processes.append(statistics.median(totals))
        print(f"| {processes} | {by_processes[-1]:,.0f} |")
    print(f"\nmemory per game in the batch: {memory_per_game():,.0f} bytes (4,096 games)")
    if plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.6))
        ax.plot(batches, alone, marker="o", label="step alone")
        ax.plot(batches, by_batch, marker="o", label="with a NumPy random learner")
        ax.scatter(
            [1024], [by_processes[1]], marker="s", color="C2", label="two processes, learner"
        )
        ax.set_xscale("log", base=2)
        ax.set_xlabel("games in the batch")
        ax.set_ylabel("decisions per second")
        ax.set_title("golfo_native.VecEnv: observation and mask, El Golfo for three")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(plot, dpi=110)
        print(f"plot written to {plot}")


# -- main --------------------------------------------------------------------------------


def engines(batch: int) -> dict[str, Callable[[], Runner]]:
    """Each engine's name and how to make its runner (imports happen when made)."""
    return {
        f"golfo VecEnv (batch {batch}, with the NumPy learner)": lambda: golfo_vecenv(batch),
        f"golfo VecEnv (batch {batch}, step alone)": lambda: golfo_vecenv_alone(batch),
        "golfo PettingZoo (Python engine)": lambda: golfo_pettingzoo("python"),
        "golfo PettingZoo (native engine)": lambda: golfo_pettingzoo("native"),
        "OpenSpiel leduc_poker": lambda: openspiel("leduc_poker"),
        "OpenSpiel universal_poker": lambda: openspiel("universal_poker"),
        f"pgx leduc_holdem (vmap, batch {batch})": lambda: pgx_leduc(batch),
        "RLCard leduc-holdem": rlcard_leduc,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--only", nargs="*", help="engines whose name contains one of these")
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--plot", type=Path, help="with --scaling: the batch-size plot (PNG)")
    args = parser.parse_args(argv)
    runners: dict[str, Runner] = {}
    for name, make in engines(args.batch).items():
        if args.only and not any(o.lower() in name.lower() for o in args.only):
            continue
        try:
            runners[name] = make()
        except ImportError as error:
            print(f"skipped {name}: {error}")
    print(f"before: {load()}")
    rates: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.repeats):
        for name, run in runners.items():  # interleaved: each repeat runs every engine
            decisions, elapsed = run(args.seconds)
            rates[name].append(decisions / elapsed)
    print(f"after: {load()}\n")
    medians = {name: statistics.median(r) for name, r in rates.items()}
    base = medians.get("OpenSpiel leduc_poker")
    print("| engine | decisions/s (median) | min..max | ratio to OpenSpiel leduc_poker |")
    print("|---|---:|---:|---:|")
    for name, median in medians.items():
        ratio = f"{median / base:.2f}x" if base else "-"
        low, high = min(rates[name]), max(rates[name])
        print(f"| {name} | {median:,.0f} | {low:,.0f}..{high:,.0f} | {ratio} |")
    if args.json:
        args.json.write_text(json.dumps({"load": load(), "rates": rates}, indent=1))
    if args.scaling:
        scaling(args.seconds, args.repeats, args.plot)


if __name__ == "__main__":
    main()
