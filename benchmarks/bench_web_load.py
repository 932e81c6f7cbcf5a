"""Load on one web server: many browsers at once against one ``skat serve`` on localhost.

    python benchmarks/bench_web_load.py [--clients 20] [--seconds 90] [--workers 2] [--idle 20]

Each client is a browser of its own (its own cookies). It

1. asks ``POST /api/bid`` for ten cards of its own (seeded: client k deals with seed k),
2. asks ``POST /api/analyse`` for one of the ISS games shipped in ``data/iss_games.sgf``
   (with the review by what each player knew, 8 worlds a card),
3. starts a match against two ``--opponents`` and answers every question (holds every bid,
   picks up, puts away two cards and plays grand, the first legal card) until the match ends
   or ``--seconds`` have passed,
4. tries to read and to answer another client's match (both must be 404),
5. ends its match (even clients: after playing it out) or walks away from it like a
   closed tab (odd clients: after its fourth card, the match still waiting for it).

Checked, and printed with the figures: no answer is a 5xx; no match is mixed up (each
client's questions show only its own cards, every card question's hand is the last one's
less the card it played, the cards played in a deal are distinct and its own cards are its
answers); the matches walked away from are stopped after ``--idle`` seconds and their
processes end; the server's memory (with its processes) at its peak and after the reaping.
Bounded in count (one bid, one review, one match a client) and in time (``--seconds``).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import socket
import statistics
import subprocess
import tempfile
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_tables_load import answering  # noqa: E402

from solver.cards import card_codes  # noqa: E402
from solver.players.table import shuffle  # noqa: E402


class Client:
    """One browser: its own cookie jar; every request timed and its status counted."""

    def __init__(self, base: str, log: list):
        self.base, self.log = base, log
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, kind: str, method: str, path: str, body=None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        t = time.perf_counter()
        try:
            with self.opener.open(req, timeout=600) as r:
                status, out = r.status, json.loads(r.read() or b"{}")
        except urllib.error.HTTPError as e:
            status, out = e.code, json.loads(e.read() or b"{}")
        self.log.append((kind, status, time.perf_counter() - t))
        return status, out


def run_client(k: int, base: str, args, iss: list[str], log: list, problems: list, games: dict,
               ready: "Gathering") -> None:
    c = Client(base, log)
    dealt = shuffle(np.random.default_rng(k))
    st, out = c.call("bid", "POST", "/api/bid", {"cards": " ".join(card_codes(dealt[k % 3])), "seat": "FMR"[k % 3],
                                                  "samples": 32})
    if st != 200 or "advice" not in out:
        problems.append(f"client {k}: bid answered {st}")
    st, out = c.call("analyse", "POST", "/api/analyse", {"iss": iss[k % len(iss)], "samples": 8, "precision": 0.3})
    if st != 200 or not ("analysis" in out or out.get("passed")):
        problems.append(f"client {k}: analyse answered {st}: {str(out)[:100]}")
    st, out = c.call("new match", "POST", "/api/games", {"deals": 2, "seed": 100 + k, "opponents": args.opponents})
    if st != 200:
        problems.append(f"client {k}: new match answered {st}")
        ready.arrive(None)
        return
    gid = out["id"]
    games[k] = gid
    end = time.monotonic() + args.seconds
    mine: list[str] | None = None
    answered: list[str] = []
    since = 0
    events: list[dict] = []
    while time.monotonic() < end and (k % 2 == 0 or len(answered) < 4):   # odd: walks away in the first deal
        st, view = c.call("poll", "GET", f"/api/games/{gid}?since={since}")
        if st != 200:
            problems.append(f"client {k}: poll answered {st}")
            break
        events += view["events"]
        since = view["next"]
        if view["end"]:
            if "error" in view["end"]:
                problems.append(f"client {k}: the match ended with {view['end']}")
            break
        q = view["question"]
        if q is None:
            time.sleep(0.25)
            continue
        a = {"bid": "yes", "answer": "yes", "play18": "yes", "hand": "pickup",
             "discard": {"discard": q["cards"][:2], "game": "grand"}}.get(q["kind"], "no")
        if q["kind"] == "card":
            if mine is not None and set(q["cards"]) - set(mine):
                problems.append(f"client {k}: cards it never had: {set(q['cards']) - set(mine)}")
            mine = list(q["cards"])
            a = q["legal"][0]
            mine.remove(a)
            answered.append(a)
        elif q["kind"] in ("bid", "answer", "play18", "hand"):
            mine = None                                  # a new deal: new cards
        st, _ = c.call("answer", "POST", f"/api/games/{gid}/answer", {"answer": a})
        if st not in (200, 409):                         # (409: the question moved on while it was answered)
            problems.append(f"client {k}: answer answered {st}")
        time.sleep(0.05)
    st, view = c.call("poll", "GET", f"/api/games/{gid}?since={since}")
    events += view.get("events", [])
    _check_events(k, events, answered, problems)
    ready.arrive(lambda: c.call("poll", "GET", f"/api/games/{gid}?since={since}"))   # (its tab stays open)
    other = games.get((k + 1) % args.clients)
    if other:
        st, _ = c.call("foreign", "GET", f"/api/games/{other}")
        st2, _ = c.call("foreign", "POST", f"/api/games/{other}/answer", {"answer": "pass"})
        if (st, st2) != (404, 404):
            problems.append(f"client {k}: another's match answered {st} / {st2}")
    if k % 2 == 0:
        c.call("end match", "DELETE", f"/api/games/{gid}")
    else:
        ready.walked_away.append(gid)


def _check_events(k: int, events: list[dict], answered: list[str], problems: list) -> None:
    """The events of one client's match: per deal distinct cards, and its own cards its answers."""
    deals: list[list[dict]] = []
    for e in events:
        if e["kind"] == "deal":
            deals.append([e])
        elif deals:
            deals[-1].append(e)
    mine_played = []
    for d in deals:
        me = "FMR"[d[0]["seats"].index(0)]
        cards = [e["card"] for e in d if e["kind"] == "card"]
        if len(set(cards)) != len(cards) or len(cards) > 30:
            problems.append(f"client {k}: a deal with repeated cards or more than 30")
        mine_played += [e["card"] for e in d if e["kind"] == "card" and e["seat"] == me]
    if mine_played[:len(answered)] != answered[:len(mine_played)]:
        problems.append(f"client {k}: its cards on the table are not the ones it played")


