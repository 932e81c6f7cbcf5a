"""Playing deal records out: "how would these players play this deal from here?"

The declarer and the declaration are fixed by the record (a pick-up record
already holds the discard as its skat); the named players choose every card
from the record's position to the end, each seeing only what its seat sees.
The finished record carries the play and its result.

>>> rec = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
...        "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}
>>> out = playout(rec, ["rules", "rules", "rules"])
>>> len(out["played"]), out["result"]["declarer_points"] + out["result"]["defender_points"]
(30, 120)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Sequence
from typing import Any

from ..deal import DealError
from ..pool import map_processes
from ..variants import variant_of, variant_of_deal
from .table import make_player, play_out


def playout(record: Any, players: Sequence[str], samples: int | None = None, seed: int = 0) -> dict:
    """Play one record of any variant to the end with ``players`` (names in seat order, e.g.
    F, M, R; see ``PLAYERS``) at the one table (:func:`~solver.players.table.play_out`).

    ``samples``: worlds a move for the sampling players; ``seed`` fixes their
    sampling.  Returns the record with the whole play, ``players``, ``playout_from`` and the
    variant's ``result`` (classic: declarer points, tricks, won, game value, score, reason).
    """
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise DealError(f"not valid JSON: {e.msg} at column {e.colno}") from None
    deal = variant_of(record).load(record) if isinstance(record, dict) else copy.deepcopy(record)
    v = variant_of_deal(deal)
    if len(players) != len(v.seats):
        raise ValueError(f"name {len(v.seats)} players ({', '.join(v.seats)}), got {len(players)}")
    strength = {"samples": samples} if samples else None
    seats = [make_player(name, seed + i, strength, variant=v.name) for i, name in enumerate(players)]
    from_card = len(v.played(deal))
    play_out(deal, seats)
    rec = v.dump(deal)
    rec["players"] = {v.seats[i]: name for i, name in enumerate(players)}
    rec["playout_from"] = from_card
    rec["result"] = v.outcome(deal)
    return rec


def _one(args) -> dict:
    record, players, samples, seed = args
    return playout(record, players, samples, seed)


def playout_many(records: Iterable[Any], players: Sequence[str], *, samples: int | None = None,
                 seed: int = 0, workers: int = 1, first: int = 0) -> list[dict]:
    """:func:`playout` of many records, in order, on ``workers`` processes; record k (counting
    from ``first``) is played with seed ``seed + 1000 * k``, so the results depend neither on
    the number of workers nor on how a file is cut into batches."""
    jobs = [(r, list(players), samples, seed + 1000 * (first + k)) for k, r in enumerate(records)]
    return map_processes(_one, jobs, workers)
