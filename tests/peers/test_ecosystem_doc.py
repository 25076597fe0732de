"""Every Python example of docs/guides/research.md runs, and the printed outputs shown there match.

Examples that need an extra are skipped when it is not installed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "guides" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _needs(code: str) -> list[str]:
    needs = []
    if "pettingzoo" in code:
        needs += ["pettingzoo", "gymnasium", "numpy"]
    if "pyspiel" in code or "open_spiel" in code:
        needs += ["pyspiel", "numpy"]
    if "golfo_native" in code:
        needs += ["golfo_native", "numpy"]
    if "gymnasium" in code:
        needs += ["gymnasium", "numpy", "golfo_native"]
    return needs


def test_the_page_has_the_examples() -> None:
    assert len(BLOCKS) == 12


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index: int) -> None:
    code = BLOCKS[index]
    missing = [name for name in _needs(code) if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"{DOC}:example {index + 1}", "exec"), {"__name__": "example"})
    shown = [line[2:] for line in code.splitlines() if line.startswith("# [")]
    for line in shown:  # an output written as a comment right after the code
        assert line in out.getvalue()
