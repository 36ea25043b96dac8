"""The room measured with a sweep: what the kiosk's speaker sounds like at its microphone.

An exponential sine sweep is played and recorded at once; convolving the recording with the inverse sweep
(Farina's method: the sweep reversed, its low end turned down 6 dB an octave) gives the impulse response
from the speaker to the microphone. From that response:

    reverberation  RT60 by Schroeder backward integration, from T30 (-5 to -35 dB) or, when the response
                   sinks into the noise sooner, T20 (-5 to -25 dB), each extrapolated to 60 dB;
    echo           the direct path's gain (speaker to microphone, as the kiosk plays and hears it) and delay;
and from the quiet second recorded before the sweep, the noise floor. Pure: numpy only, no devices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Float = npt.NDArray[np.float64]
Samples = npt.NDArray[np.int16]

RATE = 16_000
"""Hertz: the microphone's rate, and the sweep's."""
FULL_SCALE = 32768.0
SWEEP_LOW = 100.0
"""Hertz: where the sweep starts (below, a small speaker gives little)."""
SWEEP_HIGH = 7000.0
"""Hertz: where it ends, under the microphone's Nyquist frequency of 8 kHz."""
SWEEP_SECONDS = 2.0
SWEEP_AMPLITUDE = 0.3
"""Of full scale (-10.5 dBFS): about as loud as the kiosk's voice, and far from clipping."""
FADE_SECONDS = 0.02
"""Half-Hann fades at both ends: an abrupt start or stop would ring through the whole band."""
QUIET_SECONDS = 1.0
"""The quiet recorded before the sweep: the noise floor."""
TAIL_SECONDS = 2.0
"""Recorded after the sweep: long enough for a 1.3 s RT60 room to fall into its noise."""
EARLY_SECONDS = 0.2
"""The response is searched from this long before the sweep's expected arrival: device clocks disagree."""
DIRECT_SECONDS = 0.001
"""Either side of the direct sound's peak: the direct path's energy (the first wall is farther)."""
NOISE_SHARE = 0.2
"""The last part of the response taken as its noise."""
SMOOTH_SECONDS = 0.01
HEARD_DB = 25.0
"""The response's peak must stand this far over its noise for the sweep to count as heard."""
BELOW_NOISE_DB = 10.0
"""dB. The sweep as heard (its level plus the direct path's gain) may be this far under the sound recorded
while it played and still be read (deconvolution gains about 40 dB); farther under, a peak is other sound,
not the sweep. That sound is the noise floor, or louder sound begun after the quiet second."""
SILENCE_DBFS = -96.0
"""The level reported for digital silence (16-bit's floor)."""


@dataclass(frozen=True)
class RoomMeasure:
    noise_dbfs: float
    """The mean level of the quiet second before the sweep."""
    heard: bool
    """False when the sweep did not reach the microphone: nothing below means anything."""
    echo_db: float = -math.inf
    """The direct path's gain from the kiosk's samples to the microphone's, in dB (volume knob and capture
    level included): 0 is heard as loud as played."""
    echo_delay_ms: float = 0.0
    """Milliseconds from when the kiosk believes the sweep began to when it reached the microphone: flight
    time plus the devices' latency."""
    rt60: float | None = None
    """Seconds for the room's sound to fall 60 dB; None when the response is too short or noisy to say."""
    rt60_from: str = ""
    """"T30" or "T20": which part of the decay the RT60 was extrapolated from."""


def _fade(count: int) -> Float:
    return np.sin(np.linspace(0, math.pi / 2, count)) ** 2


def sweep() -> Float:
    """The exponential sine sweep, in full-scale units (-1 to 1)."""
    count = int(SWEEP_SECONDS * RATE)
    rate_constant = SWEEP_SECONDS / math.log(SWEEP_HIGH / SWEEP_LOW)
    seconds = np.arange(count) / RATE
    wave = np.sin(2 * math.pi * SWEEP_LOW * rate_constant * (np.exp(seconds / rate_constant) - 1))
    fade = int(FADE_SECONDS * RATE)
    wave[:fade] *= _fade(fade)
    wave[-fade:] *= _fade(fade)[::-1]
    return SWEEP_AMPLITUDE * wave


def sweep_samples() -> Samples:
    return np.round(sweep() * (FULL_SCALE - 1)).astype(np.int16)


def _convolve(a: Float, b: Float) -> Float:
    size = len(a) + len(b) - 1
    length = 1 << (size - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(a, length) * np.fft.rfft(b, length), length)[:size]


def inverse_sweep() -> Float:
    """The filter that turns the sweep back into an impulse: reversed, its low end turned down 6 dB an octave,
    scaled so that the sweep through it has gain 1 across the band."""
    played = sweep()
    rate_constant = SWEEP_SECONDS / math.log(SWEEP_HIGH / SWEEP_LOW)
    inverse = played[::-1] * np.exp(-np.arange(len(played)) / RATE / rate_constant)
    spectrum = np.abs(np.fft.rfft(_convolve(played, inverse)))
    frequencies = np.fft.rfftfreq(2 * len(played) - 1, 1 / RATE)
    band = (frequencies > SWEEP_LOW * 2) & (frequencies < SWEEP_HIGH / 1.5)
    return inverse / float(np.mean(spectrum[band]))


def reference_response() -> Float:
    """The sweep through its own inverse: a band-limited impulse at index len(sweep) - 1."""
    return _convolve(sweep(), inverse_sweep())


