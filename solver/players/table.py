"""The table: one deal from the shuffle to the score, and a match of deals.

Pure logic: it asks its players (computer players, or a person through the
command line) and returns records; it prints nothing.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

import numpy as np

from ..bidding import Auction, auction_record, parse_calls
from ..cards import CARD_NAMES, card_codes, popcount
from ..fair import FairDeck, commitment, dealt_text, shuffled
from ..deal import Deal, ramsch_record, score_deal, score_ramsch, shuffle  # noqa: F401 - shuffle: the table's name too
from ..games import RAMSCH, SEATS, Declaration
from ..house import (BockRounds, HouseRules, bock_events, check_ramsch_discard, kontra_call,
                     may_say_kontra)
from ..match import MatchSheet
from ..play import spitze_card
from ..inference import auction_facts
from ..scoring import multiplied, next_bid, table_scores
from ..state import GameState
from ..variants import find_variant, variant_of_deal
from .base import Player, PlayView
from .registry import DEAL_PLAYERS, PLAYER_MAKERS, VIEWS, part


#: Every event a match tells its ``on_event(kind, data)``, with what ``data`` holds, in the order
#: a deal tells them.  Front ends (the terminal, the browser's tables, ``skat join``) handle each
#: kind once; ``tests/test_play.py`` checks that every kind the table sends is here and that the
#: terminal has a way for each.
EVENTS: dict[str, str] = {
    "deal": "number, dealer, seats (seat -> player), bock_round: a deal starts",
    "dealt": "hands: every seat's cards (a front end passes on only its own)",
    "auction": "history, declarer, value: the auction as it went",
    "passed": "(nothing): all passed, the deal is passed in",
    "ramsch": "deal, pushes: all passed and a Ramsch is played",
    "push": "seat, pushes: a Schieberamsch seat passed the skat on unseen",
    "pickup": "seat, skat: the declarer (or a Ramsch seat) picks up the skat",
    "declaration": "declarer, declaration, bid, deal: the game is declared",
    "kontra": "seat: a defender doubles",
    "re": "seat: the declarer redoubles",
    "bock": "seat: a defender doubles again (house rule)",
    "hirsch": "seat: the declarer doubles again (house rule)",
    "piles": "piles: Offiziersskat's two piles as everybody sees them",
    "card": "seat, card, trick: a card is played",
    "trick": "winner, points, seats, cards: a trick is complete",
    "clock": "seat, left: a seat's time left after its card (the clock on)",
    "timeout": "seat, card: a seat ran out of time; its card was chosen for it",
    "result": "the deal's result (declarer, declaration, reason, score; a Ramsch's points and scores)",
    "record": "record: the deal record of the finished deal",
    "sheet": "sheet: the score sheet after the deal",
}


class IllegalMove(ValueError):
    """A player's choice the rules do not allow; the message gives the reason."""


@dataclass
class TableOptions:
    scoring: str = "simple"                 # or "seeger-fabian"
    clock: bool = False                     # 120 s to start, +10 s after a move of at most 10 s, capped at 120 s
    house: HouseRules = field(default_factory=HouseRules)   # Kontra too: the house rule "kontra"
    table_size: int = 3                     # 4: the dealer sits out; Seeger-Fabian defenders get 30

    def kontra_calls(self) -> tuple[tuple[str, int, str], ...]:
        return self.house.kontra_calls()


