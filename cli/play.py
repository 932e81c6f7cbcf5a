"""``skat play`` (a match against two computer players) and ``skat arena``."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from solver.bidding import auto_bid_limit
from solver.cards import (CARD_NAMES, CardParseError, card_set, format_card, format_cards, iter_cards, parse_card,
                          parse_card_list, sort_key)
from solver.games import RAMSCH, SEATS, Declaration
from solver.play import display_order, spitze_card
from solver.players import PLAYERS, Player, PlayView
from solver.players.arena import run_arena
from solver.players.table import TableOptions, make_player, play_match
from solver.house import HOUSE_OPTIONS, HouseRules, check_ramsch_discard
from solver.offiziersskat import PileView, offiziers_game
from solver.scoring import SCORINGS, check_bid
from solver.state import IllegalCard
from solver.hints import hint_for, no_hint

from solver.challenge import MAX_DEALS, Challenge, ChallengeError, at_plain_table, duplicate

from .io import open_output
from .play_on import play_from


GERMAN_SUITS = {"C": "Eichel", "S": "Grün", "H": "Herz", "D": "Schellen"}


class Prompter:
    """Reads the person's answers from stdin (a terminal or a pipe).  ``?`` at any prompt shows
    the hint for the question (:func:`~solver.hints.hint_for`, the browser's hints) and asks again;
    ``box`` holds what the table told so far (the auction, and the deal for the line labelled
    double-dummy)."""

    def __init__(self, console: Console, deck: str):
        self.console, self.deck = console, deck
        self.box: dict = {}

    def cards(self, cards, game: int | None = None) -> str:
        if game is not None:
            cs = display_order(cards, game)
        else:
            cs = sorted(iter_cards(cards) if isinstance(cards, int) else cards, key=sort_key)
        if self.deck == "german":
            return " ".join(format_card(c, "prague") for c in cs)
        return " ".join(format_card(c, "symbol") for c in cs)

    def ask(self, prompt: str, question: dict | None = None) -> str:
        while True:
            self.console.print(prompt, end=" ")
            line = sys.stdin.readline()
            if not line:
                raise click.ClickException("input ended: the match is abandoned")
            if line.strip() != "?":
                return line.strip()
            self.console.print(self.hint(question), style="cyan")

    def hint(self, question: dict | None) -> str:
        """The hint's text for ``question`` (none for a question that has none)."""
        if question is None:
            return "no hint for this question"
        try:
            return "hint: " + hint_for(question, self.box.get("auction"), self.box.get("deal"))["text"]
        except Exception as e:                      # noqa: BLE001 - a hint must never end the match
            return "hint: " + no_hint(e)["text"]

    def ask_until(self, prompt: str, read, question: dict | None = None):
        """Ask until ``read(answer)`` returns without a ValueError (whose message is shown)."""
        while True:
            try:
                return read(self.ask(prompt, question))
            except ValueError as e:
                self.console.print(str(e))

    def choose(self, prompt: str, answers: dict[str, Any], question: dict | None = None) -> Any:
        """Ask until the answer is one of ``answers`` (any case); the value it stands for."""
        def read(ans: str) -> Any:
            if ans.lower() not in answers:
                raise ValueError(f"answer {' or '.join(dict.fromkeys(_first_words(answers)))}")
            return answers[ans.lower()]
        return self.ask_until(prompt, read, question)


def _first_words(answers: dict[str, Any]) -> list[str]:
    """One word per value, the first given for it ("y", "n")."""
    seen: dict[Any, str] = {}
    for word, value in answers.items():
        seen.setdefault(value, word)
    return list(seen.values())


YES_NO = {"y": True, "yes": True, "n": False, "no": False}
HINT = "(? hint)"


class HumanPlayer(Player):
    """The person at the table: every decision is asked on the console; ``?`` gives a hint."""

    name = "you"

    def __init__(self, prompter: Prompter, auto_bid: int | None = None):
        self.p, self.auto = prompter, auto_bid

    def max_bid(self, hand: int, seat: int) -> int:
        self.p.console.print(f"\nYou are {SEATS[seat]}. Your cards: {self.p.cards(hand)}")
        if self.auto is not None:
            self.p.console.print(f"(bidding automatically up to {self.auto})")
            return self.auto
        q: dict[str, Any] = {"kind": "bid", "value": None, "_hand": hand, "_seat": seat, "_history": []}

        def read(ans: str) -> int:
            if not ans:
                raise ValueError("type a bid value, or 0 to pass")
            try:
                v = int(ans)
            except ValueError:
                raise ValueError(f"'{ans}' is not a number: type a bid value, or 0 to pass") from None
            return v if v == 0 else check_bid(v)
        return self.p.ask_until(f"Bid up to (a value like 18, 20, 23 ... or 0 to pass) {HINT}:", read, q)

    def choose_hand(self, hand: int, seat: int, bid: int) -> Declaration | None:
        self.p.console.print(f"You won the auction at {bid}. Your cards: {self.p.cards(hand)}")
        q = {"kind": "hand", "bid": bid, "_hand": hand, "_seat": seat}
        if self.p.choose(f"Pick up the skat (p) or play Hand (h) {HINT}?",
                         {"p": "pick", "pick": "pick", "h": "hand", "hand": "hand"}, q) == "pick":
            return None
        return self._declaration(hand=True, question=q)

    def declare(self, twelve: int, seat: int, bid: int, *,
                auction: list[tuple[int, str]] | None = None) -> tuple[int, Declaration]:
        self.p.console.print(f"Your twelve cards: {self.p.cards(twelve)}")
        q = {"kind": "discard", "bid": bid, "_twelve": twelve, "_seat": seat}

        def read(ans: str) -> int:
            cards = parse_card_list(ans)
            d = card_set(cards)
            if len(cards) != 2 or d.bit_count() != 2:
                raise ValueError(f"name two cards, not {len(cards)}")
            if d & ~twelve:
                raise ValueError(f"{format_cards(d & ~twelve)} is not among your twelve cards")
            return d
        d = self.p.ask_until(f"Discard two cards {HINT}:", read, q)
        return d, self._declaration(hand=False, question=q)

    def _declaration(self, hand: bool, question: dict | None = None) -> Declaration:
        extra = "; add ouvert, schneider or schwarz" if hand else ", or null ouvert"

        def read(ans: str) -> Declaration:
            if not ans.strip():
                raise ValueError("name a game")
            return Declaration.typed(ans, hand)
        return self.p.ask_until(f"Game (diamonds hearts spades clubs grand null{extra}):", read, question)

    def kontra(self, view: PlayView, call: str = "kontra") -> bool:
        return self.p.choose(f"{call.capitalize()}? (y/n)", YES_NO)

    def spitze(self, hand: int, seat: int, declaration: Declaration, skat: int, bid: int) -> bool:
        low = CARD_NAMES[spitze_card(declaration.game)]
        return self.p.choose(f"Announce Spitze (win the last trick with {low}, one more level)? (y/n)", YES_NO)

    def ramsch_pickup(self, hand: int, seat: int) -> bool:
        self.p.console.print(f"Schieberamsch. Your cards: {self.p.cards(hand, RAMSCH)}")
        return self.p.choose(f"Pick up the skat (p) or pass it on unseen (s, doubles the deal) {HINT}?",
                             {"p": True, "pick": True, "s": False, "pass": False, "push": False},
                             {"kind": "ramsch-pickup", "_hand": hand})

    def ramsch_discard(self, twelve: int, seat: int) -> int:
        self.p.console.print(f"Your twelve cards: {self.p.cards(twelve, RAMSCH)}")

        def read(ans: str) -> int:
            d = card_set(parse_card_list(ans))
            check_ramsch_discard(twelve, d)
            return d
        return self.p.ask_until(f"Put two cards back (no jack) {HINT}:", read,
                                {"kind": "ramsch-discard", "_twelve": twelve})

    def play(self, view: PlayView) -> int:
        c = self.p.console
        if view.trick:
            c.print("trick: " + " ".join(f"{SEATS[(view.leader + i) % 3]} {self.p.cards([x])}"
                                         for i, x in enumerate(view.trick)))
        if view.shown:
            for s, h in view.shown.items():
                c.print(f"{SEATS[s]} (ouvert) shows: {self.p.cards(h)}")
        legal = view.legal()
        q = {"kind": "card", "_view": view}
        while True:
            ans = self.p.ask(f"Your cards {self.p.cards(view.hand, view.declaration.game)} — play "
                             f"('history', ? hint):", q)
            if ans.lower() == "history":
                for i in range(0, len(view.history), 3):
                    c.print(f"  trick {i // 3 + 1}: " + " ".join(f"{SEATS[s]} {self.p.cards([x])}"
                                                                 for s, x in view.history[i:i + 3]))
                continue
            try:
                card = parse_card(ans)
            except CardParseError as e:
                c.print(str(e))
                continue
            try:
                view.check(card)
            except IllegalCard as e:
                # a card of his that does not follow: show the ones that do
                c.print(f"{e} ({self.p.cards(legal)})" if (view.hand >> card) & 1 else str(e))
                continue
            return card


class HumanOffiziers(Player):
    """The person at an Offiziersskat table: the piles are drawn, every decision asked."""

    name = "you"

    def __init__(self, prompter: Prompter):
        self.p = prompter

    def choose_game(self, up_cards: int, seat: int, games: tuple[int, ...]) -> int:
        self.p.console.print(f"You declare. Your upper cards: {self.p.cards(up_cards)}")
        return self.p.ask_until(f"Game (diamonds hearts spades clubs grand ramsch) {HINT}:", offiziers_game,
                                {"kind": "offiziers-game", "_up": up_cards, "_seat": seat, "_games": games})

    def kontra(self, view: PileView, call: str = "kontra") -> bool:
        self.show(view)
        return self.p.choose(f"{call.capitalize()}? (y/n)", YES_NO)

    def show(self, view: PileView) -> None:
        c = self.p.console
        side = view.seat
        legal = view.legal()
        for s, who in ((1 - side, "opponent"), (side, "you")):
            tops = []
            for card, covered in view.piles[s]:
                if card is None:
                    tops.append("   ▒  " if covered else "  --  ")
                    continue
                mark = "*" if (legal >> card) & 1 else " "
                tops.append(f"{mark}{self.p.cards([card])}{'/▒' if covered else '  '}")
            c.print(f"{who:>8}: " + " ".join(tops))
        c.print(f"points: you {view.points[side]}, opponent {view.points[1 - side]}"
                "   (* playable, /▒ a face-down card under it)")

    def play(self, view: PileView) -> int:
        self.show(view)
        if view.trick:
            self.p.console.print(f"led: {self.p.cards([view.trick[0]])}")

        def read(ans: str) -> int:
            card = parse_card(ans)
            view.check(card)
            return card
        return self.p.ask_until(f"Play {HINT}:", read, {"kind": "card", "variant": "offiziersskat", "_view": view})


#: The match's events a person at the terminal is not shown: his own cards come with the
#: questions, the record and the clock's ticks are for the browser and the files.
QUIET_EVENTS = frozenset({"dealt", "card", "clock", "record", "piles"})


def _event_printer(console: Console, prompter: Prompter, human_seat_of, names=("you", "computer 1", "computer 2")):
    """The terminal's ``on_event``: one small handler for each kind of event the table tells
    (:data:`solver.players.table.EVENTS`), none for :data:`QUIET_EVENTS`."""

    def deal(data: dict) -> None:
        prompter.box.clear()
        seats = data["seats"]
        console.rule(f"deal {data['number']}")
        console.print("  ".join(f"{s}: {names[seats[i]]}" for i, s in enumerate(SEATS)))
        human_seat_of["seat"] = seats.index(0) if 0 in seats else None
        if 0 not in seats:
            console.print("you deal and sit this one out")
        if data.get("bock_round"):
            console.print("[bold]Bock round: this deal counts double[/bold]")

    def auction(data: dict) -> None:
        prompter.box["auction"] = list(data["history"])         # (what the hints may use)
        console.print(f"auction: {', '.join(f'{SEATS[s]} {m}' for s, m in data['history'])}")

    def declaration(data: dict) -> None:
        if data.get("deal") is not None:
            prompter.box["deal"] = data["deal"]                  # (for the hint labelled double-dummy)
        console.print(f"{SEATS[data['declarer']]} plays {data['declaration'].name} at {data['bid']}")

    def pickup(data: dict) -> None:
        if data["seat"] == human_seat_of.get("seat"):
            console.print(f"You pick up the skat: {prompter.cards(data['skat'])}")
        else:
            console.print(f"{SEATS[data['seat']]} picks up the skat")

    def trick(data: dict) -> None:
        played = "  ".join(f"{SEATS[s]} {prompter.cards([c])}" for s, c in zip(data["seats"], data["cards"]))
        console.print(f"  {played}  -> {SEATS[data['winner']]} takes it (+{data['points']})")

    def called(kind: str) -> Callable[[dict], None]:
        return lambda data: console.print(f"{SEATS[data['seat']]}: {kind.capitalize()}!")

    def ramsch(data: dict) -> None:
        if data.get("deal") is not None:
            prompter.box["deal"] = data["deal"]
        pushed = f" (skat passed on unseen {data['pushes']}x)" if data["pushes"] else ""
        console.print(f"all passed: Ramsch{pushed} -- each for himself, jacks are trumps, the most card points lose")

    def result(data: dict) -> None:
        if data.get("game") == "ramsch":
            pts = ", ".join(f"{s} {p}" for s, p in data["points"].items())
            extra = (f"; Durchmarsch by {data['durchmarsch']}" if data["durchmarsch"] else "") + \
                (f"; Jungfrau: {', '.join(data['jungfrau'])}" if data["jungfrau"] else "")
            scores = ", ".join(f"{s} {v:+d}" for s, v in data["scores"].items())
            console.print(f"result: Ramsch, card points {pts}{extra}; scores {scores}")
        else:
            console.print(f"result: {data['declarer']} {data['declaration']}: {data['reason']}, "
                          f"score {data['score']:+d}")

    def sheet(data: dict) -> None:
        sh = data["sheet"]
        t = Table(title="score sheet", show_header=True)
        t.add_column("deal")
        for n in sh.players:
            t.add_column(n, justify="right")
        for e in sh.entries:
            notes = ", ".join(x for x in (e.multipliers, "Bock x2" if e.bock else "") if x)
            t.add_row(f"{e.number}{' Ramsch' if e.game == 'ramsch' else ''}{f' ({notes})' if notes else ''}",
                      *[("passed" if e.passed else f"{e.scores[p]:+d}") for p in range(sh.size)])
        t.add_row("total", *[str(x) for x in sh.totals()])
        console.print(t)

    handlers: dict[str, Callable[[dict], None]] = {
        "deal": deal, "auction": auction, "declaration": declaration, "pickup": pickup, "trick": trick,
        "passed": lambda data: console.print("all passed: the deal is passed in"),
        "timeout": lambda data: console.print(f"[red]{SEATS[data['seat']]} ran out of time on that card[/red]"),
        **{k: called(k) for k in ("kontra", "re", "bock", "hirsch")},
        "ramsch": ramsch,
        "push": lambda data: console.print(f"{SEATS[data['seat']]} passes the skat on unseen"),
        "result": result, "sheet": sheet}

    return EventPrinter(handlers)


class EventPrinter:
    """``on_event`` from a table of handlers: each kind of event to its one handler, the
    :data:`QUIET_EVENTS` to none (``handles``: the kinds it prints)."""

    def __init__(self, handlers: dict[str, Callable[[dict], None]]):
        self.handlers = handlers
        self.handles = frozenset(handlers)

    def __call__(self, kind: str, data: dict) -> None:
        if kind not in QUIET_EVENTS:
            self.handlers[kind](data)


def _auto_bid(value: int | None) -> int | None:
    try:
        return auto_bid_limit(value)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--auto-bid") from None


@click.command()
@click.option("--deals", type=click.IntRange(min=1), default=12, show_default=True, help="deals in the match")
@click.option("--seed", type=int, default=None, help="fixes the first dealer and the cards")
@click.option("--scoring", type=click.Choice(SCORINGS), default="simple", show_default=True,
              help="settlement: the game value, or tournament points (+50 won, -50 lost, 40 to the defenders)")
@click.option("--kontra", is_flag=True, help="defenders may double (Kontra), the declarer redouble (Re): "
              "the same as --house kontra")
@click.option("--house", default="", help="house rules, any of " + ",".join(HOUSE_OPTIONS) +
              " (ramsch: played when all pass; schieberamsch: the skat passed on or picked up first; bock and "
              "hirsch extend the Kontra chain; bock-rounds: double-score rounds; spitze: the declarer may "
              "announce winning the last trick with his lowest trump)")
@click.option("--players", "table", type=click.IntRange(3, 4), default=3, show_default=True,
              help="players at the table: 4 adds a third computer, and the dealer sits out each deal")
@click.option("--duel", is_flag=True, help="duel mode: you against one computer; a computer partner never bids "
                                           "and always defends, and his score does not count")
@click.option("--rounds", type=click.IntRange(min=1), default=None,
              help="play this many rounds (every player deals once a round) instead of --deals")
@click.option("--target", type=click.IntRange(min=1), default=None,
              help="play until a total reaches this many points (the round is finished)")
@click.option("--deck", type=click.Choice(["french", "german"]), default="french", show_default=True,
              help="card faces: French (♣ ♠ ♥ ♦) or German (Eichel, Grün, Herz, Schellen)")
@click.option("--clock", is_flag=True, help="2 minutes to start, +10 s after a quick move, capped at 2 minutes")
@click.option("--auto-bid", type=int, default=None, callback=lambda ctx, param, v: _auto_bid(v),
              help="bid and hold automatically up to this value (0: always pass; else 18 to 264)")
@click.option("--opponents", type=click.Choice(list(PLAYERS)), default="best",
              show_default=True, help="the computer players: best (inference and the game's stakes), plain PIMC, "
                                      "rules of thumb, or random cards")
@click.option("--strength", type=click.IntRange(1, 3), default=1, show_default=True,
              help="the computers' strength: 1 (quick), 2, 3 (more worlds a move, slower)")
@click.option("--offiziersskat", is_flag=True,
              help="the two-player game (seed 003): you against one computer, 16 cards each in 8 piles; "
                   "--deals must be even")
@click.option("--from", "from_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="play on from a position of a recorded game in this file (records or ISS lines): with --at")
@click.option("--game", "game_id", default=None, help="with --from: the game's id")
@click.option("--at", "at", type=click.IntRange(min=1), default=None,
              help="with --from: the position before card K (1: the opening lead)")
@click.option("--seat", type=click.Choice(["F", "M", "R"]), default=None,
              help="with --from: your seat (default: the one to play at the position)")
@click.option("--challenge", "challenge_code", default=None,
              help="play the deals a challenge code names (a plain match prints its code), then compare your "
                   "score with best's on the same cards")
def play(deals, seed, scoring, kontra, house, table, duel, rounds, target, deck, clock, auto_bid, opponents,
         strength, offiziersskat, from_file, game_id, at, seat, challenge_code):
    """Play a match against two computer players (by default the strongest, 'best').

    Type cards as codes (CJ, ST, H7) or symbols; 'history' shows the tricks
    so far. Works over a pipe too: answers are read line by line from stdin.

    With --from FILE --at K: play the rest of a recorded game from the
    position before card K (the same hands, trick and turn) against the
    computers, then compare your result with the game as played and with the
    best line double-dummy.

    \b
    Example: skat play --from data/iss_games.sgf --game 541932 --at 4
    """
    console = Console(highlight=False)
    prompter = Prompter(console, deck)
    if (from_file is None) != (at is None):
        raise click.BadParameter("--from and --at go together: the file and the position", param_hint="--from/--at")
    if from_file is not None:
        play_from(console, HumanPlayer(prompter), from_file, game_id, at, seat, opponents, strength, seed or 0)
        return
    if game_id is not None or seat is not None:
        raise click.BadParameter("--game and --seat choose a position with --from", param_hint="--game/--seat")
    plain = at_plain_table(house=house, kontra=kontra, players=table, duel=duel, rounds=rounds, target=target,
                           clock=clock, variant="offiziersskat" if offiziersskat else "skat")
    if challenge_code is not None:
        if not plain:
            raise click.BadParameter("a challenge is played at the plain table: no --house, --kontra, --players 4, "
                                     "--duel, --rounds, --target, --clock or --offiziersskat", param_hint="--challenge")
        try:
            challenge = Challenge.parse(challenge_code)
        except ChallengeError as e:
            raise click.BadParameter(str(e), param_hint="--challenge") from None
        play_challenge(console, prompter, challenge, auto_bid, opponents, strength)
        return
    seed = int(time.time()) % 100000 if seed is None else seed
    if plain:
        code = Challenge(deals=deals, seed=seed, scoring=scoring).code if deals <= MAX_DEALS else None
        if code:
            console.print(f"challenge code of these deals: {code} (skat play --challenge {code} plays them again "
                          "and compares with best)")
    if offiziersskat:
        _play_offiziers(console, prompter, deals, seed, opponents)
        return
    seat_box: dict = {}
    if duel and table == 4:
        raise click.BadParameter("duel mode is for three at the table", param_hint="--duel")
    players = [HumanPlayer(prompter, auto_bid)] + [
        make_player(opponents, seed + i, {"level": strength}, scoring=scoring) for i in range(1, table)]
    names = ("you", "opponent", "partner") if duel else ("you",) + tuple(f"computer {i}" for i in range(1, table))
    rules = _house(house)
    if kontra:                                          # --kontra: the house rule "kontra"
        rules = rules.adding("kontra")
    sheet, _ = play_match(players, deals=deals, seed=seed, options=TableOptions(scoring, clock, rules), rounds=rounds,
                          target=target, names=names, duel=duel,
                          on_event=_event_printer(console, prompter, seat_box, names))
    console.rule("final standings")
    for place, name, total in sheet.standings():
        console.print(f"{place}. {name}: {total:+d}")


def play_challenge(console: Console, prompter: Prompter, challenge: Challenge, auto_bid: int | None, opponents: str,
                   strength: int) -> None:
    """A challenge's deals against the computers, then the duplicate: ``best`` on the same
    cards in the person's seat."""
    names = ("you", "computer 1", "computer 2")
    console.print(f"challenge {challenge.code}: {challenge.deals} deal{'s' if challenge.deals != 1 else ''}, "
                  f"{challenge.scoring} scoring, against {opponents}")
    sheet, _ = challenge.play(HumanPlayer(prompter, auto_bid), opponents=opponents, strength=strength,
                              on_event=_event_printer(console, prompter, {}, names), names=names)
    console.rule("final standings")
    for place, name, total in sheet.standings():
        console.print(f"{place}. {name}: {total:+d}")
    console.print("the same cards with best in your seat...")
    dup = duplicate([e.scores[0] for e in sheet.entries], challenge.benchmark(opponents=opponents, strength=strength))
    t = Table(title=f"duplicate: challenge {challenge.code}", title_justify="left", box=None)
    for col in ("deal", "you", "best", "difference"):
        t.add_column(col, justify="right")
    for k, (e, d) in enumerate(zip(sheet.entries, dup["deals"]), 1):
        t.add_row(str(k), f"{e.scores[0]:+d}", f"{e.scores[0] - d:+d}", f"{d:+d}")
    t.add_row("total", f"{dup['you']:+d}", f"{dup['best']:+d}", f"{dup['difference']:+d}")
    console.print(t)


def _house(text: str) -> HouseRules:
    try:
        return HouseRules.parse(text)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--house") from None


@click.command()
@click.option("--players", "spec", default="best,pimc,rules", show_default=True,
              help="three of best, pimc, rules, random (and best's ablation variants best-bidding, "
                   "best-inference, best-search; best-2026-12, best frozen as the baseline)")
@click.option("--deals", type=click.IntRange(min=1), default=30, show_default=True,
              help="duplicate deals (each played 3 times)")
@click.option("--seed", type=int, default=0, show_default=True, help="fixes the cards and the computers' sampling")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help="worlds a move for best and pimc (default: pimc 12, best by --strength)")
@click.option("--strength", type=click.IntRange(1, 3), default=1, show_default=True, help="best's strength level")
@click.option("--house", default="", help="house rules, any of " + ",".join(HOUSE_OPTIONS))
@click.option("--out", type=click.Path(dir_okay=False), help="write every game as a deal record (JSONL)")
@click.option("--iss", "iss_out", type=click.Path(dir_okay=False), help="also write ISS-style game lines (.sgf)")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="processes (the same games whatever the number)")
@click.option("--rounds", type=click.IntRange(min=1), default=None,
              help="rounds instead of --deals (a duplicate deal's three seatings are a round: each type deals once)")
