"""Matches in the browser: each game runs in a process of its own, the person answering through queues.

The match is the library's :func:`~solver.players.table.play_match`, with the
person as :class:`WebPlayer`: every decision becomes a *question* put on the
out-queue (what to decide, the cards, what is legal), and the answer comes
back on the in-queue.  Table events (the auction, each card, each trick,
results, the score sheet, the finished deal's record) go out as JSON too.  A
wrong answer is asked again with the reason; ``{"hint": true}`` asks for a
hint: in the auction and before the pick-up the bid advice for the person's
cards and the auction so far, at the discard the declare advice, in play the
best card by what the person knows (the review's judgement, no hidden card
used) with the double-dummy card as a second, labelled line.  A hint never
ends the match: one that cannot be given says why.
"""

from __future__ import annotations

import os
from typing import Any

from solver.fair import FairDeck
from solver.cards import CARD_NAMES, CardParseError, card_codes, parse_card, parse_card_list
from solver.games import GAME_NAMES, SEATS, Declaration, DeclarationError
from solver.house import HouseRules, check_ramsch_discard
from solver.offiziersskat import SIDES, PileView, offiziers_game
from solver.iss import format_line
from solver.players import Player, PlayView, RulePlayer
from solver.play import spitze_card
from solver.players.table import TableOptions, make_player, play_match
from solver.variants import find_variant

from solver.hints import hint_for, no_hint
from .lifeline import die_with


class Abandoned(Exception):
    """The page went away: the match ends."""


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, Declaration):
        return x.name
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    if hasattr(x, "entries"):                                   # the match sheet
        return {"players": list(x.players), "totals": list(x.totals()), "counted": list(x.counts),
                "entries": [{"number": e.number, "passed": e.passed, "scores": list(e.scores), "bock": e.bock,
                             "multipliers": e.multipliers}
                            for e in x.entries]}
    return str(x)


def _event(kind: str, data: dict, seats: str = "FMR") -> dict:
    """An event for the page: cards by name, seats by letter (``seats``: the variant's, FMR or
    Offiziersskat's FR)."""
    if kind == "piles":                                         # Offiziersskat: the piles as everybody sees them
        return {"kind": kind, "piles": _piles(data["piles"])}
    out = {"kind": kind} | {k: _jsonable(v) for k, v in data.items()}
    if isinstance(data.get("card"), int):
        out["card"] = CARD_NAMES[data["card"]]
    if isinstance(data.get("skat"), int):
        out["skat"] = card_codes(data["skat"])
    if kind == "hand":
        out["cards"] = card_codes(data["cards"])
    if kind == "trick":
        out["cards"] = [CARD_NAMES[c] for c in data["cards"]]
    if kind == "auction":
        out["history"] = [[SEATS[p], m] for p, m in data["history"]]
    for key in ("seat", "declarer", "winner"):
        if isinstance(data.get(key), int):
            out[key] = seats[data[key]]
    return out


#: A Hand question's answers that are always taken: pick up, or a game played Hand
HAND_ANSWERS = ["pickup", "diamonds", "hearts", "spades", "clubs", "grand", "null", "null ouvert"]
#: The games a declarer may name after the pick-up
DECLARE_GAMES = ["diamonds", "hearts", "spades", "clubs", "grand", "null", "null ouvert"]


def _pairs(cards: list[str]) -> list[tuple[str, str]]:
    """Every two of ``cards`` (a discard), in the cards' order."""
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def _two_cards(answer: Any, ask: str) -> int:
    """The two cards of an answer (a list of codes, or one string), as a card set; else a
    ValueError saying ``ask``."""
    cards = parse_card_list(" ".join(answer) if isinstance(answer, list) else answer)
    if len(set(cards)) != 2:
        raise ValueError(ask)
    return sum(1 << c for c in cards)


def _piles(piles: Any) -> list:
    """Offiziersskat's piles as everybody sees them, by card name: per side, per pile
    [open card or None, a face-down card there]."""
    return [[[None if top is None else CARD_NAMES[top], down] for top, down in side] for side in piles]


