"""`serve` with no microphone and no speaker: it never exits. It says what is wrong in the log and on the
table screen, a night goes on from the page's keyboard meanwhile, and once the sound server appears (the
virtual sound device, started late) the kiosk hears and speaks again, by itself."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path
from typing import IO

import httpx
import numpy as np
import pytest

from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.sound.audio import resample
from kiosk.voice.sound.tts import Speaker, SpeakerSettings
from testbed.virtual_audio import VirtualAudio

from .support.phones import pair, type_on
from .support.sound import require_no_sound_device

pytestmark = [pytest.mark.audio, pytest.mark.english, pytest.mark.process]

WAIT = 120.0
"""Seconds to wait for any one thing the kiosk says (never a speed check: the model loads on 2 cores)."""
TRIES = 4


def _lines(stream: IO[str], into: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):
        into.put(line)


def wait_for(lines: queue.Queue[str], seen: list[str], pattern: str, wait: float = WAIT) -> re.Match[str]:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1.0)
        except queue.Empty:
            continue
        seen.append(line)
        if found := re.search(pattern, line):
            return found
    raise AssertionError(f"never saw {pattern!r}:\n{''.join(seen)}")


def spoken(text: str, path: Path) -> Path:
    speaker = Speaker(SpeakerSettings(rate=130))
    try:
        speech = speaker.render(text)
    finally:
        speaker.close()
    pad = np.zeros(int(0.3 * SAMPLE_RATE), dtype=np.int16)
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(SAMPLE_RATE)
        file.writeframes(
            np.concatenate([pad, resample(speech.samples, speech.rate, SAMPLE_RATE), pad, pad]).tobytes()
        )
    return path


def caption_on_the_page(url: str, words: str) -> str:
    """The first caption the page's event stream carries that holds `words`."""
    with httpx.Client(base_url=url, timeout=WAIT) as page, page.stream("GET", "/events") as events:
        for line in events.iter_lines():
            if line.startswith("data: ") and words in line:
                return str(json.loads(line.removeprefix("data: ")))
    raise AssertionError(f"no caption with {words!r}")


def test_serve_with_no_sound_device_waits_for_one_and_the_page_plays_meanwhile(
    english_model_path: Path, tmp_path: Path
) -> None:
    if not VirtualAudio.available():
        pytest.fail("pulseaudio and pulseaudio-utils are needed for the audio tests: run scripts/setup.sh")
    audio = VirtualAudio(tmp_path / "audio")  # its server starts only later: no sound device at first
    env = {
        **audio.env,
        "SNAP_APPLE_HOME": str(tmp_path / "home"),
        "SNAP_APPLE_CONFIG": str(tmp_path / "k.toml"),
    }
    require_no_sound_device(env)
    (tmp_path / "k.toml").write_text(f'model = "{english_model_path}"\nrate = 380\n')
    pick = spoken("d three", tmp_path / "pick.wav")
    again = spoken("wings and webs three", tmp_path / "again.wav")
    out: queue.Queue[str] = queue.Queue()
    err: queue.Queue[str] = queue.Queue()
    shown: list[str] = []
    logged: list[str] = []
    with subprocess.Popen(
        [sys.executable, "-m", "kiosk", "serve", "--screen", "127.0.0.1:0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as kiosk:
        assert kiosk.stdout is not None and kiosk.stderr is not None
        for stream, into in ((kiosk.stdout, out), (kiosk.stderr, err)):
            threading.Thread(target=_lines, args=(stream, into), daemon=True).start()
        try:
            url = wait_for(err, logged, r"Table screen: (http://\S+)")[1]
            # What is wrong, and what to do, in one line each: in the log...
            cannot_speak = wait_for(err, logged, r"^WARNING \S+: The kiosk cannot speak\. (.*)$")[1]
            cannot_hear = wait_for(err, logged, r"^WARNING \S+: The kiosk cannot hear\. (.*)$")[1]
            assert "No microphone or speaker found: plug them in" in cannot_hear
            assert "-m kiosk devices again" in cannot_speak and "type on the table screen" in cannot_hear
            # ...and on the table screen, as the kiosk's own words.
            assert "Kiosk" in caption_on_the_page(url, "The kiosk cannot hear.")
            assert kiosk.poll() is None
            # A night goes on from a phone's keyboard, with no sound device at all: the kiosk's own page
            # (loopback) asks to pair a phone, and the phone gives the code it shows.
            with (
                httpx.Client(base_url=url, timeout=WAIT) as pi,
                httpx.Client(base_url=url, timeout=WAIT) as phone,
            ):
                code = pi.post("/keyboard/window", json={}).json()["code"]
                assert wait_for(err, logged, r"pairing a phone for 60 seconds.*the code is (\d+)")[1] == code
                assert pair(phone, code).status_code == 200
                typed = type_on(phone, "two")
                assert typed.status_code == 202, typed.text
            wait_for(out, shown, r"You are Bats and Ghosts\.")
            # The sound server appears: the kiosk finds it without a restart, says so, and hears the table.
            audio.start()
            wait_for(err, logged, r"The speaker is here")
            wait_for(err, logged, r"The microphone is here")
            for attempt in range(TRIES):
                time.sleep(0.5)
                audio.feed_microphone(pick if attempt == 0 else again).wait(timeout=30)
                try:
                    wait_for(out, shown, r"\| open:[A-E][1-5] ", wait=40)
                    break
                except AssertionError:
                    if attempt == TRIES - 1:
                        raise
        finally:
            kiosk.terminate()
            code = kiosk.wait(timeout=30)
            audio.stop()
    assert code == 0
    assert not [line for line in logged if "Traceback" in line], "".join(logged)
