"""The remote keyboard: typed messages from a paired phone only (kiosk.screen.pairing).

Nothing from the network reaches the night without a phone's token, whatever address it comes from, and a
token is had only by the one device that gives the code while the table has a pairing window open. Wrong
codes are limited per device, each with a growing wait, so that one guest guessing never locks the adult
out from their own phone, and capped over every address together (kiosk.screen.wrong_codes).
"""

from __future__ import annotations

import enum
import queue
import threading
from dataclasses import dataclass, field

from kiosk.screen.pace import Pace
from kiosk.screen.pairing import Outcome, Pairing, Window
from kiosk.screen.phone_words import phones_words
from kiosk.screen.wrong_codes import WrongPinLimit
from kiosk.typed_text import plain_text

MAX_MESSAGE = 500
"""Characters: a typed message longer than this is refused whole."""
MAX_WAITING = 8
"""Typed messages waiting for the night at once; past that a message is refused with a reply to its page, so
the table's own words are never behind more than a few of a guest's."""
LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""A message is one line: these would make two of it, so a message holding one is refused, not joined."""


@dataclass(frozen=True)
class Refusal:
    """Why a typed message was not queued: an HTTP status, the words for the page, and when to try again."""

    status: int
    message: str
    retry_after: int | None = None


class Pairs(enum.Enum):
    """What came of a code a device gave."""

    PAIRED = "paired"
    WRONG = "wrong"
    CLOSED = "closed"
    """No pairing window is open."""
    LIMITED = "limited"
    """This device (or, past the ceiling, every device) must wait before giving a code."""


LOCKED = "This screen's keyboard is not paired: say pair a phone at the kiosk, then enter the code it gives."


@dataclass
class RemoteKeyboard:
    """The pairing (its window and the paired phones), and the messages the phones typed, for the night loop.

    Called from the web server's thread, and from the night's when the table pairs or forgets phones: a lock
    keeps the pairing and the limits whole; `inbox` is a thread-safe queue the night loop reads, and
    `notices` the kiosk's own news for it to say (a phone paired)."""

    pairing: Pairing = field(default_factory=Pairing)
    limit: WrongPinLimit = field(default_factory=WrongPinLimit)
    inbox: queue.Queue[str] = field(default_factory=lambda: queue.Queue(MAX_WAITING))
    notices: queue.SimpleQueue[str] = field(default_factory=queue.SimpleQueue)
    pace: Pace = field(default_factory=Pace)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def pair(self, code: str, address: str) -> tuple[Pairs, str]:
        """(PAIRED, token) for the open window's code; (LIMITED, seconds to wait), or (WRONG or CLOSED, "").
        Only `address` is held up by its own wrong codes, until the ceiling over all addresses."""
        with self._lock:
            wait = self.limit.wait(address)
            if wait > 0:
                return Pairs.LIMITED, str(max(1, round(wait)))
            outcome, token = self.pairing.take(code)
            if outcome is Outcome.WRONG:
                self.limit.wrong(address)
                return Pairs.WRONG, ""
            if outcome is Outcome.CLOSED:  # nothing to guess: not a wrong code
                return Pairs.CLOSED, ""
            self.limit.right(address)
            self.notices.put(phones_words(self.pairing.phones))
            return Pairs.PAIRED, token

    def paired(self, token: str) -> bool:
        with self._lock:
            return self.pairing.paired(token)

    def open_pairing(self) -> Window:
        """A window for one new phone (the table asked): a new code, and wrong codes before it forgotten."""
        with self._lock:
            self.pairing.open()
            self.limit.forget()
            window = self.pairing.window()
            assert window is not None
            return window

    def window(self) -> Window | None:
        """The pairing window open now (for the kiosk's own page), or None."""
        with self._lock:
            return self.pairing.window()

    def forget_phones(self) -> int:
        """Every phone unpaired and any window closed (the table asked); how many there were."""
        with self._lock:
            self.pace.forget()
            return self.pairing.forget()

    @property
    def phones(self) -> int:
        with self._lock:
            return self.pairing.phones

    def send(self, token: str, text: str) -> Refusal | None:
        """Queue a typed message for the night, made plain (kiosk.typed_text); why it was refused, or None."""
        if not self.paired(token):
            return Refusal(403, LOCKED)
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
