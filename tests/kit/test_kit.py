"""The conformance kit: the engine protocol, the lockstep runner, perft, and the proof that
the runner catches bugs (deliberately wrong engines, ``broken_engine.py``)."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import golfo
from golfo.conformance.perft import POSITIONS, VARIANT_POSITIONS, perft
from golfo.conformance.protocol import OBSERVATION_KEYS, PROTOCOL, observation, serve

ROOT = Path(__file__).resolve().parents[2]
BROKEN = Path(__file__).with_name("broken_engine.py")
PY = sys.executable


def kit(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "golfo.conformance", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def talk(*requests: dict[str, object]) -> list[dict[str, object]]:
    out = io.StringIO()
    serve([json.dumps(r) + "\n" for r in requests], out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_protocol_speaks_as_pinned() -> None:
    rules = golfo.wire.to_data(golfo.TRADICIONAL)
    hello, new, bad, good, seen, shown, unknown = talk(
        {"cmd": "hello"},
        {"cmd": "new_game", "rules": rules, "players": 3, "dealer": 0, "stacks": [100, 100, 100]},
        {"cmd": "apply", "action": {"type": "pass", "seat": 1}},  # chance is to act
        {"cmd": "apply", "action": {"type": "deal", "card": "9O"}},
        {"cmd": "observe"},
        {"cmd": "view", "seat": None},
        {"cmd": "fly"},
        {"cmd": "quit"},
        {"cmd": "hello"},  # never answered: quit came first
    )
    assert hello["protocol"] == PROTOCOL
    assert hello["ok"] is True
    assert new == {"ok": True}
    assert bad == {"ok": False, "error": "illegal", "rule": "R5"}  # no betting while dealing
    assert good == {"ok": True}
    assert list(seen)[1:] == list(OBSERVATION_KEYS)
    assert seen["to_act"] == "chance"
    assert seen["hands"] == [[], ["9O"], []]  # the refused pass changed nothing
    assert seen["moves"]["deals"]  # type: ignore[index]
    assert "seat" not in seen["moves"]  # type: ignore[operator]
    assert shown["view"]["seat"] is None  # type: ignore[index]
    assert unknown["ok"] is False
    assert unknown["error"] == "format"


def test_the_protocol_announces_variants_and_takes_their_tables() -> None:
    """``hello`` says ``"variants": true`` (golfo plays every variant); ``new_game`` takes a
    variant's rules and any of its table sizes, 2 to 4 seats, and refuses another size."""
    mini = golfo.wire.to_data(golfo.MINI)
    hello, two, seen, four, five = talk(
        {"cmd": "hello"},
        {"cmd": "new_game", "rules": mini, "players": 2, "dealer": 1, "stacks": [10, 10]},
        {"cmd": "observe"},
        {"cmd": "new_game", "rules": mini, "players": 4, "dealer": 0, "stacks": [10] * 4},
        {"cmd": "new_game", "rules": mini, "players": 5, "dealer": 0, "stacks": [10] * 5},
    )
    assert hello["variants"] is True
    assert two == {"ok": True}
    assert seen["stock"] == 4
    assert seen["moves"]["deals"] == ["8O", "9O", "8C", "9C"]  # type: ignore[index]
    assert four["error"] == five["error"] == "format"
    assert "these rules are played by 2 or 3 players, got 4" in str(four["message"])


def test_a_backend_that_does_not_say_announces_no_variants() -> None:
    class Old:  # a backend written before variants (no attribute); hello reads no more
        name = "old"
        version = "1"

    out = io.StringIO()
    serve(['{"cmd": "hello"}\n'], out, Old())  # type: ignore[arg-type]
    assert json.loads(out.getvalue())["variants"] is False


def test_an_engine_is_dealt_variants_only_when_it_announces_them(tmp_path: Path) -> None:
    """The same broken engine (a variant's limit on raises ignored) passes when it does not
    announce variants, since it is dealt El Golfo's rules only, and is caught when it does."""
    runs = {}
    for announced, flag in ((False, " --no-variants"), (True, "")):
        engine = f"{PY} {BROKEN} raises-never-limited{flag}"
        args = ("--select", "random", "--games", "30", "--out", str(tmp_path))
        runs[announced] = kit("run", "--engine", engine, *args)
    assert runs[False].returncode == 0, runs[False].stdout[-2000:]
    assert "a variant" not in runs[False].stdout
    assert runs[True].returncode == 1
    assert "a variant) at step" in runs[True].stdout