class TimedOut(Exception):
    """The person's clock ran out on this question: the table's computer decides for him."""


class WebPlayer(Player):
    """A person at the table, answering through queues: each question goes out on ``outbox``
    tagged with the player's ``index`` (with the answers always accepted, ``legal``), each
    answer comes in on ``inbox`` and is acknowledged (taken, or refused with the rule); at a
    time-out (``{"timeout": true}``) the ``fallback`` computer decides this one question."""

    name = "you"
    interactive = True

    def __init__(self, inbox, outbox, deal_box: dict, auto_bid: int | None = None, index: int = 0,
                 fallback: Player | None = None, hidden_hint: bool = True):
        self.inbox, self.outbox, self.box = inbox, outbox, deal_box
        self.auto_bid = auto_bid                # bid and hold by itself up to this value (None: ask)
        self.index, self.fallback = index, fallback
        self.hidden_hint = hidden_hint          # the hint may add a line labelled as seeing every card

    def _ask(self, question: dict, timed_out: Any = None) -> Any:
        error = None
        public = {k: v for k, v in question.items() if not k.startswith("_")}
        while True:
            self.outbox.put(("question", self.index, public | {"error": error}))
            answer = self.inbox.get()
            if answer is None:
                raise Abandoned()
            if isinstance(answer, dict) and answer.get("hint"):
                self.outbox.put(("hint", self.index, self._hint(question)))
                error = None
                continue
            if isinstance(answer, dict) and answer.get("timeout") and timed_out is not None:
                self.outbox.put(("ack", self.index, {"ok": True, "timeout": True}))
                return timed_out()
            try:
                taken = question["_check"](answer)
            except (ValueError, KeyError, TypeError, CardParseError, DeclarationError) as e:
                error = str(e)
                self.outbox.put(("ack", self.index, {"ok": False, "error": error}))
                continue
            self.outbox.put(("ack", self.index, {"ok": True}))
            return taken

    def _hint(self, q: dict) -> dict:
        """The hint for question ``q`` (see the module docs); a hint that fails says why and the
        match goes on."""
        try:
            return self._advise(q)
        except Exception as e:                      # noqa: BLE001 - a hint must never end the match
            return no_hint(e)

    def _advise(self, q: dict) -> dict:
        return hint_for(q, self.box.get("auction"), self.box.get("deal") if self.hidden_hint else None)

    def _fallback(self) -> Player:
        """The computer that decides a question the person's clock ran out on."""
        if self.fallback is None:
            self.fallback = RulePlayer()
        return self.fallback

    # the auction
    def call(self, hand: int, seat: int, kind: str, value: int, history) -> bool:
        if self.auto_bid is not None:                   # "bid automatically up to": nobody sees the limit
            return value <= self.auto_bid

        def check(a):
            if a not in ("yes", "pass"):
                raise ValueError("answer yes or pass")
            return a == "yes"
        return self._ask({"kind": kind, "seat": SEATS[seat], "cards": card_codes(hand), "value": value,
                          "history": [[SEATS[p], m] for p, m in history], "legal": ["yes", "pass"],
                          "_check": check, "_hand": hand, "_seat": seat, "_history": list(history)},
                         lambda: self._fallback().max_bid(hand, seat) >= value)

    def choose_hand(self, hand: int, seat: int, bid: int) -> Declaration | None:
        def check(a):
            if a == "pickup":
                return None
            return Declaration.typed(a, hand=True)
        return self._ask({"kind": "hand", "cards": card_codes(hand), "bid": bid, "legal": HAND_ANSWERS,
                          "_check": check, "_hand": hand, "_seat": seat},
                         lambda: self._fallback().choose_hand(hand, seat, bid))

    def declare(self, twelve: int, seat: int, bid: int, *,
                auction: list[tuple[int, str]] | None = None) -> tuple[int, Declaration]:
        def check(a):
            d = _two_cards(a["discard"], "put away two cards")
            if d & ~twelve:
                raise ValueError(f"{' '.join(card_codes(d & ~twelve))} is not among your twelve cards")
            return d, Declaration.typed(a["game"], hand=False)
        return self._ask({"kind": "discard", "cards": card_codes(twelve), "bid": bid,
                          "legal": [{"discard": list(pair), "game": g} for pair in _pairs(card_codes(twelve))
                                    for g in DECLARE_GAMES],
                          "_check": check, "_twelve": twelve, "_seat": seat},
                         lambda: self._fallback().declare(twelve, seat, bid, auction=auction))

    def kontra(self, view: PlayView, call: str = "kontra") -> bool:
        return self._ask({"kind": call, "legal": ["yes", "no"], "_check": lambda a: a == "yes"},
                         lambda: self._fallback().kontra(view, call))

    def spitze(self, hand: int, seat: int, declaration: Declaration, skat: int, bid: int) -> bool:
        def check(a):
            if a not in ("yes", "no"):
                raise ValueError("answer yes or no")
            return a == "yes"
        return self._ask({"kind": "spitze", "cards": card_codes(hand), "game": declaration.name,
                          "card": CARD_NAMES[spitze_card(declaration.game)], "legal": ["yes", "no"], "_check": check},
                         lambda: False)

    def ramsch_pickup(self, hand: int, seat: int) -> bool:
        def check(a):
            if a not in ("pickup", "push"):
                raise ValueError("answer pickup or push")
            return a == "pickup"
        return self._ask({"kind": "ramsch-pickup", "cards": card_codes(hand), "legal": ["pickup", "push"],
                          "_check": check, "_hand": hand}, lambda: self._fallback().ramsch_pickup(hand, seat))

    def ramsch_discard(self, twelve: int, seat: int) -> int:
        def check(a):
            d = _two_cards(a["discard"], "put back two cards")
            check_ramsch_discard(twelve, d)         # two of the twelve, no jack: the error names the rule
            return d
        return self._ask({"kind": "ramsch-discard", "cards": card_codes(twelve),
                          "legal": [{"discard": list(pair)} for pair in _pairs(card_codes(twelve)) if "J" not in
                                    pair[0][1] + pair[1][1]],
                          "_check": check, "_twelve": twelve}, lambda: self._fallback().ramsch_discard(twelve, seat))

    def choose_game(self, up_cards: int, seat: int, games: tuple[int, ...]) -> int:
        """Offiziersskat: the first player's game, declared from his face-up cards."""
        names = [GAME_NAMES[g] for g in games]

        def check(a):
            g = offiziers_game(a)
            if g not in games:
                raise ValueError(f"{a!r} is not one of {', '.join(names)}")
            return g
        return self._ask({"kind": "offiziers-game", "cards": card_codes(up_cards), "games": names, "legal": names,
                          "_check": check, "_up": up_cards, "_seat": seat, "_games": games},
                         lambda: self._fallback().choose_game(up_cards, seat, games))

    def play(self, view: Any) -> int:
        legal = view.legal()
        if isinstance(view, PileView):                 # Offiziersskat: the piles, the open cards played

            def check_pile(a):
                c = parse_card(a)
                view.check(c)                       # OffiziersError (a ValueError) names the rule
                return c
            return self._ask({"kind": "card", "variant": "offiziersskat", "seat": SIDES[view.seat],
                              "cards": card_codes(legal), "legal": card_codes(legal),
                              "piles": _piles(view.piles),
                              "trick": [CARD_NAMES[c] for c in view.trick], "points": list(view.points),
                              "_check": check_pile, "_view": view}, lambda: self._fallback().play(view))

        def check(a):
            c = parse_card(a)
            view.check(c)                           # IllegalCard (a ValueError) names the rule
            return c
        return self._ask({"kind": "card", "seat": SEATS[view.seat], "cards": card_codes(view.hand),
                          "legal": card_codes(legal), "game": view.declaration.name,
                          "declarer": SEATS[view.declarer] if view.declarer >= 0 else None,     # (Ramsch: none)
                          "trick": [[SEATS[(view.leader + i) % 3], CARD_NAMES[c]] for i, c in enumerate(view.trick)],
                          "shown": {SEATS[s]: card_codes(h) for s, h in view.shown.items()}, "_check": check,
                          "_view": view}, lambda: self._fallback().play(view))


