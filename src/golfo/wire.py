"""The JSON forms a frontend sends and receives (format ``golfo-wire/1``).

:func:`to_data` turns a :class:`golfo.View`, a :class:`golfo.LegalMoves`, any action,
a :class:`golfo.HandResult`, :class:`golfo.Standings`, a card, a hand (and rules,
:class:`golfo.notation.Choice` buttons, history events) into plain JSON data: dicts,
lists, strings, whole numbers, booleans and ``None``; :func:`dumps` writes it as text.
:func:`action_from_data` and :func:`loads_action` read what a client sent: anything
malformed raises :class:`golfo.FormatError` naming the place, and with ``seat=`` an
action for another seat raises :class:`golfo.SeatError`, so a server passes each
socket's seat and never trusts a client about who it is.  :func:`view_from_data` reads a
view back, as strictly, for a client in Python (a bot playing a server's seat).

Actions, cards and rules have one JSON form, shared with the records (``golfo/1``): this
module publishes it, and :mod:`golfo.records` reads and writes through it.  The forms are
specified in ``docs/wire.md`` and by the JSON Schema ``wire.schema.json`` shipped in the
package.  The module's public names are exactly its API, ``__all__``.

A view's data holds only what its seat may know: it is built from a :class:`golfo.View`,
never from a :class:`golfo.State`.  :func:`golfo.to_json` (the whole record, with every
hidden card) is for the server's storage only.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> data = to_data(golfo.view(state, 1))
>>> data["version"], data["seat"], data["phase"], data["to_act"], data["hand"]
(6, 1, 'bet_1', 1, ['3O', '6O'])
>>> data["moves"]["bet"], data["moves"]["pass"]
([1, 99], True)
>>> loads_action('{"type": "bet", "seat": 1, "amount": 5}', seat=1)
Bet(seat=1, amount=5)
>>> loads_action('{"type": "bet", "seat": 2, "amount": 5}', seat=1)
Traceback (most recent call last):
...
golfo.errors.SeatError: action.seat: this connection plays seat 1, not seat 2
"""

from __future__ import annotations

import functools as _functools
import json as _json
import typing as _typing

from golfo._codec import (
    ACTION_KEYS,
    MAX_CHIPS,
    RULE_FIELDS,
    action_data,
    action_from_data,
    card_data,
    card_from_data,
    cards_from_data,
    rules_data,
    rules_from_data,
)
from golfo._codec import cards_data as _cards
from golfo._reading import MAX_INT, parse_json
from golfo._reading import fail as _fail
from golfo._reading import read_array as _read_array
from golfo._reading import read_bool as _read_bool
from golfo._reading import read_int as _read_int
from golfo._reading import read_object as _read_object
from golfo._reading import read_seat as _read_seat
from golfo._reading import read_seats as _read_seats
from golfo._reading import show as _show
from golfo._results import MOST as _MOST
from golfo._results import phase_from as _phase_from
from golfo._results import result_data, result_from_data, standings_data
from golfo._results import same as _same
from golfo._results import standing_data as _standing_data
from golfo.actions import CHANCE as _CHANCE
from golfo.actions import Bet as _Bet
from golfo.actions import Call as _Call
from golfo.actions import Chance as _Chance
from golfo.actions import Deal as _Deal
from golfo.actions import Discard as _Discard
from golfo.actions import EndGame as _EndGame
from golfo.actions import Fold as _Fold
from golfo.actions import NextHand as _NextHand
from golfo.actions import Pass as _Pass
from golfo.actions import Raise as _Raise
from golfo.cards import DECK as _DECK
from golfo.cards import Card as _Card
from golfo.errors import FormatError as _FormatError
from golfo.hand import Hand as _Hand
from golfo.moves import LegalMoves as _LegalMoves
from golfo.notation import Choice as _Choice
from golfo.notation import choices as _choices
from golfo.notation import phase_name as _phase_name
from golfo.notation import say as _say
from golfo.notation import say_event as _say_event
from golfo.rules import Rules as _Rules
from golfo.rules import sizes_words as _sizes_words
from golfo.standings import Standing as _Standing
from golfo.standings import Standings as _Standings
from golfo.state import HandResult as _HandResult
from golfo.state import Phase as _Phase
from golfo.state import Pot as _Pot
from golfo.views import Dealt as _Dealt
from golfo.views import Discarded as _Discarded
from golfo.views import View as _View

