"""golfo.ext.codec reads golfo-native's state as it reads golfo's (issue 35): the same legal
ids, actions, menus and nearest sizes, over the presets and random variants, with the state
played on in place between the calls."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("golfo_native")

from golfo_native import NativeState

import golfo
from golfo import Bet, Raise, State
from golfo.ext.codec import chance_ids

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared strategies
from test_codec_sources import codecs_for, decisions, games


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 2**32))
def test_a_native_state_has_the_ids_of_golfos(state: State, seed: int) -> None:
    rng = random.Random(seed)
    codecs = codecs_for(state.rules, state.players)
    native = NativeState.from_state(state)
    for s in decisions(state, rng):
        native = NativeState.from_state(s) if rng.random() < 0.3 else _catch_up(native, s)
        first = codecs[0].legal_ids(native)  # the codec last read this object before its play
        assert chance_ids(native) == chance_ids(s)
        moves = golfo.legal_moves(s)
        for codec in codecs:
            ids = codec.legal_ids(native)
            assert ids == codec.legal_ids(s)
            assert [codec.decode(native, i) for i in ids] == [codec.decode(s, i) for i in ids]
            assert codec.menu(native) == codec.menu(s)
            if type(moves.seat) is int and moves.amounts:
                kind = Bet if moves.bets else Raise
                amount = rng.randint(-3, moves.amounts[-1] + 30)
                wanted = kind(moves.seat, amount)
                assert codec.translate(native, wanted) == codec.translate(s, wanted)
                assert codec.encode(native, wanted, nearest=True) == codec.encode(
                    s, wanted, nearest=True
                )
        assert first == codecs[0].legal_ids(s)
        codecs[0].legal_ids(native)


def _catch_up(native: NativeState, s: State) -> NativeState:
    """``native`` played in place up to ``s`` (the same object: the codec must not answer
    from what it kept of an earlier position)."""
    have = native.version
    for action, _actor in reversed(list(golfo.state.log_entries(s.log))[: s.version - have]):
        native.play(action)
    assert native.version == s.version
    return native
