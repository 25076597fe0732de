"""Many games at full speed in Rust: :func:`play_games`."""

from __future__ import annotations

import array
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

from golfo.actions import CHANCE, Action, EndGame, NextHand
from golfo.bots.net.network import Network
from golfo.records import to_json
from golfo.rules import Rules
from golfo_native import _core
from golfo_native._nets import policy_name
from golfo_native._state import NativeState

__all__ = ["play_games"]


Callback = Callable[[NativeState, int], Action | int]
"""A policy of your own: given the game and the seat to act, an action or a legal id."""
Builtin = Literal["random", "heuristic", "equity", "range", "strong", "net"] | Network
"""A policy played in Rust (see :func:`play_games` and :mod:`golfo_native._nets`)."""


def play_games(
    n: int,
    rules: Rules,
    players: int,
    seed: int,
    policy: Builtin | Sequence[Builtin] | Callback | Sequence[Callback] = "random",
    *,
    max_hands: int = 10,
    max_actions: int = 1_000_000,
    records: bool = False,
) -> dict[str, Any]:
    """Play ``n`` whole games in Rust, game ``k`` seeded with ``seed + k``.  Chance deals
    at random; every seat plays ``policy``: ``"random"`` (a kind of action at random, then
    an amount, the smallest or the largest often, or a discard), ``"heuristic"`` (the
    choices of golfo's ``HeuristicBot``, computed in Rust), ``"net"`` (golfo's
    ``NetBot``: its network, its draws from a generator of its own seeded from the game's
    seed), ``"range"`` (golfo's ``RangeBot``: its discards exactly, its betting on Monte Carlo
    play-outs drawn with that generator), ``"strong"`` (golfo's ``StrongBot``: today the
    same as ``"range"``), ``"equity"`` (``EquityBot``'s twin: RangeBot's play-outs with no
    range, 200 a decision) or a network of one's own
    (:class:`golfo.bots.net.network.Network`), or one such policy per seat, e.g.
    ``["strong", "heuristic", "heuristic"]``.  Open-ended games end with
    ``EndGame`` after ``max_hands`` hands.  Returns per game ``hands``, ``actions``,
    ``winner`` (-1: none) and per seat ``stacks``, ``nets``, ``rebuys``: NumPy arrays when
    NumPy is installed, else lists.  ``records=True`` adds ``records``: each game's golfo/1
    record (``golfo.records.to_json`` of the final state: every action, every card), the
    same games as the arrays, to replay or check with golfo's own reducer; it costs a
    conversion of each game to a ``golfo.State``, so it is for looking at games, not for
    millions of them.

    ``policy`` may also be your own: a callable ``policy(state, seat)`` returning an action
    or a legal id (``state.legal_ids()``), or one such callable per seat.  The games are then
    played from Python (each step through the bindings), chance dealing a legal card at
    random with ``random.Random(seed + k)``; the same seed gives the same games.

    >>> import golfo
    >>> first = lambda state, seat: state.legal_ids()[0]   # always the first legal action
    >>> out = play_games(3, golfo.LUDOTEKA, 3, seed=1, policy=first)
    >>> out["hands"].tolist(), out["nets"].sum(axis=1).tolist()
    ([10, 10, 10], [0, 0, 0])
    >>> from golfo.records import from_json
    >>> out = play_games(2, golfo.TRADICIONAL, 4, seed=7, records=True)
    >>> [from_json(r).stacks for r in out["records"]] == [tuple(s) for s in out["stacks"]]
    True
    """
    if type(n) is not int or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    start = NativeState.new_game(rules, players)
    names: list[str] | None = None
    kept: list[str] | None = None
    if isinstance(policy, (str, Network)):
        names = [policy_name(policy)]
    elif not callable(policy) and all(isinstance(p, (str, Network)) for p in policy):
        names = [policy_name(cast(Builtin, p)) for p in policy]
        if len(names) != players:
            raise ValueError(f"policy must name {players} policies, one a seat, got {policy!r}")
    if names is not None:
        data = _core.play_random_games(start._g, n, seed % 2**64, names, max_hands, max_actions)
        if records:  # the same games again, their history kept (game k: seed + k)
            kept = []
            for k in range(n):
                game = _core.play_random_game(
                    start._g, (seed + k) % 2**64, names, max_hands, max_actions
                )
                kept.append(to_json(NativeState(game, rules).to_state()))
    else:
        given: list[object] = (
            [policy] * players if callable(policy) else list(cast(Sequence[object], policy))
        )
        seats = [cast(Callback, p) for p in given if callable(p)]
        if len(seats) != players or len(given) != players:
            wanted = f"a built-in policy, a network, a callable or {players} of them"
            raise ValueError(f"policy must be {wanted}, got {policy!r}")
        if records:
            kept = []
        data = _played(start, n, seed, seats, max_hands, max_actions, kept)
    out = _columns(data, n, players)
    if kept is not None:
        out["records"] = kept
    return out


def _columns(data: bytes, n: int, players: int) -> dict[str, Any]:
    """The buffer's columns, NumPy arrays (or lists without NumPy)."""
    width = 3 + 3 * players  # hands, actions, winner, then stacks, nets, rebuys per seat
    columns: dict[str, int | slice] = {
        "hands": 0,
        "actions": 1,
        "winner": 2,
        "stacks": slice(3, 3 + players),
        "nets": slice(3 + players, 3 + 2 * players),
        "rebuys": slice(3 + 2 * players, width),
    }
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - NumPy is optional
        flat = array.array("q", data)
        if sys.byteorder == "big":  # pragma: no cover - the buffer is little-endian
            flat.byteswap()
        rows = [flat[k * width : (k + 1) * width].tolist() for k in range(n)]
        return {key: [row[at] for row in rows] for key, at in columns.items()}
    table = np.frombuffer(data, dtype="<i8").reshape(n, width).astype(np.int64)
    return {key: table[:, at] for key, at in columns.items()}


def _played(
    start: NativeState,
    n: int,
    seed: int,
    seats: list[Callback],
    max_hands: int,
    max_actions: int,
    records: list[str] | None,
) -> bytes:
    """The games of :func:`play_games` with callbacks, in the buffer's layout (and their
    records appended to ``records``, unless ``None``)."""
    players = start.players
    out = array.array("q")
    for k in range(n):
        state = start.copy()
        rng = random.Random(seed + k)
        actions = 0
        while not state.is_over and actions < max_actions:
            seat = state.to_act
            if seat is CHANCE:
                ids = state.legal_ids()
                state.apply_id(ids[rng.randrange(len(ids))])
            elif seat is None:  # between hands
                done = state.rules.hands is None and len(state.results) >= max_hands
                state.play(EndGame() if done else NextHand())
            else:
                choice = seats[seat](state, seat)
                if isinstance(choice, int):
                    state.apply_id(choice)
                else:
                    state.play(choice)
            actions += 1
        final = state.to_state()
        if records is not None:
            records.append(to_json(final))
        nets = [sum(r.payoffs[s] for r in final.results) for s in range(players)]
        winner = state.winner
        out.extend([len(final.results), actions, -1 if winner is None else winner])
        out.extend([*final.stacks, *nets, *final.rebuys])
    if sys.byteorder == "big":  # pragma: no cover - the buffer is little-endian
        out.byteswap()
    return out.tobytes()
