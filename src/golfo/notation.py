"""What players say, both ways, in Spanish and English: golfo's human notation.

As SAN is for chess, this is the one wording every frontend and the CLI share:

- :func:`say` writes an action (``"envido 5"``, ``"raise to 10"``); given the state or
  view it applies to, it names what a call costs and an all-in (``"voy, 58 más (resto)"``);
- :func:`parse` reads what a player types, in either language, in any case and with or
  without accents, and returns a legal action or raises :class:`golfo.NotationError`
  with a reason for the player;
- :func:`choices` turns a :class:`golfo.LegalMoves` into the buttons a frontend shows,
  each labelled in both languages, with its range and a keyboard shortcut;
- :func:`explain` turns an :class:`golfo.IllegalActionError` into a sentence for the
  player (the developer's message, with rule numbers, stays as it is);
- :func:`card_name`, :func:`suit_name`, :func:`phase_name` and :data:`TERMS` name things;
  :func:`suit_letters` says what a card code's suit letters stand for (``9O``, ``3B``: the
  Spanish initials, in English too).

Cards are always listed in canonical order: by suit (oros, copas, espadas, bastos), then
by rank, as ``str(Hand)`` and the records list them.

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> say(golfo.Bet(1, 5)), say(golfo.Bet(1, 5), lang="en")
('envido 5', 'bet 5')
>>> v = golfo.view(state, 1)
>>> parse("Envido 5", v), parse("raise to 10", golfo.view(golfo.apply(state, golfo.Bet(1, 5)), 2))
(Bet(seat=1, amount=5), Raise(seat=2, amount=10))
>>> [c.es for c in choices(v.moves)]
['paso', 'envido (1 a 99)']
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias

import attrs

from golfo._reasons import REASONS
from golfo.actions import (
    ACTION_TYPES as ACTIONS,
)
from golfo.actions import (
    CHANCE,
    Action,
    Bet,
    Call,
    Deal,
    Discard,
    EndGame,
    Fold,
    NextHand,
    Pass,
    Raise,
)
from golfo.cards import SUITS, Card, Suit, parse_cards
from golfo.errors import CardError, IllegalActionError, NotationError
from golfo.moves import LegalMoves, wager_limits
from golfo.state import Phase, State
from golfo.views import Dealt, Discarded, View, ViewEvent
from golfo.wagers import wager_refusal

__all__ = [
    "LANGS",
    "TERMS",
    "Choice",
    "Lang",
    "card_name",
    "choices",
    "explain",
    "options",
    "parse",
    "phase_name",
    "reason",
    "say",
    "say_event",
    "suit_letters",
    "suit_name",
]

Lang: TypeAlias = Literal["es", "en"]
"""A language: ``"es"`` (Spanish) or ``"en"`` (English)."""
LANGS: Final[tuple[Lang, ...]] = ("es", "en")
"""The languages of the notation."""

# ---------------------------------------------------------------------------
# names

_RANKS: Final[dict[Lang, dict[int, str]]] = {
    "es": {3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete", 8: "ocho", 9: "nueve"},
    "en": {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"},
}
_SUITS: Final[dict[Lang, dict[Suit, str]]] = {
    "es": {s: s.spanish for s in SUITS},
    "en": {Suit.OROS: "coins", Suit.COPAS: "cups", Suit.ESPADAS: "swords", Suit.BASTOS: "clubs"},
}
_PHASES: Final[dict[Lang, dict[Phase, str]]] = {
    "es": {
        Phase.DEAL_1: "primer reparto",
        Phase.BET_1: "primera ronda de envites",
        Phase.DEAL_2: "segundo reparto",
        Phase.BET_2: "segunda ronda de envites",
        Phase.DISCARD_1: "primer descarte",
        Phase.BET_3: "tercera ronda de envites",
        Phase.DISCARD_2: "segundo descarte",
        Phase.BET_4: "cuarta ronda de envites",
        Phase.SHOWDOWN: "enseñar las cartas",
        Phase.BETWEEN_HANDS: "entre manos",
        Phase.END: "fin de la partida",
    },
    "en": {
        Phase.DEAL_1: "first deal",
        Phase.BET_1: "first betting round",
        Phase.DEAL_2: "second deal",
        Phase.BET_2: "second betting round",
        Phase.DISCARD_1: "first discard",
        Phase.BET_3: "third betting round",
        Phase.DISCARD_2: "second discard",
        Phase.BET_4: "last betting round",
        Phase.SHOWDOWN: "showdown",
        Phase.BETWEEN_HANDS: "between hands",
        Phase.END: "end of the game",
    },
}

TERMS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "mano": {"es": "mano", "en": "mano (the first seat dealt in: speaks first, wins ties)"},
    "dealer": {"es": "dador", "en": "dealer"},
    "ante": {"es": "ante", "en": "ante"},
    "pot": {"es": "bote", "en": "pot"},
    "stack": {"es": "resto", "en": "stack"},
    "all_in": {"es": "resto", "en": "all-in"},
    "betting_round": {"es": "ronda de envites", "en": "betting round"},
    "bet": {"es": "envite", "en": "bet"},
    "pass": {"es": "paso", "en": "pass"},
    "call": {"es": "voy", "en": "call"},
    "raise": {"es": "subo", "en": "raise"},
    "fold": {"es": "no voy", "en": "fold"},
    "discard": {"es": "descarte", "en": "discard"},
    "stand_pat": {"es": "me quedo", "en": "stand pat"},
    "stock": {"es": "mazo", "en": "stock"},
    "showdown": {"es": "enseñar las cartas", "en": "showdown"},
    "trabuco": {"es": "trabuco", "en": "trabuco (mano wins with 30 points)"},
    "hand": {"es": "mano (de cartas)", "en": "hand"},
    "seat": {"es": "asiento", "en": "seat"},
    "game": {"es": "partida", "en": "game"},
    "cap": {"es": "tope", "en": "cap"},
    "rebuy": {"es": "recompra", "en": "rebuy"},
}
"""The game's words in both languages (see also ``docs/glossary.md``)."""


