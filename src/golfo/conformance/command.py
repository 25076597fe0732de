"""``golfo conformance ...`` and ``golfo perft``: the kit's commands.

- ``golfo conformance engine``: golfo itself behind the engine protocol (standard input and
  output);
- ``golfo conformance run --engine "COMMAND" [--games N] [--seed S] [--jobs J]
  [--vectors DIR] [--corpus FILE] [--select WHAT] [--known FILE] [--words] [--out DIR]
  [--report FILE] [--junit FILE]``: the lockstep runner (``--jobs``: the random games
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
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from golfo.cards import DECK
from golfo.chance import deal_from
from golfo.conformance.corpus import CORPUS_GAMES, CORPUS_SEED, generate
from golfo.conformance.findings import KnownDifferences, Selection
from golfo.conformance.perft import POSITIONS, VARIANT_POSITIONS, perft
from golfo.conformance.protocol import serve
from golfo.conformance.report import junit_xml, not_seen, report_data
from golfo.conformance.runner import TIMEOUT, Engine, EngineError, Runner
from golfo.conformance.suite import VECTORS, folder_problem, suite_info, vector_games
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
    run.add_argument(
        "--corpus",
        type=Path,
        help="also replay a generated corpus (.jsonl[.gz]), such as the shipped "
        "conformance/corpus.jsonl.gz; none is replayed unless given",
    )
    run.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="WHAT",
        help="play only the games with this id or id glob (06-side-pots, 0*, negative/*, "
        "random/3), rule (R8) or tag (vector, negative, corpus, random, variant); "
        "repeat it or separate with commas (default: everything)",
    )
    run.add_argument(
        "--known",
        type=Path,
        help="a file of known differences: vector ids and rules the engine deliberately "
        "does not follow, one a line (# comments); reported apart from failures",
    )
    run.add_argument(
        "--words",
        action="store_true",
        help="also compare the views' words (phase names, buttons, events' text), reported apart",
    )
    run.add_argument(
        "--out", type=Path, help="write each divergence's record into this folder (default: none)"
    )
    run.add_argument("--report", type=Path, help="write a JSON report of the run to this file")
    run.add_argument("--junit", type=Path, help="write a JUnit XML report to this file")
    run.add_argument(
        "--timeout", type=float, default=TIMEOUT, help="seconds the engine has per request"
    )
    run.add_argument(
        "--max-divergences", type=int, help="stop after this many failures (default: none)"
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
    if args.command == "run":
        problem = _run_problem(args)
        if problem is not None:
            print(f"golfo conformance: {problem}", file=sys.stderr)
            return 2
    try:
        engine = Engine(args.engine, timeout=args.timeout)
    except (EngineError, OSError) as error:
        print(f"golfo conformance: cannot start the engine: {error}", file=sys.stderr)
        return 2
    try:
        if args.command == "perft":
            return _check_perft(engine, args.depth)
        return _run(engine, args)
    finally:
        engine.close()


def _patterns(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(p.strip() for value in values for p in value.split(",") if p.strip())


def _run_problem(args: argparse.Namespace) -> str | None:
    """Why the options of ``run`` cannot make a run (``None``: they can); reads
    ``--known`` into ``args.known_differences``."""
    problem = folder_problem(args.vectors)
    if problem is not None:
        return f"--vectors: {problem}"
    if args.corpus is not None and not args.corpus.is_file():
        return f"--corpus: {args.corpus} is not a file"
    games = [game.info for game in vector_games(args.vectors)]
    unmatched = Selection(_patterns(args.select)).unmatched(games)
    if unmatched:
        return (
            f"--select {', '.join(unmatched)}: no vector id, rule of a vector or tag "
            "(vector, negative, corpus, random, variant) matches"
        )
    args.known_differences = KnownDifferences()
    if args.known is not None:
        try:
            args.known_differences = KnownDifferences.read(args.known)
        except (OSError, ValueError) as error:
            return f"--known: {error}"
        unknown = args.known_differences.unknown(games)
        if unknown:
            return f"--known {args.known}: no vector has the id {', '.join(unknown)}"
    return None


def _run(engine: Engine, args: argparse.Namespace) -> int:
    """``golfo conformance run``: the parts, the summary, the reports; the exit status."""
    runner = Runner(
        engine,
        out=sys.stdout,
        divergence_dir=args.out,
        max_divergences=args.max_divergences,
        select=Selection(_patterns(args.select)),
        known=args.known_differences,
        words=args.words,
    )
    began = time.perf_counter()
    failure = None
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    try:
        runner.vectors(args.vectors)
        if args.corpus is not None:
            runner.corpus(args.corpus)
        runner.random_games(args.games, args.seed, jobs=jobs)
    except EngineError as error:
        failure = str(error)
        print(f"golfo conformance: the engine failed: {error}")
    seconds = time.perf_counter() - began
    for game, why in runner.left_out:
        print(f"left out: {game.id}: {why}")
    for entry in not_seen(runner):
        print(f"known difference not seen: {entry} (nothing it covers diverged)")
    if not runner.outcomes:
        print("golfo conformance: no game was played (see --select, --games)")
    options = {
        "vectors": str(args.vectors), "corpus": None if args.corpus is None else str(args.corpus),
        "games": args.games, "seed": args.seed, "jobs": jobs,
        "select": list(_patterns(args.select)),
        "known": None if args.known is None else str(args.known),
        "known_entries": list(runner.known.entries), "words": args.words,
        "out": None if args.out is None else str(args.out),
    }  # fmt: skip
    if args.report is not None:
        data = report_data(
            runner, suite=suite_info(args.vectors), options=options, seconds=seconds,
            failure=failure,
        )  # fmt: skip
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        args.report.write_text(text, encoding="utf-8")
    if args.junit is not None:
        args.junit.write_text(junit_xml(runner, seconds=seconds, failure=failure), "utf-8")
    print(f"{runner.summary()} ({seconds:.1f} s)")
    words = args.words and any(o.words is not None for o in runner.outcomes)
    clean = runner.outcomes and not runner.failures and failure is None and not words
    return 0 if clean else 1


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
