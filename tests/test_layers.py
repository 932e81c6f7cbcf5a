"""Layers that point one way: every module of ``solver/`` has its place in a declared order of
layers and imports only from its own layer or those below (every import counts, also one inside
a function or under TYPE_CHECKING); no import circle; and ``solver/`` never imports the command
line or prints."""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import ROOT

SOLVER = ROOT / "solver"

#: The layers of ``solver/``, from the bottom: each module is named by its dotted path below
#: ``solver`` (a package's name places every module in it).  A module may import from its own
#: layer and those below, never from above.  The package's ``__init__`` (its public API) stands
#: above them all.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    # how the compiled functions are compiled (numba's njit, cached): no Skat in it
    ("compiling", ("search.jit",)),
    # the cards, the rules, the game in progress and the records of games
    ("cards and rules", ("cards", "games", "scoring", "house", "play", "state", "deal", "bidding",
                         "offiziersskat", "iss", "stats", "variations")),
    # the double-dummy search's compiled core
    ("the compiled search", ("search.layout", "search.moves", "search.transposition", "search.last_tricks",
                             "search.quick_tricks", "search.prepare", "search.kernel", "search.compile")),
    # the one process pool (it compiles the search before it forks its workers)
    ("the process pool", ("pool",)),
    # the search as Python calls it: positions, solves and their batch forms
    ("the search's API", ("search", "search.api", "search.offiziers")),
    # judging hands and worlds: heuristics, sampling, inference, the play, hand and card-play models, the
    # defenders' conventions
    ("judging hands", ("heuristics", "sampling", "inference", "policy", "conventions", "calibration", "shrinkage",
                       "settlement", "handmodel")),
    # the bid and declaration advice
    ("the advice", ("advice",)),
    # the computer players, the variants, the table and its fair deals, records of any variant
    ("players and variants", ("players", "variants", "fair", "match", "records", "challenge")),
    # the review of played deals
    ("the review", ("analysis",)),
    # bulk runs over data sets
    ("bulk", ("bulk",)),
    # a hint for a question at a table: the advice, or the review by what the person sees
    ("hints", ("hints",)),
]


def _modules(top: Path = SOLVER) -> dict[str, Path]:
    mods = {}
    for p in top.rglob("*.py"):
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


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of a module (``solver.search.kernel``), None for the package."""
    name = module.removeprefix("solver").removeprefix(".")
    if not name:
        return None
    best = None
    for i, (_, names) in enumerate(LAYERS):
        for n in names:
            if (name == n or name.startswith(n + ".")) and (best is None or len(n) > len(best[1])):
                best = (i, n)
    if best is None:
        raise AssertionError(f"{module} has no place in LAYERS (tests/test_layers.py): say which layer it is")
    return best[0]


def test_the_layer_finder_takes_the_longest_name():
    assert LAYERS[layer_of("solver.search.api")][0] == "the search's API"
    assert LAYERS[layer_of("solver.search.kernel")][0] == "the compiled search"
    assert LAYERS[layer_of("solver.players.best")][0] == "players and variants"
    assert layer_of("solver") is None


def test_every_import_points_down_the_declared_layers():
    graph = _imports(_modules())
    up = []
    for m, targets in sorted(graph.items()):
        lm = layer_of(m)
        if lm is None:
            continue
        for t in sorted(targets):
            lt = layer_of(t)
            if lt is not None and lt > lm:
                up.append(f"{m} ({LAYERS[lm][0]}) imports {t} ({LAYERS[lt][0]})")
    assert up == [], "imports that point up the layers:\n" + "\n".join(up)


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


def _top_imports(p: Path) -> set[str]:
    """The top-level packages a file imports (every import, also one inside a function)."""
    out = set()
    for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level:
            out.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
    return out


def test_the_web_app_and_the_commands_stand_side_by_side_over_the_library():
    """``web/`` and ``cli/`` both sit on ``solver/``: the web app never imports the commands, and
    of the commands only ``skat serve`` (its launcher) imports the web app."""
    web = {m: sorted(_top_imports(p) & {"cli"}) for m, p in _modules(ROOT / "web").items()}
    assert {m: v for m, v in web.items() if v} == {}
    cli = sorted(m for m, p in _modules(ROOT / "cli").items() if "web" in _top_imports(p))
    assert cli == ["cli.serve"]


def test_an_import_inside_a_function_says_why():
    """Imports belong at the top (one inside a function hides a layer), in ``solver/``, ``cli/``
    and ``web/``; the few that cannot be there (an optional dependency, a module whose import
    loads numba) say why on their line."""
    silent = []
    for p in [*_modules().values(), *_modules(ROOT / "cli").values(), *_modules(ROOT / "web").values()]:
        lines = p.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)) and "# (" not in lines[sub.lineno - 1]:
                        silent.append(f"{p.relative_to(ROOT)}:{sub.lineno}: {lines[sub.lineno - 1].strip()}")
    assert silent == [], "imports inside functions with no reason on their line:\n" + "\n".join(silent)
