"""One game interface for every variant: a deal of each (classic Skat, its Ramsch and Spitze,
Offiziersskat) dealt, played, taken back and settled through :mod:`solver.variants`, each seat's
view, the table and the computer players found through :mod:`solver.players.registry`, the
score and the review through their own modules.

Expected values come from the rules: every card is played once, 120 card points in all, a
popped card restores the position it was pushed from, and a record read back settles alike.
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.cards import card_points, iter_cards
from solver.search.api import default_solver
from solver.analysis import review as review_of
from solver.players.registry import VIEWS
from solver.players.table import make_player
from solver.records import score_record
from solver.variants import REGISTRY, UnknownVariant, find_variant, variant_of

GAMES = [("skat", "hearts", 10), ("skat", "ramsch", 10), ("skat", "clubs spitze", 10),
         ("offiziersskat", "grand", 16), ("offiziersskat", "ramsch", 16)]


def _snapshot(st):
    return (st.to_move, st.legal(), list(st.points), list(st.tricks), [c for _, c in st.history])


@pytest.mark.parametrize("name,game,tricks", GAMES)
def test_a_deal_of_every_variant_plays_through_the_one_interface(name, game, tricks):
    v = find_variant(name)
    rng = np.random.default_rng(7)
    deal = v.deal(rng, game)
    st = v.start(deal)
    seats = len(v.seats)
    # the kernel reads the starting position of every variant: the declarer's (or in a Ramsch
    # the mover's) card points lie between 0 and 120
    vals, _ = default_solver().run(np.array([v.search_row(deal, st)], dtype=np.int64))
    assert 0 <= int(vals[0]) <= 120
    pick = np.random.default_rng(3)
    while not st.finished:
        legal = list(iter_cards(st.legal()))
        assert legal, "a seat to move always has a legal card"
        before = _snapshot(st)
        card = legal[int(pick.integers(len(legal)))]
        st.push(card)
        assert st.pop() == card and _snapshot(st) == before      # pop undoes push, tricks too
        st.push(card)
        v.played(deal).append(card)
        view = VIEWS[v.name](deal, st, st.to_move) if not st.finished else None
        assert view is None or view.seat == st.to_move
    assert len(v.played(deal)) == seats * tricks                   # every card played once
    # 120 card points: the tricks' and, in a declared classic game, the declarer's skat
    skat = card_points(deal.skat) if name == "skat" and "ramsch" not in game else 0
    assert sum(st.points) + skat == 120 and sum(st.tricks) == tricks
    settled = v.settle(deal)
    again = v.load(v.dump(deal))                                   # the record round trip
    assert variant_of(v.dump(deal)).name == name
    assert v.settle(again) == settled
    assert set(settled.scores) == set(v.seats)
    # skat score, solve and analyse of the deal go through the same interface and agree with it
    assert score_record(deal)["scores"] == settled.scores
    review = review_of(deal).to_record()
    assert len(review["analysis"]) == len(v.played(deal))
    solved = v.solve(deal)
    values = list(solved["dd_ramsch"].values()) if "dd_ramsch" in solved else [solved["dd_points"]]
    assert values and all(0 <= x <= 120 for x in values)       # card points of 120
    if "ramsch" in game:
        assert settled.won is None or name == "offiziersskat"
    else:
        # only the declarer's side scores in a declared game of either variant
        assert sum(1 for s in settled.scores.values() if s != 0) == 1


def test_the_registry_finds_variants_by_name_and_from_records():
    assert set(REGISTRY) == {"skat", "offiziersskat"}
    assert find_variant("Offiziersskat").name == "offiziersskat"
    assert variant_of({"variant": "offiziersskat"}).name == "offiziersskat"
    assert variant_of({"hands": {}}).name == "skat"
    with pytest.raises(UnknownVariant, match="expected skat or offiziersskat"):
        variant_of({"variant": "doppelkopf"})


def test_an_unknown_variant_in_a_file_is_an_error_line_naming_the_field():
    from solver.records import read_lines
    items = list(read_lines(['{"variant": "doppelkopf"}']))
    assert items[0].error.startswith("line 1: 'variant': unknown variant 'doppelkopf'")


# (variant, house rules, player types, seed, what the deal must be): seeds found so that each
# case plays the kind of deal it names
TABLE_CASES = [
    ("skat", "", ["rules", "rules", "random"], 0, lambda rec: rec.get("declarer") in ("F", "M", "R")),
    ("skat", "ramsch", ["random", "random", "random"], 1, lambda rec: rec.get("game") == "ramsch"),
    ("skat", "spitze", ["rules", "rules", "random"], 6, lambda rec: rec.get("spitze") is True),
    ("offiziersskat", "", ["rules", "random"], 1, lambda rec: rec.get("variant") == "offiziersskat"),
]


def _settles_as_recorded(rec: dict) -> None:
    """A record the table wrote reads back through the registry and settles to its scores under
    the arena's scoring, Seeger-Fabian (a deal passed in has nothing to settle)."""
    if rec.get("passed"):
        assert rec["result"]["score"] == 0
        return
    v = variant_of(rec)
    assert score_record(v.load(rec), "seeger-fabian")["scores"] == rec["result"]["scores"]
    assert len(rec["played"]) == 32 if v.name == "offiziersskat" else 30


