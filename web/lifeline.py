"""Processes that end with the server that started them, also when it is killed (``kill -9``).

A table process, the advice pool's workers and the progress manager are the server's helpers:
a restarted server starts its own, and the old ones must not linger.  A helper's parent is not
always the server (a table is forked by the forkserver, which stays up while any table holds
its pipe), so each helper watches the server's process id itself.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path


def running(pid: int) -> bool:
    """Is ``pid`` a live process (not gone, not a zombie its parent has yet to reap)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:                     # (no /proc: alive as far as kill can tell)
        return True


def die_with(server: int) -> None:
    """End this process when process ``server`` ends: at once where the server is the parent
    (Linux signals it), else within a second (a thread watches)."""
    if server == os.getppid():
        try:
            import ctypes           # (Linux only: the prctl below)
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)     # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while running(server):
            time.sleep(1)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="die-with-the-server").start()


def background_helper(server: int) -> None:
    """A helper process of the server that works in the background (the advice pool): it ends
    with the server (:func:`die_with`) and yields the processor to the tables' play (a nice
    value 5 above the server's), so that advice asked by anybody does not slow a table's moves."""
    die_with(server)
    try:
        os.nice(5)
    except OSError:
        pass
