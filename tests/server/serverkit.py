"""Live servers for the tests: ``golfo serve`` as a real process on 127.0.0.1 and a free
port, WebSocket clients that play a seat in a thread, and the checks of what they received."""

from __future__ import annotations

import contextlib
import json
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Final

import golfo
from golfo import CHANCE, DECK, Deal, Discard, NextHand, State
from golfo.server.bounds import Bounds
from golfo.server.client import Client, Socket

QUICK: Final = Bounds(
    tables_per_client=None, seats_per_client=None, min_bot_delay=0.0, unattended=True
)
"""The bounds of most test servers: no quotas per address (every test client is 127.0.0.1),
bots as quick as a table asks, tables that move unattended (a test that watches a table
through HTTP alone).  The tests of the bounds themselves (``test_bounds.py``,
``test_archive.py``) set theirs."""
QUICK_OPTIONS: Final = (
    "--tables-per-client", "0", "--seats-per-client", "0", "--min-bot-delay", "0",
    "--unattended-play",
)  # fmt: skip
""":data:`QUICK` as ``golfo serve``'s options."""


def is_postgres(db: str | Path) -> bool:
    return str(db).startswith("postgresql://")


def dump(db: str | Path) -> str:
    """Everything stored in a database, as text (to search it for what must not be there)."""
    if not is_postgres(db):
        return "\n".join(sqlite3.connect(db).iterdump())
    import psycopg

    lines = []
    with psycopg.connect(str(db)) as conn:
        names = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        for (name,) in names.fetchall():
            lines += [f"{name} {row!r}" for row in conn.execute(f"SELECT * FROM {name}")]
    return "\n".join(lines)


def execute(db: str | Path, sql: str, params: tuple[Any, ...] = ()) -> None:
    """Run one statement (``?`` placeholders) on a database behind the server's back."""
    if not is_postgres(db):
        with sqlite3.connect(db) as raw:
            raw.execute(sql, params)
        return
    import psycopg

    with psycopg.connect(str(db)) as conn:
        conn.execute(sql.replace("?", "%s"), params)


def query(db: str | Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of one query (``?`` placeholders), read behind the server's back."""
    if not is_postgres(db):
        with contextlib.closing(sqlite3.connect(db)) as raw:
            return [tuple(row) for row in raw.execute(sql, params).fetchall()]
    import psycopg

    with psycopg.connect(str(db)) as conn:
        return [tuple(row) for row in conn.execute(sql.replace("?", "%s"), params).fetchall()]


SECRET: Final = "the tests' own secret for seeded deals"
"""The seed secret of every test server (``GOLFO_SEED_SECRET``): a seeded game is the same on
every database, so that a game with crashes can be compared with one without."""


class LiveServer:
    """A ``golfo serve`` process on a database file; start, kill, start again.  Seeds are
    allowed (``--allow-seeds``, with :data:`SECRET`) unless ``seeds`` is false;
    ``secret=None`` leaves the database's own secret.  The bounds are :data:`QUICK` unless
    ``quick`` is false (then ``golfo serve``'s own, or the ``extra`` options')."""

    def __init__(
        self,
        db: str | Path,
        *extra: str,
        seeds: bool = True,
        secret: str | None = SECRET,
        quick: bool = True,
        files: tuple[int, int] | None = None,
    ) -> None:
        self.db = db
        self.files = files
        """The process's limit on open files (soft, hard), if not this one's."""
        self.extra = (*extra, "--allow-seeds") if seeds else extra
        if quick:
            self.extra = (*QUICK_OPTIONS, *self.extra)
        self.env = dict(os.environ)
        self.env.pop("GOLFO_SEED_SECRET", None)
        if secret is not None:
            self.env["GOLFO_SEED_SECRET"] = secret
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.log: list[str] = []
        """What the last server started wrote on stderr so far (all of it once stopped)."""
        self._reader: threading.Thread | None = None

    def start(self) -> Client:
        command = [sys.executable, "-m", "golfo.server", "--port", "0", "--db", str(self.db)]
        self.process = subprocess.Popen(
            [*command, *self.extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=self.env,
            preexec_fn=None if self.files is None else self._limit_files,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "listening on" not in line:
            self.process.kill()
            errors = self.process.stderr.read() if self.process.stderr else ""
            raise AssertionError(f"golfo serve did not start: {line}{errors}")
        self.url = line.split("listening on ", 1)[1].split()[0].rstrip("/")
        self.log = []
        self._reader = threading.Thread(target=self._read_log, args=(self.process,), daemon=True)
        self._reader.start()
        return Client(self.url)

    def _limit_files(self) -> None:
        assert self.files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, self.files)

    def _read_log(self, process: subprocess.Popen[str]) -> None:
        """Keep what the server writes on stderr (read, so that a full pipe never blocks it)."""
        assert process.stderr is not None
        for line in process.stderr:
            self.log.append(line)

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=20)
        self._read_all()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)
        self._read_all()

    def _read_all(self) -> None:
        if self._reader is not None:
            self._reader.join(timeout=20)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


