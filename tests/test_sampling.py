"""The one hidden-card sampler: voids, known cards and the declarer's skat.

Expected values are worked out from the rules (shared/rules/skat-rules.md), not read back
from the code."""

from __future__ import annotations


import numpy as np

from solver.cards import parse_card, parse_cards
from solver.deal import load_deal
from solver.players import PlayView

from .conftest import REF

ISS_541932 = (REF / "iss_sample.sgf").read_text().splitlines()[0]
HEARTS_DEAL = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}


# ------------------------------------------------------------------ the sampler

def test_one_sampler_for_play_respects_voids_known_cards_and_the_declarers_skat():
    deal = load_deal(HEARTS_DEAL)
    st = deal.start_state()
    for c in ("CJ", "C8", "HJ"):
        st.push(parse_card(c))
    view = PlayView.of(st, 0, skat=deal.skat)                 # the declarer knows his skat
    trumps = parse_cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7")
    for w in view.sampler(np.random.default_rng(4)).draw(30):
        assert w.skat == deal.skat
        assert w.hands[1] & trumps == 0                          # M showed out of trumps
        assert w.hands[0] == st.hands[0]
        assert sorted(bin(h).count("1") for h in w.hands[1:]) == [9, 9]
