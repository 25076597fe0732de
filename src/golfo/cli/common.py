"""What the subcommands of ``golfo`` share: the rule presets, the bots, usage errors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from golfo.bots import Bot, HeuristicBot, RandomBot
from golfo.rules import LUDOTEKA, TRADICIONAL, Rules

__all__ = [
    "BOT_KINDS",
    "PRESETS",
    "UsageError",
    "bot_list",
    "make_bots",
    "preset_name",
    "rules_for",
]

PRESETS: Final = {"tradicional": TRADICIONAL, "ludoteka": LUDOTEKA}
"""The rule presets by the name the command takes (``--rules``)."""
BOT_KINDS: Final = ("heuristic", "random")
"""The bots by the name the command takes (``--bots``)."""


class UsageError(Exception):
    """Options that do not fit together: the command exits with status 2."""


def make_bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    """Bots by name (``heuristic`` or ``random``), random ones seeded from ``seed`` and seat."""
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        if kind == "heuristic":
            bots.append(HeuristicBot())
        elif kind == "random":
            bots.append(RandomBot(seed * 16 + seat))
        else:
            raise UsageError(f"unknown bot {kind!r}: use {' or '.join(BOT_KINDS)}")
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


def preset_name(rules: Rules) -> str | None:
    """The name of the preset that ``rules`` are (maybe with another number of hands)."""
    for name, preset in PRESETS.items():
        if rules in (preset, attrs.evolve(preset, hands=rules.hands)):
            return name
    return None
