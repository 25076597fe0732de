"""The JSON forms of a finished hand and of the standings (private: :mod:`golfo.wire`
publishes them).

The wire's form of a :class:`golfo.HandResult` is the records' (``golfo/1``) with what
follows from it added for a frontend (``mano``, the ``scores`` of the hands shown, the
``winners``, each pot's winning hand); the readers check that what is added is what the
rest gives, and raise :class:`golfo.FormatError` naming the place otherwise.
"""

from __future__ import annotations

import json
from typing import Any, Final

from golfo._codec import cards_data, cards_from_data
from golfo._reading import (
    MAX_INT,
    fail,
    read_array,
    read_bool,
    read_int,
    read_object,
    read_seat,
    read_seats,
    show,
)
from golfo.hand import Hand
from golfo.phases import Phase
from golfo.rules import check_players
from golfo.scoring import Score, score
from golfo.standings import Standing, Standings
from golfo.state import HandResult, Pot

__all__ = [
    "MOST",
    "PHASES",
    "brief",
    "phase_from",
    "result_data",
    "result_from_data",
    "same",
    "standing_data",
    "standings_data",
]

PHASES: Final[dict[str, Phase]] = {p.value: p for p in Phase}
"""The phases by their names on the wire."""
MOST: Final = 1_000_000
"""Events of a hand, results of a game: as many as a record holds."""
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
# what the wire's form of a result adds to the records' (all of it follows from the rest)
_RESULT_EXTRA: Final = ("mano", "scores", "winners")
_POT_EXTRA: Final = ("value", "suit", "counting")


def result_data(result: HandResult, *, counted: int = 4) -> dict[str, Any]:
    """A finished hand for a frontend: the record's fields, plus per pot the winner's
    shown hand's ``value``, ``suit`` and ``counting`` cards (``null`` when the hand was won
    by folds: nothing is shown), per seat the ``scores`` of the hands shown (``null`` for a
    seat that showed nothing), and the ``winners``.  ``counted``: the rules'
    ``cards_counted``, 4 in El Golfo."""
    pots = []
    for pot in result.pots:
        shown = result.shown[pot.winner] if result.showdown else None
        item: dict[str, Any] = {"amount": pot.amount, "eligible": list(pot.eligible)}
        item["winner"] = pot.winner
        if shown is None:
            item |= {"value": None, "suit": None, "counting": None}
        else:
            score = _score_of(shown, counted)
            item["value"] = score.value
            item["suit"] = None if score.suit is None else score.suit.spanish
            item["counting"] = cards_data(score.cards)
        pots.append(item)
    return {
        "hand_number": result.hand_number,
        "dealer": result.dealer,
        "dealt_in": list(result.dealt_in),
        "mano": result.mano,
        "payoffs": list(result.payoffs),
        "pots": pots,
        "returned": list(result.returned),
        "shown": [None if h is None else cards_data(h) for h in result.shown],
        "scores": [None if h is None else _score(h, counted) for h in result.shown],
        "showdown": result.showdown,
        "trabuco": result.trabuco,
        "ended_in": result.ended_in.value,
        "winners": list(result.winners),
    }


def _score_of(hand: Hand, counted: int) -> Score:
    return hand.score if counted == 4 else score(hand, counted)


def _score(hand: Hand, counted: int) -> dict[str, Any]:
    score = _score_of(hand, counted)
    suit = None if score.suit is None else score.suit.spanish
    return {"value": score.value, "suit": suit, "counting": cards_data(score.cards)}


def phase_from(value: Any, path: str, example: str = "bet_1") -> Phase:
    phase = PHASES.get(value) if isinstance(value, str) else None
    if phase is None:
        fail(path, f'expected a phase name such as "{example}", got {show(value)}')
    return phase


