"""The defenders' conventions (:mod:`solver.conventions`): the rule, its reading, and the player.

Expected cards follow from the conventions' rules and the rules of play, worked out in the
comments; none is copied from the code under test.
"""

from __future__ import annotations

from solver.cards import CARD_NAMES, parse_card, parse_card_list, parse_cards
from solver.conventions import breaks, conventional
from solver.deal import Deal, replay
from solver.games import GRAND, HEARTS_GAME, NULL, Declaration
from solver.inference import UNLIKELY, Choice, Inference, convention_likelihood
from solver.players import BestPlayer, PlayView

F, M, R = 0, 1, 2


def test_a_discard_is_a_blank_card_of_a_suit_without_ace_or_ten():
    hand = parse_cards("HA HT H7 S8 S9 DK D7")
    # clubs led in a Grand, he has none: hearts holds the ace and ten, so spades and diamonds
    assert conventional(hand, hand, [parse_card("CA")], Declaration(GRAND)) == parse_cards("S8 S9 D7")
    # a heart game: H7 is a trump, and DK is no blank card
    hand = parse_cards("H7 S8 S9 SA DK D7")
    assert conventional(hand, hand, [parse_card("CA")], Declaration(HEARTS_GAME)) == parse_cards("D7")


def test_no_convention_when_he_follows_leads_or_has_no_weak_suit():
    hand = parse_cards("CA C7 S8 S9")
    assert conventional(hand, parse_cards("CA C7"), [parse_card("CK")], Declaration(GRAND)) == 0   # follows
    assert conventional(hand, hand, [], Declaration(GRAND)) == 0                                  # leads
    strong = parse_cards("SA S8 HT H7")                   # every plain suit holds an ace or ten
    assert conventional(strong, strong, [parse_card("CK")], Declaration(GRAND)) == 0


def test_against_null_a_defender_leads_his_shortest_suit_a_jack_in_its_printed_suit():
    hand = parse_cards("HA H7 SK S9 S8 DJ D7")
    # hearts 2, spades 3, diamonds 2 (DJ is a diamond in Null): hearts or diamonds
    assert conventional(hand, hand, [], Declaration(NULL)) == parse_cards("HA H7 DJ D7")
    assert conventional(hand, hand & parse_cards("SK S9 S8"), [parse_card("SA")], Declaration(NULL)) == 0


def test_a_card_breaks_a_convention_only_where_the_convention_allowed_another():
    hand = parse_cards("SA S8 D7")
    led = [parse_card("CA")]
    assert breaks(parse_card("S8"), hand, hand, led, Declaration(GRAND))      # D7 was the discard
    assert not breaks(parse_card("D7"), hand, hand, led, Declaration(GRAND))
    strong = parse_cards("SA S8 DT D7")
    assert not breaks(parse_card("S8"), strong, strong, led, Declaration(GRAND))   # nothing to keep


def test_a_partner_who_threw_a_blank_from_his_ace_suit_is_unlikely():
    # R leads CA (clubs in a Grand, declarer F); M cannot follow and throws S8
    choices = [Choice(R, parse_card("CA"), None, R, False, False), Choice(F, parse_card("C7"), parse_card("CA"), R,
               False, False), Choice(M, parse_card("S8"), parse_card("CA"), R, True, True)]
    # with SA and D7 the convention threw D7
    assert convention_likelihood(choices, M, parse_cards("SA S8 D7"), Declaration(GRAND)) == UNLIKELY
    # with only aces' suits he had nothing to show
    assert convention_likelihood(choices, M, parse_cards("SA S8 DA D7"), Declaration(GRAND)) == 1.0


def test_only_a_defender_reads_and_only_his_partner():
    history = [(R, parse_card("CA")), (F, parse_card("C7")), (M, parse_card("S8"))]
    cues = ("convention",)
    hands_bad = [0, parse_cards("SA D7"), 0]        # M's cards left: he kept D7 and SA, threw S8
    hands_good = [0, parse_cards("SA S9"), 0]       # no weak suit left to throw from: S8 was his
    partner = Inference(R, F, Declaration(GRAND), 18, [], history, cues)
    assert partner.weight(hands_bad, 0) == UNLIKELY and partner.weight(hands_good, 0) == 1.0
    declarer = Inference(F, F, Declaration(GRAND), 18, [], history, cues)
    assert declarer.weight(hands_bad, 0) == 1.0


# F declares a Grand with every jack and has taken the first seven tricks (67 card points).  M
# holds DA D7 S7, F leads CK and M cannot follow.  The cards M cannot see are SA ST SK SQ DT and
# the skat's D9 D8; his DA is the defenders' one chance of a trick (no Schwarz), so it stays.
# D7 and S7 are both blank: thrown, either leaves him DA and a blank.  Diamonds holds his ace,
# spades neither ace nor ten: the convention throws S7.
GRAND_DEAL = Deal([parse_cards("CJ SJ HJ DJ CA CT CK SA ST HA"), parse_cards("DA D7 S7 C9 C8 C7 H9 H8 H7 CQ"),
                   parse_cards("HT HK HQ SK SQ S9 S8 DT DK DQ")], parse_cards("D9 D8"), F, Declaration(GRAND))
GRAND_PLAYED = parse_card_list("CJ C7 S8 SJ C8 S9 HJ H7 DQ DJ H8 DK CA C9 HQ CT CQ HK HA H9 HT CK")


def test_the_defender_throws_the_conventional_blank():
    state = replay(GRAND_DEAL, GRAND_PLAYED)
    assert state.hands[M] == parse_cards("DA D7 S7") and state.to_move == M
    view = PlayView.of(state, M)
    cues = ("auction", "declarer", "play", "convention")
    with_conventions = {CARD_NAMES[BestPlayer(seed=s, conventions=True, inference=cues).play(view)] for s in range(4)}
    assert with_conventions == {"S7"}
    # without the switch the tie between the two blanks goes to the lower card, D7 (diamonds first)
    without = [CARD_NAMES[BestPlayer(seed=s, inference=cues).play(view)] for s in range(4)]
    assert "D7" in without
