"""The SQLite database file (issue 33, finding 12): it holds every hidden card, so ``golfo serve``
creates it readable by its owner only, with its ``-wal`` and ``-shm`` files; and a file that
is not a golfo database (empty, damaged, another program's) is refused with one line on
stderr and exit status 1, never opened as an empty database and never written.  Real
``golfo serve`` processes, as an operator starts them.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from serverkit import LiveServer


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def serve(db: Path) -> subprocess.CompletedProcess[str]:
    """``golfo serve`` on ``db``, as an operator starts it; it must not get to listen."""
    return subprocess.run(
        [sys.executable, "-m", "golfo", "serve", "--port", "0", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused(db: Path) -> str:
    """``golfo serve`` refuses ``db`` with one line and status 1, leaving it as it was (and
    making no ``-wal`` of it); the line."""
    before = digest(db)
    result = serve(db)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"golfo serve: the database {db} "), line
    assert digest(db) == before
    assert not Path(f"{db}-wal").exists()
    return line


def test_a_new_database_and_its_wal_and_shm_files_are_private(tmp_path: Path) -> None:
    os.umask(0o022)  # what most systems use: without care, files come out 0644
    db = tmp_path / "games" / "golfo.sqlite3"
    server = LiveServer(db)
    client = server.start()
    try:
        client.create_table(rules="ludoteka", name="Ana")  # a commit: the WAL is written
        files = {path.name: mode(path) for path in db.parent.iterdir()}
    finally:
        server.stop()
    assert files == dict.fromkeys(
        ("golfo.sqlite3", "golfo.sqlite3-wal", "golfo.sqlite3-shm"), 0o600
    )
    assert "can be read by other users" not in "".join(server.log)


def test_an_existing_database_others_can_read_is_named_at_start(tmp_path: Path) -> None:
    db = tmp_path / "golfo.sqlite3"
    server = LiveServer(db)
    server.start()  # made by golfo, private
    server.stop()
    db.chmod(0o644)  # as a copy or an older golfo may have left it
    server.start()
    server.stop()
    assert mode(db) == 0o644  # the operator's file: named, not changed
    warnings = [line for line in server.log if "can be read by other users" in line]
    assert warnings == [
        f"golfo serve: the database {db} can be read by other users (mode 644) and holds "
        "every hidden card: chmod 600 it\n"
    ]


def test_an_empty_file_is_refused_not_started_as_an_empty_database(tmp_path: Path) -> None:
    db = tmp_path / "golfo.sqlite3"
    db.touch()
    line = refused(db)
    assert line == (
        f"golfo serve: the database {db} is an empty file (0 bytes), not a golfo database: it "
        "is left as it is; remove it to start a new database there, or give the right file "
        "with --db"
    )
    assert db.stat().st_size == 0


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_file_is_refused_in_one_line(tmp_path: Path, damage: str) -> None:
    db = tmp_path / "golfo.sqlite3"
    if damage == "garbage":
        db.write_bytes(b"these are not the games you are looking for\n" * 200)
    else:  # a real database, its games and all, cut short (a disk or a copy that failed)
        server = LiveServer(db)
        client = server.start()
        for _ in range(40):
            client.create_table(rules="ludoteka", name="Ana", hands=None)
        server.stop()
        with sqlite3.connect(db) as raw:  # everything into the database file itself
            raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw.close()
        assert not Path(f"{db}-wal").exists()
        whole = db.read_bytes()
        db.write_bytes(whole[: len(whole) // 2])
    line = refused(db)
    assert "is damaged or not a database" in line or "cannot be read" in line, line
    assert line.endswith("restore it from a copy, or give another file with --db"), line


def test_another_program_s_sqlite_database_is_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "notes.sqlite3"
    with sqlite3.connect(db) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
        other.execute("INSERT INTO notes VALUES ('do not touch')")
    other.close()
    line = refused(db)
    assert "another program's SQLite database" in line
    with sqlite3.connect(db) as other:
        assert [name for (name,) in other.execute("SELECT name FROM sqlite_master")] == ["notes"]
    other.close()