@dataclass
class DealResult:
    """The finished deal: a deal record (played), auction, result per seat."""

    dealt: Any                               # the cards as dealt (classic: F, M, R hands and the skat)
    auction: list[tuple[int, str]]
    deal: Any                                # the variant's deal record (None when passed in)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0])     # per seat
    result: dict = field(default_factory=dict)
    kontra: int = 1                          # 1, 2 (Kontra), 4 (Re), 8 (Bock) or 16 (Hirsch)
    bock_round: bool = False                 # played in a Bock round (scores doubled)
    timeouts: list[tuple[int, int]] = field(default_factory=list)   # (seat, card index) of moves over the clock
    variant: str = "skat"                    # the registry's name of the deal's variant
    commitment: str | None = None            # a fair deck's: SHA-256 of the deal's secret and cards (solver.fair)
    reveal: dict | None = None               # ... and the secret and cards, told when the deal ends

    @property
    def passed(self) -> bool:
        return self.deal is None

    @property
    def is_ramsch(self) -> bool:
        """A classic Ramsch: nobody declared, every seat plays for itself (an Offiziersskat Ramsch
        is declared by F)."""
        return self.deal is not None and self.deal.declarer < 0

    @property
    def game(self) -> str | None:
        """The game's name as the score sheet writes it (None when passed in)."""
        if self.deal is None:
            return None
        return "ramsch" if self.is_ramsch else self.result.get("declaration") or self.result.get("game")

    def multipliers(self) -> str:
        """What multiplied this deal's settlement, for the score sheet: the Kontra chain's last
        call, a Ramsch's unseen passes and Jungfrau (Bock rounds are marked apart)."""
        parts = []
        if self.kontra > 1:
            parts.append(f"{str(kontra_call(self.kontra)).capitalize()} x{self.kontra}")
        if self.is_ramsch:
            n = self.deal.pushes
            if n:
                parts.append(f"{n} push{'es' if n > 1 else ''} x{2 ** n}")
            j = len(self.result.get("jungfrau") or []) if not self.result.get("durchmarsch") else 0
            if j:
                parts.append(f"Jungfrau x{2 ** j}")
        return ", ".join(parts)

    def to_record(self) -> dict:
        if self.deal is None:
            rec = {"hands": {SEATS[p]: card_codes(self.dealt[p]) for p in range(3)},
                   "skat": card_codes(self.dealt[3]), "passed": True}
        else:
            rec = self.deal.to_record()
        if self.variant == "skat":
            rec["auction"] = auction_record(self.auction)
        rec["result"] = self.result
        if self.kontra > 1:
            rec["kontra"] = kontra_call(self.kontra)
        if self.bock_round:
            rec["bock_round"] = True
        if self.timeouts:
            rec["timeouts"] = [{"seat": SEATS[s], "card": i + 1} for s, i in self.timeouts]
        if self.commitment is not None:
            rec["commitment"], rec["reveal"] = self.commitment, self.reveal
        return rec


def run_auction(players: list[Player], hands: list[int], auction: Auction | None = None) -> Auction:
    """Each player bids or holds up to its own limit (``Player.max_bid``); a player that says
    ``interactive`` is asked every call instead (``Player.call``)."""
    a = auction or Auction()
    limits = [None if players[p].interactive else players[p].max_bid(hands[p], p) for p in range(3)]

    def says_yes(seat: int, kind: str, value: int) -> bool:
        limit = limits[seat]
        if limit is None:
            return players[seat].call(hands[seat], seat, kind, value, list(a.history))
        return limit >= value

    while not a.done:
        seat, kind = a.to_act()
        if kind == "play18":
            a.bid(18) if says_yes(0, kind, 18) else a.pass_()
        elif kind == "answer":
            a.hold() if says_yes(seat, kind, a.value) else a.pass_()
        else:
            nxt = next_bid(a.value)
            a.bid(nxt) if nxt is not None and says_yes(seat, kind, nxt) else a.pass_()
    return a


def play_deal(players: list[Player], dealt: Any, options: TableOptions | None = None,
              on_event: Callable[[str, dict], None] | None = None, bock: int = 1,
              variant: str = "skat") -> DealResult:
    """One deal of ``variant`` at the table, from the cards as dealt (the variant's
    :meth:`~solver.variants.Variant.shuffle`) to the score: the variant's registered deal
    (:data:`~solver.players.registry.DEAL_PLAYERS`) asks its questions before the play (the
    auction, the declaration, Kontra), then the one card loop :func:`play_out`; ``players`` in
    seat order; ``bock`` 2: a deal of a Bock round."""
    return part(DEAL_PLAYERS, variant, "deal at the table")(players, dealt, options or TableOptions(), on_event,
                                                            bock)


