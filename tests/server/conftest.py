"""The server's fixtures.  Every server test runs on both stores: ``db`` is a fresh SQLite
file, then a fresh database on a throwaway PostgreSQL cluster (``pgkit``) started once for
the session; ``live`` is a ``golfo serve`` process on it (see ``serverkit``).

Without PostgreSQL's programs the PostgreSQL runs are skipped, saying so, unless
``GOLFO_REQUIRE_POSTGRES`` is set (``.ci/run`` installs PostgreSQL and sets it).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pgkit import Cluster
from serverkit import LiveServer

STORES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    try:
        cluster = Cluster()
    except FileNotFoundError as error:
        if os.environ.get("GOLFO_REQUIRE_POSTGRES"):
            raise
        pytest.skip(f"{error}: the PostgreSQL store is not tested here")
    cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=STORES)
def new_db(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """Makes fresh databases of one store: SQLite files, or PostgreSQL databases."""
    if request.param == "postgresql":
        cluster: Cluster = request.getfixturevalue("postgres")
        return cluster.database
    count = iter(range(1, 1000))
    return lambda: str(tmp_path / f"golfo{next(count)}.sqlite3")


@pytest.fixture
def db(new_db: Callable[[], str]) -> str:
    """A fresh database: a SQLite file's path or a PostgreSQL URL."""
    return new_db()


@pytest.fixture
def live(db: str) -> Iterator[LiveServer]:
    server = LiveServer(db, "--rate", "1000")
    server.start()
    yield server
    server.stop()