def card_name(card: Card, lang: Lang = "es") -> str:
    """``"nueve de oros"`` / ``"nine of coins"``.

    >>> card_name(Card.parse("9O")), card_name(Card.parse("3B"), "en")
    ('nueve de oros', 'three of clubs')
    """
    joint = " de " if lang == "es" else " of "
    return f"{_RANKS[lang][card.rank]}{joint}{_SUITS[lang][card.suit]}"


def suit_name(suit: Suit, lang: Lang = "es") -> str:
    """``"oros"`` / ``"coins"``."""
    return _SUITS[lang][suit]


def suit_letters(lang: Lang = "es") -> str:
    """What the suit letters of a card code stand for.  They are the Spanish suits'
    initials in both languages (``3E`` is the three of espadas, swords): English initials
    would collide (clubs and cups, swords and spades), so the English words say both names.

    >>> suit_letters("es")
    'O oros, C copas, E espadas, B bastos'
    >>> suit_letters("en")
    'O oros (coins), C copas (cups), E espadas (swords), B bastos (clubs)'
    """
    if lang == "es":
        return ", ".join(f"{s.value} {s.spanish}" for s in SUITS)
    return ", ".join(f"{s.value} {s.spanish} ({_SUITS['en'][s]})" for s in SUITS)


def phase_name(phase: Phase, lang: Lang = "es") -> str:
    """``"primer descarte"`` / ``"first discard"``."""
    return _PHASES[lang][phase]


def _cards(cards: Sequence[Card] | frozenset[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards))


# ---------------------------------------------------------------------------
# saying an action

_Table: TypeAlias = State | View


def _all_in_total(table: _Table, seat: int) -> int:
    return table.bets[seat] + table.stacks[seat]


