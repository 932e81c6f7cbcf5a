"""The browser's state reducer (static/play.js ``apply``), run in node over the events of real
matches, checked against the rules: a seat holds ten cards and plays them all, ten tricks are
taken, the tricks' card points are the deal's 120 less the skat's, the auction and the game are
the ones the table played."""

import json
import shutil
import subprocess

import pytest

from web.routers.pages import META
from web.games import _event
from solver.cards import CARD_POINTS
from solver.players.table import TableOptions, make_player, play_match

from .conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's reducer")


def _events(seed: int, rules: str = "") -> tuple[list[dict], list]:
    from solver.house import HouseRules
    players = [make_player("rules", seed + i) for i in range(3)]
    events: list[dict] = []
    _, results = play_match(players, deals=3, seed=seed, options=TableOptions(house=HouseRules.parse(rules)),
                            on_event=lambda kind, data: events.append(_event(kind, data)) if kind != "dealt" else None)
    return events, results


def _replay(tmp_path, events: list[dict]) -> list[dict]:
    """The reducer's state after each deal's last event (the one before the next deal)."""
    static = ROOT / "web" / "static"
    for f in ("play.js", "cards.js", "api.js", "meta.js"):
        shutil.copy(static / f, tmp_path / f)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    script = tmp_path / "run.js"
    script.write_text(
        f"globalThis.fetch = async () => ({{ ok: true, json: async () => ({json.dumps(META)}) }});\n"
        "const { apply } = await import('./play.js');\n"
        f"const events = {json.dumps(events)};\n"
        "const s = { records: [] }; const out = [];\n"
        "for (const e of events) {\n"
        "  if (e.kind === 'deal' && s.number) out.push(JSON.parse(JSON.stringify(s)));\n"
        "  apply(s, e);\n"
        "}\n"
        "out.push(JSON.parse(JSON.stringify(s)));\n"
        "console.log(JSON.stringify(out));\n")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("seed, rules", [(8, ""), (5, "ramsch,kontra")])     # (seed 5: two Ramsch deals)
def test_the_reducer_follows_a_match_as_the_rules_play_it(tmp_path, seed, rules):
    events, results = _events(seed, rules)
    states = _replay(tmp_path, events)
    assert len(states) == len(results) == 3
    for s, r in zip(states, results):
        assert s["number"] == results.index(r) + 1
        assert s["auction"] == [[("FMR")[p], m] for p, m in r.auction]
        if r.deal is None:                                   # passed in: nothing played
            assert s["game"] is None and sum(s["count"].values()) == 30
            continue
        # every card played: each seat's ten, ten tricks, and 120 card points in them less the skat's
        # (the declarer's, counted apart); in a Ramsch the skat goes to the winner of the last
        # trick (the rules of record, Ramsch)
        assert s["count"] == {"F": 0, "M": 0, "R": 0}
        assert sum(t[0] for t in s["took"].values()) == 10
        skat = sum(CARD_POINTS[c] for c in range(32) if (r.deal.skat >> c) & 1)
        assert sum(t[1] for t in s["took"].values()) == (120 if r.deal.declaration.is_ramsch else 120 - skat)
        assert s["game"] == ("ramsch" if r.deal.declaration.is_ramsch else r.deal.declaration.name)
        assert s["result"]["kind"] == "result" and s["records"][-1]["skat"] is not None
