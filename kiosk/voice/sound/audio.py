"""Audio in and out through sounddevice (PortAudio), or WAV files in their place. Each chunk is stamped
with its place in the stream, so the kiosk can ignore what the microphone hears while it speaks."""

from __future__ import annotations

import logging
import queue
import threading
import time
import wave
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.sound.tts import Speech

_LOG = logging.getLogger(__name__)

CHUNK_SECONDS = 0.1
"""Seconds of audio per chunk handed to the recogniser."""


class AudioError(Exception):
    """No sound device, or one that cannot be opened; the message says which and why."""


@dataclass(frozen=True)
class Chunk:
    pcm: bytes
    """16-bit mono samples at SAMPLE_RATE."""
    at: float
    """Seconds from the start of the stream to the start of this chunk."""
    captured: float | None = None
    """time.monotonic() when its last sample was captured; None for a file read faster than real time."""

    @property
    def seconds(self) -> float:
        return len(self.pcm) / 2 / SAMPLE_RATE


class Source(Protocol):
    realtime: bool
    """True when the stream runs on the wall clock (a microphone, or a file paced like one)."""

    def chunks(self) -> Iterator[Chunk]: ...


class Output(Protocol):
    def open(self) -> None:
        """Get ready to play (at start, so that the first sentence does not wait)."""
        ...

    def play(self, speech: Speech) -> float:
        """Play (or queue for the speaker); return the wall-clock time (time.monotonic) of the first sample."""
        ...

    def quiet_at(self) -> float:
        """time.monotonic() when everything played so far has left the speaker."""
        ...

    def close(self) -> None: ...


def resample(samples: npt.NDArray[np.int16], rate: int, target: int) -> npt.NDArray[np.int16]:
    """Linear resampling: enough for speech going into a recogniser."""
    if rate == target or len(samples) == 0:
        return samples
    count = round(len(samples) * target / rate)
    positions = np.linspace(0, len(samples) - 1, count)
    return np.interp(positions, np.arange(len(samples)), samples.astype(np.float64)).astype(np.int16)


def read_wav(path: Path) -> npt.NDArray[np.int16]:
    """A WAV file as 16 kHz mono int16 samples; raises AudioError for what is not 16-bit PCM."""
    try:
        with wave.open(str(path), "rb") as file:
            if file.getsampwidth() != 2 or file.getcomptype() != "NONE":
                raise AudioError(f"{path} is not 16-bit PCM WAV")
            channels, rate = file.getnchannels(), file.getframerate()
            samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    except (OSError, EOFError, wave.Error) as error:
        raise AudioError(f"cannot read {path}: {error}") from error
    if channels > 1:
        samples = samples.reshape(-1, channels).mean(axis=1).astype(np.int16)
    return resample(samples, rate, SAMPLE_RATE)


@dataclass
class WavSource:
    """A recorded table played into the recogniser: as fast as it can be read, or paced in real time."""

    path: Path
    realtime: bool = False
    tail_seconds: float = 2.0
    """Silence added after the recording, so that the last utterance reaches its endpoint."""

    def chunks(self) -> Iterator[Chunk]:
        samples = read_wav(self.path)
        samples = np.concatenate([samples, np.zeros(int(self.tail_seconds * SAMPLE_RATE), dtype=np.int16)])
        step = int(CHUNK_SECONDS * SAMPLE_RATE)
        start = time.monotonic()
        for offset in range(0, len(samples), step):
            at = offset / SAMPLE_RATE
            if self.realtime:
                delay = start + at + CHUNK_SECONDS - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            pcm = samples[offset : offset + step].tobytes()
            yield Chunk(pcm, at, start + at + len(pcm) / 2 / SAMPLE_RATE if self.realtime else None)


def sounddevice_module() -> Any:
    """sounddevice, imported (PortAudio scans the devices then); AudioError when PortAudio is missing."""
    try:
        import sounddevice
    except OSError as error:  # PortAudio itself is missing
        raise AudioError(f"PortAudio is not installed ({error}); install libportaudio2") from error
    except ImportError as error:  # a typed night's install (scripts/play.sh) has no speech packages
        raise AudioError(
            f"The kiosk's sound needs its speech packages ({error.name} is missing): install them with "
            "scripts/setup.sh --voice"
        ) from error
    return sounddevice


def _device(device: str | None) -> int | str | None:
    if device is None or device == "":
        return None
    return int(device) if device.isdigit() else device


SILENT_DEVICE_SECONDS = 3.0
"""Seconds without a block from the microphone after which it counts as gone."""


@dataclass
class Microphone:
    """The microphone, read by PortAudio's thread into a queue, so a slow recogniser never overflows it."""

    device: str | None = None
    realtime: bool = True
    _queue: queue.SimpleQueue[tuple[bytes, float]] = field(default_factory=queue.SimpleQueue)
    """Locked in C: a SIGTERM in queue.Queue's get() could leave its lock held and PortAudio's put() stuck."""

    def chunks(self) -> Iterator[Chunk]:
        sd = sounddevice_module()

        def callback(data: object, frames: int, when: object, status: object) -> None:
            self._queue.put((bytes(data), time.monotonic()))  # type: ignore[call-overload]

        try:
            stream = sd.RawInputStream(
                samplerate=SAMPLE_RATE,
                blocksize=int(CHUNK_SECONDS * SAMPLE_RATE),
                device=_device(self.device),
                dtype="int16",
                channels=1,
                callback=callback,
            )
        except Exception as error:  # PortAudio reports every device problem as PortAudioError or ValueError
            raise AudioError(f"cannot open the microphone {self.device or '(default)'}: {error}") from error
        position = 0.0
        with stream:
            while True:
                try:
                    pcm, captured = self._queue.get(timeout=SILENT_DEVICE_SECONDS)
                except queue.Empty:  # unplugged: PortAudio's thread calls no more
                    raise AudioError(
                        f"the microphone {self.device or '(default)'} stopped sending audio"
                    ) from None
                chunk = Chunk(pcm, position, captured)
                position += chunk.seconds
                yield chunk


