"""``golfo-engine/1`` over standard input and output, answered by the Rust engine:
``python -m golfo_native engine [--bug NAME]``.

The requests are read and answered by golfo's own protocol side
(:func:`golfo.conformance.protocol.serve`: the same forms and checks as golfo's engine);
every rule, legal move, observation, view redaction and perft count comes from
:class:`golfo_native.NativeState`, through :class:`NativeBackend`.  It announces
``"variants": true``: the runner deals it random variants of the rules as well as El Golfo's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, Any

from golfo.actions import Action
from golfo.cards import Card
from golfo.conformance.protocol import serve as serve_protocol
from golfo.rules import TRADICIONAL, Rules
from golfo_native import __version__
from golfo_native._state import NativeState

__all__ = ["NativeBackend", "serve"]


class NativeBackend:
    """The Rust engine as a :class:`golfo.conformance.protocol.Backend`."""

    name = "golfo-native"
    """The engine's name, in the answer to ``hello``."""
    version = __version__
    """golfo-native's version."""
    variants = True
    """It plays every variant of the rules (announced in the answer to ``hello``)."""

    def __init__(self) -> None:
        self.state = NativeState.new_game(TRADICIONAL, 3)
        """The game being played (replaced by ``new_game``)."""

    def new_game(self, rules: Rules, players: int, dealer: int, stacks: list[int]) -> None:
        """Start a game in the engine."""
        self.state = NativeState.new_game(rules, players, dealer, stacks)

    def players(self) -> int:
        """The number of seats."""
        return self.state.players

    def apply(self, action: Action) -> None:
        """Play one action in place (:meth:`NativeState.play`)."""
        self.state.play(action)

    def observe(self) -> dict[str, Any]:
        """The engine's own observation."""
        return self.state.observe()

    def view(self, seat: int | None) -> Any:
        """The engine's own redacted view, in the wire's form."""
        return self.state.view(seat)

    def perft(self, depth: int, deck: list[Card]) -> int:
        """The engine's own perft count."""
        return self.state.perft(depth, deck)


def serve(lines: Iterable[str] | None = None, out: IO[str] | None = None) -> int:
    """Answer requests, one per line, until ``quit`` or the end of the input; anything
    unreadable is answered ``{"ok": false, "error": "format"}``."""
    return serve_protocol(lines, out, NativeBackend())
