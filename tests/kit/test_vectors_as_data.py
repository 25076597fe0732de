"""The conformance suite as data (issue 37): the manifest, the vectors' observations and the
perft positions are plain JSON that their schemas describe, and ``conformance/check.mjs``, a
checker in JavaScript with no golfo behind it, checks engines against them: golfo's passes,
every deliberately broken engine of the kit fails, and so does golfo's own engine against
data that was tampered with (the checker reads the data; it does not trust the engine).

The JavaScript tests need Node 18 or later; without it they are skipped, or fail when
``GOLFO_REQUIRE_NODE=1`` (``.ci/run`` sets it).
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

import golfo
from golfo.conformance.perft import POSITIONS, VARIANT_POSITIONS, perft
from golfo.conformance.protocol import observation

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "conformance"
CHECKER = SUITE / "check.mjs"
BROKEN = Path(__file__).resolve().parent / "broken_engine.py"
ENGINE = f"{sys.executable} -m golfo.conformance engine"


def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "schema" / name).read_text(encoding="utf-8"))
    return data


RECORD = _schema("golfo-record.schema.json")
REGISTRY: Registry[Any] = Registry().with_resource(RECORD["$id"], Resource.from_contents(RECORD))
MANIFEST = json.loads((SUITE / "manifest.json").read_text(encoding="utf-8"))
PERFT = json.loads((SUITE / "perft.json").read_text(encoding="utf-8"))


def _validate(data: Any, schema: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema, registry=REGISTRY).validate(data)


def test_the_manifest_and_the_perft_positions_match_their_schemas() -> None:
    _validate(MANIFEST, _schema("golfo-conformance-manifest.schema.json"))
    _validate(PERFT, _schema("golfo-perft.schema.json"))
    broken = json.loads(json.dumps(PERFT))
    broken["positions"][0]["counts"][0] = "8"
    with pytest.raises(jsonschema.ValidationError):
        _validate(broken, _schema("golfo-perft.schema.json"))


def test_the_manifest_lists_every_vector_file_once_and_every_rule() -> None:
    listed = [v["file"] for v in MANIFEST["vectors"]] + [n["file"] for n in MANIFEST["negative"]]
    on_disk = [p.relative_to(SUITE).as_posix() for p in SUITE.glob("[0-9]*.json")]
    on_disk += [p.relative_to(SUITE).as_posix() for p in SUITE.glob("negative/*.json")]
    assert sorted(listed) == sorted(on_disk)
    covered = {rule for v in MANIFEST["vectors"] for rule in v["rules"]}
    assert covered == {f"R{n}" for n in range(1, 19)}
    for entry in MANIFEST["vectors"]:
        data = json.loads((SUITE / entry["file"]).read_text(encoding="utf-8"))
        assert entry["purpose"] == data["description"]
        assert entry["seats"] == data["players"]
        assert entry["steps"] == len(data["steps"]) == len(data["actions"]) + 1
        named = re.findall(r"\bR([1-9]|1[0-8])[a-z]?\b", data["description"])
        assert set(entry["rules"]) == {f"R{n}" for n in named}


# ---------------------------------------------------------------------------
# the written decisions: each an id in both rulebooks, each checked by a vector or said not
# to be checkable

DECISION = re.compile(r"^- \*\*((?:R(?:1[0-8]|[1-9])|S|V)\.d([1-9][0-9]*))\*\* ", re.M)
EVERYWHERE = {"R4.d2"}
"""The decisions every vector exercises (every vector's views hide other seats' cards)."""


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("conformance_generate", SUITE / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs classes look their module up
    spec.loader.exec_module(module)
    return module


GENERATE = _generator()


def _decision_ids(page: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return [m[1] for m in DECISION.finditer(text)]


def test_every_decision_has_the_same_id_in_english_and_in_spanish() -> None:
    english, spanish = _decision_ids("rules.md"), _decision_ids("reglas.md")
    assert english == spanish
    assert len(english) == len(set(english)) > 60
    assert english.count("R13.d1") == 1
    assert "R12.d1" not in english  # R12 decides nothing beyond R6(a)


@pytest.mark.parametrize(
    ("page", "settings", "variants"),
    [
        ("rules.md", "## Settings and presets", "### The presets for solvers"),
        ("reglas.md", "## Ajustes y variantes", "### Las variantes para resolvedores"),
    ],
)
def test_every_decision_is_numbered_in_order_under_its_own_rule(
    page: str, settings: str, variants: str
) -> None:
    section: str | None = None
    numbers: dict[str, list[int]] = {}
    for line in (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^### (R\d+)\b", line)
        if heading:
            section = heading[1]
        elif line.startswith(settings):
            section = "S"
        elif line.startswith(variants):
            section = "V"
        elif line.startswith("#"):
            section = None
        found = DECISION.match(line + " ")
        if found:
            rule, number = found[1].split(".d")
            assert rule == section, f"{page}: {found[1]} under {section}"
            numbers.setdefault(rule, []).append(int(number))
    assert all(n == list(range(1, len(n) + 1)) for n in numbers.values()), numbers
    assert set(numbers) == {"S", "V"} | {f"R{n}" for n in range(1, 19) if n != 12}


def test_every_decision_is_checked_by_a_vector_or_said_not_to_be_checkable() -> None:
    ids = set(_decision_ids("rules.md"))
    checked, unchecked = set(GENERATE.DETECTORS), dict(GENERATE.NOT_CHECKABLE)
    assert checked | set(unchecked) == ids
    assert not checked & set(unchecked)
    named = {d for v in MANIFEST["vectors"] for d in v["decisions"]}
    assert named == checked  # every checkable decision in some vector's, none other
    assert {e["id"]: e["why"] for e in MANIFEST["not_checkable"]} == unchecked
    shown = {}
    for line in (ROOT / "docs" / "vectors.md").read_text(encoding="utf-8").splitlines():
        row = re.match(r"^\| \*\*([RSV][0-9]*\.d[0-9]+)\*\* \| (.+) \|$", line)
        if row:
            shown[row[1]] = row[2]
    assert shown == unchecked  # docs/vectors.md lists them, with the same reasons


def test_the_manifest_decisions_are_the_detectors_findings() -> None:
    for entry in MANIFEST["vectors"]:
        text = (SUITE / entry["file"]).read_text(encoding="utf-8")
        assert entry["decisions"] == GENERATE.decisions_of(GENERATE.Played.of(text))
        assert entry["settings"] == json.loads(text)["rules"]


def test_the_decision_detectors_discriminate() -> None:
    """Every detector says no for a table where nothing has happened yet, and every one but
    :data:`EVERYWHERE` says no for some vector too (a detector that always says yes would
    prove nothing)."""
    state = golfo.new_game(golfo.TRADICIONAL, players=3)
    text = golfo.to_json(state, description="R1: a new table")
    fresh = GENERATE.Played.of(GENERATE.with_steps(text, GENERATE.steps_of(state, 0)))
    assert [name for name, detect in GENERATE.DETECTORS.items() if detect(fresh)] == []
    everywhere = {
        name
        for name in GENERATE.DETECTORS
        if all(name in entry["decisions"] for entry in MANIFEST["vectors"])
    }
    assert everywhere == EVERYWHERE
    by_id = {entry["id"]: entry["decisions"] for entry in MANIFEST["vectors"]}
    assert "R6.d2" in by_id["05-win-by-folds"]  # an excess returned to the last seat in
    assert "R6.d2" not in by_id["01-one-hand-three-seats"]  # a showdown, nothing returned


@pytest.mark.parametrize("entry", MANIFEST["vectors"], ids=lambda e: e["id"])
def test_every_step_observation_is_golfos(entry: dict[str, Any]) -> None:
    data = json.loads((SUITE / entry["file"]).read_text(encoding="utf-8"))
    state = golfo.new_game(
        golfo.wire.rules_from_data(data["rules"]),
        players=data["players"],
        dealer=data["dealer"],
        stacks=data["stacks"],
    )
    for i, step in enumerate(data["steps"]):
        assert step["observation"] == observation(state), f"step {i}"
        if i < len(data["actions"]):
            state = golfo.apply(state, golfo.wire.action_from_data(data["actions"][i]))


def _docs_perft_rows() -> dict[str, list[int]]:
    rows = {}
    for line in (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([a-z-]+)` \|[^|]*\|((?: [0-9,]+ \|)+)$", line)
        if m:
            rows[m[1]] = [int(x.strip().replace(",", "")) for x in m[2].strip(" |").split("|")]
    return rows


def test_the_perft_data_is_golfos_and_the_published_table() -> None:
    positions = {**POSITIONS, **VARIANT_POSITIONS}
    docs = _docs_perft_rows()
    assert [p["id"] for p in PERFT["positions"]] == list(positions)
    for entry in PERFT["positions"]:
        position = positions[entry["id"]]
        assert entry["counts"] == docs[entry["id"]]
        assert entry["deck"] == [str(c) for c in position.deck]
        state = golfo.new_game(
            golfo.wire.rules_from_data(entry["rules"]),
            players=entry["players"],
            dealer=entry["dealer"],
            stacks=entry["stacks"],
        )
        for action in entry["actions"]:
            state = golfo.apply(state, golfo.wire.action_from_data(action))
        assert state == position.state
        assert entry["counts"][:4] == [perft(state, d, position.deck) for d in range(1, 5)]


# ---------------------------------------------------------------------------
# the JavaScript checker


@pytest.fixture(scope="module")
def node() -> str:
    program = shutil.which("node")
    reason = None
    if program is None:
        reason = "node is not installed (Debian: apt-get install nodejs)"
    else:
        version = subprocess.run([program, "--version"], capture_output=True, text=True)
        major = version.stdout.strip().lstrip("v").split(".")[0]
        if not (major.isdigit() and int(major) >= 18):
            reason = f"node {version.stdout.strip()} is older than 18"
    if reason is not None:
        if os.environ.get("GOLFO_REQUIRE_NODE") == "1":
            pytest.fail(f"GOLFO_REQUIRE_NODE=1 but {reason}")
        pytest.skip(reason)
    assert program is not None
    return program


def _check(node: str, engine: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [node, str(CHECKER), "--engine", engine, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        env=os.environ | {"PYTHONPATH": str(ROOT / "src")},
    )


def test_the_javascript_checker_passes_golfos_engine(node: str) -> None:
    run = _check(node, ENGINE, "--views", "--depth", "6")
    assert run.returncode == 0, run.stdout + run.stderr
    summary = run.stdout.strip().splitlines()[-1]
    vectors = len(MANIFEST["vectors"])
    engine_negatives = sum(n["checks"] == "engine" for n in MANIFEST["negative"])
    passed = vectors + engine_negatives + len(PERFT["positions"])
    assert f"{passed} passed, 0 failed" in summary
    assert re.search(r"; [1-9][0-9]{3,} answers agreed, [1-9][0-9]+ views compared", summary)


def _broken() -> tuple[list[str], dict[str, str]]:
    sys.path.insert(0, str(BROKEN.parent))
    try:
        import broken_engine

        return list(broken_engine.BUGS), dict(broken_engine.RULE_OF)
    finally:
        sys.path.remove(str(BROKEN.parent))


def _bugs() -> list[str]:
    return _broken()[0]


def test_every_rule_has_a_broken_engine() -> None:
    bugs, rule_of = _broken()
    assert sorted(rule_of) == sorted(bugs)
    assert set(rule_of.values()) == {f"R{n}" for n in range(1, 19)}


def test_the_python_runner_catches_every_broken_engine_with_the_vectors_alone(
    tmp_path: Path,
) -> None:
    """``golfo conformance run --games 0``: no random game, only the vectors."""

    def run(bug: str) -> subprocess.CompletedProcess[str]:
        engine = f"{sys.executable} {BROKEN} {bug}"
        command = [sys.executable, "-m", "golfo.conformance", "run", "--engine", engine]
        command += ["--games", "0", "--max-divergences", "1", "--out", str(tmp_path / bug)]
        return subprocess.run(command, capture_output=True, text=True, timeout=300)

    bugs = _bugs()
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = dict(zip(bugs, pool.map(run, bugs), strict=True))
    for bug, result in runs.items():
        assert result.returncode == 1, f"{bug}: {result.stdout[-2000:]}{result.stderr}"
        assert "DIVERGENCE" in result.stdout, bug


def test_the_javascript_checker_catches_every_broken_engine_from_the_data_alone(
    node: str,
) -> None:
    bugs = _bugs()
    assert len(bugs) >= 8

    def run(bug: str) -> subprocess.CompletedProcess[str]:
        engine = f"{sys.executable} {BROKEN} {bug}"
        return _check(node, engine, "--views", "--no-perft", "--max-failures", "1")

    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = dict(zip(bugs, pool.map(run, bugs), strict=True))
    for bug, result in runs.items():
        assert result.returncode == 1, f"{bug}: {result.stdout[-2000:]}{result.stderr}"
        assert re.search(r" [1-9][0-9]* failed", result.stdout), bug
        assert "\n  " in result.stdout  # the failures are listed, each with its place


def test_the_javascript_checker_reads_the_data_not_golfo(node: str, tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(SUITE, suite, ignore=shutil.ignore_patterns("*.gz", "*.py"))
    vector = suite / "09-trabuco.json"
    data = json.loads(vector.read_text(encoding="utf-8"))
    data["steps"][12]["observation"]["pot"] += 1
    vector.write_text(json.dumps(data), encoding="utf-8")
    run = _check(node, ENGINE, "--suite", suite, "--no-perft")
    assert run.returncode == 1
    assert "09-trabuco [R11]: step 12 (" in run.stdout
    assert ": pot: expected " in run.stdout
    assert "1 failed" in run.stdout.splitlines()[-2]


def test_the_javascript_checker_refuses_a_folder_that_is_no_suite(
    node: str, tmp_path: Path
) -> None:
    run = _check(node, ENGINE, "--suite", tmp_path)
    assert run.returncode == 2
    assert "holds no manifest.json: not a conformance suite" in run.stderr


def test_the_javascript_checker_selects_by_id_tag_and_rule(node: str) -> None:
    run = _check(node, ENGINE, "--select", "R9,09-trabuco", "--no-perft")
    assert run.returncode == 0, run.stdout + run.stderr
    ran = [line.split()[1] for line in run.stdout.splitlines() if line.startswith("ok ")]
    expected = [v["id"] for v in MANIFEST["vectors"] if "R9" in v["rules"]] + ["09-trabuco"]
    assert sorted(ran) == sorted(expected)


def _node_eval(node: str, script: str) -> Any:
    """What a module script run by Node prints, as JSON (``check.mjs`` imported for its
    exports: it runs only when started as a program)."""
    run = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=ROOT,
    )
    return json.loads(run.stdout)


def test_the_javascript_checker_names_and_compares_as_the_python_runner(node: str) -> None:
    """check.mjs's tables are golfo.conformance.findings' (the rules of each field, the order
    of a result's keys, the words of a view), and it splits views and orders results as the
    runner does."""
    from golfo.conformance import findings

    data = json.loads((SUITE / "01-one-hand-three-seats.json").read_text(encoding="utf-8"))
    views = [view for step in data["steps"] for view in step.get("views", {}).values()]
    results = data["steps"][-1]["observation"]["results"]
    script = (
        f"import * as c from {json.dumps(CHECKER.as_uri())};\n"
        f"const views = {json.dumps(views)};\n"
        f"const results = {json.dumps(results)};\n"
        "console.log(JSON.stringify({fields: c.FIELD_RULES, views: c.VIEW_RULES,"
        " actions: c.ACTION_RULES, words: c.WORDS, first: c.RESULT_KEYS_FIRST,"
        " split: views.map(c.splitWords), normalized: c.normalized(results)}));"
    )
    theirs = _node_eval(node, script)
    assert theirs["fields"] == {k: list(v) for k, v in findings.FIELD_RULES.items()}
    assert theirs["views"] == {k: list(v) for k, v in findings.VIEW_RULES.items()}
    assert theirs["actions"] == {k: list(v) for k, v in findings.ACTION_RULES.items()}
    assert theirs["words"] == list(findings.WORDS)
    assert theirs["first"] == list(findings._CAUSES_FIRST)
    assert len(views) >= 8
    for view, split in zip(views, theirs["split"], strict=True):
        facts, words = findings.split_words(view)
        assert split == [facts, words]
        assert words["phase_name"]  # both sides hold something
        assert facts["history"]
    ours = findings.normalized(results)
    assert theirs["normalized"] == ours
    assert [list(r) for r in theirs["normalized"]] == [list(r) for r in ours]  # key order


def test_the_javascript_checker_compares_views_facts_and_their_words_apart(node: str) -> None:
    """The look-alike engine with its own words passes ``--views``; ``--words`` reports its
    words apart (not as a failure) and makes the exit status 1."""
    engine = f"{sys.executable} {BROKEN} other-words"
    select = ("--select", "01-one-hand-three-seats,05-win-by-folds", "--no-perft")
    facts = _check(node, engine, "--views", *select)
    assert facts.returncode == 0, facts.stdout + facts.stderr
    summary = facts.stdout.strip().splitlines()[-1]
    assert "2 passed, 0 failed" in summary
    assert "views compared (their words not compared: --words not given)" in summary
    assert "WORDS DIFFER" not in facts.stdout
    words = _check(node, engine, "--words", *select)
    assert words.returncode == 1, words.stdout + words.stderr
    summary = words.stdout.strip().splitlines()[-1]
    assert "2 passed, 0 failed" in summary  # no rule broken
    assert "(their words differ in 2)" in summary
    differ = [x for x in words.stdout.splitlines() if x.startswith("WORDS DIFFER")]
    assert len(differ) == 2
    assert ': view of 0.phase_name.en: expected "end of the game", got "game over"' in differ[0]
    clean = _check(node, ENGINE, "--words", *select)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "(their words agree)" in clean.stdout


def test_the_javascript_checker_names_a_pot_not_the_payoffs_it_causes(node: str) -> None:
    engine = f"{sys.executable} {BROKEN} ties-farthest-from-mano"
    run = _check(node, engine, "--select", "08-tie-goes-nearest-mano", "--no-perft")
    assert run.returncode == 1, run.stdout + run.stderr
    (failure,) = [x for x in run.stdout.splitlines() if x.startswith("FAIL ")]
    assert ": results[0].pots[0].winner: expected 2, got 0" in failure
    assert "payoffs" not in failure


def test_the_javascript_checker_reads_known_differences(node: str, tmp_path: Path) -> None:
    """``--known FILE``, the Python runner's format: a failure whose vector or rules an entry
    names is reported apart and does not fail the run; an entry that covered nothing is
    named; an id no vector has is refused."""
    engine = f"{sys.executable} {BROKEN} ties-farthest-from-mano"
    select = ("--select", "R11", "--no-perft")
    bare = _check(node, engine, *select)
    failed = {x.split()[1] for x in bare.stdout.splitlines() if x.startswith("FAIL ")}
    assert failed == {"08-tie-goes-nearest-mano", "27-mini-for-two"}
    by_id = tmp_path / "by-id.txt"
    by_id.write_text("# ties the other way\n08-tie-goes-nearest-mano  # by id\nR16\n", "utf-8")
    some = _check(node, engine, "--known", by_id, *select)
    assert some.returncode == 1, some.stdout  # 27 is still a failure
    assert "KNOWN 08-tie-goes-nearest-mano [R11]: " in some.stdout
    assert "(declared: 08-tie-goes-nearest-mano)" in some.stdout
    assert "FAIL 27-mini-for-two" in some.stdout
    assert "known difference not seen: R16 (nothing it covers failed)" in some.stdout
    assert ", 1 failed, 1 known, " in some.stdout.splitlines()[-2]
    by_rule = tmp_path / "by-rule.txt"
    by_rule.write_text("R11\n", "utf-8")
    every = _check(node, engine, "--known", by_rule, *select)
    assert every.returncode == 0, every.stdout
    assert ", 0 failed, 2 known, " in every.stdout.splitlines()[-1]
    assert "(declared: R11)" in every.stdout
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("no-such-vector\n", "utf-8")
    refused = _check(node, engine, "--known", wrong, *select)
    assert refused.returncode == 2
    assert "no vector has the id no-such-vector" in refused.stderr


def test_both_checkers_want_illegal_for_a_refused_action(node: str) -> None:
    """Every action the vectors ask to be refused has the wire's form, so an engine answers
    ``illegal``: one that answers ``format`` fails both checkers (docs/engine-protocol.md)."""
    engine = f"{sys.executable} {BROKEN} none --illegal-as-format"
    js = _check(node, engine, "--select", "01-one-hand-three-seats", "--no-perft")
    assert js.returncode == 1, js.stdout + js.stderr
    assert 'must be refused as illegal (R5), the engine answered {"ok":false,"error":"format"}' in (
        js.stdout
    )
    command = [sys.executable, "-m", "golfo.conformance", "run", "--engine", engine]
    python = subprocess.run(
        [*command, "--games", "0", "--select", "01-one-hand-three-seats"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert python.returncode == 1, python.stdout + python.stderr
    assert "DIVERGENCE in 01-one-hand-three-seats at step 0: refuses " in python.stdout
    assert '  engine: {"ok": false, "error": "format"}' in python.stdout


# ---------------------------------------------------------------------------
# the implementer's guide: its examples run, its command lines are the tools' own

GUIDE = ROOT / "docs" / "guides" / "conformance.md"


def _guide_commands() -> list[list[str]]:
    """Every command line of the guide that runs a checker: the lines of its ``console``
    blocks, and its inline code that starts like one and gives options (``golfo conformance
    run`` alone names the command in a sentence)."""
    text = GUIDE.read_text(encoding="utf-8")
    lines = [
        line
        for block in re.findall(r"```console\n(.*?)```", text, re.S)
        for line in block.splitlines()
    ]
    inline = r"`((?:golfo conformance|node conformance/check\.mjs) [^`]*--[^`]*)`"
    lines += re.findall(inline, text)
    return [shlex.split(line) for line in lines if line.strip()]


def test_the_guides_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the guide reads conformance/ by a relative path
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    outcome = doctest.testfile(str(GUIDE), module_relative=False, optionflags=flags)
    assert outcome.attempted > 10
    assert outcome.failed == 0


def test_the_guides_command_lines_are_the_tools_own() -> None:
    from golfo.conformance.command import _parser

    commands = _guide_commands()
    checker = set(re.findall(r'a === "(--[a-z-]+)"', CHECKER.read_text(encoding="utf-8")))
    assert {"--engine", "--select", "--views", "--words", "--known", "--max-failures"} <= checker
    seen: dict[str, set[str]] = {"node": set(), "run": set(), "perft": set()}
    for words in commands:
        given = {w for w in words if w.startswith("--")}
        if words[:2] == ["node", "conformance/check.mjs"]:
            assert given <= checker, words
            seen["node"] |= given
            continue
        assert words[:2] == ["golfo", "conformance"], words
        try:
            _parser().parse_args(words[2:])  # argparse exits on an unknown option
        except SystemExit:  # pragma: no cover - the assertion names the command
            pytest.fail(f"not a command golfo accepts: {' '.join(words)}")
        seen.setdefault(words[2], set()).update(given)
    wanted = {"--select", "--out", "--report", "--junit", "--known", "--games", "--words"}
    assert wanted <= seen["run"]
    assert any(w[3:] and "--games" in w and w[w.index("--games") + 1] == "0" for w in commands)
    assert {"--views", "--words", "--known", "--select"} <= seen["node"]
    assert "--engine" in seen["perft"]
