"""Every connection ``golfo serve`` accepts, counted and timed (issue 33).

A connection costs the server a file and some memory from the moment it is accepted, long
before it says what it wants: idle sockets and headers sent a byte at a time must not pile
up until the process runs out of files and nobody else gets in.  So, in the protocols
uvicorn runs for ``golfo serve`` (:func:`protocols`):

- **Counted as accepted.** :class:`Gate` counts every open connection, HTTP or WebSocket,
  idle and half-sent ones included.  Past ``Limits.connections`` in all, or
  ``Limits.per_address`` from one client address (its IPv6 /64; the reverse proxies the
  operator trusts are not counted, as every client comes through them), a new connection is
  refused at once: ``503`` with the error ``full`` and ``Retry-After``, or simply closed
  when too many are being refused already.
- **Timed.** An HTTP request must arrive whole, its headers and its body, within
  ``Limits.request_timeout`` seconds of the connection being made or of the previous
  answer (which also closes idle keep-alive connections); then it is closed.  Headers are at
  most :data:`MAX_HEADERS` bytes.  A WebSocket must say hello within
  ``Limits.hello_timeout`` seconds (``golfo.server.app``) and answer the server's pings
  (every ``Limits.ping_interval`` seconds) within as long.
- **Within the file limit.** :func:`raise_file_limit` raises the process's limit on open
  files to the hard limit at start, and :func:`fitting` lowers the cap on connections to
  what the limit leaves, so the process never fails to accept for want of a file: a
  legitimate client is answered (or refused at once), never left waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import resource
import socket
from collections.abc import Iterable
from typing import Any, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from golfo.server.guard import security_headers
from golfo.server.protocol import ProtocolError
from golfo.server.throttle import address_key

__all__ = [
    "MAX_HEADERS",
    "REFUSING",
    "RESERVED_FILES",
    "Gate",
    "fitting",
    "listening",
    "protocols",
    "raise_file_limit",
]

MAX_HEADERS: Final = 16_384
"""The most bytes of an HTTP request's line and headers (``400`` beyond)."""
REFUSING: Final = 64
"""Connections refused with a ``503`` at once, at most; past them, a refused connection is
closed without a word (each holds a file until its answer is written)."""
RESERVED_FILES: Final = 64 + REFUSING
"""Files the cap on connections leaves to the rest of the process: the refusals, and 64 for
the database and its journal, a pool of PostgreSQL connections, the listening socket."""
_REFUSAL_WAIT: Final = 1.0  # seconds a refused connection may take to send its request
_WAITING: Final = (h11.IDLE, h11.SEND_BODY)  # a request still to come, or its body


class _Trusted:
    """The reverse proxies whose connections are not counted per address: addresses and
    networks (``"*"``: every address)."""

    def __init__(self, proxies: Iterable[str]) -> None:
        self.everyone = False
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for proxy in proxies:
            if proxy.strip() == "*":
                self.everyone = True
                continue
            with contextlib.suppress(ValueError):  # a name or a socket path: not an address
                self.networks.append(ipaddress.ip_network(proxy.strip(), strict=False))

    def __contains__(self, host: str | None) -> bool:
        if self.everyone:
            return True
        try:
            ip = ipaddress.ip_address(host or "")
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