def play_skat_deal(players: list[Player], dealt: list[int], options: TableOptions | None = None,
                   on_event: Callable[[str, dict], None] | None = None, bock: int = 1) -> DealResult:
    """Classic Skat's phases: bid, declare and play one deal; seats 0 F, 1 M, 2 R (players in
    seat order); ``bock`` 2: a deal of a Bock round (its scores doubled by
    :func:`~solver.scoring.multiplied`)."""
    opts = options or TableOptions()
    event = on_event or (lambda kind, data: None)
    hands = list(dealt[:3])
    event("dealt", {"hands": list(hands)})          # every seat's cards: a front end passes on only its own
    auction = run_auction(players, hands)
    event("auction", {"history": auction.history, "declarer": auction.declarer, "value": auction.value})
    if auction.passed_in:
        if "ramsch" in opts.house:
            return play_ramsch(players, dealt, auction, opts, event, bock)
        res = DealResult(dealt, auction.history, None, result={"passed": True, "score": 0}, bock_round=bock > 1)
        event("passed", {})
        return res
    d, bid = auction.declarer, auction.value
    if d is None:                                       # (not passed in: somebody won the auction)
        raise IllegalMove("the auction ended without a declarer")
    decl = players[d].choose_hand(hands[d], d, bid)
    if decl is not None:
        skat = dealt[3]
        if not decl.hand:
            raise IllegalMove("choose_hand must return a Hand declaration")
    else:
        twelve = hands[d] | dealt[3]
        event("pickup", {"seat": d, "skat": dealt[3]})
        discard, decl = players[d].declare(twelve, d, bid, auction=list(auction.history))
        if popcount(discard) != 2 or discard & ~twelve:
            raise IllegalMove("the discard must be two of the declarer's twelve cards")
        if decl.hand:
            raise IllegalMove("a Hand game cannot be declared after picking up the skat")
        hands[d] = twelve & ~discard
        skat = discard
    if "spitze" in opts.house and not decl.is_null and (hands[d] >> spitze_card(decl.game)) & 1 and \
            players[d].spitze(hands[d], d, decl, 0 if decl.hand else skat, bid):
        decl = dataclasses.replace(decl, spitze=True)
    deal = Deal(hands, skat, d, decl, [], bid, extra={"auction": auction_record(auction.history)})
    event("declaration", {"declarer": d, "declaration": decl, "bid": bid, "deal": deal})
    result = DealResult(dealt, auction.history, deal, bock_round=bock > 1)
    clocks = [120.0, 120.0, 120.0]
    kontra_asked = [False, False, False]
    calls = opts.kontra_calls()
    bids = auction_facts(auction.history).bid

    def before_card(st: GameState, p: int, view: PlayView) -> None:
        # the Kontra chain: before his first card a defender who may starts it; the declarer
        # and that defender answer in turn (Re, Bock, Hirsch) as far as the table allows
        if calls and p != d and not kontra_asked[p] and result.kontra == 1 and may_say_kontra(p, d, bids):
            kontra_asked[p] = True
            for name, factor, who in calls:
                seat = p if who == "defender" else d
                if not players[seat].kontra(view if seat == p else view_of(st, d, deal), name):
                    break
                result.kontra = factor
                event(name, {"seat": seat})

    def after_card(st: GameState, p: int, card: int, trick_no: int, used: float) -> None:
        if opts.clock:
            clocks[p] -= used
            if clocks[p] < 0:
                result.timeouts.append((p, len(deal.played) - 1))
                event("timeout", {"seat": p, "card": len(deal.played)})
            clocks[p] = min(120.0, max(clocks[p], 0.0) + (10.0 if used <= 10 else 0.0))
            event("clock", {"seat": p, "left": round(clocks[p], 1)})
        card_events(event, deal, st, p, card, trick_no)

    play_out(deal, players, before_card, after_card)
    game, st = score_deal(deal)
    decl_score, def_score = table_scores(game, opts.scoring, kontra=result.kontra, players=opts.table_size, bock=bock)
    scores = [def_score] * 3
    scores[d] = decl_score
    score, _ = multiplied(game.score, game.won, "simple", kontra=result.kontra, bock=bock)
    result.scores = scores
    result.result = {"declarer": SEATS[d], "declaration": decl.name, "bid": bid, "won": game.won,
                     "declarer_points": st.declarer_points, "game_value": game.game_value, "score": score,
                     "reason": game.reason, "scores": {SEATS[q]: scores[q] for q in range(3)}}
    event("result", result.result)
    return result


