"""Anonymous connections cannot lock players out, nor wear the server out (issue 33, findings 5
and 6), against a live ``golfo serve`` with real sockets.

Connections come from several loopback addresses (``127.0.0.2`` and on: Linux routes all of
``127.0.0.0/8`` to this machine), so that the server counts an attacker apart from players.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import LiveServer, send
from websockets.sync.client import ClientConnection, connect

from golfo.server.client import Client

pytestmark = pytest.mark.skipif(
    not hasattr(socket, "SO_REUSEPORT"), reason="needs Linux's loopback addresses"
)

WAIT = 60.0
"""The longest any step may take before the test fails (a deadline, not a measurement)."""


def _where(server: LiveServer) -> tuple[str, int]:
    host, port = server.url.removeprefix("http://").split(":")
    return host, int(port)


def opened(server: LiveServer, source: str) -> socket.socket:
    """A TCP connection to the server from the loopback address ``source``."""
    return socket.create_connection(_where(server), timeout=WAIT, source_address=(source, 0))


def watch(
    server: LiveServer, table: str, token: str | None = None, source: str = "127.0.0.1"
) -> tuple[ClientConnection, dict[str, Any]]:
    """A WebSocket of the table (a seat's, with ``token``) from ``source``, its hello said:
    the socket and the first message the server sent back (a view, or an error)."""
    host, port = _where(server)
    raw = opened(server, source)
    url = f"ws://{host}:{port}/api/tables/{table}/ws"
    ws = connect(url, sock=raw, open_timeout=WAIT, legacy=True)
    hello = {"type": "hello"} | ({"token": token} if token else {})
    ws.send(json.dumps(hello))
    return ws, json.loads(ws.recv(timeout=WAIT))


def until_eof(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (within :data:`WAIT`)."""
    sock.settimeout(WAIT)
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return received


def raw_websocket(server: LiveServer, table: str, source: str) -> socket.socket:
    """A WebSocket opened by hand (no library to answer pings): the handshake done."""
    sock = opened(server, source)
    host, port = _where(server)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /api/tables/{table}/ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def frame(text: str) -> bytes:
    """A client's text frame (masked, as a client must)."""
    payload, mask = text.encode(), os.urandom(4)
    size = (
        bytes([0x80 | len(payload)])
        if len(payload) < 126
        else b"\xfe" + len(payload).to_bytes(2, "big")
    )
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def frames(data: bytes) -> Iterator[tuple[int, bytes]]:
    """The server's frames in ``data`` (unmasked): (opcode, payload)."""
    while len(data) >= 2:
        size, start = data[1] & 0x7F, 2
        if size == 126:
            size, start = int.from_bytes(data[2:4], "big"), 4
        elif size == 127:
            size, start = int.from_bytes(data[2:10], "big"), 10
        yield data[0] & 0x0F, data[start : start + size]
        data = data[start + size :]


def closed_with(sock: socket.socket) -> int:
    """Read a raw WebSocket until the server's close frame: its close code."""
    sock.settimeout(WAIT)
    data = b""
    while True:
        chunk = sock.recv(65536)
        data += chunk
        for opcode, payload in frames(data):
            if opcode == 0x8:
                return int.from_bytes(payload[:2], "big")
        if not chunk:
            raise AssertionError("closed without a close frame")


def refusal(server: LiveServer, source: str, *, retry_reset: bool = False) -> tuple[bytes, Any]:
    """A request from ``source`` to a server that should refuse it: its status line and
    JSON body.  With ``retry_reset``, a connection reset instead (the server aborts what it
    cannot answer while too many refusals are still pending, as on a loaded machine) is
    tried again until one is refused in words; without, it is raised."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            with opened(server, source) as sock:
                sock.sendall(b"GET /api/words HTTP/1.1\r\nHost: golfo\r\n\r\n")
                answer = until_eof(sock)
            break
        except ConnectionResetError:
            if not retry_reset:
                raise
            assert time.monotonic() < deadline, "every try was reset, none refused with a 503"
            time.sleep(0.1)
    head, _, body = answer.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0], json.loads(body)


def eventually_ok(server: LiveServer) -> None:
    """``GET /api/words`` answers 200 before the deadline (once the server has room again)."""
    deadline = time.monotonic() + WAIT
    while True:
        with contextlib.suppress(OSError):
            if send(server.url, "GET", "/api/words")[0] == 200:
                return
        assert time.monotonic() < deadline, "the server never answered again"
        time.sleep(0.2)


def a_table(client: Client) -> tuple[str, list[str]]:
    """A table of three people: its id and the seats' tokens."""
    table = client.create_table(rules="ludoteka", name="p0", pause=None)
    tokens = [table["token"]] + [
        client.take_seat(table["table"], s, f"p{s}")["token"] for s in (1, 2)
    ]
    return table["table"], tokens


# -- finding 5: players admitted by token first ---------------------------------------------


def test_spectators_never_lock_a_seated_player_out(tmp_path: Path) -> None:
    """64 spectator sockets on a table had locked its seated player out (``full``)."""
    server = LiveServer(tmp_path / "golfo.sqlite3")
    client = server.start()
    sockets: list[ClientConnection] = []
    try:
        table, tokens = a_table(client)
        answers = []
        for source in ("127.0.0.1", "127.0.0.2"):
            for _ in range(64):
                ws, first = watch(server, table, source=source)
                answers.append(first)
                sockets.append(ws)
        views = [a for a in answers if a["type"] == "view"]
        refused = [a["message"]["en"] for a in answers if a["type"] == "error"]
        assert [a["code"] for a in answers if a["type"] == "error"] == ["full"] * 96
        assert len(views) == 32  # 16 from each address, and the table is full
        assert refused[:48] == ["too many spectators from your address"] * 48
        assert refused[48:] == ["no room for more spectators at this table"] * 48
        # every seated player is let in, and plays
        players = [watch(server, table, token) for token in tokens]
        assert [first["type"] for _, first in players] == ["view"] * 3
        view = players[0][1]["view"]
        assert view["moves"] is not None or players[1][1]["view"]["moves"] is not None
        # up to four sockets a seat (tabs, a reconnection), not more
        more = [watch(server, table, tokens[2]) for _ in range(3)]
        assert [first["type"] for _, first in more] == ["view"] * 3
        ws, fifth = watch(server, table, tokens[2])
        assert (fifth["code"], fifth["message"]["en"]) == (
            "full",
            "too many connections for this seat",
        )
        more[0][0].close()
        deadline = time.monotonic() + WAIT
        while True:  # its place is given back once the server has seen it close
            back, again = watch(server, table, tokens[2])
            if again["type"] == "view":
                break
            assert time.monotonic() < deadline
            time.sleep(0.1)
        for ws, _ in [*players, *more[1:], (back, again)]:
            ws.close()
    finally:
        for ws in sockets:
            ws.close()
        server.stop()
    assert "Traceback" not in "".join(server.log)


def test_sockets_from_one_address_lock_nobody_else_out(tmp_path: Path) -> None:
    """2,000 sockets from one client had locked every player of the server out: scaled down,
    300 half-sent requests from one address against room for 200 connections."""
    server = LiveServer(
        tmp_path / "golfo.sqlite3", "--max-connections", "200", "--trusted-proxy", ""
    )
    client = server.start()
    attack: list[socket.socket] = []
    try:
        tables = [a_table(client) for _ in range(2)]
        for _ in range(300):
            with contextlib.suppress(OSError):  # refused: closed at once
                sock = opened(server, "127.0.0.2")
                sock.sendall(b"GET /api/words HTTP/1.1\r\nHost: golfo\r\n")  # never finished
                attack.append(sock)
        status, body = refusal(server, "127.0.0.2", retry_reset=True)  # the address has its 64
        assert status == b"HTTP/1.1 503 Service Unavailable"
        assert body["error"]["code"] == "full"
        assert body["error"]["message"]["en"] == "too many connections from your address"
        # every player gets in and plays; another address's spectator and requests too
        for table, tokens in tables:
            seats = [watch(server, table, token) for token in tokens]
            assert [first["type"] for _, first in seats] == ["view"] * 3
            to_act = next(ws for ws, first in seats if first["view"]["moves"] is not None)
            version = seats[0][1]["view"]["version"]
            to_act.send(json.dumps({"type": "action", "version": version, "action": _pass(seats)}))
            moved = json.loads(to_act.recv(timeout=WAIT))
            assert moved["type"] == "view"
            assert moved["view"]["version"] > version
            for ws, _ in seats:
                ws.close()
        ws, first = watch(server, tables[0][0], source="127.0.0.3")
        assert first["type"] == "view"
        ws.close()
        assert send(server.url, "GET", "/api/words")[0] == 200
        # a WebSocket's place is given back when it closes: 80 in turn from one address
        for _ in range(80):
            deadline = time.monotonic() + WAIT
            while True:
                try:
                    ws, first = watch(server, tables[0][0], source="127.0.0.4")
                    break
                except Exception:  # the last one's close not yet seen by the server
                    assert time.monotonic() < deadline
                    time.sleep(0.05)
            assert first["type"] == "view"
            ws.close()
    finally:
        for sock in attack:
            sock.close()
        server.stop()
    assert "Traceback" not in "".join(server.log)


def _pass(seats: list[tuple[ClientConnection, dict[str, Any]]]) -> dict[str, Any]:
    """The seat to act's first legal move among pass, call and fold."""
    view = next(first["view"] for _, first in seats if first["view"]["moves"] is not None)
    moves = view["moves"]
    kind = "pass" if moves["pass"] else "call" if moves["call"] is not None else "fold"
    return {"type": kind, "seat": view["seat"]}


# -- finding 6: idle and slow connections ----------------------------------------------------


def test_idle_and_half_sent_connections_are_counted(tmp_path: Path) -> None:
    """Idle sockets and half-sent headers count against --max-connections, and give their
    place back when they close."""
    server = LiveServer(
        tmp_path / "golfo.sqlite3",
        "--max-connections",
        "60",
        "--max-per-address",
        "1000",
        "--request-timeout",
        "300",
    )
    server.start()
    held = []
    try:
        for n in range(60):
            sock = opened(server, "127.0.0.2")
            if n % 2:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: golfo\r\nX-Slow: ")  # half-sent
            held.append(sock)
        # the server may not have seen the last ones yet: it refuses once it has
        deadline = time.monotonic() + WAIT
        while True:
            try:
                status, body = refusal(server, "127.0.0.3")
                break
            except (json.JSONDecodeError, OSError):  # answered 200: not every one counted yet
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert status == b"HTTP/1.1 503 Service Unavailable"
        assert body["error"]["code"] == "full"
        for sock in held:
            sock.close()
        held.clear()
        eventually_ok(server)
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_idle_and_slow_connections_are_closed(tmp_path: Path) -> None:
    """Idle sockets, half-sent headers and bodies, WebSockets that never say hello and
    WebSockets that stop answering pings are all closed by the server, then a legitimate
    request is answered."""
    server = LiveServer(
        tmp_path / "golfo.sqlite3",
        "--request-timeout",
        "1",
        "--hello-timeout",
        "1",
        "--ping-interval",
        "1",
        "--max-per-address",
        "1000",
    )
    client = server.start()
    try:
        table, _ = a_table(client)
        idle = [opened(server, "127.0.0.2") for _ in range(50)]
        headers = [opened(server, "127.0.0.2") for _ in range(50)]
        for sock in headers:
            sock.sendall(b"GET /api/words HTTP/1.1\r\nHost: golfo\r\n")
        bodies = [opened(server, "127.0.0.2") for _ in range(10)]
        for sock in bodies:
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: golfo\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n{"
            )
        silent = [raw_websocket(server, table, "127.0.0.2") for _ in range(10)]
        deaf = [raw_websocket(server, table, "127.0.0.2") for _ in range(5)]
        for sock in deaf:
            sock.sendall(frame(json.dumps({"type": "hello"})))
        for sock in idle + headers + bodies:
            assert until_eof(sock) == b""  # closed, without a word
        assert [closed_with(sock) for sock in silent] == [1008] * 10  # no hello: policy
        assert [closed_with(sock) for sock in deaf] == [1011] * 5  # no pong: gone
        for sock in idle + headers + bodies + silent + deaf:
            sock.close()
        eventually_ok(server)
        ws, first = watch(server, table)
        assert first["type"] == "view"
        ws.close()
    finally:
        server.stop()
    assert "Traceback" not in "".join(server.log)


def test_the_file_limit_is_raised_and_the_connections_fit_it(tmp_path: Path) -> None:
    """With a limit of 256 open files, 300 idle sockets neither exhaust the server's files
    nor leave a legitimate request waiting: it is refused at once while the server is full,
    answered once the idle ones are closed.  A soft limit below the hard one is raised."""
    server = LiveServer(
        tmp_path / "golfo.sqlite3",
        "--request-timeout",
        "2",
        "--max-per-address",
        "1000",
        files=(256, 256),
    )
    server.start()
    idle: list[socket.socket] = []
    try:
        _logged(server, "at most 128 connections, not 2000: the limit on open files is 256")
        for _ in range(300):
            with contextlib.suppress(OSError):
                idle.append(opened(server, "127.0.0.2"))
        try:  # refused at once, in words or by a reset; never left waiting
            status, body = refusal(server, "127.0.0.3")
            assert (status, body["error"]["code"]) == (b"HTTP/1.1 503 Service Unavailable", "full")
        except ConnectionResetError:
            pass
        eventually_ok(server)
        for sock in idle:
            sock.close()
    finally:
        server.stop()
    log = "".join(server.log)
    assert "Too many open files" not in log
    assert "out of system resource" not in log
    assert "Traceback" not in log

    raised = LiveServer(tmp_path / "golfo.sqlite3", files=(256, 4096))
    raised.start()
    try:
        _logged(raised, "the limit on open files raised from 256 to 4096")
        assert raised.process is not None
        limits = Path(f"/proc/{raised.process.pid}/limits").read_text()
        assert [line.split()[3:5] for line in limits.splitlines() if "open files" in line] == [
            ["4096", "4096"]
        ]
    finally:
        raised.stop()
    assert "at most" not in "".join(raised.log)  # 2000 connections fit in 4096 files


def _logged(server: LiveServer, text: str) -> None:
    deadline = time.monotonic() + WAIT
    while text not in "".join(server.log):
        assert time.monotonic() < deadline, f"not logged: {text}; log: {''.join(server.log)}"
        time.sleep(0.05)
