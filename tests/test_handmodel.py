"""The hand-value model: its frames, its agreement with the bulk advice and with played-out
results on held-out hands, and ``--fast`` sending what it cannot settle to the search."""

import csv
import json
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from benchmarks import fit_hand_model
from benchmarks.fit_hand_model import LABELS, agreement, calibration, choose_reach, read_labels
from solver.advice.sentences import estimate_line
from cli.main import cli
from web.app import create_app
from solver.bulk.runner import run_bulk
from solver.cards import parse_cards
from solver.games import SEATS
from solver.handmodel.features import FEATURE_NAMES, features
from solver.handmodel.model import (OPTION_REACH, SUIT_PICKUPS, VERDICT_AGREEMENT, HandModel, estimate_hand,
                                    estimate_hands, load_model)

from .conftest import ROOT

HELD_OUT = sorted(LABELS.glob("holdout-*.parquet"))


def _swap_hearts_spades(cards: int) -> int:
    hearts, spades = (cards >> 7) & 0x7F, (cards >> 14) & 0x7F
    return (cards & ~(0x7F << 7) & ~(0x7F << 14)) | (spades << 7) | (hearts << 14)


def test_a_suit_game_is_seen_in_its_own_frame():
    # Hearts on a hand equals Spades on the hand with the two suits' cards exchanged, but for
    # the game's base value (10 and 11 by the rules); the seat and Hand flags are kept
    hand = parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7")
    a, b = features(hand, 1, "hearts_hand"), features(_swap_hearts_spades(hand), 1, "spades_hand")
    base = FEATURE_NAMES.index("base")
    assert np.array_equal(np.delete(a, base), np.delete(b, base))
    assert (a[base] * 24, b[base] * 24) == (10, 11)


def test_a_bad_hand_is_named():
    with pytest.raises(ValueError, match="ten cards, not 9"):
        estimate_hand(parse_cards("CJ SJ HA HT HK H9 SA S7 D8"), 0)
    with pytest.raises(ValueError, match="bid 19 is not a value"):
        estimate_hand(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, 19)


@pytest.fixture(scope="module")
def held_out():
    return read_labels(HELD_OUT)


def test_the_model_agrees_with_the_advice_on_held_out_hands(held_out):
    # the goals of issue 63: the verdict equal to the default's on at least 95% of the hands the
    # model settles and the default does not call borderline; the win chance within 0.04 of the
    # default's on average (the advice's recommended declaration, where the advice itself is
    # precise: on a hand it settled in 16 or 48 worlds its own error is larger than that)
    model = load_model()
    a = agreement(held_out, model, model.z)
    assert a["hands"] >= 500
    assert a["verdict_agrees"] >= 0.95, a
    assert a["p_win_mae_where_the_advice_is_precise"] <= 0.04, a


def test_the_safe_bid_is_compared_where_the_advice_bids_on_a_single_game(held_out):
    # where the pick-up's option turned the advice's answer to bid, the label's safe bid is still
    # the single game's (often none): the advice's bid rests on the option's price there, which the
    # model does not give, so those hands say nothing of the model's safe bid
    model = load_model()
    a = agreement(held_out, model, model.z)
    blanked = [dict(r, safe_bid=None) if r["verdict_basis"] == "pickup" else r for r in held_out]
    assert agreement(blanked, model, model.z)["safe_bid_agrees"] == a["safe_bid_agrees"]
    assert 0 < a["bids_on_the_option"] < 1, a


def test_the_safe_bid_on_the_option_is_compared_with_the_options_up_to(held_out):
    # where the option answers, the advice bids up to the option's price (the labels' pickup_up_to):
    # labels whose "up to" is the model's own safe bid agree on every such hand; with any higher
    # "up to", the model's safe bid is below it on every one
    model = load_model()
    est = model.estimate([(parse_cards(r["cards"]), SEATS.index(r["seat"]), r["bid"]) for r in held_out], z=model.z)
    agreeing = [dict(r, pickup_up_to=e.safe_bid or 18) if r["verdict_basis"] == "pickup" else r
                for r, e in zip(held_out, est)]
    higher = [dict(r, pickup_up_to=(e.safe_bid or 18) + 1) if r["verdict_basis"] == "pickup" else r
              for r, e in zip(held_out, est)]
    a, b = agreement(agreeing, model, model.z), agreement(higher, model, model.z)
    assert a["safe_bid_agrees_on_the_option"] == 1.0 and b["safe_bid_agrees_on_the_option"] == 0.0, (a, b)
    assert b["safe_bid_below_the_option"] == 1.0
    # labels written before the column say nothing
    assert agreement(held_out, model, model.z)["safe_bid_agrees_on_the_option"] is None


