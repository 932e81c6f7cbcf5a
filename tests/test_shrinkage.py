"""Empirical-Bayes shrinkage (:mod:`solver.shrinkage`): what follows from Bayes' rule for any
prior, and a prior fitted from estimates whose true spread is known."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.shrinkage import Prior, fit_prior, posterior, review_prior
from solver.stats import Z95


def test_the_fitted_prior_finds_a_known_spread_through_the_noise():
    # 60% of the values are 0, 30% are 0.1 and 10% are 0.5; each is seen with its own noise
    rng = np.random.default_rng(7)
    n = 6000
    truth = rng.choice([0.0, 0.1, 0.5], size=n, p=[0.6, 0.3, 0.1])
    s = rng.uniform(0.02, 0.08, n)
    p = fit_prior(truth + rng.normal(0, s), s, np.linspace(0, 1, 101))
    assert math.isclose(p.weights.sum(), 1.0)
    near = {v: p.weights[np.abs(p.grid - v) <= 0.031].sum() for v in (0.0, 0.1, 0.5)}
    assert abs(near[0.0] - 0.6) < 0.05 and abs(near[0.1] - 0.3) < 0.05 and abs(near[0.5] - 0.1) < 0.03
    assert abs(p.weights @ p.grid - truth.mean()) < 0.01


@st.composite
def priors(draw):
    n = draw(st.integers(2, 12))
    grid = np.sort(np.array(draw(st.lists(st.floats(0, 1), min_size=n, max_size=n, unique=True))))
    w = np.array(draw(st.lists(st.floats(0.01, 1), min_size=n, max_size=n)))
    return Prior(grid, w / w.sum())


@settings(max_examples=200, deadline=None)
@given(priors(), st.floats(-0.5, 1.5), st.floats(-0.5, 1.5), st.floats(0.01, 0.5))
def test_a_higher_estimate_never_has_a_lower_posterior_mean(prior, x, y, s):
    # the normal likelihood has a monotone likelihood ratio: the posterior mean rises with the estimate
    lo, hi = sorted((x, y))
    m_lo, m_hi = posterior(prior, lo, s)[0], posterior(prior, hi, s)[0]
    assert m_lo <= m_hi + 1e-9


@settings(max_examples=200, deadline=None)
@given(priors(), st.floats(-0.5, 1.5), st.floats(0.01, 0.5))
def test_the_posterior_mean_lies_among_the_priors_values_and_inside_its_interval(prior, x, s):
    mean, low, high = posterior(prior, x, s)
    if x > prior.grid.max():                                  # beyond what the prior ever saw: kept
        assert (mean, low, high) == (x, x - Z95 * s, x + Z95 * s)
    else:
        assert prior.grid.min() - 1e-9 <= mean <= prior.grid.max() + 1e-9
    assert low <= mean <= high


def test_an_exact_estimate_is_kept_and_a_sharp_one_is_its_own_value():
    prior = Prior(np.linspace(0, 1, 21), np.r_[0.9, np.full(20, 0.005)])
    assert posterior(prior, 0.35, 0.0) == (0.35, 0.35, 0.35)
    mean, low, high = posterior(prior, 0.35, 1e-4)
    assert math.isclose(mean, 0.35) and math.isclose(low, 0.35) and math.isclose(high, 0.35)
    mean, low, high = posterior(prior, 0.35, math.inf)          # no standard error: no interval
    assert (mean, low, high) == (0.35, -math.inf, math.inf)


def test_the_reviews_priors_are_fitted_spreads_of_nonnegative_values():
    for name in ("cost", "drop"):
        p = review_prior(name)
        assert p is not None
        assert p.grid[0] == 0 and np.all(np.diff(p.grid) > 0) and np.all(p.weights >= 0)
        assert math.isclose(p.weights.sum(), 1.0, rel_tol=1e-6)
        # most cards played give up nothing: the largest weight is at 0
        assert p.weights.argmax() == 0
    assert review_prior("drop").grid[-1] == 1.0
