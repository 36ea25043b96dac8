"""Input faults: bytes that are not UTF-8 anywhere, JSON of any depth, and a screen whose pipe is closed.
Each is read without a crash; no traceback reaches a player."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.hints import kiosk_command
from kiosk.records.night_records import list_nights, unfinished

from .support.kiosk_process import PlayProcess

STRICT_UTF8 = {"LC_ALL": "C.UTF-8", "PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8:strict"}


def kiosk(home: Path, data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", *args],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, **STRICT_UTF8, "SNAP_APPLE_HOME": str(home)},
    )


@pytest.mark.process
def test_a_typed_line_that_is_not_utf8_is_read_and_kept(tmp_path: Path) -> None:
    run = kiosk(tmp_path, b"two\nD1\nBats: fl\xff\xfey. Ghosts: \xe9t\xe9\nAll: fly\n", "play")
    assert run.returncode == 0 and b"Traceback" not in run.stderr
    (night,) = list_nights(tmp_path / "nights").kept
    assert night.messages[2] == "Bats: fl\ufffd\ufffdy. Ghosts: \ufffdt\ufffd"
    assert len(night.turns) == 5


@pytest.mark.process
def test_replay_reads_bytes_that_are_not_utf8_under_a_strict_locale(tmp_path: Path) -> None:
    lines = b'{"say": "two"}\n\xff\xfe{"say": "x"}\n{"say": "D1 \xc3"}\n'
    run = kiosk(tmp_path, lines, "replay")
    assert run.returncode == 0 and b"Traceback" not in run.stderr
    replies = [json.loads(line)["reply"] for line in run.stdout.decode().splitlines()]
    assert len(replies) == 4 and replies[2].startswith(
        'That line is not a message of the form {"say": "..."}'
    )


@pytest.mark.process
@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_of_any_depth_gets_the_one_line_refusal(depth: int, tmp_path: Path) -> None:
    deep = b'{"say": ' * depth + b'"two"' + b"}" * depth
    run = kiosk(tmp_path, b'{"say": "two"}\n' + deep + b"\n" + b"[" * depth + b"\n", "replay")
    assert run.returncode == 0 and b"Traceback" not in run.stderr
    replies = [json.loads(line)["reply"] for line in run.stdout.decode().splitlines()]
    assert len(replies) == 4
    assert all(reply.startswith("That line is not a message of the form") for reply in replies[2:])


@pytest.mark.process
def test_a_key_file_that_is_not_utf8_is_the_rule_2_line(tmp_path: Path) -> None:
    key = tmp_path / "reveal.md"
    key.write_bytes(b"\xff\xfe# Reveal\nSALT: \x80\x81\n")
    run = kiosk(tmp_path, b"two\n", "play", "--key", str(key))
    assert run.returncode == 2 and b"Traceback" not in run.stderr
    assert b"key: the key is not UTF-8 text" in run.stderr


@pytest.mark.process
def test_a_screen_closed_mid_night_stops_the_kiosk_with_one_line_and_the_night_kept(tmp_path: Path) -> None:
    kiosk = PlayProcess(tmp_path)
    kiosk.say("two")
    assert kiosk.process.stdout is not None and kiosk.process.stdin is not None
    kiosk.process.stdout.close()  # nobody reads the screen any more
    kiosk.process.stdin.write(b"D1\n")
    kiosk.process.stdin.close()
    kiosk.process.wait(timeout=60)
    assert kiosk.process.stderr is not None
    with kiosk.process.stderr:
        err = kiosk.process.stderr.read().decode()
    assert kiosk.process.returncode == 1 and "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        "WARNING kiosk.commands.options: The output was closed, so the kiosk stopped. Goodbye. The night is kept: "
        f"to carry it on, start the kiosk with {kiosk_command('play --resume')}"
    )
    record = unfinished(tmp_path / "nights")
    assert record is not None and record.messages == ("two", "D1")
