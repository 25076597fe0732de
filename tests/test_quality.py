"""The quality gate: type checking, lint and formatting, run as part of ``python -m pytest``.

So that one command runs everything (the README's test command, also run by
``.ci/run``), these tests run the tools as subprocesses with the interpreter
running the tests.  They are marked ``quality``: deselect them with
``python -m pytest -m "not quality"`` for a quick loop.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.quality

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the directory holding pyproject.toml."""

CHECKS = {
    "mypy --strict": ["mypy", "--strict", "src", "tests", "examples"],
    "ruff check": ["ruff", "check", "."],
    "ruff format --check": ["ruff", "format", "--check", "."],
}


def test_repository_root_is_found() -> None:
    assert (ROOT / "pyproject.toml").is_file()
    assert (ROOT / "src" / "golfo" / "__init__.py").is_file()


@pytest.mark.parametrize("args", CHECKS.values(), ids=CHECKS.keys())
def test_quality_gate(args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, (
        f"`python -m {' '.join(args)}` failed with exit code {result.returncode}:\n"
        f"{result.stdout}{result.stderr}"
    )
