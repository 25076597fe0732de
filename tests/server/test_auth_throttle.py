"""Guessing tokens against a live ``golfo serve`` (issue 33, finding 13): bad tokens are
throttled per client address, over HTTP (a seat's record with ``Authorization: Bearer``)
and in the WebSocket's hello.  After ``--auth-failures`` bad tokens an address gets ``429
rate`` with ``Retry-After`` and its tokens are not even looked at (a good one neither: the
guessing would go on otherwise); other addresses, spectators and everything else are served.

On loopback every request comes from 127.0.0.1, so the addresses are told apart the way a
reverse proxy tells them: ``X-Forwarded-For``, believed only from a ``--trusted-proxy``
(127.0.0.1 by default).  With no trusted proxy the header changes nothing: an attacker
cannot step out of its bucket by writing it.  ``--auth-wait`` is long (10 minutes), so that
no bucket refills during a test, however slow the machine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import LiveServer, send
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from golfo.server.client import Client

SLOW = ("--auth-failures", "3", "--auth-wait", "600")


def record(server: LiveServer, table: str, token: str, **headers: str) -> tuple[int, Any]:
    """A seat's record asked with ``token``: the status, and the error code if any."""
    path = f"/api/tables/{table}/record"
    status, got, data = send(
        server.url, "GET", path, None, Authorization=f"Bearer {token}", **headers
    )
    if status == 429:
        assert int(got["retry-after"]) >= 1
        assert data["error"]["detail"].startswith("retry after")
    return status, (data or {}).get("error", {}).get("code")


def hello(server: LiveServer, table: str, token: str | None, **headers: str) -> dict[str, Any]:
    """What the server answers a socket's hello; a refused one must close the socket (1008)."""
    url = "ws" + server.url.removeprefix("http") + f"/api/tables/{table}/ws"
    message = {"type": "hello"} | ({"token": token} if token is not None else {})
    extra = {k.replace("_", "-"): v for k, v in headers.items()}
    with connect(url, open_timeout=30, additional_headers=extra) as ws:
        ws.send(json.dumps(message))
        first: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if first["type"] == "error":
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1008
        return first


@pytest.fixture
def no_proxy(db: str) -> Iterator[LiveServer]:
    live = LiveServer(db, "--trusted-proxy", "", *SLOW)
    live.start()
    yield live
    live.stop()


def test_a_burst_of_bad_tokens_is_throttled(no_proxy: LiveServer) -> None:
    client = Client(no_proxy.url)
    created = client.create_table(bots={"2": "heuristic"}, name="Ana")
    table, token = created["table"], created["token"]
    assert record(no_proxy, table, token) == (200, None)  # a good token costs nothing
    answers = [record(no_proxy, table, f"guess{i}") for i in range(20)]
    assert answers == [(401, "auth")] * 3 + [(429, "rate")] * 17
    assert hello(no_proxy, table, "guess")["code"] == "rate"  # one bucket for both ways in
    # locked out: a token is not looked at, good or not, whatever the request says it is for
    assert record(no_proxy, table, token) == (429, "rate")
    assert record(no_proxy, table, token, X_Forwarded_For="203.0.113.9") == (429, "rate")
    assert hello(no_proxy, table, token)["code"] == "rate"
    assert hello(no_proxy, table, token, X_Forwarded_For="203.0.113.9")["code"] == "rate"
    # what needs no token is served as before
    assert hello(no_proxy, table, None)["type"] == "view"
    assert client.take_seat(table, 1, "Eve")["seat"] == 1
    assert client.table(table)["free"] == []


def test_behind_a_trusted_proxy_each_client_has_its_own_bucket(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "golfo.sqlite3", *SLOW)  # loopback: a trusted proxy
    client = live.start()
    try:
        created = client.create_table(bots={"2": "heuristic"}, name="Ana")
        table, token = created["table"], created["token"]
        guesser, player, other = "198.51.100.7", "198.51.100.8", "2001:db8:0:1::9"
        for i in range(3):
            assert record(live, table, f"guess{i}", X_Forwarded_For=guesser) == (401, "auth")
        assert record(live, table, token, X_Forwarded_For=guesser) == (429, "rate")
        assert hello(live, table, token, X_Forwarded_For=guesser)["code"] == "rate"
        # another client behind the same proxy: its own bucket
        assert record(live, table, token, X_Forwarded_For=player) == (200, None)
        assert hello(live, table, token, X_Forwarded_For=player)["view"]["seat"] == 0
        assert hello(live, table, "guess", X_Forwarded_For=other)["code"] == "auth"
        # an IPv6 client is counted with its /64: another address in it shares the bucket
        for _ in range(2):
            assert record(live, table, "guess", X_Forwarded_For="2001:db8:0:1::7") == (401, "auth")
        assert record(live, table, token, X_Forwarded_For="2001:db8:0:1::8") == (429, "rate")
        assert record(live, table, token, X_Forwarded_For="2001:db8:0:2::8") == (200, None)
    finally:
        live.stop()
