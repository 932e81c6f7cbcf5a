"""One home for every rule: the game state, the settlement, the sampler, and the rough edges
a new user hits.  Expected values are worked out from the rules (shared/rules/skat-rules.md),
not read back from the code."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner
from rich.console import Console

from cli.main import cli
from cli.play import HumanPlayer, Prompter, _event_printer
from solver.cards import CARD_NAMES, card_list, iter_cards, parse_card, parse_cards
from solver.deal import Deal, load_deal, replay
from solver.evaluate import EvaluationError, evaluate_declare
from solver.games import GRAND, HEARTS_GAME, NULL, SEATS, Declaration
from solver.iss import IssError, parse_line
from solver.players import PimcPlayer, PlayView
from solver.players.base import Player
from solver.players.table import IllegalMove, play_deal
from solver.records import read_lines
from solver.scoring import score_game, settle
from solver.search import layout as K
from solver.search.api import Solver, position
from solver.state import IllegalCard

from .conftest import REF, ROOT, load_jsonl, strip_solved

ISS_541932 = (REF / "iss_sample.sgf").read_text().splitlines()[0]
HEARTS_DEAL = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}


# ------------------------------------------------------------------ the game state

def _random_deal(rnd: random.Random, game: str) -> Deal:
    cards = list(range(32))
    rnd.shuffle(cards)
    return load_deal({"hands": {SEATS[p]: card_list(sum(1 << c for c in cards[10 * p:10 * p + 10]))
                                for p in range(3)},
                      "skat": card_list((1 << cards[30]) | (1 << cards[31])), "declarer": rnd.randrange(3),
                      "game": game})


@pytest.mark.parametrize("game", ["diamonds", "hearts", "spades", "clubs", "grand", "null"])
def test_push_pop_restores_everything_and_matches_replay(game):
    rnd = random.Random(hash(game) % 1000)
    for _ in range(5):
        deal = _random_deal(rnd, game)
        st = deal.start_state()
        before = st.copy().__dict__
        snapshots = []
        while not st.over:
            snapshots.append((st.copy().__dict__, None))
            st.push(rnd.choice(list(iter_cards(st.legal()))))
        deal.played = list(st.moves)
        end = replay(deal)
        assert (end.declarer_points, end.trick_winners, end.voids) == (st.declarer_points, st.trick_winners, st.voids)
        assert end.declarer_points + end.defender_points == 120
        for snap, _ in reversed(snapshots):
            st.pop()
            now = st.__dict__
            for k in ("hands", "trick", "leader", "moves", "seats", "trick_winners", "declarer_points",
                      "defender_points", "declarer_tricks", "defender_tricks", "voids"):
                assert now[k] == snap[k], k
        assert st.hands == before["hands"] and st.moves == []


def test_voids_are_the_effective_suit_not_followed():
    # hearts: M cannot follow the trump lead CJ and discards a club -> M holds no trump at all
    deal = load_deal(HEARTS_DEAL)
    st = deal.start_state()
    st.push(parse_card("CJ"))
    st.push(parse_card("C8"))
    trumps = parse_cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7")
    assert st.voids[1] == trumps and st.voids[0] == st.voids[2] == 0
    with pytest.raises(IllegalCard, match="R must follow trumps"):
        st.push(parse_card("SQ"))


# ------------------------------------------------------------------ one settlement

def test_evaluator_keeps_the_schwarz_level_when_the_declarer_takes_no_trick():
    # M declares Grand with every 7, 8 and 9: the defenders hold all jacks, aces, tens, kings and
    # queens, F (a defender) leads, and a defender's lead is always higher than anything M holds in
    # the suit, so the defenders keep the lead and M takes no trick in any world.  Without 4
    # matadors, game 1, Schneider 1, Schwarz 1: 24 x 7 = 168, lost: -336.
    ev = evaluate_declare("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7 D8 D9", "M", 18, samples=8, first_batch=8, workers=1,
                          discards_per_game=1)
    grand = next(r for r in ev.declarations if r.declaration.game == GRAND)
    assert grand.p_win(18) == 0.0
    assert set(grand.scores_at(18).tolist()) == {-336}


def test_dd_settlement_counts_a_zero_point_trick_as_a_trick():
    # the last two tricks of a Grand, F (declarer) to lead S7 D9 against M C7 DA and R H7 C8: S7
    # first takes a trick (nobody can follow spades; the defenders throw 0-point cards), then DA
    # takes D9.  Skat D7 D8 (0 points): 0 card points and one trick -> Schneider, not Schwarz.
    # Without 4 (no jack in hand or skat): 24 x (4 + game + Schneider) = 144, lost: -288.
    rec = {"hands": {"F": ["S7", "D9"], "M": ["C7", "DA"], "R": ["H7", "C8"]}, "skat": ["D7", "D8"],
           "declarer": "F", "game": "grand", "leader": "F"}
    r = Solver(tt_megabytes=1).settle_many([position(rec)])[0]
    assert (r["dd_points"], r["schneider"], r["schwarz"], r["score"]) == (0, True, False, -288)


def test_settlement_is_one_function_for_scalars_and_worlds():
    d = Declaration(HEARTS_GAME)
    # the rules' worked example, in one call for three worlds at bid 27: won, lost, won with Schneider
    won, value, score, _ = settle(d, np.array([2, 2, 2]), np.array([True, False, True]),
                                  np.array([False, False, True]), np.zeros(3, bool), 27)
    assert score.tolist() == [30, -60, 40] and value.tolist() == [30, 30, 40]
    assert settle(d, 2, True, False, False, 33)[2] == -80          # overbid: 33 needs 4 x 10 = 40
    assert score_game(d, 2, 72, 6, bid=27).score == 30


@pytest.mark.parametrize("bid, conceded", [(24, 24), (25, 27), (30, 30), (34, 36)])
def test_invalid_null_is_conceded_as_the_cheapest_game_reaching_the_bid(bid, conceded):
    # Null (23) below the bid: lost as the lowest multiple of some base value 9 10 11 12 24
    # reaching the bid: 24 -> 24 (12 x 2 or 24), 25 -> 27 (9 x 3), 30 -> 30, 34 -> 36 (9 x 4, 12 x 3)
    r = score_game(Declaration(NULL), 0, None, 0, bid=bid)
    assert (r.won, r.game_value, r.score) == (False, conceded, -2 * conceded)


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


# ------------------------------------------------------------------ players

def test_pimc_null_declarer_ducks_under_the_lead():
    # Null, M declares with the lowest clubs, spades and diamonds and H9 HT HK; the skat holds H7
    # H8; the defenders hold every higher card.  F leads HQ.  HK takes the trick (a Null declarer
    # who takes a trick loses) in every world; H9 or HT duck, and then M can never take a trick:
    # he never leads, every defender card of his suits is higher, and the only heart left out is
    # HA.  So H9 or HT, never HK (HK's lower card id would win a tie).
    deal = load_deal({"hands": {"F": "HQ HA CT CJ CQ S9 ST SJ D9 DT", "M": "H9 HT HK C7 C8 C9 S7 S8 D7 D8",
                                "R": "HJ CK CA SQ SK SA DJ DQ DK DA"}, "skat": "H7 H8", "declarer": "M",
                      "game": "null"})
    st = deal.start_state()
    st.push(parse_card("HQ"))
    card = PimcPlayer(samples=4, seed=2).play(PlayView.of(st, 1, skat=deal.skat))
    assert CARD_NAMES[card] in ("H9", "HT")


class _Renouncer(Player):
    """Plays a card the rules forbid whenever it holds one (else a legal one)."""

    name = "renouncer"

    def max_bid(self, hand, seat):
        return 18 if seat == 0 else 0

    def declare(self, twelve, seat, bid):
        cards = list(iter_cards(twelve))
        return (1 << cards[0]) | (1 << cards[1]), Declaration(GRAND)

    def play(self, view):
        illegal = view.hand & ~view.legal()
        return next(iter_cards(illegal or view.legal()))


def test_table_refuses_an_illegal_card_with_the_reason():
    rnd = random.Random(9)
    cards = list(range(32))
    rnd.shuffle(cards)
    dealt = [sum(1 << c for c in cards[10 * p:10 * p + 10]) for p in range(3)] + \
        [(1 << cards[30]) | (1 << cards[31])]
    with pytest.raises(IllegalMove, match=r"[MR] played \w\w, which is not legal: [MR] must follow"):
        play_deal([_Renouncer(), _Renouncer(), _Renouncer()], dealt)


def test_evaluate_declare_refuses_a_bad_skat():
    with pytest.raises(EvaluationError, match="two cards"):
        evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 18, skat="CK")
    with pytest.raises(EvaluationError, match="also in the hand"):
        evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 18, skat="CJ DT")
    with pytest.raises(EvaluationError, match="'XY'"):
        evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 18, skat="XY DT")


def test_a_bad_discard_in_an_iss_line_is_an_error_line_with_the_games_id():
    line = ISS_541932.replace("2 D.ST.H8", "2 ST.QQ 2 D")
    with pytest.raises(IssError, match="discard 'ST.QQ'"):
        parse_line(line)
    item = next(read_lines([line]))
    assert item.error and item.id == "541932"


def test_table_stamps_wrap_around_without_stale_hits():
    recs = load_jsonl("dd_small.jsonl")[:6]
    s = Solver(tt_megabytes=1)
    s.stamp = K.STAMP_LIMIT - 3                        # the next batch runs past the last stamp
    got = s.solve_positions([position(strip_solved(r)) for r in recs])
    assert [g["dd_points"] for g in got if "dd_points" in g] == [r["dd_points"] for r in recs if "dd_points" in r]
    assert s.stamp < 100


# ------------------------------------------------------------------ the command line

def _run(args, stdin=None):
    return CliRunner().invoke(cli, args, input=stdin)


@pytest.mark.parametrize("args", [
    ["declare", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--skat", "CK DT", "--seat", "F", "--bid", "18", "--discards", "0"],
    ["declare", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--skat", "CK DT", "--seat", "F", "--bid", "18", "--discards", "-1"],
    ["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "F", "--samples", "0"],
    ["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "F", "--min-win", "2"],
    ["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "F", "--workers", "0"],
    ["bulk", "dd", "data/deals.jsonl", "--out", "x.parquet", "--chunk-size", "0"],
    ["bulk", "dd", "data/deals.jsonl", "--out", "x.parquet", "--workers", "0"],
])
def test_options_out_of_range_are_refused_before_any_work(args, monkeypatch):
    monkeypatch.chdir(ROOT)
    r = _run(args)
    assert r.exit_code == 2 and "Invalid value" in r.output and "Traceback" not in r.output


def test_analyse_html_into_a_missing_folder_is_one_line(tmp_path):
    r = _run(["analyse", str(REF / "iss_sample.sgf"), "--html", str(tmp_path / "no" / "r.html")])
    assert r.exit_code == 1 and "does not exist" in r.output and "Traceback" not in r.output


def test_bulk_output_checks_leave_no_debris(tmp_path):
    src = str(ROOT / "data" / "deals.jsonl")
    for out, msg in [(tmp_path, "is a folder"), (tmp_path / "x.txt", "cannot tell the output format"),
                     (tmp_path / "missing" / "x.parquet", "does not exist")]:
        r = _run(["bulk", "dd", src, "--out", str(out), "--quiet"])
        assert r.exit_code == 1 and msg in r.output, r.output
    assert list(tmp_path.iterdir()) == []
    r = _run(["bulk", "dd", src, "--out", str(tmp_path / "x.txt"), "--out-format", "csv", "--quiet", "--workers", "1"])
    assert r.exit_code == 0, r.output


def test_bulk_fails_when_every_row_fails_and_iss_errors_carry_the_game_id(tmp_path):
    bad = tmp_path / "bad.sgf"
    bad.write_text(ISS_541932.replace("2 D.ST.H8", "2 ST.QQ 2 D") + "\n")
    r = _run(["bulk", "dd", str(bad), "--out", str(tmp_path / "o.jsonl"), "--quiet", "--workers", "1"])
    assert r.exit_code == 1
    err = json.loads((tmp_path / "o.jsonl.errors.jsonl").read_text().splitlines()[0])
    assert err["id"] == "541932" and err["row"] == 1


@pytest.mark.parametrize("cmd", [["score"], ["solve"], ["convert"], ["analyse"]])
def test_an_empty_file_says_so(tmp_path, cmd):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n# nothing\n")
    r = _run(cmd + [str(empty)])
    assert r.exit_code == 1 and "no records" in r.output


def test_a_terminal_on_stdin_prints_the_usage(monkeypatch):
    monkeypatch.setattr("cli.io.stdin_is_terminal", lambda: True)
    r = CliRunner().invoke(cli, ["score"])
    assert r.exit_code == 2 and "Usage:" in r.output


def test_solve_reads_iss_lines_from_the_start_and_partial_records_from_their_position(tmp_path):
    r = _run(["solve", str(REF / "iss_sample.sgf"), "--json"])
    out = [json.loads(x) for x in r.output.splitlines()]
    played = [o for o in out if not o.get("passed")]
    assert played and all(o["dd_from"] == "start" for o in played)
    assert any(o.get("passed") and o["message"] == "passed in: no game to solve" for o in out)
    rec = json.loads((ROOT / "data" / "deals.jsonl").read_text().splitlines()[0])
    rec.pop("played", None)
    st = load_deal(rec).start_state()
    st.push(next(iter_cards(st.legal())))
    rec["played"] = [CARD_NAMES[st.moves[0]]]
    r = _run(["solve", "-", "--json"], stdin=json.dumps(rec) + "\n")
    solved = json.loads(r.output)
    assert solved["dd_from"] == "position"
    part = tmp_path / "partial.jsonl"
    part.write_text(json.dumps(rec) + "\n")
    r = _run(["bulk", "dd", str(part), "--out", str(tmp_path / "dd.jsonl"), "--quiet", "--workers", "1"])
    row = json.loads((tmp_path / "dd.jsonl").read_text())
    assert (row["dd_from"], row["dd_points"]) == ("position", solved["dd_points"])


def test_convert_refuses_deal_records():
    r = _run(["convert", str(ROOT / "data" / "deals.jsonl")])
    assert r.exit_code == 1
    first = json.loads(r.output.splitlines()[0])
    assert "a deal record, not an ISS game line" in first["error"]


def test_bid_gives_one_answer_and_intervals_as_intervals():
    r = _run(["bid", "CJ SJ HJ DJ CA CT SA ST HA HT", "--seat", "F", "--to", "18", "--samples", "32",
              "--workers", "1"])
    first = r.output.splitlines()[0]
    assert first.startswith("Yes — bid 18") and "± 0%" not in r.output and "95% interval" in first
    assert "advice: pass" not in r.output
    r = _run(["bid", "C7 C9 S8 SQ H9 HQ D7 D8 D9 DK", "--seat", "R", "--to", "60", "--samples", "32",
              "--workers", "1"])
    assert r.output.splitlines()[0].startswith("No — ")


def test_borderline_when_the_interval_straddles_break_even():
    from solver.evaluate import DeclarationResult, HandEvaluation
    n = 40
    won = np.array([True, False] * (n // 2))          # 50%: Hearts with 2 (30): +30 / -60 a world
    r = DeclarationResult(Declaration(HEARTS_GAME), won, np.full(n, 2), np.zeros(n, bool), np.zeros(n, bool))
    ev = HandEvaluation(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, 18, [r], "simple", None, n, 0, n, 0.1)
    # E = -15 per game, sd 45: the 95% interval is -15 +- 14: below zero, a clear "no"
    assert ev.advice()["verdict"] == "no"
    won = np.array([True, True, False] * 14)[:n]        # 2/3 won: E = +0.75 ... straddles zero
    r = DeclarationResult(Declaration(HEARTS_GAME), won, np.full(n, 2), np.zeros(n, bool), np.zeros(n, bool))
    ev = HandEvaluation(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, 18, [r], "simple", None, n, 0, n, 0.1)
    assert ev.advice()["verdict"] == "borderline"


def test_play_prompts(monkeypatch):
    out = io.StringIO()
    prompter = Prompter(Console(file=out, width=200), "french")
    human = HumanPlayer(prompter)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n0\n"))
    assert human.max_bid(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0) == 0
    assert "type a bid value" in out.getvalue()
    monkeypatch.setattr(sys, "stdin", io.StringIO("grand hand\ngrand\n"))
    assert human._declaration(hand=False) == Declaration(GRAND)
    assert "no longer possible" in out.getvalue()
    seat = {"seat": 0}
    on = _event_printer(Console(file=out, width=200), prompter, seat)
    on("pickup", {"seat": 0, "skat": parse_cards("CK DT")})
    on("trick", {"winner": 2, "points": 21, "cards": [parse_card(c) for c in ("S7", "SA", "ST")], "seats": [1, 2, 0]})
    text = out.getvalue()
    assert "You pick up the skat: K♣ 10♦" in text
    assert "M 7♠  R A♠  F 10♠  -> R takes it (+21)" in text


def test_commands_that_do_not_search_never_load_the_kernel():
    code = ("import sys; from click.testing import CliRunner; from cli.main import cli; "
            f"r = CliRunner().invoke(cli, ['score', {str(REF / 'iss_sample.sgf')!r}]); "
            "assert r.exit_code == 0, r.output; print('solver.search.kernel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_option_of_every_command_is_described():
    import click
    ctx = click.Context(cli)
    missing = []
    for name in cli.list_commands(ctx):
        cmd = cli.get_command(ctx, name)
        assert cmd.help, name
        for p in cmd.params:
            if isinstance(p, click.Option) and p.name not in ("help", "version"):
                if not p.help or "%%" in p.help:
                    missing.append(f"{name} {p.opts[0]}")
    assert missing == []


def test_a_hand_declarer_does_not_see_the_skat_during_play():
    from solver.players.table import view_of
    for hand, seen in ((True, None), (False, "SA C7")):
        deal = load_deal(dict(HEARTS_DEAL, hand=hand))
        st = deal.start_state()
        view = view_of(st, 0, deal)
        assert view.skat == (parse_cards(seen) if seen else None)
        assert view.declarer_points == (11 if seen else 0)     # SA + C7 count only when he knows them
        assert view_of(st, 1, deal).skat is None
        worlds = view.sampler(np.random.default_rng(1)).draw(20)
        assert all(bin(w.skat).count("1") == 2 for w in worlds)
        if hand:                                                 # the hidden skat is sampled like the rest
            assert any(w.skat != deal.skat for w in worlds)
        else:
            assert all(w.skat == deal.skat for w in worlds)


def test_outputs_into_a_missing_folder_are_one_line_and_leave_nothing(tmp_path):
    src = str(ROOT / "data" / "deals.jsonl")
    for args in (["playout", src, "--players", "rules,rules,rules", "--out", str(tmp_path / "no" / "p.jsonl")],
                 ["arena", "--deals", "1", "--players", "rules,rules,random", "--out", str(tmp_path / "a.jsonl"),
                  "--iss", str(tmp_path / "no" / "a.sgf")]):
        r = _run(args)
        assert r.exit_code == 1 and "No such file or directory" in r.output and "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []
