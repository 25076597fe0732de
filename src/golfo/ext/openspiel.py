"""El Golfo as an OpenSpiel game (``pip install 'golfo[openspiel]'``).

Importing this module registers the Python game ``python_golfo``:

>>> import pyspiel
>>> import golfo.ext.openspiel
>>> game = pyspiel.load_game("python_golfo")
>>> str(game)
'python_golfo(ante=-1,bet_sizes=preset,betting=exact,...,rules=tradicional,...)'
>>> game.num_players(), game.max_chance_outcomes(), game.max_game_length()
(3, 28, 315)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 28)

Parameters: ``players`` (one of the rules' table sizes), ``hands`` (hands in a
game, default 1), ``rules`` (a preset: ``"tradicional"``, ``"ludoteka"``, ``"mini"``
or ``"mediano"``; the game lasts exactly ``hands`` hands, with no extra hands on a
tie), ``betting`` (``"exact"`` or ``"abstract"``: see :mod:`golfo.ext.codec`), and
one parameter per setting of :class:`golfo.Rules` that changes the preset's
(:data:`SETTINGS`; :func:`params_for` writes them all for any rules):

>>> params = params_for(golfo.MINI, players=2)
>>> params["ranks"], params["suits"], params["bet_sizes"], params["max_raises"]
('8/9', 'O/C', '1/1/2/2', 0)
>>> pyspiel.load_game("python_golfo", params).rules == golfo.MINI
True

- Chance deals each card as its own node, uniform over the stock; outcome ids
  are card indices (``max_chance_outcomes`` is 28).
- Actions are :class:`golfo.ext.codec.ActionCodec` ids; NextHand is applied by
  the game between hands.
- Information states: :func:`golfo.ext.features.info_state_string` (the
  seat's redacted history of the whole game: perfect recall) and a tensor of
  the seat's view with a per-round betting summary; observations: the seat's
  :class:`golfo.View` now (:func:`golfo.ext.features.view_string` and
  :class:`golfo.ext.features.ObservationEncoder`).
- ``resample_from_infostate`` redeals every card the player has not seen
  (:func:`golfo.analysis.resample`), so OpenSpiel's ``ISMCTSBot`` plays golfo.
- Returns are zero until the end, then each seat's net result in chips (R18);
  they sum to zero.  ``max_game_length`` is :func:`golfo.ext.codec.max_moves`.
- A state holds the immutable :class:`golfo.State` and shares it when cloned;
  it pickles as the list of actions, replayed when loaded.
- ``engine``: ``"auto"`` (the default) plays on golfo-native's Rust engine when it is
  installed (``pip install ./native``) and ``betting="exact"``, on golfo's reducer
  otherwise; ``"python"`` or ``"native"`` choose.  Both give the same legal actions,
  strings, tensors and returns; on the native engine a state holds a
  ``golfo_native.NativeState`` (copied when cloned), the tensors and information-state
  strings are made in Rust, and ``golfo_state`` is made from it when read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python import policy as os_policy

import golfo
from golfo.analysis.determinize import resampled_actions
from golfo.errors import CodecError, RulesError
from golfo.ext._native import adapter_engine, describe, nets
from golfo.ext.codec import (
    NUM_CHANCE_OUTCOMES,
    ActionCodec,
    chance_ids,
    chance_string,
    decode_chance,
    max_chance_nodes,
    max_loss,
    max_moves,
)
from golfo.ext.features import ObservationEncoder, event_string, info_state_string, view_string
from golfo.rules import PRESETS
from golfo.solve.policy import Policy, TabularPolicy, distribution
from golfo.solve.tree import action_token, info_key
from golfo.state import log_entries

__all__ = [
    "GAME_TYPE",
    "PRESETS",
    "SETTINGS",
    "GolfoGame",
    "GolfoObserver",
    "GolfoPolicy",
    "GolfoState",
    "from_openspiel",
    "params_for",
    "rules_for",
    "rules_from_params",
    "to_openspiel",
]

SHORT_NAME: Final = "python_golfo"
SETTINGS: Final[dict[str, Any]] = {
    "ante": -1,
    "min_open": -1,
    "min_raise": -1,
    "starting_stack": -1,
    "round_caps": "preset",
    "discards_face_up": -1,
    "deal_in_pairs": -1,
    "rebuy": -1,
    "ranks": "preset",
    "suits": "preset",
    "deal_sizes": "preset",
    "discard_rounds": -1,
    "betting_rounds": "preset",
    "cards_counted": -1,
    "bet_sizes": "preset",
    "max_raises": -1,
    "table_sizes": "preset",
}
"""The parameters that change a setting of the preset, and their defaults: ``-1`` or
``"preset"``, the preset's value.  Numbers are ints (``ante=2``); flags are ints, 0 or 1;
sequences are strings with ``/`` between the items (``ranks="7/8/9"``, ``suits="O/C"``,
``round_caps="25/50/75/100"``), ``"none"`` for ``round_caps`` and ``bet_sizes`` of
``None``; ``max_raises=-2`` is ``None`` (no limit)."""
_FLAGS: Final = ("discards_face_up", "deal_in_pairs", "rebuy")
_NO_LIMIT: Final = -2
_DEFAULTS: Final[dict[str, Any]] = {
    "players": 3,
    "hands": 1,
    "rules": "tradicional",
    "betting": "exact",
    "engine": "auto",
    **SETTINGS,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="El Golfo (golfo)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    # El Golfo's, the default rules': a variant with two in its table_sizes loads players=2
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
    default_loadable=True,
    provides_factored_observation_string=False,
)
"""The game's type; its parameters are flat (int and str) as OpenSpiel requires."""


