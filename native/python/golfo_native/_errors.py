"""The refusals of the Rust engine as golfo's :class:`golfo.IllegalActionError`: the same
rule, code, facts and message, word for word."""

from __future__ import annotations

from typing import Any, Protocol

from golfo.actions import CHANCE, Call, Discard, EndGame, Fold, Pass
from golfo.cards import DECK, Card, cards_of
from golfo.errors import IllegalActionError
from golfo.moves import LegalMoves
from golfo_native._convert import PHASES


class Refused(Protocol):
    """What the words of a refusal read of the state that refused (a
    :class:`golfo_native.NativeState`; named here by its shape, so that this module does not
    import the one that imports it)."""

    @property
    def players(self) -> int: ...

    @property
    def receiver(self) -> int | None: ...

    def legal_moves(self) -> LegalMoves: ...


def _span(amounts: range) -> str:
    first, last = amounts.start, amounts.stop - 1
    return str(first) if first == last else f"{first}..{last}"


def describe(moves: LegalMoves, receiver: int | None) -> str:
    """``golfo.moves.describe_legal``'s words for these moves."""
    seat = moves.seat
    if seat is CHANCE:
        return (
            f"Deal(card) for any of the {len(moves.deals)} cards in the stock (to seat {receiver})"
        )
    if seat is None:
        if not moves.next_hand:
            return "nothing (the game is over)"
        return "NextHand(), EndGame()" if moves.end_game else "NextHand()"
    assert isinstance(seat, int)
    if moves.discard_max is not None:
        hand = " ".join(str(c) for c in moves.discard_from)
        return f"Discard(seat={seat}, cards=any 0 to {moves.discard_max} of {hand})"
    parts = [repr(Pass(seat)) if moves.can_pass else repr(Call(seat))]
    if moves.bets:
        parts.append(f"Bet(seat={seat}, amount={_span(moves.bets)})")
    if moves.raises:
        parts.append(f"Raise(seat={seat}, amount={_span(moves.raises)})")
    if moves.can_fold:
        parts.append(repr(Fold(seat)))
    return ", ".join(parts)


def _facts(code: str, raw: list[tuple[str, int]]) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for name, value in raw:
        if name.startswith("_"):
            continue  # numbers for the reason's words, not golfo's facts
        if name == "phase":
            facts[name] = PHASES[value]
        elif name == "card":
            facts[name] = DECK[value]
        elif name == "cards":
            facts[name] = cards_of(value)
        elif name in ("reach_seat", "only"):
            facts[name] = None if value < 0 else value
        else:
            facts[name] = value
    return facts


def _reason(state: Refused, action: Any, code: str, raw: dict[str, int]) -> str:
    players = state.players
    seat = getattr(action, "seat", None)
    amount = getattr(action, "amount", None)
    if code == "game_over":
        return "the game is over"
    if code == "no_seat":
        return f"seat must be 0..{players - 1}, got {seat!r}"
    if code == "dealing":
        return "a card must be dealt first (chance is to act)"
    if code == "no_hand":
        return "no hand is in play"
    if code in ("not_your_turn", "folded"):
        why = "has folded (R13)" if code == "folded" else "is not to act"
        return f"seat {seat} {why}; seat {raw['to_act']} is to act"
    if code == "no_deal":
        return "no card is to be dealt now"
    if code == "not_a_card":
        if isinstance(action, Discard):
            bad = next(c for c in action.cards if not isinstance(c, Card))
            return f"{bad!r} is not a card"
        return f"{action.card!r} is not a card"
    if code == "not_in_stock":
        return f"{action.card} is not in the stock"
    if code == "no_betting":
        return f"no betting in phase {PHASES[raw['phase']].name}"
    if code == "pass_after_open":
        return "no es posible pasar: cannot pass after an opening"
    if code == "fold_not_facing":
        return "fold only when facing a bet"
    if code == "call_unopened":
        return "nobody has opened, there is nothing to call"
    if code == "not_facing":
        return "not facing a bet"
    if code == "bet_after_open":
        return "the betting is open: call, raise or fold"
    if code == "raise_unopened":
        return "nobody has opened: bet to open"
    if code == "not_whole":
        return f"amount must be a whole number of chips: {amount!r}"
    if code == "unanswerable":
        reach, reach_seat = raw["reach"], raw["reach_seat"]
        who = "" if reach_seat < 0 else f" (seat {reach_seat} can put in {reach} at most)"
        return (
            f"a raise needs an answer: no other seat still in can put in more than the "
            f"current bet {raw['current']}{who}"
        )
    if code == "above_stack":
        return f"amount {amount} is more than seat {seat} has ({raw['own']})"
    if code == "above_reach":
        return (
            f"amount {amount} is more than any other seat can match: "
            f"seat {_none(raw['reach_seat'])} can put in {raw['reach']} at most"
        )
    if code == "above_cap":
        return f"amount {amount} is over this round's cap ({raw['room']})"
    if code == "below_minimum":
        word = "opening" if raw["_current"] == 0 else "raise"
        why = f"amount {amount} is below the minimum {word} {raw['minimum']}"
        only = raw["only"]
        if only >= 0:
            who = (
                "all-in for"
                if only == raw["_own"]
                else f"seat {_none(raw['_reach_seat'])} can put in"
            )
            why += f"; the only {word} allowed is {only} ({who} {only}, R8)"
        return why
    if code == "raise_limit":
        most = raw["most"]
        allowed = (
            "no raise is allowed in this round"
            if most == 0
            else f"this round allows {most} raise{'' if most == 1 else 's'}, all made"
        )
        return f"{allowed}: call or fold"
    if code == "limit_amount":
        word = "opening" if raw["_current"] == 0 else "raise"
        return f"fixed-limit betting: the only {word} now is {raw['amount']}, not {amount}"
    if code == "no_discard":
        return f"no discarding in phase {PHASES[raw['phase']].name}"
    if code == "not_held":
        missing = " ".join(str(c) for c in cards_of(raw["cards"]))
        return f"seat {seat} does not hold {missing}"
    if code == "stock_short":
        return f"only {raw['stock']} cards left in the stock, cannot discard {len(action.cards)}"
    if code == "hand_in_play":
        if isinstance(action, EndGame):
            return "EndGame only between hands"
        return "a hand is in play; NextHand only between hands"
    if code == "fixed_length":
        return f"this game lasts {raw['hands']} hands"
    return code  # pragma: no cover - every code the engine gives is above


def _none(value: int) -> int | None:
    return None if value < 0 else value


def illegal(
    state: Refused, action: object, refusal: tuple[str, str, list[tuple[str, int]]]
) -> IllegalActionError:
    """golfo's error for a refusal of the Rust engine."""
    rule, code, raw = refusal
    reason = _reason(state, action, code, dict(raw))
    moves = state.legal_moves()
    return IllegalActionError(
        f"{rule}: {reason}; legal now: {describe(moves, state.receiver)}",
        action=action,
        rule=rule,
        legal=moves,
        code=code,
        facts=_facts(code, raw),
    )


def not_an_action(state: Refused, action: object) -> IllegalActionError:
    """golfo's error for something that is not an action at all."""
    moves = state.legal_moves()
    return IllegalActionError(
        f"{action!r} is not a golfo action; legal now: {describe(moves, state.receiver)}",
        action=action,
        rule="",
        legal=moves,
        code="not_an_action",
        facts={},
    )


__all__ = ["Refused", "describe", "illegal", "not_an_action"]
