"""What the ``golfo`` command says: :mod:`golfo.notation`'s words, in the player's language.

The command holds no words of its own for moves: every action, legal-move list and
refusal is worded by :mod:`golfo.notation` (:func:`~golfo.notation.say`,
:func:`~golfo.notation.parse`, :func:`~golfo.notation.choices`,
:func:`~golfo.notation.card_name`, :func:`~golfo.notation.phase_name`, ...), and moves
are read only by :func:`golfo.notation.parse`, in either language.  Everything is said in
one language, ``lang`` (``"es"`` or ``"en"``: the command's ``--lang``, by default the
locale's); the command's own phrases are written in both and chosen with :func:`pick`.

>>> import golfo
>>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> v = golfo.view(golfo.apply(s, golfo.Bet(1, 5)), 2)
>>> print(moves_line(v, "es")); print(moves_line(v, "en"))
voy, 5 más · subo a (6 a 99) [tu total de la ronda] · no voy
call, 5 more · raise to (6 to 99) [your total for the round] · fold
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence

from golfo.actions import Action, Call
from golfo.cards import Card
from golfo.errors import NotationError
from golfo.notation import (
    Lang,
    card_name,
    choices,
    parse,
    phase_name,
    say,
    say_event,
    suit_name,
)
from golfo.rules import Rules
from golfo.scoring import score
from golfo.state import Phase, State
from golfo.views import View, ViewEvent

__all__ = [
    "RefusedError",
    "action_words",
    "best_hand_words",
    "capital",
    "card_words",
    "cards_words",
    "command_word",
    "event_words",
    "join",
    "moves_line",
    "phase_words",
    "pick",
    "read_move",
    "round_total",
    "seat_namer",
    "speed_line",
    "stock_words",
    "value_words",
]


def pick(lang: Lang, es: str, en: str) -> str:
    """The command's own words in ``lang``: ``es`` in Spanish, ``en`` in English.

    >>> pick("en", "bote", "pot")
    'pot'
    """
    return es if lang == "es" else en


def capital(text: str) -> str:
    """``text`` with its first letter in upper case, for the start of a line.

    >>> capital("tú"), capital("seat 2")
    ('Tú', 'Seat 2')
    """
    return text[:1].upper() + text[1:]


def command_word(text: str) -> str:
    """What was typed, lower case, without accents or extra spaces: for the command's own
    words (``ayuda``, ``memoria``, ``salir``), never for moves (:func:`read_move`)."""
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def round_total(lang: Lang) -> str:
    """The note next to a bet or raise range: its amounts are the seat's total for the
    round."""
    return pick(lang, "[tu total de la ronda]", "[your total for the round]")


# ---------------------------------------------------------------------------
# names


def phase_words(phase: Phase, lang: Lang) -> str:
    """``"primera ronda de envites"`` / ``"first betting round"``."""
    return phase_name(phase, lang)


def card_words(card: Card, lang: Lang) -> str:
    """``"9O nueve de oros"`` / ``"9O nine of coins"``."""
    return f"{card} {card_name(card, lang)}"


def cards_words(cards: Iterable[Card], lang: Lang) -> str:
    """Cards named, in canonical order (by suit: oros, copas, espadas, bastos; then rank).

    >>> import golfo
    >>> cards_words(golfo.parse_cards("4E 8O"), "en")
    '8O eight of coins, 4E four of swords'
    """
    return ", ".join(card_words(c, lang) for c in sorted(cards))


def value_words(cards: Iterable[Card], lang: Lang, counted: int = 4) -> str:
    """A hand's value and the cards that count (``counted``: at most, of one suit: the
    rules' ``cards_counted``).

    >>> import golfo
    >>> hand = golfo.parse_cards("9C 8C 4E 5E 6E")
    >>> value_words(hand, "es"), value_words(hand, "en")
    ('17 puntos: cuentan 8C 9C, de copas', '17 points: 8C 9C count (cups)')
    """
    s = score(tuple(cards), counted)
    if s.suit is None:
        return pick(lang, "0 puntos", "0 points")
    counting = " ".join(str(c) for c in s.cards)
    if lang == "es":
        return f"{s.value} puntos: cuentan {counting}, de {suit_name(s.suit, 'es')}"
    return f"{s.value} points: {counting} count ({suit_name(s.suit, 'en')})"


def best_hand_words(rules: Rules, lang: Lang) -> str:
    """The best hand of ``rules`` (R11, a *trabuco* when mano wins with it): its value,
    ``rules.best_value``, and the top ranks of the cards that count in one suit.

    >>> import golfo
    >>> best_hand_words(golfo.TRADICIONAL, "es"), best_hand_words(golfo.TRADICIONAL, "en")
    ('30 puntos (9, 8, 7 y 6 de un palo)', '30 points (9, 8, 7 and 6 of one suit)')
    >>> best_hand_words(golfo.MINI, "es"), best_hand_words(golfo.MINI, "en")
    ('9 puntos (un 9)', '9 points (a 9)')
    """
    counted = min(rules.cards_counted, rules.hand_size, len(rules.ranks))
    top = sorted(rules.ranks, reverse=True)[:counted]
    if counted == 1:
        cards = pick(lang, f"un {top[0]}", f"{'an' if top[0] == 8 else 'a'} {top[0]}")
    else:
        listed = ", ".join(map(str, top[:-1]))
        cards = pick(
            lang, f"{listed} y {top[-1]} de un palo", f"{listed} and {top[-1]} of one suit"
        )
    return pick(
        lang, f"{rules.best_value} puntos ({cards})", f"{rules.best_value} points ({cards})"
    )


def stock_words(rules: Rules, lang: Lang, *, short: bool) -> str:
    """A seat held back by the stock at its discard (R10): it found fewer cards there than
    a hand of ``rules`` holds (``rules.hand_size``) and, when ``short``, discarded all
    there were.

    >>> import golfo
    >>> stock_words(golfo.TRADICIONAL, "en", short=False)
    'a seat found fewer than 5 cards in the stock at its discard'
    >>> stock_words(golfo.MINI, "es", short=True)
    'un asiento encontró el mazo vacío y no pudo cambiar nada'
    """
    n = rules.hand_size
    if n == 1:  # fewer than one card: none, and nothing to discard
        if short:
            return pick(
                lang,
                "un asiento encontró el mazo vacío y no pudo cambiar nada",
                "a seat found the stock empty and could change nothing",
            )
        return pick(
            lang,
            "un asiento encontró el mazo vacío al descartar",
            "a seat found the stock empty at its discard",
        )
    if short:
        return pick(
            lang,
            f"un asiento encontró menos de {n} cartas en el mazo y descartó todas las que había",
            f"a seat found fewer than {n} cards in the stock and discarded all there were",
        )
    return pick(
        lang,
        f"un asiento encontró menos de {n} cartas en el mazo al descartar",
        f"a seat found fewer than {n} cards in the stock at its discard",
    )


def seat_namer(lang: Lang, human: int | None = None) -> Callable[[int], str]:
    """Names of seats: ``"asiento 2"`` / ``"seat 2"``; the ``human``'s seat is ``"tú"`` /
    ``"you"``."""

    def name(seat: int) -> str:
        if seat == human:
            return pick(lang, "tú", "you")
        return pick(lang, f"asiento {seat}", f"seat {seat}")

    return name


# ---------------------------------------------------------------------------
# actions and legal moves: golfo.notation's words


def action_words(action: Action, lang: Lang, table: State | View | None = None) -> str:
    """:func:`golfo.notation.say` in ``lang``; ``table`` (the state or view the action
    applies to) adds what a call costs and names an all-in (``resto``).

    >>> import golfo
    >>> s = golfo.new_game(golfo.TRADICIONAL, players=3, stacks=(100, 100, 59))
    >>> s = golfo.apply(golfo.deal_from(s, golfo.DECK), golfo.Bet(1, 70))
    >>> action_words(golfo.Call(2), "es", s), action_words(golfo.Call(2), "en", s)
    ('voy, 58 más (resto)', 'call, 58 more (all-in)')
    """
    return say(action, lang=lang, state_or_view=table)


def event_words(event: ViewEvent, lang: Lang) -> str:
    """:func:`golfo.notation.say_event` in ``lang``: a discard face down to the viewer says
    only how many cards."""
    return say_event(event, lang=lang)


def moves_line(view: View, lang: Lang) -> str:
    """The legal moves of ``view``'s seat, from :func:`golfo.notation.choices`, in ``lang``:
    a call as :func:`golfo.notation.say` words it (how many chips it adds), a bet or raise
    range with the note that its amounts are the seat's total for the round
    (:func:`round_total`).  Empty when the seat is not to act."""
    seat = view.seat
    parts: list[str] = []
    for choice in choices(view.moves, view):
        if choice.kind == "call" and seat is not None:  # "voy, 5 más" / "call, 5 more"
            text = say(Call(seat), lang=lang, state_or_view=view)
        else:
            text = choice.label(lang)
        if choice.kind in ("bet", "raise"):
            text += f" {round_total(lang)}"
        parts.append(text)
    return " · ".join(parts)


class RefusedError(Exception):
    """Words that are not a legal move now: :class:`golfo.NotationError`'s ``reason`` in
    the player's language, and its ``code``."""

    def __init__(self, reason: str, code: str, lang: Lang) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.lang = lang

    def line(self) -> str:
        """``No vale: ...`` / ``Not legal: ...``."""
        return pick(self.lang, f"No vale: {self.reason}", f"Not legal: {self.reason}")


