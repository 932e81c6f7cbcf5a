"""Load on the tables for people: N tables of three bot clients on one server (``skat serve
--workers 2``), each playing a 3-deal match over the bot API (Server-Sent Events in, acts out).

Reports: the tables that finished (none may be lost), the HTTP statuses (no 5xx), the act
latency (median, 95th percentile, worst) and the time until the other seats' event streams carry a card
played, the server's memory with its table processes (peak, PSS and RSS),
the time, and that one table more than ``--max-tables`` gets a clear 429.

    python benchmarks/bench_tables_load.py --tables 100
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else (b"{}" if method == "POST" else None)
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=300) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def answering(base: str) -> None:
    """Wait until the server at ``base`` answers (30 s at most)."""
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            return
        except OSError:
            time.sleep(0.1)


def choose(q: dict):
    if q["kind"] in ("bid", "answer", "play18"):
        return "yes" if q.get("value", 18) <= 20 else "pass"
    if q["kind"] == "hand":
        return "pickup"
    return q["legal"][0]


def tree_memory_mb(pid: int) -> tuple[float, float]:
    """The memory of ``pid`` and all its descendants, in MB: resident (RSS, a page shared by
    several processes counted in each) and proportional (PSS, a shared page divided among its
    sharers: what the processes take together)."""
    rss = pss = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            for line in open(f"/proc/{p}/smaps_rollup"):
                if line.startswith("Rss:"):
                    rss += int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss += int(line.split()[1])
            todo += [int(x) for x in open(f"/proc/{p}/task/{p}/children").read().split()]
        except OSError:
            pass
    return rss / 1024, pss / 1024


class Bot(threading.Thread):
    """One seat: follows its event stream, answers each question, times each act."""

    def __init__(self, base: str, tid: str, token: str, stats: dict):
        super().__init__(daemon=True)
        self.base, self.tid, self.token, self.stats = base, tid, token, stats
        self.finished = False

    def run(self) -> None:
        req = urllib.request.Request(f"{self.base}/api/tables/{self.tid}/events",
                                     headers={"Authorization": f"Bearer {self.token}"})
        try:
            with urllib.request.urlopen(req, timeout=600) as r:
                kind = None
                for raw in r:
                    line = raw.decode().rstrip("\n")
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: ") and kind:
                        data = json.loads(line[6:])
                        if kind == "event" and data.get("kind") == "card":
                            sent = self.stats["sent"].get((self.tid, data["card"]))
                            if sent is not None and sent[1] != self.token:      # another seat's card
                                with self.stats["lock"]:
                                    self.stats["event"].append(time.perf_counter() - sent[0])
                        elif kind == "question" and data:
                            t = time.perf_counter()
                            if data["kind"] == "card":                          # (a card is played once a deal)
                                self.stats["sent"][(self.tid, choose(data))] = (t, self.token)
                            status, _ = call(self.base, "POST", f"/api/tables/{self.tid}/act",
                                             {"answer": choose(data)}, self.token)
                            with self.stats["lock"]:
                                self.stats["latency"].append(time.perf_counter() - t)
                                self.stats["status"][status] += 1
                        elif kind == "end":
                            self.finished = "standings" in data
                            return
                        kind = None
        except Exception as e:                                  # noqa: BLE001 - counted as a lost table
            with self.stats["lock"]:
                self.stats["errors"].append(f"{type(e).__name__}: {e}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args(argv)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = Path(tempfile.mkdtemp()) / "tables.sqlite"
    server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", str(port), "--workers",
                               str(a.workers), "--max-tables", str(a.tables), "--per-client", str(a.tables),
                               "--client-connections", str(8 * a.tables), "--db", str(db)], cwd=ROOT,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
    answering(base)
    stats: dict = {"lock": threading.Lock(), "latency": [], "event": [], "sent": {}, "status": Counter(),
                   "errors": []}
    peak = [0.0, 0.0]                                   # RSS, PSS
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            rss, pss = tree_memory_mb(server.pid)
            peak[0], peak[1] = max(peak[0], rss), max(peak[1], pss)
            time.sleep(0.5)
    threading.Thread(target=watch, daemon=True).start()
    t0 = time.perf_counter()
    bots: list[Bot] = []
    try:
        tables = []
        for _ in range(a.tables):
            status, t = call(base, "POST", "/api/tables", {"seats": {"F": "person", "M": "person", "R": "person"},
                                                          "deals": a.deals})
            assert status == 200, t
            tables.append(t)
        over, refused = call(base, "POST", "/api/tables", {"seats": {"F": "person", "M": "person", "R": "person"}})
        for t in tables:
            for slot, invite in t["invites"].items():
                status, seat = call(base, "POST", f"/api/tables/{t['id']}/join", {"invite": invite, "name": slot})
                stats["status"][status] += 1
                bots.append(Bot(base, t["id"], seat["token"], stats))
                bots[-1].start()
        for b in bots:
            b.join(timeout=3600)
        seconds = time.perf_counter() - t0
        finished = {b.tid for b in bots if b.finished}
        lat = np.array(stats["latency"]) * 1000
        print(f"{a.tables} tables of three bot clients, {a.deals} deals each, skat serve --workers {a.workers}: "
              f"{seconds:.0f} s")
        print(f"tables finished: {len(finished)} of {a.tables}; acts: {len(lat)}; HTTP statuses: "
              f"{dict(sorted(stats['status'].items()))}; 5xx: {sum(v for k, v in stats['status'].items() if k >= 500)}")
        print(f"act latency: median {np.median(lat):.1f} ms, 95th percentile {np.percentile(lat, 95):.1f} ms, "
              f"worst {lat.max():.1f} ms")
        ev = np.array(stats["event"]) * 1000
        if len(ev):
            print(f"a card on the other seats' event streams, from its act sent: median {np.median(ev):.1f} ms, "
                  f"95th percentile {np.percentile(ev, 95):.1f} ms, worst {ev.max():.1f} ms ({len(ev)} events)")
        print(f"server memory with its table processes: peak {peak[1]:.0f} MB proportional (PSS, "
              f"{peak[1] / a.tables:.0f} MB a table), {peak[0]:.0f} MB resident (RSS, shared pages counted "
              f"in each process)")
        print(f"one table more than --max-tables {a.tables}: HTTP {over}: {refused.get('error')}")
        if stats["errors"]:
            print(f"bot errors: {len(stats['errors'])}, e.g. {stats['errors'][0]}")
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
