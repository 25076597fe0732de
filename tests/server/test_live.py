"""``golfo serve`` for real: a server process, WebSocket clients in threads, whole games.

Every message every socket received is checked against the server's record of the game
(replayed): its own seat's view only, equal to the view of the state at that version, moves
only on its turn, and no card that seat (or a spectator) may not know.
"""

from __future__ import annotations

import json
import random

import attrs
from serverkit import LiveServer, Player, check_messages, dump, states_of

import golfo
from golfo.server.client import Client
from golfo.server.tables import hash_token


def test_three_clients_play_a_whole_ludoteka_game(live: LiveServer) -> None:
    client = Client(live.url)
    table = client.create_table(rules="ludoteka", players=3, pause=0.05, seed=1)["table"]
    tokens = [client.take_seat(table, s, f"p{s}")["token"] for s in range(3)]
    players = [Player(client, table, tokens[s], salt=7) for s in range(3)]
    watcher = Player(client, table, None)
    for p in [*players, watcher]:
        p.start()
    for p in [*players, watcher]:
        p.join(timeout=180)
        assert p.finished, (p.lost, p.error)
    record = client.record(table)
    final = golfo.from_json(json.dumps(record))
    assert final.is_over
    assert len(final.results) >= 10
    states = states_of(json.dumps(record))
    for seat, p in enumerate(players):
        assert check_messages(p.received, seat, states) > 50
    assert check_messages(watcher.received, None, states) > 50
    # a seat's own record with its token: as that seat saw it
    mine = client.record(table, tokens[1])
    assert (mine["format"], mine["seat"]) == ("golfo-seat/1", 1)
    # tokens are not in the database in clear
    text = dump(live.db)
    for token in tokens:
        assert token not in text
        assert hash_token(token) in text


def test_two_humans_and_two_bots_at_four_seats_with_a_spectator(live: LiveServer) -> None:
    client = Client(live.url)
    table = client.create_table(
        rules="ludoteka",
        players=4,
        bots={"1": "heuristic", "3": "random"},
        hands=3,
        pause=0.05,
        bot_delay=0.01,
    )["table"]
    tokens = {s: client.take_seat(table, s, f"p{s}")["token"] for s in (0, 2)}
    humans = {s: Player(client, table, tokens[s], salt=s) for s in (0, 2)}
    watcher = Player(client, table, None)
    for p in [*humans.values(), watcher]:
        p.start()
    for p in [*humans.values(), watcher]:
        p.join(timeout=180)
        assert p.finished, (p.lost, p.error)
    text = json.dumps(client.record(table))
    states = states_of(text)
    final = states[-1]
    assert final.is_over
    assert {a.seat for a in final.history if hasattr(a, "seat")} == {0, 1, 2, 3}  # bots played
    for seat, p in humans.items():
        assert check_messages(p.received, seat, states) > 10
    assert check_messages(watcher.received, None, states) > 10


def test_no_socket_is_ever_sent_a_card_it_may_not_know(live: LiveServer) -> None:
    """Random games of both presets, face-down discards too: every message checked."""
    client = Client(live.url)
    rng = random.Random(3)
    for rules in (
        {"rules": "tradicional", "hands": 2},
        {"rules": golfo.wire.to_data(golfo.Rules(hands=2, discards_face_up=False))},
        {"rules": "ludoteka", "hands": 2, "players": 4, "bots": {"2": "random"}},
    ):
        body = {"players": 3, "pause": 0.05, "bot_delay": 0.01, "seed": rng.randrange(1000)}
        table = client.create_table(**(body | rules))["table"]
        players = client.table(table)["players"]
        seats = [s for s in range(players) if client.table(table)["seats"][s]["kind"] == "free"]
        tokens = {s: client.take_seat(table, s, f"p{s}")["token"] for s in seats}
        clients = {s: Player(client, table, tokens[s], salt=rng.randrange(1000)) for s in seats}
        watcher = Player(client, table, None)
        for p in [*clients.values(), watcher]:
            p.start()
        for p in [*clients.values(), watcher]:
            p.join(timeout=180)
            assert p.finished, (p.lost, p.error)
        states = states_of(json.dumps(client.record(table)))
        for seat, p in clients.items():
            check_messages(p.received, seat, states)
        check_messages(watcher.received, None, states)


