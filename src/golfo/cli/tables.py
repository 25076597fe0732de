"""``golfo tables``: the operator's hand on a server's database: list, archive, delete tables.

``golfo tables list --db DB`` lists the live tables (``--all``: the archived too), with their
seats, how far each game went, how long its log is, when it last moved and the client
address that created it.  ``golfo tables archive --db DB ID...`` (or ``--idle SECONDS``:
every live table not attended and not moved for that long) archives tables: their games
stop, they no longer count against ``--max-tables`` or the quotas, and they stay readable
(``GET /api/tables/{ID}``, the record).  ``golfo tables delete --db DB ID...`` (or
``--archived-for SECONDS``) deletes archived tables for good, their logs and seats with
them; a live table is never deleted (archive it first).

It may run while ``golfo serve`` runs on the same database: a server hears of a table
archived here at once on PostgreSQL, and within its round of upkeep on SQLite (a few
seconds); its log is closed as soon as the archive is committed.  It speaks English, as
``golfo serve`` does, and needs the server extra (``golfo[server]``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from golfo.cli.common import UsageError
from golfo.cli.output import Output

if TYPE_CHECKING:
    from golfo.server.storage import Store, TableInfo

__all__ = ["add_tables", "cmd_tables"]

_DB_HELP = (
    "the server's database, as golfo serve --db names it: a SQLite file or a PostgreSQL URL "
    "(default: golfo.sqlite3)"
)


def _seconds(text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= number < float("inf"):
        raise argparse.ArgumentTypeError(f"0 or more seconds, got {text}")
    return number


def add_tables(sub: Any) -> None:
    """``golfo tables`` and its three commands, on the ``golfo`` command's subparsers."""
    tables = sub.add_parser(
        "tables",
        help="list, archive or delete a server's tables (extra golfo[server])",
        description="The operator's hand on golfo serve's database: list its tables, archive "
        "them (they stop, no longer count against the server's limits, and stay readable), "
        "delete archived ones for good. It may run while the server runs.",
    )
    commands = tables.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = commands.add_parser("list", help="list the live tables (--all: every table)")
    listing.add_argument("--db", default="golfo.sqlite3", help=_DB_HELP)
    listing.add_argument("--all", action="store_true", help="the archived tables too")
    listing.add_argument("--json", action="store_true", help="one JSON object a line")
    archive = commands.add_parser(
        "archive", help="archive live tables: they stop and stay readable"
    )
    archive.add_argument("--db", default="golfo.sqlite3", help=_DB_HELP)
    archive.add_argument("ids", nargs="*", metavar="ID", help="the tables to archive")
    archive.add_argument(
        "--idle",
        type=_seconds,
        metavar="SECONDS",
        help="also every live table nobody attended and nothing moved at for this long",
    )
    delete = commands.add_parser("delete", help="delete archived tables for good")
    delete.add_argument("--db", default="golfo.sqlite3", help=_DB_HELP)
    delete.add_argument("ids", nargs="*", metavar="ID", help="the archived tables to delete")
    delete.add_argument(
        "--archived-for",
        type=_seconds,
        metavar="SECONDS",
        help="also every table archived at least this long ago",
    )


def cmd_tables(args: argparse.Namespace, out: Output) -> int:
    """``golfo tables list|archive|delete``: 0 when done, 1 when a table named was not
    archived or deleted (unknown, or live for ``delete``)."""
    try:
        from golfo.server.databases import open_store
        from golfo.server.storage import is_postgres_url
    except ImportError as exc:
        raise UsageError(
            f"golfo tables needs the server extra: pip install 'golfo[server]' ({exc.name})"
        ) from None
    if not is_postgres_url(args.db) and not Path(args.db).is_file():
        raise UsageError(f"no database at {args.db} (give the server's with --db)")
    if args.action != "list" and not args.ids and _bulk(args) is None:
        option = "--idle" if args.action == "archive" else "--archived-for"
        raise UsageError(f"name the tables to {args.action}, or give {option}")
    store = open_store(args.db)
    try:
        if args.action == "list":
            _list(store, out, every=args.all, as_json=args.json)
            return 0
        if args.action == "archive":
            return _archive(store, out, args.ids, args.idle)
        return _delete(store, out, args.ids, args.archived_for)
    finally:
        store.close()


