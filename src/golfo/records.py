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
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, NoReturn

import attrs

from golfo.actions import Action, Bet, Call, Deal, Discard, EndGame, Fold, NextHand, Pass, Raise
from golfo.cards import DECK, Card
from golfo.errors import FormatError, IllegalActionError, RulesError
from golfo.hand import Hand
from golfo.reducer import apply, new_game
from golfo.rules import Rules
from golfo.standings import standings
from golfo.state import HandResult, Phase, Pot, State

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_CHIPS",
    "MAX_INT",
    "MAX_TEXT",
    "from_json",
    "replay",
    "to_json",
]

FORMAT: Final = "golfo/1"
"""The format tag every record starts with."""
MAX_TEXT: Final = 16_000_000
"""The longest record text read or written, in characters (a 1,000-hand game is about 2 MB)."""
MAX_ACTIONS: Final = 1_000_000
"""The most actions (and results) a record may hold."""
MAX_CHIPS: Final = 10**12
"""The largest starting stack and the largest number in the rules."""
MAX_INT: Final = 2**63 - 1
"""The largest chip amount anywhere else (bets, pots, payoffs): a signed 64-bit integer.
Stacks grow past :data:`MAX_CHIPS` by winning and rebuying, never past this."""
MAX_DESCRIPTION: Final = 10_000
"""The longest ``description``, in characters."""

_RULE_FIELDS: Final = (
    "ante",
    "min_open",
    "min_raise",
    "round_caps",
    "discards_face_up",
    "deal_in_pairs",
    "starting_stack",
    "hands",
    "rebuy",
    "extra_hands_on_tie",
)
_HEADER_KEYS: Final = ("format", "rules", "players", "stacks", "dealer", "actions", "results")
_OPTIONAL_KEYS: Final = ("description", "expected")
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
_CARDS: Final[dict[str, Card]] = {str(c): c for c in DECK}
_PHASES: Final[dict[str, Phase]] = {p.value: p for p in Phase}
_ACTION_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("type", "card"),
    "pass": ("type", "seat"),
    "bet": ("type", "seat", "amount"),
    "call": ("type", "seat"),
    "raise": ("type", "seat", "amount"),
    "fold": ("type", "seat"),
    "discard": ("type", "seat", "cards"),
    "next_hand": ("type",),
    "end_game": ("type",),
}

# ---------------------------------------------------------------------------
# writing


def _action_json(action: Action) -> dict[str, Any]:
    match action:
        case Deal(card):
            return {"type": "deal", "card": str(card)}
        case Pass(seat):
            return {"type": "pass", "seat": seat}
        case Bet(seat, amount):
            return {"type": "bet", "seat": seat, "amount": amount}
        case Call(seat):
            return {"type": "call", "seat": seat}
        case Raise(seat, amount):
            return {"type": "raise", "seat": seat, "amount": amount}
        case Fold(seat):
            return {"type": "fold", "seat": seat}
        case Discard(seat, cards):
            return {"type": "discard", "seat": seat, "cards": [str(c) for c in sorted(cards)]}
        case NextHand():
            return {"type": "next_hand"}
        case EndGame():
            return {"type": "end_game"}
    raise AssertionError(f"not an action: {action!r}")  # pragma: no cover


def _rules_json(rules: Rules) -> dict[str, Any]:
    out = {name: getattr(rules, name) for name in _RULE_FIELDS}
    if rules.round_caps is not None:
        out["round_caps"] = list(rules.round_caps)
    return out


def _result_json(result: HandResult) -> dict[str, Any]:
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


