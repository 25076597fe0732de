"""Where the server keeps its tables: a small interface, and SQLite behind it.

A table is its configuration, its seats and an **append-only log** of every action applied
to it (deals included), each with its sequence number and the time it was committed.  The
server writes an action to the log, committed, before anyone is told of it, and rebuilds a
table on start by replaying its log through :func:`golfo.apply` (so a corrupt log is found,
not trusted).  :class:`Store` is the interface; :class:`SQLiteStore` keeps one process's
tables (stdlib ``sqlite3``, WAL); :class:`~golfo.server.postgres.PostgresStore` lets several
processes share theirs (row locks, NOTIFY and leases; ``docs/deployment.md``).

The layout is versioned (:data:`SCHEMA_VERSION`): a newer server upgrades an older database
as it opens it; an older server refuses a newer one.

Secrets are never stored in clear: a seat's token is kept as its SHA-256 hash.  The SQLite
file holds every hidden card: it is created readable by its owner only (``0600``).  A failure
of the database itself (down, full, damaged) is :class:`UnavailableError`, whatever the store.
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
from typing import Any, Final, Protocol

import attrs

from golfo.errors import GolfoError

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

SCHEMA_VERSION: Final = 2
"""The version of the database layout this server writes (``golfo_meta.schema``): 1 the
first server's; 2 adds each seat's ``autoplay`` and ``vote`` (shared by every process) and,
on PostgreSQL, the leases."""


class StoreError(GolfoError, RuntimeError):
    """The database cannot be used: a newer layout, or a log that does not follow on."""


class UnavailableError(StoreError):
    """The database failed: it does not answer (down, restarting, unreachable), cannot write
    (a full disk) or cannot be read (a damaged file).  What was asked is not done, or not
    known to be done; a client is told ``unavailable`` and may try again, the server's own
    tasks try again by themselves."""


class StaleLogError(StoreError):
    """The log has moved on since the state an action was applied to: another process
    committed first.  The action is not stored; the table catches up and the client is
    told ``stale``."""


log = logging.getLogger("golfo.server")

_EVENT_KINDS: Final = frozenset({"actions", "table", "seats", "resync"})


@attrs.frozen
class Event:
    """What one process announces to the others (PostgreSQL's NOTIFY): a table's new
    ``actions`` up to ``seq``, a new ``table``, changed ``seats``; ``resync`` (from the store
    itself) when announcements may have been missed.

    >>> Event.parse(Event("actions", "a1b2", 17).payload())
    Event(kind='actions', table_id='a1b2', seq=17)
    """

    kind: str
    """``"actions"``, ``"table"``, ``"seats"`` or ``"resync"``."""
    table_id: str
    """The table it is about (empty for ``resync``)."""
    seq: int = 0
    """For ``actions``: the sequence number of the last action committed."""

    def payload(self) -> str:
        """The event as the text of a notification."""
        return f"{self.kind} {self.table_id} {self.seq}"

    @classmethod
    def parse(cls, text: str) -> Event | None:
        """The event in a notification's text, or ``None`` if it is not one."""
        parts = text.split(" ")
        if len(parts) != 3 or parts[0] not in _EVENT_KINDS or not parts[2].isdigit():
            return None
        return cls(parts[0], parts[1], int(parts[2]))


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
    autoplay: bool = False
    """Whether the bot plays for this human seat, at the player's request."""
    vote: int = -1
    """The version of the game at which this human seat agreed to end an open-ended game
    (between hands); the vote counts only while the game is still at that version."""


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
    """What the server needs from its storage.

    A store that other processes also write (``shared``) announces every change with
    :meth:`subscribe` and decides with :meth:`leases` which process runs each table's own
    tasks; a store of one process holds every lease and has nothing to announce.
    """

    shared: bool
    """Whether other server processes write the same database."""

    def create_table(self, table: TableRow, actions: Sequence[str] = ()) -> None:
        """Store a new table, its seats and the first ``actions`` of its log (sequence
        numbers 1, 2, ...: its first deal) in one transaction: after a failure, nothing of
        it is stored."""

    def tables(self) -> list[TableRow]:
        """Every stored table, oldest first."""

    def table(self, table_id: str) -> TableRow | None:
        """One table as stored now (its seats included), or ``None``."""

    def set_seat(
        self, table_id: str, seat: int, row: SeatRow, *, expect: str | None = None
    ) -> bool:
        """Change a seat (taken, given to a bot, taken back); with ``expect``, only if its
        kind is still ``expect`` (so a seat two players take at once goes to one).  Whether
        it changed."""

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` (JSON texts) as sequence numbers ``first``, ``first + 1``, ...
        in one transaction; :class:`StaleLogError` unless ``first`` follows the log's last."""

    def log(self, table_id: str, after: int = 0) -> list[str]:
        """The table's actions after sequence number ``after``, in order (JSON texts)."""

    def set_finished(self, table_id: str) -> None:
        """Mark the table's game as over."""

    def heads(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The last sequence number of each table's log (tables with no log left out)."""

    def leases(self, holder: str, ttl: float) -> set[str]:
        """Renew ``holder``'s leases for ``ttl`` seconds, take the free or expired ones of
        unfinished tables, and return the tables whose own tasks ``holder`` runs."""

    def take_lease(self, holder: str, table_id: str, ttl: float) -> bool:
        """Take one table's lease if it is free, expired or already ``holder``'s."""

    def release(self, holder: str) -> None:
        """Give up every lease of ``holder``."""

    def subscribe(self, callback: Callable[[Event], None]) -> None:
        """Call ``callback`` (from another thread) with every change any process makes."""

    def secret(self) -> bytes:
        """The database's own secret: 32 random bytes, made the first time it is asked for
        and kept in ``golfo_meta`` (every process on the database gets the same), mixed into
        every seeded deal (:mod:`golfo.server.seeds`)."""

    def check(self) -> None:
        """Touch the database (the health check): :class:`UnavailableError` unless it
        answers."""

    def close(self) -> None:
        """Release the database."""


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

    def create_table(self, table: TableRow, actions: Sequence[str] = ()) -> None:
        """Store a new table, its seats and its first actions, in one transaction."""
        now = time.time()
        with self._locked() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO golfo_tables (table_id, config, finished, created) "
                    "VALUES (?, ?, ?, ?)",
                    (table.table_id, json.dumps(table.config), int(table.finished), table.created),
                )
                db.executemany(
                    "INSERT INTO golfo_seats (table_id, seat, kind, name, token_hash, bot, "
                    "autoplay, vote) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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

    def tables(self) -> list[TableRow]:
        """Every stored table with its seats, oldest first."""
        with self._locked() as db:
            rows = db.execute(
                "SELECT table_id, config, finished, created FROM golfo_tables ORDER BY created"
            ).fetchall()
            seats = db.execute(
                "SELECT table_id, kind, name, token_hash, bot, autoplay, vote FROM golfo_seats "
                "ORDER BY table_id, seat"
            ).fetchall()
        return table_rows(rows, seats)

    def table(self, table_id: str) -> TableRow | None:
        """One table with its seats, or ``None``."""
        with self._locked() as db:
            row = db.execute(
                "SELECT config, finished, created FROM golfo_tables WHERE table_id = ?",
                (table_id,),
            ).fetchone()
            seats = db.execute(
                "SELECT kind, name, token_hash, bot, autoplay, vote FROM golfo_seats "
                "WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
        if row is None:
            return None
        (table,) = table_rows([(table_id, *row)], [(table_id, *s) for s in seats])
        return table

    def set_seat(
        self, table_id: str, seat: int, row: SeatRow, *, expect: str | None = None
    ) -> bool:
        """Change one seat (only if its kind is ``expect``, when given)."""
        sql = (
            "UPDATE golfo_seats SET kind = ?, name = ?, token_hash = ?, bot = ?, autoplay = ?, "
            "vote = ? WHERE table_id = ? AND seat = ?"
        )
        params: tuple[Any, ...] = (*seat_values(row), table_id, seat)
        if expect is not None:
            sql += " AND kind = ?"
            params += (expect,)
        with self._locked() as db:
            return db.execute(sql, params).rowcount == 1

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` at ``first``, ``first + 1``, ... (one transaction, after checking
        that ``first`` follows the log's last entry)."""
        now = time.time()
        with self._locked() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
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
        """Mark the game as over."""
        with self._locked() as db:
            db.execute("UPDATE golfo_tables SET finished = 1 WHERE table_id = ?", (table_id,))

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
        """Every unfinished table: this process is the only one."""
        with self._locked() as db:
            rows = db.execute("SELECT table_id FROM golfo_tables WHERE finished = 0")
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


def is_postgres_url(text: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a SQLite file.

    >>> is_postgres_url("postgresql://golfo@db.example/golfo"), is_postgres_url("golfo.sqlite3")
    (True, False)
    """
    return text.startswith(("postgresql://", "postgres://"))


def redact_url(url: str) -> str:
    """A PostgreSQL URL without its password, for messages and logs.

    >>> redact_url("postgresql://golfo:s3cret@db:5432/golfo")
    'postgresql://golfo:***@db:5432/golfo'
    """
    scheme, sep, rest = url.partition("://")
    login, at, host = rest.rpartition("@")
    if not sep or not at or ":" not in login:
        return url
    return f"{scheme}://{login.split(':', 1)[0]}:***@{host}"


def table_rows(tables: Sequence[Sequence[Any]], seats: Sequence[Sequence[Any]]) -> list[TableRow]:
    """:class:`TableRow` s from the columns ``table_id, config, finished, created`` of each
    table and ``table_id, kind, name, token_hash, bot, autoplay, vote`` of each seat (in seat
    order), as both stores read them."""
    by_table: dict[str, list[SeatRow]] = {}
    for table_id, *values in seats:
        by_table.setdefault(table_id, []).append(seat_row(values))
    return [
        TableRow(tid, json.loads(config), tuple(by_table.get(tid, ())), bool(done), created)
        for tid, config, done, created in tables
    ]


def seat_values(row: SeatRow) -> tuple[Any, ...]:
    """A seat's columns ``kind, name, token_hash, bot, autoplay, vote``, to store it."""
    return (row.kind, row.name, row.token_hash, row.bot, row.autoplay, row.vote)


def seat_row(values: Sequence[Any]) -> SeatRow:
    """A :class:`SeatRow` from the columns ``kind, name, token_hash, bot, autoplay, vote``."""
    kind, name, token_hash, bot, autoplay, vote = values
    return SeatRow(str(kind), str(name), str(token_hash), str(bot), bool(autoplay), int(vote))
