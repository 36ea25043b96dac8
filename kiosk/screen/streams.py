"""The pages listening: what is published to them, and how many of them the screen keeps.

The night loop publishes from its own thread and never waits: each page has a bounded queue, and a page that
falls that far behind (a phone asleep, a client that never reads) is dropped; its browser comes back and is
given the newest of everything. Past the cap on event streams a new page takes the place of an idle one (its
sends backed up) or else the oldest, never the table's own display on this machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from dataclasses import dataclass, field

BEHIND = 256
"""Events a page may have waiting; past that it is dropped (it comes back to the newest of each kind)."""
OWN_DISPLAY = frozenset({"127.0.0.1", "::1"})
"""Peers that are the kiosk's own display (its chromium opens localhost): never dropped for a guest's page."""


class Broadcast:
    """The newest event of each kind, and the pages listening. `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: dict[str, str] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listeners: set[asyncio.Queue[str | None]] = set()

    def publish(self, kind: str, payload: object) -> None:
        # Escaped to ASCII: a lone surrogate anywhere in a payload stays JSON, and every page can be sent it.
        message = f"event: {kind}\ndata: {json.dumps(payload)}\n\n"
        with self._lock:
            self._latest[kind] = message
            loop = self._loop
        if loop is not None and not loop.is_closed():
            # The loop may close meanwhile (RuntimeError): the screen is stopping, and the night goes on.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._fan_out, message)

    def latest(self, kind: str) -> str | None:
        with self._lock:
            return self._latest.get(kind)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            self._loop = loop

    def listen(self) -> tuple[asyncio.Queue[str | None], list[str]]:
        """On the server's loop: a queue for what comes next, and the newest of each kind so far."""
        listener: asyncio.Queue[str | None] = asyncio.Queue(maxsize=BEHIND + 1)
        self._listeners.add(listener)
        with self._lock:
            return listener, list(self._latest.values())

    def leave(self, listener: asyncio.Queue[str | None]) -> None:
        self._listeners.discard(listener)

    def close(self) -> None:
        """On the server's loop: every stream ends after what it was already given."""
        for listener in list(self._listeners):
            _end(listener)

    def _fan_out(self, message: str) -> None:
        for listener in list(self._listeners):
            if listener.qsize() >= BEHIND:
                self._listeners.discard(listener)
                _end(listener)
            else:
                listener.put_nowait(message)


def _end(listener: asyncio.Queue[str | None]) -> None:
    """The stream ends at once: what it had not yet sent is dropped, then the end is queued."""
    while listener.qsize() > BEHIND:
        listener.get_nowait()
    listener.put_nowait(None)


@dataclass(eq=False)
class Stream:
    """One page's event stream: who it is, since when, its queue and its connection (to end it)."""

    peer: str
    since: float
    listener: asyncio.Queue[str | None]
    transport: asyncio.BaseTransport | None

    @property
    def own(self) -> bool:
        return self.peer in OWN_DISPLAY

    @property
    def idle(self) -> bool:
        """Its sends are backed up: the page is not reading."""
        transport = self.transport
        if isinstance(transport, asyncio.WriteTransport):
            return transport.get_write_buffer_size() > 0
        return transport is None or transport.is_closing()

    def end(self) -> None:
        """Its handler ends, and its connection with it (a page that is not reading would never read the
        end, and a connection kept alive after it would still count against its address)."""
        _end(self.listener)
        if self.transport is not None:
            self.transport.abort()  # type: ignore[attr-defined]


@dataclass
class Streams:
    """The open event streams, at most `cap`."""

    cap: int
    open: set[Stream] = field(default_factory=set)

    def admit(self, newcomer: Stream) -> bool:
        """Add `newcomer`, ending another stream when the cap is reached; False when none may go for it
        (every open one is the table's own display, and the newcomer is not)."""
        if len(self.open) >= self.cap:
            guests = [stream for stream in self.open if not stream.own]
            if not guests and not newcomer.own:
                return False
            victim = min(guests or self.open, key=lambda stream: (not stream.idle, stream.since))
            self.leave(victim)
            victim.end()
        self.open.add(newcomer)
        return True

    def leave(self, stream: Stream) -> None:
        self.open.discard(stream)
