"""The reducer: :func:`apply` takes a game from the first ante to the final standings.

Everything here is pure: a state is never changed, a new one is returned.
Rule numbers (R1..R18) are those of ``docs/rules.md``.

>>> import golfo
>>> state = golfo.new_game(golfo.TRADICIONAL, players=3)
>>> state.phase, state.to_act, state.pot
(Phase.DEAL_1, CHANCE, 3)
>>> state = golfo.deal_from(state, golfo.DECK)
>>> state.phase, state.to_act, state.hands[1]
(Phase.BET_1, 1, Hand.parse('3O 6O'))
>>> golfo.legal_actions(state)[:3]
(Pass(seat=1), Bet(seat=1, amount=1), Bet(seat=1, amount=2))
>>> golfo.apply(state, golfo.Call(seat=1))
Traceback (most recent call last):
...
golfo.errors.IllegalActionError: R5: nobody has opened, there is nothing to call; legal now:
Pass(seat=1), Bet(seat=1, amount=1..99)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn, TypeAlias, assert_never

from golfo.actions import (
    ACTION_TYPES,
    CHANCE,
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
from golfo.cards import Card, cards_of
from golfo.errors import IllegalActionError, RulesError
from golfo.moves import describe_legal, legal_moves
from golfo.phases import BETTING, DISCARDING
from golfo.rules import Rules
from golfo.settle import settle
from golfo.state import ALL_CARDS, Fields, Phase, State, make_state
from golfo.wagers import wager_limits, wager_range, wager_refusal

__all__ = ["apply", "is_legal", "new_game"]

# The phase after each phase is the rules' (``rules._shape.after``): a variant skips some.
_DISCARDING: Final = frozenset(DISCARDING)
_BETTING: Final = frozenset(BETTING)
# Phases as module constants: ``Phase.END`` is an attribute look-up on the enum class.
_DEAL_1: Final = Phase.DEAL_1
_DEAL_2: Final = Phase.DEAL_2
_SHOWDOWN: Final = Phase.SHOWDOWN
_BETWEEN_HANDS: Final = Phase.BETWEEN_HANDS
_END: Final = Phase.END


# ---------------------------------------------------------------------------
# starting a game and a hand


def new_game(
    rules: Rules, *, players: int, dealer: int = 0, stacks: Sequence[int] | None = None
) -> State:
    """A new game: the first hand's antes posted and its first deal pending.

    ``players`` is one of ``rules.table_sizes``, 3 or 4 in El Golfo (R1); ``dealer`` the
    first dealer; ``stacks`` the starting chips per seat (default ``rules.starting_stack``
    each).  Bad arguments raise :class:`golfo.RulesError`.

    >>> s = new_game(golfo.LUDOTEKA, players=3, dealer=2)
    >>> s.mano, s.stacks, s.pot
    (0, (995, 995, 995), 15)
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a golfo.Rules, got {rules!r}")
    rules.check_players(players)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    if stacks is None:
        start = (rules.starting_stack,) * players
    else:
        start = tuple(stacks)
        if len(start) != players or any(type(x) is not int or x < 0 for x in start):
            raise RulesError(f"stacks must be {players} whole numbers >= 0, got {stacks!r}")
        if rules.rebuy and min(start) < rules.ante:
            raise RulesError(
                f"with rebuys every starting stack must be at least the ante ({rules.ante}), "
                f"got {stacks!r}: a rebuy gives the seat its starting stack again (R17)"
            )
    zeros = (0,) * players
    d = _NEW_GAME.copy()  # the fields not set below keep the template's values
    d["rules"] = rules
    d["players"] = players
    d["dealer"] = d["first_dealer"] = dealer
    d["stacks"] = d["initial_stacks"] = start
    d["bets"] = d["committed"] = d["hand_masks"] = d["rebuys"] = zeros
    _pay_or_leave(d)
    if players - len(d["out"]) < rules.min_players:
        raise RulesError(f"fewer than {rules.min_players} seats can pay the ante: no game (R17)")
    if dealer in d["out"]:
        raise RulesError(f"the first dealer, seat {dealer}, cannot pay the ante (R17)")
    _start_hand(d, dealer)
    return _make(d)


