"""Key and save files are bounded: a regular file of at most KEY_FILE_LIMIT (or SAVE_FILE_LIMIT) bytes,
opened without waiting, anything else refused in one line before a byte is read (`/dev/zero`, a FIFO with
no writer, a 50 MB file, a folder), for --key, --save and the sealed key kept on the device alike."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from kiosk.keys import KEY_FILE_LIMIT, load_file
from kiosk.keystore import KeyStore, TamperedKey

from .conftest import KeyText

Make = Callable[[Path], Path]
GUARD = 30.0
"""Seconds after which a kiosk still reading its key is called stuck (a guard, not a measurement)."""


def fifo(folder: Path) -> Path:
    path = folder / "reveal.md"
    os.mkfifo(path)  # no writer ever opens it
    return path


def large(folder: Path) -> Path:
    path = folder / "reveal.md"
    with path.open("wb") as file:
        file.truncate(50_000_000)  # sparse: 50 MB that a read would have to take in whole
    return path


def folder(parent: Path) -> Path:
    path = parent / "reveal.md"
    path.mkdir()
    return path


KINDS: list[tuple[Make, str]] = [
    (lambda _: Path("/dev/zero"), "/dev/zero is a device, not a key file"),
    (fifo, "is a pipe, not a key file"),
    (large, "is larger than a key file can be (256 KB at most"),
    (folder, "is a folder, not a key file"),
]
IDS = ["dev-zero", "fifo-without-writer", "50-MB", "folder"]


@pytest.mark.parametrize(("make", "said"), KINDS, ids=IDS)
def test_play_refuses_a_key_that_is_no_key_file_in_one_line(make: Make, said: str, tmp_path: Path) -> None:
    key = make(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "play", "--key", str(key)],
        input="",
        capture_output=True,
        text=True,
        timeout=GUARD,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path / "home")},
    )
    assert "Traceback" not in run.stderr and "MemoryError" not in run.stderr
    (line,) = [line for line in run.stderr.splitlines() if said in line]
    assert line.startswith(f"WARNING kiosk.keychoice: key: {key} is ")


@pytest.mark.parametrize(("make", "said"), KINDS, ids=IDS)
def test_load_file_refuses_it_with_the_reason(make: Make, said: str, tmp_path: Path) -> None:
    loaded = load_file(make(tmp_path))
    assert loaded.key is None and said in loaded.problem


def test_a_key_file_at_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    text = KeyText().render().encode()
    padded = text + b"\n" * (KEY_FILE_LIMIT - len(text))
    key = tmp_path / "reveal.md"
    key.write_bytes(padded)
    assert load_file(key).key is not None
    key.write_bytes(padded + b"\n")
    assert "larger than a key file can be" in load_file(key).problem


def test_a_kept_sealed_key_that_is_a_fifo_is_refused_not_waited_for(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "sealed")
    store.folder.mkdir()
    store.record_path.write_text('{"sha256": "00"}')
    os.mkfifo(store.key_path)
    with pytest.raises(TamperedKey, match="is a pipe, not a key file"):
        store.load()


SAVE_KINDS: list[tuple[Make, str]] = [
    (lambda _: Path("/dev/zero"), "/dev/zero is a device, not a save file"),
    (fifo, "is a pipe, not a save file"),
    (large, "is larger than a save file can be (64 KB at most"),
]


@pytest.mark.parametrize(("make", "said"), SAVE_KINDS, ids=IDS[:3])
def test_play_refuses_a_save_that_is_no_save_file_in_one_line(make: Make, said: str, tmp_path: Path) -> None:
    save = make(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "play", "--save", str(save)],
        input="",
        capture_output=True,
        text=True,
        timeout=GUARD,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path / "home")},
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr and "MemoryError" not in run.stderr
    (line,) = [line for line in run.stderr.splitlines() if said in line]
    assert f"Cannot read the save: {save} is " in line