def play_ramsch(players: list[Player], dealt: list[int], auction: Auction, opts: TableOptions,
                event: Callable[[str, dict], None], bock: int = 1) -> DealResult:
    """Everybody passed and the table plays Ramsch (house rule): with Schieberamsch F, M, R in
    turn pick up the skat and put two cards back (no jack) or pass it on unseen; then every
    seat plays for itself and the most card points lose (:func:`solver.house.ramsch_scores`)."""
    hands = list(dealt[:3])
    skat = dealt[3]
    pushes = 0
    if "schieberamsch" in opts.house:
        for seat in range(3):
            if players[seat].ramsch_pickup(hands[seat], seat):
                twelve = hands[seat] | skat
                event("pickup", {"seat": seat, "skat": skat})
                discard = players[seat].ramsch_discard(twelve, seat)
                try:
                    check_ramsch_discard(twelve, discard)
                except ValueError as e:
                    raise IllegalMove(f"{SEATS[seat]} in Schieberamsch: {e}") from None
                hands[seat] = twelve & ~discard
                skat = discard
            else:
                pushes += 1
                event("push", {"seat": seat, "pushes": pushes})
    deal = Deal(hands, skat, -1, Declaration(RAMSCH), [], None,
                extra={"auction": auction_record(auction.history)}, pushes=pushes)
    event("ramsch", {"deal": deal, "pushes": pushes})
    result = DealResult(dealt, auction.history, deal, bock_round=bock > 1)

    play_out(deal, players, None,
             lambda st, p, card, trick_no, used: card_events(event, deal, st, p, card, trick_no))
    res, st = score_ramsch(deal)
    result.result = {"game": "ramsch", "pushes": pushes, **ramsch_record(res, st, bock)}
    result.scores = [result.result["scores"][s] for s in SEATS]
    event("result", result.result)
    return result


def card_events(event: Callable[[str, dict], None], deal: Deal, st: GameState, p: int, card: int,
                trick_no: int) -> None:
    """The events of a card played: the card, and the trick when it completed one."""
    event("card", {"seat": p, "card": card, "trick": trick_no})
    if st.trick_number > trick_no:
        event("trick", {"winner": st.trick_winners[-1], "points": st.trick_points[-1],
                        "cards": deal.played[-3:], "seats": st.seats[-3:]})


def view_of(state: GameState, seat: int, deal: Deal) -> PlayView:
    """What ``seat`` sees: its cards, the play so far, the skat when it is the declarer who put
    it away (not in a Hand game, where nobody sees it before the end), an Ouvert declarer's
    hand, and the auction (a record's ``auction``, as the table writes it)."""
    d = deal.declarer
    knows_skat = seat == d and not deal.declaration.hand      # his discard; a Hand game's skat stays hidden
    return PlayView.of(state, seat, skat=deal.skat if knows_skat else None,
                       shown={d: state.hands[d]} if deal.declaration.ouvert and seat != d else None,
                       auction=parse_calls(deal.extra.get("auction") or []), bid=deal.bid or 0)


def play_out(deal: Any, players: list[Player],
             before_card: Callable[[Any, int, Any], None] | None = None,
             after_card: Callable[[Any, int, int, int, float], None] | None = None) -> Any:
    """The one card loop of every variant: play ``deal`` from its position to the end, each
    seat's card chosen by ``players[seat]`` from what the variant lets that seat see (its
    registered view, :data:`~solver.players.registry.VIEWS`); the deal's played cards grow
    card by card.
    Returns the final state.

    ``before_card(state, seat, view)`` runs before each choice (Kontra), ``after_card(state,
    seat, card, trick number, seconds used)`` after it.  A card the rules do not allow raises
    :class:`IllegalMove` with the reason.
    """
    variant = variant_of_deal(deal)
    view_of_seat = part(VIEWS, variant.name, "view")
    st = variant.replay(deal)
    played = variant.played(deal)
    while not st.finished:
        p = st.to_move
        view = view_of_seat(deal, st, p)
        if before_card:
            before_card(st, p, view)
        t = time.perf_counter()
        card = players[p].play(view)
        used = time.perf_counter() - t
        trick_no = st.trick_number
        try:
            st.push(card)
        except ValueError as e:                          # IllegalCard, OffiziersError: the rules' reason
            raise IllegalMove(f"{variant.seats[p]} played {CARD_NAMES[card]}, which is not legal: {e}") from None
        played.append(card)
        if after_card:
            after_card(st, p, card, trick_no, used)
    return st


