"""The rules engines bots can play on: golfo's reducer (``"python"``, the reference) or
golfo-native's Rust engine (``"native"``, ``pip install golfo[native]``), which agrees with
it exactly, so that the same seeds give the same games on both.

:func:`golfo.selfplay.simulate` and :func:`golfo.tournament.tournament` take ``engine=``;
so do ``golfo simulate`` and ``golfo tournament`` (``--engine``).  :func:`engine` gives the
few steps they need, on either engine:

>>> import golfo
>>> table = engine("python")
>>> state = table.new_game(golfo.TRADICIONAL, 3)
>>> state.phase
Phase.DEAL_1
>>> engine("perl")
Traceback (most recent call last):
...
ValueError: engine must be one of ('python', 'native'), got 'perl'
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from golfo.actions import Action
from golfo.bots import Bot, play_hand
from golfo.cards import Card
from golfo.reducer import apply, new_game
from golfo.rules import Rules
from golfo.state import State
from golfo.views import View, view

__all__ = ["ENGINES", "Driver", "engine", "resolve"]

ENGINES: Final = ("python", "native")
"""The engines by name."""


class Driver(Protocol):
    """What self-play and tournaments do with a game, on one engine.  A game is a
    ``golfo.State`` on ``"python"`` and a ``golfo_native.NativeState`` (changed in place)
    on ``"native"``; both have ``results``, ``is_over``, ``rebuys`` and ``stock_mask``."""

    def new_game(self, rules: Rules, players: int) -> Any:
        """A new game (:func:`golfo.new_game`)."""

    def play_hand(
        self,
        game: Any,
        bots: Sequence[Bot],
        deck: Sequence[Card],
        on_action: Callable[[Any, Action], None] | None = None,
    ) -> Any:
        """The hand in progress played to its end (:func:`golfo.bots.play_hand`)."""

    def apply(self, game: Any, action: Action) -> Any:
        """The game after ``action`` (:func:`golfo.apply`)."""

    def view(self, game: Any, seat: int) -> View:
        """What ``seat`` may know (:func:`golfo.view`)."""

    def state(self, game: Any) -> State:
        """The game as a ``golfo.State``."""


class _Python:
    def new_game(self, rules: Rules, players: int) -> State:
        return new_game(rules, players=players)

    def play_hand(
        self,
        game: State,
        bots: Sequence[Bot],
        deck: Sequence[Card],
        on_action: Callable[[Any, Action], None] | None = None,
    ) -> State:
        return play_hand(game, bots, deck, on_action=on_action)

    def apply(self, game: State, action: Action) -> State:
        return apply(game, action)

    def view(self, game: State, seat: int) -> View:
        return view(game, seat)

    def state(self, game: State) -> State:
        return game


class _Native:
    def __init__(self) -> None:
        import golfo_native

        self._native = golfo_native

    def new_game(self, rules: Rules, players: int) -> Any:
        return self._native.NativeState.new_game(rules, players)

    def play_hand(
        self,
        game: Any,
        bots: Sequence[Bot],
        deck: Sequence[Card],
        on_action: Callable[[Any, Action], None] | None = None,
    ) -> Any:
        return self._native.play_hand(game, bots, deck, on_action=on_action)

    def apply(self, game: Any, action: Action) -> Any:
        game.play(action)
        return game

    def view(self, game: Any, seat: int) -> View:
        view: View = game.view_object(seat)
        return view

    def state(self, game: Any) -> State:
        state: State = game.to_state()
        return state


def resolve(name: str) -> str:
    """The engine ``name`` stands for: ``"auto"`` is ``"native"`` when golfo-native is
    installed and ``"python"`` otherwise; a name of :data:`ENGINES` is itself (``"native"``
    without golfo-native, or any other name, is a ``ValueError``).

    >>> resolve("python"), resolve("auto") in ENGINES
    ('python', True)
    """
    if name == "auto":
        return "native" if importlib.util.find_spec("golfo_native") is not None else "python"
    if name not in ENGINES:
        raise ValueError(f"engine must be 'auto' or one of {ENGINES}, got {name!r}")
    if name == "native" and importlib.util.find_spec("golfo_native") is None:
        raise ValueError("engine 'native' needs golfo-native: pip install 'golfo[native]'")
    return name


def engine(name: str) -> Driver:
    """The engine called ``name`` (one of :data:`ENGINES`); ``ValueError`` if it is not one,
    or is not installed."""
    if name not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {name!r}")
    if name == "native":
        if importlib.util.find_spec("golfo_native") is None:
            raise ValueError("engine 'native' needs golfo-native: pip install 'golfo[native]'")
        return _Native()
    return _Python()
