"""A small policy-gradient agent in NumPy, trained on ``golfo_native.VecEnv`` against
:class:`golfo.HeuristicBot` and measured by golfo's duplicate tournament.

::

    python examples/train_pg.py --plot curve.png       # train, save, plot, evaluate
    python examples/train_pg.py --decisions 500000 --eval-hands 3000   # a quick look

The game: one hand of Ludoteka's rules for three seats (``attrs.evolve(golfo.LUDOTEKA,
hands=1)``: ante 5, 100 points, the round caps 25/50/75/100), the game a tournament deals.
The agent learns one seat; the other two are ``"heuristic"``, played inside Rust move for
move as :class:`golfo.HeuristicBot`.  A tournament rotates the bots over the seats, so the
agent learns every seat at once: one ``VecEnv`` per learning seat (0, 1, 2), stepped
together, each with its first dealer at random.

The network (no deep-learning framework): the observation of
:class:`golfo.ext.features.ObservationEncoder` (112 floats; ``VecEnv`` fills it in Rust)
and the values of the seat's four suits, sorted (what a hand is worth: R11), into one
hidden layer of 64 ``tanh`` units; from it the logits of a twelve-entry menu and a value
(the baseline).  The menu is read off the legal-action mask of the exact action ids
(:class:`golfo.ext.codec.ActionCodec`), so it is the same in training, where ``VecEnv``
gives the mask, and in play, where the codec gives it from the seat's :class:`golfo.View`:

- Pass, Call, Fold;
- Bet or Raise to the smallest legal amount, a third and two thirds of the way to the
  largest, and the largest;
- Discard: keep the best suit (by its value), the second, the third or the fourth, and
  throw the other cards (the lowest first when the stock is short), or stand pat.

Learning: REINFORCE with a baseline.  Each rollout steps the three environments 16 times
(256 games each, 12,288 decisions); a decision's return is the chips its seat won or lost
in that hand (/50), its advantage the return less the value head's estimate, normalised
over the batch; one Adam step on the policy loss, the value head's squared error and an
entropy bonus.  Decisions whose hand has not ended wait for the next rollout.

Budget: ``--decisions``, the learning decisions (default 10,000,000: about a minute on
one core; the curve flattens after some six million).  Everything is seeded (``--seed``):
the games (``VecEnv``'s seed), the initial weights and the sampled actions; the same seed
and budget give the same weights.
The weights and the training curve go to an ``.npz``; the bot :class:`PGBot` plays from
it (``GOLFO_PG_WEIGHTS``, default ``examples/train_pg.npz``), so a tournament can name it
``train_pg:PGBot`` with this directory on the import path (``train_pg:greedy_bot``: the
likeliest action instead of a draw).  The evaluation is a duplicate tournament
(``--eval-hands``, default 30,000) against two HeuristicBots under the same rules.
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # one core: NumPy's BLAS must not spread

import argparse  # noqa: E402
import functools  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Final  # noqa: E402

import attrs  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import golfo  # noqa: E402
from golfo.ext.codec import ActionCodec  # noqa: E402
from golfo.ext.features import ObservationEncoder  # noqa: E402
from golfo.tournament import TournamentResult, tournament  # noqa: E402

Floats = npt.NDArray[np.floating[Any]]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.integer[Any]]

RULES: Final = attrs.evolve(golfo.LUDOTEKA, hands=1)
"""The game: one hand of Ludoteka's rules (the hand a tournament deals)."""
PLAYERS: Final = 3
"""Seats at the table."""
ENCODER: Final = ObservationEncoder(RULES, PLAYERS)
"""The observation (``VecEnv``'s vectors are this encoder's)."""
CODEC: Final = ActionCodec.for_rules(RULES, PLAYERS)
"""The exact action ids (``VecEnv``'s)."""
WEIGHTS: Final = Path(__file__).with_name("train_pg.npz")
"""Where the weights go and :class:`PGBot` reads them by default."""
SIZES: Final = (0.0, 1 / 3, 2 / 3, 1.0)
"""The bet sizes of the menu, as fractions of the way from the smallest legal amount to
the largest."""
MENU: Final = (
    "Pass",
    "Call",
    "Fold",
    *(f"Bet {round(q * 100)}%" for q in SIZES),
    *(f"Keep suit #{k + 1}" for k in range(4)),
    "Stand pat",
)
"""The agent's actions, each mapped to one exact id where legal (:func:`menu_ids`)."""
RETURN_SCALE: Final = 50.0
"""Chips are divided by this for the returns."""

