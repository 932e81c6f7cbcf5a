"""The bulk tasks, run on one chunk of rows at a time (in any process or Dask worker).

Each task turns input rows into output rows with a fixed schema (see
``SCHEMAS``) and error rows ``{"row", "id", "error"}``.  A chunk is processed
by a pure function of its rows and options, so a chunk computed twice gives
the same result, whichever worker runs it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa

from ..advice import BULK, DEFAULT, Sampling, evaluate_hand
from ..analysis import BULK_JUDGING, CLASSES, Judging, info_summary, review
from ..cards import card_codes, parse_cards
from ..deal import Deal, DealError, load_deal, replay, score_deal
from ..games import GAME_NAMES, GAMES, SEATS, Declaration, parse_seat
from ..handmodel.features import DECLARATIONS
from ..handmodel.model import HandEstimate, advice_name, declaration_of, estimate_hands, key_of
from ..records import Item, line_id, parse_item
from ..search.api import default_solver, position, solve_point

TASKS = ("dd", "bid", "analyse", "stats", "labels")

#: Each declaration's columns in a ``labels`` row: its played-out and double-dummy P(win), P(Schneider),
#: expected score and highest paying bid at the row's bid, and how many worlds it was sampled on.
LABEL_COLUMNS = (("p_win", pa.float64()), ("p_win_dd", pa.float64()), ("p_schneider", pa.float64()),
                 ("expected_score", pa.float64()), ("max_bid", pa.int64()), ("samples", pa.int64()))


SCHEMAS: dict[str, pa.Schema] = {
    "dd": pa.schema([("row", pa.int64()), ("id", pa.string()), ("passed", pa.bool_()), ("game", pa.string()),
                     ("declarer", pa.string()), ("hand", pa.bool_()), ("recorded_game", pa.bool_()),
                     ("dd_from", pa.string()), ("dd_points", pa.int64()), ("dd_all_tricks", pa.bool_()),
                     ("dd_declarer_wins", pa.bool_()),
                     ("played_points", pa.int64()), ("played_won", pa.bool_()), ("played_score", pa.int64()),
                     ("recorded_score", pa.int64()), ("recorded_won", pa.bool_()), ("ended_early", pa.string())]),
    "bid": pa.schema([("row", pa.int64()), ("id", pa.string()), ("seat", pa.string()), ("cards", pa.string()),
                      ("bid", pa.int64()), ("recommended", pa.string()), ("game", pa.string()),
                      ("hand", pa.bool_()), ("p_win", pa.float64()), ("p_win_low", pa.float64()),
                      ("p_win_high", pa.float64()), ("p_win_dd", pa.float64()),
                      ("p_schneider", pa.float64()), ("p_schneider_dd", pa.float64()), ("expected_score", pa.float64()),
                      ("safe_bid", pa.int64()), ("verdict", pa.string()), ("verdict_basis", pa.string()),
                      ("up_to", pa.int64()), ("higher_bid", pa.int64()), ("higher_declaration", pa.string()),
                      ("pickup_expected_score", pa.float64()), ("pickup_up_to", pa.int64()),
                      ("samples", pa.int64()), ("seed", pa.int64()), ("by", pa.string())]),
    "analyse": pa.schema([("row", pa.int64()), ("id", pa.string()), ("game", pa.string()),
                          ("declarer", pa.string()), ("cards_played", pa.int64()), ("start_value", pa.int64()),
                          ("declarer_points", pa.int64()), ("won", pa.bool_()), ("score", pa.int64()),
                          ("declarer_cost", pa.int64()), ("defender_cost", pa.int64()),
                          ("mistakes_F", pa.int64()), ("mistakes_M", pa.int64()), ("mistakes_R", pa.int64()),
                          ("cost_F", pa.int64()), ("cost_M", pa.int64()), ("cost_R", pa.int64()),
                          ("worst_seat", pa.string()), ("worst_card", pa.string()), ("worst_trick", pa.int64()),
                          ("worst_cost", pa.int64()),
                          # with --info: by what each player knew (null without)
                          ("info_cost_F", pa.float64()), ("info_cost_M", pa.float64()), ("info_cost_R", pa.float64()),
                          ("inaccuracies_F", pa.int64()), ("inaccuracies_M", pa.int64()),
                          ("inaccuracies_R", pa.int64()),
                          ("info_mistakes_F", pa.int64()), ("info_mistakes_M", pa.int64()),
                          ("info_mistakes_R", pa.int64()), ("blunders_F", pa.int64()), ("blunders_M", pa.int64()),
                          ("blunders_R", pa.int64()), ("declarer_chance", pa.float64()), ("luck", pa.float64()),
                          ("accuracy_F", pa.float64()), ("accuracy_M", pa.float64()), ("accuracy_R", pa.float64())]),
    # one row per seat of a reviewed game, by what each player knew (skat stats sums them)
    "stats": pa.schema([("row", pa.int64()), ("id", pa.string()), ("seat", pa.string()), ("player", pa.string()),
                        ("declarer", pa.bool_()), ("game", pa.string()), ("cards", pa.int64()),
                        ("info_cost", pa.float64()), ("best", pa.int64()), ("good", pa.int64()),
                        ("inaccuracy", pa.int64()), ("mistake", pa.int64()), ("blunder", pa.int64()),
                        ("dd_cost", pa.int64()), ("won", pa.bool_()), ("expected_win", pa.float64()),
                        ("score", pa.int64()), ("accuracy", pa.float64())]),
    # one row per hand: the bid row's answer and every declaration's advice at the bid (the hand
    # model's training data, solver/handmodel; columns DECL_p_win, DECL_p_win_dd, ...)
    "labels": pa.schema([("row", pa.int64()), ("id", pa.string()), ("seat", pa.string()), ("cards", pa.string()),
                         ("bid", pa.int64()), ("recommended", pa.string()), ("expected_score", pa.float64()),
                         ("expected_score_low", pa.float64()), ("expected_score_high", pa.float64()),
                         ("safe_bid", pa.int64()), ("verdict", pa.string()), ("verdict_basis", pa.string()),
                         ("pickup_expected_score", pa.float64()), ("pickup_expected_score_low", pa.float64()),
                         ("pickup_expected_score_high", pa.float64()), ("pickup_gap", pa.float64()),
                         ("pickup_up_to", pa.int64()), ("samples", pa.int64()),
                         ("seed", pa.int64())]
                        + [(f"{k}_{c}", t) for k in DECLARATIONS for c, t in LABEL_COLUMNS]),
}


#: The bid table's verdict at the asked bid (18 when none): the advice's yes / no / borderline.
VERDICT_WORDS = {"yes": "bid", "no": "pass", "borderline": "borderline"}


def row_seed(seed: int, key: str, seat: int) -> int:
    """A per-hand seed from the run's seed, the row's id (or cards) and the seat: the same hand
    gets the same worlds whatever its position in the file or the worker that runs it."""
    h = hashlib.sha256(f"{seed}|{key}|{seat}".encode()).digest()
    return int.from_bytes(h[:4], "little") & 0x7FFFFFFF


def _item(no: int, raw: Any, fmt: str) -> Item:
    """A row (of a JSON-lines or ISS file) as an input item of any variant (the registry finds
    it from the record)."""
    item = parse_item(no, raw, "iss" if fmt == "iss" else "json", variants=True)
    if item is None:
        raise ValueError(f"line {no}: a blank line or a comment, not a deal")
    return item


def _no_ramsch(deal) -> None:
    if deal.declarer < 0:
        raise DealError("a Ramsch has no declarer, so no row in this table: skat solve and skat analyse give "
                        "each seat's values")


def _dd_rows(item: Item, games: str) -> list[dict]:
    base = {"row": item.line, "id": item.id}
    if item.deal is None:
        return [dict(base, passed=True)]
    d = item.deal
    _no_ramsch(d)
    if not item.classic:
        return [_dd_variant_row(item, base)]
    played: dict[str, Any] = {}
    if d.played:
        st = replay(d)
        if st.over or st.ended_by_trick:
            res, _ = score_deal(d)
            played = {"played_points": st.declarer_points if not d.declaration.is_null else None,
                      "played_won": res.won, "played_score": res.score}
    rec: dict[str, Any] = {}
    if item.iss is not None:
        r = item.iss.recorded
        rec = {"recorded_score": r.get("v"), "recorded_won": r.get("won"), "ended_early": item.iss.ended_early}
    solved, where = solve_point(d)
    decls = [d.declaration] if games == "recorded" else [
        d.declaration if g == d.game else Declaration(g, hand=d.declaration.hand) for g in GAMES]
    deals = [Deal(d.hands, d.skat, d.declarer, x, solved.played if x == d.declaration else [], d.bid, d.leader,
                  d.id) for x in decls]
    s = default_solver()
    vals = s.solve_positions([position(x) for x in deals])
    out = []
    for x, v in zip(decls, vals):
        row = dict(base, passed=False, game=GAME_NAMES[x.game], declarer=SEATS[d.declarer], hand=x.hand,
                   recorded_game=(x.game == d.game), dd_from=where if x == d.declaration else "start", **v)
        if x.game == d.game:
            row.update(played, **rec)
        out.append(row)
    return out


def _dd_variant_row(item: Item, base: dict) -> dict:
    """Another variant's row of the dd table: its recorded game solved through the variant
    (``hand`` does not apply); a finished deal's play and settlement beside it."""
    v, d = item.variant, item.deal
    r = v.solve(d)
    row = dict(base, passed=False, game=r["game"], declarer=v.seats[d.declarer], recorded_game=True,
               dd_from=r["dd_from"], dd_points=r["dd_points"], dd_declarer_wins=r["dd_declarer_wins"])
    if v.replay(d).finished:
        out = v.outcome(d)
        row.update(played_points=out["declarer_points"], played_won=out["won"],
                   played_score=v.settle(d).scores[v.seats[d.declarer]])
    return row


