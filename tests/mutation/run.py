"""Mutation testing of golfo's core with cosmic-ray: ``python tests/mutation/run.py``.

Not part of the test command (it takes long).  ``pip install -e '.[mutation]'`` first.

1. Everything runs in throwaway git worktrees of ``HEAD`` (commit first): one per worker,
   each importing its own ``src`` (``PYTHONPATH``), so workers never see each other's
   mutants.
2. **Which tests reach which line**: the core's tests (``tests/test_*.py`` but the quality
   gate and the site build, the modules' doctests, the docs' examples) run once under
   coverage with a context per test; the map says, for each line of each module, the tests
   that ran it; a line run only at import (a table built once, a constant) maps to every
   test, since a test may read a table without running a line of its module.
3. **Mutants**: cosmic-ray makes them (``cosmic-ray init``; those inside annotations are
   left out, see :func:`annotation_spans`), cut in chunks of :data:`CHUNK` that the workers
   take from one queue across modules (``cosmic-ray exec``): cosmic-ray writes the mutant
   into the worker's worktree and runs ``select_tests.py``, which has the worker's
   :mod:`forkserver` run pytest in a fresh child, so every mutant is imported afresh (tables
   built at import, caches: nothing leaks from a parent); it runs only the tests that reach the
   changed lines, with Hypothesis derandomised (``--hypothesis-profile=mutation``).  A
   mutant that is not valid Python (cosmic-ray can write ``case A() ** B():``) is compiled
   first and never run: no test judges it (:func:`not_python`).
4. **Report** (``--report``, default ``mutation-report.md``): per module, mutants, killed,
   survived, equivalent (those listed in ``tests/mutation/equivalent.toml``, each with its
   one-line reason) and the score, killed / (mutants - equivalent - not valid Python -
   incompetent); then every survivor's diff.  A module with no results kept (a new clone, a
   machine reset) keeps its row and section from the report being written over, as long as
   its source is the one those results were run on (the sha256 under its heading), so ``--report
   docs/mutation-report.md`` after a run of two modules still covers all eight; and
   ``--survivors`` on such a module runs again the survivors its carried section lists (found
   by line, operator and change) and rewrites only their entries and the row's counts.

``--modules scoring,standings`` picks modules (default: all of :data:`MODULES`),
``--workers K`` (default 2) the processes, ``--limit N`` the first N mutants of each module
(a quick look).

Everything is kept in ``--workdir`` (default ``.mutation/``, ignored by git): the map of
each commit (built once, with every test's duration, so the fastest tests run first), and
each module's results as they finish, so a long run can be stopped and read. After adding
tests (and committing them), ``--survivors`` runs again only the mutants that survived last
time and are not listed as equivalent, on a new map, and keeps the other results, as long as
the module itself is unchanged (a changed module runs whole). ``--resume`` goes on with a
run that was stopped: the chunks of mutants it made are kept and only the mutants without a
result are run (on that run's map). ``--budget SECONDS`` makes a first pass quicker: each
mutant runs only its fastest tests, as many as fit in SECONDS by the map's durations (a
module like ``reducer``, which nearly every test reaches, spends most of a run on its
survivors, each running every test); the survivors of such a pass are marked unsettled in
the report, and ``--survivors`` (without ``--budget``) runs each of them again with every
test that reaches it, so the final score is the one a run without a budget gives. The report
covers every module with results.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import attrs

# this folder is the script's, first on the path:
from select_tests import BUDGET, NO_VERDICT, NOT_PYTHON

ROOT = Path(__file__).resolve().parents[2]
MODULES: Final = (
    "scoring",
    "moves",
    "wagers",
    "reducer",
    "settle",
    "views",
    "records",
    "wire",
    "_codec",
    "_reading",
    "standings",
)
"""The modules the issue names (settlement lives in ``settle``; the readers the records and
the wire share, in ``_codec`` and ``_reading``)."""
TESTS: Final = ("tests", "src/golfo", "docs", "README.md")
"""What the map runs: the test files (but ``SKIP``), every doctest, the docs' examples."""
SKIP: Final = (
    "tests/test_quality.py",
    "tests/test_docs.py",
    "tests/test_cli.py",
    "tests/test_bots.py",
    "tests/test_analysis.py",
    "tests/peers",
    "tests/server",
    "tests/scale",
    "tests/kit",
    "tests/native",
    "tests/mutation",
)
"""Left out of the map: the quality gate and the site build (not behaviour), the command
line (in subprocesses, which coverage does not follow), the wings (bots and analysis: slow,
and a core mutant they catch is caught for the wrong reason), servers, peers, the native
engine (which the core's mutants do not change) and long runs.
Leaving tests out can only lower a score."""
TIMEOUT: Final = 300.0
"""Seconds one mutant's tests may take; a mutant that loops forever is killed by it."""


