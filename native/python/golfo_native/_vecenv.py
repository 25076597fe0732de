"""Observation vectors and a vector environment in Rust: :class:`NativeEncoder` and
:class:`VecEnv` (issue 35).

:class:`NativeEncoder` gives the vectors of :class:`golfo.ext.features.ObservationEncoder`
and :class:`golfo.ext.features.InfoStateEncoder` from a :class:`golfo_native.NativeState`,
equal element for element.  :class:`VecEnv` steps ``n`` games together from NumPy arrays:
Rust plays every seat that does not learn and chance, and fills the arrays itself (no
Python object per game or per step).

>>> import golfo
>>> from golfo_native import VecEnv
>>> env = VecEnv(4, rules=golfo.Rules(hands=1), players=3, seed=7,
...              opponents={1: "heuristic", 2: "heuristic"})
>>> obs, mask, to_act = env.reset()
>>> obs.shape, mask.shape, to_act.tolist()
((4, 112), (4, 137), [0, 0, 0, 0])
>>> actions = mask.argmax(axis=1)            # the smallest legal id of each game
>>> obs, mask, to_act, rewards, done = env.step(actions)
>>> rewards.shape, bool((rewards.sum(axis=1) == 0).all())
((4, 3), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

import golfo
from golfo.bots.net.network import Network
from golfo.errors import IllegalActionError
from golfo.ext.codec import ActionCodec
from golfo.ext.features import InfoStateEncoder, ObservationEncoder
from golfo.solve.policy import TabularPolicy
from golfo_native import _core
from golfo_native._convert import rules_args
from golfo_native._nets import policy_name
from golfo_native._state import NativeState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["NativeEncoder", "Opponent", "VecEnv"]

Opponent: TypeAlias = (
    Literal["random", "heuristic", "equity", "range", "strong", "net"] | Network | TabularPolicy
)
"""A seat played inside Rust: ``"random"`` (``golfo_native.play_games``' random policy: a
kind of action at random, then an amount or a discard), ``"heuristic"`` (golfo's
:class:`golfo.HeuristicBot`, move for move), ``"net"`` (golfo's :class:`golfo.NetBot`:
its network, its draws with its own generator), a network of one's own
(:class:`golfo.bots.net.network.Network`), ``"range"`` (golfo's :class:`golfo.RangeBot`:
its discards exactly, its Monte Carlo draws with its own generator), ``"strong"``
(:class:`golfo.StrongBot`: today the same as ``"range"``), ``"equity"``
(:class:`golfo.EquityBot`'s twin: the same without the range, see ``golfo_native.play_games``)
or a
:class:`golfo.solve.TabularPolicy` (drawn
from its table by the seat's information-state key; uniform where the table has no entry,
as the policy itself)."""

_LEARNER: Final = -1
_KINDS: Final = {"random": -2, "heuristic": -3, "range": -4, "strong": -4, "equity": -5}
"""The built-in opponents' seat codes (``"strong"``: StrongBot, today RangeBot's policy)."""


class NativeEncoder:
    """The vectors of :class:`golfo.ext.features.ObservationEncoder` (or, made with
    :meth:`info_state`, :class:`golfo.ext.features.InfoStateEncoder`) worked out in Rust
    from a :class:`golfo_native.NativeState`: the same floats.

    >>> import golfo
    >>> from golfo_native import NativeState
    >>> rules = golfo.Rules(hands=1)
    >>> state = golfo.deal_from(golfo.new_game(rules, players=3), golfo.DECK)
    >>> enc = NativeEncoder(rules, 3)
    >>> enc.encode(NativeState.from_state(state), 1) == enc.reference.encode(golfo.view(state, 1))
    True
    """

    def __init__(
        self,
        rules: golfo.Rules,
        players: int,
        *,
        private: bool = True,
        public: bool = True,
        history: bool = False,
    ) -> None:
        ref = ObservationEncoder(rules, players, private=private, public=public, history=history)
        self._setup(rules, players, ref, (0, ref.scale, private, public, history, 1, 1))

    def _setup(
        self,
        rules: golfo.Rules,
        players: int,
        reference: ObservationEncoder | InfoStateEncoder,
        spec: _core.EncoderArgs,
    ) -> None:
        self.reference: ObservationEncoder | InfoStateEncoder = reference
        """golfo's encoder of the same vectors (its ``slices`` name the pieces)."""
        self.rules: golfo.Rules = rules
        """The rules."""
        self.players: int = players
        """Seats at the table."""
        self.spec: _core.EncoderArgs = spec
        """The settings the Rust encoder is made with."""
        self._enc = _core.Encoder(rules_args(rules), players, spec)
        if self._enc.size != reference.size:  # pragma: no cover - the layouts are one
            raise AssertionError("the Rust encoder's layout differs from golfo's")

    @classmethod
    def info_state(
        cls,
        rules: golfo.Rules,
        players: int,
        *,
        hands: int | None = None,
        raises: int | None = None,
    ) -> NativeEncoder:
        """The encoder of :class:`golfo.ext.features.InfoStateEncoder`'s lossless vectors."""
        ref = InfoStateEncoder(rules, players, hands=hands, raises=raises)
        enc = cls.__new__(cls)
        enc._setup(
            rules,
            players,
            ref,
            (1, ref.view_encoder.scale, True, True, False, ref.hands, ref.raises),
        )
        return enc

    @property
    def size(self) -> int:
        """The length of a vector."""
        return self._enc.size

    def encode(self, state: NativeState, seat: int | None) -> list[float]:
        """The vector of ``seat`` (``None``: a spectator, public facts only) in ``state``."""
        return self._enc.encode(state._g, seat)

    def encode_into(self, state: NativeState, seat: int | None, out: Any) -> None:
        """The vector written into ``out``: a writable C-contiguous float32 buffer of
        :attr:`size` items (a NumPy array, ``array.array("f")``...)."""
        self._enc.encode_into(state._g, seat, out)


