"""The keyboard's PIN never reaches the table screen: everything a real `serve` sends on its event stream,
read by a plain HTTP client as any guest's phone would read it, from power-on on. The PIN is said aloud
and printed in the kiosk's log, nowhere else."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import httpx
import pytest

from .support.screen_kiosk import Kiosk

pytestmark = pytest.mark.slow

WAIT = 120.0
"""Seconds before the test gives up on the kiosk (never a speed check)."""


def pin_shown(pin: str, sent: str) -> list[str]:
    """Where `sent` gives the PIN away: digit by digit as the kiosk says it ("9, 1, 7, 0"), or whole."""
    spaced = r"\D{0,3}".join(pin)
    return re.findall(rf"(?<![0-9A-Za-z]){spaced}(?![0-9A-Za-z])", sent)


def test_pin_shown_finds_the_pin_as_it_is_said_or_typed() -> None:
    assert pin_shown("9170", 'data: {"lines": ["Its keyboard PIN is 9, 1, 7, 0."]}')
    assert pin_shown("9170", "the PIN 9170.") and pin_shown("9170", "9 1 7 0")
    assert not pin_shown("9170", "commitment 9170ab12, 19170, A9, 1, 7, 0 points: 9, 1, 7, 01")


def _events(url: str, into: list[str], done: threading.Event) -> None:
    """A guest's phone on the event stream, from as soon as the screen listens until the kiosk stops."""
    try:
        with (
            httpx.Client(timeout=httpx.Timeout(10.0, read=None)) as phone,
            phone.stream("GET", url + "events") as stream,
        ):
            for text in stream.iter_text():
                into.append(text)
    except httpx.HTTPError as error:
        into.append(f"(the stream failed: {error!r})")
    finally:
        done.set()


def test_serve_typed_never_sends_its_pin_to_the_screen(tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, command="serve")
    sent: list[str] = []
    done = threading.Event()
    reader = threading.Thread(target=_events, args=(kiosk.url, sent, done), daemon=True)
    reader.start()
    listening = time.monotonic() + 30
    while not sent and time.monotonic() < listening:  # the phone has the page's first event
        time.sleep(0.05)
    try:
        for message in ("two", "D1", "Bats: fly. Ghosts: glide", "end the night", "Bats: yes", "Ghosts: yes"):
            kiosk.say(message)
    finally:
        assert kiosk.stop() == 0
    assert done.wait(timeout=30)
    stream = "".join(sent)
    assert "event: view" in stream and "RESULT" in stream
    assert not pin_shown(kiosk.pin, stream) and "PIN" not in stream
