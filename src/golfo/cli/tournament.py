"""``golfo tournament``: bots ranked by their chips per 100 hands, with confidence intervals.

It runs :func:`golfo.tournament.tournament`: with ``--duplicate`` every deal is played once
per rotation of the bots over the seats, so card luck cancels.  The table gives each bot's
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

from golfo.cli.common import PRESETS, UsageError, add_scale_options, positive, seed_number
from golfo.cli.output import Output, progress
from golfo.cli.words import both, header
from golfo.tournament import BOTS, plot, tournament

__all__ = ["add_tournament", "cmd_tournament"]


def add_tournament(sub: Any, rules_help: str) -> None:
    """``golfo tournament``'s options."""
    command = sub.add_parser(
        "tournament",
        help="bots ranked by chips per 100 hands, with 95%% confidence intervals",
        description="Bots against bots, one hand per deal from fresh stacks; with "
        "--duplicate each deal is played once per rotation of the bots over the seats.",
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
        help="play each deal once per rotation of the bots, so card luck cancels "
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
    add_scale_options(command)
    command.add_argument(
        "--json", action="store_true", help="write the result as JSON (default: tables)"
    )
    command.add_argument(
        "--plot",
        metavar="FILE.png",
        help="save each bot's cumulative result as a plot (needs golfo[plot]) (default: none)",
    )


def _interval(low: float, high: float) -> str:
    return f"[{low:+.1f}, {high:+.1f}]"


def cmd_tournament(args: argparse.Namespace, out: Output) -> int:
    """``golfo tournament``: the ranking as tables, or as JSON with ``--json``."""
    names = [k.strip() for k in args.bots.split(",") if k.strip()]
    names = [n if ":" in n else n.lower() for n in names]
    if len(names) not in (3, 4) or any(n not in BOTS and ":" not in n for n in names):
        raise UsageError(
            f"--bots needs 3 or 4 of {', '.join(BOTS)} (or module:Class), comma separated"
        )
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise UsageError("--plot needs matplotlib: pip install 'golfo[plot]'") from None
    start = time.perf_counter()
    try:
        with progress(args.hands, "playing") as step:
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
    per_second = f"{result.hands / seconds:,.0f}"
    speed = (
        f"{result.hands} manos en {seconds:.2f} s: {per_second} manos por segundo "
        f"({result.hands} hands in {seconds:.2f} s: {per_second} hands per second)"
    )
    if args.plot is not None:
        plot(result, args.plot)
    if args.json:
        data = result.to_data()
        data["rules"] = args.rules
        print(json.dumps(data, indent=2))
        print(speed, file=sys.stderr)
        return 0
    kind = both("duplicado", "duplicate") if result.duplicate else both("rotando", "rotating")
    out.line(
        " · ".join(
            [
                both(f"{result.hands} manos", "hands"),
                both(f"{result.deals} repartos", "deals"),
                kind,
                both(f"reglas {args.rules}", f"{args.rules} rules"),
                both(f"semilla {args.seed}", f"seed {args.seed}"),
            ]
        )
    )
    ranked = sorted(result.results, key=lambda r: -r.per_100)
    out.table(
        both("Fichas por 100 manos", "chips per 100 hands"),
        ("bot", header("por 100 manos", "per 100 hands"), header("IC 95%", "95% CI"), "net"),
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
        both("Diferencias (por 100 manos)", "differences (per 100 hands)"),
        ("bots", header("diferencia", "difference"), header("IC 95%", "95% CI")),
        rows,
    )
    out.line(both("* el intervalo excluye el cero", "the interval excludes zero"))
    if args.plot is not None:
        out.line(both(f"Gráfico en {args.plot}", f"plot saved to {args.plot}"))
    out.line(speed)
    return 0
