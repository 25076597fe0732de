"""Hostile input on live sockets: thousands of malformed, mistyped, oversized, replayed and
impersonating messages from a seeded generator.  The server stays up, answers each with its
typed error (or closes the socket), and no table's state changes."""

from __future__ import annotations

import json
import random
from typing import Any

from serverkit import LiveServer

from golfo import DECK
from golfo.server.client import Client, HTTPError, Socket


def hostile(rng: random.Random, version: int, seat: int) -> str | bytes:
    """One message that must change nothing: ``seat`` is not to act."""
    other = (seat + rng.randint(1, 3)) % 4
    card = str(rng.choice(DECK))
    choices: list[Any] = [
        bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 40))),
        "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(0, 30))),
        '{"type": "action", "version": ' + str(version),  # cut short
        "[" * rng.randint(100, 5000) + "]" * rng.randint(0, 10),
        "x" * rng.choice([70_000, 200_000]),  # over the message size limit: the socket closes
        json.dumps({"type": rng.choice(["action", "say", "bot", "hello", "x", None, 7])}),
        json.dumps(
            {"type": "action", "version": 10**400, "action": {"type": "pass", "seat": seat}}
        ).replace("1" + "0" * 400, "1" + "0" * 400),
        json.dumps(
            {"type": "action", "version": version, "action": {"type": "pass", "seat": other}}
        ),
        json.dumps(
            {"type": "action", "version": version, "action": {"type": "fold", "seat": seat}}
        ),
        json.dumps(
            {"type": "action", "version": version, "action": {"type": "call", "seat": seat}}
        ),
        json.dumps(
            {
                "type": "action",
                "version": version - rng.randint(1, 5),
                "action": {"type": "pass", "seat": seat},
            }
        ),
        json.dumps({"type": "action", "version": -1, "action": {"type": "pass", "seat": seat}}),
        json.dumps(
            {
                "type": "action",
                "version": version,
                "action": {
                    "type": "bet",
                    "seat": seat,
                    "amount": rng.choice([-1, 0, 2.5, "5", True, 10**18]),
                },
            }
        ),
        json.dumps(
            {
                "type": "action",
                "version": version,
                "action": {"type": "discard", "seat": seat, "cards": [card, card]},
            }
        ),
        json.dumps(
            {"type": "action", "version": version, "action": {"type": "deal", "card": card}}
        ),
        json.dumps({"type": "action", "version": version, "action": {"type": "next_hand"}}),
        json.dumps({"type": "action", "version": version, "action": {"type": "end_game"}}),
        json.dumps(
            {
                "type": "say",
                "version": version,
                "text": rng.choice(["paso", "subo 5", "descarto", "x" * 300]),
            }
        ),
        json.dumps({"type": "say", "version": version, "text": "voy", "lang": "fr"}),
        json.dumps({"type": "bot", "on": rng.choice(["yes", 1, None])}),
        json.dumps({"type": "end_game"}),  # not between hands
        json.dumps({"type": "hello", "token": "x" * 50}),
        json.dumps({"type": "ping", "extra": 1}),
        json.dumps(
            {"type": "action", "version": version, "action": {"type": "pass", "seat": seat}, "x": 1}
        ),
    ]
    choice: str | bytes = rng.choice(choices)
    return choice


def snapshot(client: Client, table: str) -> dict[str, Any]:
    shown: dict[str, Any] = client.table(table)["view"]
    return shown


def test_thousands_of_hostile_messages_change_nothing(live: LiveServer) -> None:
    client = Client(live.url)
    table = client.create_table(rules="ludoteka", seed=5)["table"]
    tokens = [client.take_seat(table, s, f"p{s}")["token"] for s in range(3)]
    before = snapshot(client, table)
    assert before["to_act"] == 1
    rng = random.Random(99)
    sockets: dict[int | None, Socket] = {}

    def socket_for(seat: int | None) -> Socket:
        if seat not in sockets:
            sockets[seat] = client.connect(table, None if seat is None else tokens[seat])
            sockets[seat].view()
        return sockets[seat]

    answered = closed = 0
    for i in range(3000):
        seat = rng.choice([0, 2, None])  # never seat 1, the one to act
        socket = socket_for(seat)
        message = hostile(rng, before["version"], 0 if seat is None else seat)
        try:
            socket.connection.send(message)
            reply = socket.receive(timeout=10)
        except Exception:  # the server closed it (an oversized message, say): reconnect
            closed += 1
            del sockets[seat]
            continue
        assert reply["type"] in ("error", "pong"), reply
        if reply["type"] == "error":
            assert set(reply["message"]) == {"es", "en"}
            answered += 1
        if i % 500 == 0:
            assert snapshot(client, table) == before
    assert live.alive()
    assert answered > 2500
    assert closed > 10  # the oversized ones
    assert snapshot(client, table) == before  # nothing changed
    # and the table still plays: seat 1 may act
    one = client.connect(table, tokens[1])
    view = one.view()
    one.act({"type": "pass", "seat": 1}, view["version"])
    assert one.view()["version"] == view["version"] + 1
    one.close()
    for socket in sockets.values():
        socket.close()


def test_hostile_http_requests_change_nothing(live: LiveServer) -> None:
    client = Client(live.url)
    table = client.create_table(rules="tradicional")["table"]
    before = client.tables()
    rng = random.Random(7)
    statuses = set()
    for _ in range(300):
        body: Any = rng.choice(
            [
                None,
                [],
                {"rules": rng.choice(["x", 5, None, {"ante": -1}])},
                {"players": rng.choice([0, 2, 5, "3", None, 3.5])},
                {"bots": rng.choice([[], {"9": "heuristic"}, {"0": "genius"}, "all"])},
                {"seed": rng.choice([-5, "s", 10**30])},
                {"name": "x" * 100},
            ]
        )
        path = rng.choice(["/api/tables", f"/api/tables/{table}/seats/{rng.randint(-1, 9)}"])
        if body is None and path == "/api/tables":
            continue
        try:
            client.request("POST", path, body if body is not None else {})
            if "/seats/" in path:
                continue  # a free seat taken with a good name is fine (not a table change)
        except HTTPError as error:
            statuses.add(error.status)
    assert statuses <= {400, 404, 409}
    assert live.alive()
    after = [t for t in client.tables() if t["table"] in {b["table"] for b in before}]
    assert [t["version"] for t in after] == [t["version"] for t in before]
