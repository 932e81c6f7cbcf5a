"""The play-calibration model: fitting recovers known probabilities, and a saved model loads back."""

from __future__ import annotations

import json

import numpy as np
import pytest

from solver.calibration import FEATURES, PlayModel, hand_features
from solver.cards import parse_cards
from solver.games import GRAND, Declaration


def _rows(n: int, seed: int) -> list[dict]:
    # Grand hands whose played-out chance is a known function of the double-dummy logit and jacks
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        f = {k: 0.0 for k in FEATURES["grand"]}
        f["dd_logit"] = float(rng.normal())
        f["jacks"] = float(rng.integers(0, 5))
        p = 1 / (1 + np.exp(-(0.8 + 1.5 * f["dd_logit"] + 0.3 * f["jacks"])))
        rows.append({"class": "grand", "features": f, "won": bool(rng.random() < p)})
    return rows


def test_fitted_model_is_calibrated_on_held_out_hands_and_round_trips(tmp_path):
    model = PlayModel.fit(_rows(4000, 1), {"players": ["test"]})
    held = _rows(4000, 2)
    pred = np.array([model.p_win(r["features"], "grand")[0] for r in held])
    won = np.array([r["won"] for r in held], dtype=float)
    assert abs(pred.mean() - won.mean()) < 0.03                  # calibration in the large
    p, lo, hi = model.p_win(held[0]["features"], "grand")
    assert lo < p < hi
    assert model.p_win(held[0]["features"], "suit") is None      # no suit hands: no suit model
    path = tmp_path / "m.json"
    model.save(path)
    again = PlayModel.load(path)
    assert again.p_win(held[0]["features"], "grand") == pytest.approx((p, lo, hi))
    data = json.loads(path.read_text())
    data["features"]["grand"] = ["dd_logit"]
    with pytest.raises(ValueError, match="retrain"):
        PlayModel.from_json(data)


def test_hand_features_count_the_cards():
    f = hand_features(parse_cards("CJ SJ HJ DJ CA CT SA ST HA D7"), 2, Declaration(GRAND, hand=True), 0.9)
    # four jacks, five aces/tens, no void (D7 keeps diamonds), rearhand, Hand
    assert (f["jacks"], f["aces_tens"], f["voids"], f["forehand"], f["middlehand"], f["hand"]) == \
        (4.0, 5.0, 0.0, 0.0, 0.0, 1.0)
    assert f["matadors"] == 4.0 and f["dd_logit"] > 2