def _bid_inputs(no: int, raw: Any, fmt: str, seat_opt: str | None) -> list[tuple[str, int, int, int | None]]:
    """(id, cards, seat, bid) for each hand of an input row."""
    if fmt == "csv":
        if raw.get("_width") != raw.get("_header"):
            raise ValueError(f"line {no}: expected {raw.get('_header')} columns, got {raw.get('_width')}")
        if "cards" not in raw or "seat" not in raw:
            raise ValueError(f"line {no}: the CSV needs the columns cards and seat")
        bid = int(raw["bid"]) if raw.get("bid") else None
        return [(raw.get("id") or str(no), parse_cards(raw["cards"]), parse_seat(raw["seat"]), bid)]
    item = _item(no, raw, fmt)
    if item.error:
        raise ValueError(item.error)
    if not item.classic:
        raise ValueError(f"line {no}: bid advice is for classic Skat's ten-card hands, not {item.variant.name}")
    if item.deal is not None:
        hands = item.deal.hands
        if item.iss is not None:                       # as dealt, before the pick-up
            hands = [sum(1 << c for c in h) for h in item.iss.dealt[:3]]
    elif item.iss is not None:
        hands = [sum(1 << c for c in h) for h in item.iss.dealt[:3]]
    else:
        raise ValueError(f"line {no}: passed record without hands" if not item.record else
                         str(load_deal(item.record)))
    seats = [SEATS.index(seat_opt)] if seat_opt else [0, 1, 2]
    return [(item.id, hands[p], p, None) for p in seats]


