"""The games the runner reads from files: the conformance vectors, the negative vectors and
a generated corpus, each as a :class:`Game` (its id, rules and tags, its start, its actions);
and what identifies a folder of vectors in a report (:func:`suite_info`)."""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs

from golfo import __version__
from golfo.actions import Action
from golfo.conformance.findings import GameInfo, vector_rules
from golfo.reducer import apply, new_game
from golfo.state import State
from golfo.wire import action_from_data, rules_from_data

__all__ = ["VECTORS", "Game", "corpus_games", "folder_problem", "suite_info", "vector_games"]

_SHIPPED: Final = Path(__file__).resolve().parent / "vectors"  # in an installed wheel
VECTORS: Final = (
    _SHIPPED if _SHIPPED.is_dir() else Path(__file__).resolve().parents[3] / "conformance"
)
"""The conformance vectors: shipped inside the package, or a source checkout's
``conformance/`` (``--vectors`` points elsewhere)."""

NOT_AN_ENGINES_BUSINESS: Final = (
    "it checks a record's written results or expected values, which the engine protocol "
    "does not carry (a reader of records checks it: golfo.from_json)"
)
"""Why a negative vector whose bad step is not an action is left out of a run."""


@attrs.frozen
class Game:
    """One game read from a file, ready to play in lockstep."""

    info: GameInfo
    """Its id, name, rules and tags."""
    start: State
    """Where it starts (a negative vector: just before its bad action)."""
    actions: tuple[Action, ...] = ()
    """The actions to apply."""
    refused: tuple[tuple[Action, ...], ...] = ()
    """Per action, the actions to refuse before it (a vector's steps)."""
    refuse_at_end: tuple[Action, ...] = ()
    """Actions to refuse after the last one (a negative vector's bad action)."""
    left_out: str | None = None
    """Why no engine plays it (``None``: it is played)."""

    def steps(self) -> Iterator[tuple[Action, list[Action]]]:
        """(action, actions to refuse before it), in order."""
        for i, action in enumerate(self.actions):
            yield action, list(self.refused[i]) if i < len(self.refused) else []


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be a folder of vectors (``None``: it can)."""
    if not folder.exists():
        return f"{folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is a file, not a folder of vectors"
    if not any(folder.glob("[0-9]*.json")):
        return f"{folder} holds no vectors (files named NN-name.json)"
    return None


def vector_games(folder: Path) -> Iterator[Game]:
    """The vectors of ``folder``, then its negative vectors (``negative/``), in name order."""
    for path in sorted(folder.glob("[0-9]*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        rules = rules_from_data(data["rules"])
        start = new_game(
            rules, players=data["players"], dealer=data["dealer"], stacks=data["stacks"]
        )
        steps = data.get("steps", [])
        refused = tuple(
            tuple(action_from_data(r["action"]) for r in step.get("refused", [])) for step in steps
        )
        info = GameInfo(
            path.stem,
            path.stem,
            vector_rules(data.get("description", "")),
            _tags("vector", rules.is_variant, data),
        )
        actions = tuple(action_from_data(a, players=start.players) for a in data["actions"])
        yield Game(info, start, actions, refused)
    for path in sorted(folder.glob("negative/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        record, error = data["record"], data["error"]
        rules = rules_from_data(record["rules"])
        named = vector_rules(data.get("description", ""))
        if error.get("rule"):
            named = tuple(dict.fromkeys((error["rule"], *named)))
        info = GameInfo(
            f"negative/{path.stem}",
            f"negative/{path.stem}",
            named,
            _tags("negative", rules.is_variant, data),
        )
        start = new_game(
            rules, players=record["players"], dealer=record["dealer"], stacks=record["stacks"]
        )
        if not error["at"].startswith("actions["):
            yield Game(info, start, left_out=NOT_AN_ENGINES_BUSINESS)
            continue
        bad = [action_from_data(a) for a in record["actions"]]
        for action in bad[:-1]:
            start = apply(start, action)
        yield Game(info, start, refuse_at_end=tuple(bad[-1:]))


def corpus_games(path: Path) -> Iterator[Game]:
    """Every game of a generated corpus (``golfo conformance generate``)."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            game = json.loads(line)
            rules = rules_from_data(game["rules"])
            start = new_game(
                rules, players=game["players"], dealer=game["dealer"], stacks=game["stacks"]
            )
            k = game["game"]
            info = GameInfo(
                f"corpus/{k}", f"corpus game {k}", (), _tags("corpus", rules.is_variant, {})
            )
            actions = tuple(action_from_data(s["action"]) for s in game["steps"])
            yield Game(info, start, actions)


def _tags(kind: str, variant: bool, data: dict[str, Any]) -> tuple[str, ...]:
    extra = data.get("tags", [])
    listed = tuple(t for t in extra if isinstance(t, str)) if isinstance(extra, list) else ()
    return tuple(dict.fromkeys((kind, *(("variant",) if variant else ()), *listed)))


def suite_info(folder: Path) -> dict[str, Any]:
    """What identifies a folder of vectors in a report: the folder, its number of vectors
    and negative vectors, and a SHA-256 of their names and bytes (the same files give the
    same digest anywhere); with golfo's version, whose shipped vectors they may be, and the
    suite's name and version from its ``manifest.json`` (``None`` without one)."""
    files = sorted(folder.glob("[0-9]*.json")) + sorted(folder.glob("negative/*.json"))
    suite = version = None
    manifest = folder / "manifest.json"
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        if isinstance(data, dict):
            suite, version = data.get("suite"), data.get("version")
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return {
        "folder": str(folder),
        "suite": suite,
        "version": version,
        "shipped_with": __version__ if folder.resolve() == VECTORS.resolve() else None,
        "vectors": sum(1 for p in files if p.parent == folder),
        "negative": sum(1 for p in files if p.parent != folder),
        "sha256": digest.hexdigest(),
    }
