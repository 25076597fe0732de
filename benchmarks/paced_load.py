"""The human-paced load on ``golfo serve`` (issue 33): ``python benchmarks/server_load.py
--pace 0.5-1.5 [--tables 200,500,1000] [--processes 2] [--clients 2] [--repeat 3]``.

N tables of three people each, who think 0.5 to 1.5 s before every move (``--pace``); the
clients run in ``--clients`` processes of their own (asyncio), apart from the servers.  For
each row: the moves a second, every action a second (deals included), the time from a move
sent until the view that shows it arrives (p50, p99), the servers' CPU (and the time they
waited for a CPU, runnable: the share other work on the machine took from them), CPU per
move and memory, and the clients' own CPU and event-loop lag: a client process that is
saturated (or slowed by the machine) delays what it measures, and the row says so.
``--own-work`` measures first the server's own work per move in process, without sockets
(:func:`own_work`).  With ``--processes P``, P servers on one PostgreSQL database serve P
times the tables, each table's sockets on the process that created it.  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from server_load import ROOT, choose, post, rss_kib, start
from websockets.asyncio.client import connect


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the human-paced mode."""
    parser.add_argument(
        "--pace",
        default=None,
        metavar="LOW-HIGH",
        help="human-paced: each player thinks LOW to HIGH seconds (uniform) before each move, "
        "e.g. 0.5-1.5; with --processes, P processes on PostgreSQL serve P times --tables",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="human-paced: the window")
    parser.add_argument(
        "--clients", type=int, default=1, help="human-paced: load-generator processes"
    )
    parser.add_argument(
        "--server",
        action="append",
        default=[],
        metavar="OPTION",
        help="human-paced: an option for every server process (repeatable; --server=--compression)",
    )
    parser.add_argument(
        "--profile",
        default=None,
        metavar="PREFIX",
        help="human-paced: sample each server with py-spy over the window (pip install py-spy)",
    )
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="DIR",
        help="human-paced: run the servers from this checkout (its src/ first on PYTHONPATH; "
        "repeatable: each row is measured for each, in turn); default: this one",
    )
    parser.add_argument(
        "--source-server",
        action="append",
        default=[],
        metavar="OPTION",
        help="human-paced: like --server, for the servers of the other --source",
    )
    parser.add_argument("--repeat", type=int, default=1, help="human-paced: runs of each row")
    parser.add_argument(
        "--db-dir", default=None, help="human-paced: where the SQLite files go (default: /tmp)"
    )
    parser.add_argument(
        "--own-work",
        action="store_true",
        help="human-paced: first, the server's own work per move in this process, without "
        "sockets (--tables' first count, 3,000 moves)",
    )


def pace(text: str) -> tuple[float, float]:
    """``"0.5-1.5"``: the seconds a player thinks before each move, at least and at most."""
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_seconds(pid: int) -> float:
    """The time a process's threads have spent waiting for a CPU, runnable (the run queue:
    ``/proc/PID/task/*/schedstat``), in seconds: high when other work holds the cores."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


class Pacing:
    """What the players of one client process share: the think time, the window in which
    round trips count, and what was measured."""

    def __init__(self, think: tuple[float, float]) -> None:
        self.think = think
        self.window: tuple[float, float] = (float("inf"), float("inf"))
        self.rtts: list[float] = []
        self.errors: list[str] = []
        self.connected = 0
        self.versions: dict[str, int] = {}
        """The newest version each table's clients have seen."""


_VERSION = re.compile(r'"version": (\d+)')


