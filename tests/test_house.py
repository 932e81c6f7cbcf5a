"""House rules from the seeds, as cases worked out by hand from the rules of record."""

from __future__ import annotations

import pytest

from solver.games import HEARTS_GAME, Declaration
from solver.house import BockRounds, HouseRules, bock_events, kontra_multiplier, may_say_kontra, ramsch_scores
from solver.scoring import settle


def test_ramsch_jungfrau_doubles_the_loss():
    # F 70, M 50, R took no trick (0): F loses 70, doubled for R's Jungfrau
    r = ramsch_scores([70, 50, 0], [6, 4, 0])
    assert r.scores == [-140, 0, 0] and r.jungfrau == [2] and r.losers == [0]


def test_ramsch_durchmarsch_scores_120_and_nobody_loses():
    r = ramsch_scores([0, 120, 0], [0, 10, 0])
    assert r.scores == [0, 120, 0] and r.durchmarsch == 1 and r.losers == []


def test_ramsch_tie_for_most_points_each_loses_them():
    r = ramsch_scores([45, 45, 30], [4, 3, 3])
    assert r.scores == [-45, -45, 0] and r.losers == [0, 1]


def test_schieberamsch_two_unseen_passes_multiply_by_four():
    assert ramsch_scores([50, 40, 30], [4, 3, 3], pushes=2).scores == [-200, 0, 0]
    with pytest.raises(ValueError, match="120 in all"):
        ramsch_scores([50, 40, 20], [4, 3, 3])


def test_kontra_re_bock_hirsch_on_a_lost_game_is_sixteen_fold():
    # hearts with 2 (value 10 x 3 = 30) lost: -60, and x16 after Kontra, Re, Bock, Hirsch
    won, value, score, _ = settle(Declaration(HEARTS_GAME), 2, won=False, schneider=False, schwarz=False, bid=18,
                                  kontra=kontra_multiplier("hirsch"))
    assert (won, value, score) == (False, 30, -960)
    assert HouseRules.parse("hirsch").kontra_calls()[-1] == ("hirsch", 16, "declarer")
    assert [c for c, _, _ in HouseRules.parse("kontra").kontra_calls()] == ["kontra", "re"]
    assert HouseRules.parse("").kontra_calls() == ()
    with pytest.raises(ValueError, match="unknown house rule 'bockbier'"):
        HouseRules.parse("kontra,bockbier")


def test_who_may_say_kontra():
    # M bid 18 and 20, F held 18 then passed, R passed: M declares; F bid, R did not
    assert may_say_kontra(0, 1, {1: 20, 0: 18}) and not may_say_kontra(2, 1, {1: 20, 0: 18})


def test_a_60_60_game_starts_a_bock_round_and_a_grand_hand_during_it_queues_another():
    b = BockRounds(players=3)
    b.add(bock_events(Declaration.from_name("hearts"), False, 60, 1))                 # 60:60: the declarer lost it
    assert b.pending == 3
    mults = [b.next_deal()]                                     # the first Bock deal ...
    b.add(bock_events(Declaration.from_name("grand hand"), True, 75, 1))               # ... is a won Grand Hand
    mults += [b.next_deal() for _ in range(6)]
    assert mults == [2, 2, 2, 2, 2, 2, 1]                       # 3 + 3 Bock deals, not 2 x 2
    assert b.log == ["60:60", "won grand hand"]


def test_a_game_lost_with_kontra_is_a_bock_event_and_null_has_no_60_60():
    assert bock_events(Declaration.from_name("clubs"), False, 55, 2) == ["lost with kontra"]
    assert bock_events(Declaration.from_name("null"), False, 60, 1) == []
    assert bock_events(Declaration.from_name("grand"), True, 70, 1) == []              # a pick-up Grand is no event


# ------------------------------------------------------------------ at the table

import json  # noqa: E402

from solver.house import HouseRules as _HR  # noqa: E402
from solver.players import RulePlayer  # noqa: E402
from solver.players.table import TableOptions, play_deal, play_match, shuffle  # noqa: E402
from solver.records import read_lines, score_item  # noqa: E402


class Doubler(RulePlayer):
    """Bids only from forehand (so forehand plays at 18) and says yes to every doubling."""

    def __init__(self, bids: bool):
        self.bids = bids

    def max_bid(self, hand, seat):
        return 18 if self.bids else 0

    def kontra(self, view, call="kontra"):
        return True


def test_the_whole_kontra_chain_at_the_table_scores_sixteen_fold_and_rescores_alike():
    import numpy as np
    dealt = shuffle(np.random.default_rng(5))
    players = [Doubler(True), Doubler(False), Doubler(False)]
    r = play_deal(players, dealt, TableOptions("simple", house=_HR.parse("hirsch")))
    # M and R passed and F played at 18: nobody bid to him, so a defender may start the chain
    assert r.kontra == 16
    assert r.multipliers() == "Hirsch x16"                        # the score sheet's note
    rec = r.to_record()
    assert rec["kontra"] == "hirsch"
    scored = score_item(next(read_lines([json.dumps(rec)])))
    base = scored["game_value"] * (1 if scored["won"] else -2)
    assert scored["score"] == 16 * base == r.scores[0]
    assert scored["scores"] == {"F": r.scores[0], "M": 0, "R": 0}
    # without the house rule nobody doubles
    assert play_deal(players, dealt, TableOptions("simple")).kontra == 1
    # Kontra alone: the chain stops at Re
    assert play_deal(players, dealt, TableOptions("simple", house=_HR.parse("kontra"))).kontra == 4


