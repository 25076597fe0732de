"""Tournaments between bots: chips won per 100 hands, with 95% confidence intervals.

Each *deal* is one shuffled deck (seeded from the run's seed and the deal's index), played
as one hand from fresh stacks (``rules.starting_stack``; the dealer is seat 0).  The
rules default to Ludoteka's points variant: its caps bound every hand's bets, so the
chips won measure the play rather than how deep the stacks are.  With
``duplicate=True`` every deal is played once per *seating*, every order of the bots over
the seats (:func:`seatings`: 2 for two seats, 6 for three, 24 for four), so each bot holds
every seat's cards equally often and sits before and after each other bot equally often:
card luck and seat order cancel (rotating the bots cyclically, as golfo did before, leaves
one bot always just before another: two copies of a bot then differed "significantly").
A bot at a seat draws its random numbers from the deal and the seat alone, so two copies
of one bot swapped between two seatings play the same hand, and their gap is exactly 0.
Without ``duplicate``, each deal is played once, the bots rotating over the seats from one
deal to the next.

A bot's result is its net chips per 100 hands; its confidence interval comes from the
spread of its net over the deals (one deal's seatings summed: the independent unit).

The work is cut into shards of deals and run by :func:`golfo.parallel.run_shards`: the
same seed gives exactly the same result on one core, on any number of processes
(``workers``) or on a Ray cluster (``ray``).

>>> bots = ["heuristic", "random", "random"]
>>> result = tournament(bots, hands=30, duplicate=True, seed=1, workers=1)
>>> [r.name for r in result.results], result.hands, result.deals
(['heuristic', 'random', 'random#2'], 30, 5)
>>> sum(r.net for r in result.results)    # chips only change hands
0
"""

from __future__ import annotations

import importlib
import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from golfo import engines
from golfo.bots import Bot, EquityBot, HeuristicBot, NetBot, RandomBot, RangeBot, StrongBot
from golfo.parallel import derive_seed, run_shards
from golfo.rules import LUDOTEKA, Rules
from golfo.shuffle import shuffled_deck

__all__ = [
    "BOTS",
    "BotResult",
    "Comparison",
    "TournamentResult",
    "make_bot",
    "plot",
    "seatings",
    "tournament",
]