def send(
    url: str, method: str, path: str, body: bytes | None = None, **headers: str
) -> tuple[int, dict[str, str], Any]:
    """A raw HTTP request (``Content_Type="text/plain"``: the header ``Content-Type``): its
    status, its headers (lower-case names) and its JSON answer (``None`` if not JSON)."""
    request = urllib.request.Request(url + path, data=body, method=method)
    for name, value in headers.items():
        request.add_header(name.replace("_", "-"), value)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, got, text = answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        status, got, text = error.code, error.headers, error.read()
    shown = {k.lower(): v for k, v in got.items()}
    is_json = shown.get("content-type", "").startswith("application/json")
    return status, shown, json.loads(text) if is_json else None


def policy(view: dict[str, Any], salt: int) -> dict[str, Any]:
    """A legal action chosen from a view alone, the same for the same view and salt."""
    rng = random.Random(hash((salt, view["version"], view["seat"])))
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
        action["amount"] = rng.choice([low, high, rng.randint(low, high)])
    return action


class Player(threading.Thread):
    """A client playing one seat (``token``) or watching (``None``) until the game ends or the
    server goes away; every message it received is kept."""

    def __init__(self, client: Client, table: str, token: str | None, salt: int = 0) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.table = table
        self.token = token
        self.salt = salt
        self.received: list[str] = []
        self.version = -1
        """The version of the last view received."""
        self.finished = False
        self.lost = False
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            socket: Socket = self.client.connect(self.table, self.token)
        except OSError:
            self.lost = True
            return
        try:
            while True:
                try:
                    message = socket.receive(timeout=60)
                except Exception:  # the server went away (killed)
                    self.lost = True
                    return
                view = message.get("view") if message.get("type") == "view" else None
                if view is None:
                    continue
                self.version = view["version"]
                if view["phase"] == "end":
                    self.finished = True
                    return
                if self.token is not None and view["moves"] is not None:
                    try:
                        socket.act(policy(view, self.salt), view["version"])
                    except Exception:
                        self.lost = True
                        return
        except BaseException as error:  # pragma: no cover - reported by the test
            self.error = error
        finally:
            self.received += socket.received
            with contextlib.suppress(Exception):
                socket.close()


def states_of(record_text: str) -> list[State]:
    """Every state of a recorded game, by version."""
    return list(golfo.replay(record_text))


def knowledge(state: State, seat: int | None) -> set[str]:
    """The cards ``seat`` may know in ``state`` (``None``: a spectator)."""
    known: set[str] = set()
    face_up = state.rules.discards_face_up
    for action, actor in golfo.state.log_entries(state.log):
        if isinstance(action, NextHand):
            break
        if isinstance(action, Deal) and seat is not None and actor == seat:
            known.add(str(action.card))
        if isinstance(action, Discard) and (face_up or actor == seat):
            known |= {str(c) for c in action.cards}
    for result in state.results:
        for hand in result.shown:
            if hand is not None:
                known |= {str(c) for c in hand}
    return known


def check_messages(texts: list[str], seat: int | None, states: list[State]) -> int:
    """Every message a socket of ``seat`` received: its own seat's view only, moves only on
    its turn, no card it may not know.  Returns how many views were checked."""
    views = 0
    for text in texts:
        message = json.loads(text)
        if message.get("type") != "view":
            for card in DECK:
                assert f'"{card}"' not in text, f"a card in a {message.get('type')} message"
            continue
        view = message["view"]
        assert view["seat"] == seat
        state = states[view["version"]]
        assert state.to_act is not CHANCE
        assert (view["moves"] is not None) == (seat is not None and state.to_act == seat)
        assert view == golfo.wire.to_data(golfo.view(state, seat)), "a view the game never had"
        known = knowledge(state, seat)
        for card in DECK:
            if str(card) not in known:
                assert f'"{card}"' not in text, f"seat {seat} was sent {card}"
        views += 1
    return views
