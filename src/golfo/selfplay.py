"""Self-play at scale: bots against bots, with statistics and data for learning.

:func:`simulate` plays ``hands`` hands between bots (by name, see
:data:`golfo.tournament.BOTS`) as a sequence of games: game ``g`` is seeded from the run's
seed and ``g`` alone (:func:`golfo.parallel.derive_seed`), and lasts until its rules end
it or, when they leave it open-ended (traditional rules), ``game_hands`` hands.  Games are
shards: they run on a process pool or on Ray (:func:`golfo.parallel.run_shards`), and the
same seed gives exactly the same statistics and the same data whatever the workers.

With ``out``, every game is also written as it is played, as JSON Lines, streamed (memory
stays constant however long the run):

- ``records="games"``: one line per game, its whole record (``golfo/1``, compact);
- ``records="decisions"``: one line per decision, ``{"game", "hand", "seat", "view",
  "action"}``: the seat's view as it was sent to the bot (``golfo-wire/1``, without the
  history, which the view's ``history_text`` and the record give) and the action it took.

>>> tally = simulate(["heuristic", "random", "random"], hands=25, seed=3, workers=1)
>>> tally.hands, sum(tally.net)
(25, 0)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import count
from typing import Any, Final, TextIO

import attrs

from golfo import engines
from golfo.actions import Action, Discard, NextHand
from golfo.bots import Bot, new_deck
from golfo.parallel import derive_seed, run_shards
from golfo.records import to_json
from golfo.rules import TRADICIONAL, Rules
from golfo.tournament import make_bot
from golfo.views import View
from golfo.wire import action_data, view_data

__all__ = ["RECORDS", "Tally", "report", "simulate"]

RECORDS: Final = ("games", "decisions")
"""What ``out`` receives: whole games' records, or every decision with its view."""


