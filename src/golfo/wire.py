"""The JSON forms a frontend sends and receives (format ``golfo-wire/1``).

:func:`to_data` turns a :class:`golfo.View`, a :class:`golfo.LegalMoves`, any action,
a :class:`golfo.HandResult`, :class:`golfo.Standings`, a card, a hand (and rules,
:class:`golfo.notation.Choice` buttons, history events) into plain JSON data: dicts,
lists, strings, whole numbers, booleans and ``None``; :func:`dumps` writes it as text.
:func:`action_from_data` and :func:`loads_action` read what a client sent: anything
malformed raises :class:`golfo.FormatError` naming the place, and with ``seat=`` an
action for another seat raises :class:`golfo.SeatError`, so a server passes each
socket's seat and never trusts a client about who it is.

Actions and cards have one JSON form, shared with the records (``golfo/1``): this module
owns it, and :mod:`golfo.records` reads and writes through it.  The forms are specified
in ``docs/wire.md`` and by the JSON Schema ``wire.schema.json`` shipped in the package.

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

import functools
import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from golfo.actions import (
    CHANCE,
    Action,
    Bet,
    Call,
    Chance,
    Deal,
    Discard,
    EndGame,
    Fold,
    NextHand,
    Pass,
    Raise,
)
from golfo.cards import DECK, Card
from golfo.errors import FormatError, RulesError, SeatError
from golfo.hand import Hand
from golfo.moves import LegalMoves
from golfo.notation import Choice, choices, phase_name, say, say_event
from golfo.rules import Rules, check_players
from golfo.standings import Standing, Standings
from golfo.state import HandResult, Phase, Pot
from golfo.views import Dealt, Discarded, View, ViewEvent

__all__ = [
    "FORMAT",
    "MAX_MESSAGE",
    "action_data",
    "action_from_data",
    "card_data",
    "card_from_data",
    "dumps",
    "loads_action",
    "moves_from_data",
    "parse_json",
    "rules_data",
    "rules_from_data",
    "to_data",
]

FORMAT: Final = "golfo-wire/1"
"""The wire format's name and version, in every view's ``"format"``."""
MAX_MESSAGE: Final = 65_536
"""The longest action message :func:`loads_action` reads, in characters."""
MAX_CHIPS: Final = 10**12
"""The largest starting stack and the largest number in the rules."""
MAX_INT: Final = 2**63 - 1
"""The largest chip amount anywhere else: a signed 64-bit integer."""

RULE_FIELDS: Final = (
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
"""The keys of the rules' JSON form, in order."""
ACTION_KEYS: Final[dict[str, tuple[str, ...]]] = {
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
"""Each action type's keys: a tagged union on ``"type"``."""
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
_CARDS: Final[dict[str, Card]] = {str(c): c for c in DECK}


# ---------------------------------------------------------------------------
# strict readers: every check raises FormatError with the path of the bad value
# (shared with golfo.records)


def fail(path: str, message: str) -> NoReturn:
    """Raise :class:`golfo.FormatError` for the value at ``path``."""
    raise FormatError(f"{path}: {message}")


def show(value: Any) -> str:
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


def read_object(
    value: Any, path: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[Any, Any]:
    """``value`` as an object with exactly the ``required`` keys (and maybe ``optional``)."""
    if not isinstance(value, dict):
        fail(path, f"expected an object, got {show(value)}")
    for key in required:
        if key not in value:
            fail(path, f"missing key {json.dumps(key)}")
    for key in value:
        if key not in required and key not in optional:
            shown = json.dumps(key) if isinstance(key, str) else repr(key)
            fail(path, f"unexpected key {shown[:40]}")
    return value


def read_array(value: Any, path: str, most: int, length: int | None = None) -> list[Any]:
    """``value`` as an array of at most ``most`` items (exactly ``length``, if given)."""
    if not isinstance(value, list | tuple):
        fail(path, f"expected an array, got {show(value)}")
    if length is not None and len(value) != length:
        fail(path, f"expected {length} items, got {len(value)}")
    if len(value) > most:
        fail(path, f"at most {most} items, got {len(value)}")
    return list(value)


def read_int(value: Any, path: str, low: int = 0, high: int = MAX_INT) -> int:
    """``value`` as a whole number (never a boolean or a float) from ``low`` to ``high``."""
    if type(value) is not int:
        fail(path, f"expected a whole number, got {show(value)}")
    if not low <= value <= high:
        fail(path, f"expected a whole number from {low} to {high}, got {show(value)}")
    return value


def read_seat(value: Any, path: str, players: int) -> int:
    """``value`` as a seat number of a table of ``players``."""
    if type(value) is not int:
        fail(path, f"expected a seat number, got {show(value)}")
    if not 0 <= value < players:
        fail(path, f"expected a seat from 0 to {players - 1}, got {show(value)}")
    return value


def read_bool(value: Any, path: str) -> bool:
    """``value`` as ``true`` or ``false``."""
    if type(value) is not bool:
        fail(path, f"expected true or false, got {show(value)}")
    return value


def card_from_data(value: Any, path: str = "card") -> Card:
    """A card from its JSON form, ``"9O"`` (rank 3-9, suit letter O, C, E or B)."""
    card = _CARDS.get(value) if isinstance(value, str) else None
    if card is None:
        fail(path, f'expected a card such as "9O" (rank 3-9, suit O, C, E or B), got {show(value)}')
    return card


def cards_from_data(value: Any, path: str, most: int = 5) -> frozenset[Card]:
    """Distinct cards from a JSON array of at most ``most``."""
    items = read_array(value, path, most=most)
    cards: set[Card] = set()
    for i, item in enumerate(items):
        card = card_from_data(item, f"{path}[{i}]")
        if card in cards:
            fail(f"{path}[{i}]", f"duplicate card {card}")
        cards.add(card)
    return frozenset(cards)


def parse_json(text: str | bytes | bytearray, path: str, most: int) -> Any:
    """Strict JSON: UTF-8, at most ``most`` characters, no NaN or Infinity, no key twice
    in an object.  Anything else raises :class:`golfo.FormatError` at ``path``."""
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * most:
            fail(path, f"too long: at most {most} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            fail(path, f"not UTF-8 text: {error}")
    if not isinstance(text, str):
        fail(path, f"expected JSON text, got {show(text)}")
    if len(text) > most:
        fail(path, f"too long: at most {most} characters, got {len(text)}")

    def no_constant(name: str) -> NoReturn:
        fail(path, f"not JSON: {name} is not a JSON number")

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                fail(path, f"not JSON: the key {json.dumps(key)[:40]} appears twice in an object")
            out[key] = value
        return out

    try:
        return json.loads(text, parse_constant=no_constant, object_pairs_hook=no_duplicates)
    except FormatError:
        raise
    except json.JSONDecodeError as error:
        fail(path, f"not JSON: {error}")
    except RecursionError:
        fail(path, "nested too deeply")
    except ValueError as error:  # e.g. an integer with more digits than Python reads
        fail(path, f"not JSON: {error}")


# ---------------------------------------------------------------------------
# actions, cards and rules: the forms shared with the records


def card_data(card: Card) -> str:
    """``"9O"``."""
    return str(card)


def _cards(cards: Hand | frozenset[Card] | Sequence[Card]) -> list[str]:
    return [str(c) for c in sorted(cards)]


def action_data(action: Action) -> dict[str, Any]:
    """An action's JSON form: ``{"type": "bet", "seat": 1, "amount": 5}`` (amounts are
    round totals), ``{"type": "discard", "seat": 0, "cards": ["3O", "5C"]}``,
    ``{"type": "deal", "card": "9O"}``, ``{"type": "next_hand"}``..."""
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
            return {"type": "discard", "seat": seat, "cards": _cards(cards)}
        case NextHand():
            return {"type": "next_hand"}
        case EndGame():
            return {"type": "end_game"}
    raise FormatError(f"not a golfo action: {action!r}")


def action_from_data(
    data: Any, *, seat: int | None = None, players: int = 4, path: str = "action"
) -> Action:
    """The action of a JSON form (a parsed object); :class:`golfo.FormatError` naming the
    place for anything malformed (never another exception).

    With ``seat`` (the seat of the connection it came from), an action for any other seat
    raises :class:`golfo.SeatError`, and so does a ``deal`` (chance deals, never a seat);
    the table's ``next_hand`` and ``end_game`` carry no seat and are accepted: the server
    decides who may ask for them.  ``players`` (3 or 4: the table's, not the message's;
    anything else raises :class:`golfo.RulesError`) bounds the seat numbers.

    >>> sorted(action_from_data({"type": "discard", "seat": 0, "cards": ["5C", "3O"]}).cards)
    [Card(3, Suit.OROS), Card(5, Suit.COPAS)]
    >>> action_from_data({"type": "raise", "seat": 0, "amount": "10"})
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: action.amount: expected a whole number, got "10"
    """
    check_players(players)
    if not isinstance(data, dict):
        fail(path, f"expected an action object, got {show(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        known = ", ".join(json.dumps(k) for k in ACTION_KEYS)
        fail(f"{path}.type", f"expected one of {known}, got {show(kind)}")
    obj = read_object(data, path, ACTION_KEYS[kind])
    if kind == "deal":
        card = card_from_data(obj["card"], f"{path}.card")
        if seat is not None:
            raise SeatError(f"{path}: a seat cannot deal; chance deals the cards")
        return Deal(card)
    if kind == "next_hand":
        return NextHand()
    if kind == "end_game":
        return EndGame()
    who = read_seat(obj["seat"], f"{path}.seat", players)
    if seat is not None and who != seat:
        raise SeatError(f"{path}.seat: this connection plays seat {seat}, not seat {who}")
    if kind == "pass":
        return Pass(who)
    if kind == "call":
        return Call(who)
    if kind == "fold":
        return Fold(who)
    if kind == "discard":
        return Discard(who, cards_from_data(obj["cards"], f"{path}.cards"))
    amount = read_int(obj["amount"], f"{path}.amount")
    return Bet(who, amount) if kind == "bet" else Raise(who, amount)


def loads_action(
    text: str | bytes | bytearray, *, seat: int | None = None, players: int = 4
) -> Action:
    """:func:`action_from_data` of JSON text (at most :data:`MAX_MESSAGE` characters)."""
    return action_from_data(parse_json(text, "action", MAX_MESSAGE), seat=seat, players=players)


def rules_data(rules: Rules) -> dict[str, Any]:
    """The rules' JSON form: every field, ``starting_stack`` as the number it is."""
    out: dict[str, Any] = {name: getattr(rules, name) for name in RULE_FIELDS}
    if rules.round_caps is not None:
        out["round_caps"] = list(rules.round_caps)
    return out


def rules_from_data(value: Any, path: str = "rules") -> Rules:
    """:class:`golfo.Rules` from their JSON form (every key required)."""
    obj = read_object(value, path, RULE_FIELDS)
    fields: dict[str, Any] = {}
    for name in ("ante", "min_open", "min_raise", "starting_stack"):
        fields[name] = read_int(obj[name], f"{path}.{name}", 0, MAX_CHIPS)
    for name in ("discards_face_up", "deal_in_pairs", "rebuy", "extra_hands_on_tie"):
        fields[name] = read_bool(obj[name], f"{path}.{name}")
    caps = obj["round_caps"]
    if caps is not None:
        items = read_array(caps, f"{path}.round_caps", most=4, length=4)
        caps = tuple(
            read_int(c, f"{path}.round_caps[{i}]", 0, MAX_CHIPS) for i, c in enumerate(items)
        )
    fields["round_caps"] = caps
    hands = obj["hands"]
    fields["hands"] = None if hands is None else read_int(hands, f"{path}.hands", 0, MAX_CHIPS)
    try:
        return Rules(**fields)
    except RulesError as error:
        fail(path, str(error))


# ---------------------------------------------------------------------------
# legal moves


def _actor(seat: int | Chance | None) -> int | str | None:
    if isinstance(seat, Chance):
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
        read_int(x, f"{path}[{i}]", 1) for i, x in enumerate(read_array(value, path, 2, 2))
    )
    if high < low:
        fail(path, f"expected [low, high] with low <= high, got [{low}, {high}]")
    return range(low, high + 1)


def moves_from_data(
    value: Any, *, discard_from: Hand | None = None, path: str = "moves"
) -> LegalMoves:
    """A :class:`golfo.LegalMoves` from its JSON form.  The form does not carry the cards a
    discard may take (the seat's hand, in its view): pass them as ``discard_from``."""
    obj = read_object(value, path, MOVES_KEYS)
    seat = obj["seat"]
    actor: int | Chance | None
    if seat == "chance":
        actor = CHANCE
    elif seat is None:
        actor = None
    else:
        actor = read_seat(seat, f"{path}.seat", 4)
    call = obj["call"]
    discard_max = obj["discard_max"]
    return LegalMoves(
        actor,
        can_pass=read_bool(obj["pass"], f"{path}.pass"),
        can_fold=read_bool(obj["fold"], f"{path}.fold"),
        call=None if call is None else read_int(call, f"{path}.call"),
        bets=_range_from(obj["bet"], f"{path}.bet"),
        raises=_range_from(obj["raise"], f"{path}.raise"),
        discard_max=None
        if discard_max is None
        else read_int(discard_max, f"{path}.discard_max", 0, 5),
        discard_from=discard_from if discard_from is not None else Hand(),
        deals=cards_from_data(obj["deals"], f"{path}.deals", most=28),
        next_hand=read_bool(obj["next_hand"], f"{path}.next_hand"),
        end_game=read_bool(obj["end_game"], f"{path}.end_game"),
    )


# ---------------------------------------------------------------------------
# results and standings


def result_data(result: HandResult) -> dict[str, Any]:
    """A finished hand for a frontend: the record's fields, plus per pot the winner's
    shown hand's ``value``, ``suit`` and ``counting`` cards (``null`` when the hand was won
    by folds: nothing is shown), per seat the ``scores`` of the hands shown (``null`` for a
    seat that showed nothing), and the ``winners``."""
    pots = []
    for pot in result.pots:
        shown = result.shown[pot.winner] if result.showdown else None
        item: dict[str, Any] = {"amount": pot.amount, "eligible": list(pot.eligible)}
        item["winner"] = pot.winner
        if shown is None:
            item |= {"value": None, "suit": None, "counting": None}
        else:
            score = shown.score
            item["value"] = score.value
            item["suit"] = None if score.suit is None else score.suit.spanish
            item["counting"] = _cards(score.cards)
        pots.append(item)
    return {
        "hand_number": result.hand_number,
        "dealer": result.dealer,
        "dealt_in": list(result.dealt_in),
        "mano": result.mano,
        "payoffs": list(result.payoffs),
        "pots": pots,
        "returned": list(result.returned),
        "shown": [None if h is None else _cards(h) for h in result.shown],
        "scores": [None if h is None else _score(h) for h in result.shown],
        "showdown": result.showdown,
        "trabuco": result.trabuco,
        "ended_in": result.ended_in.value,
        "winners": list(result.winners),
    }


def _score(hand: Hand) -> dict[str, Any]:
    score = hand.score
    suit = None if score.suit is None else score.suit.spanish
    return {"value": score.value, "suit": suit, "counting": _cards(score.cards)}


def _standing(row: Standing) -> dict[str, Any]:
    return {
        "seat": row.seat,
        "stack": row.stack,
        "committed": row.committed,
        "rebuys": row.rebuys,
        "net": row.net,
        "rank": row.rank,
        "out": row.out,
    }


def standings_data(table: Standings) -> dict[str, Any]:
    """``{"rows": [{"seat", "stack", "committed", "rebuys", "net", "rank", "out"}, ...],
    "winner": seat or null, "hands_played": n}``, best first."""
    return {
        "rows": [_standing(r) for r in table.rows],
        "winner": table.winner,
        "hands_played": table.hands_played,
    }


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


@functools.lru_cache(maxsize=4096)
def _texts(key: tuple[Action | ViewEvent, type, type]) -> tuple[str, str]:
    # Cached: a view repeats the hand's history, so each event is worded again at every
    # view sent; events are frozen values (equal ones, of equal types, have equal words).
    action = key[0]
    if isinstance(action, Dealt | Discarded):
        return say_event(action, lang="es"), say_event(action, lang="en")
    return say(action, lang="es"), say(action, lang="en")


def event_data(event: ViewEvent) -> dict[str, Any]:
    """An entry of a view's history: ``{"type": "dealt", "seat", "card"}`` (``card`` null
    unless the viewer may see it), ``{"type": "discarded", "seat", "count", "cards"}``
    (``cards`` null when face down to the viewer), or any other action in its own form;
    each with its ``"text"`` in both languages."""
    if isinstance(event, Dealt):
        card = None if event.card is None else str(event.card)
        out: dict[str, Any] = {"type": "dealt", "seat": event.seat, "card": card}
    elif isinstance(event, Discarded):
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


def view_data(view: View, *, results: bool = True) -> dict[str, Any]:
    """What one seat may know, as JSON data (see ``docs/wire.md`` for every key).

    ``version`` counts the actions applied since the new game (a server refuses a move sent
    against a stale view); ``moves`` and ``choices`` are set only when the viewer is to act.
    ``results=False`` leaves out the last key, ``results`` (public, and the same for every
    seat: a server may write it once per hand).
    """
    moves = view.moves
    return {
        "format": FORMAT,
        "version": view.version,
        "seat": view.seat,
        "phase": view.phase.value,
        "phase_name": {"es": phase_name(view.phase, "es"), "en": phase_name(view.phase, "en")},
        "to_act": _actor(view.to_act),
        "hand": _cards(view.hand),
        "hand_value": view.hand.value,
        "moves": None if moves is None else moves_data(moves),
        "choices": None if moves is None else [choice_data(c) for c in choices(moves, view)],
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
        "discards": [event_data(d) for d in view.discards],
        "history": [event_data(e) for e in view.history],
    } | ({"results": [result_data(r) for r in view.results]} if results else {})


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
        case View():
            return view_data(obj)
        case LegalMoves():
            return moves_data(obj)
        case (
            Deal() | Pass() | Bet() | Call() | Raise() | Fold() | Discard() | NextHand() | EndGame()
        ):
            return action_data(obj)
        case HandResult():
            return result_data(obj)
        case Standings():
            return standings_data(obj)
        case Standing():
            return _standing(obj)
        case Pot():
            return {"amount": obj.amount, "eligible": list(obj.eligible), "winner": obj.winner}
        case Card():
            return str(obj)
        case Hand():
            return _cards(obj)
        case Rules():
            return rules_data(obj)
        case Phase():
            return obj.value
        case Choice():
            return choice_data(obj)
        case Dealt() | Discarded():
            return event_data(obj)
    raise FormatError(f"no golfo-wire form for a {type(obj).__name__}")


def dumps(obj: object) -> str:
    """:func:`to_data` as compact JSON text (UTF-8 characters kept as they are)."""
    return json.dumps(to_data(obj), ensure_ascii=False, separators=(",", ":"))
