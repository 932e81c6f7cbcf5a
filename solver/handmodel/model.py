"""The hand-value model: the bulk bid advice distilled into one small network per game family.

For each declaration of the advice's menu (:data:`~.features.DECLARATIONS`) it estimates, from
the ten cards and the seat, what ``skat bulk bid`` would answer at bid 18: the expected score
and the played-out and double-dummy P(win) and P(Schneider).  The highest bid at which a game
pays is its value by the rules on the ten cards (matadors with or without, Hand; a Null's fixed
value): the bid advice's own highest bid is that value for most hands it plays.  From those it
forms the row's verdict, and says whether that verdict is **settled**: the best declaration's
expected score is clear of zero, and of the second best, by ``z`` times the model's own error
(its residual standard deviation on hands it was not fitted on, per family), and a pass is
not within reach of the pick-up's option (the model's ``option_reach``, :data:`OPTION_REACH`).
A hand it cannot settle is one for the Monte Carlo (:mod:`solver.bulk`'s ``--fast``).

The model ships as package data (``solver/data/hand_model.json``, written by
``python -m benchmarks.fit_hand_model fit``) with its data card under ``"about"``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import numpy as np

from ..cards import card_codes, popcount
from ..games import GAME_NAMES, Declaration
from ..scoring import BID_LADDER, game_value, matadors
from ..stats import Z95
from .features import DECLARATIONS, FAMILIES, FEATURE_NAMES, N_FEATURES, family, features
from .network import OUTPUTS, Network

#: The shipped model's name among the package data.
MODEL_RESOURCE = "hand_model.json"

#: The settling margin, in the model's residual standard deviations, of a model that names none
#: (a fit chooses its own on hands it was not fitted on: ``z`` in the model's JSON).
DEFAULT_Z = 2.0

#: A Hand suit or Grand game the model expects to reach Schneider this often may pay more
#: announced (Schneider, Schwarz, Ouvert: the advice prices those where its worlds reach Schneider
#: a quarter of the time); the model values no announcement, so such a hand is not settled.
ANNOUNCED = 0.2

#: The model prices no pick-up as the game chosen after the skat is seen (the bid advice's
#: option, :class:`~solver.advice.pickup.PickupOption`), which turns about a quarter of random
#: hands from pass to borderline or bid.  So a pass is settled only where every suit game with the
#: pick-up is expected below minus the model's ``option_reach`` points, chosen on labelled fresh
#: hands (``python -m benchmarks.fit_hand_model reach``: the smallest of :data:`REACH_CHOICES`
#: whose settled verdicts agree with the advice's as the settling margin's must,
#: :data:`VERDICT_AGREEMENT`); a model that names none has this one (chosen on 400 fresh hands
#: before the fit chose it).
OPTION_REACH = 25.0
#: The reaches a fit tries, in points (:data:`OPTION_REACH`).
REACH_CHOICES = (0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0)
#: The suit games with the pick-up, the option's reach (:data:`OPTION_REACH`).
SUIT_PICKUPS = ("diamonds", "hearts", "spades", "clubs")

#: What a fit asks of its settling margin on its validation hands: the smallest of
#: :data:`Z_CHOICES` whose settled verdicts agree with the advice on this share of the hands the
#: advice does not call borderline, and whose games on this share of the bid hands.
Z_CHOICES = (1.0, 1.5, 2.0, 2.5, 3.0)
VERDICT_AGREEMENT = 0.99
GAME_AGREEMENT = 0.95


class HandModelMissing(RuntimeError):
    """The package's hand-value model is not where it should be."""


def key_of(decl: Declaration) -> str | None:
    """A declaration's model key (``spades_hand``, ``null_ouvert``), the column prefix of
    ``skat bulk labels``: the inverse of :func:`declaration_of`; None for a declaration outside
    the model's menu (a Hand game announced Schneider, Schwarz, Ouvert or Spitze).

    >>> key_of(declaration_of("null_ouvert_hand")), key_of(declaration_of("clubs"))
    ('null_ouvert_hand', 'clubs')
    >>> key_of(Declaration.from_name("grand hand ouvert")) is None
    True
    """
    if decl.schneider or decl.schwarz or decl.spitze or (decl.ouvert and not decl.is_null):
        return None
    return ("null_ouvert" if decl.ouvert else GAME_NAMES[decl.game]) + ("_hand" if decl.hand else "")


def declaration_of(key: str) -> Declaration:
    """The declaration a model key names (``null_ouvert_hand``).

    >>> declaration_of("null_ouvert_hand").name, declaration_of("spades").name
    ('null hand ouvert', 'spades')
    """
    return Declaration.from_name(key.replace("_", " "))


