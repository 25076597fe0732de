"""The reducer: :func:`apply` takes a game from the first ante to the final standings.

Everything here is pure: a state is never changed, a new one is returned.
Rule numbers (R1..R18) are those of ``docs/rules.md``.

>>> import golfo
>>> state = golfo.new_game(golfo.TRADICIONAL, players=3)
>>> state.phase, state.to_act, state.pot
(Phase.DEAL_1, CHANCE, 3)
>>> state = golfo.deal_from(state, golfo.DECK)
>>> state.phase, state.to_act, state.hands[1]
(Phase.BET_1, 1, Hand.parse('6O 3O'))
>>> golfo.legal_actions(state)[:3]
(Pass(seat=1), Bet(seat=1, amount=1), Bet(seat=1, amount=2))
>>> golfo.apply(state, golfo.Call(seat=1))
Traceback (most recent call last):
...
golfo.errors.IllegalActionError: R5: nobody has opened, there is nothing to call; legal now:
Pass(seat=1), Bet(seat=1, amount=1..99)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any, Final, NoReturn, TypeAlias, TypeVar, assert_never

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
from golfo.cards import DECK, Card, cards_of
from golfo.errors import IllegalActionError, RulesError
from golfo.hand import Hand
from golfo.rules import Rules
from golfo.scoring import value_of_mask
from golfo.state import ALL_CARDS, HandResult, Phase, Pot, State

__all__ = [
    "amount_runs",
    "apply",
    "deal_from",
    "describe_legal",
    "is_legal",
    "legal_actions",
    "new_game",
]

_DEALS: Final[tuple[Deal, ...]] = tuple(Deal(c) for c in DECK)
_NEXT_HAND: Final = NextHand()
_END_GAME: Final = EndGame()
_AFTER_ROUND: Final = {
    Phase.BET_1: Phase.DEAL_2,
    Phase.BET_2: Phase.DISCARD_1,
    Phase.BET_3: Phase.DISCARD_2,
    Phase.BET_4: Phase.SHOWDOWN,
}
_AFTER_DRAW: Final = {
    Phase.DEAL_1: Phase.BET_1,
    Phase.DEAL_2: Phase.BET_2,
    Phase.DISCARD_1: Phase.BET_3,
    Phase.DISCARD_2: Phase.BET_4,
}
_DISCARDING: Final = frozenset({Phase.DISCARD_1, Phase.DISCARD_2})
_BETTING: Final = frozenset(_AFTER_ROUND)
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

    ``players`` is 3 or 4 (R1); ``dealer`` the first dealer; ``stacks`` the
    starting chips per seat (default ``rules.starting_stack`` each).  Bad
    arguments raise :class:`golfo.RulesError`.

    >>> s = new_game(golfo.LUDOTEKA, players=3, dealer=2)
    >>> s.mano, s.stacks, s.pot
    (0, (995, 995, 995), 15)
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a golfo.Rules, got {rules!r}")
    if type(players) is not int or players not in (3, 4):
        raise RulesError(f"El Golfo is played by 3 or 4 players, got {players!r}")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    if stacks is None:
        start = (rules.starting_stack,) * players
    else:
        start = tuple(stacks)
        if len(start) != players or any(type(x) is not int or x < 0 for x in start):
            raise RulesError(f"stacks must be {players} whole numbers >= 0, got {stacks!r}")
    zeros = (0,) * players
    d = _NEW_GAME.copy()  # the fields not set below keep the template's values
    d["rules"] = rules
    d["players"] = players
    d["dealer"] = d["first_dealer"] = dealer
    d["stacks"] = d["initial_stacks"] = start
    d["bets"] = d["committed"] = d["hand_masks"] = d["rebuys"] = zeros
    _pay_or_leave(d)
    if players - len(d["out"]) < 3:
        raise RulesError("fewer than 3 seats can pay the ante: no game (R17)")
    if dealer in d["out"]:
        raise RulesError(f"the first dealer, seat {dealer}, cannot pay the ante (R17)")
    _start_hand(d, dealer)
    return _make(d)


# The reducer builds each new state once: it copies the fields of the old state into a
# dict (see _logged_copy), the steps below change that dict in place, and _make turns it into
# the new State.  Validation happens first, on the old state, so a refused action leaves
# nothing behind.

_Fields: TypeAlias = dict[str, Any]
_new_state = object.__new__
_set_fields = State.__dict__["__dict__"].__set__


def _make(d: _Fields) -> State:
    state: State = _new_state(State)
    _set_fields(state, d)
    return state


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
    log=None,
).__dict__


def _pay_or_leave(d: _Fields) -> None:
    """R17: a seat that cannot pay the ante rebuys, or is out of the game for good."""
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
        for s in short:
            new_stacks[s] += rules.starting_stack
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
    rules = d["rules"]
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
    d["stock_mask"] = ALL_CARDS
    d["discard_mask"] = 0
    d["dead_mask"] = 0
    d["pending"] = tuple([s for s in order for _ in (0, 1)]) if rules.deal_in_pairs else order * 2
    d["needs"] = 0


_ROUND_FROM: Final = {
    n: tuple(tuple((dealer + k) % n for k in range(1, n + 1)) for dealer in range(n))
    for n in (3, 4)
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
            d = old.copy()  # no "_legal" to drop: legal_actions keeps no deals (see there)
            pending = d["pending"]
            seat = pending[0]
            hands = list(d["hand_masks"])
            hands[seat] |= bit
            d["hand_masks"] = tuple(hands)
            d["stock_mask"] ^= bit
            d["pending"] = pending = pending[1:]
            d["_log"] = (old["_log"], action, seat)
            if not pending:
                _drawn(d)
            new: State = _new_state(State)
            _set_fields(new, d)
            return new
    step = _STEPS.get(type(action))
    if step is None:
        if not isinstance(action, ACTION_TYPES):
            _refuse(state, action, "", f"{action!r} is not a golfo action")
        step = _STEPS[type(action)] = _step_for(action)
    if type(state) is not State and not isinstance(state, State):
        raise IllegalActionError(f"{state!r} is not a golfo.State", action=action)
    if state.phase is _END:
        _refuse(state, action, "R15", "the game is over")
    return step(state, action)


def _refuse(state: State, action: object, rule: str, reason: str) -> NoReturn:
    legal = legal_actions(state) if isinstance(state, State) else ()
    text = f"{rule}: {reason}" if rule else reason
    summary = describe_legal(state) if isinstance(state, State) else "nothing"
    raise IllegalActionError(f"{text}; legal now: {summary}", action=action, rule=rule, legal=legal)


def _check_seat_turn(state: State, action: Pass | Bet | Call | Raise | Fold | Discard) -> int:
    seat = action.seat
    to_act = state.to_act
    if seat == to_act and type(seat) is int:  # the usual case, all checks passed at once
        return seat
    if type(seat) is not int or not 0 <= seat < state.players:
        _refuse(state, action, "R1", f"seat must be 0..{state.players - 1}, got {seat!r}")
    if to_act is CHANCE:
        _refuse(state, action, "R4", "a card must be dealt first (chance is to act)")
    if to_act is None:
        _refuse(state, action, "R15", "no hand is in play")
    if seat != to_act:
        why = "has folded (R13)" if seat in state.folded else "is not to act"
        _refuse(state, action, "R5", f"seat {seat} {why}; seat {to_act} is to act")
    return seat  # pragma: no cover - caught by the first test


# -- chance ----------------------------------------------------------------


def _apply_deal(state: State, action: Deal) -> State:
    old = state.__dict__
    if old["to_act"] is not CHANCE:
        _refuse(state, action, "R4", "no card is to be dealt now")
    card = action.card
    if type(card) is not Card and not isinstance(card, Card):
        _refuse(state, action, "R4", f"{card!r} is not a card")
    if not old["stock_mask"] & card.mask:
        _refuse(state, action, "R4", f"{card} is not in the stock")
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
    if not pending:
        _drawn(d)
    return _make(d)


def _drawn(d: _Fields) -> None:
    """Every pending card is dealt: the next discarder, or the next betting round."""
    phase = d["phase"]
    if phase in _DISCARDING:
        _next_discarder(d)
    else:
        _start_betting(d, _AFTER_DRAW[phase])


# -- betting ---------------------------------------------------------------


def _cap_to(state: State, seat: int) -> int | None:
    """R9: the most ``seat`` may bet to in this round, by the round's cap."""
    caps = state.rules.round_caps
    if caps is None:
        return None
    before = state.committed[seat] - state.bets[seat]
    return caps[state.phase.betting_round - 1] - before


