"""What the runner finds, and how it names it: the games of a run with their ids, rules and
tags (what ``--select`` and a file of known differences match), the first difference of two
JSON values by path, the words of a view kept apart from its facts, and the rules a divergence
touches.

>>> first_path({"pots": [{"winner": 1}]}, {"pots": [{"winner": 0}]}, "results[0]")
('results[0].pots[0].winner', 1, 0)
>>> vector_rules("R6c R13: all but one seat fold")
('R6', 'R13')
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from golfo.actions import Action
from golfo.cards import DECK
from golfo.rules import Rules
from golfo.wire import action_data, rules_data

__all__ = [
    "ACTION_RULES",
    "FIELD_RULES",
    "KINDS",
    "VIEW_RULES",
    "WORDS",
    "Divergence",
    "GameInfo",
    "KnownDifferences",
    "Outcome",
    "Selection",
    "WordsGap",
    "first_path",
    "normalized",
    "split_words",
    "vector_rules",
]

KINDS: Final = ("vector", "negative", "corpus", "random")
"""The parts of a run, in the order they are played; each game's first tag is its part."""

FIELD_RULES: Final[dict[str, tuple[str, ...]]] = {
    "phase": ("R3", "R6", "R10", "R12"),
    "to_act": ("R4", "R7"),
    "hand_number": ("R14", "R15"),
    "dealer": ("R14",),
    "mano": ("R1", "R14"),
    "stacks": ("R2", "R8", "R11", "R17"),
    "bets": ("R5", "R8"),
    "pot": ("R2", "R8"),
    "folded": ("R6", "R13"),
    "hands": ("R3", "R4", "R10", "R13"),
    "stock": ("R3", "R10"),
    "is_over": ("R15", "R16", "R17"),
    "results": ("R6", "R8", "R11"),
    "winner": ("R16", "R18"),
    "moves.pass": ("R5",),
    "moves.call": ("R5", "R8"),
    "moves.fold": ("R5",),
    "moves.bet": ("R5", "R8", "R9"),
    "moves.raise": ("R5", "R8", "R9"),
    "moves.discard_max": ("R10",),
    "moves.deals": ("R3", "R4"),
    "moves.next_hand": ("R15", "R16"),
    "moves.end_game": ("R15", "R16"),
}
"""The rules of ``docs/rules.md`` that decide each key of an observation (a divergence names
them; a known difference given as a rule matches them)."""

VIEW_RULES: Final[dict[str, tuple[str, ...]]] = {
    "hand": ("R3", "R4", "R10", "R13"),
    "hand_value": ("R11",),
    "hand_sizes": ("R3", "R10", "R13"),
    "stock_size": ("R3", "R10"),
    "discards": ("R10",),
    "history": ("R4", "R10", "R13"),
    "committed": ("R2", "R8"),
    "current_bet": ("R5", "R8"),
    "dealt_in": ("R1", "R14", "R17"),
    "rebuys": ("R17",),
    "out": ("R17",),
}
"""The rules behind the keys of a view that an observation does not have (what a seat may
see of the cards: R10's face-down discards, R13's folded cards); the others are
:data:`FIELD_RULES`'."""

ACTION_RULES: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("R3", "R4"),
    "pass": ("R5",),
    "bet": ("R5", "R8", "R9"),
    "call": ("R5", "R8"),
    "raise": ("R5", "R8", "R9"),
    "fold": ("R5", "R6", "R13"),
    "discard": ("R10",),
    "next_hand": ("R14", "R15", "R17"),
    "end_game": ("R15", "R16"),
}
"""The rules that decide whether an action of each ``type`` is legal (an action the engine
refuses and golfo accepts names them)."""

WORDS: Final = ("phase_name", "choices", "text")
"""The keys of a view that word its facts for people (``text``: of each event of ``history``
and ``discards``); the runner compares them only with ``--words``."""

_CARD_ORDER: Final = {str(card): i for i, card in enumerate(DECK)}
_RULE: Final = re.compile(r"\bR(\d+)[a-z]?\b")


