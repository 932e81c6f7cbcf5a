"""Ramsch, Schieberamsch and Spitze at the table, in the records, and in the review.

The expected scores are worked out from the rules of record (``shared/rules``
and ``docs``): the most card points lose that many, doubled per Jungfrau and per
unseen pass; a Durchmarsch scores +120; a Spitze adds one level and is lost when
the lowest trump does not win the last trick.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from solver.cards import JACKS, CARD_NAMES, parse_card, parse_cards
from solver.deal import Deal, DealError, load_deal
from solver.games import HEARTS_GAME, RAMSCH, Declaration
from solver.house import HouseRules
from solver.players import RulePlayer
from solver.players.table import IllegalMove, TableOptions, play_deal, play_match, shuffle
from solver.records import read_lines, score_item
from solver.scoring import score_game
from tests.test_house_search import _minimax


class Passer(RulePlayer):
    """Passes in the auction; picks up the skat in Schieberamsch or passes it on, as told."""

    def __init__(self, pick: bool = True, put_back: int | None = None):
        self.pick, self.put_back = pick, put_back

    def max_bid(self, hand: int, seat: int) -> int:
        return 0

    def ramsch_pickup(self, hand: int, seat: int) -> bool:
        return self.pick

    def ramsch_discard(self, twelve: int, seat: int) -> int:
        return self.put_back if self.put_back is not None else super().ramsch_discard(twelve, seat)


def _expected_ramsch(points: list[int], tricks: list[int], pushes: int) -> list[int]:
    """The rules of record, written out: Durchmarsch +120; else the most points lose that many,
    x2 per player without a trick, x2 per unseen pass."""
    if 10 in tricks:
        return [120 if t == 10 else 0 for t in tricks]
    most = max(points)
    factor = 2 ** sum(t == 0 for t in tricks) * 2 ** pushes
    return [-most * factor if p == most else 0 for p in points]


def _rescore(rec: dict, scoring: str = "simple") -> dict:
    return score_item(next(read_lines([json.dumps(rec)])), scoring)


def test_schieberamsch_two_unseen_passes_at_the_table_count_four_fold():
    dealt = shuffle(np.random.default_rng(11))
    r = play_deal([Passer(False), Passer(False), Passer(True)], dealt,
                  TableOptions(house=HouseRules.parse("schieberamsch")))
    deal = r.deal
    assert deal.declaration.is_ramsch and deal.pushes == 2
    # R picked up the skat and put two cards back, never a jack
    assert deal.hands[2] | deal.skat == dealt[2] | dealt[3] and not deal.skat & JACKS
    pts = [r.result["points"][s] for s in "FMR"]
    tricks = [r.result["tricks"][s] for s in "FMR"]
    assert sum(pts) == 120 and sum(tricks) == 10
    assert r.scores == _expected_ramsch(pts, tricks, 2)
    rec = r.to_record()
    assert rec["game"] == "ramsch" and rec["pushes"] == 2 and "declarer" not in rec
    scored = _rescore(rec)
    assert scored["scores"] == {s: v for s, v in zip("FMR", r.scores)}
    assert scored["pushes"] == 2
    assert r.multipliers().startswith("2 pushes x4")             # as the score sheet shows it


def test_schieberamsch_refuses_a_jack_put_back_by_name():
    dealt = shuffle(np.random.default_rng(12))
    twelve_f = dealt[0] | dealt[3]
    jack = next(c for c in range(32) if (JACKS >> c) & 1 and (twelve_f >> c) & 1) if twelve_f & JACKS else None
    if jack is None:
        pytest.skip("no jack among F's twelve cards in this deal")
    other = next(c for c in range(32) if (twelve_f >> c) & 1 and c != jack)
    with pytest.raises(IllegalMove, match=f"a jack may not be put back \\({CARD_NAMES[jack]}"):
        play_deal([Passer(True, (1 << jack) | (1 << other)), Passer(), Passer()], dealt,
                  TableOptions(house=HouseRules.parse("schieberamsch")))


def test_a_durchmarsch_record_scores_120_and_nobody_loses():
    hands = [parse_cards("CJ SJ HJ DJ CA CT CK SA ST SK"), parse_cards("C7 C8 C9 CQ S7 S8 S9 SQ H7 H8"),
             parse_cards("HA HT HK HQ H9 DA DT DK DQ D9")]
    deal = Deal(hands, parse_cards("D8 D7"), -1, Declaration(RAMSCH))
    st = deal.start_state()
    order = [parse_card(c) for c in "CJ SJ HJ DJ CA CT CK SA ST SK".split()]
    while not st.over:                       # F leads his cards in this order; the others play their lowest legal card
        c = order.pop(0) if st.to_move == 0 else min(c for c in range(32) if (st.legal() >> c) & 1)
        st.push(c)
        deal.played.append(c)
    scored = _rescore(deal.to_record())
    assert scored["durchmarsch"] == "F" and scored["scores"] == {"F": 120, "M": 0, "R": 0}
    assert scored["points"]["F"] == 120 and scored["jungfrau"] == ["M", "R"]


def test_a_spitze_lost_by_playing_the_seven_early():
    rec = {"hands": {"F": "CJ SJ HJ DJ HA HT H7 SA ST S7", "M": "HK HQ CA CT CK CQ C9 SK SQ S9",
                     "R": "H9 H8 C8 C7 S8 DA DT DK DQ D9"},
           "skat": ["D7", "D8"], "declarer": "F", "game": "hearts", "spitze": True, "bid": 18, "played": []}
    deal = load_deal(rec)
    st = deal.start_state()
    st.push(parse_card("H7"))                # the Spitze card in the first trick
    deal.played.append(parse_card("H7"))
    while not st.over:
        c = min(c for c in range(32) if (st.legal() >> c) & 1)
        st.push(c)
        deal.played.append(c)
    scored = _rescore(deal.to_record())
    # with 6 (CJ SJ HJ DJ HA HT), game 7, Spitze 8 (and Schneider, Schwarz as reached); lost
    # whatever the card points: -2 x value
    value = 10 * (8 + scored["schneider"] + scored["schwarz"])
    assert scored["game_value"] == value and scored["won"] is False and scored["score"] == -2 * value
    assert scored["declarer_points"] >= 61
    assert "Spitze" in scored["reason"] and scored["spitze_kept"] is False
    # the same game kept: won at 80
    res = score_game(Declaration(HEARTS_GAME, spitze=True), 6, 70, 7, bid=18, spitze_kept=True)
    assert (res.won, res.game_value, res.score) == (True, 80, 80)


def test_spitze_needs_the_lowest_trump_in_the_declarers_hand():
    rec = {"hands": {"F": "CJ SJ HJ DJ HA HT H8 SA ST S7", "M": "HK HQ CA CT CK CQ C9 SK SQ S9",
                     "R": "H9 H7 C8 C7 S8 DA DT DK DQ D9"},
           "skat": ["D7", "D8"], "declarer": "F", "game": "hearts", "spitze": True}
    with pytest.raises(DealError, match="does not hold the lowest trump H7"):
        load_deal(rec)
    with pytest.raises(DealError, match="Spitze cannot be announced in a Null game"):
        load_deal({**rec, "game": "null"})


def test_the_ramsch_review_gives_each_player_his_paranoid_value():
    rng = np.random.default_rng(21)
    from solver.analysis import review
    for _ in range(6):
        perm = [int(c) for c in rng.permutation(32)]
        hands = [sum(1 << c for c in perm[3 * i:3 * i + 3]) for i in range(3)]
        deal = Deal(hands, (1 << perm[9]) | (1 << perm[10]), -1, Declaration(RAMSCH), [], None, int(rng.integers(3)))
        st = deal.start_state()
        while not st.over:
            c = int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1]))
            st.push(c)
            deal.played.append(c)
        rv = review(deal)
        st = deal.start_state()
        for cr in rv.cards:
            seat = st.to_move
            assert cr.seat == seat
            before = _minimax(st, lambda s, seat=seat: s.points[seat], lambda p, seat=seat: p != seat)
            st.push(cr.card)
            after = _minimax(st, lambda s, seat=seat: s.points[seat], lambda p, seat=seat: p != seat)
            assert (cr.value_before, cr.value_after, cr.cost) == (before, after, after - before)
            assert (cr.card in cr.best) == (after == before)


def test_a_match_plays_ramsch_schieberamsch_and_spitze_and_skat_score_agrees():
    players = [RulePlayer(), RulePlayer(), Passer()]
    sheet, results = play_match(players, deals=24, seed=8,
                                options=TableOptions("simple",
                                                     house=HouseRules.parse("schieberamsch,spitze,bock-rounds")))
    kinds = {"ramsch": 0, "spitze": 0}
    for e, res in zip(sheet.entries, results):
        assert not res.passed                                  # with Ramsch nothing is passed in
        rec = res.to_record()
        scored = _rescore(rec)
        assert scored["scores"] == res.result["scores"]
        if rec["game"] == "ramsch":
            kinds["ramsch"] += 1
            pts = [scored["points"][s] for s in "FMR"]
            tricks = [scored["tricks"][s] for s in "FMR"]
            factor = 2 if res.bock_round else 1
            assert res.scores == [x * factor for x in _expected_ramsch(pts, tricks, rec["pushes"])]
            assert e.game == "ramsch"
        kinds["spitze"] += bool(rec.get("spitze"))
    assert kinds["ramsch"] > 0


def test_skat_arena_and_skat_play_take_every_house_rule(tmp_path):
    from click.testing import CliRunner

    from cli.main import cli
    out = tmp_path / "games.jsonl"
    r = CliRunner().invoke(cli, ["arena", "--players", "rules,random,random", "--deals", "3", "--seed", "4",
                                 "--house", "ramsch,schieberamsch,kontra,bock,hirsch,bock-rounds,spitze",
                                 "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert any(rec["game"] == "ramsch" for rec in recs)       # random players never bid: Ramsch
    # skat score reads the arena's records back with the same scores (the arena scores Seeger-Fabian,
    # which leaves a Ramsch as it is)
    for rec in recs:
        assert _rescore(rec, "seeger-fabian")["scores"] == rec["result"]["scores"]
    # the person at the table: passes, pushes the skat on unseen, then plays whatever is typed
    r = CliRunner().invoke(cli, ["play", "--deals", "1", "--seed", "5", "--auto-bid", "0", "--opponents", "random",
                                 "--house", "schieberamsch"], input="s\n")
    assert "passes the skat on unseen" in r.output and "Schieberamsch" in r.output


def test_the_arena_plays_rounds_or_to_a_point_target():
    from solver.players.arena import run_arena
    res = run_arena(["rules", "rules", "random"], 20, seed=3, target=60)
    totals = {p["player"]: p["total"] for p in res["players"]}
    assert res["deals"] < 20 and res["games"] == 3 * res["deals"]
    assert max(totals.values()) >= 60                                 # the round that reached the target ends it
    shorter = run_arena(["rules", "rules", "random"], res["deals"] - 1, seed=3)
    totals_before = {p["player"]: p["total"] for p in shorter["players"]}
    assert max(totals_before.values()) < 60                            # ... and not a round earlier
