"""``golfo replay FILE``: a saved game (a ``golfo/1`` record), hand by hand.

A record holds every card, the hidden ones too: the replay shows them all (deals,
face-down discards), as the server saw the game.  Every action is worded by
:func:`golfo.notation.say`, with the state it applied to.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from golfo.actions import Deal, EndGame, NextHand
from golfo.cards import Card
from golfo.cli.output import Output
from golfo.cli.play import load_record
from golfo.cli.results import hand_start_lines, show_result, show_standings, winner_line
from golfo.cli.words import action_words, capital, join, phase_words, pick, seat_namer
from golfo.notation import Lang
from golfo.reducer import apply, new_game
from golfo.state import Phase, State

__all__ = ["cmd_replay", "replay_log"]


def cmd_replay(args: argparse.Namespace, out: Output) -> int:
    """``golfo replay FILE``; a file that is not a record raises :class:`golfo.FormatError`."""
    replay_log(load_record(Path(args.file)), out, args.lang)
    return 0


def replay_log(final: State, out: Output, lang: Lang = "es") -> None:
    """A readable hand-by-hand log of a game, from its first ante to its last action, in
    ``lang``; rebuys and busts are said at the start of the hand they happen in."""
    name = seat_namer(lang)
    state = new_game(
        final.rules, players=final.players, dealer=final.first_dealer, stacks=final.initial_stacks
    )
    stacks = ", ".join(map(str, final.initial_stacks))
    actions, hands = len(final.history), len(final.results)
    out.line(
        join(
            [
                pick(
                    lang, f"Partida de {final.players} asientos", f"Game of {final.players} seats"
                ),
                pick(lang, f"fichas iniciales {stacks}", f"starting stacks {stacks}"),
                pick(lang, f"{actions} acciones", f"{actions} actions"),
                pick(lang, f"{hands} manos terminadas", f"{hands} hands finished"),
            ]
        )
    )
    hand_number = 0
    phase: Phase | None = None
    dealt: dict[int, list[Card]] = {}
    notes: list[str] = []

    def flush() -> None:
        if dealt:
            parts = [f"{name(s)}: {' '.join(map(str, sorted(cs)))}" for s, cs in dealt.items()]
            out.line(f"{pick(lang, 'Reparto', 'Deal')} · {join(parts)}")
            dealt.clear()

    for action in final.history:
        if state.hand_number != hand_number:
            hand_number = state.hand_number
            phase = None
            out.line("")
            parts = [
                pick(lang, f"Mano {hand_number}", f"Hand {hand_number}"),
                f"{pick(lang, 'dador', 'dealer')}: {name(state.dealer)}",
                f"mano: {name(state.mano)}",
                pick(
                    lang,
                    f"ante {state.rules.ante} por jugador",
                    f"ante {state.rules.ante} per player",
                ),
                pick(lang, f"bote {state.pot}", f"pot {state.pot}"),
            ]
            out.line(f"=== {join(parts)} ===")
            out.lines(notes)
            notes = []
        if state.phase is not phase and state.phase not in (Phase.BETWEEN_HANDS, Phase.END):
            flush()
            phase = state.phase
            out.line(f"-- {capital(phase_words(phase, lang))}")
        if isinstance(action, Deal):
            assert state.receiver is not None
            dealt.setdefault(state.receiver, []).append(action.card)
        else:
            flush()
            if isinstance(action, NextHand | EndGame):
                out.line(capital(action_words(action, lang)))
            else:
                out.line(f"{capital(name(action.seat))}: {action_words(action, lang, state)}")
        results = len(state.results)
        before, state = state, apply(state, action)
        if isinstance(action, NextHand):
            notes = hand_start_lines(before, state, name, lang)
        if len(state.results) > results:
            flush()
            show_result(out, state.results[-1], name, lang, state.rules)
    flush()
    out.lines(notes)  # a record that stops as a hand starts, before its first card
    if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
        show_standings(out, state, name, lang)
        if state.is_over:
            out.line(winner_line(state, name, lang))
    else:
        n = state.hand_number
        out.line(
            pick(
                lang,
                f"El registro se detiene en mitad de la mano {n}.",
                f"The record stops in the middle of hand {n}.",
            )
        )
