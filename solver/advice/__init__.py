"""Hand evaluation and bid advice by Monte Carlo over double-dummy solves.

"Should these ten cards bid 27?"  :func:`evaluate_hand` samples the hidden
cards (the two other hands and the skat) uniformly and reproducibly, solves
every sampled world double-dummy for every declaration the hand could make,
and reports per declaration the probability of winning with its 95% (Wilson)
interval, the expected score at the bid, the distribution of the game value
and the highest bid with a positive expectation (or a wanted win rate).

How each world is scored:

* the game value is computed per world: matadors count the skat (a Hand
  game "with 2" may turn out "with 3", "without 2" may become "with 1" and be
  overbid), and Schneider/Schwarz reached add their levels;
* a suit or Grand game is solved with threshold queries (61, then 90 and
  every trick when 61 is made, else 31), a Null game for its outcome;
* **pick-up games do not peek**: after seeing the skat the declarer chooses
  his discard from his twelve cards alone, by :func:`choose_discard` (a fixed
  heuristic: bank points, make voids, keep aces and trumps; in Null, shed the
  cards that would be caught), never by looking at the defenders' sampled
  hands.  ``benchmarks/bench_bid_quality.py`` measures how much the
  clairvoyant shortcut (the best discard for the actual world) would
  overstate P(win).  Double-dummy play also lets the defenders see every card,
  which understates Null and overstates the defence in general.
* each pick-up declaration fixes its game before the skat is seen; a declarer
  chooses it after, so the advice also prices **the pick-up as such**
  (:class:`~.pickup.PickupOption`: the best declaration plus a share of what
  choosing in each world would add, the share fitted on the computer players'
  play-outs), reported beside the declarations, never instead of them; the
  answer to "bid N?" is judged on it where it expects more than the best
  declaration and turns the answer (``advice()["verdict_basis"]``).

Sampling is adaptive, a race in which declarations drop out: half a first
batch for every declaration, the rest of it for the four best, then more
worlds for the two leading ones until their interval is within
``precision`` (default ±5 points of probability; the part of it that more
worlds narrow: the play model's own uncertainty is not), the advice is clear or
``samples`` is reached.  The plan depends on the cards, the options and the
seed alone, so the answer is the same on any machine, under any load and on
any number of processes; only a time ``budget``, when asked for, lets the
clock stop it (``stopped_by`` says what stopped it).  Each declaration's
interval is from its own worlds.

The package, by job: :mod:`.options` (how to sample, what to advise: one home for every
default), :mod:`.results` (the answers), :mod:`.pickup` (the pick-up as the game chosen after the
skat), :mod:`.race` (the sampling race and its stops) and :mod:`.hands` (the entry points).
"""

from .hands import (base_declarations, by_the_auction, evaluate_declare, evaluate_declarer, evaluate_hand,
                    evaluate_hands)
from .options import ADVICE, BULK, DEFAULT, STOPPED, Advice, Sampling
from .pickup import OPTION_SHARE, PickupOption
from .results import DeclarationResult, EvaluationError, HandEvaluation, calibrate

__all__ = ["ADVICE", "Advice", "BULK", "DEFAULT", "DeclarationResult", "EvaluationError", "HandEvaluation",
           "OPTION_SHARE", "PickupOption", "STOPPED", "Sampling", "base_declarations", "by_the_auction", "calibrate",
           "evaluate_declare", "evaluate_declarer", "evaluate_hand", "evaluate_hands"]