_HAND = ENCODER.slices["hand"]
_SUIT = np.array([list(golfo.Suit).index(card.suit) for card in RULES.deck])
_RANK = np.array([card.rank for card in RULES.deck], dtype=np.float32)
_POPCOUNT = np.array([bin(bits).count("1") for bits in range(CODEC.discard_ids)])
_BEST: Final = float(RULES.best_value)
_PARAMS: Final = ("w1", "b1", "w2", "b2", "wv", "bv")


def _values(hand: Bools) -> Floats:
    """Per row of one-hot hands, each suit's value (the sum of its best ``cards_counted``
    ranks, R11), in suit order."""
    values = np.zeros((len(hand), 4), np.float32)
    for suit in range(4):
        ranks = np.where(hand & (suit == _SUIT), _RANK, 0.0)
        ranks.sort(axis=1)
        values[:, suit] = ranks[:, -RULES.cards_counted :].sum(axis=1)
    return values


def suit_values(obs: Floats) -> Floats:
    """Per row, the values of the four suits in the seat's hand, largest first, divided
    by the best value (30): the first is what the hand is worth now."""
    return -np.sort(-_values(obs[:, _HAND] > 0.5), axis=1) / _BEST


def features(obs: Floats) -> Floats:
    """The network's input: the observation and :func:`suit_values`."""
    return np.concatenate([obs, suit_values(obs)], axis=1)


def menu_ids(obs: Floats, mask: Bools) -> Ints:
    """The exact id of every :data:`MENU` entry per row (``-1`` where it is not legal),
    from the observations and the legal-id masks alone."""
    n = len(obs)
    rows = np.arange(n)
    ids = np.full((n, len(MENU)), -1, np.int64)
    for k in range(3):  # Pass, Call, Fold
        ids[:, k] = np.where(mask[:, CODEC.pass_id + k], CODEC.pass_id + k, -1)
    amounts = mask[:, : CODEC.max_amount + 1]  # legal amounts are one range
    has = amounts.any(axis=1)
    low = amounts.argmax(axis=1)
    high = CODEC.max_amount - amounts[:, ::-1].argmax(axis=1)
    for k, q in enumerate(SIZES):
        ids[:, 3 + k] = np.where(has, low + np.rint(q * (high - low)).astype(np.int64), -1)
    base = CODEC.discard_base
    legal = mask[:, base : base + CODEC.discard_ids]
    discarding = legal.any(axis=1)
    if discarding.any():
        d = np.flatnonzero(discarding)
        hand = obs[d][:, _HAND] > 0.5
        cards = np.argsort(~hand, axis=1, kind="stable")[:, : RULES.hand_size]  # by index
        suits, ranks = _SUIT[cards], _RANK[cards]
        most = (np.where(legal[d], _POPCOUNT, 0)).max(axis=1)  # the stock's limit
        order = np.argsort(-_values(hand), axis=1, kind="stable")  # best suit first
        position = np.arange(RULES.hand_size)
        for k in range(4):
            throw = suits != order[:, k : k + 1]
            key = np.where(throw, ranks + position / 10, np.inf)  # the lowest first
            place = np.argsort(np.argsort(key, axis=1, kind="stable"), axis=1)
            throw &= place < most[:, None]
            bits = (throw << position).sum(axis=1)
            ids[d, 7 + k] = base + bits
        ids[d, 11] = base
    chosen = ids >= 0
    safe = np.where(chosen, ids, 0)
    if not mask[rows[:, None], safe][chosen].all():  # pragma: no cover - a layout error
        raise AssertionError("a menu entry maps to an illegal id")
    if not chosen.any(axis=1).all():
        raise ValueError("a decision with no menu entry (NextHand or EndGame?)")
    return ids