# The reducer builds each new state once: it copies the fields of the old state into a
# dict (see _logged_copy), the steps below change that dict in place, and make_state turns it
# into the new State.  Validation happens first, on the old state, so a refused action leaves
# nothing behind.

_Fields: TypeAlias = Fields
_make = make_state
# make_state inlined where a quarter of the actions go (the deals in apply, _after_bet):
_new_state = object.__new__
_set_fields = State.__dict__["__dict__"].__set__


# The fields of a game before its first hand; new_game copies them and sets the rest.
_NEW_GAME: Final[_Fields] = State(
    rules=Rules(),
    players=3,
    dealer=0,
    hand_number=0,
    phase=Phase.BETWEEN_HANDS,
    to_act=None,
    stacks=(0, 0, 0),
    bets=(0, 0, 0),
    committed=(0, 0, 0),
    folded=frozenset(),
    dealt_in=(),
    hand_masks=(0, 0, 0),
    stock_mask=ALL_CARDS,
    discard_mask=0,
    dead_mask=0,
    pending=(),
    needs=0,
    rebuys=(0, 0, 0),
    out=frozenset(),
    results=(),
    initial_stacks=(0, 0, 0),
    first_dealer=0,
    version=0,
    log=None,
).__dict__


def _pay_or_leave(d: _Fields) -> None:
    """R17: a seat that cannot pay the ante rebuys its own starting stack, or is out of the
    game for good."""
    rules = d["rules"]
    ante = rules.ante
    stacks = d["stacks"]
    if min(stacks) >= ante:  # the usual case: everyone can pay
        return
    out = d["out"]
    short = [s for s in range(d["players"]) if s not in out and stacks[s] < ante]
    if not short:
        return
    if rules.rebuy:
        new_stacks = list(stacks)
        rebuys = list(d["rebuys"])
        initial = d["initial_stacks"]
        for s in short:
            new_stacks[s] += initial[s]
            rebuys[s] += 1
        d["stacks"] = tuple(new_stacks)
        d["rebuys"] = tuple(rebuys)
    else:
        d["out"] = out | frozenset(short)


def _start_hand(d: _Fields, dealer: int) -> None:
    """R1-R3: seats dealt in from mano, antes posted, first deal pending."""
    n = d["players"]
    out = d["out"]
    order = _ROUND_FROM[n][dealer]  # from the seat after the dealer
    if out:
        order = tuple([s for s in order if s not in out])
    if len(order) == 4:
        order = order[:3]  # R1: with four in play the dealer (the last of them) sits out
    rules: Rules = d["rules"]
    ante = rules.ante
    stacks = list(d["stacks"])
    committed = [0] * n
    for s in order:
        stacks[s] -= ante
        committed[s] = ante
    zeros = (0,) * n
    d["dealer"] = dealer
    d["hand_number"] += 1
    d["phase"] = _DEAL_1
    d["to_act"] = CHANCE
    d["stacks"] = tuple(stacks)
    d["bets"] = zeros
    d["committed"] = tuple(committed)
    d["folded"] = _NOBODY
    d["dealt_in"] = order
    d["hand_masks"] = zeros
    d["stock_mask"] = rules._shape.deck_mask
    d["discard_mask"] = 0
    d["dead_mask"] = 0
    n = rules.deal_sizes[0]  # R3: one at a time, round the table; or all at once, seat by seat
    d["pending"] = tuple([s for s in order for _ in range(n)]) if rules.deal_in_pairs else order * n
    d["needs"] = 0


_ROUND_FROM: Final = {
    n: tuple(tuple((dealer + k) % n for k in range(1, n + 1)) for dealer in range(n))
    for n in (2, 3, 4)
}
"""Per table size and dealer: every seat, from the one after the dealer round to the dealer."""


_NOBODY: Final[frozenset[int]] = frozenset()


# ---------------------------------------------------------------------------
# the reducer


