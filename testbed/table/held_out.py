"""The frozen held-out set, read from testbed/held_out.toml, and the tuning set it must never share anything
with: voices, noise beds, the room's shape and seat, the human reader's seed."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from testbed.room_acoustics import LIVING_ROOM

from .voices import Family, Voice

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

FILE = Path(__file__).resolve().parents[1] / "held_out.toml"


@dataclass(frozen=True)
class BabbleBed:
    name: str
    seed: int
    voices: tuple[str, ...]
    """espeak-ng voices talking at once."""
    chatter: tuple[str, ...]


@dataclass(frozen=True)
class MusicBed:
    name: str
    seed: int
    beats_a_minute: float
    semitones: int


@dataclass(frozen=True)
class VoiceSet:
    voices: tuple[Voice, ...]
    beds: dict[str, str]
    """The bed each kind of noise ("babble", "music") is played from, by name (testbed/table/beds.py)."""
    room_size: tuple[float, float, float]
    room_seat: int
    reader_seed: int


TUNING_ROOM_SEAT = 0
TUNING_READER_SEED = 1


@cache
def _file() -> dict[str, Any]:
    with FILE.open("rb") as handle:
        return tomllib.load(handle)


def _voice(entry: dict[str, Any]) -> Voice:
    return Voice(
        entry["name"],
        Family(entry["family"]),
        entry.get("voice", ""),
        pitch=int(entry.get("pitch", 50)),
        speed=float(entry["speed"]),
        held_out=True,
        noise=entry.get("noise"),
        noise_w=entry.get("noise_w"),
    )


def babble_bed() -> BabbleBed:
    entry = _file()["bed"]["babble"]
    return BabbleBed(entry["name"], entry["seed"], tuple(entry["voices"]), tuple(entry["chatter"]))


def music_bed() -> MusicBed:
    entry = _file()["bed"]["music"]
    return MusicBed(entry["name"], entry["seed"], entry["beats_a_minute"], entry["semitones"])


@cache
def held_out() -> VoiceSet:
    data = _file()
    size = data["room"]["size"]
    return VoiceSet(
        voices=tuple(_voice(entry) for entry in data["voice"]),
        beds={"babble": babble_bed().name, "music": music_bed().name},
        room_size=(float(size[0]), float(size[1]), float(size[2])),
        room_seat=int(data["room"]["seat"]),
        reader_seed=int(data["reader"]["seed"]),
    )


@cache
def tuning() -> VoiceSet:
    from .voices import VOICES

    return VoiceSet(
        voices=VOICES,
        beds={"babble": "babble", "music": "music"},
        room_size=LIVING_ROOM,
        room_seat=TUNING_ROOM_SEAT,
        reader_seed=TUNING_READER_SEED,
    )


def voice_set(is_held_out: bool) -> VoiceSet:
    return held_out() if is_held_out else tuning()
