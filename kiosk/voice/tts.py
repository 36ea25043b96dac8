"""Speech out: pyttsx3 (espeak-ng on Linux and the Pi) renders each sentence to samples for the speaker.

pyttsx3's own `say()` plays through `aplay`, past our choice of device and past the half-duplex gate, so the
kiosk renders with `save_to_file` and plays the samples itself.
"""

from __future__ import annotations

import contextlib
import io
import queue
import re
import tempfile
import threading
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

DEFAULT_RATE = 150
"""Words per minute: espeak's default is 175; slower suits young players."""
DEFAULT_VOICE = "gmw/en-us"


@dataclass(frozen=True)
class SpeakerSettings:
    rate: int = DEFAULT_RATE
    """Words per minute."""
    voice: str = DEFAULT_VOICE
    """An espeak-ng voice id such as gmw/en-us or gmw/en-gb-x-rp; an unknown id keeps the default voice."""


@dataclass(frozen=True)
class Speech:
    samples: npt.NDArray[np.int16]
    """Mono 16-bit samples."""
    rate: int
    """Hertz."""

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(A-Z0-9])")
_SPOKEN_FORMS = {"·": ",", "&": "and", "—": ",", "–": ","}


def sentences(text: str) -> list[str]:
    """Split a reply into sentences, so that the first is heard while the rest are rendered."""
    for symbol, spoken in _SPOKEN_FORMS.items():
        text = text.replace(symbol, spoken)
    parts = _SENTENCE_END.split(" ".join(text.split()))
    return [part.strip() for part in parts if part.strip()]


class SpeechStalled(Exception):
    """The speech engine did not finish a sentence in time; the kiosk shows the text and goes on."""


RENDER_TIMEOUT = 15.0
"""Seconds one sentence may take to render before the engine's loop is ended from outside."""


class Speaker:
    """Renders text to speech with one pyttsx3 engine, set up once (rate changes between calls are
    unreliable on one engine) and used only from its own thread: pyttsx3's espeak driver runs a polling
    loop that is not safe to enter from several threads."""

    def __init__(self, settings: SpeakerSettings | None = None) -> None:
        self.settings = settings or SpeakerSettings()
        self._folder = tempfile.TemporaryDirectory(prefix="kiosk-tts-")
        self._jobs: queue.Queue[tuple[str, queue.Queue[Speech | BaseException]] | None] = queue.Queue()
        self._engine: Any = None
        started: queue.Queue[BaseException | None] = queue.Queue()
        self._thread = threading.Thread(target=self._serve, args=(started,), name="speech", daemon=True)
        self._thread.start()
        problem = started.get()
        if problem is not None:
            raise problem

    def _serve(self, started: queue.Queue[BaseException | None]) -> None:
        try:
            import pyttsx3

            self._engine = pyttsx3.init("espeak")
            self._engine.setProperty("rate", self.settings.rate)
            self._engine.setProperty("voice", self.settings.voice)
        except Exception as error:  # a missing espeak-ng library shows here
            started.put(error)
            return
        started.put(None)
        while (job := self._jobs.get()) is not None:
            text, answer = job
            try:
                answer.put(self._render_here(text))
            except Exception as error:  # handed to the caller, who decides
                answer.put(error)

    def _render_here(self, text: str) -> Speech:
        """espeak now and then writes an empty file: render again then."""
        path = Path(self._folder.name) / "sentence.wav"
        rate = 22_050
        for _ in range(3):
            with contextlib.redirect_stdout(io.StringIO()):  # pyttsx3 prints "Audio saved to ..."
                self._engine.save_to_file(text, str(path))
                self._engine.runAndWait()
            with wave.open(str(path), "rb") as file:
                rate = file.getframerate()
                frames = file.readframes(file.getnframes())
            if frames:
                return Speech(np.frombuffer(frames, dtype=np.int16).copy(), rate)
        return Speech(np.zeros(0, dtype=np.int16), rate)

    def render(self, text: str, timeout: float = RENDER_TIMEOUT) -> Speech:
        """One sentence to samples; SpeechStalled if the engine does not finish it in time."""
        answer: queue.Queue[Speech | BaseException] = queue.Queue()
        self._jobs.put((text, answer))
        try:
            result = answer.get(timeout=timeout)
        except queue.Empty:
            # End the driver's polling loop from outside so the engine can take the next sentence.
            with contextlib.suppress(Exception):
                self._engine.endLoop()
            raise SpeechStalled(f"the speech engine stalled on: {text[:60]}") from None
        if isinstance(result, BaseException):
            raise result
        return result

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=RENDER_TIMEOUT)
        self._folder.cleanup()
