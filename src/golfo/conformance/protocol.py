"""The engine protocol ``golfo-engine/1``: golfo's side of it, and the forms both sides use.

An implementation under test is a program that reads one JSON request per line on its
standard input and writes one JSON response per line on its standard output
(``docs/engine-protocol.md``).  :func:`observation` is what ``observe`` must answer for a
state; :func:`serve` runs golfo itself behind the protocol (``golfo conformance engine``),
as the reference side and an example for porters.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> seen = observation(state)
>>> seen["phase"], seen["to_act"], seen["hands"][1], seen["moves"]["bet"]
('bet_1', 1, ['3O', '6O'], [1, 99])
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any, Final, Protocol

from golfo import __version__
from golfo._reading import fail, parse_json, read_array, read_int, read_object
from golfo.actions import CHANCE, Action
from golfo.cards import Card
from golfo.errors import GolfoError, IllegalActionError
from golfo.moves import LegalMoves, legal_moves
from golfo.records import result_json
from golfo.reducer import apply, new_game
from golfo.rules import TRADICIONAL, Rules
from golfo.standings import standings
from golfo.state import State
from golfo.views import view
from golfo.wire import MAX_MESSAGE, action_from_data, card_from_data, rules_from_data, to_data

__all__ = [
    "PROTOCOL",
    "Backend",
    "ReferenceBackend",
    "Session",
    "moves_form",
    "observation",
    "serve",
]

PROTOCOL: Final = "golfo-engine/1"
"""The protocol's name and version, in the answer to ``hello``."""
OBSERVATION_KEYS: Final = (
    "phase",
    "to_act",
    "hand_number",
    "dealer",
    "mano",
    "stacks",
    "bets",
    "pot",
    "folded",
    "hands",
    "stock",
    "is_over",
    "results",
    "winner",
    "moves",
)
"""The keys of an observation (after ``ok``), in the order the runner compares them."""


def moves_form(moves: LegalMoves) -> dict[str, Any]:
    """The legal moves as the protocol writes them: the wire's form without ``seat``."""
    data = to_data(moves)
    del data["seat"]
    assert isinstance(data, dict)
    return data


def observation(state: State) -> dict[str, Any]:
    """What an engine must answer to ``observe`` in ``state`` (every key of
    :data:`OBSERVATION_KEYS`)."""
    to_act = state.to_act
    return {
        "phase": state.phase.value,
        "to_act": "chance" if to_act is CHANCE else to_act,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "mano": state.mano,
        "stacks": list(state.stacks),
        "bets": list(state.bets),
        "pot": state.pot,
        "folded": sorted(state.folded),
        "hands": [[str(c) for c in hand] for hand in state.hands],
        "stock": state.stock_mask.bit_count(),
        "is_over": state.is_over,
        "results": [result_json(r) for r in state.results],
        "winner": standings(state).winner,
        "moves": moves_form(legal_moves(state)),
    }


class Backend(Protocol):
    """One game behind the protocol: what :class:`Session` needs from a rules engine.

    golfo's own (:class:`ReferenceBackend`) plays the reducer; another implementation written
    in Python (``golfo_native``'s Rust engine) gives its own and reuses the reading and the
    answering of requests: ``serve(backend=...)``.
    """

    name: str
    """The engine's name, in the answer to ``hello``."""
    version: str
    """The engine's version, in the answer to ``hello``."""
    variants: bool
    """Whether it plays every variant of the rules (issue 34), announced in the answer to
    ``hello``; a backend without this attribute announces ``false`` (El Golfo's rules
    only)."""

    def new_game(self, rules: Rules, players: int, dealer: int, stacks: list[int]) -> None:
        """Start a game (the arguments are already checked against the protocol's forms and
        ``rules.table_sizes``)."""

    def players(self) -> int:
        """The number of seats of the current game."""

    def apply(self, action: Action) -> None:
        """Play one action; an illegal one raises :class:`IllegalActionError`, the game
        unchanged."""

    def observe(self) -> dict[str, Any]:
        """The observation of the current state (the keys of :data:`OBSERVATION_KEYS`)."""

    def view(self, seat: int | None) -> Any:
        """A seat's view (``None``: a spectator's) in the wire's form."""

    def perft(self, depth: int, deck: list[Card]) -> int:
        """The number of action paths of ``depth`` from the current state, ``deck`` dealt."""


class ReferenceBackend:
    """golfo's reducer behind the protocol (``golfo conformance engine``)."""

    name = "golfo"
    """The engine's name, in the answer to ``hello``."""
    version = __version__
    """golfo's version."""
    variants = True
    """golfo plays every variant of the rules."""

    def __init__(self) -> None:
        self.state = new_game(TRADICIONAL, players=3)
        """The game being played (replaced by ``new_game``)."""

    def new_game(self, rules: Rules, players: int, dealer: int, stacks: list[int]) -> None:
        """Start a game, as :func:`golfo.new_game`."""
        self.state = new_game(rules, players=players, dealer=dealer, stacks=stacks)

    def players(self) -> int:
        """The number of seats."""
        return self.state.players

    def apply(self, action: Action) -> None:
        """Play one action through :func:`golfo.apply`."""
        self.state = apply(self.state, action)

    def observe(self) -> dict[str, Any]:
        """:func:`observation` of the state."""
        return observation(self.state)

    def view(self, seat: int | None) -> Any:
        """:func:`golfo.view` in the wire's form."""
        return to_data(view(self.state, seat))

    def perft(self, depth: int, deck: list[Card]) -> int:
        """:func:`golfo.conformance.perft.perft`."""
        from golfo.conformance.perft import perft

        return perft(self.state, depth, deck)


