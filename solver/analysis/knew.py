"""The review by what each player knew: every card judged over the worlds its player could not
tell apart, its class (best ... blunder) and marks, and their summary per seat."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..cards import CARD_NAMES, iter_cards
from ..deal import Deal
from ..pool import started
from ..search.api import Solver, default_solver
from ..shrinkage import posterior, review_prior
from ..stats import Z95
from ..players.best import BestPlayer
from ..players.table import view_of
from .declaration import declaration_advice, declared_chance
from .options import CLASSES, JUDGING, MARKED, Judging



#: A card's class by what it gave up from the mover's seat (:data:`~.options.CLASSES`): (most
#: expected score given up, most winning chance given up) for each class but the last; a card
#: past both limits of a class falls to the next.  The score is the mover's side's (the
#: declarer's settlement, its negative for a defender), the chance his side's.
LIMITS = {"best": (0.5, 0.005), "good": (3.0, 0.03), "inaccuracy": (10.0, 0.10), "mistake": (30.0, 0.25)}
#: A Ramsch has no winner's chance: the limits on the card points a card gives up.
RAMSCH_LIMITS = {"best": 0.5, "good": 2.0, "inaccuracy": 6.0, "mistake": 15.0}



def card_class(cost: float, drop: float, ramsch: bool = False) -> str:
    """The class of a card that gave up ``cost`` (expected score, or a Ramsch's card points) and
    ``drop`` (its side's winning chance) against the best card.

    >>> card_class(0.0, 0.0), card_class(2.0, 0.01), card_class(12.0, 0.05), card_class(1.0, 0.4)
    ('best', 'good', 'mistake', 'blunder')
    >>> card_class(4.0, 0.0, ramsch=True)
    'inaccuracy'
    """
    for name in CLASSES[:-1]:
        if ramsch:
            if cost <= RAMSCH_LIMITS[name]:
                return name
        elif cost <= LIMITS[name][0] and drop <= LIMITS[name][1]:
            return name
    return CLASSES[-1]


def info_review(deal: Deal, *, seed: int = 0, judging: Judging = JUDGING, scoring: str = "simple",
                solver: Solver | None = None, workers: int = 1) -> list[dict]:
    """Every card of ``deal.played`` judged by what its player knew: the worlds he could not tell
    apart (his hand, the cards played and by whom, the voids shown, the skat if he is the
    declarer who saw it, the declaration, an Ouvert hand, the auction), weighted by the
    inference the ``best`` player uses, each solved double-dummy for every legal card, and
    settled by the one settlement (:meth:`~solver.players.best.BestPlayer.card_values`).

    Per card: ``cards`` (each legal card's declarer ``p_win``, the mover's side's
    ``expected_score`` and, with ``points``, the declarer's expected card ``points``), ``cost`` (the expected score
    it gave up against the best card; a Ramsch: the card points), ``drop`` (its side's winning
    chance given up), ``class`` (:func:`card_class` of that cost and drop), ``cost_ci`` and
    ``drop_ci`` (their 95% intervals; a point where the worlds were every world he could not
    tell apart), ``settled`` (both ends of the intervals give the same mark) and ``mark``
    (:func:`mark_text`: the class, a "?" beside it where it is not settled), ``best``,
    ``worlds`` and ``exact`` (those were all the worlds there are: near the end they are
    enumerated).  Over a sample of worlds (and ``shrink``, the simple scoring, not a Ramsch)
    the cost and drop are the sample's paired, per-world estimates read against the review's
    empirical-Bayes priors (:func:`_mark`): posterior means and 95% credible intervals, with the
    sample's own estimates and standard errors in ``sampled``.

    The worlds (``judging``, :class:`Judging`), as ``skat bid`` samples: ``first`` worlds first, then as many again (the
    same seed's next ones) until the 95% interval of the card's ``drop`` (a Ramsch: its cost as a
    share of the 120 card points) is within ``precision``, all the worlds there are were
    solved, or ``samples`` is reached; a card whose class is not settled then goes on, doubling,
    to ``settle`` (:data:`SETTLE_FACTOR`) times ``samples`` worlds, these solved only as far as the settlement
    needs (the expected card ``points`` are the earlier worlds').  The worlds of card ``i`` come from ``seed`` and ``i``
    alone, and the stopping rule reads only them: two deals the mover cannot tell apart get
    the same judgement, and ``workers`` processes (the cards shared among them) the same as
    one.  A card that was the only legal one is ``forced``."""
    parts = [("card", job) for job in card_jobs(deal, seed, judging, scoring)]
    with started(run_part, parts, workers, solver or default_solver()) as results:
        return results()


def card_jobs(deal: Deal, seed: int, judging: Judging, scoring: str = "simple") -> list[dict]:
    """:func:`judge_card`'s arguments for every card played before the game was over."""
    st = deal.start_state()
    n = 0
    for card in deal.played:
        if st.over:
            break
        st.push(card)
        n += 1
    return [{"deal": deal, "i": i, "seed": seed, "judging": judging, "scoring": scoring} for i in range(n)]


def run_part(part: tuple[str, dict], solver: Solver | None = None) -> Any:
    """One independent part of a review by what the players knew (a card's judgement, the
    declarer's chance, the declaration's check); its answer depends on its arguments alone,
    so any number of processes gives the same."""
    kind, kw = part
    if kind == "card":
        return judge_card(**kw, solver=solver)
    if kind == "chance":
        return declared_chance(**kw, solver=solver)
    return declaration_advice(**kw)


def judge_card(deal: Deal, i: int, *, seed: int = 0, judging: Judging = JUDGING, scoring: str = "simple",
               solver: Solver | None = None) -> dict:
    """Card ``i`` of ``deal.played`` judged by what its player knew (see :func:`info_review`)."""
    samples, precision, points, settle = judging.samples, judging.precision, judging.points, judging.settle
    # (the prior was fitted on the simple scoring's scores)
    shrink = judging.shrink and scoring == "simple"
    st = deal.start_state()
    for c in deal.played[:i]:
        st.push(c)
    card = deal.played[i]
    ramsch = deal.declaration.is_ramsch
    seat = st.to_move
    view = view_of(st, seat, deal)
    legal = list(iter_cards(view.legal()))
    if len(legal) == 1:
        return {"cost": 0.0, "drop": 0.0, "class": "best", "settled": True, "cost_ci": [0.0, 0.0],
                "drop_ci": [0.0, 0.0], "mark": "", "forced": True, "best": [CARD_NAMES[card]],
                "worlds": 0, "exact": False, "cards": {}}
    player = _knower(min(judging.first, samples), [seed, i], scoring, solver, points)
    vals = player.card_values(view)
    if vals is None:                              # what he saw contradicts the inference: no judgement
        return {"cost": None, "drop": None, "class": None, "settled": False, "cost_ci": None, "drop_ci": None,
                "mark": "", "best": [], "worlds": 0, "exact": False, "cards": {}}
    k = legal.index(card)
    judged = _judged(vals, seat == deal.declarer, ramsch)
    mark = _mark(judged, k, ramsch, bool(vals["exact"]), shrink)
    cap = settle * samples
    while not vals["exact"] and vals["worlds"] < cap and (
            not mark["settled"] or (vals["worlds"] < samples and _unsure(judged, k, ramsch) > precision)):
        limit = samples if mark["settled"] else cap
        player.samples = min(vals["worlds"], limit - vals["worlds"])
        # the settling worlds, past ``samples``, are solved only as far as the settlement needs
        # (the class reads nothing else): several times as many worlds in the same time
        player.exact_points = points and vals["worlds"] < samples
        more = player.card_values(view)
        if more is None:
            break
        vals = _pooled(vals, more)
        judged = _judged(vals, seat == deal.declarer, ramsch)
        mark = _mark(judged, k, ramsch, False, shrink)
    w, per_world, wins, side, chance = judged
    top = int(np.argmax(side))
    return {**mark,
            "best": [CARD_NAMES[c] for j, c in enumerate(legal) if side[j] >= side[top] - 1e-9],
            "worlds": vals["worlds"], "exact": bool(vals["exact"]),
            "cards": {CARD_NAMES[c]: {"p_win": None if ramsch else round(float(vals["p_win"][j]), 4),
                                      "expected_score": round(float(side[j]), 2),
                                      "points": None if vals["points"] is None else round(float(vals["points"][j]), 2)}
                      for j, c in enumerate(legal)}}


def cards_by_what_he_knows(view: Any, samples: int = 16, seed: int = 0,
                           solver: Solver | None = None) -> list[dict] | None:
    """The mover's legal cards by what he knows (``view``: his :class:`~solver.players.PlayView`),
    best first, as :func:`info_review` values them over ``samples`` worlds: per card its
    ``card``, the declarer's ``p_win`` (None in a Ramsch) and the mover's side's
    ``expected_score`` (a Ramsch: minus his card points).  A hint that never looks at the
    hidden cards.  None when no world fits what he knows."""
    legal = list(iter_cards(view.legal()))
    vals = _knower(samples, [seed, len(view.history)], "simple", solver, points=False).card_values(view)
    if vals is None:
        return None
    ramsch = view.declaration.is_ramsch
    _, _, _, side, _ = _judged(vals, view.seat == view.declarer, ramsch)
    out = [{"card": CARD_NAMES[c], "p_win": None if ramsch else round(float(vals["p_win"][j]), 4),
            "expected_score": round(float(side[j]), 2)} for j, c in enumerate(legal)]
    return sorted(out, key=lambda r: -r["expected_score"])


def _knower(samples: int, seed: list[int], scoring: str, solver: Solver | None, points: bool = True) -> Any:
    """The ``best`` player that values a mover's cards by what he knows (its inference, the
    game's stakes), over ``samples`` worlds from ``seed``, every card early too; ``points``: the
    cards' expected card points too (else each world is solved only as the settlement needs)."""
    # (null_defence=1: the review and the hints choose their own number of worlds)
    player = BestPlayer(seed=0, scoring=scoring, samples=samples, solver=solver or default_solver(), null_defence=1)
    player.rng = np.random.default_rng(seed)
    player.early_half = False                     # a judgement wants every world, early too
    player.exact_points = points
    return player


def _judged(vals: dict, mine: bool, ramsch: bool) -> tuple[np.ndarray, ...]:
    """The worlds' weights; per world and card the mover's side's value and its win; per card
    their weighted means (``side``, ``chance``)."""
    w = vals["weights"]
    per_world = -vals["world_score"] if ramsch else (1.0 if mine else -1.0) * vals["world_score"]
    wins = np.zeros(per_world.shape) if ramsch else (vals["won"] if mine else ~vals["won"]).astype(float)
    return w, per_world, wins, w @ per_world, w @ wins


def _unsure(judged: tuple[np.ndarray, ...], k: int, ramsch: bool) -> float:
    """The half-width of the 95% interval of card ``k``'s drop against the sample's best card
    (a Ramsch: its cost in card points, as a share of all 120)."""
    w, per_world, wins, side, _ = judged
    top = int(np.argmax(side))
    if ramsch:
        return _interval(per_world[:, top] - per_world[:, k], w)[1] / 120.0
    return _interval(wins[:, top] - wins[:, k], w)[1]


def _pooled(a: dict, b: dict) -> dict:
    """Two samples of one card's worlds as one (each keeps its share of the weight by its size);
    the expected card points are the first's alone where the second's worlds were solved only as
    far as the settlement needs."""
    na, nb = a["worlds"], b["worlds"]
    n = na + nb
    return {"legal": a["legal"], "worlds": n, "weights": np.concatenate([a["weights"] * na, b["weights"] * nb]) / n,
            "won": np.concatenate([a["won"], b["won"]]),
            "world_score": np.concatenate([a["world_score"], b["world_score"]]),
            "p_win": (a["p_win"] * na + b["p_win"] * nb) / n,
            "points": None if a["points"] is None else a["points"] if b["points"] is None else
            (a["points"] * na + b["points"] * nb) / n,
            "exact": False}


def _interval(diff: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """The weighted mean of a paired difference and the half-width of its 95% interval (with
    the worlds' effective number; infinite below two).

    >>> m, half = _interval(np.array([1.0, 0.0, 1.0, 0.0]), np.full(4, 0.25))
    >>> m, round(half, 4)
    (0.5, 0.5658)
    """
    m = float(w @ diff)
    n_eff = 1.0 / float(w @ w)
    if n_eff < 2:
        return m, math.inf
    var = float(w @ (diff - m) ** 2) * n_eff / (n_eff - 1)
    return m, Z95 * math.sqrt(var / n_eff)


def _mark(judged: tuple[np.ndarray, ...], k: int, ramsch: bool, exact: bool, shrink: bool = True) -> dict[str, Any]:
    """Card ``k``'s judgement against the worlds' best card: its ``cost`` and ``drop`` (the
    estimates), their 95% intervals (a point where the worlds are ``exact``: every world there
    is, nothing to subtract), the ``class`` of the estimates, whether the intervals' two ends
    give the same mark (``settled``: best and good are both unmarked) and the ``mark`` shown.

    Sampled worlds, with ``shrink`` (not a Ramsch): the estimates are read against how the
    cards of many reviewed games spread (:func:`solver.shrinkage.review_prior`, an empirical-Bayes
    prior): ``cost`` and ``drop`` are the posterior means and the intervals credible ones.  The
    sample's own estimates and standard errors are kept in ``sampled``."""
    w, per_world, wins, side, chance = judged
    sampled = None
    if exact:
        top = int(np.argmax(side))
        cost = float(side[top] - side[k])
        drop = max(0.0, float(chance[top] - chance[k]))
        cost_ci, drop_ci = [cost, cost], [drop, drop]
    else:
        # cross-fitted: each world compares the card with the best card of the *other* half of the
        # worlds, so the best card's luck in these worlds (the highest of several noisy means is
        # too high: the winner's curse) is not charged to the card played
        tops = _cross_tops(w, per_world)
        rows = np.arange(per_world.shape[0])
        cost, ch = _interval(per_world[rows, tops] - per_world[:, k], w)
        drop, dh = _interval(wins[rows, tops] - wins[:, k], w)
        dh = 0.0 if ramsch else dh
        cost_se, drop_se = ch / Z95, dh / Z95
        sampled = {"cost": round(cost, 4), "cost_se": round(cost_se, 4) if math.isfinite(ch) else None,
                   "drop": round(drop, 4), "drop_se": round(drop_se, 4) if math.isfinite(dh) else None}
        cost_prior, drop_prior = (review_prior("cost"), review_prior("drop")) if shrink and not ramsch else (None, None)
        if cost_prior is not None and drop_prior is not None:
            cost, *cost_ci = posterior(cost_prior, cost, cost_se)
            drop, *drop_ci = posterior(drop_prior, drop, drop_se)
        else:
            cost_ci, drop_ci = [cost - ch, cost + ch], [drop - dh, drop + dh]
        cost, drop = max(0.0, cost), max(0.0, drop)
    lo_c, hi_c = max(0.0, cost_ci[0]), max(0.0, cost_ci[1])
    lo_d, hi_d = max(0.0, drop_ci[0]), min(1.0, max(0.0, drop_ci[1]))
    cls = card_class(cost, drop, ramsch)
    low = card_class(lo_c, lo_d, ramsch)
    high = card_class(hi_c, hi_d, ramsch)
    settled = mark_text(low) == mark_text(cls) == mark_text(high)       # (best and good alike unmarked)
    out = {"cost": round(cost, 2), "drop": round(drop, 4), "class": cls, "settled": settled,
           "cost_ci": [round(lo_c, 2), round(hi_c, 2)] if math.isfinite(hi_c) else None,
           "drop_ci": [round(lo_d, 4), round(hi_d, 4)] if math.isfinite(drop_ci[1]) else None,
           "mark": mark_text(cls, settled)}
    if sampled is not None:
        out["sampled"] = sampled
    return out


def _cross_tops(w: np.ndarray, per_world: np.ndarray) -> np.ndarray:
    """Per world: the best card (by the weighted mean value) of the other half of the worlds
    (even and odd places), or of all of them where a half has no weight.

    >>> # card 0 is best in the even worlds, card 1 in the odd ones: each half is judged by the other's
    >>> _cross_tops(np.full(4, 0.25), np.array([[1.0, 0.0], [0.0, 5.0], [1.0, 0.0], [0.0, 5.0]])).tolist()
    [1, 0, 1, 0]
    """
    odd = np.arange(per_world.shape[0]) % 2 == 1
    best = int(np.argmax(w @ per_world))
    tops = np.full(per_world.shape[0], best)
    for half in (odd, ~odd):
        other = ~half
        if w[other].sum() > 0:
            tops[half] = int(np.argmax(w[other] @ per_world[other]))
    return tops


def mark_text(cls: str | None, settled: bool = True) -> str:
    """What a review shows for a card's class, the same in the terminal, the HTML report and
    the web: nothing for a best or good card, the class's name for the others, with "?" beside
    it where the worlds did not settle it.

    >>> mark_text("good"), mark_text("mistake"), mark_text("blunder", settled=False), mark_text("good", False)
    ('', 'mistake', 'blunder?', '')
    """
    if cls not in MARKED:
        return ""
    return cls + ("" if settled else "?")




