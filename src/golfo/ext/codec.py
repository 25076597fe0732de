"""Integer action ids for game-AI frameworks: one fixed action space for every state.

Learning and search libraries (PettingZoo, OpenSpiel) want each action as an
integer below a fixed ``num_distinct_actions``, a sorted list of the legal ids
of a state and a readable string per id.  An :class:`ActionCodec` gives them
that for golfo; ``docs/guides/research.md`` documents the layout.

Two betting modes:

- ``"exact"``: the id of a bet or raise *is* its amount in chips (the round
  total, "to"), as OpenSpiel's poker games do; ids ``0..max_amount`` are
  amounts and Pass, Call and Fold come right after ``max_amount``.
- ``"abstract"``: Pass, Call, Fold and a few bet sizes (the smallest legal
  amount, fractions of the pot, all-in); buckets that land on the same amount
  collapse into the first of them.

Both modes end with the discard ids (one per subset of the hand: 32 for
El Golfo's five cards, ``2 ** rules.hand_size`` in a variant, none in one
without discards; bit ``i`` = the ``i``-th card in canonical order) and
NextHand / EndGame.  Chance has its own space: the 28 card indices
(``card.index``; a variant's deck keeps El Golfo's indices).

>>> import golfo
>>> from golfo.ext.codec import ActionCodec
>>> rules = golfo.Rules(hands=1)
>>> codec = ActionCodec.for_rules(rules, players=3)
>>> codec.max_amount, codec.num_distinct_actions
(99, 137)
>>> state = golfo.deal_from(golfo.new_game(rules, players=3), golfo.DECK)
>>> ids = codec.legal_ids(state)
>>> ids[:3], ids[-1], codec.action_string(ids[-1])
((1, 2, 3), 100, 'Pass')
>>> codec.decode(state, 5)
Bet(seat=1, amount=5)
>>> codec.encode(state, golfo.Pass(seat=1))
100
>>> small = ActionCodec(mode="abstract")   # half the pot of 3 is 1, the min: it collapses
>>> [small.describe(state, i) for i in small.legal_ids(state)]
['Pass', 'Bet 1 (min)', 'Bet 3 (pot)', 'Bet 6 (2 pot)', 'Bet 99 (all-in)']
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final, Literal

import attrs

from golfo.actions import (
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
from golfo.cards import DECK, cards_of
from golfo.errors import CodecError, IllegalActionError, RulesError
from golfo.moves import LegalMoves, legal_actions, legal_moves
from golfo.rules import Rules
from golfo.state import Phase, State

__all__ = [
    "DISCARD_IDS",
    "NUM_CHANCE_OUTCOMES",
    "ActionCodec",
    "chance_ids",
    "chance_string",
    "chip_bound",
    "decode_chance",
    "discard_ids",
    "max_amount",
    "max_chance_nodes",
    "max_loss",
    "max_moves",
    "seats_dealt_in",
]

NUM_CHANCE_OUTCOMES: Final = 28
"""Chance outcomes: a :class:`golfo.Deal` of card ``c`` is outcome ``c.index``."""
DISCARD_IDS: Final = 32
"""Discard ids in El Golfo: one per subset of a five-card hand (see :func:`discard_ids`)."""
_DEFAULT_FRACTIONS: Final = (Fraction(1, 2), Fraction(1), Fraction(2))
_NEXT_HAND: Final = NextHand()
_END_GAME: Final = EndGame()
_DEALS: Final = tuple(Deal(c) for c in DECK)
_MEMO: tuple[object, object, dict[int, Action]] = (None, None, {})
"""The last (codec, state, id table) computed: callers ask for the same state in a row."""


# ---------------------------------------------------------------------------
# bounds that follow from the rules


def seats_dealt_in(players: int) -> int:
    """Seats dealt in a hand: always 3 (with four players the dealer sits out, R1).

    >>> seats_dealt_in(4)
    3
    """
    return min(players, 3)


def _hands(rules: Rules) -> int | None:
    """Hands a game may last, or ``None`` if there is no bound."""
    if rules.hands is None or rules.extra_hands_on_tie:
        return None
    return rules.hands


def discard_ids(rules: Rules) -> int:
    """The discard ids of ``rules``: one per subset of the hand, none without discard rounds.

    >>> import golfo
    >>> discard_ids(golfo.TRADICIONAL), discard_ids(golfo.MINI)
    (32, 2)
    """
    return 1 << rules.hand_size if rules.discard_rounds else 0


def _check(rules: Rules, players: int) -> None:
    rules.check_players(players)  # the rules' own table sizes (R1)
    if rules.ante > rules.starting_stack:
        raise RulesError("bounds need ante <= starting_stack")


def chip_bound(rules: Rules, players: int) -> int:
    """The most chips in play in a game started with default stacks.

    Without rebuys the chips never change; with rebuys each hand after the
    first may add ``starting_stack`` per seat (R17), so the game must have a
    bounded number of hands (``rules.hands`` set, ``extra_hands_on_tie`` off).

    >>> import golfo
    >>> chip_bound(golfo.Rules(hands=1), 3), chip_bound(golfo.Rules(hands=10), 4)
    (300, 4000)
    >>> chip_bound(golfo.LUDOTEKA, 3)
    3000
    """
    _check(rules, players)
    base = players * rules.starting_stack
    if not rules.rebuy:
        return base
    hands = _hands(rules)
    if hands is None:
        raise RulesError(
            "chips are unbounded in an open-ended game with rebuys: "
            "set rules.hands and turn extra_hands_on_tie off"
        )
    return base * hands


def _seat_chips(rules: Rules, players: int) -> int:
    """The most chips one seat can hold when a hand starts."""
    if _hands(rules) == 1:
        return rules.starting_stack
    return chip_bound(rules, players)


def max_amount(rules: Rules, players: int) -> int:
    """The largest bet or raise amount ("to", round total) a seat can ever make.

    A seat puts in at most its chips at the start of the hand less the ante
    and, with caps (R9), at most the last cap less the ante.

    >>> import golfo
    >>> max_amount(golfo.Rules(hands=1), 3), max_amount(golfo.LUDOTEKA, 4)
    (99, 95)
    """
    most = _seat_chips(rules, players)
    if rules.round_caps is not None:
        most = min(most, rules.round_caps[-1])
    return max(most - rules.ante, 0)


def max_loss(rules: Rules, players: int) -> int:
    """The most chips one seat can lose over a whole game (its net result, R18, is at least
    minus this; the most it can win is ``(players - 1)`` times this).

    A seat's net is its stack less what it was given: at least minus its starting stack
    plus one rebuy per later hand; with caps (R9) a hand costs it at most the last cap.

    >>> import golfo
    >>> max_loss(golfo.Rules(hands=1), 3), max_loss(golfo.LUDOTEKA, 3)
    (100, 1000)
    """
    _check(rules, players)
    hands = _hands(rules)
    if rules.rebuy:
        if hands is None:
            raise RulesError("rebuys in an unbounded number of hands: set rules.hands")
        given = rules.starting_stack * hands
    else:
        given = rules.starting_stack
    if rules.round_caps is not None and hands is not None:
        given = min(given, hands * rules.round_caps[-1])
    return given


def max_moves(rules: Rules, players: int) -> int:
    """A true upper bound on the seats' moves (chance excluded) in a whole game.

    Per hand, with ``k = 3`` seats dealt in and ``M = max_amount``:

    - Each Bet or Raise lifts its round's current bet by at least one chip, so
      a hand has at most ``A = c1 + c2 + c3 + c4`` of them, ``cr`` the current
      bet at the end of round ``r``.  The seat ``Z`` that made the last round's
      current bet could still bet there, so it was never all-in before and
      matched every earlier ``cr``: ``A`` is at most what ``Z`` put in, ``M``.
    - A betting round starts with at most ``k`` seats to act; each Pass, Call
      or Fold removes one, each Bet or Raise sets at most ``k - 1`` again: a
      round has at most ``k + k * Ar`` moves, the four at most ``4k + k * A``.
    - The two discard rounds take at most ``k`` moves each.

    Hence ``6k + k * M`` per hand, times the most hands a game may last.

    >>> import golfo
    >>> max_moves(golfo.Rules(hands=1), 3)
    315
    """
    hands = _hands(rules)
    if hands is None:
        raise RulesError("the number of hands is unbounded: set rules.hands, no extra hands")
    k = seats_dealt_in(players)
    return hands * (6 * k + k * max_amount(rules, players))


def max_chance_nodes(rules: Rules, players: int) -> int:
    """An upper bound on the cards dealt (chance moves) in a whole game: the deck (28 cards
    in El Golfo) per hand."""
    hands = _hands(rules)
    if hands is None:
        raise RulesError("the number of hands is unbounded: set rules.hands, no extra hands")
    _check(rules, players)
    return hands * len(rules.deck)


# ---------------------------------------------------------------------------
# chance


def chance_ids(state: State) -> tuple[int, ...]:
    """The cards chance may deal now, as sorted card indices (empty unless chance acts)."""
    if state.to_act is not CHANCE:
        return ()
    mask = state.stock_mask
    return tuple(i for i in range(NUM_CHANCE_OUTCOMES) if mask >> i & 1)


def decode_chance(outcome: int) -> Deal:
    """The :class:`golfo.Deal` of chance outcome ``outcome`` (a card index)."""
    return _DEALS[_check_id(outcome, NUM_CHANCE_OUTCOMES)]


def chance_string(outcome: int) -> str:
    """``"Deal 9O"``: unique per outcome.

    >>> chance_string(27)
    'Deal 9B'
    """
    return f"Deal {DECK[_check_id(outcome, NUM_CHANCE_OUTCOMES)]}"


def _check_id(action_id: Any, size: int) -> int:
    value = int(action_id)
    if value != action_id or not 0 <= value < size:
        raise CodecError(f"action id must be 0..{size - 1}, got {action_id!r}")
    return value


# ---------------------------------------------------------------------------
# the codec


def _fractions(value: Any) -> tuple[Fraction, ...]:
    out = tuple(Fraction(v) for v in value)
    if any(f <= 0 for f in out):
        raise CodecError(f"pot fractions must be positive, got {value!r}")
    return out


def _fraction_name(f: Fraction) -> str:
    return "pot" if f == 1 else f"{f} pot"


@attrs.frozen
class ActionCodec:
    """Maps golfo actions to ids ``0..num_distinct_actions-1`` and back.

    ``mode="exact"`` needs ``max_amount`` (use :meth:`for_rules`);
    ``mode="abstract"`` uses ``pot_fractions`` instead.  Ids and strings are
    the same for every state; which ids are legal depends on the state.
    """

    mode: Literal["exact", "abstract"] = attrs.field(default="exact")
    """``"exact"`` (id = chip amount) or ``"abstract"`` (a few bet sizes)."""
    max_amount: int = attrs.field(default=0)
    """Exact mode: the largest amount with an id (see :func:`max_amount`)."""
    pot_fractions: tuple[Fraction, ...] = attrs.field(
        default=_DEFAULT_FRACTIONS, converter=_fractions
    )
    """Abstract mode: bet sizes as fractions of the pot after calling."""
    discard_ids: int = attrs.field(default=DISCARD_IDS)
    """The discard ids: ``2 ** hand_size`` (one per subset of the hand), or 0 without discards."""

    def __attrs_post_init__(self) -> None:
        if self.mode not in ("exact", "abstract"):
            raise CodecError(f"mode must be 'exact' or 'abstract', got {self.mode!r}")
        if type(self.max_amount) is not int or self.max_amount < 0:
            raise CodecError(f"max_amount must be a whole number >= 0, got {self.max_amount!r}")
        if self.discard_ids not in (0, 2, 4, 8, 16, 32):
            raise CodecError(f"discard_ids must be 2 ** (1..5) or 0, got {self.discard_ids!r}")
        if self.mode == "exact" and self.max_amount == 0:
            raise CodecError("exact mode needs max_amount: use ActionCodec.for_rules")

    @classmethod
    def for_rules(
        cls, rules: Rules, players: int, mode: Literal["exact", "abstract"] = "exact"
    ) -> ActionCodec:
        """The codec for games under ``rules`` (``max_amount`` from :func:`max_amount`, the
        discard ids from the hand size: :func:`discard_ids`).

        >>> import golfo
        >>> codec = ActionCodec.for_rules(golfo.MINI, 2)  # amounts 0..9, Pass Call Fold, ...
        >>> codec.discard_base, codec.action_string(15), codec.num_distinct_actions
        (13, 'NextHand', 17)
        """
        discards = discard_ids(rules)
        if mode == "abstract":
            return cls(mode="abstract", discard_ids=discards)
        return cls(
            mode="exact", max_amount=max(max_amount(rules, players), 1), discard_ids=discards
        )

    # -- layout ------------------------------------------------------------

    @property
    def _names(self) -> tuple[str, ...]:
        """The betting bucket names of abstract mode, in id order."""
        return ("min", *(_fraction_name(f) for f in self.pot_fractions), "all-in")

    @property
    def pass_id(self) -> int:
        """The id of Pass; Call and Fold follow it."""
        return self.max_amount + 1 if self.mode == "exact" else 0

    @property
    def _first_bucket(self) -> int:
        return self.pass_id + 3

    @property
    def discard_base(self) -> int:
        """The id of standing pat (discarding nothing); ``discard_base + bits`` discards."""
        if self.mode == "exact":
            return self.max_amount + 4
        return self._first_bucket + len(self._names)

    @property
    def next_hand_id(self) -> int:
        """The id of NextHand; EndGame is the next and last id."""
        return self.discard_base + self.discard_ids

    @property
    def num_distinct_actions(self) -> int:
        """Ids run from 0 to this, exclusive."""
        return self.next_hand_id + 2

    def action_string(self, action_id: int) -> str:
        """A readable string per id, the same in every state and unique.

        >>> codec = ActionCodec(mode="exact", max_amount=10)
        >>> [codec.action_string(i) for i in (5, 11, 12, 13, 14, 14 + 0b101, 46, 47)]
        ['Bet/Raise 5', 'Pass', 'Call', 'Fold', 'Discard none', 'Discard #0 #2', 'NextHand',
        'EndGame']
        """
        i = _check_id(action_id, self.num_distinct_actions)
        if self.mode == "exact" and i <= self.max_amount:
            return f"Bet/Raise {i}"
        if i < self._first_bucket:
            return ("Pass", "Call", "Fold")[i - self.pass_id]
        if i < self.discard_base:
            return f"Bet/Raise {self._names[i - self._first_bucket]}"
        if i < self.next_hand_id:
            bits = i - self.discard_base
            held = self.discard_ids.bit_length() - 1
            return "Discard " + (" ".join(f"#{b}" for b in range(held) if bits >> b & 1) or "none")
        return "NextHand" if i == self.next_hand_id else "EndGame"

    # -- the state's ids -------------------------------------------------------

    def _amounts(self, state: State, moves: LegalMoves) -> list[tuple[int, int]]:
        """Abstract mode: (id, amount) for each bucket that is legal and not a duplicate."""
        amounts = moves.amounts
        if not amounts:
            return []
        low, high = amounts[0], amounts[-1]
        seat = state.to_act
        assert isinstance(seat, int)
        current = max(state.bets)
        base = state.pot + current - state.bets[seat]  # the pot once this seat has called
        wanted = [low, *(current + math.floor(f * base) for f in self.pot_fractions), high]
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        for k, target in enumerate(wanted):
            amount = min(max(target, low), high)
            if amount not in seen:
                seen.add(amount)
                out.append((self._first_bucket + k, amount))
        return out

    def _table(self, state: State) -> dict[int, Action]:
        """id -> action for every legal action of ``state`` (chance excluded)."""
        global _MEMO
        memo = _MEMO
        if memo[1] is state and memo[0] == self:
            return memo[2]
        table: dict[int, Action] = {}
        if state.to_act is not CHANCE:
            if state.phase in (Phase.DISCARD_1, Phase.DISCARD_2):
                seat = state.to_act
                assert isinstance(seat, int)
                position = {c: b for b, c in enumerate(cards_of(state.hand_masks[seat]))}
                for a in legal_actions(state):
                    assert isinstance(a, Discard)
                    bits = sum(1 << position[c] for c in a.cards)
                    table[self.discard_base + bits] = a
            elif self.mode == "abstract" and state.phase.betting_round:
                # Pass, Call, Fold and the amounts of the abstraction, from the ranges: O(1)
                moves = legal_moves(state)
                seat = state.to_act
                assert isinstance(seat, int)
                if moves.can_pass:
                    table[self.pass_id] = Pass(seat)
                if moves.call is not None:
                    table[self.pass_id + 1] = Call(seat)
                if moves.can_fold:
                    table[self.pass_id + 2] = Fold(seat)
                kind = Bet if moves.bets else Raise
                for i, amount in self._amounts(state, moves):
                    table[i] = kind(seat, amount)
            else:
                for a in legal_actions(state):
                    table[self._id_of(a)] = a
        table = dict(sorted(table.items()))
        _MEMO = (self, state, table)
        return table

    def _id_of(self, action: Action) -> int:
        """The id of a non-discard action (exact mode, or no amount)."""
        match action:
            case Pass():
                return self.pass_id
            case Call():
                return self.pass_id + 1
            case Fold():
                return self.pass_id + 2
            case NextHand():
                return self.next_hand_id
            case EndGame():
                return self.next_hand_id + 1
            case Bet() | Raise():
                if self.mode == "abstract" or action.amount > self.max_amount:
                    raise CodecError(
                        f"amount {action.amount} is over this codec's max_amount "
                        f"{self.max_amount}: build it with ActionCodec.for_rules"
                    )
                return action.amount
        raise CodecError(f"no id for {action!r}")

    def legal_ids(self, state: State) -> tuple[int, ...]:
        """The ids legal in ``state``, sorted and unique (empty when chance acts: see
        :func:`chance_ids`, and at the end of the game)."""
        return tuple(self._table(state))

    def decode(self, state: State, action_id: int) -> Action:
        """The action of ``action_id`` in ``state``; an id that is not legal there raises
        :class:`golfo.IllegalActionError`."""
        i = _check_id(action_id, self.num_distinct_actions)
        action = self._table(state).get(i)
        if action is None:
            legal = self.legal_ids(state)
            raise IllegalActionError(
                f"action id {i} ({self.action_string(i)}) is not legal now; legal ids: {legal}",
                action=i,
                legal=legal,
            )
        return action

    def encode(self, state: State, action: Action) -> int:
        """The id of ``action`` in ``state``; raises :class:`golfo.IllegalActionError` if the
        action is not legal or (abstract mode) not one of the abstraction's amounts."""
        for i, a in self._table(state).items():
            if a == action:
                return i
        raise IllegalActionError(
            f"{action!r} has no legal id in this state", action=action, legal=self.legal_ids(state)
        )

    def describe(self, state: State, action_id: int) -> str:
        """A string for ``action_id`` in ``state``: the concrete action when it is legal
        (``"Raise 12 (pot)"``, ``"Discard 3O 9C"``), else :meth:`action_string`."""
        i = _check_id(action_id, self.num_distinct_actions)
        action = self._table(state).get(i)
        match action:
            case Bet() | Raise():
                text = f"{type(action).__name__} {action.amount}"
                if self.mode == "abstract":
                    text += f" ({self._names[i - self._first_bucket]})"
                return text
            case Discard():
                cards = " ".join(str(c) for c in sorted(action.cards)) or "none"
                return f"Discard {cards}"
            case None:
                return self.action_string(i)
        return self.action_string(i)

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionCodec:
        return self  # immutable
