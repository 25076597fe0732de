"""Shared pytest set-up: golfo's public names in every doctest's namespace.

The ecosystem adapters (``src/golfo/ext``) need their extras: without them
their modules are left out of the doctest run.  With OpenSpiel installed,
``python_golfo`` is registered here, before collection, so that OpenSpiel's
own suite sees it: ``python -m pytest --pyargs open_spiel.python.tests.games_sim_test``.
"""

import contextlib
import importlib.util
from typing import Any

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
