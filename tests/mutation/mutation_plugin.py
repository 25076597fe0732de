"""A pytest plugin for mutation runs (``-p mutation_plugin``, with ``tests/mutation`` on the
path).

* It registers the Hypothesis profile ``mutation``: ``--hypothesis-profile=mutation``
  makes every run the same (derandomised, no example database carried between runs),
  drops the deadline (a mutant may be slow without being wrong) and tries at most 25
  examples a property, even where a test's own ``@settings`` asks for more (a surviving
  mutant runs every test that reaches it; fewer examples can only let more mutants survive,
  and each survivor is then pinned by a test of its own).
* With ``GOLFO_MUTATION_DURATIONS=FILE`` in the environment, it writes each test's seconds
  (setup, call and teardown) to ``FILE`` as JSON at the end of the session: ``run.py``
  records them while it builds the coverage map, and ``select_tests.py`` runs the fastest
  tests first, so a mutant that some quick test kills is killed quickly (``-x``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

EXAMPLES = 25
"""The most examples a property tries in a mutation run."""

settings.register_profile(
    "mutation", derandomize=True, database=None, deadline=None, max_examples=EXAMPLES
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Cap the properties that ask for more examples than :data:`EXAMPLES` in their own
    ``@settings`` (which a profile does not override)."""
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(own, settings) and own.max_examples > EXAMPLES:
            test._hypothesis_internal_use_settings = settings(own, max_examples=EXAMPLES)  # type: ignore[union-attr]


_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up the phases of each test."""
    _seconds[report.nodeid] = _seconds.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the durations, when asked to."""
    out = os.environ.get("GOLFO_MUTATION_DURATIONS")
    if out:
        Path(out).write_text(json.dumps(_seconds))
