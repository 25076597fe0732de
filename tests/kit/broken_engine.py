"""A deliberately wrong engine: golfo behind the engine protocol with one rule broken.

``python tests/kit/broken_engine.py BUG [--no-variants]``, BUG one of :data:`BUGS`.  Each bug
rewrites one line of one function of golfo (in this process only) and serves the protocol; the
kit's tests check that the runner catches every one.  ``--no-variants``: the engine does not
announce variants (``hello``), so the runner deals it El Golfo's rules only.
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from types import ModuleType
from typing import Any

import golfo.moves
import golfo.reducer
import golfo.settle
import golfo.views
import golfo.wagers
from golfo.conformance.protocol import ReferenceBackend, serve

BUGS: dict[str, tuple[ModuleType, str, str, str, tuple[ModuleType, ...]]] = {
    # name: (module, function, the line as golfo has it, the line as the bug has it,
    #        other modules that imported the function by name)
    "ties-farthest-from-mano": (
        golfo.settle,
        "settle",
        "if values[s] > best:",
        "if values[s] >= best:",
        (golfo.reducer,),
    ),
    "no-table-stakes": (
        golfo.wagers,
        "wager_range",
        "if reach < top:",
        "if False:",
        (golfo.reducer, golfo.moves),
    ),
    "raise-nobody-can-answer": (
        golfo.wagers,
        "wager_range",
        "if reach < top:",
        "if current < reach < top:",
        (golfo.reducer, golfo.moves),
    ),
    "stock-reshuffled-when-short": (
        golfo.reducer,
        "_apply_discard",
        'd["discard_mask"] = f["discard_mask"] | mask',
        'd["discard_mask"] = f["discard_mask"] | mask; d["stock_mask"] = f["stock_mask"] | mask',
        (),
    ),
    "four-seat-dealer-dealt-in": (
        golfo.reducer,
        "_start_hand",
        "if len(order) == 4:",
        "if False:",
        (),
    ),
    "rotation-skips-a-seat": (
        golfo.reducer,
        "_next_hand",
        "for k in range(1, n + 1)",
        "for k in range(2, n + 2)",
        (),
    ),
    "face-down-discard-shown": (
        golfo.views,
        "redact",
        "visible = face_up or actor == seat",
        "visible = True",
        (),
    ),
    # a variant's rule (issue 34): only an engine that announces variants is dealt one
    "raises-never-limited": (
        golfo.wagers,
        "_limited_range",
        "if most is not None and current and _raises(f) >= most:",
        "if False:",
        (),
    ),
}


def break_rule(name: str) -> None:
    module, function, line, wrong, importers = BUGS[name]
    source = textwrap.dedent(inspect.getsource(getattr(module, function)))
    if line not in source:
        raise SystemExit(f"{name}: the line is gone from golfo.{module.__name__}.{function}")
    namespace: dict[str, Any] = vars(module)
    exec(compile(source.replace(line, wrong), f"<{name}>", "exec"), namespace)
    for other in importers:
        if hasattr(other, function):
            setattr(other, function, namespace[function])


if __name__ == "__main__":
    break_rule(sys.argv[1])
    backend = ReferenceBackend()
    backend.variants = "--no-variants" not in sys.argv[2:]
    raise SystemExit(serve(backend=backend))
