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
(the speed goes to stderr), whatever ``--workers`` or ``--ray``.  ``--out FILE.jsonl``
streams every game's record, or with ``--records decisions`` every decision with the
view it was made from (:mod:`golfo.selfplay`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from golfo.cli.common import PRESETS, UsageError, add_scale_options, positive, seed_number
from golfo.cli.output import Output, progress
from golfo.cli.words import both, header
from golfo.selfplay import RECORDS, report, simulate
from golfo.tournament import BOTS

__all__ = ["add_simulate", "cmd_simulate"]


def add_simulate(sub: Any, rules_help: str) -> None:
    """``golfo simulate``'s options."""
    sim = sub.add_parser(
        "simulate",
        help="bots against bots, with statistics (and data for learning with --out)",
        epilog="Stock limited: hands where a seat found fewer than 5 cards in the stock at its "
        "discard. Stock short: hands where a seat found fewer than 5 and discarded all there "
        "were. Winning values: the main pot winner's value, at showdowns.",
    )
    sim.add_argument(
        "--hands", type=positive, default=1000, metavar="N", help="hands to play (default: 1000)"
    )
    sim.add_argument(
        "--seed",
        type=seed_number,
        default=0,
        metavar="N",
        help="seed for cards and bots (default: 0)",
    )
    sim.add_argument(
        "--bots",
        default="heuristic,random,random",
        metavar="LIST",
        help=f"3 or 4 seats, comma separated: {', '.join(BOTS)}, or module:Class for a bot "
        "of your own (default: heuristic,random,random)",
    )
    sim.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default="tradicional",
        help=f"{rules_help} (default: tradicional)",
    )
    sim.add_argument(
        "--game-hands",
        type=positive,
        default=100,
        metavar="N",
        help="in open-ended games, start a new game after this many hands (default: 100)",
    )
    add_scale_options(sim)
    sim.add_argument(
        "--out",
        metavar="FILE",
        help="also write JSON Lines to FILE, streamed: every game's record, or every "
        "decision with --records decisions (default: none)",
    )
    sim.add_argument(
        "--records",
        choices=RECORDS,
        default="games",
        help="what --out receives: games (one golfo/1 record per line) or decisions (each "
        "seat's view at each decision, with the action taken) (default: games)",
    )
    sim.add_argument(
        "--json",
        action="store_true",
        help="write the report as JSON, the same bytes for the same seed (default: tables)",
    )


def _kinds(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if len(kinds) not in (3, 4) or any(k not in BOTS and ":" not in k for k in kinds):
        raise UsageError(
            f"--bots needs 3 or 4 of {', '.join(BOTS)} (or module:Class), comma separated"
        )
    return kinds


def cmd_simulate(args: argparse.Namespace, out: Output) -> int:
    """``golfo simulate``: self-play statistics as tables, or as JSON with ``--json``."""
    kinds = _kinds(args.bots.lower() if ":" not in args.bots else args.bots)
    rules = PRESETS[args.rules]
    start = time.perf_counter()
    sink = None
    try:
        if args.out is not None:
            sink = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        with progress(args.hands, "simulating") as step:
            tally = simulate(
                kinds,
                rules=rules,
                hands=args.hands,
                seed=args.seed,
                game_hands=args.game_hands,
                workers=args.workers,
                ray=args.ray,
                out=sink,
                records=args.records,
                progress=step,
                engine=args.engine,
            )
    except OSError as error:
        raise UsageError(f"cannot write {args.out}: {error.strerror or error}") from None
    except ValueError as error:
        raise UsageError(str(error)) from None
    finally:
        if sink is not None:
            sink.close()
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