def _raise_answerable(state: State, seat: int) -> bool:
    """R8: a raise needs another seat still in that is not all-in."""
    folded = state.folded
    stacks = state.stacks
    for s in state.dealt_in:  # noqa: SIM110 - a loop, not any(): no generator on a hot path
        if s != seat and s not in folded and stacks[s] > 0:
            return True
    return False


def _bet_range(state: State, seat: int, current: int) -> tuple[int, int, int | None]:
    """(lowest full amount, highest amount, all-in-for-less amount or None) for Bet or Raise,
    ``current`` being the current bet."""
    mine = state.bets[seat]
    all_in = mine + state.stacks[seat]
    rules = state.rules
    low = rules.min_open if current == 0 else current + rules.min_raise
    if rules.round_caps is None:  # the usual case: no cap (R9)
        return low, all_in, all_in if current < all_in < low else None
    high = all_in
    cap = _cap_to(state, seat)
    if cap is not None and cap < high:
        high = cap
    short = all_in if current < all_in < low and (cap is None or all_in <= cap) else None
    return low, high, short


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
        _refuse(state, action, "R5", f"no betting in phase {phase.name}")
    return _check_seat_turn(state, action)


def _logged_copy(state: State, action: Action, actor: int | None) -> _Fields:
    """The fields of ``state`` for the next state, with ``action`` appended to the log."""
    d = state.__dict__.copy()
    d.pop("_legal", None)
    d["_log"] = (d["_log"], action, actor)
    return d


