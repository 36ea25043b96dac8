"""The command line in this process, so the quick tier reaches every front end's entry: `nights`, a typed
`play` cut short, `voice` without a model, `python -m kiosk` itself, serve's ready sound, and what `devices`
and `check-audio` say when a device is missing. The same
commands run whole, as processes, in test_play.py, test_serve.py, test_voice_kiosk.py and test_serve_audio.py."""

from __future__ import annotations

import io
import runpy
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from kiosk.appliance.voice import CHIME_RATE, ready_chime
from kiosk.cli import main
from kiosk.hints import kiosk_command
from kiosk.records.night_records import list_nights
from kiosk.voice.sound.devices import SoundDevices, missing

from .conftest import FIXTURES


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of the test's own, and the stopping signals as they were (a night sets its own)."""
    monkeypatch.setenv("SNAP_APPLE_HOME", str(tmp_path / "home"))
    kept = {stop: signal.getsignal(stop) for stop in (signal.SIGTERM, signal.SIGHUP)}
    yield tmp_path / "home"
    for stop, handler in kept.items():
        signal.signal(stop, handler)


def test_nights_with_none_kept_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nights"]) == 0
    assert capsys.readouterr().out == f"No nights are kept in {home / 'nights'}.\n"


def test_a_typed_night_cut_short_is_listed_and_removed_by_name(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("two\nD1\n"))
    assert main(["play"]) == 0
    played = capsys.readouterr().out
    assert "You are Bats and Ghosts." in played and "Bats are the only mammals" in played
    (night,) = list_nights(home / "nights").kept
    assert night.messages == ("two", "D1") and not night.over
    assert main(["nights"]) == 0
    assert f"{night.name}: " in (listed := capsys.readouterr().out) and "[unfinished]" in listed
    assert main(["nights", "remove", night.name]) == 0
    assert list_nights(home / "nights").kept == ()


def test_voice_without_a_model_is_one_clear_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-model"
    assert main(["voice", "--model", str(missing), "--audio-in", str(FIXTURES / "table-night.wav")]) == 2
    notes = capsys.readouterr().err
    assert f"No speech model at {missing}: fetch the small English model" in notes
    assert "Traceback" not in notes


def test_python_dash_m_kiosk_runs_the_command_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["kiosk", "nights"])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module("kiosk", run_name="__main__")
    assert stopped.value.code == 0
    assert "No nights are kept" in capsys.readouterr().out


def test_the_ready_sound_is_a_pause_then_two_rising_notes() -> None:
    chime = ready_chime()
    assert chime.rate == CHIME_RATE
    samples = chime.samples.astype(np.float64)
    loud = np.flatnonzero(np.abs(samples) > 1000)
    assert loud[0] >= 0.2 * CHIME_RATE  # a waking device may drop its first samples: silence goes first

    def pitch(at: int) -> float:
        window = samples[at : at + CHIME_RATE // 20]
        spectrum = np.abs(np.fft.rfft(window * np.hanning(len(window))))
        return float(np.fft.rfftfreq(len(window), 1 / CHIME_RATE)[int(np.argmax(spectrum))])

    assert abs(pitch(loud[0]) - 660) < 30
    assert abs(pitch(loud[0] + int(0.2 * CHIME_RATE)) - 990) < 30


def test_a_missing_microphone_or_speaker_is_one_line_with_the_next_step() -> None:
    assert missing(SoundDevices("0 mic, 1 speaker", 1, 1), "devices") == ""
    assert missing(SoundDevices("1 speaker", 0, 2), "check-audio") == (
        "No microphone found: plug it in (USB, or the Pi's audio jack for a speaker), "
        f"then run {kiosk_command('check-audio')} again."
    )
    assert missing(SoundDevices("", 0, 0), "devices").startswith(
        "No microphone or speaker found: plug them in"
    )
    broken = SoundDevices("", 0, 0, "PortAudio could not list devices: no host API")
    assert missing(broken, "devices") == (
        f"PortAudio could not list devices: no host API. Then run {kiosk_command('devices')} again."
    )
