"""A learned model of card play: how likely a player is to choose each of his legal cards.

Policy-based inference (Solinas, Rebstock and Buro 2019 for Skat; Buro et al. 2009 before them
with hand-built rules): the others' cards are evidence about their hands, because a player
with other cards would have chosen otherwise.  :class:`PolicyModel` gives the probability of
each legal card from what the player saw when he chose it -- his hand, the cards gone, the
trick so far -- as a conditional logit (McFadden's choice model: a linear score per card, a
softmax over the legal ones) over the features of :data:`FEATURES`, one weight vector per
:data:`ROLES` (declarer or defender, in a trump game or a Null).  The inference
(:mod:`solver.inference`, the ``policy`` cue) weighs a world by the probability, with the
hands that world gives, of every card the others actually chose.

The weights are fitted by maximum likelihood on self-play games of ``best`` and ``pimc``
(``benchmarks/fit_policy.py``; the games: ``benchmarks/policy_games.py``) and shipped as
``solver/data/policy_model.json``.

>>> from solver.cards import parse_card, parse_cards
>>> from solver.games import HEARTS_GAME
>>> f = card_features(parse_cards("HA HT H7 S8"), parse_cards("HA HT H7"), [parse_card("H8")], [1], 2, 0,
...                   unseen=parse_cards("HK HQ H9 CJ"), game=HEARTS_GAME)
>>> ace = dict(zip(FEATURES, f[parse_card("HA")].tolist()))
>>> ace["points"], ace["trump"], ace["master"], ace["highest"], ace["wins"]   # the club jack is out
(1.0, 1.0, 0.0, 1.0, 1.0)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

from .cards import ALL_CARDS, CARD_POINTS, iter_cards, popcount
from .deal import Deal
from .games import NULL
from .play import GameRules, rules_for

#: What the score of a card is made of (each a number per legal card; "lead"/"follow" parts are
#: zero in the other case).  ``master``: no card the player cannot see beats it in its suit;
#: ``lowest``/``highest``: of that suit in his hand; ``rank``: its place in its suit (0 the
#: lowest of the suit, 1 the highest); ``wins``: it takes the trick so far; ``smear``: points on
#: a partner's winning trick; ``gives``: points on an opponent's winning trick it does not take;
#: ``ruff``/``discard``: a trump or another card when void in the led suit.
FEATURES = ("points", "trump", "master", "lowest", "highest", "rank", "length", "last_of_suit",
            "lead_trump", "lead_master", "lead_points", "lead_length",
            "wins", "wins_last", "wins_points", "smear", "gives", "ruff", "discard", "discard_points")

#: One weight vector each.
ROLES = ("declarer", "defender", "null declarer", "null defender")

#: The shipped model's resource name under ``solver/data``.
POLICY_RESOURCE = "policy_model.json"


def role_of(seat: int, declarer: int, game: int) -> str:
    """The :data:`ROLES` entry of a seat."""
    side = "declarer" if seat == declarer else "defender"
    return f"null {side}" if game == NULL else side


def card_features(held: int, legal: int, trick: list[int], trick_seats: list[int], seat: int, declarer: int,
                  *, unseen: int, game: int, rules: GameRules | None = None) -> dict[int, np.ndarray]:
    """Each legal card's :data:`FEATURES`, for a player in ``seat`` holding ``held`` with the
    trick so far ``trick`` (played by ``trick_seats``), who cannot see ``unseen``."""
    rules = rules or rules_for(game)
    to, eff = rules._to, rules.eff
    held_g, unseen_g = rules.set_to_game(held), rules.set_to_game(unseen)
    if trick:
        i = rules.winner(trick)
        ws = trick_seats[i]
        partner_wins = seat != declarer and ws != declarer and ws != seat
        opponent_wins = (ws == declarer) != (seat == declarer)
        led = trick[0]
    out = {}
    for c in iter_cards(legal):
        g = to[c]
        m = int(eff[g])
        below = m & ((1 << g) - 1)
        higher = m & ~((1 << (g + 1)) - 1)
        suit = held_g & m
        n = popcount(suit)
        pts = CARD_POINTS[c] / 11.0
        trump = float(game != NULL and m == rules.trump)
        master = float(not unseen_g & higher)
        f = [pts, trump, master, float(not suit & below), float(not suit & higher),
             popcount(below) / max(1, popcount(m) - 1), n / 10.0, float(n == 1)]
        if not trick:
            f += [trump, master, pts, n / 10.0] + [0.0] * 8
        else:
            wins = float(rules.winner(trick + [c]) == len(trick))
            follows = rules.follows(c, led)
            ruff = float(not follows and trump == 1.0)
            discard = float(not follows and trump == 0.0)
            f += [0.0] * 4 + [wins, wins * (len(trick) == 2), wins * pts, pts * partner_wins,
                              pts * (opponent_wins and not wins), ruff, discard, discard * pts]
        out[c] = np.array(f)
    return out


@dataclass(frozen=True)
class Decision:
    """One card a player chose among more than one legal card, with what he saw."""

    role: str
    chosen: int
    features: dict[int, np.ndarray]


def choice_features(held: int, trick: list[int], trick_seats: list[int], gone: int, laid_away: int, seat: int,
                    declarer: int, game: int, rules: GameRules | None = None) -> dict[int, np.ndarray] | None:
    """:func:`card_features` of a choice as the player saw it: his cards ``held``, the trick so
    far, the cards ``gone`` in the tricks before, and ``laid_away`` (the skat a declarer put
    down after the pick-up; 0 for everybody else); None when he had one legal card."""
    rules = rules or rules_for(game)
    legal = rules.legal(held, trick[0] if trick else None)
    if popcount(legal) < 2:
        return None
    trick_cards = 0
    for c in trick:
        trick_cards |= 1 << c
    unseen = ALL_CARDS & ~held & ~gone & ~trick_cards & ~laid_away
    return card_features(held, legal, trick, trick_seats, seat, declarer, unseen=unseen, game=game, rules=rules)


def decisions_of(deal: Deal) -> list[Decision]:
    """Every card of a played deal chosen among two or more legal cards, with its features."""
    st = deal.start_state()
    rules = rules_for(deal.game)
    laid_away = 0 if deal.declaration.hand else deal.skat
    out = []
    played = 0
    for card in deal.played:
        p = st.to_move
        seats = [(st.leader + i) % 3 for i in range(len(st.trick))]
        f = choice_features(st.hands[p], list(st.trick), seats, played & ~st.trick_cards(),
                            laid_away if p == deal.declarer else 0, p, deal.declarer, deal.game, rules)
        if f is not None:
            out.append(Decision(role_of(p, deal.declarer, deal.game), card, f))
        st.push(card)
        played |= 1 << card
    return out


@dataclass
class PolicyModel:
    """Weights per role (:data:`ROLES`) over :data:`FEATURES`; ``about`` says what they were
    fitted on."""

    weights: dict[str, np.ndarray]
    about: dict = field(default_factory=dict)

    def probabilities(self, role: str, features: dict[int, np.ndarray]) -> dict[int, float]:
        """Each legal card's probability (uniform for a role without weights)."""
        w = self.weights.get(role)
        cards = list(features)
        if w is None:
            return {c: 1.0 / len(cards) for c in cards}
        s = np.array([features[c] @ w for c in cards])
        e = np.exp(s - s.max())
        e /= e.sum()
        return dict(zip(cards, e.tolist()))

    def probability(self, role: str, features: dict[int, np.ndarray], chosen: int) -> float:
        return self.probabilities(role, features)[chosen]

    @classmethod
    def fit(cls, decisions: list[Decision], l2: float = 1.0, about: dict | None = None) -> "PolicyModel":
        """Maximum likelihood (Newton's method, an L2 penalty ``l2`` on the weights) per role."""
        weights = {}
        for role in ROLES:
            ds = [d for d in decisions if d.role == role]
            if len(ds) < 5 * len(FEATURES):
                continue
            weights[role] = _fit_logit([np.array(list(d.features.values())) for d in ds],
                                       [list(d.features).index(d.chosen) for d in ds], l2)
        return cls(weights, dict(about or {}, decisions={r: sum(d.role == r for d in decisions) for r in ROLES}))

    def log_likelihood(self, decisions: list[Decision]) -> float:
        """The mean log probability of the chosen cards."""
        return float(np.mean([math.log(max(1e-12, self.probability(d.role, d.features, d.chosen)))
                              for d in decisions]))

    def to_json(self) -> str:
        return json.dumps({"format": 1, "features": list(FEATURES), "about": self.about,
                           "weights": {r: [round(float(x), 6) for x in w] for r, w in self.weights.items()}},
                          indent=1)

    @classmethod
    def from_json(cls, text: str) -> "PolicyModel":
        d = json.loads(text)
        if d.get("features") != list(FEATURES):
            raise ValueError(f"a policy model over other features ({d.get('features')}) than {list(FEATURES)}")
        return cls({r: np.array(w, dtype=float) for r, w in d["weights"].items()}, d.get("about", {}))


def _fit_logit(xs: list[np.ndarray], chosen: list[int], l2: float, steps: int = 25) -> np.ndarray:
    """Conditional logit by Newton's method: ``xs[i]`` the features of decision i's legal cards
    (a row each), ``chosen[i]`` the row chosen."""
    k = xs[0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        grad = -l2 * w
        hess = -l2 * np.eye(k)
        for x, c in zip(xs, chosen):
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += x[c] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


_SHIPPED: PolicyModel | None = None


def default_policy() -> PolicyModel:
    """The shipped model (``solver/data/policy_model.json``), read once."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = PolicyModel.from_json(resources.files("solver").joinpath("data", POLICY_RESOURCE)
                                         .read_text(encoding="utf-8"))
    return _SHIPPED
