"""A deliberately wrong engine: golfo behind the engine protocol with one rule broken.

``python tests/kit/broken_engine.py BUG [--no-variants] [--no-views]``, BUG one of
:data:`BUGS`.  Each bug rewrites one line of one function of golfo (in this process only) and
serves the protocol; the kit's tests check that the runner catches every one.
``--no-variants``: the engine does not announce variants (``hello``), so the runner deals it
El Golfo's rules only; ``--no-views``: it does not announce views.

BUG may also be one of :data:`LOOKS`: not a rule broken but the same facts shown otherwise
(other words in views, shown hands in another order), which the runner must tell apart from
a broken rule; ``none``: golfo as it is.
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from types import ModuleType
from typing import Any

import golfo.conformance.protocol
import golfo.moves
import golfo.notation
import golfo.reducer
import golfo.settle
import golfo.views
import golfo.wagers
from golfo.conformance.protocol import ReferenceBackend, serve
from golfo.phases import Phase
from golfo.records import result_json

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


def _other_words() -> None:
    """Views that word a phase otherwise (the facts unchanged)."""
    golfo.notation._PHASES["en"][Phase.BET_1] = "the first round of bets"


def _shown_reversed() -> None:
    """Results whose shown hands list their cards in reverse (the same sets of cards)."""

    def reversed_shown(result: Any) -> dict[str, Any]:
        data = result_json(result)
        data["shown"] = [None if h is None else h[::-1] for h in data["shown"]]
        return data

    golfo.conformance.protocol.result_json = reversed_shown  # type: ignore[attr-defined]


LOOKS = {"other-words": _other_words, "shown-in-another-order": _shown_reversed}
"""Engines that follow every rule but show some facts otherwise."""


if __name__ == "__main__":
    name, flags = sys.argv[1], sys.argv[2:]
    if name in LOOKS:
        LOOKS[name]()
    elif name != "none":
        break_rule(name)
    backend = ReferenceBackend()
    backend.variants = "--no-variants" not in flags
    if "--no-views" in flags:
        original = golfo.conformance.protocol.Session.handle

        def handle(session: Any, request: Any) -> dict[str, Any] | None:
            answer = original(session, request)
            if answer is not None and answer.get("protocol"):
                answer["views"] = False
            return answer

        golfo.conformance.protocol.Session.handle = handle  # type: ignore[assignment,method-assign]
    raise SystemExit(serve(backend=backend))
