"""``golfo tournament``: bots ranked by their chips per 100 hands, with confidence intervals.

It runs :func:`golfo.tournament.tournament`: with ``--duplicate`` every deal is played once
per order of the bots over the seats (6 for three seats, 24 for four), so card luck and seat
order cancel.  The table gives each bot's
net chips per 100 hands with a 95% confidence interval, then how far each bot finished
ahead of each other one (paired by deal); ``--json`` writes the same as JSON (the same
bytes for the same seed, whatever ``--workers`` or ``--ray``), ``--plot FILE.png`` each
bot's cumulative result (needs ``golfo[plot]``).
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
from golfo.cli.words import pick, speed_line
from golfo.notation import Lang
from golfo.tournament import BOTS, plot, tournament

__all__ = ["add_tournament", "cmd_tournament"]


def add_tournament(sub: Any, rules_help: str) -> None:
    """``golfo tournament``'s options."""
    command = sub.add_parser(
        "tournament",
        help="bots ranked by chips per 100 hands, with 95%% confidence intervals",
        description="Bots against bots, one hand per deal from fresh stacks; with "
        "--duplicate each deal is played once per order of the bots over the seats.",
    )
    command.add_argument(
        "--bots",
        default="equity,heuristic,random",
        metavar="LIST",
        help=f"3 or 4 seats, comma separated: {', '.join(BOTS)}, or module:Class for a bot "
        "of your own (default: equity,heuristic,random)",
    )
    command.add_argument(
        "--hands", type=positive, default=3000, metavar="N", help="hands to play (default: 3000)"
    )
    command.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per order of the bots over the seats (6 for three, 24 for "
        "four), so card luck and seat order cancel "
        "(default: each deal once, the bots rotating from deal to deal)",
    )
    command.add_argument(
        "--seed",
        type=seed_number,
        default=0,
        metavar="N",
        help="seed for cards and bots (default: 0)",
    )
    command.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default="ludoteka",
        help=f"{rules_help} (default: ludoteka: its caps bound the bets, so the chips won "
        "measure the play, not the stacks)",
    )
    add_scale_options(command, arena=True)
    command.add_argument(
        "--json", action="store_true", help="write the result as JSON (default: tables)"
    )
    command.add_argument(
        "--plot",
        metavar="FILE.png",
        help="save each bot's cumulative result as a plot (needs golfo[plot]) (default: none)",
    )
    add_lang_option(command)


def _interval(low: float, high: float) -> str:
    return f"[{low:+.1f}, {high:+.1f}]"


def cmd_tournament(args: argparse.Namespace, out: Output) -> int:
    """``golfo tournament``: the ranking as tables, or as JSON with ``--json``."""
    lang: Lang = args.lang
    names = [k.strip() for k in args.bots.split(",") if k.strip()]
    names = [n if ":" in n else n.lower() for n in names]
    sizes = PRESETS[args.rules].table_sizes
    if len(names) not in sizes or any(n not in BOTS and ":" not in n for n in names):
        count = " or ".join(map(str, sizes))
        raise UsageError(
            f"--bots needs {count} of {', '.join(BOTS)} (or module:Class), comma separated"
        )
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise UsageError("--plot needs matplotlib: pip install 'golfo[plot]'") from None
    start = time.perf_counter()
    try:
        with progress(args.hands, pick(lang, "jugando", "playing")) as step:
            result = tournament(
                names,
                rules=PRESETS[args.rules],
                hands=args.hands,
                duplicate=args.duplicate,
                seed=args.seed,
                workers=args.workers,
                ray=args.ray,
                progress=step,
                engine=args.engine,
            )
    except (ValueError, ImportError) as error:
        raise UsageError(str(error)) from None
    seconds = time.perf_counter() - start
    speed = speed_line(result.hands, seconds, lang)
    if args.plot is not None:
        plot(result, args.plot)
    if args.json:
        data = result.to_data()
        data["rules"] = args.rules
        print(json.dumps(data, indent=2))
        print(speed, file=sys.stderr)
        return 0
    kind = (
        pick(lang, "duplicado", "duplicate")
        if result.duplicate
        else pick(lang, "rotando", "rotating")
    )
    out.line(
        " · ".join(
            [
                pick(lang, f"{result.hands} manos", f"{result.hands} hands"),
                pick(lang, f"{result.deals} repartos", f"{result.deals} deals"),
                kind,
                pick(lang, f"reglas {args.rules}", f"{args.rules} rules"),
                pick(lang, f"semilla {args.seed}", f"seed {args.seed}"),
            ]
        )
    )
    ranked = sorted(result.results, key=lambda r: -r.per_100)
    interval = pick(lang, "IC 95%", "95% CI")
    out.table(
        pick(lang, "Fichas por 100 manos", "Chips per 100 hands"),
        ("bot", pick(lang, "por 100 manos", "per 100 hands"), interval, pick(lang, "neto", "net")),
        [(r.name, round(r.per_100, 1), _interval(r.low, r.high), r.net) for r in ranked],
    )
    rows = []
    for i, a in enumerate(ranked):
        for b in ranked[i + 1 :]:
            c = result.compare(a.name, b.name)
            mark = "*" if c.significant else ""
            rows.append(
                (f"{a.name} - {b.name}", round(c.per_100, 1), _interval(c.low, c.high) + mark)
            )
    out.table(
        pick(lang, "Diferencias (por 100 manos)", "Differences (per 100 hands)"),
        ("bots", pick(lang, "diferencia", "difference"), interval),
        rows,
    )
    out.line(pick(lang, "* el intervalo excluye el cero", "* the interval excludes zero"))
    if args.plot is not None:
        out.line(pick(lang, f"Gráfico en {args.plot}", f"Plot saved to {args.plot}"))
    out.line(speed)
    return 0
