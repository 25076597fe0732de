"""The ``golfo`` command: play against bots, self-play statistics, scoring, replays.

``golfo play`` (you at seat 0 against bots; ``--save`` and ``--resume`` a game), ``golfo
simulate`` (bots against bots, with statistics and data), ``golfo tournament`` (bots
ranked by duplicate play), ``golfo train`` (NetBot's network retrained from nothing,
:mod:`golfo.cli.train`), ``golfo score 9O 8O 7O 6O 3C``,
``golfo replay FILE`` and ``golfo tables`` (an operator's hand on ``golfo serve``'s
database); ``python -m golfo`` is the same command, and ``golfo`` alone prints
the help.

The command has no words of its own for moves: it reads them with
:func:`golfo.notation.parse`, in Spanish or English, and words them with
:mod:`golfo.notation` (:mod:`golfo.cli.words`).  It speaks one language, ``--lang es`` or
``--lang en`` (by default the locale's: :func:`golfo.cli.common.locale_lang`), in lines
wrapped at the terminal's width.  The package:

- :mod:`golfo.cli.play`: the interactive table;
- :mod:`golfo.cli.words`: notation's words in the player's language;
- :mod:`golfo.cli.helptext`: the rules of each phase (``ayuda``) and the memory panel
  (``memoria``);
- :mod:`golfo.cli.results`: a hand's result, rebuys and busts, and the standings;
- :mod:`golfo.cli.simulate`, :mod:`golfo.cli.tournament`, :mod:`golfo.cli.replay`: the
  other subcommands;
- :mod:`golfo.cli.tables`: ``golfo tables``, the operator's list, archive and delete of a
  server's tables;
- :mod:`golfo.cli.output`: ``rich`` tables when installed (the ``golfo[cli]`` extra),
  plain text otherwise.

``import golfo`` never imports this package, nor ``rich``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence

from golfo import __version__
from golfo.cards import Card
from golfo.cli.common import (
    PRESETS,
    UsageError,
    add_lang_option,
    locale_lang,
    positive,
    seed_number,
)
from golfo.cli.output import Output
from golfo.cli.play import cmd_play
from golfo.cli.replay import cmd_replay
from golfo.cli.simulate import add_simulate, cmd_simulate
from golfo.cli.tables import add_tables, cmd_tables
from golfo.cli.tournament import add_tournament, cmd_tournament
from golfo.cli.train import add_train, cmd_train
from golfo.cli.words import cards_words, pick
from golfo.errors import CardError, GolfoError
from golfo.hand import Hand
from golfo.notation import Lang, reason, suit_letters, suit_name
from golfo.scoring import score

__all__ = ["main", "parser"]

_RULES_HELP = (
    "the rules: tradicional (ante 1, no caps, open-ended, rebuys of your own starting "
    "stack), ludoteka (ante 5, caps 25/50/75/100 per hand, 10 hands of 100 points "
    "each to start with, no rebuys, extra hands on a tie), or the small variants for "
    "solvers, mini (the 8s and 9s of oros and copas, one card each, one discard, fixed "
    "bets of 1 and 2; 2 or 3 players) and mediano (mini with the 7s)"
)


_CARDS_HELP = (
    "Cards are written as a rank, 3 to 9, and a suit letter; the letters are the Spanish "
    f"suits' initials, in English too: {suit_letters('en')}. So 3E is the three of swords, "
    "and 3S is not a card."
)


def _cards(words: list[str], lang: Lang) -> tuple[Card, ...]:
    """The cards ``golfo score`` was given; a :class:`UsageError` in ``lang`` that says what
    the suit letters are when a word is not a card."""
    cards: list[Card] = []
    for word in " ".join(words).replace(",", " ").split():
        try:
            card = Card.parse(word)
        except CardError:
            raise UsageError(reason("bad_card", {"text": word.upper()}, lang=lang)) from None
        if card in cards:
            raise UsageError(reason("card_twice", {"text": str(card)}, lang=lang))
        cards.append(card)
    if not 1 <= len(cards) <= 5:
        raise UsageError(
            pick(
                lang,
                f"una mano tiene de 1 a 5 cartas, no {len(cards)}",
                f"a hand holds 1 to 5 cards, not {len(cards)}",
            )
        )
    return tuple(cards)


def cmd_score(args: argparse.Namespace, out: Output) -> int:
    """``golfo score CARDS``: a hand's value and the cards that count."""
    lang: Lang = args.lang
    hand = Hand(_cards(args.cards, lang))
    s = score(hand)
    out.line(f"{hand}: {pick(lang, f'{s.value} puntos', f'{s.value} points')}")
    if s.suit is not None:
        suit = suit_name(s.suit, lang)
        counting = cards_words(s.cards, lang)
        out.line(f"{pick(lang, 'Cuentan', 'Counting')}, {suit}: {counting}")
        rest = [c for c in hand if c not in s.cards]
        if rest:
            listed = " ".join(map(str, rest))
            out.line(f"{pick(lang, 'No cuentan', 'Not counting')}: {listed}")
    return 0


