"""What one table may cost the server, and when a table stops counting (issue 33).

A server holds a bounded number of *live* tables (``--max-tables``); these bounds keep each
of them bounded too, and make room again by themselves:

- **Quotas per client address**: live tables created from one address, and seats taken
  from one address at live tables (``--tables-per-client``, ``--seats-per-client``).  The
  address is the one :mod:`golfo.server.throttle` counts (behind a trusted proxy, the
  client it names; an IPv6 address's /64).
- **Archiving**: a game that is over is archived at once; a live table that nobody attended
  for long enough is archived as abandoned (``--abandon-after``, ``--abandon-unseated``).
  Archived tables do not count, are not loaded when the server starts, and stay readable.
- **Bounded work**: the server's own moves at a table (bots, turn timers, the next hand)
  wait at least ``--min-bot-delay`` seconds; they happen only while the table is attended
  (``--unattended-play`` lets them go on regardless); a game ends cleanly after
  ``--max-hands`` hands, and a table stops once its log holds ``--max-actions`` actions.

*Attended*: a table where a person has sat is attended while a socket of one of its
people's seats is connected (spectators do not count); a table where nobody has sat (bots
and free seats only) is attended while any socket, a spectator's, is connected.
"""

from __future__ import annotations

import argparse
from typing import Any

import attrs

__all__ = ["Bounds", "add_arguments", "from_arguments"]


@attrs.frozen
class Bounds:
    """Bounds on each table's work and on each client address, and when tables are archived
    (:mod:`golfo.server.bounds`).  The defaults are ``golfo serve``'s."""

    tables_per_client: int | None = 20
    """Live tables created from one client address at most (``None``: no quota)."""
    seats_per_client: int | None = 40
    """Seats at live tables taken from one client address at most (``None``: no quota)."""
    abandon_after: float = 3600.0
    """Seconds after which a live table where a person has sat, not attended and not moved
    since, is archived as abandoned."""
    abandon_unseated: float = 600.0
    """The same for a table where nobody has ever sat."""
    min_bot_delay: float = 0.25
    """The shortest wait, in seconds, before any move the server makes itself at a table (a
    bot's, a turn timer's, the next hand, the end of the game): a table's shorter
    ``bot_delay``, ``timer`` or ``pause`` waits this long instead."""
    unattended: bool = False
    """Whether tables move by themselves while nobody attends them (off: they pause)."""
    max_hands: int = 1000
    """The most hands a game plays: more is refused at creation; an open-ended game ends
    after this many (the server's ``end_game``), a game that goes past it (extra hands after
    a tie) stops."""
    max_actions: int = 100_000
    """A table stops (archived, reason ``limit``) once its log holds this many actions."""

    @property
    def period(self) -> float:
        """Seconds between two rounds of upkeep (attendance noted, idle tables archived): a
        quarter of the shorter wait before archiving, between 0.1 and 5 seconds."""
        return min(5.0, max(0.1, min(self.abandon_after, self.abandon_unseated) / 4))


def _quota(text: str) -> int | None:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"0 (no quota) or more, got {number}")
    return number or None


def count(text: str) -> int:
    """An option's whole number, 1 or more (``golfo serve``'s counts)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"at least 1, got {number}")
    return number


def _seconds(low: float) -> Any:
    def read(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not low <= number < float("inf"):
            raise argparse.ArgumentTypeError(f"{low:g} or more, got {text}")
        return number

    return read


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``golfo serve`` for :class:`Bounds`."""
    defaults = Bounds()
    parser.add_argument(
        "--tables-per-client",
        type=_quota,
        default=defaults.tables_per_client,
        metavar="N",
        help="live tables one client address may have created (0: no quota)",
    )
    parser.add_argument(
        "--seats-per-client",
        type=_quota,
        default=defaults.seats_per_client,
        metavar="N",
        help="seats one client address may hold at live tables (0: no quota)",
    )
    parser.add_argument(
        "--abandon-after",
        type=_seconds(0.1),
        default=defaults.abandon_after,
        metavar="SECONDS",
        help="a live table where a person has sat is archived as abandoned once none of its "
        "people has been connected, and nothing has moved, for this long",
    )
    parser.add_argument(
        "--abandon-unseated",
        type=_seconds(0.1),
        default=defaults.abandon_unseated,
        metavar="SECONDS",
        help="the same for a table where nobody has sat, once no socket (a spectator's) has "
        "been connected for this long",
    )
    parser.add_argument(
        "--min-bot-delay",
        type=_seconds(0.0),
        default=defaults.min_bot_delay,
        metavar="SECONDS",
        help="the shortest wait before any move the server makes itself (bots, turn timers, "
        "the next hand): a table asking for less waits this long",
    )
    parser.add_argument(
        "--unattended-play",
        action="store_true",
        help="tables move by themselves (bots, timers, next hands) even while nobody attends "
        "them; off, such a table pauses until a player (or, at a table of bots, a spectator) "
        "connects",
    )
    parser.add_argument(
        "--max-hands",
        type=count,
        default=defaults.max_hands,
        metavar="N",
        help="the most hands a game plays: a table asking for more is refused; an open-ended "
        "game ends after this many",
    )
    parser.add_argument(
        "--max-actions",
        type=count,
        default=defaults.max_actions,
        metavar="N",
        help="a table stops (archived) once its log holds this many actions",
    )


def from_arguments(args: argparse.Namespace) -> Bounds:
    """The :class:`Bounds` that :func:`add_arguments`' options give."""
    return Bounds(
        tables_per_client=args.tables_per_client,
        seats_per_client=args.seats_per_client,
        abandon_after=args.abandon_after,
        abandon_unseated=args.abandon_unseated,
        min_bot_delay=args.min_bot_delay,
        unattended=args.unattended_play,
        max_hands=args.max_hands,
        max_actions=args.max_actions,
    )
