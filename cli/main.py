"""The ``skat`` command: a click group, one small module per command beside it."""

from __future__ import annotations

import click

from solver import __version__

from .analyse import analyse
from .bid import bid, declare
from .bulk import bulk
from .convert import convert
from .play import arena, play
from .playout import playout
from .score import score
from .serve import serve
from .solve import solve
from .stats import stats

EPILOG = """\b
Examples:
  skat bid "CJ SJ HA HT HK H9 SA S7 D8 D7" --seat F --to 27
  skat declare "CJ SJ HA HT HK H9 SA S7 D8 D7" --skat "CK DT" --seat F --bid 27
  skat solve data/deals.jsonl                  solve every deal, as tables
  skat solve --F "CJ SJ HA HT HK H9 SA S7 D8 D7" --M "..." --R "..." \\
             --skat "DA C7" --game hearts --declarer F --best
  skat analyse data/iss_games.sgf --game 541932 --html review.html
  skat bulk dd data/bulk/deals.jsonl --out dd.parquet
  skat play --deals 12                         a match against two computer players
  skat arena --players best,pimc,rules --deals 30 --out games.jsonl
  skat playout data/deals.jsonl --players best,best,best    play records to the end
  skat score data/iss_games.sgf                score recorded ISS games
  skat stats data/iss_games.sgf                rate each player's card play
  skat convert data/iss_games.sgf > deals.jsonl
  skat serve --open                            the web app in the browser
"""


@click.group(epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="skat")
def cli() -> None:
    """Skat analysis: bid advice, double-dummy values, game scoring and record conversion."""
    from solver.search import api
    api.compile_notice = lambda message: click.echo(message, err=True)


cli.add_command(analyse)
cli.add_command(bid)
cli.add_command(bulk)
cli.add_command(declare)
cli.add_command(solve)
cli.add_command(score)
cli.add_command(convert)
cli.add_command(play)
cli.add_command(arena)
cli.add_command(playout)
cli.add_command(serve)
cli.add_command(stats)

if __name__ == "__main__":  # pragma: no cover
    cli()