def apply(state: State, action: Action) -> State:
    """The state after ``action``.  Pure: ``state`` is never changed.

    An action the rules do not allow raises :class:`golfo.IllegalActionError`
    naming the rule and what is legal instead; ``state`` stays valid.
    """
    if type(action) is Deal and type(state) is State:  # the most frequent action: a deal
        old = state.__dict__
        card = action.card
        if old["to_act"] is CHANCE and type(card) is Card and old["stock_mask"] & card.mask:
            # every check of _apply_deal passed: _dealt, inlined (16 deals in a hand)
            bit = card.mask
            d = old.copy()  # no "_legal" to drop: legal_actions keeps no deals (golfo.moves)
            pending = d["pending"]
            seat = pending[0]
            hands = list(d["hand_masks"])
            hands[seat] |= bit
            d["hand_masks"] = tuple(hands)
            d["stock_mask"] ^= bit
            d["pending"] = pending = pending[1:]
            d["_log"] = (old["_log"], action, seat)
            d["version"] += 1
            if not pending:
                _drawn(d)
            new: State = _new_state(State)
            _set_fields(new, d)
            return new
    step = _STEPS.get(type(action))
    if step is None:
        if not isinstance(action, ACTION_TYPES):
            _refuse(state, action, "", f"{action!r} is not a golfo action", "not_an_action")
        step = _STEPS[type(action)] = _step_for(action)
    if type(state) is not State and not isinstance(state, State):
        raise IllegalActionError(f"{state!r} is not a golfo.State", action=action)
    if state.phase is _END:
        _refuse(state, action, "R15", "the game is over", "game_over")
    return step(state, action)


def _refuse(
    state: State, action: object, rule: str, reason: str, code: str, **facts: object
) -> NoReturn:
    """Raise the :class:`IllegalActionError`: the rule, the reason and what is legal now
    (``err.legal`` is the :class:`golfo.LegalMoves`, described with ranges: O(1)), with a
    machine-readable ``code`` and the ``facts`` behind it (for ``golfo.notation.explain``)."""
    text = f"{rule}: {reason}" if rule else reason
    if not isinstance(state, State):  # apply(not_a_state, not_an_action)
        raise IllegalActionError(
            f"{text}; legal now: nothing", action=action, rule=rule, code=code, facts=facts
        )
    raise IllegalActionError(
        f"{text}; legal now: {describe_legal(state)}",
        action=action,
        rule=rule,
        legal=legal_moves(state),
        code=code,
        facts=facts,
    )


def _check_seat_turn(state: State, action: Pass | Bet | Call | Raise | Fold | Discard) -> int:
    seat = action.seat
    to_act = state.to_act
    if seat == to_act and type(seat) is int:  # the usual case, all checks passed at once
        return seat
    if type(seat) is not int or not 0 <= seat < state.players:
        _refuse(
            state, action, "R1", f"seat must be 0..{state.players - 1}, got {seat!r}", "no_seat"
        )
    if to_act is CHANCE:
        _refuse(state, action, "R4", "a card must be dealt first (chance is to act)", "dealing")
    if to_act is None:
        _refuse(state, action, "R15", "no hand is in play", "no_hand")
    if seat != to_act:
        why = "has folded (R13)" if seat in state.folded else "is not to act"
        code = "folded" if seat in state.folded else "not_your_turn"
        _refuse(
            state, action, "R5", f"seat {seat} {why}; seat {to_act} is to act", code, to_act=to_act
        )
    return seat  # pragma: no cover - caught by the first test


# -- chance ----------------------------------------------------------------


def _apply_deal(state: State, action: Deal) -> State:
    old = state.__dict__
    if old["to_act"] is not CHANCE:
        _refuse(state, action, "R4", "no card is to be dealt now", "no_deal")
    card = action.card
    if type(card) is not Card and not isinstance(card, Card):
        _refuse(state, action, "R4", f"{card!r} is not a card", "not_a_card")
    if not old["stock_mask"] & card.mask:
        _refuse(state, action, "R4", f"{card} is not in the stock", "not_in_stock", card=card)
    return _dealt(old, action, card.mask)


def _dealt(old: _Fields, action: Deal, bit: int) -> State:
    """The state after a valid deal of the card ``bit`` (``old``: the fields before).

    ``apply`` has this inlined for the usual case (a ``State`` and a ``Card``, not
    subclasses of them); a change here must be made there too.
    """
    d = old.copy()
    pending = d["pending"]
    seat = pending[0]
    hands = list(d["hand_masks"])
    hands[seat] |= bit
    d["hand_masks"] = tuple(hands)
    d["stock_mask"] ^= bit
    d["pending"] = pending = pending[1:]
    d["_log"] = (old["_log"], action, seat)
    d["version"] += 1
    if not pending:
        _drawn(d)
    return _make(d)


