"""golfo-native's tests run only when it is installed (``pip install ./native``): each module
skips itself otherwise (``pytest.importorskip``), saying so, unless ``GOLFO_REQUIRE_NATIVE``
is set (``.ci/run`` builds the engine and sets it): importing this module then fails the run
instead.  Every native test module imports it first."""

from __future__ import annotations

import importlib.util
import os

REQUIRED = bool(os.environ.get("GOLFO_REQUIRE_NATIVE"))
"""Whether a missing engine fails the run rather than skipping its tests."""

if REQUIRED and importlib.util.find_spec("golfo_native") is None:
    raise ImportError(
        "GOLFO_REQUIRE_NATIVE is set but golfo-native is not installed: pip install ./native"
    )
