"""The player's words for each refusal code, in Spanish and English (private:
:func:`golfo.notation.reason` and :func:`golfo.notation.explain` word a refusal with them).

Each code of :class:`golfo.IllegalActionError` (``docs/rules.md``, *Bad input*) and each of
the notation's own has one sentence per language, formatted with the refusal's facts.
"""

from __future__ import annotations

from typing import Final

__all__ = ["REASONS"]

REASONS: Final[dict[str, tuple[str, str]]] = {
    # code: (Spanish, English), formatted with the facts
    "not_an_action": ("eso no es una jugada", "that is not a move"),
    "game_over": ("la partida ha terminado", "the game is over"),
    "no_seat": ("ese asiento no existe", "there is no such seat"),
    "dealing": ("se están repartiendo cartas", "cards are being dealt"),
    "no_hand": ("no hay ninguna mano en juego", "no hand is in play"),
    "not_your_turn": (
        "no es tu turno: le toca al asiento {to_act}",
        "it is not your turn: seat {to_act} is to act",
    ),
    "folded": ("te has retirado de esta mano", "you have folded this hand"),
    "no_deal": ("ahora no se reparte", "no card is to be dealt now"),
    "not_a_card": ("eso no es una carta", "that is not a card"),
    "not_in_stock": ("{card} no está en el mazo", "{card} is not in the stock"),
    "no_betting": (
        "ahora no se envida ({phase_es})",
        "there is no betting now ({phase_en})",
    ),
    "pass_after_open": (
        "no puedes pasar: ya hay una apuesta de {current}",
        "you cannot pass: there is a bet of {current}",
    ),
    "fold_not_facing": (
        "no hace falta retirarse: nadie ha envidado",
        "there is no need to fold: nobody has bet",
    ),
    "call_unopened": (
        "no hay nada que ver: nadie ha envidado",
        "there is nothing to call: nobody has bet",
    ),
    "not_facing": ("ya has igualado la apuesta", "you have matched the bet already"),
    "bet_after_open": (
        "ya hay una apuesta: puedes ver, subir o no ir",
        "there is a bet already: call, raise or fold",
    ),
    "raise_unopened": (
        "no puedes subir: nadie ha envidado todavía (para abrir, envida)",
        "you cannot raise: nobody has bet yet (to open, bet)",
    ),
    "not_whole": (
        "la cantidad debe ser un número entero de fichas",
        "the amount must be a whole number of chips",
    ),
    "unanswerable": (
        "nadie podría ver una subida: el asiento {reach_seat} solo puede poner {reach}",
        "nobody could answer a raise: seat {reach_seat} can put in {reach} at most",
    ),
    "above_stack": (
        "no tienes tantas fichas: {own} como mucho",
        "you do not have that many chips: {own} at most",
    ),
    "above_reach": (
        "nadie podría igualarlo: el asiento {reach_seat} solo puede poner {reach}",
        "nobody could match it: seat {reach_seat} can put in {reach} at most",
    ),
    "above_cap": ("el tope de esta ronda es {room}", "the cap this round is {room}"),
    "below_minimum": ("el mínimo es {minimum}", "the minimum is {minimum}"),
    "raise_limit": (
        "no se puede subir más en esta ronda (subidas permitidas: {most})",
        "no more raises this round (raises allowed: {most})",
    ),
    "limit_amount": (
        "los envites son fijos: la cantidad es {amount}",
        "fixed-limit betting: the amount is {amount}",
    ),
    "no_discard": ("ahora no se descarta ({phase_es})", "this is not a discard ({phase_en})"),
    "not_held": ("no tienes {cards}", "you do not hold {cards}"),
    "stock_short": (
        "solo quedan {stock} cartas en el mazo",
        "only {stock} cards are left in the stock",
    ),
    "hand_in_play": ("la mano no ha terminado", "the hand is not over"),
    "fixed_length": ("la partida dura {hands} manos", "the game lasts {hands} hands"),
    # notation's own, for words that are not a move
    "unknown": ("no entiendo «{text}»", "I do not understand '{text}'"),
    "which_cards": (
        "¿qué cartas descartas? por ejemplo: descarto 3O 5C (o «me quedo»)",
        "which cards? for example: discard 3O 5C (or 'stand pat')",
    ),
    "how_much": (
        "¿cuánto? di tu total de la ronda, por ejemplo: envido 5",
        "how much? say your total for the round, for example: bet 5",
    ),
    "bad_card": (
        "no conozco la carta «{text}»: se escribe el número (3 a 9) y la letra del palo, "
        "{letters_es}, como 9O o 3B",
        "no such card '{text}': write the rank (3 to 9) and the Spanish suit letter, "
        "{letters_en}, as in 9O or 3B",
    ),
    "card_twice": ("has nombrado {text} dos veces", "you named {text} twice"),
    "not_to_act": ("no te toca jugar", "you are not to act"),
    "call_amount": ("ir te cuesta {owe}", "calling costs {owe}"),
}
"""Per code, ``(Spanish, English)``, formatted with the facts (``{room}``, ``{cards}``...)."""
