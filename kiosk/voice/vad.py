"""End of speech by energy: the kiosk closes an utterance after a short silence, sooner than the model's
own endpoint rules (about 1 to 1.5 s here), which makes the host answer faster.

The threshold follows the room: it sits a margin above a slowly tracked noise floor, never below a minimum.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kiosk.voice.asr import SAMPLE_RATE

FRAME_SECONDS = 0.03


@dataclass
class EndOfSpeech:
    silence_seconds: float = 0.6
    """Seconds of quiet after speech that close an utterance (Home Assistant uses 0.7 by default)."""
    min_speech_seconds: float = 0.15
    """Seconds of voiced audio needed before an utterance counts as started."""
    minimum_level: float = 300.0
    """RMS of 16-bit samples below which audio is always quiet."""
    margin: float = 3.0
    """How far above the noise floor speech must be."""

    noise_floor: float = 100.0
    speech_seconds: float = 0.0
    quiet_seconds: float = 0.0
    last_voice_at: float | None = None
    """Seconds into the stream at which the last voiced frame ended."""

    def reset(self) -> None:
        self.speech_seconds = 0.0
        self.quiet_seconds = 0.0

    @property
    def threshold(self) -> float:
        return max(self.minimum_level, self.noise_floor * self.margin)

    def feed(self, pcm: bytes, at: float) -> bool:
        """Take a chunk that starts `at` seconds into the stream; True when speech has just ended."""
        samples = np.frombuffer(pcm, dtype=np.int16).astype(np.float64)
        size = int(FRAME_SECONDS * SAMPLE_RATE)
        ended = False
        for start in range(0, len(samples), size):
            frame = samples[start : start + size]
            if len(frame) == 0:
                continue
            level = float(np.sqrt(np.mean(frame * frame)))
            seconds = len(frame) / SAMPLE_RATE
            if level > self.threshold:
                self.speech_seconds += seconds
                self.quiet_seconds = 0.0
                self.last_voice_at = at + (start + len(frame)) / SAMPLE_RATE
            else:
                # Track the floor downwards at once and upwards slowly, so speech does not raise it.
                self.noise_floor = (
                    level if level < self.noise_floor else 0.99 * self.noise_floor + 0.01 * level
                )
                self.quiet_seconds += seconds
                if (
                    self.speech_seconds >= self.min_speech_seconds
                    and self.quiet_seconds >= self.silence_seconds
                ):
                    ended = True
                    self.reset()
        return ended
