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

Each table's own moves are bounded (:mod:`golfo.server.bounds`): they wait at least the
server's least delay, happen only while someone attends the table, and stop at the server's
most hands and actions.  A table is *live* until it is archived (its game over, abandoned,
stopped at those limits, or by the operator); a server loads its live tables after it
starts listening, and an archived one only when someone asks for it
(:mod:`golfo.server.upkeep` does the rounds).
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
from golfo.bots import Bot, HeuristicBot, RandomBot, StrongBot
from golfo.chance import deal
from golfo.errors import GolfoError
from golfo.notation import Lang, parse
from golfo.records import to_json
from golfo.reducer import apply, new_game
from golfo.rules import preset_name
from golfo.server.backoff import Background, Backoff
from golfo.server.bounds import Bounds
from golfo.server.limits import Connection, Limits
from golfo.server.messages import ViewTexts
from golfo.server.protocol import CLOSED, ProtocolError, TableConfig, config_from_data
from golfo.server.seeds import deal_seeded, random_bot_seed
from golfo.server.storage import (
    ClosedError,
    SeatRow,
    StaleLogError,
    Store,
    TableRow,
)
from golfo.state import Phase, State, log_entries
from golfo.views import view
from golfo.wire import (
    action_data,
    loads_action,
    to_data,
)

__all__ = ["Hub", "Table", "hash_token", "since"]

log = logging.getLogger("golfo.server")


