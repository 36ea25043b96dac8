"""End of speech: WebRTC's voice activity detector, gated by a tracked noise floor.

An energy detector alone never closed an utterance in steady party noise (the noise is as loud as speech to
it); Vosk's own endpoint there waited 1.4 to 5 s. webrtcvad tells voice from noise by its spectrum, but alone it
still took loud steady noise for voice; a gate a little above the room's tracked noise floor settles it.
Several voices talking at once (babble) remain hard: see scripts/measure_voice.py.

The caller chooses the hangover per utterance (see turns.py): short once a complete closed-set phrase has
been heard, the full wait for answers, longer still when the words so far cannot be the end of anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from kiosk.voice.asr import SAMPLE_RATE

FRAME_SECONDS = 0.03
"""webrtcvad takes 10, 20 or 30 ms frames; 30 ms is the most reliable."""
_FRAME_BYTES = int(FRAME_SECONDS * SAMPLE_RATE) * 2


@dataclass
class EndOfSpeech:
    silence_seconds: float = 0.65
    """Hangover: seconds without voice after speech that close an utterance, unless feed() is told
    otherwise (Home Assistant waits 0.7 s by default)."""
    min_speech_seconds: float = 0.12
    """Seconds of voice needed before an utterance counts as started (a cough or a click does not)."""
    mode: int = 3
    """webrtcvad's aggressiveness, 0 to 3: 3 is the least fooled by noise."""
    margin: float = 1.2
    """How far above the room's noise floor (in RMS) a voiced frame must be to count as the speaker. With
    none, webrtcvad took steady noise at 10 dB for speech and never closed; at 1.5 quiet syllables at
    5 dB fell below it and answers were cut; 1.2 closed every utterance once, clean to 5 dB."""

    noise_floor: float | None = None
    speech_seconds: float = 0.0
    quiet_seconds: float = 0.0
    last_voice_at: float | None = None
    """Seconds into the stream at which the last voiced frame ended."""
    _vad: object = field(init=False, repr=False)
    _pending: bytes = field(init=False, repr=False, default=b"")

    def __post_init__(self) -> None:
        import webrtcvad

        self._vad = webrtcvad.Vad(self.mode)

    def reset(self) -> None:
        """Forget the utterance (not the room's noise floor)."""
        self.speech_seconds = 0.0
        self.quiet_seconds = 0.0
        self._pending = b""

    @property
    def speaking(self) -> bool:
        """Speech has started and not yet ended."""
        return self.speech_seconds >= self.min_speech_seconds

    def _voiced(self, frame: bytes) -> bool:
        samples = np.frombuffer(frame, dtype=np.int16).astype(np.float64)
        level = float(np.sqrt(np.mean(samples * samples)))
        floor = level if self.noise_floor is None else self.noise_floor
        # Down quickly when the room quietens, up slowly (about 15 s) so that speech does not raise it.
        self.noise_floor = 0.9 * floor + 0.1 * level if level < floor else 0.998 * floor + 0.002 * level
        if level <= floor * self.margin:
            return False
        return bool(self._vad.is_speech(frame, SAMPLE_RATE))  # type: ignore[attr-defined]

    def feed(self, pcm: bytes, at: float, hangover: float | None = None) -> bool:
        """Take a chunk that starts `at` seconds into the stream; True when speech has just ended, that is
        after `hangover` seconds (default silence_seconds) without voice."""
        wait = self.silence_seconds if hangover is None else hangover
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
