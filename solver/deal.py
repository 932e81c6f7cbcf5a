"""The deal record (``shared/formats/deal-json.md``): load, validate, replay, dump.

>>> rec = {"hands": {"F": "CJ SJ HA HT HK H9 SA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
...        "R": "H7 H8 HQ DJ HJ SQ DA DT DK DQ"}, "skat": ["S7", "C7"], "declarer": "F", "game": "hearts"}
>>> load_deal(rec)
Traceback (most recent call last):
...
solver.deal.DealError: duplicate card S7 (in F's hand and the skat)
>>> rec["skat"] = ["SA", "C7"]; rec["hands"]["F"] = "CJ SJ HA HT HK H9 DA S7 D8 D7"
>>> rec["hands"]["R"] = "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"
>>> d = load_deal(rec); d.declaration.name, SEATS[d.declarer]
('hearts', 'F')
>>> st = replay(d, ["CJ", "C8", "HJ"]); st.trick_winners, st.declarer_points
([0], 15)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple
from collections.abc import Iterable

from .cards import CARD_NAMES, CardParseError, card_codes, parse_card_list, popcount
from .games import GAME_NAMES, RAMSCH, SEATS, Declaration, DeclarationError, parse_game, parse_seat
from .house import RamschResult, ramsch_scores
from .play import spitze_card
from .scoring import GameResult, check_bid, matadors, score_game
from .state import GameState, IllegalCard

KNOWN_KEYS = {"id", "hands", "skat", "declarer", "game", "hand", "schneider", "schwarz", "ouvert",
              "bid", "played", "leader", "spitze", "pushes"}


class DealError(ValueError):
    """A deal record that breaks the format or the rules; the message says where and why."""


@dataclass
class Deal:
    """One deal or endgame study: hands as dealt (public card sets), skat, declaration, play.

    A Ramsch (house rule) has ``declarer`` -1 and counts ``pushes``, the times the skat was
    passed on unseen (Schieberamsch); its hands and skat are those after the pick-ups."""

    hands: list[int]
    skat: int
    declarer: int
    declaration: Declaration
    played: list[int] = field(default_factory=list)
    bid: int | None = None
    leader: int = 0
    id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    pushes: int = 0

    @property
    def game(self) -> int:
        return self.declaration.game

    @property
    def cards_per_hand(self) -> int:
        return popcount(self.hands[0])

    @property
    def is_study(self) -> bool:
        return self.cards_per_hand < 10

    def start_state(self) -> GameState:
        """The game state before the first card (of the deal or the study)."""
        return GameState(self.hands, self.skat, self.declarer, self.declaration, self.leader)

    def to_record(self) -> dict:
        """The deal as a record: unknown keys of the input come back untouched."""
        rec: dict[str, Any] = {}
        if self.id is not None:
            rec["id"] = self.id
        rec["hands"] = {SEATS[p]: card_codes(self.hands[p]) for p in range(3)}
        rec["skat"] = card_codes(self.skat)
        if self.declarer >= 0:
            rec["declarer"] = SEATS[self.declarer]
        rec.update(self.declaration.to_record())
        if self.declaration.is_ramsch:
            rec["pushes"] = self.pushes
        if self.bid is not None:
            rec["bid"] = self.bid
        rec["played"] = [CARD_NAMES[c] for c in self.played]
        if self.leader != 0 or self.is_study:
            rec["leader"] = SEATS[self.leader]
        for k, v in self.extra.items():
            rec.setdefault(k, v)
        return rec


def _cards(value: Any, what: str) -> list[int]:
    try:
        if isinstance(value, str):
            return parse_card_list(value)
        if isinstance(value, (list, tuple)):
            return parse_card_list([str(v) for v in value])
    except CardParseError as e:
        raise DealError(f"{what}: {e}") from None
    raise DealError(f"{what}: expected a list of cards, got {type(value).__name__}")


def _flag(rec: dict, key: str) -> bool:
    v = rec.get(key, False)
    if v in (None, False, 0, "false", "no"):
        return False
    if v in (True, 1, "true", "yes"):
        return True
    raise DealError(f"'{key}' must be true or false, got {v!r}")


def load_deal(rec: dict | str) -> Deal:
    """Read and validate a record (a dict or a JSON string); the played cards are checked too."""
    if isinstance(rec, str):
        try:
            rec = json.loads(rec)
        except json.JSONDecodeError as e:
            raise DealError(f"not valid JSON: {e.msg} at column {e.colno}") from None
    if not isinstance(rec, dict):
        raise DealError("a deal record must be a JSON object")
    if "hands" not in rec:
        raise DealError("missing key 'hands'")
    raw_hands = rec["hands"]
    if isinstance(raw_hands, dict):
        missing = [s for s in SEATS if s not in raw_hands]
        if missing:
            raise DealError(f"'hands' lacks seat {', '.join(missing)}")
        raw_hands = [raw_hands[s] for s in SEATS]
    if not isinstance(raw_hands, list) or len(raw_hands) != 3:
        raise DealError("'hands' must map F, M, R to cards (or be a list of three hands)")
    hand_lists = [_cards(h, f"{SEATS[i]}'s hand") for i, h in enumerate(raw_hands)]
    skat_list = _cards(rec.get("skat", []), "skat")
    sizes = [len(h) for h in hand_lists]
    if len(set(sizes)) != 1:
        raise DealError(f"hands must hold the same number of cards, got F {sizes[0]}, M {sizes[1]}, R {sizes[2]}")
    if sizes[0] > 10 or sizes[0] == 0:
        raise DealError(f"each hand must hold 1 to 10 cards, got {sizes[0]}")
    if sizes[0] == 10 and len(skat_list) != 2:
        raise DealError(f"the skat must hold 2 cards, got {len(skat_list)}")
    if len(skat_list) > 2:
        raise DealError(f"the skat must hold 2 cards, got {len(skat_list)}")
    owner: dict[int, str] = {}
    for name, cards in [("F's hand", hand_lists[0]), ("M's hand", hand_lists[1]),
                        ("R's hand", hand_lists[2]), ("the skat", skat_list)]:
        for c in cards:
            if c in owner:
                raise DealError(f"duplicate card {CARD_NAMES[c]} (in {owner[c]} and {name})")
            owner[c] = name
    pushes = 0
    try:
        game = parse_game(rec.get("game", ""))
        leader = parse_seat(rec.get("leader", "F"))
        if game == RAMSCH:
            declarer = -1
            if rec.get("declarer") not in (None, ""):
                raise DealError("a Ramsch has no declarer: leave 'declarer' out")
            pushes = rec.get("pushes", 0)
            if not isinstance(pushes, int) or isinstance(pushes, bool) or not 0 <= pushes <= 3:
                raise DealError(f"'pushes': the times the skat was passed on unseen, 0 to 3, got {pushes!r}")
        else:
            declarer = parse_seat(rec.get("declarer", ""))
        decl = Declaration(game, hand=_flag(rec, "hand"), schneider=_flag(rec, "schneider"),
                           schwarz=_flag(rec, "schwarz"), ouvert=_flag(rec, "ouvert"), spitze=_flag(rec, "spitze"))
    except DeclarationError as e:
        raise DealError(str(e)) from None
    if decl.spitze and not (sum(1 << c for c in hand_lists[declarer]) >> spitze_card(game)) & 1:
        raise DealError(f"'spitze': the declarer {SEATS[declarer]} does not hold the lowest trump "
                        f"{CARD_NAMES[spitze_card(game)]}")
    bid = rec.get("bid")
    if bid is not None:
        if not isinstance(bid, int) or isinstance(bid, bool):
            raise DealError(f"'bid' must be a whole number, got {bid!r}")
        try:
            check_bid(bid)
        except ValueError as e:
            raise DealError(f"'bid': {e}") from None
    if sizes[0] == 10 and leader != 0:
        raise DealError("F leads the first trick of a whole deal; 'leader' is for endgame studies")
    played = _cards(rec.get("played", []) or [], "played")
    hands = [sum(1 << c for c in h) for h in hand_lists]
    deal = Deal(hands, sum(1 << c for c in skat_list), declarer, decl, played, bid, leader,
                rec.get("id") if rec.get("id") is None else str(rec.get("id")),
                {k: v for k, v in rec.items() if k not in KNOWN_KEYS}, pushes)
    replay(deal)
    return deal


def replay(deal: Deal, played: Iterable[int | str] | None = None) -> GameState:
    """The game state after ``played`` (default: the deal's own cards), each card checked.

    Raises :class:`DealError` naming the card, the trick and the reason.
    """
    seq = deal.played if played is None else [c if isinstance(c, int) else parse_card_list(c)[0]
                                               for c in played]
    st = deal.start_state()
    for i, card in enumerate(seq):
        try:
            st.push(card)
        except IllegalCard as e:
            raise DealError(f"card {i + 1} ({CARD_NAMES[card]}, trick {st.trick_number}): {e}") from None
    return st


class ScoredDeal(NamedTuple):
    """A played-out deal scored by our rules: the declarer's result and the final game state."""

    result: GameResult
    final: GameState


class ScoredRamsch(NamedTuple):
    """A played-out Ramsch scored: every seat's result and the final game state."""

    result: RamschResult
    final: GameState


def score_deal(deal: Deal) -> ScoredDeal:
    """Score a played-out deal with our rules (its result and final game state).  A Ramsch:
    :func:`score_ramsch`."""
    st = replay(deal)
    if not st.finished:
        raise DealError(f"the game is not finished: {len(deal.played)} cards played")
    if deal.declaration.is_ramsch:
        raise DealError("a Ramsch has no declarer's result: score it with score_ramsch")
    mats = matadors(deal.hands[deal.declarer] | deal.skat, deal.game)
    res = score_game(deal.declaration, mats, st.declarer_points, st.declarer_tricks, bid=deal.bid,
                     defender_tricks=st.defender_tricks, spitze_kept=st.spitze_kept)
    return ScoredDeal(res, st)


def score_ramsch(deal: Deal) -> ScoredRamsch:
    """Score a played-out Ramsch (:func:`solver.house.ramsch_scores`): its result and final state."""
    st = replay(deal)
    if not st.over:
        raise DealError(f"the Ramsch is not finished: {len(deal.played)} cards played")
    if deal.is_study:
        raise DealError("a Ramsch is scored from a whole deal (120 card points, 10 tricks)")
    return ScoredRamsch(ramsch_scores(st.points, st.tricks, deal.pushes), st)


def ramsch_record(res: RamschResult, st: GameState, factor: int = 1) -> dict:
    """A scored Ramsch as record keys, as the table, ``skat score`` and the review write them:
    each seat's card points and tricks, the losers, Jungfrau, Durchmarsch and the scores
    (x ``factor``: 2 in a Bock round)."""
    return {"points": {SEATS[q]: st.points[q] for q in range(3)}, "tricks": {SEATS[q]: st.tricks[q] for q in range(3)},
            "losers": [SEATS[q] for q in res.losers], "jungfrau": [SEATS[q] for q in res.jungfrau],
            "durchmarsch": None if res.durchmarsch is None else SEATS[res.durchmarsch],
            "scores": {SEATS[q]: res.scores[q] * factor for q in range(3)}}


def dump_deal(deal: Deal) -> str:
    return json.dumps(deal.to_record(), ensure_ascii=False)


__all__ = ["Deal", "DealError", "load_deal", "replay", "dump_deal", "score_deal", "score_ramsch", "ramsch_record",
           "GAME_NAMES", "hands_of", "shuffle"]


def shuffle(rng: np.random.Generator) -> list[int]:
    """A shuffled deal: the three hands and the skat (card sets)."""
    return hands_of([int(c) for c in rng.permutation(32)])


def hands_of(order: list[int]) -> list[int]:
    """The 32 cards in the order dealt -> the three hands (ten each, F, M, R) and the skat (the
    last two), as card sets."""
    return [sum(1 << c for c in order[10 * p:10 * p + 10]) for p in range(3)] + [sum(1 << c for c in order[30:32])]
