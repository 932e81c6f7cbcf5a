"""The `best` player: inference on the hidden hands, and its card choice in hand-made positions.

Expected values follow from the rules of bidding and play, worked out in the
comments; none is copied from the code under test.
"""

from __future__ import annotations

import math

import numpy as np

import pytest

from solver.cards import parse_cards, parse_card
from solver.deal import Deal, replay
from solver.cards import iter_cards
from solver.games import GRAND, HEARTS_GAME, Declaration
from solver.inference import Inference, auction_facts, bidder_weight, choices_of, play_likelihood
from solver.players import PLAYERS, BestPlayer, PlayView
from solver.players import base
from solver.players.arena import make_player
from solver.sampling import World, WorldSampler

F, M, R = 0, 1, 2


def cards(s: str) -> int:
    return parse_cards(s)


# ------------------------------------------------------------------ the auction read

def test_auction_facts_follow_the_bidding_protocol():
    # M bids 18, F holds, M bids 20, F passes (refusing 20), R passes: to go on he had to bid 22
    f = auction_facts([(M, "18"), (F, "y"), (M, "20"), (F, "p"), (R, "p")])
    assert f.bid == {M: 20, F: 18}
    assert f.refused == {F: 20, R: 22}
    # everybody passes: F refuses to play at 18
    f = auction_facts([(M, "p"), (R, "p"), (F, "p")])
    assert f.refused == {M: 18, R: 18, F: 18} and f.bid == {}


def test_a_player_who_passed_at_18_holds_no_four_jack_hand_with_two_aces():
    four_jacks = cards("CJ SJ HJ DJ CA SA D7 D8 C7 C9")
    assert bidder_weight(four_jacks, refused=18) == 0.0
    # a heap of middle cards is what a passer may well hold
    assert bidder_weight(cards("SK SQ HK HQ DK DQ C8 C9 S8 H9"), refused=18) > 0.5


def test_a_player_who_bid_48_holds_cards_that_make_a_game_worth_48():
    # kings, queens and nines: no jack, ace or ten for a suit or Grand, no Null either
    assert bidder_weight(cards("SK SQ HK HQ DK DQ CK CQ S9 H9"), bid=48) == 0.0
    # clubs with three (CJ SJ HJ) is worth 4 x 12 = 48: a hand that bids 48
    assert bidder_weight(cards("CJ SJ HJ CA CT CK CQ C9 SA ST"), bid=48) > 0.5


def test_worlds_the_auction_rules_out_are_never_drawn():
    # F holds these ten cards; M bid 48 and passed at 50, R declared: worlds in which M's ten
    # cards make no game worth 48 get no weight, and the weighted draw never returns one
    mine = cards("DJ HA HT HK DA DT DK S7 S8 S9")
    inf = Inference(F, R, Declaration(HEARTS_GAME), 50,
                    [(M, "18"), (F, "p"), (R, "20")] + [(M, "y"), (R, "48"), (M, "y"), (R, "50"), (M, "p")], [])
    sampler = WorldSampler(mine, F, seed=4)
    drawn = sampler.draw_weighted(40, lambda w: inf.weight(w.hands, w.skat), 400)
    assert sum(k for _, k in drawn) == 40
    assert all(inf.weight(w.hands, w.skat) > 0 for w, _ in drawn)
    assert all(bidder_weight(w.hands[M], 48) > 0 for w, _ in drawn)
    # and uniform worlds do include ones the auction rules out, so the test can fail
    assert any(inf.weight(w.hands, w.skat) == 0 for w in WorldSampler(mine, F, seed=4).draw(400))


def test_a_declarer_holds_a_game_worth_his_bid():
    # R declared hearts at 40: 10 x (matadors + game + a hoped-for Schneider) >= 40 needs
    # with or without 2; with 1 (CJ but not SJ) hearts is worth at most 30 and he would be overbid
    inf = Inference(F, R, Declaration(HEARTS_GAME), 40, [], [], cues=("declarer",))
    mine = cards("DJ HA HT HK DA DT DK S7 S8 S9")
    skat = cards("C7 D7")
    without_two = cards("HJ HQ H9 H8 H7 CA CT SA ST SK")
    with_one = cards("CJ HQ H9 H8 H7 CA CT SA ST SK")
    assert inf.weight((mine, 0, without_two), skat) > 0.0
    assert inf.weight((mine, 0, with_one), skat) == 0.0


