"""Reading input lines (deal records or ISS game lines) and scoring them as records.

Every command reads the same way: one item a line, JSON deal records or ISS
game lines (detected per line, or forced), blank lines and ``#`` comments
skipped.  A bad line becomes an error item with its line number; the others
go on.

>>> items = list(read_lines(['{"hands": {}}', "", "not a deal"]))
>>> [(i.line, i.error) for i in items]
[(1, "line 1: 'hands' lacks seat F, M, R"), (3, 'line 3: not a JSON record or an ISS game line')]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable, Iterator

from .deal import Deal, DealError, load_deal, ramsch_record, score_deal, score_ramsch
from .games import GAME_NAMES, SEATS
from .house import kontra_call, kontra_multiplier
from .iss import IssError, IssGame, is_iss_line, parse_line
from .offiziersskat import OffiziersError, score_offiziers
from .scoring import table_scores
from .variants import Skat, UnknownVariant, Variant, variant_of, variant_of_deal
from .variations import variations_of


@dataclass
class Item:
    """One input line: a deal, an ISS game, or an error."""

    line: int
    record: dict | None = None          # the JSON record as read (unknown keys kept)
    deal: Any = None                    # the variant's deal (classic Skat: a :class:`Deal`)
    iss: IssGame | None = None
    error: str | None = None
    raw_id: str | None = None           # the id found in the line, even when it could not be read
    variant: Variant = field(default_factory=Skat)   # the registry's variant of the record

    @property
    def classic(self) -> bool:
        """Classic three-player Skat (its deal a :class:`Deal`; the batched paths take these)."""
        return self.variant.name == "skat"

    @property
    def id(self) -> str:
        if self.iss is not None and self.iss.id:
            return str(self.iss.id)
        if self.record is not None and self.record.get("id") is not None:
            return str(self.record["id"])
        return self.raw_id or str(self.line)

    def error_record(self) -> dict:
        return {"line": self.line, "id": self.id, "error": self.error}


def record_from_fields(fields: dict) -> dict:
    """A deal record from separate fields, as ``skat solve`` takes them as options and the web
    API as a request: ``F``, ``M``, ``R``, ``skat``, ``game``, ``declarer``, ``played``,
    ``leader``, ``bid`` and the flags ``hand``, ``schneider``, ``schwarz``, ``ouvert``.

    >>> record_from_fields({"F": "CJ", "game": "grand", "declarer": "F"})["hands"]
    {'F': 'CJ', 'M': '', 'R': ''}
    """
    rec = {"hands": {s: fields.get(s) or "" for s in "FMR"}, "skat": fields.get("skat") or "",
           "game": fields.get("game"), "declarer": fields.get("declarer"), "played": fields.get("played") or ""}
    for flag in ("hand", "schneider", "schwarz", "ouvert"):
        rec[flag] = bool(fields.get(flag))
    if fields.get("leader"):
        rec["leader"] = fields["leader"]
    if fields.get("bid"):
        rec["bid"] = fields["bid"]
    return rec


def read_lines(lines: Iterable[str], fmt: str = "auto", require_deal: bool = True,
               variants: bool = False) -> Iterator[Item]:
    """Parse lines into :class:`Item` objects.  ``fmt``: auto, json or iss.

    With ``require_deal`` a JSON record must be a valid deal (records marked
    ``passed`` are let through without one).  ``variants``: Offiziersskat
    records are read (``Item.variant`` names the variant); otherwise they are an error
    line saying which command reads them.
    """
    for no, raw in enumerate(lines, start=1):
        item = parse_item(no, raw, fmt, require_deal=require_deal, variants=variants)
        if item is not None:
            yield item


_ISS_ID = re.compile(r"\bID\[([^\]]*)\]")
_JSON_ID = re.compile(r'"id"\s*:\s*"?([^",}]*)"?')


def line_id(no: int, raw: str | dict) -> str:
    """The id rule of every command and bulk task: a record's ``id``, an ISS game's ``ID[...]``
    (found even in a line that cannot be read), else the line number.

    >>> line_id(3, "(;GM[Skat]ID[541932]MV[w broken"), line_id(4, '{"id": "a-1", "hands": 7}'), line_id(5, "x")
    ('541932', 'a-1', '5')
    """
    if isinstance(raw, dict):
        return str(raw.get("id") or no)
    m = (_JSON_ID if raw.lstrip().startswith("{") else _ISS_ID).search(raw)
    return m.group(1).strip() if m and m.group(1).strip() else str(no)


def parse_item(no: int, raw: str, fmt: str = "auto", *, require_deal: bool = True,
               variants: bool = False) -> Item | None:
    """One input line (number ``no``) as an :class:`Item`; None for blank lines and comments."""
    line = raw.strip()
    if not line or line.startswith("#"):
        return None
    item = _parse_item(no, line, fmt, require_deal, variants)
    if item.error:
        item.raw_id = line_id(no, line)
    return item


def _parse_item(no: int, line: str, fmt: str, require_deal: bool, variants: bool = False) -> Item:
    kind = fmt
    if kind == "auto":
        kind = "json" if line.startswith("{") else "iss" if is_iss_line(line) else "?"
    if kind == "iss":
        try:
            g = parse_line(line)
            return Item(no, iss=g, deal=g.deal)
        except (IssError, DealError) as e:
            return Item(no, error=f"line {no}: {e}")
    if kind != "json":
        return Item(no, error=f"line {no}: not a JSON record or an ISS game line")
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        return Item(no, error=f"line {no}: not valid JSON ({e.msg} at column {e.colno})")
    if not isinstance(rec, dict):
        return Item(no, error=f"line {no}: a record must be a JSON object")
    return _record_item(no, rec, require_deal, variants)


def item_from_record(no: int, rec: dict, require_deal: bool = True, variants: bool = False) -> Item:
    """A record already read (a dict: the web API's request, ``skat solve``'s options through
    :func:`record_from_fields`) as the :class:`Item` its JSON line would give, without turning
    it into text and back.

    >>> item_from_record(1, {"variant": "chess"}).error
    "line 1: 'variant': unknown variant 'chess' (expected skat or offiziersskat)"
    """
    item = _record_item(no, rec, require_deal, variants)
    if item.error:
        item.raw_id = line_id(no, rec)
    return item


def _record_item(no: int, rec: dict, require_deal: bool, variants: bool) -> Item:
    try:
        variant = variant_of(rec)                           # the registry: by the record's 'variant'
    except UnknownVariant as e:
        return Item(no, record=rec, error=f"line {no}: 'variant': {e}")
    if variant.name != "skat":
        if not variants:
            return Item(no, record=rec, error=f"line {no}: an {variant.name.capitalize()} record: skat score, "
                                                    f"solve, analyse, playout and bulk dd/analyse read these")
        try:
            return Item(no, record=rec, deal=variant.load(rec), variant=variant)
        except OffiziersError as e:
            return Item(no, record=rec, error=f"line {no}: {e}")
    if rec.get("passed") or not require_deal:
        return Item(no, record=rec)
    try:
        deal = load_deal(rec)
        variations_of(deal)                                 # (other cards tried: checked as the record is read)
        return Item(no, record=rec, deal=deal)
    except DealError as e:
        return Item(no, record=rec, error=f"line {no}: {e}")


def _score_skat(deal: Deal, scoring: str) -> dict[str, Any]:
    out = score_item(Item(1, record=deal.to_record(), deal=deal), scoring)
    out.pop("id", None)
    return out


def _score_offiziers(deal: Any, scoring: str) -> dict[str, Any]:
    """Offiziersskat's settlement as ``skat score`` writes it (it scores one way: ``scoring`` is
    the classic table's choice and does not apply)."""
    r = score_offiziers(deal)
    out = {"variant": "offiziersskat", "declarer": "F", "game": deal.game_name, "declarer_points": r.declarer_points,
           "won": r.won, "winner": r.winner, "schneider": r.schneider, "schwarz": r.schwarz,
           "game_value": r.value, "score": r.scores["F"], "scores": r.scores, "reason": r.reason}
    if deal.kontra > 1:
        out["kontra"] = kontra_call(deal.kontra)
    return out