async def human(
    ws_url: str,
    table: str,
    token: str,
    rng: random.Random,
    shared: Pacing,
    opening: asyncio.Semaphore,
) -> None:
    """One seat played at a person's pace: each move after ``think`` seconds (uniform), sent
    against the view's version; the round trip (the move sent, until the view that shows it
    arrives) is kept when the move was sent inside the window.  A view is read whole only
    when the seat is to act (the load generator must cost less than the server)."""
    async with opening:  # not thousands of handshakes at once
        ws = await connect(ws_url, max_size=2**24, open_timeout=300, ping_interval=None)
    async with ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        shared.connected += 1
        sent: tuple[int, float] | None = None  # (version, when)
        thinking: asyncio.Task[None] | None = None

        async def move(view: dict[str, Any]) -> None:
            nonlocal sent
            await asyncio.sleep(rng.uniform(*shared.think))
            action = {"type": "action", "version": view["version"], "action": choose(rng, view)}
            await ws.send(json.dumps(action))
            sent = (view["version"], time.perf_counter())

        try:
            async for text in ws:
                assert isinstance(text, str)
                if text.startswith('{"type": "error"'):
                    shared.errors.append(json.loads(text)["code"])
                    continue
                found = _VERSION.search(text)
                assert found is not None
                version = int(found.group(1))  # the first: the view's
                if version > shared.versions.get(table, 0):
                    shared.versions[table] = version
                if sent is not None and version > sent[0]:
                    now = time.perf_counter()
                    if shared.window[0] <= sent[1] < shared.window[1]:
                        shared.rtts.append(now - sent[1])
                    sent = None
                if '"phase": "end"' in text:
                    return
                idle = thinking is None or thinking.done()
                if '"moves": null' not in text and sent is None and idle:
                    thinking = asyncio.ensure_future(move(json.loads(text)["view"]))
        finally:
            if thinking is not None:
                thinking.cancel()


def paced_client(conn: Any, seats: list[tuple[str, str, str]], think: tuple[float, float]) -> None:
    """A load-generator process: plays ``seats`` (WebSocket URL, table, token) until told to
    stop, and sends back what it measured (see :func:`_client`)."""
    result = asyncio.run(_client(conn, seats, think))
    conn.send(result)
    conn.close()


async def _client(
    conn: Any, seats: list[tuple[str, str, str]], think: tuple[float, float]
) -> dict[str, Any]:
    """Open every socket and say so (``("connected", n, errors)``); take the window from the
    parent (``("window", start, end)``, ``time.perf_counter`` values: one clock for every
    process on Linux); play until ``("stop",)``.  Measured in the window: round trips, this
    process's CPU, the event loop's lag (how late a 20 ms sleep wakes: a saturated client
    delays every message it reads), and how far each table moved."""
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    loop.add_reader(conn.fileno(), lambda: inbox.put_nowait(conn.recv()))
    shared = Pacing(think)
    opening = asyncio.Semaphore(32)
    rng = random.Random(len(seats))

    async def seat(url: str, table: str, token: str, seed: float) -> None:
        try:
            await human(url, table, token, random.Random(seed), shared, opening)
        except Exception as error:  # a refused or dropped socket: an error of the run
            shared.errors.append(type(error).__name__)

    players = [asyncio.ensure_future(seat(*s, rng.random())) for s in seats]
    while shared.connected + len(shared.errors) < len(players):
        await asyncio.sleep(0.2)
    conn.send(("connected", shared.connected, len(shared.errors)))
    _, start, end = await inbox.get()
    shared.window = (start, end)
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    cpu, before = time.process_time(), sum(shared.versions.values())
    lags = []
    while time.perf_counter() < end:
        asked = loop.time()
        await asyncio.sleep(0.02)
        lags.append(loop.time() - asked - 0.02)
    cpu, after = time.process_time() - cpu, sum(shared.versions.values())
    await inbox.get()  # ("stop",): the window's last moves answered
    loop.remove_reader(conn.fileno())
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    return {
        "rtts": shared.rtts,
        "errors": shared.errors,
        "cpu": cpu / (end - start),
        "lags": sorted(lags),
        "actions": after - before,
    }


