"""A state's history: ``state.log`` (a :class:`golfo.state.Log` view) and ``state.history``.

The reducer keeps the history as a linked list of plain tuples, one per action; the
``Log`` view must read it correctly and compare, hash and print it without recursing,
however long the game.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

import golfo
from golfo.state import Log, log_entries


def random_game(seed: int, hands: int) -> golfo.State:
    rng = random.Random(seed)
    state = golfo.new_game(attrs.evolve(golfo.TRADICIONAL, hands=hands), players=3)
    while not state.is_over:
        state = golfo.apply(state, rng.choice(golfo.legal_actions(state)))
    return state


def test_log_reads_every_action_and_actor() -> None:
    state = random_game(1, hands=3)
    log = state.log
    assert log is not None
    assert log.to_tuple() == state.history == tuple(log)
    assert len(log) == log.size == len(state.history)
    entries = list(log.entries())
    assert [a for a, _ in reversed(entries)] == list(state.history)
    assert list(log_entries(log)) == entries
    assert list(log_entries(None)) == []
    # the actor of each entry: who acted, who received the card, None for the table
    for action, actor in entries:
        if isinstance(action, golfo.Deal):
            assert actor in range(3)
        elif isinstance(action, golfo.NextHand | golfo.EndGame):
            assert actor is None
        else:
            assert actor == action.seat
    assert log.action == entries[0][0]
    assert log.actor == entries[0][1]
    assert log.prev is not None
    assert log.prev.action == entries[1][0]


def test_no_log_before_the_first_action() -> None:
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    assert state.log is None
    assert state.history == ()


def test_logs_compare_by_their_actions() -> None:
    a = random_game(2, hands=2)
    b = golfo.new_game(a.rules, players=3)
    for action in a.history:  # the same actions, entries built anew
        b = golfo.apply(b, action)
    c = random_game(3, hands=2)
    assert a.log is not None
    assert b.log is not None
    assert c.log is not None
    assert a.log == b.log
    assert hash(a.log) == hash(b.log)
    assert a.log != c.log
    assert a.log.prev != a.log
    assert a == b
    assert hash(a) == hash(b)


def _chain(length: int) -> Any:
    node: Any = None
    deals = [golfo.Deal(card) for card in golfo.DECK]
    for i in range(length):
        node = (node, deals[i % 28], i % 3)
    return node


def test_a_very_long_history_compares_hashes_and_prints() -> None:
    """300,000 entries: far deeper than the interpreter's recursion limit (hashing nested
    tuples this deep crashes CPython)."""
    length = 300_000
    a = Log(_chain(length))
    b = Log(_chain(length))
    assert len(a) == length
    assert a == b
    assert hash(a) == hash(b)
    assert repr(a).startswith("<Log of 300000 actions")
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    long_a = attrs.evolve(state, log=a._node)
    long_b = attrs.evolve(state, log=b._node)
    assert long_a == long_b
    assert hash(long_a) == hash(long_b)
    assert len(long_a.history) == length
