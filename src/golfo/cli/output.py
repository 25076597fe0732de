"""Output for the ``golfo`` command: ``rich`` tables and a progress bar when it is
installed (the ``golfo[cli]`` extra), plain text otherwise.

Lines of prose are wrapped at the terminal's width (:func:`terminal_width`), at spaces,
never inside a word; tables are not (``rich`` fits its own to the terminal).  Nothing here
imports ``rich`` at import time: the command runs without it.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["Output", "progress", "terminal_width", "wrap"]


def terminal_width() -> int:
    """The terminal's width in columns, from :func:`shutil.get_terminal_size` (``COLUMNS``
    first, then the terminal of standard output); 0 when there is no terminal to measure
    (output to a file or a pipe, no ``COLUMNS``): then lines are not wrapped."""
    return shutil.get_terminal_size(fallback=(0, 0)).columns


def wrap(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken at spaces only: a word longer
    than ``width`` stands alone on its line, whole.  A line's indentation is kept on the
    lines it continues on; ``width`` 0 (or less) keeps the text as it is.

    >>> wrap("Not legal: which cards? for example: discard 3O 5C", 24)
    ['Not legal: which cards?', 'for example: discard 3O', '5C']
    >>> wrap("  seat 1: discards 3O 5C", 12)
    ['  seat 1:', '  discards', '  3O 5C']
    """
    out: list[str] = []
    for line in text.split("\n"):
        if width <= 0 or len(line) <= width:
            out.append(line)
            continue
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        out.extend(
            textwrap.wrap(
                body,
                width,
                initial_indent=indent,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [line]
        )
    return out


class Output:
    """Lines and tables on a stream; uses ``rich`` when it is installed (``plain=True``:
    never).  Lines are wrapped at ``width`` columns, by default the terminal's, measured
    at every line (:func:`terminal_width`)."""

    def __init__(
        self, stream: TextIO | None = None, *, plain: bool = False, width: int | None = None
    ) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.width = width
        self.console: Any = None
        if not plain:
            try:
                from rich.console import Console
            except ImportError:
                pass
            else:
                self.console = Console(file=self.stream, highlight=False, soft_wrap=True)

    def line(self, text: str = "") -> None:
        """One line of prose, plain text (never read as markup), wrapped at the width."""
        width = terminal_width() if self.width is None else self.width
        for piece in wrap(text, width):
            self._write(piece)

    def _write(self, text: str) -> None:
        """One line as it is, unwrapped."""
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
        """A table under its title (a line, wrapped as lines are); numbers right-aligned.
        Every column needs a header; a header's line breaks are kept by ``rich`` and become
        spaces in plain text.  The rows are never wrapped."""
        if any(not header.strip() for header in headers):
            raise ValueError("every column of a table needs a header")
        if self.console is not None:
            from rich import box
            from rich.table import Table

            self.line(title)  # prose, wrapped like any line; rich fits the table itself
            table = Table(box=box.SIMPLE_HEAD)
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
        for row in cells:  # a row is never wrapped
            self._write("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


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
