"""The frozen held-out set (testbed/held_out.toml) shares nothing with the tuning set: no voice, no bed or a
voice in one, no room shape or seat, no reader seed. A case moved to tuning must leave the held-out file."""

from __future__ import annotations

from testbed.room_acoustics import Source
from testbed.table import CONDITIONS
from testbed.table.beds import _BABBLE_VOICES, MADE_BEDS, TUNING_BEDS
from testbed.table.held_out import babble_bed, held_out, music_bed, tuning
from testbed.table.voices import Voice


def _sound(voice: Voice) -> tuple[object, ...]:
    """What makes a voice sound as it does, whatever it is called."""
    return (voice.family, voice.voice.lower(), voice.pitch, voice.speed, voice.noise, voice.noise_w)


def test_the_held_out_set_shares_no_voice_with_tuning() -> None:
    frozen, daily = held_out(), tuning()
    assert len(frozen.voices) >= 6
    assert {v.family for v in frozen.voices} == {v.family for v in daily.voices}  # every engine in both
    assert not {v.name for v in frozen.voices} & {v.name for v in daily.voices}
    assert not {_sound(v) for v in frozen.voices} & {_sound(v) for v in daily.voices}
    assert all(voice.held_out for voice in frozen.voices)
    assert not any(voice.held_out for voice in daily.voices)


def test_the_held_out_beds_share_no_bed_or_voice_with_tuning() -> None:
    frozen, daily = held_out(), tuning()
    assert not set(frozen.beds.values()) & {*daily.beds.values(), *TUNING_BEDS, *MADE_BEDS}
    babble = {voice.lower() for voice in babble_bed().voices}
    tuning_talk = {voice.lower() for _, voice in _BABBLE_VOICES} | {v.voice.lower() for v in daily.voices}
    assert not babble & tuning_talk
    assert not babble & {v.voice.lower() for v in frozen.voices}  # the room's talk is not the reader
    assert music_bed().seed != 96  # the made tuning bed's seed


def test_the_held_out_room_and_reader_are_their_own() -> None:
    frozen, daily = held_out(), tuning()
    assert frozen.room_seat != daily.room_seat
    assert frozen.room_size != daily.room_size
    assert frozen.reader_seed != daily.reader_seed
    condition = CONDITIONS["room-0.5-1m"]
    kept, tuned = condition.room_for(True), condition.room_for(False)
    assert kept is not None and tuned is not None
    assert (kept.rt60, kept.reader_metres) == (tuned.rt60, tuned.reader_metres) == (0.5, 1.0)
    assert kept.position(Source.READER) != tuned.position(Source.READER)