@attrs.frozen
class Policy:
    """The network: ``tanh`` hidden layer, menu logits and a value head (the arrays are
    updated in place)."""

    w1: Floats
    """Input to hidden weights (inputs x hidden)."""
    b1: Floats
    """Hidden biases."""
    w2: Floats
    """Hidden to menu logits (hidden x 12)."""
    b2: Floats
    """Logit biases."""
    wv: Floats
    """Hidden to value."""
    bv: Floats
    """The value's bias (one number)."""

    @classmethod
    def new(cls, inputs: int, hidden: int, rng: np.random.Generator) -> Policy:
        """Random weights (a scaled normal), zero biases and zero output layers."""
        w1 = rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32)
        zeros = functools.partial(np.zeros, dtype=np.float32)
        out = len(MENU)
        return cls(w1, zeros(hidden), zeros((hidden, out)), zeros(out), zeros(hidden), zeros(1))

    def params(self) -> list[Floats]:
        """The parameter arrays, in :data:`_PARAMS`' order (updating them in place updates
        the policy)."""
        return [getattr(self, name) for name in _PARAMS]

    def forward(self, x: Floats) -> tuple[Floats, Floats, Floats]:
        """Hidden layer, logits and values of a batch of inputs."""
        h = np.tanh(x @ self.w1 + self.b1)
        return h, h @ self.w2 + self.b2, h @ self.wv + self.bv[0]

    def probabilities(self, x: Floats, legal: Bools) -> Floats:
        """The policy over :data:`MENU` (zero where not legal)."""
        return _softmax(self.forward(x)[1], legal)

    def loss(
        self,
        x: Floats,
        legal: Bools,
        actions: Ints,
        returns: Floats,
        entropy_cost: float = 0.01,
        value_cost: float = 0.5,
    ) -> tuple[dict[str, float], list[Floats]]:
        """REINFORCE with the value baseline: the loss's parts and its gradient."""
        n = len(x)
        rows = np.arange(n)
        h, logits, values = self.forward(x)
        p = _softmax(logits, legal)
        logp = np.log(np.where(legal, p, 1.0))
        advantage = returns - values
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-6)
        entropy = -(p * logp).sum(axis=1)
        parts = {
            "policy": float(-(advantage * logp[rows, actions]).mean()),
            "value": float(((values - returns) ** 2).mean()),
            "entropy": float(entropy.mean()),
        }
        onehot = np.zeros_like(p)
        onehot[rows, actions] = 1.0
        d_logits = advantage[:, None] * (p - onehot)  # the policy term
        d_logits += entropy_cost * p * (logp + entropy[:, None])  # minus the entropy
        d_logits /= n
        d_values = value_cost * 2.0 * (values - returns) / n
        d_h = (d_logits @ self.w2.T + d_values[:, None] * self.wv) * (1.0 - h * h)
        grads = [
            x.T @ d_h,
            d_h.sum(axis=0),
            h.T @ d_logits,
            d_logits.sum(axis=0),
            h.T @ d_values,
            np.array([d_values.sum()], np.float32),
        ]
        return parts, [g.astype(w.dtype) for g, w in zip(grads, self.params(), strict=True)]

    def save(self, path: Path, **extra: Any) -> None:
        """The weights (and ``extra`` arrays) to an ``.npz``."""
        meta = json.dumps({"rules": repr(RULES), "players": PLAYERS, "menu": MENU})
        arrays: dict[str, Any] = {"meta": np.array(meta), **extra}
        arrays.update(zip(_PARAMS, self.params(), strict=True))
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: Path | str) -> Policy:
        """The weights saved by :meth:`save`."""
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            if meta["rules"] != repr(RULES) or meta["players"] != PLAYERS:
                raise ValueError(f"{path}: weights for other rules: {meta}")
            return cls(*(data[name].astype(np.float32) for name in _PARAMS))


def _softmax(logits: Floats, legal: Bools) -> Floats:
    z = np.where(legal, logits, -np.inf)
    z = np.exp(z - z.max(axis=1, keepdims=True))
    p: Floats = z / z.sum(axis=1, keepdims=True)
    return p