if _typing.TYPE_CHECKING:  # the names the annotations use: never bound at run time
    from typing import Any, Final

    from golfo.actions import Action, Chance
    from golfo.hand import Hand
    from golfo.moves import LegalMoves
    from golfo.notation import Choice
    from golfo.rules import Rules
    from golfo.views import View, ViewEvent

# The module's public names are its API (__all__) and nothing else: what the code uses is
# bound under private names, and the one name the __future__ import binds is unbound.
del annotations

__all__ = [
    "ACTION_KEYS",
    "FORMAT",
    "MAX_CHIPS",
    "MAX_INT",
    "MAX_MESSAGE",
    "MOVES_KEYS",
    "RULE_FIELDS",
    "VIEW_KEYS",
    "action_data",
    "action_from_data",
    "card_data",
    "card_from_data",
    "cards_from_data",
    "choice_data",
    "dumps",
    "event_data",
    "loads_action",
    "moves_data",
    "moves_from_data",
    "parse_json",
    "result_data",
    "result_from_data",
    "rules_data",
    "rules_from_data",
    "standings_data",
    "to_data",
    "view_data",
    "view_from_data",
]

FORMAT: Final = "golfo-wire/1"
"""The wire format's name and version, in every view's ``"format"``."""
MAX_MESSAGE: Final = 65_536
"""The longest action message :func:`loads_action` reads, in characters."""

MOVES_KEYS: Final = (
    "seat",
    "pass",
    "call",
    "fold",
    "bet",
    "raise",
    "discard_max",
    "deals",
    "next_hand",
    "end_game",
)
"""The keys of a :class:`golfo.LegalMoves`' JSON form, exactly."""
VIEW_KEYS: Final = (
    "format",
    "version",
    "seat",
    "phase",
    "phase_name",
    "to_act",
    "hand",
    "hand_value",
    "moves",
    "choices",
    "rules",
    "players",
    "hand_number",
    "dealer",
    "mano",
    "dealt_in",
    "stacks",
    "bets",
    "committed",
    "pot",
    "current_bet",
    "folded",
    "rebuys",
    "out",
    "hand_sizes",
    "stock_size",
    "discards",
    "history",
    "results",
)
"""The keys of a view's JSON form, exactly, in the order :func:`view_data` writes them."""


# ---------------------------------------------------------------------------
# actions: one as a client sends it


def loads_action(
    text: str | bytes | bytearray, *, seat: int | None = None, players: int = 4
) -> Action:
    """:func:`action_from_data` of JSON text (at most :data:`MAX_MESSAGE` characters)."""
    return action_from_data(parse_json(text, "action", MAX_MESSAGE), seat=seat, players=players)


# ---------------------------------------------------------------------------
# legal moves


def _actor(seat: int | Chance | None) -> int | str | None:
    if isinstance(seat, _Chance):
        return "chance"
    return seat


def moves_data(moves: LegalMoves) -> dict[str, Any]:
    """A :class:`golfo.LegalMoves`' JSON form, exactly ``{"seat", "pass", "call", "fold",
    "bet", "raise", "discard_max", "deals", "next_hand", "end_game"}``: ranges as inclusive
    ``[low, high]`` pairs (``null`` when empty), ``seat`` a seat, ``"chance"`` or ``null``."""
    bets, raises = moves.bets, moves.raises
    return {
        "seat": _actor(moves.seat),
        "pass": moves.can_pass,
        "call": moves.call,
        "fold": moves.can_fold,
        "bet": [bets[0], bets[-1]] if bets else None,
        "raise": [raises[0], raises[-1]] if raises else None,
        "discard_max": moves.discard_max,
        "deals": _cards(moves.deals),
        "next_hand": moves.next_hand,
        "end_game": moves.end_game,
    }


