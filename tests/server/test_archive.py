"""The table cap cannot be filled for good, and a restart replays no finished game (issue 33,
findings 1 and 3), against live ``golfo serve`` processes on SQLite and PostgreSQL.

Finding 1: one anonymous client filled ``--max-tables`` with tables that counted for ever,
finished ones too, even after a restart.  Now only live tables count; a finished game is
archived (readable still), an abandoned table too; each client address has its quotas of
live tables and of seats; the operator lists, archives and deletes tables with ``golfo
tables``.  Finding 3: a restart replayed every log ever written; now archived tables are not
read at start, and live ones are replayed after the server listens.

Requests come from several loopback addresses (``127.0.0.2`` and on: Linux routes all of
``127.0.0.0/8`` to this machine), so that the server counts them as different clients.
"""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from serverkit import LiveServer, execute

from golfo.server.client import Client, HTTPError

WAIT = 60.0
"""The longest any step may take before the test fails (a deadline, not a measurement)."""
BOTS = {"0": "random", "1": "random", "2": "random"}

T = TypeVar("T")


def until(what: str, check: Callable[[], T]) -> T:
    """``check()`` once it is true (asked again and again until :data:`WAIT`)."""
    deadline = time.monotonic() + WAIT
    while not (found := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {WAIT:g} s: {what}")
        time.sleep(0.05)
    return found


def golfo_tables(*args: str) -> subprocess.CompletedProcess[str]:
    """``golfo tables ARGS``, the operator's command, as a process of its own."""
    code = "import sys; from golfo.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, "tables", *args],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


def finished_game(client: Client) -> str:
    """A table of three random bots, one hand, played out at once (the test servers let
    tables move unattended, without a least delay): its id once the game is over."""
    table = client.create_table(rules="ludoteka", hands=1, pause=0, bot_delay=0, bots=BOTS)
    table_id: str = table["table"]
    until(f"{table_id} over", lambda: client.table(table_id)["archived"] == "over")
    return table_id


def _status(client: Client, table_id: str) -> int:
    """The status of ``GET /api/tables/{table_id}``."""
    try:
        client.table(table_id)
    except HTTPError as error:
        return error.status
    return 200


def post_from(server: LiveServer, source: str, path: str, body: Any) -> tuple[int, Any]:
    """A ``POST`` of JSON from the loopback address ``source``: its status and answer."""
    host, port = server.url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=WAIT, source_address=(source, 0))
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        conn.close()


def test_only_live_tables_count_and_finished_ones_stay_readable_after_a_kill(db: str) -> None:
    server = LiveServer(db, "--max-tables", "5")
    client = server.start()
    try:
        done = [finished_game(client) for _ in range(5)]
        live = [client.create_table()["table"] for _ in range(5)]  # the finished do not count
        with pytest.raises(HTTPError) as full:
            client.create_table()
        assert (full.value.status, full.value.error["code"]) == (503, "full")
        server.kill()
        client = server.start()
        with pytest.raises(HTTPError) as still:
            client.create_table()  # the live ones still count, after a restart too
        assert still.value.status == 503
        for table_id in done:  # archived, readable
            assert client.table(table_id)["archived"] == "over"
            assert client.record(table_id)["format"] == "golfo/1"
        listed = {t["table"] for t in client.tables()}
        assert listed == set(live)

        # the operator: list, archive (room again at once), delete
        listing = golfo_tables("list", "--db", db, "--all", "--json")
        assert listing.returncode == 0, listing.stderr
        rows = {r["table"]: r for r in map(json.loads, listing.stdout.splitlines())}
        assert {t for t, r in rows.items() if r["reason"] == "over"} == set(done)
        assert {t for t, r in rows.items() if r["archived"] is None} == set(live)
        assert golfo_tables("list", "--db", db).stdout.startswith("5 live tables")
        archived = golfo_tables("archive", "--db", db, live[0], done[0], "nosuchtable")
        assert archived.returncode == 1  # one table named is not there
        assert f"archived 1 tables: {live[0]}" in archived.stdout
        assert "archived already (over)" in archived.stdout
        assert "nosuchtable: no such table" in archived.stdout
        client.create_table()  # room for one more, at once
        until(  # the server hears of it (at once on PostgreSQL, within a round on SQLite)
            "the archive heard", lambda: client.table(live[0])["archived"] == "operator"
        )
        with client.connect(live[0]) as watcher:  # still served, moving nothing
            assert watcher.view()["version"] == client.table(live[0])["version"]
        refused = golfo_tables("delete", "--db", db, live[1])
        assert refused.returncode == 1
        assert "live: archive it first" in refused.stdout
        deleted = golfo_tables("delete", "--db", db, done[1])
        assert (deleted.returncode, deleted.stdout.strip()) == (0, f"deleted 1 tables: {done[1]}")
        until("the deletion heard", lambda: _status(client, done[1]) == 404)
    finally:
        server.stop()


