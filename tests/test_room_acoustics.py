"""The room every simulated voice passes through (testbed/room_acoustics.py): its response has the RT60 asked
for, sound arrives after its flight time, the echoes weigh more the farther the reader sits, and a spec
always gives the same room. Small rooms and short clips: the quick tier."""

from __future__ import annotations

import numpy as np
import pytest

from testbed.room_acoustics import (
    RATE,
    RT60_TOLERANCE,
    SOUND_SPEED,
    RoomSpec,
    Source,
    direct_to_reverberant_db,
    impulse_response,
    in_room,
    looped_in_room,
    schroeder_rt60,
)


@pytest.mark.parametrize("rt60", [0.3, 0.9])
def test_the_response_decays_at_the_asked_rt60(rt60: float) -> None:
    response = impulse_response(RoomSpec(rt60, 1.0), Source.READER)
    assert schroeder_rt60(response) == pytest.approx(rt60, rel=RT60_TOLERANCE)


def test_schroeder_rt60_reads_a_known_exponential_decay() -> None:
    rng = np.random.default_rng(1)
    seconds = np.arange(RATE) / RATE
    decay = rng.normal(0, 1, RATE) * 10 ** (-3 * seconds / 0.6)  # -60 dB in 0.6 s, in amplitude
    assert schroeder_rt60(decay) == pytest.approx(0.6, rel=0.05)


@pytest.mark.parametrize("metres", [0.5, 1.5])
def test_a_dry_click_arrives_after_its_flight_time(metres: float) -> None:
    click = np.zeros(RATE // 4, dtype=np.int16)
    click[0] = 20000
    heard = in_room(click, RoomSpec(0.3, metres), Source.READER)
    arrival = round(metres / SOUND_SPEED * RATE)
    assert int(np.argmax(np.abs(heard))) == arrival
    energy = heard.astype(np.float64) ** 2
    # Before the sound could fly there, only the fractional-delay filter's faint ringing.
    assert energy[: arrival - 3].sum() < 0.02 * energy[arrival - 3 : arrival + 4].sum()
    assert len(heard) > len(click)  # the room's tail rings on after the source stops


def test_the_echoes_weigh_more_the_farther_the_reader_sits() -> None:
    ratios = [direct_to_reverberant_db(impulse_response(RoomSpec(0.3, m), Source.READER)) for m in (0.5, 1.5)]
    assert ratios[0] > ratios[1] + 6


@pytest.mark.parametrize("metres", [0.5, 1.0, 1.5])
def test_the_direct_sound_falls_with_distance_from_its_level_at_a_metre(metres: float) -> None:
    response = impulse_response(RoomSpec(0.3, metres), Source.READER)
    arrival = round(metres / SOUND_SPEED * RATE)
    direct = float(np.sqrt((response[arrival - 4 : arrival + 5] ** 2).sum()))
    assert direct == pytest.approx(1 / metres, rel=0.1)


def test_a_spec_always_gives_the_same_room() -> None:
    spec = RoomSpec(0.3, 1.0, seat=3)
    rng = np.random.default_rng(0)
    speech = rng.normal(0, 3000, RATE // 2).astype(np.int16)
    first = in_room(speech, spec)
    impulse_response.cache_clear()
    assert np.array_equal(first, in_room(speech, RoomSpec(0.3, 1.0, seat=3)))
    assert not np.array_equal(first, in_room(speech, RoomSpec(0.3, 1.0, seat=4)))


def test_every_source_has_its_own_place_inside_the_room() -> None:
    spec = RoomSpec(0.5, 1.5)
    places = {source: spec.position(source) for source in Source}
    assert len(set(places.values())) == len(Source)
    for place in places.values():
        assert all(0.2 <= at <= side - 0.2 for at, side in zip(place, spec.size, strict=True))
    reader = np.subtract(places[Source.READER], spec.mic)
    assert float(np.linalg.norm(reader)) == pytest.approx(1.5)


def test_a_looped_bed_stays_its_length_and_seamless() -> None:
    bed = (np.sin(np.arange(RATE) * 2 * np.pi * 200 / RATE) * 3000).astype(np.int16)  # 200 Hz: whole periods
    wet = looped_in_room(bed, RoomSpec(0.3, 1.0), Source.MUSIC).astype(np.float64)
    assert len(wet) == len(bed)
    step = abs(wet[0] - wet[-1])
    assert step <= np.abs(np.diff(wet)).max()  # the loop's seam is no bigger a jump than any inside it


def test_a_room_outside_what_a_party_has_is_refused() -> None:
    with pytest.raises(ValueError, match="RT60"):
        RoomSpec(3.0, 1.0)
    with pytest.raises(ValueError, match="m away"):
        RoomSpec(0.5, 0.2)