def advice_name(key: str) -> str:
    """The declaration as the bid advice names it (``spades (pick-up)``, ``grand hand``).

    >>> advice_name("spades"), advice_name("grand_hand")
    ('spades (pick-up)', 'grand hand')
    """
    return declaration_of(key).name + ("" if key.endswith("_hand") else " (pick-up)")


def value_of(cards: int, key: str) -> int:
    """A declaration's value by the rules on ten cards: (matadors + 1, + 1 for Hand) times the
    base value; a Null's fixed value.

    >>> from solver.cards import parse_cards
    >>> value_of(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), "hearts"), value_of(0, "null_ouvert_hand")
    (30, 59)
    """
    d = declaration_of(key)
    return int(game_value(d, 0 if d.is_null else matadors(cards, d.game)))


def reach_of(cards: int, key: str) -> int:
    """The most a declaration can be worth on ten cards: its value with Schneider and Schwarz, and
    after the pick-up with two more matadors (the skat's two cards); a Null: its value."""
    d = declaration_of(key)
    if d.is_null:
        return int(d.value_base)
    mats = abs(matadors(cards, d.game)) + (0 if d.hand else 2)
    return int(game_value(d, mats, schneider=True, schwarz=True))


@dataclass(frozen=True)
class DeclarationEstimate:
    """One declaration as the model sees it, at bid 18; ``max_bid``: its value by the rules on the
    ten cards when it is expected to gain, else None."""

    key: str
    expected_score: float
    p_win: float
    p_win_dd: float
    p_schneider: float
    max_bid: int | None


@dataclass(frozen=True)
class HandEstimate:
    """The model's answer for one hand: every declaration, the recommended one, the verdict at
    ``bid`` and whether the model settles it (``settled``; else ``unsettled`` says why).  A
    settled verdict is ``"bid"`` or ``"pass"``; unsettled, it is the model's best guess, and
    ``"borderline"`` when the expected score is within the model's error of zero."""

    cards: int
    seat: int
    bid: int | None
    declarations: dict[str, DeclarationEstimate]
    recommended: str
    verdict: str
    settled: bool
    unsettled: str | None
    p_win_half: float
    higher: tuple[int, str] | None = None
    safe_bid: int | None = field(default=None)


