"""Gymnasium environments for El Golfo: one learning seat against fixed opponents
(``pip install 'golfo[gymnasium]'`` and golfo-native, ``pip install ./native``).

Both run on ``golfo_native.VecEnv`` (issue 35): the opponents (``"random"``,
``"heuristic"``, ``"strong"`` or a :class:`golfo.solve.TabularPolicy`) and chance are played
in Rust, and the observation vectors and masks are made there.

- :class:`GolfoEnv`: one game at a time, a ``gymnasium.Env`` (it passes
  ``gymnasium.utils.env_checker.check_env``).
- :class:`GolfoVectorEnv`: ``num_envs`` games stepped together, a
  ``gymnasium.vector.VectorEnv``; ``learner="rotate"`` gives the slots every seat in turn.

Spaces and rewards (both):

- Observation ``Box(0, 1, (size,), float32)``: the learning seat's view
  (:class:`golfo.ext.features.ObservationEncoder`), or with ``observation="info_state"``
  ``Box(-1, 1, ...)``: its lossless information state
  (:class:`golfo.ext.features.InfoStateEncoder`).
- Action ``Discrete(num_actions)``: the ids of ``ActionCodec.for_rules(rules, players)``
  (``betting="exact"``: a bet's id is its amount).  The legal ids are
  ``info["action_mask"]`` (int8, 1 = legal: ``action_space.sample(mask=...)`` takes it).
  An id that is not legal is played as the legal id nearest to it (ties: the smaller) and
  ``info["illegal"]`` says so; ``illegal="raise"`` raises :class:`golfo.IllegalActionError`.
- Reward: the chips the learning seat won or lost in the hands that ended during the step;
  an episode's rewards add up to its net result (R18).  In a one-hand game (``hands=1``,
  the default) the one reward comes with the last step.
- An episode is one game, and ends with ``terminated`` (never ``truncated``; an open-ended
  game without rebuys is cut after ``max_hands`` hands, ended as it stands).  The game
  has no decision left then, so the last observation is all zeros, with an empty mask.
- Seeds: game ``k`` of a run seeded ``s`` is ``VecEnv``'s game ``k``: the same cards, the
  same opponents' draws, whatever the number of games stepped together.

>>> env = GolfoEnv(players=3, seat=0, opponents="heuristic")
>>> obs, info = env.reset(seed=7)
>>> obs.shape, obs.dtype, int(info["action_mask"].sum()) > 0
((112,), dtype('float32'), True)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal, TypeAlias

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import golfo
from golfo.errors import IllegalActionError
from golfo.ext.features import view_string
from golfo.rules import PRESETS
from golfo.solve.policy import TabularPolicy

__all__ = ["GolfoEnv", "GolfoVectorEnv", "Opponent", "Opponents", "nearest_legal"]

Opponent: TypeAlias = Literal["random", "heuristic", "strong"] | TabularPolicy
"""A seat played inside Rust (``golfo_native.VecEnv``'s): ``"random"``, ``"heuristic"``
(:class:`golfo.HeuristicBot`, move for move), ``"strong"`` (:class:`golfo.StrongBot`: its
discards exactly, its Monte Carlo draws its own) or a :class:`golfo.solve.TabularPolicy`."""
Opponents: TypeAlias = Opponent | Sequence[Opponent]
"""One opponent for every other seat, or one per seat after the learner's in turn order:
``opponents[k]`` plays seat ``(learner + 1 + k) % players``."""

_INSTALL: Final = (
    "golfo.ext.gymnasium runs on golfo-native's VecEnv: pip install 'golfo[native]' "
    "(from a checkout: pip install ./native)"
)


def _native() -> Any:
    """golfo_native, imported when an environment is made."""
    try:
        import golfo_native
    except ImportError as error:
        raise ImportError(_INSTALL) from error
    return golfo_native


def _rules(rules: str | golfo.Rules, hands: int | None) -> golfo.Rules:
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"rules must be one of {', '.join(PRESETS)} or a Rules, got {rules!r}")
        rules = PRESETS[rules]
    if hands is None:
        return rules
    if type(hands) is not int or hands < 1:
        raise ValueError(f"hands must be a whole number >= 1 or None, got {hands!r}")
    return attrs.evolve(rules, hands=hands, extra_hands_on_tie=False)


def _table(players: int, learner: int, opponents: Opponents) -> dict[int, Opponent]:
    """The seats played in Rust, by seat, around a learner at ``learner``."""
    if isinstance(opponents, str | TabularPolicy):
        others: list[Opponent] = [opponents] * (players - 1)
    else:
        others = list(opponents)
        if len(others) != players - 1:
            raise ValueError(
                f"give one opponent for every seat but the learner's ({players - 1}), "
                f"got {len(others)}"
            )
    return {(learner + 1 + k) % players: who for k, who in enumerate(others)}


def nearest_legal(actions: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_]) -> Any:
    """Per row, ``actions[i]`` if ``mask[i]`` allows it, else the legal id nearest to it
    (the smaller of two as near); and which rows were changed.

    >>> mask = np.array([[0, 1, 0, 1], [1, 0, 0, 0]], bool)
    >>> ids, changed = nearest_legal(np.array([2, 0]), mask)
    >>> ids.tolist(), changed.tolist()
    ([1, 0], [True, False])
    """
    ids = np.asarray(actions, dtype=np.int64).copy()
    inside = (ids >= 0) & (ids < mask.shape[1])
    legal = np.zeros(len(ids), dtype=np.bool_)
    rows = np.flatnonzero(inside)
    legal[rows] = mask[rows, ids[rows]]
    changed = ~legal
    for i in np.flatnonzero(changed):
        options = np.flatnonzero(mask[i])
        ids[i] = options[np.argmin(np.abs(options - ids[i]))]
    return ids, changed


def _space(encoder: Any, observation: str) -> Any:
    low = -1.0 if observation == "info_state" else 0.0  # payoffs of past hands may be < 0
    return gymnasium.spaces.Box(low, 1.0, (encoder.size,), np.float32)


class GolfoEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One game of El Golfo at a time for one learning seat; see the module documentation.

    ``reset(seed=s)`` starts game 0 of the run seeded ``s``; ``reset()`` after a game has
    ended starts the next game of the same run (1, 2, ...), and before, or with no run yet,
    a new run seeded from :attr:`np_random`.  So a seeded reset and the resets after it
    give the same games every time.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012
    """Gymnasium's metadata: ``render_mode="ansi"`` renders the learner's view as text."""

    def __init__(
        self,
        rules: str | golfo.Rules = "tradicional",
        players: int = 3,
        *,
        hands: int | None = 1,
        seat: int = 0,
        opponents: Opponents = "heuristic",
        observation: Literal["view", "info_state"] = "view",
        illegal: Literal["nearest", "raise"] = "nearest",
        max_hands: int = 100,
        render_mode: str | None = None,
    ) -> None:
        native = _native()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if illegal not in ("nearest", "raise"):
            raise ValueError(f"illegal must be 'nearest' or 'raise', got {illegal!r}")
        self.rules: Final = _rules(rules, hands)
        """The rules of every game."""
        self.players: Final = players
        """Seats at the table."""
        self.rules.check_players(players)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {seat!r}")
        self.seat: Final = seat
        """The learning seat."""
        self.opponents: Final = _table(players, seat, opponents)
        """The seats played in Rust, by seat."""
        self.illegal: Final = illegal
        """What an illegal id does: ``"nearest"`` or ``"raise"``."""
        self.render_mode = render_mode
        """``"ansi"`` or ``None``."""
        self._settings: dict[str, Any] = {
            "rules": self.rules,
            "players": players,
            "opponents": self.opponents,
            "observation": observation,
            "max_hands": max_hands,
        }
        probe = native.VecEnv(1, seed=0, **self._settings)
        self.codec: Final = probe.codec
        """The action ids (:class:`golfo.ext.codec.ActionCodec`)."""
        self.observation_space = _space(probe.encoder, observation)
        """``Box(0, 1, (size,), float32)`` (``Box(-1, 1, ...)`` for ``"info_state"``)."""
        self.action_space = gymnasium.spaces.Discrete(probe.num_actions)
        """``Discrete(num_actions)``: the codec's ids."""
        self._vec: Any = None
        self._obs: Any = None
        self._mask: Any = None
        self._ended = False

    def _info(self, mask: Any, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": mask.astype(np.int8), "illegal": illegal}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The first decision of a game (see the class on seeds)."""
        super().reset(seed=seed)
        if seed is not None or self._vec is None or not self._ended:
            run = int(seed) if seed is not None else int(self.np_random.integers(0, 2**63))
            self._vec = _native().VecEnv(1, seed=run % 2**64, **self._settings)
            obs, mask, _ = self._vec.reset()
            self._obs, self._mask = obs[0], mask[0]
        self._ended = False  # else the next game's first decision is waiting
        return self._obs.copy(), self._info(self._mask)

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id), then the opponents and chance until the learner is to
        act again or the game ends."""
        if self._vec is None or self._ended:
            raise RuntimeError("call reset() before step(), and after a game ends")
        ids = np.array([int(action)], dtype=np.int64)
        ids, changed = nearest_legal(ids, self._mask[None, :])
        if changed[0] and self.illegal == "raise":
            legal = tuple(int(i) for i in np.flatnonzero(self._mask))
            raise IllegalActionError(
                f"action id {int(action)} is not legal now; legal ids: {legal}",
                action=int(action),
                legal=legal,
            )
        obs, mask, _, rewards, done = self._vec.step(ids)
        self._obs, self._mask = obs[0], mask[0]
        reward = float(rewards[0, self.seat])
        if done[0]:
            self._ended = True
            empty = np.zeros_like(self._mask)
            return np.zeros_like(self._obs), reward, True, False, self._info(empty, changed[0])
        return self._obs.copy(), reward, False, False, self._info(self._mask, bool(changed[0]))

    @property
    def state(self) -> Any:
        """A copy of the game in play, as a ``golfo_native.NativeState`` (``to_state()``
        gives the ``golfo.State``); after the game's end, the next game."""
        if self._vec is None:
            raise RuntimeError("call reset() first")
        return self._vec.state(0)

    def render(self) -> str | None:
        """The learner's view as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self._vec is None:
            return ""
        return view_string(self.state.view_object(self.seat))


class GolfoVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], Any]):
    """``num_envs`` games of El Golfo stepped together for one learning seat per slot; see
    the module documentation.

    - ``learner``: the learning seat of every slot, or ``"rotate"``: slot ``i`` learns seat
      ``i % players`` (``num_envs >= players``).  Each learning seat has a ``VecEnv`` of its
      own, all with the run's seed, so game ``k`` is dealt the same cards whichever seat
      learns in it: duplicate-style, every deal is played from every seat.
    - Autoreset: Gymnasium's **same-step** mode (``metadata["autoreset_mode"]`` is
      ``AutoresetMode.SAME_STEP``), which is ``VecEnv``'s: in the step where a slot's game
      ends, ``terminations[i]`` is true, ``rewards[i]`` holds the game's last chips, and
      ``obs[i]`` is already the next game's first decision.  The finished game's last
      observation is all zeros (as :class:`GolfoEnv`'s); it is in ``infos["final_obs"]``
      (``infos["_final_obs"]`` marks the slots).
    - ``infos["action_mask"]`` (int8, ``num_envs x num_actions``), ``infos["seat"]`` (the
      learning seat of each slot) and ``infos["illegal"]``, each with its ``_`` mask.
    - ``reset(seed=s)``: slot ``i`` starts game ``i`` of the run seeded ``s`` and then takes
      the next game numbers as its games end; ``games=(p, P)`` makes game ``k`` number ``p
      + k * P``, so ``P`` processes share out one run (see ``golfo_native.VecEnv``).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012
    """Gymnasium's metadata: the autoreset mode, same-step."""

    def __init__(
        self,
        num_envs: int,
        rules: str | golfo.Rules = "tradicional",
        players: int = 3,
        *,
        hands: int | None = 1,
        learner: int | Literal["rotate"] = 0,
        opponents: Opponents = "heuristic",
        observation: Literal["view", "info_state"] = "view",
        illegal: Literal["nearest", "raise"] = "nearest",
        games: tuple[int, int] = (0, 1),
        max_hands: int = 100,
    ) -> None:
        native = _native()
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, got {num_envs!r}")
        if illegal not in ("nearest", "raise"):
            raise ValueError(f"illegal must be 'nearest' or 'raise', got {illegal!r}")
        self.rules: Final = _rules(rules, hands)
        """The rules of every game."""
        self.rules.check_players(players)
        self.players: Final = players
        """Seats at the table."""
        self.num_envs = num_envs
        """Games stepped together."""
        if learner == "rotate":
            if num_envs < players:
                raise ValueError(f"learner='rotate' needs num_envs >= players ({players})")
            seats = list(range(players))
        elif type(learner) is int and 0 <= learner < players:
            seats = [learner]
        else:
            raise ValueError(f"learner must be a seat 0..{players - 1} or 'rotate'")
        self.seats: Final = (
            np.arange(num_envs) % players if learner == "rotate" else np.full(num_envs, learner)
        )
        """The learning seat of each slot."""
        self.illegal: Final = illegal
        """What an illegal id does: ``"nearest"`` or ``"raise"``."""
        self._groups = [(s, np.flatnonzero(self.seats == s)) for s in seats]
        self._settings = [
            {
                "n": len(slots),
                "rules": self.rules,
                "players": players,
                "opponents": _table(players, s, opponents),
                "observation": observation,
                "games": games,
                "max_hands": max_hands,
            }
            for s, slots in self._groups
        ]
        self._make = native.VecEnv
        self._vecs: list[Any] = [self._make(seed=0, **kw) for kw in self._settings]
        probe = self._vecs[0]
        self.codec: Final = probe.codec
        """The action ids (:class:`golfo.ext.codec.ActionCodec`)."""
        self.single_observation_space = _space(probe.encoder, observation)
        """One slot's observation space, as :class:`GolfoEnv`'s."""
        self.single_action_space = gymnasium.spaces.Discrete(probe.num_actions)
        """One slot's action space, ``Discrete(num_actions)``."""
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        """``Box`` of ``num_envs x size``."""
        self.action_space = batch_space(self.single_action_space, num_envs)
        """``MultiDiscrete`` of ``num_envs`` ids."""
        self._size = probe.obs_size
        self._mask: Any = None
        self._all = np.ones(num_envs, dtype=np.bool_)

    def _gather(self, parts: list[tuple[Any, ...]]) -> tuple[Any, ...]:
        """The sub-environments' rows in slot order."""
        if len(parts) == 1:
            return parts[0]
        out = []
        for k, first in enumerate(parts[0]):
            whole = np.empty((self.num_envs, *first.shape[1:]), dtype=first.dtype)
            for (_, slots), part in zip(self._groups, parts, strict=True):
                whole[slots] = part[k]
            out.append(whole)
        return tuple(out)

    def _infos(self, mask: Any, illegal: Any) -> dict[str, Any]:
        return {
            "action_mask": mask.view(np.int8),
            "_action_mask": self._all.copy(),
            "seat": self.seats.copy(),
            "_seat": self._all.copy(),
            "illegal": illegal,
            "_illegal": self._all.copy(),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start every slot anew: slot ``i`` plays game ``i`` of the run seeded ``seed``
        (none: a run seeded from :attr:`np_random`)."""
        super().reset(seed=seed)
        run = int(seed) if seed is not None else int(self.np_random.integers(0, 2**63))
        self._vecs = [self._make(seed=run % 2**64, **kw) for kw in self._settings]
        obs, mask, _ = self._gather([v.reset() for v in self._vecs])
        self._mask = mask
        return obs, self._infos(mask, np.zeros(self.num_envs, dtype=np.bool_))

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play one id per slot; the next decisions, the learners' chips, the games that
        ended (already replaced by the next ones: same-step autoreset) and the infos."""
        if self._mask is None:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions, dtype=np.int64).reshape(-1)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions must be {self.num_envs} ids, got shape {ids.shape}")
        ids, changed = nearest_legal(ids, self._mask)
        if changed.any() and self.illegal == "raise":
            slot = int(np.flatnonzero(changed)[0])
            legal = tuple(int(i) for i in np.flatnonzero(self._mask[slot]))
            raise IllegalActionError(
                f"game {slot}: action id {int(np.asarray(actions).reshape(-1)[slot])} is "
                f"not legal now; legal ids: {legal}",
                action=int(np.asarray(actions).reshape(-1)[slot]),
                legal=legal,
            )
        parts = []
        for vec, (seat, slots) in zip(self._vecs, self._groups, strict=True):
            obs, mask, _, rewards, done = vec.step(ids[slots] if len(self._vecs) > 1 else ids)
            parts.append((obs, mask, rewards[:, seat].astype(np.float64), done))
        obs, mask, rewards, done = self._gather(parts)
        self._mask = mask
        infos = self._infos(mask, changed)
        if done.any():
            final = np.full(self.num_envs, None, dtype=object)
            ended = np.flatnonzero(done)
            final[ended] = list(np.zeros((len(ended), self._size), dtype=np.float32))
            infos.update({"final_obs": final, "_final_obs": done.copy()})
            infos.update({"final_info": {}, "_final_info": done.copy()})
        return obs, rewards, done, np.zeros(self.num_envs, dtype=np.bool_), infos

    def state(self, slot: int) -> Any:
        """A copy of slot ``slot``'s game, as a ``golfo_native.NativeState``."""
        for vec, (_, slots) in zip(self._vecs, self._groups, strict=True):
            where = np.flatnonzero(slots == slot)
            if len(where):
                return vec.state(int(where[0]))
        raise IndexError(f"no slot {slot} among {self.num_envs}")

    def game_numbers(self) -> list[int]:
        """The number of the game each slot plays (``golfo_native.VecEnv``'s numbering)."""
        numbers = [0] * self.num_envs
        for vec, (_, slots) in zip(self._vecs, self._groups, strict=True):
            for slot, number in zip(slots.tolist(), vec.game_numbers(), strict=True):
                numbers[slot] = number
        return numbers


gymnasium.register(
    id="golfo/Golfo-v0",
    entry_point="golfo.ext.gymnasium:GolfoEnv",
    vector_entry_point="golfo.ext.gymnasium:GolfoVectorEnv",
)
