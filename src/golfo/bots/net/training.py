"""How :class:`golfo.NetBot`'s network is trained: policy gradient on golfo-native's
vector environment, against copies of itself, a league of its past selves and golfo's
other bots, from nothing, with one seeded command (``golfo train``).

Needs NumPy and golfo-native (``pip install 'golfo[analysis]' ./native``).

**The games.** One hand from fresh stacks (what a duplicate tournament deals) of each table
in :data:`TABLES`: Ludoteka's rules and the traditional rules, three and four seats.
Every game is one ``golfo_native.VecEnv(observation="net")`` slot: the network's
features in (:mod:`golfo.bots.net.features`), a menu entry out.

**The opponents.** Each table has environments of four kinds, stepped together:

- *self-play*: every seat learns (the same network at every seat);
- *league*: one seat learns, the others are past versions of the network (snapshots taken
  every ``snapshot_every`` updates), played inside Rust, drawn afresh for every seat at
  every ``snapshot_every`` updates, the latest ones and older ones alike (fictitious
  play: the network must do well against its whole history, not only its last self);
- *heuristic*, *range*: one seat learns against golfo's :class:`golfo.HeuristicBot` or
  :class:`golfo.RangeBot`, played inside Rust.

**The learning.** REINFORCE with a value baseline, as ``examples/train_pg.py``: a
decision's return is the chips its seat won or lost in the hand, over the table's scale
(ten antes); its advantage the return less the value head's estimate, normalised per
table and kind; one Adam step per rollout on the policy loss, the value's squared error
and an entropy bonus.  Everything is seeded: the same seed and budget give the same
network.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from golfo.bots.net.features import MENU, SIZE
from golfo.bots.net.network import Layer, Network
from golfo.rules import LUDOTEKA, TRADICIONAL, Rules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float32]

__all__ = ["TABLES", "Config", "Trainer", "train"]

TABLES: Final = (
    (attrs.evolve(LUDOTEKA, hands=1, starting_stack=LUDOTEKA.starting_stack), 3),
    (attrs.evolve(LUDOTEKA, hands=1, starting_stack=LUDOTEKA.starting_stack), 4),
    (attrs.evolve(TRADICIONAL, hands=1), 3),
    (attrs.evolve(TRADICIONAL, hands=1), 4),
)
"""The games it learns: one hand of each preset from its fresh stacks, 3 and 4 seats."""


@attrs.frozen
class Config:
    """A training run's settings (the defaults train golfo's network)."""

    decisions: int = 75_000_000
    """Learning decisions in all (whole rollouts)."""
    seed: int = 0
    """Seeds the games, the first weights and the sampled moves."""
    hidden: tuple[int, ...] = (128, 64)
    """The hidden layers' widths."""
    tables: tuple[tuple[Rules, int], ...] = TABLES
    """The games: ``(rules, players)``."""
    kinds: tuple[tuple[str, int, int], ...] = (
        ("self", 2, 128),
        ("league", 1, 128),
        ("exploiters", 2, 128),
        ("heuristic", 1, 128),
        ("equity", 1, 32),
        ("range", 1, 32),
    )
    """The environments of each table: a kind (``self``, ``league``, ``exploiters``,
    ``heuristic``, ``equity``, ``range``), how many of it, and the games of each (the
    equity bots cost a hundred times more a decision: fewer games keep rollouts quick)."""
    steps: int = 16
    """Steps of every environment per rollout (one update)."""
    rate: float = 1e-3
    """Adam's step size."""
    entropy: float = 0.01
    """The entropy bonus's weight."""
    value_cost: float = 0.5
    """The value loss's weight."""
    snapshot_every: int = 25
    """Updates between snapshots (and between new draws of the league's opponents)."""
    league: int = 40
    """The most snapshots kept (the oldest beyond this are dropped, the first kept)."""
    exploit_every: int = 100
    """Updates between exploiters (0: none).  Every so often a fresh network is trained
    against the current one alone (the exploiter's recipe, :data:`EXPLOITER`, for
    ``exploit_updates`` updates) and joins the pool that the ``exploiters`` kind of
    environment draws from: the network then plays, at one seat, an exploiter of itself
    at another and its latest snapshot at the rest, the table the exploiter learned at.
    A league of best responses (as PSRO's and AlphaStar's): whatever leak an exploiter
    finds, the network is trained against at once."""
    exploit_updates: int = 150
    """Updates of each exploiter's training."""
    balance: bool = True
    """Whether every environment group (a table and a kind) weighs the same in an update,
    however many decisions it gave (the equity bots' few games as much as self-play's
    many); otherwise every decision weighs the same."""
    target: Any = None
    """The opponents of the ``target`` kind of environment: a built-in policy's name or a
    :class:`~golfo.bots.net.network.Network` (the exploiter's recipe trains against
    it alone: :func:`exploiter`)."""

    def to_data(self) -> dict[str, Any]:
        """The settings as JSON data (for the network's ``meta``)."""
        return {
            "decisions": self.decisions,
            "seed": self.seed,
            "hidden": list(self.hidden),
            "tables": [[repr(r), p] for r, p in self.tables],
            "kinds": [list(k) for k in self.kinds],
            "steps": self.steps,
            "rate": self.rate,
            "entropy": self.entropy,
            "value_cost": self.value_cost,
            "snapshot_every": self.snapshot_every,
            "league": self.league,
            "balance": self.balance,
            "exploit_every": self.exploit_every,
            "exploit_updates": self.exploit_updates,
            "target": self.target if isinstance(self.target, str | None) else "a network",
        }