def test_a_smeared_ace_makes_the_ten_of_its_suit_unlikely():
    # hearts is trump; F (declarer) leads D7, M wins with DA, and R, void in diamonds, smears
    # the ace of clubs on his partner's trick: had he held the ten of clubs he would have
    # smeared that (and kept the ace, which still wins a trick)
    history = [(F, parse_card("D7")), (M, parse_card("DA")), (R, parse_card("CA"))]
    ch = choices_of(history, F, HEARTS_GAME)
    with_ten = cards("CA CT CK H7 H8 S7 S8 S9 SK SQ")
    without_ten = cards("CA C9 CK H7 H8 S7 S8 S9 SK SQ")
    assert play_likelihood(ch, R, with_ten, F, HEARTS_GAME) < play_likelihood(ch, R, without_ten, F, HEARTS_GAME)
    # and an ace given to an opponent's trick while a cheaper card of the suit was at hand
    history = [(F, parse_card("CT")), (M, parse_card("CA")), (R, parse_card("C7"))]   # M wins: R's partner
    ch = choices_of(history, F, HEARTS_GAME)
    history2 = [(M, parse_card("C7")), (R, parse_card("CA")), (F, parse_card("H7"))]  # F trumps: R gave 11
    ch2 = choices_of(history2, F, HEARTS_GAME)
    assert play_likelihood(ch2, R, cards("CA C8 S7 S8 S9 SK SQ D7 D8 D9"), F, HEARTS_GAME) < \
        play_likelihood(ch2, R, cards("CA S7 S8 S9 SK SQ D7 D8 D9 DT"), F, HEARTS_GAME)
    assert ch[1].winner == M


# ------------------------------------------------------------------ the sampler's exact endgame

def test_all_worlds_is_the_whole_information_set():
    # after eight tricks: F sees his 2 cards, 24 played cards; 6 unknown for M (2), R (2), skat (2)
    st = _defender_position()
    view = PlayView.of(st, R)
    s = view.sampler(__import__("numpy").random.default_rng(0))
    every = s.all_worlds(1000)
    assert every is not None
    # R's view: the 4 unseen cards go 1 to F, 1 to M, 2 to the skat: 4 x 3 = 12 worlds
    assert len(every) == math.comb(4, 1) * math.comb(3, 1) == 12
    assert len({(w.hands, w.skat) for w in every}) == 12
    assert s.all_worlds(11) is None


# ------------------------------------------------------------------ card choice

def _push(st, names: str) -> None:
    for n in names.split():
        st.push(parse_card(n))


def _defender_position():
    """Hearts, F declares.  Eight tricks led and won by F; trick nine: F leads S7, M takes it
    with SA; R, void in spades, holds HJ and DA."""
    hands = [cards("CJ HT HK CA CT ST SK DQ S7 HA"), cards("SJ H7 H9 C8 CQ S8 SQ D8 SA DK"),
             cards("DJ H8 HQ C9 CK S9 DT D9 HJ DA")]
    deal = Deal(hands, cards("C7 D7"), F, Declaration(HEARTS_GAME), [], 18)
    st = replay(deal)
    _push(st, "CJ SJ DJ  HT H7 H8  HK H9 HQ  CA C8 C9  CT CQ CK  ST S8 S9  SK SQ DT  DQ D8 D9  S7 SA")
    return st


def test_a_defender_does_not_trump_his_partners_sure_trick():
    # R may trump M's sure ace with HJ, or smear DA on it.  HJ is the highest trump left (CJ SJ
    # DJ are out), so kept it takes the last trick whatever the others hold: smearing gives the
    # defenders both tricks (22 + the last), trumping gives them 13 now and lets F trump the DA
    # he then leads whenever F kept HA.  DA is never worse and sometimes better.
    st = _defender_position()
    for seed in range(3):
        p = BestPlayer(seed=seed)
        assert p.play(PlayView.of(st, R, bid=18)) == parse_card("DA")