def bid_row_evaluation(cards: int, seat: int, bid: int | None, seed: int, opts: dict):
    """The evaluation behind one bulk ``bid`` row (one process; only the declarations the row
    reports on are settled in full: the :data:`~solver.advice.options.BULK` advice)."""
    sampling = Sampling(samples=opts.get("samples", DEFAULT.samples),
                        precision=opts.get("precision", DEFAULT.precision), seed=seed)
    return evaluate_hand(cards, seat, bid=bid, sampling=sampling, advice=BULK, workers=1)


def _seeded_hands(no: int, raw: Any, fmt: str, opts: dict) -> list[tuple[str, int, int, int | None, int]]:
    """(id, cards, seat, bid, seed) for each hand of an input row: the seed from the run's seed,
    the id and the cards (:func:`row_seed`)."""
    return [(rid, cards, seat, bid, row_seed(opts.get("seed", 0), f"{rid}|{' '.join(card_codes(cards))}", seat))
            for rid, cards, seat, bid in _bid_inputs(no, raw, fmt, opts.get("seat"))]


def _hand_row(no: int, rid: str, cards: int, seat: int, bid: int | None) -> dict:
    return {"row": no, "id": rid, "seat": SEATS[seat], "cards": " ".join(card_codes(cards)), "bid": bid}


