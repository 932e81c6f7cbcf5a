"""``skat serve``: the local web app."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click
import uvicorn

from cli.io import data_folder
from web.app import create_app
from web.limits import Limits
from web.server import BindError, GuardedH11, bind, configure, local_names, quiet_repeats, raise_open_files
from web.tables import StoreError

DEFAULTS = Limits()


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="the address to listen on (the default keeps it on this computer; 0.0.0.0: every network)")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="the port")
@click.option("--open", "open_browser", is_flag=True, help="open the app in the web browser")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="processes that solve (default: all cores)")
@click.option("--idle", type=click.FloatRange(min=1), default=600, show_default=True,
              help="seconds after which a match nobody looks at (a closed tab) is stopped")
@click.option("--max-matches", type=click.IntRange(min=1), default=DEFAULTS.max_matches, show_default=True,
              help="the most matches played at once (each is a process of about 135 MB)")
@click.option("--db", type=click.Path(dir_okay=False), default=None,
              help="the SQLite file that keeps the tables for people (default: tables.sqlite in the user's data "
                   "folder); a server started again on it continues every table; one server a file")
@click.option("--max-tables", type=click.IntRange(min=1), default=DEFAULTS.max_tables, show_default=True,
              help="the most tables for people open at once")
@click.option("--per-client", type=click.IntRange(min=1), default=DEFAULTS.client_tables, show_default=True,
              help="the most open tables one client address may make")
@click.option("--client-matches", type=click.IntRange(min=1), default=DEFAULTS.client_matches, show_default=True,
              help="the most matches against computers one client address plays at once")
@click.option("--client-advice", type=click.IntRange(min=1), default=DEFAULTS.client_advice, show_default=True,
              help="the most requests that solve (advice, jobs, solve, analyse) of one client address running at once")
@click.option("--table-expiry", type=click.FloatRange(min=1), default=DEFAULTS.table_expiry / 60, show_default=True,
              help="minutes after which a table nobody joined is closed")
@click.option("--max-connections", type=click.IntRange(min=8), default=DEFAULTS.max_connections, show_default=True,
              help="open connections the server keeps (more are closed at once)")
@click.option("--client-connections", type=click.IntRange(min=4), default=DEFAULTS.client_connections,
              show_default=True, help="open connections of one client address (more are closed at once)")
@click.option("--read-timeout", type=click.FloatRange(min=0.1), default=DEFAULTS.read_timeout, show_default=True,
              help="seconds a client has to send a whole request (a half-sent one is closed then)")
@click.option("--allow-host", "allow_host", multiple=True,
              help="a name the server answers to in the Host header, besides those of --host (repeat it; '*': any)")
def serve(host: str, port: int, open_browser: bool, workers: int | None, idle: float, max_matches: int,
          db: str | None, max_tables: int, per_client: int, client_matches: int, client_advice: int,
          table_expiry: float, max_connections: int,
          client_connections: int, read_timeout: float, allow_host: tuple[str, ...]) -> None:
    """The web app: bid advice by clicking cards, a review you step through,
    and a solver for any position, at http://HOST:PORT/ (API docs at /docs).

    \b
    Example: skat serve --open
    """
    limits = Limits(max_tables=max_tables, max_matches=max_matches, client_tables=per_client,
                    client_matches=client_matches, client_advice=client_advice,
                    table_expiry=table_expiry * 60, max_connections=max_connections,
                    client_connections=client_connections, read_timeout=read_timeout)
    try:
        sock = bind(host, port)                 # (first: a port in use creates nothing)
    except BindError as e:
        raise click.ClickException(str(e)) from None
    try:
        db = db or str(default_db())
        app = create_app(workers, idle, db=db, limits=limits, hosts=(*local_names(host), *allow_host),
                         listen=(host, port))
    except StoreError as e:
        sock.close()
        raise click.ClickException(str(e)) from None
    url = f"http://{host}:{port}/"
    click.echo(f"skat-solver at {url} (API docs at {url}docs); Ctrl-C stops it", err=True)
    click.echo(f"tables are kept in {db}", err=True)
    for tid, why in app.state.set_aside:
        click.echo(f"table {tid} in {db} cannot be read and is set aside ({why})", err=True)
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    configure(limits)
    raise_open_files()
    quiet_repeats()
    # (open event streams never end by themselves: a stop waits two seconds for them, not forever)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, http=GuardedH11,
                            timeout_keep_alive=5, h11_max_incomplete_event_size=16 * 1024)
    uvicorn.Server(config).run(sockets=[sock])


def default_db() -> Path:
    """``tables.sqlite`` in the user's data folder (:func:`cli.io.data_folder`)."""
    return data_folder() / "tables.sqlite"
