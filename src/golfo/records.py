"""Records: whole games as JSON that anyone can replay and check (format ``golfo/1``).

:func:`to_json` writes a state's game (rules, seats, starting stacks, first
dealer, every action, every result); :func:`from_json` reads one back by
replaying every action through :func:`golfo.apply`, so a record that loads
is a legal game, and its written results are checked against the replay's.
:func:`replay` yields every state along the way.  The format is specified in
``docs/records.md`` and by the JSON Schema ``record.schema.json``.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> state = golfo.apply(state, golfo.Bet(seat=1, amount=2))
>>> text = golfo.to_json(state)
>>> for line in text.splitlines()[6:8]:
...     print(line)
  "actions": [
    {"type": "deal", "card": "3O"},
>>> golfo.from_json(text) == state
True
>>> len(list(golfo.replay(text)))  # the new game, then one state per action
8

Malformed or dishonest records raise :class:`golfo.FormatError`, naming the place:

>>> golfo.from_json(text.replace('"amount": 2', '"amount": 2.5'))
Traceback (most recent call last):
...
golfo.errors.FormatError: actions[6].amount: expected a whole number, got 2.5
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs

from golfo._reading import (
    MAX_INT,
    fail,
    parse_json,
    read_array,
    read_int,
    read_object,
    read_seat,
    read_seats,
    show,
)
from golfo.actions import Action
from golfo.errors import FormatError, IllegalActionError, RulesError, SeatError
from golfo.reducer import apply, new_game
from golfo.rules import sizes_words
from golfo.standings import standings
from golfo.state import HandResult, Phase, State
from golfo.views import redacted_history
from golfo.wire import (
    MAX_CHIPS,
    action_data,
    action_from_data,
    event_data,
    result_from_data,
    rules_data,
    rules_from_data,
)

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_CHIPS",
    "MAX_INT",
    "MAX_TEXT",
    "SEAT_FORMAT",
    "from_json",
    "replay",
    "result_json",
    "seat_record",
    "to_json",
]

FORMAT: Final = "golfo/1"
"""The format tag every record starts with."""
MAX_TEXT: Final = 16_000_000
"""The longest record text read or written, in characters (a 1,000-hand game is about 2 MB)."""
MAX_ACTIONS: Final = 1_000_000
"""The most actions (and results) a record may hold."""
MAX_DESCRIPTION: Final = 10_000
"""The longest ``description``, in characters."""

_HEADER_KEYS: Final = ("format", "rules", "players", "stacks", "dealer", "actions", "results")
_OPTIONAL_KEYS: Final = ("description", "expected", "steps")
"""``steps``: the conformance vectors' per-step expectations (vectors v2: legal moves,
refused actions, views), read by :mod:`golfo.conformance`, checked here only for shape."""
_EXPECTED_KEYS: Final = ("stacks", "rebuys", "out", "phase", "winner")
_RESULT_KEYS: Final = (
    "hand_number",
    "dealer",
    "dealt_in",
    "payoffs",
    "pots",
    "returned",
    "shown",
    "showdown",
    "trabuco",
    "ended_in",
)
_PHASES: Final[dict[str, Phase]] = {p.value: p for p in Phase}

# ---------------------------------------------------------------------------
# writing


def result_json(result: HandResult) -> dict[str, Any]:
    """A hand's result in the records' form (``golfo/1``), as the record and the engine
    protocol (``golfo-engine/1``) write it."""
    return {
        "hand_number": result.hand_number,
        "dealer": result.dealer,
        "dealt_in": list(result.dealt_in),
        "payoffs": list(result.payoffs),
        "pots": [
            {"amount": p.amount, "eligible": list(p.eligible), "winner": p.winner}
            for p in result.pots
        ],
        "returned": list(result.returned),
        "shown": [None if h is None else [str(c) for c in h.cards] for h in result.shown],
        "showdown": result.showdown,
        "trabuco": result.trabuco,
        "ended_in": result.ended_in.value,
    }


def _expected_json(state: State) -> dict[str, Any]:
    return {
        "stacks": list(state.stacks),
        "rebuys": list(state.rebuys),
        "out": sorted(state.out),
        "phase": state.phase.value,
        "winner": standings(state).winner,
    }


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def to_json(
    state: State,
    *,
    description: str | None = None,
    expected: bool = False,
    seat: int | None = None,
    spectator: bool = False,
) -> str:
    """The record of ``state``'s whole game, as JSON text (format ``golfo/1``).

    **Server side only**: the record holds every card, the hidden ones too (every deal, the
    face-down discards, the folded hands).  Never send it to a player during a game.  For
    a player's own hand history, ``seat=`` gives the game as that seat saw it, and
    ``spectator=True`` as a spectator saw it (format ``golfo-seat/1``, see
    :func:`seat_record`): it does not replay, it only informs.

    The layout is stable: keys in a fixed order, one action or result per
    line, cards in canonical order.  ``description`` adds a one-line note;
    ``expected=True`` adds the final ``stacks``, ``rebuys``, ``out``,
    ``phase`` and standings ``winner`` (checked on reading, as in the
    conformance vectors).  A game beyond the format's limits
    (:data:`MAX_ACTIONS` actions, :data:`MAX_TEXT` characters) raises
    :class:`golfo.FormatError`.
    """
    if not isinstance(state, State):
        raise FormatError(f"to_json needs a golfo.State, got {type(state).__name__}")
    if seat is not None or spectator:
        if seat is not None and spectator:
            raise SeatError("to_json: give a seat or spectator=True, not both")
        return seat_record(state, seat)
    history = state.history
    if len(history) > MAX_ACTIONS:
        raise FormatError(f"a golfo/1 record holds at most {MAX_ACTIONS} actions")
    head: dict[str, Any] = {"format": FORMAT}
    if description is not None:
        head["description"] = _check_description(description, "description")
    head["rules"] = rules_data(state.rules)
    head["players"] = state.players
    head["stacks"] = list(state.initial_stacks)
    head["dealer"] = state.first_dealer
    lines = [f"  {_dump(k)}: {_dump(v)}," for k, v in head.items()]
    for key, items in (
        ("actions", [action_data(a) for a in history]),
        ("results", [result_json(r) for r in state.results]),
    ):
        if items:
            body = ",\n".join(f"    {_dump(item)}" for item in items)
            lines.append(f'  "{key}": [\n{body}\n  ],')
        else:
            lines.append(f'  "{key}": [],')
    if expected:
        lines.append(f'  "expected": {_dump(_expected_json(state))},')
    lines[-1] = lines[-1][:-1]  # no comma after the last key
    text = "{\n" + "\n".join(lines) + "\n}\n"
    if len(text) > MAX_TEXT:
        raise FormatError(f"a golfo/1 record is at most {MAX_TEXT} characters")
    return text


# ---------------------------------------------------------------------------
# reading: every check raises FormatError with the path of the bad value


SEAT_FORMAT: Final = "golfo-seat/1"
"""The format tag of a game as one seat saw it (:func:`seat_record`)."""


def seat_record(state: State, seat: int | None) -> str:
    """The game of ``state`` as ``seat`` saw it (``None``: a spectator), as JSON text in the
    format ``golfo-seat/1``: the rules, seats, starting stacks and first dealer as in a
    record, the seat, then ``events``, the whole game's redacted history in the wire's
    forms (deals to other seats without their cards, face-down discards without theirs),
    and the ``results`` (shown hands only at a showdown).  It holds nothing the seat did not
    see, and it does not replay.

    >>> import golfo, json
    >>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> mine = json.loads(golfo.to_json(s, seat=1))
    >>> mine["format"], mine["seat"]
    ('golfo-seat/1', 1)
    >>> mine["events"][:2]
    [{'type': 'dealt', 'seat': 1, 'card': '3O'}, {'type': 'dealt', 'seat': 2, 'card': None}]
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise SeatError(f"seat must be None or 0..{state.players - 1}, got {seat!r}")
    events = []
    for event in redacted_history(state, seat):
        item = event_data(event)
        del item["text"]
        events.append(item)
    head = {
        "format": SEAT_FORMAT,
        "seat": seat,
        "rules": rules_data(state.rules),
        "players": state.players,
        "stacks": list(state.initial_stacks),
        "dealer": state.first_dealer,
    }
    lines = [f"  {_dump(k)}: {_dump(v)}," for k, v in head.items()]
    for key, items in (("events", events), ("results", [result_json(r) for r in state.results])):
        body = ",\n".join(f"    {_dump(item)}" for item in items)
        lines.append(f'  "{key}": [\n{body}\n  ],' if items else f'  "{key}": [],')
    lines[-1] = lines[-1][:-1]
    return "{\n" + "\n".join(lines) + "\n}\n"


