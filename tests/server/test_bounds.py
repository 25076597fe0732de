"""Bot-only games cannot run for ever (issue 33, finding 2), against live ``golfo serve``
processes on SQLite and PostgreSQL.

The review's table, ``{"hands": null, "pause": 0, "bot_delay": 0, "bots": {"0": "random", "1":
"random", "2": "random"}}``, committed 6,475 actions a second for as long as the server ran.
Now the server's own moves wait at least ``--min-bot-delay``, happen only while someone
attends the table (a person's socket where a person has sat, any socket elsewhere), an
open-ended game ends after ``--max-hands`` and a table stops at ``--max-actions``.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import pytest
from pgkit import Cluster
from serverkit import LiveServer, query

from golfo.server.client import Client, HTTPError, Socket

WAIT = 60.0
"""The longest any step may take before the test fails (a deadline, not a measurement)."""
STILL = 1.0
"""Seconds a paused table is watched, to see that it does not move: the review's table made
thousands of moves in as long."""
BOTS = {"0": "random", "1": "random", "2": "random"}
ATTACK = {"hands": None, "pause": 0, "bot_delay": 0, "bots": BOTS}

T = TypeVar("T")


def until(what: str, check: Callable[[], T]) -> T:
    """``check()`` once it is true (asked again and again until :data:`WAIT`)."""
    deadline = time.monotonic() + WAIT
    while not (found := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {WAIT:g} s: {what}")
        time.sleep(0.05)
    return found


class Watcher(threading.Thread):
    """A socket to a table (a spectator's, or a seat's with ``token``) read until
    :meth:`leave`, so that the server never finds it too slow."""

    def __init__(self, client: Client, table: str, token: str | None = None) -> None:
        super().__init__(daemon=True)
        self.socket: Socket = client.connect(table, token)
        self._leaving = threading.Event()
        self.start()

    def run(self) -> None:
        while not self._leaving.is_set():
            try:
                self.socket.receive(timeout=0.1)
            except TimeoutError:
                continue
            except Exception:  # closed
                return

    def send(self, message: dict[str, object]) -> None:
        """Send ``message`` on the socket."""
        self.socket.send(message)

    def leave(self) -> None:
        """Stop reading and close the socket."""
        self._leaving.set()
        self.join(timeout=WAIT)
        self.socket.close()


def test_a_table_of_bots_moves_only_while_watched_at_a_pace_and_stops_at_the_limit(
    db: str,
) -> None:
    delay = 0.05
    server = LiveServer(db, "--min-bot-delay", str(delay), "--max-actions", "40", quick=False)
    client = server.start()
    try:
        table = client.create_table(**ATTACK)["table"]
        dealt = client.table(table)["version"]
        time.sleep(STILL)
        assert client.table(table)["version"] == dealt  # nobody attends it: paused
        watcher = Watcher(client, table)  # a spectator: the bots play
        until("the limit", lambda: client.table(table)["archived"] == "limit")
        watcher.leave()
        version = client.table(table)["version"]
        assert 40 <= version < 60  # stopped once the log held 40 actions (a move and its deal)
        times = sorted(
            {t for (t,) in query(db, "SELECT time FROM golfo_actions WHERE table_id = ?", (table,))}
        )
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert len(gaps) > 10
        assert min(gaps) >= delay * 0.9  # every commit of the server's waited its least delay
    finally:
        server.stop()


def test_a_table_waits_for_its_people_and_an_open_game_ends_at_the_most_hands(db: str) -> None:
    server = LiveServer(db, "--max-hands", "2", "--min-bot-delay", "0", quick=False)
    client = server.start()
    try:
        with pytest.raises(HTTPError) as refused:
            client.create_table(hands=3)
        assert (refused.value.status, refused.value.error["code"]) == (400, "format")
        bots = {"1": "random", "2": "random"}
        created = client.create_table(
            hands=None, pause=0, bot_delay=0, timer=0.05, name="Ana", bots=bots
        )
        table, token = created["table"], created["token"]
        spectator = Watcher(client, table)  # no person of the table: it does not count
        dealt = client.table(table)["version"]
        time.sleep(STILL)
        assert client.table(table)["version"] == dealt  # her turn timer and the bots wait
        ana = Watcher(client, table, token)  # she is back: the timer plays for her
        until("the game over", lambda: client.table(table)["archived"] == "over")
        shown = client.table(table)
        assert (shown["phase"], shown["hand_number"]) == ("end", 2)  # ended after 2 hands
        for watcher in (spectator, ana):
            watcher.leave()
    finally:
        server.stop()


def test_a_table_run_by_one_process_plays_while_watched_through_another(
    postgres: Cluster,
) -> None:
    """With PostgreSQL, the process that runs a table's bots (its lease) hears that someone
    attends it through another process, and plays on while they do."""
    db = postgres.database()
    options = ("--min-bot-delay", "0", "--max-actions", "30", "--lease", "1.5")
    servers = [LiveServer(db, *options, quick=False) for _ in range(2)]
    try:
        runner, other = (server.start() for server in servers)
        table = runner.create_table(**ATTACK)["table"]  # its creator runs its bots
        dealt = other.table(table)["version"]
        time.sleep(STILL)
        assert runner.table(table)["version"] == dealt  # nobody attends it, anywhere
        watcher = Watcher(other, table)
        until("the limit", lambda: runner.table(table)["archived"] == "limit")
        watcher.leave()
        assert other.table(table)["version"] >= 30
    finally:
        for server in servers:
            server.stop()
