"""The layout the developers' guide keeps: no import cycles among golfo's and golfo_native's
modules, and no module over about 800 lines.

Imports are read from the source (every ``import`` and ``from ... import``, at module level,
under ``TYPE_CHECKING`` and inside functions alike: a lazy import still ties two modules).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"golfo": ROOT / "src" / "golfo", "golfo_native": ROOT / "native/python/golfo_native"}
MOST_LINES = 820


def _modules() -> dict[str, Path]:
    out = {}
    for root in PACKAGES.values():
        for path in root.rglob("*.py"):
            parts = list(path.relative_to(root.parent).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of the others (an import of a name from a package counts as an
    import of the package, unless the name is a module of its own)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    target = alias.name
                    while target and target not in modules:
                        target = target.rpartition(".")[0]
                    if target:
                        deps.add(target)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    source = node.module or ""
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    folder = modules[source].parent if source in modules else None
                    # an extension module (golfo_native._core): its stub is in the source
                    compiled = folder is not None and (folder / f"{alias.name}.pyi").is_file()
                    if full in modules:
                        deps.add(full)
                    elif source in modules and not compiled:
                        deps.add(source)
        deps.discard(name)
        graph[name] = deps
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_lazy_and_type_checking_imports() -> None:
    graph = _graph(_modules())
    assert "golfo.server.postgres" in graph["golfo.server.databases"]  # inside a function
    assert "golfo_native._state" not in graph["golfo_native._errors"]
    assert "golfo.state" in graph["golfo.reducer"]


def test_no_import_cycles() -> None:
    assert _cycles(_graph(_modules())) == []


def test_no_module_over_800_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in _modules().values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}
