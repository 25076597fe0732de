"""Where the server keeps its tables: a small interface, and SQLite behind it.

A table is its configuration, its seats and an **append-only log** of every action applied
to it (deals included), each with its sequence number and the time it was committed.  The
server writes an action to the log, committed, before anyone is told of it, and rebuilds a
table on start by replaying its log through :func:`golfo.apply` (so a corrupt log is found,
not trusted).  :class:`Store` is the interface; :class:`SQLiteStore` the one shipped (stdlib
``sqlite3``, WAL); a later store adds PostgreSQL for several server processes.

Secrets are never stored in clear: a seat's token is kept as its SHA-256 hash.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

from golfo.errors import GolfoError

__all__ = ["SCHEMA_VERSION", "SQLiteStore", "SeatRow", "Store", "StoreError", "TableRow"]

SCHEMA_VERSION: Final = 1
"""The version of the database layout this server writes (``golfo_meta.schema``)."""


class StoreError(GolfoError, RuntimeError):
    """The database cannot be used: a newer layout, or a log that does not follow on."""


@attrs.frozen
class SeatRow:
    """One seat of a stored table."""

    kind: str
    """``"free"``, ``"human"`` or ``"bot"``."""
    name: str = ""
    """The player's display name (or the bot's kind)."""
    token_hash: str = ""
    """The SHA-256 hash of the seat's token, hex; empty when no token was issued."""
    bot: str = "heuristic"
    """The bot that plays the seat when it is a bot seat, or for a human whose turn timer
    ran out or who asked a bot to play."""


@attrs.frozen
class TableRow:
    """A stored table: its id, its configuration (JSON data), its seats, whether it is over."""

    table_id: str
    """The table's id."""
    config: dict[str, Any]
    """The table's configuration as JSON data (rules, players, seed, pause, timer...)."""
    seats: tuple[SeatRow, ...]
    """The seats, by number."""
    finished: bool
    """Whether the game is over."""
    created: float
    """When the table was created (seconds since the epoch)."""


class Store(Protocol):
    """What the server needs from its storage."""

    def create_table(self, table: TableRow) -> None:
        """Store a new table (its log empty)."""

    def tables(self) -> list[TableRow]:
        """Every stored table, oldest first."""

    def set_seat(self, table_id: str, seat: int, row: SeatRow) -> None:
        """Change a seat (taken, given to a bot, taken back)."""

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` (JSON texts) as sequence numbers ``first``, ``first + 1``, ...
        in one transaction; :class:`StoreError` unless ``first`` follows the log's last."""

    def log(self, table_id: str) -> list[str]:
        """The table's actions in order (JSON texts)."""

    def set_finished(self, table_id: str) -> None:
        """Mark the table's game as over."""

    def close(self) -> None:
        """Release the database."""


_LAYOUT: Final = """
CREATE TABLE IF NOT EXISTS golfo_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS golfo_tables (
    table_id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS golfo_seats (
    table_id TEXT NOT NULL REFERENCES golfo_tables(table_id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    bot TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS golfo_actions (
    table_id TEXT NOT NULL REFERENCES golfo_tables(table_id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


class SQLiteStore:
    """:class:`Store` on SQLite (stdlib ``sqlite3``) in WAL mode: ``path`` a file, or
    ``":memory:"`` for a database that lives as long as the process.

    Committed writes survive the server process being killed (WAL, ``synchronous=NORMAL``:
    a power cut may lose the last few; ``durable=True`` syncs every commit to disk).
    """

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        """The database file (or ``":memory:"``)."""
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._lock:
            self._db.executescript(_LAYOUT)
            row = self._db.execute("SELECT value FROM golfo_meta WHERE key = 'schema'").fetchone()
            if row is None:
                self._db.execute(
                    "INSERT INTO golfo_meta (key, value) VALUES ('schema', ?)",
                    (str(SCHEMA_VERSION),),
                )
            elif int(row[0]) > SCHEMA_VERSION:
                raise StoreError(
                    f"the database {self.path} has layout {row[0]}, newer than this server's "
                    f"{SCHEMA_VERSION}: upgrade golfo"
                )

    def create_table(self, table: TableRow) -> None:
        """Store a new table and its seats, in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO golfo_tables (table_id, config, finished, created) "
                "VALUES (?, ?, ?, ?)",
                (table.table_id, json.dumps(table.config), int(table.finished), table.created),
            )
            for seat, row in enumerate(table.seats):
                self._db.execute(
                    "INSERT INTO golfo_seats VALUES (?, ?, ?, ?, ?, ?)",
                    (table.table_id, seat, row.kind, row.name, row.token_hash, row.bot),
                )
            self._db.execute("COMMIT")

    def tables(self) -> list[TableRow]:
        """Every stored table with its seats, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id, config, finished, created FROM golfo_tables ORDER BY created"
            ).fetchall()
            seats = self._db.execute(
                "SELECT table_id, seat, kind, name, token_hash, bot FROM golfo_seats "
                "ORDER BY table_id, seat"
            ).fetchall()
        by_table: dict[str, list[SeatRow]] = {}
        for table_id, _seat, kind, name, token_hash, bot in seats:
            by_table.setdefault(table_id, []).append(SeatRow(kind, name, token_hash, bot))
        return [
            TableRow(tid, json.loads(config), tuple(by_table.get(tid, ())), bool(done), created)
            for tid, config, done, created in rows
        ]

    def set_seat(self, table_id: str, seat: int, row: SeatRow) -> None:
        """Change one seat."""
        with self._lock, self._db:
            self._db.execute(
                "UPDATE golfo_seats SET kind = ?, name = ?, token_hash = ?, bot = ? "
                "WHERE table_id = ? AND seat = ?",
                (row.kind, row.name, row.token_hash, row.bot, table_id, seat),
            )

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` at ``first``, ``first + 1``, ... (one transaction, after checking
        that ``first`` follows the log's last entry)."""
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (last,) = self._db.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM golfo_actions WHERE table_id = ?",
                    (table_id,),
                ).fetchone()
                if last + 1 != first:
                    raise StoreError(f"table {table_id}: log ends at {last}, cannot add {first}")
                self._db.executemany(
                    "INSERT INTO golfo_actions (table_id, seq, action, time) VALUES (?, ?, ?, ?)",
                    [(table_id, first + i, text, now) for i, text in enumerate(actions)],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def log(self, table_id: str) -> list[str]:
        """The table's actions, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT action FROM golfo_actions WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        return [text for (text,) in rows]

    def set_finished(self, table_id: str) -> None:
        """Mark the game as over."""
        with self._lock, self._db:
            self._db.execute("UPDATE golfo_tables SET finished = 1 WHERE table_id = ?", (table_id,))

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._db.close()