def say(action: Action, *, lang: Lang = "es", state_or_view: _Table | None = None) -> str:
    """The words for ``action``.  With the state or view it applies to, a call says what it
    costs and an all-in says so.

    >>> import golfo
    >>> say(golfo.Raise(2, 10)), say(golfo.Discard(0, ()), lang="en")
    ('subo a 10', 'stand pat')
    >>> s = golfo.new_game(golfo.TRADICIONAL, players=3, stacks=(100, 100, 59))
    >>> s = golfo.apply(golfo.deal_from(s, golfo.DECK), golfo.Bet(1, 70))
    >>> say(golfo.Call(2), state_or_view=s), say(golfo.Call(2), lang="en", state_or_view=s)
    ('voy, 58 más (resto)', 'call, 58 more (all-in)')
    """
    if state_or_view is None and isinstance(action, ACTIONS):
        return _said(action, lang)
    return _say(action, lang, state_or_view)


@functools.lru_cache(maxsize=4096)
def _said(action: Action, lang: Lang) -> str:
    """:func:`say` without a table: the same words for the same action, kept (a server words
    every event of every view it sends)."""
    return _say(action, lang, None)


def _say(action: Action, lang: Lang, table: _Table | None) -> str:
    es = lang == "es"
    match action:
        case Pass():
            return "paso" if es else "pass"
        case Bet(seat, amount) | Raise(seat, amount):
            bet = isinstance(action, Bet)
            text = (
                (f"envido {amount}" if bet else f"subo a {amount}")
                if es
                else (f"bet {amount}" if bet else f"raise to {amount}")
            )
            if table is not None and _is_seat(table, seat) and amount == _all_in_total(table, seat):
                text += " (resto)" if es else " (all-in)"
            return text
        case Call(seat):
            text = "voy" if es else "call"
            if table is not None and _is_seat(table, seat):
                owe = min(max(table.bets) - table.bets[seat], table.stacks[seat])
                if owe > 0:
                    text += f", {owe} más" if es else f", {owe} more"
                    if owe == table.stacks[seat]:
                        text += " (resto)" if es else " (all-in)"
            return text
        case Fold():
            return "no voy" if es else "fold"
        case Discard(_, cards):
            if not cards:
                return "me quedo" if es else "stand pat"
            return f"descarto {_cards(cards)}" if es else f"discard {_cards(cards)}"
        case Deal(card):
            return f"reparto {card}" if es else f"deal {card}"
        case NextHand():
            return "siguiente mano" if es else "next hand"
        case EndGame():
            return "fin de la partida" if es else "end the game"
    raise NotationError(f"{action!r} is not a golfo action", code="not_an_action")


def _is_seat(table: _Table, seat: object) -> bool:
    return type(seat) is int and 0 <= seat < table.players


def say_event(event: ViewEvent, *, lang: Lang = "es") -> str:
    """The words for an entry of a view's history, redacted as the viewer saw it.

    >>> import golfo
    >>> say_event(golfo.Dealt(2, None)), say_event(golfo.Discarded(1, 2, None), lang="en")
    ('recibe una carta', 'discards 2 cards')
    """
    es = lang == "es"
    if isinstance(event, Dealt):
        if event.card is None:
            return "recibe una carta" if es else "gets a card"
        return f"recibe {event.card}" if es else f"gets {event.card}"
    if isinstance(event, Discarded):
        if event.count == 0:
            return "se queda" if es else "stands pat"
        if event.cards is None:
            plural = "s" if event.count != 1 else ""
            return (
                f"descarta {event.count} carta{plural}"
                if es
                else (f"discards {event.count} card{plural}")
            )
        return f"descarta {_cards(event.cards)}" if es else f"discards {_cards(event.cards)}"
    return say(event, lang=lang)


# ---------------------------------------------------------------------------
# buttons