def _drawn(d: _Fields) -> None:
    """Every pending card is dealt: the next discarder, or the next phase."""
    phase = d["phase"]
    if phase in _DISCARDING:
        _next_discarder(d)
    else:
        _enter(d, d["rules"]._shape.after[phase])


def _enter(d: _Fields, phase: Phase) -> None:
    """The hand moves on to ``phase``, the next one the rules play (R3, R10, R11)."""
    if phase in _BETTING:
        _start_betting(d, phase)
        return
    folded = d["folded"]
    if phase is _DEAL_2:
        d["phase"] = phase
        d["to_act"] = CHANCE
        d["pending"] = (
            tuple(s for s in d["dealt_in"] if s not in folded) * (d["rules"].deal_sizes[1])
        )
        return
    if phase is _SHOWDOWN:
        settle(d, showdown=True)
        return
    needs = 0
    for s in d["dealt_in"]:
        if s not in folded:
            needs |= 1 << s
    d["phase"] = phase
    d["needs"] = needs
    _next_discarder(d)


# -- betting ---------------------------------------------------------------


def _betting_seat(state: State, action: Pass | Bet | Call | Raise | Fold) -> int:
    """The seat of a betting action, after the checks that it is that seat's turn to bet.

    The steps check the usual case, the seat to act in a betting phase, in one line of
    their own and call this only when it fails: it then refuses the action.
    """
    seat = action.seat
    phase = state.phase
    if seat == state.to_act and type(seat) is int and phase in _BETTING:
        return seat  # the usual case: every check below passes
    if phase not in _BETTING:
        _refuse(state, action, "R5", f"no betting in phase {phase.name}", "no_betting", phase=phase)
    return _check_seat_turn(state, action)


def _logged_copy(state: State, action: Action, actor: int | None) -> _Fields:
    """The fields of ``state`` for the next state, with ``action`` appended to the log."""
    d = state.__dict__.copy()
    d.pop("_legal", None)
    d["_log"] = (d["_log"], action, actor)
    d["version"] += 1
    return d


def _apply_pass(state: State, action: Pass) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    if max(f["bets"]) > 0:
        _refuse(
            state,
            action,
            "R5",
            "no es posible pasar: cannot pass after an opening",
            "pass_after_open",
            current=max(f["bets"]),
        )
    return _after_bet(f, action, seat, 0, f["needs"] & ~(1 << seat))


def _apply_fold(state: State, action: Fold) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    bets = f["bets"]
    if bets[seat] >= max(bets):
        _refuse(state, action, "R5", "fold only when facing a bet", "fold_not_facing")
    d = _logged_copy(state, action, seat)
    folded = d["folded"] = f["folded"] | _SEAT_SETS[seat]
    hands = list(f["hand_masks"])
    d["dead_mask"] = f["dead_mask"] | hands[seat]
    hands[seat] = 0
    d["hand_masks"] = tuple(hands)
    needs = f["needs"] & ~(1 << seat)
    if len(f["dealt_in"]) - len(folded) == 1:
        d["needs"] = needs
        settle(d, showdown=False)  # R6c
        return _make(d)
    return _make(_next_to_bet(d, seat, needs))


_SEAT_SETS: Final = tuple(frozenset((s,)) for s in range(4))


def _apply_call(state: State, action: Call) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    bets = f["bets"]
    current = max(bets)
    if current == 0:
        _refuse(state, action, "R5", "nobody has opened, there is nothing to call", "call_unopened")
    chips = current - bets[seat]
    if chips <= 0:
        _refuse(state, action, "R5", "not facing a bet", "not_facing")
    stack = f["stacks"][seat]
    return _after_bet(f, action, seat, chips if chips < stack else stack, f["needs"] & ~(1 << seat))


