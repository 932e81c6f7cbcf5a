"""Layers that point one way: no import circle among the modules of ``solver/`` (every import
counts, also one inside a function or under TYPE_CHECKING), and ``solver/`` never imports the
command line or prints."""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import ROOT

SOLVER = ROOT / "solver"


def _modules() -> dict[str, Path]:
    mods = {}
    for p in SOLVER.rglob("*.py"):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = p
    return mods


def _imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of other solver modules (``from . import x`` names module x; a name
    that is not a module names its package)."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        package = m if p.name == "__init__.py" else m.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for a in node.names:
                    targets.append(f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base)
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph[m] |= {t for t in targets if t in mods and t != m}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_solver_has_no_import_circle():
    circles = _circles(_imports(_modules()))
    assert circles == [], "modules that import each other: " + "; ".join(" <-> ".join(c) for c in circles)


def test_solver_never_imports_the_command_line_or_prints():
    for m, p in _modules().items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and not node.level:
                assert (node.module or "").split(".")[0] not in ("cli", "click", "rich"), (m, node.module)
            if isinstance(node, ast.Import):
                assert not any(a.name.split(".")[0] in ("cli", "click", "rich") for a in node.names), m
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "print", f"{m} line {node.lineno} prints"
