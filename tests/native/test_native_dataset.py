"""A decision dataset (golfo.ext.dataset) played on the Rust engine is the same file as on
golfo's reducer (issue 35)."""

from __future__ import annotations

from pathlib import Path

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

import golfo
from golfo.ext.dataset import read_dataset, write_dataset


def test_the_native_engine_writes_the_same_dataset(tmp_path: Path) -> None:
    for engine in ("python", "native"):
        write_dataset(
            tmp_path / f"{engine}.npz",
            ["heuristic", "random", "random", "heuristic"],
            rules=golfo.LUDOTEKA,
            hands=6,
            seed=3,
            workers=1,
            engine=engine,
        )
    assert (tmp_path / "native.npz").read_bytes() == (tmp_path / "python.npz").read_bytes()
    assert len(read_dataset(tmp_path / "native.npz")) > 0
