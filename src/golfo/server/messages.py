"""The ``view`` messages a table sends, written as JSON text with each part written once.

After every move a table sends each of its seats (and its spectators) a message
``{"type": "view", "seats", "standings", "seeded", "view": {...}}`` whose view ends with the
hand's ``discards`` and ``history`` and the game's ``results``.  Written whole for every
seat after every move, that text cost most of the server's time (issue 33's capacity
goal).  :class:`ViewTexts` writes the same text, byte for byte (``json.dumps`` of the same
data, keys in the same order), from parts kept between messages.  Each trick, in one line:

- the head (seats, standings, ``seeded``): written once per state for every seat, the seats
  once until they change;
- the view's public keys (stacks, bets, rules, ...): written once per state for every seat;
  only the seat's own keys (:data:`SEAT_KEYS`) are written for each seat;
- the history and discards: kept per seat for the hand, joined, and only the new events
  written after a move (a hand's history only grows);
- an event's text: kept by its value (:func:`event_text`), so an event every seat sees alike
  (a bet, a card dealt face down to a seat) is written once, not once per seat;
- the results: written once per finished hand (public, the same in every view).

What a seat may know is still decided by :func:`golfo.view` alone, called for every seat: a
part kept for every seat is built only from keys whose value is the same in every seat's
view, a seat's events are kept under that seat, and an event's text depends only on the
event as its viewer was shown it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, Final

import attrs

from golfo.standings import standings
from golfo.state import State
from golfo.views import Discarded, View, ViewEvent, view
from golfo.wire import event_data, result_data, standings_data, view_data

__all__ = ["SEAT_KEYS", "ViewTexts", "event_text"]

SEAT_KEYS: Final = frozenset({"seat", "hand", "hand_value", "moves", "choices"})
"""The keys of ``view_data`` that differ from seat to seat, besides the events (``discards``
and ``history``): written for each seat; every other key is written once per state."""


_dumps: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""``json.dumps(data, ensure_ascii=False)``, the same text, without a new encoder each call
(the data are trees built for the message: nothing to check for cycles)."""


@functools.lru_cache(maxsize=4096)
def event_text(event: ViewEvent) -> str:
    """``event_data(event)`` as JSON text, kept by the event's value: events are frozen values
    that compare by every field (a card dealt face down is ``Dealt(seat, None)``), so two
    equal events are the same text, whoever is shown them."""
    return _dumps(event_data(event))


@attrs.define
class _Events:
    """One seat's events of one hand, as JSON texts, oldest first, and joined."""

    hand: int
    texts: list[str] = attrs.Factory(list)
    discards: list[str] = attrs.Factory(list)
    counts: list[int] = attrs.Factory(list)
    """How many of the discards come before each event, itself included."""
    history: str = ""
    """``", ".join(texts)``."""
    discarded: str = ""
    """``", ".join(discards)``."""


@attrs.define
class _Parts:
    """The parts of one state's messages that every seat shares."""

    state: State
    seats_key: object
    head: str
    """The message up to the view: ``{"type": "view", ..., "view": {``."""
    segments: list[str | tuple[str, ...]] = attrs.Factory(list)
    """The view's keys in order, in runs (:func:`_segments`; from the first view written)."""


def _segments(data: dict[str, Any]) -> list[str | tuple[str, ...]]:
    """``data``'s keys in runs: each run of public keys written once as JSON text (``"pot":
    3, "current_bet": 1``), each run of a seat's own keys as the tuple of its keys."""
    runs: list[tuple[bool, list[str]]] = []
    for key in data:
        public = key not in SEAT_KEYS
        if runs and runs[-1][0] == public:
            runs[-1][1].append(key)
        else:
            runs.append((public, [key]))
    return [
        _dumps({key: data[key] for key in run})[1:-1] if public else tuple(run)
        for public, run in runs
    ]


class ViewTexts:
    """The view messages of one table (keep one per table: its parts are the table's).

    :meth:`message` is ``json.dumps`` of ``{"type": "view", "seats": ..., "standings": ...,
    "seeded": ..., "view": view_data(view(state, seat))}``, the same text, written faster.
    The states asked for must be those of one game, in any order (a table's states).
    """

    def __init__(self) -> None:
        self._parts: _Parts | None = None
        self._seats: tuple[object, str] | None = None
        self._results: tuple[int, str] | None = None
        self._events: dict[int | None, _Events] = {}

    def message(
        self,
        state: State,
        seat: int | None,
        seats: Callable[[], list[dict[str, Any]]],
        seats_key: object,
        seeded: bool,
    ) -> str:
        """The view message of ``state`` for ``seat`` (``None``: a spectator): ``seats()``
        gives the table's seats, which change only when ``seats_key`` does."""
        parts = self._parts
        if parts is None or parts.state is not state or parts.seats_key != seats_key:
            kept = self._seats
            if kept is None or kept[0] != seats_key:
                kept = self._seats = (seats_key, _dumps(seats()))
            head = (
                f'{{"type": "view", "seats": {kept[1]}, '
                f'"standings": {_dumps(standings_data(standings(state)))}, '
                f'"seeded": {_dumps(seeded)}, "view": {{'
            )
            parts = self._parts = _Parts(state, seats_key, head)
        seen = view(state, seat)
        data = view_data(seen, results=False, events=False)
        if not parts.segments:
            parts.segments = _segments(data)
        texts = [
            segment
            if isinstance(segment, str)
            else _dumps({key: data[key] for key in segment})[1:-1]
            for segment in parts.segments
        ]
        history, discards = self._history(seat, seen)
        return (
            f"{parts.head}{', '.join(texts)}, "
            f'"discards": [{discards}], "history": [{history}], '
            f'"results": {self._results_text(state)}}}}}'
        )

    def _history(self, seat: int | None, seen: View) -> tuple[str, str]:
        """The seat's history and discards of the view's hand, as JSON texts without their
        brackets."""
        events = seen.history
        kept = self._events.get(seat)
        if kept is None or kept.hand != seen.hand_number or len(events) < len(kept.texts):
            if kept is not None and kept.hand == seen.hand_number:  # an older state
                count = len(events)
                discards = kept.discards[: kept.counts[count - 1]] if count else []
                return ", ".join(kept.texts[:count]), ", ".join(discards)
            kept = self._events[seat] = _Events(seen.hand_number)
        new = events[len(kept.texts) :]
        if new:
            texts = [event_text(event) for event in new]
            kept.history = ", ".join([kept.history, *texts] if kept.texts else texts)
            kept.texts.extend(texts)
            for event, text in zip(new, texts, strict=True):
                if isinstance(event, Discarded):
                    kept.discarded = f"{kept.discarded}, {text}" if kept.discards else text
                    kept.discards.append(text)
                kept.counts.append(len(kept.discards))
        return kept.history, kept.discarded

    def _results_text(self, state: State) -> str:
        """The results of the finished hands, written once per hand (public, the same in
        every view)."""
        results = state.results
        kept = self._results
        if kept is None or kept[0] != len(results):
            counted = state.rules.cards_counted
            kept = self._results = (
                len(results),
                _dumps([result_data(r, counted=counted) for r in results]),
            )
        return kept[1]