def test_a_declarer_draws_the_last_trump_before_cashing_his_aces():
    # Hearts, F declares and leads with HA CA CT left; M still holds the last trump H7 (R showed
    # out of trumps in the second trick).  Leading a club lets M ruff whenever he is out of
    # clubs; HA first draws H7 and the clubs then take both tricks: all three, in every world.
    hands = [cards("CJ DJ HK HT HA CA CT SA ST SK"), cards("SJ H8 HQ H9 H7 SQ S8 D7 D9 D8"),
             cards("HJ CQ CK DK S9 S7 DQ C9 C8 DA")]
    deal = Deal(hands, cards("C7 DT"), F, Declaration(HEARTS_GAME), [], 18)
    st = replay(deal)
    _push(st, "CJ SJ HJ  DJ H8 CQ  HK HQ CK  HT H9 DK  SA SQ S9  ST S8 S7  SK D7 DQ")
    assert st.to_move == F and st.hands[F] == cards("HA CA CT")
    for seed in range(3):
        p = BestPlayer(seed=seed)
        view = PlayView.of(st, F, skat=deal.skat, bid=18)
        assert p.play(view) == parse_card("HA")


def test_best_is_a_named_player_and_its_parts_switch_off():
    assert "best" in PLAYERS and isinstance(make_player("best", 1), BestPlayer)
    plain = make_player("best-bidding", 1)
    assert plain.inference == () and plain.search is False
    assert make_player("best-inference", 1).search is False
    assert make_player("best-search", 1).inference == ()
    assert make_player("best-plain-null", 1).null_defence == 1 and make_player("best", 1).null_defence > 1
    with pytest.raises(ValueError, match="strength"):
        BestPlayer(strength=7)
    with pytest.raises(ValueError, match="cue"):
        Inference(F, R, Declaration(HEARTS_GAME), 18, [], [], cues=("telepathy",))


def declare_asked(monkeypatch, player, twelve: int, seat: int, bid: int, **kw) -> dict:
    """The options ``player.declare`` asks the declaration advice with (the advice itself not run)."""
    asked: list[dict] = []

    def evaluate_declare(*args, **options):
        asked.append(options)
        raise LookupError("asked")
    monkeypatch.setattr(base, "evaluate_declare", evaluate_declare)
    with pytest.raises(LookupError):
        player.declare(twelve, seat, bid, **kw)
    return asked[-1]


def test_a_declaration_is_chosen_on_its_own_worlds_and_a_form_keeps_its_worlds(monkeypatch):
    # declare_samples: the worlds the game and discard after the pick-up are chosen on: best's own 32
    # whatever its bid advice's; None: half the bid advice's (plain PIMC, and best-2026-12 as it played);
    # a named form that sets its worlds keeps them whatever the arena's strength says
    twelve = cards("CJ SJ HJ DJ CA CT CK SA ST HA D7 D8")
    for player, worlds in ((BestPlayer(bid_samples=12), 32), (BestPlayer(bid_samples=12, declare_samples=None), 6),
                           (BestPlayer(bid_samples=12, declare_samples=40), 40),
                           (make_player("best-2026-12", 1, {"bid_samples": 12}), 6),
                           (make_player("pimc", 1, {"bid_samples": 12}), 6),
                           (make_player("best-bid-worlds", 1, {"bid_samples": 12}), 16)):
        assert declare_asked(monkeypatch, player, twelve, F, 18)["samples"] == worlds
    assert make_player("best-bid-worlds", 1, {"bid_samples": 12}).bid_samples == 32
    # declare_discards: each game's best discards by the heuristic that are weighed, two unless a form says
    for player, discards in ((BestPlayer(bid_samples=12), 2), (make_player("best-discards-4", 1, {}), 4),
                             (make_player("best-2026-12", 1, {}), 2)):
        assert declare_asked(monkeypatch, player, twelve, F, 18)["discards_per_game"] == discards
    assert make_player("best-2026-12", 1, {"bid_samples": 12}).bid_samples == 12


def test_a_declaration_reads_the_auction_only_when_its_switch_is_on(monkeypatch):
    # declare_auction: the worlds of the declaration after the pick-up are drawn by the others' calls
    # (M bid up to 20 and R passed at once: M holds a game worth 20, R none worth 18); off (best,
    # best-2026-12 as it played, plain PIMC) they are uniform, whatever the auction was
    twelve = cards("CJ SJ HJ DJ CA CT CK SA ST HA D7 D8")
    calls = [(M, "18"), (F, "y"), (M, "20"), (F, "y"), (M, "p"), (R, "p")]
    for player, worlds_by in ((BestPlayer(bid_samples=12, declare_auction=True), calls),
                              (make_player("best-declare-auction", 1, {"bid_samples": 12}), calls),
                              (BestPlayer(bid_samples=12), None),
                              (make_player("best-2026-12", 1, {"bid_samples": 12}), None),
                              (make_player("pimc", 1, {"bid_samples": 12}), None)):
        assert declare_asked(monkeypatch, player, twelve, F, 20, auction=calls)["auction"] == worlds_by


