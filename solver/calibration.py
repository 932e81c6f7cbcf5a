"""From double-dummy chances to played-out chances: a small fitted model.

The bid advice's double-dummy win rate assumes every card is seen; in real
play (players who see only their own cards) declarers win more often.  This
module maps what the evaluator knows about a hand -- its double-dummy win
rate and a few features of the ten cards -- to the probability that the
game, played out by the project's players, is won.  Two logistic
regressions, one for the trump games (suit and Grand together, Grand by an
indicator: a Grand of its own had too few hands and fitted a falling
double-dummy slope) and one for Null, fitted on self-play
(``benchmarks/selfplay_stats.py``) by iteratively reweighted least squares
with a ridge; the coefficients and their covariance ship as JSON, so a
prediction carries an interval that includes the model's own uncertainty.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> x = rng.normal(size=(2000, 1))
>>> y = rng.random(2000) < 1 / (1 + np.exp(-(0.5 + 2 * x[:, 0])))
>>> m = LogisticModel.fit(np.c_[np.ones(2000), x], y)
>>> bool(np.abs(m.coef - [0.5, 2.0]).max() < 0.25)     # the coefficients it was drawn from
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from .cards import JACKS, SUIT_BLOCK, popcount
from .games import GRAND, NULL, Declaration
from .heuristics import null_danger, stegen
from .scoring import matadors
from .stats import Z95

#: The shipped model's name among the package data (``solver/data/``; ``benchmarks/selfplay_stats.py
#: --fit`` writes it there).
MODEL_RESOURCE = "bid_model.json"

#: Where the shipped model lives in a checkout (the file ``--fit`` writes); an installed package
#: reads it through :func:`model_text`, so a wheel gives the same advice as the checkout.
MODEL_PATH = Path(__file__).resolve().parent / "data" / MODEL_RESOURCE


class ModelMissing(RuntimeError):
    """The package's play model is not where it should be: the advice would silently be double-dummy."""


def model_text(name: str | None = None) -> str:
    """The shipped model's JSON text, read as package data (``importlib.resources``); ``name``:
    another model among the package data (a frozen player's, ``"frozen/best-2026-12.json"``).

    >>> json.loads(model_text())["about"]["seeds"]
    [1, 301]
    """
    name = name or MODEL_RESOURCE
    res = resources.files("solver").joinpath("data", *name.split("/"))
    try:
        return res.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ModelMissing(f"the play model solver/data/{name} is missing from the installed package "
                           f"(reinstall skat-solver, or pass model=None for double-dummy advice)") from None

#: The win-probability models: trump games (suit and Grand) and Null, priced on the ten cards
#: as dealt (the bid, a Hand game), and the same two priced on the ten cards kept after the
#: pick-up (``skat declare``): the skat seen and the discard chosen, the double-dummy rate of the
#: same ten cards means something else there (the declarer kept what suits the game).
CLASSES = ("trump", "null", "null ouvert", "declare trump", "declare null", "declare null ouvert")

#: The prefix of the models of a game declared after the pick-up.
AFTER_PICKUP = "declare "

#: The model of P(Schneider | won) for trump games (its feature: the won worlds' Schneider share).
SCHNEIDER = "schneider"


#: The classes a game is reported under (:func:`game_class`).
GAME_CLASSES = ("suit", "grand", "null", "null ouvert")


def game_class(decl: Declaration) -> str:
    """The class a game is reported under: one of :data:`GAME_CLASSES`.

    >>> game_class(Declaration(NULL, ouvert=True)), game_class(Declaration(GRAND, hand=True))
    ('null ouvert', 'grand')
    """
    if decl.game == NULL:
        return "null ouvert" if decl.ouvert else "null"
    return "grand" if decl.game == GRAND else "suit"


def row_class(row: dict) -> str:
    """A self-play row's class (:func:`game_class` of its declaration: rows written before Null
    Ouvert had a class of its own say "null" for it)."""
    return game_class(Declaration.from_name(row["declaration"]))


def answer_class(decl: Declaration, after_pickup: bool = False) -> str:
    """The class a user is given a played-out number for, as the reliability tables and the
    evidence name it: the game class, Hand or pick-up, or declared after the pick-up.

    >>> answer_class(Declaration(NULL)), answer_class(Declaration(GRAND, hand=True))
    ('null (pick-up)', 'grand Hand')
    >>> answer_class(Declaration(NULL, ouvert=True), after_pickup=True)
    'null ouvert (declared after the pick-up)'
    """
    if after_pickup:
        return f"{game_class(decl)} (declared after the pick-up)"
    return game_class(decl) + (" Hand" if decl.hand else " (pick-up)")


