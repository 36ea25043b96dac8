"""Local files the kiosk reads get what --key and --save have: regular files only, a size cap, an open that
never waits. `verify` and the settings file (SNAP_APPLE_CONFIG, --config) on /dev/zero, a FIFO, a folder or
a huge file each get one line, no traceback and no hang. And HEAD /events answers with no body."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from kiosk import config
from kiosk.records.night_records import DamagedJournal, read_night
from kiosk.screen.address import Address
from kiosk.screen.screen import Screen


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def _big(tmp_path: Path, size: int) -> Path:
    path = tmp_path / "big"
    with path.open("wb") as file:
        file.truncate(size)  # sparse: as large as it says, without the disk
    return path


def test_a_settings_file_that_is_no_regular_file_gives_one_line_and_the_defaults(
    tmp_path: Path, fifo: Path
) -> None:
    for path, said in (
        (Path("/dev/zero"), "is a device, not a settings file"),
        (fifo, "is a pipe, not a settings file"),
        (tmp_path, "is a folder, not a settings file"),
        (_big(tmp_path, 10 * 1024 * 1024), "is larger than a settings file can be"),
    ):
        settings, problems = config.load(path)
        assert settings == config.Settings(), path
        assert len(problems) == 1 and said in problems[0] and "using the default settings" in problems[0]


def test_a_journal_that_is_no_regular_file_is_named_not_read(tmp_path: Path, fifo: Path) -> None:
    for path, said in ((Path("/dev/zero"), "is a device"), (fifo, "is a pipe"), (tmp_path, "is a folder")):
        with pytest.raises(DamagedJournal, match=said):
            read_night(path)
    with pytest.raises(DamagedJournal, match="is larger than a journal can be"):
        read_night(_big(tmp_path, 40 * 1024 * 1024))


def _kiosk(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", *args],
        input="",
        capture_output=True,
        text=True,
        timeout=60,  # a hang fails the test
        check=False,
        env={**os.environ, **env},
    )


@pytest.mark.process
def test_verify_and_the_settings_on_dev_zero_and_a_fifo_say_one_line(tmp_path: Path, fifo: Path) -> None:
    home = {"SNAP_APPLE_HOME": str(tmp_path / "home")}
    for path in ("/dev/zero", str(fifo)):
        verified = _kiosk("verify", path, env=home)
        assert verified.returncode == 2 and "Traceback" not in verified.stderr + verified.stdout
        assert f"Cannot verify: {path} is a" in verified.stdout + verified.stderr
        for way in ({"SNAP_APPLE_CONFIG": path}, {}):
            args = ("play",) if way else ("play", "--config", path)
            played = _kiosk(*args, env={**home, **way})
            assert played.returncode == 0 and "Traceback" not in played.stderr, played.stderr
            assert f"{path} is a" in played.stderr and "using the default settings" in played.stderr


def test_head_events_answers_with_no_body() -> None:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as screen:
        screen.start()
        with httpx.Client(base_url=screen.url, timeout=10) as client:
            answer = client.head("/events")
            assert answer.status_code == 200 and answer.content == b""
            assert answer.headers["Content-Type"].startswith("text/event-stream")
            assert client.get("/").status_code == 200  # and the connection is free for the next request
