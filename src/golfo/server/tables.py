"""The tables a server holds: the true state of each game, its seats, sockets and bots.

The server is the master (as boardgame.io's is): it holds every :class:`golfo.State`, deals
the cards with :func:`golfo.deal`, takes a move only from the seat whose token it holds and
only against the current ``version``, applies it with :func:`golfo.apply`, **commits it to
the store before anyone is told**, then pushes to every socket its own seat's view.  Bots,
turn timers and the pause between hands are tasks that act through the same path.

With a shared store (PostgreSQL) several processes serve the same tables: each holds them as
a cache of the database's logs.  An action is committed only if it follows the log's last
(the store's per-table lock), so two processes never apply two actions at the same version:
the one that loses catches up from the log and its client is told ``stale``.  Every commit
is announced to every process, which pushes the new views to its own sockets.  A table's own
tasks run only in the process holding its lease (:meth:`Hub.maintain`).

The server's own work (bots, timers, catching up, leases) survives any failure, of the
database above all: logged, then tried again after a growing wait (``backoff``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
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
from golfo.server.backoff import Background, Backoff
from golfo.server.messages import ViewTexts
from golfo.server.protocol import NO_SEEDS, ProtocolError, TableConfig, config_from_data
from golfo.server.seeds import deal_seeded, random_bot_seed
from golfo.server.store import Event, SeatRow, StaleLogError, Store, TableRow
from golfo.state import Phase, State, log_entries
from golfo.views import view
from golfo.wire import (
    action_data,
    loads_action,
    to_data,
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
    """Connections at once, HTTP and WebSocket, idle and half-sent ones included: counted as
    each is accepted (``golfo.server.sockets``; lowered to fit the file limit)."""
    per_address: int = 64
    """Of those, from one client address (a trusted proxy's are not counted)."""
    spectators: int | None = None
    """Spectators' sockets over every table (``None``: half of :attr:`connections`): the rest
    is the players' (``golfo.server.admission``)."""
    spectators_per_table: int = 32
    """Spectators' sockets at one table."""
    spectators_per_address: int = 16
    """Spectators' sockets from one client address, over every table."""
    per_seat: int = 4
    """Sockets one seat's token may hold at once (a seated player is always let in up to it)."""
    request_timeout: float = 10.0
    """Seconds a client has to send a whole HTTP request, once connected or answered."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to say hello."""
    ping_interval: float = 20.0
    """Seconds between the server's pings on a WebSocket; one unanswered for as long closes it."""
    queue: int = 64
    """Messages waiting for one slow client before it is dropped."""
    rate: float = 20.0
    """Messages per second a connection may send (sustained) ..."""
    burst: float = 40.0
    """... and in a burst."""
    auth_failures: int = 10
    """Bad tokens one client address may send at once (``golfo.server.throttle``) ..."""
    auth_wait: float = 6.0
    """... then one more every this many seconds."""


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
        self,
        hub: Hub,
        table_id: str,
        config: TableConfig,
        seats: list[SeatRow],
        state: State,
        created: float = 0.0,
    ) -> None:
        self.hub = hub
        self.table_id = table_id
        """The table's id."""
        self.created = created
        """When it was created (seconds since the epoch)."""
        self.config = config
        """How it was created."""
        self.seats = seats
        """Its seats, by number."""
        self.state = state
        """The true state of the game."""
        self.connections: set[Connection] = set()
        """Its WebSocket clients (on this process)."""
        self.known = state.version
        """The last version the store has announced (other processes may be ahead of
        :attr:`state` until this process catches up)."""
        self.lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._texts = ViewTexts()
        self._seat_writes = 0  # changes to seats here: a read of them begun before is stale

    # -- facts ------------------------------------------------------------

    @property
    def bot_on(self) -> set[int]:
        """Human seats a bot plays for, at the player's request."""
        return {s for s, row in enumerate(self.seats) if row.kind == "human" and row.autoplay}

    @property
    def votes(self) -> set[int]:
        """Human seats that agreed to end the open-ended game, at its current version."""
        version = self.state.version
        return {
            s for s, row in enumerate(self.seats) if row.kind == "human" and row.vote == version
        }

    @property
    def seated(self) -> bool:
        """Whether a person has ever sat at the table (a seat once taken stays a person's)."""
        return any(row.kind == "human" for row in self.seats)

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
        """A line of the lobby (``seeded``: the table deals from a seed, for a test or a
        replay)."""
        return {
            "table": self.table_id,
            "players": self.config.players,
            "rules": to_data(self.config.rules),
            "seats": self.seats_data(),
            "free": [s for s, row in enumerate(self.seats) if row.kind == "free"],
            "hand_number": self.state.hand_number,
            "phase": self.state.phase.value,
            "version": self.state.version,
            "pause": self.config.pause,
            "timer": self.config.timer,
            "seeded": self.config.seed is not None,
        }

    def _bot_for(self, seat: int) -> Bot:
        kind = self.seats[seat].bot
        if kind == "random":
            seed = self.config.seed
            if seed is None:
                return RandomBot(None)
            # one generator per decision, from the table's seed: the same game after a restart
            return RandomBot(random_bot_seed(self.hub.secret, seed, self.state.version, seat))
        return HeuristicBot()

    def _bot_move(self, seat: int | None) -> Action:
        assert seat is not None
        return self._bot_for(seat).choose(view(self.state, seat))

    def _plays_itself(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or seat in self.bot_on

    # -- moving the game on ------------------------------------------------

    async def move(self, seat: int | None, version: int | None, action: Action) -> None:
        """Apply ``action`` for ``seat`` (``None``: the server itself) if ``version`` is the
        current one; deal what chance must; commit; tell everyone.  A refusal raises, and
        changes nothing."""
        store = self.hub.store
        async with self.lock:
            if store.shared and version is not None and version > self.state.version:
                await self._refresh()  # a client that heard of a move this process has not
            state = self.state
            if version is not None and version != state.version:
                raise ProtocolError("stale", detail=f"version {version}, now {state.version}")
            new = self._deal(apply(state, action))
            try:
                await self.hub.call(
                    store.append, self.table_id, state.version + 1, _since(state, new)
                )
            except StaleLogError:  # another process committed first: catch up, refuse this one
                lost = True
                steps = await self._refresh()
            else:
                lost, steps = False, []
                self.state = new
                self.known = max(self.known, new.version)
                if new.is_over:
                    await self._mark_over()
        for step in steps[:-1]:
            self.broadcast(step)
        self.changed()
        if lost:
            raise ProtocolError(
                "stale", detail=f"version {state.version}, now {self.state.version}"
            )

    async def _mark_over(self) -> None:
        """Mark the game over in the store; if that fails, later (the log says so already)."""
        mark = functools.partial(self.hub.call, self.hub.store.set_finished, self.table_id)
        try:
            await mark()
        except Exception:
            self.hub.background.spawn("marking the game over", self.table_id, mark)

    async def _refresh(self) -> list[State]:
        """Apply what the log has after :attr:`state` (the lock held).  The states reached
        at the end of each commit (the ones this process would have told its sockets of,
        had it made the moves), the current one last; empty if nothing moved."""
        texts = await self.hub.call(self.hub.store.log, self.table_id, self.state.version)
        state, steps = self.state, []
        for text in texts:
            state = apply(state, loads_action(text, players=self.config.players))
            if state.to_act is not CHANCE:  # a commit ends once chance has dealt
                steps.append(state)
        if texts and (not steps or steps[-1] is not state):
            steps.append(state)
        self.state = state
        self.known = max(self.known, state.version)
        return steps

    async def catch_up(self) -> None:
        """Bring the cache up to the database (a shared store: other processes move the
        table too), and tell this process's sockets of every move, one view each."""
        if not self.hub.store.shared:
            return
        async with self.lock:
            steps = await self._refresh()
        for step in steps[:-1]:
            self.broadcast(step)
        if steps:
            self.changed()

    async def refresh_seats(self) -> None:
        """Read the seats again (another process gave one, or switched a bot).

        The read runs in a thread; a seat this process gives or changes meanwhile makes it
        older than the cache, so it is read again rather than written over that change."""
        if not self.hub.store.shared:
            return
        while True:
            writes = self._seat_writes
            row = await self.hub.call(self.hub.store.table, self.table_id)
            if writes == self._seat_writes:
                break
        if row is not None and list(row.seats) != self.seats:
            self.put_seats(list(row.seats))
            self.changed()

    async def set_seat(self, seat: int, row: SeatRow) -> None:
        """Change one of the table's seats, in the store first."""
        await self.hub.call(self.hub.store.set_seat, self.table_id, seat, row)
        self.put_seat(seat, row)

    def put_seat(self, seat: int, row: SeatRow) -> None:
        """Set one seat in the cache (the store has it already)."""
        self.seats[seat] = row
        self._seat_writes += 1

    def put_seats(self, seats: list[SeatRow]) -> None:
        """Set every seat in the cache, as read from the store."""
        self.seats = seats
        self._seat_writes += 1

    def _deal(self, state: State) -> State:
        seed = self.config.seed
        if seed is not None:
            return deal_seeded(state, self.hub.secret, seed)
        while state.to_act is CHANCE:
            state = deal(state)
        return state

    def changed(self) -> None:
        """Tell every socket, then schedule what the table does by itself next."""
        self.broadcast()
        self.schedule()

    def broadcast(self, state: State | None = None) -> None:
        """Each connection gets its own seat's view (a spectator's for spectators) of
        ``state`` (by default the current one)."""
        texts: dict[int | None, str] = {}
        for connection in list(self.connections):
            seat = connection.seat
            if seat not in texts:
                texts[seat] = self.view_message(seat, state)
            connection.send(texts[seat])

    def view_message(self, seat: int | None, state: State | None = None) -> str:
        """``{"type": "view", "seats": ..., "standings": ..., "seeded": ..., "view": ...}``
        for ``seat`` of ``state`` (by default the current one), as JSON text (written from
        parts kept between messages: ``golfo.server.messages``)."""
        state = self.state if state is None else state
        seeded = self.config.seed is not None
        return self._texts.message(state, seat, self.seats_data, self._seat_writes, seeded)

    def schedule(self) -> None:
        """The next thing the table does by itself, if any: a bot's move, a turn timer, the
        next hand after the pause, or ending an open-ended game everyone agreed to end."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        state = self.state
        if state.is_over or not self.hub.holds(self.table_id):
            return
        version = state.version
        if state.phase is Phase.BETWEEN_HANDS:
            humans = [s for s, row in enumerate(self.seats) if row.kind == "human"]
            if state.rules.hands is None and humans and set(humans) <= self.votes:
                self._later(0, version, None, lambda: EndGame())
            elif self.config.pause is not None:
                self._later(self.config.pause, version, None, lambda: NextHand())
            elif not set(humans) - self.bot_on:  # no person left to ask: the bots do
                self._later(self.config.bot_delay, version, None, lambda: NextHand())
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
            backoff = Backoff()
            while self.state.version == version:  # a move elsewhere cancels this task
                try:
                    action = make() if make is not None else self._bot_move(seat)
                    await self.move(None, version, action)
                    return
                except Exception as error:  # the database, above all: try again
                    if isinstance(error, ProtocolError) and error.code == "stale":
                        return  # another process moved the table first
                    await backoff.wait(f"table {self.table_id}: the server's own move", error)

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
            await self.set_seat(seat, attrs.evolve(self.seats[seat], vote=self.state.version))
            self.schedule()
        elif isinstance(message, BotSwitch):
            assert seat is not None
            await self.set_seat(seat, attrs.evolve(self.seats[seat], autoplay=message.on))
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
    """Every table of one server process, with its store and limits.

    ``lease`` is how many seconds a process's hold on a table's own tasks lasts without
    renewal, with a shared store: the longest a table's bots and timers wait when the process
    running them dies (renewed every third of it).  ``seeds`` allows tables with a ``seed``
    (for tests and replays); their deals mix it with ``secret``, by default the store's own
    (:mod:`golfo.server.seeds`).
    """

    def __init__(
        self,
        store: Store,
        limits: Limits | None = None,
        *,
        lease: float = 10.0,
        seeds: bool = False,
        secret: bytes | None = None,
    ) -> None:
        self.store = store
        """Where the tables are kept."""
        self.limits = limits or Limits()
        """What this server accepts at most."""
        self.lease = lease
        """Seconds a lease lasts (a shared store)."""
        self.seeds = seeds
        """Whether a new table may have a seed."""
        self._secret = secret
        self.tables: dict[str, Table] = {}
        """The tables, by id."""
        self.corrupt: dict[str, str] = {}
        """Tables whose log did not replay, with the reason: never served."""
        self.connections = 0
        """WebSocket connections open now."""
        self.holder = secrets.token_hex(8)
        """This process's name in the leases."""
        self.held: set[str] = set()
        """The tables whose own tasks this process runs (a shared store)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._maintainer: asyncio.Task[None] | None = None
        self.background = Background()
        """The server's own work that must succeed in the end (catching up, say)."""
        self._loading: dict[str, asyncio.Task[Table | None]] = {}
        self._creating: set[str] = set()

    @property
    def secret(self) -> bytes:
        """The secret mixed into seeded deals: the one given, else the store's own (read
        once)."""
        if self._secret is None:
            self._secret = self.store.secret()
        return self._secret

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``, a store's method: in a thread when the store is shared (it may wait
        for another process's lock, and the loop must not), directly otherwise (SQLite
        answers in microseconds and a thread would cost more than the call)."""
        if self.store.shared:
            return await asyncio.to_thread(fn, *args)
        return fn(*args)

    def holds(self, table_id: str) -> bool:
        """Whether this process runs the table's own tasks (always, with a store of its own)."""
        return not self.store.shared or table_id in self.held

    def load(self) -> None:
        """Rebuild every stored table by replaying its log (a log that does not replay is
        not trusted: the table is left out, with the reason in :attr:`corrupt`)."""
        for row in self.store.tables():
            table = self._build(row)
            if table is not None:
                self.tables[row.table_id] = table
        _ = self.secret  # read now: a seeded deal in the loop must not wait for it

    def _build(self, row: TableRow) -> Table | None:
        """The table ``row`` describes, its log replayed (``None``: it does not replay).  A
        failure of the store itself raises: the table is not corrupt for it."""
        texts = self.store.log(row.table_id)
        try:
            config = config_from_data(row.config)
            state = new_game(config.rules, players=config.players)
            for i, text in enumerate(texts):
                try:
                    state = apply(state, loads_action(text, players=config.players))
                except GolfoError as error:
                    raise GolfoError(f"log entry {i + 1}: {error}") from None
        except (GolfoError, KeyError, TypeError, ValueError) as error:
            self.corrupt[row.table_id] = str(error)
            log.error("table %s is not served: its log does not replay: %s", row.table_id, error)
            return None
        return Table(self, row.table_id, config, list(row.seats), state, row.created)

    async def find(self, table_id: str) -> Table | None:
        """The table ``table_id``, caught up with the database: with a shared store, one
        created by another process a moment ago is loaded from it (once, however many ask
        at the same time: two copies of one table would each miss the other's sockets)."""
        table = self.tables.get(table_id)
        if table is None and self.store.shared and table_id not in self.corrupt:
            loading = self._loading.get(table_id)
            if loading is None:
                loading = asyncio.get_running_loop().create_task(self._load(table_id))
                self._loading[table_id] = loading
                loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
            table = await asyncio.shield(loading)
        if table is not None and table.known > table.state.version:
            await table.catch_up()
        return table

    async def _load(self, table_id: str) -> Table | None:
        row = await self.call(self.store.table, table_id)
        if row is None:
            return None
        built = await asyncio.to_thread(self._build, row)
        table = self.tables.get(table_id)
        if table is None and built is not None:
            table = self.tables[table_id] = built
            # announcements that came while it was being read found no table: read on
            await table.catch_up()
        return table

    def start(self) -> None:
        """Start every table's own tasks (after :meth:`load`, in the running loop); with a
        shared store, listen to the other processes and keep the leases."""
        self._loop = asyncio.get_running_loop()
        if self.store.shared:
            self.store.subscribe(self._heard)
            self._maintainer = self._loop.create_task(self.maintain())
        for table in self.tables.values():
            table.schedule()

    def stop(self) -> None:
        """Cancel every table's task; give up the leases (others take them at once)."""
        self._loop = None
        if self._maintainer is not None:
            self._maintainer.cancel()
        self.background.cancel()
        for table in self.tables.values():
            table.stop()
        if self.store.shared and self.held:
            with contextlib.suppress(Exception):
                self.store.release(self.holder)
            self.held.clear()

    async def maintain(self) -> None:
        """Renew this process's leases every third of :attr:`lease`, take the tables whose
        holder died, and start their tasks; stop the tasks of any lease lost.  A failure (the
        database away) is logged and the next period tries again."""
        renewed = time.monotonic()
        while True:
            try:
                try:
                    held = await self.call(self.store.leases, self.holder, self.lease)
                    renewed = time.monotonic()
                except Exception as error:
                    log.warning("cannot renew the leases: %s", error)
                    # the leases last until the last renewal's expiry: hold them until a
                    # little before it, then nothing until the database answers again
                    fresh = time.monotonic() - renewed < self.lease * 2 / 3
                    held = self.held if fresh else set()
                gained, lost = held - self.held, self.held - held
                self.held = held
                await self._check_heads()
                for table_id in lost:
                    if table_id in self.tables:
                        self.tables[table_id].stop()
                for table_id in gained:
                    try:
                        table = await self.find(table_id)
                        if table is not None:
                            await table.catch_up()
                            table.schedule()
                    except Exception as error:  # not started: gained again next round
                        self.held.discard(table_id)
                        log.warning("table %s: cannot start its tasks yet: %s", table_id, error)
            except Exception as error:
                log.warning("the leases' round failed: %s", error)
            await asyncio.sleep(self.lease / 3)

    async def _check_heads(self) -> None:
        """The safety net under the announcements: ask the database how far the tables this
        process serves (sockets or lease) have gone, and catch up any that are behind (an
        announcement missed while the listener reconnected costs at most one period)."""
        active = [t for t in self.tables.values() if t.connections or self.holds(t.table_id)]
        if not active:
            return
        try:
            heads = await self.call(self.store.heads, [t.table_id for t in active])
        except Exception as error:
            log.warning("cannot read the logs' heads: %s", error)
            return
        for table in active:
            table.known = max(table.known, heads.get(table.table_id, 0))
            if table.known > table.state.version:
                self._catch_up(table)

    def _heard(self, event: Event) -> None:
        """An announcement from the store's thread: handled in the loop."""
        loop = self._loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed
            loop.call_soon_threadsafe(self._handle, event)

    def _handle(self, event: Event) -> None:
        table = self.tables.get(event.table_id)
        if event.kind == "actions" and table is not None:
            table.known = max(table.known, event.seq)
            if table.known > table.state.version and (
                table.connections or self.holds(table.table_id)
            ):
                self._catch_up(table)
        elif event.kind == "seats" and table is not None:
            self.background.spawn("reading its seats", table.table_id, table.refresh_seats)
        elif event.kind == "table" and table is None and event.table_id not in self._creating:
            self.background.spawn("reading it", event.table_id, lambda: self.find(event.table_id))
        elif event.kind == "resync":
            self.background.spawn("reading every table again", "", self._resync)

    def _catch_up(self, table: Table) -> None:
        self.background.spawn("catching up", table.table_id, table.catch_up)

    async def _resync(self) -> None:
        """Announcements may have been missed: read every table again."""
        rows = await self.call(self.store.tables)
        for row in rows:
            table = self.tables.get(row.table_id) or await self.find(row.table_id)
            if table is not None:
                await table.refresh_seats()  # read again: a seat given here meanwhile stays
                await table.catch_up()

    async def create(self, config: TableConfig) -> Table:
        """A new table, its first hand dealt: the table and its first deal are stored in one
        transaction (nothing of it is kept if that fails)."""
        if config.seed is not None and not self.seeds:
            raise ProtocolError(
                "format",
                *NO_SEEDS,
                detail="table.seed: this server takes no seeds (golfo serve --allow-seeds)",
                whole=True,
            )
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
        created = time.time()
        table = Table(self, table_id, config, seats, start, created)
        # the first deal is the server's first move: committed with the table itself
        dealt = table._deal(start)
        row = TableRow(table_id, config.to_data(), tuple(seats), False, created)
        self._creating.add(table_id)  # its own announcement must not load a second copy
        try:
            await self.call(self.store.create_table, row, _since(start, dealt))
        finally:
            self._creating.discard(table_id)
        table.state = dealt
        table.known = dealt.version
        self.tables[table_id] = table
        if self.store.shared:
            try:  # its creator runs its tasks, until it dies
                if await self.call(self.store.take_lease, self.holder, table_id, self.lease):
                    self.held.add(table_id)
            except Exception as error:  # the next round of leases takes it
                log.warning("table %s: cannot take its lease yet: %s", table_id, error)
        table.schedule()
        return table

    async def take_seat(self, table: Table, seat: int, name: str) -> str:
        """Give a free seat to a player; its token (shown once, stored as a hash)."""
        if not 0 <= seat < len(table.seats):
            raise ProtocolError("not_found", "ese asiento no existe", "no such seat")
        if table.seats[seat].kind != "free":
            raise ProtocolError("taken")
        token = secrets.token_urlsafe(24)  # 192 bits
        row = SeatRow("human", name=name, token_hash=hash_token(token), bot=table.seats[seat].bot)
        take = functools.partial(self.store.set_seat, expect="free")
        if not await self.call(take, table.table_id, seat, row):
            fresh = await self.call(self.store.table, table.table_id)  # given a moment ago
            if fresh is not None:
                table.put_seats(list(fresh.seats))
            raise ProtocolError("taken")
        table.put_seat(seat, row)
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