def sh(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=os.environ | env, capture_output=True, text=True, check=False
    )


def worktree(base: Path, name: str) -> Path:
    path = base / name
    if path.exists():  # left by a run that was killed
        sh(["git", "worktree", "remove", "--force", str(path)], ROOT)
        shutil.rmtree(path, ignore_errors=True)
        sh(["git", "worktree", "prune"], ROOT)
    result = sh(["git", "worktree", "add", "--detach", str(path), "HEAD"], ROOT)
    if result.returncode:
        raise SystemExit(result.stderr)
    return path


def coverage_map(tree: Path, out: Path) -> dict[str, Any]:
    """For each module, each line's tests (pytest node ids); each test's seconds."""
    ignore = [f"--ignore={p}" for p in SKIP]
    run = sh(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            "-p", "mutation_plugin", "--hypothesis-profile=mutation",
            "--cov=golfo", "--cov-context=test",
            "--cov-report=", *ignore, *TESTS,
        ],
        tree,
        PYTHONPATH=os.pathsep.join((str(tree / "src"), str(tree / "tests" / "mutation"))),
        COVERAGE_FILE=str(out / ".coverage"),
        GOLFO_MUTATION_DURATIONS=str(out / "seconds.json"),
    )  # fmt: skip
    if run.returncode:
        raise SystemExit(f"the tests fail before any mutation:\n{run.stdout[-3000:]}")
    sh(
        [sys.executable, "-m", "coverage", "json", "--show-contexts", "-o", str(out / "c.json")],
        tree,
        COVERAGE_FILE=str(out / ".coverage"),
    )
    data = json.loads((out / "c.json").read_text())
    maps: dict[str, dict[str, list[str]]] = {}
    for path, info in data["files"].items():
        name = Path(path).stem
        if Path(path).parent.name == "golfo" and name in MODULES:
            lines = {
                line: sorted({c.split("|")[0] for c in contexts if c})
                for line, contexts in info["contexts"].items()
            }
            maps[name] = lines
    seconds = json.loads((out / "seconds.json").read_text())
    # a line run only at import (tables built once, constants, definitions) has no test of
    # its own, and a test may read what it built without running a line of the module
    # (``len(SUIT_VALUES)``): every test reaches it
    everyone = sorted(seconds)
    for lines in maps.values():
        for line, tests in lines.items():
            lines[line] = tests or everyone
    return {"lines": maps, "seconds": seconds}


