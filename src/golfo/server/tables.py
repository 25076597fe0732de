"""The tables a server holds: the true state of each game, its seats, sockets and bots.

The server is the master (as boardgame.io's is): it holds every :class:`golfo.State`, deals
the cards with :func:`golfo.deal`, takes a move only from the seat whose token it holds and
only against the current ``version``, applies it with :func:`golfo.apply`, **commits it to
the store before anyone is told**, then pushes to every socket its own seat's view.  Bots,
turn timers and the pause between hands are tasks that act through the same path.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import attrs

from golfo.actions import CHANCE, Action, EndGame, NextHand
from golfo.bots import Bot, HeuristicBot, RandomBot
from golfo.chance import deal
from golfo.errors import GolfoError
from golfo.notation import Lang, parse
from golfo.records import to_json
from golfo.reducer import apply, new_game
from golfo.server.protocol import ProtocolError, TableConfig, config_from_data
from golfo.server.store import SeatRow, Store, TableRow
from golfo.standings import standings
from golfo.state import Phase, State, log_entries
from golfo.views import view
from golfo.wire import (
    action_data,
    loads_action,
    result_data,
    standings_data,
    to_data,
    view_data,
)

__all__ = ["Connection", "Hub", "Limits", "Table", "hash_token"]

log = logging.getLogger("golfo.server")


def hash_token(token: str) -> str:
    """The SHA-256 of a token, hex: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@attrs.frozen
class Limits:
    """What one server accepts at most."""

    tables: int = 1000
    """Tables held at once."""
    connections: int = 2000
    """WebSocket connections at once, over every table."""
    per_table: int = 64
    """WebSocket connections to one table."""
    queue: int = 64
    """Messages waiting for one slow client before it is dropped."""
    rate: float = 20.0
    """Messages per second a connection may send (sustained) ..."""
    burst: float = 40.0
    """... and in a burst."""


class Connection:
    """One WebSocket client of a table: its seat (``None``: a spectator) and a bounded queue
    of messages to send; a client that cannot keep up is dropped, not buffered."""

    def __init__(self, seat: int | None, limits: Limits, close: Callable[[], Any]) -> None:
        self.seat = seat
        """The seat it plays, or ``None`` for a spectator."""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=limits.queue)
        """Messages to send, as JSON texts (``None``: close)."""
        self.dropped = False
        """Whether it was dropped for being too slow."""
        self._close = close
        self._rate = limits.rate
        self._burst = limits.burst
        self._tokens = limits.burst
        self._last = time.monotonic()

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue ``message``; drop the client if its queue is full."""
        if self.dropped:
            return
        text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            log.warning("dropping a slow client (seat %s)", self.seat)
            self._close()

    def allow(self) -> bool:
        """Whether one more message fits the rate limit (a token bucket)."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


