"""Which store ``golfo serve --db`` names: :func:`open_store`.

It sits apart from :mod:`golfo.server.store` (SQLite) and :mod:`golfo.server.postgres`, which
both build on the interface of :mod:`golfo.server.storage` and never import each other.
"""

from __future__ import annotations

from pathlib import Path

from golfo.server.storage import Store, StoreError, is_postgres_url
from golfo.server.store import SQLiteStore

__all__ = ["open_store"]


def open_store(db: str | Path, *, durable: bool = False) -> Store:
    """The store ``golfo serve --db`` names: a PostgreSQL URL (``postgresql://...``, extra
    ``golfo[postgres]``) or a SQLite file (``":memory:"``: nothing kept)."""
    text = str(db)
    if is_postgres_url(text):
        try:
            from golfo.server.postgres import PostgresStore
        except ImportError as error:  # pragma: no cover - the extra is in dev
            raise StoreError(
                f"a PostgreSQL database needs psycopg: pip install 'golfo[postgres]' ({error})"
            ) from None
        return PostgresStore(text)
    if text != ":memory:":
        Path(text).parent.mkdir(parents=True, exist_ok=True)
    return SQLiteStore(text, durable=durable)