def to_json(state: State, *, description: str | None = None, expected: bool = False) -> str:
    """The record of ``state``'s whole game, as JSON text (format ``golfo/1``).

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
    history = state.history
    if len(history) > MAX_ACTIONS:
        raise FormatError(f"a golfo/1 record holds at most {MAX_ACTIONS} actions")
    head: dict[str, Any] = {"format": FORMAT}
    if description is not None:
        head["description"] = _check_description(description, "description")
    head["rules"] = _rules_json(state.rules)
    head["players"] = state.players
    head["stacks"] = list(state.initial_stacks)
    head["dealer"] = state.first_dealer
    lines = [f"  {_dump(k)}: {_dump(v)}," for k, v in head.items()]
    for key, items in (
        ("actions", [_action_json(a) for a in history]),
        ("results", [_result_json(r) for r in state.results]),
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


def _fail(path: str, message: str) -> NoReturn:
    raise FormatError(f"{path}: {message}")


def _show(value: Any) -> str:
    """A short description of a bad value, in JSON terms."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else text[:37] + '..."'
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _object(
    value: Any, path: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[Any, Any]:
    if not isinstance(value, dict):
        _fail(path, f"expected an object, got {_show(value)}")
    for key in required:
        if key not in value:
            _fail(path, f"missing key {json.dumps(key)}")
    for key in value:
        if key not in required and key not in optional:
            shown = json.dumps(key) if isinstance(key, str) else repr(key)
            _fail(path, f"unexpected key {shown[:40]}")
    return value


def _array(value: Any, path: str, most: int = MAX_ACTIONS, length: int | None = None) -> list[Any]:
    if not isinstance(value, list | tuple):
        _fail(path, f"expected an array, got {_show(value)}")
    if length is not None and len(value) != length:
        _fail(path, f"expected {length} items, got {len(value)}")
    if len(value) > most:
        _fail(path, f"at most {most} items, got {len(value)}")
    return list(value)


def _int(value: Any, path: str, low: int = 0, high: int = MAX_INT) -> int:
    if type(value) is not int:
        _fail(path, f"expected a whole number, got {_show(value)}")
    if not low <= value <= high:
        _fail(path, f"expected a whole number from {low} to {high}, got {_show(value)}")
    return value


def _seat(value: Any, path: str, players: int) -> int:
    if type(value) is not int:
        _fail(path, f"expected a seat number, got {_show(value)}")
    if not 0 <= value < players:
        _fail(path, f"expected a seat from 0 to {players - 1}, got {_show(value)}")
    return value


def _bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        _fail(path, f"expected true or false, got {_show(value)}")
    return value


def _card(value: Any, path: str) -> Card:
    card = _CARDS.get(value) if isinstance(value, str) else None
    if card is None:
        _fail(
            path, f'expected a card such as "9O" (rank 3-9, suit O, C, E or B), got {_show(value)}'
        )
    return card


def _cards(value: Any, path: str) -> frozenset[Card]:
    items = _array(value, path, most=5)
    cards: set[Card] = set()
    for i, item in enumerate(items):
        card = _card(item, f"{path}[{i}]")
        if card in cards:
            _fail(f"{path}[{i}]", f"duplicate card {card}")
        cards.add(card)
    return frozenset(cards)


def _check_description(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, got {_show(value)}")
    if len(value) > MAX_DESCRIPTION:
        _fail(path, f"at most {MAX_DESCRIPTION} characters, got {len(value)}")
    return value


def _rules(value: Any) -> Rules:
    obj = _object(value, "rules", _RULE_FIELDS)
    fields: dict[str, Any] = {}
    for name in ("ante", "min_open", "min_raise", "starting_stack"):
        fields[name] = _int(obj[name], f"rules.{name}", 0, MAX_CHIPS)
    for name in ("discards_face_up", "deal_in_pairs", "rebuy", "extra_hands_on_tie"):
        fields[name] = _bool(obj[name], f"rules.{name}")
    caps = obj["round_caps"]
    if caps is not None:
        items = _array(caps, "rules.round_caps", length=4)
        caps = tuple(_int(c, f"rules.round_caps[{i}]", 0, MAX_CHIPS) for i, c in enumerate(items))
    fields["round_caps"] = caps
    hands = obj["hands"]
    fields["hands"] = None if hands is None else _int(hands, "rules.hands", 0, MAX_CHIPS)
    try:
        return Rules(**fields)
    except RulesError as error:
        _fail("rules", str(error))


def _action(value: Any, path: str, players: int) -> Action:
    if not isinstance(value, dict):
        _fail(path, f"expected an action object, got {_show(value)}")
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_KEYS:
        known = ", ".join(json.dumps(k) for k in _ACTION_KEYS)
        _fail(f"{path}.type", f"expected one of {known}, got {_show(kind)}")
    obj = _object(value, path, _ACTION_KEYS[kind])
    if kind == "deal":
        return Deal(_card(obj["card"], f"{path}.card"))
    if kind == "next_hand":
        return NextHand()
    if kind == "end_game":
        return EndGame()
    seat = _seat(obj["seat"], f"{path}.seat", players)
    if kind == "pass":
        return Pass(seat)
    if kind == "call":
        return Call(seat)
    if kind == "fold":
        return Fold(seat)
    if kind == "discard":
        return Discard(seat, _cards(obj["cards"], f"{path}.cards"))
    amount = _int(obj["amount"], f"{path}.amount")
    return Bet(seat, amount) if kind == "bet" else Raise(seat, amount)


def _seats(value: Any, path: str, players: int) -> tuple[int, ...]:
    items = _array(value, path, most=players)
    seats = tuple(_seat(s, f"{path}[{i}]", players) for i, s in enumerate(items))
    if len(set(seats)) != len(seats):
        _fail(path, "a seat appears twice")
    return seats


def _result(value: Any, path: str, players: int) -> HandResult:
    obj = _object(value, path, _RESULT_KEYS)
    pots = []
    for i, item in enumerate(_array(obj["pots"], f"{path}.pots", most=players)):
        p = f"{path}.pots[{i}]"
        pot = _object(item, p, ("amount", "eligible", "winner"))
        pots.append(
            Pot(
                amount=_int(pot["amount"], f"{p}.amount"),
                eligible=_seats(pot["eligible"], f"{p}.eligible", players),
                winner=_seat(pot["winner"], f"{p}.winner", players),
            )
        )
    shown: list[Hand | None] = []
    for i, item in enumerate(_array(obj["shown"], f"{path}.shown", length=players)):
        shown.append(None if item is None else Hand(_cards(item, f"{path}.shown[{i}]")))
    ended_in = obj["ended_in"]
    if not isinstance(ended_in, str) or ended_in not in _PHASES:
        _fail(
            f"{path}.ended_in", f'expected a phase name such as "showdown", got {_show(ended_in)}'
        )
    return HandResult(
        hand_number=_int(obj["hand_number"], f"{path}.hand_number", 1, MAX_ACTIONS),
        dealer=_seat(obj["dealer"], f"{path}.dealer", players),
        dealt_in=_seats(obj["dealt_in"], f"{path}.dealt_in", players),
        payoffs=tuple(
            _int(x, f"{path}.payoffs[{i}]", -MAX_INT, MAX_INT)
            for i, x in enumerate(_array(obj["payoffs"], f"{path}.payoffs", length=players))
        ),
        pots=tuple(pots),
        returned=tuple(
            _int(x, f"{path}.returned[{i}]")
            for i, x in enumerate(_array(obj["returned"], f"{path}.returned", length=players))
        ),
        shown=tuple(shown),
        showdown=_bool(obj["showdown"], f"{path}.showdown"),
        trabuco=_bool(obj["trabuco"], f"{path}.trabuco"),
        ended_in=_PHASES[ended_in],
    )


@attrs.frozen
class _Expected:
    stacks: tuple[int, ...]
    rebuys: tuple[int, ...]
    out: tuple[int, ...]
    phase: Phase
    winner: int | None


def _expected(value: Any, players: int) -> _Expected:
    obj = _object(value, "expected", _EXPECTED_KEYS)
    phase = obj["phase"]
    if not isinstance(phase, str) or phase not in _PHASES:
        _fail("expected.phase", f'expected a phase name such as "end", got {_show(phase)}')
    winner = obj["winner"]
    return _Expected(
        stacks=tuple(
            _int(x, f"expected.stacks[{i}]")
            for i, x in enumerate(_array(obj["stacks"], "expected.stacks", length=players))
        ),
        rebuys=tuple(
            _int(x, f"expected.rebuys[{i}]")
            for i, x in enumerate(_array(obj["rebuys"], "expected.rebuys", length=players))
        ),
        out=tuple(sorted(_seats(obj["out"], "expected.out", players))),
        phase=_PHASES[phase],
        winner=None if winner is None else _seat(winner, "expected.winner", players),
    )


@attrs.frozen
class _Record:
    """A record whose structure has been checked; its actions not yet replayed."""

    start: State
    actions: tuple[Action, ...]
    results: tuple[HandResult, ...]
    expected: _Expected | None


def _parse(text: str | bytes | bytearray) -> Any:
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * MAX_TEXT:
            _fail("record", f"too long: at most {MAX_TEXT} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            _fail("record", f"not UTF-8 text: {error}")
    if not isinstance(text, str):
        _fail("record", f"expected JSON text, got {_show(text)}")
    if len(text) > MAX_TEXT:
        _fail("record", f"too long: at most {MAX_TEXT} characters, got {len(text)}")
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except FormatError:
        raise
    except json.JSONDecodeError as error:
        _fail("record", f"not JSON: {error}")
    except RecursionError:
        _fail("record", "nested too deeply")
    except ValueError as error:  # e.g. an integer with more digits than Python reads
        _fail("record", f"not JSON: {error}")


def _no_constant(name: str) -> NoReturn:
    _fail("record", f"not JSON: {name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            _fail("record", f"not JSON: the key {json.dumps(key)[:40]} appears twice in an object")
        out[key] = value
    return out


def _check(data: Any) -> _Record:
    obj = _object(data, "record", _HEADER_KEYS, _OPTIONAL_KEYS)
    if obj["format"] != FORMAT or not isinstance(obj["format"], str):
        _fail("format", f'expected "{FORMAT}", got {_show(obj["format"])}')
    if "description" in obj:
        _check_description(obj["description"], "description")
    rules = _rules(obj["rules"])
    players = obj["players"]
    if type(players) is not int or players not in (3, 4):
        _fail("players", f"expected 3 or 4, got {_show(players)}")
    stacks = tuple(
        _int(x, f"stacks[{i}]", 0, MAX_CHIPS)
        for i, x in enumerate(_array(obj["stacks"], "stacks", length=players))
    )
    dealer = _seat(obj["dealer"], "dealer", players)
    actions = tuple(
        _action(a, f"actions[{i}]", players)
        for i, a in enumerate(_array(obj["actions"], "actions"))
    )
    results = tuple(
        _result(r, f"results[{i}]", players)
        for i, r in enumerate(_array(obj["results"], "results"))
    )
    expected = _expected(obj["expected"], players) if "expected" in obj else None
    try:
        start = new_game(rules, players=players, dealer=dealer, stacks=stacks)
    except RulesError as error:
        _fail("record", f"cannot start this game: {error}")
    return _Record(start, actions, results, expected)


def _states(record: _Record) -> Iterator[State]:
    state = record.start
    yield state
    for i, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            _fail(f"actions[{i}]", f"illegal {_dump(_action_json(action))}: {error}")
        yield state
    _compare(record, state)


def _compare(record: _Record, state: State) -> None:
    """The written results (and expected values) must be the replay's."""
    if len(record.results) != len(state.results):
        _fail(
            "results",
            f"the record has {len(record.results)} results, the replay finished "
            f"{len(state.results)} hands",
        )
    for i, (written, actual) in enumerate(zip(record.results, state.results, strict=True)):
        if written != actual:
            a, b = _result_json(written), _result_json(actual)
            key = next((k for k in _RESULT_KEYS if a[k] != b[k]), _RESULT_KEYS[0])
            _fail(
                f"results[{i}].{key}",
                f"the record says {_dump(a[key])[:200]}, the replay gives {_dump(b[key])[:200]}",
            )
    if record.expected is not None:
        actual_expected = _expected(_expected_json(state), state.players)
        for field in attrs.fields(_Expected):
            want = getattr(record.expected, field.name)
            got = getattr(actual_expected, field.name)
            if want != got:
                _fail(
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