def _check_description(value: Any, path: str) -> str:
    if not isinstance(value, str):
        fail(path, f"expected a string, got {show(value)}")
    if len(value) > MAX_DESCRIPTION:
        fail(path, f"at most {MAX_DESCRIPTION} characters, got {len(value)}")
    return value


@attrs.frozen
class _Expected:
    stacks: tuple[int, ...]
    rebuys: tuple[int, ...]
    out: tuple[int, ...]
    phase: Phase
    winner: int | None


def _expected(value: Any, players: int) -> _Expected:
    obj = read_object(value, "expected", _EXPECTED_KEYS)
    phase = obj["phase"]
    if not isinstance(phase, str) or phase not in _PHASES:
        fail("expected.phase", f'expected a phase name such as "end", got {show(phase)}')
    winner = obj["winner"]
    return _Expected(
        stacks=tuple(
            read_int(x, f"expected.stacks[{i}]")
            for i, x in enumerate(_array(obj["stacks"], "expected.stacks", length=players))
        ),
        rebuys=tuple(
            read_int(x, f"expected.rebuys[{i}]")
            for i, x in enumerate(_array(obj["rebuys"], "expected.rebuys", length=players))
        ),
        out=tuple(sorted(read_seats(obj["out"], "expected.out", players))),
        phase=_PHASES[phase],
        winner=None if winner is None else read_seat(winner, "expected.winner", players),
    )