class Gathering:
    """Every client waits here for the others (then all matches exist), its page still polling."""

    def __init__(self, n: int):
        self.n, self.count, self.lock = n, 0, threading.Lock()
        self.walked_away: list[str] = []

    def arrive(self, poll) -> None:
        with self.lock:
            self.count += 1
        while self.count < self.n:
            if poll:
                poll()
            time.sleep(1.0)


def memory(proc: psutil.Process) -> tuple[int, int]:
    """The server's resident memory with every process it started (bytes), and their count."""
    procs = [proc] + proc.children(recursive=True)
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total, len(procs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=90, help="the longest a client plays its match")
    ap.add_argument("--workers", type=int, default=2, help="the server's solving processes")
    ap.add_argument("--idle", type=float, default=20, help="the server's --idle (seconds)")
    ap.add_argument("--opponents", default="rules")
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # (every simulated browser comes from 127.0.0.1: the per-address caps are each browser's here)
    many = str(args.clients)
    server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", str(port), "--workers",
                               str(args.workers), "--idle", str(args.idle), "--client-advice", many,
                               "--client-matches", many, "--per-client", many,
                               "--client-connections", str(8 * args.clients),
                               "--db", os.path.join(tempfile.mkdtemp(), "tables.sqlite")], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    answering(base)
    proc = psutil.Process(server.pid)
    iss = [ln for ln in (ROOT / "data" / "iss_games.sgf").read_text().splitlines() if ln.strip()]
    log: list = []
    problems: list[str] = []
    games: dict[int, str] = {}
    base_mem, base_procs = memory(proc)
    peak = [base_mem, base_procs]
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            m, n = memory(proc)
            peak[0], peak[1] = max(peak[0], m), max(peak[1], n)
            time.sleep(0.5)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    t0 = time.perf_counter()
    ready = Gathering(args.clients)
    threads = [threading.Thread(target=run_client, args=(k, base, args, iss, log, problems, games, ready))
               for k in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - t0
    left_mem, left_procs = memory(proc)
    # the walked-away matches: after --idle seconds, any request about matches reaps them
    time.sleep(args.idle + 1)
    try:
        urllib.request.urlopen(base + "/api/games/none", timeout=10)
    except urllib.error.HTTPError:
        pass
    time.sleep(3)
    stop.set()
    end_mem, end_procs = memory(proc)
    server.terminate()
    server.wait(timeout=30)

    by_kind: dict[str, list] = defaultdict(list)
    statuses: dict[str, Counter] = defaultdict(Counter)
    for kind, status, dt in log:
        by_kind[kind].append(dt)
        statuses[kind][status] += 1
    five = sum(n for c in statuses.values() for s, n in c.items() if s >= 500)
    print(f"{args.clients} clients against one server (--workers {args.workers}, --idle {args.idle:g} s, "
          f"opponents {args.opponents}), {took:.0f} s")
    print(f"{'request':10} {'count':>6} {'statuses':24} {'median s':>9} {'p95 s':>7} {'max s':>7}")
    for kind, dts in by_kind.items():
        sts = ", ".join(f"{s}: {n}" for s, n in sorted(statuses[kind].items()))
        print(f"{kind:10} {len(dts):6d} {sts:24} {statistics.median(dts):9.3f} "
              f"{float(np.percentile(dts, 95)):7.3f} {max(dts):7.3f}")
    print(f"5xx answers: {five}; problems (mix-ups, lost or foreign matches): {len(problems)}")
    for p in problems[:20]:
        print("  " + p)
    mb = 1 << 20
    print(f"memory of the server and its processes: {base_mem / mb:.0f} MB at the start ({base_procs} processes), "
          f"peak {peak[0] / mb:.0f} MB ({peak[1]} processes); {left_mem / mb:.0f} MB ({left_procs} processes) "
          f"with {len(ready.walked_away)} matches walked away from, {end_mem / mb:.0f} MB ({end_procs} processes) "
          f"once they were reaped")


if __name__ == "__main__":
    main()
