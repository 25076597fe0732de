"""The documentation site: it builds with ``mkdocs build --strict``, every public name has a
docstring (so the generated reference has no empty entry), and the rules in English and in
Spanish state the same rules.

The docstrings are read with griffe, as mkdocstrings reads them for the reference: an
attrs field documented by the string after it counts, as the reference shows it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import griffe
import pytest

import golfo

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MODULES = (
    "golfo",
    "golfo.wire",
    "golfo.notation",
    "golfo.records",
    "golfo.analysis",
    "golfo.analysis.knowledge",
    "golfo.analysis.odds",
    "golfo.analysis.world",
    "golfo.analysis.draws",
    "golfo.analysis.determinize",
    "golfo.analysis.counting",
    "golfo.bots",
    "golfo.bots.base",
    "golfo.bots.simple",
    "golfo.bots.equity",
    "golfo.bots.range",
    "golfo.bots.strong",
    "golfo.bots.net",
    "golfo.bots.net.features",
    "golfo.bots.net.network",
    "golfo.bots.net.training",
    "golfo.tournament",
    "golfo.selfplay",
    "golfo.parallel",
    "golfo.ext.codec",
    "golfo.ext.features",
    "golfo.ext.dataset",
    "golfo.ext.pettingzoo",
    "golfo.ext.openspiel",
    "golfo.ext.gymnasium",
    "golfo.solve",
    "golfo.solve.tree",
    "golfo.solve.policy",
    "golfo.solve.measure",
    "golfo.solve.cfr",
    "golfo.server",
    "golfo.server.storage",
    "golfo.server.store",
    "golfo.server.bounds",
    "golfo.server.postgres",
    "golfo.server.protocol",
    "golfo.server.client",
    "golfo.conformance.protocol",
    "golfo.conformance.runner",
    "golfo.conformance.engine",
    "golfo.conformance.findings",
    "golfo.conformance.suite",
    "golfo.conformance.report",
    "golfo.conformance.perft",
    "golfo.conformance.corpus",
)
"""The modules whose public names the reference renders (docs/reference/)."""


def public_objects() -> Iterator[tuple[str, griffe.Object | griffe.Alias]]:
    """Every public name of :data:`MODULES` (their ``__all__``), with the public members of
    each class (methods, properties, fields), as the reference shows them."""
    package = griffe.load("golfo", search_paths=[str(ROOT / "src")], resolve_aliases=True)
    for dotted in MODULES:
        module = package[dotted.removeprefix("golfo.")] if dotted != "golfo" else package
        names = module.exports if module.exports is not None else list(module.members)
        for name in names:
            obj = module[str(name)]
            yield f"{dotted}.{name}", obj
            target = obj.final_target if isinstance(obj, griffe.Alias) else obj
            if isinstance(target, griffe.Class):
                for member_name, member in target.members.items():
                    if member_name.startswith("_") or member.is_alias:
                        continue
                    yield f"{dotted}.{name}.{member_name}", member


OBJECTS = dict(public_objects())


def test_the_reference_covers_the_public_names() -> None:
    assert "golfo.apply" in OBJECTS
    assert "golfo.LegalMoves.bets" in OBJECTS  # an attrs field
    assert "golfo.wire.to_data" in OBJECTS
    assert len(OBJECTS) > 300


def test_every_public_name_has_a_docstring() -> None:
    missing = []
    for name, obj in OBJECTS.items():
        target = obj.final_target if isinstance(obj, griffe.Alias) else obj
        docstring = target.docstring
        if docstring is None or not docstring.value.strip():
            missing.append(name)
    assert not missing, f"{len(missing)} public names have no docstring: {missing[:40]}"


def _rule_numbers(text: str) -> set[str]:
    return set(re.findall(r"\bR(?:1[0-8]|[1-9])\b", text))


def test_the_rules_in_english_and_in_spanish_are_in_step() -> None:
    english = (DOCS / "rules.md").read_text(encoding="utf-8")
    spanish = (DOCS / "reglas.md").read_text(encoding="utf-8")
    every_rule = {f"R{n}" for n in range(1, 19)}
    assert _rule_numbers(english) == every_rule
    assert _rule_numbers(spanish) == every_rule
    for n in range(1, 19):  # every rule has its own heading in both
        assert re.search(rf"^### R{n}\b", english, re.M), f"R{n} in rules.md"
        assert re.search(rf"^### R{n}\b", spanish, re.M), f"R{n} in reglas.md"
    for field in attrs.fields(golfo.Rules):
        name = f"`{field.alias}`"
        assert name in english, f"{name} in rules.md"
        assert name in spanish, f"{name} in reglas.md"
    for code in re.findall(r"^\| `([a-z_]+)`(?:, `[a-z_]+`)* \| R", english, re.M):
        assert f"`{code}`" in spanish, f"refusal code {code} in reglas.md"


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    reference = (tmp_path / "reference" / "golfo" / "index.html").read_text(encoding="utf-8")
    assert "golfo.legal_moves" in reference
    assert ":func:`" not in reference  # roles rendered as code, not raw
    assert "&gt;&gt;&gt; import golfo" not in reference.split("<pre")[0]  # doctests fenced
    for page in ("index", "guides/frontend/index", "reglas/index", "changelog/index"):
        path = tmp_path / f"{page}.html"
        assert path.is_file(), page


@pytest.mark.parametrize(
    ("text", "markdown"),
    [
        (":func:`golfo.apply` and :class:`~golfo.View`", "`golfo.apply` and `golfo.View`"),
        (">>> 1 + 1\n2\n\nafter", "```pycon\n>>> 1 + 1\n2\n```\n\nafter"),
    ],
)
def test_the_docstring_extension(text: str, markdown: str) -> None:
    sys.path.insert(0, str(DOCS))
    try:
        from _griffe_golfo import golfo_markdown  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(DOCS))
    assert golfo_markdown(text) == markdown
