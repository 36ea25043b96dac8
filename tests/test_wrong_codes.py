"""Wrong keyboard codes are seen: one log line per device a minute, a ceiling over every address together
that pauses taking codes (and says so), and IPv6 devices on one network never held up by each other."""

from __future__ import annotations

import io
import logging
from collections import Counter
from collections.abc import Iterator

import httpx
import pytest

from kiosk.screen.address import Address
from kiosk.screen.keyboard import Pairs, RemoteKeyboard
from kiosk.screen.screen import Screen
from kiosk.screen.wrong_codes import LOG, WrongPinLimit

from .support.phones import pair


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def log() -> Iterator[Lines]:
    lines = Lines()
    LOG.addHandler(lines)
    yield lines
    LOG.removeHandler(lines)


def test_each_wrong_code_is_logged_one_line_per_device_a_minute(log: Lines) -> None:
    now = [0.0]
    limit = WrongPinLimit(free=100, clock=lambda: now[0])
    for _ in range(5):
        limit.wrong("127.0.0.3")
        now[0] += 1.0
    limit.wrong("127.0.0.4")
    assert log.lines == [
        "a wrong keyboard code from 127.0.0.3 (1 since the last line about it, 1 in all)",
        "a wrong keyboard code from 127.0.0.4 (1 since the last line about it, 1 in all)",
    ]
    now[0] = 61.0
    limit.wrong("127.0.0.3")
    assert log.lines[-1] == "a wrong keyboard code from 127.0.0.3 (5 since the last line about it, 6 in all)"


def test_past_the_ceiling_no_code_is_taken_from_anyone_for_a_while(log: Lines) -> None:
    now = [0.0]
    limit = WrongPinLimit(ceiling=10, ceiling_seconds=60, pause=300, clock=lambda: now[0])
    for number in range(9):
        limit.wrong(f"127.0.1.{number}")
    assert limit.wait("127.0.0.2") == 0.0  # nine from nine addresses: each may still try
    limit.wrong("127.0.1.9")
    assert limit.wait("127.0.0.2") == 300.0  # the tenth: every address waits, one never seen too
    assert log.lines[-1] == (
        "10 wrong keyboard codes from all addresses within 60 seconds: no code is taken from anyone for 300 seconds"
    )
    now[0] = 300.0
    assert limit.wait("127.0.0.2") == 0.0
    now[0] = 1000.0
    for number in range(9):
        limit.wrong(f"127.0.2.{number}")
        now[0] += 7.0  # spread over more than a minute: under the ceiling
    assert limit.wait("127.0.0.2") == 0.0


def test_two_phones_on_one_ipv6_network_never_lock_each_other_out() -> None:
    keyboard = RemoteKeyboard()
    code = keyboard.open_pairing().code
    guesser, adult = "2001:db8::17", "2001:db8::42"
    for _ in range(10):
        keyboard.pair(f"{(int(code) + 1) % 10000:04d}", guesser)
    assert keyboard.pair(code, guesser)[0] is Pairs.LIMITED
    assert keyboard.pair(code, adult)[0] is Pairs.PAIRED


@pytest.fixture
def screen() -> Iterator[Screen]:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as started:
        yield started.start()


@pytest.mark.slow
def test_wrong_codes_from_400_addresses_are_logged_and_pause_taking_codes(screen: Screen, log: Lines) -> None:
    ceiling = screen.keyboard.limit.ceiling
    code = screen.keyboard.open_pairing().code
    wrong = f"{(int(code) + 1) % 10000:04d}"
    statuses: Counter[int] = Counter()
    addresses = [f"127.0.{2 + number // 250}.{1 + number % 250}" for number in range(400)]
    guests = [
        httpx.Client(base_url=screen.url, transport=httpx.HTTPTransport(local_address=address), timeout=10)
        for address in addresses
    ]
    try:
        for _ in range(3):
            for guest in guests:
                statuses[pair(guest, wrong).status_code] += 1
    finally:
        for guest in guests:
            guest.close()
    assert statuses == {403: ceiling, 429: 1200 - ceiling}
    per_address = [line for line in log.lines if line.startswith("a wrong keyboard code from 127.0.")]
    assert len(per_address) == ceiling == len(set(per_address))
    assert sum("no code is taken from anyone" in line for line in log.lines) == 1
    with httpx.Client(base_url=screen.url, timeout=10) as adult:
        assert pair(adult, code).status_code == 429  # paused for everyone
        # Until the table asks to pair a phone again: a new code, and the guesses before it forgotten.
        assert pair(adult, screen.keyboard.open_pairing().code).status_code == 200
