"""A fork server for mutation runs: pytest's start, paid once per worker.

Starting Python, pytest, its plugins and Hypothesis costs about a second, and most mutants
are killed by their first test in less.  ``run.py`` starts one server per worker, in that
worker's tree; ``select_tests.py`` sends it the arguments of each mutant's pytest run and
gets back the exit status.  The server has imported pytest and Hypothesis but never golfo
(it checks), and each run is a fresh ``fork()``: the child imports golfo, the mutated module
included, from the files as they are then, so nothing built at import leaks from one mutant
to the next.  A child that runs longer than its timeout is killed (``SIGALRM``).

``python tests/mutation/forkserver.py SOCKET``
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
from pathlib import Path

import hypothesis  # noqa: F401  (imported once here, not at each run)
import pytest


def serve(path: str) -> None:
    """Answer requests on the Unix socket ``path`` until it is removed."""
    assert not any(m == "golfo" or m.startswith("golfo.") for m in sys.modules), "golfo imported"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(path)
        server.listen(1)
        while Path(path).exists():
            connection, _ = server.accept()
            with connection, connection.makefile("rwb") as stream:
                request = json.loads(stream.readline())
                status = run(request["args"], request["output"], request["timeout"])
                stream.write(f"{status}\n".encode())
                stream.flush()


def run(args: list[str], output: str, timeout: float) -> int:
    """pytest ``args`` in a forked child, its output to ``output``; the exit status."""
    pid = os.fork()
    if pid == 0:  # the child
        try:
            signal.alarm(max(1, int(timeout)))
            fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            status = int(pytest.main(args))
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # a child never returns to the server's loop
            status = 3
        os._exit(status)
    _, code = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(code)


if __name__ == "__main__":
    serve(sys.argv[1])
