"""Where the kiosk keeps things on the device, written so that a pulled plug never leaves half a file, and
every storage fault said in one line a person at the table can act on."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from kiosk.hints import kiosk_command

APP = "snap-apple-kiosk"
STALE_PART_SECONDS = 60.0
"""A temporary file older than this is a leftover from a write that never finished (another kiosk's
write in progress is younger)."""


class StorageError(Exception):
    """Something could not be kept on the device; the message is one line: what is wrong, what to do."""


class UnreadableFile(Exception):
    """A small file (a key, a save) that cannot be read as one; the message is one line saying why."""


def data_dir() -> Path:
    """The per-user data folder: $SNAP_APPLE_HOME, else $XDG_DATA_HOME/snap-apple-kiosk, else
    ~/.local/share/snap-apple-kiosk."""
    override = os.environ.get("SNAP_APPLE_HOME")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def runtime_dir() -> Path:
    """The kiosk's folder in memory, which outlives a crash or restart of the kiosk (not a power cut):
    in $XDG_RUNTIME_DIR, else /run/user/UID, else (named for the user, as these are shared) /dev/shm or
    the temporary folder."""
    override = os.environ.get("XDG_RUNTIME_DIR")
    own = Path(override) if override else Path(f"/run/user/{os.getuid()}")
    if own.is_dir() and os.access(own, os.W_OK | os.X_OK):
        return own / APP
    shared = Path("/dev/shm")
    if not (shared.is_dir() and os.access(shared, os.W_OK | os.X_OK)):
        shared = Path(tempfile.gettempdir())
    return shared / f"{APP}-{os.getuid()}"


def describe(error: OSError, path: Path) -> str:
    """One line for a storage fault: what is wrong with which path, and what to do about it."""
    where = Path(error.filename) if isinstance(error.filename, str) else path
    code = error.errno
    if code == errno.EROFS:
        return (
            f"{where} is on a read-only disk: make it writable, or set SNAP_APPLE_HOME to a writable folder"
        )
    if code in (errno.ENOSPC, errno.EDQUOT):
        return f"the disk holding {where} is full: free some space ({kiosk_command('nights remove …')})"
    if code in (errno.EACCES, errno.EPERM):
        return f"{where} may not be written by this user: fix its permissions, or set SNAP_APPLE_HOME"
    if code == errno.EISDIR:
        return f"{where} is a folder where a file should be: move it away"
    if code in (errno.ENOTDIR, errno.EEXIST):
        return f"a file stands where the folder {where} should be: move it away"
    return f"{where} cannot be written ({error.strerror or error.__class__.__name__})"


def make_folder(folder: Path) -> None:
    """Make a folder (and its parents), raising StorageError with the one line to say if it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(describe(error, folder)) from error
    if not folder.is_dir():
        raise StorageError(describe(OSError(errno.ENOTDIR, "Not a directory", str(folder)), folder))


def fsync_folder(folder: Path) -> None:
    """Make a new or renamed entry in the folder durable."""
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def clean_parts(folder: Path, now: float | None = None) -> int:
    """Remove leftover temporary files of writes that never finished; return how many were removed."""
    now = time.time() if now is None else now
    removed = 0
    try:
        leftovers = [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".part")]
    except OSError:
        return 0
    for part in leftovers:
        try:
            if now - part.stat().st_mtime > STALE_PART_SECONDS:
                part.unlink()
                removed += 1
        except OSError:
            continue  # gone already, or not ours to remove: nothing a player needs to hear
    return removed


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside the target, flush it to disk, then rename it into place.
    Raises StorageError (one line) if it cannot be written; the target is then as it was."""
    make_folder(path.parent)
    clean_parts(path.parent)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as error:
        raise StorageError(describe(error, path.parent)) from error
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        fsync_folder(path.parent)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise StorageError(describe(error, path)) from error
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_small_file(path: Path, limit: int, what: str, *, give: str, usual: str) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or UnreadableFile saying why not in one line.
    The open never waits (a FIFO with no writer, a device), and anything but a regular file is refused
    before a byte is read: `/dev/zero` would otherwise be read until memory runs out."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise UnreadableFile(f"cannot read {path}: {error.strerror or error}") from error
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnreadableFile(f"{path} is {_kind(mode)}, not {what}: {give}")
        chunks, size = [], 0
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise UnreadableFile(
                    f"{path} is larger than {what} can be ({limit // 1024} KB at most; {usual})"
                )
        return b"".join(chunks)
    except OSError as error:
        raise UnreadableFile(f"cannot read {path}: {error.strerror or error}") from error
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    kinds = [
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a disk device"),
        (stat.S_ISSOCK, "a socket"),
    ]
    return next((name for test, name in kinds if test(mode)), "not a regular file")
