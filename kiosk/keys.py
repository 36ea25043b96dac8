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


def practice_key_bytes() -> bytes:
    return resources.files("kiosk").joinpath("data", PRACTICE_KEY).read_bytes()


def load_practice() -> LoadedKey:
    return LoadedKey(parse_key(practice_key_bytes()), KeySource.PRACTICE)


def load_file(path: Path) -> LoadedKey:
    try:
        data = path.read_bytes()
    except OSError as error:
        return LoadedKey(None, KeySource.FILE, f"cannot read {path}: {error.strerror or error}")
    return from_bytes(data, KeySource.FILE)


def from_bytes(data: bytes, source: KeySource) -> LoadedKey:
    try:
        return LoadedKey(parse_key(data), source)
    except InvalidKeyError as error:
        return LoadedKey(None, source, str(error))
