"""ISS game records (one game a line) -> deal records, auction and recorded result.

A line looks like ``(;GM[Skat]...ID[541932]...MV[w <32 cards> 1 p 2 18 0 p 2 s
w H8.CK 2 D.ST.H8 0 SA ...]R[d:2 loss v:-54 m:-2 bidok p:59 ...] ;)``.
Cards 0-9 of the deal are F's, 10-19 M's, 20-29 R's, 30-31 the skat; players
0, 1, 2 are F, M, R.  Moves: bids (numbers), ``y`` (hold), ``p`` (pass),
``s`` (pick up the skat; the server then shows it as ``w <2 cards>``), a
declaration such as ``D.ST.H8`` (game letter G C S H D N; suffixes H Hand,
O Ouvert, S Schneider announced, Z Schwarz announced; then the discard),
card plays, and the endings ``RE``/``SC`` (resigned), ``TI.n`` (time-out),
``LE.n`` (left).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .bidding import Auction, BiddingError, auction_record
from .cards import CARD_NAMES, CardParseError, card_codes, iter_cards, parse_card, parse_card_list, sort_key
from .deal import Deal, DealError, replay, score_deal  # noqa: F401
from .games import GAME_LETTERS, NULL, SEATS, Declaration, DeclarationError


class IssError(ValueError):
    """An ISS line that cannot be read; the message says which part and why."""


@dataclass
class IssGame:
    id: str | None
    players: list[str]
    dealt: list[list[int]]               # the three hands and the skat as dealt
    auction: list[tuple[int, str]]
    passed: bool
    deal: Deal | None                    # None when passed in
    recorded: dict[str, Any]             # the R[...] block, parsed
    ended_early: str | None = None       # 'resigned' | 'timeout' | 'left'
    ended_by: int | None = None          # the seat that resigned / timed out / left
    extra: dict[str, Any] = field(default_factory=dict)

    def to_record(self) -> dict:
        """A deal record (JSON-ready) with the auction and recorded result as extra keys."""
        if self.deal is not None:
            rec = self.deal.to_record()
        else:
            rec = {"id": self.id,
                   "hands": {SEATS[p]: card_codes(sum(1 << c for c in self.dealt[p])) for p in range(3)},
                   "skat": [CARD_NAMES[c] for c in self.dealt[3]], "passed": True}
        rec["auction"] = auction_record(self.auction)
        rec["iss_result"] = self.recorded
        rec["players"] = self.players
        if self.ended_early:
            rec["ended_early"] = self.ended_early
        return rec


_PROP = re.compile(r"([A-Z][A-Z0-9]*)\[([^\]]*)\]")


def parse_result(text: str) -> dict[str, Any]:
    """``d:2 loss v:-54 m:-2 bidok p:59 ...`` -> {'declarer': 2, 'won': False, 'v': -54, ...}."""
    text = text.strip()
    if text == "passed" or text.startswith("passed"):
        return {"passed": True}
    out: dict[str, Any] = {}
    for tok in text.split():
        if tok in ("win", "loss"):
            out["won"] = tok == "win"
        elif tok in ("bidok", "overbid"):
            out["overbid"] = tok == "overbid"
        elif tok == "penalty":
            out["penalty"] = True
        elif ":" in tok:
            k, v = tok.split(":", 1)
            try:
                out[k] = int(v)
            except ValueError:
                try:
                    out[k] = float(v)
                except ValueError:
                    out[k] = v
    if "d" in out:
        out["declarer"] = out.pop("d")
    return out


def _decl_code(code: str) -> Declaration:
    if not code or code[0] not in GAME_LETTERS:
        raise IssError(f"declaration {code!r}: unknown game letter {code[:1]!r} (expected G C S H D N)")
    game = "DHSCGN".index(code[0])
    flags = set(code[1:])
    bad = flags - set("HOSZ")
    if bad:
        raise IssError(f"declaration {code!r}: unknown suffix {''.join(sorted(bad))!r}")
    ouvert = "O" in flags
    hand = "H" in flags or (ouvert and game != NULL)
    try:
        return Declaration(game, hand=hand, schneider="S" in flags or "Z" in flags,
                           schwarz="Z" in flags, ouvert=ouvert)
    except DeclarationError as e:
        raise IssError(f"declaration {code!r}: {e}") from None


def _is_decl(tok: str) -> bool:
    head = tok.split(".")[0]
    return bool(head) and head[0] in GAME_LETTERS and set(head[1:]) <= set("HOSZ") and \
        not (len(head) == 2 and head[1] in "789TJQKA")


def parse_line(line: str) -> IssGame:
    """Parse one ISS game line."""
    props = dict(_PROP.findall(line))
    if "MV" not in props:
        raise IssError("no move list MV[...]")
    toks = props["MV"].split()
    if len(toks) < 2 or toks[0] != "w":
        raise IssError("the move list must start with 'w' and the 32 dealt cards")
    cards = _cards(toks[1].replace(".", " "), "dealt cards")
    if len(cards) != 32:
        raise IssError(f"dealt cards: expected 32, got {len(cards)}")
    dealt = [cards[0:10], cards[10:20], cards[20:30], cards[30:32]]
    recorded = parse_result(props.get("R", ""))
    players = [props.get(f"P{i}", "") for i in range(3)]
    moves = _Moves()
    i = 2
    while i < len(toks):
        who, i = toks[i], i + 1
        if i >= len(toks):
            raise IssError(f"move list ends after player {who!r}")
        mv, i = toks[i], i + 1
        if who == "w":
            continue                          # the server showing cards (skat, ouvert hand)
        if who not in ("0", "1", "2"):
            raise IssError(f"unknown player {who!r} at move {mv!r}")
        moves.take(int(who), mv)
    gid = props.get("ID")
    auction = moves.auction
    if auction.passed_in or not auction.done:
        if not auction.done:
            raise IssError("the auction did not finish")
        return IssGame(gid, players, dealt, moves.history, True, None, recorded)
    return IssGame(gid, players, dealt, moves.history, False, moves.deal(dealt, gid), recorded, moves.ended,
                   moves.ended_by)


def _cards(text: str | list[str], what: str) -> list[int]:
    """Cards of a move list, in order; a bad one is an :class:`IssError` naming ``what`` it was."""
    try:
        return parse_card_list(text)
    except CardParseError as e:
        raise IssError(f"{what}: {e}") from None


@dataclass
class _Moves:
    """What a move list says after the deal, read one move at a time (:meth:`take`): the
    auction, the declaration, the skat picked up and put away, the cards played, and how a game
    ended early."""

    auction: Auction = field(default_factory=Auction)
    history: list[tuple[int, str]] = field(default_factory=list)
    decl: Declaration | None = None
    declarer: int | None = None
    discard: list[int] | None = None
    picked_up: bool = False
    played: list[int] = field(default_factory=list)
    ended: str | None = None
    ended_by: int | None = None

    def take(self, p: int, mv: str) -> None:
        """Seat ``p``'s move ``mv``."""
        if not self.auction.done:
            self._call(p, mv)
        elif mv in ("RE", "SC") or mv.startswith(("TI.", "LE.")):
            if self.ended is None:
                self.ended = {"RE": "resigned", "SC": "resigned", "TI": "timeout", "LE": "left"}[mv[:2]]
                self.ended_by = int(mv[3:]) if "." in mv and mv[3:].isdigit() else p
        elif mv == "s":
            self.picked_up = True
        elif self.decl is None and _is_decl(mv):
            parts = mv.split(".")
            self.decl = _decl_code(parts[0])
            self.declarer = p
            shown = _cards(parts[1:], f"declaration {mv!r}") if len(parts) > 1 else []
            if self.picked_up:
                self.discard = shown[:2] if len(shown) >= 2 else None
        elif self.picked_up and self.discard is None and (self.decl is not None or mv.count(".") == 1):
            # the discard after the declaration, or first with the declaration a move of its own
            self.discard = _cards(mv.replace(".", " "), f"discard {mv!r}")
        else:
            try:
                self.played.append(parse_card(mv))
            except CardParseError as e:
                raise IssError(f"move {mv!r} by {SEATS[p]}: {e}") from None

    def _call(self, p: int, mv: str) -> None:
        """A call of the auction: pass, hold (yes) or a bid."""
        try:
            if mv == "p":
                self.auction.pass_()
            elif mv == "y":
                self.auction.hold()
            elif mv.isdigit():
                self.auction.bid(int(mv))
            else:
                raise IssError(f"move {mv!r} by {SEATS[p]} during the auction")
        except BiddingError as e:
            raise IssError(f"auction, {SEATS[p]} {mv!r}: {e}") from None
        self.history.append((p, mv))

    def deal(self, dealt: list[list[int]], gid: str | None) -> Deal:
        """The deal the moves played on the cards ``dealt``, checked against the rules (a bad one
        is an :class:`IssError` that says what does not fit)."""
        decl, declarer, auction, discard = self.decl, self.declarer, self.auction, self.discard
        if decl is None or declarer is None or auction.declarer is None:
            raise IssError("no declaration after the auction")
        if declarer != auction.declarer:
            raise IssError(f"{SEATS[declarer]} declared but {SEATS[auction.declarer]} won the auction")
        hands = [sum(1 << c for c in h) for h in dealt[:3]]
        skat = sum(1 << c for c in dealt[3])
        if self.picked_up:
            if discard is None or len(discard) != 2:
                raise IssError("the skat was picked up but no two-card discard was given")
            twelve = hands[declarer] | skat
            d = sum(1 << c for c in discard)
            if d & ~twelve:
                raise IssError(f"discard {' '.join(CARD_NAMES[c] for c in discard)} is not in the declarer's "
                               f"twelve cards")
            hands[declarer] = twelve & ~d
            skat = d
        elif not decl.hand:
            raise IssError("a game without a skat pick-up must be a Hand game")
        # the auction goes with the deal: what each player knew of the others' hands (the review's
        # and the advice's worlds are drawn by it)
        deal = Deal(hands, skat, declarer, decl, self.played, auction.value, 0, gid,
                    extra={"auction": auction_record(self.history)})
        try:
            replay(deal)
        except DealError as e:
            raise IssError(str(e)) from None
        return deal


