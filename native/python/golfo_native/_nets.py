"""Networks and built-in policies by name for the Rust side: golfo's :class:`golfo.NetBot`
network (``"net"``), a network of one's own (a :class:`golfo.bots.net.network.Network`
or the path of its file), and the other built-ins (``"random"``, ``"heuristic"``, ``"range"``:
golfo's :class:`golfo.RangeBot`, ``"strong"``: :class:`golfo.StrongBot`, today the same
policy as ``"range"``, ``"equity"``: :class:`golfo.EquityBot`'s twin); and
:func:`duplicate`, golfo's duplicate tournament played by them in Rust.

A network is registered in Rust once per process (:func:`register_network`); the policy
name Rust knows it by is ``"net:K"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final, TypeAlias

from golfo.bots.net.network import Network
from golfo.rules import Rules
from golfo_native import _core
from golfo_native._convert import rules_args

__all__ = ["BUILTIN", "Policy", "duplicate", "policy_name", "register_network"]

BUILTIN: Final = ("random", "heuristic", "equity", "range", "strong", "net", "net-greedy")
"""The built-in policies by name."""
Policy: TypeAlias = str | Network
"""A policy played in Rust: a name of :data:`BUILTIN` (``"net-greedy"``: NetBot playing
its likeliest move), a network, or ``"net:PATH"`` (the network in the file ``PATH``)."""

_REGISTERED: dict[tuple[bytes, bool], int] = {}


def register_network(network: Network, *, greedy: bool = False) -> str:
    """Register ``network`` in Rust (once per process; ``greedy``: playing its likeliest
    move, as ``NetBot(greedy=True)``): its policy name, ``"net:K"``."""
    key = (network.to_bytes(), greedy)
    k = _REGISTERED.get(key)
    if k is None:
        k = _core.register_net(list(network.shapes), network.flat_weights(), greedy)
        _REGISTERED[key] = k
    return f"net:{k}"


def policy_name(policy: Policy) -> str:
    """The name Rust knows ``policy`` by (:data:`Policy`); ``ValueError`` for anything else."""
    if isinstance(policy, Network):
        return register_network(policy)
    if policy in ("net", "net-greedy"):
        from golfo.bots.net import shipped_network

        return register_network(shipped_network(), greedy=policy == "net-greedy")
    if policy == "strong":  # golfo.StrongBot is RangeBot's policy today
        return "range"
    if policy in BUILTIN:
        return policy
    if isinstance(policy, str) and policy.startswith("net:") and not policy[4:].isdigit():
        return register_network(Network.load(Path(policy[4:])))
    raise ValueError(
        f"a built-in policy is one of {', '.join(map(repr, BUILTIN))}, a Network or "
        f"'net:PATH', got {policy!r}"
    )


def duplicate(
    bots: Sequence[Policy], rules: Rules, seed: int, start: int, stop: int
) -> tuple[int, list[int], list[list[int]]]:
    """Deals ``start..stop`` of golfo's duplicate tournament (``golfo.tournament``: the same
    decks, seatings and seeds by deal and seat) played in Rust by built-in policies, one a
    bot: hands played, each bot's sum of nets, and the sums of the products of two bots'
    nets per deal (``engine="arena"`` of :func:`golfo.tournament.tournament`)."""
    names = [policy_name(b) for b in bots]
    return _core.duplicate(rules_args(rules), names, seed % 2**64, start, stop)
