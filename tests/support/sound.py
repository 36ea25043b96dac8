"""A machine with no sound device, for the tests of what the kiosk says and does without one."""

from __future__ import annotations

import subprocess
import sys

import pytest


def require_no_sound_device(env: dict[str, str]) -> None:
    """Skip the test when PortAudio, run with `env` (a sound server that is not there), still sees devices:
    the machine has sound cards of its own, so "no device" cannot be arranged here."""
    seen = subprocess.run(
        [sys.executable, "-c", "import sounddevice; print(len(sounddevice.query_devices()))"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if seen.stdout.strip() != "0":
        pytest.skip(f"this machine has sound devices of its own: {seen.stdout.strip()}")