def test_a_declaration_by_the_auction_draws_only_worlds_that_explain_the_calls(monkeypatch):
    # F declares at 20 after M bid 18 and 20 and R passed at once.  The evaluation's worlds are drawn
    # by those calls (an evaluation that fell back to uniform worlds names no calls), and the
    # player declares a game of the menu with two of his twelve cards put away
    calls = [(M, "18"), (F, "y"), (M, "20"), (F, "y"), (M, "p"), (R, "p")]
    twelve = cards("CJ SJ HJ DJ CA CT CK SA ST HA D7 D8")
    made = []

    def evaluate_declare(*args, **kw):
        made.append(real(*args, **kw))
        return made[-1]
    real = base.evaluate_declare
    monkeypatch.setattr(base, "evaluate_declare", evaluate_declare)
    discard, decl = BestPlayer(bid_samples=12, declare_auction=True, declare_samples=8, seed=3).declare(
        twelve, F, 20, auction=calls)
    assert bin(discard).count("1") == 2 and not discard & ~twelve and not decl.hand
    assert [ev.auction for ev in made] == [calls]


def test_a_null_defender_draws_more_worlds_and_nobody_else_does():
    # After two tricks (six cards seen) far more worlds are left than any sample draws, so
    # each player draws what it is set to: a Null defender null_defence times the worlds, the
    # Null declarer and a suit game's defender the plain number; best-plain-null the plain number.
    from solver.games import NULL, SPADES_GAME
    hands = [cards("C7 C8 C9 S7 S8 H7 H8 D7 D8 D9"), cards("CJ CA CT CK SQ SK SA HA HT HK"),
             cards("SJ HJ DJ CQ ST S9 HQ H9 DA DT")]
    played = "C7 CA CQ  SA S9 S7"                                # M takes both, in both games
    for game, seat, times in ((NULL, R, 4), (NULL, F, 1), (SPADES_GAME, R, 1)):
        deal = Deal(hands, cards("DK DQ"), F, Declaration(game), [], 23 if game == NULL else 18)
        st = replay(deal)
        _push(st, played)
        for player, factor in ((BestPlayer(seed=0), times), (make_player("best-plain-null", 0), 1)):
            player.endgame = 0                                   # always sample
            view = PlayView.of(st, seat, skat=deal.skat if seat == F else None, bid=deal.bid or 0)
            # (worlds drawn twice are kept once, weighted by how often they were drawn)
            assert sum(x for _, x in player.worlds(view)) == player.samples * factor, (game, seat)


def test_a_move_draws_its_worlds_by_the_trick_and_extra_worlds_come_on_top():
    # the first two tricks (fewer than six cards seen) solve the whole game in every world, so best
    # draws half its 16 there; best-late-worlds draws 16 more from the third trick on, from a stream
    # of their own: its first 16 worlds are best's, world for world
    from solver.games import SPADES_GAME
    hands = [cards("C7 C8 C9 S7 S8 H7 H8 D7 D8 D9"), cards("CJ CA CT CK SQ SK SA HA HT HK"),
             cards("SJ HJ DJ CQ ST S9 HQ H9 DA DT")]
    deal = Deal(hands, cards("DK DQ"), F, Declaration(SPADES_GAME), [], 18)
    for played, best_worlds, late_worlds in (("C7 CA CQ", 8, 8), ("C7 CA CQ  SA S9 S7", 16, 32)):
        st = replay(deal)
        _push(st, played)
        view = PlayView.of(st, R, bid=18)
        drawn = []
        for player in (BestPlayer(seed=5), make_player("best-late-worlds", 5)):
            player.endgame = 0                                   # always sample
            drawn.append(player.worlds(view))
        assert [sum(x for _, x in w) for w in drawn] == [best_worlds, late_worlds], played
        assert drawn[1][:len(drawn[0])] == drawn[0]


