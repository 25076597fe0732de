"""A throwaway PostgreSQL cluster for the tests and the benchmark: ``initdb`` and ``pg_ctl``
in a temporary folder (as the ``postgres`` user when run as root, which PostgreSQL refuses
to run as), listening on a free loopback port, removed afterwards.

Debian's ``postgresql`` package puts the programs in ``/usr/lib/postgresql/<version>/bin``,
off the ``PATH``; they are looked for there, then on the ``PATH``.  ``.ci/run`` installs the
package when it is missing.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import psycopg


def bindir() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` are, or ``None``."""
    for found in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True):
        return Path(found).parent
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Cluster:
    """One PostgreSQL server for a test session; :meth:`database` gives each test its own."""

    def __init__(self, **settings: Any) -> None:
        found = bindir()
        if found is None:
            raise FileNotFoundError("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = found
        self.settings = {
            "listen_addresses": "127.0.0.1",
            "max_connections": "300",
            "fsync": "off",  # a throwaway cluster: a crash of the machine may lose it
            "synchronous_commit": "off",
            "full_page_writes": "off",
        } | {k: str(v) for k, v in settings.items()}
        self.dir = Path(tempfile.mkdtemp(prefix="golfo-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self._count = 0
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_postgres else []
        subprocess.run(
            [*prefix, *command], check=True, capture_output=True, text=True, cwd=self.dir
        )

    def start(self) -> Cluster:
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
            "--no-sync", "-E", "UTF8",
        )  # fmt: skip
        self.resume()
        return self

    def pause(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``: every connection is cut), keeping its
        data: the outage of a database, until :meth:`resume`."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server on its data and port (again)."""
        options = f"-p {self.port} -k {self.dir} " + " ".join(
            f"-c {k}={v}" for k, v in self.settings.items()
        )
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new, empty database; its URL."""
        self._count += 1
        name = f"golfo_{self._count}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