@attrs.frozen
class Choice:
    """One button a frontend shows for a :class:`golfo.LegalMoves`, labelled in both
    languages.  ``low``/``high`` bound a bet or raise (inclusive), ``amount`` is what a call
    adds, ``most`` the most cards a discard may take; ``key`` is a keyboard shortcut."""

    kind: str
    """``"pass"``, ``"bet"``, ``"call"``, ``"raise"``, ``"fold"``, ``"discard"``,
    ``"stand_pat"``, ``"next_hand"`` or ``"end_game"``."""
    es: str
    """The label in Spanish."""
    en: str
    """The label in English."""
    key: str
    """A one-letter keyboard shortcut, the same in both languages."""
    low: int | None = None
    """The smallest bet or raise (a round total), for ``"bet"`` and ``"raise"``."""
    high: int | None = None
    """The largest bet or raise (a round total), for ``"bet"`` and ``"raise"``."""
    amount: int | None = None
    """The chips a call adds, for ``"call"``."""
    most: int | None = None
    """The most cards a discard may take, for ``"discard"``."""

    def label(self, lang: Lang = "es") -> str:
        """The label in ``lang``."""
        return self.es if lang == "es" else self.en


def _span(low: int, high: int, lang: Lang) -> str:
    if low == high:
        return str(low)
    return f"{low} a {high}" if lang == "es" else f"{low} to {high}"


def choices(moves: LegalMoves | None, view: View | None = None) -> tuple[Choice, ...]:
    """The buttons for ``moves`` (none when ``moves`` is ``None``), in the order of
    :func:`golfo.legal_actions`; with the ``view``, a call that is an all-in says so.

    >>> import golfo
    >>> s = golfo.apply(golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK),
    ...                 golfo.Bet(1, 5))
    >>> [(c.kind, c.en) for c in choices(golfo.legal_moves(s))]
    [('call', 'call 5'), ('raise', 'raise to (6 to 99)'), ('fold', 'fold')]
    """
    if moves is None:
        return ()
    out: list[Choice] = []
    seat = moves.seat
    if moves.can_pass:
        out.append(Choice("pass", "paso", "pass", "p"))
    if moves.bets:
        lo, hi = moves.bets[0], moves.bets[-1]
        out.append(
            Choice(
                "bet",
                f"envido ({_span(lo, hi, 'es')})",
                f"bet ({_span(lo, hi, 'en')})",
                "b",
                low=lo,
                high=hi,
            )
        )
    if moves.call is not None:
        owe = moves.call
        all_in = view is not None and type(seat) is int and owe == view.stacks[seat]
        es, en = f"voy {owe}", f"call {owe}"
        if all_in:
            es, en = es + " (resto)", en + " (all-in)"
        out.append(Choice("call", es, en, "c", amount=owe))
    if moves.raises:
        lo, hi = moves.raises[0], moves.raises[-1]
        out.append(
            Choice(
                "raise",
                f"subo a ({_span(lo, hi, 'es')})",
                f"raise to ({_span(lo, hi, 'en')})",
                "r",
                low=lo,
                high=hi,
            )
        )
    if moves.can_fold:
        out.append(Choice("fold", "no voy", "fold", "f"))
    if moves.discard_max is not None:
        most = moves.discard_max
        if most:
            card_es = "carta" if most == 1 else "cartas"
            card_en = "card" if most == 1 else "cards"
            out.append(
                Choice(
                    "discard",
                    f"descarto (hasta {most} {card_es})",
                    f"discard (up to {most} {card_en})",
                    "d",
                    most=most,
                )
            )
        out.append(Choice("stand_pat", "me quedo", "stand pat", "s"))
    if moves.next_hand:
        out.append(Choice("next_hand", "siguiente mano", "next hand", "n"))
    if moves.end_game:
        out.append(Choice("end_game", "terminar la partida", "end the game", "e"))
    return tuple(out)


