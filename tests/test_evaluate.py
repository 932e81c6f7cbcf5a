"""Bid advice: answers known from the rules alone, reproducibility, bad input."""

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import parse_cards
from solver.advice import EvaluationError, evaluate_declare, evaluate_hand
from solver.stats import wilson
from solver.games import GRAND, HEARTS_GAME, NULL, Declaration
from solver.sampling import WorldSampler
from solver.scoring import matadors

FOUR_JACKS = "CJ SJ HJ DJ CA CT SA ST HA HT"


@pytest.mark.parametrize("seat", ["F", "M", "R"])
def test_four_jacks_and_three_aces_tens_win_grand_everywhere(seat):
    ev = evaluate_hand(FOUR_JACKS, seat, samples=24, first_batch=24, workers=1, seed=3)
    grands = [r for r in ev.declarations if r.declaration.game == GRAND]
    assert grands and all(r.p_win_dd() == 1.0 for r in grands)
    # played out, a game won in every sampled world is still not certain
    from solver.calibration import PlayModel
    covered = [r for r in grands if PlayModel.covers(r.declaration)]
    assert covered and all(r.calibrated and r.p_win() < 1.0 for r in covered)
    hand = next(r for r in grands if r.declaration == Declaration(GRAND, hand=True))
    # Schwarz in fact: 24 x (4 + game + hand + Schneider + Schwarz) = 192 in every world
    assert set(hand.value.tolist()) == {24 * 8}
    assert ev.recommended.declaration.game == GRAND


def test_ten_low_cards_win_null():
    ev = evaluate_hand("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7", "M", samples=40, first_batch=40, workers=1, seed=5)
    null_hand = next(r for r in ev.declarations if r.declaration == Declaration(NULL, hand=True))
    assert null_hand.p_win() >= 0.9
    assert ev.recommended.declaration.game == NULL


def test_no_trumps_no_aces_passes():
    ev = evaluate_hand("CQ CK S8 SQ SK H9 HQ HK DT DK", "R", samples=32, first_batch=32, workers=1, seed=2)
    assert ev.safe_bid is None
    assert ev.recommended.expected_score(18) < 0


def test_same_seed_same_numbers():
    a = evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", bid=27, samples=40, workers=1, seed=11).to_dict()
    b = evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", bid=27, samples=40, workers=1, seed=11).to_dict()
    for d in (a, b):
        d.pop("seconds")
    assert a == b


def test_many_hands_in_one_call_match_single_calls():
    from solver.advice import evaluate_hands
    kw = dict(samples=16, first_batch=16, workers=1, seed=4)
    many = evaluate_hands([(FOUR_JACKS, "F", 48), ("CQ CK S8 SQ SK H9 HQ HK DT DK", "R")], **kw)
    assert many[0].bid == 48 and many[1].bid is None
    single = evaluate_hand(FOUR_JACKS, "F", bid=48, **kw).to_dict()
    got = many[0].to_dict()
    for d in (got, single):
        d.pop("seconds")
    assert got == single


def test_hand_game_value_counts_the_skat():
    """With CJ SJ and no HJ a Hearts Hand is 'with 2' = 40 unless the skat holds HJ (with 3, or more)."""
    cards = parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7")
    ev = evaluate_hand(cards, "F", samples=32, first_batch=32, workers=1, seed=9,
                       declarations=[Declaration(HEARTS_GAME, hand=True)])
    r = ev.declarations[0]
    worlds = WorldSampler(cards, 0, 9).draw(32)
    for w, v in zip(worlds, r.value.tolist()):
        m = matadors(cards | w.skat, HEARTS_GAME)
        assert v % 10 == 0 and v >= 10 * (m + 2)       # base 10 x (matadors + game + hand [+ levels])
        if (w.skat >> 29) & 1:                           # HJ in the skat: at least with 3
            assert v >= 50


