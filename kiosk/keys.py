"""Which key a night plays on: the bundled practice key, a key file, or the sealed key kept on the device."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from kiosk.engine.host import KeySource
from kiosk.engine.key import InvalidKeyError, Key, parse_key

PRACTICE_KEY = "practice-key.md"


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
        data = path.read_bytes()
    except OSError as error:
        return LoadedKey(None, KeySource.FILE, f"cannot read {path}: {error.strerror or error}", path)
    return from_bytes(data, KeySource.FILE, path)


def from_bytes(data: bytes, source: KeySource, path: Path | None = None) -> LoadedKey:
    try:
        return LoadedKey(parse_key(data), source, path=path)
    except InvalidKeyError as error:
        return LoadedKey(None, source, str(error), path)
