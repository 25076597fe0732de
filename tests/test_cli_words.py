"""What the ``golfo`` command says to a newcomer: one language at a time (``--lang``, or the
locale's), prose wrapped at the terminal's width, card codes explained, rebuys and
trabucos said, the same English word for standing pat everywhere, and the deal as the
README tells it.  Through real subprocesses (``python -m golfo``) where the README's
commands are involved; ``test_cli.py`` has the rest of the command.  The last tests check
the words module, in process, against ``golfo.notation``.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import attrs
import pytest

import golfo
from golfo.cli import parser
from golfo.cli.common import locale_lang
from golfo.cli.helptext import phase_help
from golfo.cli.output import Output, wrap
from golfo.cli.results import hand_start_lines, trabuco_line
from golfo.cli.words import (
    RefusedError,
    best_hand_words,
    cards_words,
    moves_line,
    read_move,
    round_total,
    seat_namer,
    stock_words,
)
from test_cli import PROMPT, advance, facing_a_raise, new_table, resume, run, saved

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
LETTERS_EN = "O oros (coins), C copas (cups), E espadas (swords), B bastos (clubs)"
LETTERS_ES = "O oros, C copas, E espadas, B bastos"


def _discard_turn() -> golfo.State:
    """The first discard, seat 0 (you) to act."""
    return advance(new_table(), lambda s: s.phase is golfo.Phase.DISCARD_1 and s.to_act == 0)


# -- one language: --lang, or the locale's -----------------------------------------------


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "es"),
        ({"LANG": "C.UTF-8"}, "es"),
        ({"LANG": "POSIX"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),
        ({"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "es"),
        ({"LC_ALL": "C", "LANG": "en_US.UTF-8"}, "es"),
        ({"LC_ALL": "", "LANG": "en_US.UTF-8"}, "en"),  # set but empty: not set
    ],
)
def test_the_default_language_is_the_locale_s(environ: dict[str, str], lang: str) -> None:
    assert locale_lang(environ) == lang


def test_every_subcommand_that_speaks_takes_lang() -> None:
    command = parser()
    for name in ("play", "replay", "simulate", "tournament", "score"):
        given = [name, *(["x"] if name in ("replay", "score") else [])]
        assert command.parse_args(given).lang is None  # not given: the locale's
        assert command.parse_args([*given, "--lang", "en"]).lang == "en"
    with pytest.raises(SystemExit):
        command.parse_args(["play", "--lang", "fr"])


def test_the_locale_picks_the_language_and_lang_overrides_it() -> None:
    english = run("score", "9O", "8O", LANG="en_GB.UTF-8")
    assert english.returncode == 0, english.stderr
    assert english.stdout.splitlines() == [
        "8O 9O: 17 points",
        "Counting, coins: 8O eight of coins, 9O nine of coins",
    ]
    spanish = run("score", "9O", "8O", "--lang", "es", LANG="en_GB.UTF-8")
    assert spanish.stdout.splitlines()[0] == "8O 9O: 17 puntos"
    by_messages = run("score", "9O", LC_MESSAGES="en_US.UTF-8")
    assert by_messages.stdout.startswith("9O: 9 points")


def test_a_game_in_english_says_nothing_in_spanish(tmp_path: Path) -> None:
    path = saved(tmp_path, _discard_turn())
    out = resume(path, "help", "descarto", "stay", extra=("--lang", "en"))
    assert "Your move > " in out
    assert "Moves: discard (up to 5 cards) · stand pat" in out
    assert "Not legal: which cards? for example: discard 3O 5C (or 'stand pat')" in out
    assert "You: stand pat" in out  # what you typed ("stay") as the command says it
    assert "First discard: in turn from mano, change 0 to 5 cards" in out
    assert "Memory: discards this hand" in out
    for spanish in ("No vale", "Jugadas", "Tus cartas", "asiento", "¿Qué haces?", "puntos"):
        assert spanish not in out


def test_a_game_in_spanish_says_nothing_in_english(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, _discard_turn()), "ayuda", "discard", "me quedo")
    assert "Jugadas: descarto (hasta 5 cartas) · me quedo" in out
    assert "No vale: ¿qué cartas descartas?" in out  # "discard" read, answered in Spanish
    for english in ("Not legal", "Moves:", "Your cards", "seat", "Your move", "points"):
        assert english not in out


# -- wrapping: at the terminal's width, at spaces ---------------------------------------


@pytest.mark.parametrize("width", [1, 9, 20, 37, 80])
def test_wrap_breaks_at_spaces_only(width: int) -> None:
    text = "  " + golfo.notation.reason("bad_card", {"text": "3S"}, lang="en")
    lines = wrap(text, width)
    assert all(len(line) <= width or " " not in line.strip() for line in lines)
    assert all(line.startswith("  ") for line in lines)  # the indentation is kept
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())  # no word cut
    assert wrap(text, 0) == [text]


def test_lines_are_wrapped_at_columns_never_inside_a_word(tmp_path: Path) -> None:
    args = ("score", "9O", "8O", "7O", "6O", "3C", "--lang", "en")
    wide, narrow = run(*args), run(*args, COLUMNS="30")
    assert max(map(len, wide.stdout.splitlines())) > 30  # no COLUMNS, no terminal: as is
    assert max(map(len, narrow.stdout.splitlines())) <= 30
    assert narrow.stdout.split() == wide.stdout.split()  # the same words, none cut
    assert "Counting, coins: 6O six of" in narrow.stdout.splitlines()
    # a refusal at the table, the longest line a player meets
    path = saved(tmp_path, _discard_turn())
    result = run("play", "--resume", str(path), "--seed", "1", stdin="discard 3S\n", COLUMNS="40")
    assert result.returncode == 0, result.stderr
    lines = [line.removeprefix(PROMPT) for line in result.stdout.splitlines()]
    long = [line for line in lines if len(line) > 40]
    assert all(" " not in line.strip() for line in long), long  # only a word alone: a path
    text = " ".join(" ".join(lines).split())
    assert "No vale: no conozco la carta «3S»: se escribe el número (3 a 9)" in text


# -- card codes: the letters said, in the player's language -----------------------------


def test_an_english_card_code_is_refused_with_the_letters(tmp_path: Path) -> None:
    path = saved(tmp_path, _discard_turn())
    out = resume(path, "discard 3S", "me quedo", extra=("--lang", "en"))
    assert (
        f"Not legal: no such card '3S': write the rank (3 to 9) and the Spanish suit letter, "
        f"{LETTERS_EN}, as in 9O or 3B"
    ) in out
    spanish = resume(saved(tmp_path, _discard_turn(), "b.json"), "descarto 3s", "me quedo")
    assert (
        "No vale: no conozco la carta «3S»: se escribe el número (3 a 9) y la letra del palo, "
        f"{LETTERS_ES}, como 9O o 3B"
    ) in spanish


def test_the_server_passes_the_letters_on_to_web_players() -> None:
    pytest.importorskip("starlette")
    from golfo.server.protocol import error_message

    view = golfo.view(_discard_turn(), 0)
    with pytest.raises(golfo.NotationError) as refused:
        golfo.notation.parse("discard 3S", view, lang="en")  # what tables.py does with "say"
    message = error_message(refused.value).data()["message"]
    assert message["en"] == (
        "that move is not legal now: no such card '3S': write the rank (3 to 9) and the "
        f"Spanish suit letter, {LETTERS_EN}, as in 9O or 3B"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "golfo score: no such card '3S': write the rank (3 to 9) and the Spanish suit "),
        ("es", "golfo score: no conozco la carta «3S»: se escribe el número (3 a 9) y la letra"),
    ],
)
def test_score_says_what_the_letters_are(lang: str, said: str) -> None:
    result = run("score", "3S", "9O", "--lang", lang)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(said)
    assert (LETTERS_EN if lang == "en" else LETTERS_ES) in result.stderr


def test_the_english_help_names_the_letters() -> None:
    for command in ("play", "score"):
        result = run(command, "--help")
        assert result.returncode == 0, result.stderr
        text = " ".join(result.stdout.split())  # argparse wraps the help
        assert LETTERS_EN in text, command
        assert "3E is the three of swords" in text
    help_en = " ".join(phase_help(golfo.Phase.DISCARD_1, golfo.TRADICIONAL, "en"))
    assert f"the Spanish suit letter: {LETTERS_EN}" in help_en


# -- rebuys, busts and trabucos said ---------------------------------------------------------


def _broke() -> golfo.State:
    """Between hands: seat 1 (5 chips to start) called an all-in and lost; 0 chips left."""
    state = golfo.apply(new_table(stacks=(100, 5, 100)), golfo.Bet(0, 4))
    state = golfo.apply(golfo.apply(state, golfo.Call(1)), golfo.Fold(2))
    state = advance(state, lambda s: s.phase is golfo.Phase.BETWEEN_HANDS)
    assert state.stacks[1] == 0
    return state


REBUY_ES = (
    "Asiento 1 tiene 0 fichas, menos que el ante (1): recompra sus fichas iniciales, "
    "5 fichas (recompra 1)."
)


def test_play_says_a_rebuy_when_it_happens(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, _broke()), "", "paso")
    hand2 = out[out.index("=== Mano 2 ·") :]
    assert hand2.splitlines()[1] == REBUY_ES  # right under the hand's banner
    assert out.count(REBUY_ES) == 1
    english = resume(saved(tmp_path, _broke(), "e.json"), "", "pass", extra=("--lang", "en"))
    assert (
        "Seat 1 has 0 chips, less than the ante (1): it rebuys its starting stack, 5 chips "
        "(rebuy 1)."
    ) in english


def test_replay_says_a_rebuy_when_it_happens(tmp_path: Path) -> None:
    state = _broke()
    state = golfo.apply(state, golfo.NextHand())
    state = advance(state, lambda s: s.phase is golfo.Phase.BET_1 and s.to_act == 0)
    result = run("replay", str(saved(tmp_path, state)))
    assert result.returncode == 0, result.stderr
    hand2 = result.stdout[result.stdout.index("=== Mano 2 ·") :]
    assert hand2.splitlines()[1] == REBUY_ES
    assert result.stdout.count(REBUY_ES) == 1


def test_a_rebuy_speaks_to_you_and_a_bust_is_said() -> None:
    state = _broke()
    after = golfo.apply(state, golfo.NextHand())
    assert hand_start_lines(state, after, seat_namer("en", 1), "en", human=1) == [
        "You have 0 chips, less than the ante (1): you rebuy your starting stack, 5 chips "
        "(rebuy 1)."
    ]
    assert hand_start_lines(after, after, seat_namer("en"), "en") == []  # nothing new
    four = golfo.new_game(golfo.LUDOTEKA, players=4, dealer=3, stacks=(1000, 5, 1000, 1000))
    four = advance(
        golfo.deal_from(four, golfo.DECK), lambda s: s.phase is golfo.Phase.BETWEEN_HANDS
    )
    assert four.stacks[1] == 0
    gone = golfo.apply(four, golfo.NextHand())
    assert hand_start_lines(four, gone, seat_namer("es"), "es") == [
        "Asiento 1 tiene 0 fichas, menos que el ante (5), y no hay recompras: queda fuera de "
        "la partida."
    ]


def test_simulate_explains_the_trabucos() -> None:
    result = run("simulate", "--hands", "30", "--workers", "1", "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"^Trabucos: \d+ · hands where mano showed 30 points \(9, 8, 7 and 6 of one suit\) "
        r"and won the main pot$",
        result.stdout,
        re.M,
    )
    assert "Showdown rate: " in result.stdout
    assert "manos" not in result.stdout


@pytest.mark.parametrize("lang", ["en", "es"])
def test_simulate_words_follow_the_variant(lang: str) -> None:
    """``--rules mini``: the best hand is a 9 (9 points), a hand holds one card, so a seat
    held back by the stock found it empty; nothing of El Golfo's 30 points or five cards."""
    result = run("simulate", "--rules", "mini", "--hands", "40", "--workers", "1", "--lang", lang)
    assert result.returncode == 0, result.stderr
    lines = {line.split(":")[0]: line for line in result.stdout.splitlines() if ": " in line}
    if lang == "en":
        assert lines["Trabucos"].endswith(
            "hands where mano showed 9 points (a 9) and won the main pot"
        )
        assert lines["Stock short"].endswith(
            "a seat found the stock empty and could change nothing"
        )
        assert lines["Stock limited"].endswith("a seat found the stock empty at its discard")
    else:
        assert lines["Trabucos"].endswith(
            "manos en que el mano enseñó 9 puntos (un 9) y ganó el bote"
        )
        assert lines["Mazo corto"].endswith(
            "un asiento encontró el mazo vacío y no pudo cambiar nada"
        )
        assert lines["Mazo limitado"].endswith("un asiento encontró el mazo vacío al descartar")
    assert not re.search(r"\b30 (points|puntos)|\b5 (cards|cartas)", result.stdout)


