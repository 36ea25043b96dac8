"""`python -m kiosk check-audio` against the virtual microphone: a reader too quiet, about right, and so
loud the microphone clips; the test sentence reaching the virtual speaker; and the room measured, with the
kiosk's speaker heard at the microphone through a simulated room (testbed/table/echo.py) or not at all."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from kiosk.checkaudio import Level, LevelVerdict, measure
from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.sound.audio import read_wav
from testbed.room_acoustics import RoomSpec, Source, impulse_response, schroeder_rt60
from testbed.table.echo import EchoPath
from testbed.virtual_audio import VirtualAudio

from .conftest import FIXTURES

pytestmark = [pytest.mark.audio]


def reader_at(gain: float, path: Path, seconds: float = 60.0) -> Path:
    """The real digits recording (its first `seconds`), made quieter or louder (clipped at the limits as a
    microphone would)."""
    digits = read_wav(FIXTURES / "digits.wav")[: int(seconds * SAMPLE_RATE)]
    samples = np.clip(digits.astype(np.float64) * gain, -32768, 32767)
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(SAMPLE_RATE)
        file.writeframes(samples.astype(np.int16).tobytes())
    return path


def check(
    audio: VirtualAudio, tmp_path: Path, gain: float, settings: str = "", reader_seconds: float = 60.0
) -> tuple[subprocess.CompletedProcess[str], Path]:
    recording = tmp_path / "speaker.wav"
    if settings:
        (tmp_path / "kiosk.toml").write_text(settings)
    speaker = audio.record_speaker(recording)
    env = {**audio.env, "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml")}
    command = [sys.executable, "-m", "kiosk", "check-audio", "--seconds", "4"]
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None and run.stderr is not None
        first = run.stdout.readline()
        assert first.startswith("Recording 4 seconds from the default microphone"), first
        time.sleep(0.3)
        audio.feed_microphone(reader_at(gain, tmp_path / "reader.wav", reader_seconds)).wait(timeout=30)
        out, err = run.communicate(timeout=120)
    time.sleep(0.5)
    speaker.terminate()
    speaker.wait(timeout=10)
    return subprocess.CompletedProcess(command, run.returncode, first + out, err), recording


@pytest.mark.parametrize(
    ("gain", "verdict", "code"),
    [(0.02, LevelVerdict.TOO_QUIET, 1), (1.0, LevelVerdict.GOOD, 0), (40.0, LevelVerdict.CLIPPING, 1)],
)
def test_check_audio_reports_the_level_and_what_to_change(
    virtual_audio: VirtualAudio, tmp_path: Path, gain: float, verdict: LevelVerdict, code: int
) -> None:
    run, recording = check(virtual_audio, tmp_path, gain)
    assert "Traceback" not in run.stderr
    assert f"LevelVerdict: {verdict.value}." in run.stdout, run.stdout
    assert run.returncode == code, run.stdout + run.stderr
    if verdict is LevelVerdict.TOO_QUIET:
        assert "Raise the microphone's capture level" in run.stdout
    if verdict is LevelVerdict.CLIPPING:
        assert "Lower the microphone's capture level" in run.stdout
    assert "Now saying a test sentence on the default speaker." in run.stdout
    assert "The test tone did not reach the microphone" in run.stdout, run.stdout  # the speaker is not heard
    with wave.open(str(recording)) as file:
        samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    assert (np.abs(samples.astype(np.int32)) > 1000).sum() > SAMPLE_RATE  # over a second of speech played


def speech_seconds(recording: Path) -> float:
    with wave.open(str(recording)) as file:
        samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    return float((np.abs(samples.astype(np.int32)) > 1000).sum() / SAMPLE_RATE)


def test_check_audio_tests_the_voice_the_settings_choose(virtual_audio: VirtualAudio, tmp_path: Path) -> None:
    """With speaker = "piper" the test sentence is said by Piper: an espeak-ng voice id that espeak-ng does
    not have cannot stop it (Piper has no use for one), where it stops the espeak-ng voice."""
    run, recording = check(virtual_audio, tmp_path, 1.0, 'speaker = "pyttsx3"\nvoice = "en-martian"\n')
    assert "espeak-ng has no voice 'en-martian'" in run.stdout and run.returncode == 1, run.stdout
    run, recording = check(virtual_audio, tmp_path, 1.0, 'speaker = "piper"\nvoice = "en-martian"\n')
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stdout + run.stderr
    assert speech_seconds(recording) > 1.0


def test_silence_is_nothing_heard() -> None:
    level = measure(np.zeros(SAMPLE_RATE, dtype=np.int16))
    assert level.verdict is LevelVerdict.SILENT
    assert Level(-30.0, -10.0, 0.0).verdict is LevelVerdict.GOOD


FINDINGS = (
    "The room echoes (RT60 ",
    "The room is loud ",
    "The speaker is loud in the microphone ",
)


def test_check_audio_measures_the_room_the_speaker_rings_in(
    virtual_audio: VirtualAudio, tmp_path: Path
) -> None:
    """The speaker is heard at the microphone through a 0.9 s room, from half a metre: the room's RT60 is
    read from the sweep, and the advice is one line per finding, each of them one of the known ones."""
    spec = RoomSpec(0.9, 1.0)
    with EchoPath(virtual_audio.env, spec):
        run, _ = check(
            virtual_audio, tmp_path, 1.0, reader_seconds=3.0
        )  # read out before the room is measured
    assert "Traceback" not in run.stderr and run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    room = next(line for line in lines if line.startswith("Room: "))
    rt60 = float(re.search(r"RT60 ([0-9.]+) s", room)[1])  # type: ignore[index]
    assert rt60 == pytest.approx(schroeder_rt60(impulse_response(spec, Source.KIOSK)), abs=0.15), room
    findings = lines[
        lines.index(room) + 2 : lines.index("Now saying a test sentence on the default speaker.")
    ]
    assert findings[0].endswith("put the microphone within 50 cm of the reader."), findings
    assert any(line.startswith("The speaker is loud in the microphone") for line in findings), findings
    assert all(line.startswith(FINDINGS) for line in findings), findings
