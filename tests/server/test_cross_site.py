"""Other web sites against a live ``golfo serve`` (issue 33, findings 8 and 9), with real
HTTP requests and WebSockets on loopback: what a page of another origin makes a browser
send is refused (``415 media_type``, ``403 origin``, a WebSocket handshake refused) and
changes nothing; the server's own page, programs that send no ``Origin``, and the origins
the operator allows (``--allow-origin``) are served; every response carries the security
headers.  ``test_browser_security.py`` does the same from Chromium.

The headers and origins do not touch the database: one SQLite store."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import LiveServer, send
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from golfo.server.client import Client

EVIL = "http://evil.example"
FRONTEND = "https://cards.example.org"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("db") / "golfo.sqlite3")
    live.start()
    yield live
    live.stop()


def ws_url(server: LiveServer, table: str) -> str:
    return "ws" + server.url.removeprefix("http") + f"/api/tables/{table}/ws"


def test_a_cross_site_request_changes_nothing(server: LiveServer) -> None:
    client = Client(server.url)
    table = client.create_table(bots={"2": "heuristic"})["table"]
    before = client.table(table)["seats"]
    seat = f"/api/tables/{table}/seats/1"
    name = json.dumps({"name": "Eve"}).encode()
    # what a page of any site may send without asking: text/plain (a no-cors fetch, a form)
    for content_type in (
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
    ):
        for path in ("/api/tables", seat):
            status, _, data = send(server.url, "POST", path, name, Content_Type=content_type)
            assert (status, data["error"]["code"]) == (415, "media_type"), (path, content_type)
            status, _, data = send(
                server.url, "POST", path, name, Content_Type=content_type, Origin=EVIL
            )
            assert (status, data["error"]["code"]) == (403, "origin")
    status, _, data = send(server.url, "POST", seat, None)  # no body, no type
    assert (status, data["error"]["code"]) == (415, "media_type")
    # JSON with another site's Origin (as after a CORS preflight), or a sandboxed page's
    for origin in (EVIL, "null", f"http://localhost:{server.url.rsplit(':', 1)[1]}", "x://[::1"):
        for path in ("/api/tables", seat):
            status, _, data = send(
                server.url, "POST", path, name, Content_Type="application/json", Origin=origin
            )
            assert (status, data["error"]["code"]) == (403, "origin"), origin
            assert set(data["error"]["message"]) == {"es", "en"}
    assert [t["table"] for t in client.tables()] == [table]  # no table made
    assert client.table(table)["seats"] == before  # no seat taken
    # the server's own page sends its own origin; programs send none
    status, _, data = send(
        server.url, "POST", seat, name, Content_Type="application/json", Origin=server.url
    )
    assert status == 201, data
    status, _, _ = send(
        server.url, "POST", "/api/tables", b"{}", Content_Type="application/json; charset=utf-8"
    )
    assert status == 201


def test_a_cross_site_websocket_is_refused_at_the_handshake(server: LiveServer) -> None:
    client = Client(server.url)
    table = client.create_table()["table"]
    token = client.take_seat(table, 0, "Ana")["token"]
    for origin in (EVIL, "null"):
        with pytest.raises(InvalidStatus) as refused:
            connect(ws_url(server, table), origin=Origin(origin), open_timeout=30)
        assert refused.value.response.status_code == 403
        assert json.loads(refused.value.response.body or b"")["error"]["code"] == "origin"
    for own in (Origin(server.url), None):  # its own page; a program
        with connect(ws_url(server, table), origin=own, open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.recv(timeout=30))["view"]["seat"] == 0


def test_every_response_carries_the_security_headers(server: LiveServer) -> None:
    table = Client(server.url).create_table()["table"]
    answers = [
        send(server.url, "GET", "/"),
        send(server.url, "GET", "/static/app.js"),
        send(server.url, "GET", "/api/words"),
        send(server.url, "GET", f"/api/tables/{table}"),
        send(server.url, "GET", "/api/tables/nope"),  # a JSON error
        send(server.url, "GET", "/nope"),  # Starlette's own 404
        send(server.url, "POST", "/api/tables", b"{}"),  # 415
        send(server.url, "GET", f"/api/tables/{table}/record", Authorization="Bearer x"),  # 401
    ]
    assert [status for status, _, _ in answers] == [200, 200, 200, 200, 404, 404, 415, 401]
    host = server.url.removeprefix("http://")
    for _, headers, _ in answers:
        policy = [p.strip() for p in headers["content-security-policy"].split(";")]
        assert "default-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy
        assert "script-src 'self'" in policy
        assert "style-src 'self'" in policy
        assert "img-src 'self' data:" in policy
        assert f"connect-src 'self' ws://{host} wss://{host}" in policy
        assert "unsafe" not in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert "access-control-allow-origin" not in headers
    # a Host that could not be written into the policy is left out of it
    _, headers, _ = send(server.url, "GET", "/api/words", Host="a b;c")
    assert "connect-src 'self';" in headers["content-security-policy"]


def test_an_allowed_origin_is_served_with_cors(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "golfo.sqlite3", "--allow-origin", FRONTEND + "/")
    live.start()
    try:
        status, headers, _ = send(
            live.url,
            "OPTIONS",
            "/api/tables",
            Origin=FRONTEND,
            Access_Control_Request_Method="POST",
            Access_Control_Request_Headers="content-type",
        )
        assert status == 204
        assert headers["access-control-allow-origin"] == FRONTEND
        assert "POST" in headers["access-control-allow-methods"]
        assert "Content-Type" in headers["access-control-allow-headers"]
        body = json.dumps({"name": "Ana"}).encode()
        status, headers, data = send(
            live.url, "POST", "/api/tables", body, Content_Type="application/json", Origin=FRONTEND
        )
        assert status == 201
        assert headers["access-control-allow-origin"] == FRONTEND
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        with connect(ws_url(live, data["table"]), origin=Origin(FRONTEND), open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": data["token"]}))
            assert json.loads(ws.recv(timeout=30))["type"] == "view"
        # any other site still is not
        status, headers, _ = send(
            live.url, "POST", "/api/tables", body, Content_Type="application/json", Origin=EVIL
        )
        assert status == 403
        assert "access-control-allow-origin" not in headers
        status, headers, _ = send(
            live.url, "OPTIONS", "/api/tables", Origin=EVIL, Access_Control_Request_Method="POST"
        )
        assert "access-control-allow-origin" not in headers
        assert len(Client(live.url).tables()) == 1
    finally:
        live.stop()


def test_a_bad_allowed_origin_is_refused_at_start(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "golfo.sqlite3", "--allow-origin", "https://x.example/path")
    with pytest.raises(AssertionError) as failed:
        live.start()
    assert "an origin is a scheme, a host and a port" in str(failed.value)