def test_variant_tables_mini_for_two_and_mediano_for_three(live: LiveServer) -> None:
    """A whole game of MINI between two people, and of MEDIANO for a person and two bots (a
    strong one, whose moves run in a thread), each watched: every message checked, and the
    records read again after a restart."""
    client = Client(live.url)
    mini = client.create_table(rules="mini", players=2, hands=3, pause=0.05, seed=5)["table"]
    mediano = client.create_table(
        rules="mediano",
        bots={"1": "strong", "2": "random"},
        hands=3,  # the bots' draws differ from run to run: three hands make a game of length
        pause=0.05,
        bot_delay=0.01,
        seed=6,
    )["table"]
    assert [(t["preset"], t["players"]) for t in client.tables()] == [("mini", 2), ("mediano", 3)]
    seated = {mini: (0, 1), mediano: (0,)}
    tokens = {(t, s): client.take_seat(t, s, f"p{s}")["token"] for t in seated for s in seated[t]}
    players = {key: Player(client, key[0], token, salt=key[1]) for key, token in tokens.items()}
    watchers = {t: Player(client, t, None) for t in seated}
    for p in [*players.values(), *watchers.values()]:
        p.start()
    for p in [*players.values(), *watchers.values()]:
        p.join(timeout=120)
        assert p.finished, (p.lost, p.error)
    records = {t: json.dumps(client.record(t)) for t in seated}
    games = {
        mini: (attrs.evolve(golfo.MINI, hands=3), 2),
        mediano: (attrs.evolve(golfo.MEDIANO, hands=3), 3),
    }
    for table, (rules, size) in games.items():
        states = states_of(records[table])
        final = states[-1]
        assert final.is_over
        assert (final.rules, final.players) == (rules, size)
        for seat in seated[table]:
            assert check_messages(players[table, seat].received, seat, states) > 3
        assert check_messages(watchers[table].received, None, states) > 3
    assert len(states_of(records[mini])[-1].results) == 3
    live.stop()  # the tables read back from their logs, by a new process
    client = live.start()
    for table in seated:
        assert json.dumps(client.record(table)) == records[table]
        assert client.table(table)["preset"] == ("mini" if table == mini else "mediano")


def test_a_token_acts_and_reads_only_for_its_own_seat(live: LiveServer) -> None:
    client = Client(live.url)
    table = client.create_table(rules="ludoteka", seed=4)["table"]
    tokens = [client.take_seat(table, s, f"p{s}")["token"] for s in range(3)]
    with client.connect(table, tokens[1]) as one:  # seat 1 is mano: to act
        view = one.view()
        assert view["seat"] == 1
        for seat in (0, 2):
            one.act({"type": "pass", "seat": seat}, view["version"])
            assert one.receive()["code"] == "not_your_seat"
        version = view["version"]
    with client.connect(table, tokens[2]) as two:
        assert two.view()["version"] == version  # nothing changed
    mine = client.record(table, tokens[1])
    assert mine["seat"] == 1  # seat 1's token reads seat 1's record, never another's
    theirs = client.record(table, tokens[0])
    their_cards = {e["card"] for e in theirs["events"] if e["type"] == "dealt" and e["card"]}
    assert len(their_cards) == 2
    text = json.dumps(mine)
    assert not any(f'"{card}"' in text for card in their_cards)


def test_the_database_survives_a_clean_restart(db: str) -> None:
    server = LiveServer(db, "--rate", "1000")
    client = server.start()
    bots = {"1": "heuristic", "2": "heuristic"}
    # the bots wait a minute before each move: nothing moves between the create and the stop
    table = client.create_table(rules="ludoteka", bots=bots, seed=9, bot_delay=60)
    version = table["version"]
    server.stop()
    client = server.start()
    try:
        assert client.table(table["table"])["version"] == version
        assert [t["table"] for t in client.tables()] == [table["table"]]
    finally:
        server.stop()