def test_the_model_is_calibrated_against_played_out_results(held_out):
    """Per class, on held-out hands played out by three best players: the model's mean P(win) of
    the game declared is the advice's own on the hands both priced (within 0.03: the model adds no
    miscalibration), and for the trump games it is the share won (within 0.03, or inside the 95%
    interval of that share where a class has few games).  Null is not asked the second: there the
    advice itself under-prices the played-out wins (measured in benchmarks/bench_bulk_bid.py), so
    the model that distils it does too."""
    rows = calibration(load_model(), labels=held_out)
    assert {c["class"] for c in rows} == {"suit", "grand", "null"}
    for c in rows:
        assert c["advice"]["hands"] >= 30 and abs(c["advice"]["model"] - c["advice"]["advice"]) <= 0.03, c
        if c["class"] != "null":
            lo, hi = c["won_95"]
            assert abs(c["gap"]) <= 0.03 or lo <= c["predicted"] <= hi, c


def _hands_csv(path: Path, rows: list[dict]) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["id", "cards", "seat", "bid"])
        w.writeheader()
        w.writerows(rows)


def _as_labelled(bid_row: dict, label: dict) -> bool:
    """A bid row's answer is its labels' (written with the pick-up's option priced), and so is the
    option's price where the row priced one."""
    return (bid_row["verdict"], bid_row["verdict_basis"], bid_row["pickup_expected_score"]) == \
        (label["verdict"], label["verdict_basis"], label["pickup_expected_score"])


@pytest.mark.slow
def test_fast_answers_what_the_model_settles_and_searches_the_rest(tmp_path, held_out):
    model = load_model()
    est = model.estimate([(parse_cards(r["cards"]), SEATS.index(r["seat"]), None) for r in held_out])
    settled = [r for r, e in zip(held_out, est) if e.settled][:2]
    unsettled = [r for r, e in zip(held_out, est) if not e.settled][:2]
    rows = [{"id": r["id"], "cards": r["cards"], "seat": r["seat"], "bid": ""} for r in settled + unsettled]
    _hands_csv(tmp_path / "h.csv", rows)
    opts = {"samples": 400, "precision": 0.05, "seed": 1}
    run_bulk("bid", str(tmp_path / "h.csv"), str(tmp_path / "fast.jsonl"), workers=1, options={**opts, "fast": True})
    run_bulk("bid", str(tmp_path / "h.csv"), str(tmp_path / "default.jsonl"), workers=1, options=opts)
    fast = {r["id"]: r for r in map(json.loads, (tmp_path / "fast.jsonl").read_text().splitlines())}
    default = {r["id"]: r for r in map(json.loads, (tmp_path / "default.jsonl").read_text().splitlines())}
    for r in settled:
        assert fast[r["id"]]["by"] == "model" and fast[r["id"]]["samples"] == 0
    for r in unsettled:
        # the search's row is the default's row, to the digit
        assert fast[r["id"]]["by"] == "search"
        assert fast[r["id"]] == default[r["id"]]
        # and the default's answer is the labels' (the same evaluation, the same seed)
        assert _as_labelled(default[r["id"]], r)
    assert all(r["by"] == "search" for r in default.values())


def test_a_pass_within_reach_of_the_pick_up_s_option_is_not_settled(held_out):
    # the model prices no pick-up as the game chosen after the skat, which can turn a pass: where a
    # suit game with the pick-up is expected above minus the model's reach, a pass is borderline
    model = load_model()
    reach = model.option_reach
    est = model.estimate([(parse_cards(r["cards"]), SEATS.index(r["seat"]), None) for r in held_out])

    def best_suit_pickup(e):
        return max(e.declarations[k].expected_score for k in SUIT_PICKUPS)
    near = [e for e in est if e.unsettled and "pick-up" in e.unsettled]
    assert near and all(e.verdict == "borderline" and best_suit_pickup(e) > -reach for e in near)
    assert all(best_suit_pickup(e) <= -reach for e in est if e.settled and e.verdict == "pass")


