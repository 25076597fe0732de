"""Conversions between golfo's objects and the plain values of ``golfo_native._core``."""

from __future__ import annotations

from typing import Any, Final

import golfo
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
from golfo.cards import DECK, Card, cards_of
from golfo.hand import Hand
from golfo.state import HandResult, Phase, Pot
from golfo_native import _core

PHASES: Final = tuple(Phase)
"""``golfo.Phase`` by the index the Rust engine uses (the enum's order)."""
PHASE_INDEX: Final = {p: i for i, p in enumerate(PHASES)}
NOT_WHOLE: Final = -(2**63)
"""The amount the Rust engine reads as "not a whole number"."""
_LIMIT: Final = 2**62  # amounts and seats beyond this are clamped: they are refused anyway
_NEXT_HAND: Final = NextHand()
_END_GAME: Final = EndGame()
_DEALS: Final = tuple(Deal(c) for c in DECK)


_BIG: Final = 2**62
"""Bet sizes and most raises above this are taken as this: no game can tell them apart (no
stack reaches it, no round has that many raises)."""
_ENGINE_RULES: dict[int, tuple[golfo.Rules, _core.Rules]] = {}
"""The engine's rules, by ``id`` of golfo's (kept with them, so that the id stays theirs): a
batch starts every game with the same rules, and they are cheaper to find than to make (a
``golfo.Rules`` costs more to hash than an action to play)."""


def engine_rules(rules: golfo.Rules) -> _core.Rules:
    """The rules as the Rust engine keeps them, made once per ``golfo.Rules``."""
    found = _ENGINE_RULES.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    made = _core.Rules(rules_args(rules))
    if len(_ENGINE_RULES) >= 256:
        _ENGINE_RULES.clear()
    _ENGINE_RULES[id(rules)] = (rules, made)
    return made


def rules_args(rules: golfo.Rules) -> _core.RulesArgs:
    """The rules as the Rust engine reads them: the stakes and length, then the variant
    (``golfo.Rules.VARIANT_FIELDS``: suits as indices, limits clamped to 2**62)."""
    caps = None if rules.round_caps is None else list(rules.round_caps)
    sizes = rules.bet_sizes
    most = rules.max_raises
    return (
        (
            rules.ante,
            rules.min_open,
            rules.min_raise,
            caps,
            rules.discards_face_up,
            rules.deal_in_pairs,
            rules.starting_stack,
            rules.hands,
            rules.rebuy,
            rules.extra_hands_on_tie,
        ),
        (
            list(rules.ranks),
            [suit.index for suit in rules.suits],
            rules.deal_sizes,
            rules.discard_rounds,
            list(rules.betting_rounds),
            rules.cards_counted,
            None if sizes is None else [min(x, _BIG) for x in sizes],
            None if most is None else min(most, _BIG),
            list(rules.table_sizes),
        ),
    )


def _seat(value: object) -> int:
    # not a whole number, or far off the table: -1, which the engine refuses as R1
    return value if type(value) is int and -_LIMIT < value < _LIMIT else -1


def _amount(value: object) -> int:
    if type(value) is not int:
        return NOT_WHOLE
    return max(-_LIMIT, min(_LIMIT, value))


_BETTING: Final[dict[type, int]] = {Pass: 1, Bet: 2, Call: 3, Raise: 4, Fold: 5}
"""The engine's kind of each betting action's type (exactly: a subclass takes the long way)."""


def flat(action: object) -> tuple[int, int, int] | None:
    """``(kind, seat, value)`` of a golfo action, or ``None`` if it is not one."""
    t = type(action)
    kind = _BETTING.get(t)
    if kind is not None:  # the usual case, looked up once
        seat = action.seat  # type: ignore[attr-defined]
        if type(seat) is not int or not -_LIMIT < seat < _LIMIT:
            seat = -1
        if kind == 2 or kind == 4:
            return kind, seat, _amount(action.amount)  # type: ignore[attr-defined]
        return kind, seat, 0
    if t is Deal or isinstance(action, Deal):
        card = action.card  # type: ignore[attr-defined]
        return 0, -1, card.index if isinstance(card, Card) else -1
    if isinstance(action, Pass):
        return 1, _seat(action.seat), 0
    if isinstance(action, Bet):
        return 2, _seat(action.seat), _amount(action.amount)
    if isinstance(action, Call):
        return 3, _seat(action.seat), 0
    if isinstance(action, Raise):
        return 4, _seat(action.seat), _amount(action.amount)
    if isinstance(action, Fold):
        return 5, _seat(action.seat), 0
    if isinstance(action, Discard):
        mask = action._mask
        return 6, _seat(action.seat), -1 if mask is None else mask
    if isinstance(action, NextHand):
        return 7, -1, 0
    if isinstance(action, EndGame):
        return 8, -1, 0
    return None


def action_of(kind: int, seat: int, value: int) -> Action:
    """The golfo action of a flat form (as the engine's log keeps it)."""
    if kind == 0:
        return _DEALS[value]
    if kind == 1:
        return Pass(seat)
    if kind == 2:
        return Bet(seat, value)
    if kind == 3:
        return Call(seat)
    if kind == 4:
        return Raise(seat, value)
    if kind == 5:
        return Fold(seat)
    if kind == 6:
        return Discard(seat, cards_of(value))
    return _NEXT_HAND if kind == 7 else _END_GAME


def result_of(r: _core.ResultArgs) -> HandResult:
    """A ``golfo.HandResult`` from the engine's tuple."""
    hand_number, dealer, dealt_in, payoffs, pots, returned, shown, showdown, trabuco, ended = r
    return HandResult(
        hand_number,
        dealer,
        tuple(dealt_in),
        tuple(payoffs),
        tuple(Pot(amount, tuple(eligible), winner) for amount, eligible, winner in pots),
        tuple(returned),
        tuple(None if m is None else Hand.from_mask(m) for m in shown),
        showdown,
        trabuco,
        PHASES[ended],
    )


def result_args(r: HandResult) -> _core.ResultArgs:
    """The engine's tuple of a ``golfo.HandResult``."""
    return (
        r.hand_number,
        r.dealer,
        list(r.dealt_in),
        list(r.payoffs),
        [(p.amount, list(p.eligible), p.winner) for p in r.pots],
        list(r.returned),
        [None if h is None else h.mask for h in r.shown],
        r.showdown,
        r.trabuco,
        PHASE_INDEX[r.ended_in],
    )


def _texts(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


def result_json(r: _core.ResultArgs) -> dict[str, Any]:
    """A result in the records' form (``golfo.records.result_json``), from the tuple."""
    hand_number, dealer, dealt_in, payoffs, pots, returned, shown, showdown, trabuco, ended = r
    return {
        "hand_number": hand_number,
        "dealer": dealer,
        "dealt_in": list(dealt_in),
        "payoffs": list(payoffs),
        "pots": [{"amount": a, "eligible": list(e), "winner": w} for a, e, w in pots],
        "returned": list(returned),
        "shown": [None if m is None else _texts(m) for m in shown],
        "showdown": showdown,
        "trabuco": trabuco,
        "ended_in": PHASES[ended].value,
    }


def texts(mask: int) -> list[str]:
    """The cards of a mask as notation, canonical order."""
    return _texts(mask)
