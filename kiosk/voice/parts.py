"""What the voice kiosk needs from each of its parts, as Protocols: its loop calls only what is declared
here, so its rules can be driven by in-memory parts as well as by Vosk, a speaker, WebRTC and PortAudio."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from kiosk.voice.hearing.listening import Listening
from kiosk.voice.kept_hearing import HeardTurn
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.sound.tts import Speech


class Hears(Protocol):
    """One streaming recogniser (asr.Recognizer)."""

    @property
    def fed(self) -> float:
        """Seconds of audio fed over its life: the clock its word times run on."""
        ...

    def feed(self, chunk: bytes) -> Utterance | None:
        """Take 16-bit mono PCM; an utterance when the recogniser's own endpoint closes one."""
        ...

    def partial(self, keep_unknown: bool = False) -> str:
        """The words heard so far in the utterance."""
        ...

    def finish(self) -> Utterance | None: ...

    def reset(self) -> None: ...

    def decode(self, pcm: bytes) -> Utterance | None:
        """A whole utterance at once, leaving the recogniser ready for the next."""
        ...

    def readings_of(self, pcm: bytes, count: int) -> list[Utterance]:
        """A whole utterance heard again with its `count` likeliest readings, likeliest first."""
        ...

    def decode_within(self, pcm: bytes, phrases: Sequence[str]) -> Utterance | None:
        """A whole utterance heard again through `phrases` alone; None from a recogniser with no list."""
        ...


class HearsEachWay(Protocol):
    """The recognisers for every way of listening (listening.Recognizers)."""

    @property
    def open(self) -> Hears:
        """The full-vocabulary recogniser."""
        ...

    def __getitem__(self, way: Listening) -> Hears: ...

    def beside(self, way: Listening) -> Hears | None:
        """The recogniser heard alongside the main one, if any."""
        ...

    def warm(self, samples: npt.NDArray[np.int16]) -> None:
        """Decode some speech with each recogniser and forget it."""
        ...

    def renew_open(self, samples: npt.NDArray[np.int16]) -> bool:
        """Build the open recogniser afresh, warmed on `samples`, once it has heard enough; True if so."""
        ...

    def reset(self) -> None: ...


class Renders(Protocol):
    """A speaker (tts.Speaker): text to samples; called from the kiosk's render and warming threads."""

    def render(self, text: str) -> Speech: ...


class EndsSpeech(Protocol):
    """End-of-speech detection over the stream (vad.EndOfSpeech)."""

    quiet_seconds: float
    """Seconds without voice since the last voiced frame."""
    last_voice_at: float | None
    """Seconds into the stream at which the last voiced frame ended."""

    @property
    def speaking(self) -> bool:
        """Speech has started and not yet ended."""
        ...

    def feed(self, pcm: bytes, at: float, hangover: float | None = None) -> bool:
        """Take a chunk that starts `at` seconds into the stream; True when speech has just ended."""
        ...

    def reset(self) -> None: ...


class KeepsHearing(Protocol):
    """Where a night's hearing is kept for replay (records/kept_audio.HeardKeeper)."""

    @property
    def heard_seconds(self) -> float:
        """Seconds of audio kept so far."""
        ...

    def heard_audio(self, pcm: bytes) -> None:
        """Keep a chunk the loop heard (never one dropped while the kiosk spoke)."""
        ...

    def took(self, turn: HeardTurn) -> None: ...
