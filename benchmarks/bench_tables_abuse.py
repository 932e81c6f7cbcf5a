"""Misbehaving clients beside honest tables: N honest tables of three bot clients play a match
on one server (``skat serve``), first alone (the quiet run), then again while strangers, each
from a loopback address of its own, attack the server:

* idle connections: ``--idle`` connections sending half a request and waiting, reopened as the
  server closes them;
* stream hoarding: a seat opens 200 event streams at once;
* a hint flood: that seat asks for a hint every 20 ms;
* a table flood: 50 anonymous tables made at once;
* an advice flood: 8 bid requests at 2,000 worlds at once;
* a table stopper: ``{"answer": null}`` and an answer nested 900 deep on its own turn.

Reports per run the honest tables finished, the act latency (median, 95th percentile, worst)
and the ratio of the two 95th percentiles (the goal: at most 2), and what each attack got.
Every request loop is bounded in count and time and goes to this machine only.

    python benchmarks/bench_tables_abuse.py --tables 20
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_tables_load import Bot, answering, call, free_port  # noqa: E402
THREE = {"F": "person", "M": "person", "R": "person"}


class Stranger:
    """A client from its own loopback address (``127.0.0.N``)."""

    def __init__(self, port: int, address: str):
        self.port, self.address = port, address

    def call(self, method: str, path: str, body=None, token: str | None = None, raw: bytes | None = None,
             timeout: float = 120) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=(self.address, 0))
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = raw if raw is not None else json.dumps(body).encode() if body is not None else b"{}"
        try:
            conn.request(method, path, body=data if method != "GET" else None, headers=headers)
            r = conn.getresponse()
            return r.status, json.loads(r.read() or b"null")
        except (OSError, http.client.HTTPException, ValueError) as e:
            return 0, {"error": f"{type(e).__name__}: {e}"}
        finally:
            conn.close()


def honest_run(base: str, port: int, tables: int, deals: int) -> dict:
    """``tables`` tables of three bots (bench_tables_load's), each made from a loopback address
    of its own (a host each), played to the end; their statistics."""
    stats: dict = {"lock": threading.Lock(), "latency": [], "event": [], "sent": {}, "status": Counter(),
                   "errors": []}
    bots: list[Bot] = []
    t0 = time.perf_counter()
    for k in range(tables):
        status, t = Stranger(port, f"127.0.1.{k + 1}").call("POST", "/api/tables", {"seats": THREE, "deals": deals})
        assert status == 200, t
        for invite in t["invites"].values():
            status, seat = call(base, "POST", f"/api/tables/{t['id']}/join", {"invite": invite, "name": "honest"})
            assert status == 200, seat
            bots.append(Bot(base, t["id"], seat["token"], stats))
            bots[-1].start()
    for b in bots:
        b.join(timeout=1800)
    stats["seconds"] = time.perf_counter() - t0
    stats["finished"] = len({b.tid for b in bots if b.finished})
    return stats


def idle_flood(port: int, n: int, stop: threading.Event, got: Counter) -> None:
    """``n`` connections sending half a request, each opened again once the server closes it
    (at most ``n`` new ones a second)."""
    held: list[socket.socket] = []
    deadline = time.monotonic() + 600
    while not stop.is_set() and time.monotonic() < deadline:
        opened = 0
        while len(held) < n and opened < n // 5 and not stop.is_set():
            opened += 1
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=("127.0.0.2", 0))
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                s.setblocking(False)
                held.append(s)
                got["opened"] += 1
            except OSError:
                got["refused"] += 1
                break
        still = []
        for s in held:
            try:
                closed = s.recv(100) == b""
            except BlockingIOError:
                closed = False
            except OSError:
                closed = True
            if closed:
                got["closed by the server"] += 1
                s.close()
            else:
                still.append(s)
        held = still
        got["most held open at once"] = max(got["most held open at once"], len(held))
        time.sleep(0.2)
    for s in held:
        s.close()


def hoard_and_flood(port: int, stop: threading.Event, got: Counter) -> None:
    """A stranger's table (one person, two computers): 200 event streams at once from its seat, a
    hint every 20 ms, and two answers meant to stop the table."""
    me = Stranger(port, "127.0.0.3")
    status, t = me.call("POST", "/api/tables", {"seats": {"F": "person", "M": "computer:rules",
                                                          "R": "computer:rules"}, "deals": 36})
    if status != 200:
        got[f"table: HTTP {status}"] += 1
        return
    status, seat = me.call("POST", f"/api/tables/{t['id']}/join", {"invite": t["invites"]["F"], "name": "hoarder"})
    token = seat["token"]
    streams: list[socket.socket] = []
    lock = threading.Lock()

    def open_stream() -> None:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.3", 0))
            s.sendall(f"GET /api/tables/{t['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      f"Authorization: Bearer {token}\r\n\r\n".encode())
            head = s.recv(200).decode(errors="replace")
            code = head.split(" ", 2)[1] if head.startswith("HTTP/") else "closed"
            with lock:
                got[f"streams: HTTP {code}"] += 1
                streams.append(s)
        except OSError as e:
            with lock:
                got[f"streams: {type(e).__name__}"] += 1
    burst = [threading.Thread(target=open_stream) for _ in range(200)]
    for th in burst:
        th.start()
    for th in burst:
        th.join()
    for answer in (None, "deep"):
        body = b'{"answer": ' + (b"[" * 900 + b'"pass"' + b"]" * 900 if answer else b"null") + b"}"
        for _ in range(100):                                    # (on its own turn)
            code, st = me.call("GET", f"/api/tables/{t['id']}/state", token=token)
            if code == 200 and st.get("to_act"):
                break
            time.sleep(0.05)
        code, _ = me.call("POST", f"/api/tables/{t['id']}/act", raw=body, token=token)
        got[f"stop the table with {answer or 'null'}: HTTP {code}"] += 1
    deadline = time.monotonic() + 600
    while not stop.is_set() and time.monotonic() < deadline:
        code, _ = me.call("POST", f"/api/tables/{t['id']}/act", {"answer": {"hint": True}}, token=token)
        got[f"hints: HTTP {code}"] += 1
        time.sleep(0.02)
    for s in streams:
        s.close()


def table_flood(port: int, got: Counter) -> None:
    me = Stranger(port, "127.0.0.4")
    for _ in range(50):
        code, _ = me.call("POST", "/api/tables", {"seats": THREE})
        got[f"tables: HTTP {code}"] += 1


def advice_flood(port: int, got: Counter) -> None:
    me = Stranger(port, "127.0.0.5")
    body = {"cards": "CJ SJ HA HT HK H9 SA S7 D8 D7", "seat": "F", "samples": 2000}

    def ask() -> None:
        t0 = time.perf_counter()
        code, _ = me.call("POST", "/api/bid", body, timeout=600)
        got[f"advice: HTTP {code}"] += 1
        if code == 200:
            got["advice taken: seconds (sum)"] += round(time.perf_counter() - t0)
    asks = [threading.Thread(target=ask) for _ in range(8)]
    for th in asks:
        th.start()
    for th in asks:
        th.join()


def summary(name: str, s: dict, tables: int) -> tuple[str, float]:
    lat = np.array(s["latency"]) * 1000
    p95 = float(np.percentile(lat, 95))
    return (f"{name}: {s['finished']} of {tables} honest tables finished in {s['seconds']:.0f} s; acts {len(lat)}; "
            f"HTTP {dict(sorted(s['status'].items()))}; act latency median {np.median(lat):.1f} ms, "
            f"95th percentile {p95:.1f} ms, worst {lat.max():.1f} ms"), p95


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--idle", type=int, default=1100, help="idle half-sent connections")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="the checkout whose skat serve runs (an older one: its options as it had them)")
    a = ap.parse_args(argv)
    new = (a.root / "cli" / "web" / "limits.py").exists()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp())
    log = folder / "server.log"
    with open(log, "w") as err:
        server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", str(port), "--workers",
                                   str(a.workers), "--max-tables", str(4 * a.tables),
                                   *(["--client-connections", str(8 * a.tables)] if new else []),
                                   "--db", str(folder / "tables.sqlite")],
                                  cwd=a.root, env=dict(os.environ, PYTHONPATH=str(a.root)), stdout=subprocess.DEVNULL,
                                  stderr=err)
    try:
        answering(base)
        t0 = time.perf_counter()
        quiet = honest_run(base, port, a.tables, a.deals)
        got: Counter = Counter()
        stop = threading.Event()
        attackers = [threading.Thread(target=idle_flood, args=(port, a.idle, stop, got)),
                     threading.Thread(target=hoard_and_flood, args=(port, stop, got)),
                     threading.Thread(target=table_flood, args=(port, got)),
                     threading.Thread(target=advice_flood, args=(port, got))]
        for th in attackers:
            th.start()
        time.sleep(3)                                    # (the attacks under way first)
        rough = honest_run(base, port, a.tables, a.deals)
        stop.set()
        for th in attackers:
            th.join(timeout=900)
        line_q, p95_q = summary("quiet", quiet, a.tables)
        line_r, p95_r = summary("under attack", rough, a.tables)
        limits = f" --client-connections {8 * a.tables} (the honest seats share 127.0.0.1)" if new else ""
        print(f"{a.tables} honest tables of three bot clients, {a.deals} deals each, skat serve --workers "
              f"{a.workers}{limits} from {a.root}, the other limits at their defaults; "
              f"{time.perf_counter() - t0:.0f} s in all")
        print(line_q)
        print(line_r)
        print(f"honest act p95 under attack / quiet: {p95_r / p95_q:.2f} (goal: at most 2)")
        for k, v in sorted(got.items()):
            print(f"  {k}: {v}")
        text = log.read_text(errors="replace")
        print(f"server log: {len(text.splitlines())} lines, {len(text)} bytes; 'Too many open files': "
              f"{text.count('Too many open files')}")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