def read_move(text: str, view: View, lang: Lang) -> Action:
    """The move that ``text`` asks for, read by :func:`golfo.notation.parse` (Spanish or
    English, whatever ``lang``); :class:`RefusedError` with notation's reason in ``lang``
    otherwise.

    >>> import golfo
    >>> v = golfo.view(golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3),
    ...                                golfo.DECK), 1)
    >>> read_move("envido 5", v, "en")
    Bet(seat=1, amount=5)
    >>> try:
    ...     read_move("descarto", v, "en")
    ... except RefusedError as refused:
    ...     print(refused.code); print(refused.line())
    which_cards
    Not legal: which cards? for example: discard 3O 5C (or 'stand pat')
    """
    try:
        return parse(text, view, lang=lang)
    except NotationError as error:
        raise RefusedError(error.reason, error.code, lang) from None


def speed_line(hands: int, seconds: float, lang: Lang) -> str:
    """How many hands were played, how fast."""
    rate = f"{hands / seconds:,.0f}" if seconds > 0 else "-"
    return pick(
        lang,
        f"{hands} manos en {seconds:.2f} s: {rate} manos por segundo",
        f"{hands} hands in {seconds:.2f} s: {rate} hands per second",
    )


def join(parts: Sequence[str]) -> str:
    """Parts of a line, separated by `` · ``."""
    return " · ".join(p for p in parts if p)
