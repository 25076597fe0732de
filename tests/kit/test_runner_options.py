"""The runner's options for implementers and their CI (issue 37): ``--select``, ``--report``,
``--junit``, ``--out``, ``--known``, ``--words``; the summary's counts; the refusal of a
``--vectors`` that holds no vectors; what a divergence says.  Every run is a real
``golfo conformance run`` against a real engine process (golfo's own, or a broken one)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import golfo
from golfo.conformance.findings import vector_rules
from golfo.conformance.protocol import observation
from golfo.conformance.runner import first_difference

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "conformance"
BROKEN = Path(__file__).with_name("broken_engine.py")
PY = sys.executable
GOLFO = f"{PY} -m golfo.conformance engine"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "golfo.conformance", "run", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
    )


def broken(bug: str, *flags: str) -> str:
    return " ".join([PY, str(BROKEN), bug, *flags])


def counts(summary: str) -> tuple[int, int, int]:
    """Games played, agreed and diverged, as the summary says them."""
    match = re.search(r"([\d,]+) games played, ([\d,]+) agreed, ([\d,]+) diverged", summary)
    assert match, summary
    played, agreed, diverged = (int(g.replace(",", "")) for g in match.groups())
    return played, agreed, diverged


def report_of(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def described_rules() -> dict[str, tuple[str, ...]]:
    """Each vector's rules, read from its description here (not by the runner)."""
    out = {}
    for path in sorted(VECTORS.glob("[0-9]*.json")):
        head = json.loads(path.read_text(encoding="utf-8"))["description"].split(":")[0]
        out[path.stem] = tuple(f"R{n}" for n in re.findall(r"R(\d+)", head))
    return out


def test_select_by_id_rule_and_tag(tmp_path: Path) -> None:
    rules = described_rules()
    with_r16 = sorted(name for name, named in rules.items() if "R16" in named)
    assert 0 < len(with_r16) < len(rules)
    asked = {
        "06-side-pots": ["06-side-pots"],
        "R16": with_r16,
        "1*,negative/0[12]*": [
            *sorted(n for n in rules if n.startswith("1")),
            "negative/01-bet-above-table-stakes",
            "negative/02-raise-nobody-can-answer",
        ],
        "random": ["random/0", "random/1"],
        "random/1": ["random/1"],
        "corpus/1,corpus/3": ["corpus/1", "corpus/3"],
    }
    for select, wanted in asked.items():
        report = tmp_path / "report.json"
        done = run(
            "--engine", GOLFO, "--select", select, "--games", "2", "--report", str(report),
            "--corpus", str(VECTORS / "corpus.jsonl.gz"),
        )  # fmt: skip
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        data = report_of(report)
        assert [g["id"] for g in data["games"]] == wanted, select
        assert counts(done.stdout.splitlines()[-1])[0] == len(wanted)
    # a rule is matched by the vector's rules only, not by a word of its description
    assert vector_rules("R11 and the hand values: the winner's R9 points") == ("R11",)


def test_select_negative_lists_the_vectors_the_protocol_cannot_check(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    done = run("--engine", GOLFO, "--select", "negative", "--games", "0", "--report", str(report))
    assert done.returncode == 0, done.stdout[-2000:]
    data = report_of(report)
    negatives = sorted(p.stem for p in (VECTORS / "negative").glob("*.json"))
    on_actions = [
        p.stem
        for p in sorted((VECTORS / "negative").glob("*.json"))
        if json.loads(p.read_text(encoding="utf-8"))["error"]["at"].startswith("actions[")
    ]
    assert [g["id"] for g in data["games"]] == [f"negative/{n}" for n in on_actions]
    left = [x["id"] for x in data["left_out"]]
    assert left == [f"negative/{n}" for n in negatives if n not in on_actions]
    assert left
    assert all("engine protocol does not carry" in x["why"] for x in data["left_out"])
    assert all(f"left out: {name}" in done.stdout for name in left)


def test_a_select_that_matches_nothing_is_refused() -> None:
    for select in ("R99", "no-such-vector", "negative/99-*"):
        done = run("--engine", GOLFO, "--select", select)
        assert done.returncode == 2, select
        assert f"--select {select}: no vector id" in done.stderr


def test_vectors_that_are_no_folder_of_vectors_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    a_file = VECTORS / "06-side-pots.json"
    for folder, why in [
        (a_file, "is a file, not a folder of vectors"),
        (empty, "holds no vectors (files named NN-name.json)"),
        (tmp_path / "nowhere", "does not exist"),
    ]:
        done = run("--engine", GOLFO, "--vectors", str(folder))
        assert done.returncode == 2
        assert f"--vectors: {folder} {why}" in done.stderr
        assert "divergence" not in done.stdout


def test_the_json_report_and_the_junit_xml(tmp_path: Path) -> None:
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    done = run(
        "--engine", broken("ties-farthest-from-mano"),
        "--select", "08-tie-goes-nearest-mano,03-deal-in-pairs,negative/05*,random",
        "--games", "6", "--report", str(report), "--junit", str(junit),
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-2000:]
    data = report_of(report)
    assert data["format"] == "golfo-conformance-report/1"
    assert data["golfo"] == golfo.__version__
    suite = data["suite"]
    assert suite["vectors"] == len(list(VECTORS.glob("[0-9]*.json")))
    assert suite["negative"] == len(list(VECTORS.glob("negative/*.json")))
    assert re.fullmatch(r"[0-9a-f]{64}", suite["sha256"])
    manifest = json.loads((VECTORS / "manifest.json").read_text(encoding="utf-8"))
    assert (
        (suite["suite"], suite["version"])
        == (manifest["suite"], manifest["version"])
        == (
            "golfo-conformance",
            3,
        )
    )
    assert data["engine"]["protocol"] == "golfo-engine/1"
    games = {g["id"]: g for g in data["games"]}
    tie = games["08-tie-goes-nearest-mano"]
    assert tie["status"] == "fail"
    assert tie["rules"] == ["R11"]
    assert tie["divergence"]["field"].startswith("results[0].pots[0].winner")
    assert tie["divergence"]["golfo"] != tie["divergence"]["engine"]
    assert "R11" in tie["divergence"]["rules"]
    statuses = [g["status"] for g in data["games"]]
    assert data["counts"]["played"] == len(statuses) == 2 + 1 + 6
    assert data["counts"]["failed"] == statuses.count("fail") >= 1
    assert data["counts"]["agreed"] == statuses.count("pass")
    assert data["summary"] == done.stdout.strip().splitlines()[-1].rsplit(" (", 1)[0]
    for game in data["games"]:  # a divergence exactly where it failed
        assert (game["divergence"] is None) == (game["status"] == "pass"), game["id"]

    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert set(suites) == {"vectors", "negative vectors", "random games"}
    cases = [c for s in suites.values() for c in s.findall("testcase")]
    assert {c.get("name") for c in cases} == set(games)
    failed = {c.get("name") for c in cases if c.find("failure") is not None}
    assert failed == {g for g, x in games.items() if x["status"] == "fail"}
    failure = next(c for c in cases if c.get("name") == tie["id"]).find("failure")
    assert failure is not None
    assert failure.get("type") == "divergence"
    assert str(failure.get("message")).startswith("results[0].pots[0].winner at step ")
    assert "DIVERGENCE in 08-tie-goes-nearest-mano" in str(failure.text)
    for suite_element in suites.values():
        listed = suite_element.findall("testcase")
        assert suite_element.get("tests") == str(len(listed))
        assert suite_element.get("failures") == str(
            sum(1 for c in listed if c.find("failure") is not None)
        )
    assert root.get("tests") == str(len(cases))
    assert root.get("failures") == str(len(failed))


def test_divergence_records_are_written_only_with_out(tmp_path: Path) -> None:
    here, there = tmp_path / "cwd", tmp_path / "records"
    here.mkdir()
    engine = broken("rotation-skips-a-seat")
    quiet = run("--engine", engine, "--select", "random", "--games", "6", cwd=here)
    assert quiet.returncode == 1
    assert list(here.iterdir()) == []
    assert "not written (--out DIR writes it)" in quiet.stdout
    kept = run("--engine", engine, "--select", "random", "--games", "6", "--out", str(there))
    diverged = counts(kept.stdout.splitlines()[-1])[2]
    written = sorted(there.glob("divergence-*.json"))
    assert len(written) == diverged > 0
    assert list(here.iterdir()) == []
    for path in written:
        assert str(path) in kept.stdout
        golfo.from_json(path.read_text(encoding="utf-8"))  # a record that replays


def test_the_summary_counts_games_played_and_diverged_apart() -> None:
    done = run("--engine", broken("rotation-skips-a-seat"), "--select", "random", "--games", "12")
    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    played, agreed, diverged = counts(lines[-1])
    named = sum(1 for line in lines if line.startswith("DIVERGENCE in random game"))
    assert played == 12
    assert diverged == named > 0
    assert agreed == played - diverged > 0
    assert "views compared every 7 steps" in lines[-1]
    assert "their words not: not asked for (--words)" in lines[-1]


def test_the_summary_says_when_views_were_not_compared() -> None:
    engine = broken("face-down-discard-shown", "--no-views")
    done = run("--engine", engine, "--select", "07-stock-runs-short,random", "--games", "8")
    assert done.returncode == 0, done.stdout[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert 'views not compared: the engine does not announce "views" in its hello' in summary
    assert counts(summary) == (9, 9, 0)


def test_a_divergence_names_the_rules_and_shows_the_state() -> None:
    done = run(
        "--engine", broken("ties-farthest-from-mano"), "--select", "08-tie-goes-nearest-mano"
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    head = lines.index(next(x for x in lines if x.startswith("DIVERGENCE")))
    # stacks differ too, but the result's pot says why: the results come first
    assert lines[head].endswith(": results[0].pots[0].winner")
    assert lines[head + 3] == "  rules:  R6 R8 R11; the vector exercises R11"
    state = lines[head + 4]
    assert state.startswith("  state:  end, nobody acts; pot 0, bets [0, 0, 0], stacks [")
    vector = json.loads((VECTORS / "08-tie-goes-nearest-mano.json").read_text(encoding="utf-8"))
    for seat, cards in enumerate(vector["results"][0]["shown"]):
        assert f"{seat}: {' '.join(cards)}" in state  # every hand, as golfo holds it
    refused = run("--engine", broken("raise-nobody-can-answer"), "--max-divergences", "1")
    line = next(x for x in refused.stdout.splitlines() if x.startswith("  rules:  "))
    assert line.startswith("  rules:  R5 R8 R9"), line  # moves.raise: R5, R8, R9


def test_shown_hands_compare_as_sets() -> None:
    text = (VECTORS / "06-side-pots.json").read_text(encoding="utf-8")
    ours = observation(golfo.from_json(text))
    theirs = json.loads(json.dumps(ours))
    for result in theirs["results"]:
        result["shown"] = [None if h is None else h[::-1] for h in result["shown"]]
    assert theirs != ours  # the order differs
    assert first_difference(ours, theirs) is None  # the sets do not
    theirs["results"][0]["shown"][0][0] = "3O"  # another card: a difference, by path
    found = first_difference(ours, theirs)
    assert found is not None
    assert found[0] == "results[0].shown[0]"
    done = run("--engine", broken("shown-in-another-order"), "--games", "4")
    assert done.returncode == 0, done.stdout[-2000:]


def test_known_differences_are_reported_apart(tmp_path: Path) -> None:
    known = tmp_path / "known.txt"
    engine = broken("ties-farthest-from-mano")
    select = "08-tie-goes-nearest-mano,03-deal-in-pairs"
    for entry in ("08-tie-goes-nearest-mano", "r11"):
        known.write_text(f"# deliberately\n{entry}  # ties to the farthest\n03-deal-in-pairs\n")
        report = tmp_path / "report.json"
        junit = tmp_path / "junit.xml"
        done = run(
            "--engine", engine, "--select", select, "--known", str(known),
            "--report", str(report), "--junit", str(junit), "--games", "0",
        )  # fmt: skip
        assert done.returncode == 0, done.stdout[-2000:]
        assert "KNOWN DIFFERENCE in 08-tie-goes-nearest-mano at step " in done.stdout
        assert f"(declared: {entry})" in done.stdout
        assert "DIVERGENCE" not in done.stdout
        assert "known difference not seen: 03-deal-in-pairs" in done.stdout
        summary = done.stdout.strip().splitlines()[-1]
        assert counts(summary) == (2, 1, 1)
        assert "(1 of them known differences)" in summary
        data = report_of(report)
        assert [g["status"] for g in data["games"]] == ["pass", "known"]
        assert data["games"][1]["known"] == entry
        assert data["known_not_seen"] == ["03-deal-in-pairs"]
        skipped = ET.parse(junit).getroot().find(".//testcase[@name='08-tie-goes-nearest-mano']")
        assert skipped is not None
        assert skipped.find("skipped") is not None
        assert skipped.find("failure") is None
    without = run("--engine", engine, "--select", select, "--games", "0")
    assert without.returncode == 1  # the same run without the file fails
    known.write_text("99-no-such-vector\n")
    assert (
        "no vector has the id 99-no-such-vector"
        in run("--engine", engine, "--known", str(known)).stderr
    )


def test_views_words_are_a_level_apart(tmp_path: Path) -> None:
    engine = broken("other-words")
    facts = run("--engine", engine, "--select", "01-one-hand-three-seats,random", "--games", "4")
    assert facts.returncode == 0, facts.stdout[-2000:]
    assert "their words not: not asked for (--words)" in facts.stdout
    report = tmp_path / "report.json"
    words = run(
        "--engine", engine, "--select", "01-one-hand-three-seats,random", "--games", "4",
        "--words", "--report", str(report),
    )  # fmt: skip
    assert words.returncode == 1
    summary = words.stdout.strip().splitlines()[-1]
    assert counts(summary)[2] == 0  # no rule broken
    differ = int(re.search(r"their words too: (\d+) games? differ", summary).group(1))  # type: ignore[union-attr]
    assert differ > 0
    line = next(x for x in words.stdout.splitlines() if x.startswith("WORDS DIFFER"))
    assert line.endswith(".phase_name.en"), line
    assert '"the first round of bets"' in words.stdout
    data = report_of(report)
    assert data["counts"]["words_differ"] == differ
    assert all(g["status"] == "pass" for g in data["games"])
    clean = run("--engine", GOLFO, "--select", "01-one-hand-three-seats", "--words")
    assert clean.returncode == 0
    assert "their words too: 0 games differ" in clean.stdout
