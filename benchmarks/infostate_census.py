"""The lossless information-state vector, counted on many states (issue 35):
``python benchmarks/infostate_census.py [--states 1000000]``.

Per table (the rule sets of ``tests/native/test_observe.py``), random games from a fixed
first dealer until ``--states`` (state, seat) pairs are seen (``golfo_native``'s census, in
Rust): the distinct information-state strings (``golfo.ext.features.info_state_string``,
built in Rust and checked equal to golfo's in the tests), the distinct vectors of
``InfoStateEncoder`` (and of ``ObservationEncoder(history=True)``, the summary it replaces),
and the distinct (string, vector) pairs.  One-to-one on the sample: the three are equal.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests" / "native"))

from golfo_native import NativeEncoder, NativeState  # noqa: E402
from golfo_native._vecenv import info_state_census  # noqa: E402
from test_observe import TABLES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=1_000_000)
    parser.add_argument("--only", default="", help="a table's name (trad3, mini2...)")
    args = parser.parse_args()
    print(f"{'table':10} {'states':>9} {'strings':>9} {'vectors':>9} {'pairs':>9}"
          f" {'summary vectors':>16} {'seconds':>8}")  # fmt: skip
    ok = True
    for name, rules, players in TABLES:
        if args.only and name != args.only:
            continue
        start = NativeState.new_game(rules, players)
        t = time.perf_counter()
        got = info_state_census(NativeEncoder.info_state(rules, players), start, args.states)
        old = info_state_census(NativeEncoder(rules, players, history=True), start, args.states)
        seconds = time.perf_counter() - t
        ok &= got["strings"] == got["vectors"] == got["pairs"]
        print(f"{name:10} {got['states']:9,} {got['strings']:9,} {got['vectors']:9,}"
              f" {got['pairs']:9,} {old['vectors']:16,} {seconds:8.1f}")  # fmt: skip
    print("one-to-one on every sample" if ok else "NOT one-to-one")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
