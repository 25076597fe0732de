"""Policies: a seat's view to a distribution over its legal actions, and a table of them.

A *policy* is anything :func:`distribution` can ask: an object with a
``probabilities(view)`` method (:class:`ActionProbabilities`: golfo's bots, a
:class:`TabularPolicy`, a :class:`PolicyBot`) or a plain function of the view.  Either
returns a mapping from legal actions to probabilities; actions left out have probability 0.

A :class:`TabularPolicy` is a table by information state (:func:`golfo.solve.info_key`),
what :func:`golfo.solve.cfr` returns; it saves to JSON (``golfo-policy/1``) and plays as a
:class:`PolicyBot`.

>>> import golfo
>>> from golfo.solve import TabularPolicy, game_tree, tabulate
>>> tree = game_tree(golfo.MINI, 2)
>>> uniform = TabularPolicy(golfo.MINI, 2, {})   # knows nothing: uniform everywhere
>>> tabulate(tree, uniform)[0], tabulate(tree, golfo.HeuristicBot())[0]
([0.5, 0.5], [0.0, 1.0])
"""

from __future__ import annotations

import json
import math
import numbers
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol, TypeAlias, runtime_checkable

from golfo._reading import fail, parse_json, read_int, read_object, show
from golfo.actions import Action
from golfo.errors import GolfoError, PolicyError, SeatError
from golfo.reducer import new_game
from golfo.rules import Rules
from golfo.solve.tree import GameTree, action_token, info_key
from golfo.views import View
from golfo.wire import rules_data, rules_from_data

__all__ = [
    "FORMAT",
    "ActionProbabilities",
    "Policy",
    "PolicyBot",
    "Strategy",
    "TabularPolicy",
    "distribution",
    "tabulate",
]

FORMAT: Final = "golfo-policy/1"
"""The ``format`` of a :class:`TabularPolicy`'s JSON."""
TOLERANCE: Final = 1e-6
"""How far from 1 a distribution's probabilities may sum."""
_MAX_TEXT: Final = 1 << 30
_TOKEN: Final = re.compile(r"[pcf][0-3]|[br][0-3]:[0-9]{1,18}|x[0-3]:(?:[3-9][OCEB]){0,5}")
_SEAT: Final = re.compile(r"p([0-3])")


@runtime_checkable
class ActionProbabilities(Protocol):
    """Something that says how likely each of a seat's legal actions is."""

    def probabilities(self, view: View) -> Mapping[Action, float]:
        """The probability of each legal action of ``view``'s seat (absent: 0)."""
        ...


Policy: TypeAlias = ActionProbabilities | Callable[[View], Mapping[Action, float]]
"""A policy: an :class:`ActionProbabilities` or a function of a view to the same mapping."""
Strategy: TypeAlias = list[list[float]]
"""A policy on a :class:`golfo.solve.GameTree`: per information set, the probability of
each of its actions, in the order of ``tree.actions``."""


def _legal(view: View) -> tuple[Action, ...]:
    if view.seat is None or view.moves is None:
        raise SeatError(f"seat {view.seat} is not to act: no legal actions in this view")
    return view.legal_actions


def distribution(policy: Policy, view: View) -> dict[Action, float]:
    """``policy``'s probability of every legal action of ``view``'s seat, in
    :func:`golfo.legal_actions`' order, checked: :class:`golfo.errors.PolicyError` when it
    names an action that is not legal, a probability that is not a finite number from 0 to
    1, or probabilities whose sum is more than :data:`TOLERANCE` away from 1.
    """
    legal = _legal(view)
    ask = policy.probabilities if isinstance(policy, ActionProbabilities) else policy
    given = ask(view)
    if not isinstance(given, Mapping):
        raise PolicyError(f"a policy gives a mapping of actions to probabilities, not {given!r}")
    out = dict.fromkeys(legal, 0.0)
    total = 0.0
    for action, p in given.items():
        if action not in out:
            raise PolicyError(f"{action!r} is not a legal action of seat {view.seat} here")
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0.0 <= p <= 1.0:
            raise PolicyError(f"the probability of {action!r} must be a number 0..1, got {p!r}")
        out[action] = float(p)
        total += float(p)
    if abs(total - 1.0) > TOLERANCE:
        raise PolicyError(f"seat {view.seat}'s probabilities sum to {total!r}, not 1")
    return out