def _bid_rows(no: int, raw: Any, fmt: str, opts: dict) -> list[dict]:
    """The ``bid`` rows of an input row; with ``opts["fast"]`` the hand-value model answers each
    hand it settles (``by: model``), the Monte Carlo the others (``by: search``); with
    ``opts["model_only"]`` the model answers every hand (its verdict ``borderline`` where its
    expected score is within its error of zero)."""
    hands = _seeded_hands(no, raw, fmt, opts)
    model_only = bool(opts.get("model_only"))
    estimates = estimate_hands([(c, s, b) for _, c, s, b, _ in hands], z=opts.get("fast_z")) \
        if opts.get("fast") or model_only else [None] * len(hands)
    out = []
    for (rid, cards, seat, bid, seed), est in zip(hands, estimates):
        row = _hand_row(no, rid, cards, seat, bid)
        if est is not None and (est.settled or model_only):
            out.append({**row, **_model_row(est), "seed": seed})
            continue
        ev = bid_row_evaluation(cards, seat, bid, seed, opts)
        r = ev.recommended
        lo, hi = r.p_win_ci(ev.at)
        a = ev.advice()
        higher = a["higher"] or {}
        option = a["pickup"] or {}
        out.append({**row, "recommended": r.to_dict(ev.at)["name"], "game": GAME_NAMES[r.declaration.game],
                    "hand": r.declaration.hand, "p_win": r.p_win(ev.at), "p_win_low": lo, "p_win_high": hi,
                    "p_win_dd": r.p_win_dd(ev.at), "p_schneider": r.p_schneider(ev.at),
                    "p_schneider_dd": r.p_schneider_dd(ev.at),
                    "expected_score": r.expected_score(ev.at), "safe_bid": ev.safe_bid,
                    "verdict": VERDICT_WORDS[a["verdict"]], "verdict_basis": a["verdict_basis"],
                    "up_to": a["up_to"], "higher_bid": higher.get("bid"),
                    "higher_declaration": higher.get("declaration"),
                    "pickup_expected_score": option.get("expected_score"), "pickup_up_to": option.get("max_bid"),
                    "samples": ev.samples,
                    "seed": seed, "by": "search"})
    return out


def _model_row(est: HandEstimate) -> dict:
    """A ``bid`` row's answer from the hand-value model (no worlds: ``samples`` 0, no
    double-dummy Schneider rate; the P(win) interval is the model's error on held-out hands)."""
    d = est.declarations[est.recommended]
    decl = declaration_of(est.recommended)
    return {"recommended": advice_name(est.recommended), "game": GAME_NAMES[decl.game], "hand": decl.hand,
            "p_win": d.p_win, "p_win_low": max(0.0, d.p_win - est.p_win_half),
            "p_win_high": min(1.0, d.p_win + est.p_win_half), "p_win_dd": d.p_win_dd, "p_schneider": d.p_schneider,
            "p_schneider_dd": None, "expected_score": d.expected_score, "safe_bid": est.safe_bid,
            "verdict": est.verdict, "verdict_basis": "declaration",
            "up_to": est.safe_bid if est.verdict == "bid" else None,
            "higher_bid": est.higher[0] if est.higher else None,
            "higher_declaration": advice_name(est.higher[1]) if est.higher else None, "samples": 0, "by": "model"}


def _label_rows(no: int, raw: Any, fmt: str, opts: dict) -> list[dict]:
    """The ``labels`` rows: the same evaluation as a ``bid`` row, every declaration of the hand
    model's menu reported (a Hand game's announced forms, which the model does not value, are
    not: the Hand game's columns are its own).  An announced recommendation is named by its
    Hand game."""
    out = []
    for rid, cards, seat, bid, seed in _seeded_hands(no, raw, fmt, opts):
        ev = bid_row_evaluation(cards, seat, bid, seed, opts)
        a = ev.advice()
        rec = ev.recommended.declaration
        row = {**_hand_row(no, rid, cards, seat, bid),
               "recommended": key_of(rec) or key_of(Declaration(rec.game, hand=rec.hand)),
               "expected_score": a["expected_score"],
               "expected_score_low": a["expected_score_ci"][0], "expected_score_high": a["expected_score_ci"][1],
               "safe_bid": ev.safe_bid, "verdict": VERDICT_WORDS[a["verdict"]], "verdict_basis": a["verdict_basis"],
               **_option_columns(a["pickup"]),
               "samples": ev.samples,
               "seed": seed}
        for r in ev.declarations:
            k = key_of(r.declaration)
            if k is None:
                continue
            row.update({f"{k}_p_win": r.p_win(ev.at), f"{k}_p_win_dd": r.p_win_dd(ev.at),
                        f"{k}_p_schneider": r.p_schneider(ev.at), f"{k}_expected_score": r.expected_score(ev.at),
                        f"{k}_max_bid": r.max_bid(ev.min_win), f"{k}_samples": r.samples})
        out.append(row)
    return out


