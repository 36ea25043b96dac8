"""Audio of a loud room for the tests of what measures loudness: the room's talk, and the reader's voice
standing over it."""

from __future__ import annotations

import numpy as np

from kiosk.voice.sound.asr import SAMPLE_RATE


def room_talk(*parts: tuple[float, float]) -> bytes:
    """Four seconds of talk at rms 1000, with the reader's voice (rms 3300, 10 dB over it) at each (start,
    length) in seconds."""
    rng = np.random.default_rng(7)
    samples = rng.normal(0, 1000, 4 * SAMPLE_RATE)
    for start, length in parts:
        first, last = int(start * SAMPLE_RATE), int((start + length) * SAMPLE_RATE)
        samples[first:last] = rng.normal(0, 3300, last - first)
    return np.clip(samples, -32768, 32767).astype(np.int16).tobytes()
