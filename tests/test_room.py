"""How loud the room is (kiosk/voice/hearing/room.py): the reader's voice against the sound under it, on audio made
here (a voice-like burst over a quiet room's hiss, or over continuous noise 10 dB below it)."""

from __future__ import annotations

import numpy as np

from kiosk.voice.hearing.room import RoomLevel, margin
from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.tuning import TUNING


def utterance(under_rms: float, seed: int = 0) -> bytes:
    """A second of the room, a second of voice at rms 3000 (with short gaps, as between words), half a
    second of the room, with `under_rms` of continuous noise under it all."""
    rng = np.random.default_rng(seed)
    voice = rng.normal(0, 3000, SAMPLE_RATE)
    for start in range(0, SAMPLE_RATE, 4000):
        voice[start : start + 800] = 0  # 50 ms between words
    room = np.zeros(int(2.5 * SAMPLE_RATE))
    room[SAMPLE_RATE : 2 * SAMPLE_RATE] = voice
    room += rng.normal(0, 20, len(room)) + rng.normal(0, under_rms, len(room))
    return np.clip(room, -32768, 32767).astype(np.int16).tobytes()


def test_a_quiet_room_leaves_a_wide_margin_and_a_noisy_one_a_narrow_one() -> None:
    quiet, noisy = margin(utterance(0.0)), margin(utterance(3000 / 10 ** (10 / 20)))
    assert quiet is not None and quiet > 40
    assert noisy is not None and 5 < noisy < TUNING.room.loud_margin_db
    assert margin(b"\x00\x01" * 100) is None  # too little audio to say


def test_the_room_turns_loud_on_most_recent_utterances_not_one() -> None:
    room = RoomLevel()
    assert not room.loud  # not heard yet: quiet, as the kiosk asks by default
    room.heard(utterance(0.0))
    room.heard(utterance(950.0, seed=1))
    assert not room.loud  # one noisy utterance against a quiet one: the median stays quiet
    for seed in range(2, 5):
        room.heard(utterance(950.0, seed=seed))
    assert room.loud
    for seed in range(5, 9):
        room.heard(utterance(0.0, seed=seed))
    assert not room.loud