@dataclass
class HandModel:
    """The fitted networks (one per family), their residual errors and the data card."""

    networks: dict[str, Network]
    sigma: dict[str, dict[str, float]]
    about: dict
    z: float = DEFAULT_Z                 # the settling margin the fit chose (:data:`Z_CHOICES`)
    option_reach: float = OPTION_REACH   # the pick-up option's reach the fit chose (:data:`REACH_CHOICES`)

    @classmethod
    def from_json(cls, d: dict) -> "HandModel":
        if d.get("format") != 1 or list(d.get("features", [])) and len(d["features"]) != N_FEATURES:
            raise ValueError("hand model: unknown format or feature list (refit with benchmarks/fit_hand_model.py)")
        return cls({f: Network.from_json(d["families"][f]) for f in FAMILIES}, d["sigma"], d.get("about", {}),
                   float(d.get("z", DEFAULT_Z)), float(d.get("option_reach", OPTION_REACH)))

    def to_json(self) -> dict:
        return {"format": 1, "about": self.about, "features": list(FEATURE_NAMES), "outputs": list(OUTPUTS),
                "sigma": self.sigma, "z": self.z, "option_reach": self.option_reach,
                "families": {f: n.to_json() for f, n in self.networks.items()}}

    def predict(self, hands: list[tuple[int, int]]) -> dict[str, np.ndarray]:
        """Every declaration's :data:`~.network.OUTPUTS` for many ``(cards, seat)``: key ->
        array (hands, outputs)."""
        return {k: self.networks[family(k)].predict(np.stack([features(c, s, k) for c, s in hands]))
                for k in DECLARATIONS}

    def estimate(self, hands: list[tuple[int, int, int | None]], *, z: float | None = None) -> list[HandEstimate]:
        """The model's answers for many ``(cards, seat, bid)`` (the batch form of
        :func:`estimate_hand`); ``z``: the settling margin (None: the model's own)."""
        z = self.z if z is None else z
        if not hands:
            return []
        for cards, seat, bid in hands:
            if popcount(cards) != 10:
                raise ValueError(f"a hand has ten cards, not {popcount(cards)}: {' '.join(card_codes(cards))}")
            if seat not in (0, 1, 2):
                raise ValueError(f"seat {seat!r}: 0 (Forehand), 1 (Middlehand) or 2 (Rearhand)")
            if bid is not None and bid not in BID_LADDER:
                raise ValueError(f"bid {bid} is not a value of the bid ladder (18, 20, 22, 23, 24, 27, ...)")
        pred = self.predict([(c, s) for c, s, _ in hands])
        col = {o: j for j, o in enumerate(OUTPUTS)}
        out = []
        for i, (cards, seat, bid) in enumerate(hands):
            decls = {}
            for k, p in pred.items():
                # no game scores more than its value with Schneider and Schwarz, nor loses more than twice it
                top = reach_of(cards, k)
                es = min(max(float(p[i, col["expected_score"]]), -2.0 * top), float(top))
                decls[k] = DeclarationEstimate(k, es, float(p[i, col["p_win"]]), float(p[i, col["p_win_dd"]]),
                                               float(p[i, col["p_schneider"]]),
                                               value_of(cards, k) if es > 0 else None)
            out.append(self._answer(cards, seat, bid, decls, z))
        return out

    def _answer(self, cards: int, seat: int, bid: int | None, decls: dict[str, DeclarationEstimate],
                z: float) -> HandEstimate:
        ranked = sorted(decls.values(), key=lambda d: -d.expected_score)
        best, second = ranked[0], ranked[1]
        sd = self.sigma[family(best.key)]["expected_score"]
        es = best.expected_score
        verdict = "bid" if es > 0 else "pass"
        gap_sd = math.hypot(sd, self.sigma[family(second.key)]["expected_score"])
        why = None
        if abs(es) <= z * sd:
            why = "its expected score is within the model's error of zero"
            verdict = "borderline"
        elif verdict == "pass" and max(decls[k].expected_score for k in SUIT_PICKUPS) > -self.option_reach:
            why = ("a suit game with the pick-up comes within reach of zero: the pick-up, its game chosen "
                   "after the skat is seen, may pay where no single game does, which the model does not price")
            verdict = "borderline"
        elif verdict == "bid" and any(d.key.endswith("_hand") and family(d.key) != "null" and d.expected_score > 0
                                      and d.p_schneider >= ANNOUNCED for d in ranked):
            why = ("a Hand game may be announced Schneider, Schwarz or Ouvert, which the model does not value: "
                   "the search decides")
        elif verdict == "bid" and es - second.expected_score <= z * gap_sd:
            why = f"{best.key} and {second.key} are within the model's error of each other"
        elif verdict == "bid" and bid is not None and bid > 18:
            why = "the model is fitted at bid 18; a higher bid goes to the search"
        safe = best.max_bid if verdict == "bid" else None
        higher = None
        if verdict == "bid":
            # another declaration sure to gain that is worth more (the advice's "up to N only as ...")
            sure = [d for d in ranked[1:] if d.max_bid is not None and d.expected_score > z * sd]
            top = max(sure, key=lambda d: d.max_bid or 0, default=None)
            if top is not None and top.max_bid is not None and top.max_bid >= (bid or 18) \
                    and (safe is None or top.max_bid > safe):
                higher = (top.max_bid, top.key)
            if bid is not None and (safe is None or bid > safe) and higher is None:
                verdict = "pass"                 # overbid: no declaration sure to gain is worth the bid
        half = Z95 * self.sigma[family(best.key)]["p_win"]
        return HandEstimate(cards, seat, bid, decls, best.key, verdict, why is None, why, half, higher, safe)


def model_text() -> str:
    """The shipped model's JSON text, read as package data."""
    try:
        return resources.files("solver").joinpath("data", MODEL_RESOURCE).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HandModelMissing(f"the hand-value model solver/data/{MODEL_RESOURCE} is missing from the installed "
                               f"package (reinstall skat-solver, or run without --fast)") from None


@lru_cache(maxsize=1)
def load_model() -> HandModel:
    """The shipped hand-value model (read once per process)."""
    return HandModel.from_json(json.loads(model_text()))


def estimate_hands(hands: list[tuple[int, int, int | None]], *, model: HandModel | None = None,
                   z: float | None = None) -> list[HandEstimate]:
    """The model's answers for many ``(cards, seat, bid)`` hands (seat 0 Forehand ... 2 Rearhand)."""
    return (model or load_model()).estimate(hands, z=z)


def estimate_hand(cards: int, seat: int, bid: int | None = None, *, model: HandModel | None = None,
                  z: float | None = None) -> HandEstimate:
    """The model's answer for one hand: every declaration's estimate, the verdict and whether
    the model settles it."""
    return estimate_hands([(cards, seat, bid)], model=model, z=z)[0]
