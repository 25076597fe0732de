"""Input that crashed a live ``golfo serve`` (issue 33, finding 10), on both stores: a seat
"²" (``str.isdigit`` takes it, ``int`` does not), a seat of 5,000 digits (past the 4,300
``int`` reads), the same as a bot's seat, a lone surrogate (which JSON lets through and
UTF-8 cannot encode) in a name, a table's rules, a token or a message, a NUL in a name or a
table's id (PostgreSQL refuses it), Unicode digits in a move said in words.  Each is now a
typed error, the socket is closed cleanly when it must be, nothing changes, and the server's
log holds no exception."""

from __future__ import annotations

import json
from typing import Any

import pytest
from serverkit import LiveServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from golfo.server.client import Client, HTTPError

SEAT_WORDS = ("\u00b2", "1" * 5000, "01")
"""Seats that are not seat numbers: "²", 5,000 digits, a leading zero."""
NAMES = ("\ud800", "Ana\udfff", "\x00", "Ana\nEve", "Ana\u2028")
"""Names no store should take: lone surrogates, a NUL, line breaks."""


def refused(client: Client, method: str, path: str, body: Any, status: int, code: str) -> None:
    with pytest.raises(HTTPError) as error:
        client.request(method, path, body)
    assert (error.value.status, error.value.error["code"]) == (status, code), path[:80]
    assert set(error.value.error["message"]) == {"es", "en"}


def answer(ws: ClientConnection, text: str) -> dict[str, Any]:
    ws.send(text)
    message: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return message


def test_bad_input_gets_typed_errors_and_no_exception(live: LiveServer) -> None:
    client = Client(live.url)
    table = client.create_table(rules="ludoteka", seed=5)["table"]
    token = client.take_seat(table, 1, "Ana")["token"]
    before = client.table(table)
    assert before["view"]["to_act"] == 1
    # over HTTP
    refused(client, "POST", f"/api/tables/{table}/seats/%C2%B2", {"name": "Eve"}, 404, "not_found")
    refused(client, "POST", f"/api/tables/{table}/seats/{'1' * 5000}", {}, 404, "not_found")
    for seat in SEAT_WORDS:
        refused(client, "POST", "/api/tables", {"bots": {seat: "random"}}, 400, "format")
    for name in NAMES:
        refused(client, "POST", f"/api/tables/{table}/seats/2", {"name": name}, 400, "format")
        refused(client, "POST", "/api/tables", {"name": name}, 400, "format")
    refused(client, "POST", "/api/tables", {"rules": "\ud800"}, 400, "format")
    refused(client, "POST", "/api/tables", {"\udc00": 1}, 400, "format")
    for bad_id in ("%00", "x" * 5000, "%C2%B2"):
        refused(client, "GET", f"/api/tables/{bad_id}", None, 404, "not_found")
        refused(client, "POST", f"/api/tables/{bad_id}/seats/0", {}, 404, "not_found")
    # on the socket: a hello that cannot be read is refused, and the socket closed cleanly
    ws_url = "ws" + live.url.removeprefix("http") + f"/api/tables/{table}/ws"
    for hello, code in (('{"type": "hello", "token": "\\ud800"}', "format"),
                        ('{"type": "hello", "token": "\\u0000"}', "auth")):  # fmt: skip
        with connect(ws_url, open_timeout=30) as ws:
            assert answer(ws, hello)["code"] == code
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1008
    with connect(ws_url, open_timeout=30) as ws:  # a seat's own socket
        version = answer(ws, json.dumps({"type": "hello", "token": token}))["view"]["version"]
        for said in ("\u19da", "voy \u19da", "envido \u1369", "subo \u0663", "9" * 150):
            message = json.dumps({"type": "say", "version": version, "text": said})
            assert answer(ws, message)["code"] == "illegal", said
        surrogate = "\\ud800"  # as JSON writes it: the six characters
        for text in (
            json.dumps({"type": "say", "version": version, "text": "X"}).replace("X", surrogate),
            json.dumps(
                {
                    "type": "action",
                    "version": version,
                    "action": {"type": "pass", "seat": 1, "X": 1},
                }
            ).replace("X", surrogate),
            '{"type": "\\ud800"}',
        ):
            assert answer(ws, text)["code"] == "format", text
        assert answer(ws, '{"type": "ping"}') == {"type": "pong"}  # still open
    assert client.table(table) == before  # nothing changed
    live.stop()
    log = "".join(live.log)  # all it wrote on stderr (serverkit reads it as it comes)
    assert "Exception in ASGI application" not in log, log
    assert "Traceback" not in log, log
