"""A run's reports for machines: ``--report FILE`` (JSON: :func:`report_data`) and ``--junit
FILE`` (JUnit XML for CI systems: :func:`junit_xml`), both made from a
:class:`golfo.conformance.runner.Runner`'s outcomes."""

from __future__ import annotations

import fnmatch
import re
import xml.etree.ElementTree as ET
from typing import Any, Final

from golfo import __version__
from golfo.conformance.findings import KINDS, Outcome
from golfo.conformance.runner import Runner

__all__ = ["REPORT_FORMAT", "junit_xml", "not_seen", "report_data"]

REPORT_FORMAT: Final = "golfo-conformance-report/1"
"""The ``format`` of a JSON report."""

_SUITES: Final = {"vector": "vectors", "negative": "negative vectors", "corpus": "corpus",
                  "random": "random games"}  # fmt: skip
_RULE: Final = re.compile(r"R\d+")


def not_seen(runner: Runner) -> list[str]:
    """The known differences declared that covered no divergence of the run: a rule no
    divergence named, or ids whose games all agreed (take them out of the file)."""
    used = {o.known for o in runner.outcomes if o.known is not None}
    out = []
    for entry in runner.known.entries:
        if entry in used:
            continue
        if _RULE.fullmatch(entry.upper()):
            out.append(entry)
        elif any(
            o.game.id == entry or fnmatch.fnmatchcase(o.game.id, entry) for o in runner.outcomes
        ):
            out.append(entry)  # played, and agreed
    return out


def report_data(
    runner: Runner,
    *,
    suite: dict[str, Any],
    options: dict[str, Any],
    seconds: float,
    failure: str | None = None,
) -> dict[str, Any]:
    """The JSON report of a run: golfo's version, the suite's (:func:`suite_info`), the
    engine's hello, the options, whether views and their words were compared, every game
    played (id, rules, tags, ``pass``/``fail``/``known``, its first divergence), the games
    left out and why, the known differences not seen, the counts and the summary line."""
    outcomes = runner.outcomes
    views, views_how = runner.views_compared
    words, words_how = runner.words_compared
    info = {k: v for k, v in runner.engine.info.items() if k != "ok"}
    return {
        "format": REPORT_FORMAT,
        "golfo": __version__,
        "suite": suite,
        "engine": {"command": runner.engine.command, **info},
        "options": options,
        "views": {"compared": views, "how": views_how},
        "words": {"compared": words, "how": words_how},
        "games": [o.data() for o in outcomes],
        "left_out": [
            {"id": game.id, "kind": game.kind, "rules": list(game.rules), "why": why}
            for game, why in runner.left_out
        ],
        "known_not_seen": not_seen(runner),
        "counts": _counts(outcomes, len(runner.left_out)),
        "engine_failure": failure,
        "summary": runner.summary(),
        "seconds": round(seconds, 3),
    }


def _counts(outcomes: list[Outcome], left_out: int) -> dict[str, int]:
    status = [o.status for o in outcomes]
    return {
        "played": len(outcomes),
        "agreed": status.count("pass"),
        "diverged": status.count("fail") + status.count("known"),
        "failed": status.count("fail"),
        "known": status.count("known"),
        "words_differ": sum(1 for o in outcomes if o.words is not None),
        "left_out": left_out,
        "steps_agreed": sum(o.steps for o in outcomes),
    }


def junit_xml(runner: Runner, *, seconds: float, failure: str | None = None) -> str:
    """The run as JUnit XML: a ``testsuite`` per part (vectors, negative vectors, corpus,
    random games), a ``testcase`` per game; a divergence is a ``failure`` (its report as the
    text), a difference of words only a ``failure`` of type ``words``, a known difference
    or a game left out ``skipped``; the engine failing is an ``error`` of the game it
    failed in."""
    root = ET.Element("testsuites", name="golfo conformance", time=f"{seconds:.3f}")
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    for kind in KINDS:
        games = [o for o in runner.outcomes if o.game.kind == kind]
        left = [(g, why) for g, why in runner.left_out if g.kind == kind]
        if not games and not left:
            continue
        suite = ET.SubElement(root, "testsuite", name=_SUITES[kind])
        counts = dict.fromkeys(totals, 0)
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", name="golfo", value=__version__)
        ET.SubElement(properties, "property", name="engine", value=runner.engine.command)
        for outcome in games:
            case = ET.SubElement(
                suite,
                "testcase",
                name=outcome.game.id,
                classname=f"golfo.conformance.{kind}",
                time=f"{outcome.seconds:.3f}",
            )
            counts["tests"] += 1
            found = outcome.divergence
            if found is not None and outcome.known is not None:
                ET.SubElement(case, "skipped", message=f"known difference ({outcome.known}): "
                              f"{found.field} at step {found.step}")  # fmt: skip
                counts["skipped"] += 1
            elif found is not None and found.field == "engine":
                error = ET.SubElement(case, "error", message=str(found.theirs), type="engine")
                error.text = found.report()
                counts["errors"] += 1
            elif found is not None:
                fail = ET.SubElement(
                    case,
                    "failure",
                    message=f"{found.field} at step {found.step}",
                    type="divergence",
                )
                fail.text = found.report()
                counts["failures"] += 1
            elif outcome.words is not None:
                gap = outcome.words
                fail = ET.SubElement(
                    case, "failure", message=f"words: {gap.field} at step {gap.step}", type="words"
                )
                fail.text = f"golfo:  {gap.ours!r}\nengine: {gap.theirs!r}"
                counts["failures"] += 1
        for game, why in left:
            case = ET.SubElement(
                suite, "testcase", name=game.id, classname=f"golfo.conformance.{kind}", time="0"
            )
            ET.SubElement(case, "skipped", message=f"left out: {why}")
            counts["tests"] += 1
            counts["skipped"] += 1
        for key, value in counts.items():
            suite.set(key, str(value))
            totals[key] += value
        suite.set("time", f"{sum(o.seconds for o in games):.3f}")
    if failure is not None and not any(
        o.divergence is not None and o.divergence.field == "engine" for o in runner.outcomes
    ):
        suite = ET.SubElement(root, "testsuite", name="engine", tests="1", errors="1",
                              failures="0", skipped="0", time="0")  # fmt: skip
        case = ET.SubElement(suite, "testcase", name="engine", classname="golfo.conformance")
        ET.SubElement(case, "error", message=failure, type="engine")
        totals["tests"] += 1
        totals["errors"] += 1
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"
