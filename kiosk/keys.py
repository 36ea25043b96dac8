"""Which key a night plays on: the bundled practice key, a key file, or the sealed key kept on the device."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from kiosk.engine.host import KeySource
from kiosk.engine.key import InvalidKeyError, Key, parse_key

PRACTICE_KEY = "practice-key.md"
KEY_FILE_LIMIT = 256 * 1024
"""The most bytes a key file may hold. A reveal file is 25 questions with their answers, NOT forms and
sources: the practice key is 7.5 KB, so 256 KB leaves room for 30 times its wording while keeping what is
read into memory (and hashed) on a Pi small, whatever path is given."""


class UnreadableKeyFile(Exception):
    """A key file that cannot be read as one; the message is one line saying why."""


def read_key_file(path: Path) -> bytes:
    """The bytes of a key file: a regular file of at most KEY_FILE_LIMIT bytes. The open never waits (a FIFO
    with no writer, a device), and anything but a regular file is refused before a byte is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise UnreadableKeyFile(f"cannot read {path}: {error.strerror or error}") from error
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnreadableKeyFile(f"{path} is {_kind(mode)}, not a key file: give the reveal file itself")
        chunks, size = [], 0
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
            size += len(chunk)
            if size > KEY_FILE_LIMIT:
                raise UnreadableKeyFile(
                    f"{path} is larger than a key file can be ({KEY_FILE_LIMIT // 1024} KB at most; "
                    "a reveal file is a few KB)"
                )
        return b"".join(chunks)
    except OSError as error:
        raise UnreadableKeyFile(f"cannot read {path}: {error.strerror or error}") from error
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


@dataclass(frozen=True)
class LoadedKey:
    """A key ready for the host, or the reason there is none (the host then says the Rule 2 line)."""

    key: Key | None
    source: KeySource
    problem: str = ""
    path: Path | None = None
    """The file the key was read from (a key file, or the sealed key kept on the device)."""


def practice_key_bytes() -> bytes:
    return resources.files("kiosk").joinpath("data", PRACTICE_KEY).read_bytes()


def load_practice() -> LoadedKey:
    return LoadedKey(parse_key(practice_key_bytes()), KeySource.PRACTICE)


def load_file(path: Path) -> LoadedKey:
    path = path.absolute()
    try:
        data = read_key_file(path)
    except UnreadableKeyFile as error:
        return LoadedKey(None, KeySource.FILE, str(error), path)
    return from_bytes(data, KeySource.FILE, path)


def from_bytes(data: bytes, source: KeySource, path: Path | None = None) -> LoadedKey:
    try:
        return LoadedKey(parse_key(data), source, path=path)
    except InvalidKeyError as error:
        return LoadedKey(None, source, str(error), path)
