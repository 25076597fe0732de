"""cosmic-ray's test command for one mutant: run only the tests that reach it.

cosmic-ray writes the mutant into the working tree, then runs this in a fresh process (so
the mutated module is imported afresh, tables built at import included).  This finds the
lines the mutant changed (against the module as committed), looks up the tests that ran
them (the map ``run.py`` built with coverage contexts), and runs those tests with Hypothesis
derandomised.  Exit status 0: the mutant survived; anything else: it was killed.  A mutant
whose lines no test runs survives with exit 0, and says so in its output.

``python tests/mutation/select_tests.py MAP.json src/golfo/MODULE.py``
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def changed_lines(module: str) -> set[int]:
    """The lines of ``module`` (as committed) that the working copy changes."""
    diff = subprocess.run(
        ["git", "diff", "--unified=0", "--no-color", "HEAD", "--", module],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines: set[int] = set()
    for line in diff.splitlines():
        if line.startswith("@@"):
            old = line.split()[1].lstrip("-")  # "-start,count"
            start, _, count = old.partition(",")
            n = int(count) if count else 1
            lines |= set(range(int(start), int(start) + max(n, 1)))
    return lines


def main() -> int:
    mapping, module = sys.argv[1], sys.argv[2]
    table: dict[str, list[str]] = json.loads(Path(mapping).read_text())
    lines = changed_lines(module)
    tests = sorted({t for line in lines for t in table.get(str(line), ())})
    if not tests:
        print(f"no test runs lines {sorted(lines)} of {module}")
        return 0
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:cov",
        "-p",
        "hypothesis_profile",
        "--hypothesis-profile=mutation",
        "-o",
        "addopts=--doctest-modules --doctest-glob=*.md",
        *tests,
    ]
    here = str(Path(__file__).resolve().parent)
    path = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), here) if p)
    return subprocess.run(command, check=False, env=os.environ | {"PYTHONPATH": path}).returncode


if __name__ == "__main__":
    raise SystemExit(main())
