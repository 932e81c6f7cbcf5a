"""``skat serve``: the local web app."""

from __future__ import annotations

import os
import threading
import webbrowser
from pathlib import Path

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="the address to listen on (the default keeps it on this computer)")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="the port")
@click.option("--open", "open_browser", is_flag=True, help="open the app in the web browser")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="processes that solve (default: all cores)")
@click.option("--idle", type=click.FloatRange(min=1), default=600, show_default=True,
              help="seconds after which a match nobody looks at (a closed tab) is stopped")
@click.option("--max-matches", type=click.IntRange(min=1), default=32, show_default=True,
              help="the most matches played at once (each is a process of about 135 MB)")
@click.option("--db", type=click.Path(dir_okay=False), default=None,
              help="the SQLite file that keeps the tables for people (default: tables.sqlite in the user's data "
                   "folder); a server started again on it continues every table")
@click.option("--max-tables", type=click.IntRange(min=1), default=32, show_default=True,
              help="the most tables for people open at once")
def serve(host: str, port: int, open_browser: bool, workers: int | None, idle: float, max_matches: int,
          db: str | None, max_tables: int) -> None:
    """The web app: bid advice by clicking cards, a review you step through,
    and a solver for any position, at http://HOST:PORT/ (API docs at /docs).

    \b
    Example: skat serve --open
    """
    import uvicorn

    from cli.web.app import create_app
    url = f"http://{host}:{port}/"
    click.echo(f"skat-solver at {url} (API docs at {url}docs); Ctrl-C stops it", err=True)
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    db = db or str(default_db())
    click.echo(f"tables are kept in {db}", err=True)
    # (open event streams never end by themselves: a stop waits two seconds for them, not forever)
    uvicorn.run(create_app(workers, idle, max_matches, db, max_tables), host=host, port=port, log_level="warning",
                timeout_graceful_shutdown=2)


def default_db() -> Path:
    """``tables.sqlite`` in the user's data folder ($XDG_DATA_HOME/skat-solver, or
    ~/.local/share/skat-solver), made when missing."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "skat-solver"
    base.mkdir(parents=True, exist_ok=True)
    return base / "tables.sqlite"