def _apply_pass(state: State, action: Pass) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    if max(f["bets"]) > 0:
        _refuse(state, action, "R5", "no es posible pasar: cannot pass after an opening")
    return _after_bet(f, action, seat, 0, f["needs"] & ~(1 << seat))


def _apply_fold(state: State, action: Fold) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    bets = f["bets"]
    if bets[seat] >= max(bets):
        _refuse(state, action, "R5", "fold only when facing a bet")
    d = _logged_copy(state, action, seat)
    folded = d["folded"] = f["folded"] | _SEAT_SETS[seat]
    hands = list(f["hand_masks"])
    d["dead_mask"] = f["dead_mask"] | hands[seat]
    hands[seat] = 0
    d["hand_masks"] = tuple(hands)
    needs = f["needs"] & ~(1 << seat)
    if len(f["dealt_in"]) - len(folded) == 1:
        d["needs"] = needs
        _settle(d, showdown=False)  # R6c
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
        _refuse(state, action, "R5", "nobody has opened, there is nothing to call")
    chips = current - bets[seat]
    if chips <= 0:
        _refuse(state, action, "R5", "not facing a bet")
    stack = f["stacks"][seat]
    return _after_bet(f, action, seat, chips if chips < stack else stack, f["needs"] & ~(1 << seat))


