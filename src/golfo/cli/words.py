"""What the ``golfo`` command says: :mod:`golfo.notation`'s words, in both languages.

The command holds no words of its own for moves: every action, legal-move list and
refusal is worded by :mod:`golfo.notation` (:func:`~golfo.notation.say`,
:func:`~golfo.notation.parse`, :func:`~golfo.notation.choices`,
:func:`~golfo.notation.card_name`, :func:`~golfo.notation.phase_name`, ...), and moves
are read only by :func:`golfo.notation.parse`.  This module shows those words as the
command does everywhere, **Spanish first, English after**:

- a short text as ``"bote (pot)"``, or ``"envido 99 (resto) / bet 99 (all-in)"`` when the
  words hold parentheses themselves (:func:`both`);
- a sentence as a Spanish line followed by an English one (:func:`sentence`).

>>> import golfo
>>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> print(moves_line(golfo.view(golfo.apply(s, golfo.Bet(1, 5)), 2)))
voy, 5 más / call, 5 more · subo a (6 a 99) / raise to (6 to 99)
[tu total de la ronda / your total for the round] · no voy / fold
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence

from golfo.actions import Action, Call
from golfo.cards import Card
from golfo.errors import NotationError
from golfo.notation import (
    card_name,
    choices,
    parse,
    phase_name,
    say,
    say_event,
    suit_name,
)
from golfo.scoring import score
from golfo.state import Phase, State
from golfo.views import View, ViewEvent

__all__ = [
    "ROUND_TOTAL",
    "RefusedError",
    "action_words",
    "both",
    "card_words",
    "cards_words",
    "command_word",
    "event_words",
    "header",
    "join",
    "moves_line",
    "phase_words",
    "read_move",
    "seat_namer",
    "sentence",
    "value_words",
]

ROUND_TOTAL = "[tu total de la ronda / your total for the round]"
"""The note next to a bet or raise range: its amounts are the seat's total for the round."""


def both(es: str, en: str) -> str:
    """Spanish and English: ``"es (en)"``, ``"es / en"`` when either holds parentheses,
    ``es`` alone when they are the same.

    >>> both("bote", "pot"), both("voy, 58 más (resto)", "call, 58 more (all-in)")
    ('bote (pot)', 'voy, 58 más (resto) / call, 58 more (all-in)')
    >>> both("ante", "ante")
    'ante'
    """
    if es == en:
        return es
    if "(" in es or "(" in en:
        return f"{es} / {en}"
    return f"{es} ({en})"


def header(es: str, en: str) -> str:
    """A table's column header: the Spanish word, the English one below it (in plain text,
    on one line).

    >>> header("fichas", "stack")
    'fichas\\n(stack)'
    """
    return es if es == en else f"{es}\n({en})"


def sentence(es: str, en: str) -> list[str]:
    """A sentence as two lines, the Spanish one first."""
    return [es, en]


def command_word(text: str) -> str:
    """What was typed, lower case, without accents or extra spaces: for the command's own
    words (``ayuda``, ``memoria``, ``salir``), never for moves (:func:`read_move`)."""
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


# ---------------------------------------------------------------------------
# names


def phase_words(phase: Phase) -> str:
    """``"primera ronda de envites (first betting round)"``."""
    return both(phase_name(phase, "es"), phase_name(phase, "en"))


def card_words(card: Card) -> str:
    """``"9O nueve de oros (nine of coins)"``."""
    return f"{card} {both(card_name(card, 'es'), card_name(card, 'en'))}"


def cards_words(cards: Iterable[Card]) -> str:
    """Cards named, in canonical order (by suit: oros, copas, espadas, bastos; then rank).

    >>> import golfo
    >>> cards_words(golfo.parse_cards("4E 8O"))
    '8O ocho de oros (eight of coins), 4E cuatro de espadas (four of swords)'
    """
    return ", ".join(card_words(c) for c in sorted(cards))


def value_words(cards: Iterable[Card]) -> str:
    """A hand's value and the cards that count.

    >>> import golfo
    >>> value_words(golfo.parse_cards("9C 8C 4E 5E 6E"))
    '17 puntos (points): cuentan 8C 9C, de copas (cups)'
    """
    s = score(tuple(cards))
    if s.suit is None:
        return both("0 puntos", "points")
    counting = " ".join(str(c) for c in s.cards)
    suit = both(f"de {suit_name(s.suit, 'es')}", suit_name(s.suit, "en"))
    return f"{both(f'{s.value} puntos', 'points')}: cuentan {counting}, {suit}"


