"""`python -m kiosk serve` by voice on the real stack: a table speaks into the virtual microphone, the kiosk
answers on the virtual speaker, from power-on through a whole night to the second night's first question."""

from __future__ import annotations

import queue
import re
import shutil
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from kiosk.appliance import words
from kiosk.appliance.table_screen import screen_words
from kiosk.keys import load_practice
from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.tuning import TUNING
from testbed.rendered import SpeakerProcess, said
from testbed.virtual_audio import VirtualAudio

pytestmark = [pytest.mark.audio, pytest.mark.english, pytest.mark.process]

TABLE = [
    ("solo", "Just type your answer", "solo"),
    ("end the night", "To end the night, say yes.", "end the night"),
    ("yes", "RESULT:", "yes"),
    ("play again", "Welcome to Snap-Apple Night", "play again"),
    ("solo", "Just type your answer", "solo"),
    ("d three", "| open:", "wings and webs three"),
]
"""A player who ends the first night early, asks for another, and picks its first cell; beside each
utterance, what the kiosk's reply holds once it has understood it, and what the player says when asked
again (a pick by its category's name, as the kiosk asks when unsure of a letter)."""
TRIES = 4
"""A table says a thing again when the kiosk has misheard it (synthetic speech is hard for recognisers)."""
SETTLE = TUNING.hearing.tail + 0.7
"""Seconds the table waits after the kiosk says it listens, with no new reply begun, before speaking: as
people do. A fixed short wait raced the kiosk under load (a reply still being said, or a second reply to an
utterance heard in two pieces, while the table spoke over it)."""
OPEN_CELL = re.compile(r"\| open:([A-E][1-5]) ")


@pytest.fixture
def steady_english_model(english_model_path: Path, tmp_path: Path) -> Path:
    """The English model with no dither in its features, so that the same audio gives the same words."""
    copy = tmp_path / "model"
    copy.mkdir()
    for item in english_model_path.iterdir():
        if item.name != "conf":
            (copy / item.name).symlink_to(item)
    shutil.copytree(english_model_path / "conf", copy / "conf")
    with (copy / "conf" / "mfcc.conf").open("a") as conf:
        conf.write("--dither=0.0\n")
    return copy


def spoken_table(folder: Path) -> list[Path]:
    """Each utterance of the table spoken by espeak-ng, as 16 kHz WAV with a breath either side."""
    speaker = SpeakerProcess(rate=130)
    files = []
    for number, text in enumerate(text for first, _, again in TABLE for text in (first, again)):
        samples = said(speaker, text)
        pad = np.zeros(int(0.3 * SAMPLE_RATE), dtype=np.int16)
        path = folder / f"{number}.wav"
        with wave.open(str(path), "wb") as file:
            file.setnchannels(1)
            file.setsampwidth(2)
            file.setframerate(SAMPLE_RATE)
            file.writeframes(np.concatenate([pad, samples, pad, pad, pad]).tobytes())
        files.append(path)
    return files


def dominant_hertz(samples: npt.NDArray[np.int16], rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples.astype(np.float64) * np.hanning(len(samples))))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[int(np.argmax(spectrum))])


def test_serve_by_voice_from_power_on_to_the_second_nights_first_question(
    virtual_audio: VirtualAudio, steady_english_model: Path, tmp_path: Path
) -> None:
    utterances = spoken_table(tmp_path)
    recording = tmp_path / "speaker.wav"
    env = {
        **virtual_audio.env,
        "SNAP_APPLE_HOME": str(tmp_path / "home"),
        "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml"),
    }
    (tmp_path / "kiosk.toml").write_text(f'model = "{steady_english_model}"\nrate = 380\n')
    speaker_recorder = virtual_audio.record_speaker(recording)
    time.sleep(0.5)
    with subprocess.Popen(
        [sys.executable, "-m", "kiosk", "serve", "--screen", "127.0.0.1:0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as kiosk:
        assert kiosk.stderr is not None and kiosk.stdout is not None
        stdout, stderr = kiosk.stdout, kiosk.stderr
        shown: list[str] = []
        heard: list[str] = []
        said_or_noted: queue.Queue[tuple[bool, str]] = queue.Queue()
        """Each line the kiosk prints, in order per stream: (True, a reply line) or (False, a note)."""

        def show() -> None:
            for line in stdout:
                shown.append(line)
                said_or_noted.put((True, line))

        def note() -> None:
            for line in stderr:
                said_or_noted.put((False, line.strip()))

        reader = threading.Thread(target=show, daemon=True)
        reader.start()
        threading.Thread(target=note, daemon=True).start()

        def settled(timeout: float) -> bool:
            """Half duplex: the table speaks once the kiosk has said all it had to say and listens, and no
            new reply has begun for SETTLE seconds."""
            deadline = time.monotonic() + timeout
            listening = False
            while time.monotonic() < deadline:
                wait = SETTLE if listening else max(0.1, deadline - time.monotonic())
                try:
                    is_reply, line = said_or_noted.get(timeout=wait)
                except queue.Empty:
                    if listening:
                        return True
                    break
                if is_reply:
                    listening = False  # another reply under way: wait for it to be said
                elif line.endswith(" (listening)"):  # the log's line: LEVEL logger: (listening)
                    listening = True
                else:
                    heard.append(line)
            return False

        try:
            assert settled(120), "the kiosk never listened"
            for first, again, (_, understood, _) in zip(
                utterances[::2], utterances[1::2], TABLE, strict=True
            ):
                for attempt in range(TRIES):
                    before = len("".join(shown))
                    virtual_audio.feed_microphone(first if attempt == 0 else again).wait(timeout=30)
                    replied = settled(90)
                    if replied and understood in "".join(shown)[before:]:
                        break
        finally:
            kiosk.terminate()
            kiosk.wait(timeout=30)
            reader.join(timeout=10)
            speaker_recorder.terminate()
            speaker_recorder.wait(timeout=10)
    out = "".join(shown)
    print("\n".join(heard))  # what the kiosk heard, shown if the test fails
    said = out.splitlines()
    assert said[:2] == [words.READY, words.HOLDS_PRACTICE_NONE_KEPT], out[:2000]
    # Then where the table screen is and how to pair a phone (never a code unasked), as printed at start.
    url = next(found[1] for line in heard if (found := re.search(r"Table screen: (http://\S+)", line)))
    assert said[2] == screen_words(url), out[:2000]
    assert "pairing code" not in out
    assert out.count("Welcome to Snap-Apple Night") == 2, out
    assert out.count("RESULT: AIGC|halloween-trivia|board|v1.0.0|end:closed") == 1, out
    assert words.ANOTHER_NIGHT in said
    # The second night's first question was read, word for word from the key (the recogniser may take
    # "d three" for another letter that sounds alike: any cell will do).
    second_night = out.partition("RESULT:")[2]
    opened = OPEN_CELL.search(second_night)
    assert opened, out
    key = load_practice().key
    assert key is not None and key.entries[opened.group(1)].question in second_night
    with wave.open(str(recording)) as file:
        rate = file.getframerate()
        samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > 1000)
    assert len(loud) > rate * 10  # the kiosk spoke for more than ten seconds
    # The ready sound comes before the first words: its notes are 660 and 990 Hz.
    first = loud[0]
    windows = range(first, first + 3 * rate, rate // 20)
    pitches = [dominant_hertz(samples[at : at + rate // 10], rate) for at in windows]
    assert any(abs(pitch - 660) < 30 for pitch in pitches[:10]), pitches
    assert any(abs(pitch - 990) < 30 for pitch in pitches[:20]), pitches