@click.option("--target", type=click.IntRange(min=1), default=None,
              help="stop after the round in which a type's total reaches this (at most --deals rounds)")
@click.option("--offiziersskat", is_flag=True,
              help="the two-player game: --players A,B (best, pimc, rules, random), each deal played twice, "
                   "each type once as the declaring first player")
@click.option("--json", "as_json", is_flag=True, help="the results as one JSON object")
def arena(spec, deals, seed, samples, strength, house, out, iss_out, workers, rounds, target, offiziersskat, as_json):
    """Computer against computer over duplicate deals: tournament points
    (Seeger-Fabian) per game for each player type with a 95% interval.
    With --offiziersskat: two players, the winner's score per game and the
    difference per deal."""
    types = [t.strip() for t in spec.split(",")]
    deals = rounds or deals
    variant = "offiziersskat" if offiziersskat else "skat"
    if offiziersskat and iss_out:
        raise click.UsageError("--iss writes classic Skat games: ISS has no Offiziersskat")
    rules = _house(house)
    fh = open_output(out, "--out")
    try:
        ih = open_output(iss_out, "--iss")
    except click.ClickException:
        if fh:                                   # leave nothing half-made behind
            fh.close()
            os.remove(out)
        raise
    err = Console(stderr=True)
    on_game = _game_writer(fh, None if as_json else err, 2 if offiziersskat else 3, deals)
    try:
        level = {"level": strength} | ({"samples": samples} if samples else {})
        res = run_arena(types, deals, seed=seed, strength=level, on_game=on_game,
                        on_iss=(lambda line: ih.write(line + "\n")) if ih else None, workers=workers, house=rules,
                        target=target, variant=variant)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    finally:
        for f in (fh, ih):
            if f:
                f.close()
    if as_json:
        click.echo(json.dumps(res))
        return
    err.print()
    title = "Offiziersskat arena" if offiziersskat else "arena"
    t = Table(title=f"{title}: {res['deals']} duplicate deals, {res['games']} games, seed {seed}")
    for col in ("player", "games", "points/game", "95% interval", "declared", "won", "lost"):
        t.add_column(col, justify="left" if col == "player" else "right")
    for p in res["players"]:
        t.add_row(p["player"], str(p["games"]), f"{p['points_per_game']:+.1f}",
                  f"{p['ci95'][0]:+.1f} … {p['ci95'][1]:+.1f}", str(p["declared"]), str(p["won"]), str(p["lost"]))
    if "difference" in res:
        d = res["difference"]
        t.add_row(f"difference {d['of']}", "", f"{d['per_game']:+.1f}",
                  f"{d['ci95'][0]:+.1f} … {d['ci95'][1]:+.1f}", "", "", "")
    Console().print(t)