class Session:
    """The engine side of the protocol over a :class:`Backend`: one game at a time, every
    request read with the wire's readers (the same forms and checks for every backend)."""

    def __init__(self, backend: Backend | None = None) -> None:
        self.backend: Backend = ReferenceBackend() if backend is None else backend
        """The rules engine that answers (golfo's reducer unless given)."""
        self.started = False
        """Whether a ``new_game`` was answered (every other command but ``hello`` and
        ``quit`` needs one)."""

    def handle(self, request: Any) -> dict[str, Any] | None:
        """The answer to one parsed request (``None``: ``quit``); a malformed one raises
        :class:`golfo.FormatError`."""
        backend = self.backend
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd == "hello":
            return {
                "ok": True,
                "protocol": PROTOCOL,
                "name": backend.name,
                "version": backend.version,
                "views": True,
                "perft": True,
                "variants": getattr(backend, "variants", False) is True,
            }
        if cmd == "quit":
            return None
        if cmd == "new_game":
            obj = read_object(request, "request", ("cmd", "rules", "players", "dealer", "stacks"))
            rules = rules_from_data(obj["rules"], "request.rules")
            players = read_int(obj["players"], "request.players", 2, 4)
            rules.check_players(players)  # R1: one of the rules' table sizes
            dealer = read_int(obj["dealer"], "request.dealer", 0, players - 1)
            stacks = [
                read_int(x, f"request.stacks[{i}]")
                for i, x in enumerate(read_array(obj["stacks"], "request.stacks", 4, players))
            ]
            backend.new_game(rules, players, dealer, stacks)
            self.started = True
            return {"ok": True}
        if not self.started:
            fail("request", "no game: send new_game first")
        if cmd == "apply":
            obj = read_object(request, "request", ("cmd", "action"))
            action = action_from_data(
                obj["action"], players=backend.players(), path="request.action"
            )
            try:
                backend.apply(action)
            except IllegalActionError as error:
                return {"ok": False, "error": "illegal", "rule": error.rule}
            return {"ok": True}
        if cmd == "observe":
            return {"ok": True, **backend.observe()}
        if cmd == "view":
            obj = read_object(request, "request", ("cmd", "seat"))
            seat = obj["seat"]
            if seat is not None:
                seat = read_int(seat, "request.seat", 0, backend.players() - 1)
            return {"ok": True, "view": backend.view(seat)}
        if cmd == "perft":
            obj = read_object(request, "request", ("cmd", "depth", "deck"))
            depth = read_int(obj["depth"], "request.depth", 0, 12)
            deck = [
                card_from_data(c, f"request.deck[{i}]")
                for i, c in enumerate(read_array(obj["deck"], "request.deck", 28))
            ]
            return {"ok": True, "count": backend.perft(depth, deck)}
        fail("request.cmd", f"unknown command {cmd!r}")


def serve(
    lines: Iterable[str] | None = None,
    out: IO[str] | None = None,
    backend: Backend | None = None,
) -> int:
    """Answer protocol requests, one per line, until ``quit`` or the end of the input
    (``backend``: golfo's reducer unless given).  Anything unreadable is answered
    ``{"ok": false, "error": "format"}``; nothing a request holds crashes it."""
    batches = _stdin_batches() if lines is None else ([line] for line in lines)
    sink = sys.stdout if out is None else out
    session = Session(backend)
    for batch in batches:
        for line in batch:
            if not line.strip():
                continue
            try:
                answer = session.handle(parse_json(line, "request", LONGEST))
            except GolfoError as error:
                answer = {"ok": False, "error": "format", "message": str(error)}
            except Exception as error:  # an engine's own failure: answered, never a crash
                message = f"{type(error).__name__}: {error}"
                answer = {"ok": False, "error": "format", "message": message}
            if answer is None:
                sink.flush()
                return 0
            sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()  # once per batch: a runner that pipelines gets a read's answers at once
    return 0


LONGEST: Final = MAX_MESSAGE * 16
"""The longest request line read (a longer one is answered as a format error)."""


def _stdin_batches() -> Iterator[list[str]]:
    """Standard input's lines a read at a time (:func:`line_batches`), so that a batch of
    requests is answered in one write and flush; a test's ``StringIO`` a line at a time."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's StringIO)
        yield from ([line] for line in sys.stdin)
        return
    yield from line_batches(fd, LONGEST)


def line_batches(fd: int, longest: int | None = None) -> Iterator[list[str]]:
    """The lines read from the file descriptor ``fd`` as they arrive: all the complete lines
    of one read at once (both sides of the protocol read this way: answers and pipelined
    requests come in bursts).  Bytes that are not UTF-8 are read as U+FFFD.  With
    ``longest``, a line longer than that is cut to ``longest + 1`` bytes (too long to
    parse) and the rest of it skipped."""
    pending = b""
    skipping = False  # in the rest of a line cut short
    while chunk := os.read(fd, 1 << 16):
        if skipping:
            if b"\n" not in chunk:
                continue
            chunk, skipping = chunk.partition(b"\n")[2], False
        *complete, pending = (pending + chunk).split(b"\n")
        if longest is not None and len(pending) > longest:
            complete.append(pending[: longest + 1])
            pending, skipping = b"", True
        if complete:
            yield [line.decode("utf-8", "replace") for line in complete]
    if pending:
        yield [pending.decode("utf-8", "replace")]