def is_iss_line(line: str) -> bool:
    s = line.lstrip()
    return s.startswith("(;") or s.startswith("GM[") or "MV[" in s


def iss_name(name: str) -> str:
    """A player's name as a game line may hold it: one line, no bracket that would end the
    property (each such character, and any other that is not printable, becomes ``_``).

    >>> iss_name("ann]R[passed] ;)\\n(;GM[Skat")
    'ann_R_passed_ ;)_(;GM_Skat'
    """
    return "".join("_" if c in "[]\\" or not c.isprintable() else c for c in name)


def _safe_names(players: tuple[str, str, str]) -> tuple[str, str, str]:
    return (iss_name(players[0]), iss_name(players[1]), iss_name(players[2]))


def format_line(dealt: list[int], auction: list[tuple[int, str]], deal: Deal | None, game_id: str = "",
                players: tuple[str, str, str] = ("P0", "P1", "P2")) -> str:
    """An ISS-style game line for a deal played here (the inverse of :func:`parse_line`).

    ``dealt`` holds F's, M's and R's hands and the skat as dealt; ``auction``
    the calls as (seat, '18' | 'y' | 'p').  The result block is ours:
    ``d:`` declarer, win/loss, ``v:`` settlement, ``m:`` matadors, ``p:``
    points, ``t:`` tricks, ``s:``/``z:`` Schneider/Schwarz reached.
    """
    cards = []
    for s in dealt[:3]:
        cards += sorted(iter_cards(s), key=sort_key)
    cards += sorted(iter_cards(dealt[3]), key=sort_key)
    moves = ["w", ".".join(CARD_NAMES[c] for c in cards)]
    for seat, call in auction:
        moves += [str(seat), call]
    if deal is None:
        body = " ".join(moves)
        players = _safe_names(players)
        return f"(;GM[Skat]PC[skat-solver]ID[{game_id}]P0[{players[0]}]P1[{players[1]}]P2[{players[2]}]" \
               f"MV[{body} ]R[passed] ;)"
    d = deal.declarer
    decl = deal.declaration
    code = GAME_LETTERS[decl.game] + ("H" if decl.hand else "") + ("O" if decl.ouvert else "") + \
        ("S" if decl.schneider and not decl.schwarz else "") + ("Z" if decl.schwarz else "")
    if decl.hand:
        moves += [str(d), code]
    else:
        moves += [str(d), "s", "w", ".".join(CARD_NAMES[c] for c in sorted(iter_cards(dealt[3]), key=sort_key))]
        moves += [str(d), code + "." + ".".join(CARD_NAMES[c] for c in sorted(iter_cards(deal.skat), key=sort_key))]
    st = deal.start_state()
    for c in deal.played:
        moves += [str(st.to_move), CARD_NAMES[c]]
        st.push(c)
    res, fin = score_deal(deal)
    players = _safe_names(players)
    r = f"d:{d} {'win' if res.won else 'loss'} v:{res.score} m:{res.matadors} " \
        f"{'overbid' if res.overbid else 'bidok'} p:{fin.declarer_points} t:{fin.declarer_tricks} " \
        f"s:{int(res.schneider)} z:{int(res.schwarz)}"
    return f"(;GM[Skat]PC[skat-solver]ID[{game_id}]P0[{players[0]}]P1[{players[1]}]P2[{players[2]}]" \
           f"MV[{' '.join(moves)} ]R[{r}] ;)"
