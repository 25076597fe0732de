"""Rule settings: antes, minimum bets, caps, game length, rebuys, and the variant played.

Beside the settings of El Golfo itself, a :class:`Rules` names a variant of the game, for
research: the deck (``ranks``, ``suits``), the deals (``deal_sizes``), the discard and
betting rounds played, the cards that count in a suit, fixed-limit betting and the table
sizes allowed.  Their defaults are El Golfo's, and :data:`MINI` and :data:`MEDIANO` are two
small variants (``docs/rules.md``, *Variants*).

>>> from golfo import LUDOTEKA, TRADICIONAL, Rules
>>> TRADICIONAL.ante, TRADICIONAL.hands, LUDOTEKA.round_caps
(1, None, (25, 50, 75, 100))
>>> import attrs
>>> attrs.evolve(TRADICIONAL, ante=2).ante
2
>>> attrs.evolve(LUDOTEKA, hands=20).starting_stack   # 100 points a hand (R16)
2000
>>> Rules(ante=-1)
Traceback (most recent call last):
...
golfo.errors.RulesError: ante must be a whole number >= 0, got -1
>>> len(MINI.deck), MINI.deal_sizes, [p.value for p in MINI.phases]
(4, (1, 0), ['deal_1', 'bet_1', 'discard_1', 'bet_3', 'showdown'])

The presets by name, the one registry every command, server and environment reads
(:data:`PRESETS`):

>>> from golfo import PRESETS
>>> {name: rules.table_sizes for name, rules in PRESETS.items()}
{'tradicional': (3, 4), 'ludoteka': (3, 4), 'mini': (2, 3), 'mediano': (2, 3)}
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

import attrs

from golfo.cards import RANKS, SUITS, Card, Suit
from golfo.errors import RulesError
from golfo.phases import Phase
from golfo.variant import Shape

__all__ = [
    "LUDOTEKA",
    "MEDIANO",
    "MINI",
    "PRESETS",
    "TRADICIONAL",
    "VARIANT_FIELDS",
    "Rules",
    "check_players",
    "preset_name",
    "sizes_words",
]

VARIANT_FIELDS: Final = (
    "ranks",
    "suits",
    "deal_sizes",
    "discard_rounds",
    "betting_rounds",
    "cards_counted",
    "bet_sizes",
    "max_raises",
    "table_sizes",
)
"""The settings that make a variant of El Golfo; their defaults are El Golfo's."""


def _whole(minimum: int) -> Any:
    def check(_instance: object, attribute: attrs.Attribute[int], value: Any) -> None:
        if type(value) is not int or value < minimum:
            raise RulesError(f"{attribute.name} must be a whole number >= {minimum}, got {value!r}")

    return check


def _flag(_instance: object, attribute: attrs.Attribute[bool], value: Any) -> None:
    if type(value) is not bool:
        raise RulesError(f"{attribute.name} must be True or False, got {value!r}")


def _caps(value: Any) -> tuple[int, int, int, int] | None:
    if value is None:
        return None
    try:
        caps = tuple(value)
    except TypeError:
        raise RulesError(f"round_caps must be None or four whole numbers, got {value!r}") from None
    if len(caps) != 4 or any(type(c) is not int or c < 1 for c in caps):
        raise RulesError(f"round_caps must be None or four whole numbers >= 1, got {value!r}")
    if any(a > b for a, b in itertools.pairwise(caps)):
        raise RulesError(f"round_caps must never decrease, got {value!r}")
    return (caps[0], caps[1], caps[2], caps[3])


def check_players(players: object) -> None:
    """R1: golfo's rules are played by 2 to 4 players, an ``int``; anything else raises
    :class:`golfo.RulesError` (the wire readers' table size, where the rules are not known;
    :meth:`Rules.check_players` checks a rule set's own table sizes: El Golfo's are 3 or 4).

    >>> check_players(4)
    >>> check_players(5)
    Traceback (most recent call last):
    ...
    golfo.errors.RulesError: golfo's rules are played by 2 to 4 players, got 5
    """
    if type(players) is not int or players not in (2, 3, 4):
        raise RulesError(f"golfo's rules are played by 2 to 4 players, got {players!r}")


