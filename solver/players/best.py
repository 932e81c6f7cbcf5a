"""The strongest computer player: PIMC with inference, the game's real stakes and exact endgames.

Plain PIMC (:class:`~solver.players.base.PimcPlayer`) draws the hidden cards
uniformly and plays the card with the most card points on average over its
double-dummy solutions.  :class:`BestPlayer` changes four separable things,
each behind a switch that the ablation benchmark turns off
(``benchmarks/bench_best.py``; ``null_defence`` also ``benchmarks/bench_null_defence.py``):

``inference``
    Worlds are drawn by how well they explain the auction and the cards the
    others chose (:mod:`solver.inference`, importance resampling in
    :meth:`~solver.sampling.WorldSampler.draw_weighted`): the defenders play
    against a declarer who holds the cards he bid on, and read their
    partner's smears.
``search``
    The card is chosen by the game's real stakes, not its card points: in
    every world each card's double-dummy points become the declarer's
    settlement (won, Schneider, Schwarz, the value from the world's
    matadors, overbid; :func:`solver.scoring.settle` under the table's
    scoring), the declarer maximises its weighted mean and the defenders
    minimise it; card points only break ties.  Near the end the player
    solves the exact information set instead of a sample: when at most
    ``endgame`` worlds fit what it knows, all of them, each weighted by the
    inference (the others are assumed to see every card: paranoid).
``bidding``
    Its bid and declaration advice expects the table's scoring
    (``scoring``; Seeger-Fabian in the arena), where a lost game costs 50
    more and a won one gains 50: plain PIMC's advice expects the simple
    scoring and passes hands that pay under Seeger-Fabian.

``defending`` (off)
    It holds a bid only while the game's expected score beats what passing is worth: under
    Seeger-Fabian a defender scores 40 when the declarer loses, so a seat that passes expects
    a few points too (:func:`solver.advice.defending.defending_value`, measured in the arena:
    2 to 4.4 points by the hand's jacks and aces).  Off, a bid pays above zero.  Measured
    against ``best-2026-12`` on 1,000 duplicate deals of seed 4001
    (``benchmarks/results/best_defending_4001.txt``) it lost 0.54 points a game (95% -0.96 ...
    -0.12): the games it no longer declared were won about four times in five, far more than
    the advice's chance for them, so it stays off.

``bid_margin`` (0)
    Points added to what a bid must pay (negative: bolder).  The advice prices a hand at the
    bid as if the other two hands were any cards and a pick-up game were fixed before the skat
    is seen; at the table the seat that holds the last bid plays against two hands that passed,
    and after the pick-up it declares whichever game the skat favours.  Both leave the
    advice's price low for the hands a seat ends up declaring (the ``defending`` measurement:
    about 0.6 priced, 0.81 won).  ``best-bold`` (-15 points for suit, Grand and Null Ouvert
    games) against ``best-2026-12``: +0.38 a game (95% -0.50 ... +1.26) on the 1,000 tuning
    deals of seed 5001, +0.53 (-0.26 ... +1.33) on 1,000 fresh deals of seed 6001
    (``benchmarks/results/best_bold_6001.txt``).  It declares 45% more games and wins the extra
    suit and Grand games about 0.7 of the time, but neither interval clears zero, so it stays off.
    On top of today's ``best`` (declaring on 32 worlds) it gains nothing: -0.01 a game (95%
    -0.82 ... +0.80) on 1,000 fresh deals of seed 26001 (``benchmarks/results/best_bold_26001.txt``).
    The bid advice does price a suit game with the pick-up about 25 points below what ``best``
    scores with it (:data:`PICKUP_GAP`); a likely reason the bolder bids do not pay (not
    measured apart): a seat that bids on and loses also hands each opponent 40 points, which its
    own expected score leaves out.
    ``best-bold-pickup`` holds only a suit pick-up down to -25 (a margin class may name Hand or
    pick-up: :func:`~solver.calibration.answer_class`).

``pickup_credit`` (:data:`PICKUP_GAP`: 25 points)
    When it chooses between a Hand game and the pick-up, a suit game with the pick-up is worth
    its expected score plus this.  The bid advice prices a pick-up game as if it were fixed before
    the skat is seen, and in ``best``'s own play-outs a suit pick-up scored 25 points more than it
    expected at the bid held (``benchmarks/results/arena_calibration_17001.txt`` and ``_20001``)
    while Hand games scored as expected, so the choice leaned to Hand.  ``best-pickup-credit``
    (this credit, when ``best`` had none) against ``best``: +0.24 a game (95% +0.05 ... +0.43) on
    2,000 fresh deals of seed 28001, screened to the 73 deals where the calls differ
    (``benchmarks/results/best_pickup_credit_28001.txt``): most of it from a suit Hand given up
    for the pick-up and a Grand declared after it (81 pairs, +57 a pair), less a level lost where
    the same suit was played (132 pairs, -5 a pair).  ``best`` had it on 2026-12-07 until
    ``pickup_option`` took its place (which adds no credit); ``best-2026-12`` pins 0.  It moves
    no bid.

``pickup_option`` (on)
    Bid and choose between a Hand game and the pick-up with the pick-up priced as the game
    chosen after the skat is seen (:class:`~solver.advice.pickup.PickupOption`: the best single
    pick-up declaration plus a share of what choosing in each world would add, fitted on
    ``best``'s play-outs), instead of its best single declaration and ``pickup_credit``.
    ``best-pickup-option`` against ``best`` (with the credit): +1.47 a game (95% +0.65 ... +2.28)
    on 1,000 fresh deals of seed 32001, screened to the 388 where the calls differ
    (``benchmarks/results/best_pickup_option_32001.txt``); it declares 1.5 times the games and
    wins 0.82 of them against 0.86, the gain from suit games it bids where ``best`` passed or
    played another (suit -> suit +24 a pair over 39, Grand -> suit +24 over 34).  The first fit,
    with shares for Null and Null Ouvert too, scored +0.80 (-0.00 ... +1.61) on seed 31001.
    ``best`` has it since 2026-12-07; ``best-2026-12`` pins it off, ``best-pickup-credit`` is
    ``best`` with the credit instead.  With the option's gap read on plain settlements and
    re-fitted (suit share 0.75), ``best`` against ``best-2026-12``: +1.24 a game (95% +0.08 ...
    +2.39) on 1,000 fresh deals of seed 34001, screened to the 602 where the calls differ
    (``benchmarks/results/best_vs_frozen_34001.txt``; with the first reading, +0.77, -0.20 ...
    +1.74, on seed 33001), and +1.35 (+0.24 ... +2.46) on 1,000 more of seed 38001
    (``best_vs_frozen_38001.txt``): +1.30 (+0.49 ... +2.10) on the 2,000 together.  With every
    player's bid advice on the 32 worlds a table gives it (the arena's other runs give it 12):
    +1.64 (+0.67 ... +2.61) on 1,000 fresh deals of seed 40001 (``best_vs_frozen_32_40001.txt``).

``null_defence``
    A Null defender draws :data:`NULL_DEFENCE_WORLDS` times the worlds.  A Null's worlds are
    cheap to solve, and a defender's card is a yes/no in each: with sixteen (eight in the first
    two tricks) many cards tie and the tie went to the lowest card index, diamonds first.  On
    200 Nulls of seed 811 (``benchmarks/bench_null_defence.py``, tuning only) the declarer won
    0.785 against one times the worlds, 0.720 against four, 0.725 against eight and 0.720
    against sixteen: four is where it stops paying.

``fusion`` (0: off)
    While ``fusion_from`` (:data:`FUSION_FROM`) to ``fusion`` cards have been played, the
    declarer looks past strategy fusion (:mod:`solver.players.fusion`): PIMC's three best cards
    are followed, with the defenders' double-dummy answers, to his next decision, where he must
    play one card in all the worlds that showed him the same cards.  ``best-fusion`` looks in the
    first four tricks (cards 0 to 11): against ``best-2026-12`` on 400 fresh deals of seed 10001
    (``benchmarks/results/best_fusion_10001.txt``) +0.28 a game (95% +0.04 ... +0.53), 7 deals
    scored differently, all 7 for it, every changed card in tricks 2 to 4.  The first trick's
    look-ahead solves the whole game three times over in every world and doubled the slowest
    move, so ``best-fusion-late`` looks in tricks 2 to 4 only: on 400 fresh deals of seed 13001
    (``best_fusion_late_13001.txt``) -0.05 a game (-0.18 ... +0.09), 4 deals differently, 3 for
    it and 1 against, at today's time a move.  Both runs together: +0.12 (-0.02 ... +0.26) on 800
    deals, 10 of the 11 deals that differed for it.  Not clearly a gain: off in ``best``.

``conventions`` (off)
    A defender plays by the conventions of :mod:`solver.conventions` (a discard is a blank card
    of a suit without ace or ten; against Null he leads his shortest suit) where the card costs
    at most :data:`CONVENTION_MARGIN` against his best, and reads his partner's cards by them
    (the ``convention`` cue of :mod:`solver.inference`).  ``best-conventions`` against
    ``best-2026-12`` on 400 fresh deals of seed 11001 (``benchmarks/results/best_conventions_11001.txt``):
    -0.31 a game (95% -1.17 ... +0.55), 27 deals scored better and 44 worse, so it stays off.  A
    partner who broke a convention because his search preferred another card is read as if
    he held other cards: the reading is only as good as the rule is kept.

``declare_samples`` (:data:`DECLARE_SAMPLES`: 32)
    The game and discard after the pick-up are chosen on this many worlds, not on half the bid
    advice's (plain PIMC's rule): the choice is the best expected score among about fifteen
    candidates (each game with its two best discards, Null Ouvert), and on few worlds the one whose
    worlds fell luckily wins.  The arena's bid advice has 12 worlds (``benchmarks/bench_best.py``),
    so ``best-2026-12`` declares on 6 there; ``best-declare-worlds`` (32) against it on 400 fresh
    deals of seed 14001 (``benchmarks/results/best_declare_worlds_14001.txt``): +1.63 a game (95%
    +0.49 ... +2.78), the declarer winning 0.831 of its games against 0.812, so ``best`` declares on
    32; the check on 1,000 more fresh deals of seed 17001 (``best_declare_17001.txt``): +0.94
    (+0.30 ... +1.59), +1.14 (+0.58 ... +1.71) on the 1,400 together.  At a table the bid advice
    has 32 worlds, so ``best`` declared on 16 there before: the gain there is smaller than the
    arena's.  More declare worlds are no further gain: ``best-declare-64`` against ``best`` on 600
    fresh deals of seed 23001 (``best_declare_64_23001.txt``, screened: 73 differed): -0.05 a game
    (95% -0.63 ... +0.53).  More bid worlds are not clearly a gain: the table's 32 and 16 (``best-bid-worlds``)
    against the arena's 12 and 6, +0.85 a game on 400 deals of seed 15001 (95% -0.69 ... +2.40);
    64 and 32 (``best-bid-64``) against 32 and 16, -1.76 on 124 deals of seed 16001 (-3.71 ... +0.18);
    against today's ``best`` (32 and 32) with every player's bid advice on a table's 32 worlds,
    +0.50 (-0.27 ... +1.28) on 1,000 fresh deals of seed 43001 (``best_bid_64_43001.txt``,
    screened: 415 differed), at 1.7 times a seat's bid advice: the table keeps 32.

``declare_auction`` (off)
    The worlds the declaration after the pick-up is chosen on are drawn by how well they explain
    the others' calls in the auction (:func:`~solver.inference.auction_likelihood`, as the card
    play's worlds already are; uniform where no world explains them), not uniformly: a seat that
    bid 24 holds a game worth 24, one that passed at once none worth 18.  ``best-declare-auction``
    against ``best`` on 424 fresh deals of seed 18001 (``benchmarks/results/best_declare_auction_18001.txt``,
    screened: the declaration differed in 64): +0.28 a game (95% -0.25 ... +0.81).  Not clearly a
    gain: off.

``declare_discards`` (2)
    The discards weighed for each game after the pick-up: the best by the discard heuristic
    (:func:`~solver.heuristics.ranked_discards`), each solved on the same worlds.
    ``best-discards-4`` (four) against ``best`` on 500 fresh deals of seed 19001
    (``best_discards_4_19001.txt``, screened: 81 differed): +0.23 a game (95% -0.21 ... +0.67);
    another discard of the same game gained, another suit lost.  Not clearly a gain: two.

``extra_samples`` (0: off)
    From the third trick on (where a world costs little to solve) the player solves this many
    more worlds a move, drawn from a random stream of their own: its first worlds are the ones it
    draws without them, so a paired arena run sees only the moves the extra worlds change.
    ``best-late-worlds`` (16 more, 32 in all) against ``best`` on 400 fresh deals of seed 20001
    (``best_late_worlds_20001.txt``): +0.75 a game (95% -0.38 ... +1.89), 117 deals scored
    differently (65 for it), at 1.8 times the median move (0.050 s against 0.028 s; the slowest
    moves, in the first two tricks, are the same).  Not clearly a gain: off.

``close_samples`` (0: off)
    A move whose best card is not clearly better than the next (the mean of their settlements'
    difference, world by world, below twice its standard error: sequential sampling) draws this
    many more worlds (half in the first two tricks), from a random stream of their own, and
    chooses on all of them; a clear move is ``best``'s own.  ``best-close-worlds`` (16) against
    ``best`` on 1,000 fresh deals of seed 37001 (``best_close_worlds_37001.txt``): -0.09 a game
    (95% -0.80 ... +0.61), at 1.28 times the mean move (0.032 s against 0.025 s; the slowest
    4.0 s against 2.0 s).  No gain: off.

``strength`` 1 (default: at most ~0.3 s a move on two cores), 2 and 3 draw
more worlds, weigh more candidates, and solve larger endgames exactly (the
bid advice keeps its ``bid_samples``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..cards import card_points, iter_cards
from ..advice.defending import defending_value
from ..advice.pickup import BANDED_SHARE, PickupOption
from ..advice import DeclarationResult, HandEvaluation
from ..calibration import GAME_CLASSES, answer_class, game_class, packaged_model
from ..conventions import conventional
from ..deal import replay
from ..inference import DEFAULT_CUES, Inference
from ..sampling import NoWorld, World, WorldSampler
from ..scoring import SPITZE_BONUS, TOTAL_POINTS, matadors, outcome, points_needed, settle
from ..search.api import default_solver, position, position_of
from .base import PimcPlayer, PlayView, _study, tricks_so_far
from .fusion import fused_values

#: strength -> worlds a move, candidates drawn per world kept, exact endgame up to this many worlds
STRENGTH = {1: (16, 4, 60), 2: (32, 6, 250), 3: (64, 8, 1000)}
#: Cards played before the full number of worlds is drawn (the first two tricks use half).
EARLY_CARDS = 6
#: A Null defender draws this many times the worlds (``null_defence``; 1 is plain).
NULL_DEFENCE_WORLDS = 4
#: ``fusion``: the declarer looks past strategy fusion from this many cards played (the first trick's
#: look-ahead solves the whole game in every world: the slowest moves).
FUSION_FROM = 3
#: The worlds ``best`` chooses its game and discard after the pick-up on (``declare_samples``), whatever
#: its bid advice's worlds: the choice is the best of about fifteen candidates, so on few worlds the
#: candidate that drew lucky worlds wins (a winner's curse).
DECLARE_SAMPLES = 32
#: What the bid advice's expected score for a suit game with the pick-up fell short of the score
#: played, at the bid held, in ``best``'s own arena play-outs against ``best``'s defence: -25 points
#: (95% -30 ... -21) on seed 17001, -26 (-34 ... -18) on seed 20001
#: (``benchmarks/bench_arena_calibration.py``); Grand and Hand games scored as expected.  ``best``'s
#: ``pickup_credit`` when it chooses between a Hand game and the pick-up.
PICKUP_GAP = 25.0
#: ``conventions``: a defender plays the card a convention shows when it is worth at most this
#: much less than his best (the declarer's expected score under the table's scoring).
CONVENTION_MARGIN = 2.0


@dataclass
class FusionRecord:
    """One look-ahead past strategy fusion (``fusion``): when (cards played), the game, how many
    worlds, the card PIMC would play and the card the look-ahead plays, its seconds, and the
    sizes of the information sets it reached (:class:`~solver.players.fusion.Lookahead`)."""

    cards_played: int
    game: int
    worlds: int
    pimc_card: int
    card: int
    seconds: float
    set_sizes: list[int]


class BestPlayer(PimcPlayer):
    """See the module docs.  ``inference``: the cues used (() for none); ``search``: the
    stakes objective and the exact endgame; ``scoring``: what its bid advice expects;
    ``null_defence``: how many times the worlds a Null defender draws; ``defending``: a bid pays
    only above what passing is worth (else above zero); ``bid_margin``: points added to that
    (negative: bolder) for the games of ``margin_classes`` (a game class,
    :func:`~solver.calibration.game_class`, or a class with its Hand or pick-up,
    :func:`~solver.calibration.answer_class`: ``"suit (pick-up)"``); ``play_model``: the bid
    advice's play model by its name among the package data (None: the shipped one; a frozen
    player keeps its own copy: :data:`~solver.players.registry.FROZEN_BEST`); ``fusion``: the
    declarer looks past strategy fusion while fewer than this many cards have been played
    (0: never) and at least ``fusion_from``; ``conventions``: a defender plays by the conventions
    of :mod:`solver.conventions` where they cost at most :data:`CONVENTION_MARGIN` (his inference
    reads them with the ``convention`` cue); ``declare_samples``: the worlds its declaration after
    the pick-up is chosen on (:data:`DECLARE_SAMPLES`; None: half of ``bid_samples``, as plain PIMC);
    ``declare_auction``: those worlds are drawn by how well they explain the others' calls;
    ``declare_discards``: the discards weighed for each game after the pick-up (the best by the
    discard heuristic);
    ``extra_samples``: this many more worlds a move from the third trick on, from a random stream
    of their own; ``pickup_credit``: points added to a suit game with the pick-up when it
    chooses between that and a Hand game (:meth:`choice_value`; :data:`PICKUP_GAP`, 0: none);
    ``pickup_option``: the pick-up is priced as the game chosen after the skat is seen
    (:class:`~solver.advice.pickup.PickupOption`) when it bids and when it chooses between a Hand
    game and the pick-up (``pickup_credit`` is then not added); ``pickup_bands``: that price
    with a share per bid band (:data:`~solver.advice.pickup.BANDED_SHARE`); ``option_share``:
    shares of the option's gap by game class, in place of
    :data:`~solver.advice.pickup.OPTION_SHARE`'s for the classes it names (``best-null-option``:
    :data:`~solver.advice.pickup.NULL_SHARE` for Null)."""

    name = "best"

    def __init__(self, strength: int = 1, seed: int = 0, solver=None, inference: tuple[str, ...] = DEFAULT_CUES,
                 search: bool = True, scoring: str = "seeger-fabian", samples: int | None = None,
                 bid_samples: int = 32, bid_seed: int | None = None, null_defence: int = NULL_DEFENCE_WORLDS,
                 play_model: str | None = None, defending: bool = False, bid_margin: float = 0.0,
                 margin_classes: tuple[str, ...] = GAME_CLASSES, fusion: int = 0,
                 fusion_from: int = FUSION_FROM, conventions: bool = False,
                 declare_samples: int | None = DECLARE_SAMPLES, declare_auction: bool = False,
                 extra_samples: int = 0, declare_discards: int = 2, pickup_credit: float = PICKUP_GAP,
                 pickup_option: bool = True, pickup_bands: bool = False, close_samples: int = 0,
                 option_share: dict[str, float] | None = None):
        if strength not in STRENGTH:
            raise ValueError(f"strength must be one of {', '.join(map(str, STRENGTH))}, got {strength}")
        n, self.candidates, self.endgame = STRENGTH[strength]
        super().__init__(samples=samples or n, bid_samples=bid_samples, seed=seed, solver=solver,
                         bid_seed=bid_seed, declare_samples=declare_samples)
        self.inference = tuple(inference)
        self.search = search
        self.scoring = scoring
        self.null_defence = null_defence
        self.defending = defending
        self.bid_margin = bid_margin
        self.margin_classes = tuple(margin_classes)
        self.fusion, self.fusion_from = fusion, fusion_from
        self.conventions = conventions
        self.declare_auction = declare_auction
        self.declare_discards = declare_discards
        self.pickup_credit = pickup_credit
        self.pickup_option = pickup_option
        self.pickup_bands = pickup_bands
        #: shares of the option's gap by game class, in place of the advice's for the classes named
        self.option_share = dict(option_share or {})
        #: a list to record every look-ahead past fusion in (:class:`FusionRecord`; None: no record)
        self.fusion_log: list[FusionRecord] | None = None
        # played-out bid advice: the shipped model, or another among the package data by name
        self.play_model = packaged_model(play_model)
        self.early_half = True                       # half the worlds in the first two tricks (speed)
        #: more worlds a move from the third trick on, drawn from their own random stream
        self.extra_samples = extra_samples
        self.extra_rng = np.random.default_rng((seed, 66))
        #: more worlds for a move whose best card is not clearly better than the next (sequential
        #: sampling: :meth:`_close`; half as many in the first two tricks), from their own random stream
        self.close_samples = close_samples
        self.close_rng = np.random.default_rng((seed, 67))
        self.exact = False                           # the last worlds drawn were all there are
        #: each world's card values as exact card points (else only the settlement's thresholds:
        #: :meth:`world_points`; the cards' expected card points are then not known)
        self.exact_points = True

    # ------------------------------------------------------------------ worlds

    def worlds(self, view: PlayView) -> list[tuple[World, float]]:
        """The worlds this move is solved in, each with its weight (empty: none fits)."""
        try:
            sampler = view.sampler(self.rng)
        except NoWorld:
            return []
        # the first two tricks solve the whole game in every world: half the worlds keep the
        # slowest moves under two seconds (and the inference knows least there anyway)
        late = len(view.history) >= EARLY_CARDS
        n = self.samples if late or not self.early_half else max(4, self.samples // 2)
        self.exact = False
        inf = self._inference(view)
        try:
            every = sampler.all_worlds(self.endgame) if self.search else None
            if every is not None:
                self.exact = True
                weighted = [(w, inf.weight(w.hands, w.skat) if inf else 1.0) for w in every]
                kept = [(w, x) for w, x in weighted if x > 0]
                return kept or [(w, 1.0) for w in every]
            worlds = self._draw(view, sampler, inf, n)
            if self.extra_samples and late:
                # from their own stream: the worlds above are the ones the player draws without them
                worlds += self._draw(view, view.sampler(self.extra_rng), inf, self.extra_samples)
            return worlds
        except NoWorld:
            return []

    def more_worlds(self, view: PlayView, count: int) -> list[tuple[World, float]]:
        """``count`` worlds more for this move (``close_samples``), from their own random stream,
        weighed as :meth:`worlds` weighs its own (empty: none fits)."""
        try:
            return self._draw(view, view.sampler(self.close_rng), self._inference(view), count)
        except NoWorld:
            return []

    def _inference(self, view: PlayView) -> Inference | None:
        # (a Ramsch has no declarer to read; everybody passed)
        if not self.inference or view.declaration.is_ramsch:
            return None
        return Inference(view.seat, view.declarer, view.declaration, view.bid, view.auction, view.history,
                         self.inference)

    def _draw(self, view: PlayView, sampler: WorldSampler, inf: Inference | None,
              count: int) -> list[tuple[World, float]]:
        """``count`` worlds (a Null defender :attr:`null_defence` times as many), each weighted
        by the inference (drawn ``candidates`` to one kept) or alike."""
        count *= self.null_defence if view.declaration.is_null and view.seat != view.declarer else 1
        if inf is None:
            return [(w, 1.0) for w in sampler.draw(count)]
        return [(w, float(k)) for w, k in sampler.draw_weighted(
            count, lambda w: inf.weight(w.hands, w.skat), count * self.candidates)]

    # ------------------------------------------------------------------ bidding

    def max_bid(self, hand: int, seat: int) -> int:
        """The highest bid at which a declaration's expected score (under its scoring) beats
        what passing is worth (``defending``), else zero, plus ``bid_margin`` for a declaration
        of the ``margin_classes``."""
        passing = defending_value(hand, self.scoring) if self.defending else 0.0

        def floor(r: DeclarationResult) -> float:
            mine = {game_class(r.declaration), answer_class(r.declaration)} & set(self.margin_classes)
            return passing + (self.bid_margin if mine else 0.0)
        ev = self.bid_advice(hand, seat)
        top = ev.highest_bid_over(floor)[0] or 0
        option = self.option(ev)
        if option is not None:
            top = max(top, option.max_bid(passing) or 0)
        return top

    def pickup_value(self, ev: HandEvaluation, bid: int) -> float | None:
        """The pick-up's worth at the Hand-or-pick-up choice: with ``pickup_option``, the
        pick-up priced as the game chosen after the skat is seen (no ``pickup_credit`` then);
        else its best declaration's :meth:`choice_value`."""
        option = self.option(ev)
        return option.expected_score(bid) if option is not None else super().pickup_value(ev, bid)

    def option(self, ev: HandEvaluation) -> PickupOption | None:
        """The pick-up priced as the game chosen after the skat, as this player reads it from
        the bid advice ``ev``: None without ``pickup_option``; with ``pickup_bands``, its share
        per bid band (:data:`~solver.advice.pickup.BANDED_SHARE`); with ``option_share``, those
        classes' shares in place of the advice's."""
        base = ev.pickup_option if self.pickup_option else None
        if base is None or not (self.pickup_bands or self.option_share):
            return base
        key = f"_player_option {self.pickup_bands} {sorted(self.option_share.items())}"
        if key not in ev.__dict__:
            share, high = dict(base.share), None
            if self.pickup_bands:
                share, high = (dict(b) for b in BANDED_SHARE)
                high.update(self.option_share)
            share.update(self.option_share)
            ev.__dict__[key] = replace(base, share=share, high_share=high)
        return ev.__dict__[key]

    def choice_value(self, r: DeclarationResult, bid: int) -> float:
        """A declaration's expected score at the bid, and for a suit game with the pick-up
        ``pickup_credit`` more: what the bid advice leaves out of such a game (measured in the
        players' own play-outs, :data:`PICKUP_GAP`)."""
        credit = self.pickup_credit if answer_class(r.declaration) == "suit (pick-up)" else 0.0
        return r.expected_score(bid) + credit

    # ------------------------------------------------------------------ doubling

    def kontra(self, view: PlayView, call: str = "kontra") -> bool:
        """Kontra/Bock (a defender) when the declarer makes his game in at most a tenth of the
        weighted worlds, Re/Hirsch (the declarer) in at least nine tenths: the same rule as
        plain PIMC's, on the worlds the inference weighs (a declarer holds what he bid on)."""
        if view.declaration.is_null or view.declaration.is_ramsch:
            return False
        worlds = self.worlds(view)
        if not worlds:
            return False
        solver = self.solver or default_solver()
        with solver.shared_table():
            made = solver.reach_many([position(_study(view, list(w.hands), w.skat)) for w, _ in worlds],
                                     [points_needed(view.declaration)] * len(worlds))
        weights = np.array([x for _, x in worlds])
        rate = float(weights @ np.array(made, dtype=float) / weights.sum())
        return rate >= 0.9 if view.seat == view.declarer else rate <= 0.1

    # ------------------------------------------------------------------ card play

    def play(self, view: PlayView) -> int:
        legal = list(iter_cards(view.legal()))
        if len(legal) == 1:
            return legal[0]
        worlds = self.worlds(view)
        if not worlds:
            return legal[0]
        points, weights = self.world_points(view, worlds, legal)
        mean_points = weights @ points
        if self.search:
            settled = self._settled(view, worlds, points, legal)[0]
            key = np.round(weights @ settled, 6) + 1e-4 * mean_points
            if self.close_samples and not self.exact and self._close(view, settled, weights, key):
                early = self.early_half and len(view.history) < EARLY_CARDS
                more = self.more_worlds(view, max(2, self.close_samples // 2) if early else self.close_samples)
                if more:
                    # (a world's settlements are its own: the first worlds' are kept, not settled again)
                    extra, _ = self.world_points(view, more, legal)
                    settled = np.vstack([settled, self._settled(view, more, extra, legal)[0]])
                    worlds = worlds + more
                    points = np.vstack([points, extra])
                    weights = np.array([x for _, x in worlds])
                    weights = weights / weights.sum()
                    mean_points = weights @ points
                    key = np.round(weights @ settled, 6) + 1e-4 * mean_points
            if view.seat == view.declarer and self.fusion_from <= len(view.history) < self.fusion \
                    and not view.declaration.is_ramsch:
                key = self._past_fusion(view, worlds, legal, weights, settled, key, mean_points)
        else:
            key = mean_points
        value = dict(zip(legal, key if view.seat == view.declarer else -key))      # the mover's, best highest
        if self.conventions and view.seat != view.declarer and self.search:
            # among the cards within CONVENTION_MARGIN of his best, the one a convention shows
            floor = max(value.values()) - CONVENTION_MARGIN
            near = sum(1 << c for c in legal if value[c] >= floor)
            allowed = conventional(view.hand, near, view.trick, view.declaration)
            if allowed:
                return _best_card(list(iter_cards(allowed)), value)
        return _best_card(legal, value)

    def _close(self, view: PlayView, settled: np.ndarray, weights: np.ndarray, key: np.ndarray) -> bool:
        """Is the mover's best card (by ``key``) not clearly better than his next: the weighted
        mean of its settlement less the next card's, world by world, below twice its standard
        error (cards that settle alike in every world are not close: they are equal)?  Such a
        move draws ``close_samples`` more worlds (sequential sampling)."""
        if settled.shape[1] < 2:
            return False
        sign = 1.0 if view.seat == view.declarer else -1.0
        first, second = np.argsort(-sign * key, kind="stable")[:2]
        d = sign * (settled[:, first] - settled[:, second])
        mean = float(weights @ d)
        se = float(np.sqrt(weights ** 2 @ (d - mean) ** 2))
        return se > 0 and mean < 2 * se

    def _past_fusion(self, view: PlayView, worlds: list[tuple[World, float]], legal: list[int],
                     weights: np.ndarray, settled: np.ndarray, key: np.ndarray, mean_points: np.ndarray) -> np.ndarray:
        """The declarer's cards ordered by the look-ahead past strategy fusion
        (:func:`~solver.players.fusion.fused_values`), ties broken by card points as ``key``
        (PIMC's order) breaks them; recorded in :attr:`fusion_log` when there is one."""
        start = time.perf_counter()
        ahead = fused_values(view, worlds, legal, weights, settled, key,
                             solver=self.solver or default_solver(), settle=self._settled)
        fused = np.round(ahead.values, 6) + 1e-4 * mean_points
        if self.fusion_log is not None:
            self.fusion_log.append(FusionRecord(
                len(view.history), int(view.declaration.game), len(worlds), _best_card(legal, dict(zip(legal, key))),
                _best_card(legal, dict(zip(legal, fused))), time.perf_counter() - start, ahead.set_sizes))
        return fused

    def world_points(self, view: PlayView, worlds: list[tuple[World, float]],
                     legal: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """Each world's and legal card's double-dummy value (the declarer's card points of the
        study from the trick in progress; Null: whether he wins; a Ramsch: the mover's points),
        and the worlds' weights, summing to 1."""
        solver = self.solver or default_solver()
        deals = [_study(view, list(w.hands), w.skat) for w, _ in worlds]
        decl = view.declaration
        if not self.exact_points and not (decl.is_null or decl.is_ramsch or decl.spitze):
            solved = solver.threshold_moves_many([(d, replay(d)) for d in deals], _earlier(view))
        else:
            solved = solver.best_moves_many([(d, replay(d)) for d in deals])
        index = {c: i for i, c in enumerate(legal)}
        points = np.zeros((len(worlds), len(legal)))
        for k, moves in enumerate(solved):
            for c, v in moves:
                points[k, index[c]] = float(v)
        weights = np.array([x for _, x in worlds])
        return points, weights / weights.sum()

    def card_values(self, view: PlayView) -> dict[str, Any] | None:
        """What each legal card is worth to the mover over the worlds he cannot tell apart (his
        view, weighted by the inference; the information review's yardstick): per card the
        declarer's chance to win (``p_win``) and expected card points (``points``), and per world
        (``weights``) whether he wins (``won``) and his settlement under ``scoring`` (a Ramsch:
        the mover's card points; ``world_score``); ``exact``: these are all the worlds there are
        (nothing left to sample).  ``points`` (and per world ``world_points``, the card points
        still to come: ``earlier`` more were his before) is None without :attr:`exact_points`
        (the worlds were solved only as far as the settlement needs).  None when no world fits
        what he knows."""
        legal = list(iter_cards(view.legal()))
        worlds = self.worlds(view)
        if not worlds:
            return None
        points, weights = self.world_points(view, worlds, legal)
        score, won = self._settled(view, worlds, points, legal)
        earlier = 0 if view.declaration.is_ramsch or view.declaration.is_null else _earlier(view)
        told = self.exact_points or view.declaration.is_ramsch          # every world's points solved exactly
        return {"legal": legal, "worlds": len(worlds), "weights": weights, "won": won, "world_score": score,
                "p_win": weights @ won.astype(float), "exact": self.exact,
                "points": weights @ points + earlier if told else None,
                "world_points": points if told else None, "earlier": earlier}

    def _settled(self, view: PlayView, worlds: list[tuple[World, float]], points: np.ndarray,
                 legal: list[int], states: list | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Each world's and card's settlement for the declarer (his score under ``scoring``); in a
        Ramsch the mover's own card points.  ``points``: the solver's card points of each world's
        study (the world's skat and what is still to play); the declarer's tricks won before the
        trick in progress count too, and the game's outcome is :func:`~solver.scoring.outcome`'s,
        Schwarz by tricks (asked of the solver where the points leave it open).  ``states``: per
        world the game state of its study that ``legal`` are played from (default: the study's
        start, the view's trick in progress; :mod:`~solver.players.fusion` looks further on)."""
        decl = view.declaration
        if decl.is_ramsch:
            return points, np.zeros(points.shape, dtype=bool)    # his own card points, which he keeps low
        kept: Any = True
        if decl.spitze:
            kept = points >= SPITZE_BONUS
            points = np.where(kept, points - SPITZE_BONUS, points)
        if decl.is_null:
            won = points > 0.5
            won_at, _, score, _ = settle(decl, np.zeros_like(points, dtype=np.int64), won=won, schneider=won,
                                         schwarz=won, bid=view.bid or None, scoring=self.scoring)
            return np.asarray(score, dtype=float), np.asarray(won_at, dtype=bool)
        d = view.declarer
        played_d = 0
        for p, c in view.history:
            if p == d:
                played_d |= 1 << c
        mats = np.array([matadors(w.hands[d] | played_d | w.skat, decl.game) for w, _ in worlds],
                        dtype=np.int64)[:, None] * np.ones(points.shape[1], dtype=np.int64)
        total = points + _earlier(view)
        all_tricks, any_trick = self._trick_facts(view, worlds, total, legal, states)
        won, schneider, schwarz = outcome(decl, total, all_tricks, any_trick, kept)
        won_at, _, score, _ = settle(decl, mats, won=won, schneider=schneider, schwarz=schwarz,
                                     bid=view.bid or None, scoring=self.scoring)
        return np.asarray(score, dtype=float), np.asarray(won_at, dtype=bool)

    def _trick_facts(self, view: PlayView, worlds: list[tuple[World, float]], total: np.ndarray,
                     legal: list[int], states: list | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Per world and card: does the declarer take every trick, and any trick?  Only the cells
        where his card points leave it open are solved: every trick needs all 120 points and no
        trick lost so far; no trick needs nothing beyond the skat and no trick won so far.
        ``states``: as :meth:`_settled`'s (their tricks count as played)."""
        decl_tricks, def_tricks = tricks_so_far(view)
        decl = np.full(len(worlds), decl_tricks)
        defs = np.full(len(worlds), def_tricks)
        if states is not None:
            decl += [st.declarer_tricks for st in states]
            defs += [st.defender_tricks for st in states]
        all_tricks = np.zeros(total.shape, dtype=bool)
        # points beyond the skat come from a trick he took
        any_trick = (decl[:, None] > 0) | (total > np.array([card_points(w.skat) for w, _ in worlds])[:, None])
        ask_all = list(zip(*np.nonzero((total >= TOTAL_POINTS) & (defs[:, None] == 0))))
        ask_any = list(zip(*np.nonzero(~any_trick)))
        if not ask_all and not ask_any:
            return all_tricks, any_trick
        solver = self.solver or default_solver()
        for cells, job, out in ((ask_all, "all", all_tricks), (ask_any, "any", any_trick)):
            todo = []
            for k, j in cells:
                w = worlds[k][0]
                study = _study(view, list(w.hands), w.skat)
                st = replay(study) if states is None else states[k].copy()
                st.push(legal[j])
                if st.over:
                    out[k, j] = st.defender_tricks == 0 if job == "all" else st.declarer_tricks > 0
                else:
                    todo.append(((k, j), position_of(study, st)))
            if todo:
                ask = solver.all_tricks_many if job == "all" else solver.any_trick_many
                for (k, j), v in zip((c for c, _ in todo), ask([p for _, p in todo])):
                    out[k, j] = v
        return all_tricks, any_trick


def _best_card(cards: list[int], value: dict[int, float]) -> int:
    """The card of highest ``value``; among equals the lowest card."""
    return max(cards, key=lambda c: (value[c], -c))


def _earlier(view: PlayView) -> int:
    """The declarer's card points from the tricks before the trick in progress (his view's
    points less the skat's, which a study of the rest counts itself)."""
    return view.declarer_points - (card_points(view.skat) if view.skat is not None else 0)
