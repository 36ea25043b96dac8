"""How fast one device may type: a small burst, then a few messages a second (a token bucket per device).

A guest with the keyboard's token could otherwise queue two thousand messages in a second or two, and the
table (by voice, every queued reply spoken) would not be heard again until all were answered.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_DEVICES = 64
"""Devices whose pace is remembered; the one quiet longest is forgotten first (it starts with a full burst)."""


@dataclass
class Pace:
    per_second: float = 2.0
    """Messages a second one device may keep sending."""
    burst: float = 5.0
    """Messages one device may send at once after a quiet while."""
    clock: Callable[[], float] = time.monotonic
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)
    """Per device: messages it may still send now, and when that was counted (seconds)."""

    def take(self, device: str) -> float:
        """0 when `device` may send a message now (and it is counted); else the seconds until it may."""
        now = self.clock()
        left, then = self._buckets.pop(device, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.per_second)
        if left >= 1.0:
            left -= 1.0
            wait = 0.0
        else:
            wait = (1.0 - left) / self.per_second
        self._buckets[device] = (left, now)
        while len(self._buckets) > MAX_DEVICES:
            self._buckets.popitem(last=False)
        return wait

    def forget(self) -> None:
        self._buckets.clear()
