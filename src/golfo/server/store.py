"""Where one server process keeps its tables: SQLite behind the interface of
:mod:`golfo.server.storage`.

:class:`SQLiteStore` keeps one process's tables (stdlib ``sqlite3``, WAL);
:class:`~golfo.server.postgres.PostgresStore` lets several processes share theirs (row
locks, NOTIFY and leases; ``docs/deployment.md``).

Secrets are never stored in clear: a seat's token is kept as its SHA-256 hash.  The SQLite
file holds every hidden card: it is created readable by its owner only (``0600``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from golfo.server.storage import (
    LAST_MOVE,
    REASONS,
    SCHEMA_VERSION,
    SEAT_COLUMNS,
    SEATED,
    TABLE_COLUMNS,
    ClosedError,
    Event,
    Room,
    SeatRow,
    StaleLogError,
    Store,
    StoreError,
    TableInfo,
    TableRow,
    UnavailableError,
    check_room,
    is_postgres_url,
    redact_url,
    seat_values,
    table_rows,
)

# the interface's names, imported from here before golfo.server.storage held them
__all__ = [
    "SCHEMA_VERSION",
    "Event",
    "SQLiteStore",
    "SeatRow",
    "StaleLogError",
    "Store",
    "StoreError",
    "TableRow",
    "UnavailableError",
    "is_postgres_url",
    "redact_url",
]

log = logging.getLogger("golfo.server")

_MIGRATIONS: Final[dict[int, str]] = {
    1: """
