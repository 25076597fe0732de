"""``golfo serve``: run the table server with uvicorn on a host and port.

``python -m golfo.server`` and the ``golfo serve`` command both land here.  The server
prints its URL once it is listening (``--port 0`` picks a free port and prints it).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import uvicorn

from golfo.server.app import MAX_BODY, create_app
from golfo.server.store import SQLiteStore
from golfo.server.tables import Limits

__all__ = ["DEFAULT_DB", "add_arguments", "main", "serve"]

DEFAULT_DB: Final = "golfo.sqlite3"
"""The database file ``golfo serve`` uses by default, in the current directory."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``golfo serve``."""
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free port)")
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help="the SQLite database file; ':memory:' keeps nothing after the server stops",
    )
    parser.add_argument(
        "--durable",
        action="store_true",
        help="sync every commit to disk (survives a power cut, not only a crash)",
    )
    defaults = Limits()
    parser.add_argument(
        "--max-tables", type=int, default=defaults.tables, help="tables held at once"
    )
    parser.add_argument(
        "--max-connections", type=int, default=defaults.connections, help="sockets at once"
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=defaults.rate,
        help="messages a second one socket may send (with a burst of twice as many)",
    )


async def serve(
    host: str, port: int, db: str, *, durable: bool = False, limits: Limits | None = None
) -> None:
    """Listen on ``host:port`` until stopped; print the URL once listening."""
    if db != ":memory:":
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    app = create_app(SQLiteStore(db, durable=durable), limits=limits)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(512)
    sock.set_inheritable(True)
    actual = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=MAX_BODY,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    print(f"golfo serve: listening on http://{shown}:{actual}/ (database {db})", flush=True)
    await server.serve(sockets=[sock])


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
            rate=args.rate,
            burst=2 * args.rate,
        )
        asyncio.run(serve(args.host, args.port, args.db, durable=args.durable, limits=limits))
    except KeyboardInterrupt:
        return 0
    return 0
