"""The five real ISS games: parsed, converted, and scored like the server."""

from solver.deal import score_deal
from solver.iss import parse_line, parse_result
from solver.records import read_lines, score_item

from .conftest import REF

LINES = (REF / "iss_sample.sgf").read_text().splitlines()


def test_five_games():
    games = [parse_line(line) for line in LINES]
    assert len(games) == 5
    assert [g.passed for g in games] == [False, True, False, False, False]
    assert [g.ended_early for g in games] == [None, None, "resigned", None, None]


def test_our_score_equals_the_servers_on_played_out_games():
    played = 0
    for line in LINES:
        g = parse_line(line)
        if g.passed or g.ended_early:
            continue
        res, st = score_deal(g.deal)
        rec = g.recorded
        assert res.score == rec["v"] and res.won == rec["won"]
        assert res.matadors == rec["m"] and st.declarer_points == rec["p"] and st.declarer_tricks == rec["t"]
        assert res.schneider == bool(rec["s"]) and res.overbid == rec["overbid"]
        played += 1
    assert played == 3


def test_pickup_discard_and_declaration():
    g = parse_line(LINES[0])                       # R picks up, D.ST.H8: diamonds, discard ST H8
    d = g.deal
    assert d.declarer == 2 and d.game == 0 and not d.declaration.hand and d.bid == 18
    assert sorted(["ST", "H8"]) == sorted(d.to_record()["skat"])
    null_ouvert = parse_line(LINES[2]).deal
    assert null_ouvert.declaration.name == "null ouvert" and null_ouvert.bid == 35


def test_score_items_report_early_ends_and_passes():
    out = [score_item(i) for i in read_lines(LINES)]
    assert out[1]["passed"] and out[1]["score"] == 0
    assert out[2]["ended_early"] == "resigned" and out[2]["score"] == 46 and "declarer_points" not in out[2]
    assert all(o["agrees"] for o in out if "agrees" in o)


def test_result_block():
    r = parse_result("d:2 loss v:-54 m:-2 overbid p:59 t:4 s:0 z:0")
    assert r == {"declarer": 2, "won": False, "v": -54, "m": -2, "overbid": True, "p": 59, "t": 4, "s": 0, "z": 0}
    assert parse_result("passed") == {"passed": True}


def test_bad_lines_name_the_problem():
    items = list(read_lines(["(;GM[Skat]MV[w HA.SK ]R[] ;)", LINES[0].replace("2 D.ST.H8", "2 X.ST.H8")]))
    assert "expected 32" in items[0].error
    assert items[1].error and "line 2" in items[1].error


def test_written_lines_read_back():
    from solver.iss import format_line
    for line in LINES:
        g = parse_line(line)
        if g.passed or g.ended_early:
            continue
        dealt = [sum(1 << c for c in h) for h in g.dealt]
        again = parse_line(format_line(dealt, g.auction, g.deal, g.id, tuple(g.players)))
        assert again.deal.played == g.deal.played and again.deal.skat == g.deal.skat
        assert again.deal.declaration == g.deal.declaration and again.deal.bid == g.deal.bid
        assert again.recorded["v"] == g.recorded["v"] and again.recorded["p"] == g.recorded["p"]
