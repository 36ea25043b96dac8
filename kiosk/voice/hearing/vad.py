"""End of speech: WebRTC's voice activity detector, gated by the room's level.

An energy detector alone never closed an utterance in steady party noise (the noise is as loud as speech to
it); Vosk's own endpoint there waited 1.4 to 5 s. webrtcvad tells voice from noise by its spectrum, but it
takes other voices (babble) and music for the speaker too. So a frame counts as the speaker only when it is
also above a gate set from the last few seconds of the room: a little above its median level where the room
is steady (a fan, a hum), higher where it swings (babble, music), by how far its median stands above its
quieter moments. Alone on the recorded tables at 10 dB, a gate over the room's quietest moments closed none
of 120 utterances in babble or music; this one closed all, 0.6 s after the last word (median).

The caller chooses the hangover per utterance (see turns.py): short once a complete closed-set phrase has
been heard, the full wait for answers, longer still when the words so far cannot be the end of anything.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np

from kiosk.voice.sound.asr import SAMPLE_RATE

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
    """The gate's least height over the room's median level (RMS). Enough in steady noise, where the quiet
    end of a word before a comma ("Ghosts, the...") stays above it down to 5 dB."""
    swing: float = 3.0
    """The gate stands this many times the room's swing (its median less its 20th percentile) over the
    median: babble and music swing, a fan does not. At 2.5 a few more utterances in music ran on."""
    ceiling: float = 3.0
    """Nor more than this over the room's quieter moments (the 20th percentile): while a long answer fills
    the window, the speaker's own level must not become the room's."""
    room_seconds: float = 4.0
    """The last seconds of frames the room's levels are read from: long enough that a pause does not
    change them, short enough to follow the party getting louder."""

    speech_seconds: float = 0.0
    quiet_seconds: float = 0.0
    last_voice_at: float | None = None
    """Seconds into the stream at which the last voiced frame ended."""
    _vad: object = field(init=False, repr=False)
    _pending: bytes = field(init=False, repr=False, default=b"")
    _levels: deque[float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        import webrtcvad

        self._vad = webrtcvad.Vad(self.mode)
        self._levels = deque(maxlen=max(1, round(self.room_seconds / FRAME_SECONDS)))

    def reset(self) -> None:
        """Forget the utterance (not the room's level)."""
        self.speech_seconds = 0.0
        self.quiet_seconds = 0.0
        self._pending = b""

    @property
    def speaking(self) -> bool:
        """Speech has started and not yet ended."""
        return self.speech_seconds >= self.min_speech_seconds

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
        gate = min(
            max(median * self.margin, median + self.swing * (median - quieter)), quieter * self.ceiling
        )
        return level > gate

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
