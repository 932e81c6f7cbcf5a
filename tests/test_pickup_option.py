"""The pick-up priced as the game chosen after the skat is seen (:mod:`solver.advice.pickup`).

Seeger-Fabian (rules, "Tournament scoring"): a won game scores its value + 50, a lost one
-2 x value - 50.  Hearts "with two, game three" is worth 3 x 10 = 30 (won 80, lost -110);
Grand "with two, game three" 3 x 24 = 72 (won 122, lost -194).
"""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.fit_pickup_option import fit, report
from solver.advice import DeclarationResult, HandEvaluation, evaluate_hand
from solver.advice.pickup import BANDED_SHARE, NULL_SHARE, OPTION_SHARE, PickupOption
from solver.advice.sentences import answer_record, hand_verdict, pickup_line, verdict
from solver.cards import parse_cards
from solver.games import CLUBS_GAME, DIAMONDS_GAME, GRAND, HEARTS_GAME, NULL, Declaration
from solver.players.arena import make_player

HAND = "CJ SJ CA C7 C8 S7 S8 H7 H8 D7"


def game(g: int, won: list[bool], *, hand: bool = False, worlds: list[int] | None = None,
         mats: int = 2) -> DeclarationResult:
    """``g`` with ``mats`` matadors, won in the worlds ``won`` says, numbered ``worlds`` (0, 1, ...)."""
    w = np.array(won, dtype=bool)
    no = np.zeros(w.size, dtype=bool)
    ids = np.arange(w.size) if worlds is None else np.array(worlds)
    return DeclarationResult(Declaration(g, hand=hand), w, np.full(w.size, mats), no, no, scoring="seeger-fabian",
                             worlds=ids)


def evaluation(*rows: DeclarationResult, cards: str = HAND) -> HandEvaluation:
    return HandEvaluation(cards=parse_cards(cards), seat=0, bid=None, declarations=list(rows),
                          scoring="seeger-fabian", min_win=None, samples=rows[0].samples, seed=0, solves=0,
                          seconds=0.0)


def test_the_option_adds_a_share_of_what_choosing_in_each_world_would():
    hearts = game(HEARTS_GAME, [True, True, True, False])        # (3 x 80 - 110) / 4 = 32.5
    grand = game(GRAND, [False, False, True, True])              # (2 x 122 - 2 x 194) / 4 = -36
    o = PickupOption([hearts, grand], share={"suit": 0.5, "grand": 0.0})
    assert hearts.scores_at(18).tolist() == [80, 80, 80, -110]
    assert o.committed(18) is hearts
    # the best of each world: 80 80 122 122, mean 101; less the committed 32.5
    assert o.gap(18) == pytest.approx(101 - 32.5)
    assert o.expected_score(18) == pytest.approx(32.5 + 0.5 * 68.5)
    # hearts is worth 30: at 33 it is overbid in every world, and Grand is the committed game,
    # whose class adds no share
    assert o.committed(33) is grand
    assert o.expected_score(33) == pytest.approx(grand.expected_score(33))
    assert o.max_bid() == 30


def test_the_option_s_interval_adds_the_gap_s_sampling_error_to_the_committed_game_s():
    hearts = game(HEARTS_GAME, [True, True, True, False])        # 80 80 80 -110
    grand = game(GRAND, [False, False, True, True])              # -194 -194 122 122
    o = PickupOption([hearts, grand], share={"suit": 0.5, "grand": 0.0})
    # hearts: mean 32.5, sample sd of 80 80 80 -110 = 95, so 1.96 x 95 / 2 either side; the
    # differences 0 0 42 232: sample sd sqrt(36819 / 3), half of 1.96 x that / 2 either side
    mine = 1.959964 * 95 / 2
    gap = 0.5 * 1.959964 * np.sqrt(36819 / 3) / 2
    lo, hi = o.expected_score_ci(18)
    assert (lo + hi) / 2 == pytest.approx(32.5 + 0.5 * 68.5)
    assert (hi - lo) / 2 == pytest.approx(np.hypot(mine, gap))
    # no share, no part of the gap: the committed game's own interval
    assert PickupOption([hearts, grand], share={"suit": 0.0}).expected_score_ci(18) == \
        pytest.approx(hearts.expected_score_ci(18))
    assert pickup_line(evaluation(hearts, grand)).count("95%") == (OPTION_SHARE["suit"] > 0)


