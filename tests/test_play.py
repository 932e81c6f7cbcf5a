"""Playing: a scripted match over a real pipe, refusal of illegal cards, the arena, PIMC legality."""

import io
import json
import os
import random
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from cli.play import HumanPlayer, Prompter
from rich.console import Console
from solver.cards import CARD_NAMES, card_codes, iter_cards
from solver.deal import load_deal, replay
from solver.games import SEATS
from solver.players import PimcPlayer, PlayView
from solver.players.arena import run_arena
from solver.records import read_lines, score_item

ROOT = Path(__file__).resolve().parents[1]


def _read_until_prompt(proc, timeout=240):
    """Read the game's output until it waits for an answer (a line ending in ':' or '?')."""
    buf = b""
    end = time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([proc.stdout], [], [], 0.5)
        if r:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                return buf.decode(), True
            buf += chunk
            tail = buf.decode(errors="replace").rstrip(" ")
            if tail.endswith((":", "?")) and not tail.endswith("\n"):
                return buf.decode(errors="replace"), False
        elif proc.poll() is not None:
            return buf.decode(errors="replace"), True
    raise AssertionError("the game stopped answering:\n" + buf.decode(errors="replace")[-2000:])


@pytest.mark.parametrize("extra", [["--strength", "1"], ["--players", "4", "--opponents", "rules"],
                                   ["--duel", "--opponents", "rules", "--house", "kontra,bock-rounds"]])
@pytest.mark.slow
def test_scripted_match_over_a_pipe_ends_with_a_score_sheet(extra):
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "play", "--deals", "2", "--seed", "5",
                             "--auto-bid", "20", *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env)
    transcript = ""
    refusals = 0
    tried: list[str] = []
    for _turn in range(1000):                          # (a prompt the script does not know ends it, not a hang)
        out, done = _read_until_prompt(proc)
        transcript += out
        if done:
            break
        last = out.strip().splitlines()[-1]
        if "Pick up the skat" in last:
            answer = "p"
        elif "Discard two cards" in last:
            mine = transcript.rsplit("Your twelve cards:", 1)[1].splitlines()[0].split()
            answer = " ".join(mine[-2:])
        elif last.startswith("Game"):
            answer = "grand"
        elif any(w in last for w in ("Kontra", "Re?", "Bock", "Hirsch")):
            answer = "n"
        elif "— play ('history', ? hint)" in last:
            if "is not allowed" in out:
                refusals += 1
            mine = last.split("Your cards", 1)[1].split("—")[0].split()
            if "is not allowed" not in out:
                tried = []
            answer = next(c for c in mine if c not in tried)
            tried.append(answer)
        else:
            answer = "0"
        proc.stdin.write((answer + "\n").encode())
        proc.stdin.flush()
    else:
        proc.kill()
        raise AssertionError("the match did not end:\n" + transcript[-3000:])
    assert proc.wait(timeout=60) == 0, transcript[-3000:]
    assert "score sheet" in transcript and "final standings" in transcript
    assert transcript.count("deal 1") >= 1 and "deal 2" in transcript
    assert "total" in transcript.rsplit("score sheet", 1)[1]
    if refusals:
        assert "must follow" in transcript


def test_illegal_card_is_refused_with_the_reason(monkeypatch):
    deal = load_deal({"hands": {"F": ["CJ", "SJ", "HA", "HT", "HK", "H9", "SA", "S7", "D8", "D7"],
                                "M": ["C8", "C9", "CT", "CK", "CQ", "CA", "S8", "S9", "ST", "SK"],
                                "R": ["H7", "H8", "HQ", "DJ", "HJ", "SQ", "D9", "DT", "DK", "DQ"]},
                      "skat": ["DA", "C7"], "declarer": "F", "game": "hearts", "played": ["SA"]})
    view = PlayView.of(replay(deal), 1)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("CA\nS8\n"))
    human = HumanPlayer(Prompter(Console(file=out, width=200), "french"))
    card = human.play(view)
    assert CARD_NAMES[card] == "S8"
    assert "CA is not allowed: you must follow spades" in out.getvalue()


