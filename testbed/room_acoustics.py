"""A room between every voice and the microphone: a shoebox room's impulse response by the image method
(pyroomacoustics), from each source's own place to the microphone on the table.

A `RoomSpec` says the room (size, RT60) and how far the reader sits from the microphone; the sources (the
reader, a child calling out, the kiosk's own speaker, the party's babble, the music) each have their place in
it. The response is scaled so that the direct sound from 1 m arrives at its dry level: a reader at 0.5 m is
louder than one at 1.5 m, as in a real room, and the room's echoes add their own energy.

The absorption and reflection order come from the inverse Sabine formula; since the image method in an empty
shoebox decays more slowly than Sabine says, the RT60 asked of pyroomacoustics is corrected until the
response's own RT60 (Schroeder backward integration) is the one in the spec.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

RATE = 16_000
SOUND_SPEED = 343.0
REFERENCE_METRES = 1.0
"""A source this far away arrives, by its direct path, at the level it was rendered at."""
MIC_HEIGHT = 0.75
"""The microphone lies on the table."""
MOUTH_HEIGHT = 1.2
"""A seated reader's mouth."""
RT60_TOLERANCE = 0.1
"""The response's measured RT60 is within this share of the asked one."""
LIVING_ROOM = (5.0, 4.0, 2.6)

Float = npt.NDArray[np.float64]
Samples = npt.NDArray[np.int16]


class Source(enum.Enum):
    READER = "reader"
    CHILD = "child"
    """A child calling out an answer from across the table."""
    KIOSK = "kiosk"
    """The kiosk's own speaker, half a metre from the microphone: its voice reaches it through the room."""
    BABBLE = "babble"
    """The party's talk, from the far side of the room."""
    MUSIC = "music"
    """A loudspeaker on a shelf."""


@dataclass(frozen=True)
class RoomSpec:
    rt60: float
    """Seconds for sound to fall 60 dB: a furnished living room 0.4-0.6, a kitchen or bare room 0.8 or more."""
    reader_metres: float
    """The reader's mouth to the microphone, straight."""
    size: tuple[float, float, float] = LIVING_ROOM
    seat: int = 0
    """Which way round the table the reader sits (a seeded angle): a second room of the same kind."""

    def __post_init__(self) -> None:
        if not 0.2 <= self.rt60 <= 1.5:
            raise ValueError(f"RT60 {self.rt60} s is outside 0.2-1.5 s")
        if not MOUTH_HEIGHT - MIC_HEIGHT < self.reader_metres <= 2.0:
            raise ValueError(f"a reader {self.reader_metres} m away is outside 0.5-2 m")

    @property
    def name(self) -> str:
        return f"room-{self.rt60:g}-{self.reader_metres:g}m" + (f"-seat{self.seat}" if self.seat else "")

    @property
    def mic(self) -> tuple[float, float, float]:
        width, depth, _ = self.size
        return (width * 0.45, depth * 0.5, MIC_HEIGHT)

    def position(self, source: Source) -> tuple[float, float, float]:
        """Where a source is in the room, in metres from a corner."""
        x, y, _ = self.mic
        width, depth, _ = self.size
        if source is Source.READER:
            across = math.sqrt(self.reader_metres**2 - (MOUTH_HEIGHT - MIC_HEIGHT) ** 2)
            angle = np.random.default_rng(self.seat).uniform(0, 2 * math.pi) if self.seat else math.pi / 6
            return (x + across * math.cos(angle), y + across * math.sin(angle), MOUTH_HEIGHT)
        if source is Source.CHILD:
            return (x - 1.2, y - 1.0, 1.0)
        if source is Source.KIOSK:
            return (x + 0.5, y, MIC_HEIGHT + 0.05)
        if source is Source.BABBLE:
            return (0.7, depth - 0.6, 1.5)
        return (width - 0.4, 0.4, 1.8)  # MUSIC


