"""Wrong keyboard codes: held up per device, seen in the log, and a ceiling over every address together.

Per device (kiosk.screen.address.device_of), `free` wrong codes cost nothing; after that each makes that
device wait, growing. A guest with many addresses (400 on loopback, or any number in an IPv6 /64) is caught
by the ceiling: past `ceiling` wrong codes from all addresses within `ceiling_seconds`, no code is taken from
anyone for `pause` seconds, and the log says so. Each wrong code is logged, one line per device a minute at
most (with how many came meanwhile), so a guessing guest is seen without the log being flooded.
"""

from __future__ import annotations

import collections
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from kiosk.screen.address import device_of

MAX_DEVICES = 4096
"""Devices whose wrong codes are remembered; the one quiet longest is forgotten first."""
LOG_EVERY = 60.0
"""Seconds: one log line per device in this long at most."""
LOG = logging.getLogger("kiosk.screen.requests")
"""The screen's own log (one line each, on the kiosk's terminal and in the journal of the service)."""


@dataclass
class _Tries:
    wrong: int = 0
    last: float = 0.0
    until: float = 0.0
    logged: float | None = None
    unlogged: int = 0
    """Wrong codes from this device not yet in the log."""


@dataclass
class WrongPinLimit:
    """Wrong codes, per device and in all. Other devices are never held up by one device's wrong codes;
    past the ceiling, every device waits until the pause is over."""

    free: int = 3
    first_wait: float = 2.0
    longest_wait: float = 600.0
    forget_after: float = 3600.0
    ceiling: int = 50
    """Wrong codes from every address together within `ceiling_seconds` that pause taking codes."""
    ceiling_seconds: float = 60.0
    pause: float = 300.0
    """Seconds no code is taken from anyone once the ceiling is reached."""
    clock: Callable[[], float] = time.monotonic
    log: logging.Logger = LOG
    _tries: OrderedDict[str, _Tries] = field(default_factory=OrderedDict)
    _recent: collections.deque[float] = field(default_factory=collections.deque)
    _paused_until: float = 0.0

    def wait(self, address: str) -> float:
        """Seconds until `address` may try a code again (0: now)."""
        now = self.clock()
        tries = self._tries.get(device_of(address))
        own = 0.0 if tries is None else tries.until - now
        return max(0.0, own, self._paused_until - now)

    def wrong(self, address: str) -> None:
        device = device_of(address)
        now = self.clock()
        tries = self._tries.pop(device, None)
        if tries is None or now - tries.last > self.forget_after:
            tries = _Tries()
        tries.wrong += 1
        tries.last = now
        over = tries.wrong - self.free
        if over > 0:
            tries.until = now + min(self.longest_wait, self.first_wait * 2 ** min(over - 1, 30))
        self._note(device, tries, now)
        self._tries[device] = tries  # newest last: the quietest is first to go
        while len(self._tries) > MAX_DEVICES:
            self._tries.popitem(last=False)
        self._count(now)

    def right(self, address: str) -> None:
        self._tries.pop(device_of(address), None)

    def forget(self) -> None:
        self._tries.clear()
        self._recent.clear()
        self._paused_until = 0.0

    def _note(self, device: str, tries: _Tries, now: float) -> None:
        tries.unlogged += 1
        if tries.logged is not None and now - tries.logged < LOG_EVERY:
            return
        self.log.warning(
            "a wrong keyboard code from %s (%d since the last line about it, %d in all)",
            device, tries.unlogged, tries.wrong,
        )  # fmt: skip
        tries.logged, tries.unlogged = now, 0

    def _count(self, now: float) -> None:
        self._recent.append(now)
        while self._recent and now - self._recent[0] > self.ceiling_seconds:
            self._recent.popleft()
        if len(self._recent) >= self.ceiling and now >= self._paused_until:
            self._paused_until = now + self.pause
            self._recent.clear()
            self.log.warning(
                "%d wrong keyboard codes from all addresses within %d seconds: no code is taken from anyone "
                "for %d seconds",
                self.ceiling, round(self.ceiling_seconds), round(self.pause),
            )  # fmt: skip
