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
from golfo.cli.results import show_result, show_standings, winner_line
from golfo.cli.words import action_words, both, join, phase_words, seat_namer
from golfo.reducer import apply, new_game
from golfo.state import Phase, State

__all__ = ["cmd_replay", "replay_log"]


def cmd_replay(args: argparse.Namespace, out: Output) -> int:
    """``golfo replay FILE``; a file that is not a record raises :class:`golfo.FormatError`."""
    replay_log(load_record(Path(args.file)), out)
    return 0


def replay_log(final: State, out: Output) -> None:
    """A readable hand-by-hand log of a game, from its first ante to its last action."""
    name = seat_namer()
    state = new_game(
        final.rules, players=final.players, dealer=final.first_dealer, stacks=final.initial_stacks
    )
    stacks = ", ".join(map(str, final.initial_stacks))
    actions, hands = len(final.history), len(final.results)
    out.line(
        join(
            [
                both(f"Partida de {final.players} asientos", f"game of {final.players} seats"),
                both(f"fichas iniciales {stacks}", "starting stacks"),
                both(f"{actions} acciones", "actions"),
                both(f"{hands} manos terminadas", "hands finished"),
            ]
        )
    )
    hand_number = 0
    phase: Phase | None = None
    dealt: dict[int, list[Card]] = {}

    def flush() -> None:
        if dealt:
            parts = [f"{name(s)}: {' '.join(map(str, sorted(cs)))}" for s, cs in dealt.items()]
            out.line(f"{both('reparto', 'deal')} · {join(parts)}")
            dealt.clear()

    for action in final.history:
        if state.hand_number != hand_number:
            hand_number = state.hand_number
            phase = None
            out.line("")
            parts = [
                both(f"Mano {hand_number}", f"hand {hand_number}"),
                f"{both('dador', 'dealer')}: {name(state.dealer)}",
                f"mano: {name(state.mano)}",
                both(f"ante {state.rules.ante} por jugador", "per player"),
                both(f"bote {state.pot}", f"pot {state.pot}"),
            ]
            out.line(f"=== {join(parts)} ===")
        if state.phase is not phase and state.phase not in (Phase.BETWEEN_HANDS, Phase.END):
            flush()
            phase = state.phase
            out.line(f"-- {phase_words(phase)}")
        if isinstance(action, Deal):
            assert state.receiver is not None
            dealt.setdefault(state.receiver, []).append(action.card)
        else:
            flush()
            if isinstance(action, NextHand | EndGame):
                out.line(action_words(action))
            else:
                out.line(f"{name(action.seat)}: {action_words(action, state)}")
        results = len(state.results)
        state = apply(state, action)
        if len(state.results) > results:
            flush()
            show_result(out, state.results[-1], name)
    flush()
    if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
        show_standings(out, state, name)
        if state.is_over:
            out.line(winner_line(state, name))
    else:
        n = state.hand_number
        out.line(
            both(
                f"el registro se detiene en mitad de la mano {n}",
                f"the record stops in the middle of hand {n}",
            )
        )
