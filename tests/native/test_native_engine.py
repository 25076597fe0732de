"""The engine ``python -m golfo_native engine`` behind golfo's conformance kit: every
vector, the corpus and 10,000 lockstep random games agree (played beside the other tests,
see ``LongRun`` in the root ``conftest.py``); perft agrees;
each deliberate ``--bug`` is caught by the runner (``tests/kit/test_kit.py``, beside golfo's
own broken engines); garbage is answered ``format``, never a crash."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

from golfo_native import _core
from golfo_native.engine import serve

import golfo

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
ENGINE = f"{PY} -m golfo_native engine"


def kit(*args: str, timeout: float = 7200) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "golfo.conformance", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def talk(*lines: str) -> list[dict[str, object]]:
    out = io.StringIO()
    serve([line + "\n" for line in lines], out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_long_lockstep_run_agrees(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    """``golfo conformance run --engine "python -m golfo_native engine"``: every vector, the
    corpus and 10,000 random lockstep games (``GOLFO_NATIVE_GAMES``) agree, without a
    divergence.  The run is started by the root ``conftest.py`` (``LongRun``) when the tests
    are collected, beside them; this test comes last and waits for it."""
    run = request.config.pluginmanager.get_plugin("golfo-long-run")
    assert run is not None
    status, report, took = run.wait(timeout=3600)
    assert status == 0, report[-3000:]
    summary = report.strip().splitlines()[-1]
    assert " agreed, 0 diverged;" in summary, report[-3000:]
    games = int(summary.split("golfo conformance: ")[1].split(" games")[0].replace(",", ""))
    manifest = json.loads((ROOT / "conformance" / "manifest.json").read_text(encoding="utf-8"))
    vectors = len(manifest["vectors"])
    negative = sum(n["checks"] == "engine" for n in manifest["negative"])  # not the records'
    assert (vectors, negative) >= (22, 5)
    assert games == vectors + negative + 200 + run.games  # and the corpus, the random games
    steps = int(summary.split(" diverged; ")[1].split(" steps")[0].replace(",", ""))
    assert steps > 40 * run.games
    with capsys.disabled():
        print(f"\n{summary}, {took:.0f} s wall beside the other tests")


def test_perft_counts_agree() -> None:
    result = kit("perft", "--engine", ENGINE, "--depth", "5", timeout=600)
    assert result.returncode == 0, result.stdout
    assert "0 differences" in result.stdout
    # six positions of El Golfo and three of variants (the engine announces them), depths 1-5
    assert result.stdout.count(": ok") == (6 + 3) * 5
    assert "mediano depth 5" in result.stdout


def test_every_bug_of_the_kit_has_a_native_twin() -> None:
    spec = importlib.util.spec_from_file_location(
        "broken_engine", ROOT / "tests/kit/broken_engine.py"
    )
    assert spec is not None
    assert spec.loader is not None
    broken = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(broken)
    assert set(_core.bug_names()) == set(broken.BUGS)


def test_the_bug_is_off_by_default_and_named_by_the_environment() -> None:
    assert _core.active_bug() is None
    probe = "from golfo_native import _core; import sys; print(_core.active_bug())"
    plain = subprocess.run([PY, "-c", probe], capture_output=True, text=True, check=True)
    assert plain.stdout.strip() == "None"
    env = {**os.environ, "GOLFO_NATIVE_BUG": "no-table-stakes"}
    hello = subprocess.run(
        [PY, "-m", "golfo_native", "engine"],
        input='{"cmd": "hello"}\n{"cmd": "quit"}\n',
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert json.loads(hello.stdout)["protocol"] == "golfo-engine/1"
    assert json.loads(hello.stdout)["variants"] is True  # it is dealt variants too
    unknown = subprocess.run(
        [PY, "-m", "golfo_native", "engine"],
        input="",
        capture_output=True,
        text=True,
        env={**os.environ, "GOLFO_NATIVE_BUG": "no-such-bug"},
    )
    assert unknown.returncode == 2


def test_garbage_is_answered_format_never_a_crash() -> None:
    rules = golfo.wire.to_data(golfo.TRADICIONAL)
    new = json.dumps(
        {"cmd": "new_game", "rules": rules, "players": 3, "dealer": 0, "stacks": [100] * 3}
    )
    answers = talk(
        "not json at all",
        "[1, 2",
        '{"cmd": "apply", "action": {"type": "pass", "seat": 1}}',  # no game yet
        "42",
        '{"cmd": "fly"}',
        new,
        '{"cmd": "apply", "action": {"type": "bet", "seat": 1, "amount": "5"}}',
        '{"cmd": "apply", "action": {"type": "deal", "card": "1X"}}',
        '{"cmd": "apply"}',
        '{"cmd": "view", "seat": 9}',
        '{"cmd": "perft", "depth": 99, "deck": []}',
        '{"cmd": "new_game", "rules": {}, "players": 3, "dealer": 0, "stacks": []}',
        '{"cmd": "apply", "action": {"type": "pass", "seat": 1}}',
        '{"cmd": "observe"}',
    )
    *before, started = answers[:6]
    *after, illegal, seen = answers[6:]
    assert started == {"ok": True}
    bad = before + after
    assert [a.get("error") for a in bad] == ["format"] * len(bad)
    assert all(a["ok"] is False for a in bad)
    assert illegal == {"ok": False, "error": "illegal", "rule": "R5"}  # chance is to act
    assert seen["ok"] is True
    assert seen["to_act"] == "chance"


def test_the_engine_process_survives_garbage() -> None:
    lines = ["\x00\xff garbage", "{}", '{"cmd": "hello"}', '{"cmd": "quit"}']
    done = subprocess.run(
        [PY, "-m", "golfo_native", "engine"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    answers = [json.loads(x) for x in done.stdout.splitlines()]
    assert [a.get("error") for a in answers] == ["format", "format", None]
    assert answers[2]["name"] == "golfo-native"


def test_every_native_bug_is_caught_by_the_vectors_alone(tmp_path: Path) -> None:
    """Each of golfo-native's deliberate bugs, one rule broken in Rust, fails
    ``golfo conformance run --games 0``: the vectors alone catch it, as they catch golfo's
    (``tests/kit/test_vectors_as_data.py``)."""
    from concurrent.futures import ThreadPoolExecutor

    def run(bug: str) -> subprocess.CompletedProcess[str]:
        return kit(
            "run", "--engine", f"{ENGINE} --bug {bug}", "--games", "0",
            "--max-divergences", "1", "--out", str(tmp_path / bug), timeout=300,
        )  # fmt: skip

    bugs = _core.bug_names()
    assert len(bugs) == 24
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = dict(zip(bugs, pool.map(run, bugs), strict=True))
    for bug, result in runs.items():
        assert result.returncode == 1, f"{bug}: {result.stdout[-2000:]}{result.stderr}"
        assert "DIVERGENCE" in result.stdout, bug
