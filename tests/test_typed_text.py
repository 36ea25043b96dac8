"""Text from outside made plain before the journal or the screen sees it: NFC, no controls, no format
characters (zero-width, bidi marks), no lone surrogates; an over-long message journalled cut, not whole;
and one event's fault never ends another page's stream."""

from __future__ import annotations

import io
import json
import os
import queue
import subprocess
import sys
import threading
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from kiosk.engine.intent import MAX_MESSAGE
from kiosk.screen.address import Address
from kiosk.screen.captions import KIOSK, Caption
from kiosk.screen.screen import Screen
from kiosk.typed_text import message_text, plain_text

from .support.phones import paired

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_text_is_nfc_without_controls_format_characters_or_lone_surrogates() -> None:
    assert message_text("Cafe\u0301") == "Café" == plain_text("Cafe\u0301")
    sent = "B\u200ba\ud800t\udfffs" + ZERO_WIDTH + BIDI + ":\x1b[2J fly\x7f\x9b"
    assert message_text(sent) == "Bats:[2J fly" == plain_text(sent)
    assert message_text("a\tb\nc") == "a\tb\nc" and plain_text("a\tb\nc") == "a bc"
    kept = "Café 1897 — ¿qué? 👻 Ωmega"
    assert plain_text(kept) == kept == message_text(kept)
    plain = "".join(message_text(chr(n)) for n in range(0x110000))
    assert {unicodedata.category(ch) for ch in plain}.isdisjoint({"Cf", "Cs"})
    assert [ch for ch in plain if unicodedata.category(ch) == "Cc"] == ["\t", "\n"]
    plain.encode()  # every page and the journal can carry it


def test_an_over_long_message_is_cut_just_past_what_the_night_takes() -> None:
    assert len(message_text("x" * 1_000_000)) == MAX_MESSAGE + 1
    assert message_text("x" * MAX_MESSAGE) == "x" * MAX_MESSAGE


@pytest.mark.process
def test_a_megabyte_message_is_refused_and_journalled_cut_not_whole(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "play"],
        input="two\n" + "D" * 1_000_000 + "\nD1\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path)},
    )
    assert run.returncode == 0, run.stderr
    assert f"That message is too long for me (over {MAX_MESSAGE} characters)" in run.stdout
    (journal,) = (tmp_path / "nights").glob("night-*.jsonl")
    assert journal.stat().st_size < 30_000  # was 1.5 MB: the message kept whole
    said = [json.loads(line).get("say") for line in journal.read_text().splitlines()[1:]]
    assert said[:2] == [None, "two"] and said[2] == "D" * (MAX_MESSAGE + 1) and said[3] == "D1"
    resumed = subprocess.run(
        [sys.executable, "-m", "kiosk", "play", "--resume"],
        input="board\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path)},
    )
    assert "Carrying on the night" in resumed.stderr + resumed.stdout, resumed.stderr  # it replays as kept


# --- one event's fault ---------------------------------------------------------------------------------------


@pytest.fixture
def screen() -> Iterator[Screen]:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as started:
        yield started.start()


def _page(url: str, lines: queue.Queue[str]) -> None:
    with (
        httpx.Client(timeout=httpx.Timeout(10.0, read=None)) as client,
        client.stream("GET", url + "events") as stream,
    ):
        for line in stream.iter_lines():
            lines.put(line)
    lines.put("(ended)")


def _until(lines: queue.Queue[str], text: str) -> list[str]:
    seen = []
    while True:
        line = lines.get(timeout=10)
        seen.append(line)
        assert line != "(ended)", seen
        if text in line:
            return seen


def test_a_lone_surrogate_in_an_event_closes_no_page(screen: Screen) -> None:
    pages = [queue.Queue[str]() for _ in range(3)]
    for lines in pages:
        threading.Thread(target=_page, args=(screen.url, lines), daemon=True).start()
        _until(lines, "event: about")
    screen.caption(Caption(KIOSK, "boo \ud800 boo"))
    screen.caption(Caption(KIOSK, "still here after it"))
    for lines in pages:
        seen = _until(lines, "still here after it")
        assert any("boo \\ud800 boo" in line for line in seen)  # sent, escaped, to every page


def test_a_keyboard_message_with_a_lone_surrogate_reaches_the_night_plain(screen: Screen) -> None:
    with httpx.Client(base_url=screen.url, timeout=10) as adult:
        paired(adult, screen.keyboard)
        raw = json.dumps({"text": "D\ud8001\u200b"})  # the JSON escape a guest's script sends
        said = adult.post("/keyboard/say", content=raw, headers={"Content-Type": "application/json"})
        assert said.status_code == 202
    assert screen.keyboard.inbox.get_nowait() == "D1"
