"""``golfo simulate``: bots against bots, with statistics.

Over the hands played: per seat the net chips (sum of the hands' payoffs), main pots won
and rebuys; the showdown rate; the winning hand values (the value of the hand that took
the main pot, at showdowns only: a win by folds shows nothing); the trabucos (hands where
mano showed the best hand of the rules, 30 points in El Golfo, and won the main pot, R11);
and two measures of the stock running short in the discards, both read from the states:
*stock limited*, the share of hands where some seat, at its turn to discard, found fewer
cards in the stock than a hand holds (five in El Golfo: it could not change its whole
hand); and *stock short*, the share of hands where some seat found fewer and discarded
every card there was (or found none), so it was held back by the stock.  The report's
words follow the rules played (``--rules mini``: a one-card hand, 9 points the best).
Open-ended games (traditional rules) restart every ``--game-hands`` hands so that stacks
stay comparable.  ``--json`` writes the same report as JSON, with nothing time-dependent
in it: the same seed gives the same bytes (the speed goes to stderr), whatever
``--workers`` or ``--ray``.  ``--out FILE.jsonl`` streams every game's record, or with
``--records decisions`` every decision with the view it was made from
(:mod:`golfo.selfplay`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from golfo.cli.common import (
    PRESETS,
    UsageError,
    add_lang_option,
    add_scale_options,
    positive,
    seed_number,
)
from golfo.cli.output import Output, progress
from golfo.cli.words import best_hand_words, pick, speed_line, stock_words
from golfo.notation import Lang
from golfo.selfplay import RECORDS, report, simulate
from golfo.tournament import BOTS

__all__ = ["add_simulate", "cmd_simulate"]


def add_simulate(sub: Any, rules_help: str) -> None:
    """``golfo simulate``'s options."""
    sim = sub.add_parser(
        "simulate",
        help="bots against bots, with statistics (and data for learning with --out)",
        epilog="Stock limited: hands where a seat found fewer cards in the stock than a hand "
        "holds (5 in El Golfo) at its discard. Stock short: hands where a seat found fewer and "
        "discarded all there were. Winning values: the main pot winner's value, at showdowns. "
        "Trabucos: hands where mano showed the rules' best hand (30 points in El Golfo: 9, 8, 7 "
        "and 6 of one suit) and won the main pot.",
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
    add_lang_option(sim)


def _kinds(text: str, sizes: tuple[int, ...] = (3, 4)) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if len(kinds) not in sizes or any(k not in BOTS and ":" not in k for k in kinds):
        count = " or ".join(map(str, sizes))
        raise UsageError(
            f"--bots needs {count} of {', '.join(BOTS)} (or module:Class), comma separated"
        )
    return kinds


def cmd_simulate(args: argparse.Namespace, out: Output) -> int:
    """``golfo simulate``: self-play statistics as tables, or as JSON with ``--json``."""
    lang: Lang = args.lang
    rules = PRESETS[args.rules]
    kinds = _kinds(args.bots.lower() if ":" not in args.bots else args.bots, rules.table_sizes)
    start = time.perf_counter()
    sink = None
    try:
        if args.out is not None:
            sink = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        with progress(args.hands, pick(lang, "simulando", "simulating")) as step:
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
    speed = speed_line(tally.hands, seconds, lang)
    if args.json:
        print(json.dumps(data, indent=2))
        print(speed, file=sys.stderr)
        return 0
    games = tally.games
    plural = "" if games == 1 else "s"
    out.line(
        " · ".join(
            [
                pick(lang, f"{tally.hands} manos", f"{tally.hands} hands"),
                pick(lang, f"{games} partida{plural}", f"{games} game{plural}"),
                pick(lang, f"reglas {args.rules}", f"{args.rules} rules"),
                f"bots {','.join(kinds)}",
                pick(lang, f"semilla {args.seed}", f"seed {args.seed}"),
            ]
        )
    )
    out.table(
        pick(lang, "Resultados por asiento", "Results per seat"),
        (
            pick(lang, "asiento", "seat"),
            "bot",
            pick(lang, "fichas netas", "net chips"),
            pick(lang, "por mano", "per hand"),
            pick(lang, "botes ganados", "main pots won"),
            pick(lang, "recompras", "rebuys"),
        ),
        [
            (s["seat"], s["bot"], s["net"], s["net_per_hand"], s["main_pots_won"], s["rebuys"])
            for s in data["seats"]
        ],
    )
    out.line(
        f"{pick(lang, 'Manos enseñadas', 'Showdown rate')}: {data['showdown_rate']:.1%} · "
        + pick(
            lang,
            "manos que acabaron enseñando las cartas",
            "hands that ended in a showdown",
        )
    )
    best = best_hand_words(rules, lang)
    out.line(
        f"Trabucos: {tally.trabucos} · "
        + pick(
            lang,
            f"manos en que el mano enseñó {best} y ganó el bote",
            f"hands where mano showed {best} and won the main pot",
        )
    )
    short, limited = data["stock_short_rate"], data["stock_limited_rate"]
    out.line(
        f"{pick(lang, 'Mazo corto', 'Stock short')}: {short:.1%} · "
        + stock_words(rules, lang, short=True)
    )
    out.line(
        f"{pick(lang, 'Mazo limitado', 'Stock limited')}: {limited:.1%} · "
        + stock_words(rules, lang, short=False)
    )
    if tally.winning_values:
        top = max(tally.winning_values.values())
        out.table(
            pick(lang, "Valores ganadores al enseñar", "Winning hand values at showdown"),
            (
                pick(lang, "valor", "value"),
                pick(lang, "manos", "hands"),
                pick(lang, "histograma", "histogram"),
            ),
            [
                (value, count, "#" * max(1, round(40 * count / top)))
                for value, count in sorted(tally.winning_values.items())
            ],
        )
    out.line(speed)
    return 0
