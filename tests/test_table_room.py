"""The simulated table's rooms (testbed/table/): the conditions a bench can ask for, and the block-by-block
convolution that carries the kiosk's own voice to its microphone through the room."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from testbed.room_acoustics import RoomSpec
from testbed.table import CONDITIONS
from testbed.table.echo import Convolver, EchoPath
from testbed.table.voices import RATE, write_wav
from testbed.virtual_audio import VirtualAudio


@pytest.mark.parametrize("sizes", [(800,) * 10, (1, 7, 300, 2000, 13, 800, 5000)])
def test_a_stream_convolved_block_by_block_is_the_whole_convolved(sizes: tuple[int, ...]) -> None:
    rng = np.random.default_rng(5)
    response = rng.normal(0, 1, 1500) * np.exp(-np.arange(1500) / 300)
    stream = rng.normal(0, 1000, sum(sizes))
    convolver = Convolver(response)
    blocks, start = [], 0
    for size in sizes:
        blocks.append(convolver.push(stream[start : start + size]))
        start += size
    whole = np.convolve(stream, response)[: len(stream)]
    assert np.allclose(np.concatenate(blocks), whole, atol=1e-6)


def test_the_issue_rooms_are_conditions_of_the_table() -> None:
    assert CONDITIONS["clean"].room is None
    assert CONDITIONS["room-0.5-1m"].room == RoomSpec(0.5, 1.0)
    assert CONDITIONS["room-0.8-1.5m"].room == RoomSpec(0.8, 1.5)
    babble = CONDITIONS["babble-10-room-0.5"]
    assert (babble.noise, babble.snr_db, babble.room) == ("babble", 10.0, RoomSpec(0.5, 1.0))
    assert CONDITIONS["music-10-room-0.5"].room == RoomSpec(0.5, 1.0)
    rooms = [c.room for c in CONDITIONS.values() if c.room is not None]
    assert min(r.rt60 for r in rooms) == 0.3 and max(r.rt60 for r in rooms) == 0.9
    assert min(r.reader_metres for r in rooms) == 0.5 and max(r.reader_metres for r in rooms) == 1.5


def _burst_heard_at_microphone(audio: VirtualAudio, folder: Path) -> npt.NDArray[np.float64]:
    """Play 0.3 s of a 1 kHz tone on the kiosk's speaker; what the microphone had meanwhile, as 10 ms RMS."""
    tone = (np.sin(np.arange(RATE * 3 // 10) * 2 * np.pi * 1000 / RATE) * 8000).astype(np.int16)
    write_wav(folder / "burst.wav", np.concatenate([tone, np.zeros(RATE, dtype=np.int16)]))
    heard = folder / "mic.raw"
    with heard.open("wb") as out:
        recorder = subprocess.Popen(
            ["parec", "--device=micsink.monitor", "--format=s16le", f"--rate={RATE}", "--channels=1"],
            env=audio.env,
            stdout=out,
        )
        time.sleep(0.5)
        subprocess.run(["paplay", "--device=spk", str(folder / "burst.wav")], env=audio.env, check=True)
        time.sleep(0.5)
        recorder.terminate()
        recorder.wait()
    samples = np.frombuffer(heard.read_bytes()[: heard.stat().st_size // 2 * 2], dtype=np.int16)
    frames = samples[: len(samples) // 160 * 160].astype(np.float64).reshape(-1, 160)
    return np.sqrt((frames**2).mean(axis=1))


@pytest.mark.slow
@pytest.mark.audio
def test_the_kiosks_voice_reaches_its_microphone_with_the_rooms_tail(
    virtual_audio: VirtualAudio, tmp_path: Path
) -> None:
    dry = _burst_heard_at_microphone(virtual_audio, tmp_path)
    assert dry.max() < 100  # without the room, the speaker's sound never reaches the microphone
    with EchoPath(virtual_audio.env, RoomSpec(0.9, 1.0)):
        wet = _burst_heard_at_microphone(virtual_audio, tmp_path)
    loudest = int(np.argmax(wet))
    assert wet[loudest] > 1000
    # After the tone stops, the room rings on: 30 dB down takes a good part of its RT60, not one frame.
    ends = loudest + int(np.argmax(wet[loudest:] < wet[loudest] / 4))  # the tone's end: the level drops
    rings = int(np.argmax(wet[ends:] < wet[loudest] / 10 ** (30 / 20)))
    assert rings * 0.01 > 0.2, f"the tail lasted {rings * 10} ms"


def test_each_habit_of_the_reader_is_a_condition_of_its_own_in_the_living_room() -> None:
    from testbed.table import Habit

    for habit in Habit:
        condition = CONDITIONS[f"{habit.value}-room-0.5"]
        assert condition.habits == {habit} and condition.room == RoomSpec(0.5, 1.0)
    assert CONDITIONS["reader-room-0.5"].habits == set(Habit)
    assert not CONDITIONS["room-0.5-1m"].habits
