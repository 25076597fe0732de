"""The mutation tool's own judgements (``tests/mutation/run.py``): what counts as a kill, what
is unsettled, what is not valid Python, and which report sections survive a reset machine.

The tool runs for hours, outside the test command; these are its pure parts, which decide the
scores it reports.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tests" / "mutation"


@pytest.fixture(scope="module")
def run() -> ModuleType:
    sys.path.insert(0, str(TOOL))  # run.py imports select_tests from its folder
    try:
        spec = importlib.util.spec_from_file_location("golfo_mutation_run", TOOL / "run.py")
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOL))


def row(test: str, output: str = "", diff: str = "", line: int = 1) -> dict[str, Any]:
    return {
        "module": "src/golfo/scoring.py",
        "operator": "core/ReplaceComparisonOperator_Lt_LtE",
        "occurrence": 0,
        "line": line,
        "worker": "NORMAL",
        "test": test,
        "diff": diff,
        "output": output,
    }


DIFF = """--- mutation diff ---
--- asrc/golfo/scoring.py
+++ bsrc/golfo/scoring.py
@@ -70,1 +70,1 @@
-    return a if a >= b else b
+    return a if a > b else b
"""


def test_mutated_names_the_changed_line_as_equivalent_toml_does(run: ModuleType) -> None:
    assert run.mutated(DIFF) == ("return a if a >= b else b", "return a if a > b else b")


def test_a_survivor_of_a_budget_pass_or_a_refused_selection_is_unsettled(
    run: ModuleType,
) -> None:
    assert run.unsettled(row("SURVIVED", f"{run.BUDGET} 3 of 40 tests"))
    assert run.unsettled(row("SURVIVED", f"...\n{run.NO_VERDICT} pytest exit status 4"))
    assert not run.unsettled(row("SURVIVED", "1 passed"))
    # a kill within the budget is a kill
    assert not run.unsettled(row("KILLED", f"{run.BUDGET} 3 of 40 tests\n1 failed"))
    # a kill that no test judged (an id pytest did not find) is not
    assert run.unjudged(row("KILLED", "ERROR: not found: tests/test_x.py::test_y[<obj>]"))
    assert run.unsettled(row("KILLED", "ERROR: not found: tests/test_x.py::test_y[<obj>]"))


def test_a_mutant_that_is_not_python_is_never_a_kill(run: ModuleType) -> None:
    assert run.not_python(row("KILLED", f"{run.NOT_PYTHON} invalid syntax, line 3"), "scoring")
    old = 'E     File "/w0/src/golfo/scoring.py", line 3\nE       case A() ** B():\nE   SyntaxError'
    assert run.not_python(row("KILLED", old), "scoring")
    assert not run.not_python(row("KILLED", old), "moves")  # another module's error
    assert not run.not_python(row("KILLED", "FAILED tests/test_scoring.py::test_x"), "scoring")


def report(run: ModuleType, killed: int, survived: int) -> str:
    rows = [row("KILLED", "1 failed", DIFF, 70)] * killed
    rows += [row("SURVIVED", "40 passed", DIFF.replace("a > b", "a < b"), 70)] * survived
    found = {"scoring": {"digest": run.digest("scoring"), "annotations": 0, "results": rows}}
    text: str = run.write_report(found, None, 0)
    return text


def test_the_score_leaves_listed_equivalents_out_and_counts_other_survivors(
    run: ModuleType,
) -> None:
    text = report(run, 3, 1)
    assert "| scoring | 4 | 3 | 1 | 0 | 0 | 75.0% | 0 | 0 |" in text
    assert "**survived**, line 70" in text
    # scoring's listed `a >= b` -> `a > b` at line 70: a survivor so changed is equivalent
    found = {
        "scoring": {
            "digest": run.digest("scoring"),
            "annotations": 0,
            "results": [row("KILLED", "1 failed", DIFF, 70), row("SURVIVED", "4 passed", DIFF)],
        }
    }
    listed = run.write_report(found, None, 0)
    assert "| scoring | 2 | 1 | 0 | 1 | 0 | 100.0% | 0 | 0 |" in listed
    equivalent = "- equivalent, line 1: `return a if a >= b else b` → `return a if a > b else b`"
    assert equivalent in listed


def test_a_module_without_results_keeps_its_section_only_while_its_source_is_unchanged(
    run: ModuleType,
) -> None:
    before = report(run, 3, 1)
    section = before[before.index("## scoring") :]
    clean = subprocess.run(
        ["git", "diff", "--quiet", "HEAD", "--", "src/golfo/scoring.py"], cwd=ROOT, check=False
    )
    kept = run.carried(before, set())
    # the section names the source its results were run on: today's
    assert kept["scoring"][1].rstrip() == section.rstrip()
    again = run.write_report({}, None, 0, before)
    assert "| scoring | 4 | 3 | 1 | 0 | 0 | 75.0% | 0 | 0 |" in again
    assert "the module unchanged since): scoring." in again
    assert again[again.index("## scoring") :] == section
    # a module with results of its own is not carried, nor one the report calls stale
    assert run.carried(before, {"scoring"}) == {}
    stale = before.replace(
        "none of the modules has changed since.", "**stale** (the module changed since): scoring."
    )
    assert run.carried(stale, set()) == {}
    # nor one whose results were run on another source (the digest under its heading)
    other = before.replace(run.digest("scoring"), "0" * 64)
    assert run.carried(other, set()) == {}
    # a report from before digests were written: the source at the commit it names
    undigested = run.DIGEST.sub("", before)
    upgraded = run.carried(undigested, set())
    assert ("scoring" in upgraded) == (clean.returncode == 0)
    if upgraded:  # found unchanged, it is written with today's digest from now on
        assert upgraded["scoring"][1] == section
    first = subprocess.run(
        ["git", "rev-list", "--max-parents=0", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    if first:  # golfo's first scoring.py is not today's
        head = run.sh(["git", "rev-parse", "--short", "HEAD"], ROOT).stdout.strip()
        older = undigested.replace(f"HEAD {head}.", f"HEAD {first[0][:12]}.")
        assert run.carried(older, set()) == {}
    assert run.carried("no header", set()) == {}


def test_the_survivors_of_a_carried_section_run_again_and_only_they_change(
    run: ModuleType,
) -> None:
    lt_lte = "core/ReplaceComparisonOperator_Lt_LtE"
    section = (
        "## scoring\n\n"
        "- equivalent, line 70: `return a if a >= b else b` → `return a if a > b else b`: "
        "when a == b, returning b returns the same value\n"
        f"- **survived**, line 80 ({lt_lte}): `x = a < b` → `x = a <= b`\n"
        f"- **survived**, line 90 ({lt_lte}): `y = a < b` → `y = a <= b`\n"
        f"- **survived**, line 95 ({lt_lte}): `z = a < b` → `z = a <= b`\n"
    )
    carried_row = "| scoring | 10 | 6 | 3 | 1 | 0 | 66.7% | 0 | 0 |"

    def diff(old: str, new: str) -> str:
        return f"--- a\n+++ b\n@@ -1 +1 @@\n-    {old}\n+    {new}\n"

    killed = row("KILLED", "FAILED tests/test_x.py::test_y", diff("x = a < b", "x = a <= b"), 80)
    alive = row("SURVIVED", "40 passed", diff("y = a < b", "y = a <= b"), 90)
    other = row("KILLED", "1 failed", diff("x = a < b", "x = a == b"), 80)  # not in the section
    for r in (killed, alive, other):
        r["operator"] = lt_lte
    other["operator"] = "core/ReplaceComparisonOperator_Lt_Eq"
    results = {
        "digest": run.digest("scoring"),
        "annotations": 0,
        "results": [killed, alive, other],
        "carried": {"row": carried_row, "section": section, "from": "abc1234"},
    }
    new_row, new_section, note = run.rerun("scoring", results, {})
    assert new_row == "| scoring | 10 | 7 | 2 | 1 | 0 | 77.8% | 0 | 0 |"
    assert "line 80" not in new_section  # killed now
    assert f"- **survived**, line 90 ({lt_lte}): `y = a < b` → `y = a <= b`" in new_section
    assert "line 95" in new_section  # did not run again: as carried
    mark = f"<!-- source sha256 {run.digest('scoring')} -->"
    assert new_section.startswith(f"## scoring\n\n{mark}\n- equivalent, line 70:")
    assert note == (
        "scoring: carried from the report at abc1234, its 2 survivors run again here "
        "(`--survivors`)."
    )
    # a survivor listed as equivalent, having faced every test, counts equivalent
    why = {("y = a < b", "y = a <= b"): "a is never b"}
    listed_row, listed_section, _ = run.rerun("scoring", results, why)
    assert listed_row == "| scoring | 10 | 7 | 1 | 2 | 0 | 87.5% | 0 | 0 |"
    assert "- equivalent, line 90: `y = a < b` → `y = a <= b`: a is never b" in listed_section
    # but not while it has faced only the budget's tests
    alive["output"] = f"{run.BUDGET} 3 of 40 tests\n3 passed"
    budget_row, budget_section, _ = run.rerun("scoring", results, why)
    assert budget_row == "| scoring | 10 | 7 | 2 | 1 | 0 | 77.8% | 0 | 0 |"
    assert f"- unsettled, line 90 ({lt_lte})" in budget_section


def test_survivors_of_a_carried_section_with_none_left_still_say_where_it_came_from(
    run: ModuleType,
) -> None:
    before = report(run, 3, 0)
    row_, section = run.carried(before, set())["scoring"]
    results = {
        "digest": run.digest("scoring"),
        "annotations": 0,
        "results": [],
        "carried": {"row": row_, "section": section, "from": "abc1234"},
    }
    again = run.write_report({"scoring": results}, None, 0, before)
    assert row_ in again
    assert "scoring: carried from the report at abc1234, its 0 survivors run again" in again


def test_a_carried_module_keeps_its_notes_and_no_other_modules(run: ModuleType) -> None:
    rows = [row("KILLED", "1 failed", DIFF, 70), row("SURVIVED", f"{run.BUDGET} 1 of 9", DIFF)]
    found = {"scoring": {"digest": run.digest("scoring"), "annotations": 0, "results": rows}}
    before = run.write_report(found, None, 0)
    note = "scoring: 1 of the survivors are unsettled"
    assert note in before
    before = before.replace("\n\n## scoring", "\n\nwire: a note on another module.\n\n## scoring")
    again = run.write_report({}, None, 0, before)
    assert note in again  # the row still says a survivor is unsettled, and so does its note
    assert "wire: a note" not in again  # wire has no row here: its note does not come along


def test_a_mutant_that_breaks_the_import_of_golfo_is_a_kill(
    run: ModuleType, tmp_path: Path
) -> None:
    select_tests = sys.modules["select_tests"]  # imported by run.py, from its folder
    package = tmp_path / "src" / "golfo"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    table = "TABLE = tuple(range(1, 3 / 1))\n"  # a table built at import, mutated
    (package / "reducer.py").write_text(table)
    failure = select_tests.import_error(str(package / "reducer.py"))
    assert failure == "TypeError: 'float' object cannot be interpreted as an integer"
    (package / "reducer.py").write_text(table.replace("3 / 1", "3 + 1"))
    assert select_tests.import_error(str(package / "reducer.py")) is None
    # and it is the tree's own package that is imported, not the installed golfo
    assert select_tests.import_error(str(package / "scoring.py")) is not None
