"""Every refusal of the reducer, word for word: the rule, the machine-readable code, the
facts behind it and the whole message (the reason and what is legal now).  The messages are
part of the contract (frontends show them, ``golfo.notation.explain`` words them from the
code and facts), so each is pinned here, one position per code, the numbers chosen so that a
wrong sum, bound or seat shows (mutation testing, issue 20)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

import golfo
import golfo.wagers
from golfo import (
    DECK,
    LUDOTEKA,
    TRADICIONAL,
    Action,
    Bet,
    Call,
    Deal,
    Discard,
    EndGame,
    Fold,
    IllegalActionError,
    NextHand,
    Pass,
    Raise,
    Rules,
    State,
)

CAPPED = Rules(ante=1, min_open=2, min_raise=3, round_caps=(6, 14, 20, 30))
"""Minimums above one and a cap from the first round (R5, R9)."""
STEEP = Rules(ante=1, min_open=2, min_raise=3)
"""Minimums above one, no caps."""
LIMITED = Rules(bet_sizes=(2, 2, 4, 4), max_raises=1)
"""Fixed limits and one raise a round (a variant: R5)."""


def dealt(
    rules: Rules = TRADICIONAL, stacks: Sequence[int] | None = None, *actions: Action
) -> State:
    """A three-seat game, dealt from ``DECK`` (seat 1 is mano), then ``actions``."""
    state = golfo.deal_from(golfo.new_game(rules, players=3, stacks=stacks), DECK)
    for action in actions:
        state = golfo.apply(state, action)
    return state


def discarding(players: int = 3, discards: int = 0) -> State:
    """The first discard turn (everyone passed), after ``discards`` seats threw their whole
    hands."""
    state = golfo.deal_from(golfo.new_game(TRADICIONAL, players=players), DECK)
    while state.phase is not golfo.Phase.DISCARD_1:
        seat = state.to_act
        state = golfo.apply(state, Pass(seat)) if isinstance(seat, int) else state
        state = golfo.deal_from(state, DECK)
    for _ in range(discards):
        seat = state.to_act
        assert isinstance(seat, int)
        state = golfo.deal_from(golfo.apply(state, Discard(seat, list(state.hands[seat]))), DECK)
    return state


def finished(rules: Rules) -> State:
    """The first hand won by mano's bet, everyone else folding."""
    return dealt(rules, None, Bet(1, 1), Fold(2), Fold(0))


OPENING = "legal now: Pass(seat=1), Bet(seat=1, amount=1..99)"
DEALING = "legal now: Deal(card) for any of the 28 cards in the stock (to seat 1)"
DISCARD = "legal now: Discard(seat=1, cards=any 0 to 5 of 3O 6O 9O 5C 8C)"

