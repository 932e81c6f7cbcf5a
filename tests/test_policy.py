"""The learned model of card play (solver.policy) and the inference cue that reads it.

Feature values follow from the trick rules (rules, "Card play"); the fit is checked on choices
drawn from a known model; the cue on a hand-made model whose one weight says "nobody gives
points to an opponent's trick".
"""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks import policy_games
from solver import inference
from solver.cards import parse_card, parse_cards
from solver.deal import load_deal, replay
from solver.games import HEARTS_GAME
from solver.inference import Inference, _policy_choices, policy_likelihood
from solver.games import Declaration
from solver.policy import FEATURES, Decision, PolicyModel, card_features, decisions_of, default_policy

F, M, R = 0, 1, 2


def named(f: dict[int, np.ndarray], card: str) -> dict[str, float]:
    return dict(zip(FEATURES, f[parse_card(card)].tolist()))


def test_features_follow_the_trick_rules():
    # hearts is trump; F led the ace of clubs, M (F's partner against R) played the seven: R,
    # declarer, void in clubs, may trump with H7 or HJ or throw S8 or ST
    held = parse_cards("HJ H7 S8 ST")
    legal = held                                                      # void in clubs: any card
    f = card_features(held, legal, [parse_card("CA"), parse_card("C7")], [F, M], R, R,
                      unseen=parse_cards("CJ SJ HA HT SA SK"), game=HEARTS_GAME)
    assert named(f, "H7")["ruff"] == 1.0 and named(f, "H7")["wins"] == 1.0 and named(f, "H7")["wins_last"] == 1.0
    assert named(f, "ST")["discard"] == 1.0 and named(f, "ST")["wins"] == 0.0
    assert named(f, "ST")["gives"] == pytest.approx(10 / 11)          # ten points on the defenders' trick
    assert named(f, "HJ")["master"] == 0.0                            # CJ and SJ are out
    assert named(f, "H7")["lowest"] == 1.0 and named(f, "HJ")["highest"] == 1.0
    assert named(f, "S8")["length"] == pytest.approx(0.2)             # two spades


def test_a_defender_smearing_on_his_partners_trick():
    # F declares hearts; M leads SA, R (M's partner) plays ST on it: a smear of 10
    f = card_features(parse_cards("ST S7 D8"), parse_cards("ST S7"), [parse_card("SA")], [M], R, F,
                      unseen=parse_cards("SK SQ S9"), game=HEARTS_GAME)
    assert named(f, "ST")["smear"] == pytest.approx(10 / 11) and named(f, "S7")["smear"] == 0.0


def test_decisions_leave_out_forced_cards():
    # the sample deal: every card with one legal choice is no decision, so the last trick
    # (one card each) never is, and a decision always had two or more cards
    rec = {"hands": {"F": "SJ DJ CA CT C9 HK H8 DA DT D9", "M": "CK C8 C7 S8 S7 HT H9 DK D8 D7",
                     "R": "CJ HJ CQ SA ST SK SQ S9 HA DQ"}, "skat": "HQ H7", "declarer": "F", "game": "diamonds",
           "played": "CA C7 CQ  CT C8 DQ"}
    ds = decisions_of(load_deal(rec))
    assert all(len(d.features) >= 2 and d.chosen in d.features for d in ds)
    # F's opening lead is a choice among ten cards; M must follow clubs (CK C8 C7): a choice of three
    assert len(ds[0].features) == 10 and ds[0].role == "declarer"
    assert len(ds[1].features) == 3 and ds[1].role == "defender"
    # R holds one club (CQ; CJ is a trump): forced, so the next decision is F's lead of CT
    assert ds[2].chosen == parse_card("CT") and ds[2].role == "declarer"


def test_the_fit_recovers_the_weights_choices_were_drawn_from():
    rng = np.random.default_rng(5)
    truth = np.zeros(len(FEATURES))
    truth[FEATURES.index("points")], truth[FEATURES.index("gives")] = 1.0, -2.0
    ds = []
    for _ in range(3000):
        n = int(rng.integers(2, 6))
        x = rng.random((n, len(FEATURES)))
        p = np.exp(x @ truth)
        p /= p.sum()
        ds.append(Decision("defender", int(rng.choice(n, p=p)), {c: x[c] for c in range(n)}))
    w = PolicyModel.fit(ds, l2=0.1).weights["defender"]
    assert w[FEATURES.index("points")] == pytest.approx(1.0, abs=0.25)
    assert w[FEATURES.index("gives")] == pytest.approx(-2.0, abs=0.25)
    assert abs(w[FEATURES.index("rank")]) < 0.25