def test_the_gap_compares_plain_settlements_where_the_play_model_reweights_the_worlds():
    # P(win) played 0.5 for hearts, won in 3 of 4 worlds double-dummy: its won worlds weigh 1/6
    # each, its lost one 1/2, and its expected score is 0.5 x 80 - 0.5 x 110 = -15.  World by
    # world it still scores 80 80 80 -110 beside Grand's -194 -194 122 122: the best 80 80 122
    # 122 (mean 101), less hearts' own plain mean 32.5.  (Its reweighted parts, 53.3 53.3 53.3
    # -220, would make the gap 87.7 + 15 = 102.7: a lost world weighed up is no choice.)
    hearts = game(HEARTS_GAME, [True, True, True, False])
    hearts.played = (0.5, 0.4, 0.6)
    grand = game(GRAND, [False, False, True, True])
    o = PickupOption([hearts, grand], share={"suit": 0.5, "grand": 0.0})
    assert hearts.expected_score(18) == pytest.approx(-15)
    assert o.committed(18) is hearts                      # Grand: -36
    assert o.gap(18) == pytest.approx(101 - 32.5)
    assert o.expected_score(18) == pytest.approx(-15 + 0.5 * 68.5)


def test_the_gap_is_measured_on_the_worlds_every_pick_up_was_solved_on():
    hearts = game(HEARTS_GAME, [True, True, True, False, True, True, True, True], worlds=[0, 1, 2, 3, 4, 5, 6, 7])
    grand = game(GRAND, [True, True, False, False], worlds=[3, 2, 1, 0])       # worlds 3 2 1 0: won in 3 and 2
    o = PickupOption([hearts, grand], share={"suit": 1.0})
    assert o.shared_worlds().tolist() == [0, 1, 2, 3]
    # worlds 0..3: hearts 80 80 80 -110, grand -194 -194 122 122: the best 80 80 122 122
    assert o.committed(18) is hearts                              # (7 x 80 - 110) / 8 = 56.25
    assert o.gap(18) == pytest.approx((80 + 80 + 122 + 122) / 4 - (80 + 80 + 80 - 110) / 4)


def test_without_the_worlds_numbers_the_option_is_the_committed_game():
    hearts = game(HEARTS_GAME, [True, False])
    hearts.worlds = None
    o = PickupOption([hearts, game(GRAND, [False, True])], share={"suit": 1.0})
    assert o.gap(18) == 0.0
    assert o.expected_score(18) == hearts.expected_score(18)


def test_hand_games_are_not_part_of_the_pick_up():
    hand = game(HEARTS_GAME, [True, True], hand=True)
    o = PickupOption([hand, game(HEARTS_GAME, [False, True])])
    assert [r.declaration.hand for r in o.rows] == [False]
    assert PickupOption([hand]).committed(18) is None
    assert PickupOption([hand]).max_bid() is None


def test_an_evaluation_after_the_pick_up_has_no_option():
    twelve = evaluation(game(HEARTS_GAME, [True, False]), cards=HAND + " D8 D9")
    assert twelve.pickup_option is None
    ten = evaluation(game(HEARTS_GAME, [True, False]), game(GRAND, [False, True]))
    assert ten.pickup_option is not None
    assert ten.advice()["pickup"]["committed"] == "hearts (pick-up)"


