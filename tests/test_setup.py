"""The README's set-up and test commands are the ones CI runs, exactly; the extras say what
they bring.

CI (``.ci/run``) runs the set-up command on a fresh machine with the stock pip (it checks
that pip was not upgraded), so a set-up command that needs a newer pip fails CI; these tests
make sure the commands CI runs are the README's, line for line, so that the README cannot
drift from what is tested.
"""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _block_after(text: str, marker: str) -> list[str]:
    """The lines of the first ```console block after ``marker``."""
    start = text.index(marker)
    match = re.compile(r"```console\n(.*?)```", re.S).search(text, start)
    assert match is not None, f"no console block after {marker!r}"
    return [line for line in match.group(1).splitlines() if line.strip()]


def _ci_lines(name: str) -> list[str]:
    match = re.search(rf"# {name}-begin\n(.*?)# {name}-end\n", CI, re.S)
    assert match is not None, f".ci/run has no {name}-begin/{name}-end markers"
    return [line for line in match.group(1).splitlines() if line.strip()]


def test_ci_runs_the_readme_set_up_command_exactly() -> None:
    readme = _block_after(README, "<!-- set-up:")
    assert readme, "the README's set-up block is empty"
    assert _ci_lines("setup") == readme


def test_ci_runs_the_readme_test_command_exactly() -> None:
    readme = _block_after(README, "## Tests")
    assert readme == ["python -m pytest"]
    assert _ci_lines("test") == readme


def test_ci_never_upgrades_pip_and_checks_it() -> None:
    """The set-up must work with the pip a new virtual environment brings (23.2 for Python
    3.11): an upgrade in CI would hide a set-up command that needs a newer one."""
    assert not re.search(r"pip install[^\n]*(--upgrade|-U)\b[^\n]*\bpip\b", CI)
    assert "ensurepip.version()" in CI


def _extra(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
    """The distributions golfo's extra ``name`` brings, its own extras expanded."""
    requires = importlib.metadata.requires("golfo") or []
    out: set[str] = set()
    for text in requires:
        requirement = Requirement(text)
        marker = requirement.marker
        if marker is None or not marker.evaluate({"extra": name}):
            continue
        if requirement.name == "golfo":
            for inner in requirement.extras - seen - {name}:
                out |= _extra(inner, seen | {name})
        else:
            out.add(requirement.name.lower().replace("_", "-"))
    return out


def test_research_extra_is_lean() -> None:
    """``golfo[research]``: what bots and research need, without the server, the browser,
    the docs or PostgreSQL."""
    research = _extra("research")
    assert {"numpy", "pettingzoo", "gymnasium", "open-spiel"} <= research
    heavy = {"starlette", "uvicorn", "websockets", "psycopg", "playwright", "ray", "matplotlib"}
    assert not research & heavy
    assert not {name for name in research if name.startswith("mkdocs")}
    # and the server extra really is what research leaves out
    assert {"starlette", "uvicorn", "websockets"} <= _extra("server")


@pytest.mark.parametrize("extra", ["dev", "research", "server", "cli"])
def test_extras_exist(extra: str) -> None:
    assert extra in (importlib.metadata.metadata("golfo").get_all("Provides-Extra") or [])
