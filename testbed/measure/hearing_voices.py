"""The TUNING voices of the hearing measurement (hearing.py): the voices of the recorded tables. Its HELD-OUT
set is the frozen one, testbed/held_out.toml, as the simulated table reads it."""

from __future__ import annotations

import subprocess
import tempfile
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.sound.audio import resample

Samples = npt.NDArray[np.int16]


@dataclass(frozen=True)
class Voice:
    name: str
    render: Callable[[str], Samples]


def wav(path: Path) -> Samples:
    with wave.open(str(path)) as file:
        rate = file.getframerate()
        samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    return resample(samples, rate, SAMPLE_RATE)


def espeak(voice: str, rate: int, pitch: int = 50) -> Voice:
    def render(text: str) -> Samples:
        with tempfile.NamedTemporaryFile(suffix=".wav") as out:
            subprocess.run(
                ["espeak-ng", "-v", voice, "-s", str(rate), "-p", str(pitch), "-w", out.name, text],
                check=True,
            )
            return wav(Path(out.name))

    return Voice(f"espeak-ng {voice} {rate} p{pitch}", render)


def flite(voice: str) -> Voice:
    def render(text: str) -> Samples:
        with tempfile.NamedTemporaryFile(suffix=".wav") as out:
            subprocess.run(["flite", "-voice", voice, "-t", text, "-o", out.name], check=True)
            return wav(Path(out.name))

    return Voice(f"flite {voice}", render)


def piper() -> Voice:
    from kiosk.config import Engine, SpeakerSettings
    from kiosk.voice.sound.piper import PiperVoice

    loaded = PiperVoice(SpeakerSettings(rate=170, engine=Engine.PIPER))

    def render(text: str) -> Samples:
        speech = loaded.render(text)
        return resample(speech.samples, speech.rate, SAMPLE_RATE)

    return Voice("piper joe", render)


def tuning_voices() -> list[Voice]:
    return [espeak("gmw/en-us", 165), espeak("gmw/en-us", 125), piper()]
