"""End of speech: WebRTC's voice activity detector, gated by the room's level (decision 0002). webrtcvad
takes babble and music for the speaker too, so a frame counts only when it also stands over a gate set
from the last few seconds of the room; the caller chooses the hangover per utterance (turns.py)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np

from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.tuning import TUNING

FRAME_SECONDS = 0.03
"""webrtcvad takes 10, 20 or 30 ms frames; 30 ms is the most reliable."""
_FRAME_BYTES = int(FRAME_SECONDS * SAMPLE_RATE) * 2


@dataclass
class EndOfSpeech:
    speech_seconds: float = 0.0
    quiet_seconds: float = 0.0
    last_voice_at: float | None = None
    """Seconds into the stream at which the last voiced frame ended."""
    _vad: object = field(init=False, repr=False)
    _pending: bytes = field(init=False, repr=False, default=b"")
    _levels: deque[float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        import webrtcvad

        self._vad = webrtcvad.Vad(TUNING.speech.mode)
        self._levels = deque(maxlen=max(1, round(TUNING.speech.room_seconds / FRAME_SECONDS)))

    def reset(self) -> None:
        """Forget the utterance (not the room's level)."""
        self.speech_seconds = 0.0
        self.quiet_seconds = 0.0
        self._pending = b""

    @property
    def speaking(self) -> bool:
        return self.speech_seconds >= TUNING.speech.least_speech

    def _voiced(self, frame: bytes) -> bool:
        if not self.above_gate(frame):
            return False
        return bool(self._vad.is_speech(frame, SAMPLE_RATE))  # type: ignore[attr-defined]

    def above_gate(self, frame: bytes) -> bool:
        """The frame stands over the room's gate; its level becomes part of the room's."""
        samples = np.frombuffer(frame, dtype=np.int16).astype(np.float64)
        level = float(np.sqrt(np.mean(samples * samples)))
        self._levels.append(level)
        quieter, median = (float(value) for value in np.percentile(self._levels, (20, 50)))
        tuning = TUNING.speech
        gate = min(
            max(median * tuning.margin, median + tuning.swing * (median - quieter)), quieter * tuning.ceiling
        )
        return level > gate

    def feed(self, pcm: bytes, at: float, hangover: float | None = None) -> bool:
        """Take a chunk starting `at` seconds into the stream; True when speech just ended (`hangover`)."""
        wait = TUNING.speech.silence if hangover is None else hangover
        data = self._pending + pcm
        start = at - len(self._pending) / 2 / SAMPLE_RATE
        usable = len(data) - len(data) % _FRAME_BYTES
        self._pending = data[usable:]
        ended = False
        for offset in range(0, usable, _FRAME_BYTES):
            if self._voiced(data[offset : offset + _FRAME_BYTES]):
                self.speech_seconds += FRAME_SECONDS
                self.quiet_seconds = 0.0
                self.last_voice_at = start + (offset + _FRAME_BYTES) / 2 / SAMPLE_RATE
            else:
                self.quiet_seconds += FRAME_SECONDS
                if self.speaking and self.quiet_seconds >= wait - 1e-9:
                    ended = True
                    self.speech_seconds = 0.0
        return ended
