"""A guest flooding the remote keyboard: each device has a pace (a small burst, then a few a second), the
messages waiting are bounded, every refused one gets a reply, and a line typed at the kiosk itself is read
before any keyboard message still waiting. The latency figure is scripts/probe_keyboard_flood.py's."""

from __future__ import annotations

import io
import os
import time
from collections import Counter
from collections.abc import Iterator

import httpx
import pytest

from kiosk.engine.by import By
from kiosk.screen.address import Address
from kiosk.screen.keyboard import MAX_WAITING
from kiosk.screen.pace import Pace
from kiosk.screen.screen import Screen

from .support.phones import paired, type_on

GUEST = "127.0.0.3"


def test_a_device_has_a_burst_then_a_few_a_second_and_others_keep_their_own() -> None:
    now = [0.0]
    pace = Pace(per_second=2.0, burst=5.0, clock=lambda: now[0])
    assert [pace.take("guest") for _ in range(5)] == [0.0] * 5
    assert pace.take("guest") == pytest.approx(0.5)
    assert pace.take("adult") == 0.0  # another device is never held up by the guest
    now[0] += 0.5
    assert pace.take("guest") == 0.0 and pace.take("guest") > 0
    now[0] += 60.0
    assert [pace.take("guest") for _ in range(5)] == [0.0] * 5  # never more than the burst saved up


@pytest.fixture
def screen() -> Iterator[Screen]:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as started:
        yield started.start()


def test_a_2000_message_flood_is_bounded_and_the_kiosks_own_line_is_read_first(screen: Screen) -> None:
    read_end, write_end = os.pipe()
    with os.fdopen(read_end) as stdin, os.fdopen(write_end, "w") as terminal:
        lines = screen.typed_lines(stdin)
        transport = httpx.HTTPTransport(local_address=GUEST)
        with httpx.Client(base_url=screen.url, transport=transport, timeout=10) as guest:
            paired(guest, screen.keyboard)
            answers = [type_on(guest, "board") for _ in range(2000)]
        statuses = Counter(answer.status_code for answer in answers)
        assert set(statuses) == {202, 429}, statuses
        # One message may already be taken from the inbox for the night, the rest wait there.
        assert statuses[202] <= MAX_WAITING + 1
        refused = [answer for answer in answers if answer.status_code == 429]
        assert all(answer.json()["error"] and int(answer.headers["Retry-After"]) >= 1 for answer in refused)
        terminal.write("help\n")
        terminal.flush()
        deadline = time.monotonic() + 30  # not a speed check: until the kiosk has read its terminal's line
        while not (lines.waiting(By.TABLE) and lines.waiting(By.KIOSK)):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        # The kiosk's own news and its terminal's line, ahead of every keyboard message waiting.
        assert lines.readline() == ("One phone is paired.\n", By.KIOSK)
        assert lines.readline() == ("help\n", By.TABLE)
        taken = [lines.readline() for _ in range(statuses[202])]
        assert taken == [("board\n", By.KEYBOARD)] * statuses[202]
