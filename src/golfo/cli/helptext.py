"""The ``golfo play`` table's help: the rules of the phase in play, in a few lines, and the
memory panel (every discard seen this hand).

The rules are the command's own help text, in Spanish or in English; the examples of
moves in it are :func:`golfo.notation.say`'s words, the names of phases
:func:`golfo.notation.phase_name`'s, the suit letters :func:`golfo.notation.suit_letters`'.
The memory panel reads only a :class:`golfo.View`: its ``discards`` hold cards only when
they were face up or the viewer's own.
"""

from __future__ import annotations

from collections.abc import Callable

from golfo.actions import Bet, Call, Discard, Fold, Pass, Raise
from golfo.cards import Card, parse_cards
from golfo.cli.words import capital, event_words, pick
from golfo.notation import TERMS, Lang, phase_name, say, suit_letters
from golfo.rules import Rules
from golfo.state import Phase
from golfo.views import View

__all__ = ["commands_line", "memory_lines", "phase_help"]


def commands_line(lang: Lang) -> str:
    """The command's own words at the move prompt: help, memory, table, quit."""
    return pick(
        lang,
        "Escribe «ayuda» para las reglas de esta fase, «memoria» para los descartes vistos, "
        "«mesa» para ver la mesa y «salir» para dejar la mesa.",
        "Type 'help' for the rules of this phase, 'memory' for the discards seen, "
        "'table' to see the table and 'quit' to leave the table.",
    )


def _examples(lang: Lang) -> dict[str, str]:
    """Moves as golfo.notation says them, for the help text."""
    return {
        "pass": say(Pass(0), lang=lang),
        "bet": say(Bet(0, 5), lang=lang),
        "call": say(Call(0), lang=lang),
        "raise": say(Raise(0, 12), lang=lang),
        "fold": say(Fold(0), lang=lang),
        "discard": say(Discard(0, parse_cards("3O 5C")), lang=lang),
        "stand": say(Discard(0, ()), lang=lang),
        "all_in": TERMS["all_in"][lang],
        "letters": suit_letters(lang),
    }


_Texts = tuple[tuple[str, ...], tuple[str, ...]]
"""Help text: its Spanish lines, its English lines."""

_BETTING: _Texts = (
    (
        "{phase}: habla primero el mano (el primero tras el dador).",
        "Si nadie ha envidado: «{pass}» o abre con «{bet}».",
        "Si hay apuesta ya no puedes pasar: «{call}» (igualas), «{raise}» o «{fold}» "
        "(te retiras y pierdes lo que has puesto).",
        "Envido y subo dicen tu total de la ronda, no lo que añades; voy dice lo que añades.",
        "Nadie puede apostar más de lo que otro jugador puede igualar; «{all_in}» es lo "
        "máximo que cabe.",
    ),
    (
        "{phase}: mano speaks first (the first seat after the dealer).",
        "If nobody has bet: '{pass}' or open with '{bet}'.",
        "Facing a bet you can no longer pass: '{call}' (match it), '{raise}' or '{fold}' "
        "(drop out and lose what you put in).",
        "Bet and raise amounts are your total for the round, not what you add; a call says "
        "what it adds.",
        "Nobody may bet more than another player can match; '{all_in}' is the most allowed.",
    ),
)
_DISCARD: _Texts = (
    (
        "{phase}: por turno desde el mano, cambias de 0 a {most} cartas: «{discard}», "
        "o te quedas con las tuyas: «{stand}».",
        "Las cartas se escriben con el número y la letra del palo: {letters} "
        "(3E es el tres de espadas).",
        "El mazo se acaba: solo puedes descartar tantas cartas como queden en él.",
        "Los descartes quedan boca arriba: recuerda qué cartas han salido («memoria»).",
    ),
    (
        "{phase}: in turn from mano, change 0 to {most} cards: '{discard}', or keep yours: "
        "'{stand}'.",
        "Cards are written as the rank and the Spanish suit letter: {letters} "
        "(3E is the three of swords).",
        "The stock runs short: you may discard only as many cards as it holds.",
        "Discards lie face up: remember which cards are gone ('memory').",
    ),
)
_BETWEEN: _Texts = (
    (
        "{phase}: Enter reparte la siguiente mano; «salir» deja la mesa (en una partida "
        "abierta, la termina y muestra el ganador).",
    ),
    (
        "{phase}: Enter deals the next hand; 'quit' leaves the table (in an open-ended "
        "game it ends the game and shows the winner).",
    ),
)
_GOAL = (
    "Gana la mejor suma de un solo palo, hasta cuatro cartas (9+8+7+6 = 30); a igualdad, "
    "el más cercano al mano.",
    "The best total of one suit wins, four cards at most (9+8+7+6 = 30); a tie goes to the "
    "player nearest mano.",
)
_BETTING_PHASES = (Phase.BET_1, Phase.BET_2, Phase.BET_3, Phase.BET_4)


