"""Crashes: ``golfo serve`` killed with SIGKILL in the middle of games, several times, and
started again on the same database.  The clients reconnect with their tokens; every view
any client received is a view of the game as finally recorded (so every action anyone was
told of is still there), the games finish, and their records equal those of the same
seeded games played without a crash.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from serverkit import LiveServer, Player, check_messages, states_of

import golfo

TABLE: dict[str, Any] = {"rules": "ludoteka", "players": 3, "hands": 3, "pause": 0.05}


def play(db: str, seed: int, kills: list[int]) -> tuple[dict[str, Any], dict[int, list[str]], int]:
    """One seeded game on a new database; the server killed when the game reaches each
    version of ``kills``.  The record, every message each seat received, and how many
    times the server was killed with the game unfinished."""
    server = LiveServer(db, "--rate", "1000", "--lease", "1")  # a restart takes over in 1 s
    client = server.start()
    try:
        table = client.create_table(**TABLE, seed=seed)["table"]
        tokens = [client.take_seat(table, s, f"p{s}")["token"] for s in range(3)]
        received: dict[int, list[str]] = {s: [] for s in range(3)}
        pending = sorted(kills)
        crashes = 0
        while True:
            players = [Player(client, table, tokens[s], salt=seed) for s in range(3)]
            for p in players:
                p.start()
            if pending:
                target = pending.pop(0)
                deadline = time.monotonic() + 120
                while max(p.version for p in players) < target and time.monotonic() < deadline:
                    if all(p.finished for p in players):
                        break
                    time.sleep(0.002)
                if not any(p.finished for p in players):
                    crashes += 1
                server.kill()  # in the middle of whatever it was doing
            for p in players:
                p.join(timeout=180)
                assert p.error is None, p.error
            for s, p in enumerate(players):
                received[s] += p.received
            if not server.alive():
                client = server.start()  # the same database
            if all(p.finished for p in players):
                break
        record = client.record(table)
        return record, received, crashes
    finally:
        server.stop()


def test_a_game_killed_several_times_finishes_as_if_it_never_was(
    new_db: Callable[[], str],
) -> None:
    rng = random.Random(2026)
    for _ in range(2):
        seed = rng.randrange(10**6)
        kills = sorted(rng.sample(range(10, 65), 4))  # a 3-hand game: 70 actions or more
        crashed, received, crashes = play(new_db(), seed, kills)
        assert crashes >= 3  # killed in the middle of the game, again and again
        clean, _, _ = play(new_db(), seed, [])
        assert crashed["actions"] == clean["actions"]
        assert crashed["results"] == clean["results"]
        text = json.dumps(crashed)
        final = golfo.from_json(text)
        assert final.is_over
        states = states_of(text)
        for seat, texts in received.items():
            checked = check_messages(texts, seat, states)
            messages = [json.loads(t) for t in texts]
            seen = {m["view"]["version"] for m in messages if m["type"] == "view"}
            acted = [v for v, a in enumerate(crashed["actions"]) if a.get("seat") == seat]
            assert acted  # every seat acts in the first betting round at least
            # every move of the seat's in the record was made on a view it was sent, and
            # each of those views was checked (how many more arrive depends on the crashes)
            assert set(acted) <= seen
            assert checked >= len(acted)