def test_the_answer_names_the_option_where_it_adds(monkeypatch):
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)
    ev = evaluation(game(HEARTS_GAME, [True, True, True, False]), game(GRAND, [False, False, True, True]))
    line = pickup_line(ev)
    # 66.75 with 107.8 either side (the interval's test below)
    assert "expected +67 (95% -41 … +175) at 18" in line and "+32 for hearts after the pick-up" in line
    assert "up to 30" in line
    assert answer_record(ev)["pickup_line"] == line
    assert answer_record(ev, "declare")["pickup_line"] == ""
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.0)
    assert pickup_line(evaluation(game(HEARTS_GAME, [True, True, True, False]),
                                  game(GRAND, [False, False, True, True]))) == ""


def holds(name: str, ev: HandEvaluation, monkeypatch) -> int:
    player = make_player(name, 0)
    monkeypatch.setattr(player, "bid_advice", lambda h, s: ev)
    return player.max_bid(ev.cards, 0)


@pytest.mark.parametrize("name, bid", [("best-pickup-option", 30), ("best", 30), ("best-pickup-credit", 0),
                                       ("best-2026-12", 0)])
def test_a_player_may_bid_on_the_option(name, bid, monkeypatch):
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)
    # hearts (2 x 80 - 2 x 110) / 4 = -15; Grand (122 - 3 x 194) / 4 = -115; the best of each
    # world 80 80 122 -110: mean 43, a gap of 58: the option -15 + 29 = +14 at 18 ... 30
    ev = evaluation(game(HEARTS_GAME, [True, True, False, False]), game(GRAND, [False, False, True, False]))
    assert holds(name, ev, monkeypatch) == bid


def test_a_share_per_bid_band_prices_the_pick_up_lower_from_22_on(monkeypatch):
    # the evaluation above: hearts -15 at every bid up to its worth (30), the gap 58
    monkeypatch.setitem(BANDED_SHARE[0], "suit", 0.64)
    monkeypatch.setitem(BANDED_SHARE[1], "suit", 0.2)
    hearts, grand = game(HEARTS_GAME, [True, True, False, False]), game(GRAND, [False, False, True, False])
    o = PickupOption([hearts, grand], share=BANDED_SHARE[0], high_share=BANDED_SHARE[1])
    assert o.expected_score(20) == pytest.approx(-15 + 0.64 * 58)
    assert o.expected_score(22) == pytest.approx(-15 + 0.2 * 58)       # -3.4: no longer pays
    assert o.max_bid() == 20
    # best-option-bands holds 20 where best, one share of 0.5 (+14 up to 30), holds 30
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)
    ev = evaluation(hearts, grand)
    assert holds("best-option-bands", ev, monkeypatch) == 20
    assert holds("best", evaluation(hearts, grand), monkeypatch) == 30


@pytest.mark.parametrize("name, bid", [("best-null-option", 23), ("best", 0), ("best-2026-12", 0)])
def test_a_null_share_lets_a_player_hold_a_pick_up_whose_best_declaration_is_a_null(name, bid, monkeypatch):
    # Null with the pick-up is worth 23: won 73, lost -2 x 23 - 50 = -96; (2 x 73 - 2 x 96) / 4 =
    # -11.5, the committed game up to 23.  Hearts (80 - 3 x 110) / 4 = -62.5.  The best of each
    # world 73 80 -96 73: mean 32.5, a gap of 44.  Null's share: -11.5 + NULL_SHARE x 44 > 0
    null, hearts = game(NULL, [True, False, False, True]), game(HEARTS_GAME, [False, True, False, False])
    assert null.scores_at(18).tolist() == [73, -96, -96, 73]
    assert PickupOption([null, hearts]).gap(18) == pytest.approx(44)
    assert -11.5 + NULL_SHARE * 44 > 0
    # from 24 the Null is overbid in every world and hearts is committed: -62.5 plus its share
    # of a gap of 9 (the best of each world -98 80 -98 -98) stays below zero
    assert holds(name, evaluation(null, hearts), monkeypatch) == bid