def config(tree: Path, module: str, mapping: Path) -> str:
    command = f"{sys.executable} tests/mutation/select_tests.py {mapping} src/golfo/{module}.py"
    return (
        "[cosmic-ray]\n"
        f'module-path = "src/golfo/{module}.py"\n'
        f"timeout = {TIMEOUT}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(command)}\n"
        '[cosmic-ray.distributor]\nname = "local"\n'
    )


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where ``source``'s annotations are: (line, column) of their start and end.

    Every module of the core begins ``from __future__ import annotations``, and nothing
    reads annotations at run time (no ``typing.get_type_hints``, no ``attrs.resolve_types``):
    they stay strings, and a mutant inside one cannot change behaviour."""
    assert "from __future__ import annotations" in source
    nodes: list[ast.expr] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            params = [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]
            nodes += [p.annotation for p in params if p is not None and p.annotation]
            nodes += [node.returns] if node.returns else []
        elif isinstance(node, ast.AnnAssign):
            nodes.append(node.annotation)
    return [
        ((n.lineno, n.col_offset), (n.end_lineno or n.lineno, n.end_col_offset or 0)) for n in nodes
    ]


def drop_annotations(session: Path, module: str) -> int:
    """Remove from ``session`` the mutants inside annotations; how many."""
    spans = annotation_spans((ROOT / "src" / "golfo" / f"{module}.py").read_text())
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "SELECT job_id, start_pos_row, start_pos_col, end_pos_row, end_pos_col "
            "FROM mutation_specs"
        ).fetchall()
        inside = [
            (job,)
            for job, r0, c0, r1, c1 in rows
            if any(a <= (r0, c0) and (r1, c1) <= b for a, b in spans)
        ]
        db.executemany("DELETE FROM mutation_specs WHERE job_id = ?", inside)
        db.executemany("DELETE FROM work_items WHERE job_id = ?", inside)
    return len(inside)


def share(
    session: Path,
    copy: Path,
    index: int,
    workers: int,
    limit: int | None,
    only: set[tuple[str, int]] | None = None,
) -> int:
    """Keep in ``copy`` (of ``session``) the mutants of worker ``index``; how many.
    ``only``: just these (operator, occurrence) pairs."""
    shutil.copy(session, copy)
    with sqlite3.connect(copy) as db:
        rows = db.execute(
            "SELECT job_id, operator_name, occurrence FROM mutation_specs ORDER BY job_id"
        ).fetchall()
        jobs = [j for j, op, n in rows if only is None or (op, n) in only]
        jobs = jobs[:limit] if limit else jobs
        mine = jobs[index::workers]
        db.execute("CREATE TEMP TABLE keep (job_id TEXT PRIMARY KEY)")
        db.executemany("INSERT INTO keep VALUES (?)", [(j,) for j in mine])
        db.execute("DELETE FROM mutation_specs WHERE job_id NOT IN (SELECT job_id FROM keep)")
        db.execute("DELETE FROM work_items WHERE job_id NOT IN (SELECT job_id FROM keep)")
    return len(mine)


def results(copy: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(copy) as db:
        rows = db.execute(
            "SELECT s.module_path, s.operator_name, s.occurrence, s.start_pos_row, "
            "r.worker_outcome, r.test_outcome, r.diff, r.output FROM work_results r "
            "JOIN mutation_specs s ON s.job_id = r.job_id"
        ).fetchall()
    keys = ("module", "operator", "occurrence", "line", "worker", "test", "diff", "output")
    return [dict(zip(keys, row, strict=True)) for row in rows]


def unjudged(row: dict[str, Any]) -> bool:
    """Whether a mutant counted killed was not judged by its tests: pytest refused their
    selection (runs before ``select_tests.py`` said so: an id not found).  ``--survivors``
    runs such mutants again."""
    return row["test"] == "KILLED" and "ERROR: not found:" in (row["output"] or "")


def unsettled(row: dict[str, Any]) -> bool:
    """Whether a surviving mutant has not yet faced every test that reaches it (a
    ``--budget`` pass, a selection pytest refused, a kill no test judged).  Such a mutant is
    never counted equivalent, even when listed: a listing is a claim about a mutant every
    test let through, and ``--survivors`` runs it again."""
    output = row["output"] or ""
    alive = row["test"] == "SURVIVED"  # a kill within the budget is a kill
    return (alive and (BUDGET in output or NO_VERDICT in output)) or unjudged(row)


def not_python(row: dict[str, Any], module: str) -> bool:
    """Whether a mutant is not valid Python, so no test can judge it (it is left out of the
    score, like cosmic-ray's incompetent mutants).  ``select_tests.py`` compiles each mutant
    first and says so; runs before it did took the import's SyntaxError for a kill."""
    output = row["output"] or ""
    compiled = rf'E +File "[^"]*/src/golfo/{module}\.py", line \d+\n(?:E .*\n){{0,3}}E +SyntaxError'
    return output.startswith(NOT_PYTHON) or re.search(compiled, output) is not None


def mutated(diff: str) -> tuple[str, str]:
    """The mutant's removed and added lines, stripped: what ``equivalent.toml`` names."""
    old = [
        x[1:].strip() for x in diff.splitlines() if x.startswith("-") and not x.startswith("---")
    ]
    new = [
        x[1:].strip() for x in diff.splitlines() if x.startswith("+") and not x.startswith("+++")
    ]
    return " / ".join(old), " / ".join(new)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", default=",".join(MODULES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--report", default="mutation-report.md")
    parser.add_argument("--workdir", type=Path, default=ROOT / ".mutation")
    parser.add_argument("--survivors", action="store_true")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args(argv)
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    unknown = set(modules) - set(MODULES)
    if unknown:
        parser.error(f"not a module of the core: {', '.join(sorted(unknown))}")
    if args.report_only:  # the report of the results kept, nothing run
        found = stored(args.workdir.resolve())
        Path(args.report).write_text(write_report(found, None, 0, previous(args.report)))
        return 0
    began = time.monotonic()
    before = args.before = previous(args.report)  # read once: this run writes over it
    if args.budget is not None:  # read by select_tests.py, through cosmic-ray
        os.environ["GOLFO_MUTATION_BUDGET"] = str(args.budget)
    # bytecode is cached (select_tests.py removes the mutated module's cached file)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    base: Path = args.workdir.resolve()
    base.mkdir(parents=True, exist_ok=True)
    head = sh(["git", "rev-parse", "HEAD"], ROOT).stdout.strip()
    trees = [worktree(base, f"w{i}") for i in range(args.workers)]
    try:
        cached = base / f"map-{head}.json"
        if not cached.exists():
            cached.write_text(json.dumps(coverage_map(trees[0], base)))
            print(f"map built in {time.monotonic() - began:.0f} s", file=sys.stderr)
        maps = json.loads(cached.read_text())
        jobs = [_resume_or_prepare(m, maps, trees[0], base, args) for m in modules]
        lock = threading.Lock()
        queue = [(job, chunk) for job in jobs for chunk in job.chunks]
        queue.reverse()  # popped from the end: the modules in the order asked

        def finish(job: Job) -> None:
            job.store(base)
            seconds = time.monotonic() - began
            report = write_report(stored(base), seconds, args.workers, before)
            Path(args.report).write_text(report)

        for job in jobs:
            if not job.chunks:
                finish(job)

        def work(i: int) -> None:
            with fork_server(trees[i], base / f"fork{i}.sock") as server:
                while True:
                    with lock:
                        if not queue:
                            return
                        job, chunk = queue.pop()
                    execute(job, chunk, trees[i], server)
                    with lock:
                        job.left -= 1
                        if not job.left:
                            finish(job)

        with ThreadPoolExecutor(args.workers) as pool:
            list(pool.map(work, range(args.workers)))
        last = write_report(stored(base), time.monotonic() - began, args.workers, before)
        print(last.split("\n## ")[0])
    finally:
        for tree in trees:
            sh(["git", "worktree", "remove", "--force", str(tree)], ROOT)
    return 0


