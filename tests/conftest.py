"""Hypothesis profiles.  ``--hypothesis-profile=mutation`` (used by ``tests/mutation/run.py``)
makes every run the same: derandomised, no example database carried between runs, and no
deadline (a mutant may be slow without being wrong)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