def test_arena_games_rescore_to_the_arenas_totals(tmp_path):
    games = []
    res = run_arena(["rules", "rules", "random"], deals=4, seed=3, on_game=games.append)
    assert res["games"] == 12 and len(games) == 12
    per_type = {"rules": 0, "random": 0}
    for g in games:
        item = next(read_lines([json.dumps(g)]))
        out = score_item(item, "seeger-fabian")
        if g.get("passed"):
            assert out["score"] == 0
            continue
        d = g["declarer"]
        assert out["score"] == g["result"]["scores"][d]
        for s in "FMR":
            if s != d:
                assert out["defender_score"] == g["result"]["scores"][s]
        for s in "FMR":
            per_type[g["players"][s]] += g["result"]["scores"][s]
    totals = {p["player"]: round(p["points_per_game"] * p["games"]) for p in res["players"]}
    assert totals == per_type


def test_pimc_never_plays_an_illegal_card():
    rnd = random.Random(4)
    player = PimcPlayer(samples=2, seed=1)
    for _ in range(12):
        cards = list(range(32))
        rnd.shuffle(cards)
        game = rnd.choice(["diamonds", "hearts", "spades", "clubs", "grand", "null"])
        rec = {"hands": {SEATS[p]: card_codes(sum(1 << c for c in cards[10 * p:10 * p + 10])) for p in range(3)},
               "skat": card_codes((1 << cards[30]) | (1 << cards[31])), "declarer": rnd.randrange(3), "game": game}
        deal = load_deal(rec)
        st = deal.start_state()
        for _ in range(rnd.randrange(20)):
            st.push(rnd.choice(list(iter_cards(st.legal()))))
        p = st.to_move
        view = PlayView.of(st, p, skat=deal.skat if p == deal.declarer else None)
        card = player.play(view)
        assert follows_suit_by_the_rules(st.hands[p], st.trick, card, deal.game), (game, st)


def follows_suit_by_the_rules(hand: int, trick: list[int], card: int, game: int) -> bool:
    """The rule as written (skat-rules.md), independently of solver.play: the card is in the
    hand, and a player who can follow the led suit does (trumps: the jacks and, in a suit
    game, the trump suit; in Null the jacks belong to their printed suit)."""
    if not (hand >> card) & 1:
        return False
    if not trick:
        return True

    def suit(c: int) -> str:
        name = CARD_NAMES[c]
        if game != 5 and (name[1] == "J" or "DHSC".index(name[0]) == game):
            return "trump"
        return name[0]
    led = suit(trick[0])
    can_follow = any(suit(c) == led for c in iter_cards(hand))
    return suit(card) == led or not can_follow


def test_arena_cli_writes_records_and_iss_lines_that_rescore(tmp_path):
    out, iss = tmp_path / "games.jsonl", tmp_path / "games.sgf"
    r = CliRunner().invoke(cli, ["arena", "--players", "rules,rules,random", "--deals", "3", "--json",
                                 "--out", str(out), "--iss", str(iss)])
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)
    assert {p["player"] for p in res["players"]} == {"rules", "random"}
    r = CliRunner().invoke(cli, ["score", str(out)])
    assert r.exit_code == 0
    records = [json.loads(x) for x in out.read_text().splitlines()]
    r = CliRunner().invoke(cli, ["score", str(iss)])
    assert r.exit_code == 0, r.output
    scored = [json.loads(x) for x in r.output.splitlines()]
    assert len(scored) == 9 and all(s["agrees"] for s in scored)
    for rec, s in zip(records, scored):
        assert s["score"] == (0 if rec.get("passed") else rec["result"]["score"])


def test_every_event_the_table_sends_is_named_and_the_terminal_has_a_way_for_it():
    """Events are a registry (solver.players.table.EVENTS): every kind the table sends is in it,
    Kontra's chain too, and the terminal handles each kind once or keeps it quiet, so that a
    branch nobody reaches (the Bock round's announcement was one) cannot hide."""
    import ast as _ast
    from cli.play import QUIET_EVENTS, _event_printer
    from solver.house import KONTRA_CHAIN
    from solver.players.table import EVENTS
    sent = set()
    for p in (Path(__file__).resolve().parent.parent / "solver").rglob("*.py"):
        for node in _ast.walk(_ast.parse(p.read_text())):
            if isinstance(node, _ast.Call) and isinstance(node.func, _ast.Name) and node.func.id == "event" \
                    and node.args and isinstance(node.args[0], _ast.Constant):
                sent.add(node.args[0].value)
    sent |= {name for name, _, _ in KONTRA_CHAIN}
    assert sent and sent <= set(EVENTS), sent - set(EVENTS)
    on = _event_printer(Console(file=io.StringIO()), Prompter(Console(file=io.StringIO()), "code"), {})
    assert on.handles | QUIET_EVENTS == set(EVENTS) and not on.handles & QUIET_EVENTS
