"""The voice kiosk keeps its night in the journal too: `voice --resume` carries it on where it stood, after
the kiosk was stopped by a signal, and a night played by typing is not carried on by voice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.hints import kiosk_command
from kiosk.records.night_records import list_nights, read_night

from .conftest import FIXTURES
from .support.kiosk_process import carried_on


def voice(home: Path, model: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kiosk",
            "voice",
            "--model",
            str(model),
            "--audio-out",
            str(home / "host.wav"),
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SNAP_APPLE_HOME": str(home)},
    )


@pytest.mark.voice
@pytest.mark.process
def test_a_voice_night_stopped_by_sigterm_carries_on_by_voice(
    korean_model_path: Path, tmp_path: Path
) -> None:
    first = voice(tmp_path, korean_model_path, "--audio-in", str(FIXTURES / "table-night.wav"))
    out, err = first.communicate(timeout=180)
    assert first.returncode == 0 and "Traceback" not in err
    (night,) = list_nights(tmp_path / "nights").kept
    assert night.voice and night.messages and not night.over
    assert [turn.reply for turn in night.turns] == [
        text for text in [turn.reply for turn in night.turns] if text in out
    ]

    # Carry it on, and stop it with SIGTERM once it has said where the night stands.
    second = voice(tmp_path, korean_model_path, "--resume", "--audio-in", str(FIXTURES / "digits.wav"))
    assert second.stdout is not None
    shown_again = second.stdout.readline()
    second.send_signal(signal.SIGTERM)
    out, err = second.communicate(timeout=180)
    assert second.returncode == 0 and "Traceback" not in err
    # where the night stands, said afresh (never the last reply alone)
    assert shown_again.rstrip("\n") == carried_on(list(night.messages), voice=True).text.splitlines()[0]
    assert f"Carrying on the night {night.name}" in err
    assert f"The night is kept: to carry it on, start the kiosk with {kiosk_command('voice --resume')}" in err
    after = read_night(night.path)
    assert after.turns[: len(night.turns)] == night.turns  # carried on in the same journal, nothing lost


@pytest.mark.voice
@pytest.mark.process
def test_a_typed_night_is_not_carried_on_by_voice(korean_model_path: Path, tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "kiosk", "play"],
        input="two\nD1\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path)},
    )
    run = voice(tmp_path, korean_model_path, "--resume", "--audio-in", str(FIXTURES / "digits.wav"))
    out, err = run.communicate(timeout=60)
    assert run.returncode == 2 and out == ""
    assert f"was played by typing: carry it on with {kiosk_command('play --resume')}" in err
