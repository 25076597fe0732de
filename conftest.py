"""Shared pytest set-up: golfo's public names in every doctest's namespace."""

from typing import Any

import pytest

import golfo


@pytest.fixture(autouse=True)
def _golfo_doctest_namespace(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace.update({name: getattr(golfo, name) for name in golfo.__all__})
    doctest_namespace["golfo"] = golfo
