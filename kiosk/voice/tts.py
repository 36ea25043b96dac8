"""Speech out: pyttsx3 (espeak-ng on Linux and the Pi) renders each sentence to samples for the speaker.

pyttsx3's own `say()` plays through `aplay`, past our choice of device and past the half-duplex gate, so the
kiosk renders with `save_to_file` and plays the samples itself.
"""

from __future__ import annotations

import contextlib
import io
import re
import tempfile
import threading
import wave
from dataclasses import dataclass
from pathlib import Path

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


class Speaker:
    """Renders text to speech with one pyttsx3 engine, set up once (rate changes between calls are
    unreliable on one engine)."""

    def __init__(self, settings: SpeakerSettings | None = None) -> None:
        import pyttsx3

        self.settings = settings or SpeakerSettings()
        self._engine = pyttsx3.init("espeak")
        self._engine.setProperty("rate", self.settings.rate)
        self._engine.setProperty("voice", self.settings.voice)
        self._lock = threading.Lock()
        self._folder = tempfile.TemporaryDirectory(prefix="kiosk-tts-")

    def render(self, text: str) -> Speech:
        """One sentence to samples. espeak now and then writes an empty file: render again then."""
        path = Path(self._folder.name) / "sentence.wav"
        with self._lock:
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

    def close(self) -> None:
        self._folder.cleanup()
