"""The declarer's look-ahead past strategy fusion (:mod:`solver.players.fusion`) on a hand-made endgame.

The values follow from the rules of play and the Seeger-Fabian settlement, worked out in the
comments; none is copied from the code under test.
"""

from __future__ import annotations

import numpy as np

from solver.cards import CARD_NAMES, iter_cards, parse_card_list, parse_cards
from solver.deal import Deal, replay
from solver.games import DIAMONDS_GAME, Declaration
from solver.players import BestPlayer, PlayView
from solver.players.fusion import fused_values
from solver.search.api import default_solver

# A diamonds game: F (the declarer, skat S7 H8) has taken 27 card points in seven tricks and
# leads the eighth with DJ DQ HK.  He has seen M show out of spades and R out of clubs, so the
# six cards he cannot see (CJ CA C8 SA HA DA) lie in one of three ways:
#   W1  M: CA C8 DA   R: CJ SA HA
#   W2  M: CA C8 HA   R: CJ SA DA
#   W3  M: CJ CA C8   R: SA HA DA
DEAL = Deal([parse_cards("SJ DJ CK CQ ST SQ HT HK DQ D8"), parse_cards("HJ CA CT C9 C8 S8 HQ H9 DA DK"),
             parse_cards("CJ C7 SA SK S9 HA H7 DT D9 D7")], parse_cards("S7 H8"), 0, Declaration(DIAMONDS_GAME))
PLAYED = parse_card_list("SJ HJ D7 SQ S8 SK D9 D8 DK CT C7 CK C9 DT CQ S9 ST H9 HT HQ H7")
# He holds SJ but not CJ: "without 1", game 2, worth 2 x 9 = 18; Schneider 3 x 9 = 27.  Under
# Seeger-Fabian a lost game scores -2 x value - 50: -86, and lost Schneider -104.
LOST, LOST_SCHNEIDER = -2 * 18 - 50, -2 * 27 - 50


def _position():
    state = replay(DEAL, PLAYED)
    view = PlayView.of(state, 0, skat=DEAL.skat)
    worlds = view.sampler(np.random.default_rng(0)).all_worlds(60)
    return view, [(w, 1.0) for w in worlds]


def _values(view, worlds):
    player = BestPlayer(fusion=32, inference=())
    legal = list(iter_cards(view.legal()))
    points, weights = player.world_points(view, worlds, legal)
    settled = player._settled(view, worlds, points, legal)[0]
    key = np.round(weights @ settled, 6) + 1e-4 * (weights @ points)
    fused = fused_values(view, worlds, legal, weights, settled, key, solver=default_solver(),
                         settle=player._settled).values
    names = [CARD_NAMES[c] for c in legal]
    return dict(zip(names, weights @ settled)), dict(zip(names, fused))


def test_the_endgame_has_the_three_worlds_of_the_comment():
    view, worlds = _position()
    got = {(w.hands[1], w.hands[2]) for w, _ in worlds}
    assert got == {(parse_cards("CA C8 DA"), parse_cards("CJ SA HA")),
                   (parse_cards("CA C8 HA"), parse_cards("CJ SA DA")),
                   (parse_cards("CJ CA C8"), parse_cards("SA HA DA"))}


def test_a_guess_the_declarer_cannot_make_in_every_world_costs_what_it_risks():
    # He needs 31 to escape Schneider: 4 more card points, a trick worth something.
    # Lead HK.  In W1 and W3 M smears the CA on R's HA and R leads the SA: he ruffs, and
    #   W1: M still holds DA, which beats DQ and not DJ: ruff with DJ (SA 11 + DJ 2 + C8) or lose Schneider;
    #   W3: M holds CJ and overruffs either; the last trick is M's C8 with R's DA to follow: keep DJ
    #       to take it (C8 + DJ 2 + DA 11), so ruff with DQ.
    # He has seen the same cards (CA HA SA) in both: one card for both worlds loses Schneider in
    # one of them.  In W2 M takes HK with HA and leads C8, R plays DA: DJ takes it in that world,
    # which he can tell apart.  PIMC credits every world's own right card: lost, not Schneider,
    # in all three.
    view, worlds = _position()
    pimc, fused = _values(view, worlds)
    assert pimc["HK"] == LOST
    assert fused["HK"] == (LOST + LOST_SCHNEIDER) / 3 + LOST / 3
    # A trump lead leaves no guess: M must follow with his one trump, DA in W1 and CJ in W3, and
    # holds none in W2, so the three worlds show him three different cards before he chooses again;
    # DQ and DJ are worth what PIMC says.
    for card in ("DQ", "DJ"):
        assert fused[card] == pimc[card]


def test_one_world_leaves_nothing_to_guess():
    view, worlds = _position()
    for w in worlds:
        pimc, fused = _values(view, [w])
        assert fused == pimc
