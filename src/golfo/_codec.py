"""The one JSON codec of cards, actions and rules (private: :mod:`golfo.wire` publishes it).

The wire (``golfo-wire/1``) and the records (``golfo/1``) share these forms: a card is
``"9O"``, an action an object tagged by ``"type"``, the rules every field of
:class:`golfo.Rules`.  :mod:`golfo.wire` re-exports every public name here (and is where
:mod:`golfo.records` and the rest of golfo take them from); the readers raise
:class:`golfo.FormatError` naming the place, through :mod:`golfo._reading`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from golfo._reading import fail, read_array, read_bool, read_int, read_object, read_seat, show
from golfo.actions import (
    Action,
    Bet,
    Call,
    Deal,
    Discard,
    EndGame,
    Fold,
    NextHand,
    Pass,
    Raise,
)
from golfo.cards import DECK, SUITS, Card
from golfo.errors import FormatError, RulesError, SeatError
from golfo.hand import Hand
from golfo.rules import VARIANT_FIELDS, Rules, check_players

__all__ = [
    "ACTION_KEYS",
    "MAX_CHIPS",
    "RULE_FIELDS",
    "action_data",
    "action_from_data",
    "card_data",
    "card_from_data",
    "cards_data",
    "cards_from_data",
    "rules_data",
    "rules_from_data",
]

MAX_CHIPS: Final = 10**12
"""The largest starting stack and the largest number in the rules."""
_SETTINGS: Final = (
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
RULE_FIELDS: Final = (*_SETTINGS, *VARIANT_FIELDS)
"""The keys of the rules' JSON form, in order.  The variant's (``ranks`` to
``table_sizes``, :data:`golfo.rules.VARIANT_FIELDS`) are written only when they differ from
El Golfo's, so the rules of El Golfo are written as they always were; a reader takes each of
them as El Golfo's when it is left out."""
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
_CARDS: Final[dict[str, Card]] = {str(c): c for c in DECK}


# ---------------------------------------------------------------------------
# cards


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


# ---------------------------------------------------------------------------
# actions, cards and rules: the forms shared with the records


def card_data(card: Card) -> str:
    """``"9O"``."""
    return str(card)


def cards_data(cards: Hand | frozenset[Card] | Sequence[Card]) -> list[str]:
    """Cards as a JSON array, in canonical order (by suit, then by rank)."""
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
            return {"type": "discard", "seat": seat, "cards": cards_data(cards)}
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
    decides who may ask for them.  ``players`` (2 to 4: the table's, not the message's;
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


def rules_data(rules: Rules) -> dict[str, Any]:
    """The rules' JSON form: every setting, ``starting_stack`` as the number it is, and the
    variant's settings that are not El Golfo's (suits as their letters, sequences as arrays).

    >>> import golfo
    >>> rules_data(golfo.MINI)["suits"], "cards_counted" in rules_data(golfo.MINI)
    (['O', 'C'], False)
    """
    out: dict[str, Any] = {name: getattr(rules, name) for name in _SETTINGS}
    if rules.round_caps is not None:
        out["round_caps"] = list(rules.round_caps)
    if rules.is_variant:
        for name, default in zip(VARIANT_FIELDS, _DEFAULTS, strict=True):
            value = getattr(rules, name)
            if value != default:
                if name == "suits":
                    out[name] = [suit.value for suit in value]
                else:
                    out[name] = list(value) if isinstance(value, tuple) else value
    return out


def _numbers(
    value: Any, path: str, low: int, high: int, most: int, length: int | None = None
) -> list[int]:
    items = read_array(value, path, most=most, length=length)
    return [read_int(x, f"{path}[{i}]", low, high) for i, x in enumerate(items)]


_SUIT_OF: Final = {suit.value: suit for suit in SUITS}


def _variant_from_data(obj: dict[str, Any], path: str) -> dict[str, Any]:
    """The variant's settings present in ``obj``, read strictly."""
    fields: dict[str, Any] = {}
    if "ranks" in obj:
        fields["ranks"] = _numbers(obj["ranks"], f"{path}.ranks", 3, 9, 7)
    if "suits" in obj:
        suits = []
        for i, letter in enumerate(read_array(obj["suits"], f"{path}.suits", most=4)):
            suit = _SUIT_OF.get(letter) if isinstance(letter, str) else None
            if suit is None:
                fail(
                    f"{path}.suits[{i}]",
                    f'expected a suit letter "O", "C", "E" or "B", got {show(letter)}',
                )
            suits.append(suit)
        fields["suits"] = suits
    if "deal_sizes" in obj:
        fields["deal_sizes"] = _numbers(obj["deal_sizes"], f"{path}.deal_sizes", 0, 5, 2, 2)
    for name, high in (("discard_rounds", 2), ("cards_counted", 5)):
        if name in obj:
            fields[name] = read_int(obj[name], f"{path}.{name}", 0, high)
    if "betting_rounds" in obj:
        fields["betting_rounds"] = _numbers(
            obj["betting_rounds"], f"{path}.betting_rounds", 1, 4, 4
        )
    if obj.get("bet_sizes") is not None:
        fields["bet_sizes"] = _numbers(obj["bet_sizes"], f"{path}.bet_sizes", 1, MAX_CHIPS, 4, 4)
    if obj.get("max_raises") is not None:
        fields["max_raises"] = read_int(obj["max_raises"], f"{path}.max_raises", 0, MAX_CHIPS)
    if "table_sizes" in obj:
        fields["table_sizes"] = _numbers(obj["table_sizes"], f"{path}.table_sizes", 2, 4, 3)
    return fields


def rules_from_data(value: Any, path: str = "rules") -> Rules:
    """:class:`golfo.Rules` from their JSON form (every setting of El Golfo required; each
    setting of the variant optional, El Golfo's when left out)."""
    obj = read_object(value, path, _SETTINGS, VARIANT_FIELDS)
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
    fields.update(_variant_from_data(obj, path))
    try:
        return Rules(**fields)
    except RulesError as error:
        fail(path, str(error))


_DEFAULTS: Final = tuple(getattr(Rules(), name) for name in VARIANT_FIELDS)