@pytest.mark.parametrize("name, hand_game", [("best-pickup-option", False), ("best", False),
                                             ("best-pickup-credit", True)])
def test_the_option_may_turn_a_hand_game_into_a_pick_up(name, hand_game, monkeypatch):
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.9)
    # the option: -15 + 0.9 x 58 = 37.2; hearts Hand (3 x 90 - 130) / 4 = 35; the credit
    # (best-pickup-credit) gives the pick-up -15 + 25 = 10 only
    ev = evaluation(game(HEARTS_GAME, [True, True, False, False]), game(GRAND, [False, False, True, False]),
                    game(HEARTS_GAME, [True, True, True, False], hand=True))
    player = make_player(name, 0)
    monkeypatch.setattr(player, "bid_advice", lambda h, s: ev)
    assert player.choose_hand(ev.cards, 0, 18) == (Declaration(HEARTS_GAME, hand=True) if hand_game else None)


def test_the_share_is_fitted_to_make_the_price_right_on_average():
    rows = [{"seed": 1, "class": "suit", "committed": 10.0, "gap": 40.0, "score": [30, 50], "bid": 18},
            {"seed": 1, "class": "suit", "committed": 0.0, "gap": 20.0, "score": [10], "bid": 24},
            {"seed": 1, "class": "grand", "committed": 50.0, "gap": 30.0, "score": [40], "bid": 18},
            {"seed": 1, "class": "null", "committed": 0.0, "gap": 50.0, "score": [60], "bid": 18},
            {"seed": 1, "class": "null", "committed": 0.0, "gap": 50.0, "score": [-40], "bid": 18},
            {"seed": 2, "class": "suit", "committed": 5.0, "gap": 10.0, "score": [10], "bid": 18}]
    # suit: played less committed (40 - 10) + (10 - 0) = 40 over gaps 60, the shortfall 30 and 10
    # (mean 20, 95% 20 +- 1.96 x 14.1 / 1.41 = 20 +- 19.6: above zero); Grand above: none; Null
    # short by +60 and -40 (20 +- 98: not shown to be low): none
    assert fit([r for r in rows if r["seed"] == 1]) == {"suit": 0.67, "grand": 0.0, "null": 0.0,
                                                       "null ouvert": 0.0}
    text = report(rows, {1})
    assert "fitted on seeds 1" in text and "checked on (not fitted) seeds 2: 1 declarations" in text


def test_once_the_auction_is_won_the_option_may_say_pick_up(monkeypatch):
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.9)
    ev = evaluation(game(HEARTS_GAME, [True, True, False, False]), game(GRAND, [False, False, True, False]),
                    game(HEARTS_GAME, [True, True, True, False], hand=True))
    # the option +37.2 (above) beats hearts Hand's +35, the recommended declaration
    assert ev.recommended.declaration.hand
    line = hand_verdict(ev)
    assert line.startswith("Pick up the skat: choosing the game after it expects +37 (95% ")
    assert ") at 18, more than hearts Hand" in line
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)                # +14: the Hand game stays
    ev = evaluation(*ev.declarations)
    assert hand_verdict(ev).startswith("Play hearts Hand")


def test_the_answer_to_bid_n_names_a_higher_bid_the_option_pays(monkeypatch):
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)
    # diamonds Hand "with two, game three, Hand four" is worth 36, won everywhere: +86 at 18.
    # Clubs after the pick-up "with three, game four" is worth 48 (won 98, lost -146), won in
    # two of four worlds: -24; Grand in the other two: -36.  Choosing in sight of every card:
    # 98 98 122 122, a gap of 110 + 24 = 134, so the pick-up +43 at 18 ... 48: less than the
    # Hand game at 18, but it pays up to 48, and no single declaration does beyond 36
    hand = game(DIAMONDS_GAME, [True] * 4, hand=True)
    clubs = game(CLUBS_GAME, [True, True, False, False], mats=3)
    grand = game(GRAND, [False, False, True, True])
    ev = evaluation(hand, clubs, grand)
    assert ev.pickup_option is not None and ev.pickup_option.expected_score(18) == pytest.approx(43)
    assert ev.advice()["verdict_basis"] == "declaration"
    assert verdict(ev, asked=False).startswith("Bid up to 36 and play diamonds Hand")
    assert verdict(ev, asked=False).endswith("; up to 48 picking up and choosing the game after the skat")
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.0)
    assert "choosing the game" not in verdict(evaluation(hand, clubs, grand), asked=False)


