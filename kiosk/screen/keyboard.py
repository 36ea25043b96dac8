"""The remote keyboard: typed messages from a page, only after the short PIN the kiosk printed at start.

Without the PIN nothing from the network reaches the night, whatever address it comes from. Wrong PINs are
limited for the whole kiosk, not per address, so that many phones cannot share out the guessing.
"""

from __future__ import annotations

import enum
import hmac
import queue
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

PIN_DIGITS = 4
MAX_MESSAGE = 500
"""Characters: a typed message longer than this is refused whole."""


class Unlock(enum.Enum):
    OPEN = "open"
    WRONG = "wrong"
    LIMITED = "limited"


@dataclass
class WrongPinLimit:
    """At most `attempts` wrong PINs in any `window` seconds; past that every try is refused, right or wrong,
    until the oldest wrong one is `window` seconds old."""

    attempts: int = 5
    window: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _wrong: list[float] = field(default_factory=list)

    def wait(self) -> float:
        """Seconds until a PIN may be tried again (0: now)."""
        now = self.clock()
        self._wrong = [at for at in self._wrong if now - at < self.window]
        if len(self._wrong) < self.attempts:
            return 0.0
        return self._wrong[0] + self.window - now

    def wrong(self) -> None:
        self._wrong.append(self.clock())


@dataclass
class RemoteKeyboard:
    """The PIN, the pages it has unlocked (by token), and the messages they typed, for the night loop to read.

    Called from the web server's thread and read from the night loop's: `inbox` is a thread-safe queue and
    the rest is touched only by the server's one event loop."""

    pin: str = field(default_factory=lambda: f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}")
    limit: WrongPinLimit = field(default_factory=WrongPinLimit)
    inbox: queue.Queue[str] = field(default_factory=queue.Queue)
    _tokens: set[str] = field(default_factory=set)

    def unlock(self, pin: str) -> tuple[Unlock, str]:
        """(OPEN, token) for the right PIN; (WRONG, "") or (LIMITED, seconds to wait) otherwise."""
        wait = self.limit.wait()
        if wait > 0:
            return Unlock.LIMITED, str(max(1, round(wait)))
        if not hmac.compare_digest(pin.strip().encode(), self.pin.encode()):
            self.limit.wrong()
            return Unlock.WRONG, ""
        token = secrets.token_urlsafe(18)
        self._tokens.add(token)
        return Unlock.OPEN, token

    def unlocked(self, token: str) -> bool:
        return any(hmac.compare_digest(token.encode(), known.encode()) for known in self._tokens)

    def send(self, token: str, text: str) -> str | None:
        """Queue a typed message for the night; the reason it was refused, or None."""
        if not self.unlocked(token):
            return "This screen's keyboard is locked: enter the kiosk's PIN first."
        line = text.strip()
        if not line:
            return "Type a message first."
        if len(line) > MAX_MESSAGE or any(ord(ch) < 32 for ch in line):
            return f"Send one line of at most {MAX_MESSAGE} characters."
        self.inbox.put(line)
        return None
