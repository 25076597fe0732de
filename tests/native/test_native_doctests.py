"""The examples in golfo_native's docstrings run (the test command's doctests cover
``src/golfo`` only; golfo-native is a distribution of its own, under ``native/``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

golfo_native = pytest.importorskip("golfo_native")

MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(golfo_native.__path__, "golfo_native.")
    if m.name != "golfo_native.__main__"
)


@pytest.mark.parametrize("name", ["golfo_native", *MODULES])
def test_the_examples_of_each_module_run(name: str) -> None:
    module = importlib.import_module(name)
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    result = doctest.testmod(module, optionflags=flags, verbose=False)
    assert result.failed == 0


def test_there_are_examples_to_run() -> None:
    """The modules the API is written in have examples (a test that runs none cannot fail)."""
    finder = doctest.DocTestFinder()
    examples = {
        name: sum(len(t.examples) for t in finder.find(importlib.import_module(name)))
        for name in MODULES
    }
    assert examples["golfo_native._batch"] >= 4
    assert sum(examples.values()) >= 8, examples