def test_simulate_measures_the_stock_against_the_variants_hand() -> None:
    """MINI for two: 4 cards, 2 dealt, 2 to draw, so no seat ever finds fewer than its one
    card (rate 0, where counting five cards would say every discard); for three, 1 to draw."""
    rates = []
    for bots in ("random,random", "heuristic,random,random"):
        args = ("simulate", "--rules", "mini", "--bots", bots, "--hands", "60", "--json")
        result = run(*args, "--workers", "1")
        assert result.returncode == 0, result.stderr
        rates.append(json.loads(result.stdout)["stock_limited_rate"])
    assert rates[0] == 0
    assert rates[1] > 0


def test_the_best_hand_and_the_stock_are_said_from_the_rules() -> None:
    """A variant of three-card hands of 3..8, two cards counted: 15 points (8 and 7), and
    fewer than 3 cards in the stock; El Golfo's words unchanged."""
    rules = golfo.Rules(
        ranks=(3, 4, 5, 6, 7, 8), deal_sizes=(2, 1), cards_counted=2, table_sizes=(2, 3)
    )
    assert rules.best_value == 15
    assert best_hand_words(rules, "en") == "15 points (8 and 7 of one suit)"
    assert best_hand_words(rules, "es") == "15 puntos (8 y 7 de un palo)"
    one = attrs.evolve(rules, deal_sizes=(1, 0), betting_rounds=(1, 3))
    assert best_hand_words(one, "en") == "8 points (an 8)"
    assert stock_words(rules, "en", short=False) == (
        "a seat found fewer than 3 cards in the stock at its discard"
    )
    assert stock_words(rules, "es", short=True) == (
        "un asiento encontró menos de 3 cartas en el mazo y descartó todas las que había"
    )
    assert (
        trabuco_line("en", rules)
        == "Trabuco! Mano wins the main pot with 15 points (8 and 7 of one suit)."
    )
    assert trabuco_line("es") == (
        "¡Trabuco! El mano gana el bote con 30 puntos (9, 8, 7 y 6 de un palo)."
    )


# -- the words the player reads agree: README, help, notation, docs ------------------------


def test_stand_pat_is_the_one_english_word() -> None:
    word = golfo.notation.TERMS["stand_pat"]["en"]
    assert word == "stand pat"
    assert golfo.notation.say(golfo.Discard(0, ()), lang="en") == word
    state = _discard_turn()
    view = golfo.view(state, 0)
    assert [c.en for c in golfo.notation.choices(view.moves)][-1] == word
    for typed in ("stand pat", "stay", "stand", "me quedo"):  # read either way
        assert golfo.notation.parse(typed, view, lang="en") == golfo.Discard(0, ())
    assert "`me quedo`/`stand pat`" in README
    assert "`stay`" not in README
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    assert "The English for `me quedo` is **stand pat**" in notation
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert '| stand pat; "stand pat" (also read: "stay", "stand") |' in glossary
    assert "me quedo/stand pat" in " ".join(run("play", "--help").stdout.split())


def test_the_readme_deals_as_the_rules_do() -> None:
    opening = README.split("## Install")[0]
    text = " ".join(opening.split())
    assert "dealt five cards" not in text
    assert "is dealt two cards, one at a time from the *mano*" in text
    assert "gets three more cards, one at a time, for a hand of five" in text
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    state = advance(state, lambda s: s.phase is golfo.Phase.BET_1)
    assert [len(h) for h in state.hands] == [2, 2, 2]
    state = advance(state, lambda s: s.phase is golfo.Phase.BET_2)
    assert [len(h) for h in state.hands] == [5, 5, 5]


