"""Play on from here (:mod:`solver.analysis.play_on`, ``skat play --from``): the rest of a recorded
deal played again from one of its positions, compared with the deal as played and the best line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import position_values
from solver.analysis.play_on import compare_play_on, play_on
from solver.cards import CARD_NAMES, card_codes
from solver.deal import replay
from solver.players import Player, RulePlayer
from solver.records import read_lines

from .conftest import ROOT

ISS = ROOT / "data" / "iss_games.sgf"


@pytest.fixture(scope="module")
def game():
    return next(it for it in read_lines(ISS.read_text().splitlines()) if it.id == "541932").deal


class Watching(Player):
    """Plays as the rules player does and keeps every view it was shown."""

    def __init__(self):
        self.inner, self.views = RulePlayer(), []

    def play(self, view):
        self.views.append(view)
        return self.inner.play(view)


@pytest.mark.parametrize("at", [0, 4, 13, 29])
def test_play_on_continues_the_position_exactly(game, at):
    """The first card asked of the rest is asked of the seat to move there, with its hand as it
    was, the trick in progress and the cards played before, and the deal given is untouched."""
    before = list(game.played)
    watchers = [Watching() for _ in range(3)]
    again = play_on(game, at, watchers)
    st = replay(game, game.played[:at])
    first = min((w.views[0] for w in watchers if w.views), key=lambda v: len(v.history))
    assert first.seat == st.to_move
    assert first.hand == st.hands[st.to_move]
    assert list(first.trick) == list(st.trick)
    assert [c for _, c in first.history] == game.played[:at]
    assert again.played[:at] == game.played[:at] and replay(again).over
    assert game.played == before and again.hands == game.hands and again.skat == game.skat


def test_the_comparison_holds_the_game_as_played_and_the_best_lines_value(game):
    again = play_on(game, 6, [RulePlayer()] * 3)
    cmp = compare_play_on(game, 6, again)
    assert cmp["played"]["declarer_points"] == replay(game).declarer_points
    assert cmp["played_on"]["declarer_points"] == replay(again).declarer_points
    assert cmp["best_line"]["declarer_points"] == position_values(game, 6, samples=0).value
    assert cmp["cards_played_on"] == [CARD_NAMES[c] for c in again.played[6:]]


def test_skat_play_from_asks_the_right_seat_at_the_right_trick_and_compares(game):
    # every card code, over and over: each one the rules refuse is asked again, so the person's
    # cards are legal ones whatever the computers play
    answers = "\n".join(card_codes((1 << 32) - 1) * 10) + "\n"
    r = CliRunner().invoke(cli, ["play", "--from", str(ISS), "--game", "541932", "--at", "2", "--seed", "1",
                                 "--opponents", "rules"], input=answers)
    assert r.exit_code == 0, r.output[-2000:]
    assert "You are M, a defender. Cards played so far: F SA" in r.output
    assert "played on from card 2 (trick 1)" in r.output
    assert "as played" in r.output and "played on" in r.output and "best line (every card open)" in r.output
    r = CliRunner().invoke(cli, ["play", "--from", str(ISS), "--game", "541932", "--at", "40"])
    assert r.exit_code == 2 and "has 30 cards played" in r.output
    r = CliRunner().invoke(cli, ["play", "--from", str(ISS), "--at", "3"])
    assert r.exit_code == 2 and "name one with --game" in r.output