def test_an_observation_has_every_key_in_its_form() -> None:
    state = golfo.deal_from(golfo.new_game(golfo.LUDOTEKA, players=4), golfo.DECK)
    seen = observation(state)
    assert list(seen) == list(OBSERVATION_KEYS)
    assert seen["hands"][state.dealer] == []  # the 4-seat dealer sits out
    assert seen["stock"] == 28 - 6
    assert seen["moves"]["bet"] == [1, 20]


def test_the_engine_process_reads_bytes_not_text() -> None:
    """``golfo conformance engine`` reads its standard input as bytes: a line that is not
    UTF-8 and a line longer than the longest request are answered as format errors (the
    rest of the long line skipped), and pipelined requests after them all answered, in
    order."""
    from golfo.conformance.protocol import LONGEST

    hello = b'{"cmd": "hello"}\n'
    stream = b"\xff\xfe not text\n" + b"x" * (LONGEST + 70_000) + b"\n" + hello * 300
    done = subprocess.run(
        [PY, "-m", "golfo.conformance", "engine"], input=stream, capture_output=True, check=True
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a.get("error") for a in answers[:2]] == ["format", "format"]
    assert "too long" in str(answers[1]["message"])
    assert len(answers) == 302
    assert all(a["protocol"] == PROTOCOL for a in answers[2:])


