"""A deliberately wrong engine: golfo behind the engine protocol with one rule broken.

``python tests/kit/broken_engine.py BUG [--no-variants] [--no-views] [--illegal-as-format]``,
BUG one of :data:`BUGS`.  Each bug rewrites one line of one function of golfo (in this process
only) and serves the protocol; the kit's tests check that the runner catches every one.
``--no-variants``: the engine does not announce variants (``hello``), so the runner deals it
El Golfo's rules only; ``--no-views``: it does not announce views; ``--illegal-as-format``:
it refuses what the rules refuse, but answers ``"error": "format"`` instead of ``"illegal"``
(a slip of the protocol, which both checkers catch).

BUG may also be one of :data:`LOOKS`: not a rule broken but the same facts shown otherwise
(other words in views, shown hands in another order), which the runner must tell apart from
a broken rule; ``none``: golfo as it is.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import textwrap
from types import ModuleType
from typing import Any

import golfo.conformance.protocol
import golfo.moves
import golfo.notation
import golfo.reducer
import golfo.scoring
import golfo.settle
import golfo.views
import golfo.wagers
from golfo.conformance.protocol import ReferenceBackend, serve
from golfo.phases import Phase
from golfo.records import result_json

_STANDINGS = importlib.import_module("golfo.standings")  # golfo.standings is the function

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
    # one per rule of docs/rules.md, each caught by the vectors alone (tests/kit)
    "mano-pays-no-ante": (
        golfo.reducer,
        "_start_hand",
        "for s in order:",
        "for s in order[1:]:",
        (),
    ),
    "deal-in-pairs-inverted": (
        golfo.reducer,
        "_start_hand",
        "if rules.deal_in_pairs else order * n",
        "if not rules.deal_in_pairs else order * n",
        (),
    ),
    "deal-from-outside-the-stock": (
        golfo.reducer,
        "_apply_deal",
        'if not old["stock_mask"] & card.mask:',
        "if False:",
        (),
    ),
    "pass-after-an-opening": (
        golfo.reducer,
        "_apply_pass",
        'if max(f["bets"]) > 0:',
        "if False:",
        (),
    ),
    "last-seat-in-plays-on": (
        golfo.reducer,
        "_apply_fold",
        'if len(f["dealt_in"]) - len(folded) == 1:',
        "if False:",
        (),
    ),
    "second-from-mano-speaks-first": (
        golfo.reducer,
        "_start_betting",
        'd["to_act"] = _next_in(dealt, needs, None)',
        'd["to_act"] = _next_in(dealt, needs, dealt[0])',
        (),
    ),
    "caps-ignored": (
        golfo.wagers,
        "wager_range",
        "if caps is not None:  # R9: the room under this round's cap",
        "if False:",
        (golfo.reducer, golfo.moves),
    ),
    "cap-below-the-minimum-bets-the-room": (
        golfo.wagers,
        "wager_range",
        "top = room",
        "top = room; low = room if room < low else low",
        (golfo.reducer, golfo.moves),
    ),
    "lone-card-not-counted": (
        golfo.settle,
        "settle",
        "values = {s: value(hand_masks[s]) for s in in_hand} if showdown",
        "values = {s: _value_without_lone_cards(hand_masks[s]) for s in in_hand} if showdown",
        (golfo.reducer,),
    ),
    "trabuco-needs-a-pot": (
        golfo.settle,
        "settle",
        "(not pots or pots[0].winner == mano)",
        "(bool(pots) and pots[0].winner == mano)",
        (golfo.reducer,),
    ),
    "nobody-opens-goes-to-showdown": (
        golfo.reducer,
        "_end_round",
        '_enter(d, d["rules"]._shape.after[d["phase"]])',
        '_enter(d, _SHOWDOWN if max(d["committed"]) == d["rules"].ante'
        ' else d["rules"]._shape.after[d["phase"]])',
        (),
    ),
    "folded-hand-kept": (golfo.reducer, "_apply_fold", "hands[seat] = 0", "pass", ()),
    "next-hand-during-a-hand": (
        golfo.reducer,
        "_apply_next_hand",
        "if state.phase is not _BETWEEN_HANDS:",
        "if False:",
        (),
    ),
    "no-extra-hands-on-tie": (
        golfo.settle,
        "game_over",
        "if not rules.extra_hands_on_tie:",
        "if True:",
        (golfo.reducer,),
    ),
    "no-rebuys": (golfo.reducer, "_pay_or_leave", "if rules.rebuy:", "if False:", ()),
    "rebuys-not-charged": (
        _STANDINGS,
        "net_results",
        "stack - start * (1 + n)",
        "stack - start",
        (golfo.settle, golfo.conformance.protocol),
    ),
}

RULE_OF: dict[str, str] = {
    "four-seat-dealer-dealt-in": "R1",
    "mano-pays-no-ante": "R2",
    "deal-in-pairs-inverted": "R3",
    "deal-from-outside-the-stock": "R4",
    "pass-after-an-opening": "R5",
    "raises-never-limited": "R5",
    "last-seat-in-plays-on": "R6",
    "second-from-mano-speaks-first": "R7",
    "no-table-stakes": "R8",
    "raise-nobody-can-answer": "R8",
    "caps-ignored": "R9",
    "cap-below-the-minimum-bets-the-room": "R9",
    "stock-reshuffled-when-short": "R10",
    "face-down-discard-shown": "R10",
    "ties-farthest-from-mano": "R11",
    "lone-card-not-counted": "R11",
    "trabuco-needs-a-pot": "R11",
    "nobody-opens-goes-to-showdown": "R12",
    "folded-hand-kept": "R13",
    "rotation-skips-a-seat": "R14",
    "next-hand-during-a-hand": "R15",
    "no-extra-hands-on-tie": "R16",
    "no-rebuys": "R17",
    "rebuys-not-charged": "R18",
}
"""The rule of ``docs/rules.md`` each bug breaks."""


def _value_without_lone_cards(mask: int) -> int:
    """El Golfo's hand value, but a suit counts only with two cards or more (R11 broken)."""
    best = 0
    for suit in range(4):
        bits = mask >> (7 * suit) & 0x7F
        if bits.bit_count() >= 2:
            best = max(best, golfo.scoring.SUIT_VALUES[bits])
    return best


