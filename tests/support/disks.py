"""Real small disks for storage faults: a tmpfs mounted for the test (root, as in CI), filled to the last
byte or mounted read-only, and the runtime folder a test's kiosks keep their fallback journals in."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def mount_small_disk(where: Path, options: str = "size=256k") -> bool:
    if os.geteuid() != 0:
        return False
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True, check=False
    )
    return mounted.returncode == 0


def remount(where: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(where)], check=True, capture_output=True)


def unmount(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], check=False, capture_output=True)


def mounted_disk(where: Path, options: str = "size=256k") -> Iterator[Path]:
    if not mount_small_disk(where, options):
        pytest.skip("mounting a small tmpfs needs root (CI runs as root)")
    try:
        yield where
    finally:
        unmount(where)


def fill(disk: Path) -> Path:
    """Fill the disk to the last byte."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 512)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler
