"""``golfo serve``: run the table server with uvicorn on a host and port.

``python -m golfo.server`` and the ``golfo serve`` command both land here.  The server
prints its URL once it is listening (``--port 0`` picks a free port and prints it).  It
takes its port before it opens its database: a port in use, or an address that is not
this machine's, is one line on stderr saying what to do instead, and exit status 1.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import socket
import sys
from collections.abc import Sequence
from typing import Final

import attrs
import uvicorn
from starlette.applications import Starlette

from golfo.server import bounds as table_bounds
from golfo.server.app import MAX_BODY, create_app
from golfo.server.bounds import Bounds
from golfo.server.databases import open_store
from golfo.server.guard import normal_origin
from golfo.server.limits import Limits
from golfo.server.seeds import MIN_SECRET
from golfo.server.sockets import (
    MAX_HEADERS,
    Gate,
    fitting,
    listening,
    protocols,
    raise_file_limit,
)
from golfo.server.storage import StoreError, is_postgres_url, redact_url

__all__ = [
    "DEFAULT_DB",
    "SECRET_VARIABLE",
    "ListenError",
    "add_arguments",
    "listen",
    "main",
    "serve",
]

log = logging.getLogger("golfo.server")

DEFAULT_DB: Final = "golfo.sqlite3"
"""The database file ``golfo serve`` uses by default, in the current directory."""
SECRET_VARIABLE: Final = "GOLFO_SEED_SECRET"
"""The environment variable with the operator's secret for seeded deals (at least
:data:`~golfo.server.seeds.MIN_SECRET` characters); unset, the database's own is used."""


class ListenError(Exception):
    """The server cannot listen where it was asked (a port in use, an address that is not
    this machine's, a port it may not take); the message is one line for the player, with
    what to do instead."""


_OTHER_PORT = "pick another with --port N, or --port 0 for any free port"
_OTHER_HOST = (
    "--host takes an address of this machine, such as 127.0.0.1 (the default) or 0.0.0.0 "
    "(every interface)"
)


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` (``port`` 0: any free port);
    :class:`ListenError` saying why not, and what to do."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(512)
    except OSError as error:
        sock.close()
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        if isinstance(error, socket.gaierror):
            why = f"cannot listen on {host}: no such address ({error.strerror}); {_OTHER_HOST}"
        elif error.errno == errno.EADDRINUSE:
            why = f"port {port} is in use on {host}: {_OTHER_PORT}"
        elif error.errno == errno.EACCES:
            why = (
                f"no permission to listen on {where} (ports below 1024 need privileges): "
                f"{_OTHER_PORT}"
            )
        else:
            why = f"cannot listen on {where}: {error.strerror or error}; {_OTHER_HOST}"
        raise ListenError(why) from None
    sock.set_inheritable(True)
    return sock


def _port(text: str) -> int:
    """A port number, 0 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0: any free port), got {port}")
    return port


def _origin(text: str) -> str:
    """An origin for ``--allow-origin``: ``scheme://host[:port]``."""
    try:
        return normal_origin(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive_float(text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < number < float("inf"):
        raise argparse.ArgumentTypeError(f"above 0, got {text}")
    return number


DEFAULT_PROXIES: Final = "127.0.0.1,::1"
"""Whose ``X-Forwarded-For`` is believed by default: a reverse proxy on the same machine."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``golfo serve``."""
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=_port, default=8000, help="the port (0: any free port)")
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help="the SQLite database file (':memory:' keeps nothing after the server stops), or a "
        "PostgreSQL database, postgresql://user@host/name, that several golfo serve processes "
        "share (extra golfo[postgres]; docs/deployment.md)",
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=10.0,
        help="with PostgreSQL: seconds a process's hold on a table's bots and timers lasts "
        "unrenewed (how long they wait when that process dies)",
    )
    parser.add_argument(
        "--durable",
        action="store_true",
        help="sync every commit to disk (survives a power cut, not only a crash)",
    )
    defaults = Limits()
    parser.add_argument(
        "--max-tables",
        type=int,
        default=defaults.tables,
        metavar="N",
        help="live tables at once, over every process on the database (a finished or "
        "abandoned table is archived and no longer counts; golfo tables archives others)",
    )
    parser.add_argument(
        "--max-connections",
        type=table_bounds.count,
        default=defaults.connections,
        metavar="N",
        help="connections at once, HTTP and WebSocket, idle ones included (lowered to fit the "
        "limit on open files, which is raised to its hard limit at start)",
    )
    parser.add_argument(
        "--max-per-address",
        type=table_bounds.count,
        default=defaults.per_address,
        metavar="N",
        help="connections at once from one client address (a --trusted-proxy's are not "
        "counted: the proxy should limit its clients)",
    )
    parser.add_argument(
        "--max-spectators",
        type=table_bounds.count,
        default=None,
        metavar="N",
        help="spectators' sockets over every table (default: half of --max-connections)",
    )
    parser.add_argument(
        "--spectators-per-table",
        type=table_bounds.count,
        default=defaults.spectators_per_table,
        metavar="N",
        help="spectators' sockets at one table",
    )
    parser.add_argument(
        "--spectators-per-address",
        type=table_bounds.count,
        default=defaults.spectators_per_address,
        metavar="N",
        help="spectators' sockets from one client address, over every table",
    )
    parser.add_argument(
        "--sockets-per-seat",
        type=table_bounds.count,
        default=defaults.per_seat,
        metavar="N",
        help="sockets one seat's token may hold at once (a seated player is always let in, "
        "up to this)",
    )
    parser.add_argument(
        "--request-timeout",
        type=_positive_float,
        default=defaults.request_timeout,
        metavar="SECONDS",
        help="a client's time to send a whole HTTP request, once connected or answered",
    )
    parser.add_argument(
        "--hello-timeout",
        type=_positive_float,
        default=defaults.hello_timeout,
        metavar="SECONDS",
        help="a new WebSocket's time to say hello",
    )
    parser.add_argument(
        "--ping-interval",
        type=_positive_float,
        default=defaults.ping_interval,
        metavar="SECONDS",
        help="the server pings every WebSocket this often, and closes one that does not "
        "answer within as long",
    )
    parser.add_argument(
        "--compression",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate): a tenth of the bytes, for "
        "several times the server's time per message (docs/performance.md)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=defaults.rate,
        help="messages a second one socket may send (with a burst of twice as many)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        type=_origin,
        default=[],
        metavar="URL",
        help="a web page's origin (https://cards.example.org) that may use the server besides "
        "its own: a frontend hosted elsewhere (repeatable; docs/deployment.md)",
    )
    parser.add_argument(
        "--trusted-proxy",
        default=DEFAULT_PROXIES,
        metavar="ADDRESSES",
        help="the reverse proxies (addresses or networks, comma-separated; '' for none) whose "
        "X-Forwarded-For and X-Forwarded-Proto name the client: from anyone else they are "
        "ignored",
    )
    parser.add_argument(
        "--auth-failures",
        type=table_bounds.count,
        default=defaults.auth_failures,
        metavar="N",
        help="bad tokens one client address may send at once before it must wait",
    )
    parser.add_argument(
        "--auth-wait",
        type=_positive_float,
        default=defaults.auth_wait,
        metavar="SECONDS",
        help="then one more bad token is allowed every this many seconds",
    )
    parser.add_argument(
        "--allow-seeds",
        action="store_true",
        help="let a table be created with a seed, for tests and replays (its deals mix the "
        f"seed with a secret: the database's own, or ${SECRET_VARIABLE}'s); off, a seed is "
        "refused and every deal is at random",
    )
    table_bounds.add_arguments(parser)


async def serve(
    host: str,
    port: int,
    db: str,
    *,
    durable: bool = False,
    limits: Limits | None = None,
    lease: float = 10.0,
    allow_origins: Sequence[str] = (),
    trusted_proxies: str = DEFAULT_PROXIES,
    seeds: bool = False,
    secret: bytes | None = None,
    bounds: Bounds | None = None,
    compression: bool = False,
) -> None:
    """Listen on ``host:port`` until stopped; print the URL once listening.  The port is
    taken first (:class:`ListenError` when it cannot be), then the database opened.

    The limit on open files is raised to the hard limit, and ``limits.connections`` lowered
    to fit it if it must be (both logged); every connection is counted and timed
    (:mod:`golfo.server.sockets`).  ``compression``: WebSocket messages compressed
    (permessage-deflate).

    Web pages of the ``allow_origins`` may use the server besides its own; the
    ``trusted_proxies`` (comma-separated addresses or networks, ``""``: none) are believed
    when they name the client in ``X-Forwarded-For``.  ``seeds``, ``secret`` and ``bounds``
    as for :func:`~golfo.server.create_app`."""
    sock = listen(host, port)
    limits = _within_files(limits or Limits())
    try:
        store = open_store(db, durable=durable)
        try:
            app = create_app(
                store,
                limits=limits,
                lease=lease,
                allow_origins=allow_origins,
                seeds=seeds,
                secret=secret,
                bounds=bounds,
            )
            await _serve(sock, host, db, app, trusted_proxies, compression)
        finally:
            store.close()
    finally:
        sock.close()


def _within_files(limits: Limits) -> Limits:
    """``limits`` with as many connections as the limit on open files allows, once raised to
    the hard limit (each step logged)."""
    before, after = raise_file_limit()
    if after != before:
        log.warning("the limit on open files raised from %d to %d", before, after)
    most = fitting(limits.connections, after)
    if most < limits.connections:
        log.warning(
            "at most %d connections, not %d: the limit on open files is %d (ulimit -n)",
            most,
            limits.connections,
            after,
        )
        spectators = limits.spectators if limits.spectators is not None else limits.connections // 2
        limits = attrs.evolve(limits, connections=most, spectators=min(spectators, most // 2))
    return limits


async def _serve(
    sock: socket.socket,
    host: str,
    db: str,
    app: Starlette,
    trusted_proxies: str,
    compression: bool = False,
) -> None:
    actual = sock.getsockname()[1]
    proxies = [p.strip() for p in trusted_proxies.split(",") if p.strip()]
    limits: Limits = app.state.hub.limits
    gate = Gate(limits.connections, limits.per_address, proxies, limits.request_timeout)
    http, ws = protocols(gate)
    sock = listening(sock, gate)
    config = uvicorn.Config(
        app,
        log_level="warning",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        http=http,
        ws=ws,
        ws_max_size=MAX_BODY,
        ws_ping_interval=limits.ping_interval,
        ws_ping_timeout=limits.ping_interval,
        ws_per_message_deflate=compression,
        h11_max_incomplete_event_size=MAX_HEADERS,
        backlog=2048,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    where = redact_url(db) if is_postgres_url(db) else db
    print(f"golfo serve: listening on http://{shown}:{actual}/ (database {where})", flush=True)
    try:
        await server.serve(sockets=[sock])
    finally:
        sock.close()


def main(argv: Sequence[str] | None = None) -> int:
    """``golfo serve [--host H] [--port P] [--db PATH]``."""
    parser = argparse.ArgumentParser(
        prog="golfo serve",
        description="An authoritative El Golfo table server for frontends (docs/server.md).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="golfo serve: %(message)s")
    try:
        limits = Limits(
            tables=args.max_tables,
            connections=args.max_connections,
            per_address=args.max_per_address,
            spectators=args.max_spectators,
            spectators_per_table=args.spectators_per_table,
            spectators_per_address=args.spectators_per_address,
            per_seat=args.sockets_per_seat,
            request_timeout=args.request_timeout,
            hello_timeout=args.hello_timeout,
            ping_interval=args.ping_interval,
            rate=args.rate,
            burst=2 * args.rate,
            auth_failures=args.auth_failures,
            auth_wait=args.auth_wait,
        )
        if not args.lease > 0:
            parser.error("--lease must be above 0")
        text = os.environ.get(SECRET_VARIABLE)
        if text is not None and len(text) < MIN_SECRET:
            parser.error(f"{SECRET_VARIABLE} must have at least {MIN_SECRET} characters")
        secret = None if text is None else text.encode("utf-8")
        asyncio.run(
            serve(
                args.host,
                args.port,
                args.db,
                durable=args.durable,
                limits=limits,
                lease=args.lease,
                allow_origins=args.allow_origin,
                trusted_proxies=args.trusted_proxy,
                seeds=args.allow_seeds,
                secret=secret,
                bounds=table_bounds.from_arguments(args),
                compression=args.compression,
            )
        )
    except KeyboardInterrupt:
        return 0
    except (StoreError, ListenError) as error:
        print(f"golfo serve: {error}", file=sys.stderr)
        return 1
    return 0
