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

from collections.abc import Iterable, Sequence

from ..deal import Deal, load_deal, score_deal
from ..games import SEATS
from ..pool import map_processes
from .arena import make_player
from .table import play_out


def playout(record: dict | str | Deal, players: Sequence[str], samples: int | None = None, seed: int = 0) -> dict:
    """Play one record to the end with ``players`` (names for F, M, R; see ``PLAYERS``).

    ``samples``: worlds a move for the sampling players; ``seed`` fixes their
    sampling.  Returns the record with the whole play and ``result``
    (declarer points, tricks, won, game value, score, reason) and ``players``.
    """
    deal = record if isinstance(record, Deal) else load_deal(record)
    deal = Deal(list(deal.hands), deal.skat, deal.declarer, deal.declaration, list(deal.played), deal.bid,
                deal.leader, deal.id, dict(deal.extra))
    if len(players) != 3:
        raise ValueError(f"name three players (F, M, R), got {len(players)}")
    strength = {"samples": samples} if samples else None
    seats = [make_player(name, seed + i, strength) for i, name in enumerate(players)]
    from_card = len(deal.played)
    play_out(deal, seats)
    res, st = score_deal(deal)
    rec = deal.to_record()
    rec["players"] = {SEATS[i]: name for i, name in enumerate(players)}
    rec["playout_from"] = from_card
    rec["result"] = {"declarer_points": st.declarer_points, "defender_points": st.defender_points,
                     "declarer_tricks": st.declarer_tricks, "won": res.won, "game_value": res.game_value,
                     "score": res.score, "schneider": res.schneider, "schwarz": res.schwarz,
                     "overbid": res.overbid, "reason": res.reason}
    return rec


def _one(args) -> dict:
    record, players, samples, seed = args
    return playout(record, players, samples, seed)


def playout_many(records: Iterable[dict | str | Deal], players: Sequence[str], samples: int | None = None,
                 seed: int = 0, workers: int = 1, first: int = 0) -> list[dict]:
    """:func:`playout` of many records, in order, on ``workers`` processes; record k (counting
    from ``first``) is played with seed ``seed + 1000 * k``, so the results depend neither on
    the number of workers nor on how a file is cut into batches."""
    jobs = [(r, list(players), samples, seed + 1000 * (first + k)) for k, r in enumerate(records)]
    return map_processes(_one, jobs, workers)
