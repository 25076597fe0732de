"""The ``live`` fixture: a ``golfo serve`` process for one test (see ``serverkit``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import LiveServer


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "golfo.sqlite3", "--rate", "1000")
    server.start()
    yield server
    server.stop()