def sizes_words(sizes: tuple[int, ...]) -> str:
    """Table sizes in words, for messages.

    >>> sizes_words((3, 4)), sizes_words((2, 3, 4)), sizes_words((2,))
    ('3 or 4', '2, 3 or 4', '2')
    """
    if len(sizes) == 1:
        return str(sizes[0])
    return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"


def _numbers(value: Any, name: str, low: int, high: int) -> tuple[int, ...]:
    """``value`` as a sorted tuple of distinct whole numbers ``low..high``, at least one."""
    try:
        items = tuple(value)
    except TypeError:
        raise RulesError(f"{name} must be whole numbers {low}..{high}, got {value!r}") from None
    if (
        not items
        or any(type(x) is not int or not low <= x <= high for x in items)
        or len(set(items)) != len(items)
    ):
        raise RulesError(
            f"{name} must be distinct whole numbers {low}..{high}, at least one, got {value!r}"
        )
    return tuple(sorted(items))


def _ranks(value: Any) -> tuple[int, ...]:
    return _numbers(value, "ranks", 3, 9)


def _betting_rounds(value: Any) -> tuple[int, ...]:
    return _numbers(value, "betting_rounds", 1, 4)


def _table_sizes(value: Any) -> tuple[int, ...]:
    return _numbers(value, "table_sizes", 2, 4)


def _suits(value: Any) -> tuple[Suit, ...]:
    try:
        items = tuple(value)
    except TypeError:
        raise RulesError(f"suits must be golfo.Suit members, got {value!r}") from None
    if not items or any(not isinstance(x, Suit) for x in items) or len(set(items)) != len(items):
        raise RulesError(f"suits must be distinct golfo.Suit members, at least one, got {value!r}")
    return tuple(s for s in SUITS if s in items)


def _deal_sizes(value: Any) -> tuple[int, int]:
    try:
        items = tuple(value)
    except TypeError:
        items = ()
    if (
        len(items) != 2
        or any(type(x) is not int for x in items)
        or items[0] < 1
        or items[1] < 0
        or items[0] + items[1] > 5
    ):
        raise RulesError(
            "deal_sizes must be two whole numbers, the first deal >= 1 and the second >= 0, "
            f"five cards at most in all, got {value!r}"
        )
    return (items[0], items[1])


def _bet_sizes(value: Any) -> tuple[int, int, int, int] | None:
    if value is None:
        return None
    try:
        items = tuple(value)
    except TypeError:
        items = ()
    if len(items) != 4 or any(type(x) is not int or x < 1 for x in items):
        raise RulesError(
            f"bet_sizes must be None (no limit) or four whole numbers >= 1, got {value!r}"
        )
    return (items[0], items[1], items[2], items[3])


def _optional_whole(_instance: object, attribute: attrs.Attribute[int | None], value: Any) -> None:
    if value is not None and (type(value) is not int or value < 0):
        raise RulesError(f"{attribute.name} must be None or a whole number >= 0, got {value!r}")


def _between(low: int, high: int) -> Any:
    def check(_instance: object, attribute: attrs.Attribute[int], value: Any) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(
                f"{attribute.name} must be a whole number {low}..{high}, got {value!r}"
            )

    return check