def _house_rules(options: dict[str, Any]) -> HouseRules:
    """The form's house rules; its Kontra box is the house rule "kontra"."""
    rules = HouseRules.parse(options.get("house"))
    return rules.adding("kontra") if options.get("kontra") else rules


def default_names(options: dict, table: int) -> tuple[str, ...]:
    """The players' names of one person's match against computers: "you", and the computers by
    their place (duel mode: your opponent and your partner)."""
    if options.get("duel"):
        return ("you", "opponent", "partner")
    return ("you", "computer") if table == 2 else ("you",) + tuple(f"computer {i}" for i in range(1, table))


def run_game(options: dict, inbox, outbox) -> None:
    """One person against computers (the browser's match): a table whose player 0 is the person
    and whose other seats are computers (:func:`run_table`)."""
    table = 2 if (options.get("variant") or "skat") == "offiziersskat" else int(options.get("players") or 3)
    seats = [{"kind": "person", "auto_bid": options.get("auto_bid")}] + \
        [{"kind": "computer", "player": options.get("opponents", "best")} for _ in range(1, table)]
    run_table(dict(options, seats=seats), [inbox] + [None] * (table - 1), outbox)


def computer_player(spec: str, seed: int, options: dict, variant: str = "skat") -> Player:
    """A computer seat's player: ``spec`` 'NAME' or 'best:LEVEL' (the strength of this seat;
    without one, the table's ``options["strength"]``).

    >>> computer_player("best:3", 0, {"strength": 1}).samples, computer_player("best", 0, {"strength": 2}).samples
    (64, 32)
    """
    name, _, level = spec.partition(":")
    return make_player(name, seed, {"level": int(level or options.get("strength", 1))},
                       scoring=options.get("scoring", "simple"), variant=variant)