CREATE TABLE golfo_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE golfo_tables (
    table_id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE golfo_seats (
    table_id TEXT NOT NULL REFERENCES golfo_tables(table_id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    bot TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE golfo_actions (
    table_id TEXT NOT NULL REFERENCES golfo_tables(table_id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
""",
    2: """
ALTER TABLE golfo_seats ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 0;
ALTER TABLE golfo_seats ADD COLUMN vote INTEGER NOT NULL DEFAULT -1;
""",
    3: """
ALTER TABLE golfo_tables ADD COLUMN archived REAL;
ALTER TABLE golfo_tables ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE golfo_tables ADD COLUMN active REAL NOT NULL DEFAULT 0;
ALTER TABLE golfo_tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE golfo_tables ADD COLUMN attended REAL NOT NULL DEFAULT 0;
ALTER TABLE golfo_seats ADD COLUMN taker TEXT NOT NULL DEFAULT '';
UPDATE golfo_tables SET active = created;
UPDATE golfo_tables SET reason = 'over', archived = COALESCE((SELECT a.time FROM golfo_actions a
    WHERE a.table_id = golfo_tables.table_id ORDER BY a.seq DESC LIMIT 1), created)
    WHERE finished = 1;
CREATE INDEX golfo_tables_live ON golfo_tables (creator) WHERE archived IS NULL;
CREATE INDEX golfo_seats_taker ON golfo_seats (taker) WHERE taker <> '';
""",
}
"""SQLite's layout, version by version (PostgreSQL's is in :mod:`golfo.server.postgres`)."""

assert max(_MIGRATIONS) == SCHEMA_VERSION


class SQLiteStore:
    """:class:`Store` on SQLite (stdlib ``sqlite3``) in WAL mode: ``path`` a file, or
    ``":memory:"`` for a database that lives as long as the process.

    Committed writes survive the server process being killed (WAL, ``synchronous=NORMAL``:
    a power cut may lose the last few; ``durable=True`` syncs every commit to disk).  One
    server process uses it: it holds every lease, and has no one to tell of its changes.

    A new file is created readable and writable by its owner only (``0600``; SQLite gives
    its ``-wal`` and ``-shm`` files the same mode).  A file that is not a golfo database is
    refused with :class:`StoreError`, saying why, and left as it is: an empty (0-byte) file,
    a damaged one, another program's SQLite database.
    """

    shared = False
    """Only this process writes the database."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        """The database file (or ``":memory:"``)."""
        self._lock = threading.Lock()
        on_disk = self.path not in (":memory:", "")
        if on_disk:
            _create_private(self.path)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the database {self.path}: {error}") from None
        try:
            self._refuse_foreign()  # before anything is written
            if on_disk:
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            with self._lock:
                self._migrate()
            if on_disk:
                _warn_if_shared(self.path)
        except sqlite3.OperationalError as error:
            self._db.close()
            raise StoreError(f"cannot open the database {self.path}: {error}") from None
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(_damaged(self.path, error)) from None
        except BaseException:
            self._db.close()
            raise

    @contextlib.contextmanager
    def _locked(self) -> Iterator[sqlite3.Connection]:
        """The connection, under the lock; a failure of SQLite is :class:`UnavailableError`."""
        with self._lock:
            try:
                yield self._db
            except (sqlite3.OperationalError, sqlite3.IntegrityError) as error:
                raise UnavailableError(f"the database {self.path} failed: {error}") from error
            except sqlite3.Error as error:  # SQLITE_CORRUPT, SQLITE_NOTADB
                raise UnavailableError(_damaged(self.path, error)) from error

    def _refuse_foreign(self) -> bool:
        """:class:`StoreError` if the database has tables, none of them golfo's; whether it
        has any."""
        rows = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        names = {name for (name,) in rows}
        if names and "golfo_meta" not in names:
            raise StoreError(
                f"the database {self.path} is another program's SQLite database (it has no "
                "golfo_meta): it is left as it is; give golfo a file of its own with --db"
            )
        return bool(names)

    def _migrate(self) -> None:
        """Create the layout in an empty database, or bring an older one up to date."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            exists = self._refuse_foreign()  # again, in the transaction
            row = (
                db.execute("SELECT value FROM golfo_meta WHERE key = 'schema'").fetchone()
                if exists
                else None
            )
            version = int(row[0]) if row is not None else 0
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the database {self.path} has layout {version}, newer than this server's "
                    f"{SCHEMA_VERSION}: upgrade golfo"
                )
            for target in range(version + 1, SCHEMA_VERSION + 1):
                for statement in _MIGRATIONS[target].split(";"):
                    if statement.strip():
                        db.execute(statement)
            if version < SCHEMA_VERSION:
                db.execute(
                    "INSERT OR REPLACE INTO golfo_meta (key, value) VALUES ('schema', ?)",
                    (str(SCHEMA_VERSION),),
                )
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _count(self, sql: str, params: tuple[Any, ...]) -> int:
        (number,) = self._db.execute(sql, params).fetchone()
        return int(number)

    def create_table(
        self, table: TableRow, actions: Sequence[str] = (), *, room: Room | None = None
    ) -> None:
        """Store a new table, its seats and its first actions, in one transaction (if it
        fits in ``room``)."""
        now = time.time()
        takers = [row.taker for row in table.seats if row.kind == "human"]
        with self._locked() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if room is not None:
                    check_room(self._count, room, table=True, creator=table.creator, takers=takers)
                db.execute(
                    "INSERT INTO golfo_tables (table_id, config, finished, created, archived, "
                    "reason, active, creator) VALUES (?, ?, ?, ?, NULL, '', ?, ?)",
                    (
                        table.table_id,
                        json.dumps(table.config),
                        int(table.finished),
                        table.created,
                        table.created,
                        table.creator,
                    ),
                )
                db.executemany(
                    f"INSERT INTO golfo_seats (table_id, seat, {SEAT_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(table.table_id, s, *seat_values(row)) for s, row in enumerate(table.seats)],
                )
                db.executemany(
                    "INSERT INTO golfo_actions (table_id, seq, action, time) VALUES (?, ?, ?, ?)",
                    [(table.table_id, i + 1, text, now) for i, text in enumerate(actions)],
                )
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def tables(self, *, every: bool = False) -> list[TableRow]:
        """The live tables (``every``: all) with their seats, oldest first."""
        live = "" if every else " WHERE archived IS NULL"
        with self._locked() as db:
            rows = db.execute(
                f"SELECT {TABLE_COLUMNS} FROM golfo_tables{live} ORDER BY created, table_id"
            ).fetchall()
            seats = db.execute(
                f"SELECT table_id, {SEAT_COLUMNS} FROM golfo_seats WHERE table_id IN "
                f"(SELECT table_id FROM golfo_tables{live}) ORDER BY table_id, seat"
            ).fetchall()
        return table_rows(rows, seats)

    def table(self, table_id: str) -> TableRow | None:
        """One table with its seats, or ``None``."""
        with self._locked() as db:
            row = db.execute(
                f"SELECT {TABLE_COLUMNS} FROM golfo_tables WHERE table_id = ?", (table_id,)
            ).fetchone()
            seats = db.execute(
                f"SELECT table_id, {SEAT_COLUMNS} FROM golfo_seats WHERE table_id = ? "
                "ORDER BY seat",
                (table_id,),
            ).fetchall()
        if row is None:
            return None
        (table,) = table_rows([row], seats)
        return table

    def set_seat(
        self,
        table_id: str,
        seat: int,
        row: SeatRow,
        *,
        expect: str | None = None,
        quota: int | None = None,
    ) -> bool:
        """Change one seat (only if its kind is ``expect``, when given; only within the
        ``quota`` of its taker, when given; never at an archived table)."""
        sql = (
            "UPDATE golfo_seats SET kind = ?, name = ?, token_hash = ?, bot = ?, autoplay = ?, "
            "vote = ?, taker = ? WHERE table_id = ? AND seat = ?"
        )
        params: tuple[Any, ...] = (*seat_values(row), table_id, seat)
        if expect is not None:
            sql += " AND kind = ?"
            params += (expect,)
        with self._locked() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                found = db.execute(
                    "SELECT archived FROM golfo_tables WHERE table_id = ?", (table_id,)
                ).fetchone()
                if found is None or found[0] is not None:
                    raise ClosedError(f"table {table_id} is archived")
                if quota is not None and row.kind == "human":
                    check_room(self._count, Room(per_taker=quota), takers=[row.taker])
                changed = db.execute(sql, params).rowcount == 1
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return changed

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` at ``first``, ``first + 1``, ... (one transaction, after checking
        that ``first`` follows the log's last entry)."""
        now = time.time()
        with self._locked() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                found = db.execute(
                    "SELECT archived FROM golfo_tables WHERE table_id = ?", (table_id,)
                ).fetchone()
                if found is None or found[0] is not None:
                    raise ClosedError(f"table {table_id} is archived: its log is closed")
                (last,) = db.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM golfo_actions WHERE table_id = ?",
                    (table_id,),
                ).fetchone()
                if last + 1 != first:
                    raise StaleLogError(f"table {table_id}: log ends at {last}, cannot add {first}")
                db.executemany(
                    "INSERT INTO golfo_actions (table_id, seq, action, time) VALUES (?, ?, ?, ?)",
                    [(table_id, first + i, text, now) for i, text in enumerate(actions)],
                )
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def log(self, table_id: str, after: int = 0) -> list[str]:
        """The table's actions after sequence number ``after``, in order."""
        with self._locked() as db:
            rows = db.execute(
                "SELECT action FROM golfo_actions WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
        return [text for (text,) in rows]

    def set_finished(self, table_id: str) -> None:
        """Mark the game as over, and archive the table (``"over"``)."""
        with self._locked() as db:
            db.execute(
                "UPDATE golfo_tables SET finished = 1, archived = COALESCE(archived, ?), "
                "reason = CASE WHEN archived IS NULL THEN 'over' ELSE reason END "
                "WHERE table_id = ?",
                (time.time(), table_id),
            )

    def archive(self, table_ids: Sequence[str], reason: str) -> list[str]:
        """Archive the live tables among ``table_ids``; the ones archived."""
        if reason not in REASONS:
            raise ValueError(f"not a reason to archive: {reason!r}")
        with self._locked() as db:
            rows = db.execute(
                "UPDATE golfo_tables SET archived = ?, reason = ? WHERE archived IS NULL "
                f"AND table_id IN {_AMONG} RETURNING table_id",
                (time.time(), reason, _ids(table_ids)),
            ).fetchall()
        return [table_id for (table_id,) in rows]

    def archive_idle(
        self, seated_before: float, unseated_before: float, keep: Sequence[str]
    ) -> list[str]:
        """Archive the live tables nobody attended or moved for too long (``"abandoned"``)."""
        with self._locked() as db:
            rows = db.execute(
                "UPDATE golfo_tables SET archived = ?, reason = 'abandoned' "
                f"WHERE archived IS NULL AND table_id NOT IN {_AMONG} "
                f"AND MAX(active, {LAST_MOVE}) < CASE WHEN {SEATED} THEN ? ELSE ? END "
                "RETURNING table_id",
                (time.time(), _ids(keep), seated_before, unseated_before),
            ).fetchall()
        return [table_id for (table_id,) in rows]

    def touch(
        self, table_ids: Sequence[str], *, present: bool = True, announce: bool = False
    ) -> None:
        """Note that ``table_ids`` are attended now (nobody else to tell)."""
        if not table_ids:
            return
        now = time.time()
        sets, params = (
            ("active = ?, attended = ?", (now, now)) if present else ("active = ?", (now,))
        )
        with self._locked() as db:
            db.execute(
                f"UPDATE golfo_tables SET {sets} WHERE table_id IN {_AMONG}",
                (*params, _ids(table_ids)),
            )

    def activity(self, table_ids: Sequence[str]) -> dict[str, float]:
        """When each of ``table_ids`` was last attended."""
        with self._locked() as db:
            rows = db.execute(
                f"SELECT table_id, attended FROM golfo_tables WHERE table_id IN {_AMONG}",
                (_ids(table_ids),),
            ).fetchall()
        return {table_id: float(attended) for table_id, attended in rows}

    def closed(self, table_ids: Sequence[str]) -> dict[str, str]:
        """Which of ``table_ids`` are archived or gone, with the reason (``""``: gone)."""
        with self._locked() as db:
            rows = db.execute(
                f"SELECT table_id, archived, reason FROM golfo_tables WHERE table_id IN {_AMONG}",
                (_ids(table_ids),),
            ).fetchall()
        found = {table_id: (archived, str(reason)) for table_id, archived, reason in rows}
        return {
            table_id: found[table_id][1] if table_id in found else ""
            for table_id in table_ids
            if table_id not in found or found[table_id][0] is not None
        }

    def delete(self, table_ids: Sequence[str]) -> list[str]:
        """Delete the archived tables among ``table_ids`` for good; the ones deleted."""
        with self._locked() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                found = [
                    table_id
                    for (table_id,) in db.execute(
                        "SELECT table_id FROM golfo_tables WHERE archived IS NOT NULL "
                        f"AND table_id IN {_AMONG}",
                        (_ids(table_ids),),
                    ).fetchall()
                ]
                for table in ("golfo_actions", "golfo_seats", "golfo_tables"):
                    db.execute(f"DELETE FROM {table} WHERE table_id IN {_AMONG}", (_ids(found),))
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        return found

    def listing(self, *, every: bool = True) -> list[TableInfo]:
        """The tables (``every``: the archived too) with their logs' lengths, for the
        operator."""
        tables = self.tables(every=every)
        with self._locked() as db:
            counts = {
                table_id: (int(n), float(t) if t is not None else None)
                for table_id, n, t in db.execute(
                    "SELECT table_id, COUNT(*), MAX(time) FROM golfo_actions GROUP BY table_id"
                ).fetchall()
            }
        return [TableInfo(row, *counts.get(row.table_id, (0, None))) for row in tables]

    def heads(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The last sequence number of each table's log."""
        marks = ",".join("?" * len(table_ids))
        with self._locked() as db:
            rows = db.execute(
                f"SELECT table_id, MAX(seq) FROM golfo_actions WHERE table_id IN ({marks}) "
                "GROUP BY table_id",
                tuple(table_ids),
            ).fetchall()
        return {table_id: int(seq) for table_id, seq in rows}

    def leases(self, holder: str, ttl: float) -> set[str]:
        """Every live table: this process is the only one."""
        with self._locked() as db:
            rows = db.execute("SELECT table_id FROM golfo_tables WHERE archived IS NULL")
            return {table_id for (table_id,) in rows.fetchall()}

    def take_lease(self, holder: str, table_id: str, ttl: float) -> bool:
        """Always: this process is the only one."""
        return True

    def release(self, holder: str) -> None:
        """Nothing to give up."""

    def subscribe(self, callback: Callable[[Event], None]) -> None:
        """Nothing to hear: no other process writes this database."""

    def secret(self) -> bytes:
        """The database's secret (made once, kept in ``golfo_meta``)."""
        with self._locked() as db:
            db.execute(
                "INSERT OR IGNORE INTO golfo_meta (key, value) VALUES ('secret', ?)",
                (secrets.token_hex(32),),
            )
            (value,) = db.execute("SELECT value FROM golfo_meta WHERE key = 'secret'").fetchone()
        return bytes.fromhex(value)

    def check(self) -> None:
        """Read the layout's version."""
        with self._locked() as db:
            db.execute("SELECT value FROM golfo_meta WHERE key = 'schema'").fetchone()

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._db.close()


def _warn_if_shared(path: str) -> None:
    """Log that the database file ``path`` is readable by other users, if it is (a file an
    older golfo made, or a copy): it is the operator's to change, not golfo's."""
    info = os.stat(path)
    if stat.S_ISREG(info.st_mode) and info.st_mode & 0o077:
        log.warning(
            "the database %s can be read by other users (mode %s) and holds every hidden "
            "card: chmod 600 it",
            path,
            oct(stat.S_IMODE(info.st_mode))[2:],
        )


def _damaged(path: str, error: sqlite3.Error) -> str:
    return (
        f"the database {path} is damaged or not a database ({error}): it is left as it is; "
        "restore it from a copy, or give another file with --db"
    )


def _create_private(path: str) -> None:
    """Create the database file ``path``, empty and private (``0600``), unless it exists;
    refuse an existing file of 0 bytes (not a database: SQLite would start an empty one in
    it, as if every game were gone)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        return
    except FileExistsError:
        pass
    except OSError as error:
        raise StoreError(f"cannot create the database {path}: {error.strerror}") from None
    try:
        info = os.stat(path)
    except OSError as error:
        raise StoreError(f"cannot open the database {path}: {error.strerror}") from None
    if stat.S_ISREG(info.st_mode) and info.st_size == 0:
        raise StoreError(
            f"the database {path} is an empty file (0 bytes), not a golfo database: it is "
            "left as it is; remove it to start a new database there, or give the right file "
            "with --db"
        )


_AMONG: Final = "(SELECT value FROM json_each(?))"
"""SQL: the ids in one parameter, a JSON list (:func:`_ids`): no limit on how many, and none
is none (``NOT IN`` it is true)."""


def _ids(items: Sequence[str]) -> str:
    """Table ids as the one parameter of :data:`_AMONG`."""
    return json.dumps(list(items))
