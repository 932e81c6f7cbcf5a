"""The measurement patches of ``benchmarks/patches`` still apply to the kernel they instrument.

``benchmarks/bench_refutation_oracle.py`` patches a copy of the search to record and replay each
cut node's refuting move; a kernel change that breaks the patch should fail here, not months later
when someone reruns the benchmark.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("git") is None, reason="git applies the patch")
def test_the_refutation_oracle_patch_applies_to_the_kernel(tmp_path: Path) -> None:
    (tmp_path / "solver" / "search").mkdir(parents=True)
    shutil.copy(ROOT / "solver" / "search" / "kernel.py", tmp_path / "solver" / "search" / "kernel.py")
    patch = ROOT / "benchmarks" / "patches" / "refutation_oracle.patch"
    r = subprocess.run(["git", "apply", str(patch)], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    patched = (tmp_path / "solver" / "search" / "kernel.py").read_text()
    assert "refutation oracle" in patched