def options(moves: LegalMoves | None, *, lang: Lang = "es") -> str:
    """What may be done, as the end of a sentence: ``"puedes ver 5, subir de 6 a 79 o no
    ir"`` / ``"you may call 5, raise to 6 to 79 or fold"`` (empty when nothing is legal)."""
    if moves is None:
        return ""
    es = lang == "es"
    parts: list[str] = []
    if moves.can_pass:
        parts.append("pasar" if es else "pass")
    if moves.bets:
        lo, hi = moves.bets[0], moves.bets[-1]
        if lo == hi:
            parts.append(f"envidar {lo}" if es else f"bet {lo}")
        else:
            parts.append(f"envidar de {lo} a {hi}" if es else f"bet {lo} to {hi}")
    if moves.call is not None:
        parts.append(f"ver {moves.call}" if es else f"call {moves.call}")
    if moves.raises:
        lo, hi = moves.raises[0], moves.raises[-1]
        if lo == hi:
            parts.append(f"subir a {lo}" if es else f"raise to {lo}")
        else:
            parts.append(f"subir de {lo} a {hi}" if es else f"raise to {lo} to {hi}")
    if moves.can_fold:
        parts.append("no ir" if es else "fold")
    if moves.discard_max is not None:
        if moves.discard_max:
            m = moves.discard_max
            parts.append(f"descartar hasta {m}" if es else f"discard up to {m}")
        parts.append("quedarte con tus cartas" if es else "stand pat")
    if moves.next_hand:
        parts.append("pasar a la siguiente mano" if es else "start the next hand")
    if moves.end_game:
        parts.append("terminar la partida" if es else "end the game")
    if not parts:
        return ""
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + (" o " if es else " or ")
    if len(parts) > 1:
        joined += parts[-1]
    return ("puedes " if es else "you may ") + joined


# ---------------------------------------------------------------------------
# explaining a refusal


def reason(code: str, facts: Mapping[str, Any] | None = None, *, lang: Lang = "es") -> str:
    """The player's sentence for a refusal ``code`` (see :data:`golfo.IllegalActionError`'s
    ``code``) and its ``facts``.

    >>> reason("above_cap", {"room": 20}, lang="en")
    'the cap this round is 20'
    """
    es_text, en_text = REASONS.get(code, ("esa jugada no vale ahora", "that move is not legal now"))
    values: dict[str, Any] = dict(facts or {})
    phase = values.get("phase")
    if isinstance(phase, Phase):
        values["phase_es"] = phase_name(phase, "es")
        values["phase_en"] = phase_name(phase, "en")
    if code == "bad_card":
        values["letters_es"] = suit_letters("es")
        values["letters_en"] = suit_letters("en")
    cards = values.get("cards")
    if isinstance(cards, tuple | list | frozenset | set):
        values["cards"] = _cards(list(cards))
    try:
        text = (es_text if lang == "es" else en_text).format(**values)
    except (KeyError, IndexError, ValueError):
        text = es_text if lang == "es" else en_text
    only = values.get("only")
    if code == "below_minimum" and only is not None:
        text += f"; solo cabe {only}" if lang == "es" else f"; only {only} is possible"
    return text


def explain(error: IllegalActionError, *, lang: Lang = "es") -> str:
    """A sentence for the player about a refused action: why, and what may be done.

    >>> import golfo
    >>> s = golfo.apply(golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK),
    ...                 golfo.Bet(1, 5))
    >>> try:
    ...     golfo.apply(s, golfo.Pass(2))
    ... except golfo.IllegalActionError as error:
    ...     print(explain(error)); print(explain(error, lang="en"))
    no puedes pasar: ya hay una apuesta de 5; puedes ver 5, subir de 6 a 99 o no ir
    you cannot pass: there is a bet of 5; you may call 5, raise to 6 to 99 or fold
    """
    text = reason(error.code, error.facts, lang=lang)
    legal = error.legal if isinstance(error.legal, LegalMoves) else None
    more = options(legal, lang=lang)
    return f"{text}; {more}" if more else text


# ---------------------------------------------------------------------------
# reading what a player types


def _words(text: str) -> list[str]:
    """Lower case, no accents, no punctuation, no words in parentheses (``"(resto)"``: what
    :func:`say` adds for information)."""
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    words = plain.replace(",", " ").replace(".", " ").replace("¿", " ").replace("?", " ").split()
    return [w for w in words if not (w.startswith("(") or w.endswith(")"))]


