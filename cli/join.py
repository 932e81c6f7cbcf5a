"""``skat join URL``: take a seat at a table of people from the terminal, over the bot API.

The invite link a host sends (``http://HOST:PORT/#table?id=ID&invite=INVITE``) is all it
needs: the seat is joined with a name, its token kept in the user's data folder (running the
command again returns to the seat), the table followed live (Server-Sent Events) and every
question asked at the prompt, as ``skat play`` asks it; ``?`` gives the table's hint.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from solver.cards import CARD_NAMES, CardParseError, parse_card
from solver.fair import check_record
from solver.games import SEAT_NAMES

from .io import data_folder
from .play import Prompter


#: an auction's calls in words
CALLS = {"y": "yes", "p": "pass"}
#: a card code in a server's text (the hint's "ST SA")
CARD_CODE = re.compile(r"\b[CSHD][789TJQKA]\b")


class Api:
    """The table's bot API at ``base`` with the seat's ``token``."""

    def __init__(self, base: str, table: str, token: str | None = None):
        self.base, self.table, self.token = base.rstrip("/"), table, token

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = json.dumps(body).encode() if body is not None else (b"{}" if method == "POST" else None)
        req = urllib.request.Request(f"{self.base}/api/tables/{self.table}{path}", data=data, method=method,
                                     headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")
        except urllib.error.URLError as e:
            raise click.ClickException(f"cannot reach {self.base}: {e.reason}") from None

    def events(self):
        """The seat's event stream: (kind, data) as they come."""
        req = urllib.request.Request(f"{self.base}/api/tables/{self.table}/events",
                                     headers={"Authorization": f"Bearer {self.token}", "Accept": "text/event-stream"})
        kind = None
        with urllib.request.urlopen(req, timeout=3600) as r:
            for raw in r:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind:
                    yield kind, json.loads(line[6:])
                    kind = None


def parse_invite(url: str) -> tuple[str, str, str]:
    """(server, table id, invite) of an invite link.

    >>> parse_invite("http://127.0.0.1:8000/#table?id=ab12&invite=XYZ")
    ('http://127.0.0.1:8000', 'ab12', 'XYZ')
    """
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qs(parts.fragment.partition("?")[2] or parts.query)
    if not parts.scheme or "id" not in query or "invite" not in query:
        raise click.BadParameter("an invite link looks like http://HOST:PORT/#table?id=ID&invite=INVITE",
                                 param_hint="URL")
    return f"{parts.scheme}://{parts.netloc}", query["id"][0], query["invite"][0]


def _seats_file() -> Path:
    return data_folder() / "seats.json"


def _saved(key: str) -> str | None:
    try:
        return json.loads(_seats_file().read_text()).get(key)
    except (OSError, ValueError):
        return None


def _save(key: str, token: str) -> None:
    f = _seats_file()
    try:
        seats = json.loads(f.read_text())
    except (OSError, ValueError):
        seats = {}
    seats[key] = token
    f.write_text(json.dumps(seats))


