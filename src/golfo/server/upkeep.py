"""The server's rounds: what keeps a :class:`~golfo.server.tables.Hub` up to date while it
runs, besides the players' own moves.

- **Loading**: the live tables are replayed after the server listens, oldest first, one at a
  time (in a thread); a table someone asks for meanwhile is loaded at once
  (:meth:`Hub.find <golfo.server.tables.Hub.find>`).  They are noted as attended as the
  server starts: the time it was down does not count towards abandoning them.
- **Attendance and archiving**, every :attr:`Bounds.period <golfo.server.bounds.Bounds.period>`
  seconds: the tables attended here are noted in the store (``attended``); the live tables
  nobody attended or moved for too long are archived as abandoned; tables archived by
  someone else (the operator's ``golfo tables archive``, another process) are closed here;
  archived tables nobody asked for lately leave memory.
- **With a shared store** (PostgreSQL): the leases (which process runs each table's own
  tasks) renewed every third of the lease; announcements heard from the other processes
  (new actions, seats, tables, a table attended or archived); and the attendance other
  processes noted, read for the tables this process runs, so that their bots play while
  someone attends them anywhere.

Every round survives any failure (the database away, above all): logged, and tried again.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Final

from golfo.server.backoff import retrying
from golfo.server.storage import REASONS, Event
from golfo.server.tables import Hub, Table

__all__ = ["KEEP_ARCHIVED", "Upkeep"]

log = logging.getLogger("golfo.server")

KEEP_ARCHIVED: Final = 60.0
"""Seconds an archived table stays in memory after it was last asked for (and its last
socket closed)."""


class Upkeep:
    """The rounds that keep ``hub`` up to date while the server runs
    (:mod:`golfo.server.upkeep`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        """The tables it keeps."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def period(self) -> float:
        """Seconds between two rounds: the bounds' period, and with a shared store at most a
        third of the lease (the attendance noted by the other processes must stay fresh)."""
        period = self.hub.bounds.period
        return min(period, self.hub.lease / 3) if self.hub.store.shared else period

    @property
    def fresh(self) -> float:
        """Seconds an attendance noted by another process lasts, unless noted again."""
        return 3 * self.period

    def start(self) -> None:
        """Start the hub's tables and the rounds (in the running loop)."""
        loop = self._loop = asyncio.get_running_loop()
        self.hub.start()
        if self.hub.store.shared:
            self.hub.store.subscribe(self._heard)
            self._tasks.append(loop.create_task(self.maintain()))
        self._tasks.append(loop.create_task(self._load_pending()))
        self._tasks.append(loop.create_task(self._rounds()))

    def stop(self) -> None:
        """Stop the rounds and the hub's tables."""
        self._loop = None
        for task in self._tasks:
            task.cancel()
        self.hub.stop()

    # -- loading -------------------------------------------------------------------

    async def _load_pending(self) -> None:
        """Replay every live table not loaded yet, oldest first, one at a time.  First, they
        are all noted as attended now: the time the server was down is nobody's absence,
        and must not get them archived as abandoned before their players are back."""
        hub = self.hub
        if hub.pending:
            grace = functools.partial(hub.store.touch, present=False)
            touch = functools.partial(hub.call, grace, list(hub.pending))
            await retrying("noting the live tables as attended", touch)
        while hub.pending:
            table_id = next(iter(hub.pending))
            await retrying(f"table {table_id}: loading it", functools.partial(hub.find, table_id))
            hub.pending.pop(table_id, None)

    def _want(self, table_id: str) -> None:
        """Load ``table_id`` soon (in the background), if it is not in memory."""
        if table_id not in self.hub.tables:
            self.hub.background.spawn(
                "loading it", table_id, functools.partial(self.hub.find, table_id)
            )

    # -- attendance and archiving ------------------------------------------------------

    async def _rounds(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            try:
                await self.round()
            except Exception as error:
                log.warning("the tables' round failed: %s", error)

    async def round(self) -> None:
        """One round: note the tables attended here, archive the abandoned ones, close
        those archived elsewhere, forget those deleted, hear the attendance other processes
        noted, and let archived tables nobody uses leave memory."""
        hub, store, bounds = self.hub, self.hub.store, self.hub.bounds
        live = [t for t in hub.tables.values() if t.archived is None]
        here = [t.table_id for t in live if t.attended_here]
        await hub.call(functools.partial(store.touch, here))
        now = time.time()
        idle = await hub.call(
            store.archive_idle, now - bounds.abandon_after, now - bounds.abandon_unseated, here
        )
        for table_id in idle:
            self._archived(table_id, "abandoned")
        ids = list(hub.tables)
        if ids:
            for table_id, reason in (await hub.call(store.closed, ids)).items():
                table = hub.tables.get(table_id)
                if not reason and table is not None and table.archived is not None:
                    del hub.tables[table_id]  # deleted (golfo tables delete): gone here too
                elif table is not None and not table.archived:  # live, or its reason unknown
                    self._archived(table_id, reason)
        if store.shared:
            await self._hear_attendance()
        self._evict()

    def _archived(self, table_id: str, reason: str) -> None:
        """``table_id`` was archived (``reason``; ``""``: unknown): closed here, if loaded."""
        hub = self.hub
        hub.pending.pop(table_id, None)
        hub.held.discard(table_id)
        table = hub.tables.get(table_id)
        if table is not None:
            table.close(reason)

    async def _hear_attendance(self) -> None:
        """The tables this process runs that others attend (their ``attended`` time, fresh):
        their own moves go on here."""
        hub = self.hub
        ids = [i for i in hub.held if i not in hub.tables or not hub.tables[i].attended_here]
        if not ids:
            return
        attended = await hub.call(hub.store.activity, ids)
        now, clock = time.time(), time.monotonic()
        for table_id, when in attended.items():
            until = clock + self.fresh - (now - when)
            table = hub.tables.get(table_id)
            if table is not None:
                table.presence(until)
            elif until > clock:
                self._want(table_id)

    def _evict(self) -> None:
        """Archived tables with no socket and not asked for lately leave memory."""
        hub, clock = self.hub, time.monotonic()
        for table_id, table in list(hub.tables.items()):
            closed = table.archived is not None
            if closed and not table.connections and clock - table.used > KEEP_ARCHIVED:
                del hub.tables[table_id]

    # -- leases and announcements (a shared store) --------------------------------------

    async def maintain(self) -> None:
        """Renew this process's leases every third of the lease, take the tables whose
        holder died, and start their tasks; stop the tasks of any lease lost.  A failure (the
        database away) is logged and the next period tries again."""
        hub = self.hub
        renewed = time.monotonic()
        while True:
            try:
                try:
                    held = await hub.call(hub.store.leases, hub.holder, hub.lease)
                    renewed = time.monotonic()
                except Exception as error:
                    log.warning("cannot renew the leases: %s", error)
                    # the leases last until the last renewal's expiry: hold them until a
                    # little before it, then nothing until the database answers again
                    fresh = time.monotonic() - renewed < hub.lease * 2 / 3
                    held = hub.held if fresh else set()
                gained, lost = held - hub.held, hub.held - held
                hub.held = held
                await self._check_heads()
                for table_id in lost:
                    if table_id in hub.tables:
                        hub.tables[table_id].stop()
                for table_id in gained:
                    try:
                        table = hub.tables.get(table_id)
                        if table is not None:
                            await table.catch_up()
                            table.schedule()
                        elif table_id not in hub.pending:
                            self._want(table_id)  # scheduled once loaded
                    except Exception as error:  # not started: gained again next round
                        hub.held.discard(table_id)
                        log.warning("table %s: cannot start its tasks yet: %s", table_id, error)
            except Exception as error:
                log.warning("the leases' round failed: %s", error)
            await asyncio.sleep(hub.lease / 3)

    async def _check_heads(self) -> None:
        """The safety net under the announcements: ask the database how far the tables this
        process serves (sockets or lease) have gone, and catch up any that are behind (an
        announcement missed while the listener reconnected costs at most one period)."""
        hub = self.hub
        active = [  # an archived table too: its last moves may not be here yet
            t
            for t in hub.tables.values()
            if t.connections or (t.archived is None and hub.holds(t.table_id))
        ]
        if not active:
            return
        try:
            heads = await hub.call(hub.store.heads, [t.table_id for t in active])
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
        hub = self.hub
        table = hub.tables.get(event.table_id)
        if event.kind == "actions" and table is not None:
            table.known = max(table.known, event.seq)
            if table.known > table.state.version and (
                table.connections or hub.holds(table.table_id)
            ):
                self._catch_up(table)
        elif event.kind == "seats" and table is not None:
            hub.background.spawn("reading its seats", table.table_id, table.refresh_seats)
        elif event.kind == "table" and table is None and event.table_id not in hub.creating:
            self._want(event.table_id)
        elif event.kind == "presence":
            if table is not None:
                table.presence(time.monotonic() + self.fresh)
            elif hub.holds(event.table_id):
                self._want(event.table_id)  # its attendance is read again once loaded
        elif event.kind == "archived":
            reason = REASONS[event.seq - 1] if 0 < event.seq <= len(REASONS) else ""
            self._archived(event.table_id, reason)
        elif event.kind == "resync":
            hub.background.spawn("reading every table again", "", self._resync)

    def _catch_up(self, table: Table) -> None:
        self.hub.background.spawn("catching up", table.table_id, table.catch_up)

    async def _resync(self) -> None:
        """Announcements may have been missed: read every live table again."""
        hub = self.hub
        rows = await hub.call(hub.store.tables)
        for row in rows:
            table = hub.tables.get(row.table_id) or await hub.find(row.table_id)
            if table is not None:
                await table.refresh_seats()  # read again: a seat given here meanwhile stays
                await table.catch_up()
