"""Which key a night plays on: the bundled practice key, a key file, or the sealed key kept on the device."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from kiosk.engine.host import KeySource
from kiosk.engine.key import InvalidKeyError, Key, parse_key
from kiosk.records.storage import UnreadableFile, read_small_file

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
        return read_small_file(
            path,
            KEY_FILE_LIMIT,
            "a key file",
            give="give the reveal file itself",
            usual="a reveal file is a few KB",
        )
    except UnreadableFile as error:
        raise UnreadableKeyFile(str(error)) from error


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
