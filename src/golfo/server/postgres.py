"""The :class:`~golfo.server.storage.Store` on PostgreSQL, for several ``golfo serve`` processes.

Every process keeps the tables in memory as a cache of the database; the database is the
truth.  Three PostgreSQL features do the work, and golfo invents none of its own:

- **a row lock** (``SELECT ... FOR UPDATE`` on the table's row) serialises the actions of one
  table across every process: :meth:`PostgresStore.append` takes it, checks that the new
  actions follow the log's last one, inserts them and commits; a process whose cache was
  behind gets :class:`~golfo.server.storage.StaleLogError` and its client ``stale``;
- **NOTIFY** on the channel ``golfo``, sent in the same transaction (so delivered only once
  it is committed), tells every process that a table moved, was created or changed seats;
  each process listens on one connection of its own (:meth:`PostgresStore.subscribe`);
- **leases** (rows of ``golfo_leases`` with an expiry) decide which process runs a table's
  own tasks (bots, turn timers, the pause between hands); a process renews its leases every
  few seconds, and the leases of a process that died expire and are taken by another.

Extra ``golfo[postgres]`` (psycopg 3 and its pool).  Select it with
``golfo serve --db postgresql://user@host/dbname``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import psycopg
import psycopg_pool

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
    StoreError,
    TableInfo,
    TableRow,
    UnavailableError,
    check_room,
    redact_url,
    seat_values,
    table_rows,
)

__all__ = ["CHANNEL", "MIGRATIONS", "PostgresStore"]

log = logging.getLogger("golfo.server")

T = TypeVar("T")

CHANNEL: Final = "golfo"
"""The NOTIFY channel every ``golfo serve`` process listens on."""

_LOCK_KEY: Final = 0x601F0  # the advisory lock held while the layout is created or migrated
_ROOM_KEY: Final = 0x601F1  # the advisory lock held while a new table or seat is counted in

MIGRATIONS: Final[dict[int, str]] = {
    1: """