_PASS: Final = {("paso",), ("pass",), ("check",), ("paso", "yo")}
_CALL: Final = {("voy",), ("veo",), ("call",), ("igualo",), ("quiero",), ("lo", "veo")}
_FOLD: Final = {("no", "voy"), ("no", "veo"), ("fold",), ("me", "retiro"), ("no", "quiero")}
_STAND: Final = {
    ("me", "quedo"),
    ("stay",),
    ("stand",),
    ("stand", "pat"),
    ("servido",),
    ("no", "descarto"),
}
_NEXT: Final = {("siguiente",), ("siguiente", "mano"), ("next",), ("next", "hand")}
_END: Final = {
    ("fin",),
    ("fin", "de", "la", "partida"),
    ("terminar",),
    ("terminar", "la", "partida"),
    ("end",),
    ("end", "game"),
    ("end", "the", "game"),
}
_DISCARD: Final = {"descarto", "discard", "cambio", "tiro"}
_BET: Final = {"envido", "bet", "apuesto", "abro"}
_RAISE: Final = {"subo", "raise", "reenvido"}
_ALL_IN: Final = {"resto", "all-in", "allin", "todo"}
_FILLER: Final = {"a", "to", "el", "mi", "the", "my", "hasta"}


def _refuse(code: str, lang: Lang, **facts: Any) -> NotationError:
    text = reason(code, facts, lang=lang)
    return NotationError(text, code=code, reason=text)


def parse(text: str, view: View, *, lang: Lang = "es") -> Action:
    """The legal action that ``text`` asks for, in ``view`` (the player's own view).

    Spanish or English, any case, accents optional: ``paso``/``pass``, ``envido 5``/``bet 5``,
    ``voy``/``veo``/``call``, ``subo 10``/``subo a 10``/``raise to 10``, ``no voy``/``fold``,
    ``descarto 3O 5C``/``discard 3O 5C``, ``me quedo``/``stand pat``, ``resto``/``all-in``
    (the most allowed), a bare number (a bet, or a raise once someone has opened),
    ``siguiente``/``next``, ``fin``/``end``.  Anything else, or a move that is not legal now,
    raises :class:`golfo.NotationError` whose ``reason`` (in ``lang``) tells the player why:
    a bare ``descarto`` asks which cards; ``subo`` before anyone has opened is refused, not
    turned into a bet.

    >>> import golfo
    >>> v = golfo.view(golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK), 1)
    >>> parse("subo 10", v)
    Traceback (most recent call last):
    ...
    golfo.errors.NotationError: no puedes subir: nadie ha envidado todavía (para abrir, envida)
    """
    words = _words(text) if isinstance(text, str) else []
    shown = text.strip() if isinstance(text, str) else repr(text)
    if not words:
        raise _refuse("unknown", lang, text=shown)
    moves = view.moves
    seat = view.seat
    key = tuple(words)
    head, rest = words[0], [w for w in words[1:] if w not in _FILLER]
    action: Action
    if key in _NEXT:
        action = NextHand()
    elif key in _END:
        action = EndGame()
    elif moves is None or seat is None:
        raise _refuse("not_to_act", lang)
    elif key in _PASS:
        action = Pass(seat)
    elif key in _CALL or (key[:1] in _CALL and 2 <= len(key) <= 3 and _number(key[1])):
        # "voy", the button's "voy 5", or what say() writes with a view: "voy, 58 más"
        if len(key) == 3 and key[2] not in ("mas", "more"):
            raise _refuse("unknown", lang, text=shown)
        if len(key) > 1 and moves.call != int(key[1]):
            raise _refuse("call_amount", lang, owe=moves.call)
        action = Call(seat)
    elif key in _FOLD:
        action = Fold(seat)
    elif key in _STAND:
        action = Discard(seat, ())
    elif head in _DISCARD:
        if not rest:
            raise _refuse("which_cards", lang)
        cards: list[Card] = []
        for word in rest:
            try:
                (card,) = parse_cards(word)
            except (CardError, ValueError):
                raise _refuse("bad_card", lang, text=word.upper()) from None
            if card in cards:
                raise _refuse("card_twice", lang, text=str(card))
            cards.append(card)
        action = Discard(seat, cards)
    elif head in _BET or head in _RAISE or head in _ALL_IN or (len(words) == 1 and _number(head)):
        action = _wager(head, rest, words, view, moves, seat, lang)
    else:
        raise _refuse("unknown", lang, text=shown)
    if _table_action_legal(action, view) or (moves is not None and action in moves):
        return action
    raise _why_not(action, view, moves, lang)


