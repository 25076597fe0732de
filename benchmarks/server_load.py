"""A bounded load on ``golfo serve``: ``python benchmarks/server_load.py [--tables 10,50,200]``.

For each N, a fresh server process on a new database and N tables of three WebSocket clients
(one process, asyncio) playing random legal moves as fast as the server answers, each table
20 hands of the traditional rules.  Reports actions per second (every action the tables took,
deals included, and the players' moves alone), the round trip of one move (sent, until the
view that shows it arrives; p50 and p99), errors (must be 0), the server's memory per table,
and the time to restart the server with those tables in its database (until it listens:
its games are over, archived, not replayed).
Not part of the test suite.

``--processes 1,2,4`` (issue 19) runs, for each count P, P server processes on one
PostgreSQL database (a throwaway cluster started for the run, with durable settings:
``fsync`` and ``synchronous_commit`` on), with the tables created round robin over the
processes and the three clients of each table on different processes where P allows (the
worst routing: every move crosses processes through NOTIFY).

``--restart 1000000`` (issue 33, finding 3) measures instead the time to listen after a
SIGKILL with that many actions in the database (:func:`restart_after_kill`).
``--pace 0.5-1.5`` (issue 33) is the human-paced load instead: see ``paced_load.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
HANDS = 20


def start(
    db: Path | str, *extra: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str, float]:
    """A server process; its URL and the seconds it took to listen."""
    began = time.perf_counter()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "golfo.server",
            "--port",
            "0",
            "--db",
            str(db),
            "--rate",
            "100000",
            "--max-connections",
            "100000",
            "--max-tables",
            "100000",
            "--allow-seeds",  # each table's deals are seeded: the same games every run
            *("--tables-per-client", "0", "--seats-per-client", "0"),  # one client: no quotas
            *("--min-bot-delay", "0"),  # "pause": 0 means no pause, as before the bounds
            *extra,
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    url = line.split("listening on ", 1)[1].split()[0].rstrip("/")
    print(f"server process {process.pid} at {url}", file=sys.stderr, flush=True)
    return process, url, time.perf_counter() - began


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def choose(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    moves, seat = view["moves"], view["seat"]
    if moves["discard_max"] is not None:
        k = rng.randint(0, moves["discard_max"])
        return {"type": "discard", "seat": seat, "cards": rng.sample(view["hand"], k)}
    kinds = [k for k in ("pass", "fold") if moves[k]] + ["call"] * (moves["call"] is not None)
    kinds += [k for k in ("bet", "raise") if moves[k] is not None]
    kind = rng.choice(kinds)
    action: dict[str, Any] = {"type": kind, "seat": seat}
    if kind in ("bet", "raise"):
        low, high = moves[kind]
        action["amount"] = rng.randint(low, min(high, low + 10))
    return action


async def player(
    ws_url: str, token: str, rng: random.Random, rtts: list[float], errors: list[str]
) -> int:
    moves = 0
    sent_at: float | None = None
    sent_version = -1
    async with connect(ws_url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "error":
                errors.append(message["code"])
                continue
            view = message["view"]
            if sent_at is not None and view["version"] > sent_version:
                rtts.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["phase"] == "end":
                return moves
            if view["moves"] is not None and sent_at is None:
                sent_version = view["version"]
                await ws.send(
                    json.dumps(
                        {"type": "action", "version": sent_version, "action": choose(rng, view)}
                    )
                )
                sent_at = time.perf_counter()
                moves += 1
    return moves


async def load(urls: list[str], tables: int, rng: random.Random) -> dict[str, Any]:
    """``tables`` tables, the i-th created on ``urls[i % P]``; seat s of table i plays through
    ``urls[(i + s) % P]``."""
    created = []
    for i in range(tables):
        url = urls[i % len(urls)]
        table = post(
            url + "/api/tables",
            {"rules": "tradicional", "hands": HANDS, "pause": 0, "seed": rng.randrange(10**9)},
        )["table"]
        tokens = [
            post(f"{url}/api/tables/{table}/seats/{s}", {"name": f"p{s}"})["token"]
            for s in range(3)
        ]
        created.append((i, table, tokens))
    rtts: list[float] = []
    errors: list[str] = []
    began = time.perf_counter()
    counts = await asyncio.gather(
        *(
            player(
                "ws" + urls[(i + s) % len(urls)].removeprefix("http") + f"/api/tables/{t}/ws",
                tok,
                random.Random(rng.random()),
                rtts,
                errors,
            )
            for i, t, tokens in created
            for s, tok in enumerate(tokens)
        )
    )
    elapsed = time.perf_counter() - began
    versions = 0
    for _, table, _ in created:
        with urllib.request.urlopen(f"{urls[0]}/api/tables/{table}") as answer:
            versions += json.loads(answer.read())["version"]
    return {
        "elapsed": elapsed,
        "moves": sum(counts),
        "actions": versions,
        "rtts": rtts,
        "errors": errors,
    }


def main(argv: list[str] | None = None) -> int:
    import paced_load  # the human-paced mode (issue 33), which uses this module's helpers

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,50,200", help="table counts, comma-separated")
    parser.add_argument(
        "--processes",
        default=None,
        help="server process counts on one PostgreSQL database, comma-separated (e.g. 1,2,4); "
        "default: one process on SQLite",
    )
    parser.add_argument(
        "--restart",
        type=int,
        default=None,
        metavar="ACTIONS",
        help="instead: the time to listen after a SIGKILL with this many actions in the "
        "database (e.g. 1000000)",
    )
    paced_load.add_arguments(parser)  # issue 33: --pace and its options
    args = parser.parse_args(argv)
    if args.restart is not None:
        return restart_after_kill(args.restart)
    if args.pace is not None:
        return paced_load.run(args)
    if args.processes is not None:
        return shared(
            [int(x) for x in args.tables.split(",")], [int(x) for x in args.processes.split(",")]
        )
    rng = random.Random(2026)
    rows = []
    for n in (int(x) for x in args.tables.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "load.sqlite3"
            process, url, _ = start(db)
            base = rss_kib(process.pid)
            try:
                result = asyncio.run(load([url], n, rng))
                memory = (rss_kib(process.pid) - base) / n
            finally:
                process.terminate()
                process.wait()
            process, _, restart = start(db)  # until it listens (finished games: not read)
            process.terminate()
            process.wait()
        rtts = sorted(result["rtts"])
        rows.append(
            (
                n,
                result["actions"] / result["elapsed"],
                result["moves"] / result["elapsed"],
                statistics.median(rtts) * 1000,
                rtts[int(0.99 * (len(rtts) - 1))] * 1000,
                len(result["errors"]),
                memory,
                restart,
                result["actions"],
            )
        )
        print(f"{n} tables done in {result['elapsed']:.1f} s", file=sys.stderr, flush=True)
    print(
        "| tables | actions/s (deals included) | moves/s | round trip p50 | p99 | errors "
        "| server memory per table | restart with them | actions in the database |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for n, actions, moves, p50, p99, errors, memory, restart, total in rows:
        print(
            f"| {n} | {actions:,.0f} | {moves:,.0f} | {p50:.1f} ms | {p99:.1f} ms | {errors} "
            f"| {memory:,.0f} KiB | {restart:.2f} s | {total:,} |"
        )
    return 0


def shared(table_counts: list[int], process_counts: list[int]) -> int:
    """P processes on one PostgreSQL database, for each P and each table count."""
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from pgkit import Cluster

    cluster = Cluster(fsync="on", synchronous_commit="on", full_page_writes="on").start()
    rows = []
    try:
        for n in table_counts:
            for p in [0, *process_counts]:  # 0: one process on SQLite, beside the others
                tmp = tempfile.TemporaryDirectory()
                db = cluster.database() if p else str(Path(tmp.name) / "load.sqlite3")
                servers = [start(db) for _ in range(max(p, 1))]
                try:
                    result = asyncio.run(load([u for _, u, _ in servers], n, random.Random(n)))
                finally:
                    for process, _, _ in servers:
                        process.terminate()
                        process.wait()
                    tmp.cleanup()
                rtts = sorted(result["rtts"])
                rows.append(
                    (
                        n,
                        f"{p} on PostgreSQL" if p else "1 on SQLite",
                        result["actions"] / result["elapsed"],
                        result["moves"] / result["elapsed"],
                        statistics.median(rtts) * 1000,
                        rtts[int(0.99 * (len(rtts) - 1))] * 1000,
                        len(result["errors"]),
                    )
                )
                print(f"{n} tables, {rows[-1][1]}: {result['elapsed']:.1f} s", file=sys.stderr)
    finally:
        cluster.stop()
    print(
        "| tables | processes | actions/s (deals included) | moves/s "
        "| round trip p50 | p99 | errors |"
    )
    print("|---|---|---|---|---|---|---|")
    for n, p, actions, moves, p50, p99, errors in rows:
        print(
            f"| {n} | {p} | {actions:,.0f} | {moves:,.0f} | {p50:.1f} ms | {p99:.1f} ms "
            f"| {errors} |"
        )
    return 0


def restart_after_kill(actions: int, *, live: int = 20, kills: int = 3) -> int:
    """Issue 33, finding 3: a SQLite database with ``actions`` actions, most in finished games
    (copies of 16 games of three random bots, 10 hands of Ludoteka's rules) and ``live``
    unfinished tables (halfway through such a game); a server started on it, its lobby asked
    for, then killed with SIGKILL ``kills`` times: each time, the seconds until it listens
    again and until its lobby answers (every live table replayed)."""
    import golfo
    from golfo.actions import NextHand
    from golfo.bots import RandomBot, new_deck, play_hand
    from golfo.server.databases import open_store
    from golfo.server.protocol import TableConfig
    from golfo.server.storage import SeatRow, TableRow
    from golfo.server.tables import since
    from golfo.state import Phase

    config = TableConfig(rules=golfo.LUDOTEKA, players=3, bots=dict.fromkeys(range(3), "random"))
    games = []
    for seed in range(16):
        rng = random.Random(seed)
        start_state = state = golfo.new_game(config.rules, players=3)
        bots = [RandomBot(rng.randrange(2**32)) for _ in range(3)]
        while not state.is_over:
            if state.phase is Phase.BETWEEN_HANDS:
                state = golfo.apply(state, NextHand())
            state = play_hand(state, bots, new_deck(rng))
        games.append(since(start_state, state))
    seats = tuple(SeatRow("bot", name="bot (random)", bot="random") for _ in range(3))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "history.sqlite3"
        store = open_store(db)
        stored, finished, began = 0, 0, time.perf_counter()
        for i in range(live):
            log = games[i % len(games)][: len(games[i % len(games)]) // 2]
            row = TableRow(f"live{i:04}", config.to_data(), seats, False, time.time())
            store.create_table(row, log)
            stored += len(log)
        while stored < actions:
            log = games[finished % len(games)]
            row = TableRow(f"done{finished:06}", config.to_data(), seats, True, time.time())
            store.create_table(row, log)
            store.set_finished(row.table_id)
            stored, finished = stored + len(log), finished + 1
        store.close()
        size = sum(f.stat().st_size for f in Path(tmp).iterdir()) / 2**20
        print(
            f"{stored:,} actions in {finished:,} finished and {live} live tables, "
            f"{size:.0f} MiB, written in {time.perf_counter() - began:.0f} s",
            file=sys.stderr,
        )
        rows = []
        process, url, _ = start(db)
        for _ in range(kills):
            post(url + "/api/tables", {})  # a table of this run: the log is written to
            with urllib.request.urlopen(url + "/api/tables"):
                pass
            process.kill()
            process.wait()
            began = time.perf_counter()
            process, url, listening = start(db)
            with urllib.request.urlopen(url + "/api/tables") as answer:
                listed = len(json.loads(answer.read())["tables"])
            rows.append((listening, time.perf_counter() - began, listed))
        process.kill()
        process.wait()
    print("| actions in the database | tables | database | listening after SIGKILL "
          "| lobby answered (live tables replayed) |")  # fmt: skip
    print("|---|---|---|---|---|")
    for listening, lobby, listed in rows:
        print(
            f"| {stored:,} | {finished:,} finished, {live} live | {size:.0f} MiB "
            f"| {listening:.2f} s | {lobby:.2f} s ({listed} listed) |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
