"""The ``golfo`` command: play against bots, self-play statistics, scoring, replays.

``golfo play`` (you at seat 0 against bots), ``golfo simulate`` (bots
against bots, with statistics), ``golfo score 9O 8O 7O 6O 3C`` and ``golfo
replay FILE``; ``python -m golfo`` is the same command.

``golfo simulate`` reports, over the hands played: per seat the net chips
(sum of the hands' payoffs), main pots won and rebuys; the showdown rate;
the winning hand values (the value of the hand that took the main pot, at
showdowns only: a win by folds shows nothing); and two measures of the
stock running short in the discards, both read from the states: *stock
limited*, the share of hands where some seat, at its turn to discard, found
fewer than five cards in the stock (it could not change its whole hand);
and *stock short*, the share of hands where some seat found fewer than five
and discarded every card there was (or found none), so it was held back by
the stock.  Open-ended games (traditional rules) restart every
``--game-hands`` hands (default 100) so that stacks stay comparable.
``--json`` writes the same report as JSON, with nothing time-dependent in
it: the same seed gives the same bytes (the speed goes to stderr).

Tables and the progress bar use ``rich`` (the ``golfo[cli]`` extra); without it the
command still works, in plain text.  ``import golfo`` never imports this
module.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

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
from golfo.bots import Bot, HeuristicBot, RandomBot, new_deck, play_hand
from golfo.cards import Card, parse_cards
from golfo.chance import deal_from
from golfo.errors import CardError, FormatError, GolfoError
from golfo.hand import Hand
from golfo.moves import LegalMoves, legal_moves
from golfo.records import from_json, to_json
from golfo.reducer import apply, new_game
from golfo.rules import LUDOTEKA, TRADICIONAL, Rules
from golfo.scoring import score
from golfo.standings import standings
from golfo.state import HandResult, Phase, State
from golfo.views import View, view

__all__ = ["main", "parse_command"]

PRESETS: Final = {"tradicional": TRADICIONAL, "ludoteka": LUDOTEKA}
BOT_KINDS: Final = ("heuristic", "random")
PHASE_NAMES: Final = {
    Phase.DEAL_1: "primer reparto (first deal)",
    Phase.BET_1: "primera ronda de envites (betting round 1)",
    Phase.DEAL_2: "segundo reparto (second deal)",
    Phase.BET_2: "segunda ronda de envites (betting round 2)",
    Phase.DISCARD_1: "primer descarte (first discard)",
    Phase.BET_3: "tercera ronda de envites (betting round 3)",
    Phase.DISCARD_2: "segundo descarte (second discard)",
    Phase.BET_4: "cuarta ronda de envites (last betting round)",
    Phase.SHOWDOWN: "showdown",
    Phase.BETWEEN_HANDS: "between hands",
    Phase.END: "end of the game",
}
QUIT_WORDS: Final = frozenset({"salir", "quit", "exit", "q", "adios", "bye"})
HELP_WORDS: Final = frozenset({"ayuda", "help", "?", "h"})


# ---------------------------------------------------------------------------
# output: rich when installed, plain text otherwise


class Output:
    """Lines and tables on a stream; uses ``rich`` when it is installed."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        try:
            from rich.console import Console
        except ImportError:
            self.console: Any = None
        else:
            self.console = Console(file=self.stream, highlight=False, soft_wrap=True)

    def line(self, text: str = "") -> None:
        """One line of plain text (never read as markup)."""
        if self.console is not None:
            self.console.print(text, markup=False)
        else:
            print(text, file=self.stream)
        self.stream.flush()

    def table(self, title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        """A table with a title; numbers right-aligned."""
        if self.console is not None:
            from rich.table import Table

            table = Table(title=title, title_justify="left")
            numeric = [
                all(isinstance(r[i], int | float) for r in rows) for i in range(len(headers))
            ]
            for header, right in zip(headers, numeric, strict=True):
                table.add_column(header, justify="right" if right else "left")
            for row in rows:
                table.add_row(*(str(x) for x in row))
            self.console.print(table)
            self.stream.flush()
            return
        cells = [[str(h) for h in headers], *[[str(x) for x in r] for r in rows]]
        widths = [max(len(c[i]) for c in cells) for i in range(len(headers))]
        self.line(title)
        for row in cells:
            self.line("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


@contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr while the body runs, when stderr is a terminal and rich is
    installed; yields a function advancing it by some steps."""
    bar: Any = None
    if sys.stderr.isatty():
        try:
            from rich.console import Console
            from rich.progress import Progress
        except ImportError:
            bar = None
        else:
            bar = Progress(console=Console(stderr=True), transient=True)
    if bar is None:
        yield lambda _steps: None
        return
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda steps: bar.advance(task, steps)


# ---------------------------------------------------------------------------
# describing things


def card_names(cards: Sequence[Card] | Hand) -> str:
    """``9O (nueve de oros), 3C (tres de copas)``."""
    return ", ".join(f"{c} ({c.name})" for c in cards)


def explain_value(cards: Sequence[Card] | Hand) -> str:
    """``value 17: 8C 9C count (copas)``."""
    s = score(tuple(cards))
    if s.suit is None:
        return "value 0"
    counting = " ".join(str(c) for c in s.cards)
    return f"value {s.value}: {counting} count ({s.suit.spanish})"


def _span(amounts: range) -> str:
    first, last = amounts[0], amounts[-1]
    return str(first) if first == last else f"{first}..{last}"


def _moves(v: View) -> LegalMoves:
    return v.moves if v.moves is not None else LegalMoves(v.seat)


def describe_moves(v: View) -> str:
    """The legal moves of ``v``'s seat in the words the prompt accepts."""
    moves = _moves(v)
    parts: list[str] = []
    if moves.can_pass:
        parts.append("paso (pass)")
    if moves.bets:
        parts.append(f"envido N (bet N = {_span(moves.bets)})")
    if moves.call is not None:
        parts.append(f"voy / veo (call {moves.call})")
    if moves.raises:
        parts.append(f"subo N (raise to N = {_span(moves.raises)})")
    if moves.can_fold:
        parts.append("no voy (fold)")
    if moves.discard_max is not None:
        most = moves.discard_max
        parts.append(f"descarto CARDS (discard 1 to {most} of {v.hand})" if most else "")
        parts.append("me quedo (stay: discard nothing)")
    text = " | ".join(p for p in parts if p)
    if moves.amounts:
        text += "   [amounts are your total for this round]"
    return text


def describe_action(action: Action, before: State | None = None, *, hidden: bool = False) -> str:
    """An action in Spanish and English; ``before`` (the state it applies to) adds amounts;
    ``hidden`` writes a discard as its count only."""
    match action:
        case Pass():
            return "paso (passes)"
        case Bet(amount=a):
            return f"envido {a} (bets {a})"
        case Call(seat=s):
            if before is not None:
                owe = min(max(before.bets) - before.bets[s], before.stacks[s])
                allin = " all-in" if owe == before.stacks[s] else ""
                return f"voy (calls {owe}{allin})"
            return "voy (calls)"
        case Raise(amount=a):
            return f"subo a {a} (raises to {a})"
        case Fold():
            return "no voy (folds)"
        case Discard(cards=cards):
            if not cards:
                return "me quedo (stands pat)"
            if hidden:
                return f"descarta {len(cards)} (discards {len(cards)} face down)"
            shown = " ".join(str(c) for c in sorted(cards))
            return f"descarta {shown} (discards {len(cards)})"
        case Deal(card=card):
            return f"gets {card}"
        case NextHand():
            return "next hand"
        case EndGame():
            return "the players stop"
    return repr(action)  # pragma: no cover


# ---------------------------------------------------------------------------
# reading the player's words


def _words(text: str) -> list[str]:
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return plain.replace(",", " ").split()


class CommandError(ValueError):
    """Words that are not a move, with what is wrong."""


def parse_command(text: str, v: View) -> Action:
    """The action that ``text`` asks for, given the legal moves of ``v``.

    Spanish or English: ``paso``/``pass``, ``voy``/``veo``/``call``, ``subo 10``/``raise 10``,
    ``envido 5``/``bet 5``, ``no voy``/``fold``, ``descarto 3O 5C``/``discard 3O 5C``,
    ``me quedo``/``stay``.  Raises :class:`CommandError` when the words are not a legal move.
    """
    words = _words(text)
    if not words:
        raise CommandError("type a move")
    seat = v.seat if v.seat is not None else 0
    legal = _moves(v)
    head, rest = words[0], words[1:]
    action: Action
    if head in ("paso", "pass", "check") and not rest:
        action = Pass(seat)
    elif head in ("voy", "veo", "call", "igualo") and not rest:
        action = Call(seat)
    elif words in (["no", "voy"], ["fold"], ["me", "retiro"], ["no", "veo"]):
        action = Fold(seat)
    elif words in (["me", "quedo"], ["stay"], ["stand"], ["servido"]) or (
        head in ("descarto", "discard") and not rest
    ):
        action = Discard(seat, ())
    elif head in ("descarto", "discard", "cambio"):
        try:
            cards = parse_cards(rest)
        except CardError as exc:
            raise CommandError(str(exc)) from None
        if len(set(cards)) != len(cards):
            raise CommandError("a card is named twice")
        action = Discard(seat, cards)
    elif head in ("subo", "raise", "envido", "bet", "apuesto", "resto", "all-in", "allin") or (
        len(words) == 1 and head.isascii() and head.isdigit()
    ):
        amount = _amount(head, rest, v) if rest or not head.isdigit() else int(head)
        opened = v.current_bet > 0
        action = Raise(seat, amount) if opened else Bet(seat, amount)
    else:
        raise CommandError(f"not a move: {text.strip()!r}")
    if action in legal:
        return action
    raise CommandError(_why_not(action, v))


def _amount(head: str, rest: list[str], v: View) -> int:
    seat = v.seat if v.seat is not None else 0
    if head in ("resto", "all-in", "allin") or rest in (["resto"], ["all-in"], ["todo"]):
        amounts = _moves(v).amounts  # the most allowed: the stack, or what others can match
        return amounts[-1] if amounts else v.bets[seat] + v.stacks[seat]
    if len(rest) == 2 and rest[0] in ("a", "to"):
        rest = rest[1:]
    if len(rest) != 1 or not (rest[0].isascii() and rest[0].isdigit()):
        raise CommandError(f"say how much: '{head} 5' (your total for this round)")
    return int(rest[0])


def _why_not(action: Action, v: View) -> str:
    moves = _moves(v)
    kinds = {
        Pass: moves.can_pass,
        Call: moves.call is not None,
        Fold: moves.can_fold,
        Bet: bool(moves.bets),
        Raise: bool(moves.raises),
        Discard: moves.discard_max is not None,
    }
    if not kinds.get(type(action), False):
        names = {
            Pass: "pass",
            Call: "call",
            Fold: "fold",
            Bet: "bet",
            Raise: "raise",
            Discard: "discard",
        }
        return f"you cannot {names.get(type(action), 'do that')} now"
    if isinstance(action, Bet | Raise):
        verb = "bet" if isinstance(action, Bet) else "raise to"
        return f"you cannot {verb} {action.amount}: {verb} {_span(moves.amounts)}"
    if isinstance(action, Discard):
        most = moves.discard_max
        missing = [c for c in action.cards if c not in v.hand]
        if missing:
            return f"you do not hold {' '.join(map(str, missing))}"
        return f"you may discard at most {most} cards (the stock is short)"
    return "that is not legal now"


# ---------------------------------------------------------------------------
# setting up games


def make_bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    """Bots by name (``heuristic`` or ``random``), random ones seeded from ``seed`` and seat."""
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        if kind == "heuristic":
            bots.append(HeuristicBot())
        elif kind == "random":
            bots.append(RandomBot(seed * 16 + seat))
        else:
            raise ValueError(f"unknown bot {kind!r}: use {' or '.join(BOT_KINDS)}")
    return bots


def _rules(name: str, hands: int | None) -> Rules:
    rules = PRESETS[name]
    if hands is not None:
        rules = attrs.evolve(rules, hands=hands)
    return rules


def _save(state: State, path: str | None, out: Output) -> None:
    if path is None:
        return
    try:
        Path(path).write_text(to_json(state) + "\n", encoding="utf-8")
    except OSError as exc:
        out.line(f"could not save the record to {path}: {exc.strerror}")
    else:
        out.line(f"Record saved to {path} (read it with: golfo replay {path})")


# ---------------------------------------------------------------------------
# golfo play


class _LeaveError(Exception):
    """The player asked to leave."""


class Table:
    """An interactive game: the human at seat 0, bots elsewhere."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        bots: Sequence[Bot],
        seed: int,
        out: Output,
        read: Callable[[str], str],
    ) -> None:
        self.rules = rules
        self.players = players
        self.bots = bots
        self.rng = random.Random(seed)
        self.out = out
        self.read = read
        # The last seat deals first, so that you are mano in the first hand.
        self.state = new_game(rules, players=players, dealer=players - 1)

    def ask(self, prompt: str) -> str:
        return self.read(prompt)

    def run(self) -> None:
        while True:
            self.play_hand()
            self.show_result()
            self.show_standings()
            if self.state.is_over:
                self.show_winner()
                return
            answer = ""
            while True:
                answer = " ".join(_words(self.ask("Enter: next hand · 'salir' (quit) to stop > ")))
                if answer in ("", "siguiente", "next", "n", "s", "si", "y", "yes"):
                    break
                if answer in QUIT_WORDS:
                    break
                self.out.line("Press Enter for the next hand, or type 'salir' (quit).")
            if answer in QUIT_WORDS:
                if EndGame() in self._legal():
                    self.state = apply(self.state, EndGame())
                    self.show_standings()
                    self.show_winner()
                    return
                raise _LeaveError
            self.state = apply(self.state, NextHand())

    def _legal(self) -> LegalMoves:
        return legal_moves(self.state)

    def play_hand(self) -> None:
        s = self.state
        dealt_in = ", ".join(self.seat_name(x) for x in s.dealt_in)
        self.out.line("")
        self.out.line(
            f"=== Hand {s.hand_number} · dealer (dador): {self.seat_name(s.dealer)} · "
            f"mano: {self.seat_name(s.mano)} · dealt in: {dealt_in} · antes {s.pot} ==="
        )
        if 0 not in s.dealt_in:
            self.out.line("You deal and sit this hand out (four at the table).")
        deck = new_deck(self.rng)
        phase = s.phase
        while self.state.phase not in (Phase.BETWEEN_HANDS, Phase.END):
            s = self.state
            if s.phase is not phase:
                phase = s.phase
                if phase.betting_round or phase in (Phase.DISCARD_1, Phase.DISCARD_2):
                    self.out.line(f"-- {PHASE_NAMES[phase]} · pot {s.pot}")
            if s.to_act is CHANCE:
                before = s.hand_masks[0]
                self.state = deal_from(s, deck)
                new = self.state.hand_masks[0] & ~before
                if new:
                    got = Hand.from_mask(new)
                    self.out.line(f"You receive {card_names(got)}")
                continue
            seat = s.to_act
            assert isinstance(seat, int)
            action = self.human_turn() if seat == 0 else self.bots[seat].choose(view(s, seat))
            hidden = isinstance(action, Discard) and not self.rules.discards_face_up and seat != 0
            text = describe_action(action, s, hidden=hidden)
            self.out.line(f"{self.seat_name(seat)}: {text}")
            self.state = apply(s, action)

    def seat_name(self, seat: int) -> str:
        if seat == 0:
            return "you (seat 0)"
        kind = type(self.bots[seat]).__name__.removesuffix("Bot").lower()
        return f"seat {seat} ({kind} bot)"

    def show_table(self, v: View) -> None:
        rows = []
        for seat in range(v.players):
            if seat not in v.dealt_in:
                status = "out of the game" if seat in v.out else "sits out"
            elif seat in v.folded:
                status = "folded"
            elif v.stacks[seat] == 0:
                status = "all-in"
            else:
                status = "in"
            role = "mano" if seat == v.mano else ("dealer" if seat == v.dealer else "")
            rows.append(
                (
                    self.seat_name(seat),
                    v.stacks[seat],
                    v.bets[seat],
                    v.committed[seat],
                    status,
                    role,
                )
            )
        self.out.table(
            f"Hand {v.hand_number} · {PHASE_NAMES[v.phase]} · pot {v.pot} · "
            f"bet to match {v.current_bet} · stock {v.stock_size} cards",
            ("seat", "stack", "bet this round", "in pot", "status", ""),
            rows,
        )

    def human_turn(self) -> Action:
        v = view(self.state, 0)
        self.show_table(v)
        self.out.line("Your turn.")
        self.out.line(f"Your cards: {card_names(v.hand)}")
        self.out.line(f"Your hand: {explain_value(v.hand)}")
        self.out.line(f"Legal moves: {describe_moves(v)}")
        while True:
            text = self.ask("Your move > ")
            words = _words(text)
            if words and words[0] in QUIT_WORDS and len(words) == 1:
                raise _LeaveError
            if words and words[0] in HELP_WORDS and len(words) == 1:
                self.out.line(f"Legal moves: {describe_moves(v)}")
                continue
            try:
                return parse_command(text, v)
            except CommandError as exc:
                self.out.line(f"Not legal: {exc}.")
                self.out.line(f"Legal moves: {describe_moves(v)}")

    def show_result(self) -> None:
        result = self.state.results[-1]
        show_result(self.out, result, self.seat_name)

    def show_standings(self) -> None:
        show_standings(self.out, self.state, self.seat_name)

    def show_winner(self) -> None:
        table = standings(self.state)
        if table.winner is None:
            self.out.line("The game is over: no single winner.")
        else:
            self.out.line(f"The game is over. Winner: {self.seat_name(table.winner)}.")


def show_result(out: Output, result: HandResult, name: Callable[[int], str]) -> None:
    """Every shown hand with its value, the pots and their winners, the payoffs."""
    if result.showdown:
        out.line("Showdown:")
        for seat, hand in enumerate(result.shown):
            if hand is not None:
                out.line(f"  {name(seat)}: {hand}  ({explain_value(hand)})")
    for i, pot in enumerate(result.pots):
        kind = "main pot" if i == 0 else f"side pot {i}"
        how = "" if result.showdown else " (the others folded, nothing shown)"
        out.line(f"{name(pot.winner)} wins the {kind} of {pot.amount}{how}")
    for seat, chips in enumerate(result.returned):
        if chips:
            out.line(f"{name(seat)} takes back {chips} uncalled")
    if result.trabuco:
        out.line("¡Trabuco! Mano wins with 30 points.")
    payoffs = ", ".join(f"{name(s)} {p:+d}" for s, p in enumerate(result.payoffs))
    out.line(f"This hand: {payoffs}")


def show_standings(out: Output, state: State, name: Callable[[int], str]) -> None:
    table = standings(state)
    rows = [
        (row.rank, name(row.seat), row.stack, row.rebuys, row.net, "out" if row.out else "")
        for row in table.rows
    ]
    out.table(
        f"Standings after {table.hands_played} hand{'' if table.hands_played == 1 else 's'}",
        ("rank", "seat", "stack", "rebuys", "net", ""),
        rows,
    )


def cmd_play(args: argparse.Namespace, out: Output) -> int:
    players: int = args.players
    kinds = _bot_list(args.bots, players - 1)
    bots = make_bots(["heuristic", *kinds], args.seed)
    rules = _rules(args.rules, args.hands)
    out.line(
        f"El Golfo · {args.rules} rules · {players} players · "
        f"{'open-ended' if rules.hands is None else f'{rules.hands} hands'} · seed {args.seed}"
    )
    out.line(
        "Moves: paso/pass, envido 5/bet 5, voy/veo/call, subo 10/raise 10, no voy/fold, "
        "descarto 3O 5C/discard 3O 5C, me quedo/stay, ayuda/help, salir/quit."
    )

    def read(prompt: str) -> str:
        return input(prompt)

    table = Table(rules, players, bots, args.seed, out, read)
    code = 0
    try:
        table.run()
    except _LeaveError:
        out.line("")
        out.line("You leave the table. ¡Hasta luego!")
    except EOFError:
        out.line("")
        out.line("End of input: leaving the table.")
    except KeyboardInterrupt:
        out.line("")
        out.line("Interrupted: leaving the table.")
        code = 130
    _save(table.state, args.save, out)
    return code


def _bot_list(text: str | None, count: int) -> list[str]:
    if text is None:
        return ["heuristic"] * count
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if len(kinds) != count or any(k not in BOT_KINDS for k in kinds):
        raise _UsageError(f"--bots needs {count} of {', '.join(BOT_KINDS)}, comma separated")
    return kinds


class _UsageError(Exception):
    pass


# ---------------------------------------------------------------------------
# golfo simulate


@attrs.define
class _Tally:
    """Statistics gathered while bots play."""

    players: int
    hands: int = 0
    games: int = 0
    showdowns: int = 0
    stock_limited: int = 0
    stock_short: int = 0
    trabucos: int = 0
    net: list[int] = attrs.Factory(list)
    pots_won: list[int] = attrs.Factory(list)
    rebuys: list[int] = attrs.Factory(list)
    winning_values: Counter[int] = attrs.Factory(Counter)

    def __attrs_post_init__(self) -> None:
        self.net = [0] * self.players
        self.pots_won = [0] * self.players
        self.rebuys = [0] * self.players


def simulate(
    kinds: Sequence[str],
    rules: Rules,
    hands: int,
    seed: int,
    game_hands: int,
    step: Callable[[int], None] = lambda _n: None,
) -> _Tally:
    """Self-play of ``hands`` hands; games restart after ``game_hands`` hands when the rules
    leave them open-ended (and whenever a game ends by the rules)."""
    players = len(kinds)
    bots = make_bots(kinds, seed)
    rng = random.Random(seed)
    tally = _Tally(players)
    limited = short = False

    def watch(state: State, action: Action) -> None:
        nonlocal limited, short
        if isinstance(action, Discard):
            room = min(5, state.stock_mask.bit_count())
            if room < 5:
                limited = True
                if len(action.cards) == room:
                    short = True

    state = new_game(rules, players=players)
    tally.games = 1
    in_game = 0
    while tally.hands < hands:
        limited = short = False
        state = play_hand(state, bots, new_deck(rng), on_action=watch)
        result = state.results[-1]
        tally.hands += 1
        in_game += 1
        tally.stock_limited += limited
        tally.stock_short += short
        for seat in range(players):
            tally.net[seat] += result.payoffs[seat]
        if result.pots:
            tally.pots_won[result.pots[0].winner] += 1
        if result.showdown:
            tally.showdowns += 1
            tally.trabucos += result.trabuco
            winner = result.shown[result.pots[0].winner]
            if winner is not None:
                tally.winning_values[winner.value] += 1
        step(1)
        if state.is_over or (rules.hands is None and in_game >= game_hands):
            for seat in range(players):
                tally.rebuys[seat] += state.rebuys[seat]
            if tally.hands < hands:
                state = new_game(rules, players=players)
                tally.games += 1
                in_game = 0
        else:
            state = apply(state, NextHand())
    if not state.is_over and in_game:
        for seat in range(players):
            tally.rebuys[seat] += state.rebuys[seat]
    return tally


def _report(tally: _Tally, kinds: Sequence[str], args: argparse.Namespace) -> dict[str, Any]:
    n = tally.hands
    return {
        "hands": n,
        "games": tally.games,
        "seed": args.seed,
        "rules": args.rules,
        "bots": list(kinds),
        "seats": [
            {
                "seat": seat,
                "bot": kinds[seat],
                "net": tally.net[seat],
                "net_per_hand": round(tally.net[seat] / n, 3),
                "main_pots_won": tally.pots_won[seat],
                "rebuys": tally.rebuys[seat],
            }
            for seat in range(len(kinds))
        ],
        "showdown_rate": round(tally.showdowns / n, 4),
        "trabucos": tally.trabucos,
        "stock_limited_rate": round(tally.stock_limited / n, 4),
        "stock_short_rate": round(tally.stock_short / n, 4),
        "winning_values": {str(v): c for v, c in sorted(tally.winning_values.items())},
    }


def cmd_simulate(args: argparse.Namespace, out: Output) -> int:
    kinds = [k.strip().lower() for k in args.bots.split(",") if k.strip()]
    if len(kinds) not in (3, 4) or any(k not in BOT_KINDS for k in kinds):
        raise _UsageError(f"--bots needs 3 or 4 of {', '.join(BOT_KINDS)}, comma separated")
    if args.hands < 1:
        raise _UsageError("--hands must be at least 1")
    rules = PRESETS[args.rules]
    start = time.perf_counter()
    with progress(args.hands, "simulating") as step:
        tally = simulate(kinds, rules, args.hands, args.seed, args.game_hands, step)
    seconds = time.perf_counter() - start
    report = _report(tally, kinds, args)
    speed = f"{tally.hands} hands in {seconds:.2f} s: {tally.hands / seconds:,.0f} hands per second"
    if args.json:
        print(json.dumps(report, indent=2))
        print(speed, file=sys.stderr)
        return 0
    out.line(
        f"{tally.hands} hands, {tally.games} game{'' if tally.games == 1 else 's'}, "
        f"{args.rules} rules, "
        f"bots {','.join(kinds)}, seed {args.seed}"
    )
    out.table(
        "Results per seat",
        ("seat", "bot", "net chips", "per hand", "main pots won", "rebuys"),
        [
            (s["seat"], s["bot"], s["net"], s["net_per_hand"], s["main_pots_won"], s["rebuys"])
            for s in report["seats"]
        ],
    )
    out.line(f"Showdown rate: {report['showdown_rate']:.1%} ({tally.trabucos} trabucos)")
    out.line(
        f"Stock short: {report['stock_short_rate']:.1%} of hands "
        "(a seat found fewer than 5 cards in the stock and discarded all there were);"
    )
    out.line(
        f"stock limited: {report['stock_limited_rate']:.1%} of hands "
        "(a seat found fewer than 5 cards in the stock at its discard)"
    )
    total = sum(tally.winning_values.values())
    if total:
        top = max(tally.winning_values.values())
        out.table(
            "Winning hand values at showdown",
            ("value", "hands", ""),
            [
                (value, count, "#" * max(1, round(40 * count / top)))
                for value, count in sorted(tally.winning_values.items())
            ],
        )
    out.line(speed)
    return 0


# ---------------------------------------------------------------------------
# golfo score, golfo replay


def cmd_score(args: argparse.Namespace, out: Output) -> int:
    cards = parse_cards(" ".join(args.cards))
    hand = Hand(cards)
    s = score(hand)
    out.line(f"{hand}: {s.value} points")
    if s.suit is not None:
        out.line(f"Counting cards ({s.suit.spanish}): {card_names(s.cards)}")
        rest = [c for c in cards if c not in s.cards]
        if rest:
            out.line(f"Not counting: {' '.join(map(str, rest))}")
    return 0


def cmd_replay(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FormatError(f"cannot read {path}: {exc}") from None
    final = from_json(text)
    replay_log(final, out)
    return 0


def replay_log(final: State, out: Output) -> None:
    """A readable hand-by-hand log of a game, from its first ante to its last action."""

    def name(seat: int) -> str:
        return f"seat {seat}"

    state = new_game(
        final.rules, players=final.players, dealer=final.first_dealer, stacks=final.initial_stacks
    )
    out.line(
        f"Game of {final.players} seats · starting stacks "
        f"{', '.join(map(str, final.initial_stacks))}"
        f" · {len(final.history)} actions · {len(final.results)} hands finished"
    )
    hand_number = 0
    phase: Phase | None = None
    dealt: dict[int, list[Card]] = {}

    def flush() -> None:
        if dealt:
            parts = " · ".join(f"seat {s}: {' '.join(map(str, cs))}" for s, cs in dealt.items())
            out.line(f"dealt {parts}")
            dealt.clear()

    for action in final.history:
        if state.hand_number != hand_number:
            hand_number = state.hand_number
            phase = None
            out.line("")
            out.line(
                f"=== Hand {hand_number} · dealer seat {state.dealer} · mano seat {state.mano}"
                f" · antes {state.pot} ==="
            )
        if state.phase is not phase and state.phase not in (Phase.BETWEEN_HANDS, Phase.END):
            flush()
            phase = state.phase
            out.line(f"-- {PHASE_NAMES[phase]}")
        if isinstance(action, Deal):
            assert state.receiver is not None
            dealt.setdefault(state.receiver, []).append(action.card)
        else:
            flush()
            if isinstance(action, NextHand | EndGame):
                out.line(describe_action(action))
            else:
                out.line(f"seat {action.seat}: {describe_action(action, state)}")
        results = len(state.results)
        state = apply(state, action)
        if len(state.results) > results:
            flush()
            show_result(out, state.results[-1], name)
    flush()
    if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
        show_standings(out, state, name)
        winner = standings(state).winner
        if state.is_over:
            out.line("Game over." + (f" Winner: seat {winner}." if winner is not None else ""))
    else:
        out.line(f"(the record stops in the middle of hand {state.hand_number})")


# ---------------------------------------------------------------------------
# the command line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="golfo", description="El Golfo, the Spanish betting card game, in a terminal."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play against bots (you are seat 0)")
    play.add_argument("--rules", choices=sorted(PRESETS), default="tradicional")
    play.add_argument("--players", type=int, choices=(3, 4), default=3)
    play.add_argument("--hands", type=_positive, default=None, help="hands in the game")
    play.add_argument("--seed", type=int, default=None, help="seed for the deals and bots")
    play.add_argument(
        "--bots", default=None, help="the other seats: heuristic or random, e.g. heuristic,random"
    )
    play.add_argument("--save", metavar="FILE", default=None, help="save the record as JSON")

    sim = sub.add_parser(
        "simulate",
        help="bots against bots, with statistics",
        epilog="Stock limited: hands where a seat found fewer than 5 cards in the stock at its "
        "discard. Stock short: hands where a seat found fewer than 5 and discarded all there "
        "were. Winning values: the main pot winner's value, at showdowns.",
    )
    sim.add_argument("--hands", type=_positive, default=1000)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--bots", default="heuristic,random,random", help="3 or 4 of heuristic, random"
    )
    sim.add_argument("--rules", choices=sorted(PRESETS), default="tradicional")
    sim.add_argument(
        "--game-hands",
        type=_positive,
        default=100,
        help="in open-ended games, start a new game after this many hands (default 100)",
    )
    sim.add_argument("--json", action="store_true", help="machine-readable output")

    sc = sub.add_parser("score", help="the value of a hand and its counting cards")
    sc.add_argument("cards", nargs="+", help="cards such as 9O 8O 7O 6O 3C")

    rp = sub.add_parser("replay", help="print a saved game hand by hand")
    rp.add_argument("file")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``golfo`` command; returns the exit status."""
    args = _parser().parse_args(argv)
    out = Output()
    commands: dict[str, Callable[[argparse.Namespace, Output], int]] = {
        "play": cmd_play,
        "simulate": cmd_simulate,
        "score": cmd_score,
        "replay": cmd_replay,
    }
    if args.command == "play" and args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6)
    try:
        return commands[args.command](args, out)
    except _UsageError as exc:
        print(f"golfo {args.command}: {exc}", file=sys.stderr)
        return 2
    except GolfoError as exc:
        message = " ".join(str(exc).split())
        print(f"golfo {args.command}: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
