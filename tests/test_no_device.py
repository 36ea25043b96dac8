"""With no sound device, `devices` and `check-audio` each say so in one line with the next step, a command
that works as printed; with the virtual sound device, `devices` lists its microphone and speaker."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.hints import kiosk_command
from testbed.virtual_audio import VirtualAudio

from .support.sound import require_no_sound_device


def kiosk(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def no_sound(tmp_path: Path) -> dict[str, str]:
    """A sound server that is not there: PortAudio sees what ALSA alone sees, which on a machine with no
    sound card is nothing."""
    env = {
        **os.environ,
        "PULSE_SERVER": f"unix:{tmp_path / 'no-server'}",
        "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml"),
        "SNAP_APPLE_HOME": str(tmp_path / "home"),
    }
    require_no_sound_device(env)
    return env


@pytest.mark.process
def test_devices_with_none_says_so_in_one_line_with_the_next_step(no_sound: dict[str, str]) -> None:
    run = kiosk(no_sound, "devices")
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        "No microphone or speaker found: plug them in (USB, or the Pi's audio jack for a speaker), "
        f"then run {kiosk_command('devices')} again."
    ]
    assert run.stderr == ""


@pytest.mark.process
def test_check_audio_with_none_says_so_in_one_line_with_the_next_step(no_sound: dict[str, str]) -> None:
    run = kiosk(no_sound, "check-audio", "--seconds", "1")
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        "No microphone or speaker found: plug them in (USB, or the Pi's audio jack for a speaker), "
        f"then run {kiosk_command('check-audio')} again."
    ]
    assert "Error querying device" not in run.stdout + run.stderr and "Traceback" not in run.stderr
    # The next step works as printed (here it finds the same nothing, and says so the same way).
    again = subprocess.run(
        kiosk_command("devices"), shell=True, env=no_sound, capture_output=True, text=True, check=False
    )
    assert again.returncode == 1 and again.stdout.startswith("No microphone or speaker found")


@pytest.mark.process
@pytest.mark.audio
def test_devices_lists_the_virtual_microphone_and_speaker(virtual_audio: VirtualAudio) -> None:
    run = kiosk(virtual_audio.env, "devices")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "pulse" in run.stdout and "No microphone" not in run.stdout