class Adam:
    """Adam (Kingma and Ba), in place on a list of arrays."""

    def __init__(self, params: list[Floats], rate: float = 3e-3) -> None:
        self.params = params
        """The arrays it updates."""
        self.rate = rate
        """The step size."""
        self.m = [np.zeros_like(p) for p in params]
        """The running means of the gradients."""
        self.v = [np.zeros_like(p) for p in params]
        """... and of their squares."""
        self.t = 0
        """Steps taken."""

    def step(self, grads: list[Floats], b1: float = 0.9, b2: float = 0.999) -> None:
        """One update against the gradients."""
        self.t += 1
        scale = self.rate * np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= (scale * m / (np.sqrt(v) + 1e-8)).astype(p.dtype)


# -- training ------------------------------------------------------------------------------


@attrs.frozen
class Training:
    """What :func:`train` did: the policy and, per rollout, the training curve."""

    policy: Policy
    """The trained network."""
    decisions: Ints
    """Learning decisions made by the end of each rollout (cumulative)."""
    hands: Ints
    """Hands the learning seats finished in each rollout."""
    chips: Floats
    """Their net chips in those hands (the learning seat's reward)."""
    losses: Floats
    """Per update (after each rollout): the policy loss, the value head's squared error
    (in returns, chips / :data:`RETURN_SCALE`) and the policy's mean entropy."""
    used: Ints
    """Decisions in each update: those whose hand had ended, each used once."""
    pending: int
    """Decisions whose hand had not ended when training stopped (never used): with
    :attr:`used`, they add up to the decisions made."""
    seconds: float
    """Wall-clock time of the training."""


def _envs(games: int, seed: int) -> list[Any]:
    from golfo_native import VecEnv

    return [
        VecEnv(
            games,
            RULES,
            PLAYERS,
            seed=seed,
            opponents={s: "heuristic" for s in range(PLAYERS) if s != seat},
            games=(seat, PLAYERS),  # each environment its own games
        )
        for seat in range(PLAYERS)
    ]


def train(
    decisions: int = 10_000_000,
    *,
    seed: int = 0,
    games: int = 256,
    steps: int = 16,
    hidden: int = 64,
    rate: float = 3e-3,
    progress: Callable[[int, int, float], None] | None = None,
) -> Training:
    """Train for at least ``decisions`` learning decisions (whole rollouts of ``3 * games
    * steps``); ``progress(decisions, hands, chips)`` after each rollout."""
    start = time.perf_counter()
    envs = _envs(games, seed)
    firsts = [env.reset() for env in envs]
    obs = np.concatenate([f[0] for f in firsts])
    mask = np.concatenate([f[1] for f in firsts])
    n = len(obs)
    rows = np.arange(n)
    seat = np.repeat(np.arange(PLAYERS), games)  # each row's learning seat
    rng = np.random.default_rng(seed)
    policy = Policy.new(ENCODER.size + 4, hidden, rng)
    adam = Adam(policy.params(), rate)
    xs: list[Floats] = []
    legals: list[Bools] = []
    picks: list[Ints] = []
    rewards: list[Floats] = []
    dones: list[Bools] = []
    fresh: list[Bools] = []
    curve: list[tuple[int, int, float]] = []
    losses: list[tuple[float, float, float]] = []
    used: list[int] = []
    played = 0
    while played < decisions:
        hands, chips = 0, 0.0
        for _ in range(steps):
            x, ids = features(obs), menu_ids(obs, mask)
            legal = ids >= 0
            noisy = policy.forward(x)[1] + rng.gumbel(size=legal.shape)  # a sample: Gumbel-max
            pick = np.argmax(np.where(legal, noisy, -np.inf), axis=1)
            actions = ids[rows, pick]
            out = [env.step(actions[k * games : (k + 1) * games]) for k, env in enumerate(envs)]
            obs = np.concatenate([o[0] for o in out])
            mask = np.concatenate([o[1] for o in out])
            reward = np.concatenate([o[3] for o in out])[rows, seat]
            done = np.concatenate([o[4] for o in out])
            xs.append(x)
            legals.append(legal)
            picks.append(pick)
            rewards.append(reward)
            dones.append(done)
            fresh.append(np.ones(n, np.bool_))
            played += n
            hands += int(done.sum())
            chips += float(reward.sum())
        # Monte Carlo returns: a decision's hand's chips, once the hand has ended.
        length = len(xs)
        returns = np.zeros((length, n), np.float32)
        complete = np.zeros((length, n), np.bool_)
        g = np.zeros(n, np.float32)
        ended = np.zeros(n, np.bool_)
        for t in reversed(range(length)):
            g = np.where(dones[t], rewards[t], rewards[t] + g)
            ended = ended | dones[t]
            returns[t], complete[t] = g, ended
        use = complete & np.stack(fresh)
        parts, grads = policy.loss(
            np.stack(xs)[use],
            np.stack(legals)[use],
            np.stack(picks)[use],
            returns[use] / RETURN_SCALE,
        )
        adam.step(grads)
        curve.append((played, hands, chips))
        losses.append((parts["policy"], parts["value"], parts["entropy"]))
        used.append(int(use.sum()))
        # Keep the decisions of hands still in play, from the first of them on.
        ends = np.stack(dones)
        last = np.where(ends.any(axis=0), length - 1 - ends[::-1].argmax(axis=0), -1)
        keep = int(last.min()) + 1
        for t in range(keep, length):
            fresh[t] = fresh[t] & ~complete[t]
        for buffer in (xs, legals, picks, rewards, dones, fresh):
            del buffer[:keep]
        if progress is not None:
            progress(played, hands, chips)
    d, h, c = zip(*curve, strict=True)
    return Training(
        policy,
        np.array(d, np.int64),
        np.array(h, np.int64),
        np.array(c, np.float32),
        np.array(losses, np.float32),
        np.array(used, np.int64),
        int(np.stack(fresh).sum()) if fresh else 0,
        time.perf_counter() - start,
    )