def _range_from(value: Any, path: str) -> range:
    if value is None:
        return range(0)
    low, high = (
        _read_int(x, f"{path}[{i}]", 1) for i, x in enumerate(_read_array(value, path, 2, 2))
    )
    if high < low:
        _fail(path, f"expected [low, high] with low <= high, got [{low}, {high}]")
    return range(low, high + 1)


def moves_from_data(
    value: Any, *, discard_from: Hand | None = None, path: str = "moves"
) -> LegalMoves:
    """A :class:`golfo.LegalMoves` from its JSON form.  The form does not carry the cards a
    discard may take (the seat's hand, in its view): pass them as ``discard_from``."""
    obj = _read_object(value, path, MOVES_KEYS)
    seat = obj["seat"]
    actor: int | Chance | None
    if seat == "chance":
        actor = _CHANCE
    elif seat is None:
        actor = None
    else:
        actor = _read_seat(seat, f"{path}.seat", 4)
    call = obj["call"]
    discard_max = obj["discard_max"]
    return _LegalMoves(
        actor,
        can_pass=_read_bool(obj["pass"], f"{path}.pass"),
        can_fold=_read_bool(obj["fold"], f"{path}.fold"),
        call=None if call is None else _read_int(call, f"{path}.call"),
        bets=_range_from(obj["bet"], f"{path}.bet"),
        raises=_range_from(obj["raise"], f"{path}.raise"),
        discard_max=None
        if discard_max is None
        else _read_int(discard_max, f"{path}.discard_max", 0, 5),
        discard_from=discard_from if discard_from is not None else _Hand(),
        deals=cards_from_data(obj["deals"], f"{path}.deals", most=28),
        next_hand=_read_bool(obj["next_hand"], f"{path}.next_hand"),
        end_game=_read_bool(obj["end_game"], f"{path}.end_game"),
    )


# ---------------------------------------------------------------------------
# views


def _words(action: Action | ViewEvent) -> dict[str, str]:
    # the types in the key: Bet(1, 2.0) == Bet(1, 2), but it is not worded the same
    key = (action, type(getattr(action, "seat", None)), type(getattr(action, "amount", None)))
    try:
        es, en = _texts(key)
    except TypeError:  # not hashable (an event built by hand with a list of cards): uncached
        es, en = _texts.__wrapped__(key)
    return {"es": es, "en": en}


@_functools.lru_cache(maxsize=4096)
def _texts(key: tuple[Action | ViewEvent, type, type]) -> tuple[str, str]:
    # Cached: a view repeats the hand's history, so each event is worded again at every
    # view sent; events are frozen values (equal ones, of equal types, have equal words).
    action = key[0]
    if isinstance(action, _Dealt | _Discarded):
        return _say_event(action, lang="es"), _say_event(action, lang="en")
    return _say(action, lang="es"), _say(action, lang="en")


def event_data(event: ViewEvent) -> dict[str, Any]:
    """An entry of a view's history: ``{"type": "dealt", "seat", "card"}`` (``card`` null
    unless the viewer may see it), ``{"type": "discarded", "seat", "count", "cards"}``
    (``cards`` null when face down to the viewer), or any other action in its own form;
    each with its ``"text"`` in both languages."""
    if isinstance(event, _Dealt):
        card = None if event.card is None else str(event.card)
        out: dict[str, Any] = {"type": "dealt", "seat": event.seat, "card": card}
    elif isinstance(event, _Discarded):
        cards = None if event.cards is None else _cards(event.cards)
        out = {"type": "discarded", "seat": event.seat, "count": event.count, "cards": cards}
    else:
        out = action_data(event)
    out["text"] = _words(event)
    return out


def choice_data(choice: Choice) -> dict[str, Any]:
    """A button: ``{"kind", "es", "en", "key", "low", "high", "amount", "most"}``."""
    return {
        "kind": choice.kind,
        "es": choice.es,
        "en": choice.en,
        "key": choice.key,
        "low": choice.low,
        "high": choice.high,
        "amount": choice.amount,
        "most": choice.most,
    }


