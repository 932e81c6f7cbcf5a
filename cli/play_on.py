"""``skat play --from FILE --game ID --at K``: play the rest of a recorded deal from one of its
positions against the computer players, then compare (:mod:`solver.analysis.play_on`)."""

from __future__ import annotations

import click
from rich.console import Console

from solver.analysis.play_on import compare_play_on, play_on
from solver.cards import CARD_NAMES
from solver.deal import DealError, replay
from solver.games import SEATS, parse_seat
from solver.players.table import make_player
from solver.records import read_lines

from .io import open_lines


def play_from(console: Console, human, path: str, game_id: str | None, at: int, seat: str | None, opponents: str,
              strength: int, seed: int) -> None:
    """The person (``human``, a :class:`~cli.play.HumanPlayer`) takes ``seat`` (default: the one
    to play at the position before card ``at``, counted from 1); computers the others."""
    items = [it for it in read_lines(open_lines(path)) if game_id is None or it.id == game_id]
    bad = next((it for it in items if it.error), None)
    if bad is not None:
        raise click.ClickException(str(bad.error))
    games = [it for it in items if it.deal is not None and it.classic and not it.deal.declaration.is_ramsch]
    if not games:
        raise click.ClickException(f"no played suit, Grand or Null game{f' with id {game_id!r}' if game_id else ''} "
                                   f"in {path}")
    if len(games) > 1:
        raise click.BadParameter(f"{path} holds {len(games)} games: name one with --game", param_hint="--game")
    deal = games[0].deal
    k = at - 1
    if k > len(deal.played):
        raise click.BadParameter(f"{at}: game {games[0].id} has {len(deal.played)} cards played (a position is "
                                 f"before card 1 to {len(deal.played) + 1})", param_hint="--at")
    st = replay(deal, deal.played[:k])
    if st.over:
        raise click.BadParameter(f"{at}: the game is over after {k} cards", param_hint="--at")
    me = st.to_move if seat is None else parse_seat(seat)
    players = [human if p == me else make_player(opponents, seed + p, {"level": strength}, scoring="simple")
               for p in range(3)]
    decl = deal.declaration
    console.rule(f"{games[0].id}: {decl.name} by {SEATS[deal.declarer]}, played on from card {at} "
                 f"(trick {st.trick_number})")
    role = "the declarer" if me == deal.declarer else "a defender"
    console.print(f"You are {SEATS[me]}, {role}. Cards played so far: "
                  + (" ".join(f"{SEATS[p]} {CARD_NAMES[c]}" for p, c in st.history) or "none"))

    def shown(state, p: int, card: int, trick: int, used: float) -> None:
        if p != me:
            console.print(f"{SEATS[p]} plays {CARD_NAMES[card]}")
        if not state.trick and not state.over:
            console.print(f"-- trick {trick} to {SEATS[state.leader]}")

    try:
        again = play_on(deal, k, players, after_card=shown)
    except DealError as e:
        raise click.ClickException(str(e)) from None
    cmp = compare_play_on(deal, k, again)
    console.rule("compared")
    for name, key in (("as played", "played"), ("played on", "played_on"),
                      ("best line (every card open)", "best_line")):
        r = cmp[key]
        outcome = (f"{'won' if r['won'] else 'lost'}, score {r['score']:+d}" if "won" in r else "not finished")
        console.print(f"{name:28} declarer {r['declarer_points']:3d} card points, {r['declarer_tricks']} tricks: "
                      f"{outcome}")
    console.print("best line from the position: " + " ".join(cmp["cards_best_line"]))
