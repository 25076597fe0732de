"""The ``golfo`` command, end to end through real subprocesses (``python -m golfo``).

Games that must start at a given point (a discard turn, a bet to face) are built with the
library, saved as a record and continued with ``golfo play --resume``, as a player would.
The command runs in a locale with no language (``LANG=C.UTF-8``, the default: Spanish) and
no ``COLUMNS`` (its output is a pipe: no wrapping), whatever the machine's; the languages,
the locale, the wrapping and the words module (against ``golfo.notation``) are tested in
``test_cli_words.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import golfo
from golfo.cli import parser
from golfo.cli.words import RefusedError, read_move, round_total

# Lines that make progress in any state: at most three are refused before one is legal
# (pass when unopened, call when facing a bet, stand pat in a discard, Enter between hands).
CYCLE = ["paso", "voy", "me quedo", ""]
PROMPT = "¿Qué haces? > "
BETWEEN = "Enter: siguiente mano"
ROUND_TOTAL = round_total("es")


def command_env(**given: str) -> dict[str, str]:
    """The environment the command runs in: this one without its locale and terminal width
    (``LANG=C.UTF-8``: Spanish; no ``COLUMNS``), then ``given``."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "COLUMNS")}
    return {**env, "LANG": "C.UTF-8", **given}


def run(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "golfo", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=command_env(**env),
    )


# -- games built with the library, for --resume --------------------------------------------


def _default(state: golfo.State) -> golfo.Action:
    moves = golfo.legal_moves(state)
    seat = moves.seat
    assert isinstance(seat, int)
    if moves.can_pass:
        return golfo.Pass(seat)
    if moves.call is not None:
        return golfo.Call(seat)
    return golfo.Discard(seat, ())


def advance(
    state: golfo.State,
    until: Callable[[golfo.State], bool],
    choose: Callable[[golfo.State], golfo.Action] = _default,
) -> golfo.State:
    """Deal from golfo.DECK and play ``choose`` (pass, call, stand pat) until ``until``."""
    while not until(state):
        if state.to_act is golfo.CHANCE:
            state = golfo.deal_from(state, golfo.DECK)
        else:
            state = golfo.apply(state, choose(state))
    return state


def new_table(rules: golfo.Rules = golfo.TRADICIONAL, **kwargs: object) -> golfo.State:
    """A new game as ``golfo play`` starts it (the last seat deals: you are mano), dealt."""
    state = golfo.new_game(rules, players=3, dealer=2, **kwargs)  # type: ignore[arg-type]
    return golfo.deal_from(state, golfo.DECK)


def at_phase(state: golfo.State, phase: golfo.Phase) -> golfo.State:
    return advance(state, lambda s: s.phase is phase and s.to_act == 0)