def save(training: Training, path: Path, *, seed: int) -> None:
    """The weights and the curve to ``path`` (an ``.npz``)."""
    training.policy.save(
        path,
        decisions=training.decisions,
        hands=training.hands,
        chips=training.chips,
        losses=training.losses,
        used=training.used,
        seconds=np.array(training.seconds),
        seed=np.array(seed),
    )


def binned(decisions: Ints, hands: Ints, chips: Floats, every: int) -> tuple[Ints, Floats]:
    """The curve in bins of about ``every`` decisions: the decisions at each bin's end and
    the learning seat's mean chips per hand in it."""
    size = np.diff(decisions, prepend=0)  # each rollout's decisions
    edges = (decisions - size) // every  # the bin each rollout starts in
    ends, means = [], []
    for b in np.unique(edges):
        inside = edges == b
        ends.append(int(decisions[inside][-1]))
        means.append(float(chips[inside].sum() / max(1, hands[inside].sum())))
    return np.array(ends, np.int64), np.array(means, np.float32)


def plot_curve(path: Path, decisions: Ints, hands: Ints, chips: Floats, every: int) -> None:
    """The training curve (mean chips per hand of the learning seat per ``every``
    decisions) as a PNG, with matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ends, means = binned(decisions, hands, chips, every)
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    axes.plot(ends / 1e6, means, marker=".", label="learning seat against two HeuristicBots")
    start = float(chips[0] / max(1, hands[0]))
    axes.plot([0], [start], "o", color="C3", label=f"untrained (first rollout): {start:+.1f}")
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("learning decisions (millions)")
    axes.set_ylabel(f"chips per hand (mean over {every:,} decisions)")
    axes.set_title("examples/train_pg.py: REINFORCE on VecEnv, one hand of Ludoteka, 3 seats")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


# -- playing -------------------------------------------------------------------------------


@functools.cache
def _load(path: str) -> Policy:
    return Policy.load(path)


class PGBot:
    """The trained agent as a :class:`golfo.Bot`: made with a seed, so that a tournament
    can name it ``train_pg:PGBot``; it reads the weights from ``path``, else from
    ``$GOLFO_PG_WEIGHTS``, else :data:`WEIGHTS` (once per process).

    It encodes its seat's view with :class:`golfo.ext.features.ObservationEncoder`, reads
    the legal ids from the view with the codec, maps the menu to them as in training and
    draws from the policy (seeded); ``greedy=True`` plays the likeliest entry instead.
    """

    def __init__(self, seed: int = 0, *, path: Path | str | None = None, greedy: bool = False):
        where = path or os.environ.get("GOLFO_PG_WEIGHTS") or WEIGHTS
        self.policy = _load(str(where))
        self.rng = np.random.default_rng(seed)
        self.greedy = greedy

    def choose(self, view: golfo.View) -> golfo.Action:
        """The action for ``view``'s seat."""
        if view.rules != RULES or len(view.stacks) != PLAYERS:
            raise ValueError(f"PGBot plays {RULES!r} with {PLAYERS} seats")
        obs = np.array([ENCODER.encode(view)], np.float32)
        mask = np.zeros((1, CODEC.num_distinct_actions), np.bool_)
        mask[0, list(CODEC.legal_ids(view))] = True
        ids = menu_ids(obs, mask)
        p = self.policy.probabilities(features(obs), ids >= 0)[0].astype(np.float64)
        k = int(p.argmax()) if self.greedy else int(self.rng.choice(len(p), p=p / p.sum()))
        return CODEC.decode(view, int(ids[0, k]))