def _stack(_instance: object, attribute: attrs.Attribute[int | None], value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise RulesError(
            f"starting_stack must be None (derived) or a whole number >= 1, got {value!r}"
        )


def _hands(_instance: object, _attribute: object, value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise RulesError(f"hands must be None (open-ended) or a whole number >= 1, got {value!r}")


class _Derived:
    """What :class:`Rules` works out from its settings, in slots of their own: attrs makes
    a slot of each setting, and these are not settings."""

    __slots__ = ("_limited", "_shape")


@attrs.frozen(eq=False, repr=False)
class Rules(_Derived):
    """The settings of a game.  Customise a preset with ``attrs.evolve``.

    Invalid settings raise :class:`golfo.RulesError` at construction.  Two rule sets are
    equal when they play the same game: the same values, the starting stack as derived.

    ``starting_stack=None`` (the default) derives the starting stack from the length:
    with round caps and a fixed number of hands, the last cap times the hands (LU
    *Contabilidad*: "100 multiplicado por el número de manos", the most a seat could
    lose); otherwise 100.  So ``attrs.evolve(LUDOTEKA, hands=20)`` starts every seat
    with 2000 points; give ``starting_stack`` to fix it instead.

    The settings from ``ranks`` on make a variant of the game (``docs/rules.md``,
    *Variants*); what follows from them is worked out once, when the rules are made
    (:attr:`deck`, :attr:`phases`, :attr:`best_value`...), and a variant that cannot be
    played (two betting rounds with nothing between them, a deck too small for its
    hands) is refused then.  ``repr`` leaves out the variant settings that are El Golfo's.
    """

    ante: int = attrs.field(default=1, validator=_whole(0))
    """Chips each seat dealt in puts in the pot when a hand starts (R2)."""
    min_open: int = attrs.field(default=1, validator=_whole(1))
    """Smallest opening bet (*apuesta mínima*, R5)."""
    min_raise: int = attrs.field(default=1, validator=_whole(1))
    """Smallest raise over the current bet (R5)."""
    round_caps: tuple[int, int, int, int] | None = attrs.field(default=None, converter=_caps)
    """Most a seat may have put into the hand, ante included, by the end of each round (R9)."""
    discards_face_up: bool = attrs.field(default=True, validator=_flag)
    """Whether the other seats see discarded cards (R10).  The count is always public."""
    deal_in_pairs: bool = attrs.field(default=False, validator=_flag)
    """First deal two cards at once to each seat instead of one at a time (R3); in a variant,
    all the cards of its first deal at once."""
    _starting_stack: int | None = attrs.field(
        default=None, validator=_stack, alias="starting_stack"
    )
    """The starting stack as given; ``None``: derived (see :attr:`starting_stack`)."""
    hands: int | None = attrs.field(default=None, validator=_hands)
    """Hands in a game; ``None`` is open-ended, ended by :class:`golfo.EndGame` (R15, R16)."""
    rebuy: bool = attrs.field(default=True, validator=_flag)
    """A seat that cannot pay the ante receives its own starting stack again (*resto*, R17)."""
    extra_hands_on_tie: bool = attrs.field(default=False, validator=_flag)
    """After the last hand, play on while two or more seats share the lead (R16)."""
    # -- the variant: El Golfo's by default (docs/rules.md, "Variants")
    ranks: tuple[int, ...] = attrs.field(default=RANKS, converter=_ranks)
    """The ranks of the deck, some of 3..9 (R3): a card keeps its index and notation."""
    suits: tuple[Suit, ...] = attrs.field(default=SUITS, converter=_suits)
    """The suits of the deck, in canonical order (R3)."""
    deal_sizes: tuple[int, int] = attrs.field(default=(2, 3), converter=_deal_sizes)
    """Cards dealt to each seat in the first and second deal; a second deal of 0 is not
    played (R3).  Five cards at most in a hand."""
    discard_rounds: int = attrs.field(default=2, validator=_between(0, 2))
    """Discard rounds played, 0..2 (R10)."""
    betting_rounds: tuple[int, ...] = attrs.field(default=(1, 2, 3, 4), converter=_betting_rounds)
    """The betting rounds played, some of 1..4 (R5): round 1 after the first deal, 2 after
    the second, 3 after the first discard, 4 after the second."""
    cards_counted: int = attrs.field(default=4, validator=_between(1, 5))
    """The most cards of one suit that count in a hand's value (R11)."""
    bet_sizes: tuple[int, int, int, int] | None = attrs.field(default=None, converter=_bet_sizes)
    """Fixed-limit betting: the size of every bet and raise in rounds 1..4; ``None`` is
    no-limit, bounded by the table stakes (R5, R8)."""
    max_raises: int | None = attrs.field(default=None, validator=_optional_whole)
    """The most raises in one betting round, the opening bet not counted; ``None``: no
    limit (R5)."""
    table_sizes: tuple[int, ...] = attrs.field(default=(3, 4), converter=_table_sizes)
    """The table sizes these rules are played with, some of 2..4 (R1)."""

    def __attrs_post_init__(self) -> None:
        if self.round_caps is not None and self.round_caps[0] < self.ante:
            raise RulesError(
                f"round_caps[0] ({self.round_caps[0]}) must be at least the ante ({self.ante})"
            )
        if self.bet_sizes is not None and (self.min_open != 1 or self.min_raise != 1):
            raise RulesError(
                "min_open and min_raise do not apply to fixed-limit betting (bet_sizes): "
                f"leave them at 1, got {self.min_open} and {self.min_raise}"
            )
        shape = Shape.of(self)  # raises RulesError for a variant that cannot be played
        object.__setattr__(self, "_shape", shape)
        limited = self.bet_sizes is not None or self.max_raises is not None
        object.__setattr__(self, "_limited", limited)

    @property
    def starting_stack(self) -> int:
        """Chips each seat starts with by default (``new_game`` without ``stacks``; R16).

        As given, or derived when not: the last round cap times the hands when both are
        set (Ludoteka's points), else 100.  A rebuy gives a seat its own starting stack
        (``state.initial_stacks[seat]``), not this (R17).
        """
        given = self._starting_stack
        if given is not None:
            return given
        if self.round_caps is not None and self.hands is not None:
            return self.round_caps[-1] * self.hands
        return 100

    @property
    def starting_stack_given(self) -> bool:
        """Whether ``starting_stack`` was given explicitly (else it follows the length)."""
        return self._starting_stack is not None

    # -- what follows from the variant (computed once, when the rules are made)

    # Set on each instance by __attrs_post_init__, in _Derived's slots; declared ClassVars
    # only so that attrs does not take them for settings.
    _shape: ClassVar[Shape]
    """The tables the reducer reads (:class:`golfo.variant.Shape`)."""
    _limited: ClassVar[bool]
    """Whether bets have fixed sizes or a round's raises a limit: the hot path of
    :func:`golfo.wagers.wager_range` asks this alone for El Golfo's rules."""

    def __reduce__(self) -> tuple[object, ...]:
        # pickle and copy rebuild the rules from their settings, so that what they derive
        # from them (in slots attrs does not know) is worked out again
        settings = {a.alias: getattr(self, a.name) for a in attrs.fields(Rules)}
        return (_rebuild, (settings,))

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck in canonical order: 28 for El Golfo (R3)."""
        return self._shape.deck

    @property
    def deck_mask(self) -> int:
        """The deck as a bit set of ``card.index`` (the stock when a hand starts)."""
        return self._shape.deck_mask

    @property
    def hand_size(self) -> int:
        """The cards a seat holds once dealt: the sum of ``deal_sizes``."""
        return self.deal_sizes[0] + self.deal_sizes[1]

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phases of a hand these rules play, in order, ``Phase.SHOWDOWN`` last."""
        return self._shape.phases

    @property
    def best_value(self) -> int:
        """The best hand value of the variant, a *trabuco* when mano wins with it: 30 in
        El Golfo (R11)."""
        return self._shape.best_value

    @property
    def min_players(self) -> int:
        """The fewest seats a game goes on with: the smallest table size (R17)."""
        return self.table_sizes[0]

    @property
    def is_variant(self) -> bool:
        """Whether any of the variant's settings differs from El Golfo's."""
        return any(getattr(self, name) != default for name, default in _EL_GOLFO.items())

    def check_players(self, players: object) -> None:
        """R1: ``players`` must be one of :attr:`table_sizes`, an ``int``; anything else raises
        :class:`golfo.RulesError`.

        >>> TRADICIONAL.check_players(2)
        Traceback (most recent call last):
        ...
        golfo.errors.RulesError: El Golfo is played by 3 or 4 players, got 2
        >>> MINI.check_players(2)
        """
        if type(players) is not int or players not in self.table_sizes:
            game = "El Golfo is" if self.table_sizes == (3, 4) else "these rules are"
            raise RulesError(
                f"{game} played by {sizes_words(self.table_sizes)} players, got {players!r}"
            )

    def hand_value(self, mask: int) -> int:
        """The value of a hand given as a bit set, with :attr:`cards_counted` (R11)."""
        return self._shape.value(mask)

    def _key(self) -> tuple[object, ...]:
        return (
            self.ante,
            self.min_open,
            self.min_raise,
            self.round_caps,
            self.discards_face_up,
            self.deal_in_pairs,
            self.starting_stack,
            self.hands,
            self.rebuy,
            self.extra_hands_on_tie,
            self.ranks,
            self.suits,
            self.deal_sizes,
            self.discard_rounds,
            self.betting_rounds,
            self.cards_counted,
            self.bet_sizes,
            self.max_raises,
            self.table_sizes,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not Rules:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{a.alias}={getattr(self, a.name)!r}"
            for a in attrs.fields(Rules)
            if a.name not in _EL_GOLFO or getattr(self, a.name) != _EL_GOLFO[a.name]
        )
        return f"Rules({fields})"


def _rebuild(settings: dict[str, Any]) -> Rules:
    """The rules of ``settings`` (by alias): how a pickled :class:`Rules` is read back."""
    return Rules(**settings)


_EL_GOLFO: Final[dict[str, object]] = {
    a.name: a.default for a in attrs.fields(Rules) if a.name in VARIANT_FIELDS
}
"""The variant's settings and their defaults, El Golfo's: a repr and the JSON forms leave
them out when they have these values."""


TRADICIONAL: Final = Rules(
    ante=1,
    min_open=1,
    min_raise=1,
    round_caps=None,
    hands=None,
    rebuy=True,
    extra_hands_on_tie=False,
)
"""The traditional rulebook: ante 1, no caps, open-ended game, rebuys of 100 chips."""

LUDOTEKA: Final = Rules(
    ante=5,
    min_open=1,
    min_raise=1,
    round_caps=(25, 50, 75, 100),
    hands=10,
    rebuy=False,
    extra_hands_on_tie=True,
)
"""Ludoteka's points variant: ante 5, caps 25/50/75/100 per hand, 10 hands, and 100 points
per hand to start with (1000; ``attrs.evolve(LUDOTEKA, hands=N)`` starts with ``100 * N``)."""

MINI: Final = Rules(
    ante=1,
    starting_stack=10,
    hands=1,
    rebuy=False,
    ranks=(8, 9),
    suits=(Suit.OROS, Suit.COPAS),
    deal_sizes=(1, 0),
    discard_rounds=1,
    betting_rounds=(1, 3),
    bet_sizes=(1, 1, 2, 2),
    max_raises=0,
    table_sizes=(2, 3),
)
"""The smallest El Golfo, for exact solvers in pure Python (2 or 3 players, one hand): the
eight and nine of oros and copas, one card each, a betting round, a discard and a draw, a
betting round, showdown.  Fixed limit: bets of 1, then 2, no raises; ante 1, 10 chips
each.  A hand is worth its card (a suit of one); equal cards tie and the seat nearest the
mano wins.  ``docs/rules.md``, *Variants*, gives its tree's size."""

MEDIANO: Final = Rules(
    ante=1,
    starting_stack=10,
    hands=1,
    rebuy=False,
    ranks=(7, 8, 9),
    suits=(Suit.OROS, Suit.COPAS),
    deal_sizes=(1, 0),
    discard_rounds=1,
    betting_rounds=(1, 3),
    bet_sizes=(1, 1, 2, 2),
    max_raises=0,
    table_sizes=(2, 3),
)
"""A Leduc-sized El Golfo, for native solvers (2 or 3 players, one hand): :data:`MINI` with
the sevens too, six cards, so more is left to draw.  ``docs/rules.md``, *Variants*, gives its
tree's size."""

PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {"tradicional": TRADICIONAL, "ludoteka": LUDOTEKA, "mini": MINI, "mediano": MEDIANO}
)
"""The rule presets by name, read-only: ``"tradicional"`` (:data:`TRADICIONAL`),
``"ludoteka"`` (:data:`LUDOTEKA`), ``"mini"`` (:data:`MINI`) and ``"mediano"``
(:data:`MEDIANO`).  The one registry of these names: ``golfo play --rules``, ``golfo serve``'s
``POST /api/tables``, the PettingZoo and OpenSpiel games take them from here."""


def preset_name(rules: Rules) -> str | None:
    """The name in :data:`PRESETS` of the preset that ``rules`` are, maybe with another
    number of ``hands`` (and the starting stack that follows from it); ``None`` for any other
    rules.

    >>> import attrs
    >>> preset_name(MINI), preset_name(attrs.evolve(LUDOTEKA, hands=3))
    ('mini', 'ludoteka')
    >>> preset_name(attrs.evolve(TRADICIONAL, ante=2)) is None
    True
    """
    for name, preset in PRESETS.items():
        if rules in (preset, attrs.evolve(preset, hands=rules.hands)):
            return name
    return None
