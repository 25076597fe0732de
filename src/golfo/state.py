"""The game state: an immutable snapshot of a whole game of El Golfo.

A :class:`State` is created by :func:`golfo.new_game` and advanced only by
:func:`golfo.apply`, which returns a new state.  Sets of cards are held as
bit masks of canonical card indices (``card.index``) and seats as tuples, so
that a new state costs little; the properties give the friendly types
(:class:`golfo.Hand`, ``frozenset`` of :class:`golfo.Card`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, TypeAlias

import attrs

from golfo.actions import CHANCE, Action, Chance
from golfo.cards import ALL_CARDS, Card, cards_of
from golfo.hand import Hand
from golfo.phases import Phase
from golfo.rules import Rules

__all__ = [
    "ALL_CARDS",
    "Fields",
    "HandResult",
    "Log",
    "Phase",
    "Pot",
    "State",
    "TableFacts",
    "log_entries",
    "make_state",
]


@attrs.frozen
class Pot:
    """One pot of a finished hand: its chips, who could win it and who did (R8, R11)."""

    amount: int
    """Chips in the pot."""
    eligible: tuple[int, ...]
    """Seats still in that contributed fully to it, in play order from mano."""
    winner: int
    """The seat that took it."""


@attrs.frozen
class HandResult:
    """What happened in one finished hand."""

    hand_number: int
    """1 for the first hand of the game."""
    dealer: int
    """The dealer (*dador*)."""
    dealt_in: tuple[int, ...]
    """Seats dealt in, in play order; the first is mano."""
    payoffs: tuple[int, ...]
    """Net chips won (+) or lost (-) per seat in this hand; they sum to 0."""
    pots: tuple[Pot, ...]
    """Main pot first, then side pots (R8).  Uncalled chips returned are not a pot."""
    returned: tuple[int, ...]
    """Uncalled chips given back to each seat (R8)."""
    shown: tuple[Hand | None, ...]
    """Per seat, the hand shown at showdown, or ``None`` (folded, not dealt in, or no showdown)."""
    showdown: bool
    """Whether two or more seats showed (R11); false for a win by folds (R6c)."""
    trabuco: bool
    """Mano won the showdown with 30 points: a *trabuco* (R11)."""
    ended_in: Phase
    """Where the hand ended: ``Phase.SHOWDOWN``, or the betting round of the last fold."""

    @property
    def mano(self) -> int:
        """The first seat dealt in (*mano*)."""
        return self.dealt_in[0]

    @property
    def winners(self) -> tuple[int, ...]:
        """The distinct seats that won a pot, main pot's winner first."""
        return tuple(dict.fromkeys(p.winner for p in self.pots))


_Node: TypeAlias = tuple["_Node | None", Action, "int | None"]
# One entry of the history as the reducer keeps it: (the entries before, action, actor).
# A persistent linked list of plain tuples (the cheapest thing to build once per action);
# States hold the newest in ``_log`` and hand out :class:`Log` views of it, whose
# comparisons, hashes and reprs walk the list instead of recursing through it.


def _node_actions(node: _Node | None) -> tuple[Action, ...]:
    out: list[Action] = []
    while node is not None:
        out.append(node[1])
        node = node[0]
    out.reverse()
    return tuple(out)


