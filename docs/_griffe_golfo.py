"""A griffe extension for golfo's docstrings, used by the documentation site (mkdocs.yml).

golfo's docstrings are plain prose with a few reStructuredText habits that Markdown does
not know: roles (:func:`golfo.apply`, :class:`golfo.View`, ...) and doctest examples
(``>>>`` lines, which Markdown would read as nested quotes).  This extension turns each
role into inline code and fences each doctest example as a ``pycon`` block, so that the
reference shows them as they are meant, and the doctests stay runnable in the source.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|mod|data|attr|meth|exc|obj|const):`~?([^`]+)`")


def _fence_doctests(text: str) -> str:
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def golfo_markdown(text: str) -> str:
    """A golfo docstring as Markdown: roles as inline code, doctests fenced."""
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", text)
    return _fence_doctests(text)


class GolfoDocstrings(griffe.Extension):
    """Rewrite every docstring of the loaded objects (see the module's docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = golfo_markdown(obj.docstring.value)
