"""The remote keyboard: typed messages from a page, only after the short PIN the kiosk said at start.

Without the PIN nothing from the network reaches the night, whatever address it comes from. Wrong PINs are
limited per address, each with a growing wait, so that one guest guessing never locks the adult out from
their own phone; a page once unlocked keeps its token until the adult asks for a new PIN.
"""

from __future__ import annotations

import enum
import hmac
import queue
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from kiosk.screen.pace import Pace
from kiosk.screen.wrong_codes import WrongPinLimit
from kiosk.typed_text import plain_text

PIN_DIGITS = 4
MAX_MESSAGE = 500
"""Characters: a typed message longer than this is refused whole."""
MAX_WAITING = 8
"""Typed messages waiting for the night at once; past that a message is refused with a reply to its page, so
the table's own words are never behind more than a few of a guest's."""
MAX_TOKENS = 32
"""Pages unlocked at once; past this the longest unlocked is forgotten (and unlocks again with the PIN)."""
LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""A message is one line: these would make two of it, so a message holding one is refused, not joined."""


@dataclass(frozen=True)
class Refusal:
    """Why a typed message was not queued: an HTTP status, the words for the page, and when to try again."""

    status: int
    message: str
    retry_after: int | None = None


class Unlock(enum.Enum):
    OPEN = "open"
    WRONG = "wrong"
    LIMITED = "limited"


@dataclass
class RemoteKeyboard:
    """The PIN, the pages it has unlocked (by token), and the messages they typed, for the night loop to read.

    Called from the web server's thread, and from the night's when a new PIN is asked for: a lock keeps the
    PIN, tokens and limits whole; `inbox` is a thread-safe queue the night loop reads."""

    pin: str = field(default_factory=lambda: _new_pin())
    limit: WrongPinLimit = field(default_factory=WrongPinLimit)
    inbox: queue.Queue[str] = field(default_factory=lambda: queue.Queue(MAX_WAITING))
    pace: Pace = field(default_factory=Pace)
    _tokens: OrderedDict[str, None] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def unlock(self, pin: str, address: str) -> tuple[Unlock, str]:
        """(OPEN, token) for the right PIN; (WRONG, "") or (LIMITED, seconds to wait) otherwise. Only
        `address` is held up by its own wrong PINs."""
        with self._lock:
            wait = self.limit.wait(address)
            if wait > 0:
                return Unlock.LIMITED, str(max(1, round(wait)))
            if not hmac.compare_digest(pin.strip().encode(), self.pin.encode()):
                self.limit.wrong(address)
                return Unlock.WRONG, ""
            self.limit.right(address)
            token = secrets.token_urlsafe(18)
            self._tokens[token] = None
            while len(self._tokens) > MAX_TOKENS:
                self._tokens.popitem(last=False)
            return Unlock.OPEN, token

    def unlocked(self, token: str) -> bool:
        with self._lock:
            known = list(self._tokens)
        return any(hmac.compare_digest(token.encode(), each.encode()) for each in known)

    def new_pin(self) -> str:
        """A new PIN (the adult asked for one, by voice): every page unlocked so far is locked again and every
        address's wrong tries are forgotten. Returns the PIN, for the kiosk to say; never shown on a page."""
        with self._lock:
            self.pin = _new_pin(differing_from=self.pin)
            self._tokens.clear()
            self.limit.forget()
            self.pace.forget()
            return self.pin

    def send(self, token: str, text: str) -> Refusal | None:
        """Queue a typed message for the night, made plain (kiosk.typed_text); why it was refused, or None."""
        if not self.unlocked(token):
            return Refusal(403, "This screen's keyboard is locked: enter the kiosk's PIN first.")
        too_long = Refusal(400, f"Send one line of at most {MAX_MESSAGE} characters.")
        if any(ch in LINE_BREAKS for ch in text):
            return too_long
        line = plain_text(text).strip()
        if not line:
            return Refusal(400, "Type a message first.")
        if len(line) > MAX_MESSAGE:
            return too_long
        with self._lock:
            wait = self.pace.take(token)
        if wait > 0:
            return Refusal(
                429, "That is faster than the table can answer: send one at a time.", max(1, round(wait))
            )
        try:
            self.inbox.put_nowait(line)
        except queue.Full:
            return Refusal(
                429, "The kiosk has messages waiting to be answered: send it again in a moment.", 2
            )
        return None


def _new_pin(differing_from: str = "") -> str:
    while True:
        pin = f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"
        if pin != differing_from:
            return pin
