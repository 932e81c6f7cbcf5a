"""Offiziersskat (seed 003): piles, open cards, the uncovering rule and the settlement, by hand."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import CARD_NAMES, parse_card
from solver.games import GRAND
from solver.offiziersskat import (RAMSCH, OffiziersDeal, OffiziersError, load_offiziers, score_offiziers,
                                  settle_offiziers)

C = parse_card


def _deal(game=3) -> OffiziersDeal:
    """Clubs.  F's first pile: HA under H7; R's first pile: H8 (face down) under S7; every other
    heart is in F's piles, so R's only heart lies face down."""
    hearts_f = ["H9", "HT", "HK", "HQ"]
    f = [("HA", "H7")]
    r = [("H8", "S7")]
    rest = [CARD_NAMES[c] for c in range(32) if CARD_NAMES[c] not in {"HA", "H7", "H8", "S7", *hearts_f}]
    f_cards = hearts_f + rest[:10]
    r_cards = rest[10:]
    f += [(f_cards[2 * i], f_cards[2 * i + 1]) for i in range(7)]
    r += [(r_cards[2 * i], r_cards[2 * i + 1]) for i in range(7)]
    piles = [[(C(d), C(u)) for d, u in f], [(C(d), C(u)) for d, u in r]]
    return OffiziersDeal(piles, game)


def test_follow_suit_only_with_open_cards():
    st = _deal().start_state()
    st.push(C("H7"))                                        # F leads a heart
    assert not (st.open_cards(1) >> C("H8")) & 1            # R's heart lies face down
    assert st.legal() == st.open_cards(1)                   # so R may play any open card


def test_a_card_uncovered_by_a_trick_becomes_playable_after_it():
    st = _deal().start_state()
    st.push(C("H7"))
    assert not (st.open_cards(0) >> C("HA")) & 1            # not during the trick
    st.push(C("S7"))                                        # F's H7 wins (S7 neither follows nor trumps)
    assert st.leader == 0 and st.points == [0, 0] and st.tricks == [1, 0]
    assert (st.open_cards(0) >> C("HA")) & 1 and (st.open_cards(1) >> C("H8")) & 1
    st.push(C("HA"))
    assert st.legal() == 1 << C("H8")                       # now R must follow with his open heart
    with pytest.raises(OffiziersError, match="must follow hearts with an open card"):
        st.push(next(c for c in range(32) if (st.open_cards(1) >> c) & 1 and c != C("H8")))


def test_settlement_60_60_ramsch_schneider_kontra():
    assert settle_offiziers(GRAND, [60, 60], [8, 8]).winner == "R"           # 60:60 goes to the non-declarer
    assert settle_offiziers(GRAND, [61, 59], [8, 8]).scores == {"F": 24, "R": 0}
    r = settle_offiziers(RAMSCH, [50, 70], [7, 9])                           # fewer points win
    assert (r.winner, r.value) == ("F", 24)
    assert settle_offiziers(RAMSCH, [60, 60], [8, 8]).winner == "R"
    # hearts (10) won with the loser at 30: Schneider, and Re: 10 x 2 x 4
    assert settle_offiziers(1, [90, 30], [10, 6], kontra=4).value == 80
    # spades (11) lost without a trick: Schwarz for F as the loser -> 11 x 3 for R
    assert settle_offiziers(2, [0, 120], [0, 16]).scores == {"F": 0, "R": 33}


def test_records_round_trip_and_errors_name_the_field():
    d = _deal()
    rec = d.to_record()
    again = load_offiziers(json.loads(json.dumps(rec)))
    assert again.piles == d.piles and again.game == 3
    bad = json.loads(json.dumps(rec))
    bad["piles"]["R"][3][1] = bad["piles"]["F"][0][0]
    with pytest.raises(OffiziersError, match=r"piles.R\[3\].*HA is also in piles.F\[0\]"):
        load_offiziers(bad)
    with pytest.raises(OffiziersError, match="no Null"):
        load_offiziers(dict(rec, game="null"))
    with pytest.raises(OffiziersError, match="played card 2"):
        load_offiziers(dict(rec, played=["H7", "H8"]))          # H8 lies face down


def test_skat_score_solve_and_playout_read_a_finished_record(tmp_path):
    d = _deal(GRAND)
    st = d.start_state()
    while not st.finished:
        c = min(c for c in range(32) if (st.legal() >> c) & 1)
        st.push(c)
        d.played.append(c)
    res = score_offiziers(d)
    f = tmp_path / "o.jsonl"
    f.write_text(json.dumps(d.to_record()) + "\n")
    r = CliRunner().invoke(cli, ["score", str(f)])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["variant"] == "offiziersskat" and out["scores"] == res.scores
    assert out["declarer_points"] == st.points[0] and sum(st.points) == 120
    r = CliRunner().invoke(cli, ["solve", str(f), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["dd_from"] == "start"
    r = CliRunner().invoke(cli, ["playout", str(f)])                  # three players named (the default)
    assert r.exit_code == 1 and "needs 2 players (F, R), --players names 3" in r.output
    r = CliRunner().invoke(cli, ["playout", str(f), "--players", "rules,random", "--from", "start"])
    assert r.exit_code == 0 and len(json.loads(r.output)["played"]) == 32