def digest(module: str) -> str:
    return hashlib.sha256((ROOT / "src" / "golfo" / f"{module}.py").read_bytes()).hexdigest()


def stored(base: Path) -> dict[str, dict[str, Any]]:
    """Every module's last run (``results``, ``annotations`` left out), in the order of
    :data:`MODULES`."""
    found = {}
    for module in MODULES:
        path = base / f"results-{module}.json"
        if path.exists():
            found[module] = json.loads(path.read_text())
    return found


CHUNK: Final = 12
"""Mutants a worker takes at a time: small shares, so no worker idles while another still
has a long queue (a survivor runs every test that reaches it, a kill stops at one)."""


@attrs.define
class Job:
    """One module's run: its cosmic-ray configuration, its chunks of mutants, the results
    kept from the last run (``--survivors``), and how many chunks are left."""

    module: str
    cfg: Path
    chunks: list[Path]
    keep: list[dict[str, Any]]
    dropped: int
    count: int
    left: int
    carry: dict[str, str] | None = None
    began: float = attrs.field(factory=time.monotonic)

    def store(self, base: Path) -> None:
        found = self.keep + [r for c in self.chunks for r in results(c)]
        data: dict[str, Any] = {
            "digest": digest(self.module),
            "annotations": self.dropped,
            "results": found,
        }
        if self.carry is not None:  # only the survivors of a carried section ran
            data["carried"] = self.carry
        (base / f"results-{self.module}.json").write_text(json.dumps(data))
        seconds = time.monotonic() - self.began
        print(f"{self.module}: {self.count} mutants in {seconds:.0f} s", file=sys.stderr)