def _game_writer(fh, progress: Console | None, games_per_deal: int, deals: int):
    """The arena's ``on_game``: every game as a JSON line in ``fh`` (flushed: nothing is lost if
    the run stops), and the deals done on ``progress``."""
    done = [0]

    def on_game(rec: dict) -> None:
        done[0] += 1
        if fh:
            fh.write(json.dumps(rec) + "\n")
            fh.flush()
        if progress is not None and done[0] % games_per_deal == 0:
            if progress.is_terminal:                  # one line redrawn in place
                progress.print(f"\r{done[0] // games_per_deal}/{deals} deals", end="")
            else:                                     # a log: a line each
                progress.print(f"{done[0] // games_per_deal}/{deals} deals")
    return on_game


def _play_offiziers(console: Console, prompter: Prompter, deals: int, seed: int, opponent: str) -> None:
    """A match of Offiziersskat at the one table (:func:`~solver.players.table.play_match`)."""
    names = ("you", "computer")
    players = [HumanOffiziers(prompter), make_player(opponent, seed + 1, variant="offiziersskat")]
    seat_of_you = {"seat": 0}

    def who(seat: int) -> str:
        return "you" if seat == seat_of_you["seat"] else "computer"

    def on(kind: str, data: dict) -> None:
        if kind == "deal":
            first, dealer = data["seats"]                      # the players sitting as F and R
            seat_of_you["seat"] = data["seats"].index(0)
            console.rule(f"deal {data['number']}: {names[first]} declare{'' if first == 0 else 's'}, "
                         f"{names[dealer]} deal{'' if dealer == 0 else 's'}")
        elif kind == "declaration":
            console.print(f"game: {data['game']}")
        elif kind in ("kontra", "re"):
            console.print(f"{who(data['seat'])}: {kind.capitalize()}!")
        elif kind == "trick":
            console.print("  " + " ".join(prompter.cards([c]) for c in data["cards"]) + f"  -> {who(data['winner'])}")
        elif kind == "result":
            mine = (data["winner"] == "F") == (seat_of_you["seat"] == 0)
            console.print(f"result: {data['reason']}; {'you' if mine else 'the computer'}"
                          f" score{'' if mine else 's'} {data['value']}")
        elif kind == "sheet":
            totals = data["sheet"].totals()
            console.print(f"totals: you {totals[0]}, computer {totals[1]}")
    try:
        sheet, _ = play_match(players, deals=deals, seed=seed, names=names, on_event=on, variant="offiziersskat")
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--deals") from None
    console.rule("final standings")
    for _, name, t in sheet.standings():
        console.print(f"{name}: {t}")