def _apply_bet_or_raise(state: State, action: Bet | Raise) -> State:
    f = state.__dict__
    seat = action.seat
    if seat != f["to_act"] or type(seat) is not int or f["phase"] not in _BETTING:
        seat = _betting_seat(state, action)
    current = max(f["bets"])
    mine = f["bets"][seat]
    amount = action.amount
    if isinstance(action, Bet):
        if current > 0:
            _refuse(state, action, "R5", "the betting is open: call, raise or fold")
    else:
        if current == 0:
            _refuse(state, action, "R5", "nobody has opened: bet to open")
        if not _raise_answerable(state, seat):
            _refuse(state, action, "R8", "every other seat still in is all-in")
    if type(amount) is not int:
        _refuse(state, action, "R5", f"amount must be a whole number of chips: {amount!r}")
    low, high, short = _bet_range(state, seat, current)
    if amount > mine + f["stacks"][seat]:
        _refuse(state, action, "R8", f"amount {amount} is more than seat {seat} has")
    if high < amount:
        _refuse(state, action, "R9", f"amount {amount} is over this round's cap ({high})")
    if amount < low and amount != short:
        word = "opening" if current == 0 else "raise"
        _refuse(state, action, "R5", f"amount {amount} is below the minimum {word} {low}")
    # R5: a bet or raise reopens the action to every other seat still in and not all-in
    # (the bettor's own stack is irrelevant: it is not in the mask).
    stacks = f["stacks"]
    folded = f["folded"]
    needs = 0
    for s in f["dealt_in"]:
        if s != seat and s not in folded and stacks[s] > 0:
            needs |= 1 << s
    return _after_bet(f, action, seat, amount - mine, needs)


def _after_bet(f: _Fields, action: Action, seat: int, chips: int, needs: int) -> State:
    """The state after a valid Pass, Call, Bet or Raise (``f``: the fields before): ``seat``
    puts ``chips`` in, ``needs`` seats are still to act."""
    d = f.copy()  # _logged_copy and _make inlined: a quarter of a hand's actions come here
    d.pop("_legal", None)
    d["_log"] = (f["_log"], action, seat)
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
    nxt = _AFTER_ROUND[d["phase"]]
    d["bets"] = (0,) * d["players"]
    d["needs"] = 0
    folded = d["folded"]
    if nxt is _DEAL_2:
        d["phase"] = nxt
        d["to_act"] = CHANCE
        d["pending"] = tuple(s for s in d["dealt_in"] if s not in folded) * 3
        return
    if nxt is _SHOWDOWN:
        _settle(d, showdown=True)
        return
    needs = 0
    for s in d["dealt_in"]:
        if s not in folded:
            needs |= 1 << s
    d["phase"] = nxt
    d["needs"] = needs
    _next_discarder(d)


# -- discards --------------------------------------------------------------


def _next_discarder(d: _Fields) -> None:
    needs = d["needs"]
    if needs:
        d["to_act"] = _next_in(d["dealt_in"], needs, None)
    else:
        _start_betting(d, _AFTER_DRAW[d["phase"]])


def _apply_discard(state: State, action: Discard) -> State:
    f = state.__dict__
    seat = action.seat
    phase = f["phase"]
    if seat != f["to_act"] or type(seat) is not int or phase not in _DISCARDING:
        if phase not in _DISCARDING:
            _refuse(state, action, "R10", f"no discarding in phase {phase.name}")
        seat = _check_seat_turn(state, action)
    mask = action._mask  # the cards as a bit set, or None if one is not a card
    if mask is None:
        bad = next(c for c in action.cards if not isinstance(c, Card))
        _refuse(state, action, "R10", f"{bad!r} is not a card")
    hands = list(f["hand_masks"])
    own = hands[seat]
    if mask & ~own:
        missing = " ".join(str(c) for c in cards_of(mask & ~own))
        _refuse(state, action, "R10", f"seat {seat} does not hold {missing}")
    k = mask.bit_count()
    room = f["stock_mask"].bit_count()
    if k > room:
        _refuse(state, action, "R10", f"only {room} cards left in the stock, cannot discard {k}")
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
        _refuse(state, action, "R15", "a hand is in play; NextHand only between hands")
    d = _logged_copy(state, action, None)
    _next_hand(d)
    return _make(d)


def _apply_end_game(state: State, action: EndGame) -> State:
    if state.phase is not _BETWEEN_HANDS:
        _refuse(state, action, "R15", "EndGame only between hands")
    if state.rules.hands is not None:
        _refuse(state, action, "R16", f"this game lasts {state.rules.hands} hands")
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


# -- end of a hand and of a game ------------------------------------------