def test_the_readme_examples_speak_the_chosen_language() -> None:
    # the first command of "A first look", as written
    assert "golfo play --lang en" in README
    result = run("play", "--lang", "en", "--seed", "2", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first == (
        "El Golfo · tradicional rules · ante 1 per player · open-ended · rebuys · 3 players · "
        "seed 2"
    )
    assert "You leave the table. See you!" in result.stdout


# -- the words module, in process: golfo.notation's words -----------------------------------


@pytest.mark.parametrize(
    "text",
    ["paso", "PASS", "envido 5", "bet 5", "resto", "7", "subo 10", "descarto", "voy", "hola", ""],
)
def test_read_move_is_notation_parse(text: str) -> None:
    v = golfo.view(new_table(), 0)
    try:
        expected: golfo.Action | tuple[str, str] = golfo.notation.parse(text, v)
    except golfo.NotationError as error:
        expected = (error.code, error.reason)
    try:
        got: golfo.Action | tuple[str, str] = read_move(text, v, "es")
    except RefusedError as refused:
        got = (refused.code, refused.reason)
        with pytest.raises(RefusedError) as english:
            read_move(text, v, "en")
        with pytest.raises(golfo.NotationError, match=re.escape(english.value.reason)):
            golfo.notation.parse(text, v, lang="en")
    assert got == expected


def test_moves_line_is_notation_choices() -> None:
    v = golfo.view(facing_a_raise(), 0)
    assert v.moves is not None
    raise_choice = next(c for c in golfo.notation.choices(v.moves, v) if c.kind == "raise")
    for lang in golfo.notation.LANGS:
        assert moves_line(v, lang).split(" · ") == [
            golfo.notation.say(golfo.Call(0), lang=lang, state_or_view=v),
            f"{raise_choice.label(lang)} {round_total(lang)}",
            "no voy" if lang == "es" else "fold",
        ]
    assert moves_line(golfo.view(facing_a_raise(), 1), "es") == ""  # not seat 1's turn


def test_card_order() -> None:
    assert cards_words(golfo.parse_cards("3B 9O 5C"), "es").split(", ") == [
        "9O nueve de oros",
        "5C cinco de copas",
        "3B tres de bastos",
    ]
    assert cards_words(golfo.parse_cards("3B 9O 5C"), "en").split(", ") == [
        "9O nine of coins",
        "5C five of cups",
        "3B three of clubs",
    ]


def test_a_table_needs_every_header() -> None:
    stream = io.StringIO()
    out = Output(stream, plain=True)
    with pytest.raises(ValueError, match="header"):
        out.table("t", ("a", ""), [(1, 2)])
    out.table("t", ("a", "b\n(c)"), [(1, 2)])
    assert stream.getvalue().splitlines()[1] == "a  b (c)"
    narrow = io.StringIO()
    Output(narrow, plain=True, width=8).table("a long title", ("header", "other"), [(1, 2)])
    assert narrow.getvalue().splitlines() == ["a long", "title", "header  other", "1       2"]