class Partner(Player):
    """Duel mode's partner: plays and doubles as ``inner`` does, never bids (so always defends)."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.name = inner.name

    def max_bid(self, hand: int, seat: int) -> int:
        return 0

    def kontra(self, view: PlayView, call: str = "kontra") -> bool:
        return self.inner.kontra(view, call)

    def play(self, view: PlayView) -> int:
        return self.inner.play(view)


def play_match(players: list[Player], *, deals: int = 12, seed: int = 0, options: TableOptions | None = None,
               names: tuple[str, ...] | None = None,
               on_event: Callable[[str, dict], None] | None = None, rounds: int | None = None,
               target: int | None = None, duel: bool = False,
               variant: str = "skat", deck: FairDeck | None = None) -> tuple[MatchSheet, list[DealResult]]:
    """A match of ``variant``: ``players`` are the players (not seats); the dealer rotates
    clockwise (classic Skat at four: the dealer sits out; Offiziersskat: the two take turns).
    ``duel``: the third player is a partner who never bids and always defends, and whose score
    does not count (seed 002).

    Its length: ``deals``, or ``rounds`` (every player deals once a round), or a point
    ``target`` (the round in which a total reaches it is played to its end).  With the house
    rule ``bock-rounds`` a game lost with Kontra, a 60:60 or a won Grand Hand queues a Bock
    round in which every score counts double.

    ``deck``: deal from a fair deck (:mod:`solver.fair`) instead of ``seed``: who deals first and
    every deal's cards follow from its secret, each deal's ``deal`` event carries its
    ``commitment`` and each result its ``reveal``.
    """
    v = find_variant(variant)
    opts = dataclasses.replace(options or TableOptions(), table_size=len(players))
    if duel:
        if len(players) != 3 or v.name != "skat":
            raise ValueError("duel mode is for three: you, the opponent and the partner")
        players = [players[0], players[1], Partner(players[2])]
    v.check_match(len(players), len(players) * rounds if rounds else deals)
    rng = np.random.default_rng(seed)
    first = v.first_dealer(deck.rng("first dealer") if deck else rng, len(players))
    sheet = MatchSheet(players=names or tuple(p.name for p in players),
                       deals=len(players) * rounds if rounds else deals, first_dealer=first,
                       target=target, counted=(True, True, False) if duel else None, seats=v.seats)
    bock = BockRounds(players=3) if "bock-rounds" in opts.house else None
    results = []
    event = on_event or (lambda kind, data: None)
    k = 0
    while not sheet.finished:
        seat_player = [sheet.seat_player(k, s) for s in v.seats]          # seat -> player index
        factor = bock.next_deal() if bock else 1
        commit = None
        if deck is None:
            dealt = v.shuffle(rng)
        else:
            secret = deck.secret(k + 1)
            order = shuffled(secret)
            dealt, commit = v.deal_of(order), commitment(secret, order)
        event("deal", {"number": k + 1, "dealer": sheet.dealer, "seats": seat_player, "bock_round": factor > 1,
                       **({"commitment": commit} if commit else {})})
        r = play_deal([players[i] for i in seat_player], dealt, opts, on_event, factor, v.name)
        if commit is not None:
            r.commitment, r.reveal = commit, {"secret": secret, "dealt": dealt_text(order)}
        results.append(r)
        if r.passed:
            sheet.record(passed=True, bock=factor > 1)
        elif r.is_ramsch:
            sheet.record(game="ramsch", seat_scores={seat_player[q]: r.scores[q] for q in range(len(v.seats))},
                         bock=factor > 1, multipliers=r.multipliers())
        else:
            d = r.deal.declarer
            defender = [r.scores[q] for q in range(len(v.seats)) if q != d][0]
            sheet.record(declarer_player=seat_player[d], score=r.scores[d], game=r.game,
                         defender_score=defender, bock=factor > 1, multipliers=r.multipliers())
            if bock:
                bock.add(bock_events(r.deal.declaration, r.result["won"], r.result["declarer_points"], r.kontra))
        event("record", {"record": r.to_record()})
        event("sheet", {"sheet": sheet})
        k += 1
    return sheet, results


__all__ = ["DealResult", "IllegalMove", "Partner", "TableOptions", "play_deal", "play_match", "play_out",
           "play_skat_deal", "run_auction",
           "shuffle", "view_of"]


def make_player(name: str, seed: int, strength: dict | None = None, *, bid_seed: int | None = None,
                scoring: str = "seeger-fabian", variant: str = "skat") -> Player:
    """A computer player of ``variant`` by name (its registered maker,
    :data:`~solver.players.registry.PLAYER_MAKERS`)."""
    return part(PLAYER_MAKERS, variant, "computer player")(name, seed, strength, bid_seed, scoring)


DEAL_PLAYERS["skat"] = play_skat_deal
VIEWS["skat"] = lambda deal, state, seat: view_of(state, seat, deal)
