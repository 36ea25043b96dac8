"""Whose voice: speech much quieter than the reader's is another voice in the room, not the reader's. The
reader sits nearest the microphone, so a closed-set utterance far quieter than the table's recent ones goes
unheard, lest the room's talk confirm, begin or pick what cannot be undone (decision 0012)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance
from kiosk.voice.tuning import TUNING

FRAME = int(0.03 * SAMPLE_RATE)
GATED = (
    Listening.BETWEEN_QUESTIONS,
    Listening.READ_BACK,
    Listening.YEARS_READ_BACK,
    Listening.WHOSE,
    Listening.ONE_LETTER,
    Listening.ONE_DIGIT,
)
"""The closed sets, where one misheard utterance changes the night for good."""


def frame_powers(pcm: bytes) -> npt.NDArray[np.float64] | None:
    """The mean power of each 30 ms frame of an utterance; None for too little audio (under three)."""
    return _powers(pcm) if len(pcm) // 2 // FRAME >= 3 else None


def _powers(pcm: bytes) -> npt.NDArray[np.float64]:
    samples = np.frombuffer(pcm, dtype=np.int16).astype(np.float64)
    count = len(samples) // FRAME
    power: npt.NDArray[np.float64] = np.mean(samples[: count * FRAME].reshape(count, FRAME) ** 2, axis=1)
    return power


def voiced_level(power: npt.NDArray[np.float64]) -> float:
    """The level of the voiced part, in dB: the mean power of the loudest tenth of the frames."""
    loudest = np.sort(power)[-max(1, len(power) // 10) :]
    return float(10 * np.log10(np.mean(loudest) + 1.0))


def loudness(pcm: bytes) -> float | None:
    """The level of an utterance's voiced part, in dB (voiced_level); None for too little audio."""
    power = frame_powers(pcm)
    return None if power is None else voiced_level(power)


def loud_words(heard: Utterance, pcm: bytes, end: float) -> Utterance:
    """An answer without its words TUNING.reader.quieter_db below its own level, each by its loudest frames
    (decision 0012); `pcm`'s last sample was heard at `end` on the recogniser's clock."""
    whole = loudness(pcm)
    if whole is None or not heard.words:
        return heard
    start = end - len(pcm) / 2 / SAMPLE_RATE
    kept = tuple(
        word
        for word in heard.words
        if _level(pcm, word.start - start, word.end - start) >= whole - TUNING.reader.quieter_db
    )
    if len(kept) == len(heard.words):
        return heard
    return replace(heard, text=" ".join(word.word for word in kept), words=kept)


def loudest_stretch(pcm: bytes) -> bytes | None:
    """The stretch around an utterance's loudest moment, by TUNING.reader's stretch settings: the reader's
    word without the room's talk (decision 0008). None for too little audio, or for the whole."""
    power = frame_powers(pcm)
    if power is None or len(power) < TUNING.reader.smoothed_frames:
        return None
    count = len(power)
    level = np.convolve(
        10 * np.log10(power + 1.0),
        np.ones(TUNING.reader.smoothed_frames) / TUNING.reader.smoothed_frames,
        mode="same",
    )
    peak = int(np.argmax(level))
    loud = level >= level[peak] - TUNING.reader.stretch_drop_db
    gap, pad = (
        round(TUNING.reader.stretch_gap * SAMPLE_RATE / FRAME),
        round(TUNING.reader.stretch_pad * SAMPLE_RATE / FRAME),
    )
    first = last = peak
    while first > 0 and (before := loud[max(0, first - 1 - gap) : first]).any():
        first -= 1 + int(np.argmax(before[::-1]))  # to the nearest loud frame within the gap
    while last + 1 < count and (after := loud[last + 1 : last + 2 + gap]).any():
        last += 1 + int(np.argmax(after))
    start, end = max(0, first - pad), min(count, last + 1 + pad)
    if start == 0 and end == count:
        return None
    return pcm[start * FRAME * 2 : end * FRAME * 2]


@dataclass
class LoudestSoFar:
    """An utterance's loudest moment so far, and when its level last came near it: loudest_stretch, live."""

    peak: float = float("-inf")
    last_loud: float | None = None
    """Seconds into the stream when the last frame within stretch_drop_db of the peak ended."""
    _pending: bytes = b""
    _recent: deque[float] = field(default_factory=lambda: deque(maxlen=TUNING.reader.smoothed_frames))

    def feed(self, pcm: bytes, at: float) -> None:
        """Take the utterance's next audio, which starts `at` seconds into the stream."""
        data = self._pending + pcm
        start = at - len(self._pending) / 2 / SAMPLE_RATE
        usable = len(data) - len(data) % (FRAME * 2)
        self._pending = data[usable:]
        for index, power in enumerate(_powers(data[:usable])):
            self._recent.append(float(10 * np.log10(power + 1.0)))
            # Smoothed as loudest_stretch's: a click at the start is no peak.
            level = sum(self._recent) / TUNING.reader.smoothed_frames
            self.peak = max(self.peak, level)
            if level >= self.peak - TUNING.reader.stretch_drop_db:
                self.last_loud = start + (index + 1) * FRAME / SAMPLE_RATE

    def gone(self, at: float) -> bool:
        """No frame near the loudest for TUNING.reader.gone seconds before `at`: the reader's voice ended."""
        return self.last_loud is not None and at - self.last_loud >= TUNING.reader.gone


def _level(pcm: bytes, start: float, end: float) -> float:
    """The level between two times (seconds into `pcm`); inf outside the audio kept, so a word is kept."""
    first, last = max(0, int(start * SAMPLE_RATE)), max(0, int(end * SAMPLE_RATE))
    span = pcm[first * 2 : last * 2]
    power = frame_powers(span)
    if power is not None:
        return voiced_level(power)
    samples = np.frombuffer(span, dtype=np.int16).astype(np.float64)
    return float(10 * np.log10(np.mean(samples**2) + 1.0)) if len(samples) else float("inf")


@dataclass
class ReaderLevel:
    recent: deque[float] = field(default_factory=lambda: deque(maxlen=TUNING.reader.kept))

    @property
    def level(self) -> float | None:
        """The reader's level: the upper quartile of recent utterances (the reader is the loudest voice)."""
        return float(np.percentile(list(self.recent), 75)) if len(self.recent) >= 2 else None

    def other_voice(self, pcm: bytes, way: Listening) -> bool:
        """A closed-set utterance far quieter than the reader's: it goes unheard. Answers set the level
        only through `answered`, lest party talk heard as one pull it down."""
        if way not in GATED:
            return False
        level = loudness(pcm)
        if level is None:
            return False
        if self.quieter(level):
            return True
        self.recent.append(level)
        return False

    def quieter(self, level: float | None) -> bool:
        """A level (loudness) TUNING.reader.quieter_db or more below the reader's: another voice's."""
        reader = self.level
        return level is not None and reader is not None and level < reader - TUNING.reader.quieter_db

    def as_loud(self, pcm: bytes) -> bool:
        """An utterance at the reader's level, the level being known."""
        level = loudness(pcm)
        return level is not None and self.level is not None and not self.quieter(level)

    def party_talk(self, pcm: bytes) -> bool:
        """An answer with no team's name at its start, far quieter than the reader: loud-room party talk."""
        return self.quieter(loudness(pcm))

    def answered(self, pcm: bytes) -> None:
        """An answer that opened with a team's name: the reader's voice, whose level is kept."""
        level = loudness(pcm)
        if level is not None:
            self.recent.append(level)