def prepare(
    module: str,
    maps: dict[str, Any],
    tree: Path,
    base: Path,
    limit: int | None,
    survivors: bool,
    workers: int,
    before: str = "",
) -> Job:
    """Make the mutants of ``module`` (or last time's survivors) and cut them in chunks.
    With ``survivors`` and no results kept, the survivors of the module's section carried
    from ``before`` (the report being written over, :func:`carried`) run again."""
    saved = base / f"results-{module}.json"
    keep: list[dict[str, Any]] = []
    only: set[tuple[str, int]] | None = None
    last = json.loads(saved.read_text()) if survivors and saved.exists() else None
    if last is not None and last["digest"] != digest(module):
        print(f"{module} changed since its last run: all its mutants run", file=sys.stderr)
        last = None
    carry: dict[str, str] | None = last.get("carried") if last is not None else None
    if survivors and last is None and module in (kept := carried(before, set())):
        row, section = kept[module]
        carry = {"row": row, "section": section, "from": report_commit(before)}
        print(f"{module}: the survivors of its carried section run", file=sys.stderr)
    if last is not None:
        known = tomllib.loads((ROOT / "tests" / "mutation" / "equivalent.toml").read_text())
        equivalent = reasons_of(known, module).keys()
        only = {  # an equivalent survivor would survive again: not run
            (r["operator"], r["occurrence"])
            for r in last["results"]
            if not not_python(r, module)
            and ((r["test"] == "SURVIVED" and mutated(r["diff"]) not in equivalent) or unsettled(r))
        }
        keep = [r for r in last["results"] if (r["operator"], r["occurrence"]) not in only]
    mapping = base / f"{module}.map.json"
    mapping.write_text(
        json.dumps({"lines": maps["lines"].get(module, {}), "seconds": maps["seconds"]})
    )
    cfg = base / f"{module}.toml"
    cfg.write_text(config(tree, module, mapping))
    session = base / f"{module}.sqlite"
    session.unlink(missing_ok=True)
    init = sh(["cosmic-ray", "init", str(cfg), str(session)], tree)
    if init.returncode:
        raise SystemExit(init.stderr)
    dropped = drop_annotations(session, module)
    if carry is not None and last is None:  # the carried section's survivors, by line
        wanted = {(int(n), op) for n, op, _, _ in SURVIVOR.findall(carry["section"])}
        with contextlib.closing(sqlite3.connect(session)) as db:
            specs = db.execute(
                "SELECT operator_name, occurrence, start_pos_row FROM mutation_specs"
            ).fetchall()
        only = {(op, n) for op, n, line in specs if (line, op) in wanted}
    for old in base.glob(f"{module}.*.sqlite"):
        old.unlink()
    total = share(session, base / f"{module}.all.sqlite", 0, 1, limit, only)
    parts = -(-total // CHUNK)  # none when nothing is left to run
    chunks = [base / f"{module}.{i}.sqlite" for i in range(parts)]
    count = sum(share(session, c, i, parts, limit, only) for i, c in enumerate(chunks))
    (base / f"{module}.all.sqlite").unlink()
    # for --resume: what the run's results are joined to when it ends
    made = {"digest": digest(module), "annotations": dropped, "keep": keep, "carry": carry}
    (base / f"{module}.digest").write_text(json.dumps(made))
    return Job(module, cfg, chunks, keep, dropped, count, parts, carry)


def _resume_or_prepare(
    module: str, maps: dict[str, Any], tree: Path, base: Path, args: argparse.Namespace
) -> Job:
    job = resumed(module, base) if args.resume else None
    if job is not None:
        print(f"{module}: resumed, {job.count} mutants", file=sys.stderr)
        return job
    return prepare(module, maps, tree, base, args.limit, args.survivors, args.workers, args.before)


def resumed(module: str, base: Path) -> Job | None:
    """``--resume``: the chunks of an unfinished run of ``module`` (``cosmic-ray exec`` runs
    only the mutants without a result), if the module is the one they were made from."""
    mark = base / f"{module}.digest"
    chunks = sorted(
        (c for c in base.glob(f"{module}.*.sqlite") if c.stem.split(".")[-1].isdigit()),
        key=lambda c: int(c.stem.split(".")[-1]),
    )
    made = json.loads(mark.read_text()) if mark.exists() else {}
    if not chunks or made.get("digest") != digest(module):
        return None
    count = 0
    for chunk in chunks:
        with contextlib.closing(sqlite3.connect(chunk)) as db:
            count += db.execute("select count(*) from mutation_specs").fetchone()[0]
    dropped, keep, carry = made["annotations"], made.get("keep", []), made.get("carry")
    return Job(module, base / f"{module}.toml", chunks, keep, dropped, count, len(chunks), carry)


@contextlib.contextmanager
def fork_server(tree: Path, socket_path: Path) -> Iterator[Path]:
    """A :mod:`forkserver` in ``tree`` for the worker's whole run."""
    socket_path.unlink(missing_ok=True)
    path = os.pathsep.join((str(tree / "src"), str(tree / "tests" / "mutation")))
    server = subprocess.Popen(
        [sys.executable, "tests/mutation/forkserver.py", str(socket_path)],
        cwd=tree,
        env=os.environ | {"PYTHONPATH": path},
    )
    try:
        while not socket_path.exists():
            time.sleep(0.05)
        yield socket_path
    finally:
        server.kill()
        server.wait()
        socket_path.unlink(missing_ok=True)


def execute(job: Job, chunk: Path, tree: Path, server: Path) -> None:
    """cosmic-ray runs the mutants of ``chunk`` in ``tree``, the tests through ``server``."""
    ran = sh(
        ["cosmic-ray", "exec", str(job.cfg), str(chunk)],
        tree,
        PYTHONPATH=str(tree / "src"),
        GOLFO_MUTATION_SERVER=str(server),
        GOLFO_MUTATION_TIMEOUT=str(TIMEOUT - 10),
    )
    if ran.returncode:
        raise SystemExit(ran.stderr[-2000:])


def previous(report: str) -> str:
    """The report that ``--report`` names, before this run writes over it ('' if none)."""
    path = Path(report)
    return path.read_text() if path.exists() else ""


DIGEST: Final = re.compile(r"^<!-- source sha256 ([0-9a-f]{64}) -->$", re.M)
"""The line under a module's heading in the report: the sha256 of the source its results
were run on (what :func:`carried` compares, not a commit: a tree may have been dirty)."""
SURVIVOR: Final = re.compile(
    r"^- (?:\*\*survived\*\*|unsettled), line (\d+) \(([^)]+)\): `(.*)` → `(.*)`$", re.M
)
"""A survivor's line in a report's section: its line, operator, old and new text."""


def report_commit(before: str) -> str:
    """The commit a report names in its header ('' if none)."""
    commit = re.search(r"HEAD ([0-9a-f]{7,40})\.", before)
    return commit.group(1) if commit else ""


def carried(before: str, fresh: set[str]) -> dict[str, tuple[str, str]]:
    """From the report ``before`` (the one being written over): the table row and the
    section of each module that has no results kept here (a new clone, a reset machine) and
    whose source is unchanged since that report was written, so its results still hold."""
    commit = report_commit(before)
    if not commit:
        return {}
    named = re.search(r"\*\*stale\*\* \(the module changed since\): ([a-z, ]+)\.", before)
    stale = set(named.group(1).split(", ")) if named else set()
    kept = {}
    for module in MODULES:
        if module in fresh or module in stale:
            continue
        row = re.search(rf"^\| {module} \|.*$", before, re.M)
        section = re.search(rf"^## {module}\n.*?(?=^## |\Z)", before, re.M | re.S)
        if row is None or section is None:
            continue
        text = section.group(0).rstrip("\n") + "\n"
        written = DIGEST.search(text)
        if written is not None:  # the source the results were run on
            unchanged = written[1] == digest(module)
        else:  # a report from before digests were written: the commit it names
            path = f"src/golfo/{module}.py"
            unchanged = sh(["git", "diff", "--quiet", commit, "--", path], ROOT).returncode == 0
            heading, rest = text.split("\n", 1)  # found unchanged: today's digest is the run's
            text = f"{heading}\n\n<!-- source sha256 {digest(module)} -->\n{rest.lstrip(chr(10))}"
        if unchanged:
            kept[module] = (row.group(0), text)
    return kept


def carried_notes(before: str, module: str) -> list[str]:
    r"""The notes on ``module`` under the table of the report ``before`` (its unsettled
    survivors, where a rerun section came from): they go with its carried row.

    >>> carried_notes("| t |\n\nwire: 3 unsettled.\nviews: x.\n\n## wire\nwire: no", "wire")
    ['wire: 3 unsettled.']
    """
    preamble = before.split("\n## ", 1)[0]
    return re.findall(rf"^{module}: .*$", preamble, re.M)


def reasons_of(known: dict[str, Any], module: str) -> dict[tuple[str, str], str]:
    """``equivalent.toml``'s listings for ``module``: (old, new) -> the reason."""
    return {(e["old"], e["new"]): e["why"] for e in known.get(module, [])}


def _line(item: str) -> int:
    """The line a report's entry names (``- ..., line N...``)."""
    found = re.search(r"line (\d+)", item)
    return int(found[1]) if found else 0


def entry(line: int, old: str, new: str, reason: str | None, how: str = "", op: str = "") -> str:
    """A report's line for one mutant: an equivalent one with its ``reason``, else a
    survivor (``how``: ``unsettled`` or ``**survived**``) with its operator ``op``.

    >>> entry(7, "a < b", "a <= b", "never equal")
    '- equivalent, line 7: `a < b` → `a <= b`: never equal'
    >>> entry(7, "a < b", "a <= b", None, "unsettled", "core/X")
    '- unsettled, line 7 (core/X): `a < b` → `a <= b`'
    """
    if reason is not None:
        return f"- equivalent, line {line}: `{old}` → `{new or '(removed)'}`: {reason}"
    return f"- {how}, line {line} ({op}): `{old}` → `{new}`"


def rerun(
    module: str, run: dict[str, Any], reasons: dict[tuple[str, str], str]
) -> tuple[str, str, str]:
    """The table row, the section and a note for a module whose section was carried and whose
    survivors ran again (``--survivors`` with no results kept): each rerun mutant found
    in the section (same line, operator and change) is replaced by its new result."""
    row, section = run["carried"]["row"], run["carried"]["section"]
    cells = [c.strip() for c in row.strip("|").split("|")]
    mutants, killed, alive, equivalent = (int(c) for c in cells[1:5])
    entries = section.rstrip("\n").split("\n")
    head, items = entries[0], [e for e in entries[1:] if e and not DIGEST.match(e)]
    found: dict[tuple[int, str, str, str], dict[str, Any]] = {}
    for r in run["results"]:
        if r["worker"] == "NORMAL" and r["test"] != "INCOMPETENT":
            found[(r["line"], r["operator"], *mutated(r["diff"]))] = r
    equivalents, survivors = [], []
    ran = 0
    for item in items:
        match = SURVIVOR.match(item)
        if match is None:  # an equivalent
            equivalents.append(item)
            continue
        line, operator, old, new = int(match[1]), match[2], match[3], match[4]
        r = found.get((line, operator, old, new))
        if r is None:  # a survivor that did not run again
            survivors.append(item)
            continue
        ran += 1
        if r["test"] == "KILLED" and not unjudged(r) and not not_python(r, module):
            killed, alive = killed + 1, alive - 1
        elif (old, new) in reasons and not unsettled(r):
            equivalent, alive = equivalent + 1, alive - 1
            equivalents.append(entry(line, old, new, reasons[(old, new)]))
        else:
            how = "unsettled" if unsettled(r) else "**survived**"
            survivors.append(entry(line, old, new, None, how, operator))
    total = mutants - equivalent
    score = killed / total if total else 1.0
    cells[2:6] = [str(killed), str(alive), str(equivalent), cells[5]]
    cells[6] = f"{score:.1%}"
    body = sorted(equivalents, key=_line) + sorted(survivors, key=_line)
    note = (
        f"{module}: carried from the report at {run['carried']['from']}, its {ran} "
        "survivors run again here (`--survivors`)."
    )
    mark = f"<!-- source sha256 {run['digest']} -->"
    return "| " + " | ".join(cells) + " |", "\n".join([head, "", mark, *body]) + "\n", note


def write_report(
    found: dict[str, dict[str, Any]], seconds: float | None, workers: int, before: str = ""
) -> str:
    """The report of every module's kept results (``seconds``: this run's time, ``None``
    for ``--report-only``).  A module changed since its run is marked stale.  A module with
    no results kept keeps its row and section from ``before``, the report written over, if
    its source is unchanged since (:func:`carried`)."""
    known = tomllib.loads((ROOT / "tests" / "mutation" / "equivalent.toml").read_text())
    head = sh(["git", "rev-parse", "--short", "HEAD"], ROOT).stdout.strip()
    how = (
        "the results kept in `.mutation/`"
        if seconds is None
        else f"{workers} workers, this run {seconds / 60:.0f} min"
    )
    stale = [module for module, run in found.items() if run.get("digest") != digest(module)]
    kept = carried(before, set(found))
    from_before = report_commit(before)
    lines = [
        "# Mutation testing",
        "",
        f"`python tests/mutation/run.py` ({how}), cosmic-ray, HEAD {head}. Each module's "
        "results are from its last run; "
        + (
            f"**stale** (the module changed since): {', '.join(stale)}."
            if stale
            else "none of the modules has changed since."
        )
        + (
            f" Carried from the report at {from_before} (no results kept here; "
            f"the module unchanged since): {', '.join(kept)}."
            if kept
            else ""
        ),
        "",
        "| module | mutants | killed | survived | equivalent | no test reaches it | score "
        "| not valid Python | in annotations (not run) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    details: list[str] = []
    notes: list[str] = []
    for module in MODULES:
        if module in kept:
            lines.append(kept[module][0])
            details.append(kept[module][1])
            notes += carried_notes(before, module)
            continue
        if module not in found:
            continue
        run = found[module]
        if "carried" in run:
            row, section, note = rerun(module, run, reasons_of(known, module))
            lines.append(row)
            details.append(section)
            notes.append(note)
            continue
        rows = run["results"]
        reasons = reasons_of(known, module)
        invalid = sum(not_python(r, module) for r in rows)
        counted = [
            r
            for r in rows
            if r["worker"] == "NORMAL" and r["test"] != "INCOMPETENT" and not not_python(r, module)
        ]
        killed = [r for r in counted if r["test"] == "KILLED" and not unjudged(r)]
        alive = [r for r in counted if r["test"] == "SURVIVED" or unjudged(r)]
        listed = [mutated(r["diff"]) in reasons and not unsettled(r) for r in alive]
        equivalent = [r for r, ok in zip(alive, listed, strict=True) if ok]
        survivors = [r for r, ok in zip(alive, listed, strict=True) if not ok]
        untested = [r for r in survivors if (r["output"] or "").startswith("no test runs")]
        open_ = sum(unsettled(r) for r in survivors)
        total = len(counted) - len(equivalent)
        score = len(killed) / total if total else 1.0
        lines.append(
            f"| {module} | {len(counted)} | {len(killed)} | {len(survivors)} | "
            f"{len(equivalent)} | {len(untested)} | {score:.1%} | {invalid} | "
            f"{run.get('annotations', 0)} |"
        )
        if open_:
            notes.append(
                f"{module}: {open_} of the survivors are unsettled (they ran only "
                "the fastest of their tests, `--budget`, or pytest refused their selection); "
                "`--survivors` settles them."
            )
        details.append(f"## {module}\n")
        details.append(f"<!-- source sha256 {run.get('digest', '')} -->")
        for r in sorted(equivalent, key=lambda r: r["line"]):
            old, new = mutated(r["diff"])
            details.append(entry(r["line"], old, new, reasons[(old, new)]))
        for r in sorted(survivors, key=lambda r: r["line"]):
            old, new = mutated(r["diff"])
            how = "unsettled" if unsettled(r) else "**survived**"
            details.append(entry(r["line"], old, new, None, how, r["operator"]))
        details.append("")
    lines += ["", *notes] if notes else []
    return "\n".join(lines) + "\n\n" + "\n".join(details)


if __name__ == "__main__":
    raise SystemExit(main())
