"""The HTTP server around the app, hardened for strangers on the network: a whole request within
a read timeout, a cap on open connections (more are closed at once, before they cost a file),
the open-file limit raised as far as the system allows, the listening socket bound before
anything is created, and a log that says a repeated error once with its count.
"""

from __future__ import annotations

import logging
import resource
import socket
import time
from collections import Counter

import h11
import psutil
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import Limits

#: the limits the server's connections follow (set by :func:`configure` before it serves)
LIMITS = Limits()


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with two guards: a connection over the server's cap, or over
    its client address's, is closed as it comes, and a request not read whole within
    ``read_timeout`` seconds (a client sending half a request and waiting, byte by byte) is
    closed."""

    _deadline: object = None
    _counted: str | None = None
    per_client: Counter[str] = Counter()        # open connections by client address

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        if len(self.connections) > LIMITS.max_connections or \
                self.per_client[address] >= LIMITS.client_connections:
            transport.close()                   # (connection_lost forgets it)
            return
        self._counted = address
        self.per_client[address] += 1
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(LIMITS.read_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()             # type: ignore[attr-defined]
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state is not h11.DONE and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._arm()                         # (the next request on a kept-alive connection)
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted is not None:
            self.per_client[self._counted] -= 1
            if self.per_client[self._counted] <= 0:
                del self.per_client[self._counted]
            self._counted = None
        super().connection_lost(exc)


class Once(logging.Filter):
    """Lets a message through once a minute at most; when it comes again after that, says how
    often it was held back meanwhile (a flood of one error is one line, with its count)."""

    def __init__(self, every: float = 60.0):
        super().__init__()
        self.every = every
        self.seen: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = f"{record.name}:{record.levelno}:{record.getMessage()[:200]}"
        now = time.monotonic()
        last, held = self.seen.get(key, (0.0, 0))
        if now - last < self.every and last:
            self.seen[key] = (last, held + 1)
            return False
        if len(self.seen) > 1000:
            self.seen.clear()
        self.seen[key] = (now, 0)
        if held:
            record.msg = f"{record.msg} (and {held} times more in the last {round(now - last)} s)"
        return True


def quiet_repeats() -> None:
    """Every message of the server's loggers (asyncio's accept errors, uvicorn's) once a minute."""
    once = Once()
    for name in ("asyncio", "uvicorn", "uvicorn.error", "skat.tables"):
        logging.getLogger(name).addFilter(once)


def raise_open_files(want: int = 65536) -> int:
    """The open-file limit raised towards ``want`` as far as the hard limit allows; the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


class BindError(Exception):
    """The address cannot be listened on; the message is one line."""


def bind(host: str, port: int) -> socket.socket:
    """The listening socket for ``host:port`` (as uvicorn makes it), or a :class:`BindError`."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family=family, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        why = "it is in use (another server?)" if e.errno == 98 else e.strerror or str(e)
        raise BindError(f"cannot listen on {host}:{port}: {why}") from None
    sock.set_inheritable(True)
    return sock


def configure(limits: Limits) -> None:
    global LIMITS
    LIMITS = limits


def network_addresses() -> list[str]:
    """This computer's addresses on its networks, IPv4 first (no loopback, no link-local): where
    friends reach a server listening on every interface."""
    v4, v6 = [], []
    for addrs in psutil.net_if_addrs().values():
        for a in addrs:
            address = a.address.split("%")[0]
            if a.family == socket.AF_INET and not address.startswith("127."):
                v4.append(address)
            elif a.family == socket.AF_INET6 and address != "::1" and not address.lower().startswith("fe80"):
                v6.append(f"[{address}]")
    return sorted(set(v4)) + sorted(set(v6))


def local_names(host: str) -> tuple[str, ...]:
    """The Host names a server listening on ``host`` answers to by default: its own address, and
    for the loopback or every interface this computer's names and addresses."""
    names = {host.lower()}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    elif host in ("0.0.0.0", "::"):
        names |= {"127.0.0.1", "localhost", "[::1]", socket.gethostname().lower(), socket.getfqdn().lower()}
        names |= {a.lower() for a in network_addresses()}
    return tuple(sorted({f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}))


__all__ = ["BindError", "GuardedH11", "Once", "bind", "configure", "local_names", "network_addresses",
           "quiet_repeats", "raise_open_files"]