Case = tuple[Callable[[], State], object, str, str, dict[str, object], str]
CASES: dict[str, Case] = {
    "not an action": (
        dealt,
        "pass",
        "",
        "not_an_action",
        {},
        f"'pass' is not a golfo action; {OPENING}",
    ),
    "after the end": (
        lambda: finished(attrs.evolve(TRADICIONAL, hands=1)),
        NextHand(),
        "R15",
        "game_over",
        {},
        "R15: the game is over; legal now: nothing (the game is over)",
    ),
    "no such seat": (
        dealt,
        Pass(5),
        "R1",
        "no_seat",
        {},
        f"R1: seat must be 0..2, got 5; {OPENING}",
    ),
    "no such seat at four": (
        lambda: golfo.deal_from(golfo.new_game(TRADICIONAL, players=4), DECK),
        Pass(4),
        "R1",
        "no_seat",
        {},
        f"R1: seat must be 0..3, got 4; {OPENING}",
    ),
    # True == 1, the seat to act: a bool is not a seat, whatever it equals (each action's
    # quick test of the usual case must not let it through)
    **{
        f"a bool for a seat, {kind}": (
            dealt,
            action,
            "R1",
            "no_seat",
            {},
            f"R1: seat must be 0..2, got True; {OPENING}",
        )
        for kind, action in (("passing", Pass(True)), ("opening", Bet(True, 1)))
    },
    **{
        f"a bool for a seat, {type(action).__name__.lower()}ing a raise": (
            lambda: dealt(TRADICIONAL, None, Bet(1, 2), Raise(2, 5), Call(0)),
            action,
            "R1",
            "no_seat",
            {},
            "R1: seat must be 0..2, got True; "
            "legal now: Call(seat=1), Raise(seat=1, amount=6..99), Fold(seat=1)",
        )
        for action in (Call(True), Raise(True, 8), Fold(True))
    },
    "a bool for a seat, discarding": (
        discarding,
        Discard(True, []),
        "R1",
        "no_seat",
        {},
        f"R1: seat must be 0..2, got True; {DISCARD}",
    ),
    "not this seat's turn": (
        dealt,
        Pass(2),
        "R5",
        "not_your_turn",
        {"to_act": 1},
        f"R5: seat 2 is not to act; seat 1 is to act; {OPENING}",
    ),
    "a folded seat": (
        lambda: dealt(TRADICIONAL, None, Bet(1, 3), Fold(2)),
        Call(2),
        "R5",
        "folded",
        {"to_act": 0},
        "R5: seat 2 has folded (R13); seat 0 is to act; "
        "legal now: Call(seat=0), Raise(seat=0, amount=4..99), Fold(seat=0)",
    ),
    "a deal not due": (
        dealt,
        Deal(DECK[20]),
        "R4",
        "no_deal",
        {},
        f"R4: no card is to be dealt now; {OPENING}",
    ),
    "a deal of no card": (
        lambda: golfo.new_game(TRADICIONAL, players=3),
        Deal("3O"),  # type: ignore[arg-type]
        "R4",
        "not_a_card",
        {},
        f"R4: '3O' is not a card; {DEALING}",
    ),
    "a card dealt already": (
        lambda: golfo.apply(golfo.new_game(TRADICIONAL, players=3), Deal(DECK[0])),
        Deal(DECK[0]),
        "R4",
        "not_in_stock",
        {"card": DECK[0]},
        "R4: 3O is not in the stock; "
        "legal now: Deal(card) for any of the 27 cards in the stock (to seat 2)",
    ),
    "a pass while dealing": (
        lambda: golfo.new_game(TRADICIONAL, players=3),
        Pass(1),
        "R5",
        "no_betting",
        {"phase": golfo.Phase.DEAL_1},
        f"R5: no betting in phase DEAL_1; {DEALING}",
    ),
    "a bet in a discard turn": (
        discarding,
        Bet(1, 1),
        "R5",
        "no_betting",
        {"phase": golfo.Phase.DISCARD_1},
        f"R5: no betting in phase DISCARD_1; {DISCARD}",
    ),
    "a pass after an opening": (
        lambda: dealt(TRADICIONAL, None, Bet(1, 4)),
        Pass(2),
        "R5",
        "pass_after_open",
        {"current": 4},
        "R5: no es posible pasar: cannot pass after an opening; "
        "legal now: Call(seat=2), Raise(seat=2, amount=5..99), Fold(seat=2)",
    ),
    "a fold facing nothing": (
        dealt,
        Fold(1),
        "R5",
        "fold_not_facing",
        {},
        f"R5: fold only when facing a bet; {OPENING}",
    ),
    "a call of nothing": (
        dealt,
        Call(1),
        "R5",
        "call_unopened",
        {},
        f"R5: nobody has opened, there is nothing to call; {OPENING}",
    ),
    "a bet after an opening of one chip": (  # open at 1 is open
        lambda: dealt(TRADICIONAL, None, Bet(1, 1)),
        Bet(2, 3),
        "R5",
        "bet_after_open",
        {},
        "R5: the betting is open: call, raise or fold; "
        "legal now: Call(seat=2), Raise(seat=2, amount=2..99), Fold(seat=2)",
    ),
    "a bet after an opening": (
        lambda: dealt(TRADICIONAL, None, Bet(1, 4)),
        Bet(2, 6),
        "R5",
        "bet_after_open",
        {},
        "R5: the betting is open: call, raise or fold; "
        "legal now: Call(seat=2), Raise(seat=2, amount=5..99), Fold(seat=2)",
    ),
    "a raise before an opening": (
        dealt,
        Raise(1, 4),
        "R5",
        "raise_unopened",
        {},
        f"R5: nobody has opened: bet to open; {OPENING}",
    ),
    "a part of a chip": (
        dealt,
        Bet(1, 2.5),  # type: ignore[arg-type]
        "R5",
        "not_whole",
        {},
        f"R5: amount must be a whole number of chips: 2.5; {OPENING}",
    ),
    "a raise nobody can answer": (
        lambda: dealt(TRADICIONAL, (1000, 50, 50), Bet(1, 49), Call(2)),
        Raise(0, 60),
        "R8",
        "unanswerable",
        {"current": 49, "reach": 49, "reach_seat": 1},
        "R8: a raise needs an answer: no other seat still in can put in more than the current "
        "bet 49 (seat 1 can put in 49 at most); legal now: Call(seat=0), Fold(seat=0)",
    ),
    "a raise nobody can answer, hundreds of chips deep": (  # the same sums, not the same int
        lambda: dealt(TRADICIONAL, (10_000, 500, 500), Bet(1, 499), Call(2)),
        Raise(0, 600),
        "R8",
        "unanswerable",
        {"current": 499, "reach": 499, "reach_seat": 1},
        "R8: a raise needs an answer: no other seat still in can put in more than the current "
        "bet 499 (seat 1 can put in 499 at most); legal now: Call(seat=0), Fold(seat=0)",
    ),
    "below a minimum no one can reach, hundreds of chips deep": (
        lambda: dealt(Rules(ante=1, min_open=500, min_raise=500), (10_000, 400, 10_000)),
        Bet(1, 200),
        "R5",
        "below_minimum",
        {"minimum": 500, "only": 399},
        "R5: amount 200 is below the minimum opening 500; the only opening allowed is 399 "
        "(all-in for 399, R8); legal now: Pass(seat=1), Bet(seat=1, amount=399)",
    ),
    "a raise up to a cap below the minimum raise": (  # at the cap, not over it: too small
        lambda: dealt(CAPPED, None, Bet(1, 5)),
        Raise(2, 5),
        "R5",
        "below_minimum",
        {"minimum": 8, "only": None},
        "R5: amount 5 is below the minimum raise 8; legal now: Call(seat=2), Fold(seat=2)",
    ),
    "below the minimum raise, hundreds of chips deep": (  # equal sums, not the same int
        lambda: dealt(Rules(ante=1, min_open=300, min_raise=300), (10_000,) * 3, Bet(1, 300)),
        Raise(2, 400),
        "R5",
        "below_minimum",
        {"minimum": 600, "only": None},
        "R5: amount 400 is below the minimum raise 600; legal now: Call(seat=2), "
        "Raise(seat=2, amount=600..9999), Fold(seat=2)",
    ),
    "more than the seat has": (
        lambda: dealt(TRADICIONAL, (1000, 40, 1000)),
        Bet(1, 45),
        "R8",
        "above_stack",
        {"own": 39},
        "R8: amount 45 is more than seat 1 has (39); "
        "legal now: Pass(seat=1), Bet(seat=1, amount=1..39)",
    ),
    "more than anyone can match": (
        lambda: dealt(TRADICIONAL, (60, 1000, 60)),
        Bet(1, 500),
        "R8",
        "above_reach",
        {"reach": 59, "reach_seat": 2},
        "R8: amount 500 is more than any other seat can match: seat 2 can put in 59 at most; "
        "legal now: Pass(seat=1), Bet(seat=1, amount=1..59)",
    ),
    "over the round's cap": (
        lambda: dealt(CAPPED, (100, 100, 100), Bet(1, 2)),
        Raise(2, 6),
        "R9",
        "above_cap",
        {"room": 5},
        "R9: amount 6 is over this round's cap (5); "
        "legal now: Call(seat=2), Raise(seat=2, amount=5), Fold(seat=2)",
    ),
    "below the minimum raise": (
        lambda: dealt(CAPPED, (100, 100, 100), Bet(1, 2)),
        Raise(2, 4),
        "R5",
        "below_minimum",
        {"minimum": 5, "only": None},
        "R5: amount 4 is below the minimum raise 5; "
        "legal now: Call(seat=2), Raise(seat=2, amount=5), Fold(seat=2)",
    ),
    "below the minimum opening": (
        lambda: dealt(CAPPED, (100, 100, 100)),
        Bet(1, 1),
        "R5",
        "below_minimum",
        {"minimum": 2, "only": None},
        "R5: amount 1 is below the minimum opening 2; "
        "legal now: Pass(seat=1), Bet(seat=1, amount=2..5)",
    ),
    "below the only opening another seat can match": (
        lambda: dealt(STEEP, (2, 100, 2)),
        Bet(1, 0),
        "R5",
        "below_minimum",
        {"minimum": 2, "only": 1},
        "R5: amount 0 is below the minimum opening 2; the only opening allowed is 1 "
        "(seat 2 can put in 1, R8); legal now: Pass(seat=1), Bet(seat=1, amount=1)",
    ),
    "below the only opening, all in": (
        lambda: dealt(STEEP, (100, 2, 100)),
        Bet(1, 0),
        "R5",
        "below_minimum",
        {"minimum": 2, "only": 1},
        "R5: amount 0 is below the minimum opening 2; the only opening allowed is 1 "
        "(all-in for 1, R8); legal now: Pass(seat=1), Bet(seat=1, amount=1)",
    ),
    "a raise over the round's raises": (
        lambda: dealt(LIMITED, None, Bet(1, 2), Raise(2, 4)),
        Raise(0, 6),
        "R5",
        "raise_limit",
        {"most": 1},
        "R5: this round allows 1 raise, all made: call or fold; "
        "legal now: Call(seat=0), Fold(seat=0)",
    ),
    "an amount that is not the fixed limit": (
        lambda: dealt(LIMITED, None),
        Bet(1, 3),
        "R5",
        "limit_amount",
        {"amount": 2},
        "R5: fixed-limit betting: the only opening now is 2, not 3; "
        "legal now: Pass(seat=1), Bet(seat=1, amount=2)",
    ),
    "a discard in a betting round": (
        dealt,
        Discard(1, []),
        "R10",
        "no_discard",
        {"phase": golfo.Phase.BET_1},
        f"R10: no discarding in phase BET_1; {OPENING}",
    ),
    "a discard of no card": (
        discarding,
        Discard(1, ["3O"]),  # type: ignore[list-item]
        "R10",
        "not_a_card",
        {},
        f"R10: '3O' is not a card; {DISCARD}",
    ),
    "a discard of a card not held": (
        discarding,
        Discard(1, [DECK[27]]),
        "R10",
        "not_held",
        {"cards": (DECK[27],)},
        f"R10: seat 1 does not hold 9B; {DISCARD}",
    ),
    "a discard of a card held and one not": (  # only the one not held is named
        discarding,
        Discard(1, [DECK[0], DECK[27]]),
        "R10",
        "not_held",
        {"cards": (DECK[27],)},
        f"R10: seat 1 does not hold 9B; {DISCARD}",
    ),
    "more discards than the stock holds": (
        lambda: discarding(3, discards=2),
        Discard(0, list(discarding(3, discards=2).hands[0])),
        "R10",
        "stock_short",
        {"stock": 3},
        "R10: only 3 cards left in the stock, cannot discard 5; "
        "legal now: Discard(seat=0, cards=any 0 to 3 of 5O 8O 4C 7C 3E)",
    ),
    "a next hand during one": (
        dealt,
        NextHand(),
        "R15",
        "hand_in_play",
        {},
        f"R15: a hand is in play; NextHand only between hands; {OPENING}",
    ),
    "an end during a hand": (
        dealt,
        EndGame(),
        "R15",
        "hand_in_play",
        {},
        f"R15: EndGame only between hands; {OPENING}",
    ),
    "an end of a game of fixed length": (
        lambda: finished(LUDOTEKA),
        EndGame(),
        "R16",
        "fixed_length",
        {"hands": 10},
        "R16: this game lasts 10 hands; legal now: NextHand()",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_every_refusal_word_for_word(name: str) -> None:
    build, action, rule, code, facts, message = CASES[name]
    state = build()
    before = golfo.to_json(state)
    with pytest.raises(IllegalActionError) as info:
        golfo.apply(state, action)  # type: ignore[arg-type]
    error = info.value
    assert (error.rule, error.code, error.facts) == (rule, code, facts)
    assert str(error) == message
    assert error.action is action
    if not state.is_over:
        assert error.legal == golfo.legal_moves(state)
    assert golfo.to_json(state) == before  # the input is as it was
    assert not golfo.is_legal(state, action)


def test_the_table_covers_every_code_the_reducer_gives() -> None:
    """Each code the reducer can raise has its position above, but those no action reaches
    through ``apply``: a seat's turn is checked after the phase, so ``dealing`` and
    ``no_hand`` are never the first refusal; ``not_facing`` needs a seat to act whose bet
    already matches the current one, and a seat level with the bet is not asked again."""
    covered = {case[3] for case in CASES.values()}
    given = _codes(Path(golfo.reducer.__file__).read_text(encoding="utf-8"))
    given |= _wager_codes(Path(golfo.wagers.__file__).read_text(encoding="utf-8"))
    assert given - covered == {"dealing", "no_hand", "not_facing"}
    assert covered <= given


def _wager_codes(source: str) -> set[str]:
    """The codes :func:`golfo.wagers.wager_refusal` returns, third of ``(rule, reason, code,
    facts)``: the reducer refuses a bet or raise with them."""
    return {
        str(node.value.elts[2].value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Return)
        and isinstance(node.value, ast.Tuple)
        and len(node.value.elts) == 4
        and isinstance(node.value.elts[2], ast.Constant)
    }


def _codes(source: str) -> set[str]:
    """The codes of every ``_refuse(state, action, rule, reason, code, ...)`` call: a string,
    or a name assigned strings in the same function."""
    codes: set[str] = set()
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef):
            continue
        for call in ast.walk(function):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "_refuse"):
                continue
            code = call.args[4]
            if isinstance(code, ast.Constant):
                codes.add(str(code.value))
                continue
            assert isinstance(code, ast.Name)
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and any(
                    getattr(t, "id", "") == code.id for t in node.targets
                ):
                    codes |= {
                        c.value
                        for c in ast.walk(node.value)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str)
                    }
    return codes


