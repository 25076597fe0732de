"""Both stores behind the one interface: the layout's versions (a newer server upgrades an
older database, an older server refuses a newer one), the log's order, compare-and-set seats,
leases, and PostgreSQL's announcements."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import psycopg
import pytest
from pgkit import Cluster
from serverkit import LiveServer, execute, is_postgres

from golfo.server.client import HTTPError
from golfo.server.databases import open_store
from golfo.server.postgres import MIGRATIONS, PostgresStore
from golfo.server.storage import (
    SCHEMA_VERSION,
    ClosedError,
    Event,
    SeatRow,
    StaleLogError,
    StoreError,
    TableRow,
    UnavailableError,
)

FIRST_LAYOUT_SQLITE = """
CREATE TABLE golfo_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE golfo_tables (table_id TEXT PRIMARY KEY, config TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE golfo_seats (table_id TEXT NOT NULL REFERENCES golfo_tables(table_id),
    seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
    bot TEXT NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE golfo_actions (table_id TEXT NOT NULL REFERENCES golfo_tables(table_id),
    seq INTEGER NOT NULL, action TEXT NOT NULL, time REAL NOT NULL,
    PRIMARY KEY (table_id, seq));
INSERT INTO golfo_meta VALUES ('schema', '1');
"""
"""The layout the first server (issue 15) wrote, as it wrote it."""

OLD_ROWS = [
    "INSERT INTO golfo_tables VALUES ('t1', '{\"players\": 3}', 0, 1.0)",
    "INSERT INTO golfo_seats VALUES ('t1', 0, 'human', 'Ana', 'abc', 'heuristic')",
    'INSERT INTO golfo_actions VALUES (\'t1\', 1, \'{"type": "pass", "seat": 0}\', 2.0)',
]


def _first_layout(db: str) -> None:
    if is_postgres(db):
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(MIGRATIONS[1])
            conn.execute("INSERT INTO golfo_meta VALUES ('schema', '1')")
    else:
        with sqlite3.connect(db) as raw:
            raw.executescript(FIRST_LAYOUT_SQLITE)
    for statement in OLD_ROWS:
        execute(
            db, statement.replace(", 0, 1.0)", ", FALSE, 1.0)") if is_postgres(db) else statement
        )


def _schema(db: str) -> int:
    store = open_store(db)
    try:
        row = store.table("t1")
        assert row is not None
        assert row.seats == (SeatRow("human", "Ana", "abc", "heuristic", False, -1),)
        assert store.log("t1") == ['{"type": "pass", "seat": 0}']
    finally:
        store.close()
    if is_postgres(db):
        with psycopg.connect(db) as conn:
            found = conn.execute("SELECT value FROM golfo_meta WHERE key = 'schema'").fetchone()
    else:
        found = sqlite3.connect(db).execute("SELECT value FROM golfo_meta").fetchone()
    assert found is not None
    return int(found[0])


def test_a_newer_server_upgrades_an_older_database_keeping_its_games(db: str) -> None:
    _first_layout(db)
    assert _schema(db) == SCHEMA_VERSION == 3
    assert _schema(db) == 3  # opening it again changes nothing


SECOND_LAYOUT_SQLITE = """
ALTER TABLE golfo_seats ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 0;
ALTER TABLE golfo_seats ADD COLUMN vote INTEGER NOT NULL DEFAULT -1;
UPDATE golfo_meta SET value = '2' WHERE key = 'schema';
"""
"""What layout 2 (issue 19) added to SQLite's first, as it wrote it."""


def test_layout_2_is_upgraded_to_3_archiving_its_finished_games(db: str) -> None:
    """Issue 33, finding 1: finished games counted for ever.  Upgrading a database of layout
    2 archives them (reason ``over``, at their last action's time) and keeps the others live,
    their log open; every row and seat is kept."""
    if is_postgres(db):
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(MIGRATIONS[1])
            conn.execute(MIGRATIONS[2])
            conn.execute("INSERT INTO golfo_meta VALUES ('schema', '2')")
    else:
        with sqlite3.connect(db) as raw:
            raw.executescript(FIRST_LAYOUT_SQLITE + SECOND_LAYOUT_SQLITE)
    done = "TRUE" if is_postgres(db) else "1"
    live = "FALSE" if is_postgres(db) else "0"
    for statement in (
        f"INSERT INTO golfo_tables VALUES ('live', '{{}}', {live}, 1.0)",
        f"INSERT INTO golfo_tables VALUES ('done', '{{}}', {done}, 1.5)",
        f"INSERT INTO golfo_seats VALUES ('live', 0, 'human', 'Ana', 'h', 'heuristic', {live}, 4)",
        "INSERT INTO golfo_actions VALUES ('live', 1, 'a', 2.0)",
        "INSERT INTO golfo_actions VALUES ('done', 1, 'b', 3.0)",
        "INSERT INTO golfo_actions VALUES ('done', 2, 'c', 7.0)",
    ):
        execute(db, statement)
    store = open_store(db)
    try:
        assert [row.table_id for row in store.tables()] == ["live"]
        rows = {row.table_id: row for row in store.tables(every=True)}
        assert (rows["done"].archived, rows["done"].reason, rows["done"].finished) == (
            7.0,
            "over",
            True,
        )
        assert (rows["live"].archived, rows["live"].reason, rows["live"].active) == (None, "", 1.0)
        assert rows["live"].seats == (SeatRow("human", "Ana", "h", "heuristic", False, 4, ""),)
        with pytest.raises(ClosedError):
            store.append("done", 3, ["d"])  # an archived log is closed, on both stores
        store.append("live", 2, ["b"])
        assert store.log("live") == ["a", "b"]
        assert store.leases("me", 5.0) == {"live"}
    finally:
        store.close()
    assert _schema_number(db) == 3


def _schema_number(db: str) -> int:
    if is_postgres(db):
        with psycopg.connect(db) as conn:
            found = conn.execute("SELECT value FROM golfo_meta WHERE key = 'schema'").fetchone()
    else:
        found = sqlite3.connect(db).execute("SELECT value FROM golfo_meta").fetchone()
    assert found is not None
    return int(found[0])


def test_an_older_server_refuses_a_newer_database(db: str) -> None:
    open_store(db).close()
    execute(db, "UPDATE golfo_meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(StoreError, match=f"layout {SCHEMA_VERSION + 1}, newer than this server"):
        open_store(db)


def _table(table_id: str) -> TableRow:
    seats = (SeatRow("free"), SeatRow("bot", "bot", "", "random"), SeatRow("free"))
    return TableRow(table_id, {"players": 3}, seats, False, time.time())


def test_the_log_only_grows_in_order_and_a_seat_goes_to_one_taker(db: str) -> None:
    store = open_store(db)
    try:
        store.create_table(_table("t"))
        store.append("t", 1, ["a", "b"])
        with pytest.raises(StaleLogError, match="log ends at 2, cannot add 2"):
            store.append("t", 2, ["x"])  # a process that was behind
        with pytest.raises(StaleLogError):
            store.append("t", 4, ["x"])  # a gap
        store.append("t", 3, ["c"])
        assert store.log("t") == ["a", "b", "c"]
        assert store.log("t", after=1) == ["b", "c"]
        ana = SeatRow("human", "Ana", "h1")
        assert store.set_seat("t", 0, ana, expect="free")
        assert not store.set_seat("t", 0, SeatRow("human", "Eve", "h2"), expect="free")
        autoplay = SeatRow("human", "Ana", "h1", autoplay=True, vote=7)
        assert store.set_seat("t", 0, autoplay)
        row = store.table("t")
        assert row is not None
        assert row.seats[0] == autoplay
        assert store.table("nope") is None
        assert store.leases("me", 5.0) == {"t"}
        store.set_finished("t")
        assert store.leases("me", 5.0) == set()
    finally:
        store.close()


def test_postgresql_leases_go_to_one_holder_and_move_when_it_stops_renewing(
    postgres: Cluster,
) -> None:
    one, two = PostgresStore(url := postgres.database()), PostgresStore(url)
    try:
        for name in ("a", "b"):
            one.create_table(_table(name))
        assert one.take_lease("p1", "a", 30)
        assert not two.take_lease("p2", "a", 30)  # held by p1
        assert one.leases("p1", 30) == {"a", "b"}  # p1 renews a, takes the free b
        assert two.leases("p2", 30) == set()
        one.leases("p1", 0.2)  # p1's last renewal, a short one; then it stops (as if killed)
        time.sleep(1.0)  # only a wait for the leases to lapse: longer changes nothing
        assert two.leases("p2", 5.0) == {"a", "b"}
        assert one.leases("p1", 5.0) == set()
        two.release("p2")
        assert one.leases("p1", 5.0) == {"a", "b"}  # released leases are taken at once
    finally:
        one.close()
        two.close()


def test_postgresql_announces_every_commit_to_every_process(postgres: Cluster) -> None:
    url = postgres.database()
    writer, reader = PostgresStore(url), PostgresStore(url)
    heard: list[Event] = []
    done = threading.Event()

    def listen(event: Event) -> None:
        heard.append(event)
        if event.kind == "actions" and event.seq == 3:
            done.set()

    try:
        reader.subscribe(listen)
        writer.create_table(_table("t"))
        writer.set_seat("t", 0, SeatRow("human", "Ana", "h"), expect="free")
        writer.append("t", 1, ["a", "b"])
        with pytest.raises(StaleLogError):
            writer.append("t", 1, ["again"])  # refused: not announced
        writer.append("t", 3, ["c"])
        assert done.wait(10)
        assert heard == [
            Event("table", "t"),
            Event("seats", "t"),
            Event("actions", "t", 2),
            Event("actions", "t", 3),
        ]
    finally:
        writer.close()
        reader.close()


@pytest.mark.parametrize("text", ["", "actions", "actions t", "actions t x", "nope t 1", "a b c d"])
def test_notifications_that_are_not_events_are_ignored(text: str) -> None:
    assert Event.parse(text) is None


def test_events_read_back() -> None:
    for event in (Event("actions", "a1", 5), Event("table", "b2"), Event("resync", "")):
        assert Event.parse(event.payload()) == event


INJECT = {
    "sqlite": [
        "CREATE TRIGGER golfo_test_fail BEFORE INSERT ON golfo_actions "
        "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
    ],
    "postgresql": [
        "CREATE FUNCTION golfo_test_fail() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'injected failure'; END $$",
        "CREATE TRIGGER golfo_test_fail BEFORE INSERT ON golfo_actions "
        "FOR EACH ROW EXECUTE FUNCTION golfo_test_fail()",
    ],
}
"""A failure between storing a table and storing its first actions: the database itself
refuses every new action (a trigger), as a crash or a full disk would at that point."""


def fail_actions(db: str, on: bool) -> None:
    """Make the database refuse every action stored from now on (``on``), or stop."""
    if on:
        for statement in INJECT["postgresql" if is_postgres(db) else "sqlite"]:
            execute(db, statement)
    else:
        execute(
            db, "DROP TRIGGER golfo_test_fail" + (" ON golfo_actions" if is_postgres(db) else "")
        )


def stored_tables(db: str) -> int:
    if is_postgres(db):
        with psycopg.connect(db) as conn:
            row = conn.execute("SELECT COUNT(*) FROM golfo_tables").fetchone()
    else:
        with sqlite3.connect(db) as raw:
            row = raw.execute("SELECT COUNT(*) FROM golfo_tables").fetchone()
        raw.close()
    assert row is not None
    return int(row[0])


def test_a_table_is_stored_with_its_first_actions_or_not_at_all(db: str) -> None:
    store = open_store(db)
    try:
        fail_actions(db, True)
        with pytest.raises(UnavailableError, match="injected failure"):
            store.create_table(_table("t"), ["deal 1", "deal 2"])
        assert store.table("t") is None  # neither the table nor its seats
        assert store.tables() == []
        assert store.log("t") == []
        fail_actions(db, False)
        store.create_table(_table("t"), ["deal 1", "deal 2"])
        assert store.log("t") == ["deal 1", "deal 2"]
        assert [row.table_id for row in store.tables()] == ["t"]
    finally:
        store.close()


def test_a_table_whose_first_deal_fails_is_not_created_and_not_loaded(db: str) -> None:
    """Issue 33, finding 11: a failure between storing a table and committing its first deal
    left it at version 0 forever, reloaded at every start.  Now the client is told
    ``unavailable`` and nothing is kept."""
    server = LiveServer(db)
    client = server.start()
    try:
        fail_actions(db, True)
        with pytest.raises(HTTPError) as refused:
            client.create_table(rules="ludoteka", name="Ana")
        assert (refused.value.status, refused.value.error["code"]) == (503, "unavailable")
        assert "injected failure" not in json.dumps(refused.value.error)  # the log's, not theirs
        assert client.tables() == []
        assert stored_tables(db) == 0
        server.kill()
        assert any("injected failure" in line for line in server.log)  # the operator's to read
        client = server.start()
        assert client.tables() == []
        fail_actions(db, False)
        table = client.create_table(rules="ludoteka", name="Ana")
        assert table["version"] > 0  # dealt
        server.kill()
        client = server.start()
        assert [(t["table"], t["version"]) for t in client.tables()] == [
            (table["table"], table["version"])
        ]
    finally:
        server.stop()


def test_the_secret_is_made_once_and_kept(db: str) -> None:
    store = open_store(db)
    try:
        secret = store.secret()
        assert len(secret) == 32
        assert store.secret() == secret
    finally:
        store.close()
    again = open_store(db)
    try:
        assert again.secret() == secret
        again.check()
    finally:
        again.close()
