"""Where the kiosk keeps things on the device, written so that a pulled plug never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

APP = "snap-apple-kiosk"


def data_dir() -> Path:
    """The per-user data folder: $SNAP_APPLE_HOME, else $XDG_DATA_HOME/snap-apple-kiosk, else
    ~/.local/share/snap-apple-kiosk."""
    override = os.environ.get("SNAP_APPLE_HOME")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside the target, flush it to disk, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