def saved(tmp_path: Path, state: golfo.State, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(golfo.to_json(state))
    return path


def resume(path: Path, *lines: str, extra: tuple[str, ...] = ()) -> str:
    result = run("play", "--resume", str(path), "--seed", "1", *extra, stdin="\n".join(lines))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def facing_a_raise() -> golfo.State:
    """Round 1: seat 0 bet 3, seat 1 raised to 10, seat 2 called: seat 0 owes 7."""
    state = golfo.apply(new_table(), golfo.Bet(0, 3))
    state = golfo.apply(golfo.apply(state, golfo.Raise(1, 10)), golfo.Call(2))
    assert state.to_act == 0
    return state


# -- the command itself -------------------------------------------------------------------


def test_import_golfo_does_not_import_rich_nor_the_cli() -> None:
    code = (
        "import sys, golfo\n"
        "assert 'rich' not in sys.modules\n"
        "assert not [m for m in sys.modules if m == 'golfo.cli' or m.startswith('golfo.cli.')]\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_help_lists_the_subcommands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for word in ("play", "simulate", "score", "replay"):
        assert word in result.stdout


def test_golfo_alone_prints_the_help_and_exits_0() -> None:
    result = run()
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: golfo")
    for word in ("play", "simulate", "score", "replay", "--version"):
        assert word in result.stdout


def test_version_is_the_package_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"golfo {golfo.__version__}"


@pytest.mark.parametrize(
    ("command", "defaults"),
    [
        (
            "play",
            [
                "(default: tradicional)",
                "(default: 3)",
                "(default: the rules' own",
                "(default: a random seed",
                "(default: heuristic at every seat)",
                "(default: not saved",
                "(default: a new game)",
            ],
        ),
        (
            "simulate",
            [
                "(default: 1000)",
                "(default: 0)",
                "(default: heuristic,random,random)",
                "(default: tradicional)",
                "(default: 100)",
                "(default: tables)",
            ],
        ),
    ],
)
def test_each_option_help_shows_its_default(command: str, defaults: list[str]) -> None:
    result = run(command, "--help")
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())  # argparse wraps the help
    for default in defaults:
        assert default in text


def test_every_option_of_every_subcommand_says_its_default() -> None:
    (subcommands,) = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    checked = 0
    for name, sub in subcommands.choices.items():
        for action in sub._actions:
            if action.option_strings and action.dest != "help":
                assert action.help is not None, f"golfo {name} {action.option_strings[0]}"
                assert "(default: " in action.help, f"golfo {name} {action.option_strings[0]}"
                checked += 1
    assert checked == 41  # play 8, simulate 14, tournament 11, score 1, replay 1, train 6


def test_console_script_is_installed() -> None:
    script = shutil.which("golfo", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the golfo console script is not installed next to this interpreter")
    result = subprocess.run(
        [script, "score", "9O", "8O"], capture_output=True, text=True, env=command_env()
    )
    assert result.returncode == 0, result.stderr
    assert "17 puntos" in result.stdout


# -- golfo score --------------------------------------------------------------------------


def test_score_gives_the_value_and_the_counting_cards_in_canonical_order() -> None:
    result = run("score", "9O", "3C", "8O", "7O", "6O")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == [
        "6O 7O 8O 9O 3C: 30 puntos",
        "Cuentan, oros: 6O seis de oros, 7O siete de oros, 8O ocho de oros, 9O nueve de oros",
        "No cuentan: 3C",
    ]


def test_score_lone_card() -> None:
    result = run("score", "3O 4O 3C 4C 8E")
    assert result.returncode == 0
    assert "8 puntos" in result.stdout


@pytest.mark.parametrize(
    "cards", [["9X"], ["9O", "9O"], ["3O", "4O", "5O", "6O", "7O", "8O"], [""]]
)
def test_score_bad_cards_exit_2_with_one_line(cards: list[str]) -> None:
    result = run("score", *cards)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


# -- golfo simulate -----------------------------------------------------------------------


def test_simulate_json_is_reproducible_for_a_seed() -> None:
    args = ("simulate", "--hands", "150", "--seed", "11", "--json")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["hands"] == 150
    assert [s["bot"] for s in report["seats"]] == ["heuristic", "random", "random"]
    assert sum(s["net"] for s in report["seats"]) == 0  # chips are conserved
    showdowns = sum(report["winning_values"].values())
    assert showdowns == round(report["showdown_rate"] * 150)
    assert all(3 <= int(v) <= 30 for v in report["winning_values"])
    assert 0 <= report["stock_short_rate"] <= report["stock_limited_rate"] <= 1
    assert "manos por segundo" in first.stderr
    other = run("simulate", "--hands", "150", "--seed", "12", "--json")
    assert other.stdout != first.stdout


def test_simulate_table_output_and_four_seats_ludoteka() -> None:
    result = run(
        "simulate",
        "--hands",
        "40",
        "--bots",
        "random,heuristic,random,random",
        "--rules",
        "ludoteka",
    )
    assert result.returncode == 0, result.stderr
    for text in (
        "Resultados por asiento",
        "Manos enseñadas: ",
        "Trabucos: ",
        "Mazo corto: ",
        "Valores ganadores al enseñar",
        "histograma",  # the histogram's column has a header
        "manos por segundo",
    ):
        assert text in result.stdout


def test_simulate_bad_bots_is_a_usage_error() -> None:
    result = run("simulate", "--hands", "5", "--bots", "heuristic,clever,random")
    assert result.returncode == 2
    assert "--bots" in result.stderr


def test_the_command_works_without_rich() -> None:
    code = (
        "import sys; sys.modules['rich'] = None\n"
        "from golfo.cli import main\n"
        "raise SystemExit(main(sys.argv[1:]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, "simulate", "--hands", "20"],
        capture_output=True,
        text=True,
        env=command_env(),
    )
    assert result.returncode == 0, result.stderr
    assert "Resultados por asiento" in result.stdout
    assert "valor  manos  histograma" in result.stdout
    played = subprocess.run(
        [sys.executable, "-c", code, "play", "--hands", "1", "--seed", "5"],
        input="\n".join(CYCLE * 40),
        capture_output=True,
        text=True,
        env=command_env(),
    )
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert re.search(r"^asiento +fichas +en la ronda +en el bote +estado$", out, re.M)
    assert "puesto" in out
    assert re.search(r"en la partida$", out, re.M)  # the standings' last column has a header
    assert "━" not in out
    assert "─" not in out


# -- golfo play: reading moves (newcomer fixes 1 and 3) ------------------------------------


def test_play_scripted_game_with_bad_lines_reprompts_and_finishes(tmp_path: Path) -> None:
    script = ["hola", "subo 100000", "descarto 9X", *CYCLE * 150]
    record = tmp_path / "game.json"
    result = run(
        "play", "--hands", "2", "--seed", "5", "--save", str(record), stdin="\n".join(script)
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert f"{PROMPT}No vale: no entiendo «hola»\nJugadas: " in out
    assert "Not legal" not in out  # one language
    assert "No vale: no puedes subir: nadie ha envidado todavía" in out
    assert "No vale: no conozco la carta «9X»: se escribe el número (3 a 9) y la letra" in out
    assert out.count("Jugadas:") > out.count("No vale:")  # every refusal re-prompts
    assert "Tus cartas:" in out
    assert "Valen: " in out
    assert "=== Mano 2 ·" in out
    assert "Clasificación tras 2 manos" in out
    assert "Fin de la partida" in out
    assert "Asiento 1: " in out  # what the bots did
    assert re.search(r"^Bote: \d+ → (tú|asiento \d)", out, re.M)
    assert re.search(r"^Esta mano: tú [+-]\d+, asiento 1 [+-]\d+, asiento 2 [+-]\d+$", out, re.M)
    # The saved record replays to the same final state.
    state = golfo.from_json(record.read_text())
    assert state.is_over
    assert len(state.results) == 2


def test_bare_discard_asks_which_cards_instead_of_standing_pat(tmp_path: Path) -> None:
    state = at_phase(new_table(), golfo.Phase.DISCARD_1)
    path = saved(tmp_path, state)
    out = resume(path, "descarto", "discard", "me quedo")
    asked = "No vale: ¿qué cartas descartas? por ejemplo: descarto 3O 5C (o «me quedo»)"
    assert out.count(asked) == 2  # both words, asked again each time
    stood = f"{PROMPT}Tú: me quedo"  # what you did, after the prompt
    assert out.count(stood) == 1  # only after "me quedo"
    assert out.index(asked) < out.index(stood)
    after = golfo.from_json(path.read_text())  # --resume saves back to the file
    mine = [a for a in after.history[len(state.history) :] if getattr(a, "seat", None) == 0]
    assert mine[0] == golfo.Discard(0, ())


def test_raise_before_anyone_opened_is_refused_not_turned_into_a_bet(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = run("play", "--seed", "5", "--save", str(record), stdin="subo 10\nraise 10\n")
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert (
        out.count("No vale: no puedes subir: nadie ha envidado todavía (para abrir, envida)") == 2
    )
    assert "envido 10" not in out
    history = golfo.from_json(record.read_text()).history
    assert not [a for a in history if isinstance(a, golfo.Bet | golfo.Raise) and a.seat == 0]


def test_all_in_is_named(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, new_table()), "resto")
    assert "Tú: envido 99 (resto)" in out


def test_a_call_that_is_an_all_in_is_named(tmp_path: Path) -> None:
    state = golfo.apply(new_table(stacks=(41, 100, 100)), golfo.Bet(0, 3))
    state = golfo.apply(state, golfo.Raise(1, 60))
    state = golfo.apply(state, golfo.Fold(2))
    out = resume(saved(tmp_path, state), "voy")
    assert "Jugadas: voy, 37 más (resto) · no voy" in out  # the moves line
    assert "Tú: voy, 37 más (resto)" in out


@pytest.mark.parametrize(
    ("build", "text", "es", "en"),
    [
        (
            new_table,
            "envido 500",
            "no tienes tantas fichas: 99 como mucho",
            "you do not have that many chips: 99 at most",
        ),
        (
            lambda: new_table(stacks=(1000, 50, 80)),
            "envido 500",
            "nadie podría igualarlo: el asiento 2 solo puede poner 79",
            "nobody could match it: seat 2 can put in 79 at most",
        ),
        (
            lambda: new_table(golfo.LUDOTEKA),
            "envido 30",
            "el tope de esta ronda es 20",
            "the cap this round is 20",
        ),
        (
            new_table,
            "me quedo",
            "ahora no se descarta (primera ronda de envites)",
            "this is not a discard (first betting round)",
        ),
        (
            lambda: at_phase(new_table(), golfo.Phase.DISCARD_1),
            "voy",
            "ahora no se envida (primer descarte)",
            "there is no betting now (first discard)",
        ),
        (
            new_table,
            "no voy",
            "no hace falta retirarse: nadie ha envidado",
            "there is no need to fold: nobody has bet",
        ),
    ],
)
def test_a_refused_move_says_why(
    tmp_path: Path, build: Callable[[], golfo.State], text: str, es: str, en: str
) -> None:
    state = build()
    out = resume(saved(tmp_path, state), text)
    assert f"No vale: {es}" in out
    assert "Not legal" not in out
    assert out.count(PROMPT) == 2  # asked again after the refusal
    with pytest.raises(RefusedError) as refused:  # the same refusal, said in English
        read_move(text, golfo.view(state, 0), "en")
    assert refused.value.line().startswith(f"Not legal: {en}")


# -- golfo play: the move line (newcomer fix 2) --------------------------------------------


def test_the_move_line_says_what_a_call_adds_and_that_raises_are_totals(tmp_path: Path) -> None:
    path = saved(tmp_path, facing_a_raise())
    out = resume(path, "voy, 7 más")
    line = f"Jugadas: voy, 7 más · subo a (11 a 99) {ROUND_TOTAL} · no voy"
    assert line in out.splitlines()
    assert "más [" not in out  # the note sits next to the raise, never next to the call
    assert "Tú: voy, 7 más" in out
    assert golfo.Call(0) in golfo.from_json(path.read_text()).history


def test_raise_amounts_are_round_totals(tmp_path: Path) -> None:
    path = saved(tmp_path, facing_a_raise())
    out = resume(path, "subo 12")
    assert "Tú: subo a 12" in out
    after = golfo.from_json(path.read_text())
    assert golfo.Raise(0, 12) in after.history
    assert after.initial_stacks[0] - 1 - 12 >= after.stacks[0]  # ante + 12 in, not 3 + 12


def test_the_move_line_when_nobody_has_opened(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, new_table()))
    assert f"Jugadas: paso · envido (1 a 99) {ROUND_TOTAL}" in out.splitlines()


def test_cards_are_listed_in_canonical_order() -> None:
    result = run("play", "--seed", "2", "--hands", "1", stdin="\n".join(CYCLE * 40))
    assert result.returncode == 0, result.stderr
    hands = re.findall(r"^Tus cartas: (.*)$", result.stdout, re.M)
    assert hands
    for listed in hands:
        codes = re.findall(r"\b[3-9][OCEB]\b", listed)
        cards = golfo.parse_cards(" ".join(codes))
        assert list(cards) == sorted(cards)
        assert len(cards) == len(listed.split(", "))


# -- golfo play: help and memory (newcomer fix 4) ------------------------------------------


def test_help_explains_the_betting_round(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, new_table()), "ayuda")
    assert "Primera ronda de envites: habla primero el mano" in out
    assert "Envido y subo dicen tu total de la ronda, no lo que añades" in out
    assert "Tope" not in out  # no caps in the traditional rules


def test_help_explains_the_discard_and_the_caps(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, at_phase(new_table(), golfo.Phase.DISCARD_1)), "help")
    assert "Primer descarte: por turno desde el mano, cambias de 0 a 5 cartas" in out
    assert "El mazo se acaba" in out
    assert "la letra del palo: O oros, C copas, E espadas, B bastos" in out
    capped = resume(saved(tmp_path, new_table(golfo.LUDOTEKA), "l.json"), "ayuda")
    assert "Tope: como mucho 25 en toda la mano, ante incluido" in capped


def test_help_between_hands(tmp_path: Path) -> None:
    state = new_table(attrs.evolve(golfo.TRADICIONAL, hands=3))
    state = advance(state, lambda s: s.phase is golfo.Phase.BETWEEN_HANDS)
    out = resume(saved(tmp_path, state), "ayuda")
    assert "Entre manos: Enter reparte la siguiente mano" in out


def _after_discards(rules: golfo.Rules) -> golfo.State:
    """Round 3, seat 0 to act: seat 0 discarded its first two cards, seat 1 its first,
    seat 2 stood pat."""

    def choose(state: golfo.State) -> golfo.Action:
        seat = state.to_act
        if state.phase is golfo.Phase.DISCARD_1 and isinstance(seat, int) and seat < 2:
            return golfo.Discard(seat, state.hands[seat].cards[: 2 - seat])
        return _default(state)

    state = golfo.deal_from(golfo.new_game(rules, players=3, dealer=2), golfo.DECK)
    return advance(state, lambda s: s.phase is golfo.Phase.BET_3 and s.to_act == 0, choose)


def test_memory_lists_the_discards_seen_this_hand(tmp_path: Path) -> None:
    state = _after_discards(golfo.TRADICIONAL)
    discards = [a for a in state.history if isinstance(a, golfo.Discard)]
    own = " ".join(str(c) for c in sorted(discards[0].cards))
    other = " ".join(str(c) for c in sorted(discards[1].cards))
    seen = " ".join(str(c) for c in sorted(discards[0].cards | discards[1].cards))
    out = resume(saved(tmp_path, state), "memoria")
    assert "Memoria: descartes de esta mano" in out
    assert f"  tú: descarta {own}" in out
    assert f"  asiento 1: descarta {other}" in out
    assert "  asiento 2: se queda" in out
    assert f"  cartas descartadas vistas: {seen}" in out


def test_memory_never_shows_a_face_down_discard(tmp_path: Path) -> None:
    state = _after_discards(attrs.evolve(golfo.TRADICIONAL, discards_face_up=False))
    hidden = next(a for a in state.history if isinstance(a, golfo.Discard) and a.seat == 1)
    (card,) = hidden.cards
    out = resume(saved(tmp_path, state), "memory")
    assert "  asiento 1: descarta 1 carta" in out
    assert "  y 1 boca abajo" in out
    memory = out[out.index("Memoria:") :]
    assert str(card) not in memory.split(PROMPT)[0]


def test_the_memory_panel_follows_each_discard_round(tmp_path: Path) -> None:
    out = resume(saved(tmp_path, at_phase(new_table(), golfo.Phase.DISCARD_1)), "me quedo")
    panel = out.index("Memoria: descartes de esta mano")
    assert out.index("Tú: me quedo") < panel
    assert panel < out.index("-- Tercera ronda de envites")


# -- golfo play: --save and --resume (newcomer fix 6) --------------------------------------


def test_play_eof_mid_hand_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    result = run("play", "--seed", "8", "--players", "4", "--save", str(record), stdin="paso\n")
    assert result.returncode == 0, result.stderr
    assert "Fin de la entrada: dejas la mesa." in result.stdout
    assert record.exists()
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "El registro se detiene en mitad de la mano 1." in replayed.stdout


def test_resume_mid_hand_continues_as_seat_0_and_saves_back(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    first = run("play", "--seed", "8", "--save", str(record), stdin="paso\n")
    assert first.returncode == 0, first.stderr
    before = golfo.from_json(record.read_text())
    assert before.phase.betting_round  # the game stopped at your turn to bet
    assert before.to_act == 0
    out = resume(record, *CYCLE * 60, extra=("--bots", "random,heuristic"))
    assert f"Partida guardada: {record}" in out
    assert "=== Mano 1 ·" in out
    assert "continúa ===" in out
    assert "Bots: asiento 1: random · asiento 2: heuristic" in out
    assert "=== Mano 2 ·" in out  # the open-ended game goes on until input ends
    after = golfo.from_json(record.read_text())
    assert after.history[: len(before.history)] == before.history
    assert after.history[len(before.history)] == golfo.Pass(0)  # you are seat 0 again
    assert len(after.results) >= 1


def test_resume_between_hands_plays_the_rest_of_the_game(tmp_path: Path) -> None:
    state = new_table(attrs.evolve(golfo.TRADICIONAL, hands=2))
    state = advance(state, lambda s: s.phase is golfo.Phase.BETWEEN_HANDS)
    path = saved(tmp_path, state)
    out = resume(path, *CYCLE * 60)
    assert "Clasificación tras 1 mano" in out  # where it stood
    assert "=== Mano 2 ·" in out
    assert "Fin de la partida" in out
    after = golfo.from_json(path.read_text())
    assert after.is_over
    assert len(after.results) == 2
    assert after.results[0] == state.results[0]


def test_resume_a_finished_game_says_so(tmp_path: Path) -> None:
    state = new_table(attrs.evolve(golfo.TRADICIONAL, hands=1))
    state = advance(state, lambda s: s.is_over)
    out = resume(saved(tmp_path, state), "paso")
    assert "La partida guardada ya ha terminado: no queda nada por jugar." in out
    assert "Fin de la partida" in out
    assert PROMPT not in out


def test_resume_takes_the_rules_from_the_record(tmp_path: Path) -> None:
    path = saved(tmp_path, new_table())
    result = run("play", "--resume", str(path), "--rules", "ludoteka", "--players", "4")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "golfo play: --resume takes the game from the record: drop --rules, --players"
    )


@pytest.mark.parametrize("text", ["", "not json at all", '{"format": "golfo/1"}'])
def test_resume_of_a_broken_file_is_one_line_and_exit_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text)
    result = run("play", "--resume", str(path))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("golfo play: ")


def _read_until(proc: subprocess.Popen[bytes], marker: bytes) -> bytes:
    assert proc.stdout is not None
    seen = b""
    while marker not in seen:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, seen.decode()
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, seen.decode()
        seen += chunk
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_save_is_written_at_the_end_of_every_hand(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "golfo", "play", "--seed", "3", "--save", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=command_env(),
    )
    assert proc.stdin is not None
    try:
        # enough moves for a hand; between hands they are refused, and stdin stays open
        proc.stdin.write("\n".join(["paso", "voy", "me quedo"] * 60).encode() + b"\n")
        proc.stdin.flush()
        _read_until(proc, BETWEEN.encode())
        state = golfo.from_json(record.read_text())  # saved while the game goes on
        assert state.phase is golfo.Phase.BETWEEN_HANDS
        assert len(state.results) == 1
    finally:
        proc.kill()  # a crash: the hand already played is kept
        proc.communicate(timeout=60)
    assert len(golfo.from_json(record.read_text()).results) == 1


# -- golfo play: banners, tables, the partida ---------------------------------------------


def test_banner_shows_the_ante_per_player_and_the_rules() -> None:
    result = run("play", "--seed", "4", "--rules", "ludoteka", stdin="")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert (
        "reglas ludoteka · ante 5 por jugador · topes 25/50/75/100 · 10 manos · sin recompras"
    ) in out
    assert re.search(r"^=== Mano 1 · .* · ante 5 por jugador · ", out, re.M)
    plain = run("play", "--seed", "4", stdin="").stdout
    assert "ante 1 por jugador · partida abierta" in plain


def test_with_four_players_the_dealer_sits_out() -> None:
    result = run(
        "play", "--seed", "6", "--players", "4", "--hands", "2", stdin="\n".join(CYCLE * 80)
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    hand2 = out[out.index("=== Mano 2 · dador: tú") :]
    assert hand2.splitlines()[1] == (
        "Repartes y no juegas esta mano: con cuatro jugadores el dador no juega."
    )
    assert PROMPT not in hand2.split("Clasificación")[0]  # nothing to do in that hand


def test_the_tables_have_a_header_for_every_column() -> None:
    result = run("play", "--seed", "5", "--hands", "1", stdin="\n".join(CYCLE * 40))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for words in ("asiento", "fichas", "en la ronda", "en el bote", "estado"):
        assert words in out  # the table of the hand
    for words in ("puesto", "recompras", "neto", "en la partida"):
        assert words in out  # the standings
    assert "sigue" in out


def test_r15_play_open_ended_goes_on_until_the_player_stops() -> None:
    # Enter between hands deals the next one, until input ends.
    result = run("play", "--seed", "3", "--bots", "random,random", stdin="\n".join(CYCLE * 60))
    assert result.returncode == 0, result.stderr
    assert "=== Mano 2 ·" in result.stdout
    assert "Fin de la entrada: dejas la mesa." in result.stdout
    # 'salir' between hands of an open-ended game is EndGame: final standings and winner.
    # (The moves outlast any hand; between hands they are refused until 'salir'.)
    script = [*["paso", "voy", "me quedo"] * 100, "salir"]
    result = run("play", "--seed", "3", stdin="\n".join(script))
    assert result.returncode == 0, result.stderr
    assert "No vale: no te toca jugar\nPulsa Enter para la siguiente mano" in result.stdout
    assert "=== Mano 2" not in result.stdout
    assert "Fin de la partida" in result.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_play_ctrl_c_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    record = tmp_path / "interrupted.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "golfo", "play", "--seed", "1", "--save", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # a test run started in the background inherits SIGINT ignored, and Python then
        # installs no KeyboardInterrupt: give the game a terminal's default
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env=command_env(),
    )
    _read_until(proc, PROMPT.encode())
    assert proc.stdout is not None
    # A signal that lands after input() wrote its prompt but before its read began is
    # handled only at the next bytecode, and the read blocks: as a player would, press
    # Ctrl-C again until the game answers.  Its input stays open meanwhile (closing it
    # would race the signal with an end of input, which leaves the table too, status 0).
    for _ in range(120):
        proc.send_signal(signal.SIGINT)
        if select.select([proc.stdout], [], [], 0.5)[0]:
            break
    proc.wait(timeout=60)
    out, err = proc.communicate()
    assert proc.returncode == 130, err.decode()
    assert b"Interrumpido: dejas la mesa." in out
    assert b"Traceback" not in err
    assert golfo.from_json(record.read_text()).hand_number == 1


