"""The web API's request bodies: strict pydantic models (no "3" for a number, no field
unknown), sized and bounded before anything is stored or computed."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from solver.advice import DEFAULT
from solver.advice.options import DEFAULT_PRECISION
from solver.analysis import JUDGING
from solver.bidding import auto_bid_limit
from solver.players import PLAYERS
from solver.scoring import SCORINGS

#: The form fields that name a registry entry take that registry's names.
Scoring = Literal[SCORINGS]  # type: ignore[valid-type]
Opponent = Literal[tuple(PLAYERS)]  # type: ignore[misc,valid-type]

#: The largest request body accepted (an ISS line or a record is a few kilobytes).
MAX_BODY = 256 * 1024
#: The most worlds a web request may ask for.
MAX_SAMPLES = 2000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)   # (no "3" or true for a number)


class BidRequest(_Strict):
    cards: str = Field(description='ten cards, e.g. "CJ SJ HA HT HK H9 SA S7 D8 D7"', max_length=200)
    seat: Literal["F", "M", "R"]
    to: int | None = Field(None, description="the bid being asked about", ge=18, le=264)
    scoring: Scoring = "simple"
    samples: int = Field(DEFAULT.samples, ge=1, le=MAX_SAMPLES)
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)
    precision: float = Field(DEFAULT_PRECISION, gt=0, le=1)
    min_win: float | None = Field(None, ge=0, le=1)
    auction: str | None = Field(None, max_length=400, description='the auction so far: "M:18 F:yes M:20 F:pass" '
                                                                  'or ISS\'s "1 18 0 y 1 20 0 p"')


class EstimateRequest(_Strict):
    cards: str = Field(description='ten cards, e.g. "CJ SJ HA HT HK H9 SA S7 D8 D7"', max_length=200)
    seat: Literal["F", "M", "R"]
    to: int | None = Field(None, description="the bid being asked about", ge=18, le=264)


class DeclareRequest(_Strict):
    cards: str = Field(description="twelve cards, or ten with skat", max_length=240)
    skat: str | None = Field(None, max_length=40)
    bid: int = Field(ge=18, le=264)
    seat: Literal["F", "M", "R"]
    discards: int = Field(3, ge=1, le=66)
    scoring: Scoring = "simple"
    samples: int = Field(DEFAULT.samples, ge=1, le=MAX_SAMPLES)
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)
    precision: float = Field(DEFAULT_PRECISION, gt=0, le=1)
    min_win: float | None = Field(None, ge=0, le=1)
    auction: str | None = Field(None, max_length=400, description="the auction as it went")


def with_asked(req: BaseModel) -> dict[str, Any]:
    """An advice request's fields, with ``asked``: those the request gave (not defaults), so an
    explicit ``samples`` is honoured as on the command line (:meth:`solver.advice.options.Sampling.asked`)."""
    return dict(req.model_dump(), asked=sorted(req.model_fields_set))


class DealFields(_Strict):
    record: dict[str, Any] | None = Field(None, description="a deal record (deal-json)")
    iss: str | None = Field(None, description="one ISS game line", max_length=MAX_BODY)
    F: str | None = None
    M: str | None = None
    R: str | None = None
    skat: str | None = None
    game: str | None = None
    declarer: str | None = None
    played: str | None = None
    leader: str | None = None
    bid: int | None = None
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False


class SolveRequest(DealFields):
    best: bool = Field(False, description="every legal card's value too")


class AnalyseRequest(_Strict):
    record: dict[str, Any] | None = None
    iss: str | None = Field(None, max_length=MAX_BODY)
    no_declaration: bool = False
    info: bool = Field(True, description="also judge every card by what its player knew (skat analyse --info)")
    samples: int = Field(JUDGING.samples, ge=2, le=256,
                         description="worlds a card for that judgement (an unsettled mark: up to 32 times as many)")
    precision: float = Field(JUDGING.precision, gt=0, le=1,
                             description="wanted half-width of the 95% interval of a card's drop in winning chance "
                                         "(more worlds until then)")
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)


class GameRequest(_Strict):
    deals: int = Field(1, ge=1, le=36)
    seed: int | None = Field(None, ge=0, le=2 ** 63 - 1, description="the deals of this seed (none: dealt from a "
                                                                     "secret, as at a table of people)")
    scoring: Scoring = "simple"
    kontra: bool = False
    clock: bool = Field(False, description="2 minutes to start, +10 s after a quick move (as skat play --clock)")
    opponents: Opponent = "best"  # type: ignore[valid-type]
    strength: int = Field(1, ge=1, le=3)
    house: str = Field("", max_length=200, description="house rules as skat play --house takes them")
    rounds: int | None = Field(None, ge=1, le=50)
    target: int | None = Field(None, ge=1, le=100000)
    players: int = Field(3, ge=3, le=4, description="at the table: 3, or 4 (the dealer sits out)")
    variant: Literal["skat", "offiziersskat"] = Field("skat", description="Skat, or Offiziersskat (two players, "
                                                                           "piles; an even number of deals)")
    duel: bool = Field(False, description="duel mode: you against one computer, the third your partner who never bids")
    challenge: str | None = Field(None, max_length=40, description="a challenge code (skat play --challenge): its "
                                                                     "deals, seed and scoring; a plain table")
    auto_bid: int | None = Field(None, description="bid and hold automatically up to this value and pass above "
                                                   "it (the others do not see it); 0: always pass, as skat play "
                                                   "--auto-bid")

    @field_validator("auto_bid")
    @classmethod
    def _auto_bid(cls, v: int | None) -> int | None:
        return auto_bid_limit(v)


class AnswerRequest(_Strict):
    answer: Any = Field(description="'yes'/'pass' in the auction, 'pickup' or a game for Hand, "
                                    "{discard, game} after the pick-up, a card in play; {'hint': true} asks for a hint")


class JobRequest(_Strict):
    kind: Literal["bid", "declare"]
    params: dict[str, Any]


class PositionRequest(_Strict):
    record: dict[str, Any] = Field(description='a deal record (deal-json) whose "played" ends at the position')
    samples: int = Field(JUDGING.samples, ge=0, le=256,
                         description="worlds the mover's cards are valued on by what he knew, the same for every "
                                     "card (0: the double-dummy values alone, at once)")
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)
    line: bool = Field(True, description="the best line from the position, every card open")


class MoveRequest(_Strict):
    record: dict[str, Any] = Field(description='a deal record whose "played" ends at the position')
    player: Opponent = Field("best", description="the computer player who chooses the card")  # type: ignore[valid-type]
    strength: int = Field(1, ge=1, le=3)
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)


class CompareRequest(_Strict):
    record: dict[str, Any] = Field(description="the deal record as played")
    at: int = Field(ge=0, le=32, description="the cards played before the position played on from")
    cards: list[str] = Field(max_length=32, description="the cards played on from there, to the end")


class PuzzlesRequest(_Strict):
    record: dict[str, Any] | None = None
    iss: str | None = Field(None, max_length=MAX_BODY)
    samples: int = Field(64, ge=8, le=256, description="worlds a candidate position's cards are valued on")
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)


class ChallengeRequest(_Strict):
    code: str = Field(max_length=40, description="a challenge code, like 12S-1ZA-9B")
    opponents: Opponent = "best"  # type: ignore[valid-type]
    strength: int = Field(1, ge=1, le=3)
