"""The room measured from a sweep (kiosk/roomsweep.py) and what the host is told (kiosk/roomadvice.py): the
sweep's recording is made offline through the testbed's image-method rooms (RT60 0.3, 0.5 and 0.9 s, the
kiosk's speaker half a metre from the microphone), with the devices' latency and a noise floor added, and the
estimates are held to the truth. Quick tier."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.signal import fftconvolve

from kiosk import roomsweep
from kiosk.roomadvice import LIMITS, advice, describe_reader, describe_room
from kiosk.roomsweep import RATE, RoomMeasure, measure_room
from kiosk.voice.sound.audio import read_wav
from testbed.room_acoustics import SOUND_SPEED, RoomSpec, Source, impulse_response, schroeder_rt60

from .conftest import FIXTURES

RT60_TOLERANCE = 0.1
"""The estimate is within this share of the response's own RT60 (or 0.05 s, whichever is more)."""
LATENCY = 0.037
"""Seconds the devices add between playing and hearing (the sweep arrives this much after flight time)."""
ROOMS = [RoomSpec(0.3, 1.0), RoomSpec(0.5, 1.0), RoomSpec(0.9, 1.0)]


def recorded(spec: RoomSpec, volume: float, noise_dbfs: float, seed: int = 0) -> tuple[np.ndarray, int]:
    """A quiet second, the sweep through the room from the kiosk's speaker at `volume` (its direct path
    from 1 m has gain 1), and its tail; white noise at `noise_dbfs` throughout."""
    quiet = int(roomsweep.QUIET_SECONDS * RATE)
    late = quiet + round(LATENCY * RATE)
    wet = fftconvolve(roomsweep.sweep_samples().astype(np.float64), impulse_response(spec, Source.KIOSK))
    length = quiet + len(roomsweep.sweep_samples()) + int(roomsweep.TAIL_SECONDS * RATE)
    heard = np.random.default_rng(seed).normal(0.0, 32768 * 10 ** (noise_dbfs / 20), length)
    part = wet[: length - late] * volume
    heard[late : late + len(part)] += part
    return np.clip(np.round(heard), -32768, 32767).astype(np.int16), quiet


def speaker_metres(spec: RoomSpec) -> float:
    return math.dist(spec.position(Source.KIOSK), spec.mic)


@pytest.mark.parametrize("spec", ROOMS, ids=lambda spec: spec.name)
@pytest.mark.parametrize("noise_dbfs", [-70.0, -45.0])
def test_the_sweep_reads_the_rooms_reverberation_echo_and_noise(spec: RoomSpec, noise_dbfs: float) -> None:
    room = measure_room(*recorded(spec, volume=0.5, noise_dbfs=noise_dbfs))
    truth = schroeder_rt60(impulse_response(spec, Source.KIOSK))
    assert room.heard and room.rt60 is not None
    assert room.rt60 == pytest.approx(truth, abs=max(0.05, truth * RT60_TOLERANCE)), room
    assert room.echo_delay_ms == pytest.approx((LATENCY + speaker_metres(spec) / SOUND_SPEED) * 1000, abs=2.0)
    assert room.echo_db == pytest.approx(20 * math.log10(0.5 / speaker_metres(spec)), abs=1.0)
    assert room.noise_dbfs == pytest.approx(noise_dbfs, abs=3.0)


def test_a_room_too_loud_to_read_says_so_rather_than_guess() -> None:
    """With the sweep only 15 dB over the noise, the decay sinks into it before -25 dB: no RT60, not a wrong one."""
    room = measure_room(*recorded(ROOMS[1], volume=0.5, noise_dbfs=-25.0))
    assert room.heard and room.rt60 is None
    assert advice(room, -20.0)[0].startswith("The room was too loud to measure its echo")


def test_a_sweep_that_never_arrives_is_not_heard() -> None:
    quiet = np.random.default_rng(1).normal(0, 30, RATE * 6).astype(np.int16)
    room = measure_room(quiet, RATE)
    assert not room.heard
    assert "did not reach the microphone" in describe_room(room)
    assert "check that the speaker is on" in advice(room, -20.0)[0]


def test_a_reader_still_talking_is_not_taken_for_the_sweep() -> None:
    """Speech over the quiet second and the sweep's time, then digital silence (a virtual microphone's): the
    deconvolved speech has a peak far over that silence, but far under the speech, so it is no echo."""
    speech = read_wav(FIXTURES / "digits.wav")[: RATE * 4] // 50
    heard = np.concatenate([speech, np.zeros(RATE * 2, dtype=np.int16)])
    room = measure_room(heard, RATE)
    assert not room.heard, room


def test_talk_begun_after_the_quiet_second_is_not_taken_for_the_sweep() -> None:
    """Digital silence for the quiet second (a virtual microphone's), then quiet speech while the sweep
    plays: a peak of the deconvolved speech over that silence is far under the speech, so it is no echo."""
    speech = np.round(read_wav(FIXTURES / "digits.wav")[4000 : 4000 + RATE * 4] * 0.02).astype(np.int16)
    room = measure_room(np.concatenate([np.zeros(RATE, dtype=np.int16), speech]), RATE)
    assert not room.heard, room  # its peak was read as the speaker at -81 dB


def test_a_live_room_says_to_bring_the_microphone_close() -> None:
    room = measure_room(*recorded(ROOMS[2], volume=0.1, noise_dbfs=-70.0))
    assert advice(room, -20.0) == [
        "The room echoes (RT60 0.9 s): put the microphone within 50 cm of the reader."
    ]


def test_a_quiet_dead_room_with_a_soft_speaker_has_nothing_to_change() -> None:
    room = measure_room(*recorded(ROOMS[0], volume=0.1, noise_dbfs=-70.0))
    assert advice(room, -20.0) == ["The room is fine: nothing to change."]


def test_music_near_the_readers_level_says_turn_it_down() -> None:
    room = measure_room(*recorded(ROOMS[0], volume=0.1, noise_dbfs=-35.0))
    lines = advice(room, -20.0)
    assert any(line.startswith("The room is loud") and "turn the music down" in line for line in lines), lines


def test_a_loud_speaker_in_the_microphone_suggests_a_speakerphone() -> None:
    room = measure_room(*recorded(ROOMS[0], volume=0.5, noise_dbfs=-70.0))
    assert room.echo_db > LIMITS.loud_echo_db
    assert advice(room, -20.0) == [
        f"The speaker is loud in the microphone ({room.echo_db:+.0f} dB): turn it down or move it away; "
        "a USB speakerphone, which cancels its own echo, would help here."
    ]


def test_the_reader_is_described_by_level_and_margin_over_the_noise_never_a_guessed_distance() -> None:
    room = RoomMeasure(noise_dbfs=-60.0, heard=True, echo_db=-20.0, rt60=0.4, rt60_from="T30")
    assert describe_reader(-30.0, room) == "Reader: speech -30.0 dBFS, 30 dB over the room's noise."
    assert advice(room, -30.0) == ["The room is fine: nothing to change."]  # quiet, yet no "far" guess
