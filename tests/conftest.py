"""Shared fixtures: the reference data in ../shared/reference (required, as in CI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REF = ROOT.parent / "shared" / "reference"


def load_jsonl(name: str) -> list[dict]:
    path = REF / name
    if not path.exists():
        pytest.fail(f"reference file {path} is missing: the tests need ../shared/reference beside the project")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def strip_solved(rec: dict) -> dict:
    """A reference record without its expected values."""
    return {k: v for k, v in rec.items() if not k.startswith("dd_") and k != "oracle_micros"}
