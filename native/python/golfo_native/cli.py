"""The command line: ``golfo-native engine [--bug NAME]`` (also ``python -m golfo_native``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from golfo_native import _core

__all__ = ["main"]

BUG_VARIABLE = "GOLFO_NATIVE_BUG"
"""The environment variable that names a deliberate bug, as ``--bug`` does."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status."""
    parser = argparse.ArgumentParser(prog="golfo-native", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    engine = commands.add_parser("engine", help="speak golfo-engine/1 on stdin/stdout")
    engine.add_argument(
        "--bug",
        choices=_core.bug_names(),
        default=None,
        help=f"break one rule on purpose (for the conformance kit; also ${BUG_VARIABLE})",
    )
    args = parser.parse_args(argv)
    bug = args.bug if args.bug is not None else os.environ.get(BUG_VARIABLE, "")
    if not _core.set_bug(bug):
        print(f"golfo-native: unknown bug {bug!r}; known: {_core.bug_names()}", file=sys.stderr)
        return 2
    from golfo_native.engine import serve

    return serve()
