"""A finished hand and the standings, as ``golfo play`` and ``golfo replay`` show them."""

from __future__ import annotations

from collections.abc import Callable

from golfo.cli.output import Output
from golfo.cli.words import both, header, value_words
from golfo.rules import Rules
from golfo.standings import standings
from golfo.state import HandResult, State

__all__ = ["rules_words", "show_result", "show_standings", "winner_line"]


def show_result(out: Output, result: HandResult, name: Callable[[int], str]) -> None:
    """Every shown hand with its value, the pots and their winners, the payoffs."""
    if result.showdown:
        out.line(both("Enseñar las cartas", "showdown") + ":")
        for seat, hand in enumerate(result.shown):
            if hand is not None:
                out.line(f"  {name(seat)}: {hand} · {value_words(hand)}")
    for i, pot in enumerate(result.pots):
        kind = both("Bote", "main pot") if i == 0 else both(f"Bote {i + 1}", f"side pot {i}")
        how = "" if result.showdown else " · " + both("los demás no van", "the others folded")
        out.line(f"{kind}: {pot.amount} → {name(pot.winner)}{how}")
    for seat, chips in enumerate(result.returned):
        if chips:
            back = both(f"recupera {chips} no igualadas", f"takes back {chips} uncalled")
            out.line(f"{name(seat)}: {back}")
    if result.trabuco:
        out.line(both("¡Trabuco! El mano gana con 30 puntos", "mano wins with 30 points"))
    payoffs = ", ".join(f"{name(s)} {p:+d}" for s, p in enumerate(result.payoffs))
    out.line(f"{both('Esta mano', 'this hand')}: {payoffs}")


def show_standings(out: Output, state: State, name: Callable[[int], str]) -> None:
    """The standings table: rank, seat, stack, rebuys, net result, out of the game."""
    table = standings(state)
    hands = table.hands_played
    title = both(
        f"Clasificación tras {hands} mano{'' if hands == 1 else 's'}",
        f"standings after {hands} hand{'' if hands == 1 else 's'}",
    )
    rows = [
        (
            row.rank,
            name(row.seat),
            row.stack,
            row.rebuys,
            row.net,
            both("fuera", "out") if row.out else both("sigue", "in"),
        )
        for row in table.rows
    ]
    out.table(
        title,
        (
            header("puesto", "rank"),
            header("asiento", "seat"),
            header("fichas", "stack"),
            header("recompras", "rebuys"),
            header("neto", "net"),
            header("en la partida", "in the game"),
        ),
        rows,
    )


def winner_line(state: State, name: Callable[[int], str]) -> str:
    """``Fin de la partida (the game is over) · gana (winner): ...``."""
    winner = standings(state).winner
    over = both("Fin de la partida", "the game is over")
    if winner is None:
        return f"{over} · {both('sin un ganador único', 'no single winner')}"
    return f"{over} · {both('gana', 'winner')}: {name(winner)}"


def rules_words(name: str | None, rules: Rules) -> str:
    """The rules in one line: the preset's name (``None``: rules of a saved game that are no
    preset), the ante per player, caps, length, rebuys."""
    if name is None:
        parts = [both("reglas del archivo", "rules from the file")]
    else:
        parts = [both(f"reglas {name}", f"{name} rules")]
    parts.append(both(f"ante {rules.ante} por jugador", "per player"))
    if rules.round_caps is not None:
        caps = "/".join(map(str, rules.round_caps))
        parts.append(both(f"topes {caps}", "caps"))
    if rules.hands is None:
        parts.append(both("partida abierta", "open-ended"))
    else:
        plural = "" if rules.hands == 1 else "s"
        parts.append(both(f"{rules.hands} mano{plural}", f"hand{plural}"))
    parts.append(
        both("con recompras", "rebuys") if rules.rebuy else both("sin recompras", "no rebuys")
    )
    return " · ".join(parts)
