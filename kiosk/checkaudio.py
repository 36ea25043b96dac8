"""`python -m kiosk check-audio`: is the microphone loud enough and not clipping, is the speaker heard, and
what does the room do to the sound?

Records a few seconds while someone reads aloud, reports the speech level and peak; plays a sweep on the
speaker while recording, and from it measures the room (kiosk.roomsweep) and says what to change in it
(kiosk.roomadvice); says a test sentence on the speaker. Levels are in dBFS: 0 is the loudest a sample can be.
"""

from __future__ import annotations

import enum
import logging
import threading
import time
from collections.abc import Generator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from kiosk import config, roomsweep
from kiosk.hints import kiosk_command
from kiosk.roomadvice import advice, describe_reader, describe_room

_LOG = logging.getLogger(__name__)

SAMPLE_RATE = 16_000
"""Hertz: what the recogniser hears."""
FRAME = 480
"""Samples per level frame (30 ms)."""
QUIET_DBFS = -45.0
"""Speech below this is too quiet for the recogniser to hear words reliably."""
SILENT_DBFS = -65.0
"""A peak below this: nothing reached the microphone at all."""
CLIP_LEVEL = 32_000
"""A sample at or beyond this (-0.2 dBFS) was, or nearly was, cut off."""
CLIP_SHARE = 0.001
"""More than this share of clipped samples garbles words."""
TEST_SENTENCE = (
    "This is the Snap-Apple Night kiosk, testing its speaker. "
    "If everyone at the table hears this clearly, the speaker is set."
)


class LevelVerdict(enum.Enum):
    GOOD = "good"
    TOO_QUIET = "too quiet"
    CLIPPING = "clipping"
    SILENT = "nothing heard"


ADVICE = {
    LevelVerdict.GOOD: "The microphone level is good: nothing to change.",
    LevelVerdict.TOO_QUIET: (
        "Too quiet for the recogniser to hear words. Raise the microphone's capture level (alsamixer: F6 picks "
        "the card, F4 shows capture), or bring the microphone nearer the person reading the answers."
    ),
    LevelVerdict.CLIPPING: (
        "Clipping: the loudest sounds are cut off, which garbles words. Lower the microphone's capture level "
        "(alsamixer: F6 picks the card, F4 shows capture), or move it further from the reader."
    ),
    LevelVerdict.SILENT: (
        "Nothing was heard. Check that the microphone is plugged in, not muted (alsamixer, F4), and chosen: "
        f"{kiosk_command('devices')} lists the devices; pass one with --input or set input in the settings file."
    ),
}


@dataclass(frozen=True)
class Level:
    speech_dbfs: float
    """The level of the loudest tenth of 30 ms frames: how loud speech arrives."""
    peak_dbfs: float
    clipped: float
    """Share of samples at the limit, 0 to 1."""

    @property
    def verdict(self) -> LevelVerdict:
        if self.peak_dbfs < SILENT_DBFS:
            return LevelVerdict.SILENT
        if self.clipped > CLIP_SHARE:
            return LevelVerdict.CLIPPING
        if self.speech_dbfs < QUIET_DBFS:
            return LevelVerdict.TOO_QUIET
        return LevelVerdict.GOOD

    def describe(self) -> str:
        return (
            f"Microphone level: speech {self.speech_dbfs:.1f} dBFS, peak {self.peak_dbfs:.1f} dBFS, "
            f"clipped {self.clipped:.2%} of samples. LevelVerdict: {self.verdict.value}."
        )


def _dbfs(value: float) -> float:
    return float(20 * np.log10(max(value, 1.0) / 32768))