def view_data(view: View, *, results: bool = True, events: bool = True) -> dict[str, Any]:
    """What one seat may know, as JSON data (see ``docs/wire.md`` for every key).

    ``version`` counts the actions applied since the new game (a server refuses a move sent
    against a stale view); ``moves`` and ``choices`` are set only when the viewer is to act.
    ``results=False`` leaves out the last key, ``results`` (public, and the same for every
    seat: a server may write it once per hand); ``events=False`` leaves out the two before it,
    ``discards`` and ``history`` (a server may keep each event's text for the hand).
    """
    moves = view.moves
    counted = view.rules.cards_counted
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": view.version,
        "seat": view.seat,
        "phase": view.phase.value,
        "phase_name": {"es": _phase_name(view.phase, "es"), "en": _phase_name(view.phase, "en")},
        "to_act": _actor(view.to_act),
        "hand": _cards(view.hand),
        "hand_value": view.rules.hand_value(view.hand.mask),
        "moves": None if moves is None else moves_data(moves),
        "choices": None if moves is None else [choice_data(c) for c in _choices(moves, view)],
        "rules": rules_data(view.rules),
        "players": view.players,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "mano": view.mano,
        "dealt_in": list(view.dealt_in),
        "stacks": list(view.stacks),
        "bets": list(view.bets),
        "committed": list(view.committed),
        "pot": view.pot,
        "current_bet": view.current_bet,
        "folded": sorted(view.folded),
        "rebuys": list(view.rebuys),
        "out": sorted(view.out),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
    }
    if events:
        data["discards"] = [event_data(d) for d in view.discards]
        data["history"] = [event_data(e) for e in view.history]
    if results:
        data["results"] = [result_data(r, counted=counted) for r in view.results]
    return data


_EVENT_TYPES: Final = ("dealt", "discarded", "pass", "bet", "call", "raise", "fold", "end_game")
_CHOICE_KEYS: Final = ("kind", "es", "en", "key", "low", "high", "amount", "most")


def _words_from(value: Any, path: str) -> None:
    """Words in both languages, ``{"es": ..., "en": ...}``: their shape is checked, their
    content is not read (it words the facts beside them; golfo may reword them)."""
    obj = _read_object(value, path, ("es", "en"))
    for lang in ("es", "en"):
        if not isinstance(obj[lang], str):
            _fail(f"{path}.{lang}", f"expected words, got {_show(obj[lang])}")


def _choice_shape(value: Any, path: str) -> None:
    obj = _read_object(value, path, _CHOICE_KEYS)
    for key in ("kind", "es", "en", "key"):
        if not isinstance(obj[key], str):
            _fail(f"{path}.{key}", f"expected a string, got {_show(obj[key])}")
    for key in ("low", "high", "amount", "most"):
        if obj[key] is not None:
            _read_int(obj[key], f"{path}.{key}")


def _event_from(value: Any, path: str, viewer: int | None, rules: Rules, players: int) -> ViewEvent:
    """An entry of a view's history (:func:`event_data`); a card the viewer may not know
    (dealt to another seat, discarded face down by another seat) is refused."""
    kind = value.get("type") if isinstance(value, dict) else None
    if not isinstance(kind, str) or kind not in _EVENT_TYPES:
        if not isinstance(value, dict):
            _fail(path, f"expected an event object, got {_show(value)}")
        known = ", ".join(_json.dumps(k) for k in _EVENT_TYPES)
        _fail(f"{path}.type", f"expected one of {known}, got {_show(kind)}")
    if kind == "dealt":
        obj = _read_object(value, path, ("type", "seat", "card", "text"))
        seat = _read_seat(obj["seat"], f"{path}.seat", players)
        card = None if obj["card"] is None else card_from_data(obj["card"], f"{path}.card")
        if card is not None and seat != viewer:
            _fail(f"{path}.card", f"a card dealt to seat {seat}: not the viewer's to know")
        event: ViewEvent = _Dealt(seat, card)
    elif kind == "discarded":
        obj = _read_object(value, path, ("type", "seat", "count", "cards", "text"))
        seat = _read_seat(obj["seat"], f"{path}.seat", players)
        count = _read_int(obj["count"], f"{path}.count", 0, 5)
        cards = None if obj["cards"] is None else cards_from_data(obj["cards"], f"{path}.cards")
        if cards is not None and len(cards) != count:
            _fail(f"{path}.cards", f"expected {count} cards (the count), got {len(cards)}")
        if cards is not None and not rules.discards_face_up and seat != viewer:
            _fail(f"{path}.cards", f"discarded face down by seat {seat}: not the viewer's to know")
        event = _Discarded(seat, count, cards)
    else:
        obj = _read_object(value, path, (*ACTION_KEYS[kind], "text"))
        event = action_from_data(
            {k: v for k, v in obj.items() if k != "text"}, players=players, path=path
        )
    _words_from(obj["text"], f"{path}.text")
    return event


