"""golfo-native: El Golfo's rules engine in Rust, agreeing exactly with golfo's reducer.

>>> import golfo
>>> from golfo_native import NativeState
>>> s = NativeState.new_game(golfo.TRADICIONAL, 3)
>>> s.phase, s.to_act
(Phase.DEAL_1, CHANCE)
>>> s.to_state() == golfo.new_game(golfo.TRADICIONAL, players=3)
True
"""

from __future__ import annotations

from golfo_native._batch import play_games
from golfo_native._play import play_hand
from golfo_native._state import NativeState
from golfo_native._vecenv import NativeEncoder, VecEnv

__all__ = ["NativeEncoder", "NativeState", "VecEnv", "__version__", "play_games", "play_hand"]
__version__ = "0.1.0"