def measure(samples: npt.NDArray[np.int16]) -> Level:
    if len(samples) < FRAME:
        return Level(_dbfs(0), _dbfs(0), 0.0)
    values = samples.astype(np.float64)
    frames = values[: len(values) // FRAME * FRAME].reshape(-1, FRAME)
    frame_levels = np.sqrt((frames**2).mean(axis=1))
    magnitude = np.abs(values)
    return Level(
        speech_dbfs=_dbfs(float(np.percentile(frame_levels, 90))),
        peak_dbfs=_dbfs(float(magnitude.max())),
        clipped=float((magnitude >= CLIP_LEVEL).mean()),
    )


def record(seconds: float, settings: config.Settings) -> npt.NDArray[np.int16]:
    """`seconds` of the microphone the settings name, as the kiosk itself hears it."""
    from kiosk.voice.stack import source_for

    wanted = int(seconds * SAMPLE_RATE) * 2
    heard = bytearray()
    for chunk in source_for(settings).chunks():
        heard += chunk.pcm
        if len(heard) >= wanted:
            break
    return np.frombuffer(bytes(heard[:wanted]), dtype=np.int16)


START_SECONDS = 5.0
"""Seconds the microphone may take to send its first audio before the room measure gives up."""
SWEEP_LATENCY = 0.25
"""Seconds buffered ahead of the speaker for the tone. A gap in it spoils the measure, and nobody waits on it
as on a reply: the replies' 80 ms ran dry hundreds of times a tone through ALSA's pulse plugin, 250 ms
never."""


@dataclass
class _Heard:
    """What the microphone's thread hands the measuring one."""

    pcm: list[bytes]
    stop: threading.Event
    started: float = 0.0
    """time.monotonic() when the first sample was captured."""
    failed: Exception | None = None

    @property
    def seconds(self) -> float:
        return sum(map(len, self.pcm)) / 2 / SAMPLE_RATE


def _listen(settings: config.Settings, heard: _Heard) -> None:
    """The microphone into `heard` until it is told to stop."""
    from kiosk.voice.stack import source_for

    chunks = source_for(settings).chunks()
    try:
        for chunk in chunks:
            if not heard.pcm:
                heard.started = (chunk.captured or time.monotonic()) - chunk.seconds
            heard.pcm.append(chunk.pcm)
            if heard.stop.is_set():
                break
    except Exception as error:  # AudioError, or PortAudio's own: handed to the measuring thread
        heard.failed = error
    finally:
        if isinstance(chunks, Generator):  # the microphone's stream closes now, not when collected
            chunks.close()


def record_sweep(settings: config.Settings) -> tuple[npt.NDArray[np.int16], int]:
    """A quiet second, the sweep played on the speaker and its tail, as the microphone heard them; and the
    sample where the kiosk believes the sweep began."""
    from kiosk.voice.sound.audio import SpeakerOutput
    from kiosk.voice.sound.tts import Speech

    heard = _Heard([], threading.Event())
    output = SpeakerOutput(device=settings.devices.output or None, latency=SWEEP_LATENCY)
    listener = threading.Thread(target=_listen, args=(settings, heard), daemon=True)
    try:
        output.open()
        listener.start()
        deadline = time.monotonic() + START_SECONDS + roomsweep.QUIET_SECONDS
        while heard.seconds < roomsweep.QUIET_SECONDS + 0.1:
            if heard.failed is not None or time.monotonic() > deadline:
                raise heard.failed or TimeoutError("the microphone sent no audio")
            time.sleep(0.05)
        played_at = output.play(Speech(roomsweep.sweep_samples(), roomsweep.RATE))
        time.sleep(max(0.0, output.quiet_at() - time.monotonic()) + roomsweep.TAIL_SECONDS + 0.2)
    finally:
        heard.stop.set()
        listener.join(timeout=5)
        output.close()
    if heard.failed is not None:
        raise heard.failed
    samples = np.frombuffer(b"".join(heard.pcm), dtype=np.int16)
    sweep_at = round((played_at - heard.started) * SAMPLE_RATE)
    return samples, min(max(sweep_at, 0), len(samples))


def measure_room(settings: config.Settings, speech_dbfs: float | None, speaker_where: str) -> None:
    """The room's measures and what to change in it, one line each; a line saying why, if it cannot."""
    print(
        f"Now measuring the room: a second of quiet, then a rising tone on {speaker_where}. "
        "Keep the room as it will be on the night.",
        flush=True,
    )
    try:
        room = roomsweep.measure_room(*record_sweep(settings))
        if not room.heard:  # the tone may be lost to a busy machine's timing or a passing sound: once more
            room = roomsweep.measure_room(*record_sweep(settings))
    except Exception as error:  # AudioError, PortAudio's own, or a microphone that sent nothing
        _LOG.exception("measuring the room failed")
        print(f"Could not measure the room: {error}", flush=True)
        return
    print(describe_room(room), flush=True)
    if speech_dbfs is not None:
        print(describe_reader(speech_dbfs, room), flush=True)
    for line in advice(room, speech_dbfs):
        print(line, flush=True)


def speak_test(settings: config.Settings) -> None:
    """The test sentence, in the voice the settings choose, on the speaker they name."""
    from kiosk.voice.stack import output_for, speaker_for

    speaker = speaker_for(settings)
    output = output_for(settings)
    try:
        output.open()
        output.play(speaker.render(TEST_SENTENCE))
        time.sleep(max(0.0, output.quiet_at() - time.monotonic()))  # its last words out before closing
    finally:
        output.close()
        speaker.close()


def check_audio(settings: config.Settings, seconds: float) -> int:
    """0 when the microphone level is good and the test sentence played; 1 otherwise."""
    from kiosk.voice.sound.devices import found, missing

    devices = found()
    if devices.problem or not devices.inputs:  # nothing to record from: one line, and what to do
        print(missing(devices, "check-audio"), flush=True)
        return 1
    where = settings.devices.input or "the default microphone"
    print(
        f"Recording {seconds:g} seconds from {where}: read a few answers aloud, "
        "from where the reader will sit.",
        flush=True,
    )
    try:
        level = measure(record(seconds, settings))
    except Exception as error:  # AudioError, or PortAudio's own PortAudioError or ValueError
        _LOG.exception("recording failed")
        print(f"Could not record from {where}: {error}", flush=True)
        print(ADVICE[LevelVerdict.SILENT], flush=True)
        return 1
    print(level.describe(), flush=True)
    print(ADVICE[level.verdict], flush=True)
    if not devices.outputs:
        print(missing(devices, "check-audio"), flush=True)
        return 1
    speaker_where = settings.devices.output or "the default speaker"
    measured = level.verdict in (LevelVerdict.GOOD, LevelVerdict.TOO_QUIET)  # a reader's level to go by
    measure_room(settings, level.speech_dbfs if measured else None, speaker_where)
    print(f"Now saying a test sentence on {speaker_where}.", flush=True)
    try:
        speak_test(settings)
    except Exception as error:  # a missing espeak-ng or a device PortAudio cannot open
        _LOG.exception("playing the test sentence failed")
        print(f"Could not play on {speaker_where}: {error}", flush=True)
        return 1
    print(
        "If it was not heard clearly, raise the volume (alsamixer), or choose another speaker with --output "
        f"or output in the settings file ({kiosk_command('devices')} lists them).",
        flush=True,
    )
    return 0 if level.verdict is LevelVerdict.GOOD else 1
