"""Output for the ``golfo`` command: ``rich`` tables and a progress bar when it is
installed (the ``golfo[cli]`` extra), plain text otherwise.

Nothing here imports ``rich`` at import time: the command runs without it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["Output", "progress"]


class Output:
    """Lines and tables on a stream; uses ``rich`` when it is installed (``plain=True``:
    never)."""

    def __init__(self, stream: TextIO | None = None, *, plain: bool = False) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.console: Any = None
        if not plain:
            try:
                from rich.console import Console
            except ImportError:
                pass
            else:
                self.console = Console(file=self.stream, highlight=False, soft_wrap=True)

    def line(self, text: str = "") -> None:
        """One line of plain text (never read as markup)."""
        if self.console is not None:
            self.console.print(text, markup=False)
        else:
            print(text, file=self.stream)
        self.stream.flush()

    def lines(self, texts: Sequence[str]) -> None:
        """Several lines, one :meth:`line` each."""
        for text in texts:
            self.line(text)

    def table(self, title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        """A table with a title; numbers right-aligned.  Every column needs a header; a
        header's line breaks are kept by ``rich`` and become spaces in plain text."""
        if any(not header.strip() for header in headers):
            raise ValueError("every column of a table needs a header")
        if self.console is not None:
            from rich import box
            from rich.table import Table

            table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
            numeric = [
                bool(rows) and all(isinstance(r[i], int | float) for r in rows)
                for i in range(len(headers))
            ]
            for header, right in zip(headers, numeric, strict=True):
                table.add_column(header, justify="right" if right else "left")
            for row in rows:
                table.add_row(*(str(x) for x in row))
            self.console.print(table)
            self.stream.flush()
            return
        cells = [[" ".join(h.split()) for h in headers], *[[str(x) for x in r] for r in rows]]
        widths = [max(len(c[i]) for c in cells) for i in range(len(headers))]
        self.line(title)
        for row in cells:
            self.line("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


@contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr while the body runs, when stderr is a terminal and rich is
    installed; yields a function advancing it by some steps."""
    bar: Any = None
    if sys.stderr.isatty():
        try:
            from rich.console import Console
            from rich.progress import Progress
        except ImportError:
            bar = None
        else:
            bar = Progress(console=Console(stderr=True), transient=True)
    if bar is None:
        yield lambda _steps: None
        return
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda steps: bar.advance(task, steps)