HELPERS: dict[str, dict[str, Any]] = {
    "lone-card-not-counted": {"_value_without_lone_cards": _value_without_lone_cards},
}
"""Names a bug's line needs in its module."""


def break_rule(name: str) -> None:
    module, function, line, wrong, importers = BUGS[name]
    source = textwrap.dedent(inspect.getsource(getattr(module, function)))
    if line not in source:
        raise SystemExit(f"{name}: the line is gone from golfo.{module.__name__}.{function}")
    namespace: dict[str, Any] = vars(module)
    namespace.update(HELPERS.get(name, {}))
    exec(compile(source.replace(line, wrong), f"<{name}>", "exec"), namespace)
    for other in importers:
        if hasattr(other, function):
            setattr(other, function, namespace[function])


def _other_words() -> None:
    """Views that word some phases otherwise (the facts unchanged): the first betting round,
    and the end of the game (which every vector's last views show)."""
    golfo.notation._PHASES["en"][Phase.BET_1] = "the first round of bets"
    golfo.notation._PHASES["en"][Phase.END] = "game over"


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
    if "--illegal-as-format" in flags:
        answering = golfo.conformance.protocol.Session.handle

        def misnamed(session: Any, request: Any) -> dict[str, Any] | None:
            answer = answering(session, request)
            if answer is not None and answer.get("error") == "illegal":
                answer = {"ok": False, "error": "format"}
            return answer

        golfo.conformance.protocol.Session.handle = misnamed  # type: ignore[assignment,method-assign]
    raise SystemExit(serve(backend=backend))
