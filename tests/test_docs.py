"""The documentation: the README is a user's page, the site's deal-record page is the shared
record (its copy in tests/reference), and the benchmark pages name files that exist (the site itself is built with
``mkdocs build --strict`` in CI, where a broken link or a bad docstring fails the build)."""

from __future__ import annotations

import importlib.util
import re

from .conftest import REF, ROOT


def test_the_readme_is_a_users_page():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    # exactly two set-up commands: one runs the main job on a file shipped in data/, one the tests
    blocks = re.findall(r"```sh\n(.*?)```", text.split("## Set-up", 1)[1].split("\n## ", 1)[0], re.S)
    assert len(blocks) == 2 and "data/" in blocks[0] and "pytest" in blocks[1]
    for link in re.findall(r"\]\(([^)#]+)\)", text):                  # every local link points at a file
        if not link.startswith("http"):
            assert (ROOT / link).exists(), link


def test_the_deal_record_page_is_the_shared_record():
    """The page is the shared record as it stands, and then the keys this project adds (the fair
    deals of a table of people)."""
    page = (ROOT / "docs" / "reference" / "deal-record.md").read_text(encoding="utf-8")
    assert page.startswith((REF / "deal-json.md").read_text(encoding="utf-8"))
    assert "## Fair deals" in page


def test_the_benchmark_pages_name_existing_results_and_their_commands():
    spec = importlib.util.spec_from_file_location("bench_hook", ROOT / "docs" / "hooks" / "benchmarks.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    for _what, name, command in hook.CURRENT:
        assert (hook.RESULTS / name).exists(), name
        script = command.split()[1]
        assert (ROOT / script).exists(), script
    assert hook.commands_in("# 2026: python benchmarks/bench_bid.py speed --hands 50; other text") == \
        ["python benchmarks/bench_bid.py speed --hands 50"]