def parser() -> argparse.ArgumentParser:
    """The command's arguments: every option's help says its default."""
    top = argparse.ArgumentParser(
        prog="golfo",
        description="El Golfo, the Spanish betting card game, in a terminal.",
        epilog="Examples: golfo play · golfo play --lang en (play, replay, simulate, tournament "
        "and score speak Spanish or English; by default the locale's language) · "
        "golfo play --rules ludoteka --players 4 --save game.json"
        " · golfo play --resume game.json · golfo replay game.json · golfo score 9O 8O 7O 6O 3C"
        " · golfo serve · golfo tables list",
    )
    top.add_argument("--version", action="version", version=f"golfo {__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play against bots (you are seat 0)",
        description="Play El Golfo against bots; you are seat 0. Type your moves in Spanish "
        "or English: paso/pass, envido 5/bet 5, voy/call, subo 10/raise 10, no voy/fold, "
        "descarto 3O 5C/discard 3O 5C, me quedo/stand pat, resto/all-in; 'ayuda' (help) "
        "explains the phase in play, 'memoria' (memory) lists the discards seen this hand, "
        "'salir' (quit) leaves the table. " + _CARDS_HELP,
    )
    play.add_argument(
        "--rules", choices=sorted(PRESETS), help=f"{_RULES_HELP} (default: tradicional)"
    )
    play.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        help="seats at the table, you included, as the rules allow: 3 or 4 for tradicional "
        "and ludoteka, 2 or 3 for mini and mediano; with four the dealer sits each hand out "
        "(default: 3)",
    )
    play.add_argument(
        "--hands",
        type=positive,
        metavar="N",
        help="hands in the game (default: the rules' own: open-ended for tradicional, "
        "10 for ludoteka, 1 for mini and mediano)",
    )
    play.add_argument(
        "--seed",
        type=seed_number,
        metavar="N",
        help="seed for the cards and the random bots, a whole number >= 0; the same seed "
        "deals the same cards to the same moves (default: a random seed, printed at the start)",
    )
    play.add_argument(
        "--bots",
        metavar="LIST",
        help="the other seats, comma separated: heuristic, equity, net, random, range or "
        "strong, e.g. heuristic,random (default: heuristic at every seat)",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="save the game as a golfo/1 record at the end of every hand and when you leave "
        "(default: not saved; with --resume, saved back to the resumed file)",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="continue a game saved with --save: you are seat 0 again, the rules and seats "
        "come from the record, the bots from --bots (default: a new game)",
    )
    add_lang_option(play)

    add_simulate(sub, _RULES_HELP)
    add_tournament(sub, _RULES_HELP)
    add_train(sub)

    sc = sub.add_parser(
        "score",
        help="the value of a hand and its counting cards",
        description="The value of a hand: the best total of one suit, at most four cards. "
        + _CARDS_HELP,
    )
    sc.add_argument("cards", nargs="+", help="one to five cards, such as 9O 8O 7O 6O 3C")
    add_lang_option(sc)

    rp = sub.add_parser("replay", help="print a saved game hand by hand")
    rp.add_argument("file", help="a golfo/1 record, as written by golfo play --save")
    add_lang_option(rp)

    sub.add_parser(
        "conformance",
        help="the conformance kit: engine, run, generate, perft (golfo conformance --help)",
        add_help=False,
    )
    sub.add_parser("perft", help="count the action sequences from a position (golfo perft --help)")
    sv = sub.add_parser(
        "serve",
        help="the table server for frontends (extra golfo[server]; golfo serve --help)",
        add_help=False,
    )
    sv.add_argument("args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    add_tables(sub)
    return top


def cmd_serve(args: argparse.Namespace, out: Output) -> int:
    """``golfo serve``: the server's own options and help (golfo.server.run)."""
    try:
        from golfo.server.run import main as serve
    except ImportError as exc:
        raise UsageError(
            f"the server needs the server extra: pip install 'golfo[server]' ({exc.name})"
        ) from None
    return serve(args.args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``golfo`` command; returns the exit status."""
    command_line = parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["serve"]:  # its own options, help included, go to golfo.server
        args = argparse.Namespace(command="serve", args=given[1:])
    elif given[:1] == ["conformance"]:  # the conformance kit's own commands
        from golfo.conformance.command import conformance_main

        return conformance_main(given[1:])
    elif given[:1] == ["perft"]:
        from golfo.conformance.command import perft_main

        return perft_main(given[1:])
    else:
        args = command_line.parse_args(given)
    if args.command is None:
        command_line.print_help()
        return 0
    out = Output()
    commands: dict[str, Callable[[argparse.Namespace, Output], int]] = {
        "play": cmd_play,
        "simulate": cmd_simulate,
        "tournament": cmd_tournament,
        "score": cmd_score,
        "replay": cmd_replay,
        "serve": cmd_serve,
        "tables": cmd_tables,
        "train": cmd_train,
    }
    if args.command == "play" and args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6)
    if getattr(args, "lang", "") is None:
        args.lang = locale_lang(os.environ)
    try:
        return commands[args.command](args, out)
    except UsageError as exc:
        print(f"golfo {args.command}: {exc}", file=sys.stderr)
        return 2
    except GolfoError as exc:
        message = " ".join(str(exc).split())
        print(f"golfo {args.command}: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