def view_from_data(data: Any, *, path: str = "view") -> View:
    """The :class:`golfo.View` of its JSON form (:func:`view_data`'s, with its ``results``,
    as a server sends it), read strictly: :class:`golfo.FormatError` naming the place for
    anything malformed, never another exception; ``view_from_data(view_data(v)) == v``.

    What follows from the rest must be what the rest gives (``hand_value``, ``mano``,
    ``pot``, ``current_bet``, the results' winners and scores, ``discards`` the history's
    discards); ``moves`` and ``choices`` are set exactly when the viewer is to act; no event
    shows a card the viewer may not know.  The words (``phase_name``, ``choices``, each
    event's ``text``) are checked for shape only: they word the facts beside them, and the
    facts are read from those (``choices`` from ``moves``).

    >>> import golfo
    >>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> view = golfo.view(state, 1)
    >>> view_from_data(view_data(view)) == view
    True
    >>> view_from_data(view_data(view) | {"pot": 4})
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: view.pot: expected 3 (the sum of committed), got 4
    """
    obj = _read_object(data, path, VIEW_KEYS)

    def at(key: str) -> str:
        return f"{path}.{key}"

    if obj["format"] != FORMAT or not isinstance(obj["format"], str):
        _fail(at("format"), f'expected "{FORMAT}", got {_show(obj["format"])}')
    rules = rules_from_data(obj["rules"], at("rules"))
    players = obj["players"]
    if type(players) is not int or players not in rules.table_sizes:
        _fail(at("players"), f"expected {_sizes_words(rules.table_sizes)}, got {_show(players)}")

    def per_seat(key: str, high: int = MAX_INT) -> tuple[int, ...]:
        items = _read_array(obj[key], at(key), players, players)
        return tuple(_read_int(x, f"{at(key)}[{i}]", 0, high) for i, x in enumerate(items))

    seat = None if obj["seat"] is None else _read_seat(obj["seat"], at("seat"), players)
    hand = _Hand(cards_from_data(obj["hand"], at("hand")))
    raw_moves = obj["moves"]
    discard = isinstance(raw_moves, dict) and raw_moves.get("discard_max") is not None
    moves = (
        None
        if raw_moves is None
        else moves_from_data(raw_moves, discard_from=hand if discard else None, path=at("moves"))
    )
    to_act = obj["to_act"]
    if to_act == "chance" and isinstance(to_act, str):
        to_act = _CHANCE
    elif to_act is not None:
        to_act = _read_seat(to_act, at("to_act"), players)
    mine = seat is not None and to_act == seat
    if mine != (moves is not None):
        wanted = (
            f"the moves of seat {seat}: it is to act" if mine else "null: not the viewer's turn"
        )
        _fail(at("moves"), f"expected {wanted}")
    if moves is not None and moves.seat != seat:
        _fail(at("moves.seat"), f"expected {seat}, the viewer, got {_show(raw_moves['seat'])}")
    if obj["choices"] is None and mine:
        _fail(at("choices"), "expected the buttons: the viewer is to act")
    if obj["choices"] is not None:
        if not mine:
            _fail(
                at("choices"), f"expected null: no moves, no buttons, got {_show(obj['choices'])}"
            )
        for i, item in enumerate(_read_array(obj["choices"], at("choices"), 20)):
            _choice_shape(item, f"{at('choices')}[{i}]")
    _words_from(obj["phase_name"], at("phase_name"))
    history = tuple(
        _event_from(e, f"{at('history')}[{i}]", seat, rules, players)
        for i, e in enumerate(_read_array(obj["history"], at("history"), _MOST))
    )
    discards = tuple(e for e in history if isinstance(e, _Discarded))
    written = tuple(
        _event_from(e, f"{at('discards')}[{i}]", seat, rules, players)
        for i, e in enumerate(_read_array(obj["discards"], at("discards"), _MOST))
    )
    if written != discards:
        _fail(at("discards"), "expected the discarded events of the history, in its order")
    dealt_in = _read_seats(obj["dealt_in"], at("dealt_in"), players)
    if not dealt_in:
        _fail(at("dealt_in"), "expected at least one seat")
    view = _View(
        seat=seat,
        version=_read_int(obj["version"], at("version")),
        rules=rules,
        players=players,
        hand_number=_read_int(obj["hand_number"], at("hand_number"), 1, _MOST),
        dealer=_read_seat(obj["dealer"], at("dealer"), players),
        dealt_in=dealt_in,
        phase=_phase_from(obj["phase"], at("phase")),
        to_act=to_act,
        stacks=per_seat("stacks"),
        bets=per_seat("bets"),
        committed=per_seat("committed"),
        folded=frozenset(_read_seats(obj["folded"], at("folded"), players)),
        rebuys=per_seat("rebuys"),
        out=frozenset(_read_seats(obj["out"], at("out"), players)),
        hand=hand,
        hand_sizes=per_seat("hand_sizes", 5),
        stock_size=_read_int(obj["stock_size"], at("stock_size"), 0, len(_DECK)),
        discards=discards,
        history=history,
        results=tuple(
            result_from_data(
                r, players=players, path=f"{at('results')}[{i}]", counted=rules.cards_counted
            )
            for i, r in enumerate(_read_array(obj["results"], at("results"), _MOST))
        ),
        moves=moves,
    )
    held = 0 if seat is None else view.hand_sizes[seat]
    if len(hand) != held:
        _fail(at("hand"), f"expected {held} cards (hand_sizes), got {len(hand)}")
    for key, value, source in (
        ("hand_value", rules.hand_value(hand.mask), "the value of the hand"),
        ("mano", view.mano, "the first seat dealt in"),
        ("pot", view.pot, "the sum of committed"),
        ("current_bet", view.current_bet, "the most of bets"),
    ):
        _same(obj[key], value, at(key), source)
    return view