def _settle(d: _Fields, *, showdown: bool) -> None:
    """R8, R11, R6c: split the pot into side pots, award them, record the result."""
    n = d["players"]
    committed = d["committed"]
    dealt_in = d["dealt_in"]
    folded = d["folded"]
    hand_masks = d["hand_masks"]
    in_hand = tuple([s for s in dealt_in if s not in folded]) if folded else dealt_in
    # Only a showdown compares hands (R11); a win by folds has one seat in (R6c).
    values = (
        {s: value_of_mask(hand_masks[s]) for s in in_hand}
        if showdown
        else dict.fromkeys(in_hand, 0)
    )
    top = max(committed)
    returned = [0] * n
    for s in in_hand:
        if committed[s] != top:  # someone in is all-in for less: side pots (R8)
            pots = _side_pots(committed, in_hand, values, returned)
            break
    else:  # the usual ending, one pot and no side pots: every seat in put in the most
        total = sum(committed)
        winner = in_hand[0]  # R11: ties go to the seat nearest mano (play order)
        if len(in_hand) == 1:  # R6c, R8: the bet nobody called goes back
            excess = top - max([committed[s] for s in range(n) if s != winner])
            returned[winner] = excess
            total -= excess
        else:
            best = values[winner]
            for s in in_hand:
                if values[s] > best:
                    winner = s
                    best = values[s]
        pots = (Pot(total, in_hand, winner),) if total else ()
    won = [0] * n
    for pot in pots:
        won[pot.winner] += pot.amount
    stacks = d["stacks"]
    mano = dealt_in[0]
    seats = range(n)
    result = HandResult(
        d["hand_number"],
        d["dealer"],
        dealt_in,
        tuple([won[s] + returned[s] - committed[s] for s in seats]),
        pots,
        tuple(returned),
        tuple([_shown(hand_masks[s]) if s in values else None for s in seats])
        if showdown
        else (None,) * n,
        showdown,
        # R11: mano shows 30 and takes the main pot (ante 0 and no bets: no pot at all)
        showdown and values.get(mano) == 30 and (not pots or pots[0].winner == mano),
        _SHOWDOWN if showdown else d["phase"],
    )
    zeros = (0,) * n
    d["stacks"] = tuple([stacks[s] + won[s] + returned[s] for s in seats])
    d["bets"] = zeros
    d["committed"] = zeros
    d["needs"] = 0
    d["pending"] = ()
    d["results"] = (*d["results"], result)
    d["to_act"] = None
    d["phase"] = _END if _game_over(d) else _BETWEEN_HANDS


def _side_pots(
    committed: tuple[int, ...],
    in_hand: tuple[int, ...],
    values: dict[int, int],
    returned: list[int],
) -> tuple[Pot, ...]:
    """R8, R11: the main pot and the side pots; uncalled chips are added to ``returned``."""
    layers: list[list[Any]] = []  # [amount, eligible, winner] per pot, main pot first
    prev = 0
    seats = range(len(committed))
    # Layers between consecutive distinct amounts committed: every seat that reached a
    # layer's top put in the whole layer (no seat committed an amount inside it).
    for level in sorted({c for c in committed if c > 0}):
        count = 0
        top = -1
        for s in seats:
            if committed[s] >= level:
                count += 1
                top = s
        amount = (level - prev) * count
        eligible = tuple([s for s in in_hand if committed[s] >= level])
        prev = level
        if count == 1 and eligible == (top,):
            returned[top] += amount  # R8: uncalled excess goes back
        elif not eligible:
            layers[-1][0] += amount  # only folded seats reached this level: the pot below
        elif layers and layers[-1][1] == eligible:
            layers[-1][0] += amount  # same seats can win it: one pot, not two
        else:
            winner = eligible[0]  # R11: ties go to the seat nearest mano (play order)
            for s in eligible:
                if values[s] > values[winner]:
                    winner = s
            layers.append([amount, eligible, winner])
    return tuple([Pot(amount, eligible, winner) for amount, eligible, winner in layers])


_new_hand = object.__new__
_set_hand_mask = Hand.mask.__set__  # type: ignore[attr-defined]


def _shown(mask: int) -> Hand:
    """``Hand.from_mask(mask)`` without its checks: the reducer's masks are valid hands."""
    hand: Hand = _new_hand(Hand)
    _set_hand_mask(hand, mask)
    return hand