def info_state_string(state: NativeState, seat: int | None) -> str:
    """:func:`golfo.ext.features.info_state_string` of a native state, built in Rust."""
    return _core.info_state_string(state._g, seat)


def info_state_census(
    encoder: NativeEncoder, start: NativeState, states: int, seed: int = 0, max_hands: int = 100
) -> dict[str, int]:
    """Random games from ``start`` (chance and every seat at random), until ``states``
    (state, seat) pairs are seen; the number of distinct information-state strings, of
    distinct vectors of ``encoder`` and of distinct (string, vector) pairs.  The three are
    equal when the encoder is one-to-one with the information state on the sample."""
    s, strings, vectors, pairs = _core.info_state_census(
        encoder._enc, start._g, states, seed, max_hands
    )
    return {"states": s, "strings": strings, "vectors": vectors, "pairs": pairs}


def _table_rows(policy: TabularPolicy) -> list[tuple[str, list[tuple[str, float]]]]:
    return [(key, list(entry.items())) for key, entry in policy.table.items()]


class VecEnv:
    """``n`` games of El Golfo stepped together, from and into NumPy arrays.

    - :meth:`reset` gives ``obs`` (float32, ``n x obs_size``), ``mask`` (bool, ``n x
      num_actions``: the legal ids of :class:`golfo.ext.codec.ActionCodec`'s
      ``for_rules(rules, players)``) and ``to_act`` (int64: the seat whose decision it is).
    - :meth:`step` takes one legal id per game and gives the same three for the next
      decisions, plus ``rewards`` (float32, ``n x players``: the chips each seat won or lost
      in the hands that ended during the step, so a game's rows add up to each seat's net
      result and every row sums to 0) and ``done`` (bool: a game ended in the slot; the
      row's observation is then the next game's first decision).
    - Seats named in ``opponents`` are played inside Rust (:data:`Opponent`); the others
      learn, and whichever of them is to act is the one returned (every seat learns when
      ``opponents`` is empty: self-play).  Chance deals at random.
    - ``observation``: ``"view"`` (:class:`golfo.ext.features.ObservationEncoder`'s vector
      of the seat to act) or ``"info_state"`` (:class:`~golfo.ext.features.InfoStateEncoder`,
      lossless); the vectors are the Python encoders', element for element.  Or
      ``"net"``: what :class:`golfo.NetBot`'s network sees and does
      (:mod:`golfo.bots.net.features`): ``obs`` holds its features, ``mask`` the legal
      entries of its menu, and :meth:`step` takes a menu entry per game (not an id).
    - Seeds: the ``k``-th game the environment starts after a reset is game number
      ``offset + k * stride`` (``games=(offset, stride)``), and everything random in a
      game (its first dealer unless ``dealer`` is given, its cards, the random and tabular
      seats' draws) comes from a generator seeded with ``(seed, number)`` alone.  So a game
      is the same whatever the batch size or the slot it lands in, given the same learning
      decisions; :meth:`game_numbers` says which game each slot plays.  Processes share out
      the games with ``games=(p, P)`` (process ``p`` of ``P``).  Games are numbered in the
      order they start: the first ``n`` at :meth:`reset`, then, at each step, a new one in
      each slot whose game ended, lowest slot first.
    - A game that ends before any learning seat acts (four seats, a one-hand game, the
      learner dealing) is played out within the step; its rewards are added to the row.

    The rules must bound the chips (``golfo.ext.codec.chip_bound``: a number of hands, or
    no rebuys); an open-ended game without rebuys ends after ``max_hands`` hands.
    """

    def __init__(
        self,
        n: int,
        rules: golfo.Rules | None = None,
        players: int = 3,
        seed: int = 0,
        opponents: Mapping[int, Opponent | None] | Sequence[Opponent | None] | None = None,
        *,
        observation: Literal["view", "info_state", "net"] = "view",
        dealer: int | None = None,
        games: tuple[int, int] = (0, 1),
        max_hands: int = 100,
    ) -> None:
        import numpy

        self._np = numpy
        rules = golfo.Rules(hands=1) if rules is None else rules
        if type(n) is not int or n < 1:
            raise ValueError(f"n must be a whole number >= 1, got {n!r}")
        rules.check_players(players)
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be a whole number 0..2**64-1, got {seed!r}")
        offset, stride = games
        if not 0 <= offset < 2**64 or not 1 <= stride < 2**64:
            raise ValueError(f"games must be (offset >= 0, stride >= 1), got {games!r}")
        seats, tables = self._seats(rules, players, opponents)
        self.rules: Final = rules
        """The rules of every game."""
        self.players: Final = players
        """Seats at each table."""
        self.n: Final = n
        """Games stepped together."""
        self.learners: Final = tuple(s for s in range(players) if seats[s] == _LEARNER)
        """The learning seats."""
        self.codec: Final = ActionCodec.for_rules(rules, players)
        """The action ids (``mode="exact"``)."""
        self.observation: Final = observation
        """What ``obs`` holds (and, for ``"net"``, what actions are)."""
        if observation in ("view", "net"):
            self.encoder = NativeEncoder(rules, players)
        elif observation == "info_state":
            self.encoder = NativeEncoder.info_state(rules, players)
        else:
            raise ValueError(
                f"observation must be 'view', 'info_state' or 'net', got {observation!r}"
            )
        self._env = _core.VecEnv(
            rules_args(rules),
            players,
            n,
            seats,
            tables,
            dealer,
            (seed, offset, stride),
            max_hands,
            self.encoder.spec,
            (self.codec.max_amount, self.codec.discard_ids),
            observation == "net",
        )
        self._mask: Any = None

    @staticmethod
    def _seats(
        rules: golfo.Rules,
        players: int,
        opponents: Mapping[int, Opponent | None] | Sequence[Opponent | None] | None,
    ) -> tuple[list[int], list[list[tuple[str, list[tuple[str, float]]]]]]:
        if opponents is None:
            given: dict[int, Opponent] = {}
        elif isinstance(opponents, Mapping):
            given = {s: o for s, o in opponents.items() if o is not None}
        else:
            if len(opponents) != players:
                raise ValueError(f"give one entry per seat ({players}), got {len(opponents)}")
            given = {s: o for s, o in enumerate(opponents) if o is not None}
        seats = [_LEARNER] * players
        tables: list[list[tuple[str, list[tuple[str, float]]]]] = []
        for seat, who in given.items():
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"no seat {seat!r} at a table of {players}")
            if isinstance(who, TabularPolicy):
                fits = who.rules == rules and who.players == players
                tables.append(_table_rows(who) if fits else [])  # another game's: uniform
                seats[seat] = len(tables) - 1
            elif isinstance(who, str) and who in _KINDS:
                seats[seat] = _KINDS[who]
            elif isinstance(who, Network) or who == "net":
                seats[seat] = -100 - int(policy_name(who).removeprefix("net:"))
            else:
                raise ValueError(
                    f"seat {seat}: an opponent is 'random', 'heuristic', 'equity', 'range', "
                    f"'strong', 'net', a Network or a TabularPolicy, got {who!r}"
                )
        if _LEARNER not in seats:
            raise ValueError("at least one seat must learn: leave it out of opponents")
        return seats, tables

    @property
    def obs_size(self) -> int:
        """The length of an observation."""
        return self._env.obs_size

    @property
    def num_actions(self) -> int:
        """The number of action ids (the mask's width)."""
        return self._env.num_actions

    def _arrays(self) -> tuple[Any, ...]:
        np = self._np
        n = self.n
        return (
            np.empty((n, self.obs_size), np.float32),
            np.empty((n, self.num_actions), np.bool_),
            np.empty(n, np.int64),
            np.empty((n, self.players), np.float32),
            np.empty(n, np.bool_),
        )

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """Start every game anew (game numbers from the first again): the first decisions."""
        obs, mask, to_act, rewards, done = self._arrays()
        u8 = self._np.uint8
        self._env.reset(obs, mask.view(u8), to_act, rewards, done.view(u8))
        self._mask = mask
        return obs, mask, to_act

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Play one legal id per game (an int array of ``n``); the next decisions, the
        rewards and the done flags.  An id that is not legal raises
        :class:`golfo.IllegalActionError` and nothing is played."""
        if self._mask is None:
            raise RuntimeError("call reset() before step()")
        np = self._np
        given = np.asarray(actions)
        if given.dtype.kind not in "iu":  # a float id is not silently cut to an integer
            raise ValueError(f"actions must be integer ids, got dtype {given.dtype}")
        ids = np.ascontiguousarray(given, dtype=np.int64)
        if ids.shape != (self.n,):
            raise ValueError(f"actions must be {self.n} ids, got shape {ids.shape}")
        obs, mask, to_act, rewards, done = self._arrays()
        u8 = np.uint8
        try:
            self._env.step(ids, obs, mask.view(u8), to_act, rewards, done.view(u8))
        except ValueError as error:
            if error.args[:1] != ("illegal",):
                raise
            _, slot, bad = error.args
            legal = tuple(int(i) for i in np.flatnonzero(self._mask[slot]))
            raise IllegalActionError(
                f"game {slot}: action id {bad} is not legal now; legal ids: {legal}",
                action=bad,
                legal=legal,
            ) from None
        self._mask = mask
        return obs, mask, to_act, rewards, done

    def game_numbers(self) -> list[int]:
        """The number of the game each slot plays (see the class on seeds)."""
        return self._env.game_numbers()

    def state(self, slot: int) -> NativeState:
        """A copy of slot ``slot``'s game (its history too), as a native state."""
        return NativeState(self._env.game(slot), self.rules)

    @property
    def games_started(self) -> int:
        """Games started since the last :meth:`reset`."""
        return self._env.started
