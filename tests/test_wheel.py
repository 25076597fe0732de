"""The wheel carries everything the installed package needs.

golfo's sdist and wheel are built from this checkout (``python -m build --no-isolation``: the
sdist, then the wheel from the unpacked sdist, as a release would), the wheel is installed
with pip into a new virtual environment, and ``golfo serve`` and ``golfo conformance run``
are started from there, outside the checkout: the web table's pages, the JSON Schemas and
the conformance vectors must come from the wheel.

The new environment gets golfo from the wheel and nothing else; its dependencies (attrs, and
the server's for ``golfo serve``) are lent by this environment through a ``.pth`` line
appended after the new environment's own site-packages, so nothing is downloaded at test
time.  A ``.pth`` line is a plain path: this environment's own ``.pth`` files, such as the
editable install of golfo, are not read through it, and the test checks that ``golfo`` is
imported from the new environment.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("build", reason="the dev extra brings build (python -m build)")
pytest.importorskip("hatchling", reason="the dev extra brings hatchling")
pytest.importorskip("uvicorn", reason="golfo serve needs the server extra")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheels = list(out.glob("golfo-*.whl"))
    assert len(wheels) == 1, wheels
    assert list(out.glob("golfo-*.tar.gz")), "no sdist built"
    return wheels[0]


@pytest.fixture(scope="module")
def env(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with golfo installed from ``wheel`` (pip, no index)."""
    home = tmp_path_factory.mktemp("clean") / "venv"
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    inner = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(inner, "zz_lent_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    return home


def _run(
    env: Path, *args: str, cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    clean["PATH"] = f"{env / 'bin'}:{clean.get('PATH', '')}"
    return subprocess.run(
        args, cwd=cwd, env=clean, capture_output=True, text=True, timeout=timeout, check=False
    )


def test_the_wheel_holds_the_data_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (
        "golfo/py.typed",
        "golfo/server/web/index.html",
        "golfo/server/web/app.js",
        "golfo/server/web/app.css",
        "golfo/server/web/words.js",
        "golfo/server/web/cards.js",
        "golfo/server/web/table.js",
        "golfo/wire.schema.json",
        "golfo/record.schema.json",
        "golfo/conformance/vectors/corpus.jsonl.gz",
        "golfo/conformance/vectors/01-one-hand-three-seats.json",
        "golfo/bots/net/net.golfonet",  # NetBot's weights (issue 36: at most 20 MB)
    ):
        assert name in names, name
    assert zipfile.ZipFile(wheel).getinfo("golfo/bots/net/net.golfonet").file_size < 20 * 2**20
    vectors = {n for n in names if n.startswith("golfo/conformance/vectors/")}
    shipped = {
        "golfo/conformance/vectors/" + p.relative_to(ROOT / "conformance").as_posix()
        for p in (ROOT / "conformance").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert shipped <= vectors


def test_golfo_is_imported_from_the_wheel(env: Path, tmp_path: Path) -> None:
    done = _run(
        env, str(env / "bin" / "python"), "-c", "import golfo; print(golfo.__file__)", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(env), done.stdout
    # the shipped network loads from the installed wheel, lazily, and plays
    code = (
        "import golfo; s = golfo.deal(golfo.new_game(golfo.LUDOTEKA, players=3), 1); "
        "v = golfo.view(s, s.to_act); print(golfo.NetBot(1).choose(v) in v.moves)"
    )
    done = _run(env, str(env / "bin" / "python"), "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True", done.stdout


@pytest.fixture
def served(env: Path, tmp_path: Path) -> Iterator[str]:
    process = subprocess.Popen(
        [str(env / "bin" / "golfo"), "serve", "--port", "0", "--db", ":memory:"],
        cwd=tmp_path,
        env={**os.environ, "PATH": f"{env / 'bin'}:{os.environ.get('PATH', '')}"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = None
        for line in process.stdout:
            if "http://" in line:
                url = line[line.index("http://") :].split()[0].rstrip("/")
                break
        assert url, "golfo serve printed no address"
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.read().decode("utf-8")


def test_golfo_serve_from_the_wheel(served: str) -> None:
    status, page = _get(served + "/")
    assert status == 200
    assert "app.js" in page
    for asset in ("app.js", "app.css"):
        status, text = _get(f"{served}/static/{asset}")
        assert status == 200, asset
        assert len(text) > 1000, asset
    status, words = _get(served + "/api/words")
    assert status == 200
    assert json.loads(words)["cards"]["9O"]["es"] == "nueve de oros"
    request = urllib.request.Request(
        served + "/api/tables",
        data=json.dumps({"bots": {"1": "random", "2": "random"}}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201
        assert json.loads(answer.read())["free"] == [0]


def test_golfo_conformance_run_from_the_wheel(env: Path, tmp_path: Path) -> None:
    golfo = str(env / "bin" / "golfo")
    done = _run(
        env,
        golfo,
        "conformance",
        "run",
        "--engine",
        f"{golfo} conformance engine",
        "--games",
        "3",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    # the vectors came from the wheel: every one of the checkout's was played, besides the
    # three random games (run outside the checkout, the runner has no other place to read)
    match = re.search(r"(\d+) games played, \d+ agreed, 0 diverged;", done.stdout)
    assert match, done.stdout
    vectors = len(list((ROOT / "conformance").glob("[0-9]*.json")))
    assert int(match.group(1)) >= vectors + 3, done.stdout
