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


def model_text() -> str:
    """The shipped model's JSON text, read as package data (``importlib.resources``).

    >>> json.loads(model_text())["about"]["seeds"]
    [1]
    """
    res = resources.files("solver").joinpath("data", MODEL_RESOURCE)
    try:
        return res.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ModelMissing(f"the play model solver/data/{MODEL_RESOURCE} is missing from the installed package "
                           f"(reinstall skat-solver, or pass model=None for double-dummy advice)") from None

#: The win-probability models: trump games (suit and Grand) and Null, priced on the ten cards
#: as dealt (the bid, a Hand game), and the same two priced on the ten cards kept after the
#: pick-up (``skat declare``): the skat seen and the discard chosen, the double-dummy rate of the
#: same ten cards means something else there (the declarer kept what suits the game).
CLASSES = ("trump", "null", "declare trump", "declare null")

#: The prefix of the models of a game declared after the pick-up.
AFTER_PICKUP = "declare "

#: The model of P(Schneider | won) for trump games (its feature: the won worlds' Schneider share).
SCHNEIDER = "schneider"


def game_class(decl: Declaration) -> str:
    """The class a game is reported under: suit, grand or null."""
    return "null" if decl.game == NULL else "grand" if decl.game == GRAND else "suit"


def model_class(cls_: str, after_pickup: bool = False) -> str:
    """The model a reported class (:func:`game_class`) is predicted by: before or after the
    pick-up.

    >>> model_class("grand"), model_class("null", after_pickup=True)
    ('trump', 'declare null')
    """
    return (AFTER_PICKUP if after_pickup else "") + ("null" if cls_ == "null" else "trump")


def rate_logit(p: float) -> float:
    """A rate as the models take it: its logit, the rate clipped to 0.02 ... 0.98 (a rate of 0
    or 1 from a few worlds is not certainty).

    >>> rate_logit(0.5), round(rate_logit(1.0), 4)
    (0.0, 3.8918)
    """
    p = min(max(p, 0.02), 0.98)
    return math.log(p / (1 - p))


def hand_features(cards: int, seat: int, decl: Declaration, p_win_dd: float) -> dict[str, float]:
    """The features of ten cards for ``decl``: the double-dummy win rate (as a logit), the
    trumps, jacks, aces and tens, voids, matadors, the club point count, the Null danger, the
    seat and Hand.

    >>> from solver.cards import parse_cards
    >>> from solver.games import HEARTS_GAME
    >>> f = hand_features(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, Declaration(HEARTS_GAME), 0.5)
    >>> f["trumps"], f["jacks"], f["aces_tens"], f["voids"], f["matadors"], f["forehand"]
    (6.0, 2.0, 3.0, 1.0, 2.0, 1.0)
    """
    return dict(_card_features(cards, seat, decl), dd_logit=rate_logit(p_win_dd))


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


def schneider_features(features: dict[str, float], share: float) -> dict[str, float]:
    """The Schneider model's features: a hand's (:func:`hand_features`) and the share of its
    worlds won double-dummy that are won with Schneider, as a logit (clipped like the win rate's).

    >>> round(schneider_features({"dd_logit": 0.0}, 0.5)["sch_logit"], 6)
    0.0
    """
    return dict(features, sch_logit=rate_logit(share))


def row_schneider_share(row: dict) -> float | None:
    """A self-play row's Schneider share of its won worlds (None where the row has none)."""
    if row.get("p_schneider_dd") is None or not row.get("p_win_dd"):
        return None
    return row["p_schneider_dd"] / row["p_win_dd"]


def row_features(row: dict) -> dict[str, float]:
    """A self-play row's features (:func:`hand_features`), completed for rows written before
    the ``grand`` feature existed."""
    return dict(row["features"], grand=float(row["class"] == "grand"))


#: The features each model uses (the first column is the intercept): chosen by
#: cross-validated Brier score on the training hands only (5 folds x 10, 618 played hands of
#: seed 1): the seat added nothing once the double-dummy rate is known, and Null's card
#: features (danger, voids) made it worse.  For Grand, ``trumps`` counts the jacks.  The
#: self-play rows keep every feature for a refit.  Schneider: the won worlds' Schneider share
#: and the win rate (cross-validated on the 646 won training games of 1,182 played: the card
#: features and Hand made it worse).  After the pick-up (5 folds x 4 on the 4,046 pick-up
#: games of seed 1 whose kept cards were neither won nor lost in every world): the trump
#: features less Hand (always 0 there; Brier 0.1565 against 0.1608 for the rate alone, and
#: matadors, seat or the point count added nothing); for Null the danger of the kept cards
#: helps once the skat is known (0.2034 against 0.2108 for the rate alone).
FEATURES = {"trump": ("dd_logit", "grand", "trumps", "aces_tens", "voids", "hand"),
            "null": ("dd_logit", "hand"),
            "declare trump": ("dd_logit", "grand", "trumps", "aces_tens", "voids"),
            "declare null": ("dd_logit", "null_danger"),
            SCHNEIDER: ("sch_logit", "dd_logit")}


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