def test_the_answer_is_judged_on_the_pick_up_where_choosing_after_the_skat_expects_more(monkeypatch):
    # 256 worlds: hearts won in half (80, lost -110: expected -15), Grand in the other half
    # (122 and -194: -36).  Choosing in sight of every card: 80 or 122, mean 101, a gap of 116.
    halves = [True] * 4 + [False] * 4
    hearts = game(HEARTS_GAME, halves * 32)
    grand = game(GRAND, [not w for w in halves] * 32)
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.0)
    alone = evaluation(hearts, grand)
    # hearts' interval: -15 +- 1.96 x 95.2 / 16 (sample sd of +-95 over 256), wholly below 0
    assert alone.advice()["verdict"] == "no" and alone.advice()["verdict_basis"] == "declaration"
    assert verdict(alone).startswith("No — do not bid 18: hearts after the pick-up, the best game")
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)
    ev = evaluation(game(HEARTS_GAME, halves * 32), game(GRAND, [not w for w in halves] * 32))
    a = ev.advice()
    # -15 + 0.5 x 116 = 43, its interval well above 0; hearts (worth 30) overbid from 33 on,
    # where Grand's -36 is the committed price and adds no share: it pays up to 30
    assert a["pickup"]["expected_score"] == pytest.approx(43)
    assert a["verdict"] == "yes" and a["verdict_basis"] == "pickup"
    assert a["declaration"] == "hearts (pick-up)" and a["up_to"] is None
    line = verdict(ev)
    assert line.startswith("Yes — bid up to 30 picking up and choosing the game after the skat: expected +43 (95% ")
    assert "; hearts after the pick-up, the best single game, wins 50%" in line
    assert "up to 30 picking up" not in line.split(";", 1)[1]
    # four worlds (hearts won in two, Grand in one): the option +14 at 18 and hearts -15, both
    # intervals straddle 0: the option does not turn the answer, which names hearts
    four = evaluation(game(HEARTS_GAME, [True, True, False, False]), game(GRAND, [False, False, True, False]))
    assert four.advice()["verdict_basis"] == "declaration"
    assert verdict(four, asked=False).startswith("Borderline at 18: hearts after the pick-up")
    # a share of 0.1: -15 + 0.1 x 116 = -3.4, its interval straddling 0 where hearts' is below
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.1)
    some = evaluation(game(HEARTS_GAME, halves * 32), game(GRAND, [not w for w in halves] * 32))
    assert some.advice()["verdict"] == "borderline" and some.advice()["verdict_basis"] == "pickup"
    assert verdict(some).startswith(
        "Borderline at 18: picking up and choosing the game after the skat expects -3, somewhere between ")
    # a share of 0.02: -12.7, its interval below 0 too: no, and the answer names hearts
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.02)
    low = evaluation(game(HEARTS_GAME, halves * 32), game(GRAND, [not w for w in halves] * 32))
    assert low.advice()["verdict_basis"] == "declaration"
    assert verdict(low).startswith("No — do not bid 18: hearts after the pick-up, the best game")