@attrs.frozen
class _Record:
    """A record whose structure has been checked; its actions not yet replayed."""

    start: State
    actions: tuple[Action, ...]
    results: tuple[HandResult, ...]
    expected: _Expected | None


def _array(value: Any, path: str, most: int = MAX_ACTIONS, length: int | None = None) -> list[Any]:
    return read_array(value, path, most, length)


def _parse(text: str | bytes | bytearray) -> Any:
    return parse_json(text, "record", MAX_TEXT)


def _check(data: Any) -> _Record:
    obj = read_object(data, "record", _HEADER_KEYS, _OPTIONAL_KEYS)
    if obj["format"] != FORMAT or not isinstance(obj["format"], str):
        fail("format", f'expected "{FORMAT}", got {show(obj["format"])}')
    if "description" in obj:
        _check_description(obj["description"], "description")
    if "steps" in obj:
        for i, step in enumerate(_array(obj["steps"], "steps", most=MAX_ACTIONS + 1)):
            if not isinstance(step, dict):
                fail(f"steps[{i}]", f"expected an object, got {show(step)}")
    rules = rules_from_data(obj["rules"])
    players = obj["players"]
    if type(players) is not int or players not in rules.table_sizes:
        fail("players", f"expected {sizes_words(rules.table_sizes)}, got {show(players)}")
    stacks = tuple(
        read_int(x, f"stacks[{i}]", 0, MAX_CHIPS)
        for i, x in enumerate(_array(obj["stacks"], "stacks", length=players))
    )
    dealer = read_seat(obj["dealer"], "dealer", players)
    actions = tuple(
        action_from_data(a, players=players, path=f"actions[{i}]")
        for i, a in enumerate(_array(obj["actions"], "actions"))
    )
    results = tuple(
        result_from_data(r, players=players, path=f"results[{i}]", record=True)
        for i, r in enumerate(_array(obj["results"], "results"))
    )
    expected = _expected(obj["expected"], players) if "expected" in obj else None
    try:
        start = new_game(rules, players=players, dealer=dealer, stacks=stacks)
    except RulesError as error:
        fail("record", f"cannot start this game: {error}")
    return _Record(start, actions, results, expected)


def _states(record: _Record) -> Iterator[State]:
    state = record.start
    yield state
    for i, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            fail(f"actions[{i}]", f"illegal {_dump(action_data(action))}: {error}")
        yield state
    _compare(record, state)


def _compare(record: _Record, state: State) -> None:
    """The written results (and expected values) must be the replay's."""
    if len(record.results) != len(state.results):
        fail(
            "results",
            f"the record has {len(record.results)} results, the replay finished "
            f"{len(state.results)} hands",
        )
    for i, (written, actual) in enumerate(zip(record.results, state.results, strict=True)):
        if written != actual:
            a, b = result_json(written), result_json(actual)
            key = next((k for k in _RESULT_KEYS if a[k] != b[k]), _RESULT_KEYS[0])
            fail(
                f"results[{i}].{key}",
                f"the record says {_dump(a[key])[:200]}, the replay gives {_dump(b[key])[:200]}",
            )
    if record.expected is not None:
        actual_expected = _expected(_expected_json(state), state.players)
        for field in attrs.fields(_Expected):
            want = getattr(record.expected, field.name)
            got = getattr(actual_expected, field.name)
            if want != got:
                fail(
                    f"expected.{field.name}",
                    f"the record says {want!r}, the replay gives {got!r}",
                )


def from_json(text: str | bytes | bytearray) -> State:
    """The final state of a record's game, replayed through :func:`golfo.apply`.

    Anything wrong (not JSON, wrong types or keys, an unknown action, an
    illegal action, written results that differ from the replay's, sizes
    beyond :data:`MAX_TEXT`, :data:`MAX_ACTIONS`, :data:`MAX_CHIPS`) raises
    :class:`golfo.FormatError` naming where, and nothing is returned.

    >>> golfo.from_json('{"format": "golfo/1"}')
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: record: missing key "rules"
    """
    states = _states(_check(_parse(text)))
    state = next(states)
    for state in states:  # noqa: B007 (the last one is the answer)
        pass
    return state


def replay(record: str | bytes | bytearray | Mapping[str, Any]) -> Iterator[State]:
    """Every state of a record's game: the new game first, then one per action.

    ``record`` is JSON text or an already parsed record (a ``dict``).  The
    record's structure is checked at once (:class:`golfo.FormatError` from
    this call); each action is checked when its state is reached, and the
    written results after the last one, so a consumer may see some states
    before a :class:`golfo.FormatError`.  Use :func:`from_json` to check a
    whole record before trusting it.  Every state is a distinct immutable
    snapshot.
    """
    data = record if isinstance(record, Mapping) else _parse(record)
    if isinstance(data, Mapping) and not isinstance(data, dict):
        data = dict(data)
    return _states(_check(data))
