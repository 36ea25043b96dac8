"""Whose voice: speech much quieter than the reader's is another voice in the room, not the reader's.

At a party the microphone hears other voices too. The small model writes them as words, and a closed list
forces them onto its phrases ("right", "two teams", a pick), so a read-back could be confirmed, a night
begun or a cell read, none of which can be taken back, on words nobody at the table said to the kiosk. The
reader sits nearest the microphone (the README asks for 30 to 50 cm): the kiosk keeps the level of the
table's recent utterances and lets a closed-set utterance far quieter than them go unheard.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from kiosk.voice.asr import SAMPLE_RATE
from kiosk.voice.listening import Listening

QUIETER_DB = 8.0
"""Decibels below the reader's level at which an utterance is taken as another voice. A reader's own
utterances vary by a few decibels; party talk at 10 dB below the reader sits well beyond this."""
KEPT = 9
"""Recent utterances whose level makes the reader's level."""
FRAME = int(0.03 * SAMPLE_RATE)
GATED = (Listening.BETWEEN_QUESTIONS, Listening.READ_BACK, Listening.WHOSE)
"""The closed sets, where one misheard utterance changes the night for good: a team name said in the room
after "Whose answer was that?" would give the reader's words to that team."""


def frame_powers(pcm: bytes) -> npt.NDArray[np.float64] | None:
    """The mean power of each 30 ms frame of an utterance; None for too little audio (under three)."""
    samples = np.frombuffer(pcm, dtype=np.int16).astype(np.float64)
    count = len(samples) // FRAME
    if count < 3:
        return None
    power: npt.NDArray[np.float64] = np.mean(samples[: count * FRAME].reshape(count, FRAME) ** 2, axis=1)
    return power


def voiced_level(power: npt.NDArray[np.float64]) -> float:
    """The level of the voiced part, in dB: the mean power of the loudest tenth of the frames (the audio
    before and between words does not count)."""
    loudest = np.sort(power)[-max(1, len(power) // 10) :]
    return float(10 * np.log10(np.mean(loudest) + 1.0))


def loudness(pcm: bytes) -> float | None:
    """The level of an utterance's voiced part, in dB (voiced_level); None for too little audio."""
    power = frame_powers(pcm)
    return None if power is None else voiced_level(power)


@dataclass
class ReaderLevel:
    """The table's recent utterance levels, and the test of one against them."""

    recent: deque[float] = field(default_factory=lambda: deque(maxlen=KEPT))

    @property
    def level(self) -> float | None:
        """The reader's level: the upper quartile of recent utterances (the reader is the loudest voice)."""
        return float(np.percentile(list(self.recent), 75)) if len(self.recent) >= 2 else None

    def other_voice(self, pcm: bytes, way: Listening) -> bool:
        """True for a closed-set utterance far quieter than the reader's: it goes unheard. A closed-set
        utterance that is heard is kept as the reader's; answers are kept only by `answered`, since party
        talk heard as an answer would pull the reader's level down."""
        if way not in GATED:
            return False
        level = loudness(pcm)
        if level is None:
            return False
        reader = self.level
        if reader is not None and level < reader - QUIETER_DB:
            return True
        self.recent.append(level)
        return False

    def answered(self, pcm: bytes) -> None:
        """An answer that opened with a team's name: the reader's voice, whose level is kept."""
        level = loudness(pcm)
        if level is not None:
            self.recent.append(level)
