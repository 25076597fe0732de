"""``golfo-engine/1`` over standard input and output, answered by the Rust engine:
``python -m golfo_native engine [--bug NAME]``.

The requests are read with golfo's wire readers (the same forms and checks as golfo's own
engine, ``golfo.conformance.protocol``); every rule, legal move, observation, view
redaction and perft count comes from :class:`golfo_native.NativeState`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import IO, Any, Final

from golfo.errors import GolfoError, IllegalActionError
from golfo.wire import (
    MAX_MESSAGE,
    action_from_data,
    card_from_data,
    fail,
    parse_json,
    read_array,
    read_int,
    read_object,
    rules_from_data,
)
from golfo_native import __version__
from golfo_native._state import NativeState

__all__ = ["PROTOCOL", "Engine", "serve"]

PROTOCOL: Final = "golfo-engine/1"


class Engine:
    """One game at a time, behind the protocol."""

    def __init__(self) -> None:
        self.state: NativeState | None = None

    def handle(self, request: Any) -> dict[str, Any] | None:
        """The answer to one parsed request (``None``: quit)."""
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd == "hello":
            return {
                "ok": True,
                "protocol": PROTOCOL,
                "name": "golfo-native",
                "version": __version__,
                "views": True,
                "perft": True,
            }
        if cmd == "quit":
            return None
        if cmd == "new_game":
            obj = read_object(request, "request", ("cmd", "rules", "players", "dealer", "stacks"))
            rules = rules_from_data(obj["rules"], "request.rules")
            players = read_int(obj["players"], "request.players", 3, 4)
            dealer = read_int(obj["dealer"], "request.dealer", 0, players - 1)
            stacks = [
                read_int(x, f"request.stacks[{i}]")
                for i, x in enumerate(read_array(obj["stacks"], "request.stacks", 4, players))
            ]
            self.state = NativeState.new_game(rules, players, dealer, stacks)
            return {"ok": True}
        state = self.state
        if state is None:
            fail("request", "no game: send new_game first")
        if cmd == "apply":
            obj = read_object(request, "request", ("cmd", "action"))
            action = action_from_data(obj["action"], players=state.players, path="request.action")
            try:
                state.play(action)
            except IllegalActionError as error:
                return {"ok": False, "error": "illegal", "rule": error.rule}
            return {"ok": True}
        if cmd == "observe":
            return {"ok": True, **state.observe()}
        if cmd == "view":
            obj = read_object(request, "request", ("cmd", "seat"))
            seat = obj["seat"]
            seat = None if seat is None else read_int(seat, "request.seat", 0, state.players - 1)
            return {"ok": True, "view": state.view(seat)}
        if cmd == "perft":
            obj = read_object(request, "request", ("cmd", "depth", "deck"))
            depth = read_int(obj["depth"], "request.depth", 0, 12)
            deck = [
                card_from_data(c, f"request.deck[{i}]")
                for i, c in enumerate(read_array(obj["deck"], "request.deck", 28))
            ]
            return {"ok": True, "count": state.perft(depth, deck)}
        fail("request.cmd", f"unknown command {cmd!r}")


def serve(lines: Iterable[str] | None = None, out: IO[str] | None = None) -> int:
    """Answer requests, one per line, until ``quit`` or the end of the input.  Anything
    unreadable is answered ``{"ok": false, "error": "format"}``; nothing crashes it."""
    source = sys.stdin if lines is None else lines
    sink = sys.stdout if out is None else out
    engine = Engine()
    for line in source:
        if not line.strip():
            continue
        try:
            answer = engine.handle(parse_json(line, "request", MAX_MESSAGE * 16))
        except GolfoError as error:
            answer = {"ok": False, "error": "format", "message": str(error)}
        except Exception as error:  # never a crash: a request it cannot read is "format"
            answer = {"ok": False, "error": "format", "message": f"{type(error).__name__}: {error}"}
        if answer is None:
            break
        sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()
    return 0
