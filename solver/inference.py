"""Inference on the hidden hands: how likely the others' actions are in a world.

A world (see :mod:`solver.sampling`) places every card a player cannot see.
Some worlds explain what the others did far better than others: a player who
bid 30 does not hold a heap of sevens, a declarer of spades holds spades, a
defender who smeared the ace of a suit on his partner's trick would have
smeared the ten had he held it.  :class:`Inference` gives each world a weight
proportional to the likelihood of the observed actions in it (Buro et al.
2009 call this inference on the unobserved hands); the card player then
samples worlds by that weight (importance resampling in
:meth:`solver.sampling.WorldSampler.draw_weighted`).

Each cue is a separate switch (see :data:`CUES`); the first three are hand-built:

``auction``
    *Bidders*: a player who bid or held ``v`` holds, for some game, ten cards
    whose value with the most favourable skat reaches ``v`` and whose club
    point count (:func:`~solver.heuristics.stegen`) is not hopeless
    (:data:`HOPELESS` below the game's threshold); the weight grows with the
    count (logistic, :data:`SLOPE`).  *Passers*: a player who refused ``v``
    holds no hand whose count for a game reaching ``v`` is
    :data:`OBVIOUS` above the threshold (weight 0); below that, the weight
    falls as the count rises.
``declarer``
    The declarer's twelve cards (his hand and the skat) make the declared
    game worth at least the bid, counting a Schneider he may hope for
    (weight 0 otherwise: nobody overbids on purpose), and his ten cards
    count for the declared game (logistic); a Null declarer's cards are
    hard to catch (:func:`~solver.heuristics.null_danger`).
``play``
    Cards the others chose (see :func:`play_likelihood`): nobody gives an
    ace or ten to an opponent's trick while holding a cheaper legal card, a
    defender smears the ten before the ace of a suit, and smears something
    when his partner's trick is sure.
``policy`` (not among :data:`DEFAULT_CUES`)
    Cards the others chose, by a learned model of play (:mod:`solver.policy`):
    a world weighs as much as the model's probability, with that world's
    hands, of every card the others chose among two or more (mixed with a
    uniform choice, :data:`POLICY_FLOOR`, so that no single card rules a
    world out).  In place of ``play`` (``best-policy``) against ``best-2026-12``:
    +0.41 a game (95% -0.82 ... +1.63) on 400 fresh deals
    (``benchmarks/results/best_policy_8001.txt``), at twice the median time a
    move: not clearly a gain, so ``best`` keeps ``play``.
``convention`` (not among :data:`DEFAULT_CUES`)
    A defender reads his partner's cards by the conventions both play
    (:mod:`solver.conventions`): a card that broke a convention the partner could have kept
    costs a factor :data:`UNLIKELY`.  Only the partner's: the declarer's opponents at the table
    need not play them.

>>> from solver.cards import parse_cards
>>> facts = auction_facts([(1, "18"), (0, "p"), (2, "p")])
>>> facts.bid, facts.refused
({1: 18}, {0: 18, 2: 20})
>>> bidder_weight(parse_cards("CJ SJ HJ DJ CA SA D7 D8 C7 C9"), refused=18) # passed with this?
0.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .bidding import Auction
from .cards import CARD_POINTS, JACKS, iter_cards
from .conventions import breaks
from .games import BASE_VALUES, GRAND, NULL, NULL_VALUES, SUIT_GAMES, Declaration
from .heuristics import null_danger, stegen
from .play import rules_for
from .policy import choice_features, default_policy, role_of
from .scoring import matadors, next_bid, trump_order

#: The hand-built cues, ``best``'s own.
DEFAULT_CUES = ("auction", "declarer", "play")
#: Every cue; an :class:`Inference` uses the ones it is given.
CUES = DEFAULT_CUES + ("policy", "convention")
#: The ``policy`` cue's probability of a card is (1 - floor) x the model's + floor x uniform.
POLICY_FLOOR = 0.1

#: A count this far below a game's threshold never bids it (weight 0).
HOPELESS = 4.0
#: A count this far above the threshold of a game reaching the value is never passed (weight 0).
OBVIOUS = 3.0
#: Logistic slope of "bids it" in the count's distance from the threshold.
SLOPE = 1.0
#: The count's threshold per game (suit games 10, Grand 6), as the rule of thumb has it.
THRESHOLD: dict[int, float] = {GRAND: 6.0}
#: A Null declarer's weight falls by exp(-NULL_SLOPE) for each step of Null danger in his ten cards.
NULL_SLOPE = 0.5
#: How unlikely a card choice the ``play`` cue calls a mistake is (a factor on the weight).
UNLIKELY = 0.25


def _threshold(game: int) -> float:
    return THRESHOLD.get(game, 10.0)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass
class AuctionFacts:
    """What the auction says about each seat: the highest value it bid or held, the value it
    refused (passed at)."""

    bid: dict[int, int] = field(default_factory=dict)
    refused: dict[int, int] = field(default_factory=dict)


def auction_facts(history: list[tuple[int, str]]) -> AuctionFacts:
    """Read an auction's calls ((seat, '18' | 'y' | 'p'), as :class:`~solver.bidding.Auction`
    writes them) into :class:`AuctionFacts`."""
    a = Auction()
    facts = AuctionFacts()
    for seat, call in history:
        if a.done:
            break
        _, kind = a.to_act()
        if call == "p":
            # the bidder refuses the next value; the one answering refuses the value asked
            refused = a.value if kind == "answer" else (18 if kind == "play18" else next_bid(a.value))
            if refused is not None:
                facts.refused[seat] = refused
            a.pass_()
        elif call == "y":
            facts.bid[seat] = max(facts.bid.get(seat, 0), a.value)
            a.hold()
        else:
            v = int(call)
            facts.bid[seat] = max(facts.bid.get(seat, 0), v)
            a.bid(v)
    return facts


def max_matadors(cards: int, game: int) -> int:
    """The most matadors (with or without) ten cards count with the most favourable skat:
    two skat cards may fill two gaps of a "with" run, or stay clear of a "without" run.

    >>> from solver.cards import parse_cards
    >>> max_matadors(parse_cards("CJ HJ DJ"), GRAND)      # the skat brings SJ: with 4
    4
    >>> max_matadors(parse_cards("DJ"), GRAND)             # without 3
    3
    """
    order = trump_order(game)
    without = abs(matadors(cards, game)) if not (cards >> order[0]) & 1 else 0
    best, gaps, n = without, 2, 0
    for c in order:
        if not (cards >> c) & 1:
            if gaps == 0:
                break
            gaps -= 1
        n += 1
    return max(best, n)


def _margin(cards: int, game: int, value: int) -> float | None:
    """How far ten cards' count is above the threshold of ``game`` played at ``value`` (None:
    the game cannot be worth ``value`` with any skat, counting a hoped-for Schneider).  Null
    reaches 23; Hand, Ouvert and Hand Ouvert (35, 46, 59) each ask a safer hand: a Null
    margin is 2 - :func:`~solver.heuristics.null_danger`, less one per step up."""
    if game == NULL:
        steps = sum(1 for v in sorted(NULL_VALUES.values()) if v < value)
        return None if steps > 3 else 2.0 - null_danger(cards) - steps
    if BASE_VALUES[game] * (max_matadors(cards, game) + 2) < value:
        return None
    return stegen(cards, game) - _threshold(game)


def _best_margin(cards: int, value: int) -> float:
    margins = [m for g in _GAMES if (m := _margin(cards, g, value)) is not None]
    return max(margins, default=-math.inf)


_GAMES = (*SUIT_GAMES, GRAND, NULL)


def bidder_weight(cards: int, bid: int = 0, refused: int | None = None) -> float:
    """The likelihood (up to a constant) that a player holding ``cards`` (his ten) bid or held
    ``bid`` and, if ``refused`` is given, passed at that value; 0 for hands the auction rules
    out."""
    w = 1.0
    if bid:
        best = _best_margin(cards, bid)
        if best < -HOPELESS:
            return 0.0
        w *= _sigmoid(SLOPE * best)
    if refused is not None:
        best = _best_margin(cards, refused)
        if best >= OBVIOUS:
            return 0.0
        w *= 1.0 - _sigmoid(SLOPE * best)
    return w


def auction_likelihood(history: list[tuple[int, str]], seat: int):
    """The likelihood of the auction's calls by the two other seats in a world (a function of
    the world, in [0, 1]; :func:`bidder_weight` per seat), for ``seat``'s bid advice; None when
    the others have made no call."""
    facts = auction_facts(history)
    others = [p for p in range(3) if p != seat and (p in facts.bid or p in facts.refused)]
    if not others:
        return None

    def likelihood(world) -> float:
        w = 1.0
        for p in others:
            w *= bidder_weight(world.hands[p], facts.bid.get(p, 0), facts.refused.get(p))
            if w == 0.0:
                return 0.0
        return w
    return likelihood


def declarer_weight(cards10: int, skat: int, decl: Declaration, bid: int) -> float:
    """The likelihood (up to a constant) that a player with these ten cards (after the discard)
    and this skat (his discard, or the skat of a Hand game) declared ``decl`` at ``bid``."""
    g = decl.game
    if g == NULL:
        return math.exp(-NULL_SLOPE * null_danger(cards10))
    mats = matadors(cards10 | skat, g)
    levels = abs(mats) + 1 + int(decl.hand) + 1 + int(decl.schneider) * 2 + int(decl.schwarz) * 2 + \
        int(decl.ouvert)
    if BASE_VALUES[g] * levels < bid:
        return 0.0
    m = stegen(cards10, g) - _threshold(g)
    if m < -HOPELESS:
        return 0.0
    return _sigmoid(SLOPE * m)


# ------------------------------------------------------------------ card play

@dataclass(frozen=True)
class Choice:
    """One card another player chose: who, which card, the legal cards' rule (led card), and
    how the trick ended (who won it) -- everything but the rest of his hand, which each world
    supplies."""

    seat: int
    card: int
    led: int | None                # the trick's first card (None: he led)
    winner: int                    # seat that won the trick
    last: bool                     # he played the trick's last card
    partner_ahead: bool            # his partner's card was winning when he played


def choices_of(history: list[tuple[int, int]], declarer: int, game: int) -> list[Choice]:
    """The complete tricks of a history as :class:`Choice` records (cards of the trick in
    progress are left out: its winner is not known yet)."""
    rules = rules_for(game)
    out = []
    for t in range(len(history) // 3):
        trick = history[3 * t:3 * t + 3]
        cards = [c for _, c in trick]
        win_seat = trick[rules.winner(cards)][0]
        for i, (seat, card) in enumerate(trick):
            ahead = False
            if 0 < i:
                lead_i = rules.winner(cards[:i])
                ahead_seat = trick[lead_i][0]
                ahead = seat != declarer and ahead_seat != declarer and ahead_seat != seat
            out.append(Choice(seat, card, cards[0] if i else None, win_seat, i == 2, ahead))
    return out


def play_likelihood(choices: list[Choice], seat: int, hand_then: int, declarer: int, game: int) -> float:
    """The likelihood factor of one player's card choices given the cards he held when he made
    them (``hand_then``: his remaining cards plus every card he played since).

    Each choice he is unlikely to have made with those cards costs a factor :data:`UNLIKELY`:

    * an ace or ten given to an opponent's trick while a cheaper legal card was at hand;
    * a defender smearing the ace of a suit on his partner's trick while holding its ten;
    * a defender playing last behind his partner's winning card without smearing an ace or
      ten he held (a card he was free to play).
    """
    rules = rules_for(game)
    w = 1.0
    held = hand_then
    for ch in choices:
        if ch.seat != seat:
            continue
        legal = rules.legal(held, ch.led) if ch.led is not None else held
        opponents = (ch.winner == declarer) != (seat == declarer)
        pts = CARD_POINTS[ch.card]
        if ch.led is not None and legal & ~(1 << ch.card):
            if opponents and pts >= 10 and ch.winner != seat:
                cheaper = [c for c in iter_cards(legal) if CARD_POINTS[c] < pts]
                if cheaper:
                    w *= UNLIKELY
            elif seat != declarer and ch.partner_ahead and ch.winner != seat and ch.winner != declarer:
                s = _plain_suit(ch.card, game)
                if pts == 11 and s is not None and (legal >> (7 * s + 5)) & 1:
                    w *= UNLIKELY
                elif ch.last and pts < 10 and any(CARD_POINTS[c] >= 10 and _plain_suit(c, game) is not None
                                                  for c in iter_cards(legal)):
                    w *= UNLIKELY
        held &= ~(1 << ch.card)
    return w


def convention_likelihood(choices: list[Choice], seat: int, hand_then: int, declaration: Declaration) -> float:
    """The likelihood factor of a defender's card choices under the conventions
    (:mod:`solver.conventions`) given the cards he held when he made them (``hand_then``, as
    :func:`play_likelihood`'s): each card that broke a convention he could have kept costs a
    factor :data:`UNLIKELY`."""
    rules = rules_for(declaration.game)
    w = 1.0
    held = hand_then
    for ch in choices:
        if ch.seat != seat:
            continue
        trick = [ch.led] if ch.led is not None else []
        legal = rules.legal(held, ch.led)
        if breaks(ch.card, held, legal, trick, declaration):
            w *= UNLIKELY
        held &= ~(1 << ch.card)
    return w


def _plain_suit(card: int, game: int) -> int | None:
    """The suit of a card that is not a trump in ``game`` (None for a trump)."""
    if (JACKS >> card) & 1 and game != NULL:
        return None
    s = card // 7 if card < 28 else None
    if s is None or s == game:
        return None
    return s


# ------------------------------------------------------------------ the model

class Inference:
    """World weights for one player's view: ``weight(hands, skat)`` (hands: each seat's
    remaining cards in the world) multiplies the cues switched on.

    ``history``: (seat, card) of every card played; ``auction``: the auction's calls."""

    def __init__(self, seat: int, declarer: int, declaration: Declaration, bid: int,
                 auction: list[tuple[int, str]], history: list[tuple[int, int]],
                 cues: tuple[str, ...] = CUES):
        unknown = set(cues) - set(CUES)
        if unknown:
            raise ValueError(f"unknown inference cue(s) {', '.join(sorted(unknown))} (expected {', '.join(CUES)})")
        self.seat, self.declarer, self.declaration, self.bid = seat, declarer, declaration, bid
        self.cues = cues
        self.facts = auction_facts(auction)
        self.played_by = [0, 0, 0]
        for p, c in history:
            self.played_by[p] |= 1 << c
        # the complete tricks' choices, read by the play cue and (a defender's) the convention cue
        reads_convention = "convention" in cues and seat != declarer
        choices = choices_of(history, declarer, declaration.game) if "play" in cues or reads_convention else []
        self.choices = choices if "play" in cues else []
        self.partner_choices = choices if reads_convention else []
        self.game = declaration.game
        self.policy = _policy_choices(history, declarer, declaration.game) if "policy" in cues else []

    def weight(self, hands: tuple[int, ...] | list[int], skat: int) -> float:
        w = 1.0
        for p in range(3):
            if p == self.seat:
                continue
            cards = hands[p] | self.played_by[p]               # his ten cards as he played them
            if p == self.declarer:
                if "declarer" in self.cues:
                    w *= declarer_weight(cards, skat, self.declaration, self.bid)
            elif "auction" in self.cues and (p in self.facts.bid or p in self.facts.refused):
                w *= bidder_weight(cards, self.facts.bid.get(p, 0), self.facts.refused.get(p))
            if w == 0.0:
                return 0.0
            if self.choices:
                w *= play_likelihood(self.choices, p, cards, self.declarer, self.game)
            if self.partner_choices and p != self.declarer:
                w *= convention_likelihood(self.partner_choices, p, cards, self.declaration)
            if self.policy:
                laid_away = skat if p == self.declarer and not self.declaration.hand else 0
                w *= policy_likelihood(self.policy, p, hands[p], laid_away,
                                       self.declarer, self.game)
        return w