class _Net:
    """The network in NumPy (float32): ReLU layers, the menu's logits and a value head."""

    def __init__(self, sizes: Sequence[int], rng: np.random.Generator) -> None:
        import numpy as np

        self.w: list[Floats] = []
        self.b: list[Floats] = []
        for n_in, n_out in itertools.pairwise(sizes):
            self.w.append(
                (rng.standard_normal((n_in, n_out)) * math.sqrt(2.0 / n_in)).astype(np.float32)
            )
            self.b.append(np.zeros(n_out, np.float32))
        self.w[-1] *= 0.01  # a near-uniform policy to start
        self.wv = np.zeros((sizes[-2], 1), np.float32)
        self.bv = np.zeros(1, np.float32)

    def params(self) -> list[Floats]:
        return [*self.w, *self.b, self.wv, self.bv]

    def forward(self, x: Floats) -> tuple[list[Floats], Floats, Floats]:
        import numpy as np

        hs = [x]
        h = x
        for w, b in zip(self.w[:-1], self.b[:-1], strict=True):
            h = np.maximum(h @ w + b, 0.0)
            hs.append(h)
        logits = h @ self.w[-1] + self.b[-1]
        value = (h @ self.wv + self.bv)[:, 0]
        return hs, logits, value

    def logits(self, x: Floats) -> Floats:
        return self.forward(x)[1]

    def gradients(
        self,
        x: Floats,
        legal: npt.NDArray[np.bool_],
        picks: npt.NDArray[np.int64],
        returns: Floats,
        advantages: Floats,
        entropy_cost: float,
        value_cost: float,
    ) -> tuple[dict[str, float], list[Floats]]:
        import numpy as np

        n = len(x)
        rows = np.arange(n)
        hs, logits, values = self.forward(x)
        z = np.where(legal, logits, -np.inf)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        p = e / e.sum(axis=1, keepdims=True)
        logp = np.where(legal, z - np.log(e.sum(axis=1, keepdims=True)), 0.0)
        entropy = -(p * logp).sum(axis=1)
        onehot = np.zeros_like(p)
        onehot[rows, picks] = 1.0
        d_logits = advantages[:, None] * (p - onehot)
        d_logits += entropy_cost * p * (logp + entropy[:, None])
        d_logits = (d_logits / n).astype(np.float32)
        d_values = (value_cost * 2.0 * (values - returns) / n).astype(np.float32)
        gw: list[Floats] = [np.empty(0, np.float32)] * len(self.w)
        gb: list[Floats] = [np.empty(0, np.float32)] * len(self.b)
        h_last = hs[-1]
        gw[-1] = h_last.T @ d_logits
        gb[-1] = d_logits.sum(axis=0)
        gwv = h_last.T @ d_values[:, None]
        gbv = np.array([d_values.sum()], np.float32)
        d_h = d_logits @ self.w[-1].T + d_values[:, None] @ self.wv.T
        for k in range(len(self.w) - 2, -1, -1):
            d_h = d_h * (hs[k + 1] > 0)
            gw[k] = hs[k].T @ d_h
            gb[k] = d_h.sum(axis=0)
            if k:
                d_h = d_h @ self.w[k].T
        parts = {
            "policy": float(-(advantages * logp[rows, picks]).mean()),
            "value": float(((values - returns) ** 2).mean()),
            "entropy": float(entropy.mean()),
        }
        return parts, [*gw, *gb, gwv, gbv]

    def network(self, meta: dict[str, Any] | None = None) -> Network:
        layers = tuple(
            Layer(w.shape[0], w.shape[1], w.ravel().tolist(), b.tolist())
            for w, b in zip(self.w, self.b, strict=True)
        )
        value = Layer(self.wv.shape[0], 1, self.wv.ravel().tolist(), self.bv.tolist())
        return Network(layers, value, meta or {})