def vector_rules(description: str) -> tuple[str, ...]:
    """The rules a vector exercises: the ``Rn`` its description names before its first
    colon (``"R6c R13: ..."``: R6 and R13), in order, each once."""
    head = description.split(":", 1)[0]
    return tuple(dict.fromkeys(f"R{n}" for n in _RULE.findall(head)))


@attrs.frozen
class GameInfo:
    """One game of a run: how it is named, reported and selected."""

    id: str
    """Its id: the vector's file name without ``.json`` (``06-side-pots``),
    ``negative/NAME``, ``corpus/N`` or ``random/N``."""
    name: str
    """How the report names it (``random game 3 (seed 0)``)."""
    rules: tuple[str, ...] = ()
    """The rules it exercises (a vector's description; none for a random or corpus game)."""
    tags: tuple[str, ...] = ()
    """Its part (:data:`KINDS`) first, then ``variant`` for a variant of the rules, then the
    tags a vector's file lists (``"tags"``)."""

    @property
    def kind(self) -> str:
        """Its part of the run: one of :data:`KINDS`."""
        return self.tags[0]


@attrs.frozen
class Selection:
    """``--select``: the games whose id (or a glob of it, ``0*``), one of whose rules
    (``R8``) or one of whose tags (``negative``, ``random``, ``variant``) is given.  No
    pattern selects everything."""

    patterns: tuple[str, ...] = ()
    """What was asked for."""

    def __contains__(self, game: object) -> bool:
        if not isinstance(game, GameInfo):
            return False
        return not self.patterns or any(_matches(p, game) for p in self.patterns)

    def unmatched(self, games: Iterable[GameInfo]) -> list[str]:
        """The patterns that match none of ``games`` (the vectors and negative vectors), no
        part of a run (:data:`KINDS`, ``variant``) and no corpus or random game's id."""
        known = list(games)
        return [
            p
            for p in self.patterns
            if p not in (*KINDS, "variant")
            and not p.startswith(_GENERATED)
            and not any(_matches(p, g) for g in known)
        ]


_GENERATED: Final = ("corpus/", "random/")
"""The ids of games not read from the vectors' folder: any such id may be asked for."""


def _matches(pattern: str, game: GameInfo) -> bool:
    rule = pattern.upper()
    return (
        pattern == game.id
        or fnmatch.fnmatchcase(game.id, pattern)
        or (_RULE.fullmatch(rule) is not None and rule in game.rules)
        or pattern in game.tags
    )


@attrs.frozen
class Divergence:
    """Where golfo and the engine first disagreed in one game."""

    game: str
    """The game's name (:attr:`GameInfo.name`)."""
    step: int
    """How many actions had been applied."""
    field: str
    """What differs: an observation's key (``moves.raise``), a path into ``results``
    (``results[0].pots[1].winner``), ``view of seat N.KEY``, ``accepts ...``,
    ``refuses ...``, ``engine``."""
    ours: Any
    """golfo's value."""
    theirs: Any
    """The engine's."""
    rules: Rules
    """The game's rules (its settings)."""
    last: tuple[Action, ...]
    """The last actions before the divergence."""
    record: str
    """A golfo/1 record of the shortest prefix that shows it."""
    exercised: tuple[str, ...] = ()
    """The rules the step exercises: :data:`FIELD_RULES` (:data:`VIEW_RULES`) of what
    differs, golfo's rule for an action it refuses, :data:`ACTION_RULES` for an action it
    accepts."""
    vector: tuple[str, ...] = ()
    """The rules the vector exercises (its description's); none for other games."""
    situation: str = ""
    """golfo's state then: the phase, who acts, the pot, the bets, the stacks, the hands."""
    written: str | None = None
    """Where its record was written (``--out``), if it was."""

    def report(self) -> str:
        """The divergence for a person to read."""
        last = " ".join(_dumps(action_data(a)) for a in self.last[-6:]) or "(none)"
        lines = [
            f"DIVERGENCE in {self.game} at step {self.step}: {self.field}",
            f"  golfo:  {_short(self.ours)}",
            f"  engine: {_short(self.theirs)}",
            f"  rules:  {self.rules_line()}",
        ]
        if self.situation:
            lines.append(f"  state:  {self.situation}")
        lines += [f"  settings: {_dumps(_settings(self.rules))}", f"  last actions: {last}"]
        return "\n".join(lines)

    def rules_line(self) -> str:
        """The rules the step exercises, then the vector's, in words."""
        step = " ".join(self.exercised) or "(none named)"
        return step + (f"; the vector exercises {' '.join(self.vector)}" if self.vector else "")

    def data(self) -> dict[str, Any]:
        """The divergence in a report's JSON."""
        return {
            "step": self.step,
            "field": self.field,
            "golfo": self.ours,
            "engine": self.theirs,
            "rules": list(self.exercised),
            "vector_rules": list(self.vector),
            "state": self.situation,
            "settings": _settings(self.rules),
            "last_actions": [action_data(a) for a in self.last[-6:]],
            "record": self.written,
        }