def _bulk(args: argparse.Namespace) -> float | None:
    """The seconds of ``--idle`` or ``--archived-for``, if given."""
    seconds: float | None = args.idle if args.action == "archive" else args.archived_for
    return seconds


def _when(stamp: float | None) -> str:
    """A time as UTC, to the second (``-``: none)."""
    if stamp is None:
        return "-"
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M:%S")


def _status(info: TableInfo) -> str:
    row = info.row
    return "live" if row.archived is None else f"archived ({row.reason})"


def _list(store: Store, out: Output, *, every: bool, as_json: bool) -> None:
    infos = store.listing(every=every)
    if as_json:
        for info in infos:
            row = info.row
            print(  # one object a line, never wrapped
                json.dumps(
                    {
                        "table": row.table_id,
                        "archived": row.archived,
                        "reason": row.reason or None,
                        "finished": row.finished,
                        "created": row.created,
                        "active": row.active,
                        "last_move": info.last,
                        "actions": info.actions,
                        "creator": row.creator,
                        "seats": [
                            {"kind": s.kind, "name": s.name, "taker": s.taker} for s in row.seats
                        ],
                    },
                    ensure_ascii=False,
                ),
                file=out.stream,
            )
        return
    live = sum(info.row.archived is None for info in infos)
    out.line(f"{live} live tables" + (f", {len(infos) - live} archived" if every else ""))
    headers = ("table", "status", "actions", "created (UTC)", "last move (UTC)", "creator", "seats")
    rows: list[tuple[str, ...]] = [headers]
    rows += [
        (
            info.row.table_id,
            _status(info),
            str(info.actions),
            _when(info.row.created),
            _when(info.last),
            info.row.creator or "-",
            ", ".join(s.name or s.kind for s in info.row.seats),
        )
        for info in infos
    ]
    if len(rows) == 1:
        return
    widths = [max(len(line[i]) for line in rows) for i in range(len(headers) - 1)]
    for line in rows:  # never wrapped: ids and addresses are to be copied
        cells = [cell.ljust(width) for cell, width in zip(line, widths, strict=False)]
        print("  ".join([*cells, line[-1]]), file=out.stream)


def _archive(store: Store, out: Output, ids: Sequence[str], idle: float | None) -> int:
    wanted = list(dict.fromkeys(ids))
    if idle is not None:
        since = time.time() - idle
        wanted += [
            info.row.table_id
            for info in store.listing(every=False)
            if max(info.row.active, info.last or 0.0, info.row.created) < since
            and info.row.table_id not in wanted
        ]
    done = set(store.archive(wanted, "operator")) if wanted else set()
    closed = store.closed([i for i in ids if i not in done])
    missing = [i for i in ids if i not in done and closed.get(i) == ""]
    out.line(f"archived {len(done)} tables" + (f": {' '.join(sorted(done))}" if done else ""))
    for table_id in ids:
        if table_id not in done and closed.get(table_id):
            out.line(f"{table_id}: archived already ({closed[table_id]})")
    for table_id in missing:
        out.line(f"{table_id}: no such table")
    return 1 if missing else 0


def _delete(store: Store, out: Output, ids: Sequence[str], archived_for: float | None) -> int:
    wanted = list(dict.fromkeys(ids))
    if archived_for is not None:
        before = time.time() - archived_for
        wanted += [
            info.row.table_id
            for info in store.listing(every=True)
            if info.row.archived is not None
            and info.row.archived <= before
            and info.row.table_id not in wanted
        ]
    done = set(store.delete(wanted)) if wanted else set()
    left = [i for i in ids if i not in done]
    closed = store.closed(left)
    out.line(f"deleted {len(done)} tables" + (f": {' '.join(sorted(done))}" if done else ""))
    for table_id in left:
        if table_id not in closed:
            out.line(f"{table_id}: live: archive it first (golfo tables archive)")
        elif not closed[table_id]:
            out.line(f"{table_id}: no such table")
        else:  # archived meanwhile by another hand, after the deletion looked
            out.line(f"{table_id}: not deleted, try again")
    return 1 if left else 0