class Seat:
    """The terminal at one seat: prints what the table does, asks what the table asks."""

    def __init__(self, api: Api, console: Console, prompter: Prompter):
        self.api, self.c, self.p = api, console, prompter
        self.names: list[str] = []
        self.seats: list[int] = []
        self.player = 0

    def who(self, seat: str | int) -> str:
        letters = "FMR" if len(self.seats) == 3 else "FR"
        letter = letters[seat] if isinstance(seat, int) and 0 <= seat < len(letters) else str(seat)
        if letter not in letters or not self.seats:      # (a trick names its seats by number)
            return letter
        p = self.seats[letters.index(letter)]
        return "you" if p == self.player else self.names[p] if p < len(self.names) else letter

    def _cards(self, names: list[str]) -> str:
        return self.p.cards([parse_card(n) for n in names])

    def says(self, who: str, verb: str) -> str:
        """``who`` and the verb agreeing: 'you play', 'ann plays'."""
        return f"{who} {verb}" if who == "you" else f"{who} {verb}s"

    def in_words(self, text: str) -> str:
        """A server's text with its card codes (ST, SA) shown as the hand shows cards."""
        return CARD_CODE.sub(lambda m: self._cards([m.group(0)]), text)

    def show(self, ev: dict) -> None:
        k = ev["kind"]
        if k == "deal":
            self.seats, self.names = ev["seats"], ev.get("names") or self.names
            self.c.rule(f"deal {ev['number']}")
            letters = "FMR" if len(self.seats) == 3 else "FR"
            self.c.print(", ".join(f"{self.who(letter)} ({SEAT_NAMES[letter]})" for letter in letters))
            if ev.get("commitment"):
                self.c.print(f"the cards are fixed: commitment {ev['commitment'][:16]}… (checked when the deal ends)",
                             style="dim")
        elif k == "record" and ev.get("record", {}).get("reveal"):
            wrong = check_record(ev["record"])
            self.c.print("the deal is verified: its cards are the ones committed to" if not wrong else
                         f"[red]the deal is NOT verified: {'; '.join(wrong)}[/red]", style=None if wrong else "dim")
        elif k == "hand":
            self.c.print(f"Your cards: {self._cards(ev['cards'])}")
        elif k == "auction":
            self.c.print("auction: " + ", ".join(f"{self.who(s)} {CALLS.get(m, m)}" for s, m in ev["history"]))
        elif k == "pickup":
            seen = f": {self._cards(ev['skat'])}" if "skat" in ev else ""
            self.c.print(f"{self.who(ev['seat'])} picked up the skat{seen}")
        elif k == "discarded":
            self.c.print(f"You put away {self._cards(ev['put_away'])}; your cards: {self._cards(ev['cards'])}")
        elif k == "declaration":
            self.c.print(f"{self.says(self.who(ev['declarer']), 'play')} {ev.get('declaration') or ev.get('game')}"
                         + (f" at {ev['bid']}" if ev.get("bid") else ""))
        elif k == "trick":
            cards = "  ".join(f"{self.who(s)} {self._cards([c])}" for s, c in zip(ev["seats"], ev["cards"]))
            self.c.print(f"  {cards}  -> {self.says(self.who(ev['winner']), 'take')} it (+{ev['points']})")
        elif k == "result" and "declarer" in ev:
            self.c.print(f"result: {self.who(ev['declarer'])}, {ev['declaration']}: {ev['reason']}, "
                         f"score {ev['score']:+d}")
        elif k == "passed":
            self.c.print("all passed: the deal is thrown in")
        elif k == "timeout":
            self.c.print(f"[red]{ev.get('text', 'a clock ran out')}[/red]")
        elif k in ("kontra", "re", "bock", "hirsch"):
            self.c.print(f"{self.who(ev['seat'])}: {k.capitalize()}!")

    def ask(self, q: dict) -> None:
        """Ask the question at the prompt and send the answer.  The table asks again after a
        refused answer (with the rule) and after a hint (``?``), as a new question event."""
        kind = q["kind"]
        if q.get("error"):
            self.c.print(self.in_words(q["error"]))
        if kind in ("bid", "answer", "play18"):
            word = {"bid": f"Bid {q['value']}", "answer": f"Hold {q['value']}", "play18": "Play at 18"}[kind]
            a: Any = self._choose(f"{word} (y/n, ? hint)?", {"y": "yes", "yes": "yes", "n": "pass", "p": "pass",
                                                             "pass": "pass", "no": "pass"})
        elif kind == "hand":
            a = self._line("Pick up the skat (p) or name a game to play Hand (? hint):")
            a = "pickup" if a in ("p", "pickup") else a
        elif kind == "discard":
            self.c.print(f"Your twelve cards: {self._cards(q['cards'])}")
            d = self._discard(q["cards"])
            a = None if d is None else {"discard": d, "game": self._line(
                "Game (diamonds hearts spades clubs grand null, null ouvert):")}
        elif kind == "card":
            if q.get("trick"):                  # what is on the table before the card is asked
                self.c.print("on the table: " + "  ".join(f"{self.who(s)} {self._cards([c])}" for s, c in q["trick"]))
            a = self._line(f"Your cards {self._cards(q['cards'])} — play (? hint):")
        elif kind in ("kontra", "re", "bock", "hirsch", "spitze"):
            a = self._choose(f"{kind.capitalize()} (y/n)?", {"y": "yes", "yes": "yes", "n": "no", "no": "no"})
        elif kind == "ramsch-pickup":
            a = self._choose("Pick up the skat (p) or push it on (s)?", {"p": "pickup", "s": "push"})
        elif kind == "ramsch-discard":
            back = self._line("Put two cards back (no jack):")
            a = None if back is None else {"discard": back.split()}
        elif kind == "offiziers-game":
            a = self._line(f"Game ({' '.join(q['games'])}) (? hint):")
        elif kind == "next":
            self._line(f"The deal is over: press Enter for the next one (it starts in {round(q.get('seconds', 20))} s "
                       f"at the latest):")
            a = "next"
        else:
            a = self._line(f"{kind} (one of {q.get('legal')}):")
        if a is None:                            # "?": the hint comes as an event, then the question again
            self.api.call("POST", "/act", {"answer": {"hint": True}})
            return
        status, out = self.api.call("POST", "/act", {"answer": a})
        if status == 409:                        # (the clock ran out meanwhile: the table moved on)
            self.c.print(out.get("error", "nothing is asked now"))
        elif status not in (200, 400):           # (400: the refusal comes back with the question)
            self.c.print(out.get("error") if isinstance(out, dict) else f"HTTP {status}")

    def _discard(self, twelve: list[str]) -> list[str] | None:
        """Two of the twelve cards to put away, asked until they are (None: a hint)."""
        while True:
            d = self._line("Discard two cards (? hint):")
            if d is None:
                return None
            try:
                cards = [CARD_NAMES[parse_card(c)] for c in d.replace(",", " ").split()]
            except CardParseError as e:
                self.c.print(str(e))
                continue
            wrong = [c for c in cards if c not in twelve]
            if len(set(cards)) != 2 or wrong:
                self.c.print(f"{' '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not among your twelve cards"
                             if wrong else "put away two different cards")
                continue
            return cards

    def _line(self, prompt: str) -> str | None:
        self.c.print(prompt, end=" ")
        line = sys.stdin.readline()
        if not line:
            raise click.ClickException("input ended: you left the table (run skat join again to come back)")
        return None if line.strip() == "?" else line.strip()

    def _choose(self, prompt: str, answers: dict[str, str]) -> str | None:
        while True:
            ans = self._line(prompt)
            if ans is None or ans.lower() in answers:
                return None if ans is None else answers[ans.lower()]
            self.c.print(f"answer {' or '.join(dict.fromkeys(answers))}")


