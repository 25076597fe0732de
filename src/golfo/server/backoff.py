"""Trying again: the server's own work survives a failure (of the database, say) by waiting
a little longer after each attempt that fails, and logging it.

>>> waits = Backoff(first=0.5, most=2.0)
>>> [waits.step() for _ in range(5)]
[0.5, 1.0, 2.0, 2.0, 2.0]
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

__all__ = ["Background", "Backoff", "retrying"]

log = logging.getLogger("golfo.server")

T = TypeVar("T")


class Backoff:
    """Waits between attempts: ``first`` seconds, twice as long after each, at most
    ``most``."""

    def __init__(self, first: float = 0.25, most: float = 5.0) -> None:
        self.first = first
        """The first wait, in seconds."""
        self.most = most
        """The longest wait, in seconds."""
        self._next = first

    def step(self) -> float:
        """The next wait, in seconds (and the one after it doubled)."""
        wait = self._next
        self._next = min(self._next * 2, self.most)
        return wait

    async def wait(self, what: str, error: BaseException) -> None:
        """Log that ``what`` failed with ``error`` and sleep the next wait."""
        wait = self.step()
        log.warning("%s failed (%s); trying again in %g s", what, _reason(error), wait)
        await asyncio.sleep(wait)


async def retrying(what: str, work: Callable[[], Awaitable[T]]) -> T:
    """``await work()`` until it succeeds, a :class:`Backoff` between attempts; each failure
    (any :class:`Exception`) is logged as ``what`` failing.  Cancelling it stops it."""
    backoff = Backoff()
    while True:
        try:
            return await work()
        except Exception as error:
            await backoff.wait(what, error)


class Background:
    """The server's own work that must succeed in the end (catching up with the database,
    say), each run in a task of its own with :func:`retrying`."""

    def __init__(self) -> None:
        self._tasks: dict[tuple[str, str], asyncio.Task[Any]] = {}

    def spawn(self, what: str, table_id: str, work: Callable[[], Awaitable[Any]]) -> None:
        """Run ``work()`` (``what`` a table does, or every table: ``table_id`` empty) until
        it succeeds, each failure logged; once at a time (work that a task already running
        will do is not asked for twice)."""
        key = (what, table_id)
        running = self._tasks.get(key)
        if running is not None and not running.done():
            return
        name = f"table {table_id}: {what}" if table_id else what
        task = asyncio.get_running_loop().create_task(retrying(name, work))
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))

    def _forget(self, key: tuple[str, str], task: asyncio.Task[Any]) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]

    def cancel(self) -> None:
        """Stop every task (the server is stopping)."""
        for task in list(self._tasks.values()):
            task.cancel()


def _reason(error: BaseException) -> str:
    """An error in one line: its message's first line, or its type's name."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