def test_the_option_s_reach_is_chosen_on_fresh_hands_and_holds_on_held_out_ones(held_out):
    # the shipped reach is the fit's choice on the shipped fresh labels (written with the option,
    # hands the model was not fitted on): the smallest whose settled verdicts are the advice's on
    # VERDICT_AGREEMENT of the hands; on the held-out hands, never used to choose it, they are too
    model = load_model()
    rows = read_labels(sorted(LABELS.glob("option-*.parquet")))
    chosen, tried = choose_reach(rows, model)
    assert len(rows) >= 2000 and chosen == model.option_reach
    smaller = [t for t in tried if t["option_reach"] < chosen]
    assert smaller and all(t["verdict_agrees"] < VERDICT_AGREEMENT for t in smaller)
    assert agreement(held_out, model, model.z)["verdict_agrees"] >= VERDICT_AGREEMENT
    # the labels the reach is judged on price the option: some passes are turned by it
    assert sum(r["verdict_basis"] == "pickup" for r in held_out) >= 100


def test_a_bid_above_18_is_settled_only_as_a_pass(held_out):
    model = load_model()
    hands = [(parse_cards(r["cards"]), SEATS.index(r["seat"])) for r in held_out]
    at18 = model.estimate([(c, s, None) for c, s in hands])
    at30 = model.estimate([(c, s, 30) for c, s in hands])
    bids = [(a, b) for a, b in zip(at18, at30) if a.settled and a.verdict == "bid"]
    passes = [(a, b) for a, b in zip(at18, at30) if a.settled and a.verdict == "pass"]
    assert bids and passes
    # a pass at 18 is a pass at any higher bid: raising the bid only adds the overbid's losses
    assert all(b.settled and b.verdict == "pass" for _, b in passes)
    assert all(not b.settled and "bid 18" in b.unsettled for _, b in bids)


def test_a_hand_that_may_be_announced_goes_to_the_search():
    # four jacks with every ace and ten: a Grand Hand that takes every trick, which the advice
    # announces (Schwarz, Ouvert: up to 264) -- announcements the model does not value
    est = estimate_hand(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), 0)
    assert est.verdict == "bid" and not est.settled and "announced" in est.unsettled


def test_the_batch_form_is_the_single_form():
    hands = [(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, None),
             (parse_cards("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7"), 1, None)]
    assert estimate_hands(hands) == [estimate_hand(*h) for h in hands]


def test_the_labels_are_the_bid_rows(tmp_path):
    # skat bulk labels reports the same evaluation as skat bulk bid, every declaration beside it
    row = read_labels(HELD_OUT)[0]
    _hands_csv(tmp_path / "one.csv", [{"id": row["id"], "cards": row["cards"], "seat": row["seat"], "bid": ""}])
    opts = {"samples": 400, "precision": 0.05, "seed": 1}
    run_bulk("bid", str(tmp_path / "one.csv"), str(tmp_path / "bid.parquet"), workers=1, options=opts)
    bid = pq.read_table(tmp_path / "bid.parquet").to_pylist()[0]
    assert _as_labelled(bid, row) and bid["safe_bid"] == row["safe_bid"]
    assert bid["samples"] == row["samples"] and bid["seed"] == row["seed"]
    assert bid["p_win"] == pytest.approx(row[f"{row['recommended']}_p_win"], abs=1e-12)


def test_the_estimate_line_says_it_is_the_model_and_what_it_answers():
    # a hand with all four jacks and both black aces and tens: a game to play at any seat
    est = estimate_hand(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), 0)
    line = estimate_line(est)
    assert line.startswith("Quick estimate (hand-value model, at 18, no worlds sampled): bid up to")
    assert est.verdict == "bid" and est.safe_bid is not None and est.safe_bid >= 5 * 24   # a Grand with 4, by the rules
    assert "The Monte Carlo answer follows." in line
    # no jack, no ace, no ten, a queen or king in every suit (no Null either): a pass
    weak = estimate_hand(parse_cards("CQ C8 SK S9 HQ H9 HK DQ D9 D8"), 1)
    assert weak.verdict == "pass" and estimate_line(weak).count("pass (") == 1