@attrs.define
class Tally:
    """Statistics gathered while bots play (see ``golfo simulate --help``)."""

    players: int
    """Seats at the table."""
    hands: int = 0
    """Hands played."""
    games: int = 0
    """Games begun."""
    showdowns: int = 0
    """Hands that went to a showdown."""
    stock_limited: int = 0
    """Hands where a seat found fewer cards in the stock at its discard than a hand holds
    (``rules.hand_size``, five in El Golfo)."""
    stock_short: int = 0
    """Hands where a seat found fewer than a hand holds and discarded all there were."""
    trabucos: int = 0
    """Showdowns won by mano with 30."""
    net: list[int] = attrs.Factory(list)
    """Per seat, net chips (the sum of its payoffs)."""
    pots_won: list[int] = attrs.Factory(list)
    """Per seat, main pots won."""
    rebuys: list[int] = attrs.Factory(list)
    """Per seat, rebuys taken."""
    winning_values: Counter[int] = attrs.Factory(Counter)
    """How often each value took the main pot at a showdown."""

    def __attrs_post_init__(self) -> None:
        self.net = self.net or [0] * self.players
        self.pots_won = self.pots_won or [0] * self.players
        self.rebuys = self.rebuys or [0] * self.players

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to this tally."""
        self.hands += other.hands
        self.games += other.games
        self.showdowns += other.showdowns
        self.stock_limited += other.stock_limited
        self.stock_short += other.stock_short
        self.trabucos += other.trabucos
        for seat in range(self.players):
            self.net[seat] += other.net[seat]
            self.pots_won[seat] += other.pots_won[seat]
            self.rebuys[seat] += other.rebuys[seat]
        self.winning_values.update(other.winning_values)


@attrs.frozen
class _Game:
    """Game ``index`` of a run, at most ``limit`` hands: plain data, so that it pickles."""

    kinds: tuple[str, ...]
    rules: Rules
    seed: int
    index: int
    limit: int
    records: str | None
    engine: str = "python"


def _decision(game: int, view: View, action: Action) -> str:
    data = view_data(view)
    data.pop("history", None)
    line = {
        "game": game,
        "hand": view.hand_number,
        "seat": view.seat,
        "view": data,
        "action": action_data(action),
    }
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def _play_game(game: _Game) -> tuple[Tally, list[str]]:
    """Play one game (a top-level function: process pools and Ray pickle it)."""
    players = len(game.kinds)
    table = engines.engine(game.engine)
    seed = derive_seed(game.seed, game.index)
    bots: list[Bot] = [make_bot(k, derive_seed(seed, 1, s)) for s, k in enumerate(game.kinds)]
    rng = random.Random(derive_seed(seed, 0))
    tally = Tally(players, games=1)
    lines: list[str] = []
    limited = short = False

    def watch(state: Any, action: Action) -> None:
        nonlocal limited, short
        if isinstance(action, Discard):  # fewer cards in the stock than a hand holds
            hand = game.rules.hand_size
            room = min(hand, state.stock_mask.bit_count())
            if room < hand:
                limited = True
                if len(action.cards) == room:
                    short = True
        if game.records == "decisions":
            seat = state.to_act
            assert isinstance(seat, int)
            lines.append(_decision(game.index, table.view(state, seat), action))

    state = table.new_game(game.rules, players)
    while tally.hands < game.limit:
        limited = short = False
        state = table.play_hand(state, bots, new_deck(rng), watch)
        result = state.results[-1]
        tally.hands += 1
        tally.stock_limited += limited
        tally.stock_short += short
        for seat in range(players):
            tally.net[seat] += result.payoffs[seat]
        if result.pots:
            tally.pots_won[result.pots[0].winner] += 1
        if result.showdown:
            tally.showdowns += 1
            tally.trabucos += result.trabuco
            winner = result.shown[result.pots[0].winner] if result.pots else None
            if winner is not None:
                tally.winning_values[winner.value] += 1
        if state.is_over:
            break
        if tally.hands < game.limit:
            state = table.apply(state, NextHand())
    tally.rebuys = list(state.rebuys)
    if game.records == "games":
        record = json.loads(to_json(table.state(state)))
        lines.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    return tally, lines


def simulate(
    bots: Sequence[str],
    *,
    rules: Rules = TRADICIONAL,
    hands: int = 1000,
    seed: int = 0,
    game_hands: int = 100,
    workers: int | None = None,
    ray: str | None = None,
    out: TextIO | None = None,
    records: str = "games",
    progress: Callable[[int], None] | None = None,
    engine: str = "python",
) -> Tally:
    """Self-play of ``hands`` hands between ``bots`` (one name per seat: 3 or 4, or as many as
    a variant's ``rules.table_sizes`` allow).

    ``game_hands``: the length of open-ended games.  ``workers``, ``ray``: see
    :func:`golfo.parallel.run_shards`.  ``out``: a text stream receiving JSON Lines
    (``records``: ``"games"`` or ``"decisions"``, see the module).  ``progress(hands)`` is
    called as games finish.  ``engine``: ``"python"`` or ``"native"`` (:mod:`golfo.engines`;
    the same seed gives the same tally on both).
    """
    kinds = tuple(bots)
    if len(kinds) not in rules.table_sizes:
        sizes = " or ".join(map(str, rules.table_sizes))
        raise ValueError(f"self-play needs {sizes} bots, got {len(kinds)}")
    if records not in RECORDS:
        raise ValueError(f"records must be one of {RECORDS}, got {records!r}")
    for kind in set(kinds):
        make_bot(kind, 0)
    engines.engine(engine)  # unknown or not installed: fails here
    length = game_hands if rules.hands is None else 1 << 62
    wanted = records if out is not None else None
    tally = Tally(len(kinds))

    def games() -> Iterator[_Game]:
        for index in count():
            yield _Game(kinds, rules, seed, index, length, wanted, engine)

    parts = run_shards(_play_game, games(), workers=workers, ray=ray)
    try:
        for index, (part, lines) in enumerate(parts):
            if tally.hands + part.hands > hands:  # the last game, cut to the hands wanted
                cut = _Game(kinds, rules, seed, index, hands - tally.hands, wanted, engine)
                part, lines = _play_game(cut)
            tally.merge(part)
            if out is not None:
                for line in lines:
                    out.write(line + "\n")
            if progress is not None:
                progress(part.hands)
            if tally.hands >= hands:
                break
    finally:
        close = getattr(parts, "close", None)
        if close is not None:
            close()
    return tally


def report(tally: Tally, kinds: Sequence[str], seed: int, rules: str) -> dict[str, Any]:
    """The statistics as JSON data (nothing time-dependent)."""
    n = tally.hands
    return {
        "hands": n,
        "games": tally.games,
        "seed": seed,
        "rules": rules,
        "bots": list(kinds),
        "seats": [
            {
                "seat": seat,
                "bot": kinds[seat],
                "net": tally.net[seat],
                "net_per_hand": round(tally.net[seat] / n, 3),
                "main_pots_won": tally.pots_won[seat],
                "rebuys": tally.rebuys[seat],
            }
            for seat in range(len(kinds))
        ],
        "showdown_rate": round(tally.showdowns / n, 4),
        "trabucos": tally.trabucos,
        "stock_limited_rate": round(tally.stock_limited / n, 4),
        "stock_short_rate": round(tally.stock_short / n, 4),
        "winning_values": {str(v): c for v, c in sorted(tally.winning_values.items())},
    }