def phase_help(phase: Phase, rules: Rules, lang: Lang) -> list[str]:
    """The rules of ``phase`` in a few lines, in ``lang`` (with the cap of the round when
    the rules have caps).

    >>> import golfo
    >>> print(phase_help(golfo.Phase.DISCARD_1, golfo.TRADICIONAL, "en")[0])
    First discard: in turn from mano, change 0 to 5 cards: 'discard 3O 5C', or keep yours:
    'stand pat'.
    """
    texts: _Texts
    if phase in _BETTING_PHASES:
        texts = _BETTING
    elif phase in (Phase.DISCARD_1, Phase.DISCARD_2):
        texts = _DISCARD
    elif phase is Phase.BETWEEN_HANDS:
        texts = _BETWEEN
    else:
        texts = (("{phase}.",), ("{phase}.",))
    lines = texts[0] if lang == "es" else texts[1]
    words = _examples(lang) | {
        "phase": capital(phase_name(phase, lang)),
        "most": str(rules.hand_size),
    }
    out = [line.format(**words) for line in lines]
    caps = rules.round_caps
    if caps is not None and phase in _BETTING_PHASES:
        cap = caps[phase.betting_round - 1]
        out.append(
            pick(
                lang,
                f"Tope: como mucho {cap} en toda la mano, ante incluido, al final de esta ronda.",
                f"Cap: at most {cap} in the whole hand, ante included, by the end of this round.",
            )
        )
    if rules.bet_sizes is not None and phase in _BETTING_PHASES:
        size = rules.bet_sizes[phase.betting_round - 1]
        most = rules.max_raises
        raises = (
            pick(lang, "sin subidas", "no raises")
            if most == 0
            else pick(lang, "subidas sin límite", "raises without limit")
            if most is None
            else pick(lang, f"como mucho {most} subidas", f"{most} raises at most")
        )
        out.append(
            pick(
                lang,
                f"Envites fijos: se abre con {size} y se sube de {size} en {size} ({raises}).",
                f"Fixed limit: open with {size}, raise by {size} ({raises}).",
            )
        )
    out.append(pick(lang, *_GOAL) if not rules.is_variant else _goal(rules, lang))
    out.append(commands_line(lang))
    return out


def _goal(rules: Rules, lang: Lang) -> str:
    """What wins in a variant: the suit's total with its counted cards, and the best."""
    counted = min(rules.cards_counted, rules.hand_size)
    best = rules.best_value
    return pick(
        lang,
        f"Gana la mejor suma de un solo palo, hasta {counted} carta{'s' if counted > 1 else ''} "
        f"(lo mejor: {best}); a igualdad, el más cercano al mano.",
        f"The best total of one suit wins, {counted} card{'s' if counted > 1 else ''} at most "
        f"(the best: {best}); a tie goes to the player nearest mano.",
    )


def memory_lines(view: View, name: Callable[[int], str], lang: Lang) -> list[str]:
    """Every discard of this hand that ``view``'s seat has seen, by seat: the cards when
    they were face up (or its own), else how many; then the discarded cards seen, in
    canonical order, and how many cards the seat has not seen; in ``lang``.

    >>> import golfo
    >>> s = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    >>> memory_lines(golfo.view(s, 0), str, "en")
    ['Memory: no discards yet this hand']
    """
    if not view.discards:
        return [
            pick(
                lang,
                "Memoria: nadie ha descartado todavía en esta mano",
                "Memory: no discards yet this hand",
            )
        ]
    out = [pick(lang, "Memoria: descartes de esta mano", "Memory: discards this hand")]
    by_seat: dict[int, list[str]] = {}
    seen: set[Card] = set()
    hidden = 0
    for event in view.discards:
        by_seat.setdefault(event.seat, []).append(event_words(event, lang))
        if event.cards is None:
            hidden += event.count
        else:
            seen |= event.cards
    for seat, words in by_seat.items():
        out.append(f"  {name(seat)}: {' · '.join(words)}")
    shown = " ".join(str(c) for c in sorted(seen)) or "-"
    out.append(f"  {pick(lang, 'cartas descartadas vistas', 'discarded cards seen')}: {shown}")
    if hidden:
        out.append(f"  {pick(lang, f'y {hidden} boca abajo', f'and {hidden} face down')}")
    unseen = len(view.rules.deck) - len(seen | set(view.hand))
    out.append(f"  {pick(lang, 'cartas que no has visto', 'cards you have not seen')}: {unseen}")
    return out