def _apply_bet_or_raise(state: State, action: Bet | Raise) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    current = max(f["bets"])
    amount = action.amount
    low, stop = wager_range(f, seat, current)
    if (
        type(amount) is not int
        or not low <= amount < stop
        or isinstance(action, Bet) != (current == 0)
    ):
        _refuse_wager(state, action, seat, current)
    # R5: a bet or raise reopens the action to every other seat still in and not all-in
    # (the bettor's own stack is irrelevant: it is not in the mask).
    stacks = f["stacks"]
    folded = f["folded"]
    needs = 0
    for s in f["dealt_in"]:
        if s != seat and s not in folded and stacks[s] > 0:
            needs |= 1 << s
    return _after_bet(f, action, seat, amount - f["bets"][seat], needs)


def _refuse_wager(state: State, action: Bet | Raise, seat: int, current: int) -> NoReturn:
    """Why a Bet or Raise is refused: the first of the limits it breaks
    (:func:`golfo.wagers.wager_refusal`)."""
    rule, reason, code, facts = wager_refusal(wager_limits(state, seat), action)
    _refuse(state, action, rule, reason, code, **facts)


def _after_bet(f: _Fields, action: Action, seat: int, chips: int, needs: int) -> State:
    """The state after a valid Pass, Call, Bet or Raise (``f``: the fields before): ``seat``
    puts ``chips`` in, ``needs`` seats are still to act."""
    d = f.copy()  # _logged_copy and _make inlined: a quarter of a hand's actions come here
    d.pop("_legal", None)
    d["_log"] = (f["_log"], action, seat)
    d["version"] += 1
    if chips:
        bets = list(f["bets"])
        stacks = list(f["stacks"])
        committed = list(f["committed"])
        bets[seat] += chips
        stacks[seat] -= chips
        committed[seat] += chips
        d["bets"] = tuple(bets)
        d["stacks"] = tuple(stacks)
        d["committed"] = tuple(committed)
    d["needs"] = needs
    if needs:
        d["to_act"] = _FIRST_FROM[(seat + 1) & 3][needs]  # _next_in, inlined
    else:
        _end_round(d)
    new: State = _new_state(State)
    _set_fields(new, d)
    return new


def _next_to_bet(d: _Fields, seat: int, needs: int) -> _Fields:
    """After ``seat`` acted: the next seat still to act speaks, or the round ends."""
    d["needs"] = needs
    if needs:
        d["to_act"] = _next_in(d["dealt_in"], needs, seat)
    else:
        _end_round(d)
    return d


def _next_in(order: tuple[int, ...], mask: int, after: int | None) -> int:
    """The first seat of ``order`` in ``mask``, going round from the seat after ``after``.

    ``order`` (the seats dealt in, from mano) goes round the table in seat order and holds
    every seat of ``mask``, so this is a lookup in ``_FIRST_FROM``.
    """
    return _FIRST_FROM[order[0] if after is None else (after + 1) & 3][mask]


def _first_from(start: int, mask: int) -> int:
    return next((s for s in ((start + k) & 3 for k in range(4)) if mask >> s & 1), -1)


_FIRST_FROM: Final = tuple(tuple(_first_from(t, m) for m in range(16)) for t in range(4))
"""The first seat of a mask of seats going round the table from a seat (-1: none)."""


def _start_betting(d: _Fields, phase: Phase) -> None:
    """R7: the first seat from mano still in and not all-in speaks; fewer than two: skip."""
    folded = d["folded"]
    stacks = d["stacks"]
    dealt = d["dealt_in"]
    needs = 0
    for s in dealt:
        if s not in folded and stacks[s] > 0:
            needs |= 1 << s
    d["phase"] = phase
    d["bets"] = (0,) * d["players"]
    if needs.bit_count() < 2:
        d["needs"] = 0
        _end_round(d)
    else:
        d["needs"] = needs
        d["to_act"] = _next_in(dealt, needs, None)


def _end_round(d: _Fields) -> None:
    """R6a/b: the betting round is over; on to the next phase."""
    d["bets"] = (0,) * d["players"]
    d["needs"] = 0
    _enter(d, d["rules"]._shape.after[d["phase"]])


# -- discards --------------------------------------------------------------