def _refusal_bytes(error: ProtocolError) -> bytes:
    data = error.data()
    del data["type"]
    body = json.dumps({"error": data}, ensure_ascii=False).encode("utf-8")
    head = [
        b"HTTP/1.1 503 Service Unavailable",
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode("ascii"),
        b"retry-after: 5",
        b"connection: close",
        *(name + b": " + value for name, value in security_headers(None)),
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


_TOO_MANY: Final = _refusal_bytes(
    ProtocolError(
        "full",
        "demasiadas conexiones: inténtalo más tarde",
        "too many connections: try later",
        whole=True,
    )
)
_TOO_MANY_HERE: Final = _refusal_bytes(
    ProtocolError(
        "full",
        "demasiadas conexiones desde tu dirección",
        "too many connections from your address",
        whole=True,
    )
)


class Gate:
    """Every open connection of one server process, counted as it is accepted and forgotten
    as it closes (a WebSocket is the HTTP connection it was upgraded from: counted once).

    >>> gate = Gate(most=3, per_address=2)
    >>> [gate.admit(n, "192.0.2.7") for n in range(3)]  # the third: too many from there
    [None, None, b'HTTP/1.1 503 ...']
    >>> gate.admit(3, "192.0.2.8"), gate.admit(4, "192.0.2.9")  # the server is full
    (None, b'HTTP/1.1 503 ...')
    >>> gate.release(0); gate.admit(5, "192.0.2.9")  # one closed: room again
    """

    def __init__(
        self,
        most: int,
        per_address: int,
        trusted: Iterable[str] = (),
        request_timeout: float = 10.0,
    ) -> None:
        self.most = most
        """Connections at once."""
        self.per_address = per_address
        """Connections at once from one client address."""
        self.request_timeout = request_timeout
        """Seconds a client has to send a whole request."""
        self.refusing = 0
        """Connections being refused now (at most :data:`REFUSING`)."""
        self._trusted = _Trusted(trusted)
        self._open: dict[object, str | None] = {}  # connection: its address's key, or None
        self._per_key: dict[str, int] = {}

        self.pending = 0
        """Connections accepted whose protocol has not started yet."""

    @property
    def open(self) -> int:
        """Connections open now."""
        return len(self._open)

    def take(self) -> bool:
        """Whether a connection just accepted may have a file (then it is :attr:`pending`):
        the open ones, those being refused and those pending are at most :attr:`most` and
        :data:`REFUSING`.  Past that it is closed at once, unanswered."""
        if len(self._open) + self.refusing + self.pending >= self.most + REFUSING:
            return False
        self.pending += 1
        return True

    def started(self) -> None:
        """A pending connection's protocol started: it is counted by :meth:`admit`."""
        self.pending = max(0, self.pending - 1)

    def admit(self, connection: object, host: str | None) -> bytes | None:
        """Count ``connection`` from ``host``: ``None`` if it may stay (or was counted
        already), else the ``503`` to answer it with."""
        if connection in self._open:
            return None
        if len(self._open) >= self.most:
            return _TOO_MANY
        key = None if host in self._trusted else address_key(host)
        if key is not None:
            if self._per_key.get(key, 0) >= self.per_address:
                return _TOO_MANY_HERE
            self._per_key[key] = self._per_key.get(key, 0) + 1
        self._open[connection] = key
        return None

    def release(self, connection: object) -> None:
        """``connection`` closed (nothing if it was not counted, or forgotten already)."""
        if connection not in self._open:
            return
        key = self._open.pop(connection)
        if key is not None:
            left = self._per_key[key] - 1
            if left:
                self._per_key[key] = left
            else:
                del self._per_key[key]


def _host(transport: asyncio.BaseTransport) -> str | None:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else None


def protocols(gate: Gate) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP (h11) and WebSocket protocol classes for ``golfo serve``, each
    connection counted by ``gate`` and timed (``uvicorn.Config(http=..., ws=...)``)."""

    class GatedHTTP(H11Protocol):
        """uvicorn's HTTP/1.1 with the gate and a deadline on each request."""

        _refusal: bytes | None = None
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            gate.started()
            self._refusal = gate.admit(transport, _host(transport))
            if self._refusal is None:
                super().connection_made(transport)  # type: ignore[arg-type]
                self._watch()
            elif gate.refusing >= REFUSING:
                transport.abort()  # type: ignore[attr-defined]
            else:  # answered once its request came: an answer before it is often lost
                gate.refusing += 1
                self.transport = transport  # type: ignore[assignment]
                self._deadline = self.loop.call_later(_REFUSAL_WAIT, self._refuse)

        def _refuse(self) -> None:
            if not self.transport.is_closing():
                assert self._refusal is not None
                self.transport.write(self._refusal)
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._refusal is not None:
                self._refuse()
                return
            super().data_received(data)
            self._watch()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch()

        def _watch(self) -> None:
            """A deadline while a request (or its body) is awaited, none while answering."""
            upgraded = self.transport.get_protocol() is not self
            waiting = not upgraded and self.conn.their_state in _WAITING
            if waiting and self._deadline is None and not self.transport.is_closing():
                self._deadline = self.loop.call_later(gate.request_timeout, self._expire)
            elif not waiting and self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expire(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            if self._refusal is not None:
                gate.refusing -= 1
                return
            gate.release(self.transport)
            super().connection_lost(exc)

    class GatedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket, counted as the HTTP connection it came from (the same
        transport)."""

        def connection_lost(self, exc: Exception | None) -> None:
            gate.release(self.transport)
            super().connection_lost(exc)

    return GatedHTTP, GatedWebSocket


class _Listening(socket.socket):
    """The listening socket, which accepts a connection only while :meth:`Gate.take` gives
    it a file: the event loop accepts as many as are waiting in one go, long before any
    protocol has counted them."""

    gate: Gate

    def accept(self) -> tuple[socket.socket, Any]:
        conn, address = super().accept()
        if not self.gate.take():
            conn.close()
            raise BlockingIOError  # the loop stops accepting until its next round
        return conn, address


def listening(sock: socket.socket, gate: Gate) -> socket.socket:
    """``sock``, a listening socket, taken over (``sock`` is detached) so that it accepts
    only while ``gate`` has room (:meth:`Gate.take`): give it to the server instead."""
    gated = _Listening(sock.family, sock.type, sock.proto, fileno=sock.detach())
    gated.gate = gate
    gated.set_inheritable(True)
    return gated


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's limit on open files to its hard limit (at most 2**20 when the
    hard limit is unlimited): the limit before and after (the same when it cannot be raised,
    or needs not)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = 2**20 if hard == resource.RLIM_INFINITY else hard
    if soft == resource.RLIM_INFINITY or soft >= target:
        return soft, soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        return soft, soft
    return soft, target


def fitting(connections: int, files: int) -> int:
    """The cap on connections that ``files`` open files allow: ``connections``, or fewer,
    leaving :data:`RESERVED_FILES` to the rest of the process (at least 1)."""
    if files == resource.RLIM_INFINITY:
        return connections
    return max(1, min(connections, files - RESERVED_FILES))
