"""Empirical-Bayes shrinkage: a sampled estimate read against how such values are spread.

A review by what the player knew values a card over a sample of worlds.  Its cost and drop
(what it gave up against the best card) are then estimates with a standard error, and most
cards played give up nothing: an estimate just past a class's limit is more often a card that
gave up nothing, seen through a few unlucky worlds, than a card that really lies past it.

The :class:`Prior` is how the true values are spread: a histogram on a fixed grid, fitted by
maximum marginal likelihood to the estimates ``x`` and standard errors ``s`` of many cards
(the nonparametric maximum-likelihood prior of Kiefer and Wolfowitz, by EM; Efron's
"g-modelling"), each estimate normal about its true value.  :func:`posterior` reads one
estimate against it: the posterior mean (the estimate a review classes) and a 95% credible
interval.  A card whose estimate is exact (``s`` zero) or has no standard error keeps it.

>>> prior = Prior(np.array([0.0, 0.5]), np.array([0.9, 0.1]))
>>> [round(v, 3) for v in posterior(prior, 0.1, 0.1)]     # near nothing: mostly nothing
[0.0, 0.0, 0.0]
>>> [round(v, 3) for v in posterior(prior, 0.3, 0.1)]     # between: shrunk, and unsure
[0.288, 0.0, 0.5]
>>> [round(v, 3) for v in posterior(prior, 0.45, 0.1)]    # far from it: the large value
[0.5, 0.5, 0.5]
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from .stats import Z95

#: Where the fitted priors are kept (``benchmarks/fit_review_prior.py`` writes them).
PRIORS = Path(__file__).with_name("data") / "review_prior.json"


@dataclass(frozen=True)
class Prior:
    """A spread of true values: ``weights`` (summing to one) on the points of ``grid``."""
    grid: np.ndarray
    weights: np.ndarray

    def to_json(self) -> dict:
        return {"grid": [round(float(g), 6) for g in self.grid], "weights": [float(w) for w in self.weights]}

    @classmethod
    def from_json(cls, obj: dict) -> Prior:
        return cls(np.asarray(obj["grid"], dtype=float), np.asarray(obj["weights"], dtype=float))


def _likelihood(x: np.ndarray, s: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """Per estimate and grid point: the normal density of the estimate about that true value."""
    z = (x[:, None] - grid[None, :]) / s[:, None]
    return np.exp(-0.5 * z * z) / (s[:, None] * math.sqrt(2 * math.pi))


def fit_prior(x: np.ndarray, s: np.ndarray, grid: np.ndarray, iterations: int = 2000,
              tol: float = 1e-9) -> Prior:
    """The grid's weights that make the estimates ``x`` (standard errors ``s``, each positive
    and finite) most likely, by EM from the even spread, until the log-likelihood gains less
    than ``tol`` an estimate.

    >>> rng = np.random.default_rng(1)
    >>> truth = np.where(rng.random(4000) < 0.7, 0.0, 0.3)
    >>> p = fit_prior(truth + rng.normal(0, 0.05, 4000), np.full(4000, 0.05), np.linspace(0, 1, 21))
    >>> at0, near_03 = p.weights[0], p.weights[5:8].sum()
    >>> bool(abs(at0 - (truth == 0).mean()) < 0.02), bool(abs(near_03 - (truth > 0).mean()) < 0.02)
    (True, True)
    """
    x, s = np.asarray(x, dtype=float), np.asarray(s, dtype=float)
    lik = _likelihood(x, s, grid)
    w = np.full(len(grid), 1.0 / len(grid))
    last = -math.inf
    for _ in range(iterations):
        marginal = lik @ w
        ll = float(np.log(np.maximum(marginal, 1e-300)).mean())
        w = w * (lik / np.maximum(marginal, 1e-300)[:, None]).mean(axis=0)
        w /= w.sum()
        if ll - last < tol:
            break
        last = ll
    return Prior(np.asarray(grid, dtype=float), w)


def posterior(prior: Prior, x: float, s: float) -> tuple[float, float, float]:
    """The posterior mean of a true value estimated as ``x`` with standard error ``s``, and its
    95% credible interval (the central one, on the grid, widened to hold the mean where
    the posterior is very skewed).  An exact estimate (``s`` zero) is kept as it is; one without
    a standard error (``s`` infinite) too, with an infinite interval; and one above every value
    of the prior (which never saw one so large), with its own 95% interval.

    >>> prior = Prior(np.linspace(0, 1, 11), np.full(11, 1 / 11))
    >>> posterior(prior, 0.3, 0.0), posterior(prior, 0.3, math.inf)
    ((0.3, 0.3, 0.3), (0.3, -inf, inf))
    >>> [round(v, 3) for v in posterior(prior, 0.3, 0.001)]  # a sharp estimate is its own value
    [0.3, 0.3, 0.3]
    """
    if not s > 0:
        return x, x, x
    if not math.isfinite(s):
        return x, -math.inf, math.inf
    if x > prior.grid[-1]:
        return x, x - Z95 * s, x + Z95 * s
    with np.errstate(divide="ignore"):
        logp = np.log(prior.weights) - 0.5 * ((x - prior.grid) / s) ** 2
    p = np.exp(logp - logp.max())
    p /= p.sum()
    mean = float(p @ prior.grid)
    cdf = np.cumsum(p)
    tail = 0.025
    low = float(prior.grid[min(int(np.searchsorted(cdf, tail - 1e-12)), len(cdf) - 1)])
    high = float(prior.grid[min(int(np.searchsorted(cdf, 1 - tail - 1e-12)), len(cdf) - 1)])
    return mean, min(low, mean), max(high, mean)


@cache
def review_prior(name: str) -> Prior | None:
    """The fitted prior ``name`` ("cost", "drop") of a review's sampled cards, None where none
    was fitted."""
    if not PRIORS.exists():
        return None
    obj = json.loads(PRIORS.read_text())
    return Prior.from_json(obj["priors"][name]) if name in obj.get("priors", {}) else None