def rules_for(name: str, hands: int, **settings: Any) -> golfo.Rules:
    """The preset ``name`` for a game of exactly ``hands`` hands, with ``settings`` (fields of
    :class:`golfo.Rules`) changed; :class:`golfo.RulesError` for rules that cannot be."""
    if name not in PRESETS:
        raise RulesError(f"rules must be one of {sorted(PRESETS)}, got {name!r}")
    if hands < 1:
        raise RulesError(f"hands must be >= 1, got {hands}")
    return attrs.evolve(PRESETS[name], hands=hands, extra_hands_on_tie=False, **settings)


def _sequence(name: str, text: str) -> tuple[Any, ...] | None:
    """A sequence parameter's value (see :data:`SETTINGS`)."""
    if text == "none" and name in ("round_caps", "bet_sizes"):
        return None
    items = text.split("/")
    try:
        if name == "suits":
            return tuple(golfo.Suit(item) for item in items)
        return tuple(int(item) for item in items)
    except ValueError:
        raise RulesError(f"{name} must be items separated by '/', got {text!r}") from None


def rules_from_params(params: dict[str, Any]) -> golfo.Rules:
    """The rules that the game parameters ``params`` name (missing ones: the defaults)."""
    given = {**_DEFAULTS, **params}
    settings: dict[str, Any] = {}
    for name, default in SETTINGS.items():
        value = given[name]
        if value == default:
            continue
        if name in _FLAGS:
            if value not in (0, 1):
                raise RulesError(f"{name} must be 0 or 1 (-1: the preset's), got {value!r}")
            settings[name] = bool(value)
        elif name == "max_raises" and value == _NO_LIMIT:
            settings[name] = None
        elif isinstance(default, str):
            settings[name] = _sequence(name, str(value))
        else:
            settings[name] = value
    return rules_for(str(given["rules"]), int(given["hands"]), **settings)


def params_for(rules: golfo.Rules, players: int, *, betting: str = "exact") -> dict[str, Any]:
    """The game parameters of ``rules`` at a table of ``players``: every setting written out.
    A game lasts ``rules.hands`` hands (1 when open-ended), without extra hands on a tie."""

    def joined(items: tuple[Any, ...] | None) -> str:
        if items is None:
            return "none"
        return "/".join(str(i.value if isinstance(i, golfo.Suit) else i) for i in items)

    params: dict[str, Any] = {
        "players": players,
        "hands": rules.hands or 1,
        "rules": "tradicional",
        "betting": betting,
    }
    for name, default in SETTINGS.items():
        value = getattr(rules, name)
        if name in _FLAGS:
            params[name] = int(value)
        elif name == "max_raises":
            params[name] = _NO_LIMIT if value is None else value
        elif isinstance(default, str):
            params[name] = joined(value)
        else:
            params[name] = value
    return params


class GolfoGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; load it with ``pyspiel.load_game("python_golfo", {...})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        players = int(given["players"])
        rules = rules_from_params(given)
        rules.check_players(players)
        codec = ActionCodec.for_rules(rules, players, given["betting"])
        loss = max_loss(rules, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_distinct_actions,
            max_chance_outcomes=NUM_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=float(-loss),
            max_utility=float((players - 1) * loss),
            utility_sum=0.0,
            max_game_length=max_moves(rules, players),
        )
        super().__init__(GAME_TYPE, info, params or {})
        self.rules: Final = rules
        """The rules of the game."""
        self.players: Final = players
        """Seats at the table."""
        self.codec: Final = codec
        """The action ids (:class:`golfo.ext.codec.ActionCodec`)."""
        self.initial: Final = golfo.new_game(rules, players=players)
        """The golfo state a new game starts from."""
        self.engine: Final = adapter_engine(str(given["engine"]), given["betting"])
        """The engine states are played on: ``"python"`` or ``"native"`` (golfo-native)."""

    def new_initial_state(self) -> GolfoState:
        """A new game: the first deal pending."""
        return GolfoState(self)

    def max_chance_nodes_in_history(self) -> int:
        """At most 28 cards dealt per hand."""
        return max_chance_nodes(self.rules, self.players)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GolfoObserver:
        """The observer OpenSpiel asks for (see :class:`GolfoObserver`)."""
        return GolfoObserver(
            self,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


def _replay(
    rules: golfo.Rules,
    players: int,
    dealer: int,
    stacks: tuple[int, ...],
    actions: Sequence[golfo.Action],
) -> _Shared:
    state = golfo.new_game(rules, players=players, dealer=dealer, stacks=stacks)
    for action in actions:
        state = golfo.apply(state, action)
    return _Shared(state)


class _Shared:
    """Holds an immutable :class:`golfo.State`: shared by clones, pickled as its actions."""

    __slots__ = ("state",)

    def __init__(self, state: golfo.State) -> None:
        self.state: Final = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.state
        return (_replay, (s.rules, s.players, s.first_dealer, s.initial_stacks, s.history))


def _replay_native(
    rules: golfo.Rules,
    players: int,
    dealer: int,
    stacks: tuple[int, ...],
    actions: Sequence[golfo.Action],
) -> _Native:
    import golfo_native

    game = golfo_native.NativeState.new_game(rules, players, dealer, stacks)
    for action in actions:
        game.play(action)
    return _Native(game)


class _Native:
    """Holds a ``golfo_native.NativeState`` (changed in place; copied by clones), and the
    :class:`golfo.State` made from it once read; pickled as its actions."""

    __slots__ = ("_state", "game")

    def __init__(self, game: Any, state: golfo.State | None = None) -> None:
        self.game: Final[Any] = game
        self._state = state

    @property
    def state(self) -> golfo.State:
        if self._state is None:
            self._state = self.game.to_state()
        assert self._state is not None
        return self._state

    def changed(self) -> None:
        self._state = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Native:
        return _Native(self.game.copy(), self._state)

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.state
        return (_replay_native, (s.rules, s.players, s.first_dealer, s.initial_stacks, s.history))


class GolfoState(pyspiel.State):  # type: ignore[misc]
    """One state of ``python_golfo``: a thin wrapper around a :class:`golfo.State` (or, on
    the native engine, a ``golfo_native.NativeState``)."""

    def __init__(self, game: GolfoGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.initial)
        self._native: _Native | None = None
        if game.engine == "native":
            import golfo_native

            self._native = _Native(golfo_native.NativeState.new_game(game.rules, game.players))
        self._codec = game.codec

    @property
    def golfo_state(self) -> golfo.State:
        """The golfo state."""
        if self._native is not None:
            return self._native.state
        return self._shared.state

    @property
    def native_state(self) -> Any:
        """The ``golfo_native.NativeState`` on the native engine (``None`` on golfo's): the
        game itself, not a copy."""
        return None if self._native is None else self._native.game

    def current_player(self) -> int:
        """The seat to act, chance, or terminal."""
        s = self._shared.state if self._native is None else self._native.game
        if s.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        to_act = s.to_act
        if to_act is golfo.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        assert isinstance(to_act, int)
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        if self._native is not None:
            ids: list[int] = self._native.game.legal_ids()
            return ids
        return list(self._codec.legal_ids(self._shared.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card in the stock, equally likely."""
        if self._native is not None:
            ids: Sequence[int] = self._native.game.legal_ids()  # chance: the stock's cards
        else:
            ids = chance_ids(self._shared.state)
        p = 1.0 / len(ids)
        return [(i, p) for i in ids]

    def _apply_action(self, action: int) -> None:
        if self._native is not None:
            game = self._native.game
            game.apply_id(action)
            if game.phase is golfo.Phase.BETWEEN_HANDS:
                game.play(golfo.NextHand())
            self._native.changed()
            return
        s = self._shared.state
        if s.to_act is golfo.CHANCE:
            s = golfo.apply(s, decode_chance(action))
        else:
            s = golfo.apply(s, self._codec.decode(s, action))
        if s.phase is golfo.Phase.BETWEEN_HANDS:
            s = golfo.apply(s, golfo.NextHand())
        self._shared = _Shared(s)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return chance_string(action)
        if self._native is not None:
            return describe(self._codec, self._native.game, action)
        return self._codec.describe(self._shared.state, action)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GolfoState:
        """A state with ``player_id``'s information state, every card it has not seen
        placed at random (as :func:`golfo.analysis.resample`); what IS-MCTS searches.

        ``probability_sampler()`` (OpenSpiel's, a uniform number in [0, 1)) seeds the
        shuffle, so OpenSpiel's own random state decides it.
        """
        seed = int(probability_sampler() * (1 << 53))
        actions = resampled_actions(self.golfo_state, player_id, random.Random(seed))
        other = GolfoState(self.get_game())
        for action in actions:  # applied by id, so that OpenSpiel's history is kept too
            match action:
                case golfo.NextHand():
                    continue  # the game applies it itself
                case golfo.Deal(card=card):
                    other.apply_action(card.index)
                case _:
                    other.apply_action(self._codec.encode(other.golfo_state, action))
        return other

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        if self._native is not None:
            over: bool = self._native.game.is_over
            return over
        return self._shared.state.is_over

    def returns(self) -> list[float]:
        """Each seat's net result (R18) at the end, 0 before."""
        if not self.is_terminal():
            return [0.0] * self.num_players()
        return [float(net) for net in nets(self.golfo_state)]

    def __str__(self) -> str:
        s = self.golfo_state
        to_act = "chance" if s.to_act is golfo.CHANCE else str(s.to_act)
        hands = " ".join(f"{seat}:{''.join(map(str, h)) or '-'}" for seat, h in enumerate(s.hands))
        moves = [_token(action, actor) for action, actor in log_entries(s.log)]
        return (
            f"hand {s.hand_number} {s.phase.name} to act {to_act} | hands {hands} | "
            f"stacks {list(s.stacks)} committed {list(s.committed)} | " + " ".join(reversed(moves))
        )


def _token(action: golfo.Action, actor: int | None) -> str:
    """A short token per action of the full (unredacted) history."""
    match action:
        case golfo.Deal(card=card):
            return f"{actor}<{card}"
        case golfo.Discard(seat=seat, cards=cards):
            return f"x{seat}:" + ("".join(str(c) for c in sorted(cards)) or "-")
    return event_string(action)


class GolfoObserver:
    """Observations and information states of ``python_golfo`` for one observation type.

    Built by OpenSpiel through :meth:`GolfoGame.make_py_observer`; public-only
    observers use a spectator's view, private-only ones the seat's cards.
    """

    def __init__(self, game: GolfoGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of all players' private information are not supported")
        self.private: Final = private
        """Whether it observes the seat's own cards."""
        self.public: Final = bool(iig_obs_type.public_info)
        """Whether it observes the public facts."""
        self.perfect_recall: Final = bool(iig_obs_type.perfect_recall)
        """Whether it observes the whole history (the information state)."""
        self.encoder: Final = ObservationEncoder(
            game.rules,
            game.players,
            private=private,
            public=self.public,
            history=self.perfect_recall,
        )
        """The vectors' layout."""
        self._native_encoder: Any = None
        if game.engine == "native":
            import golfo_native

            self._native_encoder = golfo_native.NativeEncoder(
                game.rules,
                game.players,
                private=private,
                public=self.public,
                history=self.perfect_recall,
            )
        self.tensor: npt.NDArray[np.float32] = np.zeros(self.encoder.size, np.float32)
        """The observation vector, filled by :meth:`set_from`."""
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[piece] for name, piece in self.encoder.slices.items()
        }
        """The pieces of :attr:`tensor`, by name."""

    def _view(self, state: GolfoState, player: int) -> golfo.View:
        seat = player if self.private else None
        native = state.native_state
        if native is not None:
            view: golfo.View = native.view_object(seat)
            return view
        return golfo.view(state.golfo_state, seat)

    def set_from(self, state: GolfoState, player: int) -> None:
        """Fill :attr:`tensor` for ``player`` in ``state``."""
        native = state.native_state
        if native is not None:
            self._native_encoder.encode_into(native, player if self.private else None, self.tensor)
            return
        self.tensor[:] = self.encoder.encode(self._view(state, player))

    def string_from(self, state: GolfoState, player: int) -> str:
        """The observation string of ``player`` in ``state``."""
        if not self.public:
            if not self.private:
                return ""
            return f"p{player} cards {state.golfo_state.hands[player] or '-'}"
        if self.perfect_recall:
            seat = player if self.private else None
            native = state.native_state
            if native is not None:
                from golfo_native._vecenv import info_state_string as native_string

                return native_string(native, seat)
            return info_state_string(state.golfo_state, seat)
        return view_string(self._view(state, player))


# ---------------------------------------------------------------------------
# policies: golfo's (golfo.solve) and OpenSpiel's


def _exact(game: GolfoGame) -> ActionCodec:
    if game.codec.mode != "exact":
        raise CodecError("policies convert in betting=exact only, where every action has an id")
    return game.codec


class GolfoPolicy(os_policy.Policy):  # type: ignore[misc]
    """An OpenSpiel policy that plays a golfo policy (:mod:`golfo.solve.policy`: a bot with
    ``probabilities``, a :class:`golfo.solve.TabularPolicy`, a function of a view; or a
    sequence of one per seat), so that OpenSpiel's algorithms measure golfo's bots:

    >>> from open_spiel.python.algorithms import exploitability
    >>> game = pyspiel.load_game("python_golfo", params_for(golfo.MINI, players=2))
    >>> round(float(exploitability.nash_conv(game, GolfoPolicy(game, golfo.EquityBot()))), 6)
    1.166667

    The probabilities come from each seat's view and are checked
    (:func:`golfo.solve.distribution`); ``betting`` must be ``"exact"``.
    """

    def __init__(self, game: GolfoGame, policy: Policy | Sequence[Policy]) -> None:
        super().__init__(game, list(range(game.num_players())))
        self._codec: Final = _exact(game)
        self.policy: Final = policy
        """The golfo policy it plays."""

    def action_probabilities(self, state: GolfoState, player_id: int | None = None) -> Any:
        """``{action id: probability}`` over the legal actions of the seat to act."""
        s = state.golfo_state
        seat = state.current_player() if player_id is None else player_id
        policy = self.policy[seat] if isinstance(self.policy, Sequence) else self.policy
        given = distribution(policy, golfo.view(s, seat))
        return {self._codec.encode(s, a): p for a, p in given.items()}


def to_openspiel(game: GolfoGame, policy: Policy | Sequence[Policy]) -> Any:
    """An OpenSpiel ``TabularPolicy`` of ``game`` holding a golfo policy's distributions at
    every information state (OpenSpiel enumerates them: small variants only)."""
    return os_policy.tabular_policy_from_callable(game, GolfoPolicy(game, policy))


def from_openspiel(game: GolfoGame, policy: Any) -> TabularPolicy:
    """A golfo :class:`golfo.solve.TabularPolicy` holding an OpenSpiel policy of ``game``
    (one hand: ``hands=1``) at every information state; keys are
    :func:`golfo.solve.info_key`, the same strings as OpenSpiel's information states.

    >>> game = pyspiel.load_game("python_golfo", params_for(golfo.MINI, players=2))
    >>> back = from_openspiel(game, os_policy.UniformRandomPolicy(game))
    >>> len(back), back.rules == golfo.MINI, back.table["p1 d1:8O d0"]
    (700, True, {'p1': 0.5, 'b1:1': 0.5})
    """
    codec = _exact(game)
    if game.rules.hands != 1:
        raise RulesError("a golfo TabularPolicy is of one hand: load the game with hands=1")
    if isinstance(policy, os_policy.TabularPolicy):
        states = policy.states
    else:
        states = list(os_policy.get_tabular_policy_states(game).values())
    table: dict[str, dict[str, float]] = {}
    for state in states:
        s = state.golfo_state
        seat = state.current_player()
        key = info_key(golfo.view(s, seat))
        if key in table:
            continue
        probs = policy.action_probabilities(state, seat)
        table[key] = {
            action_token(a): float(probs.get(codec.encode(s, a), 0.0))
            for a in golfo.legal_actions(s)
        }
    return TabularPolicy(game.rules, game.num_players(), table)


pyspiel.register_game(GAME_TYPE, GolfoGame)
