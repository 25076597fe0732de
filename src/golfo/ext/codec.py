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

The codec reads a :class:`golfo.State`, a :class:`golfo.View` or a
``golfo_native.NativeState`` alike (:data:`Source`).  An amount off the menu
(another bot's bet, below the minimum, above the stack) has no id;
:meth:`ActionCodec.translate` and ``encode(..., nearest=True)`` map it to the
nearest menu amount (the rule, ties included, is in :meth:`ActionCodec.translate`).

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

from fractions import Fraction
from typing import Any, Final, Literal, Protocol, TypeAlias

import attrs

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
from golfo.cards import DECK
from golfo.errors import CodecError, IllegalActionError, RulesError
from golfo.moves import LegalMoves, legal_moves
from golfo.rules import Rules
from golfo.state import Phase, State
from golfo.views import View
from golfo.wagers import raises_in, wager_range

__all__ = [
    "DISCARD_IDS",
    "NUM_CHANCE_OUTCOMES",
    "ActionCodec",
    "MovesSource",
    "Source",
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
_PASSES: Final = tuple(Pass(s) for s in range(4))
_CALLS: Final = tuple(Call(s) for s in range(4))
_FOLDS: Final = tuple(Fold(s) for s in range(4))


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


def chance_ids(state: State | MovesSource) -> tuple[int, ...]:
    """The cards chance may deal now, as sorted card indices (empty unless chance acts), of
    a :class:`golfo.State` or a ``golfo_native.NativeState`` (a view does not know the stock)."""
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
# what the codec reads


class MovesSource(Protocol):
    """A game the codec reads that is neither a :class:`golfo.State` nor a :class:`golfo.View`:
    ``golfo_native.NativeState`` is one (any object with these members will do)."""

    @property
    def version(self) -> int:
        """Actions applied since the new game: with the object, it names the position."""

    @property
    def to_act(self) -> int | Chance | None:
        """The seat to act, :data:`golfo.CHANCE` or ``None``."""

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in the betting round in play."""

    @property
    def pot(self) -> int:
        """The chips in the pot of the hand in play."""

    @property
    def stock_mask(self) -> int:
        """The cards in the stock (``golfo.State.stock_mask``'s bits)."""

    def legal_moves(self) -> LegalMoves:
        """The legal moves, equal to :func:`golfo.legal_moves` of the same state."""


Source: TypeAlias = State | View | MovesSource
"""What the codec reads: a :class:`golfo.State`, a seat's or a spectator's :class:`golfo.View`,
or a :class:`MovesSource` such as ``golfo_native.NativeState``."""

_NOTHING: Final = LegalMoves(None)


def _view_moves(v: View) -> LegalMoves:
    """The moves a view can know: the viewer's own; another seat's in a betting round (the
    stacks, bets and the round's raises are public); NextHand between hands; nothing else
    (another seat's discards are of cards the viewer does not see, chance deals the stock)."""
    if v.moves is not None:
        return v.moves
    seat = v.to_act
    if v.phase is Phase.BETWEEN_HANDS:
        return LegalMoves(None, next_hand=True, end_game=v.rules.hands is None)
    if type(seat) is not int or not v.phase.betting_round:
        return _NOTHING
    facts = {
        "bets": v.bets,
        "stacks": v.stacks,
        "folded": v.folded,
        "dealt_in": v.dealt_in,
        "rules": v.rules,
        "phase": v.phase,
        "committed": v.committed,
        "raises": raises_in(reversed(v.history)),
    }
    current = max(v.bets)
    low, stop = wager_range(facts, seat, current)
    amounts = range(low, stop)
    if current == 0:
        return LegalMoves(seat, can_pass=True, bets=amounts)
    owe = current - v.bets[seat]
    return LegalMoves(seat, can_fold=True, call=min(owe, v.stacks[seat]), raises=amounts)


def _moves_of(source: Source) -> LegalMoves:
    if isinstance(source, State):
        return legal_moves(source)
    if isinstance(source, View):
        return _view_moves(source)
    return source.legal_moves()


# ---------------------------------------------------------------------------
# the codec


def _fractions(value: Any) -> tuple[Fraction, ...]:
    out = tuple(Fraction(v) for v in value)
    if any(f <= 0 for f in out):
        raise CodecError(f"pot fractions must be positive, got {value!r}")
    return out


def _fraction_name(f: Fraction) -> str:
    return "pot" if f == 1 else f"{f} pot"


class _Turn:
    """The legal ids of one position: id -> action, action -> id, and the moves."""

    __slots__ = ("ids", "moves", "table")

    def __init__(self, moves: LegalMoves, table: dict[int, Action]) -> None:
        self.moves = moves
        self.table = table
        self.ids: dict[Action, int] | None = None  # made when first encoding

    def id_of(self, action: Action) -> int | None:
        ids = self.ids
        if ids is None:
            ids = self.ids = {a: i for i, a in self.table.items()}
        try:
            return ids.get(action)
        except TypeError:  # an unhashable "action": not one of golfo's
            return None


_MEMO: list[Any] = [None, None, -1, None]
"""The last (codec, source, version, _Turn) computed: callers ask for the same position in a
row (legal ids, then decode).  The version tells a native state played on in place apart."""


@attrs.frozen
class ActionCodec:
    """Maps golfo actions to ids ``0..num_distinct_actions-1`` and back.

    ``mode="exact"`` needs ``max_amount`` (use :meth:`for_rules`);
    ``mode="abstract"`` uses ``pot_fractions`` instead.  Ids and strings are
    the same for every state; which ids are legal depends on the state.

    Every method that reads a game takes a :data:`Source`: a :class:`golfo.State`, a
    :class:`golfo.View` (the viewer's own moves; another seat's bets, which are public;
    NextHand between hands) or a ``golfo_native.NativeState``, with the same answers.
    :meth:`translate` maps an amount that has no id (off the abstract menu, below the
    minimum or above what the seat can put in) to the nearest one.
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

    # -- the ids of a position ---------------------------------------------------

    def menu(self, source: Source) -> tuple[int, ...]:
        """The bet or raise amounts that have an id now, ascending (empty when no seat may
        bet or raise).  In abstract mode: the smallest legal amount, ``current +
        floor(f * (pot + to_call))`` for each of :attr:`pot_fractions` (the pot once the seat
        has called) clamped to the legal range, and the largest legal amount (all-in, or
        what the others can match, or the cap), without duplicates; in exact mode every
        legal amount."""
        table = self._turn(source).table
        return tuple(sorted(a.amount for a in table.values() if isinstance(a, Bet | Raise)))

    def _menu(self, moves: LegalMoves, bets: tuple[int, ...], pot: int) -> list[tuple[int, int]]:
        """Abstract mode: (id, amount) for each bucket that is legal and not a duplicate."""
        amounts = moves.amounts
        if not amounts:
            return []
        low, high = amounts[0], amounts[-1]
        seat = moves.seat
        assert isinstance(seat, int)
        current = max(bets)
        base = pot + current - bets[seat]  # the pot once this seat has called
        # current + floor(f * base), in integers: Fraction arithmetic costs ten times more
        wanted = [low, *(current + f.numerator * base // f.denominator for f in self.pot_fractions)]
        wanted.append(high)
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        for k, target in enumerate(wanted):
            amount = min(max(target, low), high)
            if amount not in seen:
                seen.add(amount)
                out.append((self._first_bucket + k, amount))
        return out

    def _turn(self, source: Source) -> _Turn:
        """The ids of ``source``'s position (chance excluded), kept for the next call."""
        memo = _MEMO
        version = source.version
        if memo[1] is source and memo[2] == version and (memo[0] is self or memo[0] == self):
            turn: _Turn = memo[3]
            return turn
        moves = _moves_of(source)
        turn = _Turn(moves, self._build(moves, source))
        memo[:] = (self, source, version, turn)
        return turn

    def _build(self, moves: LegalMoves, source: Source) -> dict[int, Action]:
        """id -> action for every legal action of ``moves`` (chance excluded), sorted."""
        seat = moves.seat
        table: dict[int, Action] = {}
        if type(seat) is not int:
            if moves.next_hand:
                table[self.next_hand_id] = _NEXT_HAND
            if moves.end_game:
                table[self.next_hand_id + 1] = _END_GAME
            return table
        if moves.discard_max is not None:
            held = [c.mask for c in moves.discard_from]
            if 1 << len(held) > self.discard_ids:
                raise CodecError(
                    f"a hand of {len(held)} cards needs {1 << len(held)} discard ids, this "
                    f"codec has {self.discard_ids}: build it with ActionCodec.for_rules"
                )
            by_mask = {a._mask: a for a in moves if isinstance(a, Discard)}
            masks = [0] * (1 << len(held))  # the cards of each bit set, in id order
            base = self.discard_base
            for bits in range(len(masks)):
                if bits:
                    low = bits & -bits
                    masks[bits] = masks[bits ^ low] | held[low.bit_length() - 1]
                action = by_mask.get(masks[bits])
                if action is not None:  # not over the stock's room (R10)
                    table[base + bits] = action
            return table
        if self.mode == "exact":  # amounts 0..max_amount, then Pass, Call, Fold
            amounts = moves.amounts
            if amounts and amounts[-1] > self.max_amount:
                raise CodecError(
                    f"amount {amounts[-1]} is over this codec's max_amount "
                    f"{self.max_amount}: build it with ActionCodec.for_rules"
                )
            for a in moves:
                if isinstance(a, Bet | Raise):
                    table[a.amount] = a
        first = self.pass_id
        if moves.can_pass:
            table[first] = _PASSES[seat]
        if moves.call is not None:
            table[first + 1] = _CALLS[seat]
        if moves.can_fold:
            table[first + 2] = _FOLDS[seat]
        if self.mode == "abstract":  # Pass, Call, Fold, then the menu's ids in order
            kind = Bet if moves.bets else Raise
            for i, amount in self._menu(moves, source.bets, source.pot):
                table[i] = kind(seat, amount)
        return table  # in id order as built

    def legal_ids(self, source: Source) -> tuple[int, ...]:
        """The ids legal in ``source``, sorted and unique (empty when chance acts: see
        :func:`chance_ids`, at the end of the game, and in a view that cannot know them)."""
        return tuple(self._turn(source).table)

    def decode(self, source: Source, action_id: int) -> Action:
        """The action of ``action_id`` in ``source``; an id that is not legal there raises
        :class:`golfo.IllegalActionError`."""
        i = _check_id(action_id, self.num_distinct_actions)
        action = self._turn(source).table.get(i)
        if action is None:
            legal = self.legal_ids(source)
            raise IllegalActionError(
                f"action id {i} ({self.action_string(i)}) is not legal now; legal ids: {legal}",
                action=i,
                legal=legal,
            )
        return action

    def translate(self, source: Source, action: Action) -> Action:
        """The action with an id in ``source`` nearest to ``action``: itself when it has one;
        for a Bet or Raise of the seat to act whose amount has none, the same kind of action
        with the menu's amount (:meth:`menu`) nearest to it.  The rule:

        - the amount is first brought into the legal range: below the smallest legal
          amount (the minimum opening or raise, R5) it counts as that minimum; above the
          largest (the seat's all-in, its *resto*, or less where the others cannot match
          it, R8, or the cap, R9) as that largest, which the menu always holds;
        - then the menu amount nearest to it in chips, ``|menu - amount|`` smallest;
        - a tie goes to the smaller amount (the cheaper of the two).

        In exact mode every legal amount is on the menu, so only the first step acts.  A
        Bet where only raises are legal (or the reverse), another seat's action, an amount
        that is not a whole number, or any other action that is not legal raises
        :class:`golfo.IllegalActionError`.

        >>> import golfo
        >>> s = golfo.deal_from(golfo.new_game(golfo.Rules(hands=1), players=3), golfo.DECK)
        >>> for a in (golfo.Bet(1, 2), golfo.Call(2), golfo.Call(0)):
        ...     s = golfo.apply(s, a)
        >>> s = golfo.apply(golfo.deal_from(s, golfo.DECK), golfo.Bet(1, 9))
        >>> codec = ActionCodec(mode="abstract")
        >>> codec.menu(s)
        (10, 22, 36, 63, 97)
        >>> codec.translate(s, golfo.Raise(2, 27)), codec.translate(s, golfo.Raise(2, 500))
        (Raise(seat=2, amount=22), Raise(seat=2, amount=97))
        >>> codec.translate(s, golfo.Raise(2, 16))  # as near 10 as 22: the smaller
        Raise(seat=2, amount=10)
        >>> codec.encode(s, golfo.Raise(2, 30), nearest=True), codec.describe(s, 5)
        (5, 'Raise 36 (pot)')
        """
        turn = self._turn(source)
        if turn.id_of(action) is not None:
            return action
        moves = turn.moves
        seat = moves.seat
        if type(action) in _WAGERS:
            assert isinstance(action, Bet | Raise)
            amounts = moves.bets if type(action) is Bet else moves.raises
            amount = action.amount
            if action.seat == seat and type(seat) is int and amounts and type(amount) is int:
                target = min(max(amount, amounts[0]), amounts[-1])
                best: Action | None = None
                key = (0, 0)
                for a in turn.table.values():
                    if type(a) is type(action):
                        assert isinstance(a, Bet | Raise)
                        k = (abs(a.amount - target), a.amount)
                        if best is None or k < key:
                            best, key = a, k
                if best is not None:
                    return best
        raise IllegalActionError(
            f"{action!r} has no legal id in this state, nor a nearest one",
            action=action,
            legal=tuple(turn.table),
        )

    def encode(self, source: Source, action: Action, *, nearest: bool = False) -> int:
        """The id of ``action`` in ``source``.  Raises :class:`golfo.IllegalActionError` if the
        action is not legal or (abstract mode) not one of the abstraction's amounts; with
        ``nearest=True`` a Bet or Raise off the menu gets the id of the nearest amount
        (:meth:`translate`: another bot's bet, seen by an agent that plays the menu)."""
        turn = self._turn(source)
        i = turn.id_of(action)
        if i is not None:
            return i
        if nearest:
            return self.encode(source, self.translate(source, action))
        hint = ""
        if type(action) in _WAGERS and action in turn.moves:
            hint = f"; its amount is not on the menu {self.menu(source)}: use nearest=True"
        raise IllegalActionError(
            f"{action!r} has no legal id in this state{hint}",
            action=action,
            legal=tuple(turn.table),
        )

    def describe(self, source: Source, action_id: int) -> str:
        """A string for ``action_id`` in ``source``: the concrete action when it is legal
        (``"Raise 12 (pot)"``, ``"Discard 3O 9C"``), else :meth:`action_string`."""
        i = _check_id(action_id, self.num_distinct_actions)
        action = self._turn(source).table.get(i)
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


_WAGERS: Final = (Bet, Raise)