@pytest.mark.skipif(not hasattr(socket, "SO_REUSEPORT"), reason="needs Linux's loopback")
def test_quotas_per_client_address_on_live_tables_and_seats(db: str) -> None:
    server = LiveServer(db, "--tables-per-client", "2", "--seats-per-client", "3")
    client = server.start()
    try:
        mine = [post_from(server, "127.0.0.2", "/api/tables", {}) for _ in range(3)]
        assert [status for status, _ in mine] == [201, 201, 429]
        assert mine[2][1]["error"]["code"] == "rate"
        status, theirs = post_from(server, "127.0.0.3", "/api/tables", {"name": "Bea"})
        assert status == 201  # another address is not held back
        path = f"/api/tables/{theirs['table']}/seats"
        seats = [post_from(server, "127.0.0.2", f"{path}/{s}", {"name": "Ana"}) for s in (1, 2)]
        assert [status for status, _ in seats] == [201, 201]
        table = mine[0][1]["table"]
        assert post_from(server, "127.0.0.2", f"/api/tables/{table}/seats/0", {})[0] == 201
        status, refused = post_from(server, "127.0.0.2", f"/api/tables/{table}/seats/1", {})
        assert (status, refused["error"]["code"]) == (429, "rate")  # a fourth seat
        assert client.table(table)["seats"][1]["kind"] == "free"
        # once a table of its is archived, the address may create another
        assert golfo_tables("archive", "--db", db, mine[1][1]["table"]).returncode == 0
        assert post_from(server, "127.0.0.2", "/api/tables", {})[0] == 201
    finally:
        server.stop()


def test_abandoned_tables_are_archived_unless_a_player_is_connected(db: str) -> None:
    server = LiveServer(db, "--abandon-after", "0.5", "--abandon-unseated", "0.5")
    client = server.start()
    try:
        nobody = client.create_table()["table"]
        gone = client.create_table(name="Ana")["table"]  # seated, never connected
        here = client.create_table(name="Bea")
        with client.connect(here["table"], here["token"]):
            until(
                "the unattended tables archived",
                lambda: (
                    [client.table(t)["archived"] for t in (nobody, gone)]
                    == ["abandoned", "abandoned"]
                ),
            )
            assert client.table(here["table"])["archived"] is None  # as old, but attended
        assert {t["table"] for t in client.tables()} >= {here["table"]}
        assert not {nobody, gone} & {t["table"] for t in client.tables()}
    finally:
        server.stop()


def test_a_restart_replays_no_finished_game(db: str) -> None:
    """A finished game's log, made not to replay while the server was down, is not read when
    the server starts (the old server replayed it, and logged so, before listening); it is
    read once someone asks for the table.  A live table is replayed after the server
    listens."""
    server = LiveServer(db)
    client = server.start()
    try:
        finished = finished_game(client)
        live = client.create_table()["table"]
        server.kill()
        bad = json.dumps({"type": "bet", "seat": 1, "amount": 10**6})
        for table_id in (finished, live):  # dishonest edits: neither log replays
            sql = "UPDATE golfo_actions SET action = ? WHERE table_id = ? AND seq = 1"
            execute(db, sql, (bad, table_id))
        client = server.start()
        assert client.tables() == []  # the lobby waits for every live table
        until("the live table refused", lambda: any(live in line for line in server.log))
        assert not any(finished in line for line in server.log)  # not read: logged nothing
        with pytest.raises(HTTPError) as refused:
            client.table(finished)
        assert refused.value.status == 404
        # the log line is read from the server's output, which may come after the answer
        until(
            "the finished table refused",
            lambda: any(finished in line and "does not replay" in line for line in server.log),
        )
    finally:
        server.stop()
