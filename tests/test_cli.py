"""The command line, through click's test runner."""

import json

from click.testing import CliRunner

from cli.main import cli
from solver import __version__

from .conftest import REF, load_jsonl, strip_solved

run = CliRunner().invoke


def lines(out: str) -> list[dict]:
    return [json.loads(x) for x in out.splitlines() if x.strip()]


def test_version_and_help():
    assert __version__ in run(cli, ["--version"]).output
    out = run(cli, ["--help"]).output
    assert "Examples" in out and "skat solve" in out


def test_score_iss_sample():
    r = run(cli, ["score", str(REF / "iss_sample.sgf")])
    assert r.exit_code == 0, r.output
    out = lines(r.output)
    assert len(out) == 5
    assert out[1] == {"id": "756788", "passed": True, "score": 0, "scores": {"F": 0, "M": 0, "R": 0},
                      "iss": {"passed": True}, "agrees": True}
    assert out[2]["ended_early"] == "resigned"
    for o in (out[0], out[3], out[4]):
        assert o["agrees"] is True
        for k in ("id", "declarer", "game", "declarer_points", "declarer_tricks", "matadors", "game_value", "won",
                  "schneider", "schwarz", "overbid", "score"):
            assert k in o
    assert out[0]["matadors"] == -2 and out[0]["score"] == -54


def test_convert_then_score_agrees_and_bad_line_is_reported():
    conv = run(cli, ["convert", str(REF / "iss_sample.sgf")])
    assert conv.exit_code == 0
    recs = conv.output.strip().splitlines()
    bad = '{"hands": {"F": ["CJ"]}}'
    r = run(cli, ["score", "-"], input="\n".join(recs[:1] + [bad] + recs[3:]) + "\n")
    assert r.exit_code == 1
    out = lines(r.output)
    assert out[0]["score"] == -54 and out[2]["score"] == 120 and out[3]["score"] == 48
    assert out[1]["line"] == 2 and "lacks seat M" in out[1]["error"]


def test_score_seeger_fabian():
    r = run(cli, ["score", "--scoring", "seeger-fabian", str(REF / "iss_sample.sgf")])
    out = lines(r.output)
    assert out[0]["score"] == -54 - 50 and out[0]["defender_score"] == 40
    assert out[3]["score"] == 120 + 50


def test_solve_json_matches_reference_and_reports_bad_records():
    refs = load_jsonl("dd_mid.jsonl")[:4]
    text = "\n".join(json.dumps(strip_solved(r)) for r in refs[:2]) + "\nnot json\n" + \
        "\n".join(json.dumps(strip_solved(r)) for r in refs[2:]) + "\n"
    r = run(cli, ["solve", "--json", "-"], input=text)
    assert r.exit_code == 1
    out = lines(r.output)
    assert "error" in out[2] and out[2]["line"] == 3
    for ref, got in zip(refs, out[:2] + out[3:]):
        for k in ("dd_points", "dd_all_tricks", "dd_declarer_wins"):
            if k in ref:
                assert got[k] == ref[k]
        assert "dd_best" not in got


def test_solve_on_the_command_line_with_best():
    ref = load_jsonl("dd_small.jsonl")[0]
    args = ["solve", "--json", "--best", "--game", ref["game"], "--declarer", ref["declarer"],
            "--skat", " ".join(ref["skat"]), "--leader", ref["leader"]]
    for s in "FMR":
        args += [f"--{s}", " ".join(ref["hands"][s])]
    r = run(cli, args)
    assert r.exit_code == 0, r.output
    got = lines(r.output)[0]
    assert got["dd_points"] == ref["dd_points"]
    leader_is_declarer = ref["leader"] == ref["declarer"]
    vals = list(got["dd_best"].values())
    assert (max(vals) if leader_is_declarer else min(vals)) == ref["dd_points"]


def test_solve_table_output_and_errors_without_traceback():
    ref = load_jsonl("dd_mid.jsonl")[0]
    r = run(cli, ["solve", "-"], input=json.dumps(strip_solved(ref)) + "\n")
    assert r.exit_code == 0 and f"declarer {ref['dd_points']} card points" in r.output
    bad = dict(strip_solved(ref), played=["C8", "CQ"])
    r = run(cli, ["solve", "-"], input=json.dumps(bad) + "\n")
    assert r.exit_code == 1 and "Traceback" not in r.output and "CQ" in r.output
    r = run(cli, ["solve"])
    assert r.exit_code == 2 and "give a FILE" in r.output