def _number(word: str) -> bool:
    """Whether ``word`` is an amount: ASCII digits (``str.isdigit`` takes "᧚" and other
    digits ``int`` refuses), at most 19 of them (a 64-bit amount: never thousands of digits)."""
    return word.isascii() and word.isdigit() and len(word) <= 19


def _table_action_legal(action: Action, view: View) -> bool:
    """NextHand and EndGame are the table's (R15): legal between hands for whoever asks
    (``EndGame`` only in an open-ended game); a frontend or server decides who may."""
    if view.phase is not Phase.BETWEEN_HANDS:
        return False
    return isinstance(action, NextHand) or (
        isinstance(action, EndGame) and view.rules.hands is None
    )


def _wager(
    head: str,
    rest: list[str],
    words: list[str],
    view: View,
    moves: LegalMoves,
    seat: int,
    lang: Lang,
) -> Action:
    opened = view.current_bet > 0
    if head in _RAISE and not opened:
        raise _refuse("raise_unopened", lang)
    if head in _BET and opened:
        raise _refuse("bet_after_open", lang)
    if head in _ALL_IN or rest in (["resto"], ["all-in"], ["allin"], ["todo"]):
        amounts = moves.amounts
        amount = amounts[-1] if amounts else view.bets[seat] + view.stacks[seat]
    elif len(words) == 1 and _number(head):
        amount = int(head)
    elif len(rest) == 1 and _number(rest[0]):
        amount = int(rest[0])
    else:
        raise _refuse("how_much", lang)
    return Raise(seat, amount) if opened else Bet(seat, amount)


def _why_not(action: Action, view: View, moves: LegalMoves | None, lang: Lang) -> NotationError:
    """Why ``action`` (well formed) is not legal in ``view``: the same words as
    :func:`explain`, worked out from what the player can see."""
    code, facts = _diagnose(action, view, moves)
    text = reason(code, facts, lang=lang)
    more = options(moves, lang=lang)
    full = f"{text}; {more}" if more else text
    return NotationError(full, code=code, reason=full)


def _diagnose(action: Action, view: View, moves: LegalMoves | None) -> tuple[str, dict[str, Any]]:
    phase = view.phase
    if phase is Phase.END:
        return "game_over", {}
    if isinstance(action, NextHand | EndGame):
        if phase is Phase.BETWEEN_HANDS:  # so EndGame in a game of fixed length
            return "fixed_length", {"hands": view.rules.hands}
        return "hand_in_play", {}
    if view.to_act is None:
        return "no_hand", {}
    if view.to_act is CHANCE:
        return "dealing", {}
    if isinstance(action, Discard):
        if phase not in (Phase.DISCARD_1, Phase.DISCARD_2):
            return "no_discard", {"phase": phase}
        missing = [c for c in action.cards if c not in view.hand]
        if missing:
            return "not_held", {"cards": tuple(missing)}
        return "stock_short", {"stock": view.stock_size}
    if not phase.betting_round:
        return "no_betting", {"phase": phase}
    seat = view.seat
    assert seat is not None
    current = view.current_bet
    if isinstance(action, Pass):
        return "pass_after_open", {"current": current}
    if isinstance(action, Fold):
        return "fold_not_facing", {}
    if isinstance(action, Call):
        return ("call_unopened", {}) if current == 0 else ("not_facing", {})
    assert isinstance(action, Bet | Raise)
    if isinstance(action, Bet) and current > 0:
        return "bet_after_open", {}
    if isinstance(action, Raise) and current == 0:
        return "raise_unopened", {}
    _rule, _reason, code, facts = wager_refusal(wager_limits(view, seat), action)
    return code, facts
