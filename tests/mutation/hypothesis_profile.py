"""A pytest plugin (``-p hypothesis_profile``, with ``tests/mutation`` on the path) that
registers the Hypothesis profile ``mutation``.  ``--hypothesis-profile=mutation`` (used by
``tests/mutation/run.py``) makes every run the same: derandomised, no example database
carried between runs, and no deadline (a mutant may be slow without being wrong)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