class _Adam:
    def __init__(self, params: list[Floats], rate: float) -> None:
        import numpy as np

        self.params = params
        self.rate = rate
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[Floats], b1: float = 0.9, b2: float = 0.999) -> None:
        import numpy as np

        self.t += 1
        scale = self.rate * math.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= (scale * m / (np.sqrt(v) + 1e-8)).astype(p.dtype)


class _Env:
    """One vector environment and its rollout buffer."""

    def __init__(self, env: Any, kind: str, group: int, scale: float, learner: int | None):
        import numpy as np

        self.env = env
        self.kind = kind
        self.group = group
        self.scale = scale
        self.learner = learner
        self.obs, self.mask, self.to_act = env.reset()
        self.buffer: list[tuple[Any, ...]] = []
        self.rows = np.arange(env.n)


class Trainer:
    """A training run, rollout by rollout (:meth:`update`), for curves; :func:`train` runs
    it to its budget."""

    def __init__(self, config: Config) -> None:
        import numpy as np

        self.config = config
        """The run's settings."""
        self.np = np
        """NumPy (imported when a run starts, not with the module)."""
        self.rng = np.random.default_rng(config.seed)
        """The run's one generator: first weights, sampled moves, league draws."""
        self.net = _Net([SIZE, *config.hidden, len(MENU)], self.rng)
        """The learning network (NumPy arrays, with a value head)."""
        self.adam = _Adam(self.net.params(), config.rate)
        """Its optimiser."""
        self.league: list[Network] = []
        """Its snapshots, oldest first (at most ``config.league``)."""
        self.exploiters: list[Network] = []
        """The exploiters trained against it so far."""
        self.exploits: list[dict[str, Any]] = []
        """What each exploiter's training ended at (its curve's last point)."""
        self.decisions = 0
        """Learning decisions so far."""
        self.updates = 0
        """Updates (rollouts) so far."""
        self.curve: list[dict[str, Any]] = []
        """One point per update: decisions, seconds and chips a hand by kind of opponent."""
        self.started = time.perf_counter()
        """When the run started (``time.perf_counter``)."""
        self._games = 0
        self.envs: list[_Env] = []
        """The environments stepped together, one group per table and kind."""
        self._snapshot()
        self._build()

    # -- environments --------------------------------------------------------------------

    def _build(self) -> None:
        """Make the environments; on later calls, only the league's anew (new draws)."""
        from golfo_native import VecEnv

        cfg = self.config
        envs: list[_Env] = []
        group = 0
        for t, (rules, players) in enumerate(cfg.tables):
            scale = 10.0 * max(1, rules.ante)
            for kind, count, games in cfg.kinds:
                for c in range(count):
                    old = [e for e in self.envs if e.group == group and e.kind == kind]
                    if old and kind not in ("league", "exploiters"):
                        envs.append(old[c])
                        continue
                    learner = None if kind == "self" else (c + t) % players
                    opponents: dict[int, Any] = {}
                    if kind == "league":
                        for s in range(players):
                            if s != learner:
                                opponents[s] = self.league[int(self.rng.integers(len(self.league)))]
                    elif kind in ("heuristic", "range", "equity", "random"):
                        opponents = {s: kind for s in range(players) if s != learner}
                    elif kind == "exploiters":
                        if not self.exploiters:
                            continue  # none yet: the kind starts with the first exploiter
                        others = [x for x in range(players) if x != learner]
                        pick = self.exploiters[int(self.rng.integers(len(self.exploiters)))]
                        opponents = dict.fromkeys(others, self.league[-1])
                        opponents[others[int(self.rng.integers(len(others)))]] = pick
                    elif kind == "target":
                        opponents = {s: cfg.target for s in range(players) if s != learner}
                    elif kind != "self":
                        raise ValueError(f"no kind of environment {kind!r}")
                    self._games += 1  # every environment its own games
                    env = VecEnv(
                        games,
                        rules,
                        players,
                        seed=cfg.seed,
                        opponents=opponents,
                        observation="net",
                        games=(self._games, 1 << 20),
                    )
                    envs.append(_Env(env, kind, group, scale, learner))
                group += 1
        self.envs = envs

    def _exploit(self) -> None:
        """Train a fresh exploiter of the current network and add it to the pool."""
        cfg = self.config
        target = self.net.network()
        seed = cfg.seed * 1_000_003 + len(self.exploiters) + 1
        recipe = attrs.evolve(
            EXPLOITER, seed=seed, tables=cfg.tables, hidden=cfg.hidden, target=target
        )  # the recipe's own settings, trained for exploit_updates updates
        trainer = Trainer(recipe)
        for _ in range(cfg.exploit_updates):
            point = trainer.update()
        chips = {k: v[0] for k, v in point["chips"].items()}
        self.exploits.append({"update": self.updates, "chips": chips})
        self.exploiters.append(trainer.net.network())
        self.league.append(target)
        self._build()

    def _snapshot(self) -> None:
        self.league.append(self.net.network())
        if len(self.league) > self.config.league:
            del self.league[1]  # keep the first (the untrained one) and the latest

    # -- one update ----------------------------------------------------------------------

    def update(self) -> dict[str, Any]:
        """One rollout of every environment, one Adam step: this rollout's figures."""
        np = self.np
        cfg = self.config
        xs: list[Any] = []
        legals: list[Any] = []
        picks: list[Any] = []
        rets: list[Any] = []
        advs: list[Any] = []
        chips: dict[str, list[float]] = {}
        for e in self.envs:
            for _ in range(cfg.steps):
                x = e.obs
                legal = e.mask
                logits = self.net.logits(x)
                noisy = logits + self.rng.gumbel(size=logits.shape).astype(np.float32)
                pick = np.argmax(np.where(legal, noisy, -np.inf), axis=1)
                seat = e.to_act
                e.obs, e.mask, e.to_act, reward, done = e.env.step(pick)
                e.buffer.append((x, legal, pick, seat, reward, done, np.ones(len(x), np.bool_)))
                if e.learner is not None:
                    key = f"{e.kind} {e.group}"
                    won = reward[:, e.learner][done]
                    chips.setdefault(key, []).extend(won.tolist())
            # returns: each decision's hand's chips for its seat, once the hand has ended
            length = len(e.buffer)
            n = e.env.n
            players = e.env.players
            g = np.zeros((n, players), np.float32)
            ended = np.zeros(n, np.bool_)
            returns = np.zeros((length, n), np.float32)
            complete = np.zeros((length, n), np.bool_)
            for t in range(length - 1, -1, -1):
                _, _, _, seat, reward, done, _ = e.buffer[t]
                g = np.where(done[:, None], reward, reward + g)
                ended |= done
                returns[t] = g[e.rows, seat]
                complete[t] = ended
            # complete and not used before (a seat that does not learn is played in Rust)
            learning = [complete[t] & e.buffer[t][6] for t in range(length)]
            used = [(t, u) for t, u in enumerate(learning) if u.any()]
            if used:
                x = np.concatenate([e.buffer[t][0][u] for t, u in used])
                r = np.concatenate([returns[t][u] for t, u in used]) / e.scale
                xs.append(x)
                legals.append(np.concatenate([e.buffer[t][1][u] for t, u in used]))
                picks.append(np.concatenate([e.buffer[t][2][u] for t, u in used]))
                rets.append(r)
                advs.append((x, r, (e.group, e.kind)))
            # keep the decisions of hands still in play
            ends = np.stack([b[5] for b in e.buffer])
            last = np.where(ends.any(axis=0), length - 1 - ends[::-1].argmax(axis=0), -1)
            keep = int(last.min()) + 1
            for t in range(keep, length):
                e.buffer[t][6][complete[t]] = False  # used now: never again
            e.buffer = e.buffer[keep:]
        x = np.concatenate(xs)
        returns_all = np.concatenate(rets)
        values = self.net.forward(x)[2]
        sizes: dict[tuple[int, str], int] = {}
        for part_x, _, key in advs:
            sizes[key] = sizes.get(key, 0) + len(part_x)
        advantages_parts = []
        at = 0
        for part_x, part_r, key in advs:
            v = values[at : at + len(part_x)]
            a = part_r - v
            a = (a - a.mean()) / (a.std() + 1e-6)
            if cfg.balance:  # each group's share of the update: one in len(sizes)
                a = a * (len(x) / len(sizes) / sizes[key])
            advantages_parts.append(a)
            at += len(part_x)
        advantages = np.concatenate(advantages_parts).astype(np.float32)
        parts, grads = self.net.gradients(
            x,
            np.concatenate(legals),
            np.concatenate(picks),
            returns_all,
            advantages,
            cfg.entropy,
            cfg.value_cost,
        )
        self.adam.step(grads)
        self.decisions += len(x)
        self.updates += 1
        if cfg.exploit_every and self.updates % cfg.exploit_every == 0:
            self._exploit()
        if self.updates % cfg.snapshot_every == 0:
            self._snapshot()
            self._build()
        point = {
            "update": self.updates,
            "decisions": self.decisions,
            "seconds": round(time.perf_counter() - self.started, 1),
            **{k: round(v, 4) for k, v in parts.items()},
            "chips": {k: (round(float(np.mean(v)), 3), len(v)) for k, v in chips.items()},
        }
        self.curve.append(point)
        return point

    def network(self) -> Network:
        """The network as trained so far, with the run's settings and curve in its meta."""
        meta = {
            "trained_by": "golfo.bots.net.training",
            "config": self.config.to_data(),
            "decisions": self.decisions,
            "updates": self.updates,
            "seconds": round(time.perf_counter() - self.started, 1),
        }
        return self.net.network(meta)


