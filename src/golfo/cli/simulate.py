"""``golfo simulate``: bots against bots, with statistics.

Over the hands played: per seat the net chips (sum of the hands' payoffs), main pots won
and rebuys; the showdown rate; the winning hand values (the value of the hand that took
the main pot, at showdowns only: a win by folds shows nothing); and two measures of the
stock running short in the discards, both read from the states: *stock limited*, the
share of hands where some seat, at its turn to discard, found fewer than five cards in
the stock (it could not change its whole hand); and *stock short*, the share of hands
where some seat found fewer than five and discarded every card there was (or found
none), so it was held back by the stock.  Open-ended games (traditional rules) restart
every ``--game-hands`` hands so that stacks stay comparable.  ``--json`` writes the same
report as JSON, with nothing time-dependent in it: the same seed gives the same bytes
(the speed goes to stderr).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from golfo.actions import Action, Discard, NextHand
from golfo.bots import new_deck, play_hand
from golfo.cli.common import BOT_KINDS, PRESETS, UsageError, make_bots
from golfo.cli.output import Output, progress
from golfo.cli.words import both, header
from golfo.reducer import apply, new_game
from golfo.rules import Rules
from golfo.state import State

__all__ = ["Tally", "cmd_simulate", "report", "simulate"]


@attrs.define
class Tally:
    """Statistics gathered while bots play."""

    players: int
    hands: int = 0
    games: int = 0
    showdowns: int = 0
    stock_limited: int = 0
    stock_short: int = 0
    trabucos: int = 0
    net: list[int] = attrs.Factory(list)
    pots_won: list[int] = attrs.Factory(list)
    rebuys: list[int] = attrs.Factory(list)
    winning_values: Counter[int] = attrs.Factory(Counter)

    def __attrs_post_init__(self) -> None:
        self.net = [0] * self.players
        self.pots_won = [0] * self.players
        self.rebuys = [0] * self.players


def simulate(
    kinds: Sequence[str],
    rules: Rules,
    hands: int,
    seed: int,
    game_hands: int,
    step: Callable[[int], None] = lambda _n: None,
) -> Tally:
    """Self-play of ``hands`` hands; games restart after ``game_hands`` hands when the rules
    leave them open-ended (and whenever a game ends by the rules)."""
    players = len(kinds)
    bots = make_bots(kinds, seed)
    rng = random.Random(seed)
    tally = Tally(players)
    limited = short = False

    def watch(state: State, action: Action) -> None:
        nonlocal limited, short
        if isinstance(action, Discard):
            room = min(5, state.stock_mask.bit_count())
            if room < 5:
                limited = True
                if len(action.cards) == room:
                    short = True

    state = new_game(rules, players=players)
    tally.games = 1
    in_game = 0
    while tally.hands < hands:
        limited = short = False
        state = play_hand(state, bots, new_deck(rng), on_action=watch)
        result = state.results[-1]
        tally.hands += 1
        in_game += 1
        tally.stock_limited += limited
        tally.stock_short += short
        for seat in range(players):
            tally.net[seat] += result.payoffs[seat]
        if result.pots:
            tally.pots_won[result.pots[0].winner] += 1
        if result.showdown:
            tally.showdowns += 1
            tally.trabucos += result.trabuco
            winner = result.shown[result.pots[0].winner]
            if winner is not None:
                tally.winning_values[winner.value] += 1
        step(1)
        if state.is_over or (rules.hands is None and in_game >= game_hands):
            for seat in range(players):
                tally.rebuys[seat] += state.rebuys[seat]
            if tally.hands < hands:
                state = new_game(rules, players=players)
                tally.games += 1
                in_game = 0
        else:
            state = apply(state, NextHand())
    if not state.is_over and in_game:
        for seat in range(players):
            tally.rebuys[seat] += state.rebuys[seat]
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


def cmd_simulate(args: argparse.Namespace, out: Output) -> int:
    """``golfo simulate``: self-play statistics as tables, or as JSON with ``--json``."""
    kinds = [k.strip().lower() for k in args.bots.split(",") if k.strip()]
    if len(kinds) not in (3, 4) or any(k not in BOT_KINDS for k in kinds):
        raise UsageError(f"--bots needs 3 or 4 of {', '.join(BOT_KINDS)}, comma separated")
    rules = PRESETS[args.rules]
    start = time.perf_counter()
    with progress(args.hands, "simulating") as step:
        tally = simulate(kinds, rules, args.hands, args.seed, args.game_hands, step)
    seconds = time.perf_counter() - start
    data = report(tally, kinds, args.seed, args.rules)
    per_second = f"{tally.hands / seconds:,.0f}"
    speed = (
        f"{tally.hands} manos en {seconds:.2f} s: {per_second} manos por segundo "
        f"({tally.hands} hands in {seconds:.2f} s: {per_second} hands per second)"
    )
    if args.json:
        print(json.dumps(data, indent=2))
        print(speed, file=sys.stderr)
        return 0
    games = tally.games
    out.line(
        " · ".join(
            [
                both(f"{tally.hands} manos", "hands"),
                both(
                    f"{games} partida{'' if games == 1 else 's'}",
                    f"game{'' if games == 1 else 's'}",
                ),
                both(f"reglas {args.rules}", f"{args.rules} rules"),
                f"bots {','.join(kinds)}",
                both(f"semilla {args.seed}", f"seed {args.seed}"),
            ]
        )
    )
    out.table(
        both("Resultados por asiento", "results per seat"),
        (
            header("asiento", "seat"),
            "bot",
            header("fichas netas", "net chips"),
            header("por mano", "per hand"),
            header("botes ganados", "main pots won"),
            header("recompras", "rebuys"),
        ),
        [
            (s["seat"], s["bot"], s["net"], s["net_per_hand"], s["main_pots_won"], s["rebuys"])
            for s in data["seats"]
        ],
    )
    out.line(
        f"{both('Manos enseñadas', 'showdown rate')}: {data['showdown_rate']:.1%} "
        f"({tally.trabucos} trabucos)"
    )
    short, limited = data["stock_short_rate"], data["stock_limited_rate"]
    out.line(
        f"{both('Mazo corto', 'stock short')}: {short:.1%} · "
        + both(
            "un asiento encontró menos de 5 cartas en el mazo y descartó todas las que había",
            "a seat found fewer than 5 cards in the stock and discarded all there were",
        )
    )
    out.line(
        f"{both('Mazo limitado', 'stock limited')}: {limited:.1%} · "
        + both(
            "un asiento encontró menos de 5 cartas en el mazo al descartar",
            "a seat found fewer than 5 cards in the stock at its discard",
        )
    )
    if tally.winning_values:
        top = max(tally.winning_values.values())
        out.table(
            both("Valores ganadores al enseñar", "winning hand values at showdown"),
            (header("valor", "value"), header("manos", "hands"), header("histograma", "histogram")),
            [
                (value, count, "#" * max(1, round(40 * count / top)))
                for value, count in sorted(tally.winning_values.items())
            ],
        )
    out.line(speed)
    return 0