def test_the_web_estimate_is_instant_and_checks_its_input():
    with TestClient(create_app(workers=1)) as c:
        r = c.post("/api/estimate", json={"cards": "CJ SJ HJ DJ CA CT SA ST HA HT", "seat": "F"})
        assert r.status_code == 200, r.text
        assert r.json()["by"] == "model" and r.json()["line"].startswith("Quick estimate (hand-value model")
        for body, message in (({"cards": "CJ SJ HJ", "seat": "F"}, "ten cards, not 3"),
                              ({"cards": "CJ SJ HJ DJ CA CT SA ST HA XX", "seat": "F"}, "'XX'"),
                              ({"cards": "CJ SJ HJ DJ CA CT SA ST HA HT", "seat": "F", "samples": 9}, "samples"),
                              ({"cards": "CJ SJ HJ DJ CA CT SA ST HA HT", "seat": "F", "to": 19}, "bid 19")):
            r = c.post("/api/estimate", json=body)
            assert r.status_code == 400 and message in r.json()["error"], (body, r.text)


@pytest.mark.parametrize("args, message", [
    (["bulk", "dd", "data/deals.jsonl", "--out", "x.parquet", "--fast"], "--fast is for the bid task"),
    (["bulk", "analyse", "data/deals.jsonl", "--out", "x.parquet", "--model-only"], "--model-only is for the bid task"),
])
def test_fast_is_only_for_bid_advice(args, message, tmp_path):
    r = CliRunner().invoke(cli, args[:3] + ["--out", str(tmp_path / "x.parquet")] + args[5:])
    assert r.exit_code == 2 and message in r.output


def test_model_only_answers_every_hand_from_the_command_line(tmp_path):
    out = tmp_path / "m.jsonl"
    r = CliRunner().invoke(cli, ["bulk", "bid", str(ROOT / "data" / "bulk" / "hands.csv"), "--out", str(out),
                                 "--model-only", "--workers", "1", "--quiet"])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert rows and all(x["by"] == "model" and x["samples"] == 0 for x in rows)
    assert {x["verdict"] for x in rows} <= {"bid", "pass", "borderline"}


@pytest.mark.slow
def test_the_model_answers_the_same_on_a_dask_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    src = ROOT / "data" / "bulk" / "hands.csv"
    local = tmp_path / "local.jsonl"
    run_bulk("bid", str(src), str(local), workers=1, options={"model_only": True})
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = tmp_path / "dask.jsonl"
        run_bulk("bid", str(src), str(remote), scheduler=cluster.scheduler_address, workers=2, chunk_size=2,
                 options={"model_only": True})
    key = lambda r: r["row"]  # noqa: E731
    assert sorted(map(json.loads, remote.read_text().splitlines()), key=key) == \
        sorted(map(json.loads, local.read_text().splitlines()), key=key)


def test_a_labels_row_keeps_each_hand_game_its_own_columns(tmp_path):
    # four jacks with every ace and ten: the advice adds the Grand Hand's announced forms
    # (Schneider, Schwarz, Ouvert), which are not columns of the labels; double-dummy a Null
    # Ouvert is the Null (every card is seen either way), so its columns match the Null's
    _hands_csv(tmp_path / "h.csv", [{"id": "x", "cards": "CJ SJ HJ DJ CA CT SA ST HA HT", "seat": "F", "bid": ""}])
    run_bulk("labels", str(tmp_path / "h.csv"), str(tmp_path / "l.jsonl"), workers=1,
             options={"samples": 16, "precision": 0.05, "seed": 1})
    row = json.loads((tmp_path / "l.jsonl").read_text())
    assert row["recommended"] == "grand_hand"
    assert row["null_ouvert_hand_p_win_dd"] == row["null_hand_p_win_dd"]
    assert row["grand_hand_p_win_dd"] == 1.0


def test_the_reach_step_writes_its_choice_into_the_model(tmp_path):
    # a model without a reach (one a fit just wrote) has the default; the reach step chooses and says how
    shipped = json.loads((ROOT / "solver" / "data" / "hand_model.json").read_text())
    bare = {k: v for k, v in shipped.items() if k != "option_reach"}
    path = tmp_path / "model.json"
    path.write_text(json.dumps(bare))
    assert HandModel.from_json(bare).option_reach == OPTION_REACH
    fit_hand_model.main(["reach", "--model", str(path)])
    written = json.loads(path.read_text())
    assert written["option_reach"] == shipped["option_reach"]
    assert "fresh hands not fitted on (option-00.parquet)" in written["about"]["option_reach"]
    assert written["families"] == shipped["families"] and written["z"] == shipped["z"]
