"""``golfo_native.VecEnv`` measured (issue 35): ``python benchmarks/vecenv.py``.

Decisions a second with the observation and the legal-action mask, one core, a batch of
1024 games (``--batch``): a decision is one row handed out by ``step`` (a learning seat's
choice; seats played inside Rust and chance are played within the step and not counted).
Learners pick a uniform random legal id with NumPy; the figure is given for the
environment alone (the time inside ``step``) and with the learner's NumPy work.  Beside it,
the path through Python objects that issue 35 measured (``NativeState.apply_id``,
``view_object`` and ``ObservationEncoder``, about 30,000 a second there).  ``--batches``
adds a table of batch sizes.  Nothing here is part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import numpy as np  # noqa: E402
from golfo_native import NativeState, VecEnv  # noqa: E402

import golfo  # noqa: E402
from golfo.ext.codec import ActionCodec  # noqa: E402
from golfo.ext.features import ObservationEncoder  # noqa: E402

RULES = golfo.Rules(hands=1)
SETUPS: dict[str, dict[str, object]] = {
    "self-play, view": {},
    "vs 2 heuristic, view": {"opponents": {1: "heuristic", 2: "heuristic"}},
    "vs 2 random, view": {"opponents": {1: "random", 2: "random"}},
    "self-play, info_state": {"observation": "info_state"},
}


def measure(batch: int, decisions: int, **settings: object) -> tuple[float, float, int]:
    """(decisions a second in ``step`` alone, with the learner's NumPy, obs size)."""
    env = VecEnv(batch, RULES, 3, seed=1, **settings)  # type: ignore[arg-type]
    _, mask, _ = env.reset()
    rng = np.random.default_rng(0)
    steps = max(decisions // batch, 3)
    inside = 0.0
    start = time.perf_counter()
    for _ in range(steps):
        noise = rng.random(mask.shape, dtype=np.float32)
        noise[~mask] = -1.0
        actions = noise.argmax(axis=1)
        t = time.perf_counter()
        _, mask, _, _, _ = env.step(actions)
        inside += time.perf_counter() - t
    total = time.perf_counter() - start
    return steps * batch / inside, steps * batch / total, env.obs_size


def python_path(decisions: int) -> float:
    """Decisions a second through golfo's objects, one game at a time."""
    codec = ActionCodec.for_rules(RULES, 3)
    enc = ObservationEncoder(RULES, 3)
    rng = random.Random(0)
    done = 0
    start = time.perf_counter()
    while done < decisions:
        s = NativeState.new_game(RULES, 3)
        while not s.is_over:
            to_act = s.to_act
            ids = s.legal_ids()
            if isinstance(to_act, int):
                enc.encode(s.view_object(to_act))
                done += 1
            s.apply_id(rng.choice(ids) if ids else codec.next_hand_id)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--decisions", type=int, default=2_000_000)
    parser.add_argument("--batches", action="store_true", help="also a table of batch sizes")
    args = parser.parse_args()
    print(f"one core, batch {args.batch}, {args.decisions:,} decisions per row, {RULES.hands} hand")
    print(f"{'setup':28} {'obs':>5} {'in step/s':>12} {'with learner/s':>15}")
    for name, settings in SETUPS.items():
        n = args.decisions if "view" in name else args.decisions // 4
        env_rate, all_rate, size = measure(args.batch, n, **settings)
        print(f"{name:28} {size:5} {env_rate:12,.0f} {all_rate:15,.0f}")
    rate = python_path(20_000)
    print(f"{'through Python objects':28} {112:5} {rate:12,.0f}")
    if args.batches:
        print(f"\nself-play, view, by batch size ({args.decisions // 4:,} decisions each)")
        for batch in (1, 4, 16, 64, 256, 1024, 4096):
            env_rate, all_rate, _ = measure(batch, args.decisions // 4)
            print(f"batch {batch:5} {env_rate:12,.0f} {all_rate:15,.0f}")


if __name__ == "__main__":
    main()
