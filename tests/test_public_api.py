"""The public API keeps its types: every name ``solver`` exports is also imported for type
checkers, so that ``from solver import solve`` is a typed function for mypy and editors, not
``Any`` (the names load lazily at run time)."""

from __future__ import annotations

import ast

import pytest

import solver

from .conftest import ROOT


def _typed_imports() -> dict[str, str]:
    """name -> home module of the imports under ``if TYPE_CHECKING:`` in solver/__init__.py."""
    tree = ast.parse((ROOT / "solver" / "__init__.py").read_text())
    block = next(node for node in tree.body if isinstance(node, ast.If) and getattr(node.test, "id", "") ==
                 "TYPE_CHECKING")
    return {alias.name: str(node.module) for node in block.body if isinstance(node, ast.ImportFrom)
            for alias in node.names}


def test_every_exported_name_is_imported_for_type_checkers_from_its_home():
    assert _typed_imports() == solver._EXPORTS


def test_the_variants_players_and_fair_deals_are_exported():
    from solver.fair import FairDeck
    from solver.variants import find_variant
    assert solver.find_variant is find_variant and solver.FairDeck is FairDeck
    assert {"Variant", "Player", "PLAYERS", "make_player", "play_match", "check_record"} <= set(solver.__all__)


@pytest.mark.slow
def test_mypy_sees_the_public_names_types(tmp_path):
    api = pytest.importorskip("mypy.api")
    names = ("solve", "find_variant", "settle", "FairDeck", "evaluate_hand", "review", "Declaration")
    code = "from solver import " + ", ".join(names) + "\n" + "".join(f"reveal_type({n})\n" for n in names)
    (tmp_path / "mypy.ini").write_text("[mypy]\nignore_missing_imports = True\n")      # (not the project's files)
    (tmp_path / "use.py").write_text(code)
    out, _err, _rc = api.run(["--config-file", str(tmp_path / "mypy.ini"), "--cache-dir", str(tmp_path / "cache"),
                              str(tmp_path / "use.py")])
    revealed = [line.split("Revealed type is ", 1)[1] for line in out.splitlines() if "Revealed type is" in line]
    assert len(revealed) == len(names), (out[-2000:], _err[-2000:])
    for name, shown in zip(names, revealed):
        assert shown.strip('"') != "Any" and "solver" in shown or "def" in shown, (name, shown)
