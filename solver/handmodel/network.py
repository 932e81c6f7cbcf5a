"""A small multi-output network in numpy: one hidden layer, outputs that may be missing.

The hand-value model's regressor: from a declaration's features (:mod:`.features`) to its
expected score, played-out and double-dummy P(win) and P(Schneider) (:data:`OUTPUTS`).
Probabilities are fitted by cross-entropy on their logits (the labels are rates, not 0/1), the
expected score by squared error on a fixed scale; a label the evaluation did not produce is left
out of the loss, except that an expected score may be known only to lie below a bound (a
declaration the advice dropped before sampling it is worth less than the one it recommended):
then only a prediction above the bound is penalised (censored regression).  Every label is
weighted by how many worlds it rests on.  Fitted by Adam on mini-batches from a seeded
generator, so a fit is a function of its data and seed.

>>> rng = np.random.default_rng(0)
>>> x = rng.normal(size=(3000, 3))
>>> y = np.c_[5 + 10 * x[:, 0], 1 / (1 + np.exp(-2 * x[:, 1])), np.full(3000, np.nan),
...           np.full(3000, 0.5)]
>>> net = Network.fit(x, y, np.ones(3000), hidden=16, epochs=60, seed=1)
>>> p = net.predict(np.array([[1.0, 0.0, 0.0], [-1.0, 1.0, 1.0]]))
>>> bool(abs(p[0, 0] - 15) < 1 and abs(p[1, 1] - 1 / (1 + np.exp(-2))) < 0.03)
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The outputs, in column order, with how each is fitted: ``"p"`` a probability (logit, cross-
#: entropy), else the scale its squared error is measured on.
OUTPUTS = ("expected_score", "p_win", "p_win_dd", "p_schneider")
KIND: dict[str, float | str] = {"expected_score": 30.0, "p_win": "p", "p_win_dd": "p", "p_schneider": "p"}


def _scale(name: str) -> float:
    """The scale an output's squared error is measured on (not for a probability)."""
    k = KIND[name]
    assert not isinstance(k, str), name
    return k


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(z, -30, 30)))


@dataclass
class Network:
    """``x -> relu(x W1 + b1) W2 + b2``, inputs standardised by ``mean``/``scale``, the
    probability outputs through a sigmoid and the others times their scale plus ``offset``."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    offset: np.ndarray

    def _raw(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.maximum(0.0, ((x - self.mean) / self.scale) @ self.w1 + self.b1)
        return h, h @ self.w2 + self.b2

    def predict(self, x: np.ndarray) -> np.ndarray:
        """One row of :data:`OUTPUTS` per row of ``x``.  Each row is computed on its own (a
        matrix product of many rows may sum in another order, and an answer must not depend on
        which hands share a batch)."""
        x = np.atleast_2d(np.asarray(x, dtype=float))
        z = np.stack([self._raw(row[None, :])[1][0] for row in x]) if len(x) else np.zeros((0, len(OUTPUTS)))
        out = np.empty_like(z)
        for j, name in enumerate(OUTPUTS):
            k = KIND[name]
            out[:, j] = _sigmoid(z[:, j]) if k == "p" else z[:, j] * _scale(name) + self.offset[j]
        return out

    def to_json(self) -> dict:
        return {k: np.round(getattr(self, k), 6).tolist() for k in ("mean", "scale", "w1", "b1", "w2", "b2", "offset")}

    @classmethod
    def from_json(cls, d: dict) -> "Network":
        return cls(**{k: np.asarray(d[k], dtype=float) for k in ("mean", "scale", "w1", "b1", "w2", "b2", "offset")})

    @classmethod
    def fit(cls, x: np.ndarray, y: np.ndarray, weight: np.ndarray, *, below: np.ndarray | None = None,
            hidden: int = 48, epochs: int = 80, batch: int = 256, rate: float = 0.003, decay: float = 1e-4,
            seed: int = 0) -> "Network":
        """Fit on ``x`` (n, features), ``y`` (n, len(OUTPUTS); NaN: missing) and per-row
        ``weight``; ``below`` (n,): where the expected score is missing, a bound it lies under
        (NaN: none); ``decay`` is an L2 penalty on the weights."""
        rng = np.random.default_rng(seed)
        n, d = x.shape
        mean, scale = x.mean(0), x.std(0)
        scale[scale < 1e-9] = 1.0
        xs = (x - mean) / scale
        have = ~np.isnan(y)
        offset = np.zeros(len(OUTPUTS))
        target = np.zeros_like(y)
        for j, name in enumerate(OUTPUTS):
            col = np.where(have[:, j], y[:, j], 0.0)
            if KIND[name] == "p":
                target[:, j] = np.clip(col, 0.0, 1.0)
            else:
                offset[j] = float(col[have[:, j]].mean()) if have[:, j].any() else 0.0
                target[:, j] = (col - offset[j]) / _scale(name)
        probs = np.array([KIND[o] == "p" for o in OUTPUTS])
        es = OUTPUTS.index("expected_score")
        censored = np.zeros(n, dtype=bool) if below is None else ~have[:, es] & ~np.isnan(below)
        bound = np.zeros(n) if below is None else np.where(censored, (np.nan_to_num(below) - offset[es])
                                                           / _scale("expected_score"), 0.0)
        params = [rng.normal(scale=np.sqrt(2 / d), size=(d, hidden)), np.zeros(hidden),
                  rng.normal(scale=np.sqrt(1 / hidden), size=(hidden, len(OUTPUTS))), np.zeros(len(OUTPUTS))]
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        t = 0
        for epoch in range(epochs):
            lr = rate * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))      # cosine schedule
            order = rng.permutation(n)
            for s in range(0, n, batch):
                i = order[s:s + batch]
                w1, b1, w2, b2 = params
                pre = xs[i] @ w1 + b1
                h = np.maximum(0.0, pre)
                z = h @ w2 + b2
                # d loss / d z: sigmoid cross-entropy for probabilities, squared error otherwise
                g = np.where(probs, _sigmoid(z) - target[i], z - target[i])
                g = g * have[i] * weight[i][:, None] / len(i)
                c = censored[i]
                g[:, es] += np.where(c, np.maximum(0.0, z[:, es] - bound[i]), 0.0) * weight[i] / len(i)
                gw2 = h.T @ g + decay * w2
                gb2 = g.sum(0)
                gh = (g @ w2.T) * (pre > 0)
                gw1 = xs[i].T @ gh + decay * w1
                gb1 = gh.sum(0)
                t += 1
                for k, grad in enumerate((gw1, gb1, gw2, gb2)):
                    m[k] = 0.9 * m[k] + 0.1 * grad
                    v[k] = 0.999 * v[k] + 0.001 * grad * grad
                    params[k] = params[k] - lr * (m[k] / (1 - 0.9 ** t)) / (np.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
        return cls(mean, scale, params[0], params[1], params[2], params[3], offset)
