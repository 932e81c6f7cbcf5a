"""A double-dummy review of a played deal of any variant, card by card (:func:`review`, the one
review driver).

For every card played: the value of the position before it (suit/Grand: the
declarer's final card points under perfect play; Null: whether the declarer
still wins), the value after it, the best cards at that point, and the cost of
the card actually played (card points given away by its side, or a won Null
turned into a lost one).  A card that changes the outcome under perfect play
(win <-> loss, Schneider reached or missed) is marked.

The values telescope: in a suit or Grand game played out, the declarer's
final points = the start value - the declarer's total cost + the defenders'
total cost.  All solves of one review share one transposition table
(:meth:`~solver.search.api.Solver.shared_table`): every position belongs to
the same deal.  A classic Ramsch (each seat's own points) and Offiziersskat (F's points,
every face-down card known) value every legal card at every card played
(:func:`review_options`).

The package, by job: :mod:`.results` (a review's answers), :mod:`.options` (its precision and
classes), :mod:`.double_dummy` (the double-dummy review of each kind of game), :mod:`.knew` (the
review by what each player knew, and its marks), :mod:`.declaration` (was the game right),
:mod:`.luck` (luck and skill, ratings), :mod:`.driver` (:func:`review`, :func:`review_many`),
:mod:`.position` (every legal card at one position: the analysis board, :func:`position_values`) and
:mod:`.accuracy` (a player's accuracy in a game, 0-100) and :mod:`.variations` (other cards tried, kept
in the record).
"""

from .accuracy import accuracy, accuracy_over, judged_accuracy, seat_accuracy
from .declaration import CHECK_FIRST_BATCH, declaration_advice, declaration_alternatives, declared_chance
from .double_dummy import review_options, review_piles, review_ramsch
from .driver import review, review_many
from .knew import LIMITS, RAMSCH_LIMITS, card_class, cards_by_what_he_knows, info_review, judge_card, mark_text
from .luck import luck_and_skill, ratings
from .position import POSITION_SAMPLES, CardValue, PositionValues, position_values, positions_values
from .options import BULK_JUDGING, CLASSES, JUDGING, MARKED, SETTLE_FACTOR, Judging
from .results import CardReview, DealReview, info_summary
from .variations import variation_values, variations_of

__all__ = ["BULK_JUDGING", "CHECK_FIRST_BATCH", "CLASSES", "CardReview", "CardValue", "DealReview", "JUDGING",
           "Judging", "LIMITS", "MARKED", "POSITION_SAMPLES", "PositionValues", "RAMSCH_LIMITS",
           "SETTLE_FACTOR", "accuracy", "accuracy_over", "card_class", "cards_by_what_he_knows",
           "declaration_advice", "declaration_alternatives", "declared_chance", "info_review",
           "info_summary", "judge_card", "judged_accuracy", "luck_and_skill", "mark_text", "position_values",
           "positions_values", "ratings", "review", "review_many", "review_options", "review_piles",
           "review_ramsch", "seat_accuracy", "variation_values", "variations_of"]
