"""Tables rendered at run time by espeak-ng (tts.Speaker): text and seconds of silence made into a table's
audio, with where each utterance starts and ends; steady room noise mixed in at a signal-to-noise ratio;
and where end of speech closes utterances in it. For tests and measurements that need speech no recording
holds."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from kiosk.voice.hearing.vad import EndOfSpeech
from kiosk.voice.parts import Renders
from kiosk.voice.sound.audio import resample
from kiosk.voice.sound.tts import Speech
from testbed.table.voices import voice_named
from testbed.tables import RATE, Samples


@dataclass(frozen=True)
class EspeakProcess:
    """espeak-ng's US voice in a process of its own (testbed/table/voices.py): the same samples whatever this
    process's libespeak-ng has said before (after the kiosk had spoken, the same years rendered longer and
    were heard otherwise, and a test's verdict hung on which tests its worker had run first)."""

    words_a_minute: int = 155

    def render(self, text: str) -> Speech:
        voice = replace(voice_named("espeak-us"), speed=self.words_a_minute)
        return Speech(voice.render(text), RATE)


@dataclass(frozen=True)
class SpeakerProcess:
    """The kiosk's own Speaker, fresh for every text (testbed/speak_once.py): the same samples whichever tests
    this process ran before."""

    rate: int = 140

    def render(self, text: str) -> Speech:
        command = [sys.executable, "-m", "testbed.speak_once", str(self.rate)]
        done = subprocess.run(command, input=text.encode(), capture_output=True, check=True, timeout=60)
        rate = int(np.frombuffer(done.stdout[:4], dtype="<i4")[0])
        return Speech(np.frombuffer(done.stdout[4:], dtype="<i2").astype(np.int16), rate)


def said(speaker: Renders, text: str) -> Samples:
    speech = speaker.render(text)
    return resample(speech.samples, speech.rate, RATE)


def rendered_table(speaker: Renders, parts: list[str | float]) -> tuple[Samples, list[tuple[float, float]]]:
    """A table's audio: text spoken, numbers as seconds of silence; with where each utterance starts and
    ends (in seconds), counting text separated only by short pauses as one."""
    pieces: list[Samples] = [np.zeros(RATE // 2, dtype=np.int16)]
    spans: list[tuple[float, float]] = []
    at = 0.5
    for part in parts:
        audio = np.zeros(int(part * RATE), dtype=np.int16) if isinstance(part, float) else said(speaker, part)
        if isinstance(part, str):
            voiced = np.flatnonzero(np.abs(audio.astype(np.int32)) > 300)
            start, end = at + voiced[0] / RATE, at + voiced[-1] / RATE
            if spans and start - spans[-1][1] < 1.3:
                start = spans.pop()[0]
            spans.append((start, end))
        pieces.append(audio)
        at += len(audio) / RATE
    samples = np.concatenate(pieces)
    # A microphone never gives digital silence (and a model without dither decodes it badly): a quiet room.
    hiss = np.random.default_rng(1).normal(0, 20, len(samples))
    return np.clip(samples + hiss, -32768, 32767).astype(np.int16), spans


def room_noise(count: int) -> npt.NDArray[np.float64]:
    """Steady noise, a little muffled, like a fan or a room's hum."""
    rng = np.random.default_rng(3)
    return np.convolve(rng.normal(0, 1, count), np.ones(4) / 4, "same")


def with_noise(speech: Samples, noise: npt.NDArray[np.float64], snr_db: float) -> Samples:
    """Speech with noise added `snr_db` below it (measured over the voiced samples only)."""
    voiced = speech[np.abs(speech.astype(np.int32)) > 300].astype(np.float64)
    speech_rms = float(np.sqrt(np.mean(voiced * voiced)))
    noise_rms = float(np.sqrt(np.mean(noise * noise)))
    scaled = noise * (speech_rms / noise_rms) / (10 ** (snr_db / 20))
    return np.clip(speech.astype(np.float64) + scaled, -32768, 32767).astype(np.int16)


def ends(samples: Samples, detector: EndOfSpeech | None = None) -> list[float]:
    """Where the detector closes utterances, in seconds, with the full wait for answers."""
    detector = detector or EndOfSpeech()
    found = []
    step = 1600
    for offset in range(0, len(samples), step):
        if detector.feed(samples[offset : offset + step].tobytes(), offset / RATE):
            found.append((offset + step) / RATE)
            detector.reset()
    return found
