"""What the server refuses or survives: caps, a corrupt log, a slow client, turn timers."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

from serverkit import QUICK, LiveServer, execute
from starlette.testclient import TestClient
from websockets.sync.client import connect

import golfo
from golfo.server import Limits, create_app


def test_caps_on_tables_and_connections(db: str) -> None:
    app = create_app(db, bounds=QUICK, limits=Limits(tables=1, spectators_per_table=2), seeds=True)
    with TestClient(app) as client:
        assert client.post("/api/tables", json={}).status_code == 201
        answer = client.post("/api/tables", json={})
        assert answer.status_code == 503
        assert answer.json()["error"]["code"] == "full"
        table = client.get("/api/tables").json()["tables"][0]["table"]
        with (
            client.websocket_connect(f"/api/tables/{table}/ws") as one,
            client.websocket_connect(f"/api/tables/{table}/ws") as two,
        ):
            for ws in (one, two):
                ws.send_text(json.dumps({"type": "hello"}))
                assert json.loads(ws.receive_text())["type"] == "view"
            with client.websocket_connect(f"/api/tables/{table}/ws") as three:
                three.send_text(json.dumps({"type": "hello"}))  # counted once it says who
                assert json.loads(three.receive_text())["code"] == "full"


def test_a_log_that_does_not_replay_is_not_trusted(db: str) -> None:
    with TestClient(create_app(db, bounds=QUICK, seeds=True)) as client:
        good = client.post("/api/tables", json={"seed": 1}).json()["table"]
        bad = client.post("/api/tables", json={"seed": 2}).json()["table"]
    execute(  # a dishonest edit: seat 1 bets what it does not have
        db,
        "UPDATE golfo_actions SET action = ? WHERE table_id = ? AND seq = 3",
        (json.dumps({"type": "bet", "seat": 1, "amount": 10**6}), bad),
    )
    app = create_app(db, bounds=QUICK)
    with TestClient(app) as client:
        tables = [t["table"] for t in client.get("/api/tables").json()["tables"]]
        assert tables == [good]
        assert client.get(f"/api/tables/{bad}").status_code == 404
    assert "log entry 3" in app.state.hub.corrupt[bad]


def test_turn_timers_let_the_seats_bot_play(db: str) -> None:
    with TestClient(create_app(db, bounds=QUICK)) as client:
        table = client.post("/api/tables", json={"timer": 0.05, "pause": 0}).json()["table"]
        tokens = [
            client.post(f"/api/tables/{table}/seats/{s}", json={"name": "x"}).json()["token"]
            for s in range(3)
        ]
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": tokens[1]}))
            first = json.loads(ws.receive_text())["view"]
            assert isinstance(first["to_act"], int)  # a human seat, and nobody will act
            later = first
            for _ in range(20):  # views at the same version come too (a seat's news)
                later = json.loads(ws.receive_text())["view"]
                if later["version"] > first["version"]:
                    break
            assert later["version"] > first["version"]  # the timer played
            if later["hand_number"] == first["hand_number"]:  # the seat's bot made the move
                assert later["history"][len(first["history"])]["seat"] == first["to_act"]
        shown = client.get(f"/api/tables/{table}").json()
        assert shown["version"] > first["version"]


def test_a_client_that_does_not_read_is_dropped_not_buffered(db: str) -> None:
    server = LiveServer(db, "--rate", "1000")
    client = server.start()
    try:
        table = client.create_table(
            rules="ludoteka",
            bots={"0": "heuristic", "1": "random", "2": "heuristic"},
            hands=30,
            pause=0,
            bot_delay=0,
            seed=3,
        )["table"]
        host, port = server.url.removeprefix("http://").split(":")
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # a tiny window
        raw.connect((host, int(port)))
        ws_url = f"ws://{host}:{port}/api/tables/{table}/ws"
        slow = connect(ws_url, sock=raw, compression=None, max_size=None)
        slow.send(json.dumps({"type": "hello"}))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # the bots play on; the slow spectator never reads
            shown: dict[str, Any] = client.table(table)
            if shown["phase"] == "end":
                break
            time.sleep(0.2)
        assert shown["phase"] == "end"  # the table did not wait for the slow client
        assert server.alive()
        server.stop()
        assert "dropping a slow client" in "".join(server.log)
        slow.close()
        final = golfo.from_json(json.dumps(client_record(server, table)))
        assert final.is_over
    finally:
        server.stop()


def client_record(server: LiveServer, table: str) -> dict[str, Any]:
    record: dict[str, Any] = server.start().record(table)
    return record