class Log:
    """A state's history, newest entry first: a persistent list (appending costs O(1)).

    ``state.log`` gives one (``None`` before any action); :attr:`State.history` gives the
    actions as a tuple, oldest first.  Each entry has the :attr:`action` and its
    :attr:`actor`; :attr:`prev` is the history before it.  Comparing, hashing and
    printing walk the list, so they work at any length.

    >>> import golfo
    >>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> state.log.action, state.log.actor  # the last card went to the dealer, served last
    (Deal(card=Card(8, Suit.OROS)), 0)
    >>> len(state.log), state.log.prev.actor
    (6, 2)
    """

    __slots__ = ("_node",)

    def __init__(self, node: _Node) -> None:
        self._node: Final = node

    @property
    def action(self) -> Action:
        """The newest action."""
        return self._node[1]

    @property
    def actor(self) -> int | None:
        """The seat that took :attr:`action` or, for a :class:`golfo.Deal`, received the
        card; ``None`` for the table's :class:`golfo.NextHand` and :class:`golfo.EndGame`."""
        return self._node[2]

    @property
    def prev(self) -> Log | None:
        """The history before the newest entry (``None``: it was the first)."""
        prev = self._node[0]
        return None if prev is None else Log(prev)

    @property
    def size(self) -> int:
        """The number of entries (counted: O(length))."""
        return len(self)

    def entries(self) -> Iterator[tuple[Action, int | None]]:
        """The ``(action, actor)`` entries, newest first."""
        node: _Node | None = self._node
        while node is not None:
            prev, action, actor = node
            yield action, actor
            node = prev

    def to_tuple(self) -> tuple[Action, ...]:
        """The actions, oldest first."""
        return _node_actions(self._node)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.to_tuple())

    def __len__(self) -> int:
        count = 0
        node: _Node | None = self._node
        while node is not None:
            count += 1
            node = node[0]
        return count

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        a: _Node | None = self._node
        b: _Node | None = other._node
        while a is not None and b is not None:
            if a is b:
                return True  # a shared past
            if a[1] != b[1]:
                return False
            a, b = a[0], b[0]
        return a is b

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __repr__(self) -> str:
        return f"<Log of {len(self)} actions, newest {self.action!r}>"


def log_entries(log: Log | None) -> Iterator[tuple[Action, int | None]]:
    """The ``(action, actor)`` entries of a history, newest first (none for ``None``)."""
    return iter(()) if log is None else log.entries()


def _bit_seats(mask: int) -> frozenset[int]:
    return frozenset(i for i in range(4) if mask >> i & 1)