def _option_columns(option: dict | None) -> dict:
    """A ``labels`` row's pick-up option at the bid (the advice's ``pickup``; None where the row
    priced none: its best single game said yes, or a suit game did not lead the pick-ups)."""
    option = option or {}
    lo, hi = option.get("expected_score_ci") or (None, None)
    return {"pickup_expected_score": option.get("expected_score"), "pickup_expected_score_low": lo,
            "pickup_expected_score_high": hi, "pickup_gap": option.get("gap"), "pickup_up_to": option.get("max_bid")}


def _judging(opts: dict) -> Judging:
    """How closely a bulk row's review judges: the options given, else the bulk defaults."""
    return BULK_JUDGING.asked(**{f.name: opts.get(f.name) or None for f in fields(Judging)})


def _analyse_rows(item: Item, opts: dict | None = None) -> list[dict]:
    opts = opts or {}
    if item.deal is None:
        raise DealError("passed in: no play to review")
    _no_ramsch(item.deal)
    info = bool(opts.get("info")) and item.classic
    rv = review(item.deal, declaration=False, info=info, seed=row_seed(opts.get("seed", 0), item.id, 0),
                judging=_judging(opts))
    sm = rv.summary()
    w = sm["worst_mistake"] or {}
    sv = sm["start_value"]
    row = {"row": item.line, "id": item.id, "game": GAME_NAMES[item.deal.game],
           "declarer": rv.seats[item.deal.declarer], "cards_played": len(rv.cards),
           "start_value": int(sv) if sv is not None else None, "declarer_points": sm["declarer_points"],
           "won": sm.get("won"), "score": sm.get("score"), "declarer_cost": sm["declarer_cost"],
           "defender_cost": sm["defender_cost"], "worst_seat": w.get("seat"), "worst_card": w.get("card"),
           "worst_trick": w.get("trick"), "worst_cost": w.get("cost")}
    for s in SEATS:                                     # (Offiziersskat has no M: null there)
        row[f"mistakes_{s}"] = sm["mistakes"].get(s, {}).get("mistakes")
        row[f"cost_{s}"] = sm["mistakes"].get(s, {}).get("cost")
    if info and "info" in sm:
        for s in SEATS:
            i = sm["info"][s]
            row.update({f"info_cost_{s}": i["cost"], f"inaccuracies_{s}": i["inaccuracy"],
                        f"info_mistakes_{s}": i["mistake"], f"blunders_{s}": i["blunder"],
                        f"accuracy_{s}": i["accuracy"]})
        lk = sm.get("luck") or {}
        row["declarer_chance"] = lk.get("declarer_chance")
        row["luck"] = (lk.get("luck") or {}).get(rv.seats[item.deal.declarer])
    return [row]


def _players(item: Item) -> list[str]:
    """The players' names by seat: an ISS game's P0-P2, a record's ``players``, else the seat."""
    if item.iss is not None and any(item.iss.players):
        return [n or SEATS[i] for i, n in enumerate(item.iss.players)]
    named = (item.record or {}).get("players")
    if isinstance(named, dict):
        return [str(named.get(s) or s) for s in SEATS]
    if isinstance(named, list) and len(named) == 3:
        return [str(n) for n in named]
    return list(SEATS)


