"""The voices and noise beds of the hearing measurement (hearing.py): the TUNING set (the voices of the
recorded tables and their beds) and the HELD-OUT set nothing was tuned on."""

from __future__ import annotations

import subprocess
import tempfile
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kiosk.voice.asr import SAMPLE_RATE
from kiosk.voice.audio import resample

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
    from kiosk.voice.piper import PiperVoice

    loaded = PiperVoice(SpeakerSettings(rate=170, engine=Engine.PIPER))

    def render(text: str) -> Samples:
        speech = loaded.render(text)
        return resample(speech.samples, speech.rate, SAMPLE_RATE)

    return Voice("piper joe", render)


def tuning_voices() -> list[Voice]:
    return [espeak("gmw/en-us", 165), espeak("gmw/en-us", 125), piper()]


def held_out_voices() -> list[Voice]:
    return [
        espeak("gmw/en-GB-scotland", 150, 35),
        espeak("gmw/en-029", 140, 70),
        espeak("gmw/en-GB-x-gbclan", 175, 60),
        flite("slt"),
        flite("rms"),
        flite("awb"),
    ]


HELD_OUT_BABBLE_TEXT = [
    "The bus was late again so we walked the long way round by the river.",
    "Have you tried the new bakery on the corner, their bread is lovely.",
    "I think the match on Saturday was the best game of the season so far.",
    "My sister is moving to a flat near the station next month.",
    "Could you turn the heating up a little, it is getting cold in here.",
    "We should book the tickets before the prices go up in the spring.",
]


def held_out_babble() -> Samples:
    """Six flite and espeak voices the tables never use, reading everyday talk at once, 40 s long."""
    voices = [flite("kal16"), flite("rms"), flite("slt"), flite("awb"), espeak("gmw/en-GB-x-rp", 160, 30)]
    length = 40 * SAMPLE_RATE
    bed = np.zeros(length, dtype=np.float64)
    rng = np.random.default_rng(7)
    for index, voice in enumerate(voices):
        speech = np.concatenate([voice.render(text) for text in np.roll(HELD_OUT_BABBLE_TEXT, index)])
        speech = np.tile(speech, length // len(speech) + 1)[:length].astype(np.float64)
        speech *= rng.uniform(0.6, 1.0) / max(1.0, float(np.sqrt(np.mean(speech**2))))
        bed += np.roll(speech, int(rng.integers(0, length)))
    return (bed / np.sqrt(np.mean(bed**2)) * 3000).astype(np.int16)


def held_out_music() -> Samples:
    """The simulated table's held-out music bed (plucked strings in three-four), made in memory, not cached."""
    from testbed.table.beds import made_music

    return made_music(96, 0, 96)
