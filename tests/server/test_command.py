"""``golfo serve``, the command: its help, its URL, its default database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pgkit import free_port

from golfo.server.client import Client


def golfo(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    code = "import sys; from golfo.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, timeout=60
    )


def test_the_help_lists_every_option_with_its_default() -> None:
    result = golfo("serve", "--help")
    assert result.returncode == 0
    for option, default in (("--host", "127.0.0.1"), ("--port", "8000"), ("--db", "golfo.sqlite3")):
        assert option in result.stdout
        assert f"(default: {default})" in result.stdout
    assert "serve" in golfo("--help").stdout


def test_it_prints_its_url_serves_the_api_and_keeps_its_database_here(tmp_path: Path) -> None:
    code = "import sys; from golfo.cli import main; sys.exit(main(sys.argv[1:]))"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("golfo serve: listening on http://127.0.0.1:"), line
        url = line.split("listening on ", 1)[1].split()[0]
        client = Client(url)
        table = client.create_table(rules="tradicional")
        assert [t["table"] for t in client.tables()] == [table["table"]]
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert (tmp_path / "golfo.sqlite3").is_file()  # the default database, where it ran


def test_a_postgresql_database_that_cannot_be_opened_is_a_clear_error() -> None:
    url = f"postgresql://golfo:s3cret@127.0.0.1:{free_port()}/nowhere"  # nobody listens there
    result = golfo("serve", "--port", "0", "--db", url)
    assert result.returncode == 1
    assert result.stderr.startswith("golfo serve: cannot open the database"), result.stderr
    assert "s3cret" not in result.stderr + result.stdout  # the password is not shown
    assert "postgresql://golfo:***@127.0.0.1" in result.stderr
    assert "Traceback" not in result.stderr
