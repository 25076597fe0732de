"""``golfo play``: you at seat 0 against bots, at a table in the terminal.

Every move is read by :func:`golfo.notation.parse` and worded by :mod:`golfo.notation`
(through :mod:`golfo.cli.words`); the legal moves shown are the view's
(:attr:`golfo.View.moves`, :func:`golfo.legal_moves` between hands).  Chance deals with
:func:`golfo.deal` from the game's seed, so a game resumed with the same seed deals what
it would have dealt.  ``--save FILE`` writes the record (``golfo/1``) at the end of every
hand and when the player leaves; ``--resume FILE`` continues such a record.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from golfo.actions import CHANCE, Action, Discard, EndGame, NextHand
from golfo.bots import Bot
from golfo.chance import deal
from golfo.cli.common import UsageError, bot_list, make_bots, preset_name, rules_for
from golfo.cli.helptext import commands_line, memory_lines, phase_help
from golfo.cli.output import Output
from golfo.cli.results import (
    hand_start_lines,
    rules_words,
    show_result,
    show_standings,
    winner_line,
)
from golfo.cli.words import (
    RefusedError,
    action_words,
    capital,
    cards_words,
    command_word,
    event_words,
    join,
    moves_line,
    phase_words,
    pick,
    read_move,
    seat_namer,
    value_words,
)
from golfo.errors import FormatError
from golfo.hand import Hand
from golfo.moves import legal_moves
from golfo.notation import Lang, choices
from golfo.records import from_json, to_json
from golfo.reducer import apply, new_game
from golfo.state import Phase, State
from golfo.views import View, view

__all__ = ["HUMAN", "LeaveError", "Table", "cmd_play", "load_record", "prompt", "save_record"]

HUMAN: Final = 0
"""The player's seat."""
QUIT_WORDS: Final = frozenset({"salir", "quit", "exit", "q", "adios", "bye"})
HELP_WORDS: Final = frozenset({"ayuda", "help", "?", "h"})
MEMORY_WORDS: Final = frozenset({"memoria", "memory", "m"})
TABLE_WORDS: Final = frozenset({"mesa", "table", "t"})
_HAND_OVER: Final = (Phase.BETWEEN_HANDS, Phase.END)
_DISCARDS: Final = (Phase.DISCARD_1, Phase.DISCARD_2)


def prompt(lang: Lang) -> str:
    """The move prompt."""
    return pick(lang, "¿Qué haces? > ", "Your move > ")


class LeaveError(Exception):
    """The player asked to leave the table."""


def save_record(state: State, path: Path) -> str | None:
    """Write ``state``'s record to ``path`` (through a temporary file, so that a crash never
    leaves half a record); the reason when it could not be written, else ``None``."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(to_json(state), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        return f"{path}: {error.strerror}"
    return None


def load_record(path: Path) -> State:
    """The game saved in ``path`` (a ``golfo/1`` record); :class:`golfo.FormatError` when it
    cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise FormatError(f"cannot read {path}: {error}") from None
    return from_json(text)