def seat_namer(human: int | None = None) -> Callable[[int], str]:
    """Names of seats: ``"asiento 2 (seat 2)"``; the ``human``'s seat is ``"tú (you)"``."""

    def name(seat: int) -> str:
        if seat == human:
            return both("tú", "you")
        return both(f"asiento {seat}", f"seat {seat}")

    return name


# ---------------------------------------------------------------------------
# actions and legal moves: golfo.notation's words


def action_words(action: Action, table: State | View | None = None) -> str:
    """:func:`golfo.notation.say` in both languages; ``table`` (the state or view the action
    applies to) adds what a call costs and names an all-in (``resto``).

    >>> import golfo
    >>> s = golfo.new_game(golfo.TRADICIONAL, players=3, stacks=(100, 100, 59))
    >>> s = golfo.apply(golfo.deal_from(s, golfo.DECK), golfo.Bet(1, 70))
    >>> action_words(golfo.Call(2), s)
    'voy, 58 más (resto) / call, 58 more (all-in)'
    """
    return both(
        say(action, lang="es", state_or_view=table), say(action, lang="en", state_or_view=table)
    )


def event_words(event: ViewEvent) -> str:
    """:func:`golfo.notation.say_event` in both languages: a discard face down to the viewer
    says only how many cards."""
    return both(say_event(event, lang="es"), say_event(event, lang="en"))


def moves_line(view: View) -> str:
    """The legal moves of ``view``'s seat, from :func:`golfo.notation.choices`: each in
    Spanish / English, a call as :func:`golfo.notation.say` words it (how many chips it
    adds), a bet or raise range with the note that its amounts are the seat's total for the
    round (:data:`ROUND_TOTAL`).  Empty when the seat is not to act."""
    moves = view.moves
    seat = view.seat
    parts: list[str] = []
    for choice in choices(moves, view):
        if choice.kind == "call" and seat is not None:  # "voy, 5 más / call, 5 more"
            call = Call(seat)
            text = f"{say(call, state_or_view=view)} / {say(call, lang='en', state_or_view=view)}"
        else:
            text = f"{choice.es} / {choice.en}"
        if choice.kind in ("bet", "raise"):
            text += f" {ROUND_TOTAL}"
        parts.append(text)
    return " · ".join(parts)


class RefusedError(Exception):
    """Words that are not a legal move now: :class:`golfo.NotationError`'s ``reason`` in
    both languages, and its ``code``."""

    def __init__(self, es: str, en: str, code: str) -> None:
        super().__init__(es)
        self.es = es
        self.en = en
        self.code = code

    def lines(self) -> list[str]:
        """``No vale: ...`` then ``Not legal: ...``."""
        return sentence(f"No vale: {self.es}", f"Not legal: {self.en}")


def read_move(text: str, view: View) -> Action:
    """The move that ``text`` asks for, read by :func:`golfo.notation.parse` (Spanish or
    English); :class:`RefusedError` with notation's reason in both languages otherwise.

    >>> import golfo
    >>> v = golfo.view(golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3),
    ...                                golfo.DECK), 1)
    >>> read_move("envido 5", v)
    Bet(seat=1, amount=5)
    >>> try:
    ...     read_move("descarto", v)
    ... except RefusedError as refused:
    ...     print(refused.code); print(*refused.lines(), sep="\\n")
    which_cards
    No vale: ¿qué cartas descartas? por ejemplo: descarto 3O 5C (o «me quedo»)
    Not legal: which cards? for example: discard 3O 5C (or 'stand pat')
    """
    try:
        return parse(text, view, lang="es")
    except NotationError as error:
        es, code = error.reason, error.code
    try:
        parse(text, view, lang="en")
    except NotationError as error:
        en = error.reason
    else:  # pragma: no cover - parse does not depend on the language of its reasons
        en = es
    raise RefusedError(es, en, code)


def join(parts: Sequence[str]) -> str:
    """Parts of a line, separated by `` · ``."""
    return " · ".join(p for p in parts if p)