# -- golfo replay -------------------------------------------------------------------------


def test_replay_of_a_saved_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = run(
        "play", "--hands", "2", "--seed", "9", "--save", str(record), stdin="\n".join(CYCLE * 150)
    )
    assert played.returncode == 0, played.stderr
    result = run("replay", str(record))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "=== Mano 1 ·" in out
    assert "=== Mano 2 ·" in out
    assert "ante 1 por jugador" in out
    assert "-- Primera ronda de envites" in out
    assert re.search(r"^Reparto · asiento 0: [3-9][OCEB] [3-9][OCEB] · ", out, re.M)
    assert "Asiento 0: paso" in out
    assert "Fin de la partida" in out
    assert "Clasificación tras 2 manos" in out


@pytest.mark.parametrize(
    "text",
    ["", "not json at all", '{"format": "golfo/1"}', "[1, 2, 3]", '{"format": "golfo/999"}'],
)
def test_replay_of_a_broken_file_is_one_line_and_exit_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text)
    result = run("replay", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("golfo replay: ")


def test_replay_of_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


# -- golfo play: a saved game of other rules ---------------------------------------------


def test_resume_a_game_of_other_rules_keeps_them(tmp_path: Path) -> None:
    rules = attrs.evolve(golfo.TRADICIONAL, ante=2, hands=4)
    out = resume(saved(tmp_path, new_table(rules)))
    assert "El Golfo · reglas del archivo · ante 2 por jugador · 4 manos" in out
    assert "· ante 2 por jugador · bote 6 · continúa ===" in out


# -- the variants for solvers (issue 34) ----------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), [("mini", "2"), ("mediano", "3")])
def test_play_the_variants_for_solvers(rules: str, players: str) -> None:
    result = run(
        "play", "--rules", rules, "--players", players, "--seed", "3", stdin="\n".join(CYCLE * 5)
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    deck = "4" if rules == "mini" else "6"
    assert (
        f"reglas {rules} · ante 1 por jugador · baraja de {deck} cartas · 1 carta por jugador"
        " · 1 descarte · envites fijos 1/2 · sin subidas · 1 mano · sin recompras"
    ) in out
    assert "Tus cartas:" in out
    assert "Fin de la partida" in out


def test_play_refuses_a_table_size_the_rules_do_not_allow() -> None:
    result = run("play", "--rules", "mini", "--players", "4", stdin="")
    assert result.returncode == 2
    assert result.stderr == "golfo play: --rules mini is played by 2 or 3 players, not 4\n"
    result = run("play", "--players", "2", stdin="")
    assert result.returncode == 2
    assert result.stderr == "golfo play: --rules tradicional is played by 3 or 4 players, not 2\n"


def test_simulate_a_variant_with_two_bots() -> None:
    result = run("simulate", "--rules", "mini", "--bots", "heuristic,random", "--hands", "20")
    assert result.returncode == 0, result.stderr
    three = run("simulate", "--rules", "mini", "--bots", "heuristic,random,random,random")
    assert three.returncode == 2
    assert "--bots needs 2 or 3 of" in three.stderr


@pytest.mark.parametrize("bots", ["strong,net", "net,strong,strong"])
def test_play_against_the_strong_and_the_learned_bots(bots: str) -> None:
    """``golfo play --bots strong,net``: StrongBot and NetBot sit at the table, play their
    turns and the hand reaches its end (a scripted player at seat 0)."""
    players = str(1 + len(bots.split(",")))
    result = run(
        "play", "--seed", "3", "--players", players, "--rules", "ludoteka", "--bots", bots,
        stdin="\n".join(CYCLE * 30),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    names = " · ".join(f"asiento {s}: {b}" for s, b in enumerate(bots.split(","), start=1))
    assert f"Bots: {names}" in result.stdout
    assert "=== Mano 2 ·" in result.stdout or "Fin de la partida" in result.stdout
