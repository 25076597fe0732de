"""The store's interface: what a store keeps (tables, seats, an append-only log), how it
fails, what processes sharing one announce to each other, and the SQL both stores share.

A table is its configuration, its seats and an **append-only log** of every action applied
to it (deals included), each with its sequence number and the time it was committed.  The
server writes an action to the log, committed, before anyone is told of it, and rebuilds a
table by replaying its log through :func:`golfo.apply` (so a corrupt log is found, not
trusted).  A table is *live* until it is archived (its game over, abandoned, stopped at the
server's limits, or by the operator): archived tables stay in the database, readable, but
nothing is added to them, and a server does not load them until someone asks.

:class:`Store` is the interface; :class:`~golfo.server.store.SQLiteStore` keeps one
process's tables; :class:`~golfo.server.postgres.PostgresStore` lets several processes share
theirs.  The layout is versioned (:data:`SCHEMA_VERSION`): a newer server upgrades an older
database as it opens it; an older server refuses a newer one.  A failure of the database
itself (down, full, damaged) is :class:`UnavailableError`, whatever the store.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import attrs

from golfo.errors import GolfoError

__all__ = [
    "LAST_MOVE",
    "REASONS",
    "SCHEMA_VERSION",
    "SEATED",
    "SEAT_COLUMNS",
    "TABLE_COLUMNS",
    "ClosedError",
    "Event",
    "FullError",
    "Room",
    "SeatRow",
    "StaleLogError",
    "Store",
    "StoreError",
    "TableInfo",
    "TableRow",
    "UnavailableError",
    "check_room",
    "is_postgres_url",
    "redact_url",
    "seat_row",
    "seat_values",
    "table_rows",
]

SCHEMA_VERSION: Final = 3
"""The version of the database layout this server writes (``golfo_meta.schema``): 1 the
first server's; 2 adds each seat's ``autoplay`` and ``vote`` (shared by every process) and,
on PostgreSQL, the leases; 3 archives tables (``archived``, ``reason``), keeps when each was
last attended (``attended``; ``active``, for abandonment, also counts its creation and the
server's starts) and who created it and took each seat (``creator``, ``taker``: client
addresses, for the quotas)."""

REASONS: Final = ("over", "abandoned", "limit", "operator")
"""Why a table was archived: its game is ``over``; it was ``abandoned`` (nobody attended it
for too long); it reached the server's ``limit`` of hands or actions; the ``operator``
archived it (``golfo tables archive``)."""


class StoreError(GolfoError, RuntimeError):
    """The database cannot be used: a newer layout, or a log that does not follow on."""


class UnavailableError(StoreError):
    """The database failed: it does not answer (down, restarting, unreachable), cannot write
    (a full disk) or cannot be read (a damaged file).  What was asked is not done, or not
    known to be done; a client is told ``unavailable`` and may try again, the server's own
    tasks try again by themselves."""


class FullError(StoreError):
    """No room for one more live table or seat: the server's cap (``what`` is ``"tables"``),
    or the quota of the client address that asked (``"client_tables"``, ``"client_seats"``);
    ``most`` is the limit reached.  Nothing was stored."""

    def __init__(self, what: str, most: int) -> None:
        self.what = what
        """Which limit: ``"tables"``, ``"client_tables"`` or ``"client_seats"``."""
        self.most = most
        """The limit reached."""
        super().__init__(f"no room: {what} at most {most}")


class ClosedError(StoreError):
    """The table is archived (or gone): nothing more is added to its log, no seat changes."""


class StaleLogError(StoreError):
    """The log has moved on since the state an action was applied to: another process
    committed first.  The action is not stored; the table catches up and the client is
    told ``stale``."""


_EVENT_KINDS: Final = frozenset({"actions", "table", "seats", "resync", "presence", "archived"})


@attrs.frozen
class Event:
    """What one process announces to the others (PostgreSQL's NOTIFY): a table's new
    ``actions`` up to ``seq``, a new ``table``, changed ``seats``, a table that someone now
    attends (``presence``: its own moves may go on) or that was ``archived``; ``resync``
    (from the store itself) when announcements may have been missed.

    >>> Event.parse(Event("actions", "a1b2", 17).payload())
    Event(kind='actions', table_id='a1b2', seq=17)
    """

    kind: str
    """``"actions"``, ``"table"``, ``"seats"``, ``"presence"``, ``"archived"`` or
    ``"resync"``."""
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
    taker: str = ""
    """The client address that took the seat (``golfo.server.throttle.address_key``: an IPv6
    address's /64), for the quota of seats per address; empty if unknown.  Never sent to
    clients."""


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
    archived: float | None = None
    """When the table was archived (seconds since the epoch); ``None`` while it is live."""
    reason: str = ""
    """Why it was archived (one of :data:`REASONS`); empty while it is live."""
    active: float = 0.0
    """The last time a server saw it attended, or started with it live (seconds since the
    epoch; its creation at first); with its last action's time, what decides that it is
    abandoned."""
    creator: str = ""
    """The client address that created it (``golfo.server.throttle.address_key``), for the
    quota of tables per address; empty if unknown."""


@attrs.frozen
class TableInfo:
    """A stored table as the operator's command lists it (``golfo tables list``)."""

    row: TableRow
    """The table (seats included)."""
    actions: int
    """How many actions its log holds."""
    last: float | None
    """When its last action was committed (``None``: no action)."""


@attrs.frozen
class Room:
    """The limits a new table or seat must stay within (``None``: no limit)."""

    tables: int | None = None
    """Live tables at most."""
    per_creator: int | None = None
    """Live tables created from one client address at most."""
    per_taker: int | None = None
    """Seats at live tables taken from one client address at most."""


class Store(Protocol):
    """What the server needs from its storage.

    A store that other processes also write (``shared``) announces every change with
    :meth:`subscribe` and decides with :meth:`leases` which process runs each table's own
    tasks; a store of one process holds every lease and has nothing to announce.
    """

    shared: bool
    """Whether other server processes write the same database."""

    def create_table(
        self, table: TableRow, actions: Sequence[str] = (), *, room: Room | None = None
    ) -> None:
        """Store a new table, its seats and the first ``actions`` of its log (sequence
        numbers 1, 2, ...: its first deal) in one transaction: after a failure, nothing of
        it is stored.  With ``room``, only if the live tables, and those of the table's
        ``creator`` and the seats of its seats' ``taker``, stay within it (checked in the
        same transaction): :class:`FullError` otherwise."""

    def tables(self, *, every: bool = False) -> list[TableRow]:
        """The live (not archived) tables, oldest first; ``every``: the archived too."""

    def table(self, table_id: str) -> TableRow | None:
        """One table as stored now (its seats included), or ``None``."""

    def set_seat(
        self,
        table_id: str,
        seat: int,
        row: SeatRow,
        *,
        expect: str | None = None,
        quota: int | None = None,
    ) -> bool:
        """Change a seat (taken, given to a bot, taken back); with ``expect``, only if its
        kind is still ``expect`` (so a seat two players take at once goes to one).  Whether
        it changed.  With ``quota``, a seat given to a person only if its ``taker`` holds
        fewer than ``quota`` seats at live tables (:class:`FullError`); a seat of an
        archived table does not change (:class:`ClosedError`)."""

    def append(self, table_id: str, first: int, actions: Sequence[str]) -> None:
        """Commit ``actions`` (JSON texts) as sequence numbers ``first``, ``first + 1``, ...
        in one transaction; :class:`StaleLogError` unless ``first`` follows the log's last,
        :class:`ClosedError` if the table is archived."""

    def log(self, table_id: str, after: int = 0) -> list[str]:
        """The table's actions after sequence number ``after``, in order (JSON texts)."""

    def set_finished(self, table_id: str) -> None:
        """Mark the table's game as over, and archive it (``"over"``)."""

    def archive(self, table_ids: Sequence[str], reason: str) -> list[str]:
        """Archive the live tables among ``table_ids`` for ``reason`` (one of
        :data:`REASONS`); the ones archived now (announced, with a shared store)."""

    def archive_idle(
        self, seated_before: float, unseated_before: float, keep: Sequence[str]
    ) -> list[str]:
        """Archive as ``"abandoned"`` every live table but ``keep`` last attended and last
        moved before ``seated_before`` (a table where a person sat) or ``unseated_before``
        (where nobody did); the ones archived."""

    def touch(
        self, table_ids: Sequence[str], *, present: bool = True, announce: bool = False
    ) -> None:
        """Note that ``table_ids`` are attended now (their ``active`` time, which puts off
        archiving them as abandoned; with ``present``, their ``attended`` time too, which
        the process running their own moves reads); with ``announce`` and a shared store,
        tell the other processes at once (``presence``).  ``present=False``: only put their
        archiving off (a server starting)."""

    def activity(self, table_ids: Sequence[str]) -> dict[str, float]:
        """When each of ``table_ids`` was last attended by someone, as a server saw it
        (seconds since the epoch; 0: never)."""

    def closed(self, table_ids: Sequence[str]) -> dict[str, str]:
        """Which of ``table_ids`` are archived (or gone: ``""``), with the reason."""

    def delete(self, table_ids: Sequence[str]) -> list[str]:
        """Delete the archived tables among ``table_ids``, with their seats and logs, for
        good; the ones deleted (a live table is left as it is)."""

    def listing(self, *, every: bool = True) -> list[TableInfo]:
        """Every stored table (only the live ones unless ``every``) with how long its log
        is and when it last moved: for the operator."""

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


TABLE_COLUMNS: Final = "table_id, config, finished, created, archived, reason, active, creator"
"""The columns of ``golfo_tables`` that :func:`table_rows` reads, in its order."""
SEAT_COLUMNS: Final = "kind, name, token_hash, bot, autoplay, vote, taker"
"""The columns of ``golfo_seats`` that :func:`seat_values` writes and :func:`seat_row`
reads, in their order."""
LAST_MOVE: Final = (
    "COALESCE((SELECT a.time FROM golfo_actions a WHERE a.table_id = golfo_tables.table_id "
    "ORDER BY a.seq DESC LIMIT 1), 0)"
)
"""SQL: when a table of ``golfo_tables`` last moved (0: never)."""
SEATED: Final = (
    "EXISTS (SELECT 1 FROM golfo_seats s WHERE s.table_id = golfo_tables.table_id "
    "AND s.kind = 'human')"
)
"""SQL: whether a person ever sat at a table of ``golfo_tables``."""
_COUNTS: Final = {
    "tables": "SELECT COUNT(*) FROM golfo_tables WHERE archived IS NULL",
    "client_tables": "SELECT COUNT(*) FROM golfo_tables WHERE archived IS NULL AND creator = ?",
    "client_seats": "SELECT COUNT(*) FROM golfo_seats s JOIN golfo_tables t "
    "ON t.table_id = s.table_id WHERE t.archived IS NULL AND s.kind = 'human' AND s.taker = ?",
}


def check_room(
    count: Callable[[str, tuple[Any, ...]], int],
    room: Room,
    *,
    table: bool = False,
    creator: str = "",
    takers: Sequence[str] = (),
) -> None:
    """:class:`FullError` unless one more live ``table`` (created from ``creator``) and a
    seat for each of ``takers`` fit in ``room``.  ``count(sql, params)`` runs one of the
    counts (``?`` placeholders) in the caller's transaction.  An empty address is not
    counted (a client whose address is unknown)."""
    if table and room.tables is not None and count(_COUNTS["tables"], ()) >= room.tables:
        raise FullError("tables", room.tables)
    most = room.per_creator
    if (
        table
        and most is not None
        and creator
        and count(_COUNTS["client_tables"], (creator,)) >= most
    ):
        raise FullError("client_tables", most)
    most = room.per_taker
    for taker in sorted(set(takers) - {""}):
        if (
            most is not None
            and count(_COUNTS["client_seats"], (taker,)) + list(takers).count(taker) > most
        ):
            raise FullError("client_seats", most)


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
    """:class:`TableRow` s from the columns :data:`TABLE_COLUMNS` of each table and
    ``table_id`` and :data:`SEAT_COLUMNS` of each seat (in seat order), as both stores read
    them."""
    by_table: dict[str, list[SeatRow]] = {}
    for table_id, *values in seats:
        by_table.setdefault(table_id, []).append(seat_row(values))
    return [
        TableRow(
            tid,
            json.loads(config),
            tuple(by_table.get(tid, ())),
            bool(done),
            float(created),
            None if archived is None else float(archived),
            str(reason),
            float(active),
            str(creator),
        )
        for tid, config, done, created, archived, reason, active, creator in tables
    ]


def seat_values(row: SeatRow) -> tuple[Any, ...]:
    """A seat's columns :data:`SEAT_COLUMNS`, to store it."""
    return (row.kind, row.name, row.token_hash, row.bot, row.autoplay, row.vote, row.taker)


def seat_row(values: Sequence[Any]) -> SeatRow:
    """A :class:`SeatRow` from the columns :data:`SEAT_COLUMNS`."""
    kind, name, token_hash, bot, autoplay, vote, taker = values
    return SeatRow(
        str(kind), str(name), str(token_hash), str(bot), bool(autoplay), int(vote), str(taker)
    )
