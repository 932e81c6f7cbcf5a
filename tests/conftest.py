"""Shared fixtures: the reference data (the project's copy in tests/reference), free ports and
servers, the browser tests' Chromium, and a data folder of the run's own."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the reference data the tests meet exactly: the project's own copy (tests/reference/README.md)
REF = ROOT / "tests" / "reference"
#: the originals, beside the checkout where the project's workspace is (not in a user's clone)
SHARED = ROOT.parent / "shared"

#: Every test, and every process a test starts, keeps the user's data (the tables' store, the seats'
#: tokens) in a folder of its own that the run removes: never in the real home folder.
DATA_HOME = Path(tempfile.mkdtemp(prefix="skat-tests-data-"))
os.environ["XDG_DATA_HOME"] = str(DATA_HOME)
atexit.register(shutil.rmtree, DATA_HOME, True)


def load_jsonl(name: str) -> list[dict]:
    path = REF / name
    if not path.exists():
        pytest.fail(f"reference file {path} is missing (tests/reference/README.md lists them)")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def strip_solved(rec: dict) -> dict:
    """A reference record without its expected values."""
    return {k: v for k, v in rec.items() if not k.startswith("dd_") and k != "oracle_micros"}


#: The system's Chromium for the browser tests (Debian's package; nothing is downloaded), or None.
CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
#: A browser test module's marks (its ``pytestmark``): slow, and skipped without Chromium.
BROWSER_TESTS = [pytest.mark.slow,
                 pytest.mark.skipif(CHROMIUM is None, reason="no chromium (.ci/run installs Debian's chromium)")]


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for a module's browser tests (Playwright's Python package driving the
    system's Chromium)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The web app for a module's browser tests, one solving worker: its address."""
    proc, port = start_server("--workers", "1", log=tmp_path_factory.mktemp("server") / "server.log")
    yield f"http://127.0.0.1:{port}/"
    proc.terminate()
    proc.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(*args: str, log: Path, port: int | None = None) -> tuple[subprocess.Popen, int]:
    """``skat serve`` with ``args`` on ``port`` (else a free one), its messages in ``log`` (a pipe
    nobody reads would fill and stop the server); returns once it answers.  A server that ends
    first, or never answers, fails the test with its log."""
    port = port or free_port()
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", str(port), *args], cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL, stderr=out)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return proc, port
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(log.read_text()) from None
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not answer in time:\n{log.read_text()}")
