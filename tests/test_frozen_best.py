"""The frozen baseline ``best-2026-12`` plays exactly as ``best`` played when it was frozen.

Every change of ``best`` is measured against ``best-2026-12`` as a paired duplicate difference
(``benchmarks/bench_best.py --baseline best-2026-12``); that difference means something only if
the baseline does not move.  ``tests/golden/frozen_best.jsonl`` holds deals played at a table of
three ``best`` players at commit 28c7e7a (before ``best-2026-12`` existed): the auction, the
declaration, the discard, Kontra and every card.  The test plays the same deals with three
``best-2026-12`` players and asks for the same records.  Written once, when frozen::

    python tests/test_frozen_best.py --write 4 7 9
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from solver.house import HouseRules
from solver.players.arena import make_player
from solver.players.table import TableOptions, play_deal, shuffle

GOLDEN = Path(__file__).parent / "golden" / "frozen_best.jsonl"
#: The golden deals are deals 4, 7 and 9 of this seed: hearts with Kontra, a Grand with Re, a Null.
SEED = 2612
#: The arena's bid advice worlds (``benchmarks/bench_best.py``), so the golden stays quick.
BID_SAMPLES = 12


def played(name: str, k: int) -> dict:
    """Deal ``k`` of :data:`SEED` at a Seeger-Fabian table with Kontra, three ``name`` players."""
    bid_seed = SEED * 1000 + k
    players = [make_player(name, bid_seed + 10 * s, {"bid_samples": BID_SAMPLES}, bid_seed=bid_seed)
               for s in range(3)]
    opts = TableOptions(scoring="seeger-fabian", house=HouseRules.parse("kontra"))
    r = play_deal(players, shuffle(np.random.default_rng([SEED, k])), opts)
    return {"k": k, "record": r.to_record(), "scores": list(r.scores)}


def golden() -> list[dict]:
    return [json.loads(x) for x in GOLDEN.read_text().splitlines() if x.strip()]


@pytest.mark.parametrize("row", golden(), ids=lambda r: f"deal{r['k']}")
def test_the_frozen_best_replays_its_golden_deals(row):
    assert played("best-2026-12", row["k"]) == row


def test_the_golden_deals_cover_the_decisions():
    """The golden set is worth its time only if it exercises bidding, declaring and every kind
    of card play the frozen switches govern."""
    games = [r["record"].get("game") for r in golden()]
    assert any(g == "grand" for g in games)
    assert any(g in ("clubs", "spades", "hearts", "diamonds") for g in games)
    assert any(g == "null" for g in games)
    assert {r["record"].get("kontra") for r in golden()} >= {"kontra", "re"}
    assert all(len(r["record"]["played"]) == 30 for r in golden())


if __name__ == "__main__" and sys.argv[1:2] == ["--write"]:
    rows = [played("best", k) for k in map(int, sys.argv[2:] or range(8))]
    GOLDEN.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
