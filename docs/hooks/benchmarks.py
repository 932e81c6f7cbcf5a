"""MkDocs hook: the benchmark pages, generated from ``benchmarks/results/`` at every build.

Each results text file becomes a page with the command that reproduces it (the
``python benchmarks/...`` lines the file itself records, else the command named
in :data:`CURRENT`) and the file as it stands; the index lists today's figures
first, then every file.  Nothing here is copied by hand: a new result file is a
new page at the next build.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"

#: Today's figures: (what it measures, results file, the command that reproduces it)
CURRENT = [
    ("Calibration of the played-out chances, per answer class, on held-out hands", "reliability.txt",
     "python benchmarks/bench_reliability.py"),
    ("Null defence: the declarer's win rate against double-dummy, best and pimc defence", "null_defence.txt",
     "python benchmarks/bench_null_defence.py --deals 300 --seed 499 --workers 2 "
     "--defences dd,best,pimc,best-plain-null"),
    ("The review's marks order the players (best, pimc, rules, random)", "info_review_marks.txt",
     "python benchmarks/bench_info_review.py --deals 560 --seed 2027 --workers 2 [--at default]"),
    ("The sample game's opening A of spades judged on 60 seeds", "info_review_ace.txt",
     "python benchmarks/bench_info_review.py card --seeds 60"),
    ("The review's empirical-Bayes priors, fitted on deals of their own", "review_prior_fit.txt",
     "python benchmarks/fit_review_prior.py --deals 400 --samples 16 --seed 2031"),
    ("best against pimc on 1,000 duplicate deals (and against last session's best on the same deals)",
     "best_vs_pimc_54.txt",
     "python benchmarks/bench_best.py --deals 1000 --workers 2 --seed 3001 --no-reference"),
    ("Bidding by expected tournament points (passing worth a defender's points) against best-2026-12: "
     "it lost, the switch stays off", "best_defending_4001.txt",
     "python benchmarks/bench_best.py --player best-defending --baseline best-2026-12 --screen-bids "
     "--no-reference --seed 4001 --deals 1000 --workers 2"),
    ("Bolder bids (best-bold: a bid holds down to -15 points) against best-2026-12 on fresh deals: "
     "not clearly a gain, the switch stays off", "best_bold_6001.txt",
     "python benchmarks/bench_best.py --player best-bold --baseline best-2026-12 --screen-bids "
     "--no-reference --seed 6001 --deals 1000 --workers 2"),
    ("... the same on the tuning deals (a margin for every game, plain Null included)", "best_bold_5001.txt",
     "python benchmarks/bench_best.py --player best-bold --baseline best-2026-12 --screen-bids "
     "--no-reference --seed 5001 --deals 1000 --workers 2"),
    ("The learned model of card play (policy-based inference): the chosen card's probability on held-out games",
     "policy_model.txt", "python benchmarks/fit_policy.py"),
    ("Inference by the learned model of card play (best-policy) against best-2026-12, 400 fresh deals: "
     "not clearly a gain", "best_policy_8001.txt",
     "python benchmarks/bench_best.py --player best-policy --baseline best-2026-12 --no-reference --seed 8001 "
     "--deals 400 --workers 2"),
    ("The declarer's look-ahead past strategy fusion (best-fusion) against best-2026-12, 400 fresh deals",
     "best_fusion_10001.txt",
     "python benchmarks/bench_best.py --player best-fusion --baseline best-2026-12 --no-reference --seed 10001 "
     "--deals 400 --workers 2"),
    ("How often the look-ahead past fusion changes the declarer's card, and the information sets it reaches",
     "fusion_lookahead.txt", "python benchmarks/bench_fusion.py --deals 40 --seed 9201 --workers 2"),
    ("... from the second trick (best-fusion-late), 400 more fresh deals: with the run above not clearly a gain",
     "best_fusion_late_13001.txt",
     "python benchmarks/bench_best.py --player best-fusion-late --baseline best-2026-12 --no-reference "
     "--seed 13001 --deals 400 --workers 2"),
    ("Defenders' conventions (best-conventions) against best-2026-12, 400 fresh deals: not a gain",
     "best_conventions_11001.txt",
     "python benchmarks/bench_best.py --player best-conventions --baseline best-2026-12 --no-reference "
     "--seed 11001 --deals 400 --workers 2"),
    ("Every technique at once (best-together) against best-2026-12, 400 fresh deals: not a gain",
     "best_together_12001.txt",
     "python benchmarks/bench_best.py --player best-together --baseline best-2026-12 --no-reference "
     "--seed 12001 --deals 400 --workers 2"),
    ("The declaration after the pick-up on 32 worlds (best-declare-worlds) against best-2026-12 (6 in the "
     "arena), 400 fresh deals: a gain, best declares so", "best_declare_worlds_14001.txt",
     "python benchmarks/bench_best.py --player best-declare-worlds --baseline best-2026-12 --no-reference "
     "--seed 14001 --deals 400 --workers 2"),
    ("best (declaring on 32 worlds) against best-2026-12 on 1,000 fresh deals of seed 17001, the check of the "
     "above: a gain", "best_declare_17001.txt",
     "python benchmarks/bench_best.py --player best --baseline best-2026-12 --no-reference "
     "--seed 17001 --deals 1000 --workers 2"),
    ("The bid and declare worlds best had at a table (best-bid-worlds: 32 and 16) against best-2026-12 "
     "(the arena's 12 and 6), 400 fresh deals: not clearly a gain", "best_bid_worlds_15001.txt",
     "python benchmarks/bench_best.py --player best-bid-worlds --baseline best-2026-12 --no-reference "
     "--seed 15001 --deals 400 --workers 2"),
    ("Twice the bid worlds (best-bid-64) against best-bid-worlds, stopped at 124 deals: no gain seen",
     "best_bid_64_16001.txt",
     "python benchmarks/bench_best.py --player best-bid-64 --baseline best-bid-worlds --no-reference "
     "--seed 16001 --deals 400 --workers 2"),
    ("The declaration's worlds drawn by the auction (best-declare-auction) against best, screened to the deals "
     "where the declaration differs: not clearly a gain", "best_declare_auction_18001.txt",
     "python benchmarks/bench_best.py --player best-declare-auction --baseline best --screen-declarations "
     "--no-reference --seed 18001 --deals 1000 --workers 1"),
    ("Four discards a game weighed after the pick-up (best-discards-4) against best's two, screened",
     "best_discards_4_19001.txt",
     "python benchmarks/bench_best.py --player best-discards-4 --baseline best --screen-declarations "
     "--no-reference --seed 19001 --deals 500 --workers 1"),
    ("The two declaration tries together (best-declare-both) against best, screened: not a gain",
     "best_declare_both_24001.txt",
     "python benchmarks/bench_best.py --player best-declare-both --baseline best --screen-declarations "
     "--no-reference --seed 24001 --deals 500 --workers 2"),
    ("16 more worlds a move from the third trick on (best-late-worlds) against best", "best_late_worlds_20001.txt",
     "python benchmarks/bench_best.py --player best-late-worlds --baseline best --no-reference --seed 20001 "
     "--deals 1000 --workers 1"),
    ("... against best-2026-12, stopped at 76 deals", "best_late_worlds_22001.txt",
     "python benchmarks/bench_best.py --player best-late-worlds --baseline best-2026-12 --no-reference "
     "--seed 22001 --deals 1000 --workers 1"),
    ("The declaration on 64 worlds (best-declare-64) against best's 32, screened", "best_declare_64_23001.txt",
     "python benchmarks/bench_best.py --player best-declare-64 --baseline best --screen-declarations "
     "--no-reference --seed 23001 --deals 600 --workers 1"),
    ("The advice best declared by, priced again, against the games it played (P(win) per answer class; the bid "
     "advice's expected score against the score played), seed 17001", "arena_calibration_17001.txt",
     "python benchmarks/bench_arena_calibration.py --arena benchmarks/results/best_declare_17001.jsonl "
     "--player best --out benchmarks/results/arena_calibration_17001.jsonl"),
    ("... the same on fresh seed 20001", "arena_calibration_20001.txt",
     "python benchmarks/bench_arena_calibration.py --arena benchmarks/results/best_late_worlds_20001.jsonl "
     "--player best --out benchmarks/results/arena_calibration_20001.jsonl"),
    ("... best with the pick-up's option, against best-2026-12, on fresh seed 34001", "arena_calibration_34001.txt",
     "python benchmarks/bench_arena_calibration.py --arena benchmarks/results/best_vs_frozen_34001.jsonl "
     "--player best --out benchmarks/results/arena_calibration_34001.jsonl"),
    ("... best as a table seats it (32 bid worlds), against best-2026-12, on fresh seed 40001",
     "arena_calibration_40001.txt",
     "python benchmarks/bench_arena_calibration.py --arena benchmarks/results/best_vs_frozen_32_40001.jsonl "
     "--player best --out benchmarks/results/arena_calibration_40001.jsonl"),
    ("... the same against pimc's defence, on fresh seed 41001", "arena_calibration_41001.txt",
     "python benchmarks/bench_arena_calibration.py --arena benchmarks/results/best_vs_pimc_32_41001.jsonl "
     "--player best --out benchmarks/results/arena_calibration_41001.jsonl"),
    ("Bolder bids (best-bold) against today's best, screened: no gain", "best_bold_26001.txt",
     "python benchmarks/bench_best.py --player best-bold --baseline best --screen-bids --no-reference "
     "--seed 26001 --deals 1000 --workers 1"),
    ("best (declaring on 32 worlds) against pimc on 1,000 fresh deals of seed 25001", "best_vs_pimc_25001.txt",
     "python benchmarks/bench_best.py --player best --baseline pimc --deals 1000 --workers 1 --seed 25001 "
     "--no-reference"),
    ("A bid margin for suit pick-ups alone (best-bold-pickup, -25 points: the arena calibration's gap) against "
     "best, screened: not clearly a gain", "best_bold_pickup_27001.txt",
     "python benchmarks/bench_best.py --player best-bold-pickup --baseline best --screen-bids --no-reference "
     "--seed 27001 --deals 1000 --workers 1"),
    ("The Hand-or-pick-up choice with 25 points credited to a suit pick-up (best-pickup-credit) against best "
     "without it, 2,000 fresh deals, screened: a gain, best chooses so", "best_pickup_credit_28001.txt",
     "python benchmarks/bench_best.py --player best-pickup-credit --baseline best --screen-declarations "
     "--no-reference --seed 28001 --deals 2000 --workers 1"),
    ("best (32 declare worlds and the Hand-choice credit) against best-2026-12 on 1,000 fresh deals, screened",
     "best_vs_frozen_29001.txt",
     "python benchmarks/bench_best.py --player best --baseline best-2026-12 --screen-declarations "
     "--no-reference --seed 29001 --deals 1000 --workers 2"),
    ("best (with the Hand-choice credit) against pimc on 1,000 fresh deals of seed 30001", "best_vs_pimc_30001.txt",
     "python benchmarks/bench_best.py --player best --baseline pimc --deals 1000 --workers 2 --seed 30001 "
     "--no-reference"),
    ("best (bidding by the pick-up's option) against pimc on 1,000 fresh deals of seed 35001", "best_vs_pimc_35001.txt",
     "python benchmarks/bench_best.py --player best --baseline pimc --deals 1000 --workers 2 --seed 35001 "
     "--no-reference"),
    ("The pick-up priced as the game chosen after the skat: the share of the gap fitted on best's play-outs "
     "(seeds 17001, 20001) and checked on seeds 29001, 34001, 35001 and 40001 (the last three played by best "
     "bidding on it; 40001 on a table's 32 bid worlds)",
     "pickup_option.txt",
     "python benchmarks/fit_pickup_option.py --fit benchmarks/results/best_declare_17001.jsonl "
     "benchmarks/results/best_late_worlds_20001.jsonl --check benchmarks/results/best_vs_frozen_29001.jsonl "
     "benchmarks/results/best_vs_frozen_34001.jsonl benchmarks/results/best_vs_pimc_35001.jsonl "
     "benchmarks/results/best_vs_frozen_32_40001.jsonl --rows benchmarks/results/pickup_option.jsonl"),
    ("Bids and the Hand choice by the pick-up priced as the game chosen after the skat (best-pickup-option, "
     "first fit) against best, screened", "best_pickup_option_31001.txt",
     "python benchmarks/bench_best.py --player best-pickup-option --baseline best --screen-declarations "
     "--no-reference --seed 31001 --deals 1000 --workers 1"),
    ("... with shares for suit alone, against best, screened: a gain, best bids so", "best_pickup_option_32001.txt",
     "python benchmarks/bench_best.py --player best-pickup-option --baseline best --screen-declarations "
     "--no-reference --seed 32001 --deals 1000 --workers 1"),
    ("... against best-2026-12, screened (the +3 goal's measure)", "best_pickup_option_vs_frozen_33001.txt",
     "python benchmarks/bench_best.py --player best-pickup-option --baseline best-2026-12 --screen-declarations "
     "--no-reference --seed 33001 --deals 1000 --workers 1"),
    ("best (the option read on plain settlements, re-fitted) against best-2026-12, screened (the +3 goal's "
     "measure)", "best_vs_frozen_34001.txt",
     "python benchmarks/bench_best.py --player best --baseline best-2026-12 --screen-declarations "
     "--no-reference --seed 34001 --deals 1000 --workers 2"),
    ("... the same on 1,000 more fresh deals", "best_vs_frozen_38001.txt",
     "python benchmarks/bench_best.py --player best --baseline best-2026-12 --screen-declarations "
     "--no-reference --seed 38001 --deals 1000 --workers 2"),
    ("... the same with every player's bid advice on a table's 32 worlds (the arena's other runs: 12), "
     "1,000 fresh deals", "best_vs_frozen_32_40001.txt",
     "python benchmarks/bench_best.py --player best --baseline best-2026-12 --screen-declarations "
     "--no-reference --seed 40001 --bid-samples 32 --deals 1000 --workers 2"),
    ("best against plain PIMC with every player's bid advice on a table's 32 worlds, 1,000 fresh deals: +7.95 a game",
     "best_vs_pimc_32_41001.txt",
     "python benchmarks/bench_best.py --player best --baseline pimc --deals 1000 --workers 2 --seed 41001 "
     "--bid-samples 32 --no-reference"),
    ("best against plain PIMC, card play apart from bidding: a seat's type swapped with the declarer, game and "
     "discard the same, from the four best - pimc runs (no new games)", "cardplay_split_best_pimc.txt",
     "python benchmarks/cardplay_split.py benchmarks/results/best_vs_pimc_32_41001.jsonl "
     "benchmarks/results/best_vs_pimc_35001.jsonl benchmarks/results/best_vs_pimc_30001.jsonl "
     "benchmarks/results/best_vs_pimc_25001.jsonl"),
    ("The pick-up's option with a share for Null too (best-null-option) against best on a table's 32 bid worlds, "
     "2,000 fresh deals, screened: no gain", "best_null_option_42001.txt",
     "python benchmarks/bench_best.py --player best-null-option --baseline best --screen-declarations --deals 2000 "
     "--workers 2 --seed 42001 --bid-samples 32 --no-reference"),
    ("64 bid worlds (best-bid-64) against best's 32, on a table's 32 bid worlds, screened, 1,000 fresh deals: "
     "not clearly a gain, at 1.7 times a seat's bid advice", "best_bid_64_43001.txt",
     "python benchmarks/bench_best.py --player best-bid-64 --baseline best --screen-declarations --deals 1000 "
     "--workers 2 --seed 43001 --bid-samples 32 --no-reference"),
    ("The pick-up's option with a share per bid band (best-option-bands) against best, screened: no gain",
     "best_option_bands_36001.txt",
     "python benchmarks/bench_best.py --player best-option-bands --baseline best --screen-declarations "
     "--no-reference --seed 36001 --deals 1000 --workers 2"),
    ("More worlds only for a move whose best card is not clearly ahead (best-close-worlds) against best: no gain",
     "best_close_worlds_37001.txt",
     "python benchmarks/bench_best.py --player best-close-worlds --baseline best "
     "--no-reference --seed 37001 --deals 1000 --workers 2"),
    ("best with 24 bid worlds in the arena (best-bid-24) against best and its arena's 12, screened, 1,000 fresh "
     "deals: a gain", "best_bid_24_39001.txt",
     "python benchmarks/bench_best.py --player best-bid-24 --baseline best --screen-declarations "
     "--no-reference --seed 39001 --deals 1000 --workers 2"),
    ("skat bid's option round (every pick-up paired on the leading suit pick-up's first 32 worlds): solves "
     "and seconds before and after", "bid_speed_option_round.txt",
     "python benchmarks/bench_bid.py speed --hands 20 --budget 0"),
    ("Bid advice speed (skat bid, skat bulk bid)", "session_53_bid_speed.txt",
     "python benchmarks/bench_bid.py speed; python benchmarks/bench_bid.py bulk"),
    ("Accuracy (0-100) orders the players: each plays the same 200 games in one seat against two best players",
     "accuracy_duplicate.txt",
     "python benchmarks/bench_info_review.py duplicate --deals 200 --others best --seed 2026 --workers 2"),
    ("... the same games, each type in all three seats", "accuracy_duplicate_all_seats.txt",
     "python benchmarks/bench_info_review.py duplicate --deals 200 --seed 2026 --workers 2"),
    ("Accuracy at mixed tables where each player bids for himself, at skat analyse's precision, 800 deals",
     "accuracy_players_800.txt",
     "python benchmarks/bench_info_review.py --deals 800 --at default --seed 2026 --workers 2"),
    ("... the same, its first 200 deals", "accuracy_players_default.txt",
     "python benchmarks/bench_info_review.py --deals 200 --at default --seed 2026 --workers 2"),
    ("Accuracy at the bulk precision (skat stats)", "accuracy_players.txt",
     "python benchmarks/bench_info_review.py --deals 400 --seed 2026 --workers 2"),
    ("The analysis board: a position's values", "position_speed.txt",
     "python benchmarks/bench_position.py --positions 100"),
    ("The review by what the player knew: speed", "review_speed.txt",
     "python benchmarks/bench_info_review.py speed --deals 30"),
    ("Exact values, three players (suit, Grand, Null)", "session_final_28.txt",
     "python benchmarks/bench_solver.py"),
    ("Offiziersskat: exact values from the first card", "session_final_orders.txt",
     "python benchmarks/bench_offiziers.py --deals 102 --question exact"),
    ("Offiziersskat: the worlds best and pimc decide a card on", "offiziers_worlds.txt",
     "python benchmarks/bench_offiziers_worlds.py --deals 10"),
    ("The first run: compiling the solver", "first_run_parallel.txt",
     "python benchmarks/bench_solver.py --ablation 0 --no-compile"),
    ("The web app under load (20 browsers on one server)", "web_load.txt",
     "python benchmarks/bench_web_load.py"),
    ("Tables for people under load: 100 tables of three bot clients on one server", "tables_load.txt",
     "python benchmarks/bench_tables_load.py --tables 100"),
    ("Tables under attack: misbehaving clients beside 20 honest tables", "tables_abuse.txt",
     "python benchmarks/bench_tables_abuse.py --tables 20"),
]

_COMMAND = re.compile(r"(python3? benchmarks/[\w./-]+(?: [^;:,()\n]*)?|pytest benchmarks[^;:,()\n]*)")


def commands_in(text: str) -> list[str]:
    """The benchmark commands a results file records (its own account of how it was made)."""
    seen: dict[str, None] = {}
    for m in _COMMAND.finditer(text):
        seen.setdefault(m.group(1).strip(), None)
    return list(seen)


def page_for(path: Path, title: str | None = None, command: str | None = None) -> str:
    text = path.read_text(encoding="utf-8", errors="replace")
    found = commands_in(text)
    lines = [f"# {title or path.stem.replace('_', ' ')}", "",
             f"`benchmarks/results/{path.name}`, as it stands in this checkout.", ""]
    if command or found:
        lines += ["Reproduce it:", "", "```sh"] + ([command] if command else []) + \
            [c for c in found if c != command][:4] + ["```", ""]
    fence = "````" if "```" in text else "```"
    lines += [f"{fence}text", text.rstrip(), fence, ""]
    return "\n".join(lines)


def index_page(paths: list[Path]) -> str:
    lines = ["# Benchmarks", "",
             "Generated from `benchmarks/results/` when this site is built: today's figures first, each",
             "with the command that reproduces it, then every results file of the project's history",
             "(older sittings, kept as they were measured). Speed is measured on a two-core machine;",
             "a claim about strength or calibration is a measurement on seeded deals a model was not",
             "fitted on, with its 95% interval.", "", "## Today's figures", "",
             "| what | file | reproduce |", "|---|---|---|"]
    current = {name for _, name, _ in CURRENT}
    for what, name, command in CURRENT:
        if (RESULTS / name).exists():
            lines.append(f"| {what} | [{name}]({Path(name).stem}.md) | `{command}` |")
    lines += ["", "## Every results file", "", "| file | first line |", "|---|---|"]
    for p in paths:
        if p.name in current:
            continue
        first = next((x.strip() for x in p.read_text(encoding="utf-8", errors="replace").splitlines() if x.strip()), "")
        first = first.replace("|", "\\|")[:140]
        lines.append(f"| [{p.name}]({p.stem}.md) | {first} |")
    data = sorted(p.name for p in RESULTS.iterdir() if p.suffix in (".json", ".jsonl"))
    lines += ["", "Raw data beside them (JSON, one game or row a line): " + ", ".join(f"`{d}`" for d in data) + "."]
    return "\n".join(lines) + "\n"


def on_files(files, config):
    paths = sorted(RESULTS.glob("*.txt"))
    titles = {name: (what, command) for what, name, command in CURRENT}
    files.append(File.generated(config, "benchmarks/index.md", content=index_page(paths)))
    for p in paths:
        what, command = titles.get(p.name, (None, None))
        files.append(File.generated(config, f"benchmarks/{p.stem}.md", content=page_for(p, what, command)))
    return files
