"""No import cycles in the ``stud`` package.

Every module's ``import``/``from`` statements are read with ``ast``: those at module level
(inside ``if``/``try`` too) and those under ``if TYPE_CHECKING:``; imports inside functions
(deliberately lazy) are not counted.  ``from a.b import c`` is an edge to the module
``a.b.c`` when there is one, else to ``a.b``; the implicit import of a parent package is
not an edge (a package's ``__init__`` re-exporting its modules is no cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import stud

PACKAGE = Path(stud.__file__).resolve().parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _import_nodes(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """Imports run when the module loads or type-checks (not those inside functions)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            found += _import_nodes(node.body) + _import_nodes(node.orelse)
        elif isinstance(node, ast.Try):
            found += _import_nodes(node.body) + _import_nodes(node.orelse)
            found += _import_nodes(node.finalbody)
            for handler in node.handlers:
                found += _import_nodes(handler.body)
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    target = alias.name
                    while target and target not in modules:
                        target = target.rpartition(".")[0]
                    if target:
                        edges.add(target)
                continue
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    edges.add(f"{base}.{alias.name}")
                elif base in modules:
                    edges.add(base)
        edges.discard(name)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as ``[a, b, ..., a]``, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_stud_package_has_no_import_cycle() -> None:
    graph = import_graph(_modules())
    assert "stud.engine.hand" in graph and "stud.engine.history" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_history_does_not_import_the_hand() -> None:
    graph = import_graph(_modules())
    assert "stud.engine.hand" not in graph["stud.engine.history"]
    assert "stud.engine.history" in graph["stud.engine.hand"]


def test_the_detector_sees_cycles_through_type_checking_blocks(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.b import thing\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n"
        "def lazy():\n    import pkg.c\n"
    )
    (pkg / "c.py").write_text("from . import a\n")
    modules = {
        "pkg": pkg / "__init__.py",
        "pkg.a": pkg / "a.py",
        "pkg.b": pkg / "b.py",
        "pkg.c": pkg / "c.py",
    }
    graph = import_graph(modules)
    assert graph["pkg.b"] == {"pkg.a"}  # the lazy import inside a function is not counted
    assert graph["pkg.c"] == {"pkg.a"}  # a relative import
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]
    (pkg / "b.py").write_text("thing = 1\n")
    assert find_cycle(import_graph(modules)) is None
