"""Speech out: espeak-ng (the default) or Piper's joe voice renders each sentence into memory, with no file or
driver loop, on one thread; every render error comes back to the caller, so the kiosk never waits for ever."""

from __future__ import annotations

import logging
import queue
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from kiosk.config import Engine as Engine  # re-exported: the voice's own vocabulary
from kiosk.config import SpeakerSettings as SpeakerSettings

_LOG = logging.getLogger(__name__)


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


class SpeechError(Exception):
    """A sentence could not be rendered; the kiosk shows the text and goes on."""


class SpeechStalled(SpeechError):
    """The speech engine did not finish a sentence in time."""


class VoiceMissing(SpeechError):
    """The speech engine or the chosen voice is not installed; the message says what to install."""


RENDER_TIMEOUT = 15.0
"""Seconds one sentence may take to render before the caller stops waiting for it."""


class Voice(Protocol):
    """One speech engine, used from one thread only."""

    def render(self, text: str) -> Speech: ...


_ESPEAK_LOCK = threading.Lock()
"""libespeak-ng keeps one state per process: voice, rate and output callback are set per render under it."""
_espeak_rate: int | None = None


class EspeakVoice:
    """espeak-ng in synchronous mode: `espeak_Synth` returns when the whole sentence is in our buffer."""

    def __init__(self, settings: SpeakerSettings) -> None:
        global _espeak_rate
        try:
            from pyttsx3.drivers import _espeak
        except (ImportError, OSError, RuntimeError) as error:  # RuntimeError: libespeak-ng missing
            raise VoiceMissing(f"espeak-ng is not installed ({error}): install libespeak-ng1") from error
        self._espeak: Any = _espeak
        self.settings = settings
        self._parts: list[npt.NDArray[np.int16]] = []
        with _ESPEAK_LOCK:
            if _espeak_rate is None:
                rate = int(_espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, 0, None, 0))
                if rate <= 0:
                    raise VoiceMissing("espeak-ng could not start: is espeak-ng-data installed?")
                _espeak_rate = rate
            self.rate = _espeak_rate
            if _espeak.SetVoiceByName(settings.voice.encode()) != 0:
                raise VoiceMissing(
                    f"espeak-ng has no voice {settings.voice!r} (try gmw/en-us or gmw/en-gb-x-rp)"
                )

    def _collect(self, wav: Any, count: int, events: Any) -> int:
        if wav and count > 0:
            self._parts.append(np.ctypeslib.as_array(wav, (count,)).astype(np.int16, copy=True))
        return 0  # carry on

    def render(self, text: str) -> Speech:
        espeak = self._espeak
        with _ESPEAK_LOCK:
            self._parts = []
            espeak.SetSynthCallback(self._collect)
            espeak.SetVoiceByName(self.settings.voice.encode())
            espeak.SetParameter(espeak.RATE, self.settings.rate, 0)
            status = espeak.Synth(text)
            parts, self._parts = self._parts, []
        if status != 0:
            raise SpeechError(f"espeak-ng refused the sentence (status {status}): {text[:60]}")
        samples = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int16)
        return Speech(samples, self.rate)


def _piper_voice(settings: SpeakerSettings) -> Voice:
    from kiosk.voice.sound.piper import PiperVoice  # loads onnxruntime: only when asked for

    return PiperVoice(settings)


VOICES: dict[Engine, Callable[[SpeakerSettings], Voice]] = {
    Engine.ESPEAK: EspeakVoice,
    Engine.PIPER: _piper_voice,
}


class Speaker:
    """Renders sentences one at a time on its own thread, where it loaded its engine."""

    def __init__(self, settings: SpeakerSettings | None = None) -> None:
        self.settings = settings or SpeakerSettings()
        self._jobs: queue.Queue[tuple[str, queue.Queue[Speech | Exception]] | None] = queue.Queue()
        started: queue.Queue[Exception | None] = queue.Queue()
        self._thread = threading.Thread(target=self._serve, args=(started,), name="speech", daemon=True)
        self._thread.start()
        problem = started.get()
        if problem is not None:
            raise problem

    def _serve(self, started: queue.Queue[Exception | None]) -> None:
        try:
            voice = VOICES[self.settings.engine](self.settings)
        except SpeechError as error:
            started.put(error)
            return
        except Exception as error:  # an engine's own failure to load, told in one line
            _LOG.exception("the voice could not load")
            started.put(VoiceMissing(f"the {self.settings.engine.value} voice could not load: {error}"))
            return
        started.put(None)
        while (job := self._jobs.get()) is not None:
            text, answer = job
            try:
                answer.put(voice.render(text))
            except SpeechError as error:
                answer.put(error)
            except Exception as error:  # any engine fault ends this sentence, never the thread
                _LOG.exception("The voice failed on a sentence")
                answer.put(SpeechError(f"{type(error).__name__}: {error}"))

    def render(self, text: str, timeout: float = RENDER_TIMEOUT) -> Speech:
        """One sentence to samples; SpeechError if it cannot be rendered, SpeechStalled if not in time."""
        answer: queue.Queue[Speech | Exception] = queue.Queue()
        self._jobs.put((text, answer))
        try:
            result = answer.get(timeout=timeout)
        except queue.Empty:
            raise SpeechStalled(f"the speech engine stalled on: {text[:60]}") from None
        if isinstance(result, Exception):
            raise result
        return result

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=RENDER_TIMEOUT)
