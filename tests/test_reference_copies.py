"""The tests' reference data (tests/reference) is the project's shared reference data, byte for
byte: checked wherever the originals are beside the checkout (the developers' and CI's
workspace; a user's clone has only the copies, and needs nothing else)."""

from __future__ import annotations

import pytest

from .conftest import REF, ROOT, SHARED

ORIGINALS = {name: SHARED / "reference" / name for name in
             ("dd_full.jsonl", "dd_mid.jsonl", "dd_small.jsonl", "bench_deals.jsonl", "play_rules.jsonl",
              "iss_sample.sgf")} | {"deal-json.md": SHARED / "formats" / "deal-json.md"}


def test_the_rules_of_record_in_the_docs_are_the_originals():
    """docs/reference/rules.md is the rules of record (shared/rules/skat-rules.md), unchanged."""
    if not SHARED.exists():
        pytest.skip("no shared rules beside this checkout")
    assert (ROOT / "docs" / "reference" / "rules.md").read_bytes() == \
        (SHARED / "rules" / "skat-rules.md").read_bytes()


@pytest.mark.parametrize("name", sorted(ORIGINALS))
def test_the_copy_is_the_original(name):
    assert (REF / name).exists(), f"tests/reference/{name} is missing"
    original = ORIGINALS[name]
    if not SHARED.exists():
        pytest.skip("no shared reference data beside this checkout (a user's clone): the copy is what there is")
    assert (REF / name).read_bytes() == original.read_bytes(), f"tests/reference/{name} differs from {original}"


def test_every_original_has_its_copy():
    if not (SHARED / "reference").exists():
        pytest.skip("no shared reference data beside this checkout")
    names = {p.name for p in (SHARED / "reference").iterdir() if p.suffix in (".jsonl", ".sgf")}
    assert names <= set(ORIGINALS), f"not copied into tests/reference: {sorted(names - set(ORIGINALS))}"
