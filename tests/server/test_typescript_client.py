"""The TypeScript client (``clients/typescript``): its Node tests, run by ``npm test`` against
a ``golfo serve`` started here on loopback (``--port 0 --db :memory:``).

``npm test`` compiles the client with the pinned TypeScript (``tsc``, ``strict``), checks
that ``src/wire.ts`` is byte for byte what its generator makes of
``schema/golfo-wire.schema.json``, and runs the tests with Node's own runner: a whole game,
the typed errors (``stale`` among them), a reconnection after a dropped connection, and the
example bot.  Nothing is downloaded: the set-up's ``npm ci --prefix clients/typescript``
installed TypeScript.  Without Node or that install the test is skipped, saying why, unless
``GOLFO_REQUIRE_NODE=1`` (``.ci/run`` sets it), when it fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import LiveServer

PACKAGE = Path(__file__).resolve().parents[2] / "clients" / "typescript"


def _missing() -> str | None:
    """Why the Node tests cannot run here, or None."""
    for program in ("node", "npm"):
        if shutil.which(program) is None:
            return f"{program} is not installed (Debian: apt-get install nodejs npm)"
    version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    major = version.stdout.strip().lstrip("v").split(".")[0]
    if not (major.isdigit() and int(major) >= 20):
        return f"node {version.stdout.strip()} is older than 20 (no WebSocket)"
    if not (PACKAGE / "node_modules" / "typescript").is_dir():
        return "clients/typescript/node_modules is missing: run npm ci --prefix clients/typescript"
    return None


@pytest.fixture
def server() -> Iterator[LiveServer]:
    reason = _missing()
    if reason is not None:
        if os.environ.get("GOLFO_REQUIRE_NODE") == "1":
            pytest.fail(f"GOLFO_REQUIRE_NODE=1 but {reason}")
        pytest.skip(reason)
    live = LiveServer(":memory:")
    live.start()
    yield live
    live.stop()


def test_the_typescript_client_against_a_live_server(server: LiveServer) -> None:
    npm = shutil.which("npm")
    assert npm is not None
    env = os.environ | {"GOLFO_URL": server.url, "GOLFO_PYTHON": sys.executable}
    run = subprocess.run(
        [npm, "test", "--silent"],
        cwd=PACKAGE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, f"npm test failed in clients/typescript:\n{output}"
    assert "# fail 0" in output, output
    assert server.alive(), "golfo serve died during the client's tests"