def _next_discarder(d: _Fields) -> None:
    needs = d["needs"]
    if needs:
        d["to_act"] = _next_in(d["dealt_in"], needs, None)
    else:
        _enter(d, d["rules"]._shape.after[d["phase"]])


def _apply_discard(state: State, action: Discard) -> State:
    f = state.__dict__
    seat = action.seat
    phase = f["phase"]
    if seat != f["to_act"] or type(seat) is not int or phase not in _DISCARDING:
        if phase not in _DISCARDING:
            _refuse(
                state,
                action,
                "R10",
                f"no discarding in phase {phase.name}",
                "no_discard",
                phase=phase,
            )
        seat = _check_seat_turn(state, action)
    mask = action._mask  # the cards as a bit set, or None if one is not a card
    if mask is None:
        bad = next(c for c in action.cards if not isinstance(c, Card))
        _refuse(state, action, "R10", f"{bad!r} is not a card", "not_a_card")
    hands = list(f["hand_masks"])
    own = hands[seat]
    if mask & ~own:
        missing = " ".join(str(c) for c in cards_of(mask & ~own))
        _refuse(
            state,
            action,
            "R10",
            f"seat {seat} does not hold {missing}",
            "not_held",
            cards=tuple(cards_of(mask & ~own)),
        )
    k = mask.bit_count()
    room = f["stock_mask"].bit_count()
    if k > room:
        _refuse(
            state,
            action,
            "R10",
            f"only {room} cards left in the stock, cannot discard {k}",
            "stock_short",
            stock=room,
        )
    d = _logged_copy(state, action, seat)
    hands[seat] = own & ~mask
    d["hand_masks"] = tuple(hands)
    d["discard_mask"] = f["discard_mask"] | mask
    d["needs"] = f["needs"] & ~(1 << seat)
    if k:
        d["to_act"] = CHANCE
        d["pending"] = (seat,) * k
    else:
        _next_discarder(d)
    return _make(d)


# -- between hands ------------------------------------------------------------


def _apply_next_hand(state: State, action: NextHand) -> State:
    if state.phase is not _BETWEEN_HANDS:
        _refuse(
            state, action, "R15", "a hand is in play; NextHand only between hands", "hand_in_play"
        )
    d = _logged_copy(state, action, None)
    _next_hand(d)
    return _make(d)


def _apply_end_game(state: State, action: EndGame) -> State:
    if state.phase is not _BETWEEN_HANDS:
        _refuse(state, action, "R15", "EndGame only between hands", "hand_in_play")
    if state.rules.hands is not None:
        _refuse(
            state,
            action,
            "R16",
            f"this game lasts {state.rules.hands} hands",
            "fixed_length",
            hands=state.rules.hands,
        )
    d = _logged_copy(state, action, None)
    d["phase"] = _END
    d["to_act"] = None
    return _make(d)


_Step: TypeAlias = Callable[[State, Any], State]


def _step_for(action: Action) -> _Step:
    """The step that applies ``action``: one ``case`` per action type.

    ``assert_never`` makes mypy refuse an action type without a step.  ``apply``
    caches the answer per class in ``_STEPS``, so the ``match`` runs once per class.
    """
    match action:
        case Deal():
            return _apply_deal
        case Pass():
            return _apply_pass
        case Fold():
            return _apply_fold
        case Call():
            return _apply_call
        case Bet() | Raise():
            return _apply_bet_or_raise
        case Discard():
            return _apply_discard
        case NextHand():
            return _apply_next_hand
        case EndGame():
            return _apply_end_game
        case _:
            assert_never(action)


_STEPS: Final[dict[type, _Step]] = {}
"""Steps by action class, filled by ``apply`` from :func:`_step_for`."""


# -- between hands: the next hand


def _next_hand(d: _Fields) -> None:
    """R14, R15, R17: rebuys or busts, the deal passes on, antes, first deal pending."""
    _pay_or_leave(d)
    n = d["players"]
    out = d["out"]
    dealer = next(s for s in ((d["dealer"] + k) % n for k in range(1, n + 1)) if s not in out)
    _start_hand(d, dealer)


# ---------------------------------------------------------------------------


def is_legal(state: State, action: object) -> bool:
    """Whether ``apply(state, action)`` would succeed."""
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True
