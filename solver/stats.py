"""The 95% intervals every report gives, in one place.

>>> mean_ci([1.0, 2.0, 3.0])                     # mean 2, half-width 1.96 x 1 / sqrt(3)
(2.0, 0.868, 3.132)
>>> [round(x, 3) for x in wilson(78, 100)]
[0.689, 0.85]
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

#: The two-sided 95% quantile of the normal distribution.
Z95 = 1.959964


def mean_ci(values: Iterable[float] | np.ndarray, z: float = Z95, digits: int | None = 3
            ) -> tuple[float, float, float]:
    """(mean, low, high): the mean with its normal-approximation interval (``z`` standard errors
    of the mean); an infinite interval from fewer than two values, NaN from none.  ``digits``
    rounds all three (None: unrounded)."""
    a = np.asarray(list(values) if not isinstance(values, np.ndarray) else values, dtype=float)
    if a.size == 0:
        return float("nan"), float("nan"), float("nan")
    m = float(a.mean())
    half = z * float(a.std(ddof=1)) / math.sqrt(a.size) if a.size > 1 else float("inf")
    out = (m, m - half, m + half)
    if digits is None:
        return out
    return tuple(round(x, digits) for x in out)  # type: ignore[return-value]


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials ((0, 1) for none)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


__all__ = ["Z95", "mean_ci", "wilson"]