def level_dbfs(samples: Float | Samples) -> float:
    """Mean level in dBFS of samples in 16-bit units."""
    power = float(np.mean(samples.astype(np.float64) ** 2)) if len(samples) else 0.0
    return max(SILENCE_DBFS, 10 * math.log10(max(power, 1e-30) / FULL_SCALE**2))


def response(recording: Samples, sweep_at: int) -> Float:
    """The speaker-to-microphone response in full-scale units, from EARLY_SECONDS before the sweep's start
    (`sweep_at`, in recording samples) would arrive with no delay at all."""
    full = _convolve(recording.astype(np.float64) / (FULL_SCALE - 1), inverse_sweep())
    zero = sweep_at + int(SWEEP_SECONDS * RATE) - 1
    end = min(zero + int(TAIL_SECONDS * RATE), len(recording))  # past it the sweep's echo was not recorded
    return full[max(0, zero - int(EARLY_SECONDS * RATE)) : end]


def _direct_energy(values: Float, peak: int) -> float:
    half = int(DIRECT_SECONDS * RATE)
    return float(np.sum(values[max(0, peak - half) : peak + half + 1] ** 2))


def schroeder_decay(tail: Float, rt60: float | None = None) -> tuple[Float, float]:
    """Backward-integrated energy in dB (0 at the start) and the response's peak-to-noise ratio in dB. The
    noise's mean power is taken off each sample, the integration begins where the smoothed energy meets the
    noise, and (given a first `rt60`) the decay cut off there is added back (Lundeby's truncation and
    compensation, in one pass)."""
    energy = tail**2
    noise = float(np.mean(energy[-max(1, int(len(energy) * NOISE_SHARE)) :]))
    window = max(1, int(SMOOTH_SECONDS * RATE))
    smoothed = np.convolve(energy, np.ones(window) / window, mode="same")
    below = np.flatnonzero(smoothed[window:] <= 2 * noise)
    end = window + int(below[0]) if len(below) else len(energy)
    clean = np.maximum(energy[:end] - noise, 0.0)
    cut_off = max(float(smoothed[end - 1]) - noise, 0.0) * rt60 / (6 * math.log(10)) * RATE if rt60 else 0.0
    backward = np.cumsum(clean[::-1])[::-1] + cut_off
    peak_to_noise = 10 * math.log10(max(float(smoothed.max()), 1e-30) / max(noise, 1e-30))
    if not len(backward) or backward[0] <= 0:
        return np.zeros(0), peak_to_noise
    return 10 * np.log10(np.maximum(backward / backward[0], 1e-30)), peak_to_noise


def rt60_from_decay(decay: Float, peak_to_noise: float) -> tuple[float | None, str]:
    """RT60 from a Schroeder decay: T30 where the response stands 45 dB over its noise, else T20 (35 dB), else
    (None, ""): the fit ends 10 dB above the noise, where truncation no longer bends the curve."""
    for low, name in ((-35.0, "T30"), (-25.0, "T20")):
        if peak_to_noise >= -low + 10 and len(decay) and decay[-1] < low:
            start, end = int(np.argmax(decay <= -5)), int(np.argmax(decay <= low))
            seconds = np.arange(start, end) / RATE
            slope = float(np.polyfit(seconds, decay[start:end], 1)[0])
            if slope < 0:
                return -60.0 / slope, name
    return None, ""


def room_rt60(tail: Float) -> tuple[float | None, str]:
    """RT60 from the response after its direct sound: a first estimate, then again with the cut-off tail."""
    first, _ = rt60_from_decay(*schroeder_decay(tail))
    if first is None:
        return None, ""
    return rt60_from_decay(*schroeder_decay(tail, first))


def measure_room(recording: Samples, sweep_at: int) -> RoomMeasure:
    """The room from a recording of QUIET_SECONDS (or more) of quiet, then the sweep played from sample
    `sweep_at` (where the kiosk believes it began, on the recording's clock), then its tail."""
    quiet = recording[max(0, sweep_at - int(QUIET_SECONDS * RATE)) : sweep_at]
    noise = level_dbfs(quiet[int(0.1 * RATE) :] if len(quiet) > RATE // 5 else quiet)
    values = response(recording, sweep_at)
    if len(values) < RATE:
        return RoomMeasure(noise, heard=False)
    peak = int(np.argmax(np.abs(values)))
    tail = values[peak:]
    floor = float(np.mean(tail[-int(len(tail) * NOISE_SHARE) :] ** 2))
    if values[peak] ** 2 < max(floor, 1e-20) * 10 ** (HEARD_DB / 10):
        return RoomMeasure(noise, heard=False)
    reference = reference_response()
    gain = _direct_energy(values, peak) / _direct_energy(reference, int(np.argmax(np.abs(reference))))
    during = level_dbfs(recording[sweep_at : sweep_at + int(SWEEP_SECONDS * RATE)])
    if (
        level_dbfs(sweep() * FULL_SCALE) + 10 * math.log10(max(gain, 1e-30))
        < max(noise, during) - BELOW_NOISE_DB
    ):
        return RoomMeasure(noise, heard=False)
    rt60, rt60_from = room_rt60(tail)
    return RoomMeasure(
        noise_dbfs=noise,
        heard=True,
        echo_db=10 * math.log10(gain),
        echo_delay_ms=(peak / RATE - EARLY_SECONDS) * 1000,
        rt60=rt60,
        rt60_from=rt60_from,
    )