def train(
    config: Config = Config(),
    progress: Callable[[dict[str, Any]], None] | None = None,
    checkpoint: Callable[[Network], None] | None = None,
    every: int = 100,
) -> tuple[Network, list[dict[str, Any]]]:
    """Train a network from nothing to ``config.decisions`` decisions: the network and the
    curve (one point per update, ``progress(point)`` called with each;
    ``checkpoint(network)`` every ``every`` updates)."""
    trainer = Trainer(config)
    while trainer.decisions < config.decisions:
        point = trainer.update()
        if progress is not None:
            progress(point)
        if checkpoint is not None and trainer.updates % every == 0:
            checkpoint(trainer.network())
    return trainer.network(), trainer.curve


EXPLOITER: Final = Config(
    decisions=20_000_000,
    kinds=(("target", 3, 128),),
    exploit_every=0,
)
"""The exploiter's recipe: a fresh network of NetBot's kind trained by the same policy
gradient against one fixed opponent alone (every other seat), on the same tables, for
20 million learning decisions (about five minutes on one core against a network)."""


def exploiter(
    target: Any,
    config: Config = EXPLOITER,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> tuple[Network, list[dict[str, Any]]]:
    """The exploiter's recipe (:data:`EXPLOITER`) against ``target`` (a built-in policy's
    name or a network): the exploiter and its curve."""
    return train(attrs.evolve(config, target=target), progress)