class TableFacts:
    """What follows from the public fields that :class:`State` and :class:`golfo.View` share."""

    __slots__ = ()
    dealt_in: tuple[int, ...]
    committed: tuple[int, ...]
    bets: tuple[int, ...]
    folded: frozenset[int]
    phase: Phase

    @property
    def mano(self) -> int:
        """The first seat dealt in this hand: it speaks first and wins ties (R1, R11)."""
        return self.dealt_in[0]

    @property
    def pot(self) -> int:
        """Chips in the pot (all pots together) in the hand in play."""
        return sum(self.committed)

    @property
    def current_bet(self) -> int:
        """The most any seat has put in during this betting round (0: nobody has opened)."""
        return max(self.bets)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats dealt in that have not folded, in play order from mano."""
        return tuple(s for s in self.dealt_in if s not in self.folded)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.END


@attrs.frozen(slots=False, repr=False)
class State(TableFacts):
    """An immutable snapshot of a game: the current hand and everything before it.

    Create it with :func:`golfo.new_game`; move on with :func:`golfo.apply`.
    Fields ending in ``_mask`` hold cards as bit masks of ``card.index``;
    the matching properties (``hands``, ``stock``, ``discards``, ``dead``)
    give :class:`golfo.Hand` and ``frozenset`` views of them.
    """

    rules: Rules
    """The rule settings."""
    players: int
    """Seats at the table, 3 or 4 (R1)."""
    dealer: int
    """The seat dealing this hand (*dador*)."""
    hand_number: int
    """1 for the first hand; counts the hand in play or just finished."""
    phase: Phase
    """Where the game is."""
    to_act: int | Chance | None
    """The seat to act, :data:`golfo.CHANCE` when a card must be dealt, or ``None``
    between hands (the table acts: :class:`golfo.NextHand`) and at the end."""
    stacks: tuple[int, ...]
    """Chips behind each seat (*resto*), not counting what is in the pot."""
    bets: tuple[int, ...]
    """What each seat has put in during the current betting round."""
    committed: tuple[int, ...]
    """What each seat has put in the pot during this hand, ante included."""
    folded: frozenset[int]
    """Seats that folded this hand."""
    dealt_in: tuple[int, ...]
    """Seats dealt in this hand, in play order starting with mano (R1)."""
    hand_masks: tuple[int, ...]
    """Each seat's cards as a bit mask (see :attr:`hands`)."""
    stock_mask: int
    """Cards not yet dealt (see :attr:`stock`)."""
    discard_mask: int
    """Cards discarded this hand (see :attr:`discards`)."""
    dead_mask: int
    """Cards of folded hands (see :attr:`dead`; R13)."""
    pending: tuple[int, ...]
    """Seats waiting for a dealt card, in order; the first is :attr:`receiver`."""
    needs: int
    """Bit mask of seats still to act in this betting or discard round."""
    rebuys: tuple[int, ...]
    """Rebuys taken by each seat (R17)."""
    out: frozenset[int]
    """Seats out of the game for good (could not pay the ante, no rebuys; R17)."""
    results: tuple[HandResult, ...]
    """The result of every finished hand, in order."""
    initial_stacks: tuple[int, ...]
    """Each seat's stack when the game began."""
    first_dealer: int
    """The dealer of the first hand."""
    version: int = 0
    """The number of actions applied since :func:`golfo.new_game` (``len(state.history)``),
    kept as a count: a server's version of the game, to refuse a move sent against a stale
    view (``golfo.wire``)."""
    _log: _Node | None = attrs.field(default=None, eq=_node_actions, alias="log")
    """The history's newest entry (see :attr:`log`): states compare and hash by their
    actions."""

    @property
    def log(self) -> Log | None:
        """Every action applied since :func:`golfo.new_game`, with who took it, newest
        first (see :class:`Log`, :attr:`history`); ``None`` before the first."""
        node = self._log
        return None if node is None else Log(node)

    # -- derived views ---------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since :func:`golfo.new_game`, in order."""
        return _node_actions(self._log)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's cards (an empty hand for a seat not dealt in or folded)."""
        return tuple(Hand.from_mask(m) for m in self.hand_masks)

    @property
    def stock(self) -> frozenset[Card]:
        """The cards still to be dealt (*mazo*)."""
        return frozenset(cards_of(self.stock_mask))

    @property
    def discards(self) -> frozenset[Card]:
        """The cards discarded this hand."""
        return frozenset(cards_of(self.discard_mask))

    @property
    def dead(self) -> frozenset[Card]:
        """The cards of hands folded this hand, never shown nor reused (R13)."""
        return frozenset(cards_of(self.dead_mask))

    @property
    def receiver(self) -> int | None:
        """The seat that the next :class:`golfo.Deal` goes to, if chance is to act."""
        return self.pending[0] if self.pending else None

    @property
    def still_to_act(self) -> frozenset[int]:
        """Seats that must still act in this betting or discard round."""
        return _bit_seats(self.needs)

    @property
    def in_game(self) -> tuple[int, ...]:
        """Seats still in the game (not out for good)."""
        return tuple(s for s in range(self.players) if s not in self.out)

    def __repr__(self) -> str:
        to_act = "CHANCE" if self.to_act is CHANCE else repr(self.to_act)
        return (
            f"<State hand {self.hand_number} {self.phase.name} to_act={to_act} "
            f"stacks={self.stacks} pot={self.pot} after {len(self.history)} actions>"
        )


Fields: TypeAlias = dict[str, Any]
"""A state's fields as a dict, as the reducer builds the next state (see :func:`make_state`)."""

_new_state = object.__new__
_set_fields = State.__dict__["__dict__"].__set__


def make_state(d: Fields) -> State:
    """The :class:`State` whose fields are ``d``, without attrs' ``__init__``.

    The reducer builds each new state once: it copies the fields of the old state into a
    dict, changes that dict in place, and makes it the new state's ``__dict__`` here.  Its
    validation happens first, on the old state, so a refused action leaves nothing behind.
    """
    state: State = _new_state(State)
    _set_fields(state, d)
    return state
