"""The example backend (``examples/backend.py``), run for real: a server process on
loopback and four JSON clients over TCP play a whole 4-seat Ludoteka game, the server
killed and restarted from its saved game every few moves.

Every message a client receives is checked against the server's record of the game:
a view only for its own seat, moves and buttons only when it is to act, and no card that
seat may not know at that point (computed from the state at the view's version).
"""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import golfo
from golfo import DECK, Deal, Discard, NextHand, State

ROOT = Path(__file__).resolve().parent.parent
BACKEND = ROOT / "examples" / "backend.py"
SEATS = 4


@contextmanager
def server(game: Path) -> Iterator[int]:
    """The backend as a process; yields its port."""
    process = subprocess.Popen(
        [sys.executable, str(BACKEND), "--game", str(game), "--players", str(SEATS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        errors = process.stderr.read() if process.stderr and not line else ""
        assert line.startswith("listening on 127.0.0.1:"), line + errors
        yield int(line.rsplit(":", 1)[1])
    finally:
        process.kill()
        process.wait(timeout=10)


class Client:
    """One seat's JSON client: what it sends and everything it receives."""

    def __init__(self, port: int, seat: int, inbox: list[tuple[int, str]]) -> None:
        self.seat = seat
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.file = self.sock.makefile("r", encoding="utf-8")
        self.inbox = inbox
        self.view: dict[str, Any] = {}
        self.send({"hello": seat})
        self.receive()

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        self.sock.sendall((text + "\n").encode())

    def receive(self) -> dict[str, Any]:
        line = self.file.readline()
        assert line, f"seat {self.seat}: the server closed the connection"
        self.inbox.append((self.seat, line))
        message: dict[str, Any] = json.loads(line)
        if "view" in message:
            self.view = message["view"]
        return message

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def choose(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """A move from the view's moves only, sometimes as words in either language."""
    moves, seat, version = view["moves"], view["seat"], view["version"]
    if rng.random() < 0.3:
        choice = rng.choice(view["choices"])
        words = {"pass": "paso", "call": "voy", "fold": "no voy", "stand_pat": "me quedo"}
        if choice["kind"] in words:
            return {"version": version, "say": words[choice["kind"]], "lang": "es"}
        if choice["kind"] in ("bet", "raise"):
            amount = rng.randint(choice["low"], choice["high"])
            verb = "bet" if choice["kind"] == "bet" else "raise to"
            return {"version": version, "say": f"{verb} {amount}", "lang": "en"}
    if moves["discard_max"] is not None:
        cards = rng.sample(view["hand"], rng.randint(0, moves["discard_max"]))
        action: dict[str, Any] = {"type": "discard", "seat": seat, "cards": cards}
    else:
        kinds = [k for k in ("pass", "fold") if moves[k]]
        kinds += ["call"] * (moves["call"] is not None)
        kinds += [k for k in ("bet", "raise") if moves[k] is not None and rng.random() < 0.5]
        kind = rng.choice(kinds)
        action = {"type": kind, "seat": seat}
        if kind in ("bet", "raise"):
            low, high = moves[kind]
            action["amount"] = rng.choice([low, high, rng.randint(low, high)])
    return {"version": version, "action": action}


def known_cards(state: State, seat: int) -> set[str]:
    """What ``seat`` may know in ``state``: its own cards dealt this hand, the discards it
    may see this hand, every hand shown at a showdown."""
    known: set[str] = set()
    face_up = state.rules.discards_face_up
    for action, actor in golfo.state.log_entries(state.log):
        if isinstance(action, NextHand):
            break
        if isinstance(action, Deal) and actor == seat:
            known.add(str(action.card))
        if isinstance(action, Discard) and (face_up or actor == seat):
            known |= {str(c) for c in action.cards}
    for result in state.results:
        for hand in result.shown:
            if hand is not None:
                known |= {str(c) for c in hand}
    return known


def test_a_whole_four_seat_ludoteka_game_through_json_clients(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    rng = random.Random(2026)
    inbox: list[tuple[int, str]] = []
    moves = restarts = refused = 0
    while True:
        with server(game) as port:
            restarts += 1
            clients = [Client(port, seat, inbox) for seat in range(SEATS)]
            first = clients[0].view
            if first["phase"] == "end":
                break
            # bad input is refused with a reason and changes nothing
            to_act = next(c for c in clients if c.view["moves"] is not None)
            other = clients[(to_act.seat + 1) % SEATS]
            for bad in (
                "not json",
                {"version": to_act.view["version"] - 1, "action": {"type": "pass"}},
                {"version": to_act.view["version"], "action": {"type": "fold", "seat": other.seat}},
                {"version": to_act.view["version"], "say": "subo 5000000"},
            ):
                to_act.send(bad)
                reply = to_act.receive()
                assert reply["error"], reply
                refused += 1
            other.send(
                {"version": other.view["version"], "action": {"type": "pass", "seat": other.seat}}
            )
            assert "error" in other.receive()  # not its turn
            for _ in range(rng.randint(15, 40)):  # then the server dies and comes back
                actor = next((c for c in clients if c.view["moves"] is not None), None)
                if actor is None:
                    break
                actor.send(choose(rng, actor.view))
                reply = actor.receive()
                if "error" in reply:  # a bet by words may be refused (e.g. above a cap)
                    refused += 1
                    continue
                for c in clients:
                    if c is not actor:
                        c.receive()
                moves += 1
            for c in clients:
                c.close()
    assert restarts >= 3
    assert moves > 100
    assert refused >= 4 * (restarts - 1)  # the bad messages sent at each start
    final = golfo.from_json(game.read_text())
    assert final.is_over
    assert final.rules.hands is not None
    assert len(final.results) >= final.rules.hands
    states = list(golfo.replay(game.read_text()))
    assert len(states) == final.version + 1
    for seat, line in inbox:
        message = json.loads(line)
        if "view" not in message:
            continue
        view = message["view"]
        assert view["seat"] == seat  # a client only ever receives its own seat's view
        state = states[view["version"]]
        assert (view["moves"] is not None) == (state.to_act == seat)
        assert (view["choices"] is not None) == (state.to_act == seat)
        known = known_cards(state, seat)
        for card in DECK:
            if str(card) not in known:
                assert f'"{card}"' not in line, f"seat {seat} saw {card}"
