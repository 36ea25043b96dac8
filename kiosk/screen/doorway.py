"""The screen's listening socket, accepted by hand so that no guest can hold what the kiosk needs.

Every connection takes an open file, and a Pi's user has 1,024: a guest (or a clumsy phone) holding a
thousand connections would leave none for the journal, the page or the adult's PIN. So each address may hold
`per_address` connections and all of them together `total` (kept well under the open-file limit). Past the
total, a newcomer takes the place of the oldest connection of whichever address holds the most, if that is
more than the newcomer's own address holds; else it is refused. A refused connection is reset at once.

When accept itself fails for want of open files, the doorway stops accepting for a growing while and says so
in one line, instead of a traceback on every try.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import resource
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from kiosk.screen.address import guest_of

OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
ACCEPT_BATCH = 64
"""Connections accepted in one go before the loop turns to anything else."""
FIRST_PAUSE = 0.1
LONGEST_PAUSE = 5.0
"""Seconds of not accepting after accept ran out of open files: doubled each time in a row."""
QUIET_BETWEEN_NOTES = 60.0
"""Seconds: a second note about running out of open files waits at least this long."""


@dataclass(frozen=True)
class Limits:
    """What the guests on the network may hold of the screen server, together and each."""

    per_address: int = 24
    """Connections from one address (an IPv6 /64): a page holds one (its event stream), and a few more for a
    moment while it loads (each closed once answered)."""
    total: int = 600
    """Connections in all; lowered to fit the open-file limit, leaving `spare_files` for the kiosk."""
    streams: int = 500
    """Event streams (pages listening) in all."""
    header_seconds: float = 10.0
    """A connection must send a whole request's headers within this (also the wait between requests)."""
    body_seconds: float = 10.0
    """A request's body must arrive within this."""
    write_seconds: float = 10.0
    """An event must be taken by a page within this, else its stream is dropped."""
    spare_files: int = 256
    """Open files kept for the kiosk itself (journal, audio, the model, logs)."""

    def fitted(self) -> Limits:
        """These limits within this process's open-file limit."""
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft == resource.RLIM_INFINITY:
            return self
        room = max(16, soft - min(self.spare_files, soft // 2))
        total = min(self.total, room)
        return replace(
            self, total=total, streams=min(self.streams, total - min(self.per_address, total // 4))
        )


@dataclass(eq=False)
class _Held:
    sock: socket.socket
    guest: str
    transport: asyncio.BaseTransport | None = None

    @property
    def open(self) -> bool:
        return self.sock.fileno() != -1


@dataclass
class Counts:
    """What the doorway has done since it opened (for the log and the probes)."""

    accepted: int = 0
    refused: int = 0
    displaced: int = 0
    pauses: int = 0


@dataclass
class Doorway:
    """Accepts connections on `sock` for `factory` (the web server's protocol) within `limits`."""

    loop: asyncio.AbstractEventLoop
    sock: socket.socket
    factory: Callable[[], asyncio.Protocol]
    limits: Limits
    log: logging.Logger
    counts: Counts = field(default_factory=Counts)
    _held: dict[str, list[_Held]] = field(default_factory=dict)
    _pause: float = 0.0
    _last_note: float | None = None
    _resuming: asyncio.TimerHandle | None = None
    _closed: bool = False

    @classmethod
    def listen(
        cls,
        loop: asyncio.AbstractEventLoop,
        host: str,
        port: int,
        factory: Callable[[], asyncio.Protocol],
        limits: Limits,
        log: logging.Logger,
    ) -> Doorway:
        """Bind and listen on `host`:`port` (raises OSError when it cannot), and start accepting."""
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(address)
            sock.listen(128)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        doorway = cls(loop, sock, factory, limits, log)
        loop.add_reader(sock.fileno(), doorway._accept)
        return doorway

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def held(self) -> int:
        """Connections open now."""
        return sum(len(self._prune(guest)) for guest in list(self._held))

    def close(self) -> None:
        """Stop accepting (the connections already open are the web server's to end)."""
        if self._closed:
            return
        self._closed = True
        if self._resuming is not None:
            self._resuming.cancel()
        self.loop.remove_reader(self.sock.fileno())
        self.sock.close()

    def abort_all(self) -> None:
        for guest in list(self._held):
            for held in self._held.pop(guest):
                if held.transport is not None:
                    held.transport.abort()  # type: ignore[attr-defined]
                elif held.open:
                    held.sock.close()

    # --- accepting -----------------------------------------------------------------------------------------

    def _accept(self) -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                conn, peer = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                if error.errno in OUT_OF_RESOURCES:
                    self._back_off(error)
                    return
                continue  # the connection went before it was accepted (ECONNABORTED and the like)
            self._pause = 0.0
            self._admit(conn, str(peer[0]))

    def _back_off(self, error: OSError) -> None:
        self.counts.pauses += 1
        self.loop.remove_reader(self.sock.fileno())
        self._pause = min(LONGEST_PAUSE, self._pause * 2 or FIRST_PAUSE)
        now = self.loop.time()
        if self._last_note is None or now - self._last_note >= QUIET_BETWEEN_NOTES:
            self._last_note = now
            self.log.warning(
                "out of open files (%s): new connections wait, and are taken again as files come free",
                error.strerror,
            )
        self._resuming = self.loop.call_later(self._pause, self._resume)

    def _resume(self) -> None:
        self._resuming = None
        if not self._closed:
            self.loop.add_reader(self.sock.fileno(), self._accept)

    def _admit(self, conn: socket.socket, address: str) -> None:
        guest = guest_of(address)
        if len(self._prune(guest)) >= self.limits.per_address or not self._room_for(guest):
            self.counts.refused += 1
            _reset(conn)
            return
        self.counts.accepted += 1
        conn.setblocking(False)
        held = _Held(conn, guest)
        self._held.setdefault(guest, []).append(held)
        task = self.loop.create_task(self.loop.connect_accepted_socket(self.factory, conn))
        task.add_done_callback(lambda done: self._connected(held, done))

    def _connected(self, held: _Held, done: asyncio.Task[tuple[asyncio.Transport, asyncio.Protocol]]) -> None:
        if done.cancelled() or done.exception() is not None:
            if held.open:
                held.sock.close()
            return
        held.transport = done.result()[0]

    def _room_for(self, guest: str) -> bool:
        """Whether a connection from `guest` fits in the total, displacing another address's if need be."""
        if self.held() < self.limits.total:
            return True
        mine = len(self._held.get(guest, []))
        greediest = max(self._held, key=lambda other: len(self._held[other]), default=None)
        if greediest is None or len(self._held[greediest]) <= mine + 1:
            return False
        for victim in self._held[greediest]:
            if victim.transport is not None:
                victim.transport.abort()  # type: ignore[attr-defined]
                self._held[greediest].remove(victim)
                self.counts.displaced += 1
                return True
        return False

    def _prune(self, guest: str) -> list[_Held]:
        held = [each for each in self._held.get(guest, []) if each.open]
        if held:
            self._held[guest] = held
        else:
            self._held.pop(guest, None)
        return held


def _reset(conn: socket.socket) -> None:
    """Close at once with a reset: nothing lingers on the kiosk's side for a connection it refused."""
    with contextlib.suppress(OSError):
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()