@click.command()
@click.argument("url")
@click.option("--name", default=None, help="your name at the table (asked when not given)")
@click.option("--deck", type=click.Choice(["french", "german"]), default="french", show_default=True,
              help="card faces")
def join(url: str, name: str | None, deck: str) -> None:
    """Take your seat at a table of people from the terminal: URL is the
    invite link the host sent. Running it again returns you to the seat.

    \b
    Example: skat join "http://192.168.1.5:8000/#table?id=3f2a...&invite=..."
    """
    base, table, invite = parse_invite(url)
    console = Console(highlight=False)
    key = f"{base}|{table}|{invite}"
    api = Api(base, table, _saved(key))
    if api.token is None:
        if name is None:
            console.print("Your name:", end=" ")
            name = sys.stdin.readline().strip() or "player"
    status, out = api.call("POST", "/join", {"invite": invite, "name": name or "player"})
    if status != 200:
        raise click.ClickException(str(out.get("error")) if isinstance(out, dict) else f"HTTP {status}")
    api.token = out["token"]
    _save(key, api.token)
    status, st = api.call("GET", "/state")
    if status != 200:
        raise click.ClickException(st.get("error", f"HTTP {status}"))
    seat = Seat(api, console, Prompter(console, deck))
    seat.player = st["player"]
    console.print(f"You sit in seat {st['seat']} of table {table} (who is Forehand, Middlehand and Rearhand "
                  f"changes every deal). Waiting for the table…")
    for kind, data in api.events():
        if kind == "event":
            seat.show(data)
        elif kind == "hint" and data:
            console.print(f"hint: {seat.in_words(str(data.get('text')))}", style="cyan")
        elif kind == "question" and data:
            seat.ask(data)
        elif kind == "end":
            standings = data.get("standings")
            if standings:
                console.rule("final standings")
                for place, who, total in standings:
                    console.print(f"{place}. {who}: {total:+d}")
            else:
                console.print(data.get("closed") or data.get("error") or "the table stopped")
            return
