"""The review by what the player knew: each card judged over the worlds its player could not
tell apart (:func:`solver.analysis.info_review`).

What is asserted comes from the rules and from what a player can see: two deals the mover
cannot tell apart get the same judgement; a natural opening lead that double-dummy calls a
mistake (it sees every card) is none; an ace thrown on the declarer's trick when a card worth
nothing would do, turning his lost game into a won one, is a mistake in both reviews.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import (CLASSES, JUDGING, MARKED, SETTLE_FACTOR, Judging, card_class, info_review, judge_card,
                             mark_text, review)
from solver.cards import CARD_NAMES, CARD_POINTS, iter_cards
from solver.deal import Deal, load_deal
from solver.iss import parse_line
from solver.shrinkage import posterior, review_prior
from solver.players.playout import playout

from .conftest import REF, ROOT


def _iss(game_id: str, path=ROOT / "data" / "iss_games.sgf"):
    line = next(x for x in open(path) if f"ID[{game_id}]" in x)
    return parse_line(line).deal


@pytest.mark.slow
def test_the_sample_games_opening_ace_of_spades_is_no_mistake_by_what_forehand_knew():
    deal = _iss("541932")
    rv = review(deal, declaration=False, info=True)
    first = rv.cards[0]
    assert (CARD_NAMES[first.card], first.seat) == ("SA", 0)
    assert first.cost > 0                                  # double-dummy calls it a mistake (the 8 was better)
    assert first.info["class"] not in ("mistake", "blunder")
    rec = rv.to_record()
    row = rec["analysis"][0]
    assert row["dd_cost"] == row["cost"] == first.cost and row["info"]["class"] in CLASSES
    assert set(row["info"]["cards"]) == {CARD_NAMES[c] for c in iter_cards(deal.start_state().legal())}
    assert set(rec["summary"]["info"]) == {"F", "M", "R"}


@pytest.mark.slow
def test_a_card_judged_over_every_world_is_classed_by_its_cost_and_drop_with_nothing_subtracted():
    """Card 22 of ISS game 541932: Rearhand's K of clubs where the ten of hearts keeps a
    winning chance.  The worlds he could not tell apart are few enough to be enumerated, so
    there is no interval to subtract: the class is the thresholds' (card_class) of the cost and
    the drop themselves, a mistake by the documented limits (cost 3-30 or drop 3-25%)."""
    deal = _iss("541932")
    j = judge_card(deal, 21)
    assert CARD_NAMES[deal.played[21]] == "CK" and j["exact"]
    assert j["best"] == ["HT"] and j["drop"] > 0.10 and j["cost"] > 10
    assert j["cost_ci"] == [j["cost"], j["cost"]] and j["drop_ci"] == [j["drop"], j["drop"]]
    assert j["class"] == card_class(j["cost"], j["drop"]) == "mistake"
    assert j["settled"] and j["mark"] == "mistake"


@pytest.mark.slow
def test_the_opening_ace_of_spades_is_unmarked_on_every_seed():
    """Forehand's A of spades from A-K-8 against a suit game, the sample game's opening lead: a
    natural lead a Skat player would not mark, whatever worlds the review happens to draw (the
    first six seeds; 4,041 worlds put what it gives up at 0.9 points and 0.9% winning chance,
    under good's limits of 3 and 3%; benchmarks/bench_info_review.py card --card 0 runs 60)."""
    deal = _iss("541932")
    assert CARD_NAMES[deal.played[0]] == "SA"
    for seed in range(6):
        j = judge_card(deal, 0, seed=seed)
        assert j["mark"] == "", (seed, j)
        assert j["worlds"] <= SETTLE_FACTOR * JUDGING.samples


@pytest.mark.slow
def test_every_judged_card_is_classed_by_its_estimates_and_settled_only_where_its_interval_says_so():
    """The class follows the estimated cost and drop; the intervals hold the estimates; a card is
    settled exactly where both ends of its intervals give the same mark (a sampled card), and
    an unsettled mark carries a '?'.  A sampled card's estimates are the posterior means of its
    sample's (Bayes' rule with the review's fitted priors), and some are pulled toward nothing."""
    checked = marked = shrunk = 0
    for game_id in ("541932", "5557737"):
        for j in info_review(_iss(game_id), seed=4, judging=Judging(samples=8)):
            if j.get("forced") or j["class"] is None:
                continue
            checked += 1
            assert j["class"] == card_class(j["cost"], j["drop"])
            lo_c, hi_c = j["cost_ci"]
            lo_d, hi_d = j["drop_ci"]
            assert lo_c <= j["cost"] <= hi_c and lo_d <= j["drop"] <= hi_d
            ends = {mark_text(card_class(lo_c, lo_d)), mark_text(j["class"]), mark_text(card_class(hi_c, hi_d))}
            assert j["settled"] == (len(ends) == 1) or j["exact"]
            assert j["mark"] == (j["class"] + ("" if j["settled"] else "?") if j["class"] in MARKED else "")
            marked += bool(j["mark"])
            if not j["exact"] and j["sampled"]["cost_se"] is not None:
                # a sampled card's estimates are its sample's read against the review's priors
                raw = j["sampled"]
                for name in ("cost", "drop"):
                    mean, low, high = posterior(review_prior(name), raw[name], raw[f"{name}_se"])
                    # (the sample's figures are kept to 4 places)
                    assert j[name] == pytest.approx(max(0.0, mean), abs=0.011 if name == "cost" else 2e-4)
            shrunk += not j["exact"] and j["sampled"]["drop"] > j["drop"] + 1e-4
    assert checked > 30 and marked >= 1 and shrunk >= 1


@pytest.mark.slow
def test_without_shrinkage_a_sampled_card_is_classed_by_its_samples_own_estimates():
    deal = _iss("5557737")
    seen = 0
    for i in range(0, 12):
        j = judge_card(deal, i, seed=4, judging=Judging(samples=8, shrink=False))
        if j.get("forced") or j["exact"] or j["class"] is None:
            continue
        raw = j["sampled"]
        assert j["cost"] == pytest.approx(max(0.0, raw["cost"]), abs=0.006)
        assert j["drop"] == pytest.approx(max(0.0, raw["drop"]), abs=1e-4)
        assert j["class"] == card_class(max(0.0, raw["cost"]), max(0.0, raw["drop"]))
        seen += 1
    assert seen >= 5


@pytest.mark.slow
def test_an_ace_thrown_on_the_declarers_trick_is_a_mistake_in_both_reviews():
    # random players on the shipped sample deal: Rearhand, a defender, throws the ace of spades on
    # a trick Middlehand (the declarer) takes, while holding cards worth nothing
    rec = next(json.loads(x) for x in open(ROOT / "data" / "deals.jsonl") if '"sample-1"' in x)
    rec.pop("played", None)
    deal = load_deal(playout(rec, ["random", "random", "random"], seed=5))
    k = 20
    st = deal.start_state()
    for c in deal.played[:k]:
        st.push(c)
    card, seat = deal.played[k], st.to_move
    assert (CARD_NAMES[card], seat, deal.declarer) == ("SA", 2, 1)
    assert any(CARD_POINTS[c] == 0 for c in iter_cards(st.legal()))
    for c in deal.played[k:k - k % 3 + 3]:
        st.push(c)
    assert st.trick_winners[-1] == deal.declarer
    judged = review(deal, declaration=False).cards[k]
    assert judged.cost > 0 and judged.outcome_changed == "loss -> win"
    # (the card as review(info=True) judges it: its worlds come from the seed and k alone)
    assert judge_card(deal, k)["class"] in ("mistake", "blunder")


def _swap_unplayed(deal: Deal, upto: int) -> Deal | None:
    """The deal with one unplayed card of each of the two seats the mover cannot see swapped,
    where neither has shown out of the suit it receives (so the mover cannot tell them apart);
    None when no such pair exists."""
    st = deal.start_state()
    for c in deal.played[:upto]:
        st.push(c)
    mover = st.to_move
    a, b = [p for p in range(3) if p != mover]
    for x in iter_cards(st.hands[a]):
        for y in iter_cards(st.hands[b]):
            if (st.voids[a] >> y) & 1 or (st.voids[b] >> x) & 1:
                continue
            hands = list(deal.hands)
            hands[a] = hands[a] & ~(1 << x) | (1 << y)
            hands[b] = hands[b] & ~(1 << y) | (1 << x)
            return Deal(hands, deal.skat, deal.declarer, deal.declaration, list(deal.played[:upto + 1]), deal.bid,
                        deal.leader, deal.id, dict(deal.extra))
    return None


@pytest.mark.slow
def test_deals_the_mover_cannot_tell_apart_get_the_same_judgement():
    checked = 0
    for line in open(REF / "iss_sample.sgf"):
        g = parse_line(line)
        if g.deal is None or g.deal.declaration.is_null:
            continue
        deal = g.deal
        for upto in (7, 16):
            if upto >= len(deal.played):
                continue
            other = _swap_unplayed(deal, upto)
            if other is None:
                continue
            same = Deal(deal.hands, deal.skat, deal.declarer, deal.declaration, list(deal.played[:upto + 1]),
                        deal.bid, deal.leader, deal.id, dict(deal.extra))
            assert other.hands != same.hands
            # (card ``upto`` as info_review judges it: its worlds come from the seed and ``upto`` alone)
            a = judge_card(same, upto, seed=3, judging=Judging(samples=8))
            b = judge_card(other, upto, seed=3, judging=Judging(samples=8))
            assert a == b, (g.id, upto)
            if upto == 7:
                assert a == info_review(same, seed=3, judging=Judging(samples=8))[upto]
            if upto == 16:                      # more worlds drawn until a precision: the same rule for both
                a = judge_card(same, upto, seed=3, judging=Judging(samples=32, precision=0.02))
                b = judge_card(other, upto, seed=3, judging=Judging(samples=32, precision=0.02))
                assert a == b, (g.id, upto, "adaptive")
            checked += 1
    assert checked >= 4


@pytest.mark.slow
def test_analyse_shows_both_reviews_and_json_carries_info():
    r = CliRunner().invoke(cli, ["analyse", str(ROOT / "data" / "iss_games.sgf"), "--game", "541932", "--json",
                                 "--samples", "8"])
    assert r.exit_code == 0, r.output
    rec = json.loads(r.output)
    assert all("info" in row and "dd_cost" in row for row in rec["analysis"])
    r = CliRunner().invoke(cli, ["analyse", str(ROOT / "data" / "iss_games.sgf"), "--game", "541932",
                                 "--samples", "8"], env={"COLUMNS": "120"})
    assert "info" in r.output and "by what each player knew" in r.output
    quick = CliRunner().invoke(cli, ["analyse", str(ROOT / "data" / "iss_games.sgf"), "--game", "541932",
                                     "--json", "--no-info"])
    assert all("info" not in row for row in json.loads(quick.output)["analysis"])


@pytest.mark.slow
def test_skat_stats_rates_every_player_of_the_sample_games():
    r = CliRunner().invoke(cli, ["stats", str(ROOT / "data" / "iss_games.sgf"), "--json", "--workers", "1",
                                 "--samples", "4", "--progress", "none"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    # every game that was played (not passed in, no Ramsch): its three players, ten cards each
    played = [g for g in map(parse_line, open(ROOT / "data" / "iss_games.sgf")) if g.deal is not None]
    expected: dict[str, int] = {}
    cards: dict[str, int] = {}
    for g in played:
        st = g.deal.start_state()
        for name in g.players:
            expected[name] = expected.get(name, 0) + 1
        for c in g.deal.played:                           # the cards each played (a conceded game: none)
            if st.over:
                break
            cards[g.players[st.to_move]] = cards.get(g.players[st.to_move], 0) + 1
            st.push(c)
    assert out["reviewed"] == len(played)
    assert {p["player"]: p["games"] for p in out["players"]} == expected
    assert {p["player"]: p["cards"] for p in out["players"] if p["cards"]} == cards
    # declarer results count the games played to the end (a conceded game has no result of play)
    assert sum(p["declared"] for p in out["players"]) == sum(1 for g in played if g.ended_early is None)
    rated = [p["info_cost_per_card"] for p in out["players"] if p["cards"]]
    assert rated == sorted(rated)                          # best first


def test_the_html_report_keeps_what_the_terminal_shows(tmp_path):
    from cli.render import _html_cards
    out = tmp_path / "r.html"
    r = CliRunner().invoke(cli, ["analyse", str(ROOT / "data" / "iss_games.sgf"), "--html", str(out), "--no-info",
                                 "--workers", "1"])
    assert r.exit_code == 0, r.output
    page = out.read_text()
    assert page.count("<section") == 5                     # the passed-in deal is listed too
    assert "passed in" in page and "most expensive" in page and "declaration:" in page
    assert "no card was played" in page                    # the Null Ouvert conceded before the first trick
    # Null has no trumps and ranks A K Q J 10: K J 10, where hearts sorts its trumps J, then 10 above K
    null, hearts = _html_cards(["HT", "HK", "HJ"], "null"), _html_cards(["HT", "HK", "HJ"], "hearts")
    assert null.index("K") < null.index("J") < null.index("10")
    assert hearts.index("J") < hearts.index("10") < hearts.index("K")


@pytest.mark.slow
def test_luck_is_the_lie_of_the_cards_against_the_declarers_chance_and_skill_the_information_cost():
    from solver.analysis import info_summary
    from solver.scoring import points_needed
    deal = _iss("5557737")
    rv = review(deal, info=True, judging=Judging(samples=8))
    sm = rv.summary()
    lk = sm["luck"]
    d = "FMR"[deal.declarer]
    dd_won = rv.start_value >= points_needed(deal.declaration)
    assert lk["dd_declarer_wins"] == dd_won and lk["won"] == sm["won"]
    assert lk["luck"][d] == pytest.approx(float(dd_won) - lk["declarer_chance"], abs=1e-4)
    assert all(lk["luck"][s] == pytest.approx(-lk["luck"][d]) for s in "FMR" if s != d)
    assert lk["skill"] == {s: v["cost"] for s, v in info_summary(rv.cards).items()}
    da = sm["declaration_advice"]
    assert da["bid"] == deal.bid and da["advised"] and da["samples"] > 0
    assert da["right"] is None or da["right"] == (da["actual_expected_score"] >= da["advised_expected_score"] - 1e-9)


@pytest.mark.slow
def test_bulk_analyse_info_has_each_seats_information_review(tmp_path):
    from solver.bulk.runner import run_bulk
    out = tmp_path / "a.jsonl"
    run_bulk("analyse", str(ROOT / "data" / "iss_games.sgf"), str(out), workers=1,
             options={"info": True, "samples": 4, "seed": 0})
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    played = [g for g in map(parse_line, open(ROOT / "data" / "iss_games.sgf")) if g.deal is not None]
    assert len(rows) == len(played)
    for r in rows:
        if r["cards_played"]:
            assert all(r[f"info_cost_{s}"] is not None and r[f"blunders_{s}"] is not None for s in "FMR")
    plain = tmp_path / "p.jsonl"
    run_bulk("analyse", str(ROOT / "data" / "iss_games.sgf"), str(plain), workers=1)
    assert all(json.loads(x)["info_cost_F"] is None for x in plain.read_text().splitlines())


def _iss_calls(line: str) -> list[str]:
    """The auction of an ISS line read from its move list: the (seat, move) pairs after the
    deal until the first move that is not a call (a number, y or p)."""
    moves = line.split("MV[", 1)[1].split("]", 1)[0].split()[2:]
    calls = []
    for seat, mv in zip(moves[::2], moves[1::2]):
        if not (mv.isdigit() or mv in ("y", "p")):
            break
        calls.append(f"{'FMR'[int(seat)]}:{mv}")
    return calls


def test_an_iss_game_carries_its_auction_to_the_review_and_the_advice():
    lines = [x for x in open(ROOT / "data" / "iss_games.sgf") if x.strip()]
    checked = 0
    for line in lines:
        g = parse_line(line)
        if g.deal is None:
            continue
        calls = _iss_calls(line)
        assert g.deal.extra["auction"] == calls
        # the declarer holds the last bid the auction names (or 18 when nobody bid)
        bids = [int(c.split(":")[1]) for c in calls if c.split(":")[1].isdigit()]
        assert g.deal.bid == (bids[-1] if bids else 18)
        checked += 1
    assert checked >= 3


@pytest.mark.slow
def test_the_declarers_chance_is_the_played_out_advice_for_his_game_and_the_auction():
    from solver.analysis import declared_chance
    from solver.cards import parse_cards
    from solver.games import GRAND, Declaration
    # all four jacks and the aces and tens of two suits in a Hand Grand, leading: no world lets
    # the defenders take 60 points (the rules: 61 wins), so his chance is 1 whatever the auction
    hands = [parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), parse_cards("C9 C8 C7 S9 S8 S7 H9 H8 H7 D7"),
             parse_cards("CK CQ SK SQ HK HQ DA DT DK DQ")]
    sure = Deal(hands, parse_cards("D9 D8"), 0, Declaration(GRAND, hand=True), bid=24,
                extra={"auction": ["M:18", "F:y", "M:20", "F:y", "M:p", "R:p"]})
    c = declared_chance(sure, samples=16)
    assert c["p_win"] == 1.0 and c["auction"] is True and c["worlds"] >= 16
    # the review's luck uses it: the ISS sample game's declarer, his auction as it went
    deal = _iss("5557737")
    rv = review(deal, info=True, declaration=False, judging=Judging(samples=8, advice_samples=16))
    lk = rv.luck
    assert lk["chance_from"] == "advice"
    assert lk["declarer_chance"] == declared_chance(deal, seed=0, samples=16, precision=0.05)["p_win"]
    assert 0.0 <= lk["declarer_chance"] <= 1.0
    # a record without an auction says so
    bare = Deal(deal.hands, deal.skat, deal.declarer, deal.declaration, deal.played, deal.bid, deal.leader, deal.id)
    assert declared_chance(bare, samples=16)["auction"] is False


@pytest.mark.slow
def test_the_review_draws_worlds_until_its_precision_and_is_the_same_on_two_processes():
    deal = _iss("5557737")
    coarse = info_review(deal, seed=1, judging=Judging(samples=32, precision=1.0))
    fine = info_review(deal, seed=1, judging=Judging(samples=32, precision=0.02))
    judged = [(a, b) for a, b in zip(coarse, fine) if not a.get("forced") and a["worlds"]]
    assert judged and len(coarse) == len(fine)
    # a precision every interval meets stops at the first worlds (or at all the worlds there are),
    # unless the card's mark is not settled there: then more, up to settle (SETTLE_FACTOR) x --samples
    at_first = {}
    for i, (a, _) in enumerate(judged):
        if a["worlds"] > 8 and not a["exact"]:
            at_first[i] = judge_card(deal, coarse.index(a), seed=1, judging=Judging(samples=8, precision=1.0, settle=1))
            assert not at_first[i]["settled"] and at_first[i]["worlds"] == 8
    # a finer one never draws fewer, and some cards need more; none past SETTLE_FACTOR x --samples
    assert all(b["worlds"] >= a["worlds"] for a, b in judged)
    assert any(b["worlds"] > 8 and not b["exact"] for _, b in judged)
    assert all(x["worlds"] <= JUDGING.settle * 32 for pair in judged for x in pair)
    # the first worlds of a card are the same whatever the precision: a card that stopped at them agrees
    assert all(a == b for a, b in judged if b["worlds"] == a["worlds"])
    # the answer depends on the seed, not on how many processes share the cards
    one = review(deal, info=True, workers=1, judging=Judging(samples=8, precision=0.05, advice_samples=8)).to_record()
    two = review(deal, info=True, workers=2, judging=Judging(samples=8, precision=0.05, advice_samples=8)).to_record()
    assert one == two


def test_threshold_values_settle_as_the_exact_card_points_do():
    """The solver told only as far as the settlement needs (thresholds 31, 61, 90, 120) puts each
    card on the same side of every threshold as its exact card points (which the reference
    suites check), ``earlier`` points from tricks before the position included."""
    from solver.deal import replay
    from solver.search.api import Solver
    from .conftest import load_jsonl, strip_solved
    solver = Solver(tt_megabytes=16)
    recs = [strip_solved(r) for r in load_jsonl("dd_mid.jsonl")][:40]
    positions = [(load_deal(r), replay(load_deal(r))) for r in recs]
    positions = [(d, st) for d, st in positions if not (d.declaration.is_null or d.declaration.spitze)]
    assert len(positions) >= 20
    exact = solver.best_moves_many(positions)
    for earlier in (0, 17):
        told = solver.threshold_moves_many(positions, earlier)
        for ex, th in zip(exact, told):
            ex, th = dict(ex), dict(th)
            assert set(ex) == set(th)
            for c, v in ex.items():
                for t in (31, 61, 90, 120):
                    assert (th[c] + earlier >= t) == (v + earlier >= t), (c, v, th[c], earlier, t)


@pytest.mark.slow
def test_the_bulk_review_judges_as_the_full_one_without_the_card_points():
    """``points=False`` (the bulk runs): every judgement the same, only the expected card points
    left out."""
    deal = _iss("5557737")
    for i in (0, 4, 11, 19):
        full = judge_card(deal, i, seed=2, judging=Judging(samples=8, first=8))
        bulk = judge_card(deal, i, seed=2, judging=Judging(samples=8, first=8, points=False))
        assert {k: v for k, v in full.items() if k != "cards"} == {k: v for k, v in bulk.items() if k != "cards"}
        assert set(full["cards"]) == set(bulk["cards"])
        for c, f in full["cards"].items():
            assert bulk["cards"][c] == dict(f, points=None)


@pytest.mark.slow
def test_the_settling_worlds_are_solved_as_far_as_the_settlement_and_leave_the_points_to_the_first():
    """Past --samples the worlds only settle the class (each solved only as far as the
    settlement needs): a card's expected card points are those of its first worlds."""
    deal = _iss("5557737")
    went_on = 0
    for i in range(12):
        first = judge_card(deal, i, seed=4, judging=Judging(samples=8, settle=1))
        more = judge_card(deal, i, seed=4, judging=Judging(samples=8, settle=32))
        if first.get("forced") or first["class"] is None or more["worlds"] <= first["worlds"]:
            continue
        went_on += 1
        assert first["worlds"] == 8 and not first["settled"]
        for name, card in more["cards"].items():
            assert card["points"] is not None and card["points"] == first["cards"][name]["points"]
    assert went_on >= 1