def hash_token(token: str) -> str:
    """The SHA-256 of a token, hex: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


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
        self.preset = preset_name(config.rules)
        """The name of the preset its rules are (:data:`golfo.rules.PRESETS`), or ``None``."""
        self.seats = seats
        """Its seats, by number."""
        self.state = state
        """The true state of the game."""
        self.connections: set[Connection] = set()
        """Its WebSocket clients (on this process): :meth:`join` and :meth:`leave` change
        them."""
        self.archived: str | None = None
        """Why it was archived (``golfo.server.storage.REASONS``), or ``None`` while live."""
        self.present_until = 0.0
        """Until when (``time.monotonic()``) another process said that it is attended."""
        self.used = time.monotonic()
        """When it was last asked for (an archived table leaves memory a while after)."""
        self._attended = False  # attended here, as last seen (to announce it once)
        self._paused = False  # its own moves wait for someone to attend it
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

    @property
    def attended_here(self) -> bool:
        """Whether someone attends the table through this process: where a person has sat,
        a socket of a person's seat (spectators do not count); elsewhere any socket."""
        people = {s for s, row in enumerate(self.seats) if row.kind == "human"}
        return any(not people or c.seat in people for c in self.connections)

    @property
    def attended(self) -> bool:
        """Whether someone attends the table, through this process or (lately) another."""
        return self.attended_here or self.present_until > time.monotonic()

    def presence(self, until: float) -> None:
        """Another process says someone attends the table until ``until`` (a
        ``time.monotonic()``): its own moves go on (they pause once that has passed)."""
        self.present_until = until
        self._resume()

    def join(self, connection: Connection) -> None:
        """A socket of this process joins the table (:meth:`seen`)."""
        self.connections.add(connection)
        self.seen()

    def leave(self, connection: Connection) -> None:
        """A socket of this process leaves the table (:meth:`seen`)."""
        self.connections.discard(connection)
        self.seen()

    def seen(self) -> None:
        """Its sockets changed: once it is attended here, its own moves go on if they were
        paused (and other processes are told, with a shared store); once nobody attends it,
        they pause after the move under way, if any (:meth:`schedule`)."""
        attended, was = self.attended_here, self._attended
        self._attended = attended
        if attended and not was and self.hub.store.shared and self.archived is None:
            self.hub.background.spawn(
                "saying it is attended",
                self.table_id,
                functools.partial(self.hub.call, self._touch, [self.table_id]),
            )
        self._resume()

    def _resume(self) -> None:
        """Schedule the table's own moves if they were paused for want of anyone attending
        it and someone does now (never otherwise: a socket coming and going must not put
        a bot's move off)."""
        if self._paused and self.attended and self.hub.running:
            self.schedule()

    def _touch(self, table_ids: list[str]) -> None:
        self.hub.store.touch(table_ids, announce=True)

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
        replay; ``archived``: why it was archived, or ``None`` while live)."""
        return {
            "table": self.table_id,
            "players": self.config.players,
            "rules": to_data(self.config.rules),
            "preset": self.preset,
            "seats": self.seats_data(),
            "free": [s for s, row in enumerate(self.seats) if row.kind == "free"],
            "hand_number": self.state.hand_number,
            "phase": self.state.phase.value,
            "version": self.state.version,
            "pause": self.config.pause,
            "timer": self.config.timer,
            "seeded": self.config.seed is not None,
            "archived": self.archived,
        }

    def _bot_for(self, seat: int) -> Bot:
        kind = self.seats[seat].bot
        if kind == "random":
            seed = self.config.seed
            if seed is None:
                return RandomBot(None)
            # one generator per decision, from the table's seed: the same game after a restart
            return RandomBot(random_bot_seed(self.hub.secret, seed, self.state.version, seat))
        if kind == "strong":
            seed = self.config.seed
            if seed is None:
                return StrongBot(None)
            return StrongBot(random_bot_seed(self.hub.secret, seed, self.state.version, seat))
        return HeuristicBot()

    async def _bot_move(self, seat: int | None) -> Action:
        """The seat's bot's action on the current state.  StrongBot's play-outs (milliseconds
        a decision) run in a worker thread, so that many tables of them never hold up the
        event loop; the others (microseconds) run here.  The state is immutable and the move
        is checked against its version when applied, so the thread reads no moving target."""
        assert seat is not None
        bot = self._bot_for(seat)
        seen = view(self.state, seat)
        if isinstance(bot, StrongBot):
            return await asyncio.to_thread(bot.choose, seen)
        return bot.choose(seen)

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
            self.refuse_if_closed()
            new = self.deal_chance(apply(state, action))
            try:
                await self.hub.call(
                    store.append, self.table_id, state.version + 1, since(state, new)
                )
            except ClosedError:  # archived elsewhere (another process, the operator)
                self.close("")
                self.refuse_if_closed()
                raise
            except StaleLogError:  # another process committed first: catch up, refuse this one
                lost = True
                steps = await self._refresh()
            else:
                lost, steps = False, []
                self.state = new
                self.known = max(self.known, new.version)
                if new.is_over:
                    await self.mark_over()
        for step in steps[:-1]:
            self.broadcast(step)
        self.changed()
        if lost:
            raise ProtocolError(
                "stale", detail=f"version {state.version}, now {self.state.version}"
            )

    def refuse_if_closed(self) -> None:
        """An ``illegal`` error, worded for the player, if the table is archived."""
        if self.archived is not None and not self.state.is_over:
            es, en = CLOSED.get(self.archived, CLOSED[""])
            raise ProtocolError("illegal", es, en, detail=f"table archived: {self.archived}")

    def close(self, reason: str) -> None:
        """The table was archived (``reason``; ``""``: not known yet): its own moves stop
        (but the one that ended the game, if it is ending it now), its sockets stay until
        their clients leave."""
        if self.archived is None or (reason and not self.archived):
            self.archived = reason
        task = self._task
        if task is not None and task is not asyncio.current_task():  # not the move ending it
            task.cancel()

    async def mark_over(self) -> None:
        """Mark the game over in the store, which archives the table; if that fails, later
        (the log says so already)."""

        async def mark() -> None:
            await self.hub.call(self.hub.store.set_finished, self.table_id)
            self.close("over")

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
        self.refuse_if_closed()
        try:
            await self.hub.call(self.hub.store.set_seat, self.table_id, seat, row)
        except ClosedError:
            self.close("")
            self.refuse_if_closed()
            raise
        self.put_seat(seat, row)

    def put_seat(self, seat: int, row: SeatRow) -> None:
        """Set one seat in the cache (the store has it already)."""
        self.seats[seat] = row
        self._seat_writes += 1

    def put_seats(self, seats: list[SeatRow]) -> None:
        """Set every seat in the cache, as read from the store."""
        self.seats = seats
        self._seat_writes += 1

    def deal_chance(self, state: State) -> State:
        """``state`` with what chance must deal dealt (from the table's seed, if it has one)."""
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
        next hand after the pause, or ending an open-ended game everyone agreed to end (or
        that played the server's most hands).  Nothing while nobody attends the table
        (unless the server plays unattended tables); never sooner than the server's least
        delay.  A table past the server's most actions, or a game of fixed length past its
        most hands, is closed instead."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self._paused = False
        state = self.state
        if state.is_over or self.archived is not None or not self.hub.holds(self.table_id):
            return
        bounds = self.hub.bounds
        past = state.phase is Phase.BETWEEN_HANDS and state.hand_number >= bounds.max_hands
        if state.version >= bounds.max_actions or (past and state.rules.hands is not None):
            close = functools.partial(self.hub.close, self, "limit")
            self.hub.background.spawn("closing it at the server's limit", self.table_id, close)
            return
        if not (bounds.unattended or self.attended):
            self._paused = True  # until someone attends it (:meth:`seen`, :meth:`presence`)
            return
        least, version = bounds.min_bot_delay, state.version
        if state.phase is Phase.BETWEEN_HANDS:
            humans = [s for s, row in enumerate(self.seats) if row.kind == "human"]
            if past or (state.rules.hands is None and humans and set(humans) <= self.votes):
                self._later(least, version, None, lambda: EndGame())
            elif self.config.pause is not None:
                self._later(max(self.config.pause, least), version, None, lambda: NextHand())
            elif not set(humans) - self.bot_on:  # no person left to ask: the bots do
                self._later(max(self.config.bot_delay, least), version, None, lambda: NextHand())
            return
        seat = state.to_act
        if not isinstance(seat, int):
            return
        if self._plays_itself(seat):
            self._later(max(self.config.bot_delay, least), version, seat, None)
        elif self.seats[seat].kind == "human" and self.config.timer is not None:
            self._later(max(self.config.timer, least), version, seat, None)

    def _later(
        self, delay: float, version: int, seat: int | None, make: Callable[[], Action] | None
    ) -> None:
        async def run() -> None:
            await asyncio.sleep(delay)
            backoff = Backoff()
            while self.state.version == version and self.archived is None:
                try:
                    action = make() if make is not None else await self._bot_move(seat)
                    # cancelling this task (a move elsewhere, the table archived) stops a move
                    # not begun; one begun runs to its end, its views sent
                    moving = asyncio.ensure_future(self.move(None, version, action))
                    moving.add_done_callback(_retrieved)
                    await asyncio.shield(moving)
                    return
                except Exception as error:  # the database, above all: try again
                    if isinstance(error, ProtocolError) and error.code == "stale":
                        return  # another process moved the table first
                    if self.archived is not None:
                        return  # closed meanwhile: nothing more to do
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
            return
        self.refuse_if_closed()
        if isinstance(message, Move):
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


def _retrieved(task: asyncio.Future[None]) -> None:
    """Take a finished move's exception, if any, once nobody awaits it (its task was
    cancelled meanwhile): its failure is not worth a second report."""
    if not task.cancelled():
        task.exception()


def since(old: State, new: State) -> list[str]:
    """The actions ``new`` has after ``old`` (``new`` follows on from it), as JSON texts."""
    out = []
    for (action, _), _ in zip(log_entries(new.log), range(new.version - old.version), strict=False):
        out.append(json.dumps(action_data(action)))
    out.reverse()
    return out


class Hub:
    """The tables of one server process, with its store, limits and bounds.

    ``lease`` is how many seconds a process's hold on a table's own tasks lasts without
    renewal, with a shared store: the longest a table's bots and timers wait when the process
    running them dies (renewed every third of it).  ``seeds`` allows tables with a ``seed``
    (for tests and replays); their deals mix it with ``secret``, by default the store's own
    (:mod:`golfo.server.seeds`).  ``bounds`` bound each table's work and each client
    address's tables and seats (:mod:`golfo.server.bounds`).

    Tables are held in memory once loaded (their logs replayed): the live ones as they are
    asked for or, one by one, after the server starts (:meth:`load` only lists them); the
    archived ones only when asked for, and a while after.
    """

    def __init__(
        self,
        store: Store,
        limits: Limits | None = None,
        *,
        lease: float = 10.0,
        seeds: bool = False,
        secret: bytes | None = None,
        bounds: Bounds | None = None,
    ) -> None:
        self.store = store
        """Where the tables are kept."""
        self.limits = limits or Limits()
        """What this server accepts at most."""
        self.bounds = bounds or Bounds()
        """What each table and each client address may cost."""
        self.lease = lease
        """Seconds a lease lasts (a shared store)."""
        self.seeds = seeds
        """Whether a new table may have a seed."""
        self._secret = secret
        self.tables: dict[str, Table] = {}
        """The tables in memory, by id: live ones, and archived ones asked for lately."""
        self.pending: dict[str, None] = {}
        """Live tables not loaded yet, oldest first (a dict as an ordered set)."""
        self.corrupt: dict[str, str] = {}
        """Tables whose log did not replay, with the reason: never served."""
        self.connections = 0
        """WebSocket connections open now."""
        self.holder = secrets.token_hex(8)
        """This process's name in the leases."""
        self.held: set[str] = set()
        """The tables whose own tasks this process runs (a shared store)."""
        self.running = False
        """Whether the tables' own tasks run (between :meth:`start` and :meth:`stop`)."""
        self.background = Background()
        """The server's own work that must succeed in the end (catching up, say)."""
        self.creating: set[str] = set()
        """Tables being created here (their own announcement must not load a second copy)."""
        self._loading: dict[str, asyncio.Task[Table | None]] = {}

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
        """List the live tables, to load later (:meth:`find`): their logs are not replayed
        now, and archived tables are not even listed, so that the server listens at once,
        however long its history."""
        self.pending = dict.fromkeys(row.table_id for row in self.store.tables())
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
        table = Table(self, row.table_id, config, list(row.seats), state, row.created)
        if row.archived is not None:
            table.archived = row.reason
        return table

    async def find(self, table_id: str) -> Table | None:
        """The table ``table_id``, caught up with the database; loaded from the store if it
        is not in memory yet (once, however many ask at the same time: two copies of one
        table would each miss the other's sockets), archived or not."""
        table = self.tables.get(table_id)
        if table is None and table_id not in self.corrupt:
            loading = self._loading.get(table_id)
            if loading is None:
                loading = asyncio.get_running_loop().create_task(self._load(table_id))
                self._loading[table_id] = loading
                loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
            table = await asyncio.shield(loading)
        if table is not None:
            table.used = time.monotonic()
            if table.known > table.state.version:
                await table.catch_up()
        return table

    async def _load(self, table_id: str) -> Table | None:
        row = await self.call(self.store.table, table_id)
        built = None if row is None else await asyncio.to_thread(self._build, row)
        self.pending.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is None and built is not None:
            table = self.tables[table_id] = built
            # announcements that came while it was being read found no table: read on
            await table.catch_up()
            if table.state.is_over and table.archived is None:
                await table.mark_over()  # the process that ended it died before it could
            elif self.running:
                table.schedule()
        return table

    def start(self) -> None:
        """Start the loaded tables' own tasks (in the running loop)."""
        self.running = True
        for table in self.tables.values():
            table.schedule()

    def stop(self) -> None:
        """Cancel every table's task; give up the leases (others take them at once)."""
        self.running = False
        self.background.cancel()
        for table in self.tables.values():
            table.stop()
        if self.store.shared and self.held:
            with contextlib.suppress(Exception):
                self.store.release(self.holder)
            self.held.clear()

    async def close(self, table: Table, reason: str) -> None:
        """Archive ``table`` for ``reason`` (in the store first): it stops counting and
        moving, its sockets stay until their clients leave."""
        await self.call(self.store.archive, [table.table_id], reason)
        table.close(reason)
        self.held.discard(table.table_id)

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