class Table:
    """An interactive game: the human at seat 0 (:data:`HUMAN`), bots elsewhere.

    ``read`` asks the player for a line (``input``); ``save`` is where the record goes at
    the end of every hand (``None``: nowhere); ``lang`` is the language of everything said.
    """

    def __init__(
        self,
        state: State,
        bots: Sequence[Bot],
        kinds: Sequence[str],
        seed: int,
        out: Output,
        read: Callable[[str], str],
        save: Path | None = None,
        lang: Lang = "es",
    ) -> None:
        self.state = state
        self.bots = bots
        self.kinds = kinds
        self.seed = seed
        self.out = out
        self.read = read
        self.save_path = save
        self.lang: Lang = lang
        self.name = seat_namer(lang, HUMAN)
        self.save_error: str | None = None
        self.notes: list[str] = []
        """What happened when the hand in play started (rebuys, busts), said after its
        banner."""

    # -- the game ---------------------------------------------------------------

    def run(self) -> None:
        """Play until the game is over (or :class:`LeaveError`, ``EOFError``, Ctrl-C)."""
        continued = self.state.phase not in _HAND_OVER and self.state.version > 0
        lang = self.lang
        if self.state.phase is Phase.BETWEEN_HANDS and self.state.results:
            show_standings(self.out, self.state, self.name, lang)
        while not self.state.is_over:
            if self.state.phase is Phase.BETWEEN_HANDS:
                action = self.between_hands()
                before, self.state = self.state, apply(self.state, action)
                if isinstance(action, EndGame):
                    show_standings(self.out, self.state, self.name, lang)
                elif isinstance(action, NextHand):
                    self.notes = hand_start_lines(before, self.state, self.name, lang, HUMAN)
                continue
            self.play_hand(continued=continued)
            continued = False
            show_result(self.out, self.state.results[-1], self.name, lang, self.state.rules)
            show_standings(self.out, self.state, self.name, lang)
            self.save()
        self.out.line(winner_line(self.state, self.name, lang))

    def save(self) -> None:
        """Save the record now, if the game is saved; a failure is said once."""
        if self.save_path is None:
            return
        error = save_record(self.state, self.save_path)
        if error is not None and error != self.save_error:
            self.out.line(
                pick(self.lang, "No se pudo guardar la partida", "Could not save the game")
                + f": {error}"
            )
        self.save_error = error

    def play_hand(self, *, continued: bool = False) -> None:
        """Play the hand in progress to its end."""
        self.banner(continued)
        phase: Phase | None = None
        while self.state.phase not in _HAND_OVER:
            s = self.state
            if s.phase is not phase:
                self.phase_changed(phase, s.phase)
                phase = s.phase
            if s.to_act is CHANCE:
                self.state = deal(s, self.seed)
                got = self.state.hand_masks[HUMAN] & ~s.hand_masks[HUMAN]
                if got:
                    received = cards_words(Hand.from_mask(got), self.lang)
                    self.out.line(f"{pick(self.lang, 'Recibes', 'You receive')}: {received}")
                continue
            seat = s.to_act
            assert isinstance(seat, int)
            before = view(s, HUMAN)
            action = self.human_turn() if seat == HUMAN else self.bots[seat].choose(view(s, seat))
            self.state = apply(s, action)
            if isinstance(action, Discard) and seat != HUMAN:  # as seen: maybe only a count
                words = event_words(view(self.state, HUMAN).discards[-1], self.lang)
            else:
                words = action_words(action, self.lang, before)
            self.out.line(f"{capital(self.name(seat))}: {words}")
        self.phase_changed(phase, self.state.phase)

    def banner(self, continued: bool) -> None:
        """The hand's first lines: number, dealer, mano, ante per player, pot; rebuys and
        busts at its start; whether you sit it out."""
        s = self.state
        lang = self.lang
        self.out.line("")
        parts = [
            pick(lang, f"Mano {s.hand_number}", f"Hand {s.hand_number}"),
            f"{pick(lang, 'dador', 'dealer')}: {self.name(s.dealer)}",
            f"mano: {self.name(s.mano)}",
            pick(lang, f"ante {s.rules.ante} por jugador", f"ante {s.rules.ante} per player"),
            pick(lang, f"bote {s.pot}", f"pot {s.pot}"),
        ]
        if continued:
            parts.append(pick(lang, "continúa", "continued"))
        self.out.line(f"=== {join(parts)} ===")
        self.out.lines(self.notes)
        self.notes = []
        if HUMAN not in s.dealt_in:
            if HUMAN in s.out:
                self.out.line(pick(lang, "Estás fuera de la partida.", "You are out of the game."))
            elif s.dealer == HUMAN:
                self.out.line(
                    pick(
                        lang,
                        "Repartes y no juegas esta mano: con cuatro jugadores el dador no juega.",
                        "You deal and sit this hand out: with four players the dealer sits out.",
                    )
                )

    def phase_changed(self, old: Phase | None, new: Phase) -> None:
        """Name a new betting or discard round; after a discard round, the memory panel."""
        if old in _DISCARDS and new is not old:
            self.out.lines(memory_lines(view(self.state, HUMAN), self.name, self.lang))
        if new.betting_round or new in _DISCARDS:
            pot = self.state.pot
            pot_words = pick(self.lang, f"bote {pot}", f"pot {pot}")
            self.out.line(f"-- {capital(phase_words(new, self.lang))} · {pot_words}")

    # -- the player ---------------------------------------------------------------

    def human_turn(self) -> Action:
        """Ask the player for a legal move, re-asking with the reason after each refusal."""
        lang = self.lang
        v = view(self.state, HUMAN)
        self.show_table(v)
        self.out.line(f"{pick(lang, 'Tu turno', 'Your turn')} · {phase_words(v.phase, lang)}")
        self.out.line(f"{pick(lang, 'Tus cartas', 'Your cards')}: {cards_words(v.hand, lang)}")
        worth = value_words(v.hand, lang, v.rules.cards_counted)
        self.out.line(f"{pick(lang, 'Valen', 'Worth')}: {worth}")
        self.show_moves(v)
        while True:
            text = self.read(prompt(lang))
            word = command_word(text)
            if word in QUIT_WORDS:
                raise LeaveError
            if not word:
                self.show_moves(v)
                continue
            if word in HELP_WORDS:
                self.out.lines(phase_help(v.phase, v.rules, lang))
                self.show_moves(v)
                continue
            if word in MEMORY_WORDS:
                self.out.lines(memory_lines(v, self.name, lang))
                continue
            if word in TABLE_WORDS:
                self.show_table(v)
                continue
            try:
                return read_move(text, v, lang)
            except RefusedError as refused:
                self.out.line(refused.line())
                self.show_moves(v)

    def show_moves(self, v: View) -> None:
        """The legal moves, as golfo.notation words them."""
        self.out.line(f"{pick(self.lang, 'Jugadas', 'Moves')}: {moves_line(v, self.lang)}")

    def between_hands(self) -> Action:
        """Ask for the next hand (Enter), or to stop (``salir``: the end of an open-ended
        game, else leaving the table)."""
        lang = self.lang
        moves = legal_moves(self.state)
        labels = {c.kind: c.label(lang) for c in choices(moves)}
        stop = labels.get("end_game", pick(lang, "dejar la mesa", "leave the table"))
        quit_word = pick(lang, "salir", "quit")
        ask = f"Enter: {labels['next_hand']} · {quit_word}: {stop} > "
        while True:
            text = self.read(ask)
            word = command_word(text)
            if not word:
                return NextHand()
            if word in QUIT_WORDS:
                if moves.end_game:
                    return EndGame()
                raise LeaveError
            if word in HELP_WORDS:
                self.out.lines(phase_help(self.state.phase, self.state.rules, lang))
                continue
            if word in MEMORY_WORDS:
                self.out.lines(memory_lines(view(self.state, HUMAN), self.name, lang))
                continue
            if word in TABLE_WORDS:
                show_standings(self.out, self.state, self.name, lang)
                continue
            try:
                return read_move(text, view(self.state, HUMAN), lang)
            except RefusedError as refused:
                self.out.line(refused.line())
                self.out.line(
                    pick(
                        lang,
                        "Pulsa Enter para la siguiente mano, o escribe «salir» para terminar.",
                        "Press Enter for the next hand, or type 'quit' to stop.",
                    )
                )

    def player(self, seat: int) -> str:
        """Who plays ``seat``: you, or a bot by its kind."""
        return pick(self.lang, "tú", "you") if seat == HUMAN else f"bot {self.kinds[seat - 1]}"

    def show_table(self, v: View) -> None:
        """Every seat's chips, bets and status; mano and dealer in the title."""
        lang = self.lang
        rows = []
        for seat in range(v.players):
            if seat not in v.dealt_in:
                status = (
                    pick(lang, "fuera", "out")
                    if seat in v.out
                    else pick(lang, "descansa", "sits out")
                )
            elif seat in v.folded:
                status = pick(lang, "no va", "folded")
            elif v.stacks[seat] == 0:
                status = pick(lang, "resto", "all-in")
            else:
                status = pick(lang, "juega", "in")
            rows.append(
                (
                    f"{seat} {self.player(seat)}",
                    v.stacks[seat],
                    v.bets[seat],
                    v.committed[seat],
                    status,
                )
            )
        title = [
            pick(lang, f"Mano {v.hand_number}", f"Hand {v.hand_number}"),
            phase_words(v.phase, lang),
            pick(lang, f"bote {v.pot}", f"pot {v.pot}"),
            f"mano: {self.name(v.mano)}",
            f"{pick(lang, 'dador', 'dealer')}: {self.name(v.dealer)}",
            pick(lang, f"apuesta a igualar {v.current_bet}", f"bet to match {v.current_bet}"),
            pick(lang, f"mazo: {v.stock_size} cartas", f"stock: {v.stock_size} cards"),
        ]
        headers = (
            pick(lang, "asiento", "seat"),
            pick(lang, "fichas", "stack"),
            pick(lang, "en la ronda", "this round"),
            pick(lang, "en el bote", "in the pot"),
            pick(lang, "estado", "status"),
        )
        self.out.table(join(title), headers, rows)