@dataclass(frozen=True)
class PolicyChoice:
    """One card another player chose, with what the ``policy`` cue needs besides his hand: the
    trick so far and who played it, the cards gone before, and the cards he played from this
    one on (his hand then is his hand now and those)."""

    seat: int
    card: int
    trick: list[int]
    trick_seats: list[int]
    gone: int
    played_since: int


def _policy_choices(history: list[tuple[int, int]], declarer: int, game: int) -> list[PolicyChoice]:
    out = []
    for i, (seat, card) in enumerate(history):
        start = i - i % 3
        since = 0
        for s, c in history[i:]:
            if s == seat:
                since |= 1 << c
        gone = 0
        for _, c in history[:start]:
            gone |= 1 << c
        out.append(PolicyChoice(seat, card, [c for _, c in history[start:i]], [s for s, _ in history[start:i]],
                                gone, since))
    return out


def policy_likelihood(choices: list[PolicyChoice], seat: int, hand_now: int, skat: int, declarer: int,
                      game: int) -> float:
    """The ``policy`` cue's factor for one player: the product over his choices among two or more
    legal cards of the learned model's probability of the card he chose (:mod:`solver.policy`),
    with his hand then taken from ``hand_now`` (``skat``: what the declarer laid away, which he
    saw), times the number of legal cards (a uniform choice is 1)."""
    rules = rules_for(game)
    model = default_policy()
    role = role_of(seat, declarer, game)
    w = 1.0
    for ch in choices:
        if ch.seat != seat:
            continue
        f = choice_features(hand_now | ch.played_since, ch.trick, ch.trick_seats, ch.gone, skat, seat, declarer,
                            game, rules)
        if f is None:
            continue
        n = len(f)
        w *= n * ((1 - POLICY_FLOOR) * model.probability(role, f, ch.card) + POLICY_FLOOR / n)
    return w

