"""The rooms a reader's short reply is measured in, and the two voice sets that say it, shared by the cases
that measure replies (gate.py, no_words.py): quiet; babble and music at 10 dB; the 0.5 s room with the reader
a metre away. Each set brings its own beds and room: the TUNING set (testbed/table/voices.py) chooses, the
frozen HELD-OUT set (testbed/held_out.toml) is reported apart."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from testbed.measure.hearing import mixed
from testbed.room_acoustics import RoomSpec, Source
from testbed.table.beds import bed
from testbed.table.held_out import voice_set
from testbed.table.voices import Samples, Voice


@dataclass(frozen=True)
class Condition:
    name: str
    noise: str = ""
    """The bed played under the reply ("babble", "music"); none when empty."""
    snr_db: float | None = None
    """Decibels of the reply over the bed, measured over the speech."""
    in_room: bool = False
    """The reply reaches the microphone through the set's room."""


CONDITIONS = (
    Condition("quiet"),
    Condition("babble 10 dB", "babble", 10.0),
    Condition("music 10 dB", "music", 10.0),
    Condition("room 0.5 s, 1 m", in_room=True),
)


@dataclass(frozen=True)
class VoiceSet:
    """A set of voices as a measurement says them: the voices, their noise beds and their room."""

    name: str
    voices: tuple[Voice, ...]
    beds: Mapping[str, Samples]
    room: RoomSpec

    def heard(
        self, speech: Samples, condition: Condition, at: int, source: Source = Source.READER
    ) -> Samples:
        """`speech` as the microphone takes it in `condition`; `at`: where in the bed the mix starts."""
        noise = self.beds[condition.noise] if condition.noise else None
        room = self.room if condition.in_room else None
        return mixed(speech, noise, condition.snr_db, at, room, source)


def voice_sets(voices: int | None = None) -> tuple[VoiceSet, VoiceSet]:
    """The tuning set, then the held-out one; `voices`: only the first so many of each (a trial)."""
    sets = []
    for name, is_held_out in (("tuning", False), ("held-out", True)):
        chosen = voice_set(is_held_out)
        beds = {noise: bed(chosen.beds[noise]) for noise in ("babble", "music")}
        room = replace(RoomSpec(0.5, 1.0), size=chosen.room_size, seat=chosen.room_seat)
        sets.append(VoiceSet(name, chosen.voices[:voices], beds, room))
    return sets[0], sets[1]