def run_table(options: dict, inboxes: list, outbox, control=None) -> None:
    """A match at one table, in its own process: ``options["seats"]`` by player index, each a
    person (``{"kind": "person", "auto_bid", "name"}``, answering through ``inboxes[i]``) or a
    computer (``{"kind": "computer", "player": "best"}``).  Every message on ``outbox`` says
    whom it is for: ``("question" | "hint" | "ack", player, data)`` for one person,
    ``("event", audience, event)`` for the players in ``audience`` (None: everybody) -- a
    person's own cards and the skat he picks up go to him alone -- and ``("end", None, data)``
    with the standings, the deal records and the ISS lines.  With several persons at the table
    no hint uses a hidden card.  With ``options["pause"]`` (seconds) and a ``control`` queue, the
    table stops after each deal but the last (``("pause", None, {"seconds"})``) until the server
    puts anything on ``control``: every person sees the deal's end (the server lets it go on
    when all are ready, or the seconds are up)."""
    die_with(int(options.get("server") or os.getppid()))
    box: dict = {}
    # a table of people deals from its secret (provably fair, nobody can predict a card); a seed
    # only where no stranger sits (skat play, the arena, a person's own match against computers)
    deck = FairDeck.from_hex(options["secret"]) if options.get("secret") else None
    seed = deck.seed("computers") if deck else int(options.get("seed") or 0)
    variant = find_variant(options.get("variant") or "skat")
    specs = options["seats"]
    persons = [i for i, sp in enumerate(specs) if sp["kind"] == "person"]
    scoring = options.get("scoring", "simple")
    players: list[Player] = []
    for i, sp in enumerate(specs):
        if sp["kind"] == "person":
            fallback = make_player("rules", seed + 100 + i, variant=variant.name)     # decides at a time-out
            players.append(WebPlayer(inboxes[i], outbox, box, sp.get("auto_bid"), index=i, fallback=fallback,
                                     hidden_hint=len(persons) == 1))
        else:
            players.append(computer_player(sp.get("player") or "best", seed + i, options, variant.name))
    duel = bool(options.get("duel"))
    table = len(specs)
    names = tuple(options.get("names") or default_names(options, table))
    seats = "".join(variant.seats)
    everybody = tuple(range(table))

    def on_event(kind: str, data: dict) -> None:
        audience: tuple[int, ...] | None = None
        if kind == "deal":
            box["seats"] = list(data["seats"])               # seat -> player index
            box.setdefault("every_deal", []).append(list(data["seats"]))
            box["deal"] = None
            data = dict(data, names=list(names))             # the players' names, by player index
        if kind == "dealt":                                  # each person's own cards, before any question
            for seat, hand in enumerate(data["hands"]):
                p = box["seats"][seat]
                if p in persons:
                    outbox.put(("event", (p,), _event("hand", {"cards": hand}, seats)))
            return
        if kind in ("declaration", "ramsch"):
            box["deal"] = data["deal"]                       # for the double-dummy hint, never sent
        if kind == "auction":
            box["auction"] = list(data["history"])           # the hints' auction as it went
        if kind == "pickup" and "skat" in data:              # only the one who picks it up sees it
            picker = box["seats"][data["seat"]]
            if picker in persons:
                outbox.put(("event", (picker,), _event(kind, data, seats)))
            data = {k: v for k, v in data.items() if k != "skat"}
            audience = tuple(p for p in everybody if p != picker)
        outbox.put(("event", audience, _event(kind, {k: v for k, v in data.items() if k != "deal"}, seats)))
        if kind == "sheet" and control is not None and options.get("pause") and not data["sheet"].finished:
            outbox.put(("pause", None, {"seconds": float(options["pause"])}))
            if control.get() is None:                        # (the table is stopped meanwhile)
                raise Abandoned()
        if kind == "declaration" and variant.name == "skat" and not data["declaration"].hand:
            declarer = box["seats"][data["declarer"]]        # his ten after the pick-up, and the two put away
            if declarer in persons:
                deal = data["deal"]
                outbox.put(("event", (declarer,), {"kind": "discarded", "cards": card_codes(deal.hands[deal.declarer]),
                                                   "put_away": card_codes(deal.skat)}))

    try:
        sheet, results = play_match(players, deals=int(options.get("deals", 1)), seed=seed,
                                    options=TableOptions(scoring, bool(options.get("clock")), _house_rules(options)),
                                    names=names, on_event=on_event, duel=duel, variant=variant.name,
                                    rounds=options.get("rounds"), target=options.get("target"), deck=deck)
        outbox.put(("end", None, {"standings": [[place, name, total] for place, name, total in sheet.standings()],
                                  "sheet": _jsonable(sheet),
                                  "records": [_jsonable(dict(r.to_record(), players={
                                      letter: str(names[p]) for letter, p in zip(seats, by_seat)}))
                                      for r, by_seat in zip(results, box.get("every_deal", []))],
                                  "iss": _iss_lines(results, box.get("every_deal", []), names, variant.name)}))
    except Abandoned:
        outbox.put(("end", None, {"abandoned": True}))
    except Exception as e:                                      # pragma: no cover - shown to the page
        outbox.put(("end", None, {"error": f"{type(e).__name__}: {e}"}))


def _iss_lines(results: list, deal_seats: list[list[int]], names: tuple, variant: str) -> list[str]:
    """The match's deals as ISS game lines, each with its players by seat (classic Skat; ISS has
    neither Ramsch nor Offiziersskat)."""
    if variant != "skat":
        return []
    lines = []
    for k, (r, by_seat) in enumerate(zip(results, deal_seats), start=1):
        if not r.is_ramsch:
            who = [str(names[p]) for p in by_seat]
            lines.append(format_line(r.dealt, r.auction, r.deal, str(k), (who[0], who[1], who[2])))
    return lines
