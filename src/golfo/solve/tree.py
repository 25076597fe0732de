"""The game tree of one hand of a variant, built once and stored as flat arrays.

The unit is **one hand**: the state :func:`golfo.new_game` returns (the antes posted, every
seat with ``rules.starting_stack`` chips, the dealer ``dealer``, seat 0 by default), then
every legal action until the hand has a result (``Phase.BETWEEN_HANDS`` or ``Phase.END``).
A *terminal* node's payoffs are the hand's net result per seat in chips,
``state.results[-1].payoffs`` (they sum to 0).  A *chance* node is a state where a card is
dealt: one child per legal :class:`golfo.Deal`, each equally likely (every card of the
stock).  A *decision* node is a state where a seat acts: one child per legal action.

Nodes are numbered from the root, 0, as they are found; the children of a node have
consecutive numbers (``first[n]`` to ``first[n] + count[n] - 1``) and a child's number is
always above its parent's.  Each decision node belongs to an *information set*: the
decision nodes whose seat to act has the same :func:`info_key`.  Its children follow the
order of its information set's :attr:`GameTree.actions`, which is
:func:`golfo.legal_actions`' order.

>>> import golfo
>>> from golfo.solve import game_tree
>>> tree = game_tree(golfo.MINI, 2)
>>> tree.size
TreeSize(histories=2633, chance=149, decisions=1200, terminals=1284, infosets=700, actions=1400)
>>> tree.keys[0], tree.actions[0]
('p1 d1:8O d0', (Pass(seat=1), Bet(seat=1, amount=1)))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, TypeAlias

from golfo.actions import CHANCE, Action, Deal, Discard
from golfo.errors import RulesError, SeatError
from golfo.ext.features import event_string
from golfo.moves import legal_actions
from golfo.reducer import apply, new_game
from golfo.rules import Rules
from golfo.state import Phase, State
from golfo.views import Discarded, View, redact, view

if TYPE_CHECKING:
    from golfo_native.cfr import SolveTree

__all__ = [
    "CHANCE_NODE",
    "ENGINES",
    "LIMIT",
    "TERMINAL",
    "Engine",
    "GameTree",
    "TreeSize",
    "action_token",
    "build_tree",
    "game_tree",
    "info_key",
    "native_available",
    "native_tree",
    "use_native",
]

TERMINAL: Final = -2
"""``GameTree.player[n]`` of a terminal node (the hand is over)."""
CHANCE_NODE: Final = -1
"""``GameTree.player[n]`` of a chance node (a card is dealt)."""

_OVER: Final = frozenset({Phase.BETWEEN_HANDS, Phase.END})
LIMIT: Final = 2_000_000
"""The most histories :func:`build_tree` walks unless told: about 500 MB.  ``MEDIANO`` with
three seats has 518,557; El Golfo's own tree is astronomically larger."""


def info_key(v: View) -> str:
    """The information-state key of a seat's view: what that seat knows of the hand.

    It is ``p<seat>`` followed by the hand's events as the seat saw them, oldest first, one
    token each (:func:`golfo.ext.features.event_string`): ``d1:9O`` a card dealt to the seat
    (``d2`` without the card when dealt to another), ``p1`` ``c1`` ``f1`` a pass, call or
    fold, ``b1:2`` ``r1:4`` a bet or raise to that total, ``x1:8O`` a discard of those cards
    (``x1:`` standing pat; ``x2#1`` one card face down).  Everything else in the view (its
    cards, stacks, pot, phase, legal moves) follows from the rules, the starting stacks and
    these events, so the key is canonical for the hand: two views of one seat in the same
    hand of a game have the same key exactly when the seat cannot tell them apart.  It is
    also OpenSpiel's information-state string of ``python_golfo`` for a one-hand game before
    its end (:func:`golfo.ext.features.info_state_string`).

    >>> import golfo
    >>> state = golfo.new_game(golfo.MINI, players=2)
    >>> state = golfo.apply(golfo.apply(state, golfo.Deal(golfo.Card.parse("9O"))),
    ...                     golfo.Deal(golfo.Card.parse("8C")))
    >>> info_key(golfo.view(state, 1)), info_key(golfo.view(state, 0))
    ('p1 d1:9O d0', 'p0 d1 d0:8C')
    """
    if v.seat is None:
        raise SeatError("a spectator has no information state: give a seat's view")
    return " ".join([f"p{v.seat}", *map(event_string, v.history)])


def action_token(action: Action) -> str:
    """An action's token, as it appears in :func:`info_key` once taken (a discard shows its
    cards): the names of actions in a :class:`golfo.solve.TabularPolicy`.

    >>> import golfo
    >>> action_token(golfo.Bet(1, 2)), action_token(golfo.Discard(0, golfo.parse_cards("9O")))
    ('b1:2', 'x0:9O')
    >>> action_token(golfo.Discard(0, ()))
    'x0:'
    """
    if isinstance(action, Discard):
        return event_string(Discarded(action.seat, len(action.cards), action.cards))
    return event_string(action)


