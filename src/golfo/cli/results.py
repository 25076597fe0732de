"""A finished hand, the start of the next one (rebuys, busts) and the standings, as
``golfo play`` and ``golfo replay`` show them."""

from __future__ import annotations

from collections.abc import Callable

from golfo.cli.output import Output
from golfo.cli.words import best_hand_words, capital, pick, value_words
from golfo.notation import Lang
from golfo.rules import TRADICIONAL, Rules
from golfo.standings import standings
from golfo.state import HandResult, State

__all__ = [
    "hand_start_lines",
    "rules_words",
    "show_result",
    "show_standings",
    "trabuco_line",
    "winner_line",
]


def trabuco_line(lang: Lang, rules: Rules | None = None) -> str:
    """A trabuco said and explained (R11): the best hand of ``rules`` (El Golfo's when
    ``None``: 30 points, 9, 8, 7 and 6 of one suit)."""
    best = best_hand_words(TRADICIONAL if rules is None else rules, lang)
    return pick(
        lang,
        f"¡Trabuco! El mano gana el bote con {best}.",
        f"Trabuco! Mano wins the main pot with {best}.",
    )


def show_result(
    out: Output,
    result: HandResult,
    name: Callable[[int], str],
    lang: Lang,
    rules: Rules | None = None,
) -> None:
    """Every shown hand with its value, the pots and their winners, the payoffs (``rules``:
    the game's, for the cards that count in a variant)."""
    counted = 4 if rules is None else rules.cards_counted
    if result.showdown:
        out.line(pick(lang, "Enseñan las cartas:", "Showdown:"))
        for seat, hand in enumerate(result.shown):
            if hand is not None:
                out.line(f"  {name(seat)}: {hand} · {value_words(hand, lang, counted)}")
    for i, pot in enumerate(result.pots):
        kind = (
            pick(lang, "Bote", "Main pot")
            if i == 0
            else pick(lang, f"Bote {i + 1}", f"Side pot {i}")
        )
        how = "" if result.showdown else " · " + pick(lang, "los demás no van", "the others folded")
        out.line(f"{kind}: {pot.amount} → {name(pot.winner)}{how}")
    for seat, chips in enumerate(result.returned):
        if chips:
            back = pick(lang, f"recupera {chips} no igualadas", f"takes back {chips} uncalled")
            out.line(f"{capital(name(seat))}: {back}")
    if result.trabuco:
        out.line(trabuco_line(lang, rules))
    payoffs = ", ".join(f"{name(s)} {p:+d}" for s, p in enumerate(result.payoffs))
    out.line(f"{pick(lang, 'Esta mano', 'This hand')}: {payoffs}")


def hand_start_lines(
    before: State, after: State, name: Callable[[int], str], lang: Lang, human: int | None = None
) -> list[str]:
    """What happened to the stacks when the hand of ``after`` started, from ``before`` (the
    state between hands): each seat that could not pay the ante and rebought its starting
    stack, or, without rebuys, left the game (R17): ``Seat 1 has 0 chips, less than the
    ante (1): it rebuys its starting stack, 100 chips (rebuy 1).``  The ``human``'s seat is
    spoken to (``You have 0 chips ...``)."""
    ante = before.rules.ante
    out: list[str] = []
    for seat in range(after.players):
        had = before.stacks[seat]
        chips = pick(lang, "ficha" if had == 1 else "fichas", "chip" if had == 1 else "chips")
        you = seat == human
        who = capital(name(seat))
        if lang == "es":
            short = (
                f"{'Tienes' if you else who + ' tiene'} {had} {chips}, menos que el ante ({ante})"
            )
        else:
            short = (
                f"{'You have' if you else who + ' has'} {had} {chips}, less than the ante ({ante})"
            )
        if after.rebuys[seat] > before.rebuys[seat]:
            start = after.initial_stacks[seat]
            count = after.rebuys[seat]
            if lang == "es":
                stack = f"{start} ficha{'' if start == 1 else 's'}"
                does = "recompras tus" if you else "recompra sus"
                out.append(f"{short}: {does} fichas iniciales, {stack} (recompra {count}).")
            else:
                stack = f"{start} chip{'' if start == 1 else 's'}"
                does = "you rebuy your" if you else "it rebuys its"
                out.append(f"{short}: {does} starting stack, {stack} (rebuy {count}).")
        elif seat in after.out and seat not in before.out:
            if lang == "es":
                out.append(
                    f"{short}, y no hay recompras: {'quedas' if you else 'queda'} fuera "
                    "de la partida."
                )
            else:
                out.append(
                    f"{short}, and there are no rebuys: {'you are' if you else 'it is'} "
                    "out of the game."
                )
    return out