def greedy_bot(seed: int) -> PGBot:
    """:class:`PGBot` playing its likeliest action (``train_pg:greedy_bot``)."""
    return PGBot(seed, greedy=True)


def evaluate(
    hands: int,
    *,
    path: Path | str = WEIGHTS,
    seed: int = 1,
    workers: int = 1,
    bot: str = "train_pg:PGBot",
) -> TournamentResult:
    """A duplicate tournament of the agent against two HeuristicBots on :data:`RULES`."""
    os.environ["GOLFO_PG_WEIGHTS"] = str(Path(path).resolve())  # worker processes read it
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    return tournament(
        [bot, "heuristic", "heuristic"],
        rules=RULES,
        hands=hands,
        duplicate=True,
        seed=seed,
        workers=workers,
        engine="native",
    )


def main(argv: list[str] | None = None) -> None:
    """Train, save, plot and evaluate (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10_000_000, help="training budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=256, help="games per environment")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the weights (.npz)")
    parser.add_argument("--plot", type=Path, help="the training curve (.png)")
    parser.add_argument("--every", type=int, default=100_000, help="decisions per curve point")
    parser.add_argument("--eval-hands", type=int, default=30_000, help="0: no tournament")
    parser.add_argument("--eval-seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--greedy", action="store_true", help="evaluate the greedy policy")
    args = parser.parse_args(argv)

    window = [0, 0.0]  # hands and chips since the last line

    def report(played: int, hands: int, chips: float) -> None:
        window[0] += hands
        window[1] += chips
        if played // args.every != (played - 3 * args.games * 16) // args.every:
            print(f"{played:>10,} decisions: {window[1] / max(1, window[0]):+7.2f} chips per hand")
            window[:] = [0, 0.0]

    training = train(args.decisions, seed=args.seed, games=args.games, progress=report)
    save(training, args.out, seed=args.seed)
    total = int(training.decisions[-1])
    print(f"trained on {total:,} decisions in {training.seconds:.1f} s; weights: {args.out}")
    if args.plot:
        plot_curve(args.plot, training.decisions, training.hands, training.chips, args.every)
        print(f"curve: {args.plot}")
    if args.eval_hands:
        bot = "train_pg:greedy_bot" if args.greedy else "train_pg:PGBot"
        start = time.perf_counter()
        result = evaluate(
            args.eval_hands, path=args.out, seed=args.eval_seed, workers=args.workers, bot=bot
        )
        agent = result.results[0]
        print(
            f"duplicate tournament, {result.hands:,} hands ({result.deals:,} deals, "
            f"seed {args.eval_seed}, {time.perf_counter() - start:.0f} s): {agent.name} "
            f"{agent.per_100 / 100:+.2f} chips per hand, 95% interval "
            f"[{agent.low / 100:+.2f}, {agent.high / 100:+.2f}]"
        )
        for other in result.results[1:]:
            print(f"  {other.name}: {other.per_100 / 100:+.2f} chips per hand")


if __name__ == "__main__":
    main()
