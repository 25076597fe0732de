"""Shared pytest set-up: golfo's public names in every doctest's namespace; the long
lockstep run of golfo-native, started beside the other tests (:class:`LongRun`).

The ecosystem adapters (``src/golfo/ext``) need their extras: without them
their modules are left out of the doctest run.  With OpenSpiel installed,
``python_golfo`` is registered here, before collection, so that OpenSpiel's
own suite sees it: ``python -m pytest --pyargs open_spiel.python.tests.games_sim_test``.
"""

import contextlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

import pytest

import golfo

_EXTRAS = {"pettingzoo": ("pettingzoo", "gymnasium", "numpy"), "openspiel": ("pyspiel", "numpy")}
collect_ignore = [
    f"src/golfo/ext/{module}.py"
    for module, needs in _EXTRAS.items()
    if any(importlib.util.find_spec(name) is None for name in needs)
]
with contextlib.suppress(ImportError):
    import golfo.ext.openspiel  # registers python_golfo


@pytest.fixture(autouse=True)
def _golfo_doctest_namespace(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace.update({name: getattr(golfo, name) for name in golfo.__all__})
    doctest_namespace["golfo"] = golfo


LONG_RUN_GAMES = int(os.environ.get("GOLFO_NATIVE_GAMES", "10000"))
"""Random games of golfo-native's long lockstep run (``GOLFO_NATIVE_GAMES`` sets it)."""


class LongRun:
    """golfo-native's long lockstep run (``golfo conformance run`` against ``python -m
    golfo_native engine``: every vector, the corpus, :data:`LONG_RUN_GAMES` random games),
    started in a process of its own as soon as the session's tests are collected, so that it
    plays beside the other tests; its test (``tests/native/test_native_engine.py``), moved
    to the end of the session, waits for it.  Not started when that test is not selected,
    or when golfo-native is not installed."""

    TEST = "test_the_long_lockstep_run_agrees"
    """The name of the test that reads the run."""
    NAME = "golfo-long-run"
    """The plugin's name: ``config.pluginmanager.get_plugin(NAME)``."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None
        self.log: IO[str] | None = None
        self.began = 0.0
        self.games = LONG_RUN_GAMES

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Move the long run's test last: it waits for the run."""
        last = [item for item in items if item.name == self.TEST]
        for item in last:
            items.remove(item)
        items.extend(last)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Start the run if its test is to run."""
        if session.config.option.collectonly or importlib.util.find_spec("golfo_native") is None:
            return
        if not any(item.name == self.TEST for item in session.items):
            return
        root = Path(__file__).resolve().parent
        jobs = max(1, (os.cpu_count() or 1) - 1)  # a core left for the other tests
        self.log = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (kept open)
        self.began = time.perf_counter()
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "golfo.conformance", "run",
                "--engine", f"{sys.executable} -m golfo_native engine",
                "--corpus", str(root / "conformance" / "corpus.jsonl.gz"),
                "--games", str(self.games), "--jobs", str(jobs),
                "--out", tempfile.mkdtemp(prefix="golfo-long-run-"),
            ],
            cwd=root,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip

    def wait(self, timeout: float) -> tuple[int, str, float]:
        """Wait for the run: its exit status, its report, and its seconds of wall time."""
        assert self.process is not None, "the long run never started"
        assert self.log is not None
        status = self.process.wait(timeout=timeout)
        self.log.seek(0)
        return status, self.log.read(), time.perf_counter() - self.began

    def pytest_unconfigure(self) -> None:
        """Stop the run if the session ends first (a failure, an interrupt)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def pytest_configure(config: pytest.Config) -> None:
    """Register :class:`LongRun`."""
    config.pluginmanager.register(LongRun(), LongRun.NAME)