def test_world_weight_is_used_by_the_player():
    # Spades declared by F at 44 from the first lead: spades is worth 11 x (matadors + game +
    # Schneider + ...), so the inference rules out (weight 0) the declarer hands it finds too
    # poor for 44.  Without inference such worlds are drawn; with it, none of them is kept.
    from solver.games import SPADES_GAME
    from solver.inference import declarer_weight
    hands = [cards("SA ST SK SQ S9 HA HT CA D7 D8"), cards("CJ S8 S7 H7 H8 H9 C7 C8 C9 D9"),
             cards("SJ HJ DJ HK HQ CT CK CQ DA DT")]
    deal = Deal(hands, cards("DK DQ"), F, Declaration(SPADES_GAME), [], 44)
    st = replay(deal)
    view = PlayView.of(st, R, bid=44)

    def ruled_out(worlds):
        return sum(declarer_weight(w.hands[F], w.skat, deal.declaration, 44) == 0 for w, _ in worlds)

    plain = BestPlayer(seed=0, strength=1, inference=())
    plain.endgame = 0
    assert ruled_out(plain.worlds(view)) > 0           # such hands are there to be drawn
    p = BestPlayer(seed=0, strength=1)
    p.endgame = 0
    worlds = p.worlds(view)
    assert worlds and ruled_out(worlds) == 0 and all(x > 0 for _, x in worlds)


@pytest.mark.slow
def test_arena_accepts_best_and_reports_it():
    from click.testing import CliRunner

    from cli.main import cli
    r = CliRunner().invoke(cli, ["arena", "--players", "best,random,random", "--deals", "1", "--seed", "4",
                                 "--json"])
    assert r.exit_code == 0, r.output
    res = __import__("json").loads(r.output.strip().splitlines()[-1])
    assert [p["player"] for p in res["players"]] == ["best", "random"] and res["games"] == 3
    r = CliRunner().invoke(cli, ["arena", "--players", "best,oracle,random", "--deals", "1"])
    assert r.exit_code != 0 and "unknown player 'oracle'" in r.output


def test_best_doubles_only_games_its_weighted_worlds_say_are_lost():
    # R declared a spades Hand game at 18 with no trump: F holds ten of the eleven, so the
    # declarer makes 61 in no world: F says Kontra, and the hopeless declarer no Re
    from solver.cards import parse_cards
    from solver.games import SPADES_GAME, Declaration
    from solver.players.base import PlayView
    from solver.players.best import BestPlayer
    from solver.state import GameState
    f = parse_cards("CJ SJ HJ DJ SA ST SK SQ S9 S8")
    m = parse_cards("CA CT CK HA HT HK DA DT DK S7")
    r = parse_cards("CQ C9 C8 C7 HQ H9 H8 DQ D9 D8")
    st = GameState([f, m, r], parse_cards("H7 D7"), 2, Declaration(SPADES_GAME, hand=True))
    view = PlayView.of(st, 0, auction=[(1, "p"), (2, "18"), (0, "p")], bid=18)
    assert BestPlayer(seed=1).kontra(view, "kontra")
    declarer_view = PlayView.of(st, 2, auction=[(1, "p"), (2, "18"), (0, "p")], bid=18)
    assert not BestPlayer(seed=1).kontra(declarer_view, "re")


# ------------------------------------------------------------------ the stakes: the one settlement

def _stakes_vs_open_settlement(deal, moves: str, seat: int):
    """The player's stakes for each legal card, in the one true world, against the settlement
    of the whole game from the position after that card (``settle_dd``: the one outcome,
    the declarer's tricks of the whole game counted)."""

    from solver.search.api import default_solver, position
    st = replay(deal)
    _push(st, moves)
    view = PlayView.of(st, seat, skat=deal.skat if seat == deal.declarer else None, bid=deal.bid or 0)
    world = World((st.hands[0], st.hands[1], st.hands[2]), deal.skat)
    p = BestPlayer(seed=0, strength=1, scoring="simple")      # settle_dd scores simple
    legal = sorted(iter_cards(view.legal()))
    from solver.players.base import _study
    study = _study(view, list(world.hands), world.skat)
    solved = default_solver().best_moves_many([(study, replay(study))])[0]
    points = np.array([[float(dict(solved)[c]) for c in legal]])
    stakes = p._settled(view, [(world, 1.0)], points, legal)[0][0]
    from solver.settlement import settle_dd
    truth = settle_dd([position(deal, st.moves + [c]) for c in legal], deal.bid)
    return legal, stakes, [t["score"] for t in truth]


