"""``skat serve``: the local web app."""

from __future__ import annotations

import threading
import webbrowser

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
def serve(host: str, port: int, open_browser: bool, workers: int | None, idle: float, max_matches: int) -> None:
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
    uvicorn.run(create_app(workers, idle, max_matches), host=host, port=port, log_level="warning")