LATENCY = 0.08
"""Seconds buffered ahead of the speaker: long enough not to run dry on a busy CPU, short for replies."""
STALLED_SECONDS = 10.0
"""Seconds without the stream taking any audio before the speaker counts as gone."""


@dataclass
class _Playing:
    pcm: bytes
    taken: int = 0
    """Bytes the stream has taken so far."""
    first_at: float | None = None
    """time.monotonic() when its first sample reaches the speaker."""
    last_at: float | None = None
    """time.monotonic() when its last sample has left the speaker."""
    done: threading.Event = field(default_factory=threading.Event)


@dataclass
class SpeakerOutput:
    """The speaker, through one PortAudio stream kept open for the night and fed silence between sentences:
    a stream per sentence is slow to open and leaves the device starved between them."""

    device: str | None = None
    rate: int = 22_050
    """Hertz: what both voices render at."""
    latency: float = LATENCY
    _stream: Any = field(default=None, repr=False)
    _queue: deque[_Playing] = field(default_factory=deque, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _quiet_at: float = 0.0

    def open(self) -> None:
        if self._stream is not None:
            return
        sd = sounddevice_module()
        try:
            stream = sd.RawOutputStream(
                samplerate=self.rate, device=_device(self.device), dtype="int16", channels=1,
                latency=self.latency, callback=self._feed,
            )  # fmt: skip
            stream.start()
        except Exception as error:  # PortAudio reports every device problem as PortAudioError or ValueError
            raise AudioError(f"cannot play on {self.device or '(default)'}: {error}") from error
        self._stream = stream

    def _feed(self, out: Any, frames: int, when: Any, status: Any) -> None:
        """PortAudio's callback: queued speech, then silence. No allocation beyond its slice, no waiting."""
        wanted = len(out)
        now = time.monotonic()
        delay = max(0.0, when.outputBufferDacTime - when.currentTime) if when.currentTime else 0.0
        written = 0
        with self._lock:
            while written < wanted and self._queue:
                playing = self._queue[0]
                part = playing.pcm[playing.taken : playing.taken + wanted - written]
                if playing.taken == 0:
                    playing.first_at = now + delay + written / 2 / self.rate
                out[written : written + len(part)] = part
                written += len(part)
                playing.taken += len(part)
                if playing.taken >= len(playing.pcm):
                    playing.last_at = now + delay + written / 2 / self.rate
                    self._queue.popleft()
                    playing.done.set()
        if written < wanted:
            out[written:wanted] = bytes(wanted - written)

    def play(self, speech: Speech) -> float:
        """Queue a sentence and wait till the stream takes it all; the time its first sample is heard."""
        self.open()
        pcm = resample(speech.samples, speech.rate, self.rate).astype("<i2").tobytes()
        playing = _Playing(pcm)
        if not pcm:
            return time.monotonic()
        with self._lock:
            self._queue.append(playing)
        taken, since = 0, time.monotonic()
        while not playing.done.wait(timeout=0.5):
            # A busy machine plays late, not never: give up only when the stream stops taking audio.
            queue_head = self._queue[0] if self._queue else None
            if playing.taken != taken or queue_head is not playing:
                taken, since = playing.taken, time.monotonic()
            elif time.monotonic() - since > STALLED_SECONDS:
                with self._lock:
                    if playing in self._queue:
                        self._queue.remove(playing)
                raise AudioError(f"the speaker {self.device or '(default)'} stopped taking audio")
        assert playing.first_at is not None and playing.last_at is not None
        self._quiet_at = max(self._quiet_at, playing.last_at)
        return playing.first_at

    def quiet_at(self) -> float:
        return self._quiet_at

    def close(self) -> None:
        if self._stream is not None:
            stream, self._stream = self._stream, None
            try:
                stream.stop()
                stream.close()
            except Exception:  # closing a device that has gone away: the kiosk goes on without it
                _LOG.exception("The speaker could not be closed (unplugged?)")


@dataclass
class WavOutput:
    """The host's speech written to a WAV file as it is said (tests, demos), never held whole in memory."""

    path: Path
    rate: int = 22_050
    gap_seconds: float = 0.2
    _file: wave.Wave_write | None = field(default=None, repr=False)

    def open(self) -> None:
        if self._file is None:
            self._file = wave.open(str(self.path), "wb")  # noqa: SIM115 (open the night long, closed by close())
            self._file.setnchannels(1)
            self._file.setsampwidth(2)
            self._file.setframerate(self.rate)

    def play(self, speech: Speech) -> float:
        self.open()
        assert self._file is not None
        self._file.writeframes(resample(speech.samples, speech.rate, self.rate).tobytes())
        self._file.writeframes(np.zeros(int(self.gap_seconds * self.rate), dtype=np.int16).tobytes())
        return time.monotonic()

    def quiet_at(self) -> float:
        return time.monotonic()

    def close(self) -> None:
        self.open()  # nothing said: still a WAV file, empty
        assert self._file is not None
        file, self._file = self._file, None
        file.close()
