"""What one server accepts at most (:class:`Limits`), and a WebSocket client held to them
(:class:`Connection`: a bounded queue of messages to send, a rate of messages received).

The limits are ``golfo serve``'s options (:mod:`golfo.server.run`); the connections they count
are admitted by :mod:`golfo.server.admission` and :mod:`golfo.server.sockets`, the tables by
the store (:mod:`golfo.server.lobby`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["Connection", "Limits"]

log = logging.getLogger("golfo.server")


@attrs.frozen
class Limits:
    """What one server accepts at most."""

    tables: int = 1000
    """Live tables at once (a table is archived, and no longer counts, once its game is over
    or it is abandoned: :mod:`golfo.server.bounds`); with PostgreSQL, over every process on
    the database."""
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