def tabulate(tree: GameTree, policy: Policy | Sequence[Policy]) -> Strategy:
    """``policy`` on every information set of ``tree`` (a sequence: one policy per seat),
    each asked once with the view of the set (:func:`distribution`'s checks apply)."""
    if isinstance(policy, Sequence):
        if len(policy) != tree.players:
            raise PolicyError(f"give one policy per seat ({tree.players}), got {len(policy)}")
        per_seat: Sequence[Policy] = policy
    else:
        per_seat = (policy,) * tree.players
    out: Strategy = []
    for i, actions in enumerate(tree.actions):
        given = distribution(per_seat[tree.seats[i]], tree.view(i))
        out.append([given[a] for a in actions])
    return out


def _uniform(legal: Sequence[Action]) -> dict[Action, float]:
    p = 1.0 / len(legal)
    return dict.fromkeys(legal, p)


class TabularPolicy:
    """A policy as a table: per information-state key (:func:`golfo.solve.info_key`), the
    probability of each legal action by its token (:func:`golfo.solve.action_token`).

    It is made for ``rules`` at a table of ``players``.  A view of other rules or another
    table size, a view whose key is not in the table, or one whose legal actions are not
    exactly those its entry names (other stacks), gets the uniform distribution over its
    legal actions: an empty table is the uniform policy.  Its JSON form (:meth:`to_json`,
    :meth:`from_json`)::

        {"format": "golfo-policy/1", "rules": {...}, "players": 2,
         "table": {"p1 d1:8O d0": {"p1": 0.25, "b1:1": 0.75}, ...}}

    with the rules as ``golfo.wire.rules_data`` writes them.
    """

    __slots__ = ("players", "rules", "table")

    def __init__(
        self, rules: Rules, players: int, table: Mapping[str, Mapping[str, float]]
    ) -> None:
        self.rules: Final = rules
        """The rules the policy was made for."""
        self.players: Final = players
        """The table size it was made for."""
        self.table: Final[dict[str, dict[str, float]]] = {k: dict(v) for k, v in table.items()}
        """Per information-state key, the probability of each action token."""

    @classmethod
    def from_strategy(cls, tree: GameTree, strategy: Strategy) -> TabularPolicy:
        """The table of a :data:`Strategy` on ``tree``."""
        table = {
            key: {action_token(a): p for a, p in zip(actions, probs, strict=True)}
            for key, actions, probs in zip(tree.keys, tree.actions, strategy, strict=True)
        }
        return cls(tree.rules, tree.players, table)

    @classmethod
    def from_rows(
        cls,
        rules: Rules,
        players: int,
        keys: Sequence[str],
        tokens: Sequence[Sequence[str]],
        strategy: Strategy,
    ) -> TabularPolicy:
        """The table of a :data:`Strategy` given by each information set's key and action
        tokens (a ``golfo_native.SolveTree``'s ``keys`` and ``tokens``)."""
        table = {
            key: dict(zip(names, probs, strict=True))
            for key, names, probs in zip(keys, tokens, strategy, strict=True)
        }
        return cls(rules, players, table)

    def row(self, rules: Rules, players: int, key: str, tokens: Sequence[str]) -> list[float]:
        """The probabilities of the actions ``tokens`` (in that order) at the information
        state ``key`` of a hand of ``rules`` at a table of ``players``: what
        :meth:`probabilities` gives that view, checked as :func:`distribution` checks it
        (:class:`golfo.errors.PolicyError`).  A tree's keys and tokens are enough: no view.

        >>> import golfo
        >>> TabularPolicy(golfo.MINI, 2, {"p1 d1:8O d0": {"p1": 0.25, "b1:1": 0.75}}).row(
        ...     golfo.MINI, 2, "p1 d1:8O d0", ("p1", "b1:1"))
        [0.25, 0.75]
        """
        uniform = [1.0 / len(tokens)] * len(tokens)
        if players != self.players or rules != self.rules:
            return uniform
        entry = self.table.get(key)
        if entry is None or len(entry) != len(tokens):
            return uniform
        out: list[float] = []
        for token in tokens:
            p = entry.get(token)
            if p is None:
                return uniform
            if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0.0 <= p <= 1.0:
                raise PolicyError(
                    f"the probability of {token!r} at {key!r} must be 0..1, got {p!r}"
                )
            out.append(float(p))
        total = sum(out)
        if abs(total - 1.0) > TOLERANCE:
            raise PolicyError(f"the probabilities at {key!r} sum to {total!r}, not 1")
        return out

    def probabilities(self, view: View) -> dict[Action, float]:
        """The distribution of ``view``'s seat (uniform where the table has no entry that
        fits; see the class)."""
        legal = _legal(view)
        if view.players != self.players or view.rules != self.rules:
            return _uniform(legal)
        entry = self.table.get(info_key(view))
        if entry is None or len(entry) != len(legal):
            return _uniform(legal)
        out: dict[Action, float] = {}
        for action in legal:
            p = entry.get(action_token(action))
            if p is None:
                return _uniform(legal)
            out[action] = p
        return out

    def bot(self, seed: int | None = 0) -> PolicyBot:
        """A :class:`PolicyBot` that plays this policy."""
        return PolicyBot(self, seed)

    def __len__(self) -> int:
        return len(self.table)

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TabularPolicy):
            return NotImplemented
        return (self.rules, self.players, self.table) == (other.rules, other.players, other.table)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<TabularPolicy of {len(self.table)} information states, {self.players} players>"

    def to_json(self, *, indent: int | None = None) -> str:
        """The policy as JSON text (``golfo-policy/1``; see the class)."""
        data = {
            "format": FORMAT,
            "rules": rules_data(self.rules),
            "players": self.players,
            "table": self.table,
        }
        return json.dumps(data, indent=indent, ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> TabularPolicy:
        """The policy :meth:`to_json` wrote; anything malformed raises
        :class:`golfo.FormatError` naming the place (a key, a token, a probability that
        is not a number 0..1, a distribution that does not sum to 1)."""
        data = parse_json(text, "policy", _MAX_TEXT)
        obj = read_object(data, "policy", ("format", "rules", "players", "table"))
        if obj["format"] != FORMAT:
            fail("policy.format", f"expected {json.dumps(FORMAT)}, got {show(obj['format'])}")
        rules = rules_from_data(obj["rules"], "policy.rules")
        players = read_int(obj["players"], "policy.players", 2, 4)
        try:
            new_game(rules, players=players)
        except GolfoError as error:
            fail("policy.players", str(error))
        table = obj["table"]
        if not isinstance(table, dict):
            fail("policy.table", f"expected an object, got {show(table)}")
        return cls(rules, players, {k: _entry(k, v, players) for k, v in table.items()})


def _entry(key: str, value: Any, players: int) -> dict[str, float]:
    path = f"policy.table[{json.dumps(key)[:60]}]"
    seat = _SEAT.fullmatch(key.split(" ", 1)[0])
    if seat is None or int(seat.group(1)) >= players:
        fail(path, f"a key starts with the seat, p0 to p{players - 1}")
    if not isinstance(value, dict) or not value:
        fail(path, f"expected an object of action tokens to probabilities, got {show(value)}")
    out: dict[str, float] = {}
    for token, p in value.items():
        at = f"{path}[{json.dumps(token)[:40]}]"
        if not _TOKEN.fullmatch(token) or token[1] != seat.group(1):
            fail(at, f"not an action token of seat {seat.group(1)}")
        if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
            fail(at, f"expected a probability 0..1, got {show(p)}")
        out[token] = float(p)
    total = math.fsum(out.values())
    if abs(total - 1.0) > TOLERANCE:
        fail(path, f"the probabilities sum to {total!r}, not 1")
    return out


class PolicyBot:
    """A :class:`golfo.Bot` that plays a policy: it draws its action from the policy's
    distribution with its own ``random.Random(seed)`` (reproducible for a seed)."""

    def __init__(self, policy: Policy, seed: int | None = 0) -> None:
        self.policy: Final = policy
        """The policy it plays."""
        self.rng = random.Random(seed)
        """The bot's own random generator (the global ``random`` is never used)."""

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r})"

    def probabilities(self, view: View) -> dict[Action, float]:
        """The policy's distribution (checked by :func:`distribution`)."""
        return distribution(self.policy, view)

    def choose(self, view: View) -> Action:
        """An action drawn from the policy's distribution for ``view``'s seat."""
        given = distribution(self.policy, view)
        x = self.rng.random() * math.fsum(given.values())
        last = next(iter(given))
        for action, p in given.items():
            if p > 0.0:
                last = action
                x -= p
                if x < 0.0:
                    return action
        return last  # rounding left a sliver: the last action with a chance
