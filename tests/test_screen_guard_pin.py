"""The keyboard's PIN never reaches the table screen: everything a real `serve` sends on its event stream,
read by a plain HTTP client as any guest's phone would read it, from power-on on. The PIN is said aloud
and printed in the kiosk's log, nowhere else."""

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


@pytest.mark.voice
@pytest.mark.english
@pytest.mark.audio
@pytest.mark.process
def test_serve_by_voice_never_sends_its_pin_to_the_screen(
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
        url = pin = ""
        log = []
        while not (url and pin):
            line = notes.get(timeout=WAIT)
            log.append(line)
            if found := re.search(r"Table screen: (http://\S+)", line):
                url = found[1]
                threading.Thread(target=_events, args=(url, sent, done), daemon=True).start()
            if found := re.search(r"Remote keyboard PIN: (\d+)", line):
                pin = found[1]
        try:
            code = kiosk.wait(timeout=WAIT)  # the recorded table ends, and the kiosk with it
        finally:
            if kiosk.poll() is None:
                kiosk.kill()
        assert done.wait(timeout=30), "the event stream did not end with the kiosk"
    stream = "".join(sent)
    assert code == 0, "".join(log)
    # The PIN was said aloud (the speaker's text is printed), so there was a PIN to leak...
    assert f"Its keyboard PIN is {', '.join(pin)}." in "".join(said)
    # ...and the screen had the night's power-on view and captions: the stream was really read.
    assert "event: view" in stream and "event: caption" in stream and "Welcome to Snap-Apple Night" in stream
    assert not pin_shown(pin, stream), pin_shown(pin, stream)
    assert "PIN is" not in stream


@pytest.mark.process
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
