"""``golfo train``: NetBot's network retrained from nothing, or the exploiter's recipe.

``golfo train --out net.golfonet`` runs :func:`golfo.bots.net.training.train` with
its defaults (the seed is the only chance in it: the same seed gives the same network);
``golfo train --against strong --out exploiter.golfonet`` trains the exploiter's recipe
(:data:`golfo.bots.net.training.EXPLOITER`) against one fixed policy instead.  Both
write the training curve with ``--curve FILE.json``.  Needs NumPy and golfo-native.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import attrs

from golfo.cli.common import UsageError, positive, seed_number
from golfo.cli.output import Output

__all__ = ["add_train", "cmd_train"]


def add_train(sub: Any) -> None:
    """``golfo train``'s options."""
    command = sub.add_parser(
        "train",
        help="retrain NetBot's network from nothing, or an exploiter of a bot",
        description="Policy gradient on golfo-native's vector environment (NumPy and "
        "golfo-native needed): NetBot's recipe by default, the exploiter's with --against.",
    )
    command.add_argument(
        "--out",
        default="net.golfonet",
        metavar="FILE",
        help="the network, written every 100 updates and at the end (default: %(default)s)",
    )
    command.add_argument(
        "--decisions",
        type=positive,
        metavar="N",
        help="learning decisions (default: the recipe's: 75 million for NetBot, 20 million "
        "for an exploiter)",
    )
    command.add_argument(
        "--seed", type=seed_number, default=0, metavar="N", help="the run's seed (default: 0)"
    )
    command.add_argument(
        "--against",
        metavar="POLICY",
        help="train the exploiter's recipe against this policy alone: heuristic, equity, range, "
        "strong, net or net:FILE (default: NetBot's recipe)",
    )
    command.add_argument(
        "--curve", metavar="FILE.json", help="write the training curve as JSON (default: none)"
    )
    command.add_argument(
        "--quiet", action="store_true", help="no progress lines (default: one every 20 updates)"
    )


def cmd_train(args: argparse.Namespace, out: Output) -> int:
    """``golfo train``: train, save, and say where."""
    try:
        from golfo_native._nets import policy_name

        from golfo.bots.net import training
    except ImportError as error:
        raise UsageError(
            f"training needs NumPy and golfo-native: pip install 'golfo[analysis]' ./native "
            f"({error.name})"
        ) from None
    config = training.Config() if args.against is None else training.EXPLOITER
    config = attrs.evolve(config, seed=args.seed)
    if args.decisions is not None:
        config = attrs.evolve(config, decisions=args.decisions)
    if args.against is not None:
        try:
            policy_name(args.against)
        except (ValueError, OSError) as error:
            raise UsageError(f"--against: {error}") from None
        config = attrs.evolve(config, target=args.against)

    def show(point: dict[str, Any]) -> None:
        if not args.quiet and point["update"] % 20 == 0:
            chips = ", ".join(f"{k} {v[0]:+.2f}" for k, v in sorted(point["chips"].items()))
            print(
                f"{point['decisions']:>12,} decisions, {point['seconds']:>7.0f} s: {chips}",
                flush=True,
            )

    network, curve = training.train(config, show, checkpoint=lambda net: net.save(args.out))
    network.save(args.out)
    if args.curve:
        with open(args.curve, "w", encoding="utf-8") as f:
            json.dump(curve, f)
    print(f"{args.out}: {network.meta['decisions']:,} decisions in {network.meta['seconds']:.0f} s")
    return 0