@pytest.mark.parametrize("name,house,types,seed,kind", TABLE_CASES)
def test_a_deal_of_every_variant_through_the_one_table_and_the_one_arena(name, house, types, seed, kind):
    from solver.house import HouseRules
    from solver.players.arena import run_arena
    from solver.players.table import TableOptions, play_deal
    v = find_variant(name)
    rules = HouseRules.parse(house)
    # the one arena: the deal in every seating, each game a record of its variant
    games: list[dict] = []
    res = run_arena(types, 1, seed=seed, on_game=games.append, house=rules, variant=name)
    assert res["games"] == len(v.seats) == len(games)
    assert any(kind(rec) for rec in games), "the seed plays the kind of deal the case names"
    for rec in games:
        _settles_as_recorded(rec)
    # the one table: the same cards, the first seating's players, one deal
    rng = np.random.default_rng(seed)
    dealt = v.shuffle(rng)
    players = [make_player(t, seed + 1000 + i, bid_seed=seed + 1000, variant=name) for i, t in enumerate(types)]
    events: list[str] = []
    r = play_deal(players, dealt, TableOptions(scoring="seeger-fabian", house=rules),
                  lambda kind_, data: events.append(kind_), variant=name)
    rec = r.to_record()
    _settles_as_recorded(rec)
    assert rec["played"] == games[0]["played"]                     # the arena's first game, card for card
    assert events.count("card") == len(rec["played"]) and events[-1] == "result"


@pytest.mark.slow
def test_bulk_dd_and_analyse_take_every_variant_in_one_file(tmp_path):
    """A file mixing Offiziersskat and classic records: each row's values are its variant's own
    solve and review (the registry finds the variant per row); bid advice refuses the piles."""
    import json

    from solver.analysis import review
    from solver.bulk.runner import run_bulk
    from solver.players.arena import run_arena
    games: list[dict] = []
    run_arena(["rules", "random"], 2, seed=2, on_game=games.append, variant="offiziersskat")
    # one game (an Offiziersskat solve and review from the first card is slow): with seed 2, the
    # fourth (diamonds) solves in a quarter of the first one's time
    games = games[3:4]
    classic = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}
    src = tmp_path / "mixed.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in [*games, classic]) + "\n")
    for task in ("dd", "analyse"):
        out = tmp_path / f"{task}.jsonl"
        summary = run_bulk(task, str(src), str(out), workers=1)
        assert summary.rows_failed == 0
        rows = [json.loads(x) for x in out.read_text().splitlines()]
        assert [r["declarer"] for r in rows] == ["F", "F"]
        for rec, row in zip(games, rows):
            v = variant_of(rec)
            deal = v.load(rec)
            if task == "dd":
                assert row["dd_points"] == v.solve(deal)["dd_points"]
                assert row["played_points"] == v.outcome(deal)["declarer_points"]
            else:
                sm = review(deal).summary()
                assert (row["mistakes_F"], row["mistakes_R"], row["mistakes_M"]) == \
                    (sm["mistakes"]["F"]["mistakes"], sm["mistakes"]["R"]["mistakes"], None)
    summary = run_bulk("bid", str(src), str(tmp_path / "bid.jsonl"), workers=1)
    errors = [json.loads(x) for x in open(summary.errors)]
    assert len(errors) == 1 and "not offiziersskat" in errors[0]["error"]
