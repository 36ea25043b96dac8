"""A table that answers back: a simulated adult that plays whole nights against the real kiosk process
(`python -m kiosk voice`) through a virtual microphone, in a room with party noise (and, for a condition with a
room, its echoes: testbed/room_acoustics.py, the kiosk's own voice too with `speak`), and measures how many
questions are ruled as the written answers deserve.

Used by scripts/bench_table.py (many nights, figures) and tests/test_table_night.py (a short night per
condition). It lives in testbed/ because it is a development instrument, not part of the kiosk; it imports
nothing from tests/.

HELD OUT, never to be tuned on (report figures on them apart): the voices, noise beds, room and reader seed
listed in testbed/held_out.toml (held_out.py). Tune on `tuning_voices()` and the project's beds in
audio_fixtures/noise/.
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from testbed.room_acoustics import RoomSpec, Source, in_room, looped_in_room

from .adult import Adult
from .beds import bed
from .echo import EchoPath
from .held_out import voice_set
from .kiosk_process import KioskLine, KioskProcess
from .nights import NightScript, deserved, key
from .reader import Habit, HumanReader
from .records import Figures, NightRecord
from .room import Room, tools_available
from .talk import NIGHT_SECONDS
from .voices import Family, Samples, Voice


@dataclass(frozen=True)
class Condition:
    name: str
    noise: str = ""
    """"babble" or "music"; empty for a quiet room."""
    snr_db: float | None = None
    """The bed's level at the microphone below a dry reader's; in a room, below the direct sound of a reader
    a metre away (a nearer reader is louder than that, a farther one quieter)."""
    room: RoomSpec | None = None
    """The room every voice and bed passes through; None is speech dry at the microphone."""
    habits: frozenset[Habit] = frozenset()
    """The reader's human habits (reader.py); none is a fluent reader."""

    def bed_name(self, held_out: bool) -> str:
        return voice_set(held_out).beds[self.noise]

    def room_for(self, held_out: bool) -> RoomSpec | None:
        """The condition's room in the set's own shape, the reader in the set's own seat."""
        if self.room is None:
            return None
        chosen = voice_set(held_out)
        return replace(self.room, size=chosen.room_size, seat=chosen.room_seat)


def _rooms() -> dict[str, Condition]:
    """Rooms from a furnished living room (0.3-0.5 s) to a bare kitchen (0.8-0.9 s), the reader 0.5-1.5 m
    from the microphone; noise in the 0.5 s room with the reader at a metre."""
    rooms = {
        f"room-{rt60:g}-{metres:g}m": Condition(f"room-{rt60:g}-{metres:g}m", room=RoomSpec(rt60, metres))
        for rt60, metres in ((0.3, 0.5), (0.5, 0.5), (0.5, 1.0), (0.8, 1.5), (0.9, 1.0))
    }
    noisy = {
        f"{noise}-{snr}-room-0.5": Condition(f"{noise}-{snr}-room-0.5", noise, float(snr), RoomSpec(0.5, 1.0))
        for noise in ("babble", "music")
        for snr in (20, 10)
    }
    living = RoomSpec(0.5, 1.0)
    human = {
        f"{habit.value}-room-0.5": Condition(
            f"{habit.value}-room-0.5", room=living, habits=frozenset({habit})
        )
        for habit in Habit
    }
    human["reader-room-0.5"] = Condition("reader-room-0.5", room=living, habits=frozenset(Habit))
    return {**rooms, **noisy, **human}


CONDITIONS = {
    "clean": Condition("clean"),
    **{
        f"{noise}-{snr}": Condition(f"{noise}-{snr}", noise, float(snr))
        for noise in ("babble", "music")
        for snr in (20, 10, 5)
    },
    **_rooms(),
}


def play_night(
    room: Room,
    script: NightScript,
    voice: Voice,
    condition: Condition,
    folder: Path,
    *,
    speak: bool = False,
    tree: Path | None = None,
    night_seconds: float = NIGHT_SECONDS,
) -> tuple[NightRecord, KioskProcess]:
    """One whole night by voice; the record, and the kiosk process (its transcript) for a report."""
    folder.mkdir(parents=True, exist_ok=True)
    held_out = voice.held_out
    spec = condition.room_for(held_out)
    room.play_noise(room_noise(condition, held_out), condition.snr_db, seed=bed_seed(script, voice))
    record = night_record(script, voice, condition)
    echo = EchoPath(room.env, spec) if speak and spec is not None else contextlib.nullcontext()
    kiosk = KioskProcess(room.env, folder, save=script.save, speak=speak, **({"tree": tree} if tree else {}))
    try:
        with echo:
            play_adult(script, voice, condition, kiosk, room.say, record, night_seconds)
    finally:
        kiosk.stop()
        room.stop_noise()
    return record, kiosk


def night_record(script: NightScript, voice: Voice, condition: Condition) -> NightRecord:
    """The night's record, empty but for what it is and what each question deserves."""
    return NightRecord(
        script.name,
        voice.name,
        voice.family.value,
        condition.name,
        voice.held_out,
        len(script.teams),
        deserved(script),
    )


def play_adult(
    script: NightScript,
    voice: Voice,
    condition: Condition,
    kiosk: KioskLine,
    say: Callable[[Samples], None],
    record: NightRecord,
    night_seconds: float,
) -> None:
    """The simulated adult plays the night against `kiosk`, in its voice (with the condition's human
    habits), each line said into the room by `say` through the condition's room, if any."""
    spec = condition.room_for(voice.held_out)
    reader = reader_for(condition, spec, voice, script) if condition.habits else None
    Adult(
        script=script,
        key=key(),
        kiosk=kiosk,
        say_out=voice.render if reader is None else reader.render,
        reader=reader,
        play=say if spec is None else lambda samples: say(in_room(samples, spec)),
        record=record,
        night_seconds=night_seconds,
    ).play_night()


def room_noise(condition: Condition, held_out: bool) -> Samples | None:
    """The condition's noise bed as the microphone hears it (from its own place, in a room); None for none."""
    if not condition.noise:
        return None
    noise = bed(condition.bed_name(held_out))
    spec = condition.room_for(held_out)
    if spec is None:
        return noise
    return looped_in_room(noise, spec, Source.BABBLE if condition.noise == "babble" else Source.MUSIC)


def bed_seed(script: NightScript, voice: Voice) -> int:
    """Where in its loop the night's bed starts: the same for a night every run."""
    return len(script.name) + len(voice.name)


CHILD_VOICE = Voice("child", Family.ESPEAK, "gmw/en-US+f2", pitch=95, speed=175)
"""The child who calls out over the reader: high, quick, from across the table."""


def reader_for(condition: Condition, spec: RoomSpec | None, voice: Voice, script: NightScript) -> HumanReader:
    """The night's human reader, seeded by its set, script and voice: the same night every run."""
    seed = voice_set(voice.held_out).reader_seed + zlib.crc32(f"{script.name}/{voice.name}".encode())
    return HumanReader(
        condition.habits,
        seed,
        render_voice=voice.render,
        render_child=CHILD_VOICE.render,
        place_child=(lambda s: in_room(s, spec, Source.CHILD)) if spec is not None else (lambda s: s),
    )


__all__ = [
    "CONDITIONS",
    "Condition",
    "Figures",
    "Habit",
    "NightRecord",
    "Room",
    "RoomSpec",
    "play_night",
    "tools_available",
]
