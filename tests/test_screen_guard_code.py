"""A pairing code never reaches the table screen: everything a real `serve` sends on its event stream, read
by a plain HTTP client as any guest's phone would read it, from power-on on. No code is said at power-on;
one asked for is said aloud and printed at the kiosk, nowhere else."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import httpx
import pytest

from testbed.virtual_audio import VirtualAudio

from .support.phones import code_in
from .support.screen_kiosk import Kiosk

pytestmark = pytest.mark.slow

WAIT = 120.0
"""Seconds before the test gives up on the kiosk (never a speed check)."""


def code_shown(pin: str, sent: str) -> list[str]:
    """Where `sent` gives the code away: digit by digit as the kiosk says it ("9, 1, 7, 0"), or whole."""
    spaced = r"\D{0,3}".join(pin)
    return re.findall(rf"(?<![0-9A-Za-z]){spaced}(?![0-9A-Za-z])", sent)


def test_code_shown_finds_the_code_as_it_is_said_or_typed() -> None:
    assert code_shown("9170", 'data: {"lines": ["enter the pairing code 9, 1, 7, 0."]}')
    assert code_shown("9170", "the code 9170.") and code_shown("9170", "9 1 7 0")
    assert not code_shown("9170", "commitment 9170ab12, 19170, A9, 1, 7, 0 points: 9, 1, 7, 01")


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


@pytest.mark.voice
@pytest.mark.english
@pytest.mark.audio
@pytest.mark.process
def test_serve_by_voice_says_how_to_pair_and_no_code_at_power_on(
    virtual_audio: VirtualAudio, english_model_path: Path, tmp_path: Path
) -> None:
    silence = tmp_path / "quiet-table.wav"
    with wave.open(str(silence), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(16000)
        file.writeframes(b"\0\0" * 16000 * 3)
    (tmp_path / "kiosk.toml").write_text(f'model = "{english_model_path}"\nrate = 380\n')
    env = {
        **virtual_audio.env,
        "SNAP_APPLE_HOME": str(tmp_path / "home"),
        "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml"),
    }
    sent: list[str] = []
    done = threading.Event()
    with subprocess.Popen(
        [sys.executable, "-m", "kiosk", "serve", "--screen", "127.0.0.1:0", "--audio-in", str(silence)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as kiosk:
        assert kiosk.stdout is not None and kiosk.stderr is not None
        notes: queue.Queue[str] = queue.Queue()
        stderr = kiosk.stderr
        threading.Thread(target=lambda: [notes.put(line) for line in stderr], daemon=True).start()
        shown = kiosk.stdout
        said: list[str] = []
        threading.Thread(target=lambda: said.extend(shown), daemon=True).start()
        url = ""
        log = []
        while not url:
            line = notes.get(timeout=WAIT)
            log.append(line)
            if found := re.search(r"Table screen: (http://\S+)", line):
                url = found[1]
                threading.Thread(target=_events, args=(url, sent, done), daemon=True).start()
        try:
            code = kiosk.wait(timeout=WAIT)  # the recorded table ends, and the kiosk with it
        finally:
            if kiosk.poll() is None:
                kiosk.kill()
        assert done.wait(timeout=30), "the event stream did not end with the kiosk"
    stream = "".join(sent)
    assert code == 0, "".join(log)
    # How to pair a phone was said aloud (the speaker's text is printed), and no code with it...
    spoken = "".join(said)
    assert "To type from a phone, say pair a phone." in spoken
    assert not re.search(r"\d, \d, \d, \d", spoken) and "pairing code" not in spoken + "".join(log)
    # ...and the screen had the night's power-on view and captions: the stream was really read.
    assert "event: view" in stream and "event: caption" in stream and "Welcome to Snap-Apple Night" in stream
    assert "pairing code" not in stream


@pytest.mark.process
def test_serve_typed_never_sends_a_pairing_code_to_the_screen(tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, command="serve")
    sent: list[str] = []
    done = threading.Event()
    reader = threading.Thread(target=_events, args=(kiosk.url, sent, done), daemon=True)
    reader.start()
    listening = time.monotonic() + 30
    while not sent and time.monotonic() < listening:  # the phone has the page's first event
        time.sleep(0.05)
    codes = []
    try:
        for message in ("two", "pair a phone", "D1", "Bats: fly. Ghosts: glide", "new pin", "end the night"):
            reply = kiosk.say(message)
            if "pair" in message or "pin" in message:
                codes.append(code_in(reply))
        for message in ("Bats: yes", "Ghosts: yes"):
            kiosk.say(message)
    finally:
        assert kiosk.stop() == 0
    assert done.wait(timeout=30)
    stream = "".join(sent)
    assert "event: view" in stream and "RESULT" in stream
    assert "pair a phone" in stream  # the table's words were shown, the kiosk's answer with the code not
    for code in codes:
        assert not code_shown(code, stream), code_shown(code, stream)
    assert "pairing code" not in stream