def test_declare_ranks_discards():
    ev = evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 27, skat="CK DT", samples=24, first_batch=24,
                          workers=1, seed=1)
    top = ev.ranked()[0]
    assert top.discard is not None and top.discard & ~parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7 CK DT") == 0
    assert all(not r.declaration.hand for r in ev.declarations)


@pytest.mark.parametrize("args,message", [
    (("CJ SJ HA HT HK H9 SA S7 D8", "F"), "expected 10 cards, got 9"),
    (("CJ SJ HA HT HK H9 SA S7 D8 SJ", "F"), "duplicate card SJ"),
    (("CJ SJ HA HT HK H9 SA S7 D8 D7", "X"), "unknown seat"),
])
def test_bad_input(args, message):
    with pytest.raises(EvaluationError, match=message):
        evaluate_hand(*args, workers=1)
    with pytest.raises(EvaluationError, match="not a possible bid"):
        evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", bid=19, workers=1)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((hi - lo) / 2 - 0.0962) < 0.002     # textbook ±9.6 points at n=100
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert [round(x, 3) for x in wilson(10, 10)] == [0.722, 1.0]         # Wilson, n=10, all successes


def test_cli_bid_verdict_and_json():
    run = CliRunner().invoke
    r = run(cli, ["bid", FOUR_JACKS, "--seat", "F", "--to", "48", "--samples", "24", "--workers", "1"])
    assert r.exit_code == 0, r.output
    # Grand Hand Ouvert with four: (4 + game + Hand + Schneider + announced + Schwarz + announced + Ouvert)
    # x 24 = 264, the highest bid it pays, named with the game
    assert r.output.startswith("Yes — bid up to 264 and play grand Hand ouvert")
    r = run(cli, ["bid", FOUR_JACKS, "--seat", "F", "--samples", "24", "--workers", "1", "--json"])
    out = json.loads(r.output)
    assert {"declarations", "recommended", "safe_bid", "samples", "seed"} <= set(out)
    d = out["declarations"][0]
    assert {"game", "hand", "schneider", "schwarz", "ouvert", "p_win", "p_win_ci", "expected_score",
            "max_bid"} <= set(d)
    r = run(cli, ["bid", "CJ SJ", "--seat", "F"])
    assert r.exit_code == 1 and "expected 10 cards" in r.output
    r = run(cli, ["declare", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--skat", "CK DT", "--seat", "F", "--bid", "27",
                  "--samples", "24", "--workers", "1", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["recommended"]["discard"]


@pytest.mark.slow
def test_declarations_drop_out_of_the_race():
    """Half the first batch for every declaration, the rest for the contenders, more for the
    leaders (hearts, pick-up and Hand, here): each is reported with its own number of worlds."""
    ev = evaluate_hand("SJ DJ HA HK HQ H8 H7 SA DT D9", "R", samples=40, first_batch=16, workers=1, seed=8,
                       contenders=3, leaders=2, precision=0.0, model=None)
    counts = {r.declaration.name: r.samples for r in ev.declarations      # the race's own candidates
              if not (r.declaration.schneider or r.declaration.schwarz or r.declaration.ouvert)}
    assert min(counts.values()) == 8
    assert sum(n >= 16 for n in counts.values()) == 3          # the contenders
    assert sorted(counts.values())[-2:] == [40, 40]             # the leaders, to the cap
    assert counts[ev.recommended.declaration.name] == 40
    dropped = max(r.expected_score(18) for r in ev.declarations if r.samples == 8)
    assert ev.recommended.expected_score(18) > dropped
    full = evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", samples=16, first_batch=16, workers=1, seed=8,
                         contenders=None, model=None)
    assert {r.samples for r in full.declarations} == {16}


def test_a_spent_budget_stops_after_half_the_first_batch():
    ev = evaluate_hand("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", samples=64, first_batch=16, workers=1, seed=8,
                       budget=1e-9, model=None)
    assert ev.samples == 8 and {r.samples for r in ev.declarations} == {8}


def test_the_budget_clock_starts_only_rounds_that_end_in_time(monkeypatch):
    """A round's cost is predicted from the last round's cost a world: all of it for as many
    candidates, at least three quarters of it for fewer (the close games stay in the race)."""
    import solver.advice.race as E
    now = [100.0]
    monkeypatch.setattr(E.time, "perf_counter", lambda: now[0])
    clock = E._Clock(1.0)
    clock.per_world, clock.last = 0.1, 10            # the last round: 10 candidates, 0.1 s a world
    now[0] += 0.5                                    # half the budget left
    assert clock.worlds_that_fit(32, 10) == 5        # 0.5 s / 0.1 s
    assert clock.worlds_that_fit(32, 2) == 6         # 0.5 s / (0.1 x 0.75)
    assert clock.worlds_that_fit(3, 2) == 3
    now[0] += 0.6                                    # over budget
    assert clock.worlds_that_fit(32, 2) == 0
    assert E._Clock(None).worlds_that_fit(32, 2) == 32


def test_the_race_stops_once_pass_is_settled_whichever_losing_game_leads():
    """Two leaders that both lose money at the bid beyond their intervals: the advice is "pass"
    whichever of them loses less, so no more worlds are drawn to rank them."""
    import numpy as np
    from solver.advice import DeclarationResult
    from solver.advice.race import _pass_settled
    n = 40
    lost_most = np.array([True] + [False] * (n - 1))           # hearts with 2 (30): +30 once, -60 else
    hearts = DeclarationResult(Declaration(HEARTS_GAME), lost_most, np.full(n, 2), np.zeros(n, bool),
                               np.zeros(n, bool))
    grand = DeclarationResult(Declaration(GRAND), lost_most[::-1].copy(), np.full(n, 2), np.zeros(n, bool),
                              np.zeros(n, bool))
    assert hearts.expected_score_ci(18)[1] < 0 and grand.expected_score_ci(18)[1] < 0
    assert _pass_settled([hearts, grand], 18) and _pass_settled([grand, hearts], 18)
    # hearts won in 27 of 40 worlds: E = (27 x 30 - 13 x 60) / 40 = +0.75, its interval straddles 0:
    # neither pass nor the choice is settled
    won = np.array([True, True, False] * 14)[:n]
    open_hearts = DeclarationResult(Declaration(HEARTS_GAME), won, np.full(n, 2), np.zeros(n, bool), np.zeros(n, bool))
    lo, hi = open_hearts.expected_score_ci(18)
    assert abs(open_hearts.expected_score(18) - 0.75) < 1e-9 and lo < 0 < hi
    assert not _pass_settled([open_hearts, grand], 18)


def test_a_hopeless_hand_stops_before_samples_with_pass_settled():
    ev = evaluate_hand("SJ HJ CK C8 SK S7 HA HQ DK DQ", "F", bid=18, workers=1)
    assert ev.stopped == "pass" and ev.samples < 400
    assert all(r.expected_score_ci(18)[1] < 0 for r in ev.ranked()[:2])


def test_the_race_decides_on_the_difference_paired_on_common_worlds():
    """Clubs and spades won in the same forty worlds with the same matadors (1 to 4 in turn):
    clubs scores 12 x (m + 1), spades 11 x (m + 1), so clubs is ahead by m + 1 in every world.
    Each score alone spreads widely (their intervals overlap), but paired on the same worlds the
    difference is sure: the race stops.  Without the worlds' numbers, or on different worlds,
    only the unpaired intervals can decide."""
    import dataclasses

    import numpy as np
    from solver.advice import DeclarationResult
    from solver.advice.race import _decided
    from solver.games import CLUBS_GAME, SPADES_GAME
    n = 40
    won, mats, no = np.ones(n, bool), np.array([1, 2, 3, 4] * 10), np.zeros(n, bool)
    ids = np.arange(n)
    clubs = DeclarationResult(Declaration(CLUBS_GAME), won, mats, no, no, worlds=ids)
    spades = DeclarationResult(Declaration(SPADES_GAME), won, mats, no, no, worlds=ids)
    assert clubs.expected_score(18) == 42.0 and spades.expected_score(18) == 38.5
    assert clubs.expected_score_ci(18)[0] < spades.expected_score_ci(18)[1]        # the intervals overlap
    lo, hi = clubs.expected_gap_ci(spades, 18)
    assert 0 < lo < 3.5 < hi < 4.0
    assert _decided([clubs, spades], 18)
    assert not _decided([dataclasses.replace(clubs, worlds=None), spades], 18)
    assert not _decided([clubs, dataclasses.replace(spades, worlds=ids + n)], 18)


def test_a_game_and_its_hand_game_are_told_apart_before_the_samples_run_out():
    """Spades after the pick-up leads; its rivals (diamonds, spades Hand) are solved on the same
    worlds, so the paired difference settles the race long before 400 worlds; a fine precision
    keeps that from stopping it first."""
    ev = evaluate_hand("SJ CA SA ST S9 S7 HK DA DT DQ", "M", workers=1, precision=0.01)
    first, second = ev.ranked()[:2]
    assert ev.stopped == "decided" and ev.samples < 400 and first.declaration.name == "spades"
    # told apart on the worlds both were solved on: the paired difference's interval excludes 0
    low, _ = first.expected_gap_ci(second)
    assert low > 0


@pytest.mark.parametrize("k", range(6))
def test_waiting_lost_worlds_change_no_answer(k, monkeypatch):
    """A lost world's Schneider and Schwarz probes wait until its declaration could matter:
    every number is the same as with every world probed at once, and a bulk row's evaluation
    (only the declarations "needed") recommends the same game with the same bids."""
    import numpy as np
    import solver.advice.race as E
    from solver.advice import evaluate_hand
    from solver.players.table import shuffle

    def answer(ev):
        r, a = ev.recommended, ev.advice()
        return (r.declaration.name, r.p_win(ev.at), r.expected_score(ev.at), r.p_schneider(ev.at), ev.safe_bid,
                ev.highest_bid[0], a, ev.samples)

    hand = shuffle(np.random.default_rng([41, k]))[k % 3]
    opts = dict(bid=[None, 18, 23, 30, 36, 48][k], samples=16 if k < 4 else 96, seed=k, workers=1)
    lazy = evaluate_hand(hand, k % 3, **opts).to_dict()
    needed = evaluate_hand(hand, k % 3, details="needed", **opts)
    monkeypatch.setattr(E, "DEFER_LOST_LEVELS", False)
    eager = evaluate_hand(hand, k % 3, **opts)
    assert {**lazy, "seconds": 0} == {**eager.to_dict(), "seconds": 0}
    # the pick-up as the game chosen after the skat needs every pick-up declaration: "needed" keeps
    # them where the race paired them (a suit game leads them) and gives the same answer; else it
    # leaves the option out, which then takes no share of the gap and turns nothing
    assert answer(needed)[:-2] == answer(eager)[:-2]
    if needed.option_rows:
        assert answer(needed)[-2] == answer(eager)[-2]
    else:
        assert needed.advice()["pickup"] is None
        assert {**answer(needed)[-2], "pickup": None} == {**answer(eager)[-2], "pickup": None}
    assert answer(needed)[-1] == answer(eager)[-1]
    assert needed.solves <= eager.solves
    with pytest.raises(ValueError, match="details"):
        evaluate_hand(hand, k % 3, details="some", **opts)


def test_declarations_surely_below_the_leader_are_out_of_the_race():
    """Four jacks with aces and tens: the Grand leads by far after half the first batch; the
    declarations whose 95% interval lies below its own get none of the other half, even where
    they would rank among the four contenders."""
    ev = evaluate_hand("CJ SJ HJ DJ CA CT SA ST HA HT", "F", samples=16, workers=1)
    counts = {r.declaration.name: r.samples for r in ev.declarations      # the race's own candidates
              if not (r.declaration.schneider or r.declaration.schwarz or r.declaration.ouvert)}
    assert ev.recommended.declaration.game == GRAND and ev.recommended.samples == 16
    assert sum(1 for n in counts.values() if n == 16) < 4 <= len(counts)
    leader_low = ev.recommended.expected_score_ci(18)[0]
    for r in ev.declarations:
        if r.samples == 8:
            assert r.expected_score_ci(18)[1] < leader_low, r.declaration.name


def test_precision_is_what_more_worlds_can_narrow():
    """The play model's interval holds its coefficients' uncertainty, which no number of worlds
    reduces: the race stops once the part the worlds narrow (the model's P(win) at the ends of
    the double-dummy rate's interval) is within the precision."""
    import dataclasses

    import numpy as np
    from solver.advice import DeclarationResult
    from solver.advice.race import _precise
    n = 100
    won = np.arange(n) < 80                                     # 80 of 100 worlds won
    base = DeclarationResult(Declaration(HEARTS_GAME), won, np.full(n, 1), np.zeros(n, bool), np.zeros(n, bool))
    lo, hi = base.p_win_ci(18)
    assert (lo, hi) == base.p_win_dd_ci(18) and (hi - lo) / 2 > 0.05      # Wilson over 100 worlds
    assert not _precise([base], 18, 0.05) and _precise([base], 18, 0.09)
    cal = dataclasses.replace(base, played=(0.85, 0.70, 0.95), played_sampling=(0.82, 0.88))
    assert cal.p_win(18) == pytest.approx(0.85) and cal.p_win_ci(18) == pytest.approx((0.70, 0.95))
    assert cal.p_win_sampling_ci(18) == pytest.approx((0.82, 0.88))
    assert _precise([cal], 18, 0.05) and not _precise([cal, base], 18, 0.05)


def test_a_grand_the_model_is_unsure_of_stops_at_the_precision_of_its_worlds():
    # (decide=False: no stop because the advice is clear, so only the precision or --samples can stop it)
    ev = evaluate_hand("CJ HJ SA H9 H8 H7 DA DT DK DQ", "F", workers=1, decide=False)
    r = ev.recommended
    lo, hi = r.p_win_ci(18)
    slo, shi = r.p_win_sampling_ci(18)
    assert ev.stopped == "precision" and ev.samples < 400
    assert (shi - slo) / 2 <= 0.05 < (hi - lo) / 2 and lo <= slo <= r.p_win(18) <= shi <= hi


def test_a_runner_up_surely_behind_need_not_be_precise():
    """Clubs won in all forty worlds (its P(win) sure to ±0.05); spades on the same worlds won
    in every other one, far behind and its P(win) known only to about ±0.15: the leader's
    precision is enough.  A runner-up that could still be ahead must be precise too."""
    import numpy as np
    from solver.advice import DeclarationResult
    from solver.advice.race import _ahead, _precise
    from solver.games import CLUBS_GAME, SPADES_GAME
    n = 40
    mats, no, ids = np.array([1, 2, 3, 4] * 10), np.zeros(n, bool), np.arange(n)
    clubs = DeclarationResult(Declaration(CLUBS_GAME), np.ones(n, bool), mats, no, no, worlds=ids)
    spades = DeclarationResult(Declaration(SPADES_GAME), np.arange(n) % 2 == 0, mats, no, no, worlds=ids)
    def half(r):
        lo, hi = r.p_win_ci(18)
        return (hi - lo) / 2
    assert half(clubs) <= 0.05 < half(spades)
    assert _ahead([clubs, spades], 18) and _precise([clubs, spades], 18, 0.05)
    assert not _ahead([spades, clubs], 18) and not _precise([spades, clubs], 18, 0.05)