# ---------------------------------------------------------------------------
# the subcommand


def _game(args: argparse.Namespace) -> tuple[State, str | None, Path | None]:
    """The game to play (new or resumed), the name of its rules, where to save it."""
    if args.resume is None:
        name = args.rules or "tradicional"
        players = args.players or 3
        rules = rules_for(name, args.hands)
        if players not in rules.table_sizes:
            sizes = " or ".join(map(str, rules.table_sizes))
            raise UsageError(f"--rules {name} is played by {sizes} players, not {players}")
        # the last seat deals first, so that you are mano in the first hand
        state = new_game(rules, players=players, dealer=players - 1)
        return state, name, None if args.save is None else Path(args.save)
    given = [f"--{o}" for o in ("rules", "players", "hands") if getattr(args, o) is not None]
    if given:
        raise UsageError(f"--resume takes the game from the record: drop {', '.join(given)}")
    path = Path(args.resume)
    state = load_record(path)
    return state, preset_name(state.rules), Path(args.save) if args.save is not None else path


def cmd_play(args: argparse.Namespace, out: Output) -> int:
    """``golfo play``: a game against bots, new or resumed; returns the exit status."""
    lang: Lang = args.lang
    state, name, save = _game(args)
    kinds = bot_list(args.bots, state.players - 1)
    out.line(
        join(
            [
                "El Golfo",
                rules_words(name, state.rules, lang),
                pick(lang, f"{state.players} jugadores", f"{state.players} players"),
                pick(lang, f"semilla {args.seed}", f"seed {args.seed}"),
            ]
        )
    )
    name_of = seat_namer(lang, HUMAN)
    out.line("Bots: " + join([f"{name_of(s + 1)}: {kind}" for s, kind in enumerate(kinds)]))
    if args.resume is not None:
        out.line(f"{pick(lang, 'Partida guardada', 'Saved game')}: {args.resume}")
        if state.is_over:
            out.line(
                pick(
                    lang,
                    "La partida guardada ya ha terminado: no queda nada por jugar.",
                    "The saved game is over: there is nothing left to play.",
                )
            )
            show_standings(out, state, name_of, lang)
            out.line(winner_line(state, name_of, lang))
            return 0
    out.line(commands_line(lang))
    table = Table(
        state,
        make_bots(["heuristic", *kinds], args.seed),
        kinds,
        args.seed,
        out,
        input,
        save,
        lang,
    )
    code = 0
    try:
        table.run()
    except LeaveError:
        out.line("")
        out.line(pick(lang, "Dejas la mesa. ¡Hasta luego!", "You leave the table. See you!"))
    except EOFError:
        out.line("")
        out.line(
            pick(lang, "Fin de la entrada: dejas la mesa.", "End of input: leaving the table.")
        )
    except KeyboardInterrupt:
        out.line("")
        out.line(pick(lang, "Interrumpido: dejas la mesa.", "Interrupted: leaving the table."))
        code = 130
    if save is not None:
        table.save()
        if table.save_error is None:
            out.line(
                f"{pick(lang, 'Partida guardada en', 'Game saved to')} {save} · "
                f"golfo replay {save} · golfo play --resume {save}"
            )
    return code