def _stats_rows(item: Item, opts: dict) -> list[dict]:
    """A played game reviewed by what each player knew: per seat its cards' information cost and
    classes, its double-dummy cost, and for the declarer the result against his own expectation
    (his winning chance by the played-out advice for his hand, game and auction,
    :func:`~solver.analysis.luck_and_skill`)."""
    if item.deal is None:
        raise DealError("passed in: no play to review")
    if not item.classic:
        raise DealError(f"skat stats reviews classic Skat, not {item.variant.name}")
    deal = item.deal
    _no_ramsch(deal)
    seed = row_seed(opts.get("seed", 0), item.id, 0)
    rv = review(deal, declaration=False, info=True, seed=seed,
                judging=_judging(opts))
    sm = rv.summary()
    judged = info_summary(rv.cards)                 # (a game conceded before a card: no cards, no cost)
    names = _players(item)
    expected = (sm.get("luck") or {}).get("declarer_chance")     # his chance by what he knew when he declared
    out = []
    for s, seat in enumerate(SEATS):
        info = judged[seat]
        row = {"row": item.line, "id": item.id, "seat": seat, "player": names[s], "declarer": s == deal.declarer,
               "game": GAME_NAMES[deal.game], "cards": info["cards"], "info_cost": info["cost"],
               "dd_cost": sm["mistakes"][seat]["cost"], "accuracy": info["accuracy"], **{c: info[c] for c in CLASSES}}
        if s == deal.declarer:
            row.update(won=sm.get("won"), expected_win=expected, score=sm.get("score"))
        out.append(row)
    return out


def read_journal(path: Path) -> tuple[dict[int, tuple[list[dict], list[dict]]], int]:
    """The rows a chunk's journal holds: {row: (output rows, error rows)}, and the length of
    its whole lines (a line cut by a kill is not a row: it is dropped and written again)."""
    done: dict[int, tuple[list[dict], list[dict]]] = {}
    whole = 0
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return done, 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        try:
            entry = json.loads(line)
        except ValueError:
            break
        done[int(entry["row"])] = (entry["out"], entry["errors"])
        whole += len(line)
    return done, whole


def run_chunk(task: str, fmt: str, rows: list[tuple[int, Any]], opts: dict,
              on_row: Callable[[], None] | None = None,
              journal: Path | None = None) -> tuple[list[dict], list[dict]]:
    """Process one chunk: (output rows, error rows).  A bad row never stops the chunk.
    ``on_row`` is called after each input row (progress by the row).

    ``journal``: a file each finished row is appended to the moment it is done, so that a run
    stopped in the middle of the chunk keeps the rows it finished; the rows already in it are
    taken from it, not computed again (a row's result depends only on the row and the options).
    """
    out: list[dict] = []
    errors: list[dict] = []
    done, whole = read_journal(journal) if journal is not None else ({}, 0)
    fh = None
    if journal is not None:
        fh = open(journal, "ab")
        fh.truncate(whole)
    try:
        for no, raw in rows:
            if no in done:
                row_out, row_err = done[no]
            else:
                row_out, row_err = _one_row(task, fmt, no, raw, opts)
                if fh is not None:
                    fh.write((json.dumps({"row": no, "out": row_out, "errors": row_err}, ensure_ascii=False)
                              + "\n").encode())
                    fh.flush()
            out.extend(row_out)
            errors.extend(row_err)
            if on_row is not None:
                on_row()
    finally:
        if fh is not None:
            fh.close()
    return out, errors


def _one_row(task: str, fmt: str, no: int, raw: Any, opts: dict) -> tuple[list[dict], list[dict]]:
    """One input row's output rows, or its error row."""
    rid = line_id(no, raw)
    try:
        if task in ("bid", "labels"):
            return (_bid_rows if task == "bid" else _label_rows)(no, raw, fmt, opts), []
        if fmt == "csv":
            raise ValueError(f"line {no}: task {task} needs deals (JSON records or ISS lines), not hands")
        item = _item(no, raw, fmt)
        rid = item.id
        if item.error:
            raise ValueError(item.error)
        return (_dd_rows(item, opts.get("games", "recorded")) if task == "dd" else
                _stats_rows(item, opts) if task == "stats" else _analyse_rows(item, opts)), []
    except Exception as e:  # noqa: BLE001 - a bad row must never stop the run
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        if not msg.startswith("line "):
            msg = f"line {no}: {msg}"
        return [], [{"row": no, "id": rid, "error": msg}]