def model_class(cls_: str, after_pickup: bool = False) -> str:
    """The model a reported class (:func:`game_class`) is predicted by: before or after the
    pick-up.

    >>> model_class("grand"), model_class("null", after_pickup=True)
    ('trump', 'declare null')
    """
    return (AFTER_PICKUP if after_pickup else "") + (cls_ if cls_.startswith("null") else "trump")


#: The worlds a self-play row's rate was counted over where the row does not say (the self-play
#: evaluator's sixteen, eight after the pick-up).
ROW_WORLDS = 16


def rate_logit(p: float, n: int | None = None) -> float:
    """A rate as the models take it: the logit of the share of ``n`` worlds won, smoothed as
    (wins + 1/2) / (n + 1) -- a rate of 0 or 1 is no certainty, and the more worlds agree the
    surer it is: none of 8 worlds won is logit(1/18), none of 400 logit(1/802).  Without ``n``
    the rate is clipped to 0.02 ... 0.98 (a rate seen without its worlds).

    >>> rate_logit(0.5), round(rate_logit(1.0), 4), round(rate_logit(0.0, 8), 4), round(rate_logit(0.0, 400), 4)
    (0.0, 3.8918, -2.8332, -6.6859)
    """
    if n is not None and n > 0:
        p = (p * n + 0.5) / (n + 1)
    else:
        p = min(max(p, 0.02), 0.98)
    return math.log(p / (1 - p))


def hand_features(cards: int, seat: int, decl: Declaration, p_win_dd: float,
                  worlds: int | None = None) -> dict[str, float]:
    """The features of ten cards for ``decl``: the double-dummy win rate over ``worlds`` worlds
    (as a smoothed logit, :func:`rate_logit`), the trumps, jacks, aces and tens, voids,
    matadors, the club point count, the Null danger, the seat and Hand.

    >>> from solver.cards import parse_cards
    >>> from solver.games import HEARTS_GAME
    >>> f = hand_features(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, Declaration(HEARTS_GAME), 0.5)
    >>> f["trumps"], f["jacks"], f["aces_tens"], f["voids"], f["matadors"], f["forehand"]
    (6.0, 2.0, 3.0, 1.0, 2.0, 1.0)
    """
    return dict(_card_features(cards, seat, decl), **rate_features(p_win_dd, worlds))


def rate_features(p_win_dd: float, worlds: int | None = None) -> dict[str, float]:
    """The double-dummy rate's features: its smoothed logit (:func:`rate_logit`) and whether
    every world was lost (``dd_none``) or won (``dd_all``): a declaration at an end plays out
    unlike the logit's line through the others (the ends' own shift, :class:`PlayModel` keeps
    it monotone).

    >>> rate_features(0.0, 8)["dd_none"], rate_features(1.0, 8)["dd_all"], rate_features(0.5, 8)["dd_none"]
    (1.0, 1.0, 0.0)
    """
    return {"dd_logit": rate_logit(p_win_dd, worlds), "dd_none": float(p_win_dd <= 0), "dd_all": float(p_win_dd >= 1)}


@lru_cache(maxsize=1 << 12)
def _card_features(cards: int, seat: int, decl: Declaration) -> dict[str, float]:
    """:func:`hand_features` but the double-dummy rate: the cards', kept (the advice asks them
    for every reading of a declaration, at three rates).  Callers copy the dict."""
    g = decl.game
    aces_tens = sum(1 for s in range(4) for r in (5, 6) if (cards >> (s * 7 + r)) & 1)
    trumps = popcount(cards & JACKS) + (popcount(cards & SUIT_BLOCK[g]) if g < 4 else 0)
    voids = sum(1 for s in range(4) if not cards & SUIT_BLOCK[s] and s != g)
    return {"trumps": float(trumps if g != NULL else 0),
            "jacks": float(popcount(cards & JACKS)), "aces_tens": float(aces_tens), "voids": float(voids),
            "matadors": float(abs(matadors(cards, g)) if g != NULL else 0),
            "count": float(stegen(cards, g) if g != NULL else 0),
            "null_danger": float(null_danger(cards) if g == NULL else 0),
            "forehand": float(seat == 0), "middlehand": float(seat == 1), "hand": float(decl.hand),
            "grand": float(g == GRAND)}


