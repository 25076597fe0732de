"""A database blip (issue 33, finding 7): PostgreSQL stops for a few seconds under tables where
bots play, and comes back.

Before, a bot's, timer's or next hand's task that met the database's error ended, and nothing
started it again: tables froze for good, clients' sockets were closed with no word, and the
health check answered 200 throughout.  Now the health check (``GET /api/health``) says 503
while the database is away and 200 once it is back; a move sent meanwhile is refused with
``unavailable`` on a socket that stays open, and is taken when sent again; and every table
moves on again by itself.  A real ``golfo serve`` process on a real PostgreSQL cluster of
the test's own (stopped and started again with ``pg_ctl``); SQLite's health check too.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pgkit import Cluster
from serverkit import LiveServer

from golfo.server.client import Client, HTTPError, Socket

DEADLINE = 90.0
"""Seconds a wait may last before the test fails: a bound on a hang, never a measure."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A cluster of this module's own: stopping it must not disturb the others' tests."""
    try:
        own = Cluster()
    except FileNotFoundError as error:
        if os.environ.get("GOLFO_REQUIRE_POSTGRES"):
            raise
        pytest.skip(f"{error}: the PostgreSQL outage is not tested here")
    own.start()
    yield own
    own.stop()


def health(client: Client) -> tuple[int, dict[str, Any]]:
    try:
        return 200, client.request("GET", "/api/health")
    except HTTPError as error:
        return error.status, error.error


def until(what: str, check: Callable[[], bool]) -> None:
    """Wait until ``check()`` holds, failing after :data:`DEADLINE` seconds."""
    deadline = time.monotonic() + DEADLINE
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.2)


def next_view(socket: Socket) -> dict[str, Any]:
    """The next view on ``socket`` (errors before it fail the test)."""
    while True:
        message = socket.receive(timeout=DEADLINE)
        assert message["type"] != "error", message
        if message["type"] == "view":
            view: dict[str, Any] = message["view"]
            return view


def a_move(view: dict[str, Any]) -> dict[str, Any]:
    moves, seat = view["moves"], view["seat"]
    if moves["discard_max"] is not None:
        return {"type": "discard", "seat": seat, "cards": []}
    kind = "call" if moves["call"] is not None else "pass" if moves["pass"] else "fold"
    return {"type": kind, "seat": seat}


def test_the_health_check_touches_sqlite(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "golfo.sqlite3")
    client = server.start()
    try:
        assert health(client) == (200, {"ok": True})
    finally:
        server.stop()


class Reader(threading.Thread):
    """Reads a socket to the end, as a browser would (a client that reads nothing is dropped
    by the server, for being slow): the kinds of message it got, and whether it was closed."""

    def __init__(self, socket: Socket) -> None:
        super().__init__(daemon=True)
        self.socket = socket
        self.kinds: list[str] = []
        self.closed = False

    def run(self) -> None:
        try:
            while True:
                self.kinds.append(self.socket.receive(timeout=None)["type"])
        except Exception:
            self.closed = True


def test_every_table_moves_on_after_a_postgresql_outage(cluster: Cluster) -> None:
    # leases long enough to outlast the outage: the tables' tasks must come back by
    # themselves, not because their leases were lost and taken again
    server = LiveServer(cluster.database(), "--rate", "1000", "--lease", "60")
    client = server.start()
    readers: list[Reader] = []
    try:
        assert health(client) == (200, {"ok": True})
        # tables where bots play on: two bots and a person who handed the seat to its bot
        bots = {"1": "heuristic", "2": "heuristic"}  # games that last
        fast: dict[str, Any] = {"hands": None, "pause": 0.05, "bot_delay": 0.02}
        tables = []
        for _ in range(3):
            table = client.create_table(rules="ludoteka", bots=bots, name="Bea", **fast)
            socket = client.connect(table["table"], table["token"])
            socket.send({"type": "bot", "on": True})
            readers.append(Reader(socket))
            tables.append(table["table"])
        # and a table where a person is to play, and waits
        mine = client.create_table(rules="ludoteka", bots=bots, name="Ana", **fast)
        me = client.connect(mine["table"], mine["token"])
        view = next_view(me)
        while view["moves"] is None:
            view = next_view(me)
        for reader in readers:
            reader.start()

        def versions() -> dict[str, int]:
            return {t: client.table(t)["version"] for t in tables}

        def moved(table: str, since: int) -> bool:
            """Whether the table went on: a few moves, or to its end."""
            now = client.table(table)
            return bool(
                now["version"] > since + 5 or (now["phase"] == "end" and now["version"] > since)
            )

        before = versions()
        until("the bots play", lambda: all(v > before[t] for t, v in versions().items()))

        cluster.pause()
        try:
            status, error = health(client)
            assert (status, error["code"]) == (503, "unavailable")
            me.act(a_move(view), view["version"])
            refused = me.receive(timeout=DEADLINE)
            assert (refused["type"], refused["code"]) == ("error", "unavailable"), refused
            assert set(refused["message"]) == {"es", "en"}
            assert "detail" not in refused  # the database's reason is for the server's log
        finally:
            cluster.resume()

        until("the health check says the database is back", lambda: health(client)[0] == 200)
        assert health(client) == (200, {"ok": True})
        # the same move, sent again, is taken (a pooled connection that the restart closed
        # may refuse it once more: the client sends it again, as a player would)
        deadline = time.monotonic() + DEADLINE
        while True:
            me.act(a_move(view), view["version"])
            answer = me.receive(timeout=DEADLINE)
            while answer["type"] == "view" and answer["view"]["version"] == view["version"]:
                answer = me.receive(timeout=DEADLINE)  # news of the seats, say: not an answer
            if answer["type"] == "view":
                break
            assert (answer["type"], answer.get("code")) == ("error", "unavailable"), answer
            assert time.monotonic() < deadline, "the move was never taken"
            time.sleep(0.5)
        me.send({"type": "bot", "on": True})  # from here its bot plays for the person
        readers.append(Reader(me))
        readers[-1].start()
        tables.append(mine["table"])
        # and every table goes on by itself
        back = versions()
        until("every table moves on", lambda: all(moved(t, back[t]) for t in tables))
        for reader in readers:  # not one socket was closed
            reader.socket.send({"type": "ping"})
        until("every socket answers", lambda: all("pong" in r.kinds for r in readers))
        assert not any(reader.closed for reader in readers)
        assert server.alive()
    finally:
        for reader in readers:
            reader.socket.close()
        server.stop()
    log = "".join(server.log)
    assert "trying again" in log  # the tables' own tasks met the outage, and said so
    assert "Traceback" not in log