def test_the_policy_cue_weighs_a_world_by_the_cards_chosen(monkeypatch):
    # a model that says "nobody gives points to an opponent's trick": F declares hearts and leads
    # the trump ace, M (a defender) must follow trumps and adds H9.  Where M also held HT and HK,
    # H9 was the one card that gives nothing: P = 1 / (1 + e^(-3 x 10/11) + e^(-3 x 4/11)) = 0.71;
    # where he held H8 and H7 beside it, each of the three was as likely (1/3)
    w = np.zeros(len(FEATURES))
    w[FEATURES.index("gives")] = -3.0
    monkeypatch.setattr(inference, "default_policy", lambda: PolicyModel({"defender": w}))
    history = [(F, parse_card("HA")), (M, parse_card("H9"))]
    choices = _policy_choices(history, F, HEARTS_GAME)
    rich = policy_likelihood(choices, M, parse_cards("HT HK S7 S8 S9 D7 D8 D9 C7"), 0, F, HEARTS_GAME)
    poor = policy_likelihood(choices, M, parse_cards("H8 H7 S7 S8 S9 D7 D8 D9 C7"), 0, F, HEARTS_GAME)
    # the factor is n x ((1 - floor) x P + floor / n), uniform = 1
    assert rich == pytest.approx(3 * (0.9 / (1 + np.exp(-30 / 11) + np.exp(-12 / 11)) + 0.1 / 3))
    assert poor == pytest.approx(1.0)
    # the viewer R weighs a world by M's factor (F, the declarer, has no weights here: uniform)
    inf = Inference(R, F, Declaration(HEARTS_GAME), 18, [], history, cues=("policy",))
    assert inf.weight((parse_cards("CJ SJ HQ DA DT DK SA ST SK"), parse_cards("HT HK S7 S8 S9 D7 D8 D9 C7"), 0),
                      0) == pytest.approx(rich)


def test_the_shipped_model_says_where_it_comes_from():
    m = default_policy()
    assert set(m.weights) >= {"declarer", "defender"}
    assert m.about["seeds"] and m.about["command"].startswith("python benchmarks/fit_policy.py")


def test_the_cue_sees_each_choice_as_the_fit_did():
    # a played game read two ways: the choices the model is fitted on (decisions_of) and the
    # cue's factor in the world that really was (each player's hand at the end of the record):
    # the same choices, the same features, so the same product -- a defender never sees the
    # skat, the declarer sees the one he laid away
    # F laid away HA H7: when R leads HQ, M's HT is not the master of hearts (the ace is in the
    # skat, which M never saw) while F knows where the ace is
    rec = {"hands": {"F": "SJ DJ CA CT C9 HK H8 DA DT D9", "M": "CK C8 C7 S8 S7 HT H9 DK D8 D7",
                     "R": "CJ HJ CQ SA ST SK SQ S9 HQ DQ"}, "skat": "HA H7", "declarer": "F", "game": "diamonds",
           "played": "CA C7 CQ  CT C8 DQ  HQ HK HT"}
    deal = load_deal(rec)
    assert named(decisions_of(deal)[-1].features, "HT")["master"] == 0.0
    model = default_policy()
    history = [(s, c) for s, c in replay(deal).history]
    choices = _policy_choices(history, deal.declarer, deal.game)
    now = replay(deal).hands
    for seat in (F, M, R):
        expected = 1.0
        mine = [d for d, (s, _) in zip(decisions_with_seats(deal), history) if s == seat and d is not None]
        for d in mine:
            n = len(d.features)
            expected *= n * (0.9 * model.probability(d.role, d.features, d.chosen) + 0.1 / n)
        laid_away = deal.skat if seat == deal.declarer else 0
        assert policy_likelihood(choices, seat, now[seat], laid_away, deal.declarer, deal.game) == \
            pytest.approx(expected)


def decisions_with_seats(deal):
    """decisions_of's choices, None where a card was forced, one entry a card played."""
    ds = iter(decisions_of(deal))
    st = deal.start_state()
    out = []
    for card in deal.played:
        forced = bin(st.legal()).count("1") < 2
        out.append(None if forced else next(ds))
        st.push(card)
    return out


def test_the_self_play_script_does_not_replay_a_deal_whose_games_were_all_passed(tmp_path, monkeypatch):
    # deal 1's six games are all passed in: it writes no record, and a rerun must not play it again
    played = []

    def deal_games(args):
        played.append(args[3])
        return [] if args[3] == 1 else [{"deal": args[3]}]
    monkeypatch.setattr(policy_games, "deal_games", deal_games)
    out = tmp_path / "games.jsonl"
    for _ in range(2):
        monkeypatch.setattr("sys.argv", ["policy_games", "--deals", "3", "--workers", "1", "--out", str(out)])
        policy_games.main()
    assert played == [0, 1, 2]
    assert out.read_text().splitlines() == ['{"deal": 0}', '{"deal": 2}']
