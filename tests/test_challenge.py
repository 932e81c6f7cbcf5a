"""The duplicate challenge (:mod:`solver.challenge`, ``skat play --challenge``): a short code names
a set of deals that replays the same on any machine, and the person's score is set beside best's
on the same cards."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from cli.main import cli
from solver.cards import card_codes
from solver.challenge import ALPHABET, Challenge, ChallengeError, duplicate
from solver.players import RulePlayer
from web.app import create_app

from .conftest import ROOT


def test_a_code_names_its_challenge_and_back():
    rng = np.random.default_rng(5)
    for _ in range(200):
        scoring = ["simple", "seeger-fabian"][int(rng.integers(2))]
        c = Challenge.new(rng, deals=int(rng.integers(1, 37)), scoring=scoring)
        assert Challenge.parse(c.code) == c
        assert Challenge.parse(c.code.lower().replace("-", " ")) == c
    assert Challenge(36, 2 ** 40 - 1, "seeger-fabian").code.startswith("36F-ZZZZZZZZ-")


def test_every_mistyped_or_swapped_character_is_caught():
    code = Challenge(12, 987654321).code
    text = code.replace("-", "")
    head = len(code.split("-")[0])
    seed_end = head + len(code.split("-")[1])
    for i in range(head, seed_end):                     # each seed character replaced by any other
        for ch in ALPHABET:
            if ch != text[i]:
                bad = text[:head] + "-" + (text[head:i] + ch + text[i + 1:seed_end]) + "-" + text[seed_end:]
                with pytest.raises(ChallengeError, match="mistyped"):
                    Challenge.parse(bad)
    for i in range(head, seed_end - 1):                 # two neighbours swapped
        if text[i] != text[i + 1]:
            seed = text[head:i] + text[i + 1] + text[i] + text[i + 2:seed_end]
            with pytest.raises(ChallengeError, match="mistyped"):
                Challenge.parse(f"{text[:head]}-{seed}-{text[seed_end:]}")


@pytest.mark.parametrize("code, says", [("12S-1ZA", "three parts"), ("99S-1ZA-9B", "1 to 36 deals"),
                                        ("12X-1ZA-9B", "not deals and a scoring"), ("12S-1Z*-9B", "no base-32 digit"),
                                        ("12S-1ZA-00", "mistyped")])
def test_a_bad_code_says_which_part_is_wrong(code, says):
    with pytest.raises(ChallengeError, match=says):
        Challenge.parse(code)


_REPLAY = """
import json, sys
from solver.challenge import Challenge
from solver.players import RulePlayer
from web.app import create_app
sheet, results = Challenge.parse(sys.argv[1]).play(RulePlayer(), opponents="rules")
print(json.dumps([r.to_record() for r in results]))
"""


def test_a_code_replays_the_same_deals_in_another_process():
    code = Challenge(3, 424242).code
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", _REPLAY, code], capture_output=True, text=True, env=env,
                             cwd=ROOT, timeout=300, check=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    assert runs[0] == runs[1] and len(runs[0]) == 3
    _, here = Challenge.parse(code).play(RulePlayer(), opponents="rules")
    assert [r.to_record() for r in here] == runs[0]


def test_the_duplicate_difference_is_the_persons_score_less_bests_deal_by_deal():
    assert duplicate([30, -40], [30, 20]) == {"you": -10, "best": 50, "difference": -60, "deals": [0, -60]}
    with pytest.raises(ValueError):
        duplicate([1], [1, 2])


#: One deal against the rules players: best's score on it, computed once for the module.
ONE = Challenge(1, 99)


@pytest.fixture(scope="module")
def bests_score() -> list[int]:
    return ONE.benchmark(opponents="rules")


def test_skat_play_challenge_plays_the_codes_deals_and_compares_with_best(bests_score):
    code = ONE.code
    answers = "\n".join(card_codes((1 << 32) - 1) * 20) + "\n"       # legal cards found by trying every one
    r = CliRunner().invoke(cli, ["play", "--challenge", code, "--auto-bid", "0", "--opponents", "rules"],
                           input=answers)
    assert r.exit_code == 0, r.output[-3000:]
    assert f"challenge {code}: 1 deal, simple scoring" in r.output
    assert f"duplicate: challenge {code}" in r.output
    total = next(line for line in r.output.splitlines() if line.strip().startswith("total"))
    assert f"{sum(bests_score):+d}" in total.split()
    # a plain match prints the code of its deals
    r = CliRunner().invoke(cli, ["play", "--deals", "1", "--seed", "77"], input="")
    assert f"skat play --challenge {Challenge(1, 77).code}" in r.output
    r = CliRunner().invoke(cli, ["play", "--challenge", "12S-1ZA-00"])
    assert r.exit_code == 2 and "mistyped" in r.output
    r = CliRunner().invoke(cli, ["play", "--challenge", code, "--kontra"])
    assert r.exit_code == 2 and "plain table" in r.output


def test_the_web_starts_a_challenges_match_and_gives_bests_scores_on_it(bests_score):
    code = ONE.code
    with TestClient(create_app(workers=1)) as client:
        r = client.post("/api/games", json={"challenge": code.lower(), "opponents": "rules"})
        assert r.status_code == 200, r.text
        assert r.json()["challenge"] == code and r.json()["seed"] == 99
        client.delete(f"/api/games/{r.json()['id']}")
        # a plain seeded match names its deals' code; a match from a secret has none
        assert client.post("/api/games", json={"seed": 5, "deals": 2}).json()["challenge"] == Challenge(2, 5).code
        assert client.post("/api/games", json={}).json()["challenge"] is None
        for body, says in (({"challenge": "12S-1ZA-00"}, "mistyped"), ({"challenge": code, "kontra": True}, "plain"),
                           ({"challenge": "x" * 41}, "challenge")):
            r = client.post("/api/games", json=body)
            assert r.status_code == 400 and says in r.json()["error"], r.text
        r = client.post("/api/challenge/best", json={"code": code, "opponents": "rules"})
        assert r.status_code == 200, r.text
        assert r.json()["best"] == bests_score
        assert client.post("/api/challenge/best", json={"code": "nope"}).status_code == 400
