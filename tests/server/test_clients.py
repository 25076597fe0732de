"""What a Python client of ``golfo serve`` gets: golfo's own bots playing a seat from what the
socket sends (:func:`golfo.wire.view_from_data`), the server's refusals as
:class:`~golfo.server.client.ServerError` with their codes, and the socket after the end.

A real ``golfo serve`` process on loopback, on SQLite only: what is tested here is the
protocol (app and tables), which is the same on both stores; the stores' own tests, the
crash and the cluster tests run on both.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import LiveServer, check_messages, states_of
from websockets.exceptions import ConnectionClosed

import golfo
from golfo import wire
from golfo.server.client import Client, ServerError, Socket


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("clients") / "golfo.sqlite3", "--rate", "1000")
    live.start()
    yield live
    live.stop()


def final_state(client: Client, table: str) -> golfo.State:
    return golfo.from_json(json.dumps(client.record(table)))


def test_golfos_bots_play_seats_from_what_the_socket_sends(server: LiveServer) -> None:
    client = Client(server.url)
    table = client.create_table(
        rules="ludoteka",
        players=4,
        bots={"1": "heuristic", "3": "random"},
        hands=4,
        seed=11,
        pause=0,
        bot_delay=0,
    )["table"]
    tokens = {s: client.take_seat(table, s, f"p{s}")["token"] for s in (0, 2)}
    two = client.connect(table, tokens[2])
    played: dict[str, golfo.View | BaseException] = {}

    def seat_two() -> None:  # Socket.play: the convenience, a RandomBot
        try:
            played["two"] = two.play(golfo.RandomBot(5))
        except BaseException as error:  # reported below
            played["two"] = error

    thread = threading.Thread(target=seat_two, daemon=True)
    thread.start()
    bot = golfo.HeuristicBot()
    acted = 0
    with client.connect(table, tokens[0]) as zero:  # by hand: view_from_data, then the bot
        while True:
            view = wire.view_from_data(zero.view())
            assert view.seat == 0
            if view.is_over:
                break
            if view.moves is not None:
                zero.act(wire.action_data(bot.choose(view)), view.version)
                acted += 1
    thread.join(timeout=120)
    two.close()
    final = final_state(client, table)
    assert final.is_over
    assert view == golfo.view(final, 0)
    assert played["two"] == golfo.view(final, 2), played["two"]
    assert acted > 5
    states = states_of(json.dumps(client.record(table)))
    assert check_messages(zero.received, 0, states) > acted
    assert check_messages(two.received, 2, states) > 5


def wait_for_turn(socket: Socket) -> golfo.View:
    while True:
        view = wire.view_from_data(socket.view())
        if view.moves is not None:
            return view


def test_a_stale_and_an_illegal_move_reach_the_caller_with_their_codes(
    server: LiveServer,
) -> None:
    client = Client(server.url)
    table = client.create_table(
        rules="tradicional",
        bots={"1": "heuristic", "2": "heuristic"},
        hands=1,
        seed=4,
        pause=0,
        bot_delay=0,
    )["table"]
    token = client.take_seat(table, 0, "Ana")["token"]
    with client.connect(table, token) as socket:
        view = wait_for_turn(socket)
        assert view.version > 0
        assert view.moves is not None
        # stale: a move against an older version
        socket.act(wire.action_data(view.legal_actions[0]), view.version - 1)
        with pytest.raises(ServerError) as stale:
            socket.view()
        assert stale.value.code == "stale"
        assert set(stale.value.message) == {"es", "en"}
        # illegal: the right version, a move the rules refuse (a bet above every stack)
        socket.act({"type": "bet", "seat": 0, "amount": 10**9}, view.version)
        with pytest.raises(ServerError) as illegal:
            socket.view()
        assert illegal.value.code == "illegal"
        assert illegal.value.detail is not None
        assert illegal.value.detail.startswith("R")
        assert client.table(table)["version"] == view.version  # neither changed anything
        # Socket.play passes over a stale refusal: the newer view follows it
        socket.act(wire.action_data(view.legal_actions[0]), view.version - 1)
        socket.act(wire.action_data(view.legal_actions[0]), view.version)
        final = socket.play(golfo.HeuristicBot())
    assert final == golfo.view(final_state(client, table), 0)


def test_the_socket_stays_open_after_the_end_until_the_server_stops(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "golfo.sqlite3")
    client = live.start()
    try:
        table = client.create_table(
            rules="tradicional",
            bots={"1": "random", "2": "heuristic"},
            hands=1,
            seed=8,
            pause=0,
            bot_delay=0,
        )["table"]
        token = client.take_seat(table, 0, "Ana")["token"]
        player = client.connect(table, token)
        final = player.play(golfo.HeuristicBot())
        assert final.is_over
        # nothing follows the final view, and the socket is open: a ping's pong is next
        player.send({"type": "ping"})
        assert player.receive() == {"type": "pong"}
        # a move after the end is refused as any illegal move
        player.act({"type": "pass", "seat": 0}, final.version)
        with pytest.raises(ServerError) as refused:
            player.view()
        assert refused.value.code == "illegal"
        assert "the game is over" in refused.value.message["en"]
        # a spectator who comes later reads the final view and the standings, and stays
        watcher = client.connect(table)
        first = watcher.receive()
        assert wire.view_from_data(first["view"]) == golfo.view(final_state(client, table), None)
        assert first["standings"]["winner"] is not None
        watcher.send({"type": "ping"})
        assert watcher.receive() == {"type": "pong"}
    finally:
        live.stop()
    # the server closes them when it stops: 1012, "service restart" (come back later)
    for socket in (player, watcher):
        with pytest.raises(ConnectionClosed) as closed:
            socket.receive()
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1012