class TreeSize(NamedTuple):
    """The counts of one hand's tree (``docs/rules.md`` publishes the presets')."""

    histories: int
    """Every node: chance, decision and terminal."""
    chance: int
    """Nodes where a card is dealt."""
    decisions: int
    """Nodes where a seat acts."""
    terminals: int
    """Nodes where the hand is over."""
    infosets: int
    """Information sets: distinct :func:`info_key` at the decision nodes."""
    actions: int
    """Sum over the information sets of their legal actions: the entries of a strategy."""


class GameTree:
    """The tree of one hand of ``rules`` at a table of ``players`` (see the module).

    Build it with :func:`build_tree` (or the cached :func:`game_tree`).  Per node ``n``:
    :attr:`player`, :attr:`first`, :attr:`count`, :attr:`infoset` and :attr:`payoffs`; per
    information set ``i``: :attr:`keys`, :attr:`seats`, :attr:`actions`, :attr:`nodes` and
    one state of it, :attr:`states`.  The lists are read by the solvers; do not change them.
    """

    __slots__ = (
        "actions",
        "before",
        "count",
        "dealer",
        "first",
        "index",
        "infoset",
        "keys",
        "nodes",
        "payoffs",
        "player",
        "players",
        "rules",
        "seats",
        "states",
    )

    def __init__(self, rules: Rules, players: int, dealer: int = 0) -> None:
        self.rules: Final = rules
        """The rules of the hand."""
        self.players: Final = players
        """Seats at the table."""
        self.dealer: Final = dealer
        """The hand's dealer."""
        self.player: Final[list[int]] = []
        """Per node: the seat to act, :data:`CHANCE_NODE` or :data:`TERMINAL`."""
        self.first: Final[list[int]] = []
        """Per node: the number of its first child (its own number for a terminal)."""
        self.count: Final[list[int]] = []
        """Per node: how many children it has (0 for a terminal)."""
        self.infoset: Final[list[int]] = []
        """Per node: its information set's number, or -1 (chance and terminal nodes)."""
        self.payoffs: Final[list[tuple[int, ...]]] = []
        """Per node: the hand's net result per seat at a terminal, else ``()``."""
        self.keys: Final[list[str]] = []
        """Per information set: its :func:`info_key`."""
        self.seats: Final[list[int]] = []
        """Per information set: the seat that acts in it."""
        self.actions: Final[list[tuple[Action, ...]]] = []
        """Per information set: its legal actions, in :func:`golfo.legal_actions`' order."""
        self.before: Final[list[tuple[int, int]]] = []
        """Per information set: the information set where its seat acted last, and the number
        of the action it took there; ``(-1, -1)`` at the seat's first decision."""
        self.nodes: Final[list[list[int]]] = []
        """Per information set: its decision nodes (the histories it holds)."""
        self.states: Final[list[State]] = []
        """Per information set: the first state of it found (its view is the set's)."""
        self.index: Final[dict[str, int]] = {}
        """Information set numbers by key."""

    @property
    def size(self) -> TreeSize:
        """The counts of the tree."""
        chance = self.player.count(CHANCE_NODE)
        terminals = self.player.count(TERMINAL)
        return TreeSize(
            histories=len(self.player),
            chance=chance,
            decisions=len(self.player) - chance - terminals,
            terminals=terminals,
            infosets=len(self.keys),
            actions=sum(map(len, self.actions)),
        )

    def view(self, infoset: int) -> View:
        """The view of information set ``infoset``'s seat (any of its states gives it)."""
        return view(self.states[infoset], self.seats[infoset])

    def children(self, node: int) -> range:
        """The numbers of ``node``'s children, in action order."""
        start = self.first[node]
        return range(start, start + self.count[node])

    def __repr__(self) -> str:
        return f"<GameTree of {self.players} players, {self.size}>"


