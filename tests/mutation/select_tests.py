"""cosmic-ray's test command for one mutant: run only the tests that reach it.

cosmic-ray writes the mutant into the working tree, then runs this in a fresh process (so
the mutated module is imported afresh, tables built at import included).  This finds the
lines the mutant changed (against the module as committed), looks up the tests that ran
them (the map ``run.py`` built with coverage contexts), and runs those tests with Hypothesis
derandomised, the fastest first (``-x`` stops at the first failure).  Bytecode is cached
(compiling every plugin at each start costs seconds a mutant), but never the mutated
module's: its cached file is removed first, since a mutant of the same size written in the
same second as the last would otherwise be read from the stale cache.

With ``GOLFO_MUTATION_BUDGET=SECONDS`` (``run.py --budget``) it runs only the fastest of
those tests, as many as the map's durations say fit in the budget, and says so first in its
output: a mutant that survives them is unsettled until ``--survivors`` runs every test.

Exit status 0: the mutant survived; anything else: it was killed.  When pytest cannot run the
selection (exit status 4 or 5), the mutant is killed if the mutated module no longer imports
(``conftest.py`` imports golfo, so every test fails), and unsettled otherwise.  A mutant
whose lines no test runs survives with exit 0, and says so in its output; so does a mutant
that is not valid Python (compiled first), which ``run.py`` counts apart.

``python tests/mutation/select_tests.py MAP.json src/golfo/MODULE.py``
"""

from __future__ import annotations

import ast
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

BUDGET = "within the budget:"
"""How the output of a mutant that ran only some of its tests begins."""
NO_VERDICT = "no verdict:"
"""What the output of a mutant says when pytest could not run its tests as selected."""
IMPORT_FAILS = "golfo does not import:"
"""What the output of a mutant says when pytest could not start because importing the
mutated module raises (a table built at import): a kill, since every test fails so."""
NOT_PYTHON = "not valid Python:"
"""How the output of a mutant that does not compile begins (cosmic-ray can write
``case Dealt() ** Discarded():`` or ``def f(a, |, b)``): no test judges it, like
cosmic-ray's incompetent mutants."""


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


def statement_tests(module: str, line: int, table: dict[str, list[str]]) -> list[str]:
    """The tests of the statement that holds ``line`` when coverage has no entry for the
    line itself (a parameter on its own line of a ``def``, a continued expression): the
    tests of the innermost statement around it, as committed, that has one."""
    committed = subprocess.run(
        ["git", "show", f"HEAD:{module}"], capture_output=True, text=True, check=True
    ).stdout
    around = [
        node
        for node in ast.walk(ast.parse(committed))
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno)
    ]
    for node in sorted(around, key=lambda n: n.lineno, reverse=True):
        if str(node.lineno) in table:
            return table[str(node.lineno)]
    return []


def main() -> int:
    mapping, module = sys.argv[1], sys.argv[2]
    try:
        compile(Path(module).read_text(), module, "exec")
    except SyntaxError as error:
        print(f"{NOT_PYTHON} {error.msg}, line {error.lineno} of {module}")
        return 0
    data = json.loads(Path(mapping).read_text())
    table: dict[str, list[str]] = data["lines"]
    seconds: dict[str, float] = data["seconds"]
    lines = changed_lines(module)
    found: set[str] = set()
    for line in lines:
        found.update(table.get(str(line)) or statement_tests(module, line, table))
    # A parametrized test is named by its function, every case: the ids of some cases are
    # not the same in every process (an object's address, a frozenset's order under hash
    # randomisation), and pytest refuses an id it does not find.
    cost: dict[str, float] = {}
    for test in found:
        name = function_of(test)
        cost[name] = cost.get(name, 0.0) + seconds.get(test, 0.0)
    tests = sorted(cost, key=lambda t: (cost[t], t))
    budget = os.environ.get("GOLFO_MUTATION_BUDGET")
    if budget:  # a first pass: the fastest tests within the budget (run.py --budget)
        every, spent, tests = tests, 0.0, []
        for test in every:
            spent += cost[test]
            if spent > float(budget) and tests:
                break
            tests.append(test)
        if len(tests) < len(every):
            print(f"{BUDGET} {len(tests)} of {len(every)} tests")
    for stale in (Path(module).parent / "__pycache__").glob(f"{Path(module).stem}.*.pyc"):
        stale.unlink()
    if not tests:
        print(f"no test runs lines {sorted(lines)} of {module}")
        return 0
    args = [
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:cov",
        "-p",
        "mutation_plugin",
        "--hypothesis-profile=mutation",
        "-o",
        "addopts=--doctest-modules --doctest-glob=*.md",
        *tests,
    ]
    server = os.environ.get("GOLFO_MUTATION_SERVER")
    if server:  # forkserver.py runs pytest in a fresh child of its own
        status = ask(server, args)
    else:
        command = [sys.executable, "-m", "pytest", *args]
        here = str(Path(__file__).resolve().parent)
        path = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), here) if p)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        run = subprocess.run(command, check=False, env=env | {"PYTHONPATH": path})
        status = run.returncode
    if status in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED):
        failure = import_error(module)
        if failure is not None:  # conftest.py imports golfo: no test can even start
            print(f"{IMPORT_FAILS} {failure}")
            return 1
        # not the tests failing but their selection: never a kill (a survivor is looked at)
        print(f"{NO_VERDICT} pytest exit status {status}")
        return 0
    return status


def import_error(module: str) -> str | None:
    """The last line of the error that importing ``module`` (``src/golfo/M.py``) raises in a
    fresh interpreter, from the tree it is in, or ``None`` when it imports.

    >>> import_error("src/golfo/scoring.py") is None
    True
    """
    path = Path(module).resolve()
    src, name = path.parents[1], f"{path.parent.name}.{path.stem}"
    paths = os.pathsep.join((str(src), os.environ.get("PYTHONPATH", "")))
    # no bytecode written: a mutant of the same size in the same second would read it
    env = os.environ | {"PYTHONPATH": paths, "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run(
        [sys.executable, "-c", f"import {name}"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if run.returncode == 0:
        return None
    return (run.stderr.strip().splitlines() or [f"exit status {run.returncode}"])[-1]


def function_of(test: str) -> str:
    """A test's id without its parameters: ``f.py::test_x[a-b]`` is ``f.py::test_x``."""
    return test.split("[", 1)[0]


def ask(server: str, args: list[str]) -> int:
    """Have the fork server at ``server`` run pytest ``args``; print its output."""
    output = Path(server).with_suffix(".out")
    timeout = float(os.environ.get("GOLFO_MUTATION_TIMEOUT", "300"))
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(server)
        with connection.makefile("rwb") as stream:
            request = {"args": args, "output": str(output), "timeout": timeout}
            stream.write(json.dumps(request).encode() + b"\n")
            stream.flush()
            status = int(stream.readline())
    print(output.read_text(errors="replace"))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