def schroeder_rt60(response: Float, rate: int = RATE) -> float:
    """RT60 from a response by Schroeder backward integration, fitting the decay from -5 to -35 dB (T30)."""
    energy = np.cumsum((response.astype(np.float64) ** 2)[::-1])[::-1]
    decay = 10 * np.log10(np.maximum(energy / energy[0], 1e-30))
    start, end = int(np.argmax(decay <= -5)), int(np.argmax(decay <= -35))
    if end <= start:
        raise ValueError("the response does not decay 35 dB")
    seconds = np.arange(start, end) / rate
    slope = float(np.polyfit(seconds, decay[start:end], 1)[0])
    return -60.0 / slope


def _image_method(asked_rt60: float, spec: RoomSpec, source: Source) -> Float:
    import pyroomacoustics as pra

    absorption, order = pra.inverse_sabine(asked_rt60, list(spec.size))
    room = pra.ShoeBox(list(spec.size), fs=RATE, materials=pra.Material(absorption), max_order=order)
    room.add_source(list(spec.position(source)))
    room.add_microphone(list(spec.mic))
    room.compute_rir()
    lead = pra.constants.get("frac_delay_length") // 2  # the fractional-delay filter's own latency
    return np.asarray(room.rir[0][0][lead:], dtype=np.float64)


@cache
def _corrected_rt60(spec: RoomSpec) -> float:
    """The RT60 to ask of the image method so that the reader's response has the spec's (a few corrections)."""
    asked = spec.rt60
    for _ in range(4):
        measured = schroeder_rt60(_image_method(asked, spec, Source.READER))
        if abs(measured - spec.rt60) <= spec.rt60 * RT60_TOLERANCE / 2:
            break
        asked = min(max(asked * spec.rt60 / measured, 0.1), 2.0)
    return asked


@cache
def _direct_gain() -> float:
    """The image method's direct-path amplitude at REFERENCE_METRES in free field: its scale, divided out.
    Measured where the flight time is a whole number of samples, so that no fractional delay spreads it."""
    import pyroomacoustics as pra

    metres = round(REFERENCE_METRES / SOUND_SPEED * RATE) * SOUND_SPEED / RATE
    room = pra.AnechoicRoom(fs=RATE)
    room.add_source([metres, 0.0, 0.0])
    room.add_microphone([0.0, 0.0, 0.0])
    room.compute_rir()
    return float(np.max(np.abs(room.rir[0][0]))) * metres / REFERENCE_METRES


@cache
def impulse_response(spec: RoomSpec, source: Source) -> Float:
    """The response from a source's place to the microphone, sample 0 the moment the source sounds; the
    direct path from REFERENCE_METRES has gain 1. Deterministic for a spec, and kept once made."""
    response = _image_method(_corrected_rt60(spec), spec, source) / _direct_gain()
    response.setflags(write=False)
    return response


def direct_to_reverberant_db(response: Float, rate: int = RATE) -> float:
    """Energy in the first 2.5 ms after the direct sound against all after it."""
    arrival = int(np.argmax(np.abs(response)))
    split = arrival + int(0.0025 * rate)
    energy = response.astype(np.float64) ** 2
    return float(10 * np.log10(energy[:split].sum() / max(energy[split:].sum(), 1e-30)))


def _int16(x: Float) -> Samples:
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def in_room(samples: Samples, spec: RoomSpec, source: Source = Source.READER) -> Samples:
    """An utterance as the microphone hears it from the source's place: delayed, echoed, with the room's
    tail after its last word."""
    from scipy.signal import fftconvolve

    if not len(samples):
        return samples
    return _int16(fftconvolve(samples.astype(np.float64), impulse_response(spec, source)))


def looped_in_room(bed: Samples, spec: RoomSpec, source: Source) -> Samples:
    """A noise bed played without a break from its place: convolved circularly, so that the loop stays
    seamless, and the same length."""
    response = impulse_response(spec, source)
    size = len(bed)
    if len(response) > size:
        response = response[:size]
    wet = np.fft.irfft(np.fft.rfft(bed.astype(np.float64)) * np.fft.rfft(response, size), size)
    return _int16(wet)