BOTS: Final[dict[str, Callable[[int], Bot]]] = {
    "equity": EquityBot,
    "heuristic": lambda _seed: HeuristicBot(),
    "net": NetBot,
    "random": RandomBot,
    "range": RangeBot,
    "strong": StrongBot,
}
"""golfo's bots by name, each made from a seed.  Any other name ``module:attribute``
names a bot class (or factory) of one's own, called with one argument: the seed."""
_Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`), seeded with ``seed``."""
    factory = BOTS.get(name)
    if factory is None:
        module, _, attribute = name.partition(":")
        if not attribute:
            raise ValueError(f"unknown bot {name!r}: use {', '.join(BOTS)} or module:attribute")
        factory = getattr(importlib.import_module(module), attribute)
    bot = factory(seed)
    if not isinstance(bot, Bot):
        raise ValueError(f"{name!r} did not make a bot (no choose method)")
    return bot


def seatings(players: int, duplicate: bool = True) -> tuple[tuple[int, ...], ...]:
    """The seatings a duplicate deal is played in: ``seating[e]`` is the seat of bot ``e``,
    every order of the bots over the seats, the first one bot ``e`` at seat ``e``.  Without
    ``duplicate``: the ``players`` cyclic rotations (deal ``d`` is played in the
    ``d % players``-th alone).

    >>> seatings(3)
    ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    >>> len(seatings(4)), seatings(3, duplicate=False)
    (24, ((0, 1, 2), (1, 2, 0), (2, 0, 1)))
    """
    if duplicate:
        return tuple(itertools.permutations(range(players)))
    return tuple(tuple((e + turn) % players for e in range(players)) for turn in range(players))


@attrs.frozen
class BotResult:
    """One bot's result."""

    name: str
    """The bot, as listed (``random#2``: the second bot of that name)."""
    hands: int
    """Hands it played."""
    net: int
    """Its net chips over them."""
    per_100: float
    """Net chips per 100 hands."""
    low: float
    """The 95% confidence interval of ``per_100``: its lower end."""
    high: float
    """... and its upper end."""

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero."""
        return self.low > 0 or self.high < 0


@attrs.frozen
class Comparison:
    """How far bot ``a`` finished ahead of bot ``b``: net chips per 100 hands, with a 95%
    confidence interval from the per-deal differences (duplicate deals pair them)."""

    a: str
    """The first bot."""
    b: str
    """The second bot."""
    per_100: float
    """``a``'s result minus ``b``'s, per 100 hands."""
    low: float
    """The 95% confidence interval's lower end."""
    high: float
    """... and its upper end."""

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero."""
        return self.low > 0 or self.high < 0


def _interval(total: int, square: int, deals: int, rounds: int) -> tuple[float, float, float]:
    """Mean per 100 hands and its 95% interval, from the sum of a per-deal quantity (over
    the deal's ``rounds`` hands) and the sum of its squares."""
    mean = total / deals / rounds * 100
    if deals < 2:
        return mean, -math.inf, math.inf
    variance = max(0.0, (square - total * total / deals) / (deals - 1))
    half = _Z95 * math.sqrt(variance / deals) / rounds * 100
    return mean, mean - half, mean + half


@attrs.frozen
class TournamentResult:
    """A tournament's outcome (:func:`tournament`)."""

    bots: tuple[str, ...]
    """The bots, in their seats' order at the first seating."""
    rules: Rules
    """The rules played."""
    seed: int
    """The run's seed."""
    duplicate: bool
    """Whether each deal was played once per seating (:func:`seatings`)."""
    deals: int
    """Decks dealt."""
    hands: int
    """Hands played (``deals`` times the seatings)."""
    results: tuple[BotResult, ...]
    """Per bot, in :attr:`bots`' order."""
    curve: tuple[tuple[int, tuple[int, ...]], ...]
    """The cumulative net of every bot after some of the hands: ``(hands, nets)`` pairs,
    at most about 1,000 of them, evenly spread; for plots."""
    cross: tuple[tuple[int, ...], ...]
    """``cross[e][f]``: the sum over deals of bot ``e``'s net times bot ``f``'s (per deal,
    seatings summed); the variances and covariances behind the intervals."""

    def compare(self, a: str, b: str) -> Comparison:
        """How far bot ``a`` (a name of :attr:`results`) finished ahead of bot ``b``."""
        names = [r.name for r in self.results]
        try:
            i, j = names.index(a), names.index(b)
        except ValueError:
            raise ValueError(f"bots are {names}, got {a!r} and {b!r}") from None
        total = self.results[i].net - self.results[j].net
        square = self.cross[i][i] - 2 * self.cross[i][j] + self.cross[j][j]
        rounds = len(seatings(len(self.bots))) if self.duplicate else 1
        mean, low, high = _interval(total, square, self.deals, rounds)
        return Comparison(a, b, mean, low, high)

    def to_data(self) -> dict[str, Any]:
        """The result as JSON data (nothing time-dependent: one seed, one text)."""
        return {
            "bots": list(self.bots),
            "seed": self.seed,
            "duplicate": self.duplicate,
            "deals": self.deals,
            "hands": self.hands,
            "results": [
                {
                    "bot": r.name,
                    "hands": r.hands,
                    "net": r.net,
                    "per_100_hands": round(r.per_100, 4),
                    "ci95": [round(r.low, 4), round(r.high, 4)],
                    "significant": r.significant,
                }
                for r in self.results
            ],
            "comparisons": [
                {
                    "a": c.a,
                    "b": c.b,
                    "per_100_hands": round(c.per_100, 4),
                    "ci95": [round(c.low, 4), round(c.high, 4)],
                    "significant": c.significant,
                }
                for c in (
                    self.compare(x.name, y.name)
                    for i, x in enumerate(self.results)
                    for y in self.results[i + 1 :]
                )
            ],
        }


@attrs.frozen
class _Shard:
    """Deals ``start .. stop - 1`` of a tournament: plain data, so that it pickles."""

    bots: tuple[str, ...]
    rules: Rules
    seed: int
    duplicate: bool
    start: int
    stop: int
    engine: str = "python"


@attrs.frozen
class _Totals:
    """A shard's sums per bot: of its net, and of the products of two bots' nets per deal."""

    hands: int
    sums: tuple[int, ...]
    cross: tuple[tuple[int, ...], ...]


def _play_shard(shard: _Shard) -> _Totals:
    """Play a shard's deals (a top-level function: process pools and Ray pickle it)."""
    if shard.engine == "arena":
        from golfo_native._nets import duplicate as in_rust

        hands, sums, cross = in_rust(shard.bots, shard.rules, shard.seed, shard.start, shard.stop)
        return _Totals(hands, tuple(sums), tuple(map(tuple, cross)))
    n = len(shard.bots)
    table = engines.engine(shard.engine)
    orders = seatings(n, shard.duplicate)
    sums = [0] * n
    cross = [[0] * n for _ in range(n)]
    hands = 0
    for deal in range(shard.start, shard.stop):
        deck = shuffled_deck(derive_seed(shard.seed, deal))
        nets = [0] * n
        for seat_of in orders if shard.duplicate else (orders[deal % n],):
            # bot e sits at seat seat_of[e]; each seat's bot is seeded by the deal and the seat
            # alone, so a seat plays with the same random numbers in every seating
            by_seat: list[Bot] = [RandomBot(0)] * n
            for e, name in enumerate(shard.bots):
                seat = seat_of[e]
                by_seat[seat] = make_bot(name, derive_seed(shard.seed, deal, seat))
            state = table.play_hand(table.new_game(shard.rules, n), by_seat, deck)
            payoffs = state.results[-1].payoffs
            for e in range(n):
                nets[e] += payoffs[seat_of[e]]
            hands += 1
        for e in range(n):
            sums[e] += nets[e]
            for f in range(n):
                cross[e][f] += nets[e] * nets[f]
    return _Totals(hands, tuple(sums), tuple(map(tuple, cross)))


def _labels(bots: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def tournament(
    bots: Sequence[str],
    *,
    rules: Rules = LUDOTEKA,
    hands: int = 3000,
    duplicate: bool = False,
    seed: int = 0,
    workers: int | None = None,
    ray: str | None = None,
    shard_deals: int | None = None,
    progress: Callable[[int], None] | None = None,
    engine: str = "python",
) -> TournamentResult:
    """Play ``bots`` (3 or 4 names, or as many as a variant's ``rules.table_sizes`` allow; see
    :data:`BOTS`; one per seat) against each other.

    ``hands``: hands in all; a deal is played once per seating with ``duplicate``
    (:func:`seatings`: ``hands // len(seatings(len(bots)))`` deals, at least one), else
    once.  ``workers``, ``ray``: see
    :func:`golfo.parallel.run_shards`.  ``shard_deals``: deals per shard (default: about
    2,000 shards, at least 10 deals each; it never depends on the workers).
    ``progress(hands)`` is called as shards finish.  ``engine``: ``"python"`` or
    ``"native"`` (:mod:`golfo.engines`; the same seed gives the same result on both), or
    ``"arena"``: every bot a built-in policy of golfo-native played inside Rust
    (``"heuristic"``, ``"random"``, ``"equity"``, ``"range"``, ``"strong"``, ``"net"``, or
    ``"net:PATH"``, a network's file), the same decks, seatings and seeds, hundreds of
    times faster; the heuristic plays the same hands as on the other engines, the other
    policies draw from Rust's generators, not the Python bots'.
    """
    names = tuple(bots)
    if len(names) not in rules.table_sizes:
        sizes = " or ".join(map(str, rules.table_sizes))
        raise ValueError(f"a tournament needs {sizes} bots, got {len(names)}")
    if engine == "arena":  # every bot a built-in policy of golfo-native, played in Rust
        try:
            from golfo_native._nets import policy_name
        except ImportError:
            raise ValueError("engine 'arena' needs golfo-native (pip install ./native)") from None
        for name in set(names):
            policy_name(name)  # unknown names fail here, before any work starts
    else:
        for name in set(names):
            make_bot(name, 0)  # unknown names fail here, before any work starts
        engines.engine(engine)  # so does an engine that is not installed
    n = len(names)
    rounds = len(seatings(n)) if duplicate else 1
    deals = max(1, hands // rounds)
    size = shard_deals or max(10, math.ceil(deals / 2000))
    shards = [
        _Shard(names, rules, seed, duplicate, start, min(deals, start + size), engine)
        for start in range(0, deals, size)
    ]
    stride = max(1, math.ceil(len(shards) / 1000))
    sums = [0] * n
    cross = [[0] * n for _ in range(n)]
    played = 0
    curve: list[tuple[int, tuple[int, ...]]] = [(0, (0,) * n)]
    for index, totals in enumerate(run_shards(_play_shard, shards, workers=workers, ray=ray)):
        played += totals.hands
        for e in range(n):
            sums[e] += totals.sums[e]
            for f in range(n):
                cross[e][f] += totals.cross[e][f]
        if (index + 1) % stride == 0 or index + 1 == len(shards):
            curve.append((played, tuple(sums)))
        if progress is not None:
            progress(totals.hands)
    results = []
    for e, label in enumerate(_labels(names)):
        mean, low, high = _interval(sums[e], cross[e][e], deals, rounds)
        results.append(BotResult(label, played, sums[e], mean, low, high))
    return TournamentResult(
        names,
        rules,
        seed,
        duplicate,
        deals,
        played,
        tuple(results),
        tuple(curve),
        tuple(map(tuple, cross)),
    )


def plot(result: TournamentResult, path: str) -> None:
    """Save a plot of each bot's cumulative net chips over the hands to ``path`` (a PNG),
    with matplotlib (``pip install 'golfo[plot]'``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    xs = [h for h, _ in result.curve]
    for e, r in enumerate(result.results):
        label = f"{r.name}: {r.per_100:+.1f} / 100 [{r.low:+.1f}, {r.high:+.1f}]"
        axes.plot(xs, [nets[e] for _, nets in result.curve], label=label)
    axes.axhline(0, color="grey", linewidth=0.8)
    kind = "duplicate" if result.duplicate else "rotating seats"
    axes.set_title(f"golfo tournament: {result.hands} hands, {kind}, seed {result.seed}")
    axes.set_xlabel("hands")
    axes.set_ylabel("cumulative net chips")
    axes.legend(loc="best", fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