def test_stakes_count_the_tricks_won_before_the_trick_in_progress():
    # Hearts at 18, F declares.  After six tricks F holds 58 card points (skat 0): the study
    # the solver searches starts at trick seven and knows none of them, but they decide
    # whether F's remaining cards win the game (61) or reach Schneider (90).
    hands = [cards("CJ DJ HK HT HA CA CT SA ST SK"), cards("SJ H8 HQ H9 H7 SQ S8 D7 D9 D8"),
             cards("HJ CQ CK DK S9 S7 DQ C9 C8 DA")]
    deal = Deal(hands, cards("C7 DT"), F, Declaration(HEARTS_GAME), [], 18)
    legal, stakes, truth = _stakes_vs_open_settlement(
        deal, "CJ SJ HJ  DJ H8 CQ  HK HQ CK  HT H9 DK  SA SQ S9  ST S8 S7", F)
    assert list(stakes) == truth


def test_a_declarer_who_takes_no_trick_is_schwarz_though_his_skat_has_points():
    # Grand at 24, M declares with a hopeless hand; F and R hold every high card.  M's skat
    # (ST DA) is worth 21 points, so card points never say Schwarz: only his tricks do.  Each
    # of M's cards is priced as the whole game's settlement after it.
    hands = [cards("CJ SJ CA CT CK SA SK SQ HA HT"), cards("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7"),
             cards("HJ DJ CQ HK HQ DT DK DQ D9 D8")]
    deal = Deal(hands, cards("ST DA"), M, Declaration(GRAND), [], 24)
    legal, stakes, truth = _stakes_vs_open_settlement(deal, "CJ", M)
    assert list(stakes) == truth
    # without 4, game 5, Schneider 6, Schwarz 7: lost, -2 x 24 x 7 (card points alone say 6 levels)
    assert all(t == -2 * 24 * 7 for t in truth)


def test_a_close_choice_is_one_whose_best_card_is_not_twice_its_standard_error_ahead():
    # Four worlds alike; each column a card's settlement for the declarer (Seeger-Fabian: a won
    # game 60 or 110, a lost one -110).  Cards that settle alike in every world are equal, not
    # close; 60 sure against 110 in three worlds of four is close (mean 2.5 ahead, standard error
    # sqrt(3 * 52.5^2 + 167.5^2) / 4 = 47.6); 110 sure against 110 in one world of four is clear
    # (165 ahead, the same error).  A defender's best card is the one the declarer settles lowest.
    p = BestPlayer(seed=0)
    w = np.full(4, 0.25)
    decl = type("V", (), {"seat": F, "declarer": F})()
    defender = type("V", (), {"seat": M, "declarer": F})()
    equal = np.array([[60.0, 60.0]] * 4)
    close = np.array([[110.0, 60.0], [-110.0, 60.0], [110.0, 60.0], [110.0, 60.0]])
    clear = np.array([[110.0, -110.0], [110.0, -110.0], [110.0, -110.0], [110.0, 110.0]])
    for settled, declarer_close, defender_close in ((equal, False, False), (close, True, True),
                                                    (clear, False, False)):
        key = w @ settled
        assert p._close(decl, settled, w, key) is declarer_close
        assert p._close(defender, settled, w, key) is defender_close
    assert not p._close(decl, np.array([[60.0]] * 4), w, np.array([60.0]))      # one legal card


def test_close_worlds_come_on_top_of_best_s_own():
    # best-close-worlds draws its extra worlds from a stream of its own, only where the choice is
    # close: its moves are best's wherever it drew none, and it draws 8 more in the first two
    # tricks (on 8) and 16 more from the third trick on (on 16)
    from solver.games import SPADES_GAME
    hands = [cards("C7 C8 C9 S7 S8 H7 H8 D7 D8 D9"), cards("CJ CA CT CK SQ SK SA HA HT HK"),
             cards("SJ HJ DJ CQ ST S9 HQ H9 DA DT")]
    deal = Deal(hands, cards("DK DQ"), M, Declaration(SPADES_GAME), [], 18)
    plain, close = BestPlayer(seed=5), make_player("best-close-worlds", 5)
    drew: list[tuple[int, int]] = []
    more_worlds = close.more_worlds

    def counted(view, count):
        got = more_worlds(view, count)
        drew.append((len(view.history), sum(x for _, x in got)))
        return got
    close.more_worlds = counted
    st = replay(deal)
    for p in (plain, close):
        p.endgame = 0                                            # always sample
    while not st.over and len(st.history) < 12:
        view = PlayView.of(st, st.to_move, bid=18)
        before = len(drew)
        a, b = plain.play(view), close.play(view)
        if len(drew) == before:
            assert a == b, st.history
        st.push(a)
    assert drew, "no close move in four tricks"
    assert all(n == (8 if cards_seen < 6 else 16) for cards_seen, n in drew)
