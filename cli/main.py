"""The ``skat`` command: a click group, one small module per command beside it, each imported
only when its command runs (or ``--help`` lists them): a command pays no start-up time for the
others."""

from __future__ import annotations

import importlib

import click

from solver import __version__

EPILOG = """\b
Examples:
  skat bid "CJ SJ HA HT HK H9 SA S7 D8 D7" --seat F --to 27
  skat declare "CJ SJ HA HT HK H9 SA S7 D8 D7" --skat "CK DT" --seat F --bid 27
  skat solve data/deals.jsonl                  solve every deal, as tables
  skat solve --F "CJ SJ HA HT HK H9 SA S7 D8 D7" --M "..." --R "..." \\
             --skat "DA C7" --game hearts --declarer F --best
  skat analyse data/iss_games.sgf --game 541932 --html review.html
  skat analyse data/iss_games.sgf --game 541932 --at 4    every card at one position
  skat puzzles data/bulk/played.jsonl --out puzzles.jsonl
  skat bulk dd data/bulk/deals.jsonl --out dd.parquet
  skat play --deals 12                         a match against two computer players
  skat arena --players best,pimc,rules --deals 30 --out games.jsonl
  skat playout data/deals.jsonl --players best,best,best    play records to the end
  skat score data/iss_games.sgf                score recorded ISS games
  skat stats data/iss_games.sgf                rate each player's card play
  skat convert data/iss_games.sgf > deals.jsonl
  skat serve --open                            the web app in the browser
  skat join "http://HOST:8000/#table?id=..&invite=.."   your seat at a table of people
  skat verify records.jsonl                    check a table's deals were fair
"""


#: command name -> (module beside this one, the click command in it)
COMMANDS = {"analyse": ("analyse", "analyse"), "arena": ("play", "arena"), "bid": ("bid", "bid"),
            "bulk": ("bulk", "bulk"), "convert": ("convert", "convert"), "declare": ("bid", "declare"),
            "join": ("join", "join"),
            "play": ("play", "play"), "playout": ("playout", "playout"), "puzzles": ("puzzles", "puzzles"),
            "score": ("score", "score"),
            "serve": ("serve", "serve"), "solve": ("solve", "solve"), "stats": ("stats", "stats"),
            "verify": ("verify", "verify")}


class LazyGroup(click.Group):
    """A group whose commands are imported when asked for (click's lazy-loading pattern)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, name = COMMANDS[cmd_name]
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)


@click.group(cls=LazyGroup, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="skat")
def cli() -> None:
    """Skat analysis: bid advice, double-dummy values, game scoring and record conversion."""
    from solver.search import compile as compiling     # (numba loads with it: not for --help)
    compiling.compile_notice = lambda message: click.echo(message, err=True)


if __name__ == "__main__":  # pragma: no cover
    cli()