# ---------------------------------------------------------------------------
# one entry point


def to_data(obj: object) -> Any:
    """Plain JSON data for ``obj``: a view, legal moves, an action, a hand result,
    standings (or one row), a pot, a card, a hand, rules, a phase, a button or a history
    event.  Anything else raises :class:`golfo.FormatError`.

    >>> import golfo
    >>> to_data(golfo.Hand.parse("9O 3O 5C")), to_data(golfo.Phase.BET_2)
    (['3O', '9O', '5C'], 'bet_2')
    """
    match obj:
        case _View():
            return view_data(obj)
        case _LegalMoves():
            return moves_data(obj)
        case (
            _Deal()
            | _Pass()
            | _Bet()
            | _Call()
            | _Raise()
            | _Fold()
            | _Discard()
            | _NextHand()
            | _EndGame()
        ):
            return action_data(obj)
        case _HandResult():
            return result_data(obj)
        case _Standings():
            return standings_data(obj)
        case _Standing():
            return _standing_data(obj)
        case _Pot():
            return {"amount": obj.amount, "eligible": list(obj.eligible), "winner": obj.winner}
        case _Card():
            return str(obj)
        case _Hand():
            return _cards(obj)
        case _Rules():
            return rules_data(obj)
        case _Phase():
            return obj.value
        case _Choice():
            return choice_data(obj)
        case _Dealt() | _Discarded():
            return event_data(obj)
    raise _FormatError(f"no golfo-wire form for a {type(obj).__name__}")


def dumps(obj: object) -> str:
    """:func:`to_data` as compact JSON text (UTF-8 characters kept as they are)."""
    return _json.dumps(to_data(obj), ensure_ascii=False, separators=(",", ":"))
