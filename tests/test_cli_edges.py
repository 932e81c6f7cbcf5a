"""The rough edges a new user hits on the command line: errors in one line, nothing lost.

Expected values are worked out from the rules (shared/rules/skat-rules.md), not read back
from the code."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from rich.console import Console

from cli.io import data_folder
from cli.main import cli
from cli.serve import default_db
from cli.play import HumanPlayer, Prompter, _event_printer
from solver.cards import CARD_NAMES, iter_cards, parse_card, parse_cards
from solver.deal import load_deal
from solver.games import GRAND, HEARTS_GAME, Declaration

from .conftest import DATA_HOME, REF, ROOT

ISS_541932 = (REF / "iss_sample.sgf").read_text().splitlines()[0]
HEARTS_DEAL = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}


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
    assert first.startswith("Yes — bid up to ") and "± 0%" not in r.output and "(95% " in first
    assert "advice: pass" not in r.output
    r = _run(["bid", "C7 C9 S8 SQ H9 HQ D7 D8 D9 DK", "--seat", "R", "--to", "60", "--samples", "32",
              "--workers", "1"])
    assert r.output.splitlines()[0].startswith("No — ")


def test_borderline_when_the_interval_straddles_break_even():
    from solver.advice import DeclarationResult, HandEvaluation
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


def test_terminal_prompts_ask_again_and_give_the_browsers_hints(monkeypatch):
    out = io.StringIO()
    prompter = Prompter(Console(file=out, width=400), "french")
    human = HumanPlayer(prompter)
    # a yes/no question takes only yes or no: "maybe" is asked again, not read as no
    monkeypatch.setattr(sys, "stdin", io.StringIO("maybe\ny\n"))
    assert human.kontra(None) is True
    assert out.getvalue().count("Kontra? (y/n)") == 2 and "answer y or n" in out.getvalue()
    monkeypatch.setattr(sys, "stdin", io.StringIO("x\nh\ngrand\n"))
    hand = parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT")
    assert human.choose_hand(hand, 0, 18) == Declaration(GRAND, hand=True)
    assert "answer p or h" in out.getvalue()
    # "?" at a prompt: the hint the browser gives for the same question, then the question again
    out.seek(0)
    out.truncate()
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\n0\n"))
    assert human.max_bid(hand, 0) == 0
    text = out.getvalue()
    assert "hint: bid advice by your cards: Bid up to" in text
    assert text.count("Bid up to (a value like") == 2
    from solver.hints import hint_for
    q = {"kind": "bid", "value": None, "_hand": hand, "_seat": 0, "_history": []}
    assert hint_for(q)["text"] in text


def test_an_offiziersskat_refusal_is_addressed_to_you():
    import numpy as np

    from solver.offiziersskat import OffiziersError, OffiziersState, PileView, deal_from_cards
    for k in range(50):                  # a deal whose second player has an open card that does not follow
        st = OffiziersState(deal_from_cards([int(c) for c in np.random.default_rng(k).permutation(32)], "grand"))
        st.push(next(c for c in range(32) if (st.legal() >> c) & 1))
        side = st.to_move
        wrong = [c for c in range(32) if (st.open_cards(side) >> c) & 1 and not (st.legal() >> c) & 1]
        if wrong:
            break
    view = PileView.of(st, side)
    with pytest.raises(OffiziersError, match=r"is not allowed: you must follow .* with an open card"):
        view.check(wrong[0])
    with pytest.raises(OffiziersError, match=r"is not one of your open cards"):
        view.check(next(c for c in range(32) if not (st.open_cards(side) >> c) & 1))


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


def test_no_test_writes_under_the_real_home_folder():
    """The user's data folder of every test, and of every process one starts (``skat serve``
    without ``--db``, ``skat join``), is the run's own temporary folder (conftest.DATA_HOME)."""
    assert data_folder().is_relative_to(DATA_HOME) and default_db().is_relative_to(DATA_HOME)
    assert not DATA_HOME.is_relative_to(Path.home())
    child = subprocess.run([sys.executable, "-c", "from cli.serve import default_db; print(default_db())"],
                           cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert Path(child.stdout.strip()).is_relative_to(DATA_HOME)


def test_the_terminal_announces_a_bock_round():
    """Before: the announcement sat in a branch after the deal's own (``kind == "deal"``) and
    never ran: the terminal never said a deal of a Bock round counts double."""
    out = io.StringIO()
    console = Console(file=out, width=200)
    on = _event_printer(console, Prompter(console, "french"), {"seat": 0})
    on("deal", {"number": 1, "dealer": 2, "seats": [0, 1, 2], "bock_round": False})
    assert "Bock round" not in out.getvalue()
    on("deal", {"number": 2, "dealer": 0, "seats": [1, 2, 0], "bock_round": True})
    assert "Bock round: this deal counts double" in out.getvalue()