def show_standings(out: Output, state: State, name: Callable[[int], str], lang: Lang) -> None:
    """The standings table: rank, seat, stack, rebuys, net result, out of the game."""
    table = standings(state)
    hands = table.hands_played
    plural = "" if hands == 1 else "s"
    title = pick(
        lang, f"Clasificación tras {hands} mano{plural}", f"Standings after {hands} hand{plural}"
    )
    rows = [
        (
            row.rank,
            name(row.seat),
            row.stack,
            row.rebuys,
            row.net,
            pick(lang, "fuera", "out") if row.out else pick(lang, "sigue", "in"),
        )
        for row in table.rows
    ]
    out.table(
        title,
        (
            pick(lang, "puesto", "rank"),
            pick(lang, "asiento", "seat"),
            pick(lang, "fichas", "stack"),
            pick(lang, "recompras", "rebuys"),
            pick(lang, "neto", "net"),
            pick(lang, "en la partida", "in the game"),
        ),
        rows,
    )


def winner_line(state: State, name: Callable[[int], str], lang: Lang) -> str:
    """``Fin de la partida · gana: ...`` / ``The game is over · winner: ...``."""
    winner = standings(state).winner
    over = pick(lang, "Fin de la partida", "The game is over")
    if winner is None:
        return f"{over} · {pick(lang, 'sin un ganador único', 'no single winner')}"
    return f"{over} · {pick(lang, 'gana', 'winner')}: {name(winner)}"


def rules_words(name: str | None, rules: Rules, lang: Lang) -> str:
    """The rules in one line: the preset's name (``None``: rules of a saved game that are no
    preset), the ante per player, caps, length, rebuys."""
    if name is None:
        parts = [pick(lang, "reglas del archivo", "rules from the file")]
    else:
        parts = [pick(lang, f"reglas {name}", f"{name} rules")]
    parts.append(pick(lang, f"ante {rules.ante} por jugador", f"ante {rules.ante} per player"))
    if rules.is_variant:
        parts.extend(_variant_words(rules, lang))
    if rules.round_caps is not None:
        caps = "/".join(map(str, rules.round_caps))
        parts.append(pick(lang, f"topes {caps}", f"caps {caps}"))
    if rules.hands is None:
        parts.append(pick(lang, "partida abierta", "open-ended"))
    else:
        plural = "" if rules.hands == 1 else "s"
        parts.append(pick(lang, f"{rules.hands} mano{plural}", f"{rules.hands} hand{plural}"))
    parts.append(
        pick(lang, "con recompras", "rebuys")
        if rules.rebuy
        else pick(lang, "sin recompras", "no rebuys")
    )
    return " · ".join(parts)


def _variant_words(rules: Rules, lang: Lang) -> list[str]:
    """What a variant of the rules changes, in a few words: the deck, the hand, the discards,
    fixed bets and raises."""
    n = len(rules.deck)
    size = rules.hand_size
    parts = [
        pick(lang, f"baraja de {n} cartas", f"a {n}-card deck"),
        pick(
            lang,
            f"{size} carta{'s' if size > 1 else ''} por jugador",
            f"{size} card{'s' if size > 1 else ''} each",
        ),
    ]
    rounds = rules.discard_rounds
    parts.append(
        pick(
            lang,
            "sin descartes" if not rounds else f"{rounds} descarte{'s' if rounds > 1 else ''}",
            "no discards" if not rounds else f"{rounds} discard{'s' if rounds > 1 else ''}",
        )
    )
    if rules.bet_sizes is not None:
        sizes = "/".join(str(rules.bet_sizes[k - 1]) for k in rules.betting_rounds)
        parts.append(pick(lang, f"envites fijos {sizes}", f"fixed bets {sizes}"))
    most = rules.max_raises
    if most is not None:
        parts.append(
            pick(lang, "sin subidas", "no raises")
            if most == 0
            else pick(lang, f"{most} subidas por ronda", f"{most} raises a round")
        )
    return parts