CREATE TABLE golfo_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE golfo_tables (
    table_id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    created DOUBLE PRECISION NOT NULL
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
    time DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
""",
    2: """
ALTER TABLE golfo_seats ADD COLUMN autoplay BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE golfo_seats ADD COLUMN vote INTEGER NOT NULL DEFAULT -1;
CREATE TABLE golfo_leases (
    table_id TEXT PRIMARY KEY REFERENCES golfo_tables(table_id),
    holder TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX golfo_leases_holder ON golfo_leases (holder);
CREATE FUNCTION golfo_append(t TEXT, first INTEGER, actions TEXT[], at DOUBLE PRECISION)
RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    last INTEGER;
BEGIN
    PERFORM 1 FROM golfo_tables WHERE table_id = t FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    SELECT COALESCE(MAX(seq), 0) INTO last FROM golfo_actions WHERE table_id = t;
    IF last + 1 <> first THEN
        RETURN last;
    END IF;
    INSERT INTO golfo_actions (table_id, seq, action, time)
        SELECT t, first + i - 1, a, at FROM unnest(actions) WITH ORDINALITY AS u(a, i);
    PERFORM pg_notify('golfo', 'actions ' || t || ' ' || (first + cardinality(actions) - 1));
    RETURN first - 1;
END $$;
""",
    3: """
ALTER TABLE golfo_tables ADD COLUMN archived DOUBLE PRECISION;
ALTER TABLE golfo_tables ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE golfo_tables ADD COLUMN active DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE golfo_tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE golfo_tables ADD COLUMN attended DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE golfo_seats ADD COLUMN taker TEXT NOT NULL DEFAULT '';
UPDATE golfo_tables SET active = created;
UPDATE golfo_tables SET reason = 'over', archived = COALESCE((SELECT a.time FROM golfo_actions a
    WHERE a.table_id = golfo_tables.table_id ORDER BY a.seq DESC LIMIT 1), created)
    WHERE finished;
DELETE FROM golfo_leases l USING golfo_tables t
    WHERE l.table_id = t.table_id AND t.archived IS NOT NULL;
CREATE INDEX golfo_tables_live ON golfo_tables (creator) WHERE archived IS NULL;
CREATE INDEX golfo_seats_taker ON golfo_seats (taker) WHERE taker <> '';
CREATE OR REPLACE FUNCTION golfo_append(t TEXT, first INTEGER, actions TEXT[], at DOUBLE PRECISION)
RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    last INTEGER;
BEGIN
    PERFORM 1 FROM golfo_tables WHERE table_id = t AND archived IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    SELECT COALESCE(MAX(seq), 0) INTO last FROM golfo_actions WHERE table_id = t;
    IF last + 1 <> first THEN
        RETURN last;
    END IF;
    INSERT INTO golfo_actions (table_id, seq, action, time)
        SELECT t, first + i - 1, a, at FROM unnest(actions) WITH ORDINALITY AS u(a, i);
    PERFORM pg_notify('golfo', 'actions ' || t || ' ' || (first + cardinality(actions) - 1));
    RETURN first - 1;
END $$;
""",
}
"""The layout, version by version: a database at version ``n`` is brought to
:data:`~golfo.server.storage.SCHEMA_VERSION` by running the scripts after ``n`` in order."""

assert max(MIGRATIONS) == SCHEMA_VERSION


class PostgresStore:
    """:class:`~golfo.server.storage.Store` on a PostgreSQL database (``url``, a libpq
    connection string), shared by every ``golfo serve`` process that opens it.

    Opening it creates the layout in an empty database and migrates an older one (under an
    advisory lock, so two processes starting at once do it once); a database newer than this
    server is refused with :class:`~golfo.server.storage.StoreError`.

    While the database is away, every call fails within ``timeout`` seconds with
    :class:`~golfo.server.storage.UnavailableError`; once it is back, the pool's connections
    that it closed are replaced as they are found broken (a call that meets one runs again,
    once, on a fresh connection).
    """

    shared = True
    """Other processes write the same database."""

    def __init__(self, url: str, *, pool_size: int = 8, timeout: float = 5.0) -> None:
        self.url = url
        """The database's connection string."""
        self._where = redact_url(url)
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                _migrate(conn, self._where)
        except psycopg.OperationalError as error:
            raise StoreError(f"cannot open the database {self._where}: {error}") from None
        self._pool = psycopg_pool.ConnectionPool(  # autocommit: one statement, one transaction
            url,
            min_size=1,
            max_size=pool_size,
            open=True,
            timeout=timeout,
            kwargs={"autocommit": True, "connect_timeout": max(2, round(timeout))},
        )
        self._listener: threading.Thread | None = None
        self._stopping = threading.Event()

    def _run(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(conn)`` on a connection of the pool.  A connection the database closed while
        it waited in the pool (a restart of the database) is found broken at its first use:
        the pool's idle connections are checked, and ``work`` runs once more on another.  Any
        failure of the database is :class:`~golfo.server.storage.UnavailableError`."""
        again = True
        while True:
            broken = False
            try:
                with self._pool.connection() as conn:
                    try:
                        return work(conn)
                    except psycopg.Error:
                        broken = conn.broken
                        raise
            except psycopg.Error as error:
                if broken and again:
                    again = False
                    with contextlib.suppress(Exception):
                        self._pool.check()
                    continue
                reason = str(error).strip().splitlines()[0] if str(error).strip() else ""
                raise UnavailableError(
                    f"the database {self._where} failed: {reason or type(error).__name__}"
                ) from error

    # -- tables, seats, the log ------------------------------------------------

    def create_table(
        self, table: TableRow, actions: Sequence[str] = (), *, room: Room | None = None
    ) -> None:
        """Store a new table, its seats and its first actions, in one transaction (if it
        fits in ``room``: counted under an advisory lock, so processes creating tables at
        once count one after the other), and announce it."""
        takers = [row.taker for row in table.seats if row.kind == "human"]

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction(), conn.cursor() as cur:
                if room is not None:
                    cur.execute("SELECT pg_advisory_xact_lock(%s)", (_ROOM_KEY,))
                    check_room(
                        _counter(conn), room, table=True, creator=table.creator, takers=takers
                    )
                cur.execute(
                    "INSERT INTO golfo_tables (table_id, config, finished, created, archived, "
                    "reason, active, creator) VALUES (%s, %s, %s, %s, NULL, '', %s, %s)",
                    (
                        table.table_id,
                        json.dumps(table.config),
                        table.finished,
                        table.created,
                        table.created,
                        table.creator,
                    ),
                )
                cur.executemany(
                    f"INSERT INTO golfo_seats (table_id, seat, {SEAT_COLUMNS}) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    [(table.table_id, s, *seat_values(row)) for s, row in enumerate(table.seats)],
                )
                if actions:
                    now = time.time()
                    cur.executemany(
                        "INSERT INTO golfo_actions (table_id, seq, action, time) "
                        "VALUES (%s, %s, %s, %s)",
                        [(table.table_id, i + 1, text, now) for i, text in enumerate(actions)],
                    )
                _notify(conn, Event("table", table.table_id))

        self._run(work)

    def tables(self, *, every: bool = False) -> list[TableRow]:
        """The live tables (``every``: all) with their seats, oldest first."""
        live = "" if every else " WHERE archived IS NULL"

        def work(conn: psycopg.Connection[Any]) -> list[TableRow]:
            with conn.transaction():  # the tables and their seats as of one moment
                rows = conn.execute(
                    f"SELECT {TABLE_COLUMNS} FROM golfo_tables{live} ORDER BY created, table_id"
                ).fetchall()
                seats = conn.execute(
                    f"SELECT table_id, {SEAT_COLUMNS} FROM golfo_seats WHERE table_id IN "
                    f"(SELECT table_id FROM golfo_tables{live}) ORDER BY table_id, seat"
                ).fetchall()
            return table_rows(rows, seats)

        return self._run(work)

    def table(self, table_id: str) -> TableRow | None:
        """One table with its seats as stored now, or ``None``."""

        def work(conn: psycopg.Connection[Any]) -> TableRow | None:
            row = conn.execute(
                f"SELECT {TABLE_COLUMNS} FROM golfo_tables WHERE table_id = %s", (table_id,)
            ).fetchone()
            if row is None:
                return None
            seats = conn.execute(
                f"SELECT table_id, {SEAT_COLUMNS} FROM golfo_seats WHERE table_id = %s "
                "ORDER BY seat",
                (table_id,),
            ).fetchall()
            (table,) = table_rows([row], seats)
            return table

        return self._run(work)

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
        ``quota`` of its taker, when given; never at an archived table); announce it."""
        sql = (
            "UPDATE golfo_seats SET kind = %s, name = %s, token_hash = %s, bot = %s, "
            "autoplay = %s, vote = %s, taker = %s WHERE table_id = %s AND seat = %s"
        )
        params: tuple[Any, ...] = (*seat_values(row), table_id, seat)
        if expect is not None:
            sql += " AND kind = %s"
            params += (expect,)

        def work(conn: psycopg.Connection[Any]) -> bool:
            with conn.transaction():
                if quota is not None and row.kind == "human":
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_ROOM_KEY,))
                found = conn.execute(  # archiving waits for this, and this for archiving
                    "SELECT archived FROM golfo_tables WHERE table_id = %s FOR SHARE", (table_id,)
                ).fetchone()
                if found is None or found[0] is not None:
                    raise ClosedError(f"table {table_id} is archived")
                if quota is not None and row.kind == "human":
                    check_room(_counter(conn), Room(per_taker=quota), takers=[row.taker])
                changed = conn.execute(sql, params).rowcount == 1
                if changed:
                    _notify(conn, Event("seats", table_id))
            return changed

        return self._run(work)

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` at ``first``, ``first + 1``, ... under the table's row lock,
        after checking that ``first`` follows the log's last entry; announce them.

        One round trip: the function ``golfo_append`` (created with the layout) takes the
        lock, checks, inserts and notifies in one transaction, and answers the log's last
        sequence number before it (``first - 1`` when it appended)."""

        def work(conn: psycopg.Connection[Any]) -> int | None:
            row = conn.execute(
                "SELECT golfo_append(%s, %s, %s, %s)", (table_id, first, list(actions), time.time())
            ).fetchone()
            return None if row is None else row[0]

        last = self._run(work)
        if last is None:
            raise ClosedError(f"table {table_id} is archived: its log is closed")
        if last + 1 != first:
            raise StaleLogError(f"table {table_id}: log ends at {last}, cannot add {first}")

    def log(self, table_id: str, after: int = 0) -> list[str]:
        """The table's actions after sequence number ``after``, in order."""

        def work(conn: psycopg.Connection[Any]) -> list[str]:
            rows = conn.execute(
                "SELECT action FROM golfo_actions WHERE table_id = %s AND seq > %s ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return [text for (text,) in rows]

        return self._run(work)

    def set_finished(self, table_id: str) -> None:
        """Mark the game as over and archive the table (``"over"``; its lease given up: it
        has no more tasks); announce it."""

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                conn.execute(
                    "UPDATE golfo_tables SET finished = TRUE, archived = COALESCE(archived, %s), "
                    "reason = CASE WHEN archived IS NULL THEN 'over' ELSE reason END "
                    "WHERE table_id = %s",
                    (time.time(), table_id),
                )
                conn.execute("DELETE FROM golfo_leases WHERE table_id = %s", (table_id,))
                _notify(conn, _archived_event(table_id, "over"))

        self._run(work)

    def _archived(self, reason: str, sql: str, params: tuple[Any, ...]) -> list[str]:
        """Run an ``UPDATE ... RETURNING table_id`` that archives tables for ``reason``; give
        up their leases and announce each, in the same transaction."""

        def work(conn: psycopg.Connection[Any]) -> list[str]:
            with conn.transaction():
                done = [table_id for (table_id,) in conn.execute(sql, params).fetchall()]
                if done:
                    conn.execute("DELETE FROM golfo_leases WHERE table_id = ANY(%s)", (done,))
                for table_id in done:
                    _notify(conn, _archived_event(table_id, reason))
            return done

        return self._run(work)

    def archive(self, table_ids: Sequence[str], reason: str) -> list[str]:
        """Archive the live tables among ``table_ids``; the ones archived (announced)."""
        if reason not in REASONS:
            raise ValueError(f"not a reason to archive: {reason!r}")
        return self._archived(
            reason,
            "UPDATE golfo_tables SET archived = %s, reason = %s WHERE archived IS NULL "
            "AND table_id = ANY(%s) RETURNING table_id",
            (time.time(), reason, list(table_ids)),
        )

    def archive_idle(
        self, seated_before: float, unseated_before: float, keep: Sequence[str]
    ) -> list[str]:
        """Archive the live tables nobody attended or moved for too long (``"abandoned"``;
        announced)."""
        return self._archived(
            "abandoned",
            "UPDATE golfo_tables SET archived = %s, reason = 'abandoned' "
            "WHERE archived IS NULL AND NOT (table_id = ANY(%s)) "
            f"AND GREATEST(active, {LAST_MOVE}) < CASE WHEN {SEATED} THEN %s ELSE %s END "
            "RETURNING table_id",
            (time.time(), list(keep), seated_before, unseated_before),
        )

    def touch(
        self, table_ids: Sequence[str], *, present: bool = True, announce: bool = False
    ) -> None:
        """Note that ``table_ids`` are attended now; with ``announce``, tell every process
        (``presence``: the one running their tasks lets them go on)."""
        if not table_ids:
            return
        now = time.time()
        sets = "active = %s, attended = %s" if present else "active = %s"
        params = (now, now) if present else (now,)

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                conn.execute(
                    f"UPDATE golfo_tables SET {sets} WHERE table_id = ANY(%s)",
                    (*params, list(table_ids)),
                )
                for table_id in table_ids if announce else ():
                    _notify(conn, Event("presence", table_id))

        self._run(work)

    def activity(self, table_ids: Sequence[str]) -> dict[str, float]:
        """When each of ``table_ids`` was last attended (by any process)."""

        def work(conn: psycopg.Connection[Any]) -> dict[str, float]:
            rows = conn.execute(
                "SELECT table_id, attended FROM golfo_tables WHERE table_id = ANY(%s)",
                (list(table_ids),),
            ).fetchall()
            return {table_id: float(attended) for table_id, attended in rows}

        return self._run(work)

    def closed(self, table_ids: Sequence[str]) -> dict[str, str]:
        """Which of ``table_ids`` are archived or gone, with the reason (``""``: gone)."""

        def work(conn: psycopg.Connection[Any]) -> dict[str, str]:
            rows = conn.execute(
                "SELECT table_id, archived, reason FROM golfo_tables WHERE table_id = ANY(%s)",
                (list(table_ids),),
            ).fetchall()
            found = {table_id: (archived, str(reason)) for table_id, archived, reason in rows}
            return {
                table_id: found[table_id][1] if table_id in found else ""
                for table_id in table_ids
                if table_id not in found or found[table_id][0] is not None
            }

        return self._run(work)

    def delete(self, table_ids: Sequence[str]) -> list[str]:
        """Delete the archived tables among ``table_ids`` for good; the ones deleted."""

        def work(conn: psycopg.Connection[Any]) -> list[str]:
            with conn.transaction():
                found = [
                    table_id
                    for (table_id,) in conn.execute(
                        "SELECT table_id FROM golfo_tables WHERE archived IS NOT NULL "
                        "AND table_id = ANY(%s) FOR UPDATE",
                        (list(table_ids),),
                    ).fetchall()
                ]
                for table in ("golfo_leases", "golfo_actions", "golfo_seats", "golfo_tables"):
                    conn.execute(f"DELETE FROM {table} WHERE table_id = ANY(%s)", (found,))
            return found

        return self._run(work)

    def listing(self, *, every: bool = True) -> list[TableInfo]:
        """The tables (``every``: the archived too) with their logs' lengths, for the
        operator."""
        tables = self.tables(every=every)

        def work(conn: psycopg.Connection[Any]) -> dict[str, tuple[int, float | None]]:
            rows = conn.execute(
                "SELECT table_id, COUNT(*), MAX(time) FROM golfo_actions GROUP BY table_id"
            ).fetchall()
            return {tid: (int(n), None if t is None else float(t)) for tid, n, t in rows}

        counts = self._run(work)
        return [TableInfo(row, *counts.get(row.table_id, (0, None))) for row in tables]

    def heads(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The last sequence number of each table's log."""

        def work(conn: psycopg.Connection[Any]) -> dict[str, int]:
            rows = conn.execute(
                "SELECT table_id, MAX(seq) FROM golfo_actions WHERE table_id = ANY(%s) "
                "GROUP BY table_id",
                (list(table_ids),),
            ).fetchall()
            return {table_id: int(seq) for table_id, seq in rows}

        return self._run(work)

    def secret(self) -> bytes:
        """The database's secret, the same for every process (made once, kept in
        ``golfo_meta``)."""

        def work(conn: psycopg.Connection[Any]) -> str:
            conn.execute(
                "INSERT INTO golfo_meta (key, value) VALUES ('secret', %s) "
                "ON CONFLICT (key) DO NOTHING",
                (secrets.token_hex(32),),
            )
            row = conn.execute("SELECT value FROM golfo_meta WHERE key = 'secret'").fetchone()
            assert row is not None
            return str(row[0])

        return bytes.fromhex(self._run(work))

    def check(self) -> None:
        """Run one query on a connection of the pool."""
        self._run(lambda conn: conn.execute("SELECT 1").fetchone())

    # -- leases and notifications -------------------------------------------------

    def leases(self, holder: str, ttl: float) -> set[str]:
        """Renew ``holder``'s leases for ``ttl`` seconds, take the live tables whose lease is
        missing or expired, and return the tables ``holder`` holds now.

        Three short statements, each its own transaction, so that processes doing the same at
        once never wait on each other in a cycle: expired leases are taken with ``SKIP
        LOCKED`` (a row another process is taking is left to it), missing ones inserted in
        table order with ``ON CONFLICT DO NOTHING``."""
        until = "now() + make_interval(secs => %s)"

        def work(conn: psycopg.Connection[Any]) -> set[str]:
            conn.execute(
                f"UPDATE golfo_leases SET expires = {until} WHERE holder = %s", (ttl, holder)
            )
            conn.execute(
                f"UPDATE golfo_leases SET holder = %s, expires = {until} WHERE table_id IN ("
                "SELECT table_id FROM golfo_leases WHERE expires < now() "
                "ORDER BY table_id FOR UPDATE SKIP LOCKED)",
                (holder, ttl),
            )
            conn.execute(
                f"INSERT INTO golfo_leases (table_id, holder, expires) "
                f"SELECT table_id, %s, {until} FROM golfo_tables t WHERE archived IS NULL "
                "AND NOT EXISTS (SELECT 1 FROM golfo_leases l WHERE l.table_id = t.table_id) "
                "ORDER BY table_id ON CONFLICT (table_id) DO NOTHING",
                (holder, ttl),
            )
            rows = conn.execute(
                "SELECT table_id FROM golfo_leases WHERE holder = %s AND expires > now()",
                (holder,),
            ).fetchall()
            return {table_id for (table_id,) in rows}

        return self._run(work)

    def take_lease(self, holder: str, table_id: str, ttl: float) -> bool:
        """Take the lease of one table if it is free or expired (a new table's creator takes
        its lease at once); whether ``holder`` holds it now."""

        def work(conn: psycopg.Connection[Any]) -> bool:
            with conn.transaction():
                row = conn.execute(
                    "INSERT INTO golfo_leases (table_id, holder, expires) "
                    "VALUES (%s, %s, now() + make_interval(secs => %s)) "
                    "ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, "
                    "expires = EXCLUDED.expires WHERE golfo_leases.expires < now() "
                    "OR golfo_leases.holder = EXCLUDED.holder RETURNING holder",
                    (table_id, holder, ttl),
                ).fetchone()
            return row is not None

        return self._run(work)

    def release(self, holder: str) -> None:
        """Give up every lease of ``holder`` (a clean shutdown): others take them at once."""

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                conn.execute("DELETE FROM golfo_leases WHERE holder = %s", (holder,))

        self._run(work)

    def subscribe(self, callback: Callable[[Event], None]) -> None:
        """Call ``callback`` (from a thread of the store's) with every :class:`Event` any
        process announces, this one's included.  When the listening connection breaks, it
        reconnects and calls ``callback(Event("resync", ""))``: events may have been missed."""
        if self._listener is not None:
            raise StoreError("already subscribed")
        ready = threading.Event()
        self._listener = threading.Thread(
            target=self._listen, args=(callback, ready), name="golfo-listen", daemon=True
        )
        self._listener.start()
        ready.wait(timeout=10)

    def _listen(self, callback: Callable[[Event], None], ready: threading.Event) -> None:
        first = True
        wait = 0.5
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    wait = 0.5
                    if not first:
                        callback(Event("resync", ""))
                    first = False
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            event = Event.parse(note.payload)
                            if event is not None:
                                callback(event)
            except psycopg.Error as error:
                if self._stopping.is_set():
                    return
                log.warning(
                    "lost the notifications of %s (%s); reconnecting in %g s",
                    self._where,
                    str(error).strip().splitlines()[0] if str(error).strip() else error,
                    wait,
                )
                self._stopping.wait(wait)
                wait = min(wait * 2, 5.0)

    def close(self) -> None:
        """Stop listening and close the connections."""
        self._stopping.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        self._pool.close()


def _counter(conn: psycopg.Connection[Any]) -> Callable[[str, tuple[Any, ...]], int]:
    """:func:`~golfo.server.storage.check_room`'s counts (``?`` placeholders) on ``conn``."""

    def count(sql: str, params: tuple[Any, ...]) -> int:
        row = conn.execute(sql.replace("?", "%s"), params).fetchone()
        return 0 if row is None else int(row[0])

    return count


def _archived_event(table_id: str, reason: str) -> Event:
    """The announcement that ``table_id`` was archived, its reason's place in
    :data:`~golfo.server.storage.REASONS` (from 1) as the sequence number."""
    return Event("archived", table_id, REASONS.index(reason) + 1)


def _notify(conn: psycopg.Connection[Any], event: Event) -> None:
    conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, event.payload()))


def _migrate(conn: psycopg.Connection[Any], where: str) -> None:
    """Create or upgrade the layout, once, whoever else is starting."""
    conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
    try:
        exists = conn.execute("SELECT to_regclass('golfo_meta') IS NOT NULL").fetchone()
        version = 0
        if exists is not None and exists[0]:
            row = conn.execute("SELECT value FROM golfo_meta WHERE key = 'schema'").fetchone()
            version = int(row[0]) if row is not None else 0
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database {where} has layout {version}, newer than this server's "
                f"{SCHEMA_VERSION}: upgrade golfo"
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            with conn.transaction():
                conn.execute(MIGRATIONS[target])
                conn.execute(
                    "INSERT INTO golfo_meta (key, value) VALUES ('schema', %s) "
                    "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                    (str(target),),
                )
            if version > 0:
                log.warning("upgraded the database %s to layout %d", where, target)
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK_KEY,))