def test_golfo_itself_passes_everything() -> None:
    engine = f"{PY} -m golfo.conformance engine"
    result = kit(
        "run", "--engine", engine, "--corpus", "conformance/corpus.jsonl.gz", "--games", "60"
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    summary = result.stdout.strip().splitlines()[-1]
    manifest = json.loads((ROOT / "conformance" / "manifest.json").read_text(encoding="utf-8"))
    vectors = len(manifest["vectors"])
    assert vectors >= 27
    played = vectors + 5 + 200 + 60  # vectors, negative vectors with an action, corpus, random
    assert f"golfo conformance: {played} games played, {played} agreed, 0 diverged" in summary
    left_out = [x for x in result.stdout.splitlines() if x.startswith("left out: negative/")]
    assert len(left_out) == 2  # the two negative vectors of a record's results


def test_a_port_behind_the_thirty_line_adapter_passes() -> None:
    result = kit("run", "--engine", f"{PY} examples/engine_adapter.py", "--games", "30")
    assert result.returncode == 0, result.stdout[-3000:]
    assert " agreed, 0 diverged;" in result.stdout


HAS_NATIVE = importlib.util.find_spec("golfo_native") is not None
BROKEN_ENGINES = {
    "python": f"{PY} {BROKEN} {{bug}}",  # golfo's reducer with one line rewritten
    "native": f"{PY} -m golfo_native engine --bug {{bug}}",  # the Rust engine's twin bug
}


@pytest.mark.parametrize(
    "engine",
    [
        "python",
        pytest.param(
            "native",
            marks=pytest.mark.skipif(not HAS_NATIVE, reason="golfo-native is not installed"),
        ),
    ],
)
@pytest.mark.parametrize(
    ("bug", "field"),
    [
        ("ties-farthest-from-mano", "results[0].pots[0].winner"),  # stacks too: results first
        ("no-table-stakes", "moves.raise"),
        ("raise-nobody-can-answer", "moves.raise"),
        ("stock-reshuffled-when-short", "stock"),
        ("four-seat-dealer-dealt-in", "stacks"),
        ("rotation-skips-a-seat", "dealer"),
        ("face-down-discard-shown", "view of seat"),
        ("raises-never-limited", "moves.raise"),  # only in the random variants
    ],
)
def test_the_runner_catches_every_broken_rule(
    engine: str, bug: str, field: str, tmp_path: Path
) -> None:
    command = BROKEN_ENGINES[engine].format(bug=bug)
    result = kit("run", "--engine", command, "--max-divergences", "1", "--out", str(tmp_path))
    assert result.returncode == 1, result.stdout[-2000:]
    report = result.stdout
    line = next(x for x in report.splitlines() if x.startswith("DIVERGENCE"))
    assert line.split(": ", 1)[1].startswith(field), line
    assert "golfo:" in report
    assert "engine:" in report
    assert "rules:" in report
    assert "state:" in report
    assert "settings:" in report
    assert "last actions:" in report
    assert " 1 diverged;" in report.splitlines()[-1]
    (written,) = tmp_path.glob("divergence-*.json")
    prefix = golfo.from_json(written.read_text(encoding="utf-8"))  # a record that replays
    step = int(line.split(" at step ")[1].split(":")[0])
    assert prefix.version in (step, step + 1)  # the game up to the divergence, no more


def _games(report: str) -> tuple[str, set[str]]:
    """The summary's counts and the games a report names as diverging."""
    lines = report.strip().splitlines()
    found = {x.split(" in ", 1)[1].split(" at step ")[0] for x in lines if "DIVERGENCE" in x}
    return lines[-1].split(" (")[0], found


def test_jobs_share_the_same_random_games_among_processes(tmp_path: Path) -> None:
    """``--jobs``: the same random games (each drawn from the seed and its number alone),
    in shares played by processes of their own, each with its own engine; what they find is
    reported and counted as one run's."""
    clean = f"{PY} -m golfo.conformance engine"
    broken = f"{PY} {BROKEN} rotation-skips-a-seat"
    runs: dict[tuple[str, int], tuple[str, set[str], int]] = {}
    reports: dict[tuple[str, int], str] = {}
    for engine, jobs in [(clean, 1), (clean, 3), (broken, 1), (broken, 3)]:
        out = tmp_path / f"out-{jobs}-{engine == clean}"
        result = kit(
            "run", "--engine", engine, "--select", "random", "--games", "24",
            "--seed", "4", "--jobs", str(jobs), "--out", str(out),
        )  # fmt: skip
        assert result.returncode == (0 if engine == clean else 1), result.stdout[-2000:]
        runs[engine, jobs] = (*_games(result.stdout), len(list(out.glob("divergence-*"))))
        reports[engine, jobs] = result.stdout
    assert runs[clean, 3] == runs[clean, 1]
    assert runs[clean, 1][0].startswith("golfo conformance: 24 games played, 24 agreed, ")
    assert runs[broken, 3] == runs[broken, 1]
    summary, diverged, written = runs[broken, 3]
    assert written == len(diverged) > 3
    numbers = sorted(int(name.split()[2]) for name in diverged)
    assert {k % 3 for k in numbers} == {0, 1, 2}  # in every share
    # this process reports its share as it plays, then each other process's in turn
    order = [int(x.split()[4]) for x in reports[broken, 3].splitlines() if "DIVERGENCE" in x]
    assert order == sorted(numbers, key=lambda k: (k % 3, k))
    assert f" {len(diverged)} diverged;" in summary


def test_a_hanging_engine_is_timed_out_and_named(tmp_path: Path) -> None:
    hang = (
        "import sys, time; sys.stdin.readline(); "
        'print(\'{"ok": true, "protocol": "golfo-engine/1"}\', flush=True); time.sleep(120)'
    )
    engine = f"{PY} -c {json.dumps(hang)}"
    result = kit("run", "--engine", engine, "--timeout", "1", "--out", str(tmp_path), timeout=120)
    assert result.returncode == 1
    assert "did not answer 'new_game' within 1 s" in result.stdout


def test_perft_counts_and_the_engine_perft_check() -> None:
    start = POSITIONS["start"]
    assert [perft(start.state, d, start.deck) for d in range(1, 4)] == [8, 43, 190]
    # by hand: depth 1 at the start is Pass and Bet 1..7 (8 chips a seat, 7 behind)
    assert len(golfo.legal_actions(start.state)) == 8
    result = kit("perft", "--engine", f"{PY} -m golfo.conformance engine", "--depth", "3")
    assert result.returncode == 0, result.stdout
    assert "0 differences" in result.stdout
    broken = kit("perft", "--engine", f"{PY} {BROKEN} no-table-stakes", "--depth", "3")
    assert broken.returncode == 1
    assert "DIFFERS" in broken.stdout


def test_golfo_perft_command() -> None:
    result = subprocess.run(
        [
            PY,
            "-c",
            "import sys; from golfo.cli import main; sys.exit(main(sys.argv[1:]))",
            "perft",
            "--position",
            "discard-short",
            "--depth",
            "2",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "depth 1: 26" in result.stdout
    assert "depth 2: 31" in result.stdout


def test_the_published_variant_perft_table_is_golfos() -> None:
    text = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0].strip("`") in VARIANT_POSITIONS and len(cells) == 12:
            table[cells[0].strip("`")] = [int(c.replace(",", "")) for c in cells[2:]]
    assert set(table) == set(VARIANT_POSITIONS)
    for name, counts in table.items():
        position = VARIANT_POSITIONS[name]
        assert position.state.rules.is_variant
        assert [perft(position.state, d, position.deck) for d in range(1, 11)] == counts, name


def test_the_published_perft_table_is_golfos() -> None:
    text = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 12 and cells[0].startswith("`") and cells[0].strip("`") in POSITIONS:
            table[cells[0].strip("`")] = [int(c.replace(",", "")) for c in cells[2:]]
    assert set(table) == set(POSITIONS)
    for name, counts in table.items():
        position = POSITIONS[name]
        for depth, count in enumerate(counts[:7], start=1):  # the deeper ones take seconds
            assert perft(position.state, depth, position.deck) == count, (name, depth)