#: ``skat score``'s record of a finished deal, by its variant's name
SCORE_RECORDS = {"skat": _score_skat, "offiziersskat": _score_offiziers}


def score_record(deal: Any, scoring: str = "simple") -> dict[str, Any]:
    """``skat score``'s record of one finished deal of any variant (the keys after ``id``)."""
    return SCORE_RECORDS[variant_of_deal(deal).name](deal, scoring)


def score_item(item: Item, scoring: str = "simple") -> dict[str, Any]:
    """The ``skat score`` output record of one item (raises DealError if unscorable)."""
    out: dict[str, Any] = {"id": item.id}
    if not item.classic:
        try:
            out.update(score_record(item.deal, scoring))
        except OffiziersError as e:
            raise DealError(str(e)) from None
        return out
    iss = item.iss
    if (iss is not None and iss.passed) or (item.record is not None and item.record.get("passed")):
        out.update(passed=True, score=0, scores={s: 0 for s in SEATS})
        if iss is not None:
            out["iss"] = iss.recorded
            out["agrees"] = bool(iss.recorded.get("passed"))
        return out
    deal = item.deal
    assert deal is not None
    rec = item.record or {}
    bock = 2 if rec.get("bock_round") else 1
    if deal.declaration.is_ramsch:
        if rec.get("kontra"):
            raise DealError("'kontra': there is no Kontra on a Ramsch")
        rr, st = score_ramsch(deal)
        out.update(game="ramsch", pushes=deal.pushes, **ramsch_record(rr, st, bock))
        if bock > 1:
            out["bock_round"] = True
        return out
    out["declarer"] = SEATS[deal.declarer]
    out["game"] = GAME_NAMES[deal.game]
    out["declaration"] = deal.declaration.name
    early = iss.ended_early if iss is not None else (item.record or {}).get("ended_early")
    if early:
        # resigned, timed out or left: not scored as if played out; the recorded result stands
        recorded = iss.recorded if iss is not None else (item.record or {}).get("iss_result", {})
        out["ended_early"] = early
        if iss is not None and iss.ended_by is not None:
            out["ended_by"] = SEATS[iss.ended_by]
        out["iss"] = recorded
        out["won"] = recorded.get("won")
        out["score"] = recorded.get("v")
        out["scores"] = {s: (out["score"] if s == out["declarer"] else 0) for s in SEATS}
        return out
    res, st = score_deal(deal)
    try:
        kontra = kontra_multiplier(rec.get("kontra"))
    except ValueError as e:
        raise DealError(f"'kontra': {e}") from None
    decl_score, def_score = table_scores(res, scoring, kontra=kontra, bock=bock)
    out.update(declarer_points=st.declarer_points, declarer_tricks=st.declarer_tricks,
               matadors=res.matadors, game_value=res.game_value, won=res.won, schneider=res.schneider,
               schwarz=res.schwarz, overbid=res.overbid, score=decl_score, reason=res.reason)
    if rec.get("kontra"):
        out["kontra"] = rec["kontra"]
    if deal.declaration.spitze:
        out["spitze"] = True
        out["spitze_kept"] = st.spitze_kept
    if bock > 1:
        out["bock_round"] = True
    if deal.bid is not None:
        out["bid"] = deal.bid
    if scoring == "seeger-fabian":
        out["defender_score"] = def_score
        out["simple_score"] = res.score
    out["scores"] = {SEATS[p]: decl_score if p == deal.declarer else def_score for p in range(3)}
    if iss is not None:
        out["iss"] = iss.recorded
        out["agrees"] = (iss.recorded.get("v") == res.score and iss.recorded.get("won") == res.won)
    return out


__all__ = ["Item", "read_lines", "score_item"]
