"""What a client can make the server do, bounded: one object holds every limit (``skat serve``
sets them), and a counter per client address for what it has running.

Every request may come from a stranger.  A cap per client address keeps one of them from
taking what the others need: tables, matches against computers, advice in flight; a seat's
event streams are capped per seat, so no seat locks another out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from fastapi import HTTPException, Request


@dataclass(frozen=True)
class Limits:
    """The server's limits (the defaults are ``skat serve``'s)."""

    max_tables: int = 32               # tables for people open at once (waiting or playing)
    max_matches: int = 32              # matches against computers at once (each a process)
    client_tables: int = 4             # open tables one client address may have made
    client_matches: int = 2            # matches one client address may play at once
    client_advice: int = 2             # requests that solve (advice, jobs, solve, analyse) of one address at once
    seat_streams: int = 4              # open event streams of one seat (and of the host)
    table_expiry: float = 1800.0       # seconds after which a table nobody joined is closed
    stream_ticket: float = 60.0        # seconds an event-stream ticket is good for
    max_connections: int = 4096        # open connections the server keeps (more are closed at once)
    client_connections: int = 64       # open connections of one client address
    read_timeout: float = 10.0         # seconds a client has to send a whole request


def client_of(request: Request) -> str:
    """The client's address (what the per-client caps count by)."""
    return request.client.host if request.client else "unknown"


class InFlight:
    """Work running per client address, capped: ``take`` or a 429 saying what to wait for."""

    def __init__(self, cap: int, what: str):
        self.cap, self.what = cap, what
        self.running: Counter[str] = Counter()

    def take(self, client: str) -> None:
        if self.running[client] >= self.cap:
            raise HTTPException(429, f"this address has {self.running[client]} {self.what} running, its most; "
                                     "try again when one is done")
        self.running[client] += 1

    def give_back(self, client: str) -> None:
        self.running[client] -= 1
        if self.running[client] <= 0:
            del self.running[client]


__all__ = ["InFlight", "Limits", "client_of"]