@attrs.frozen
class WordsGap:
    """The first difference of a game's views in their words only (``--words``)."""

    step: int
    """How many actions had been applied."""
    field: str
    """The path of the words that differ (``view of seat 1.history[3].text.en``)."""
    ours: Any
    """golfo's words."""
    theirs: Any
    """The engine's."""

    def data(self) -> dict[str, Any]:
        """The difference in a report's JSON."""
        return {"step": self.step, "field": self.field, "golfo": self.ours, "engine": self.theirs}


@attrs.frozen
class Outcome:
    """How one game of a run went."""

    game: GameInfo
    """The game."""
    steps: int
    """The steps (actions applied) that agreed."""
    seconds: float
    """Its wall time."""
    divergence: Divergence | None = None
    """Its first divergence, if any."""
    known: str | None = None
    """The entry of the known differences that covers the divergence, if one does."""
    words: WordsGap | None = None
    """The first difference of its views' words, with ``--words``."""

    @property
    def status(self) -> str:
        """``pass``, ``fail``, or ``known`` (a divergence the implementation declared)."""
        if self.divergence is None:
            return "pass"
        return "fail" if self.known is None else "known"

    def data(self) -> dict[str, Any]:
        """The game in a report's JSON."""
        return {
            "id": self.game.id,
            "name": self.game.name,
            "kind": self.game.kind,
            "rules": list(self.game.rules),
            "tags": list(self.game.tags),
            "status": self.status,
            "steps": self.steps,
            "divergence": None if self.divergence is None else self.divergence.data(),
            "known": self.known,
            "words": None if self.words is None else self.words.data(),
        }


class KnownDifferences:
    """``--known FILE``: the vectors and rules an implementation deliberately does not follow.

    One entry a line, ``#`` starts a comment: a game's id (``13-extra-hands-on-tie``,
    ``negative/03-pass-after-an-opening``, ``random/7``), a glob of ids, or a rule (``R16``).
    A divergence is a known difference when its game's id matches an entry, or when an entry
    is a rule that the divergence's ``rules`` name (the rules of the step, and the vector's).
    """

    def __init__(self, entries: Sequence[str] = (), source: str = "") -> None:
        self.entries = tuple(entries)
        """The entries, in the file's order."""
        self.source = source
        """Where they were read."""
        self.used: set[str] = set()
        """The entries that covered a divergence so far."""

    @classmethod
    def read(cls, path: Path) -> KnownDifferences:
        """Read a file of known differences (:class:`ValueError` with the line if an entry
        is neither an id nor a rule)."""
        entries = []
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            entry = line.split("#", 1)[0].strip()
            if not entry:
                continue
            if " " in entry or "\t" in entry:
                raise ValueError(f"{path}:{number}: one id or rule a line, got {entry!r}")
            entries.append(entry)
        return cls(entries, str(path))

    def covering(self, game: GameInfo, divergence: Divergence) -> str | None:
        """The first entry that covers ``divergence`` in ``game`` (``None``: a failure)."""
        for entry in self.entries:
            rule = entry.upper()
            named = (*divergence.exercised, *divergence.vector)
            by_rule = _RULE.fullmatch(rule) is not None and rule in named
            if by_rule or entry == game.id or fnmatch.fnmatchcase(game.id, entry):
                self.used.add(entry)
                return entry
        return None

    def unknown(self, games: Iterable[GameInfo]) -> list[str]:
        """The entries that are no rule and match none of ``games`` nor a random game."""
        ids = [g.id for g in games]
        return [
            e
            for e in self.entries
            if _RULE.fullmatch(e.upper()) is None
            and not e.startswith(_GENERATED)
            and not any(e == i or fnmatch.fnmatchcase(i, e) for i in ids)
        ]


