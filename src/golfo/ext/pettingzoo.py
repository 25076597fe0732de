"""A PettingZoo AEC environment for El Golfo (``pip install 'golfo[pettingzoo]'``).

The module follows PettingZoo's convention: :func:`env` gives the wrapped
environment, :class:`raw_env` the bare one.  Agents ``player_0``.. are the
seats; an episode is one hand (``hands=1``, the default) or a game of
``hands`` hands, NextHand being applied by the environment between hands.

- Rules: any :class:`golfo.Rules`, El Golfo's or a variant's (:data:`golfo.MINI`,
  :data:`golfo.MEDIANO`, ``docs/rules.md``), at any table size they allow (2..4);
  the action ids and the observation's length follow from them (the deck, the hand
  size, the discard rounds); El Golfo's own (``tradicional``, ``ludoteka``, any stakes)
  keep their 28-card, five-card-hand layout.
- Actions: ``Discrete(codec.num_distinct_actions)``, ids of
  :class:`golfo.ext.codec.ActionCodec` (``betting="exact"``: id = chips, or
  ``"abstract"``: a few pot-sized bets).
- Observations: ``{"observation": float32 vector, "action_mask": int8 vector}``;
  the vector comes from the seat's :class:`golfo.View` only
  (:class:`golfo.ext.features.ObservationEncoder`); the mask is all zeros
  unless the agent is to act.
- Rewards: zero until the episode ends, then each seat's net result in chips
  (R18: stack less everything it was given), or in starting stacks with
  ``normalize=True``.  They sum to zero.
- Chance: ``reset(seed=s)`` deals hand ``h`` from ``golfo.shuffled_deck(s + h - 1)``
  (the same cards as any golfo tool given that seed); ``reset()`` without a
  seed draws the next seed from a generator seeded by the last seed given.
- Engine: ``engine="auto"`` (the default) plays on golfo-native's Rust engine when it is
  installed (``pip install ./native``) and ``betting="exact"``, on golfo's reducer
  otherwise; ``"python"`` or ``"native"`` choose.  Both give the same observations,
  masks and rewards, bit for bit; on the native engine the vectors and masks are made
  in Rust (``golfo_native.NativeEncoder``, ``NativeState.legal_ids``).

>>> from golfo.ext.pettingzoo import env
>>> e = env(players=3)
>>> e.reset(seed=7)
>>> e.agent_selection
'player_1'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].dtype, obs["action_mask"].dtype, int(obs["action_mask"].sum())
(dtype('float32'), dtype('int8'), 100)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import golfo
from golfo.ext._native import adapter_engine, deal_from, nets
from golfo.ext.codec import ActionCodec
from golfo.ext.features import ObservationEncoder, view_string
from golfo.rules import PRESETS
from golfo.shuffle import SEED_LIMIT

__all__ = ["PRESETS", "env", "raw_env"]


def make_rules(rules: str | golfo.Rules, hands: int) -> golfo.Rules:
    """``rules`` (a preset name or :class:`golfo.Rules`) for a game of exactly ``hands`` hands."""
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"rules must be one of {', '.join(PRESETS)} or a Rules, got {rules!r}")
        base = PRESETS[rules]
    else:
        base = rules
    if type(hands) is not int or hands < 1:
        raise ValueError(f"hands must be a whole number >= 1, got {hands!r}")
    return attrs.evolve(base, hands=hands, extra_hands_on_tie=False)


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (what training code should use)."""
    e: Any = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name
    """El Golfo as a PettingZoo AEC environment; see the module documentation."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "golfo_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    """PettingZoo's metadata: the render modes and the environment's name."""

    def __init__(
        self,
        players: int = 3,
        hands: int = 1,
        rules: str | golfo.Rules = "tradicional",
        betting: Literal["exact", "abstract"] = "exact",
        normalize: bool = False,
        render_mode: str | None = None,
        engine: Literal["auto", "python", "native"] = "auto",
    ) -> None:
        EzPickle.__init__(self, players, hands, rules, betting, normalize, render_mode, engine)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        """``"human"``, ``"ansi"`` or ``None``."""
        self.rules = make_rules(rules, hands)
        """The rules of the game (a fixed number of hands)."""
        self.players = players
        """Seats at the table."""
        self.codec = ActionCodec.for_rules(self.rules, players, betting)
        """The action ids (:class:`golfo.ext.codec.ActionCodec`)."""
        self.encoder = ObservationEncoder(self.rules, players)
        """The observation vectors (:class:`golfo.ext.features.ObservationEncoder`)."""
        self.engine: Literal["python", "native"] = adapter_engine(engine, betting)
        """The engine the game is played on: ``"python"`` (golfo's reducer) or ``"native"``
        (golfo-native; see the module documentation)."""
        self._native_encoder: Any = None
        if self.engine == "native":
            import golfo_native

            self._native_encoder = golfo_native.NativeEncoder(self.rules, players)
        self.reward_unit = float(self.rules.starting_stack) if normalize else 1.0
        """Rewards are net chips divided by this (the starting stack with ``normalize``)."""
        self.possible_agents = [f"player_{i}" for i in range(players)]
        """The agents, one per seat: ``player_0`` ..."""
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        """Agent name to seat."""
        n = self.codec.num_distinct_actions
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        """Per agent, the discrete space of the codec's ids."""
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        """Per agent, the observation vector and the action mask."""
        self._rng = np.random.default_rng()
        self._state: golfo.State | None = golfo.new_game(self.rules, players=players)
        self._native: Any = None  # the golfo_native.NativeState on the native engine
        self._seed = 0
        self._deck: Sequence[golfo.Card] = golfo.DECK
        if self.engine == "native":
            self.game = golfo.new_game(self.rules, players=players)

    @property
    def game(self) -> golfo.State:
        """The golfo state of the episode (on the native engine, made from the native
        state when read; assigning one replaces the game)."""
        if self._state is None:
            self._state = self._native.to_state()
        assert self._state is not None
        return self._state

    @game.setter
    def game(self, state: golfo.State) -> None:
        self._state = state
        if self.engine == "native":
            import golfo_native

            self._native = golfo_native.NativeState.from_state(state)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes its deals reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._seed = int(seed) % SEED_LIMIT
        else:
            self._seed = int(self._rng.integers(0, 2**63))
        if self._native is not None:
            self._native = type(self._native).new_game(self.rules, self.players)
            self._state = None
        else:
            self.game = golfo.new_game(self.rules, players=self.players)
        self._deck = golfo.shuffled_deck(self._seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()
        self.agent_selection = self._selected()

    def _advance(self) -> None:
        """Deal cards and start hands until a seat is to act or the game is over."""
        if self._native is not None:
            self._advance_native()
            return
        state = self.game
        while True:
            if state.to_act is golfo.CHANCE:
                state = golfo.deal_from(state, self._deck)
            elif state.phase is golfo.Phase.BETWEEN_HANDS:
                state = golfo.apply(state, golfo.NextHand())
                seed = (self._seed + state.hand_number - 1) % SEED_LIMIT
                self._deck = golfo.shuffled_deck(seed)
            else:
                break
        self.game = state

    def _advance_native(self) -> None:
        game = self._native
        self._state = None  # made again from the native game when read
        while True:
            if game.to_act is golfo.CHANCE:
                deal_from(game, self._deck)
            elif game.phase is golfo.Phase.BETWEEN_HANDS:
                game.play(golfo.NextHand())
                seed = (self._seed + len(game.results)) % SEED_LIMIT  # the new hand's number - 1
                self._deck = golfo.shuffled_deck(seed)
            else:
                break

    def _to_act(self) -> int | golfo.Chance | None:
        return self._native.to_act if self._native is not None else self.game.to_act

    def _selected(self) -> str:
        seat = self._to_act()
        if isinstance(seat, int):
            return self.possible_agents[seat]
        current: str = getattr(self, "agent_selection", self.possible_agents[0])
        return current

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (a codec id); chance deals on its own."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        if self._to_act() != seat:  # pragma: no cover - agent_selection is always to act
            raise RuntimeError(f"{agent} is not to act")
        native = self._native
        if native is not None:
            native.apply_id(int(action))
            self._state = None
        else:
            self.game = golfo.apply(self.game, self.codec.decode(self.game, int(action)))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance()
        over = native.is_over if native is not None else self.game.is_over
        if over:
            for s, net in enumerate(nets(self.game)):  # R18, as golfo.standings' rows
                self.rewards[self.possible_agents[s]] = net / self.reward_unit
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- observations ---------------------------------------------------------

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation (from its view only) and its action mask."""
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.codec.num_distinct_actions, dtype=np.int8)
        native = self._native
        if native is not None:
            vec = np.empty(self.encoder.size, dtype=np.float32)
            self._native_encoder.encode_into(native, seat, vec)
            if native.to_act == seat:
                mask[native.legal_ids()] = 1
            return {"observation": vec, "action_mask": mask}
        vec = np.asarray(self.encoder.encode(golfo.view(self.game, seat)), dtype=np.float32)
        if self.game.to_act == seat:
            mask[list(self.codec.legal_ids(self.game))] = 1
        return {"observation": vec, "action_mask": mask}

    # -- rendering -----------------------------------------------------------

    def _text(self) -> str:
        state = self.game
        lines = [view_string(golfo.view(state, None))]
        for seat in range(self.players):
            hand = state.hands[seat]
            lines.append(f"  player_{seat}: {hand or '-'}")
        return "\n".join(lines)

    def render(self) -> str | None:
        """The table as text (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = self._text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
        pass