def schneider_features(features: dict[str, float], share: float, won: int | None = None) -> dict[str, float]:
    """The Schneider model's features: a hand's (:func:`hand_features`) and the share of its
    ``won`` worlds won double-dummy that are won with Schneider, as a logit (smoothed like the
    win rate's; a hand won in no world has a share of none, as if one world were won).

    >>> round(schneider_features({"dd_logit": 0.0}, 0.5)["sch_logit"], 6)
    0.0
    """
    none = float(share <= 0)
    return dict(features, sch_logit=rate_logit(share, max(won, 1) if won is not None else None),
                sch_none=none, sch_none_all=none * features.get("dd_all", 0.0))


def row_schneider_features(row: dict) -> dict[str, float]:
    """A self-play row's Schneider features (:func:`schneider_features`): its won worlds' share
    smoothed over how many of its worlds were won."""
    won = round(row["p_win_dd"] * row_worlds(row))
    return schneider_features(row_features(row), row_schneider_share(row) or 0.0, won)


def row_schneider_share(row: dict) -> float | None:
    """A self-play row's Schneider share of its won worlds (None where the row has none)."""
    if row.get("p_schneider_dd") is None or not row.get("p_win_dd"):
        return None
    return row["p_schneider_dd"] / row["p_win_dd"]