def first_path(ours: Any, theirs: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where two JSON values differ, by path (``path`` names the values
    themselves): into objects key by key (golfo's keys first, then keys only the other has),
    into arrays of objects or arrays item by item when both have as many; an array of
    plain values (cards, stacks) is named whole.  ``None`` if they are equal.
    """
    if ours == theirs:
        return None
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in (*ours, *(k for k in theirs if k not in ours)):
            if key not in theirs:
                return f"{path}.{key}", ours[key], "(missing)"
            if key not in ours:
                return f"{path}.{key}", "(missing)", theirs[key]
            found = first_path(ours[key], theirs[key], f"{path}.{key}")
            if found is not None:
                return found
    nested = any(isinstance(x, (dict, list)) for x in ours) if isinstance(ours, list) else False
    if nested and isinstance(theirs, list) and len(ours) == len(theirs):
        for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            found = first_path(a, b, f"{path}[{i}]")
            if found is not None:
                return found
    return path, ours, theirs


_CAUSES_FIRST: Final = (
    "hand_number", "dealer", "dealt_in", "showdown", "ended_in", "shown", "trabuco", "pots",
    "returned", "payoffs",
)  # fmt: skip


def normalized(results: Any) -> Any:
    """Hand results as the runner compares them: each seat's ``shown`` cards in canonical
    order, so that shown hands compare as sets of cards (an engine may list them in any
    order), and the keys causes first (the showdown, the hands shown, the pots, the chips
    returned; the payoffs, which follow from them, last), so that a difference is named
    where it starts."""
    if not isinstance(results, list):
        return results
    out = []
    for result in results:
        if isinstance(result, dict):
            shown = result.get("shown")
            if isinstance(shown, list):
                result = {**result, "shown": [_canonical(h) for h in shown]}
            first = {k: result[k] for k in _CAUSES_FIRST if k in result}
            result = first | {k: v for k, v in result.items() if k not in first}
        out.append(result)
    return out


def _canonical(hand: Any) -> Any:
    if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
        return hand
    return sorted(hand, key=lambda c: (_CARD_ORDER.get(c, len(_CARD_ORDER)), c))


def split_words(data: Any) -> tuple[Any, dict[str, Any]]:
    """A view's facts (the view without its :data:`WORDS`) and its words (``phase_name``,
    ``choices``, and the ``text`` of each event of ``history`` and ``discards``, by index)."""
    if not isinstance(data, dict):
        return data, {}
    facts = {k: v for k, v in data.items() if k not in ("phase_name", "choices")}
    words: dict[str, Any] = {k: data[k] for k in ("phase_name", "choices") if k in data}
    for key in ("history", "discards"):
        events = data.get(key)
        if isinstance(events, list):
            facts[key] = [_without_text(e) for e in events]
            words[key] = [{"text": e.get("text")} if isinstance(e, dict) else None for e in events]
    return facts, words


def _without_text(event: Any) -> Any:
    return {k: v for k, v in event.items() if k != "text"} if isinstance(event, dict) else event


def _settings(rules: Rules) -> Any:
    return rules_data(rules)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _short(value: Any) -> str:
    text = _dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= 400 else text[:397] + "..."