def same(got: Any, written: Any, path: str, source: str) -> None:
    """``got`` must be ``written``, what golfo writes there (compared as JSON text, so that
    ``true`` is not 1 and ``1.0`` is not 1): it follows from the rest of the form."""
    try:
        same = json.dumps(got, sort_keys=True) == json.dumps(written, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        same = False
    if not same:
        fail(path, f"expected {brief(written)} ({source}), got {brief(got)}")


def brief(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return show(value)
    return text if len(text) <= 60 else text[:57] + "..."


def result_from_data(
    value: Any, *, players: int, path: str = "result", record: bool = False, counted: int = 4
) -> HandResult:
    """A :class:`golfo.HandResult` from the wire's form (:func:`result_data`) or, with
    ``record=True``, from the records' (``golfo/1``, without ``mano``, ``scores``,
    ``winners`` and the pots' shown hands).  :class:`golfo.FormatError` naming the place for
    anything malformed; what the wire's form adds must be what the rest of it gives (the
    winners of the pots, the scores of the hands shown...).  ``players``: the table's, 2 to 4;
    ``counted``: the rules' ``cards_counted``.

    >>> import golfo
    >>> state = golfo.deal_from(golfo.new_game(golfo.Rules(hands=1), players=3), golfo.DECK)
    >>> state = golfo.apply(golfo.apply(state, golfo.Bet(1, 5)), golfo.Fold(2))
    >>> state = golfo.apply(state, golfo.Fold(0))
    >>> data = result_data(state.results[0])
    >>> result_from_data(data, players=3) == state.results[0]
    True
    >>> result_from_data(data | {"winners": [0]}, players=3)
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: result.winners: expected [1] (what the pots give), got [0]
    """
    check_players(players)
    keys = _RESULT_KEYS if record else _RESULT_KEYS + _RESULT_EXTRA
    obj = read_object(value, path, keys)
    pots = []
    raw_pots = read_array(obj["pots"], f"{path}.pots", most=players)
    pot_keys = ("amount", "eligible", "winner") + (() if record else _POT_EXTRA)
    for i, item in enumerate(raw_pots):
        p = f"{path}.pots[{i}]"
        pot = read_object(item, p, pot_keys)
        pots.append(
            Pot(
                amount=read_int(pot["amount"], f"{p}.amount"),
                eligible=read_seats(pot["eligible"], f"{p}.eligible", players),
                winner=read_seat(pot["winner"], f"{p}.winner", players),
            )
        )
    shown: list[Hand | None] = []
    for i, item in enumerate(read_array(obj["shown"], f"{path}.shown", players, players)):
        shown.append(None if item is None else Hand(cards_from_data(item, f"{path}.shown[{i}]")))
    seats = read_array(obj["payoffs"], f"{path}.payoffs", players, players)
    back = read_array(obj["returned"], f"{path}.returned", players, players)
    result = HandResult(
        hand_number=read_int(obj["hand_number"], f"{path}.hand_number", 1, MOST),
        dealer=read_seat(obj["dealer"], f"{path}.dealer", players),
        dealt_in=read_seats(obj["dealt_in"], f"{path}.dealt_in", players),
        payoffs=tuple(
            read_int(x, f"{path}.payoffs[{i}]", -MAX_INT, MAX_INT) for i, x in enumerate(seats)
        ),
        pots=tuple(pots),
        returned=tuple(read_int(x, f"{path}.returned[{i}]") for i, x in enumerate(back)),
        shown=tuple(shown),
        showdown=read_bool(obj["showdown"], f"{path}.showdown"),
        trabuco=read_bool(obj["trabuco"], f"{path}.trabuco"),
        ended_in=phase_from(obj["ended_in"], f"{path}.ended_in", "showdown"),
    )
    if not record:
        if not result.dealt_in:
            fail(f"{path}.dealt_in", "expected at least one seat")
        written = result_data(result, counted=counted)
        for key, source in zip(
            _RESULT_EXTRA,
            ("the first seat dealt in", "the hands shown", "what the pots give"),
            strict=True,
        ):
            same(obj[key], written[key], f"{path}.{key}", source)
        for i, pot in enumerate(written["pots"]):
            for key in _POT_EXTRA:
                same(raw_pots[i][key], pot[key], f"{path}.pots[{i}].{key}", "the hand shown")
    return result


def standing_data(row: Standing) -> dict[str, Any]:
    """One row of the standings: ``{"seat", "stack", "committed", "rebuys", "net", "rank",
    "out"}``."""
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
        "rows": [standing_data(r) for r in table.rows],
        "winner": table.winner,
        "hands_played": table.hands_played,
    }
