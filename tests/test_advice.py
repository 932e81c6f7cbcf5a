"""Bid advice a player can act on: one consistent answer, probabilities that respect their own
worlds, the same answer on any machine and number of processes, readable at 80 columns.

Expected values come from the rules (game values, matadors, Null's fixed values, the overbid
rule) or are properties every answer must have; none is copied from a run of the code.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import re
import time

import numpy as np
import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import parse_cards as parse_cards_
from solver.advice import STOPPED, evaluate_hand
from solver.games import CLUBS_GAME, GRAND, NULL, Declaration
from solver.players.table import shuffle


def _json(ev) -> str:
    d = ev.to_dict()
    d.pop("seconds")
    return json.dumps(d, sort_keys=True)


def test_safe_bid_and_up_to_belong_to_the_recommended_declaration():
    # the web advisor's hand: it said "safe bid 30" while its pick-up game paid only 20
    ev = evaluate_hand("CJ DJ HA HK H9 H7 SA S8 C9 D7", "M", bid=20, samples=96, seed=4, workers=1)
    out = ev.to_dict()
    rec = out["recommended"]
    assert out["safe_bid"] == rec["max_bid"] == out["advice"]["up_to"]
    assert out["safe_bid_declaration"] == rec["name"] == out["advice"]["up_to_declaration"]
    higher = out["advice"]["higher"]
    if higher is not None:                        # another declaration pays more: named with its bid
        other = next(d for d in out["declarations"] if d["name"] == higher["declaration"])
        assert other["name"] != rec["name"] and other["max_bid"] == higher["bid"] > (rec["max_bid"] or 0)
    # every declaration's max bid is one at which that declaration still pays
    for r in ev.declarations:
        b = r.max_bid()
        if b is not None:
            assert r.expected_score(b) > 0


@pytest.mark.slow
def test_clubs_without_one_is_24_after_the_pick_up_and_36_only_as_a_hand_game():
    # SJ DJ without the club jack: "without 1", clubs 2 x 12 = 24 after the pick-up (36 only when
    # the skat brings the club jack, "with 2", or with Schneider); clubs Hand 3 x 12 = 36.  The
    # advice said "bid up to 36: clubs after the pick-up"
    ev = evaluate_hand("SJ DJ CA CT C9 C7 SA S9 H8 D9", "M", seed=0, workers=1)
    pick = next(r for r in ev.declarations if r.declaration == Declaration(CLUBS_GAME))
    assert set(np.unique(pick.mats)) <= {-1, 2, 3, 4}
    assert not (pick.wins_at(36) & (pick.mats == -1) & ~pick.schneider).any()
    a = ev.advice()
    assert (a["up_to"], a["up_to_declaration"]) == (24, "clubs (pick-up)")
    assert a["higher"] == {"bid": 36, "declaration": "clubs hand"}
    r = CliRunner().invoke(cli, ["bid", "SJ DJ CA CT C9 C7 SA S9 H8 D9", "--seat", "M", "--workers", "1"],
                           env={"COLUMNS": "200"})
    assert r.output.startswith("Bid up to 24 and play clubs after the pick-up")
    assert "up to 36 only as clubs Hand" in r.output.splitlines()[0]


def test_an_unbeatable_null_is_played_ouvert_at_46_and_the_others_are_named_overbid():
    # the lowest cards of every suit: no Null loses; Null 23 and Null Hand 35 are overbid at 46,
    # Null Hand Ouvert (59) is not
    ev = evaluate_hand("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8", "R", bid=46, samples=32, seed=1, workers=1)
    out = ev.to_dict()
    by = {d["name"]: d for d in out["declarations"]}
    assert by["null hand"]["overbid"] == {"bid": 46, "worth": 35}
    assert by["null (pick-up)"]["overbid"] == {"bid": 46, "worth": 23}
    assert "overbid" not in by["null hand ouvert"] and by["null hand ouvert"]["p_win_dd"] == 1.0
    assert out["recommended"]["name"] == "null hand ouvert" and out["advice"]["verdict"] == "yes"
    r = CliRunner().invoke(cli, ["bid", "C7 C8 C9 S7 S8 H7 H8 H9 D7 D8", "--seat", "R", "--to", "46",
                                 "--samples", "32", "--workers", "1"], env={"COLUMNS": "80"})
    assert r.output.startswith("Yes — bid up to 59 and play null Hand ouvert")
    assert "null H (worth 35)" in r.output


def test_a_game_that_wins_only_with_schneider_keeps_its_probability_inside_its_interval():
    # clubs Hand with 2 is worth 36, with Schneider 48: at 48 it wins only with Schneider
    ev = evaluate_hand("CJ HJ CA CT CK SA ST S9 HA D7", "R", bid=48, samples=8, seed=0, workers=1)
    for r in ev.declarations:
        lo, hi = r.p_win_ci(48)
        assert lo <= r.p_win(48) <= hi


def test_the_readme_grand_hand_prices_schneider_only_where_play_can_reach_it():
    """CJ SJ HA HT HK H9 SA S7 D8 D7 in forehand at 27.  Grand Hand "with 2" is worth
    (2 + 1 + 1) x 24 = 96, with Schneider (2 + 1 + 1 + 1) x 24 = 120 (rules: Grand 24, Hand +1,
    Schneider +1): whatever Schneider the play model adds lies within the worlds where some play
    reaches it, and the expected score within the values the game can score."""
    ev = evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", bid=27, samples=16, seed=0, workers=1)
    r = next(r for r in ev.declarations if r.declaration == Declaration(GRAND, hand=True))
    assert set(r.value_distribution()) <= {96, 120}
    assert r.p_schneider(27) <= r.p_schneider_possible() + 1e-9
    assert 96 * r.p_win(27) - 2 * 120 * (1 - r.p_win(27)) <= r.expected_score(27) <= 120
    d = r.to_dict(27)
    assert d["p_schneider"] <= d["p_schneider_possible"] and d["p_schneider_dd"] <= d["p_schneider_possible"]


def test_the_readme_grand_hand_is_priced_within_how_it_plays_out():
    """Played out from 120 seeded deals with best in all three seats (issue 53's measurement)
    the README's Grand Hand was won 120 times, with Schneider 18 (0.15, 95% 0.10-0.23), mean
    score 101.4.  At the advice's default precision its P(Schneider) lies in that interval and
    its expected score's interval holds the mean, though its worlds agree on every outcome: the
    interval carries the play model's own uncertainty, not only the worlds' spread."""
    ev = evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", bid=27, seed=0, workers=1)
    r = next(r for r in ev.declarations if r.declaration == Declaration(GRAND, hand=True))
    assert r.p_win_dd(27) == 1.0 and r.p_schneider_dd(27) == 0.0
    assert 0.10 <= r.p_schneider(27) <= 0.23
    lo, hi = r.expected_score_ci(27)
    assert lo <= 101.4 <= hi and hi - lo > 1


@pytest.mark.slow
def test_properties_over_seeded_random_hands():
    """Every declaration of every hand: P(win) inside its interval, P(Schneider) at most P(win)
    and at most the share of worlds where some play reaches it (none in Null), the expected score between the
    lowest and highest settlement of its worlds,
    and the max bid one at which the declaration pays."""
    for k in range(12):
        dealt = shuffle(np.random.default_rng([77, k]))
        seat = k % 3
        for bid in (18, 33):
            ev = evaluate_hand(dealt[seat], seat, bid=bid, samples=16, seed=k, workers=1)
            for r in ev.declarations:
                lo, hi = r.p_win_ci(bid)
                assert lo <= r.p_win(bid) <= hi, (k, r.declaration)
                assert r.p_schneider(bid) <= r.p_win(bid) + 1e-9
                # never above the worlds where some play (the defenders helping) reaches it
                assert r.p_schneider(bid) <= r.p_schneider_possible() + 1e-9, (k, r.declaration)
                if r.declaration.game == NULL:
                    assert r.p_schneider(bid) == 0
                low, high = r.score_range(bid)
                assert low - 1e-9 <= r.expected_score(bid) <= high + 1e-9, (k, r.declaration)
                b = r.max_bid()
                assert b is None or r.expected_score(b) > 0
            assert ev.safe_bid == ev.recommended.max_bid()


def _burn(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


@pytest.mark.slow
def test_the_same_seed_gives_the_same_answer_on_one_or_two_workers_and_under_load():
    hand = "C7 C8 S7 S9 H8 HQ D7 D9 DK SK"          # the hand that said 67% and then 40% by the clock
    quiet = _json(evaluate_hand(hand, "M", bid=18, samples=64, seed=3, workers=1))
    assert _json(evaluate_hand(hand, "M", bid=18, samples=64, seed=3, workers=2)) == quiet
    burners = [mp.get_context("spawn").Process(target=_burn, args=(20.0,)) for _ in range(2)]
    for p in burners:
        p.start()
    try:
        loaded = _json(evaluate_hand(hand, "M", bid=18, samples=64, seed=3, workers=2))
    finally:
        for p in burners:
            p.terminate()
            p.join()
    assert loaded == quiet
    out = json.loads(quiet)
    assert out["budget"] is None and out["stopped_by"] in STOPPED


def test_the_cli_has_no_clock_by_default_and_says_what_stopped_the_sampling():
    r = CliRunner().invoke(cli, ["bid", "C7 C8 S7 S9 H8 HQ D7 D9 DK SK", "--seat", "M", "--samples", "24",
                                 "--workers", "1", "--json"])
    out = json.loads(r.output)
    assert out["budget"] is None and out["stopped_by"] == "asked" and out["samples"] == 24
    r = CliRunner().invoke(cli, ["bid", "C7 C8 S7 S9 H8 HQ D7 D9 DK SK", "--seat", "M", "--samples", "24",
                                 "--workers", "1"], env={"COLUMNS": "80"})
    assert "sampling stopped after 24 worlds: the --samples worlds asked for were solved" in " ".join(r.output.split())


def test_an_explicit_samples_is_honoured_and_the_output_says_what_stopped_it():
    """Precision and a clear advice stop the sampling early only where the user did not ask for a
    number of worlds: the README hand stops after its first batch by default, and given
    ``--samples 96`` its leaders get all 96 (with ``--precision`` as well, that precision may
    stop it first, never the clear advice)."""
    hand = ["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "F", "--to", "27", "--workers", "1", "--json"]
    free = json.loads(CliRunner().invoke(cli, hand).output)
    assert free["stopped_by"] == "decided" and free["samples"] == 16
    asked = json.loads(CliRunner().invoke(cli, [*hand, "--samples", "96"]).output)
    assert asked["stopped_by"] == "asked" and asked["samples"] == 96
    lead = max(asked["declarations"], key=lambda d: d["samples"])
    assert lead["samples"] == 96
    both = json.loads(CliRunner().invoke(cli, [*hand, "--samples", "400", "--precision", "0.01"]).output)
    assert both["stopped_by"] in ("precision", "asked") and both["samples"] > 16


def test_the_tables_fit_80_columns_and_declare_answers_in_its_first_line():
    env = {"COLUMNS": "80"}
    for args in (["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "F", "--to", "27"],
                 ["declare", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--skat", "CK DT", "--seat", "F", "--bid", "27"]):
        r = CliRunner().invoke(cli, [*args, "--samples", "16", "--workers", "1"], env=env)
        assert r.exit_code == 0, r.output
        lines = r.output.splitlines()
        assert max(len(x) for x in lines) <= 80 and "…" not in r.output
        assert len(lines) <= 32
        assert any(x.startswith("Evidence: ") for x in lines)        # what the played-out chance rests on
    assert lines[0].startswith("Discard ") and " and play " in lines[0]
    wide = CliRunner().invoke(cli, [*args, "--samples", "16", "--workers", "1", "--wide"], env={"COLUMNS": "160"})
    assert "95% interval" in wide.output and "E(score) at 27" in wide.output


def test_solve_reports_an_overbid_game_as_lost():
    # clubs by M without 4 (no jack; CA CT CK CQ C9 C8 and the skat's C7): game 5 x 12 = 60, below
    # the bid of 100: lost at the lowest multiple of 12 reaching 100 (108), -2 x 108 = -216
    deal = ["--F", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--M", "C8 C9 CT CK CQ CA S8 S9 ST SK",
            "--R", "H7 H8 HQ DJ HJ SQ D9 DT DK DQ", "--skat", "DA C7", "--game", "clubs", "--declarer", "M"]
    out = json.loads(CliRunner().invoke(cli, ["solve", *deal, "--bid", "100", "--json"]).output)
    assert out["dd_points"] >= 61 and out["dd_declarer_wins"] is False and out["dd_overbid"] is True
    assert (out["dd_game_value"], out["dd_score"]) == (60, -216)
    table = CliRunner().invoke(cli, ["solve", *deal, "--bid", "100"], env={"COLUMNS": "200"}).output
    assert "overbid, lost (-216 at the bid of 100)" in table
    ok = json.loads(CliRunner().invoke(cli, ["solve", *deal, "--bid", "60", "--json"]).output)
    assert ok["dd_declarer_wins"] is True and "dd_overbid" not in ok and ok["dd_score"] == 60


def test_bulk_bid_gives_a_verdict_and_the_bid_it_pays_up_to(tmp_path):
    from solver.bulk.runner import run_bulk
    src = tmp_path / "hands.csv"
    hands = ["CJ SJ HJ DJ CA CT SA ST HA HT", "C7 C8 S7 S9 H8 HQ D7 D9 DK SK"]
    src.write_text("cards,seat,bid\n" + "".join(f"{h},F,18\n" for h in hands))
    out = tmp_path / "bid.jsonl"
    run_bulk("bid", str(src), str(out), workers=1, options={"samples": 16, "seed": 1})
    rows = sorted((json.loads(x) for x in out.read_text().splitlines()), key=lambda r: r["row"])
    assert len(rows) == 2
    strong = rows[0]                              # four jacks and the tops: Grand Hand Ouvert with 4, 11 x 24
    assert strong["verdict"] == "bid" and strong["up_to"] == strong["safe_bid"] == 264
    for r in rows:
        assert r["verdict"] in ("bid", "pass", "borderline")
        assert (r["verdict"] == "pass") == (r["expected_score"] < 0 and r["verdict"] != "borderline")


# ------------------------------------------------------------------ the auction

def test_an_auction_is_read_in_both_forms_and_a_bad_call_is_named():
    from solver.bidding import BiddingError, parse_auction
    words = parse_auction("M:18 F:yes M:20 F:yes M:pass R:22 F:pass")
    assert words == parse_auction("1 18 0 y 1 20 0 y 1 p 2 22 0 p")
    assert words == [(1, "18"), (0, "y"), (1, "20"), (0, "y"), (1, "p"), (2, "22"), (0, "p")]
    for bad, says in [("M:19", "call 1 (M:19): 19 is not on the bid ladder"),
                      ("F:18", "call 1 (F:18): M bids, not F"),
                      ("M:18 F:maybe", "call 2 (F:maybe): not a call"),
                      ("M:18 X:yes", "call 2 (X:yes): unknown seat"),
                      ("M:p R:p F:p F:18", "call 4 (F:18): the auction was over")]:
        with pytest.raises(BiddingError, match=re.escape(says)):
            parse_auction(bad)
    r = CliRunner().invoke(cli, ["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "R", "--auction", "M:19"])
    assert r.exit_code == 2 and "call 1 (M:19)" in r.output


@pytest.mark.parametrize("args, says", [
    (["--seat", "R", "--to", "22", "--auction", "M:18 F:yes M:20 F:yes M:pass R:pass"],
     "R passed at call 6 (R:p): no advice for a seat out of the auction"),
    (["--seat", "M", "--to", "22", "--auction", "M:18 F:yes M:20 F:yes M:pass"],
     "M passed at call 5 (M:p)"),
    (["--seat", "R", "--to", "18", "--auction", "M:18 F:yes M:20 F:yes M:pass"],
     "a bid of 18 is below the auction's 20 at call 3 (M:20)"),
    (["--seat", "M", "--to", "20", "--auction", "M:18 F:yes M:20"], "after call 3 (M:20) F answers M's 20, not M"),
    (["--seat", "M", "--to", "20", "--auction", "M:18 F:yes M:20 F:yes"], "M must bid higher"),
    (["--seat", "F", "--to", "20", "--auction", "M:pass R:pass"], "F may only play at 18, not 20"),
    (["--seat", "R", "--auction", "M:18 F:pass R:pass"], "R passed at call 3 (R:p)"),
])
def test_advice_the_auction_makes_meaningless_is_refused_in_one_line_naming_the_call(args, says):
    r = CliRunner().invoke(cli, ["bid", "CJ HJ CA CK C9 C8 SA S9 H8 D7", *args, "--samples", "8", "--workers", "1"])
    assert r.exit_code == 2, r.output
    assert r.output.strip() == f"Error: --auction: {says}" or (says in r.output and len(r.output.splitlines()) == 1)


def test_declare_after_an_auction_refuses_another_winner_and_a_lower_bid_and_takes_the_winner():
    base = ["declare", "CJ HJ CA CK C9 C8 SA S9 H8 D7", "--skat", "ST H7", "--samples", "8", "--workers", "1"]
    won_by_m = "M:18 F:yes M:20 F:pass R:pass"
    r = CliRunner().invoke(cli, [*base, "--seat", "R", "--bid", "20", "--auction", "M:18 F:yes M:20 F:yes M:pass R:22"])
    assert r.exit_code == 2 and "a bid of 20 is below the auction's 22 at call 6 (R:22)" in r.output
    r = CliRunner().invoke(cli, [*base, "--seat", "F", "--bid", "20", "--auction", won_by_m])
    assert r.exit_code == 2 and "F passed at call 4 (F:p)" in r.output
    r = CliRunner().invoke(cli, [*base, "--seat", "M", "--bid", "18", "--auction", won_by_m])
    assert r.exit_code == 2 and "a bid of 18 is below the auction's 20 at call 3 (M:20)" in r.output
    r = CliRunner().invoke(cli, [*base, "--seat", "M", "--bid", "20", "--auction", won_by_m, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["auction"] == ["M:18", "F:y", "M:20", "F:p", "R:p"]


def test_the_worlds_explain_the_others_calls():
    """With "M bid 24, F held 23 and passed 24", every world gives M a hand that can bid 24 and F
    none that passes 24 with a hand it would obviously play (the inference rules' weight 0), and
    the share of uniform worlds kept is reported."""
    from solver.bidding import parse_auction
    from solver.advice.hands import _worlds
    from solver.inference import auction_facts, bidder_weight
    from solver.sampling import WorldSampler
    calls = parse_auction("M:18 F:yes M:20 F:yes M:22 F:yes M:23 F:yes M:24 F:pass")
    cards = parse_cards_("CJ DJ HA HK H9 H7 SA S8 C9 D7")
    sampler = _worlds(WorldSampler(cards, 2, 5), 2, 5, calls)
    facts = auction_facts(calls)
    worlds = sampler.draw(40)
    assert all(bidder_weight(w.hands[1], facts.bid[1]) > 0 and
               bidder_weight(w.hands[0], facts.bid[0], facts.refused[0]) > 0 for w in worlds)
    assert 0 < sampler.acceptance < 1
    # the worlds kept explain the calls better than uniform ones do
    from solver.inference import auction_likelihood
    like = auction_likelihood(calls, 2)
    uniform = WorldSampler(cards, 2, 6).draw(200)
    assert np.mean([like(w) for w in worlds]) > 2 * np.mean([like(w) for w in uniform])


@pytest.mark.slow
def test_advice_after_an_auction_differs_from_the_bare_hand_and_names_the_auction():
    hand, calls = "CJ DJ HA HK H9 H7 SA S8 C9 D7", "M:18 F:yes M:20 F:yes M:22 F:yes M:23 F:yes M:24 F:pass"
    bare = evaluate_hand(hand, "R", bid=27, samples=64, seed=2, workers=1)
    from solver.bidding import parse_auction
    heard = evaluate_hand(hand, "R", bid=27, samples=64, seed=2, workers=1, auction=parse_auction(calls))
    out = heard.to_dict()
    assert out["auction"] == ["M:18", "F:y", "M:20", "F:y", "M:22", "F:y", "M:23", "F:y", "M:24", "F:p"]
    assert bare.to_dict()["auction"] is None and 0 < out["auction_acceptance"] < 1
    assert _json(bare) != _json(heard)
    # the same seed and auction: the same answer on two processes
    again = evaluate_hand(hand, "R", bid=27, samples=64, seed=2, workers=2, auction=parse_auction(calls))
    assert _json(again) == _json(heard)
    # in words, without jargon, the same in the terminal's title and the web's JSON
    from solver.advice.sentences import answer_record, auction_note
    note = auction_note(heard)
    share = out["auction_acceptance"]
    assert note == ("worlds weighted by the auction M:18 F:y M:20 F:y M:22 F:y M:23 F:y M:24 F:p "
                    + (f"({round(100 * share)}% of all deals fit it)" if share >= 0.005 else
                       "(fewer than 1 in 200 of all deals fit it)"))
    assert "uniform" not in note and answer_record(heard)["auction_note"] == note and auction_note(bare) == ""
    # the footer: what stopped the sampling and what narrows it, for every stop, without doubled brackets
    from types import SimpleNamespace

    from solver.advice.sentences import stopped_note as _hint
    from solver.advice import STOPPED
    for stop in STOPPED:
        text = _hint(SimpleNamespace(stopped=stop, samples=16))
        assert ") (" not in text and "))" not in text and text.count("(") == text.count(")"), text


def test_an_auction_no_world_explains_is_an_error_naming_it():
    # F holds all four jacks and the tops: no hand of M can be worth 264 (Grand without 4 reaches 144)
    r = CliRunner().invoke(cli, ["bid", "CJ SJ HJ DJ CA CT SA ST HA HT", "--seat", "F", "--auction", "M:264",
                                 "--samples", "8", "--workers", "1"])
    assert r.exit_code == 1 and "the auction M:264" in r.output and "explains" in r.output
