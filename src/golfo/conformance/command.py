"""``golfo conformance ...`` and ``golfo perft``: the kit's commands.

- ``golfo conformance engine``: golfo itself behind the engine protocol (standard input and
  output);
- ``golfo conformance run --engine "COMMAND" [--games N] [--seed S] [--jobs J]
  [--vectors DIR] [--corpus FILE]``: the lockstep runner (``--jobs``: the random games
  shared among J processes, each with an engine of its own; the same games);
- ``golfo conformance generate --seed S --games N [--out FILE]``: a corpus;
- ``golfo conformance perft --engine "COMMAND" [--depth D]``: an engine's perft counts
  against golfo's, position by position (the variants' too, for an engine that announces
  them);
- ``golfo perft [--depth D] [--position NAME | --record FILE | --rules mini|mediano]``:
  golfo's counts.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from golfo.cards import DECK
from golfo.chance import deal_from
from golfo.conformance.corpus import CORPUS_GAMES, CORPUS_SEED, generate
from golfo.conformance.perft import POSITIONS, VARIANT_POSITIONS, perft
from golfo.conformance.protocol import serve
from golfo.conformance.runner import TIMEOUT, VECTORS, Engine, EngineError, Runner
from golfo.records import from_json
from golfo.reducer import new_game
from golfo.rules import PRESETS
from golfo.shuffle import shuffled_deck

__all__ = ["VARIANT_PRESETS", "conformance_main", "perft_main"]

VARIANT_PRESETS: Final = {name: rules for name, rules in PRESETS.items() if rules.is_variant}
"""The variants among :data:`golfo.rules.PRESETS` (``mini``, ``mediano``): what ``golfo perft
--rules`` counts from (golfo's own counts: the kit's positions,
:data:`golfo.conformance.perft.POSITIONS`, are El Golfo's, for every engine)."""


def _parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="golfo conformance",
        description="The conformance kit for other implementations (docs/conformance.md).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    sub.add_parser("engine", help="golfo itself behind the engine protocol (stdin/stdout)")
    run = sub.add_parser(
        "run",
        help="play golfo and an engine side by side",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    run.add_argument("--engine", required=True, help="the command line that starts the engine")
    run.add_argument("--games", type=int, default=200, help="random games in lockstep")
    run.add_argument("--seed", type=int, default=0, help="seed of the random games")
    run.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes for the random games, each with its own engine (0: one per CPU)",
    )
    run.add_argument(
        "--vectors", type=Path, default=VECTORS, help="the folder of conformance vectors"
    )
    run.add_argument("--corpus", type=Path, help="also replay a generated corpus (.jsonl[.gz])")
    run.add_argument(
        "--out", type=Path, default=Path("."), help="where to write divergences' records"
    )
    run.add_argument(
        "--timeout", type=float, default=TIMEOUT, help="seconds the engine has per request"
    )
    run.add_argument(
        "--max-divergences", type=int, help="stop after this many divergences (default: none)"
    )
    gen = sub.add_parser(
        "generate",
        help="write a corpus of random games with legal moves at every step",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    gen.add_argument("--seed", type=int, default=CORPUS_SEED, help="the corpus's seed")
    gen.add_argument("--games", type=int, default=CORPUS_GAMES, help="games")
    gen.add_argument(
        "--out", type=Path, help="the file (.jsonl, or .jsonl.gz compressed); default stdout"
    )
    pf = sub.add_parser(
        "perft",
        help="an engine's perft counts against golfo's",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    pf.add_argument("--engine", required=True, help="the command line that starts the engine")
    pf.add_argument("--depth", type=int, default=4, help="the deepest depth checked")
    pf.add_argument(
        "--timeout", type=float, default=60.0, help="seconds the engine has per request"
    )
    return top


def conformance_main(argv: Sequence[str] | None = None) -> int:
    """``golfo conformance COMMAND ...``; the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "engine":
        return serve()
    if args.command == "generate":
        text = generate(args.seed, args.games)
        if args.out is None:
            sys.stdout.write(text)
        elif args.out.suffix == ".gz":
            args.out.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
        else:
            args.out.write_text(text, encoding="utf-8")
        return 0
    try:
        engine = Engine(args.engine, timeout=args.timeout)
    except (EngineError, OSError) as error:
        print(f"golfo conformance: cannot start the engine: {error}", file=sys.stderr)
        return 2
    try:
        if args.command == "perft":
            return _check_perft(engine, args.depth)
        runner = Runner(
            engine,
            out=sys.stdout,
            divergence_dir=args.out,
            max_divergences=args.max_divergences,
        )
        began = time.perf_counter()
        try:
            runner.vectors(args.vectors)
            if args.corpus is not None:
                runner.corpus(args.corpus)
            jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
            runner.random_games(args.games, args.seed, jobs=jobs)
        except EngineError as error:
            print(f"golfo conformance: the engine failed: {error}")
        print(f"{runner.summary()} ({time.perf_counter() - began:.1f} s)")
        return 0 if not runner.divergences and runner.games else 1
    finally:
        engine.close()


def _check_perft(engine: Engine, depth: int) -> int:
    wrong = 0
    positions = {**POSITIONS, **(VARIANT_POSITIONS if engine.variants else {})}
    for name, position in positions.items():
        engine.start(position.state)
        for d in range(1, depth + 1):
            ours = perft(position.state, d, position.deck)
            if engine.perft:
                deck = [str(c) for c in position.deck]
                answer = engine.request({"cmd": "perft", "depth": d, "deck": deck})
                theirs = answer.get("count")
            else:
                theirs = "(the engine has no perft)"
            status = "ok" if theirs == ours else "DIFFERS"
            wrong += status != "ok"
            print(f"{name} depth {d}: golfo {ours}, engine {theirs}: {status}")
    print(f"golfo conformance perft: {wrong} difference{'s' if wrong != 1 else ''}")
    return 0 if wrong == 0 else 1


def perft_main(argv: Sequence[str] | None = None) -> int:
    """``golfo perft [--depth D] [--position NAME | --record FILE | --rules NAME]``; the exit
    status."""
    parser = argparse.ArgumentParser(
        prog="golfo perft",
        description="Count the distinct sequences of actions from a position: chance deals "
        "the next card of a fixed deck, every decision branches over all its legal actions.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--depth", type=int, default=5, help="count depths 1 to this")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--position", choices=sorted(POSITIONS), default="start", help="a published position"
    )
    where.add_argument("--record", type=Path, help="the final state of a golfo/1 record")
    where.add_argument(
        "--rules",
        choices=sorted(VARIANT_PRESETS),
        help="the first betting round of a new game of a variant of the rules, dealt from "
        "shuffled_deck(--deck-seed, or 1)",
    )
    parser.add_argument(
        "--players",
        type=int,
        help="with --rules: the seats, one of the rules' table sizes (default: the smallest)",
    )
    parser.add_argument(
        "--deck-seed",
        type=int,
        help="with --record: the deck order is shuffled_deck(SEED) (default: canonical order)",
    )
    args = parser.parse_args(argv)
    if args.rules is not None:
        rules = VARIANT_PRESETS[args.rules]
        players = rules.table_sizes[0] if args.players is None else args.players
        if players not in rules.table_sizes:
            parser.error(f"--rules {args.rules} is played by {rules.table_sizes} seats")
        deck = shuffled_deck(1 if args.deck_seed is None else args.deck_seed)
        state = deal_from(new_game(rules, players=players), deck)
        label = f"{args.rules}, {players} seats: the first betting round"
    elif args.record is not None:
        state = from_json(args.record.read_text(encoding="utf-8"))
        deck = shuffled_deck(args.deck_seed) if args.deck_seed is not None else tuple(DECK)
        label = str(args.record)
    else:
        position = POSITIONS[args.position]
        state, deck, label = (
            position.state,
            position.deck,
            f"{position.name}: {position.description}",
        )
    print(label)
    for d in range(1, args.depth + 1):
        began = time.perf_counter()
        count = perft(state, d, deck)
        print(f"depth {d}: {count} ({time.perf_counter() - began:.2f} s)")
    return 0
