"""Pairing a phone: the table opens a short window, one device joins with the code said then, and keeps a token.

Modelled on Bluetooth and Chromecast pairing: no standing secret. The code is good for one device within
`seconds` of the table asking, and for nothing after: a guest who heard it later has nothing to type.

Paired phones are held in memory only: a restart means pairing again, which is the safe default (a phone
left behind at the last party is not still paired at the next).
"""

from __future__ import annotations

import enum
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

CODE_DIGITS = 4
PAIRING_SECONDS = 60.0
"""How long a window stays open for its one device."""
MAX_PHONES = 16
"""Phones paired at once; past this the one paired longest ago is forgotten (and pairs again)."""


class Outcome(enum.Enum):
    PAIRED = "paired"
    WRONG = "wrong"
    """A window is open and the code is not its code."""
    CLOSED = "closed"
    """No window is open: nothing is being paired, whatever the code."""


@dataclass(frozen=True)
class Window:
    """An open pairing window: its code, and the seconds it has left."""

    code: str
    seconds_left: float


@dataclass
class Pairing:
    """The window (when open) and the paired phones' tokens. Not thread-safe: the keyboard holds its lock."""

    seconds: float = PAIRING_SECONDS
    clock: Callable[[], float] = time.monotonic
    _code: str = ""
    _closes_at: float = 0.0
    _tokens: OrderedDict[str, None] = field(default_factory=OrderedDict)

    def open(self) -> str:
        """A new window with a new code (any window open before is closed); the code, for the kiosk to say."""
        code = self._code
        while code == self._code:
            code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
        self._code, self._closes_at = code, self.clock() + self.seconds
        return code

    def window(self) -> Window | None:
        """The window open now, or None."""
        left = self._closes_at - self.clock()
        if not self._code or left <= 0:
            self._code = ""
            return None
        return Window(self._code, left)

    def take(self, code: str) -> tuple[Outcome, str]:
        """(PAIRED, token) for the open window's code, which closes it; (WRONG or CLOSED, "") otherwise."""
        window = self.window()
        if window is None:
            return Outcome.CLOSED, ""
        if not hmac.compare_digest(code.strip().encode(), window.code.encode()):
            return Outcome.WRONG, ""
        self._code = ""  # one device a window
        token = secrets.token_urlsafe(24)
        self._tokens[token] = None
        while len(self._tokens) > MAX_PHONES:
            self._tokens.popitem(last=False)
        return Outcome.PAIRED, token

    def paired(self, token: str) -> bool:
        return bool(token) and any(
            hmac.compare_digest(token.encode(), each.encode()) for each in self._tokens
        )

    def forget(self) -> int:
        """Every phone unpaired and any open window closed; how many phones there were."""
        count = len(self._tokens)
        self._tokens.clear()
        self._code = ""
        return count

    @property
    def phones(self) -> int:
        return len(self._tokens)