def _game_over(d: _Fields) -> bool:
    """R16, R17: is the game over once the current hand has ended?"""
    rules = d["rules"]
    out = d["out"]
    stacks = d["stacks"]
    if not rules.rebuy:
        can_play = [s for s in range(d["players"]) if s not in out and stacks[s] >= rules.ante]
        if len(can_play) < 3:
            return True
    if rules.hands is None or d["hand_number"] < rules.hands:
        return False
    if not rules.extra_hands_on_tie:
        return True
    initial = d["initial_stacks"]
    rebuys = d["rebuys"]
    # R18: the net result is the stack minus everything the seat was given
    nets = [
        stacks[s] - (initial[s] + rebuys[s] * rules.starting_stack)
        for s in range(d["players"])
        if s not in out
    ]
    return nets.count(max(nets)) == 1


def _next_hand(d: _Fields) -> None:
    """R14, R15, R17: rebuys or busts, the deal passes on, antes, first deal pending."""
    _pay_or_leave(d)
    n = d["players"]
    out = d["out"]
    dealer = next(s for s in ((d["dealer"] + k) % n for k in range(1, n + 1)) if s not in out)
    _start_hand(d, dealer)


# ---------------------------------------------------------------------------
# legal actions


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, concretely: each bet amount, each discard subset, each card to deal.

    The tuple is computed once per state and kept with it, except the deals, which cost
    less to list again than to keep.
    """
    fields = state.__dict__
    cached: tuple[Action, ...] | None = fields.get("_legal")
    if cached is None:
        to_act = fields["to_act"]
        if to_act is CHANCE:  # the deals: three lookups and a concatenation, not kept
            m = fields["stock_mask"]  # (cheaper to build again than to keep, then drop)
            return _DEALS_A[m & 1023] + _DEALS_B[m >> 10 & 511] + _DEALS_C[m >> 19]
        if fields["phase"] in _BETTING:
            cached = fields["_legal"] = _betting(state, to_act)
        else:
            cached = fields["_legal"] = _legal(state)
    return cached


def _legal(state: State) -> tuple[Action, ...]:
    """The legal actions outside deals and betting rounds (legal_actions lists those)."""
    phase = state.phase
    seat = state.to_act
    if phase in _DISCARDING:
        assert isinstance(seat, int)
        room = min(5, state.stock_mask.bit_count())
        return _discards(seat, state.hand_masks[seat], room)
    if phase is _BETWEEN_HANDS:
        return (_NEXT_HAND,) if state.rules.hands is not None else (_NEXT_HAND, _END_GAME)
    return ()  # the game is over


def _betting(state: State, seat: int) -> tuple[Action, ...]:
    """The legal betting actions of ``seat``, the seat to act in a betting round.

    Without round caps they follow from a few numbers (the seat, the current bet, the
    seat's all-in total, the rules' minimums and whether a raise can be answered), so the
    tuple is kept in ``_BETTING_LISTS`` by those numbers: a list of a hundred bet amounts
    is then looked up instead of built again.
    """
    bets = state.bets
    current = max(bets)
    rules = state.rules
    answerable = current == 0 or _raise_answerable(state, seat)
    key: tuple[int | bool, ...] | None = None
    if rules.round_caps is None:
        all_in = bets[seat] + state.stacks[seat]
        key = (seat, current, all_in, answerable, rules.min_open, rules.min_raise)
        cached = _BETTING_LISTS.get(key)
        if cached is not None:
            return cached
    low, high, short = _bet_range(state, seat, current)
    if current == 0:
        bets_ = _amounts(_BETS, Bet, seat, low, high)
        out: tuple[Action, ...] = (
            (_PASSES[seat], *bets_) if short is None else (_PASSES[seat], _bet(seat, short), *bets_)
        )
    elif not answerable:
        out = (_CALLS[seat], _FOLDS[seat])
    else:
        raises = _amounts(_RAISES, Raise, seat, low, high)
        if short is None:
            out = (_CALLS[seat], *raises, _FOLDS[seat])
        else:
            out = (_CALLS[seat], _raise(seat, short), *raises, _FOLDS[seat])
    if key is not None:
        _BETTING_ROOM[0] -= len(out) + 16  # the list's slots, and about its key and entry
        if _BETTING_ROOM[0] < 0:  # full: start over (long games with big stacks)
            _BETTING_LISTS.clear()
            _BETTING_ROOM[0] = _BETTING_LISTS_SLOTS - len(out) - 16
        _BETTING_LISTS[key] = out
    return out


_BETTING_LISTS: Final[dict[tuple[int | bool, ...], tuple[Action, ...]]] = {}
_BETTING_LISTS_SLOTS: Final = 1 << 17
"""The cache of betting lists holds at most this many slots, about 1 MB (8 bytes each:
the actions are shared); when full it starts over."""
_BETTING_ROOM: Final = [_BETTING_LISTS_SLOTS]


# Interned actions: legal_actions hands out shared, immutable objects instead of building
# up to hundreds of new ones per call.  Bets and raises are kept per seat in tuples indexed
# by amount (grown on demand, up to _INTERNED_AMOUNTS), so a range of amounts is one slice.
# Long random games feed stacks of thousands of chips through rebuys; past the limit
# (about 0.75 MB per seat and kind when full) the actions are built for each call.
_PASSES: Final = tuple(Pass(s) for s in range(4))
_CALLS: Final = tuple(Call(s) for s in range(4))
_FOLDS: Final = tuple(Fold(s) for s in range(4))
_BETS: Final[list[tuple[Bet, ...]]] = [(), (), (), ()]
_RAISES: Final[list[tuple[Raise, ...]]] = [(), (), (), ()]
_INTERNED_AMOUNTS: Final = 8192


_A = TypeVar("_A", Bet, Raise)


def _amounts(
    table: list[tuple[_A, ...]], kind: type[_A], seat: int, low: int, high: int
) -> tuple[_A, ...]:
    """``kind(seat, a)`` for ``a`` in ``low..high`` (``low >= 1``), interned when small."""
    if high < low:
        return ()
    row = table[seat]
    if high >= len(row):
        if high >= _INTERNED_AMOUNTS:
            return tuple(kind(seat, a) for a in range(low, high + 1))
        size = min(_INTERNED_AMOUNTS, max(128, 2 * len(row), high + 1))
        row = table[seat] = tuple(kind(seat, a) for a in range(size))
    return row[low : high + 1]


def _bet(seat: int, amount: int) -> Bet:
    row = _BETS[seat]
    return row[amount] if 0 <= amount < len(row) else Bet(seat, amount)


def _raise(seat: int, amount: int) -> Raise:
    row = _RAISES[seat]
    return row[amount] if 0 <= amount < len(row) else Raise(seat, amount)


# The deals legal for a stock, in canonical order: the deals of cards 0-9, 10-18 and
# 19-27, each looked up by those cards' bits of the stock, concatenated.
_DEALS_A, _DEALS_B, _DEALS_C = (
    tuple(
        tuple(_DEALS[first + i] for i in range(size) if bits >> i & 1) for bits in range(1 << size)
    )
    for first, size in ((0, 10), (10, 9), (19, 9))
)


# Discard subsets, in the order of itertools.combinations over the hand's cards in canonical
# order, 0 cards first.  Each is built from its bit set of cards (its ``cards`` frozenset is
# made only if read).  Those of up to two cards are kept per seat (_SMALL, 407 per seat at
# most); per larger subset, _RECIPES names the smaller subset it extends and the card added.
_new = object.__new__
_set_seat: Final[Callable[[Discard, int], None]] = vars(Discard)["seat"].__set__
_set_mask: Final[Callable[[Discard, int], None]] = vars(Discard)["_mask"].__set__

# Per suit, by the suit's 7 bits of a hand: the bit of each of its cards.
_BITS_O, _BITS_C, _BITS_E, _BITS_B = (
    tuple(tuple(1 << 7 * suit + i for i in range(7) if bits >> i & 1) for bits in range(128))
    for suit in range(4)
)


def _recipe(n: int, room: int) -> tuple[tuple[int, int], ...]:
    """For each subset of 3 or more of n cards, at most ``room``: (position of the subset it
    extends by one card, position of that card among the n)."""
    order = [c for k in range(room + 1) for c in combinations(range(n), k)]
    where = {c: i for i, c in enumerate(order)}
    return tuple((where[c[:-1]], c[-1]) for c in order if len(c) >= 3)


_RECIPES: Final = tuple(tuple(_recipe(n, r) for r in range(6)) for n in range(6))
_PAIRS: Final = tuple(tuple(combinations(range(n), 2)) for n in range(6))


class _Small(dict[int, Discard]):
    """One seat's discards of up to two cards (at most 407), by mask, each made once."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, mask: int) -> Discard:
        action: Discard = _new(Discard)
        _set_seat(action, self.seat)
        _set_mask(action, mask)
        self[mask] = action
        return action


