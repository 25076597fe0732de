"""golfo-native's tests run only when it is installed (``pip install ./native``): each module
skips itself otherwise, saying so, unless ``GOLFO_REQUIRE_NATIVE`` is set (``.ci/run``
builds the engine and sets it), when a missing engine fails the run instead."""

from __future__ import annotations

import importlib.util
import os

import pytest

if os.environ.get("GOLFO_REQUIRE_NATIVE") and importlib.util.find_spec("golfo_native") is None:
    raise pytest.UsageError(
        "GOLFO_REQUIRE_NATIVE is set but golfo-native is not installed: pip install ./native"
    )
