"""Several ``golfo serve`` processes on one PostgreSQL database (``docs/deployment.md``).

Real processes on loopback, a real PostgreSQL cluster (``pgkit``): clients of one table on
different processes play whole games; a process is killed with SIGKILL mid-hand and its
clients move to another; many sockets race for one version through two processes.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pgkit import Cluster
from serverkit import LiveServer, Player, check_messages, policy, states_of

import golfo
from golfo import CHANCE
from golfo.server import lobby
from golfo.server.client import Client, Socket
from golfo.server.databases import open_store
from golfo.server.protocol import TableConfig
from golfo.server.storage import TableRow
from golfo.server.tables import Hub

LEASE = "1.5"  # seconds: a killed process's bots move to another within about two


@pytest.fixture
def shared_db(postgres: Cluster) -> str:
    return postgres.database()


@pytest.fixture
def processes(shared_db: str) -> Iterator[list[LiveServer]]:
    servers = [LiveServer(shared_db, "--rate", "1000", "--lease", LEASE) for _ in range(3)]
    yield servers
    for server in servers:
        server.stop()


def commits(states: list[golfo.State]) -> list[int]:
    """The versions a game is told of: the end of each commit, once chance has dealt."""
    return [v for v, s in enumerate(states) if v > 0 and s.to_act is not CHANCE]


def alone(tmp_path: Path, table: dict[str, Any], salt: int) -> dict[str, Any]:
    """The same seeded game, played on one process with SQLite: its record."""
    server = LiveServer(tmp_path / "alone.sqlite3", "--rate", "1000")
    client = server.start()
    try:
        table_id = client.create_table(**table)["table"]
        humans = [s for s in range(table["players"]) if str(s) not in table.get("bots", {})]
        tokens = {s: client.take_seat(table_id, s, f"p{s}")["token"] for s in humans}
        players = [Player(client, table_id, tokens[s], salt=salt) for s in humans]
        for p in players:
            p.start()
        for p in players:
            p.join(timeout=180)
            assert p.finished, "the game on one process did not finish"
        record: dict[str, Any] = client.record(table_id)
        return record
    finally:
        server.stop()


def wait_for(player: Player, version: int = 0) -> None:
    deadline = time.monotonic() + 60
    while player.version < version and time.monotonic() < deadline and not player.lost:
        time.sleep(0.005)
    assert player.version >= version


def test_three_processes_play_one_table_and_a_spectator_sees_every_move(
    processes: list[LiveServer], tmp_path: Path
) -> None:
    a, b, c = (server.start() for server in processes)
    config: dict[str, Any] = {"rules": "ludoteka", "players": 3, "hands": 3, "pause": 0.05}
    config["seed"] = 20261201
    table = a.create_table(**config)["table"]
    clients = [a, b, c]
    # each seat taken through its own process, and played through it
    tokens = [clients[s].take_seat(table, s, f"p{s}")["token"] for s in range(3)]
    watcher = Player(c, table, None)
    watcher.start()
    wait_for(watcher)
    players = [Player(clients[s], table, tokens[s], salt=7) for s in range(3)]
    for p in players:
        p.start()
    for p in [*players, watcher]:
        p.join(timeout=240)
        assert p.error is None, p.error
        assert p.finished, "a client did not see the end of the game"
    record = b.record(table)
    assert record == c.record(table) == a.record(table)
    states = states_of(json.dumps(record))
    for seat, p in enumerate(players):
        assert check_messages(p.received, seat, states) > 20
    assert check_messages(watcher.received, None, states) > 20
    # the spectator, on a process where nobody played, was told of every move, in order
    told = [json.loads(t)["view"]["version"] for t in watcher.received if '"view"' in t[:20]]
    assert told == sorted(set(told))
    assert set(commits(states)) <= set(told)
    # and the game is the one a single process plays with the same seed and moves
    assert record["actions"] == alone(tmp_path, config, salt=7)["actions"]


def test_a_process_killed_mid_hand_loses_nothing_and_its_bots_play_on(
    processes: list[LiveServer], tmp_path: Path
) -> None:
    killed, survivor = processes[0], processes[1]
    a, b = killed.start(), survivor.start()
    config: dict[str, Any] = {"rules": "ludoteka", "players": 3, "hands": 3, "pause": 0.05}
    config |= {"seed": 4242, "bots": {"2": "heuristic"}, "bot_delay": 0.01}
    table = a.create_table(**config)["table"]  # its creator holds its lease: the bot is a's
    tokens = [a.take_seat(table, 0, "p0")["token"], b.take_seat(table, 1, "p1")["token"]]
    on_a = Player(a, table, tokens[0], salt=3)
    on_b = Player(b, table, tokens[1], salt=3)
    watcher = Player(b, table, None)
    for p in (watcher, on_a, on_b):
        p.start()
    wait_for(on_b, 14)  # the first hand is under way
    killed.kill()
    at_kill = b.table(table)["version"]
    on_a.join(timeout=60)
    assert on_a.lost  # its process is gone
    moved = Player(b, table, tokens[0], salt=3)  # it reconnects, to the other process
    moved.start()
    for p in (moved, on_b, watcher):
        p.join(timeout=240)
        assert p.error is None, p.error
        assert p.finished, "the game did not go on after the kill"
    record = b.record(table)
    states = states_of(json.dumps(record))
    # every view anyone was sent, before or after the kill, is a state of the final game:
    # no accepted action was lost
    assert check_messages(on_a.received + moved.received, 0, states) > 5
    assert check_messages(on_b.received, 1, states) > 5
    assert check_messages(watcher.received, None, states) > 5
    # the bot played after its process died (its lease moved to the survivor)
    bot_moves = [
        v
        for v, (action, actor) in enumerate(reversed(list(golfo.state.log_entries(states[-1].log))))
        if actor == 2 and not isinstance(action, golfo.Deal)
    ]
    assert max(bot_moves) + 1 > at_kill
    # nothing applied twice, nothing lost: the game a single process plays, move for move
    assert record["actions"] == alone(tmp_path, config, salt=3)["actions"]


class Racer(threading.Thread):
    """One of many sockets of the same seat, for one race: sends its own choice of move at
    the version of :attr:`view`, then a ping; keeps the errors that came back before the
    pong, and the views (of later moves) in ``early``, for the next race."""

    def __init__(self, socket: Socket, salt: int, early: list[dict[str, Any]]) -> None:
        super().__init__(daemon=True)
        self.socket, self.salt, self.early = socket, salt, early
        self.go: threading.Barrier | None = None
        self.view: dict[str, Any] | None = None
        self.sent: dict[str, Any] | None = None
        self.replies: list[dict[str, Any]] = []
        self.error: BaseException | None = None

    def wait_turn(self, after: int) -> dict[str, Any] | None:
        """The first view of a later version than ``after`` where the seat must move (or
        ``None`` once the game is over)."""
        while True:
            message = self.early.pop(0) if self.early else self.socket.receive(timeout=60)
            view = message.get("view")
            if message["type"] != "view" or view is None or view["version"] <= after:
                continue
            if view["phase"] == "end":
                return None
            if view["moves"] is not None:
                return dict(view)

    def run(self) -> None:
        try:
            assert self.view is not None
            assert self.go is not None
            self.go.wait(timeout=60)
            self.sent = policy(self.view, self.salt)
            self.socket.act(self.sent, self.view["version"])
            self.socket.send({"type": "ping"})
            while True:
                message = self.socket.receive(timeout=60)
                if message["type"] == "pong":
                    return
                if message["type"] == "error":
                    self.replies.append(message)
                elif message["type"] == "view":  # the next moves, told before the pong
                    self.early.append(message)
        except BaseException as error:  # pragma: no cover - reported by the test
            self.error = error


def test_sockets_racing_through_two_processes_get_one_move_per_version(
    processes: list[LiveServer],
) -> None:
    a, b = processes[0].start(), processes[1].start()
    config: dict[str, Any] = {"rules": "ludoteka", "players": 3, "hands": 5, "pause": 0.05}
    config |= {"seed": 99, "bots": {"1": "heuristic", "2": "heuristic"}, "bot_delay": 0}
    table = a.create_table(**config)["table"]
    token = b.take_seat(table, 0, "p0")["token"]
    clients: list[Client] = [a, b] * 4
    sockets = [client.connect(table, token) for client in clients]  # 8 sockets, one seat
    won: list[tuple[int, dict[str, Any]]] = []  # each race's version and the move accepted
    early: list[list[dict[str, Any]]] = [[] for _ in sockets]
    last = 0
    try:
        while True:
            racers = [Racer(s, salt, early[salt]) for salt, s in enumerate(sockets)]
            go = threading.Barrier(len(racers))
            views = []
            for racer in racers:
                racer.go = go
                racer.view = racer.wait_turn(last)
                views.append(racer.view)
            if any(v is None for v in views):
                break
            versions = {v["version"] for v in views if v is not None}
            assert len(versions) == 1, versions  # every socket, on either process, agrees
            (version,) = versions
            for racer in racers:
                racer.start()
            for racer in racers:
                racer.join(timeout=60)
                assert racer.error is None, racer.error
            codes = [[m["code"] for m in r.replies] for r in racers]
            winners = [r for r, c in zip(racers, codes, strict=True) if c == []]
            assert len(winners) == 1, codes  # exactly one move accepted at this version
            assert all(c == ["stale"] for c in codes if c), codes  # the others: stale
            assert winners[0].sent is not None
            won.append((version, winners[0].sent))
            last = version
    finally:
        for s in sockets:
            s.close()
    assert len(won) >= 4  # which socket wins changes the game: at least four races
    final = golfo.from_json(json.dumps(b.record(table)))
    entries = list(reversed(list(golfo.state.log_entries(final.log))))
    for version, sent in won:  # the move committed after each race is the winner's
        action, actor = entries[version]
        assert actor == 0
        assert action == golfo.wire.loads_action(json.dumps(sent), players=3)
    # and seat 0 made no move but those
    assert sum(1 for a, actor in entries if actor == 0 and not isinstance(a, golfo.Deal)) == len(
        won
    )


def test_a_seat_given_while_the_seats_are_read_again_stays_given(shared_db: str) -> None:
    """A process reads a table's seats again (another process announced a change) in a
    thread; a seat it gives meanwhile must not be written over by that older read.  The
    read is held open until the seat is given, so the two always overlap."""
    store = open_store(shared_db)
    hub = Hub(store)
    reading, given = threading.Event(), threading.Event()
    read = store.table

    def held_read(table_id: str) -> TableRow | None:
        row = read(table_id)  # the seats before the seat below is given
        reading.set()
        given.wait(10)
        return row

    async def scenario() -> None:
        table, _ = await lobby.create(hub, TableConfig(rules=golfo.LUDOTEKA, players=3, pause=0))
        store.table = held_read  # type: ignore[method-assign]
        refresh = asyncio.get_running_loop().create_task(table.refresh_seats())
        await asyncio.to_thread(reading.wait, 10)
        token = await lobby.take_seat(hub, table, 0, "ana")  # on the loop, while the read is open
        given.set()
        await refresh
        assert table.seat_of(token) == 0  # the token still opens its seat
        assert table.seats[0].name == "ana"
        stored = store.table(table.table_id)
        assert stored is not None
        assert [row.kind for row in stored.seats] == [row.kind for row in table.seats]
        hub.stop()

    try:
        asyncio.run(scenario())
    finally:
        store.close()