def paced(
    urls: list[str],
    pids: list[int],
    tables: int,
    think: tuple[float, float],
    seconds: float,
    clients: int,
    profile: str | None = None,
) -> dict[str, Any]:
    """``tables`` tables of three people each, the i-th on ``urls[i % P]`` with its three
    sockets there too (routing by table), played by ``clients`` processes; ``seconds``
    measured once every socket is open and every table under way.  With ``profile``, each
    server is sampled by py-spy over the window (raw stacks in ``PROFILE.TABLES.PID.txt``)."""

    def create(i: int) -> list[tuple[str, str, str]]:
        url = urls[i % len(urls)]
        body = {"rules": "tradicional", "hands": 1000, "pause": 1, "name": "p0"}
        table = post(url + "/api/tables", body)
        tokens = [table["token"]] + [
            post(f"{url}/api/tables/{table['table']}/seats/{s}", {"name": f"p{s}"})["token"]
            for s in (1, 2)
        ]
        ws = "ws" + url.removeprefix("http") + f"/api/tables/{table['table']}/ws"
        return [(ws, table["table"], token) for token in tokens]

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        created = list(pool.map(create, range(tables)))
    context = multiprocessing.get_context("fork")
    pipes, workers = [], []
    for k in range(clients):
        ours, theirs = context.Pipe()
        seats = [s for table in created[k::clients] for s in table]
        worker = context.Process(target=paced_client, args=(theirs, seats, think), daemon=True)
        worker.start()
        pipes.append(ours)
        workers.append(worker)
    connected = [pipe.recv() for pipe in pipes]
    time.sleep(2 * think[1])  # every table under way
    cpu = [cpu_seconds(pid) for pid in pids]
    waited = [run_queue_seconds(pid) for pid in pids]
    spy = ["py-spy", "record", "--nonblocking", "--format", "raw", "--rate", "250"]
    spy += ["--duration", str(int(seconds))]
    spies = [
        subprocess.Popen(
            [*spy, "--pid", str(pid), "-o", f"{profile}.{tables}.{pid}.txt"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for pid in (pids if profile else [])
    ]
    start = time.perf_counter()
    for pipe in pipes:
        pipe.send(("window", start, start + seconds))
    time.sleep(seconds)
    cpu = [cpu_seconds(pid) - c for pid, c in zip(pids, cpu, strict=True)]
    waited = [run_queue_seconds(pid) - w for pid, w in zip(pids, waited, strict=True)]
    memory = [rss_kib(pid) for pid in pids]
    for spying in spies:
        spying.wait()
    time.sleep(think[1] + 1)  # the window's last moves answered
    for pipe in pipes:
        pipe.send(("stop",))
    results = [pipe.recv() for pipe in pipes]
    for worker in workers:
        worker.join()
    lags = sorted(lag for r in results for lag in r["lags"])
    return {
        "actions": sum(r["actions"] for r in results) / seconds,
        "moves": sum(len(r["rtts"]) for r in results) / seconds,
        "rtts": sorted(rtt for r in results for rtt in r["rtts"]),
        "errors": [e for r in results for e in r["errors"]] + [c[2] for c in connected if c[2]],
        "cpu": [c / seconds for c in cpu],
        "waited": [w / seconds for w in waited],
        "client_cpu": [r["cpu"] for r in results],
        "lag": lags[int(0.99 * (len(lags) - 1))] if lags else float("nan"),
        "memory": memory,
    }


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the sorted ``values`` fall (nan if none)."""
    return values[int(fraction * (len(values) - 1))] if values else float("nan")


def run(args: argparse.Namespace) -> int:
    """The human-paced rows: one process on SQLite for each table count, and with
    ``--processes``, P processes on one PostgreSQL database for P times as many tables.
    Each is measured ``--repeat`` times for each ``--source``, in turn (A, B, A, B, ...)."""
    think = pace(args.pace)
    counts = [int(x) for x in args.tables.split(",")]
    processes = [int(x) for x in args.processes.split(",")] if args.processes else []
    sources = args.source or [str(ROOT)]
    cluster = None
    if processes:
        sys.path.insert(0, str(ROOT / "tests" / "server"))
        from pgkit import Cluster

        cluster = Cluster(fsync="on", synchronous_commit="on", full_page_writes="on").start()
    if args.own_work:
        for source in sources:
            code = f"import paced_load; print(paced_load.own_work({counts[0]}, 3000))"
            env = os.environ | {"PYTHONPATH": f"{Path(source) / 'src'}:{ROOT / 'benchmarks'}"}
            run = [sys.executable, "-c", code]
            spent = float(subprocess.run(run, env=env, capture_output=True, check=True).stdout)
            name = "this" if Path(source).resolve() == ROOT else Path(source).name
            print(f"own work, {name}: {spent:.0f} µs of CPU a move", flush=True)
    rows = []
    try:
        for n in counts:
            for p in processes or [0]:  # 0: one process on SQLite
                for _ in range(args.repeat):
                    for source in sources:
                        rows.append(paced_row(args, n, p, source, think, cluster))
                        print("|".join(rows[-1]), file=sys.stderr, flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
    print(
        f"uptime: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f} "
        f"on {os.cpu_count()} cores"
    )
    print(
        "| tables | server processes | source | moves/s | actions/s (deals included) "
        "| move to its view p50 | p99 | errors | server CPU, waiting for one | CPU per move "
        "| server memory | clients' CPU, loop lag p99 | time to listen after a kill |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " | see below |")
    return 0


def paced_row(
    args: argparse.Namespace,
    n: int,
    p: int,
    source: str,
    think: tuple[float, float],
    cluster: Any,
) -> list[str]:
    """One human-paced measurement: ``n`` tables a process, ``p`` processes on PostgreSQL
    (0: one on SQLite), the servers run from the checkout ``source``; the row's cells."""
    tmp = tempfile.TemporaryDirectory(dir=args.db_dir)
    db = cluster.database() if p and cluster else str(Path(tmp.name) / "load.sqlite3")
    env = os.environ | {"PYTHONPATH": str(Path(source) / "src")}
    ours = Path(source).resolve() == ROOT
    extra = args.server if ours else args.source_server
    servers = [start(db, *extra, env=env) for _ in range(max(p, 1))]
    total = n * max(p, 1)
    try:
        result = paced(
            [u for _, u, _ in servers],
            [s.pid for s, _, _ in servers],
            total,
            think,
            args.seconds,
            args.clients,
            args.profile,
        )
    finally:
        for process, _, _ in servers:
            process.terminate()
            process.wait()
        tmp.cleanup()
    rtts = result["rtts"]
    # a client process busy most of the window is saturated; one whose loop wakes late with
    # CPU to spare is slowed by the machine (see the servers' wait for a CPU)
    state = " (saturated)" if max(result["client_cpu"]) > 0.8 else ""
    state = state or (" (slowed)" if result["lag"] > 0.01 else "")
    clients = "+".join(f"{c:.0%}" for c in result["client_cpu"])
    per_move = sum(result["cpu"]) / result["moves"] * 1000 if result["moves"] else float("nan")
    return [
        f"{total:,}",
        f"{p} on PostgreSQL" if p else "1 on SQLite",
        "this" if ours else Path(source).name,
        f"{result['moves']:,.0f}",
        f"{result['actions']:,.0f}",
        f"{percentile(rtts, 0.5) * 1000:.1f} ms",
        f"{percentile(rtts, 0.99) * 1000:.1f} ms",
        str(len(result["errors"])),
        "+".join(f"{c:.0%}" for c in result["cpu"])
        + ", "
        + "+".join(f"{w:.0%}" for w in result["waited"]),
        f"{per_move:.2f} ms",
        "+".join(f"{m / 1024:,.0f}" for m in result["memory"]) + " MiB",
        f"{clients}, {result['lag'] * 1000:.0f} ms{state}",
    ]


def own_work(tables: int, moves: int) -> float:
    """The server's own work per move, in this process, without sockets: a move parsed,
    applied, its deals committed to SQLite, and the three seats' views written and queued
    (``Table.handle``, as a socket's message); the CPU microseconds a move, over ``moves``
    moves on ``tables`` tables.  What the human-paced rows cost beyond it is the WebSocket
    stack, the event loop and the kernel."""
    from golfo.server import lobby
    from golfo.server.databases import open_store
    from golfo.server.limits import Connection, Limits
    from golfo.server.protocol import parse_client_message, parse_table_config
    from golfo.server.tables import Hub
    from golfo.views import view
    from golfo.wire import view_data

    async def play() -> float:
        with tempfile.TemporaryDirectory() as tmp:
            hub = Hub(open_store(str(Path(tmp) / "own.sqlite3")), Limits(tables, queue=10**6))
            hub.load()
            hub.start()
            config = parse_table_config({"rules": "tradicional", "hands": 1000, "pause": 1})
            played = []
            for _ in range(tables):
                table, _ = await lobby.create(hub, config)
                for s in range(3):
                    await lobby.take_seat(hub, table, s, f"p{s}")
                seats = [Connection(s, hub.limits, lambda: None) for s in range(3)]
                for connection in seats:
                    table.join(connection)
                played.append((table, seats))
            rng = random.Random(1)
            done, cpu = 0, 0.0
            while done < moves:
                for table, seats in played:
                    state, seat = table.state, table.state.to_act
                    if not isinstance(seat, int):
                        continue  # between hands: the table's pause
                    move = {"type": "action", "version": state.version}
                    text = json.dumps(move | {"action": choose(rng, view_data(view(state, seat)))})
                    began = time.process_time()
                    message = parse_client_message(text, seat=seat, players=3)
                    await table.handle(seats[seat], message)
                    cpu += time.process_time() - began
                    done += 1
                    for connection in seats:
                        while not connection.queue.empty():
                            connection.queue.get_nowait()
                await asyncio.sleep(0.05)  # the pauses between hands run out
            hub.stop()
            hub.store.close()
            return cpu / done * 1e6

    return asyncio.run(play())
