"""What the subcommands of ``golfo`` share: the rule presets, the bots, the language,
usage errors."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from golfo.bots import Bot, EquityBot, HeuristicBot, NetBot, RandomBot, RangeBot, StrongBot
from golfo.engines import ENGINES
from golfo.notation import LANGS, Lang
from golfo.rules import PRESETS, Rules, preset_name

__all__ = [
    "BOT_KINDS",
    "LOCALE_VARIABLES",
    "PRESETS",
    "UsageError",
    "add_lang_option",
    "add_scale_options",
    "bot_list",
    "locale_lang",
    "make_bots",
    "positive",
    "preset_name",
    "rules_for",
    "seed_number",
]

BOT_KINDS: Final = ("heuristic", "equity", "net", "random", "range", "strong")
"""The bots by the name the command takes (``--bots``)."""


LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that give the default language, the first one set first."""


def locale_lang(environ: Mapping[str, str]) -> Lang:
    """The language of the locale in ``environ``: the first of :data:`LOCALE_VARIABLES`
    that is set and not empty decides; ``en...`` is English, anything else (``es...``,
    ``C``, ``POSIX``, another language) Spanish, as is no locale at all.

    >>> locale_lang({"LANG": "en_GB.UTF-8"}), locale_lang({"LC_ALL": "C", "LANG": "en_US"})
    ('en', 'es')
    >>> locale_lang({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_US"}), locale_lang({})
    ('es', 'es')
    """
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return "en" if value.lower().startswith("en") else "es"
    return "es"


def add_lang_option(command: argparse.ArgumentParser) -> None:
    """``--lang es|en``: the language the command speaks in (``None`` when not given: the
    caller takes :func:`locale_lang`'s)."""
    command.add_argument(
        "--lang",
        choices=LANGS,
        help="the language of everything the command says: es (Spanish) or en (English); "
        "moves are read in either (default: from the locale, LC_ALL, LC_MESSAGES or LANG: "
        "en* is English, anything else Spanish)",
    )


class UsageError(Exception):
    """Options that do not fit together: the command exits with status 2."""


def make_bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    """Bots by name (``heuristic``, ``equity``, ``net``, ``random``, ``range`` or
    ``strong``), seeded from ``seed`` and seat."""
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        if kind == "heuristic":
            bots.append(HeuristicBot())
        elif kind == "random":
            bots.append(RandomBot(seed * 16 + seat))
        elif kind == "equity":
            bots.append(EquityBot(seed * 16 + seat))
        elif kind == "range":
            bots.append(RangeBot(seed * 16 + seat))
        elif kind == "strong":
            bots.append(StrongBot(seed * 16 + seat))
        elif kind == "net":
            bots.append(NetBot(seed * 16 + seat))
        else:
            raise UsageError(f"unknown bot {kind!r}: use {', '.join(BOT_KINDS)}")
    return bots


def bot_list(text: str | None, count: int, option: str = "--bots") -> list[str]:
    """``count`` bot names from ``heuristic,random,...`` (all heuristic when ``None``)."""
    if text is None:
        return ["heuristic"] * count
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if len(kinds) != count or any(k not in BOT_KINDS for k in kinds):
        raise UsageError(f"{option} needs {count} of {', '.join(BOT_KINDS)}, comma separated")
    return kinds


def rules_for(name: str, hands: int | None) -> Rules:
    """The preset ``name``, with ``hands`` hands when given."""
    rules = PRESETS[name]
    if hands is not None:
        rules = attrs.evolve(rules, hands=hands)
    return rules


def positive(text: str) -> int:
    """An option's whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def seed_number(text: str) -> int:
    """An option's seed: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is a whole number >= 0, got {value}")
    return value


def add_scale_options(command: argparse.ArgumentParser, *, arena: bool = False) -> None:
    """``--workers K`` and ``--ray ADDRESS``, which exclude each other, and ``--engine``
    (with ``arena``: the engine ``arena`` too, golfo-native's built-in bots in Rust)."""
    command.add_argument(
        "--engine",
        choices=(*ENGINES, "arena") if arena else ENGINES,
        default="python",
        help="the rules engine: golfo's reducer, or golfo-native's Rust engine (pip install "
        "'golfo[native]'); the same seed gives the same results on both (default: python)"
        + (
            "; or arena: every bot one of golfo-native's built-in policies (heuristic, "
            "random, equity, range, strong, net, net:FILE), played inside Rust, hundreds of times "
            "faster"
            if arena
            else ""
        ),
    )
    where = command.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive,
        metavar="K",
        help="processes on this machine (default: one per core); the results do not depend on it",
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run on a Ray cluster instead: auto (the current cluster), an address such as "
        "ray://head:10001, or local (start one here); needs golfo[ray] (default: none, a local "
        "process pool)",
    )
