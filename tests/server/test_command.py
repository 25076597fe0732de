"""``golfo serve``, the command: its help, its URL, its default database, and one line when
it cannot listen (a port in use, an address that is not this machine's)."""

from __future__ import annotations

import re
import socket
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


def _one_line_and_exit_1(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    return line


def test_a_port_in_use_is_one_line_saying_how_to_pick_another(tmp_path: Path) -> None:
    with socket.socket() as busy:  # another process's listener, as another golfo serve
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "golfo", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=60,
        )
    line = _one_line_and_exit_1(result)
    assert line == (
        f"golfo serve: port {port} is in use on 127.0.0.1: pick another with --port N, "
        "or --port 0 for any free port"
    )
    assert not (tmp_path / "golfo.sqlite3").exists()  # the port is taken before the database


def test_an_address_that_cannot_be_bound_is_one_line(tmp_path: Path) -> None:
    # 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine
    result = golfo("serve", "--host", "192.0.2.1", "--port", "0", cwd=tmp_path)
    line = _one_line_and_exit_1(result)
    assert line.startswith("golfo serve: cannot listen on 192.0.2.1:0: ")
    assert line.endswith(
        "--host takes an address of this machine, such as 127.0.0.1 (the "
        "default) or 0.0.0.0 (every interface)"
    )
    assert not (tmp_path / "golfo.sqlite3").exists()
    out_of_range = golfo("serve", "--port", "70000")
    assert out_of_range.returncode == 2
    assert "a port is 0 to 65535" in out_of_range.stderr


def test_mkdocs_serve_does_not_take_golfo_serve_s_port() -> None:
    root = Path(__file__).resolve().parents[2]
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^dev_addr: 127\.0\.0\.1:8001\b", config, re.M)
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "mkdocs serve                     # http://127.0.0.1:8001/" in readme
    assert "golfo serve                           # http://127.0.0.1:8000/" in readme