def row_worlds(row: dict) -> int:
    """The worlds a self-play row's double-dummy rate was counted over (``worlds``, else the
    self-play evaluator's: sixteen, eight after the pick-up)."""
    return int(row.get("worlds") or (ROW_WORLDS // 2 if row.get("after_pickup") else ROW_WORLDS))


def row_features(row: dict) -> dict[str, float]:
    """A self-play row's features (:func:`hand_features`): the double-dummy rate's recomputed
    from the row's rate and worlds (:func:`rate_features`; a row without a rate keeps its own),
    ``grand`` for rows written before it existed."""
    rate = rate_features(row["p_win_dd"], row_worlds(row)) if "p_win_dd" in row else {}
    return {"dd_none": 0.0, "dd_all": 0.0, **row["features"], "grand": float(row_class(row) == "grand"), **rate}


#: The features each model uses (the first column is the intercept): chosen by
#: cross-validated Brier score on the training hands only (5 folds x 10, 618 played hands of
#: seed 1): the seat added nothing once the double-dummy rate is known, and Null's card
#: features (danger, voids) made it worse.  For Grand, ``trumps`` counts the jacks.  The
#: self-play rows keep every feature for a refit.  Every model has the double-dummy rate's
#: ends as features of their own (``dd_none``, ``dd_all``: the designed sample of
#: ``benchmarks/designed_playout.py`` plays the ends out; held monotone, :data:`MONOTONE`).
#: Schneider: the won worlds' Schneider share (and whether none reached it), the win rate (and
#: whether every world was won), Grand, Hand, trumps and aces and tens, and a hand won in every
#: world of which none reached Schneider (``sch_none_all``: 52 such training hands reached it
#: 19% of the time in play, where the rate's line said 30%; the README's Grand Hand is one) --
#: on the held-out won games of seeds 99 and 399 (1,322) a log loss of 0.5533 against 0.5579
#: for the share and the rate alone.  After the pick-up (5 folds x 4 on the 4,046 pick-up
#: games of seed 1 whose kept cards were neither won nor lost in every world): the trump
#: features less Hand (always 0 there; Brier 0.1565 against 0.1608 for the rate alone, and
#: matadors, seat or the point count added nothing); for Null the danger of the kept cards
#: helps once the skat is known (0.2034 against 0.2108 for the rate alone).
FEATURES = {"trump": ("dd_logit", "dd_none", "dd_all", "grand", "trumps", "aces_tens", "voids", "hand"),
            "null": ("dd_logit", "dd_none", "dd_all", "hand"),
            "null ouvert": ("dd_logit", "dd_none", "dd_all", "hand"),
            "declare trump": ("dd_logit", "dd_none", "dd_all", "grand", "trumps", "aces_tens", "voids"),
            "declare null": ("dd_logit", "dd_none", "dd_all", "null_danger"),
            "declare null ouvert": ("dd_logit", "dd_none", "dd_all"),
            SCHNEIDER: ("sch_logit", "sch_none", "dd_logit", "dd_all", "grand", "hand", "trumps", "aces_tens",
                        "sch_none_all")}

#: The model file's format: 2 since the double-dummy logit is smoothed over the worlds
#: (:func:`rate_logit`) and the ends are fitted; a file of another format is refused.
FORMAT = 2

#: The bands of double-dummy rates the evidence counts played-out games in: lost in every
#: world, tenths between, won in every world.
EVIDENCE_BANDS = ((0.0, 0.0),) + tuple((i / 10, (i + 1) / 10) for i in range(10)) + ((1.0, 1.0),)


def evidence_text(e: dict) -> str:
    """The evidence behind a played-out number as one sentence, the same in the terminal and on
    the web.

    >>> evidence_text({"class": "null (pick-up)", "band": [0.1, 0.2], "count": 612, "won": 275})
    'null (pick-up) games like this (double-dummy 10-20%) won 45% of 612 played out'
    >>> evidence_text({"class": "grand Hand", "band": [0.0, 0.0], "count": 80, "won": 4})
    'grand Hand games like this (lost in every sampled world) won 5% of 80 played out'
    """
    lo, hi = e["band"]
    band = ("lost in every sampled world" if hi == 0 else "won in every sampled world" if lo == 1
            else f"double-dummy {100 * lo:.0f}-{100 * hi:.0f}%")
    return f"{e['class']} games like this ({band}) won {100 * e['won'] / e['count']:.0f}% of {e['count']} played out"


def rate_band(p: float, parts: int) -> int:
    """A rate's band: 0 for none, ``parts + 1`` for all, else 1 + which of ``parts`` equal
    parts of (0, 1) it falls in.

    >>> rate_band(0.0, 4), rate_band(0.1, 4), rate_band(0.5, 4), rate_band(0.99, 4), rate_band(1.0, 4)
    (0, 1, 3, 4, 5)
    """
    if p <= 0:
        return 0
    if p >= 1:
        return parts + 1
    return 1 + min(parts - 1, int(p * parts + 1e-9))


def evidence_band(p: float) -> int:
    """The index in :data:`EVIDENCE_BANDS` of a double-dummy rate (the ends their own bands).

    >>> evidence_band(0.0), evidence_band(0.05), evidence_band(0.1), evidence_band(0.999), evidence_band(1.0)
    (0, 1, 2, 10, 11)
    """
    return rate_band(p, len(EVIDENCE_BANDS) - 2)


@dataclass
class LogisticModel:
    coef: np.ndarray
    cov: np.ndarray                      # the coefficients' covariance (inverse Hessian)

    @classmethod
    def fit(cls, x: np.ndarray, y: np.ndarray, ridge: float = 1.0, steps: int = 50) -> "LogisticModel":
        """Maximum a posteriori by IRLS: a ridge (a normal prior of variance 1/``ridge``) on every
        coefficient but the intercept, which gets a tiny one, so a class where the features
        separate won from lost games (a few Grands, all won) still has finite coefficients."""
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        b = np.zeros(x.shape[1])
        pen = np.full(x.shape[1], ridge)
        pen[0] = 1e-6
        h = np.eye(x.shape[1])
        for _ in range(steps):
            p = 1 / (1 + np.exp(-(x @ b)))
            w = p * (1 - p)
            grad = x.T @ (y - p) - pen * b
            h = (x * w[:, None]).T @ x + np.diag(pen)
            step = np.linalg.solve(h, grad)
            b = b + step
            if np.abs(step).max() < 1e-8:
                break
        return cls(b, np.linalg.inv(h))

    def predict(self, x: np.ndarray, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(p, low, high): the probability and a 95% interval from the coefficients' covariance."""
        x = np.atleast_2d(np.asarray(x, dtype=float))
        eta = x @ self.coef
        se = np.sqrt(np.einsum("ij,jk,ik->i", x, self.cov, x))
        f = lambda e: 1 / (1 + np.exp(-e))  # noqa: E731
        return f(eta), f(eta - z * se), f(eta + z * se)


#: The signs that keep a model monotone in the double-dummy rate: a higher rate never prices a
#: game lower, a game lost in every world never above one won in a few, one won in every world
#: never below one lost in a few.
MONOTONE = {"dd_logit": 1, "dd_none": -1, "dd_all": 1}


def monotone_fit(x: np.ndarray, y: np.ndarray, features: tuple[str, ...]) -> LogisticModel:
    """:meth:`LogisticModel.fit` with the :data:`MONOTONE` signs: a coefficient fitted against
    its sign is held at 0 (its column left out) and the rest fitted again.

    >>> rng = np.random.default_rng(1)
    >>> x = np.c_[np.ones(400), rng.normal(size=400), rng.random(400) < 0.2]
    >>> y = rng.random(400) < 1 / (1 + np.exp(-(x[:, 1] + 2 * x[:, 2])))    # the end *raises* the chance
    >>> m = monotone_fit(x, y, ("dd_logit", "dd_none"))
    >>> float(m.coef[2]), bool(m.coef[1] > 0)
    (0.0, True)
    """
    x = np.array(x, dtype=float)
    held: set[int] = set()
    while True:
        m = LogisticModel.fit(np.where(np.isin(np.arange(x.shape[1]), sorted(held)), 0.0, x), y)
        wrong = {1 + i for i, f in enumerate(features) if f in MONOTONE and m.coef[1 + i] * MONOTONE[f] < 0}
        if not wrong - held:
            for j in held:
                m.coef[j] = 0.0
                m.cov[j, :] = m.cov[:, j] = 0.0
            return m
        held |= wrong


@dataclass
class PlayModel:
    """Played-out win probability per game class; ``about`` says who produced it (players,
    seeds, hands, date)."""

    models: dict[str, LogisticModel]
    about: dict
    #: per :func:`answer_class`: per :data:`EVIDENCE_BANDS` band, [games played out, games won]
    #: among the rows fitted on (what a played-out number rests on, :meth:`evidence_for`)
    evidence: dict[str, list[list[int]]] = field(default_factory=dict)
    #: each model's predictions so far, by feature row (:meth:`_predicted`)
    _kept: dict[tuple[str, tuple[float, ...]], tuple[float, float, float]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def fit(cls, rows: list[dict], about: dict | None = None) -> "PlayModel":
        """``rows``: ``{"declaration", "features", "won", "p_win_dd"}`` (``worlds``,
        ``after_pickup``) as the self-play scripts write them.  Only the rows the model
        :meth:`covers` are fitted, those won or lost in every world among them (their rate's
        logit is smoothed over their worlds, :func:`rate_logit`): the advice keeps the
        double-dummy rate for the others."""
        every = rows
        rows = [r for r in rows if cls.covers(Declaration.from_name(r["declaration"]))]
        models = {}
        for c in CLASSES:
            sel = [r for r in rows if model_class(row_class(r), bool(r.get("after_pickup"))) == c]
            if len(sel) < 2 * (len(FEATURES[c]) + 1):
                continue
            x = np.array([[1.0] + [f[k] for k in FEATURES[c]] for f in map(row_features, sel)])
            y = np.array([bool(r["won"]) for r in sel])
            models[c] = monotone_fit(x, y, FEATURES[c])
        # Schneider: the won trump games the model covers that say how their won worlds split
        # (second and third choices do not), hands won in every world among them (the advice
        # reprices their Schneider too), and whether the declarer reached 90 in play
        sch = [r for r in every if r["won"] and r.get("played") and row_schneider_share(r) is not None
               and cls.prices_schneider(Declaration.from_name(r["declaration"]), r["p_win_dd"])]
        if len(sch) >= 2 * (len(FEATURES[SCHNEIDER]) + 1):
            x = np.array([[1.0] + [f[k] for k in FEATURES[SCHNEIDER]] for f in map(row_schneider_features, sch)])
            models[SCHNEIDER] = LogisticModel.fit(x, np.array([bool(r["played"]["schneider"]) for r in sch]))

        def counts(after: bool) -> dict[str, int]:
            return {c: sum(1 for r in rows if row_class(r) == c and bool(r.get("after_pickup")) == after)
                    for c in GAME_CLASSES}
        evidence: dict[str, list[list[int]]] = {}
        for r in (r for r in rows if "p_win_dd" in r):
            cells = evidence.setdefault(answer_class(Declaration.from_name(r["declaration"]),
                                                     bool(r.get("after_pickup"))),
                                        [[0, 0] for _ in EVIDENCE_BANDS])
            cell = cells[evidence_band(r["p_win_dd"])]
            cell[0] += 1
            cell[1] += bool(r["won"])
        return cls(models, dict(about or {}, hands=counts(False), declare_hands=counts(True),
                                schneider_hands=len(sch)), evidence)

    def evidence_for(self, decl: Declaration, p_win_dd: float, after_pickup: bool = False) -> dict | None:
        """What a played-out number for ``decl`` at this double-dummy rate rests on: its answer
        class (:func:`answer_class`), the band of rates (:data:`EVIDENCE_BANDS`), and how many
        such games the model was fitted on and how many of them were won; None where it has none.

        >>> m = PlayModel({}, {}, {"null (pick-up)": [[0, 0]] + [[612, 275]] + [[0, 0]] * 10})
        >>> e = m.evidence_for(Declaration(NULL), 0.05)
        >>> {k: e[k] for k in ("class", "band", "count", "won", "rate")}
        {'class': 'null (pick-up)', 'band': [0.0, 0.1], 'count': 612, 'won': 275, 'rate': 0.4493}
        """
        cls_ = answer_class(decl, after_pickup)
        cells = self.evidence.get(cls_)
        if not cells:
            return None
        b = evidence_band(p_win_dd)
        n, won = cells[b]
        if not n:
            return None
        lo, hi = EVIDENCE_BANDS[b]
        out = {"class": cls_, "band": [lo, hi], "count": n, "won": won, "rate": round(won / n, 4)}
        return dict(out, text=evidence_text(out))

    @staticmethod
    def covers(decl: Declaration) -> bool:
        """Does the model speak for this declaration?  For plain suit, Grand, Null and Null
        Ouvert games, pick-up or Hand (Null Ouvert by a model of its own: the declarer's cards
        open, closer to double-dummy).  Suit and Grand Ouvert and announced Schneider, Schwarz or
        Spitze were never played; their double-dummy rate stands."""
        return not (decl.schneider or decl.schwarz or decl.spitze or (decl.ouvert and decl.game != NULL))

    @classmethod
    def prices_schneider(cls, decl: Declaration, p_win_dd: float) -> bool:
        """Does the Schneider model reprice this declaration's won worlds?  A trump game it
        :meth:`covers` with a world won, hands won in every world among them."""
        return cls.covers(decl) and decl.game != NULL and p_win_dd > 0

    def p_win(self, features: dict[str, float], cls_: str,
              after_pickup: bool = False) -> tuple[float, float, float] | None:
        """(p, low, high) for one hand's features (``cls_``: suit, grand or null), or None when
        its class has no model.  ``after_pickup``: the features describe the ten cards kept after
        the pick-up (priced by the ``declare`` models; a model fitted before those existed prices
        them as ten cards before the pick-up, as the versions that wrote it did, and says so in
        :attr:`basis`)."""
        c = model_class(cls_, after_pickup)
        if c not in self.models:
            c = model_class(cls_)
        m = self.models.get(c)
        if m is None:
            return None
        return self._predicted(c, tuple(features[f] for f in FEATURES[c]))

    def _predicted(self, c: str, x: tuple[float, ...]) -> tuple[float, float, float]:
        """Model ``c``'s (p, low, high) for the feature row ``x``, kept (the advice prices the same
        few rows many times over a race)."""
        got = self._kept.get((c, x))
        if got is None:
            p, lo, hi = self.models[c].predict(np.array((1.0, *x)))
            got = self._kept[c, x] = (float(p[0]), float(lo[0]), float(hi[0]))
        return got

    @property
    def prices_declare(self) -> bool:
        """Has the model its own models for the ten cards kept after the pick-up?"""
        return any(c.startswith(AFTER_PICKUP) for c in self.models)

    def without_declare(self) -> "PlayModel":
        """This model without its ``declare`` classes: the kept cards priced as ten cards before
        the pick-up, as the advice did before those classes existed (for a paired comparison)."""
        about = {k: v for k, v in self.about.items() if k != "declare_hands"}
        return PlayModel({c: m for c, m in self.models.items() if not c.startswith(AFTER_PICKUP)}, about,
                         {c: e for c, e in self.evidence.items() if "after the pick-up" not in c})

    def p_schneider(self, features: dict[str, float], share: float,
                    won: int | None = None) -> tuple[float, float, float] | None:
        """(q, low, high): P(Schneider | won) played out, for a trump game with these
        :func:`hand_features` whose ``won`` worlds won double-dummy reach Schneider in ``share``
        of cases; None without a Schneider model."""
        if SCHNEIDER not in self.models:
            return None
        return self._predicted(SCHNEIDER, tuple(schneider_features(features, share, won)[f]
                                                for f in FEATURES[SCHNEIDER]))

    def to_json(self) -> dict:
        return {"format": FORMAT, "about": self.about, "features": {c: list(FEATURES[c]) for c in self.models},
                "models": {c: {"coef": m.coef.round(6).tolist(), "cov": m.cov.round(8).tolist()}
                           for c, m in self.models.items()},
                "evidence": self.evidence}

    @classmethod
    def from_json(cls, data: dict) -> "PlayModel":
        if data.get("format") != FORMAT:
            raise ValueError(f"the model's format {data.get('format')} is not this version's {FORMAT}: "
                             f"retrain it (benchmarks/selfplay_stats.py --fit)")
        for c, feats in data.get("features", {}).items():
            if tuple(feats) != FEATURES.get(c):
                want = list(FEATURES[c]) if c in FEATURES else f"models {list(FEATURES)}"
                raise ValueError(f"the model's {c} features {feats} are not this version's {want}: "
                                 f"retrain it (benchmarks/selfplay_stats.py --fit)")
        return cls({c: LogisticModel(np.array(m["coef"]), np.array(m["cov"])) for c, m in data["models"].items()},
                   data.get("about", {}), data.get("evidence", {}))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> "PlayModel":
        return cls.from_json(json.loads(Path(path).read_text()))


#: Self-play hands of this seed are held out: never fitted on (``selfplay_stats.py --evaluate``).
HOLDOUT_SEED = 99
#: The designed sample's held-out seed (``benchmarks/designed_playout.py``), never fitted on.
DESIGNED_HOLDOUT_SEED = 399


def training_rows(rows: list[dict], holdout_seed: int = HOLDOUT_SEED, top3: bool = False) -> list[dict]:
    """The self-play rows a model is fitted on: the played hands of every seed but the held-out
    one, and the games they declared after the pick-up (:func:`after_pickup_row`).  ``top3``:
    their second and third choices too, where those were played with their features -- no longer
    by default: the designed sample (``benchmarks/designed_playout.py``) plays declarations a
    player did not choose across every rate, evaluated as the advice evaluates them, where a
    second choice's rate is that of the sixteen worlds that chose another game (a model fitted
    with them priced the held-out declarations lost in every world +0.045 too high, without them
    +0.031; on the held-out rows, where the choice was made)."""
    train = [r for r in rows if r.get("seed") != holdout_seed and r.get("played")]
    return (train + ([t for r in train for t in r.get("top3", [])[1:] if "features" in t] if top3 else [])
            + [after_pickup_row(r) for r in train if r["played"].get("declare")])


def after_pickup_row(row: dict) -> dict:
    """A played pick-up game's row as ``skat declare`` saw it: the features of the ten cards kept
    (``played.declare``, the skat known) and the result, for the ``declare`` models.

    >>> r = after_pickup_row({"played": {"game": "spades", "won": True, "declare": {"class": "suit",
    ...     "p_win_dd": 0.75, "features": {"dd_logit": 1.1}}}, "won": True})
    >>> r["declaration"], r["class"], r["after_pickup"], r["won"]
    ('spades', 'suit', True, True)
    """
    d = row["played"]["declare"]
    return {"declaration": row["played"]["game"], "class": d["class"], "features": d["features"],
            "p_win_dd": d["p_win_dd"], "won": bool(row["played"]["won"]), "after_pickup": True,
            **({"worlds": d["worlds"]} if d.get("worlds") else {})}


_default: list = []
_packaged: dict[str, "PlayModel"] = {}


def default_model() -> "PlayModel":
    """The shipped model (package data ``solver/data/bid_model.json``); :class:`ModelMissing`
    if the package lacks it -- never a silent fall-back to double-dummy advice."""
    if not _default:
        _default.append(PlayModel.from_json(json.loads(model_text())))
    return _default[0]


def packaged_model(name: str | None) -> "PlayModel":
    """A model among the package data by its name under ``solver/data/`` (None: the shipped
    one, :func:`default_model`), read once a process."""
    if name is None:
        return default_model()
    if name not in _packaged:
        _packaged[name] = PlayModel.from_json(json.loads(model_text(name)))
    return _packaged[name]
