"""The adapters' native path: which engine an adapter plays on, and the few steps the
PettingZoo and OpenSpiel adapters take on a ``golfo_native.NativeState`` (golfo-native,
``pip install ./native``) where they would take them on a ``golfo.State``.

Every function here gives what its golfo counterpart gives (``golfo.deal_from``,
``ActionCodec.describe``, ``golfo.standings``' nets), so both engines give the same
observations, masks, strings and rewards (``tests/native/test_adapter_engines.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from golfo.actions import CHANCE, Bet, Discard, Raise
from golfo.cards import Card
from golfo.engines import resolve
from golfo.ext.codec import ActionCodec
from golfo.standings import net_results
from golfo.state import State

__all__ = ["ENGINE_CHOICES", "adapter_engine", "deal_from", "describe", "nets"]

ENGINE_CHOICES = ("auto", "python", "native")
"""What an adapter's ``engine`` may be."""


def adapter_engine(engine: str, betting: str) -> Literal["python", "native"]:
    """The engine an adapter plays on.  ``"auto"``: golfo-native when it is installed and the
    betting is ``"exact"`` (golfo-native's ids are the exact codec's), golfo's reducer
    otherwise; ``"native"`` with ``betting="abstract"`` or without golfo-native is a
    ``ValueError``."""
    if engine not in ENGINE_CHOICES:
        raise ValueError(f"engine must be one of {ENGINE_CHOICES}, got {engine!r}")
    if engine == "auto" and betting != "exact":
        return "python"
    name = resolve(engine)
    if name == "native" and betting != "exact":
        raise ValueError(
            "engine 'native' plays betting='exact' only (golfo-native's action ids are the "
            "exact codec's): use engine='python' or 'auto' with betting='abstract'"
        )
    return "native" if name == "native" else "python"


def deal_from(native: Any, deck: Sequence[Card]) -> None:
    """``golfo.deal_from`` on a native state, in place: while chance is to act, deal the
    first card of ``deck`` still in the stock."""
    stock = native.stock_mask  # only the deals below take cards from it
    for card in deck:
        if native.to_act is not CHANCE:
            return
        if stock & card.mask:
            native.apply_id(card.index)
            stock &= ~card.mask


def describe(codec: ActionCodec, native: Any, action_id: int) -> str:
    """``codec.describe(state, action_id)`` (``mode="exact"``) from a native state."""
    text = codec.action_string(action_id)  # checks the id's range as describe does
    action = native.action_of_id(action_id)
    match action:
        case Bet() | Raise():
            return f"{type(action).__name__} {action.amount}"
        case Discard():
            return "Discard " + (" ".join(str(c) for c in sorted(action.cards)) or "none")
    return text


def nets(state: State) -> tuple[int, ...]:
    """Each seat's net result (R18) by seat, as ``golfo.standings``' rows give them."""
    return net_results(state.stacks, state.initial_stacks, state.rebuys)