_SMALL: Final = tuple(_Small(s) for s in range(4))


def _discards(seat: int, mask: int, room: int) -> tuple[Discard, ...]:
    bits = _BITS_O[mask & 127] + _BITS_C[mask >> 7 & 127] + _BITS_E[mask >> 14 & 127]
    bits += _BITS_B[mask >> 21]
    n = len(bits)
    top = room if room < n else n
    small = _SMALL[seat]
    if top == 0:
        return (small[0],)
    out = [small[0], *[small[b] for b in bits]]
    if top >= 2:
        out += [small[bits[i] | bits[j]] for i, j in _PAIRS[n]]
    append = out.append
    for parent, card in _RECIPES[n][top]:  # 3 cards or more: too many to keep, built anew
        action: Discard = _new(Discard)
        _set_seat(action, seat)
        # a listed discard's mask is never None (only one built from a non-card is)
        _set_mask(action, out[parent]._mask | bits[card])  # type: ignore[operator]
        append(action)
    return tuple(out)


def is_legal(state: State, action: object) -> bool:
    """Whether ``apply(state, action)`` would succeed."""
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True


def describe_legal(state: State) -> str:
    """A short human description of the legal actions (ranges of amounts folded together)."""
    legal = legal_actions(state)
    if not legal:
        return "nothing (the game is over)"
    if state.to_act is CHANCE:
        return (
            f"Deal(card) for any of the {len(legal)} cards in the stock (to seat {state.receiver})"
        )
    if state.phase in _DISCARDING:
        seat = state.to_act
        assert isinstance(seat, int)
        most = max(len(a.cards) for a in legal if isinstance(a, Discard))
        hand = " ".join(str(c) for c in cards_of(state.hand_masks[seat]))
        return f"Discard(seat={seat}, cards=any 0 to {most} of {hand})"
    parts: list[str] = []
    amounts: dict[type, list[int]] = {}
    for a in legal:
        if isinstance(a, Bet | Raise):
            amounts.setdefault(type(a), []).append(a.amount)
        else:
            parts.append(repr(a))
    for kind, values in amounts.items():
        seat = state.to_act
        runs = amount_runs(sorted(values))
        parts.insert(1 if parts else 0, f"{kind.__name__}(seat={seat}, amount={runs})")
    return ", ".join(parts)


def amount_runs(values: Sequence[int]) -> str:
    """Sorted whole numbers folded into runs, as in legal-action messages.

    >>> amount_runs([1, 2, 3, 7, 9, 10])
    '1..3, 7, 9..10'
    """
    out: list[str] = []
    start = prev = values[0]
    for v in [*values[1:], None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        out.append(str(start) if start == prev else f"{start}..{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(out)


def deal_from(state: State, deck: Iterable[Card]) -> State:
    """Apply :class:`golfo.Deal` while chance is to act, taking each time the first card of
    ``deck`` still in the stock.  Stops when a seat is to act or ``deck`` has no usable card.
    """
    cards = list(deck)
    i = 0
    while state.to_act is CHANCE and i < len(cards):
        card = cards[i]
        i += 1
        if state.stock_mask & card.mask:
            state = apply(state, _DEALS[card.index])
    return state