def test_bock_rounds_follow_their_events_and_double_the_scores():
    # rule players that double everything: every lost game queues a Bock round
    players = [Doubler(True), Doubler(False), Doubler(False)]
    sheet, results = play_match(players, deals=30, seed=2,
                                options=TableOptions("simple", house=_HR.parse("kontra,bock-rounds")))
    pending = 0
    events = 0
    for e, r in zip(sheet.entries, results):
        assert e.bock == (pending > 0) == r.bock_round           # a deal is a Bock deal while rounds are queued
        if pending:
            pending -= 1
        if not r.passed:
            lost_with_kontra = r.kontra > 1 and not r.result["won"]
            sixty = r.result["declarer_points"] == 60
            n = int(lost_with_kontra) + int(sixty)
            pending += 3 * n                                      # each event one more round of three deals
            events += n
            rescored = score_item(next(read_lines([json.dumps(r.to_record())])))
            assert rescored["scores"] == r.result["scores"]      # doubled in the record as at the table
    assert events > 0 and any(e.bock for e in sheet.entries)


def test_a_point_target_match_ends_with_its_round():
    players = [Doubler(True), Doubler(False), Doubler(False)]
    sheet, _ = play_match(players, seed=4, options=TableOptions("simple"), target=30)
    totals_by_round = []
    t = [0, 0, 0]
    for i, e in enumerate(sheet.entries):
        t = [a + b for a, b in zip(t, e.scores)]
        if i % 3 == 2:
            totals_by_round.append(max(t))
    assert len(sheet.entries) % 3 == 0
    assert totals_by_round[-1] >= 30 and all(m < 30 for m in totals_by_round[:-1])
    sheet, _ = play_match(players, seed=4, options=TableOptions("simple"), rounds=2)
    assert len(sheet.entries) == 6


def test_the_browser_app_takes_every_house_rule_and_a_table_that_lacks_one_names_it():
    from web.routers.games import WEB_HOUSE_RULES
    from solver.house import HOUSE_OPTIONS
    assert set(WEB_HOUSE_RULES) == set(HOUSE_OPTIONS)
    with pytest.raises(ValueError, match="'ramsch' is not played at this table"):
        _HR.parse("kontra,ramsch").check_playable(("kontra",), "at this table")
    assert _HR.parse("hirsch,bock-rounds").check_playable(WEB_HOUSE_RULES, "in the browser app")


def test_the_commands_take_house_rules_and_refuse_unknown_ones():
    from click.testing import CliRunner

    from cli.main import cli
    r = CliRunner().invoke(cli, ["arena", "--players", "rules,rules,random", "--deals", "2", "--house",
                                 "hirsch,bock-rounds", "--json"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["play", "--house", "kontra,bockbier"], input="")
    assert r.exit_code == 2 and "unknown house rule 'bockbier'" in r.output


def test_four_at_a_table_the_dealer_sits_out_and_seeger_fabian_defenders_get_30():
    players = [RulePlayer() for _ in range(4)]
    sheet, results = play_match(players, deals=8, seed=3, options=TableOptions("seeger-fabian"))
    assert sheet.size == 4 and len(sheet.entries) == 8
    lost = 0
    for k, (e, r) in enumerate(zip(sheet.entries, results)):
        dealer = (sheet.first_dealer + k) % 4
        assert e.dealer == dealer
        assert dealer not in {sheet.seat_player(k, s) for s in "FMR"}       # the dealer is not at the table
        assert e.scores[dealer] == 0
        if not r.passed and not r.result["won"]:
            lost += 1
            defenders = [p for p in range(4) if p not in (dealer, e.declarer)]
            assert all(e.scores[p] == 30 for p in defenders)                # 30, not 40, at four
    sheet, _ = play_match(players, seed=3, options=TableOptions("simple"), rounds=1)
    assert len(sheet.entries) == 4                                           # a round: each of four deals


def test_duel_mode_the_partner_never_declares_and_does_not_count():
    players = [RulePlayer(), RulePlayer(), Doubler(True)]                   # the partner would bid from forehand
    sheet, results = play_match(players, deals=9, seed=6, options=TableOptions("simple"), duel=True,
                                names=("you", "opponent", "partner"))
    for k, (_e, r) in enumerate(zip(sheet.entries, results)):
        partner_seat = [sheet.seat_player(k, s) for s in "FMR"].index(2)
        assert all(p != partner_seat for p, m in r.auction if m not in ("p",))   # he only ever passes
        assert r.passed or r.deal.declarer != partner_seat
    assert [name for _, name, _ in sheet.standings()] in (["you", "opponent"], ["opponent", "you"])
    assert any(not r.passed for r in results)
