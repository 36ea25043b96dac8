"""One builder for the voice's parts from the settings tree, so `voice`, `serve` and `check-audio` cannot
disagree about a device, a rate or which voice speaks. With `patient` (the appliance), a missing
microphone or speaker is no error: the parts wait for it (patient.py)."""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.config import Settings
from kiosk.hints import kiosk_command
from kiosk.voice.hearing.listening import Recognizers
from kiosk.voice.sound.asr import ModelMissing, check_model, load_model, supports_grammar
from kiosk.voice.sound.audio import Microphone, Output, Source, SpeakerOutput, WavOutput, WavSource
from kiosk.voice.sound.model import default_model_path
from kiosk.voice.sound.patient import DeviceWatch, PatientMicrophone, PatientSpeaker, Tell
from kiosk.voice.sound.tts import Speaker, SpeechError


class StackError(Exception):
    """A part that cannot be had (no speech model, no voice): one line saying what to do."""


@dataclass
class VoiceParts:
    """What a voice night is built from; `close()` when the night ends."""

    source: Source
    recognizers: Recognizers
    speaker: Speaker
    output: Output
    clock: Callable[[], float] = field(default=time.monotonic)
    """The clock chunks and output times are stamped on: the wall clock, or a simulated table's own."""

    def close(self) -> None:
        self.output.close()
        self.speaker.close()


def model_path(settings: Settings) -> Path:
    return settings.recogniser.model or default_model_path()


def speaker_for(settings: Settings) -> Speaker:
    """The voice the settings choose (espeak-ng or Piper, its voice and rate); StackError if it cannot load."""
    try:
        return Speaker(settings.speaker)
    except SpeechError as error:
        raise StackError(str(error)) from error


def output_for(
    settings: Settings, audio_out: Path | None = None, devices: DeviceWatch | None = None
) -> Output:
    """Where speech goes: a WAV file, the settings' speaker, or (patient) that speaker once it is there."""
    if audio_out is not None:
        return WavOutput(audio_out)
    speaker = SpeakerOutput(device=settings.devices.output or None)
    if devices is None:
        return speaker
    devices.speaker = PatientSpeaker(devices, speaker)
    return devices.speaker


def source_for(
    settings: Settings,
    audio_in: Path | None = None,
    *,
    realtime: bool = False,
    devices: DeviceWatch | None = None,
) -> Source:
    """Where the table is heard: a recorded table, the settings' microphone, or (patient) it once there."""
    if audio_in is not None:
        return WavSource(audio_in, realtime=realtime)
    if devices is not None:
        return PatientMicrophone(devices, settings.devices.input or None)
    return Microphone(device=settings.devices.input or None)


SPEECH_PACKAGES = ("vosk", "sounddevice")
"""What a voice night imports, checked before anything is opened: one line names every step missing."""


def _load(path: Path) -> object:
    try:
        return load_model(path)
    except ImportError as error:
        raise StackError(
            f"The voice needs its speech packages ({error.name} is missing): scripts/setup.sh --voice"
        ) from error


def build(
    settings: Settings,
    *,
    audio_in: Path | None = None,
    audio_out: Path | None = None,
    realtime: bool = False,
    patient: Tell | None = None,
    screen: bool = True,
) -> VoiceParts:
    """Every part of a voice night, the output opened first so loading the model hides a stream's slow start.
    StackError (one line) for a missing model or voice; AudioError for a device, unless `patient`."""
    path = model_path(settings)
    lacking = next((name for name in SPEECH_PACKAGES if importlib.util.find_spec(name) is None), None)
    try:
        check_model(path)
        no_model = None
    except ModelMissing as error:
        no_model = error
    if lacking is not None:  # every step, in the order they work: the fetch needs the packages installed
        then = f" and a speech model: install them with scripts/setup.sh --voice, then {kiosk_command('model fetch')}"
        raise StackError(
            f"The voice needs its speech packages ({lacking} is missing)"
            + (then if no_model is not None else ": scripts/setup.sh --voice")
        )
    if no_model is not None:
        raise StackError(str(no_model)) from no_model
    devices = DeviceWatch(patient, screen=screen) if patient is not None else None
    output = output_for(settings, audio_out, devices)
    speaker: Speaker | None = None
    try:
        output.open()
        speaker = speaker_for(settings)
        model = _load(path)
        recognizers = Recognizers(model, grammar=supports_grammar(path))
        source = source_for(settings, audio_in, realtime=realtime, devices=devices)
    except BaseException:
        output.close()
        if speaker is not None:
            speaker.close()
        raise
    return VoiceParts(source, recognizers, speaker, output)
