"""``golfo serve`` through the ASGI test client: every endpoint, message type and error code.

The live tests (``test_live.py``) run the server as a process on real sockets; these check
the protocol piece by piece, in process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import QUICK, dump, execute
from starlette.testclient import TestClient

import golfo
from golfo.server import create_app
from golfo.server.protocol import CODES
from golfo.server.tables import hash_token

FAST = {"pause": 0, "bot_delay": 0}


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bounds=QUICK, seeds=True)) as c:
        yield c


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"rules": "ludoteka"} | FAST | body)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def seat(client: TestClient, table: str, number: int, name: str = "Ana") -> str:
    answer = client.post(f"/api/tables/{table}/seats/{number}", json={"name": name})
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def error_code(answer: Any) -> str:
    code: str = answer.json()["error"]["code"]
    assert set(answer.json()["error"]["message"]) == {"es", "en"}
    return code


def test_create_list_and_show_tables(client: TestClient) -> None:
    table = new_table(client, players=4, bots={"1": "heuristic", "3": "random"}, seed=3)
    assert table["players"] == 4
    assert [s["kind"] for s in table["seats"]] == ["free", "bot", "free", "bot"]
    assert table["free"] == [0, 2]
    assert table["phase"] == "bet_1"  # the first deal is done at once
    lobby = client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in lobby] == [table["table"]]
    shown = client.get(f"/api/tables/{table['table']}").json()
    assert shown["view"]["seat"] is None  # a spectator's view
    assert shown["view"]["hand"] == []
    custom = new_table(client, rules=golfo.wire.to_data(golfo.Rules(ante=2, hands=3)), players=3)
    assert custom["rules"]["ante"] == 2
    assert custom["rules"]["hands"] == 3
    assert new_table(client, rules="tradicional", hands=5)["rules"]["hands"] == 5


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"rules": "poker"}, "table.rules"),
        ({"players": 5}, "table.players"),
        ({"players": 2}, "table.players: expected 3 or 4 (these rules' table sizes), got 2"),
        ({"rules": "mini", "players": 4}, "table.players: expected 2 or 3"),
        ({"players": "3"}, "table.players"),
        ({"bots": {"7": "heuristic"}}, "table.bots"),
        ({"bots": {"1": "genius"}}, "table.bots.1"),
        ({"seed": -1}, "table.seed"),
        ({"pause": "soon"}, "table.pause"),
        ({"hands": 0}, "table.hands"),
        ({"colour": "red"}, "unexpected key"),
        ({"rules": {"ante": 1}}, "table.rules: missing key"),
        ({"pause": None, "bots": {"0": "random", "1": "random", "2": "random"}}, "table.pause"),
        ({"pause": -1}, "table.pause"),
        ({"name": 7}, "table.name"),
        ({"name": "x" * 41}, "table.name"),
        ({"name": "Ana", "bots": {"0": "random", "1": "random", "2": "random"}}, "table.name"),
    ],
)
def test_bad_tables_are_format_errors(client: TestClient, body: dict[str, Any], where: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert error_code(answer) == "format"
    error = answer.json()["error"]
    assert where in error["detail"]  # the technical reason, for developers
    assert error["message"] == {  # the player's words
        "es": "no se ha entendido la mesa pedida",
        "en": "the table asked for could not be read",
    }
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made


def test_the_presets_are_the_registrys(client: TestClient) -> None:
    """Every preset of golfo.rules.PRESETS by name, at each of its table sizes; a refusal
    names them all; GET /api/server lists them with their hands and sizes."""
    info = client.get("/api/server").json()["presets"]
    assert list(info) == list(golfo.PRESETS)
    for name, rules in golfo.PRESETS.items():
        assert info[name] == {"hands": rules.hands, "table_sizes": list(rules.table_sizes)}
        for players in rules.table_sizes:
            table = new_table(client, rules=name, players=players, bots={"1": "random"})
            assert (table["preset"], table["players"]) == (name, players)
            assert golfo.wire.rules_from_data(table["rules"]) == rules
            assert len(table["seats"]) == players
    answer = client.post("/api/tables", json={"rules": "Mini"})
    detail = answer.json()["error"]["detail"]
    assert detail.startswith("table.rules: expected a preset (")
    assert all(f'"{name}"' in detail for name in golfo.PRESETS)


def test_variant_tables_and_their_sizes(client: TestClient) -> None:
    mini = new_table(client, rules="mini", players=2, bots={"1": "heuristic"}, hands=3)
    assert (mini["preset"], mini["rules"]["hands"]) == ("mini", 3)  # a preset, hands of its own
    mediano = new_table(client, rules="mediano")  # three seats by default: MEDIANO allows them
    assert (mediano["preset"], mediano["players"]) == ("mediano", 3)
    view = client.get(f"/api/tables/{mini['table']}").json()["view"]
    assert (view["players"], view["hand_sizes"]) == (2, [1, 1])  # one card each, dealt
    # rules of its own, variant fields included: no preset, and its smallest size by default
    own = golfo.Rules(ranks=(7, 8, 9), deal_sizes=(2, 1), table_sizes=(2,))
    table = new_table(client, rules=golfo.wire.to_data(own))
    assert (table["preset"], table["players"]) == (None, 2)
    assert golfo.wire.rules_from_data(table["rules"]) == own
    answer = client.post("/api/tables", json={"rules": golfo.wire.to_data(own), "players": 3})
    assert answer.status_code == 400
    assert answer.json()["error"]["detail"] == (
        "table.players: expected 2 (these rules' table sizes), got 3"
    )


def test_bodies_that_are_not_json_or_too_big(client: TestClient) -> None:
    json_type = {"Content-Type": "application/json"}
    for content in (b"{", b"[1, 2", b"\xff\xfe", b'{"a": NaN}', b"[]", b'{"rules": "\\udc00"}'):
        answer = client.post("/api/tables", content=content, headers=json_type)
        assert answer.status_code == 400
        assert error_code(answer) == "format"
    answer = client.post("/api/tables", content=b" " * 70_000 + b"{}", headers=json_type)
    assert answer.status_code == 400
    answer = client.post("/api/tables", content=b"{}")  # JSON, but not said to be
    assert (answer.status_code, error_code(answer)) == (415, "media_type")


def test_seats_tokens_and_records(client: TestClient, db: str) -> None:
    table = new_table(client, bots={"2": "heuristic"})["table"]
    token = seat(client, table, 0, "Ana")
    assert len(token) >= 32  # 192 random bits, URL-safe
    answer = client.post(f"/api/tables/{table}/seats/0", json={"name": "Eve"})
    assert (answer.status_code, error_code(answer)) == (409, "taken")
    answer = client.post(f"/api/tables/{table}/seats/2", json={"name": "Eve"})
    assert (answer.status_code, error_code(answer)) == (409, "taken")  # a bot's seat
    for bad in ("9", "x", "-1"):
        answer = client.post(f"/api/tables/{table}/seats/{bad}", json={"name": "Eve"})
        assert (answer.status_code, error_code(answer)) == (404, "not_found")
    answer = client.post(f"/api/tables/{table}/seats/1", json={"name": 5})
    assert (answer.status_code, error_code(answer)) == (400, "format")
    answer = client.post("/api/tables/nope/seats/1", json={"name": "Eve"})
    assert (answer.status_code, error_code(answer)) == (404, "not_found")
    # records: the whole one only at the end; a seat's own at any time, with its token
    answer = client.get(f"/api/tables/{table}/record")
    assert (answer.status_code, error_code(answer)) == (409, "not_over")
    mine = client.get(f"/api/tables/{table}/record", headers={"Authorization": f"Bearer {token}"})
    assert mine.status_code == 200
    assert mine.json()["format"] == "golfo-seat/1"
    assert mine.json()["seat"] == 0
    for header in ("Bearer nope", "Basic abc", "Bearer "):
        answer = client.get(f"/api/tables/{table}/record", headers={"Authorization": header})
        assert (answer.status_code, error_code(answer)) == (401, "auth")
    # tokens are not in the database in clear, only their hashes
    text = dump(db)
    assert token not in text
    assert hash_token(token) in text


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello"} | ({"token": token} if token else {})))
    return receive(ws)


def test_a_seat_plays_over_its_socket_and_every_error_has_its_code(client: TestClient) -> None:
    table = new_table(client, seed=11)["table"]
    tokens = [seat(client, table, s, f"p{s}") for s in range(3)]
    with client.websocket_connect(f"/api/tables/{table}/ws") as one:
        first = hello(one, tokens[1])
        assert first["type"] == "view"
        view = first["view"]
        assert (view["seat"], view["to_act"]) == (1, 1)  # seat 1 is mano
        version = view["version"]
        errors = {}

        def send(message: Any) -> None:
            one.send_text(message if isinstance(message, str) else json.dumps(message))
            answer = receive(one)
            assert answer["type"] == "error", answer
            assert set(answer["message"]) == {"es", "en"}
            errors[answer["code"]] = answer

        send("not json")
        send({"type": "shout"})
        send({"type": "action", "version": version})
        send({"type": "action", "version": "7", "action": {"type": "pass", "seat": 1}})
        send({"type": "action", "version": version, "action": {"type": "pass", "seat": 2}})
        send({"type": "action", "version": version - 1, "action": {"type": "pass", "seat": 1}})
        send({"type": "action", "version": version, "action": {"type": "call", "seat": 1}})
        send(
            {
                "type": "action",
                "version": version,
                "action": {"type": "bet", "seat": 1, "amount": 10**30},
            }
        )
        send({"type": "hello", "token": tokens[1]})
        assert {"format", "not_your_seat", "stale", "illegal"} <= set(errors)
        send(
            {
                "type": "action",
                "version": version,
                "action": {"type": "bet", "seat": 1, "amount": 2.5},
            }
        )
        assert errors["format"]["message"] == {
            "es": "no se ha entendido la jugada",
            "en": "the move could not be read",
        }
        assert "message.action.amount: expected a whole number" in errors["format"]["detail"]
        assert "nadie ha envidado" in errors["illegal"]["message"]["es"]
        assert "nobody has bet" in errors["illegal"]["message"]["en"]
        one.send_text(json.dumps({"type": "ping"}))
        assert receive(one) == {"type": "pong"}
        # a good move: everyone is told
        one.send_text(
            json.dumps(
                {
                    "type": "action",
                    "version": version,
                    "action": {"type": "bet", "seat": 1, "amount": 5},
                }
            )
        )
        after = receive(one)
        assert after["type"] == "view"
        assert after["view"]["version"] == version + 1
        assert after["view"]["moves"] is None  # now seat 2 is to act
        with client.websocket_connect(f"/api/tables/{table}/ws") as two:
            view2 = hello(two, tokens[2])["view"]
            assert view2["moves"]["call"] == 5
            # not its turn for seat 0
            with client.websocket_connect(f"/api/tables/{table}/ws") as zero:
                view0 = hello(zero, tokens[0])["view"]
                zero.send_text(
                    json.dumps(
                        {
                            "type": "action",
                            "version": view0["version"],
                            "action": {"type": "fold", "seat": 0},
                        }
                    )
                )
                assert receive(zero)["code"] == "not_your_turn"
            # words, in either language
            two.send_text(
                json.dumps(
                    {"type": "say", "version": view2["version"], "text": "raise to 9", "lang": "en"}
                )
            )
            assert receive(two)["view"]["current_bet"] == 9
            assert receive(one)["view"]["current_bet"] == 9
    # a spectator sees, and may not play
    with client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
        view = hello(spectator, None)["view"]
        assert view["seat"] is None
        spectator.send_text(
            json.dumps(
                {
                    "type": "action",
                    "version": view["version"],
                    "action": {"type": "call", "seat": 0},
                }
            )
        )
        assert receive(spectator)["code"] == "auth"
    # a bad token closes the socket after saying why
    with client.websocket_connect(f"/api/tables/{table}/ws") as bad:
        assert hello(bad, "not-a-token")["code"] == "auth"
    assert set(CODES) >= set(errors)


def test_the_rate_limit(client: TestClient) -> None:
    table = new_table(client)["table"]
    token = seat(client, table, 0)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        hello(ws, token)
        for _ in range(200):
            ws.send_text(json.dumps({"type": "ping"}))
        codes = [receive(ws).get("code") for _ in range(200)]
        assert "rate" in codes  # a burst of 40 and 20 a second: 200 at once is too many


def test_bots_play_and_a_seat_can_be_given_to_a_bot_and_taken_back(client: TestClient) -> None:
    table = new_table(client, bots={"1": "heuristic", "2": "random"}, seed=2)["table"]
    token = seat(client, table, 0)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        view = hello(ws, token)["view"]
        while view["to_act"] != 0:  # the bots play until it is seat 0's turn
            view = receive(ws)["view"]
        ws.send_text(json.dumps({"type": "bot", "on": True}))
        seen = [receive(ws)["view"] for _ in range(30)]
        assert any(v["version"] > view["version"] for v in seen)  # its bot played
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["bot"] is True
        ws.send_text(json.dumps({"type": "bot", "on": False}))
        ws.send_text(json.dumps({"type": "ping"}))
        while receive(ws) != {"type": "pong"}:  # messages are handled in order
            pass
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["bot"] is False


def test_an_open_ended_game_ends_when_every_human_agrees(client: TestClient) -> None:
    table = new_table(
        client, rules="tradicional", bots={"1": "heuristic", "2": "heuristic"}, pause=30
    )["table"]
    token = seat(client, table, 0)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        view = hello(ws, token)["view"]
        ws.send_text(json.dumps({"type": "end_game"}))
        answer = receive(ws)
        while answer["type"] == "view":  # a bot's move may come first
            view = answer["view"]
            answer = receive(ws)
        assert answer["code"] == "illegal"  # only between hands
        while view["phase"] != "between_hands":
            if view["moves"] is not None:
                moves = view["moves"]
                kind = "fold" if moves["fold"] else "pass" if moves["pass"] else "discard"
                action: dict[str, Any] = {"type": kind, "seat": 0}
                if kind == "discard":
                    action["cards"] = []
                ws.send_text(
                    json.dumps({"type": "action", "version": view["version"], "action": action})
                )
            view = receive(ws)["view"]
        ws.send_text(json.dumps({"type": "end_game"}))
        while view["phase"] != "end":
            view = receive(ws)["view"]
    record = client.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    final = golfo.from_json(record.text)
    assert final.is_over
    assert final.history[-1] == golfo.EndGame()


def test_import_golfo_never_imports_the_server() -> None:
    code = "import sys, golfo; print('golfo.server' in sys.modules, 'starlette' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "False"]


def test_the_creator_is_seated_when_it_gives_a_name(client: TestClient) -> None:
    answer = client.post(
        "/api/tables", json={"name": " Ana ", "bots": {"0": "heuristic", "2": "random"}} | FAST
    )
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert table["seat"] == 1  # the lowest free seat
    assert [s["kind"] for s in table["seats"]] == ["bot", "human", "bot"]
    assert table["seats"][1]["name"] == "Ana"
    assert table["free"] == []
    with client.websocket_connect(f"/api/tables/{table['table']}/ws") as ws:
        message = hello(ws, table["token"])
        assert message["view"]["seat"] == 1
        assert message["seats"][1] == {"seat": 1, "kind": "human", "name": "Ana", "bot": False}
    assert "token" not in new_table(client)  # no name: nobody seated


def test_with_no_pause_the_next_hand_waits_for_a_player(client: TestClient) -> None:
    bots = {"1": "heuristic", "2": "heuristic"}
    body = {"rules": "ludoteka", "name": "Ana", "pause": None, "bot_delay": 0, "bots": bots}
    answer = client.post("/api/tables", json=body | {"seed": 5})
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert (table["pause"], table["seat"]) == (None, 0)
    with client.websocket_connect(f"/api/tables/{table['table']}/ws") as ws:
        view = hello(ws, table["token"])["view"]
        while view["phase"] != "between_hands":  # seat 0 folds at once, or passes
            if view["moves"] is not None:
                moves = view["moves"]
                kind = "fold" if moves["fold"] else "pass" if moves["pass"] else "discard"
                action: dict[str, Any] = {"type": kind, "seat": 0}
                if kind == "discard":
                    action["cards"] = []
                ws.send_text(
                    json.dumps({"type": "action", "version": view["version"], "action": action})
                )
            view = receive(ws)["view"]
        time.sleep(0.2)  # long enough for a pause of 0 or a bot's move (bot_delay 0)
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive(ws) == {"type": "pong"}  # no view came: nothing moved by itself
        assert client.get(f"/api/tables/{table['table']}").json()["phase"] == "between_hands"
        ws.send_text(
            json.dumps(
                {"type": "action", "version": view["version"], "action": {"type": "next_hand"}}
            )
        )
        after = receive(ws)["view"]
        assert after["hand_number"] == view["hand_number"] + 1
    # a bot-only table refuses it (tested with the bad tables); a human who hands the seat
    # to its bot lets the bots start the next hand


def test_the_lobby_lists_games_not_over_and_drops_old_tables_nobody_sat_at(db: str) -> None:
    with TestClient(create_app(db, bounds=QUICK)) as client:
        old = new_table(client)["table"]
        sat = new_table(client)["table"]
        seat(client, sat, 0)
        over = new_table(
            client, bots={"0": "heuristic", "1": "heuristic", "2": "heuristic"}, hands=1
        )["table"]
        fresh = new_table(client)["table"]
        for _ in range(200):  # the bots play the one hand out
            if client.get(f"/api/tables/{over}").json()["phase"] == "end":
                break
            time.sleep(0.02)
        listed = {t["table"] for t in client.get("/api/tables").json()["tables"]}
        assert listed == {old, sat, fresh}
    execute(db, "UPDATE golfo_tables SET created = ? WHERE table_id IN (?, ?)", (1.0, old, sat))
    with TestClient(create_app(db, bounds=QUICK)) as client:
        listed = {t["table"] for t in client.get("/api/tables").json()["tables"]}
        assert listed == {sat, fresh}  # an hour-old table somebody sat at stays
        assert client.get(f"/api/tables/{old}").status_code == 200  # still there, unlisted


def test_a_table_takes_strong_bots(client: TestClient) -> None:
    table = new_table(client, players=3, bots={"1": "strong", "2": "strong"}, seed=5)
    assert [s["kind"] for s in table["seats"]] == ["free", "bot", "bot"]