def build_tree(rules: Rules, players: int, *, dealer: int = 0, limit: int = LIMIT) -> GameTree:
    """Walk every history of one hand of ``rules`` at a table of ``players`` (see the
    module); arguments :func:`golfo.new_game` refuses raise :class:`golfo.RulesError`, and
    so does a tree of more than ``limit`` histories (:data:`LIMIT`), as soon as it is found.

    The cost grows with the tree: a fraction of a second for :data:`golfo.MINI`, two
    players; seconds with three.  Use :func:`game_tree` to build each tree once.

    >>> import golfo
    >>> build_tree(golfo.TRADICIONAL, 3, limit=1000)
    Traceback (most recent call last):
    ...
    golfo.errors.RulesError: one hand of these rules has more than 1000 histories: ...
    """
    root = new_game(rules, players=players, dealer=dealer)
    tree = GameTree(rules, players, dealer)
    player, first, count, infoset, payoffs = (
        tree.player,
        tree.first,
        tree.count,
        tree.infoset,
        tree.payoffs,
    )
    keys, seats, actions, before, nodes, states, index = (
        tree.keys,
        tree.seats,
        tree.actions,
        tree.before,
        tree.nodes,
        tree.states,
        tree.index,
    )
    face_up = rules.discards_face_up
    # (node, state, per seat: the information set where it acted last and its action there,
    # and its info_key so far: the key grows by one token per action, as the views do)
    pending: list[tuple[int, State, tuple[tuple[int, int], ...], tuple[str, ...]]] = [
        (0, root, ((-1, -1),) * players, tuple(info_key(view(root, s)) for s in range(players)))
    ]
    for field in (player, first, count, infoset):
        field.append(0)
    payoffs.append(())
    while pending:
        n, state, last, seen = pending.pop()
        to_act = state.to_act
        if state.phase in _OVER:
            player[n], first[n], count[n], infoset[n] = TERMINAL, n, 0, -1
            payoffs[n] = state.results[-1].payoffs
            continue
        if to_act is CHANCE:
            moves: Sequence[Action] = legal_actions(state)
            player[n], infoset[n] = CHANCE_NODE, -1
            lasts = [last] * len(moves)
        else:
            assert isinstance(to_act, int)
            key = seen[to_act]
            i = index.get(key)
            if i is None:
                i = index[key] = len(keys)
                keys.append(key)
                seats.append(to_act)
                actions.append(tuple(legal_actions(state)))
                before.append(last[to_act])
                nodes.append([])
                states.append(state)
            elif set(legal_actions(state)) != set(actions[i]) or before[i] != last[to_act]:
                # pragma: no cover - the views would not be of perfect recall
                raise RuntimeError(f"the states of information set {key!r} differ")
            moves = actions[i]
            lasts = [(*last[:to_act], (i, k), *last[to_act + 1 :]) for k in range(len(moves))]
            nodes[i].append(n)
            player[n], infoset[n] = to_act, i
        start = len(player)
        if start + len(moves) > limit:
            raise RulesError(
                f"one hand of these rules has more than {limit} histories: golfo.solve is for "
                "small variants such as golfo.MINI (raise the limit for a bigger one)"
            )
        first[n], count[n] = start, len(moves)
        for _ in moves:
            player.append(0)
            first.append(0)
            count.append(0)
            infoset.append(-1)
            payoffs.append(())
        # the first child is walked first: information sets are numbered in action order
        for k in range(len(moves) - 1, -1, -1):
            child = apply(state, moves[k])
            pending.append((start + k, child, lasts[k], _grown(seen, child, face_up)))
    return tree


def _grown(seen: tuple[str, ...], child: State, face_up: bool) -> tuple[str, ...]:
    """Each seat's :func:`info_key` of ``child`` from its parent's, ``seen``: the one action
    that led to it, redacted for each seat as :func:`golfo.view` redacts it."""
    entry = child.log
    assert entry is not None
    action, actor = entry.action, entry.actor
    if isinstance(action, Deal | Discard):
        return tuple(
            f"{key} {event_string(redact(action, actor, s, face_up))}" for s, key in enumerate(seen)
        )
    token = " " + event_string(action)  # public: every seat sees it alike
    return tuple(key + token for key in seen)


@functools.lru_cache(maxsize=4)
def game_tree(rules: Rules, players: int, dealer: int = 0) -> GameTree:
    """:func:`build_tree`, cached: the last four trees asked for are kept (they are never
    changed), so measuring many policies on one variant builds its tree once."""
    return build_tree(rules, players, dealer=dealer)


Engine: TypeAlias = Literal["auto", "python", "native"]
"""Which engine walks the tree: ``"python"`` (this package), ``"native"`` (golfo-native's
solver in Rust: the same tree, keys and arithmetic, many times faster) or ``"auto"`` (native
where installed, else Python)."""
ENGINES: Final[tuple[Engine, ...]] = ("auto", "python", "native")
"""Every :data:`Engine`."""


def native_available() -> bool:
    """Whether golfo-native is installed with its solver (``pip install ./native``)."""
    try:
        import golfo_native.cfr
    except ImportError:
        return False
    return hasattr(golfo_native.cfr, "SolveTree")


def use_native(engine: Engine) -> bool:
    """Whether ``engine`` means golfo-native's solver: ``"auto"`` where it is installed;
    ``"native"`` raises ImportError where it is not."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    if engine == "native" and not native_available():
        raise ImportError(
            "engine 'native' needs golfo-native with its solver: pip install ./native"
        )
    return engine != "python" and native_available()


@functools.lru_cache(maxsize=4)
def native_tree(rules: Rules, players: int, dealer: int = 0) -> SolveTree:
    """The tree of one hand built in Rust (``golfo_native.cfr.SolveTree``: :func:`build_tree`'s
    nodes, information sets and keys, in a fraction of its time), cached as
    :func:`game_tree`; the same errors as :func:`build_tree` (ImportError without
    golfo-native)."""
    from golfo_native.cfr import SolveTree

    return SolveTree(rules, players, dealer)