class Table:
    """One table: its configuration, seats, true state, sockets and the task that moves it
    on by itself (a bot's move, a turn timer, the pause between hands)."""

    def __init__(
        self, hub: Hub, table_id: str, config: TableConfig, seats: list[SeatRow], state: State
    ) -> None:
        self.hub = hub
        self.table_id = table_id
        """The table's id."""
        self.config = config
        """How it was created."""
        self.seats = seats
        """Its seats, by number."""
        self.state = state
        """The true state of the game."""
        self.connections: set[Connection] = set()
        """Its WebSocket clients."""
        self.bot_on: set[int] = set()
        """Human seats a bot plays for, at the player's request."""
        self.votes: set[int] = set()
        """Human seats that agreed to end an open-ended game, between hands."""
        self.lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._results_text: tuple[int, str] | None = None

    # -- facts ------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or ``None``."""
        if not token:
            return None
        digest = hash_token(token)
        found = None
        for seat, row in enumerate(self.seats):
            if row.token_hash and hmac.compare_digest(row.token_hash, digest):
                found = seat
        return found

    def seats_data(self) -> list[dict[str, Any]]:
        """The seats for a lobby: free, a human with a name, or a bot."""
        return [
            {"seat": s, "kind": row.kind, "name": row.name, "bot": s in self.bot_on}
            for s, row in enumerate(self.seats)
        ]

    def summary(self) -> dict[str, Any]:
        """A line of the lobby."""
        return {
            "table": self.table_id,
            "players": self.config.players,
            "rules": to_data(self.config.rules),
            "seats": self.seats_data(),
            "free": [s for s, row in enumerate(self.seats) if row.kind == "free"],
            "hand_number": self.state.hand_number,
            "phase": self.state.phase.value,
            "version": self.state.version,
        }

    def _bot_for(self, seat: int) -> Bot:
        kind = self.seats[seat].bot
        if kind == "random":
            seed = self.config.seed
            if seed is None:
                return RandomBot(None)
            # one generator per decision, from the table's seed: the same game after a restart
            return RandomBot(hash((seed, self.state.version, seat)) & (2**64 - 1))
        return HeuristicBot()

    def _plays_itself(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or seat in self.bot_on

    # -- moving the game on ------------------------------------------------

    async def move(self, seat: int | None, version: int | None, action: Action) -> None:
        """Apply ``action`` for ``seat`` (``None``: the server itself) if ``version`` is the
        current one; deal what chance must; commit; tell everyone.  A refusal raises, and
        changes nothing."""
        async with self.lock:
            state = self.state
            if version is not None and version != state.version:
                raise ProtocolError("stale", detail=f"version {version}, now {state.version}")
            new = apply(state, action)
            if isinstance(action, NextHand | EndGame):
                self.votes.clear()
            new = self._deal(new)
            self.hub.store.append(self.table_id, state.version + 1, _since(state, new))
            self.state = new
            if new.is_over:
                self.hub.store.set_finished(self.table_id)
        self.changed()

    def _deal(self, state: State) -> State:
        seed = self.config.seed
        while state.to_act is CHANCE:
            state = deal(state, seed)
        return state

    def changed(self) -> None:
        """Tell every socket, then schedule what the table does by itself next."""
        self.broadcast()
        self.schedule()

    def broadcast(self) -> None:
        """Each connection gets its own seat's view (a spectator's for spectators)."""
        texts: dict[int | None, str] = {}
        for connection in list(self.connections):
            seat = connection.seat
            if seat not in texts:
                texts[seat] = self.view_message(seat)
            connection.send(texts[seat])

    def view_message(self, seat: int | None) -> str:
        """``{"type": "view", "standings": ..., "view": ...}`` for ``seat``, as JSON text.

        The results of the finished hands are public and the same in every view: they are
        written once per hand (``_results``) and spliced into each view's text, instead of
        written again for every seat after every move.
        """
        data = view_data(view(self.state, seat), results=False)
        table = standings_data(standings(self.state))
        message = {"type": "view", "standings": table, "view": data}  # the view last
        text = json.dumps(message, ensure_ascii=False)
        return text[:-2] + ', "results": ' + self._results() + "}}"

    def _results(self) -> str:
        results = self.state.results
        cached = self._results_text
        if cached is None or cached[0] != len(results):
            text = json.dumps([result_data(r) for r in results], ensure_ascii=False)
            cached = self._results_text = (len(results), text)
        return cached[1]

    def schedule(self) -> None:
        """The next thing the table does by itself, if any: a bot's move, a turn timer, the
        next hand after the pause, or ending an open-ended game everyone agreed to end."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        state = self.state
        if state.is_over:
            return
        version = state.version
        if state.phase is Phase.BETWEEN_HANDS:
            humans = [s for s, row in enumerate(self.seats) if row.kind == "human"]
            if state.rules.hands is None and humans and set(humans) <= self.votes:
                self._later(0, version, None, lambda: EndGame())
            else:
                self._later(self.config.pause, version, None, lambda: NextHand())
            return
        seat = state.to_act
        if not isinstance(seat, int):
            return
        if self._plays_itself(seat):
            self._later(self.config.bot_delay, version, seat, None)
        elif self.seats[seat].kind == "human" and self.config.timer is not None:
            self._later(self.config.timer, version, seat, None)

    def _later(
        self, delay: float, version: int, seat: int | None, make: Callable[[], Action] | None
    ) -> None:
        async def run() -> None:
            await asyncio.sleep(delay)
            if self.state.version != version:
                return
            if make is not None:
                action = make()
            else:
                assert seat is not None
                action = self._bot_for(seat).choose(view(self.state, seat))
            try:
                await self.move(None, version, action)
            except (GolfoError, ProtocolError) as error:  # pragma: no cover - a bot's bug
                log.error("table %s: the server's own move failed: %s", self.table_id, error)

        self._task = asyncio.get_running_loop().create_task(run())

    def stop(self) -> None:
        """Cancel the table's own task (the server is shutting down)."""
        if self._task is not None:
            self._task.cancel()

    # -- what a seat asks for ----------------------------------------------

    async def handle(self, connection: Connection, message: Any) -> None:
        """A parsed client message from ``connection``."""
        from golfo.server.protocol import BotSwitch, Move, Ping, Vote

        seat = connection.seat
        if isinstance(message, Ping):
            connection.send({"type": "pong"})
        elif isinstance(message, Move):
            assert seat is not None
            action = message.action
            if action is None:  # words: the notation, from the seat's own view
                if message.version != self.state.version:
                    raise ProtocolError("stale")
                lang: Lang = "en" if message.lang == "en" else "es"
                action = parse(message.text or "", view(self.state, seat), lang=lang)
            await self.move(seat, message.version, action)
        elif isinstance(message, Vote):
            assert seat is not None
            if self.state.phase is not Phase.BETWEEN_HANDS or self.state.rules.hands is not None:
                raise ProtocolError(
                    "illegal",
                    "solo entre manos de una partida sin final fijo",
                    "only between hands of an open-ended game",
                )
            self.votes.add(seat)
            self.schedule()
        elif isinstance(message, BotSwitch):
            assert seat is not None
            if message.on:
                self.bot_on.add(seat)
            else:
                self.bot_on.discard(seat)
            self.changed()


def _since(old: State, new: State) -> list[str]:
    """The actions ``new`` has after ``old`` (``new`` follows on from it), as JSON texts."""
    out = []
    for (action, _), _ in zip(log_entries(new.log), range(new.version - old.version), strict=False):
        out.append(json.dumps(action_data(action)))
    out.reverse()
    return out


def _table_id() -> str:
    return secrets.token_hex(6)


class Hub:
    """Every table of one server process, with its store and limits."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        """Where the tables are kept."""
        self.limits = limits or Limits()
        """What this server accepts at most."""
        self.tables: dict[str, Table] = {}
        """The tables, by id."""
        self.corrupt: dict[str, str] = {}
        """Tables whose log did not replay, with the reason: never served."""
        self.connections = 0
        """WebSocket connections open now."""

    def load(self) -> None:
        """Rebuild every stored table by replaying its log (a log that does not replay is
        not trusted: the table is left out, with the reason in :attr:`corrupt`)."""
        for row in self.store.tables():
            try:
                config = config_from_data(row.config)
                state = new_game(config.rules, players=config.players)
                for i, text in enumerate(self.store.log(row.table_id)):
                    try:
                        state = apply(state, loads_action(text, players=config.players))
                    except GolfoError as error:
                        raise GolfoError(f"log entry {i + 1}: {error}") from None
            except (GolfoError, KeyError, TypeError, ValueError) as error:
                self.corrupt[row.table_id] = str(error)
                log.error(
                    "table %s is not served: its log does not replay: %s", row.table_id, error
                )
                continue
            table = Table(self, row.table_id, config, list(row.seats), state)
            self.tables[row.table_id] = table

    def start(self) -> None:
        """Start every table's own tasks (after :meth:`load`, in the running loop)."""
        for table in self.tables.values():
            table.schedule()

    def stop(self) -> None:
        """Cancel every table's task."""
        for table in self.tables.values():
            table.stop()

    def create(self, config: TableConfig) -> Table:
        """A new table; its first hand dealt at once."""
        if len(self.tables) >= self.limits.tables:
            raise ProtocolError("full", "demasiadas mesas", "too many tables")
        table_id = _table_id()
        seats = [
            SeatRow("bot", name=f"bot ({config.bots[s]})", bot=config.bots[s])
            if s in config.bots
            else SeatRow("free")
            for s in range(config.players)
        ]
        start = new_game(config.rules, players=config.players)
        self.store.create_table(
            TableRow(table_id, config.to_data(), tuple(seats), False, time.time())
        )
        table = Table(self, table_id, config, seats, start)
        self.tables[table_id] = table
        # the first deal is the server's first move: committed like any other
        dealt = table._deal(start)
        self.store.append(table_id, 1, _since(start, dealt))
        table.state = dealt
        table.schedule()
        return table

    def take_seat(self, table: Table, seat: int, name: str) -> str:
        """Give a free seat to a player; its token (shown once, stored as a hash)."""
        if not 0 <= seat < len(table.seats):
            raise ProtocolError("not_found", "ese asiento no existe", "no such seat")
        if table.seats[seat].kind != "free":
            raise ProtocolError("taken")
        token = secrets.token_urlsafe(24)  # 192 bits
        row = SeatRow("human", name=name, token_hash=hash_token(token), bot=table.seats[seat].bot)
        self.store.set_seat(table.table_id, seat, row)
        table.seats[seat] = row
        table.changed()
        return token

    def record(self, table: Table, token: str | None) -> str:
        """The full record once the game is over; with a seat's token, that seat's own record
        at any time."""
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                raise ProtocolError("auth")
            return to_json(table.state, seat=seat)
        if not table.state.is_over:
            raise ProtocolError("not_over")
        return to_json(table.state)