@pytest.mark.parametrize("state", [object(), "state", None, golfo.LUDOTEKA])
@pytest.mark.parametrize("action", [Pass(0), Deal(DECK[0])])
def test_anything_but_a_state_is_refused(state: object, action: Action) -> None:
    """``apply`` on what is not a ``golfo.State``, with a real action (a deal too, which has
    a quick path of its own: found by auditing the equivalent mutants), refused, saying so,
    and ``is_legal`` says no."""
    with pytest.raises(IllegalActionError) as info:
        golfo.apply(state, action)  # type: ignore[arg-type]
    assert str(info.value) == f"{state!r} is not a golfo.State"
    assert info.value.action == action
    assert golfo.is_legal(state, action) is False  # type: ignore[arg-type]


def test_a_subclass_of_state_is_a_state() -> None:
    """``apply`` takes an instance of a subclass of ``golfo.State`` as the State it is (its
    quick test is for ``State`` itself; the other path must take the rest), and gives a
    ``State``."""

    class Mine(State):
        pass

    state = golfo.new_game(TRADICIONAL, players=3)
    mine = object.__new__(Mine)
    mine.__dict__.update(state.__dict__)
    after = golfo.apply(mine, Deal(DECK[0]))
    assert after == golfo.apply(state, Deal(DECK[0]))
    assert type(after) is State