@dataclass
class PlayModel:
    """Played-out win probability per game class; ``about`` says who produced it (players,
    seeds, hands, date)."""

    models: dict[str, LogisticModel]
    about: dict
    #: each model's predictions so far, by feature row (:meth:`_predicted`)
    _kept: dict[tuple[str, tuple[float, ...]], tuple[float, float, float]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def fit(cls, rows: list[dict], about: dict | None = None) -> "PlayModel":
        """``rows``: ``{"declaration", "class", "features", "won", "p_win_dd"}`` as the self-play
        script writes them.  Only the rows the model :meth:`applies` to are fitted: the advice
        keeps the double-dummy rate for the others."""
        every = rows
        rows = [r for r in rows if cls.applies(Declaration.from_name(r["declaration"]),
                                               r.get("p_win_dd", 0.5))]
        models = {}
        for c in CLASSES:
            sel = [r for r in rows if model_class(r["class"], bool(r.get("after_pickup"))) == c]
            if len(sel) < 2 * (len(FEATURES[c]) + 1):
                continue
            x = np.array([[1.0] + [row_features(r)[f] for f in FEATURES[c]] for r in sel])
            y = np.array([bool(r["won"]) for r in sel])
            models[c] = LogisticModel.fit(x, y)
        # Schneider: the won trump games the model covers that say how their won worlds split
        # (second and third choices do not), hands won in every world among them (the advice
        # reprices their Schneider too), and whether the declarer reached 90 in play
        sch = [r for r in every if r["won"] and r.get("played") and row_schneider_share(r) is not None
               and cls.prices_schneider(Declaration.from_name(r["declaration"]), r["p_win_dd"])]
        if len(sch) >= 2 * (len(FEATURES[SCHNEIDER]) + 1):
            x = np.array([[1.0] + [schneider_features(row_features(r), row_schneider_share(r) or 0.0)[f]
                                   for f in FEATURES[SCHNEIDER]] for r in sch])
            models[SCHNEIDER] = LogisticModel.fit(x, np.array([bool(r["played"]["schneider"]) for r in sch]))
        def counts(after: bool) -> dict[str, int]:
            return {c: sum(1 for r in rows if r["class"] == c and bool(r.get("after_pickup")) == after)
                    for c in ("suit", "grand", "null")}
        return cls(models, dict(about or {}, hands=counts(False), declare_hands=counts(True),
                                schneider_hands=len(sch)))

    @staticmethod
    def covers(decl: Declaration) -> bool:
        """Does the model speak for this declaration?  Only for plain suit, Grand and Null games,
        pick-up or Hand.  Ouvert games are played with the declarer's cards open, closer to
        double-dummy (self-play's few Null Ouverts are left out of the fit), and announced
        Schneider, Schwarz or Spitze were never played; their double-dummy rate stands."""
        return not (decl.ouvert or decl.schneider or decl.schwarz or decl.spitze)

    @classmethod
    def applies(cls, decl: Declaration, p_win_dd: float) -> bool:
        """Does the model replace this declaration's double-dummy rate?  Where it
        :meth:`covers` the game and the worlds were neither all won nor all lost (then there is
        nothing to reweight, :attr:`solver.evaluate.DeclarationResult.calibrated`)."""
        return cls.covers(decl) and 0 < p_win_dd < 1

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
        return PlayModel({c: m for c, m in self.models.items() if not c.startswith(AFTER_PICKUP)}, about)

    def p_schneider(self, features: dict[str, float], share: float) -> tuple[float, float, float] | None:
        """(q, low, high): P(Schneider | won) played out, for a trump game with these
        :func:`hand_features` whose worlds won double-dummy reach Schneider in ``share`` of
        cases; None without a Schneider model."""
        if SCHNEIDER not in self.models:
            return None
        return self._predicted(SCHNEIDER, tuple(schneider_features(features, share)[f] for f in FEATURES[SCHNEIDER]))

    def to_json(self) -> dict:
        return {"about": self.about, "features": {c: list(FEATURES[c]) for c in self.models},
                "models": {c: {"coef": m.coef.round(6).tolist(), "cov": m.cov.round(8).tolist()}
                           for c, m in self.models.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "PlayModel":
        for c, feats in data.get("features", {}).items():
            if tuple(feats) != FEATURES.get(c):
                want = list(FEATURES[c]) if c in FEATURES else f"models {list(FEATURES)}"
                raise ValueError(f"the model's {c} features {feats} are not this version's {want}: "
                                 f"retrain it (benchmarks/selfplay_stats.py --fit)")
        return cls({c: LogisticModel(np.array(m["coef"]), np.array(m["cov"])) for c, m in data["models"].items()},
                   data.get("about", {}))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> "PlayModel":
        return cls.from_json(json.loads(Path(path).read_text()))


#: Self-play hands of this seed are held out: never fitted on (``selfplay_stats.py --evaluate``).
HOLDOUT_SEED = 99


def training_rows(rows: list[dict], holdout_seed: int = HOLDOUT_SEED) -> list[dict]:
    """The self-play rows a model is fitted on: the played hands of every seed but the held-out
    one, and their second and third choices where those were played with their features."""
    train = [r for r in rows if r.get("seed") != holdout_seed and r.get("played")]
    return (train + [t for r in train for t in r.get("top3", [])[1:] if "features" in t]
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
            "p_win_dd": d["p_win_dd"], "won": bool(row["played"]["won"]), "after_pickup": True}


_default: list = []


def default_model() -> "PlayModel":
    """The shipped model (package data ``solver/data/bid_model.json``); :class:`ModelMissing`
    if the package lacks it -- never a silent fall-back to double-dummy advice."""
    if not _default:
        _default.append(PlayModel.from_json(json.loads(model_text())))
    return _default[0]