def test_a_single_game_that_pays_keeps_the_answer(monkeypatch):
    # hearts won in three worlds of four: +32.5 at 18, its interval above 0; the option's more
    # does not turn a yes
    monkeypatch.setitem(OPTION_SHARE, "suit", 0.5)
    ev = evaluation(game(HEARTS_GAME, [True, True, True, False] * 8), game(GRAND, [False, False, False, True] * 8))
    assert ev.pickup_option is not None and ev.pickup_option.expected_score(18) > ev.recommended.expected_score(18)
    assert ev.advice()["verdict"] == "yes" and ev.advice()["verdict_basis"] == "declaration"
    assert verdict(ev).startswith("Yes — bid up to 30 and play hearts after the pick-up")


def test_every_pick_up_is_paired_on_the_leading_pick_up_s_first_worlds():
    # the race gives every declaration 8 worlds (half the first batch), the four best 16, the
    # two leaders more; its last round solves every pick-up declaration on the leading pick-up's
    # first option_worlds worlds, apart: the option's gap is read on that many, and every
    # declaration's own numbers stay the race's
    asked = dict(samples=64, seed=3, workers=1)
    plain = evaluate_hand("CJ HJ CA CT CK S7 S8 H9 D7 D8", "M", option_worlds=0, **asked)
    ev = evaluate_hand("CJ HJ CA CT CK S7 S8 H9 D7 D8", "M", option_worlds=24, **asked)
    assert plain.option_rows == [] and plain.pickup_option is not None
    assert plain.pickup_option.shared_worlds().size == 8
    assert ev.to_dict()["declarations"] == plain.to_dict()["declarations"]
    o = ev.pickup_option
    assert o is not None
    lead = o.committed(18)
    assert lead is not None and lead.samples >= 24
    assert o.shared_worlds().tolist() == sorted(np.asarray(lead.worlds)[:24].tolist())
    assert {r.declaration for r in ev.option_rows} == {r.declaration for r in ev.declarations if r.pickup}
    assert all(r.samples >= 24 for r in ev.option_rows)
    # where the leading pick-up is a Null, the option takes no share of the gap: nothing is paired
    null = evaluate_hand("C7 C9 CJ S8 ST H7 H9 HQ D7 D8", "M", option_worlds=24, **asked)
    assert null.pickup_option is not None and null.pickup_option.committed(18).declaration.is_null
    assert null.option_rows == [] and OPTION_SHARE["null"] == 0
    # a bulk row (only the declarations "needed") pairs them the same and keeps every pick-up
    # declaration, so its option and its answer are the full advice's; where nothing is paired
    # (a Null leads the pick-ups), it prices no option, which would take no share anyway
    needed = evaluate_hand("CJ HJ CA CT CK S7 S8 H9 D7 D8", "M", option_worlds=24, details="needed", **asked)
    assert not needed.complete
    assert [r.to_dict(18) for r in needed.option_rows] == [r.to_dict(18) for r in ev.option_rows]
    assert needed.pickup_option is not None and needed.advice() == ev.advice()
    assert {r.declaration for r in ev.declarations if r.pickup} <= {r.declaration for r in needed.declarations}
    # where the best single game says yes already, which the option cannot turn, a bulk row pairs
    # nothing and gives the same answer
    clubs = evaluate_hand("SJ CA CT CK CQ C9 C8 SA H7 D7", "M", option_worlds=24, **asked)
    clubs_needed = evaluate_hand("SJ CA CT CK CQ C9 C8 SA H7 D7", "M", option_worlds=24, details="needed", **asked)
    assert clubs.option_rows and clubs.advice()["verdict_basis"] == "declaration"
    assert clubs_needed.option_rows == [] and clubs_needed.pickup_option is None
    assert {**clubs_needed.advice(), "pickup": None} == {**clubs.advice(), "pickup": None}
    assert clubs_needed.advice()["verdict"] == "yes" and clubs_needed.solves < clubs.solves
    null_needed = evaluate_hand("C7 C9 CJ S8 ST H7 H9 HQ D7 D8", "M", option_worlds=24, details="needed", **asked)
    assert null_needed.pickup_option is None
    assert {**null_needed.advice(), "pickup": None} == {**null.advice(), "pickup": None}
